"""The working position of a game of Jaws (plain lists, changed by the rules) and its notation.

A :class:`Position` is the one mutable half of the state pattern (:class:`engines.core.Working`):
each step copies it, changes the copy and wraps it in a new :class:`~engines.jaws.state.JawsState`.
Spaces, roles and powers are small numbers here; the notation and the views use their names.

>>> from engines.jaws.amity.data import amity, deck
>>> p = Position.new(3, "1", (0, 1, 2, 1), amity(), deck())
>>> p.notation()[:60]
'jaws acts=1 act=1 players=3 roles=S/BQ/H round=0 phase=start'
>>> Position.load(p.notation()).notation() == p.notation()
True
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import engines.jaws.box as boxes
from engines.core import IllegalAction, Working
from engines.jaws.amity.belief import replay
from engines.jaws.amity.data import (
    ALL_POWERS,
    BEACH_ORDER,
    BURST,
    FRENZY,
    POWER_CODES,
    POWER_LETTERS,
    Board,
    Card,
    amity,
    check_text,
    deck,
)
from engines.jaws.common import ROLES
from engines.jaws.orca import layout as orcas
from engines.jaws.orca.position import DIGITAL, PHYSICAL, Act2
from engines.rng import Rng

BRODY, HOOPER, QUINT = 0, 1, 2
WAITING, ACTIVE, DONE = 0, 1, 2
TURN_LETTERS = "wad"
# once-per-round uses (bits of ``flags``)
THREW, LOOKED, CLOSED, FOUND = 1, 2, 4, 8
# where barrels are collected from
FROM_SHOP, FROM_DOCK, FROM_WATER, FROM_HOOPER = 0, 1, 2, 3
SOURCES = ("shop", "dock", "water", "hooper")
ROLE_LETTERS = "BHQ"

Step = tuple[Any, ...]  # a core action: (kind, role, a, b)


class Plan(NamedTuple):
    """What the shark's steps this turn add up to (secret; engines.jaws.amity.shark)."""

    pos: int
    used: int = 0  # actions used
    eaten: tuple[int, int, int, int] = (0, 0, 0, 0)  # ordinary swimmers eaten per beach slot
    michael: bool = False
    power: int = -1
    path: tuple[int, ...] = ()  # every space the shark was in, the start first
    knocked: tuple[int, ...] = ()  # captains knocked into the water


def fresh(pos: int) -> Plan:
    return Plan(pos, path=(pos,) if pos >= 0 else ())


def step(p: Position, pl: Plan, s: Step) -> Plan:
    """The plan after one more step (no check: the step is legal)."""
    kind = s[0]
    if kind == "move":
        return Plan(s[2], pl.used + 1, pl.eaten, pl.michael, pl.power, (*pl.path, s[2]), pl.knocked)
    if kind == "burst":
        return pl._replace(pos=s[2][-1], used=pl.used + 1, path=pl.path + s[2], power=BURST)
    if kind == "eat":
        if s[2]:
            return pl._replace(michael=True, used=pl.used + 1)
        slot = p.board.beach_slot(pl.pos)
        eaten = list(pl.eaten)
        eaten[slot] += 1
        return pl._replace(eaten=(eaten[0], eaten[1], eaten[2], eaten[3]), used=pl.used + 1)
    if kind == "frenzy":
        slot = p.board.beach_slot(pl.pos)
        eaten = list(pl.eaten)
        eaten[slot] = p.swimmers[slot]
        return pl._replace(
            eaten=(eaten[0], eaten[1], eaten[2], eaten[3]),
            used=pl.used + 1,
            power=FRENZY,
            michael=pl.michael or p.michael == slot,
        )
    if kind in ("evade", "hide"):
        return pl._replace(power=POWER_CODES.index(kind))
    if kind == "knock":
        return pl._replace(knocked=(*pl.knocked, s[2]))
    raise ValueError(kind)


