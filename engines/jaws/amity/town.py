"""Act 1's part of the working position, :class:`Town` (plain lists, changed by the rules), the
arithmetic of the shark's secret plan, and Act 1's words of the notation.

Spaces, roles and powers are small numbers here; the notation and the views use their names. A
whole game's position is a town and a voyage over the shared part (:class:`engines.jaws.match.Match`):

>>> from engines.jaws.match import Match
>>> from engines.jaws.position import Acts
>>> p = Match.new(3, Acts.AMITY, (0, 1, 2, 1), amity(), deck())
>>> " ".join(p.town_words())[:40]
'round=0 phase=start card=- turned=- swim'
>>> p.pos == list(p.board.start), p.on_boat, p.shop
(True, [0, 0, 2], 3)
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

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
from engines.jaws.position import Acts, Position

WAITING, ACTIVE, DONE = 0, 1, 2  # a crew member's turn this round
TURN_LETTERS = "wad"
# once-per-round uses (bits of ``flags``)
THREW, LOOKED, CLOSED, FOUND = 1, 2, 4, 8
# where barrels are collected from
FROM_SHOP, FROM_DOCK, FROM_WATER, FROM_HOOPER = 0, 1, 2, 3
SOURCES = ("shop", "dock", "water", "hooper")

Step = tuple[Any, ...]  # a core action: (kind, role, a, b)
GOALS = {Acts.AMITY: 7, Acts.BOTH: 9, Acts.ORCA: 9}  # swimmers eaten that end Act 1, by the acts played


class Plan(NamedTuple):
    """What the shark's steps this turn add up to (secret; engines.jaws.amity.shark)."""

    pos: int
    used: int = 0  # actions used
    eaten: tuple[int, int, int, int] = (0, 0, 0, 0)  # ordinary swimmers eaten per beach slot
    michael: bool = False
    power: int = -1
    path: tuple[int, ...] = ()  # every space the shark was in, the start first
    knocked: tuple[int, ...] = ()  # captains knocked into the water


