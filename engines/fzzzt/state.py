"""Fzzzt! positions: rounds of eight auctions on a conveyor, secret bids, clean-up.

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

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from itertools import permutations, product
from typing import Any, ClassVar, Literal

from engines.core import (
    DIGITAL,
    TABLE,
    Action,
    ChanceMode,
    Event,
    Game,
    IllegalAction,
    Outcome,
    Seat,
    State,
    View,
    Working,
    outcome,
    story,
)
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


def _t(msgid: str, **params: Any) -> dict[str, Any]:
    return Text(msgid, params).to_json()


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
class FzzztState(Working, State):
    """One moment of a game of Fzzzt!, its fields declared here once.

    The one state pattern (:class:`engines.core.Working`): a state is never changed once made;
    ``_apply`` changes a :meth:`copy` through the rule steps of :mod:`engines.fzzzt.flow` and
    returns it, settled (hands, piles and bids sorted, so equal positions read the same).
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

    def settled(self) -> FzzztState:
        """This working copy in its canonical order, ready to be a state."""
        self.hands = [sorted(h) for h in self.hands]
        self.piles = [sorted(p) for p in self.piles]
        self.bids = [None if b is None else tuple(sorted(b)) for b in self.bids]
        self.done = sorted(self.done)
        return self

    # -- telling -------------------------------------------------------------------

    def say(self, kind: str, msgid: str | Text, visible_to: Any = "all", words: dict[str, Text] | None = None,
            **data: Any) -> None:
        """An event of this step (:func:`engines.core.story`: the sentence from its fields)."""
        self.happened.append(story(kind, msgid, visible_to=visible_to, words=words, **data))

    def name(self, card: str) -> str:
        return self.cards[card].name()

    def phrase(self, card: str) -> Text:
        return self.cards[card].phrase

    def phrases(self, cards: list[str] | tuple[str, ...]) -> Text:
        return names_phrase([self.phrase(c) for c in cards])

    # -- contract ---------------------------------------------------------------

    @property
    def game(self) -> Game:
        from engines.fzzzt import GAME
        return GAME

    @property
    def players(self) -> int:
        return self.n

    @cached_property
    def cards(self) -> dict[str, Card]:
        return card_table(self.overrides)

    @property
    def events(self) -> list[Event]:
        return list(self.happened)

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

    def notation(self) -> str:
        from engines.fzzzt.notation import dump
        return dump(self)

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

    # -- actions ----------------------------------------------------------------

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.phase == "mechanics":
            perms = list(permutations(range(1, self.n + 1)))
            return [(self._mechanics_action(p), 1 / len(perms)) for p in perms]
        if self.phase == "turn" and self.chance == DIGITAL:   # never stored: turned at once
            total = len(self.deck)
            out = []
            for c in self._distinct(self.deck):
                sig = self.cards[c].signature
                count = sum(1 for d in self.deck if self.cards[d].signature == sig)
                out.append((self._turn_action(c), count / total))
            return out
        return super().chance_outcomes()

    def _mechanics_action(self, numbers: Sequence[int]) -> Action:
        text = ",".join(map(str, numbers))
        return {"type": "mechanics", "numbers": list(numbers), "notation": f"mechanics {text}",
                "label": _t("Mechanic cards dealt: {numbers}", numbers=text)}

    def _turn_action(self, card: str) -> Action:
        return {"type": "turn", "card": card, "notation": f"turn {card}",
                "label": _t("The conveyor card turned is {card}", card=self.cards[card].phrase)}

    def legal_actions(self, seat: Seat) -> list[Action]:
        if seat == TABLE and TABLE in self.awaiting:
            return [a for a, _ in self.chance_outcomes()]
        if seat not in self.awaiting:
            return []
        if self.phase == "turn":
            return [self._turn_action(c) for c in self._distinct(self.deck)]
        if self.phase == "draw":
            return [{"type": "draw", "card": c, "notation": f"draw {c}",
                     "label": _t("I drew {card}", card=self.cards[c].phrase)}
                    for c in self._distinct(self.piles[seat])]
        if self.phase == "bid":
            return [self._bid_action(b) for b in self._bid_choices(self.hands[seat])]
        if self.phase == "cleanup":
            acts = [{"type": "assign", "unit": u, "card": c, "notation": f"assign {u} {c}",
                     "label": _t("Put {card} on {unit}", card=self.cards[c].phrase,
                                 unit=self.cards[u].phrase)}
                    for u, c in self._assignable(seat)]
            return [*acts, {"type": "done", "notation": "done",
                            "label": _t("Done assigning cards to my production units")}]
        return []

    def _bid_choices(self, hand: Sequence[str]) -> list[tuple[str, ...]]:
        """Every different bid: how many of each kind of card, the lowest ids of each kind."""
        by_kind: dict[tuple[str, int, int, int, str], list[str]] = {}
        for c in sorted(hand):
            by_kind.setdefault(self.cards[c].signature, []).append(c)
        kinds = list(by_kind.values())
        out = []
        for counts in product(*(range(len(ids) + 1) for ids in kinds)):
            combo = tuple(sorted(c for ids, k in zip(kinds, counts, strict=True) for c in ids[:k]))
            if combo:
                out.append(combo)
        out.sort(key=lambda combo: (len(combo), combo))
        return out

    def _bid_action(self, cards: Sequence[str]) -> Action:
        names = names_phrase([self.cards[c].phrase for c in cards])
        return {"type": "bid", "cards": list(cards), "notation": "bid " + "+".join(cards),
                "label": _t("Bid {cards} (power {power})", cards=names, power=self.power(cards))}

    def _canonical(self, cards: Sequence[str], zone: Sequence[str]) -> list[str]:
        """The same cards as the legal actions name them: the lowest ids of each kind in ``zone``."""
        by_kind: dict[tuple[str, int, int, int, str], list[str]] = {}
        for c in sorted(zone):
            by_kind.setdefault(self.cards[c].signature, []).append(c)
        taken: dict[tuple[str, int, int, int, str], int] = {}
        out = []
        for c in cards:
            sig = self.cards[c].signature
            out.append(by_kind[sig][taken.get(sig, 0)])
            taken[sig] = taken.get(sig, 0) + 1
        return sorted(out)

    def normalize(self, seat: Seat, action: Mapping[str, Any]) -> Mapping[str, Any]:
        """Bid cards come in any order, and a card may be named by any copy of it (two nut
        robots of power 2 are the same card)."""
        given = dict(action)
        zone = {"bid": self.hands, "assign": self.hands, "draw": self.piles}.get(given["type"])
        own: Sequence[str] = (self.deck if seat == TABLE or given["type"] == "turn" else
                              zone[seat] if zone is not None and 0 <= seat < self.n else ())
        cards, card = given.get("cards"), given.get("card")
        if (isinstance(cards, list) and all(isinstance(c, str) for c in cards)
                and len(set(cards)) == len(cards) and set(cards) <= set(own)):
            given["cards"] = self._canonical(cards, own)
        if isinstance(card, str) and card in own:
            given["card"] = self._canonical([card], own)[0]
        return given

    def check_turn(self, seat: Seat) -> None:
        is_seat = isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < self.n
        if self.phase == "turn" and seat != self.chief and (is_seat or seat == TABLE):
            raise IllegalAction("The chief mechanic {seat} turns the conveyor cards and enters them.",
                                seat=self.chief)
        if (self.phase == "bid" and self.bidding == "in_turn" and is_seat and self.hands[seat]
                and self.bids[seat] is None and seat not in self.awaiting):
            raise IllegalAction("Bids go clockwise from the chief mechanic: it is {to_seat}'s turn to bid.",
                                to_seat=self.awaiting[0])
        if (self.phase == "bid" and isinstance(seat, int) and not isinstance(seat, bool)
                and 0 <= seat < self.n and not self.hands[seat] and self.bids[seat] is None):
            raise IllegalAction("You have no cards in your hand, so you cannot bid until the next reshuffle.")
        if (self.phase == "bid" and isinstance(seat, int) and not isinstance(seat, bool)
                and 0 <= seat < self.n and self.bids[seat] is not None):
            raise IllegalAction("You have already placed your bid for this auction.")
        super().check_turn(seat)

    def explain_illegal(self, seat: Seat, action: Any) -> IllegalAction:
        kind = action.get("type")
        if self.phase == "turn" and kind == "turn":
            return IllegalAction("That card is not among the cards still in the conveyor deck.")
        if self.phase == "bid" and kind == "bid":
            cards = action.get("cards")
            if not isinstance(cards, list) or not cards:
                return IllegalAction("A bid needs at least one card from your hand.")
            for c in cards:
                if not isinstance(c, str) or c not in self.cards:
                    return IllegalAction("There is no card {card}.", card=str(c))
            if len(set(cards)) != len(cards):
                return IllegalAction("Each card can be in your bid only once.")
            for c in cards:
                if c not in self.hands[seat]:
                    # Not echoing the card: the refusal must read the same whatever others hold.
                    return IllegalAction("You can only bid cards from your own hand.")
        if self.phase == "cleanup" and kind == "assign":
            unit, card = action.get("unit"), action.get("card")
            if unit not in self.units[seat]:
                return IllegalAction("You do not have that production unit.")
            if unit not in self._open_units(seat):
                return IllegalAction("That production unit already got its card this round.")
            if card not in self.hands[seat]:
                return IllegalAction("That card is not in your hand.")
            return IllegalAction("{card} has no symbol that {unit} needs.",
                                 card=self.cards[str(card)].phrase, unit=self.cards[str(unit)].phrase)
        return IllegalAction("That is not a legal play right now.")

    def _apply(self, seat: Seat, action: Action) -> State:
        from engines.fzzzt import flow
        return flow.apply(self, seat, action)

    # -- views --------------------------------------------------------------------

    def view(self, seat: Seat | None) -> View:
        from engines.fzzzt.views import view
        return view(self, seat)

    def score_sheets(self) -> list[dict[str, Any]]:
        return [score_sheet(self, s) for s in range(self.n)]

    def owned(self, seat: Seat) -> list[str]:
        bid = self.bids[seat] or ()
        return sorted([*self.hands[seat], *self.piles[seat], *bid, *(c for _, c, _ in self.pins[seat])])


