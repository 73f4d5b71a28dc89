"""Seeded random playouts for 2, 3 and 4 players, with and without specials, through the shared
conformance drive, plus what this game adds: nothing is created or lost, every game ends."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from engines.core import IllegalAction, State
from engines.sharks_with_lasers import GAME, SharksState
from engines.sharks_with_lasers.cards import CARDS, special_deck, starting_hand
from tests.engines.conformance import assert_refused, check_playouts


def specials_in_play(t: Any) -> Counter[str]:
    """Every special card the engine accounts for: the deck, the discard pile, each seat's own."""
    specials: Counter[str] = Counter(t.discard) + Counter(t.deck)
    for s in range(t.players):
        owned = list(t.hands[s]) + list(t.on_agent[s]) + [c for stack in t.stacks for o, c in stack if o == s]
        assert sorted(c for c in owned if not CARDS[c].special) == list(starting_hand(t.players)), s
        specials += Counter(c for c in owned if CARDS[c].special)
    return specials


def conserved(before: State, seat: int, action: dict[str, Any], after: State) -> None:
    """Cards and figures: nothing created, nothing lost, nobody on top of anybody. A physical deal
    has no deck in the engine: the specials are exactly those the seats entered."""
    assert isinstance(after, SharksState) and isinstance(before, SharksState)
    t = after.table
    specials = specials_in_play(t)
    if t.chance == "physical":
        entered = Counter(action.get("cards", [])) if action.get("type") == "specials" else Counter()
        assert specials == specials_in_play(before.table) + entered
    else:
        assert specials == (Counter(special_deck()) if t.specials else Counter())
    squares = [a for a in t.agents if a is not None] + [sq for sq, _ in t.sharks]
    assert len(squares) == len(set(squares)) and len(t.sharks) == 3


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("specials", [False, True])
def test_random_games_end_and_keep_every_card_and_figure(players: int, specials: bool) -> None:
    finals = check_playouts(GAME, players, range(2), {"specials": specials}, max_plies=3000,
                            roundtrip_every=2 if players == 4 else 1, extra=conserved)
    for final in finals:
        assert final.outcome is not None and len(final.outcome["winners"]) == 1


def test_physical_deal_each_seat_enters_its_own_two_specials() -> None:
    """chance=physical: the players draw their two specials from the real deck (VOORBEREIDING, the
    specials variant: "each player gets two special action cards"); each seat enters its own on its
    phone, all seats at once. Only that seat hears which; the table hears that it entered them."""
    state = GAME.start(players=3, seed=4, options={"specials": True, "chance": "physical"})
    assert state.awaiting == (0, 1, 2) and state.table.deck == []
    with pytest.raises(IllegalAction):
        state.chance_outcomes()          # nothing for the host to enter
    offered = state.legal_actions(1)
    assert len(offered) == 16 * 15 // 2   # any two different cards of the deck's sixteen
    assert {tuple(a["cards"]) for a in offered} == {tuple(sorted((x, y))) for x in special_deck()
                                                   for y in special_deck() if x < y}
    state = state.apply(1, {"type": "specials", "cards": ["u", "a"]})   # any order
    private = [e for e in state.events if e["visible_to"] != "all"]
    assert [e["visible_to"] for e in private] == [[1]] and private[0]["cards"] == ["a", "u"]
    public = [e for e in state.events if e["visible_to"] == "all"]
    assert [e["type"] for e in public] == ["dealt"] and "cards" not in public[0]
    assert state.awaiting == (0, 2)
    assert_refused(state, 1, {"type": "specials", "cards": ["b", "c"]}, "not your turn")
    assert_refused(state, 0, {"type": "specials", "cards": ["a"]}, "two special cards")
    assert_refused(state, 0, {"type": "specials", "cards": ["a", "x"]}, "two special cards")
    state = state.apply(0, {"type": "specials", "cards": ["b", "c"]})
    state = state.apply(2, {"type": "specials", "cards": ["d", "e"]})
    assert state.phase == "setup" and [h["hand_count"] for h in state.view(None)["agents"]] == [10, 10, 10]
    assert GAME.load(state.notation()) == state


def test_physical_deal_trusts_the_table_when_two_phones_claim_one_card() -> None:
    """Ruling (notes: copies of each special are not printed): the engine never compares what two
    seats entered, since a refusal would tell one phone what the other holds. Two phones claiming
    the one Shark-o-Porter both hold one; each may play it, and the cards stay conserved per seat."""
    state = GAME.start(players=2, seed=4, options={"specials": True, "chance": "physical"})
    state = state.apply(0, {"type": "specials", "cards": ["p", "a"]})
    state = state.apply(1, {"type": "specials", "cards": ["p", "a"]})
    assert all("p" in h for h in state.table.hands)
    check_playouts(GAME, 3, [7], {"specials": True, "chance": "physical"}, max_plies=3000, extra=conserved)


def test_same_seed_same_deal_and_placement_options() -> None:
    a = GAME.start(players=4, seed=21, options={"specials": True})
    b = GAME.start(players=4, seed=21, options={"specials": True})
    assert a == b and a.notation() == b.notation()


@pytest.mark.parametrize("chance", ["digital", "physical"])
def test_fast_simulation_plays_the_same_rules_and_is_reproducible(chance: str) -> None:
    """fast.simulate (for a searching bot) ends every game and is a function of its seed."""
    from engines.rng import Rng
    from engines.sharks_with_lasers.fast import simulate
    for seed in range(5):
        start = GAME.start(players=4, seed=seed, options={"specials": True, "chance": chance})
        one = simulate(start.table, Rng.from_seed(seed))
        two = simulate(start.table, Rng.from_seed(seed))
        assert one.phase == "over" and one.notation() == two.notation()
        final = GAME.load(one.notation())
        if chance == "digital":
            conserved(start, 0, {}, final)
        else:   # each seat entered two specials; none was made or lost after that
            assert sum(specials_in_play(final.table).values()) == 2 * 4
        assert final.outcome is not None and final.awaiting == ()


def replay_story(before: State, after: State) -> None:
    """The table screen redraws the board from the events alone: replaying every placed, moved,
    pushed, wrapped, turned, eaten and fried event on the old board must give the new board."""
    view = before.view(None)
    agents = {a["seat"]: a["square"] for a in view["agents"]}
    sharks = {s["shark"]: [s["square"], s["facing"]] for s in view["sharks"]}
    for ev in after.events:
        assert ev["visible_to"] == "all" or ev["type"] in ("played", "dealt", "spied"), ev
        assert "say" in ev, ev
        kind = ev["type"]
        if kind == "placed":
            agents[ev["seat"]] = ev["square"]
        elif kind in ("moved", "pushed", "wrapped"):
            if ev["figure"] == "agent":
                assert agents[ev["seat"]] == ev["square"], ev
                agents[ev["seat"]] = ev["to"]
            else:
                assert sharks[ev["shark"]][0] == ev["square"], ev
                sharks[ev["shark"]][0] = ev["to"]
        elif kind == "turned":
            sharks[ev["shark"]][1] = ev["facing"]
        elif kind in ("eaten", "fried"):
            agents[ev["seat"]] = None
    now = after.view(None)
    assert agents == {a["seat"]: a["square"] for a in now["agents"]}
    assert sharks == {s["shark"]: [s["square"], s["facing"]] for s in now["sharks"]}


@pytest.mark.parametrize("players", [2, 4])
def test_the_events_tell_every_change_on_the_board(players: int) -> None:
    check_playouts(GAME, players, [11, 12], {"specials": True}, max_plies=3000, roundtrip_every=50,
                   extra=lambda before, seat, action, after: replay_story(before, after))
