"""The working position (mutable, private to one ``_apply``) and its text notation.

A :class:`~engines.sharks_with_lasers.state.SharksState` never changes: each
action copies its :class:`Table` (:meth:`engines.core.Working.copy`), changes the copy and wraps it
in a new state.

The notation is one line of ``key=value`` words (no spaces inside a value)::

    swl players=2 board=2p:7x9:open-open:a1-g1:b5S.d5S.f5S phase=play turn=0
        agents=c1.e1 hands=FFFLLRRSSU/FFFLLRRSSU white=0F1S ...

Every key may be left out when loading; it then takes its start-of-game value,
so a test or a bug report writes only what matters. Keys, in order:
``players specials chance board round start phase turn queue passed agents
sharks deaths hands onagent white grey black spies gear pc beams pending
discard deck rng winner``. Agents and sharks are squares (``-`` = on the boat),
sharks with a facing letter; hands, the cards on each agent and per-seat lists
are separated by ``/`` (``-`` = empty); a shark stack lists ``seat card`` pairs
bottom (first played) to top, e.g. ``white=0F2a``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal, get_args

from engines.core import CHANCE_MODES, DIGITAL, PHYSICAL, ChanceMode, IllegalAction, Working
from engines.rng import Rng
from engines.sharks_with_lasers.board import DIRS, SHARKS, Layout, layout_for, parse_square, square_name
from engines.sharks_with_lasers.cards import CARDS, sort_hand, special_deck, starting_hand

Phase = Literal["deal", "setup", "place", "pre", "play", "choice", "over", "resolve"]
"""Where a round stands: dealing the specials, placing, phase I, before the round, phase II,
a card's choice in phase III, the end; "resolve" only while phase III runs (never at rest)."""
PHASES: tuple[Phase, ...] = tuple(p for p in get_args(Phase) if p != "resolve")
KEYS = ("players", "specials", "chance", "board", "round", "start", "phase", "turn", "queue", "passed",
        "agents", "sharks", "deaths", "hands", "onagent", "white", "grey", "black", "spies", "gear",
        "pc", "beams", "pending", "discard", "deck", "rng", "winner")