def replan(p: Position) -> Plan:
    pl = fresh(p.shark)
    for s in p.steps:
        pl = step(p, pl, s)
    return pl


@dataclass(eq=False)
class Position(Working):
    """Everything about one moment of the game, secrets included (never sent to a phone as is)."""

    per_step = ("events",)

    board: Board
    cards: dict[int, Card]
    players: int
    acts: str  # "both", "1" or "2"
    seats: tuple[int, int, int, int]  # the seat of the shark, Brody, Hooper, Quint
    # Act 2's options: the Orca's layout, the box profile, how the resurface deck and the dice are drawn
    layout: orcas.Layout = field(default_factory=orcas.orca)
    box: boxes.Box = field(default_factory=boxes.Box)
    deck_mode: str = PHYSICAL
    dice_mode: str = PHYSICAL
    rng: Rng = field(default_factory=lambda: Rng.from_seed(0))  # Act 2's own draws (digital deck and dice)
    act2: Act2 | None = None  # Act 2, once it has begun
    act: int = 1
    round: int = 0
    phase: str = "start"  # start, event, choice, shark, crew, orca (Act 2: its own phase), over
    card: int = 0  # the event card of this round
    effect: str = ""  # what the card does this round (derived from ``card``; data.EFFECTS)
    turned: list[int] = field(default_factory=list)  # cards turned since the last shuffle
    swimmers: list[int] = field(default_factory=list)  # per beach slot N, E, S, W
    michael: int = -1  # his beach slot, or -1
    closed: int = -1  # the beach slot under the "Beach closed" tile, or -1
    opens_soon: bool = False  # the tile over the closed beach shows its "Opens soon" side
    # the shark (its position and plan are secret)
    shark: int = -1
    eaten: int = 0
    attached: int = 0
    powers: int = ALL_POWERS
    power: int = -1  # the power played this round
    steps: list[Step] = field(default_factory=list)  # this turn's plan, until the shark ends it
    plan: Plan = field(default_factory=lambda: Plan(-1))  # what the steps add up to (derived from them)
    # the crew
    pos: list[int] = field(default_factory=list)  # brody, hooper, quint
    wet: list[bool] = field(default_factory=list)  # a captain knocked into the water
    spent: list[int] = field(default_factory=list)  # actions used this round
    turns: list[int] = field(default_factory=list)  # WAITING, ACTIVE, DONE
    any_claim: int = -1  # card 2: the crew member who took the extra action
    flags: list[int] = field(default_factory=list)  # per crew member: once-per-round uses
    # barrels
    on_boat: list[int] = field(default_factory=list)  # carried by brody, hooper, quint
    shop: int = 0
    dock: list[int] = field(default_factory=list)  # per dock, in board.docks order
    floating: list[int] = field(default_factory=list)  # per space
    # what the table knows
    seen: int = -1  # the shark stands on the board here this round
    seen_by: str = ""
    pending: str = ""  # a card's choice awaited: mayor, dock, hoax, michael, heli
    options: list[int] = field(default_factory=list)  # the spaces that choice may name
    winner: str = ""  # "shark" or "crew" once Act 1 is over
    # public: each round's announcements; secret: each round's path. Each record is a value: never
    # changed in place (an answer makes a new last record), so copies of the list may share them.
    records: list[dict[str, Any]] = field(default_factory=list)
    trail: list[dict[str, Any]] = field(default_factory=list)
    hyps: frozenset[tuple[int, int, int]] | None = None  # engines.jaws.amity.belief, derived from ``records``
    events: list[dict[str, Any]] = field(default_factory=list)
    quiet: bool = False  # fast playouts: no events, no records

    # -- a new game ---------------------------------------------------------------

    def copy(self) -> Position:
        new = super().copy()
        if new.act2 is not None:
            new.act2 = new.act2.copy()
        return new

    @classmethod
    def new(
        cls,
        players: int,
        acts: str,
        seats: tuple[int, int, int, int],
        board: Board,
        cards: dict[int, Card],
        layout: orcas.Layout | None = None,
        box: boxes.Box | None = None,
        deck_mode: str = PHYSICAL,
        dice_mode: str = PHYSICAL,
        seed: int = 0,
    ) -> Position:
        b = board
        dock = [0] * len(b.docks)
        return cls(
            board=b,
            cards=cards,
            players=players,
            acts=acts,
            seats=seats,
            layout=layout or orcas.orca(),
            box=box or boxes.Box(),
            deck_mode=deck_mode,
            dice_mode=dice_mode,
            rng=Rng.from_seed(seed ^ 0x0C2A),
            swimmers=[0, 0, 0, 0],
            pos=list(b.start),
            wet=[False, False, False],
            spent=[0, 0, 0],
            turns=[WAITING] * 3,
            flags=[0, 0, 0],
            on_boat=[0, 0, b.quint_barrels],
            shop=b.barrels - b.quint_barrels,
            dock=dock,
            floating=[0] * len(b.names),
        )

    # -- small facts ----------------------------------------------------------------

    @property
    def goal(self) -> int:
        """Swimmers eaten that end Act 1: 7 when Act 1 is played alone, else 9."""
        return 7 if self.acts == "1" else 9

    def orca(self) -> Act2:
        """Act 2's working position (only called once Act 2 has begun)."""
        assert self.act2 is not None
        return self.act2

    def seat_roles(self, seat: int) -> list[int]:
        """The crew members this seat plays (role numbers)."""
        seats = self.seats
        return [r for r in (0, 1, 2) if seats[r + 1] == seat]

    def supply(self) -> int:
        """Ordinary swimmers left beside the board (Michael is one of the box's swimmers)."""
        return self.board.swimmers - 1 - sum(self.swimmers)

    def name(self, space: int) -> str:
        return self.board.names[space]

    # -- notation -------------------------------------------------------------------

    def notation(self) -> str:
        b = self.board
        roles = "/".join(
            "S" if s == self.seats[0] else "".join(ROLE_LETTERS[r] for r in self.seat_roles(s))
            for s in range(self.players)
        )
        words = [
            f"jaws acts={self.acts} act={self.act} players={self.players} roles={roles}",
            f"round={self.round} phase={self.phase} card={self.card or '-'}",
            f"turned={'.'.join(map(str, self.turned)) or '-'}",
            "swim=" + ".".join(f"{BEACH_ORDER[i]}{n}" for i, n in enumerate(self.swimmers)),
            f"michael={_slot(self.michael)} closed={_slot(self.closed)}{'~' if self.opens_soon else ''}",
            f"shark={self.name(self.shark) if self.shark >= 0 else '-'} eaten={self.eaten}",
            f"attached={self.attached} powers={_powers(self.powers)} power={_power(self.power)}",
            f"plan={','.join(step_text(self, s) for s in self.steps) or '-'}",
            "crew=" + ".".join(self.name(p) for p in self.pos),
            "wet=" + "".join("1" if w else "0" for w in self.wet),
            "spent=" + ".".join(map(str, self.spent)),
            "turns=" + "".join(TURN_LETTERS[t] for t in self.turns),
            f"any={ROLES[self.any_claim] if self.any_claim >= 0 else '-'}",
            "flags=" + ".".join(map(str, self.flags)),
            "barrels=" + ".".join(map(str, [*self.on_boat, self.shop, *self.dock])),
            "float=" + (".".join(f"{self.name(i)}:{n}" for i, n in enumerate(self.floating) if n) or "-"),
            f"seen={self.name(self.seen) + ':' + self.seen_by if self.seen >= 0 else '-'}",
            f"pending={self.pending or '-'}:{'.'.join(self.name(i) for i in self.options) or '-'}",
            f"winner={self.winner or '-'}",
        ]
        if b.text:
            words.append(f"map={b.text}")
        cards_text = _cards_text(self.cards)
        if cards_text:
            words.append(f"cards={cards_text}")
        if self.acts != "1":
            if self.layout.text:
                words.append(f"orca={self.layout.text}")
            if self.box != boxes.Box():
                words.append(f"box={boxes.canonical(self.box)}")
            words.append(f"deck={self.deck_mode} dice={self.dice_mode} rng={self.rng}")
        if self.act2 is not None:
            words.append(f"act2={self.act2.notation()}")
        words.append("records=" + _json(self.records))
        words.append("trail=" + _json(self.trail))
        return " ".join(words)

    @classmethod
    def load(cls, text: str) -> Position:
        if not isinstance(text, str) or not text.startswith("jaws "):
            raise IllegalAction("A Jaws position starts with the word jaws.")
        fields: dict[str, str] = {}
        for word in text.split()[1:]:
            key, sep, value = word.partition("=")
            if not sep or key in fields:
                raise IllegalAction("A Jaws position is made of key=value words, each key once.")
            fields[key] = value
        try:
            return _parse(fields)
        except (KeyError, ValueError, IndexError, TypeError, AttributeError):
            raise IllegalAction("This Jaws position cannot be read.") from None