def widgets_for(state: FzzztState, seat: Seat) -> WidgetResult:
    cards = state.cards
    pinned_ids = {c for _, c, _ in state.pins[seat]}
    units = [(u, cards[u].symbols, cards[u].points) for u in state.units[seat]]
    pinned: dict[str, list[tuple[str, str]]] = {}
    for u, c, _ in state.pins[seat]:
        pinned.setdefault(u, []).append((c, cards[c].symbols))
    free = [(c, cards[c].symbols) for c in state.owned(seat)
            if cards[c].is_robot and c not in pinned_ids and cards[c].symbols]
    return best_widgets(units, pinned, free)


def score_sheet(state: FzzztState, seat: Seat) -> dict[str, Any]:
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


def fresh(n: int, chance: ChanceMode, overrides: str, rng: Rng, bidding: str = "in_turn") -> FzzztState:
    """The table before the mechanic cards are dealt: every seat's zones empty."""
    return FzzztState(n, chance, overrides, rng, bidding, mechanics=[0] * n, hands=[[] for _ in range(n)],
                      piles=[[] for _ in range(n)], bids=[None] * n, units=[[] for _ in range(n)],
                      pins=[[] for _ in range(n)])


__all__ = ["FzzztState", "fresh", "resolve_tie", "score_sheet", "widgets_for"]