@dataclass(slots=True, eq=False)
class Table(Working):
    """Everything about one moment of the game, in plain lists: the working position
    (:class:`engines.core.Working`) that each step copies and changes."""

    players: int
    specials: bool
    chance: ChanceMode
    layout: Layout
    rng: Rng
    agents: list[int | None]
    sharks: list[list[int]]
    deaths: list[int]
    hands: list[list[str]]
    on_agent: list[list[str]]
    gear: list[str]                        # first-action protection card, or ""
    uses: list[int]                        # what is left of it (shield, deflector)
    deck: list[str]                        # the companion's deck (physical: none, each seat enters)
    round: int = 1
    start: int = 0
    phase: Phase = "place"
    turn: int = 0
    queue: list[int] = field(default_factory=list)
    passed: int = -1
    stacks: list[list[tuple[int, str]]] = field(default_factory=lambda: [[], [], []])
    spies: list[tuple[int, int, int]] = field(default_factory=list)   # (seat, shark, cards seen)
    pc: int = 0                            # next resolution step
    beams: list[tuple[int, int, int]] = field(default_factory=list)   # still to fire: (from, dir, shark)
    pending: tuple[Any, ...] = ()          # a choice awaited mid-resolution
    discard: list[str] = field(default_factory=list)
    winner: tuple[int, str] = (-1, "")
    events: list[dict[str, Any]] = field(default_factory=list)
    quiet: bool = False                    # True: tell no story (fast simulations)
    per_step: ClassVar[tuple[str, ...]] = ("events",)

    @classmethod
    def new(cls, players: int, specials: bool, chance: ChanceMode, layout: Layout, rng: Rng) -> Table:
        """The table before the first card: agents on the boat, starting hands, sharks in place."""
        return cls(players, specials, chance, layout, rng, agents=[None] * players,
                   sharks=[[sq, f] for sq, f in layout.sharks], deaths=[0] * players,
                   hands=[list(starting_hand(players)) for _ in range(players)],
                   on_agent=[[] for _ in range(players)], gear=[""] * players, uses=[0] * players,
                   deck=list(special_deck()) if specials and chance == DIGITAL else [])

    @property
    def is_over(self) -> bool:
        """The game has ended (asked again after each step: a step may end it)."""
        return self.phase == "over"

    # -- small helpers -------------------------------------------------------

    def sq(self, square: int | None) -> str:
        return "-" if square is None else square_name(self.layout, square)

    def order(self) -> list[int]:
        """Seats in turn order this round: the start player, then clockwise."""
        return [(self.start + i) % self.players for i in range(self.players)]

    # -- notation ------------------------------------------------------------

    def notation(self) -> str:
        def seats(items: list[str]) -> str:
            return "/".join(x or "-" for x in items)

        def lst(items: list[str], sep: str = ".") -> str:
            return sep.join(items) or "-"

        fields = {
            "players": str(self.players),
            "specials": "yes" if self.specials else "no",
            "chance": self.chance,
            "board": self.layout.text(),
            "round": str(self.round),
            "start": str(self.start),
            "phase": self.phase,
            "turn": str(self.turn),
            "queue": lst([str(s) for s in self.queue]),
            "passed": "-" if self.passed < 0 else str(self.passed),
            "agents": ".".join(self.sq(a) for a in self.agents),
            "sharks": ".".join(f"{self.sq(sq)}{DIRS[f]}" for sq, f in self.sharks),
            "deaths": ".".join(str(d) for d in self.deaths),
            "hands": seats(["".join(h) for h in self.hands]),
            "onagent": seats(["".join(h) for h in self.on_agent]),
            "white": lst([f"{s}{c}" for s, c in self.stacks[0]], ""),
            "grey": lst([f"{s}{c}" for s, c in self.stacks[1]], ""),
            "black": lst([f"{s}{c}" for s, c in self.stacks[2]], ""),
            "spies": lst([f"{s}{SHARKS[c][0]}{n}" for s, c, n in self.spies]),
            "gear": seats([f"{g}{u}" if g else "" for g, u in zip(self.gear, self.uses, strict=True)]),
            "pc": str(self.pc),
            "beams": lst([f"{self.sq(sq)}{DIRS[d]}{c}" for sq, d, c in self.beams]),
            "pending": ":".join(str(p) for p in self.pending) or "-",
            "discard": "".join(self.discard) or "-",
            "deck": "".join(self.deck) or "-",
            "rng": str(self.rng),
            "winner": "-" if self.winner[0] < 0 else f"{self.winner[0]}:{self.winner[1]}",
        }
        return "swl " + " ".join(f"{k}={fields[k]}" for k in KEYS)

    @classmethod
    def load(cls, text: str) -> Table:
        """A table from its notation; missing keys keep their start-of-game value."""
        if not isinstance(text, str) or not text.startswith("swl"):
            raise IllegalAction("A Sharks with Lasers position starts with swl.")
        given: dict[str, str] = {}
        for word in text.split()[1:]:
            key, sep, value = word.partition("=")
            if not sep or key not in KEYS or key in given:
                raise IllegalAction("The position has a bad or repeated part: {word}.", word=word)
            given[key] = value
        try:
            return cls._load(given)
        except IllegalAction:
            raise
        except (ValueError, IndexError, KeyError) as exc:
            raise IllegalAction("The position cannot be read: {problem}.", problem=str(exc)) from None

    @classmethod
    def _load(cls, g: dict[str, str]) -> Table:
        players = int(g.get("players", "3"))
        if not 2 <= players <= 4:
            raise IllegalAction("Sharks with Lasers is for 2 to 4 players.")
        specials = g.get("specials", "no") == "yes"
        chance = g.get("chance", DIGITAL)
        if chance not in CHANCE_MODES:
            raise IllegalAction("chance is digital or physical.")
        layout = layout_for(g.get("board", "auto"), players)
        t = cls.new(players, specials, chance, layout, Rng.parse(g.get("rng", "0")))
        words = _Words(g, players, (layout.width, layout.height))
        for read in _READ:
            read(t, words)
        t.check()
        return t

    def check(self) -> None:
        """Refuse a position whose parts do not fit together (who acts, what is pending)."""
        if self.phase in ("setup", "place", "pre") and (not self.queue or self.queue[0] != self.turn):
            raise IllegalAction("In phase {phase} the queue must start with the seat whose turn it is.",
                                phase=self.phase)
        if (self.phase == "choice") != bool(self.pending):
            raise IllegalAction("A pending choice belongs to phase choice, and only there.")
        if self.pending:
            kind = self.pending[0]
            ok = (kind == "deflect" and len(self.pending) == 5
                  and all(isinstance(p, int) for p in self.pending[1:])
                  and 0 <= int(self.pending[2]) < self.layout.width * self.layout.height
                  and 0 <= int(self.pending[3]) < 4 and 0 <= int(self.pending[4]) < 3) or (
                kind == "push" and len(self.pending) == 3 and self.pending[2] in ("l", "r"))
            if not ok or self.pending[1] != self.turn:
                raise IllegalAction("The pending choice is not one this game knows.")
        if (self.phase == "over") != (self.winner[0] >= 0):
            raise IllegalAction("A finished game needs a winner, and only a finished game has one.")
        if self.phase == "deal" and not (self.specials and self.chance == PHYSICAL and self.round == 1):
            raise IllegalAction("The table deals only special cards, from the real deck (chance physical).")
        steps = sum(map(len, self.on_agent)) + sum(map(len, self.stacks))
        if not 0 <= self.pc <= steps:
            raise IllegalAction("The resolution step is out of range.")