@dataclass(eq=False, kw_only=True)
class Town(Position):
    """Act 1 at one moment, secrets included (never sent to a phone as is). It stays as Act 1 left
    it while Act 2 is played: its end, its records and the shark's path are part of the game."""

    board: Board
    cards: dict[int, Card]
    round: int = 0
    card: int = 0  # the event card of this round
    effect: str = ""  # what the card does this round (derived from ``card``; data.EFFECTS)
    turned: list[int] = field(default_factory=list)  # cards turned since the last shuffle
    swimmers: list[int] = field(default_factory=lambda: [0, 0, 0, 0])  # per beach slot N, E, S, W
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
    wet: list[bool] = field(default_factory=lambda: [False, False, False])  # a captain knocked overboard
    spent: list[int] = field(default_factory=lambda: [0, 0, 0])  # actions used this round
    turns: list[int] = field(default_factory=lambda: [WAITING] * 3)  # WAITING, ACTIVE, DONE
    any_claim: int = -1  # card 2: the crew member who took the extra action
    flags: list[int] = field(default_factory=lambda: [0, 0, 0])  # per crew member: once-per-round uses
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

    def set_up(self) -> None:
        """The board's start (rulebook, "1. Akt: Spielaufbau"): the crew on its start spaces, Quint's
        barrels on his boat, the others in the Shop, none at a dock or in the water."""
        b = self.board
        self.pos = list(b.start)
        self.on_boat = [0, 0, b.quint_barrels]
        self.shop = b.barrels - b.quint_barrels
        self.dock = [0] * len(b.docks)
        self.floating = [0] * len(b.names)

    def next_act(self) -> None:
        """What follows once Act 1 is over: here, nothing (the game ends with it). A whole game's
        position begins Act 2 here when both acts are played (:class:`engines.jaws.match.Match`)."""

    # -- small facts ----------------------------------------------------------------

    @property
    def goal(self) -> int:
        """Swimmers eaten that end Act 1: 7 when Act 1 is played alone, else 9."""
        return GOALS[self.acts]

    def supply(self) -> int:
        """Ordinary swimmers left beside the board (Michael is one of the box's swimmers)."""
        return self.board.swimmers - 1 - sum(self.swimmers)

    def name(self, space: int) -> str:
        return self.board.names[space]

    # -- notation -------------------------------------------------------------------

    def town_words(self) -> list[str]:
        """Act 1's words of the notation (after the shared head), the corrections to the box's board
        and cards last."""
        words = [
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
        if self.board.text:
            words.append(f"map={self.board.text}")
        changes = cards_text(self.cards)
        if changes:
            words.append(f"cards={changes}")
        return words

    def record_words(self) -> list[str]:
        """The notation's last words: each round's announcements and the shark's path."""
        return ["records=" + _json(self.records), "trail=" + _json(self.trail)]


# --------------------------------------------------------------------------- the shark's plan


def fresh(pos: int) -> Plan:
    return Plan(pos, path=(pos,) if pos >= 0 else ())


def step(p: Town, pl: Plan, s: Step) -> Plan:
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


def replan(p: Town) -> Plan:
    pl = fresh(p.shark)
    for s in p.steps:
        pl = step(p, pl, s)
    return pl


# --------------------------------------------------------------------------- text helpers


def _slot(slot: int) -> str:
    return BEACH_ORDER[slot] if slot >= 0 else "-"


def _powers(mask: int) -> str:
    return "".join(POWER_LETTERS[p] for p in range(4) if mask >> p & 1) or "-"


def _power(power: int) -> str:
    return POWER_LETTERS[power] if power >= 0 else "-"


def _json(value: object) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def cards_text(cards: dict[int, Card]) -> str:
    """The table's corrections to the event cards in their canonical form ("" for the cards as shipped)."""
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


def step_text(p: Town, step: Step) -> str:
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


# --------------------------------------------------------------------------- reading the notation


def read_board(f: dict[str, str]) -> tuple[Board, dict[int, Card]]:
    """The board and the event cards, with the table's corrections the notation names (``map``, ``cards``)."""
    return amity(check_text(f.get("map", ""), "map")), deck(check_text(f.get("cards", ""), "cards"))


def read_town(p: Town, f: dict[str, str]) -> None:
    """Act 1's words of a notation into ``p`` (a town as set up), each group checked as it is read."""
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
    if p.phase != "start":
        p.hyps = replay(p.board, p.records)


def _space(p: Town, v: str) -> int:
    return -1 if v == "-" else p.board.index[v]


def _beach(v: str) -> int:
    return -1 if v in ("-", "") else BEACH_ORDER.index(v)


def _read_round(p: Town, f: dict[str, str]) -> None:
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


def _read_beaches(p: Town, f: dict[str, str]) -> None:
    if "swim" in f:
        p.swimmers = [int(w[1:]) for w in f["swim"].split(".")]
        if len(p.swimmers) != 4 or min(p.swimmers) < 0 or p.supply() < 0:
            raise ValueError(f["swim"])
    p.michael = _beach(f.get("michael", "-"))
    closed = f.get("closed", "-")
    p.opens_soon = closed.endswith("~")
    p.closed = _beach(closed.rstrip("~"))


def _read_shark(p: Town, f: dict[str, str]) -> None:
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


def _read_crew(p: Town, f: dict[str, str]) -> None:
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


def _read_barrels(p: Town, f: dict[str, str]) -> None:
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


def _read_table(p: Town, f: dict[str, str]) -> None:
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


_READERS: tuple[Callable[[Town, dict[str, str]], None], ...] = (
    _read_round,
    _read_beaches,
    _read_shark,
    _read_crew,
    _read_barrels,
    _read_table,
)
"""Act 1's words of the notation, read in this order (each may check what came before): a new key
is read by one of these, or by a new one added here."""