# --------------------------------------------------------------------------- text helpers


def _slot(slot: int) -> str:
    return BEACH_ORDER[slot] if slot >= 0 else "-"


def _powers(mask: int) -> str:
    return "".join(POWER_LETTERS[p] for p in range(4) if mask >> p & 1) or "-"


def _power(power: int) -> str:
    return POWER_LETTERS[power] if power >= 0 else "-"


def _json(value: object) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def _cards_text(cards: dict[int, Card]) -> str:
    plain = deck()
    changes: dict[str, dict[str, Any]] = {}
    for number, card in cards.items():
        diff: dict[str, Any] = {
            b: n for b, n, m in zip(BEACH_ORDER, card.swimmers, plain[number].swimmers, strict=True) if n != m
        }
        if card.alert != plain[number].alert:
            diff["alert"] = list(card.alert)
        if diff:
            changes[str(number)] = diff
    return _json(changes) if changes else ""


def step_text(p: Position, step: Step) -> str:
    """A plan step as one word: ``move:3``, ``eat``, ``eat:michael``, ``burst:1-2-4``, ``knock:quint``."""
    kind = step[0]
    if kind in ("move", "start"):
        return f"{kind}:{p.name(step[2])}"
    if kind == "eat":
        return "eat:michael" if step[2] else "eat"
    if kind == "burst":
        return "burst:" + "-".join(p.name(s) for s in step[2])
    if kind == "knock":
        return f"knock:{ROLES[step[2]]}"
    return str(kind)


