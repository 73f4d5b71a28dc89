"""Seeded random playouts to a scored end, cards conserved, and the leak harness."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from engines import TABLE, State, events_for
from engines.core import canonical_json
from engines.fzzzt.state import FzzztState
from engines.playout import random_playout
from tests.engines.conformance import check_playouts
from tests.engines.fzzzt.helpers import GAME


def _zones(s: FzzztState) -> Counter[str]:
    every = [*s.deck, *s.open]
    for seat in range(s.n):
        every += [*s.hands[seat], *s.piles[seat], *(s.bids[seat] or ()), *s.units[seat],
                  *(c for _, c, _ in s.pins[seat])]
    return Counter(every)


def _conserved(before: State, seat: int, action: dict[str, Any], after: State) -> None:
    assert isinstance(before, FzzztState) and isinstance(after, FzzztState)
    if before.phase == "mechanics":
        return
    counts = _zones(after)
    assert counts == _zones(before), "a card appeared or vanished"
    assert max(counts.values()) == 1
    assert sum(counts.values()) == 52 + after.n      # the conveyor deck (starters too) + the mechanics


@pytest.mark.parametrize(("players", "chance"), [(2, "digital"), (3, "digital"), (4, "digital"),
                                                 (3, "physical")])
def test_random_playouts_reach_a_scored_end_with_cards_conserved(players: int, chance: str) -> None:
    """OpenSpiel-style: random legal play from a seeded start always ends in a scored outcome."""
    finals = check_playouts(GAME, players, [players * 7], {"chance": chance}, max_plies=3000,
                            roundtrip_every=5, extra=_conserved)
    for final in finals:
        assert isinstance(final, FzzztState) and final.round == 5
        assert final.outcome is not None and len(final.outcome["scores"]) == players
        total = final.outcome["scores"]["0"]["total"]
        assert final.view(None)["scores"][0]["arithmetic"].endswith(f"= {total}")


def _seen_by(state: State, seat: int, after: State) -> str:
    """Everything ``seat`` can learn from ``after``: its view, its events, its refusals."""
    refusals = []
    for probe in ({"type": "bid", "cards": ["M1"]}, {"type": "bid", "cards": ["Fa", "R5N"]},
                  {"type": "assign", "unit": "PO", "card": "R2Oa"}, {"type": "done"}):
        try:
            after.apply(seat, probe)
        except ValueError as exc:
            refusals.append(str(exc))
        else:
            refusals.append("accepted")
    return canonical_json([after.view(seat), events_for(after.events, seat), refusals,
                           after.awaiting, after.legal_actions(seat)])


@pytest.mark.parametrize("bidding", ["in_turn", "simultaneous"])
def test_until_the_reveal_others_see_how_many_cards_were_bid_never_which(bidding: str) -> None:
    """Leak harness: two worlds that differ only in which cards seat T bid (same count) look the
    same to every other seat S: view, events, error messages, and (bidding in turn) who bids next.
    Auctions: "everyone can see how many cards the bid holds, but not with which cards"."""
    compared = 0
    for players in (3, 4):
        state = GAME.start(players=players, seed=40 + players, options={"bidding": bidding})
        for _ in range(60):
            if state.awaiting == () or TABLE in state.awaiting:
                break
            if (isinstance(state, FzzztState) and state.phase == "bid"
                    and sum(1 for s in range(players) if state.bids[s] is None and state.hands[s]) > 1):
                t = state.awaiting[0]
                by_count: dict[int, list[dict[str, Any]]] = {}
                for action in state.legal_actions(t):
                    by_count.setdefault(len(action["cards"]), []).append(action)
                for same in by_count.values():
                    if len(same) < 2:
                        continue
                    a, b = state.apply(t, same[0]), state.apply(t, same[-1])
                    for s in range(players):
                        if s != t:
                            assert _seen_by(state, s, a) == _seen_by(state, s, b), (s, same[0], same[-1])
                            compared += 1
                    assert _seen_by(state, t, a) != _seen_by(state, t, b)   # the owner does know
            seat = state.awaiting[0]
            state = state.apply(seat, state.legal_actions(seat)[0])
    assert compared > 50


def test_a_finished_game_replays_from_its_seed() -> None:
    """Same seed, same random choices: the same game, to the same scores."""
    one = random_playout(GAME, 2, 99, max_plies=3000)
    two = random_playout(GAME, 2, 99, max_plies=3000)
    assert one.finished and one.final.outcome == two.final.outcome
