"""Fzzzt! positions, the working table every rule step changes: rounds of eight auctions, bids, clean-up.

The flow of a round (rulebook "Biedronden"): every player shuffles their own
cards and takes six; the chief mechanic lays eight conveyor cards face down and
turns the head card, whose conveyor number says how many lie open; players bid
face down on the first open card in turn, all bids are revealed at once, the highest
power wins (ties: see :func:`resolve_tie`). When all eight are sold, players
assign one card to each production unit, and the next round begins unless the
conveyor deck cannot fill a row of eight.

Chance: with ``chance="digital"`` the state's own :class:`Rng` shuffles (your
phone is your hand). With ``"physical"`` the table (``TABLE``) enters the
mechanic cards dealt, the chief mechanic's seat enters each conveyor card they
turn, and each player confirms the cards they drew, one at a time.

Bids (option ``bidding``): ``"in_turn"`` as the rulebook, one seat at a time
clockwise from the chief, each seeing how many cards the earlier bids hold; or
``"simultaneous"``, all at once. Either way the bids are revealed together.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, ClassVar, Literal, Self

from engines.core import TABLE, ChanceMode, Event, Outcome, Seat, Working, outcome
from engines.fzzzt.cards import Card, card_table, names_phrase
from engines.fzzzt.scoring import WidgetResult, best_widgets
from engines.rng import Rng
from engines.text import Text

Phase = Literal["mechanics", "draw", "turn", "bid", "cleanup", "over"]
"""Where a round stands: mechanics dealt (physical), draws, turning, bidding, clean-up, the end."""

HAND_SIZE = 6
ROW = 8
Bid = tuple[str, ...] | None
Pin = tuple[str, str, int]          # (unit id, robot id, round it was assigned in)
Last = tuple[str, int, int, tuple[Bid, ...]]   # (card, winner, chief before, every bid)


def resolve_tie(tied: Sequence[Seat], chief: Seat, players: int) -> tuple[Seat, Seat]:
    """(winner, new chief) for a tie (rulebook "Gelijk bod").

    The chief mechanic wins a tie they are in; otherwise the tied player nearest
    clockwise to the chief. The losing tied player nearest clockwise to the
    winner becomes chief mechanic.

    >>> resolve_tie([1, 2], chief=0, players=4)
    (1, 2)
    >>> resolve_tie([0, 3], chief=0, players=4)
    (0, 3)
    >>> resolve_tie([0, 1, 3], chief=2, players=4)
    (3, 0)
    """
    def clockwise_from(seat: Seat) -> list[Seat]:
        return [(seat + i) % players for i in range(1, players + 1)]
    winner = chief if chief in tied else next(s for s in clockwise_from(chief) if s in tied)
    new_chief = next(s for s in clockwise_from(winner) if s in tied and s != winner)
    return winner, new_chief


@dataclass(eq=False)   # equal when the notations are (engines.core.State)
class FzzztTable(Working):
    """One moment of a game of Fzzzt!, its fields declared here once, and what the rules read off it.

    The one state pattern (:class:`engines.core.Working`): :class:`~engines.fzzzt.state.FzzztState`
    is this table with the engine's door on top; ``_apply`` changes a :meth:`copy` through the rule
    steps of :mod:`engines.fzzzt.flow` and returns it, settled (hands, piles and bids sorted, so
    equal positions read the same). A copy is never changed once it is a state.
    """

    n: int
    chance: ChanceMode
    overrides: str
    rng: Rng
    bidding: str = "in_turn"   # in_turn (the rulebook) | simultaneous
    round: int = 0
    phase: Phase = "mechanics"
    chief: Seat = 0
    mechanics: list[int] = field(default_factory=list)
    hands: list[list[str]] = field(default_factory=list)
    piles: list[list[str]] = field(default_factory=list)
    bids: list[Bid] = field(default_factory=list)
    units: list[list[str]] = field(default_factory=list)
    pins: list[list[Pin]] = field(default_factory=list)
    deck: list[str] = field(default_factory=list)   # digital: in order, the first `face_down` are
    #                                                 the row; physical: the unseen cards, sorted
    face_down: int = 0
    open: list[str] = field(default_factory=list)
    to_turn: int = 0
    done: list[Seat] = field(default_factory=list)
    last: Last | None = None
    happened: list[Event] = field(default_factory=list, repr=False)   # this step's events
    per_step: ClassVar[tuple[str, ...]] = ("happened",)
    told: ClassVar[str] = "happened"

    def settled(self) -> Self:
        """This working copy in its canonical order, ready to be a state."""
        self.hands = [sorted(h) for h in self.hands]
        self.piles = [sorted(p) for p in self.piles]
        self.bids = [None if b is None else tuple(sorted(b)) for b in self.bids]
        self.done = sorted(self.done)
        return self

    # -- telling -------------------------------------------------------------------

    def name(self, card: str) -> str:
        return self.cards[card].name()

    def phrase(self, card: str) -> Text:
        return self.cards[card].phrase

    def phrases(self, cards: list[str] | tuple[str, ...]) -> Text:
        return names_phrase([self.phrase(c) for c in cards])

    # -- what the rules read --------------------------------------------------------

    @property
    def players(self) -> int:
        return self.n

    @cached_property
    def cards(self) -> dict[str, Card]:
        return card_table(self.overrides)

    @property
    def awaiting(self) -> tuple[Seat, ...]:
        if self.phase == "mechanics":
            return (TABLE,)
        if self.phase == "turn":       # physical only: the chief mechanic turns the real card
            return (self.chief,)
        if self.phase == "draw":
            return tuple(s for s in range(self.n) if self._drawing(s))
        if self.phase == "bid":
            waiting = [s for s in range(self.n) if self.bids[s] is None and self.hands[s]]
            if self.bidding == "in_turn":     # clockwise, starting with the chief mechanic
                waiting = sorted(waiting, key=lambda s: (s - self.chief) % self.n)[:1]
            return tuple(waiting)
        if self.phase == "cleanup":
            return tuple(s for s in range(self.n) if s not in self.done and self._assignable(s))
        return ()

    @property
    def outcome(self) -> Outcome | None:
        if self.phase != "over":
            return None
        sheets = self.score_sheets()
        best = max(sh["total"] for sh in sheets)
        top = [s for s in range(self.n) if sheets[s]["total"] == best]
        fewest = min(sheets[s]["robots"] for s in top)
        winners = [s for s in top if sheets[s]["robots"] == fewest]
        if len(winners) == 1:
            reason = Text("{seat} wins with {points} points.", {"seat": winners[0], "points": best})
        else:
            reason = Text("A shared win with {points} points and {robots} robot cards each.",
                          {"points": best, "robots": fewest})
        return outcome(winners, reason, {str(s): sheets[s] for s in range(self.n)})

    # -- helpers ----------------------------------------------------------------

    def power(self, ids: Sequence[str]) -> int:
        return sum(self.cards[c].power for c in ids)

    def _drawing(self, seat: Seat) -> bool:
        return self.phase == "draw" and len(self.hands[seat]) < HAND_SIZE and bool(self.piles[seat])

    def _open_units(self, seat: Seat) -> list[str]:
        taken = {u for u, _, r in self.pins[seat] if r == self.round}
        return [u for u in self.units[seat] if u not in taken]

    def _fits(self, unit: str, card: str) -> bool:
        c = self.cards[card]
        return c.is_robot and bool(c.mask & self.cards[unit].mask)

    def _assignable(self, seat: Seat) -> list[tuple[str, str]]:
        pairs = []
        for u in self._open_units(seat):
            seen = set()
            for c in self.hands[seat]:
                sig = self.cards[c].signature
                if self._fits(u, c) and sig not in seen:
                    seen.add(sig)
                    pairs.append((u, c))
        return pairs

    def _distinct(self, ids: Sequence[str]) -> list[str]:
        """One card of each kind (the lowest id): cards with one signature are interchangeable."""
        first: dict[tuple[str, int, int, int, str], str] = {}
        for c in sorted(ids):
            first.setdefault(self.cards[c].signature, c)
        return sorted(first.values())

    def score_sheets(self) -> list[dict[str, Any]]:
        return [score_sheet(self, s) for s in range(self.n)]

    def owned(self, seat: Seat) -> list[str]:
        bid = self.bids[seat] or ()
        return sorted([*self.hands[seat], *self.piles[seat], *bid, *(c for _, c, _ in self.pins[seat])])


def widgets_for(state: FzzztTable, seat: Seat) -> WidgetResult:
    cards = state.cards
    pinned_ids = {c for _, c, _ in state.pins[seat]}
    units = [(u, cards[u].symbols, cards[u].points) for u in state.units[seat]]
    pinned: dict[str, list[tuple[str, str]]] = {}
    for u, c, _ in state.pins[seat]:
        pinned.setdefault(u, []).append((c, cards[c].symbols))
    free = [(c, cards[c].symbols) for c in state.owned(seat)
            if cards[c].is_robot and c not in pinned_ids and cards[c].symbols]
    return best_widgets(units, pinned, free)


def score_sheet(state: FzzztTable, seat: Seat) -> dict[str, Any]:
    """Card points, Fzzzt cards, and the best widgets, with the sum written out."""
    cards = state.cards
    owned = state.owned(seat)
    robots = [c for c in owned if cards[c].is_robot]
    robot_points = sum(cards[c].points for c in robots)
    fzzzt = sum(cards[c].points for c in owned if cards[c].kind == "fzzzt")
    found = widgets_for(state, seat)
    units = [{"unit": u.unit, "symbols": u.symbols, "value": u.value, "score": u.score,
              "widgets": [[{"symbol": s, "card": c} for s, c in w] for w in u.widgets]}
             for u in found.units]
    total = robot_points + fzzzt + found.bonus
    terms = [str(robot_points), *(str(fzzzt) for _ in [0] if fzzzt)]
    terms += [str(u["score"]) for u in units]
    arithmetic = " + ".join(terms).replace("+ -", "- ") + f" = {total}"
    return {"seat": seat, "robot_points": robot_points, "fzzzt": fzzzt, "base": robot_points + fzzzt,
            "units": units, "bonus": found.bonus, "total": total, "robots": len(robots),
            "cards": owned, "arithmetic": arithmetic}


__all__ = ["HAND_SIZE", "ROW", "Bid", "FzzztTable", "Last", "Phase", "Pin", "resolve_tie", "score_sheet",
           "widgets_for"]