def parse_step(board: Board, word: str) -> Step:
    kind, _, arg = word.partition(":")
    if kind == "move":
        return ("move", -1, board.index[arg], 0)
    if kind == "eat":
        return ("eat", -1, 1 if arg == "michael" else 0, 0)
    if kind == "burst":
        return ("burst", -1, tuple(board.index[s] for s in arg.split("-")), 0)
    if kind == "knock":
        return ("knock", -1, ROLES.index(arg), 0)
    if kind in ("frenzy", "evade", "hide"):
        return (kind, -1, 0, 0)
    raise ValueError(word)


def parse_roles(text: str, players: int) -> tuple[int, int, int, int]:
    """``S/BQ/H`` (one entry per seat: S the shark, B Brody, H Hooper, Q Quint; also the words
    ``shark/brody+quint/hooper``) as the seat of the shark, Brody, Hooper and Quint."""
    words = {"shark": "S", "brody": "B", "hooper": "H", "quint": "Q"}
    parts = text.split("/")
    if len(parts) != players:
        raise IllegalAction("The roles name one entry per seat: {players} here.", players=players)
    seats: dict[str, int] = {}
    for seat, part in enumerate(parts):
        letters = (
            [words.get(w.strip().lower(), w.strip().upper()) for w in part.split("+")]
            if "+" in part or part.strip().lower() in words
            else list(part.strip().upper())
        )
        if not letters:
            raise IllegalAction("Every seat plays at least one role.")
        for letter in letters:
            if letter not in "SBHQ" or len(letter) != 1:
                raise IllegalAction("A role is the shark (S), Brody (B), Hooper (H) or Quint (Q).")
            if letter in seats:
                raise IllegalAction("Each role is played by exactly one seat.")
            seats[letter] = seat
        if "S" in letters and len(letters) > 1:
            raise IllegalAction("The shark's player plays no crew member.")
    if set(seats) != set("SBHQ"):
        raise IllegalAction("Every role is always played: the shark, Brody, Hooper and Quint.")
    return seats["S"], seats["B"], seats["H"], seats["Q"]


