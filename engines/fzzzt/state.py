"""The Fzzzt! door: :class:`FzzztState` is the working table (:mod:`engines.fzzzt.table`) with the
engine's contract on top (the legal actions, refusals in the rules' words, the view, the
notation). It holds no rule: a step is :func:`engines.fzzzt.flow.apply` on a copy of it.

It reads the table, the rule steps (:mod:`engines.fzzzt.flow`), the notation and the views below
it; the game (:mod:`engines.fzzzt.game`) makes it and hands itself to it (``_game``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import permutations, product
from typing import Any

from engines.core import (
    DIGITAL,
    TABLE,
    Action,
    ChanceMode,
    Event,
    Game,
    IllegalAction,
    Seat,
    State,
    View,
)
from engines.fzzzt import flow
from engines.fzzzt.notation import dump
from engines.fzzzt.table import FzzztTable
from engines.fzzzt.views import view
from engines.rng import Rng
from engines.text import Text


def _t(msgid: str, **params: Any) -> dict[str, Any]:
    return Text(msgid, params).to_json()


@dataclass(eq=False)   # equal when the notations are (engines.core.State)
class FzzztState(FzzztTable, State):
    """One moment of a game of Fzzzt!: the working table (its fields, declared once in
    :class:`~engines.fzzzt.table.FzzztTable`) seen through the engine's door, and the game that
    made it (a copy keeps it)."""

    _game: Game = field(kw_only=True, repr=False)

    # -- contract ---------------------------------------------------------------

    @property
    def game(self) -> Game:
        return self._game

    @property
    def events(self) -> list[Event]:
        return list(self.happened)

    def notation(self) -> str:
        return dump(self)

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
        """A bid names its cards by id and says no words: a hand of six is up to 63 bids, and each
        would say its cards' names again (48 KB of a seat's payload, issue 41). The phone builds the
        bid from the hand's cards, which say their names once (``view.you.hand``)."""
        return {"type": "bid", "cards": list(cards), "notation": "bid " + "+".join(cards)}

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
        return flow.apply(self, seat, action)

    # -- views --------------------------------------------------------------------

    def view(self, seat: Seat | None) -> View:
        return view(self, seat)


def fresh(game: Game, n: int, chance: ChanceMode, overrides: str, rng: Rng,
          bidding: str = "in_turn") -> FzzztState:
    """The table before the mechanic cards are dealt: every seat's zones empty."""
    return FzzztState(n, chance, overrides, rng, bidding, mechanics=[0] * n, hands=[[] for _ in range(n)],
                      piles=[[] for _ in range(n)], bids=[None] * n, units=[[] for _ in range(n)],
                      pins=[[] for _ in range(n)], _game=game)