# --------------------------------------------------------------------------- reading the notation
# One small function per group of keys, in the order the keys are read (:data:`_READ`): a new key
# gets its line in the group it belongs to, or a function and a line of its own.


@dataclass(frozen=True)
class _Words:
    """The notation's ``key=value`` words and how to read their parts, each refused in a sentence."""

    g: dict[str, str]
    players: int
    size: tuple[int, int]

    def square(self, text: str) -> int | None:
        return None if text == "-" else parse_square(self.size, text, "a figure")

    def per_seat(self, key: str, default: list[str]) -> list[str]:
        if key not in self.g:
            return default
        parts = self.g[key].split("/")
        if len(parts) != self.players:
            raise IllegalAction("{key} needs one entry per seat.", key=key)
        return ["" if p == "-" else p for p in parts]

    def cards(self, text: str) -> list[str]:
        for c in text:
            if c not in CARDS:
                raise IllegalAction("There is no card {code}.", code=c)
        return list(text)

    def seat(self, text: str) -> int:
        s = int(text)
        if not 0 <= s < self.players:
            raise IllegalAction("There is no seat {number}.", number=s)
        return s


def _read_turns(t: Table, w: _Words) -> None:
    g = w.g
    t.round = int(g.get("round", "1"))
    t.start = w.seat(g.get("start", "0"))
    phase = g.get("phase", "play")
    if phase not in PHASES:
        raise IllegalAction("There is no phase {phase}.", phase=phase)
    t.phase = next(p for p in PHASES if p == phase)
    t.turn = w.seat(g.get("turn", str(t.start)))
    t.queue = [w.seat(s) for s in g.get("queue", "-").split(".") if s != "-"]
    t.passed = -1 if g.get("passed", "-") == "-" else w.seat(g["passed"])


def _read_figures(t: Table, w: _Words) -> None:
    g = w.g
    if "agents" in g:
        parts = g["agents"].split(".")
        if len(parts) != w.players:
            raise IllegalAction("agents needs one square (or -) per seat.")
        t.agents = [w.square(p) for p in parts]
    if "sharks" in g:
        parts = g["sharks"].split(".")
        if len(parts) != 3:
            raise IllegalAction("sharks needs the white, grey and black shark.")
        t.sharks = [[w.square(p[:-1]) or 0, DIRS.index(p[-1])] for p in parts]
    taken = [a for a in t.agents if a is not None] + [s[0] for s in t.sharks]
    if len(set(taken)) != len(taken):
        raise IllegalAction("Two figures cannot stand on the same square.")
    t.deaths = [min(3, int(d)) for d in g.get("deaths", ".".join("0" * w.players)).split(".")]
    if len(t.deaths) != w.players:
        raise IllegalAction("deaths needs one counter per seat.")


def _read_cards(t: Table, w: _Words) -> None:
    t.hands = [sorted(w.cards(h)) for h in w.per_seat("hands", ["".join(h) for h in t.hands])]
    t.on_agent = [w.cards(h) for h in w.per_seat("onagent", [""] * w.players)]
    if any(len(h) > 2 for h in t.on_agent):
        raise IllegalAction("At most two cards lie on an agent.")
    for i, name in enumerate(SHARKS):
        text = w.g.get(name, "-")
        text = "" if text == "-" else text
        if len(text) % 2:
            raise IllegalAction("A shark stack lists seat and card pairs.")
        t.stacks[i] = [(w.seat(text[j]), w.cards(text[j + 1])[0]) for j in range(0, len(text), 2)]
    t.spies = [(w.seat(p[0]), "wgb".index(p[1]), int(p[2:])) for p in w.g.get("spies", "-").split(".")
               if p != "-"]
    gear = w.per_seat("gear", [""] * w.players)
    t.gear = [x[:1] for x in gear]
    t.uses = [int(x[1:] or 0) for x in gear]


def _read_resolution(t: Table, w: _Words) -> None:
    g = w.g
    t.pc = int(g.get("pc", "0"))
    t.beams = [(w.square(b[:-2]) or 0, DIRS.index(b[-2]), int(b[-1])) for b in g.get("beams", "-").split(".")
               if b != "-"]
    pending = g.get("pending", "-")
    t.pending = () if pending == "-" else tuple(int(p) if p.lstrip("-").isdigit() else p
                                                 for p in pending.split(":"))


def _read_end(t: Table, w: _Words) -> None:
    t.discard = w.cards(w.g.get("discard", "-").strip("-"))
    t.deck = list(sort_hand(w.cards(w.g.get("deck", "-").strip("-"))))
    winner = w.g.get("winner", "-")
    if winner != "-":
        s, _, reason = winner.partition(":")
        if reason not in ("beach", "deaths"):
            raise IllegalAction("A game is won on the beach or by deaths.")
        t.winner = (w.seat(s), reason)


_READ = (_read_turns, _read_figures, _read_cards, _read_resolution, _read_end)