def deal_roles(players: int) -> tuple[int, int, int, int]:
    """The default: seat 0 is the shark; Brody, Hooper and Quint are dealt round the other seats."""
    crew = [1 + i % (players - 1) for i in range(3)]
    return 0, crew[0], crew[1], crew[2]


def _parse(f: dict[str, str]) -> Position:
    p = _options(f)
    for read in _READERS:
        read(p, f)
    total = sum(p.on_boat) + p.shop + sum(p.dock) + sum(p.floating) + p.attached
    if (
        total != p.board.barrels
        or len(p.wet) != 3
        or len(p.spent) != 3
        or len(p.turns) != 3
        or len(p.flags) != 3
    ):
        raise ValueError("barrels")
    return p


def _options(f: dict[str, str]) -> Position:
    """A new position from the notation's options: players, acts, roles, corrections, box, modes."""
    map_text = check_text(f.get("map", ""), "map")
    cards_text = check_text(f.get("cards", ""), "cards")
    board, cards = amity(map_text), deck(cards_text)
    players = int(f["players"])
    if not 2 <= players <= 4:
        raise ValueError(players)
    acts = f.get("acts", "1")
    if acts not in ("1", "2", "both"):
        raise ValueError(acts)
    layout = orcas.orca(orcas.check_text(f.get("orca", "")))
    box = boxes.read(f.get("box", ""))
    deck_mode, dice_mode = f.get("deck", PHYSICAL), f.get("dice", PHYSICAL)
    if deck_mode not in (PHYSICAL, DIGITAL) or dice_mode not in (PHYSICAL, DIGITAL):
        raise ValueError(deck_mode)
    boxes.check_modes(box, deck_mode, dice_mode)
    seats = parse_roles(f.get("roles", "S/BHQ"), players)
    p = Position.new(players, acts, seats, board, cards, layout, box, deck_mode, dice_mode)
    if "rng" in f:
        p.rng = Rng.parse(f["rng"])
    return p


def _space(p: Position, v: str) -> int:
    return -1 if v == "-" else p.board.index[v]


def _beach(v: str) -> int:
    return -1 if v in ("-", "") else BEACH_ORDER.index(v)


def _read_round(p: Position, f: dict[str, str]) -> None:
    p.act = int(f.get("act", "1"))
    p.round = int(f.get("round", "0"))
    p.phase = f.get("phase", "start")
    if p.phase not in ("start", "event", "choice", "shark", "crew", "orca", "over"):
        raise ValueError(p.phase)
    card = f.get("card", "-")
    p.card = 0 if card == "-" else int(card)
    if p.card and p.card not in p.cards:
        raise ValueError(card)
    p.effect = p.cards[p.card].effect if p.card else ""
    turned = f.get("turned", "-")
    p.turned = [] if turned == "-" else [int(n) for n in turned.split(".")]
    if not set(p.turned) <= set(p.cards) or len(set(p.turned)) != len(p.turned):
        raise ValueError(turned)


def _read_beaches(p: Position, f: dict[str, str]) -> None:
    if "swim" in f:
        p.swimmers = [int(w[1:]) for w in f["swim"].split(".")]
        if len(p.swimmers) != 4 or min(p.swimmers) < 0 or p.supply() < 0:
            raise ValueError(f["swim"])
    p.michael = _beach(f.get("michael", "-"))
    closed = f.get("closed", "-")
    p.opens_soon = closed.endswith("~")
    p.closed = _beach(closed.rstrip("~"))


def _read_shark(p: Position, f: dict[str, str]) -> None:
    p.shark = _space(p, f.get("shark", "-"))
    if p.shark >= 0 and p.shark not in p.board.water_spaces:
        raise ValueError(p.shark)
    p.eaten, p.attached = int(f.get("eaten", "0")), int(f.get("attached", "0"))
    powers = f.get("powers", POWER_LETTERS)
    p.powers = sum(1 << POWER_LETTERS.index(c) for c in set(powers) if c != "-")
    power = f.get("power", "-")
    p.power = -1 if power == "-" else POWER_LETTERS.index(power)
    plan = f.get("plan", "-")
    p.steps = [] if plan == "-" else [parse_step(p.board, w) for w in plan.split(",")]
    p.plan = replan(p)


def _read_crew(p: Position, f: dict[str, str]) -> None:
    if "crew" in f:
        p.pos = [p.board.index[n] for n in f["crew"].split(".")]
        if len(p.pos) != 3:
            raise ValueError(f["crew"])
    if "wet" in f:
        p.wet = [c == "1" for c in f["wet"]]
    if "spent" in f:
        p.spent = [int(n) for n in f["spent"].split(".")]
    if "turns" in f:
        p.turns = [TURN_LETTERS.index(c) for c in f["turns"]]
    any_claim = f.get("any", "-")
    p.any_claim = -1 if any_claim == "-" else ROLES.index(any_claim)
    if "flags" in f:
        p.flags = [int(n) for n in f["flags"].split(".")]


def _read_barrels(p: Position, f: dict[str, str]) -> None:
    if "barrels" in f:
        counts = [int(n) for n in f["barrels"].split(".")]
        p.on_boat, p.shop, p.dock = counts[:3], counts[3], counts[4:]
        if len(p.dock) != len(p.board.docks) or min(counts) < 0:
            raise ValueError(f["barrels"])
    floating = f.get("float", "-")
    p.floating = [0] * len(p.board.names)
    if floating != "-":
        for word in floating.split("."):
            name, _, n = word.partition(":")
            p.floating[p.board.index[name]] = int(n)


def _read_table(p: Position, f: dict[str, str]) -> None:
    seen = f.get("seen", "-")
    if seen != "-":
        name, _, by = seen.partition(":")
        p.seen, p.seen_by = p.board.index[name], by
    pending, _, options = f.get("pending", "-:-").partition(":")
    p.pending = "" if pending == "-" else pending
    p.options = [] if options in ("-", "") else [p.board.index[n] for n in options.split(".")]
    winner = f.get("winner", "-")
    p.winner = "" if winner == "-" else winner
    p.records = json.loads(f.get("records", "[]"))
    p.trail = json.loads(f.get("trail", "[]"))


def _read_act2(p: Position, f: dict[str, str]) -> None:
    if "act2" in f:
        p.act2 = Act2.load(f["act2"], p.layout, p.box, p.deck_mode, p.dice_mode, p.rng)
        if p.act != 2:
            raise ValueError("act2")
    elif p.act == 2:
        raise ValueError("act2")
    if p.phase != "start":
        p.hyps = replay(p.board, p.records)


_READERS: tuple[Callable[[Position, dict[str, str]], None], ...] = (
    _read_round,
    _read_beaches,
    _read_shark,
    _read_crew,
    _read_barrels,
    _read_table,
    _read_act2,
)
"""The notation's words after the options, read in this order (each may check what came before):
a new key is read by one of these, or by a new one added here."""
