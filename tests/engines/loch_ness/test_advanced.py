"""The advanced version ("Versie voor gevorderden"): hidden tools from face-down stacks and the
placement round, quoting the rulebook (translated from the Dutch)."""

from __future__ import annotations

from collections import Counter

import pytest

from engines.core import events_for
from tests.engines.loch_ness.helpers import GAME, at, boat, cleared, said, state


def play_placement(st: object) -> object:
    """Every seat lays its cards, each on the first site with room."""
    while st.phase == "place":   # type: ignore[attr-defined]
        seat = st.awaiting[0]    # type: ignore[attr-defined]
        st = st.apply(seat, st.legal_actions(seat)[0])   # type: ignore[attr-defined]
    return st


@pytest.mark.parametrize(("players", "stacks"), [(3, 2), (4, 3)])
def test_the_tools_are_shuffled_into_three_face_down_stacks_two_with_three_players(players: int,
                                                                                  stacks: int) -> None:
    """Advanced: "The tool cards are shuffled and laid face down in three stacks (with 3 players in two
    stacks)."""
    st = GAME.start(players=players, seed=2, options={"advanced": True})
    sizes = st.view(None)["stacks"]
    assert len(sizes) == stacks and sum(sizes) == 45 and max(sizes) - min(sizes) <= 1
    assert st.view(None)["supply"] is None


def test_the_placement_round_starts_left_of_the_start_player_and_fills_every_site() -> None:
    """Advanced: "Each player takes the discovery cards of his own colour in hand. Starting with the
    player left of the start player, each player lays one card on a location of his choice. This goes on
    until all locations are filled. Note that some locations need two cards. The remaining cards are
    shuffled with the cards without colour and laid beside the board."""
    st = GAME.start(players=4, seed=2, options={"advanced": True})
    assert st.phase == "place" and st.awaiting == (1,)
    assert [len(h["hand"]) for h in (st.view(s)["you"] for s in range(4))] == [7, 7, 7, 7]
    order = []
    while st.phase == "place":
        seat = st.awaiting[0]
        order.append(seat)
        two = [a for a in st.legal_actions(seat) if a["site"] == "I2"]
        st = st.apply(seat, two[0] if two else st.legal_actions(seat)[0])
    assert order[:5] == [1, 2, 3, 0, 1] and len(order) == 13          # 13 places on the sample board
    assert all(v["down"] == v["takes"] for v in st.view(None)["sites"].values())
    piles = st.view(None)["piles"]
    assert piles["water"] + piles["land"] == 50 - 13
    assert st.awaiting == (0,) and st.view(None)["step"] == "act"


def test_each_phone_sees_only_the_cards_it_laid() -> None:
    """Advanced: the cards are laid face down; only the player who laid one knows it until it is turned."""
    st = GAME.start(players=3, seed=4, options={"advanced": True})
    first = st.legal_actions(1)[0]
    st = st.apply(1, first)
    mine = st.view(1)["you"]["placed"]
    assert mine == [{"site": first["site"], "card": first["card"], "position": 0, "of": 1}]
    assert all(st.view(s)["you"]["placed"] == [] for s in (0, 2))
    assert "You lay" in said(st, 1)[1] and all("You lay" not in x for x in said(st, 0) + said(st, None))


def test_placement_by_hand_then_the_card_is_turned_for_everyone() -> None:
    st = GAME.start(players=3, seed=4, options={"advanced": True})
    st = st.apply(1, {"type": "place", "card": "nessie", "back": "water", "site": "I4"})
    st = play_placement(st)
    t = st.table   # type: ignore[attr-defined]
    assert t.face_down[at(t, "I4")] == ["X"] and t.laid_by[at(t, "I4")] == [1]
    boat(t, 0, 1, "I4", via="w9")
    t.seat = 0
    turned = state(t).apply(0, {"type": "explore", "boat": 1})
    assert "Player 1 turns Nessie on I4." in said(turned, 2)


def test_a_boat_picks_a_stack_and_takes_tools_that_stay_hidden() -> None:
    """Advanced: "When you choose tools for a boat you choose a stack. From this stack you may pick one or
    two tools. These tools stay face down in the boat until you use them."""
    t = cleared(advanced=True)
    t.phase, t.seat = "turn", 0
    t.stacks = [list("mmcc"), list("ddss"), list("bbtt")]
    boat(t, 0, 1, "H")
    st = state(t).apply(0, {"type": "town", "boat": 1}).apply(0, {"type": "stack", "boat": 1, "stack": 2})
    assert st.view(0)["you"]["stacks_seen"] == {"1": {"stack": 2, "tools": ["diving_suit", "diving_suit",
                                                                           "shovel", "shovel"]}}
    assert "stacks_seen" not in st.view(1)["you"]
    assert {a["tool"] for a in st.legal_actions(0) if a["type"] == "tool"} == {"diving_suit", "shovel"}
    st = st.apply(0, {"type": "tool", "boat": 1, "tool": "diving_suit", "cost": 0})
    assert st.view(0)["players"][0]["boats"][0]["tools"] == [{"tool": "diving_suit", "shown": False}]
    assert st.view(1)["players"][0]["boats"][0]["tools"] == [{"tool": None, "shown": False}]
    assert st.view(None)["stacks"] == [4, 3, 4]
    assert "Player 1 takes a tool from stack 2 for boat 1." in said(st, 1)
    assert all("diving suit" not in x for x in said(st, 1) + said(st, None))
    assert "You take a tool for boat 1, face down: diving suit." in said(st, 0)


def test_a_hidden_tool_is_shown_when_it_is_used() -> None:
    """Advanced: "This tool stays face down in the boat until you use it": a motor when a boat sails
    four spaces, a diving suit when it dives, a thief when it robs."""
    t = cleared(advanced=True)
    t.phase, t.seat = "turn", 0
    boat(t, 0, 1, "H", tools="mc")
    st = state(t).apply(0, {"type": "move", "boat": 1, "to": "F"})
    assert st.view(1)["players"][0]["boats"][0]["tools"] == [{"tool": None, "shown": False}] * 2
    st = state(t).apply(0, {"type": "move", "boat": 1, "to": "w8"})      # four spaces
    assert "Player 1 shows a tool of boat 1: motor." in said(st, 1)
    assert st.view(1)["players"][0]["boats"][0]["tools"] == [{"tool": "motor", "shown": True},
                                                             {"tool": None, "shown": False}]


def test_a_tool_goes_back_face_down_on_a_stack_of_your_choice() -> None:
    """Advanced: "When you put tools back you may put them on a stack of your choice."""
    t = cleared(advanced=True)
    t.phase, t.seat = "turn", 0
    t.stacks = [list("mm"), list("dd"), list("bb")]
    boat(t, 0, 1, "H", tools="cT")
    st = state(t).apply(0, {"type": "town", "boat": 1})
    st = st.apply(0, {"type": "return", "boat": 1, "tool": "camera", "stack": 3})
    assert st.view(None)["stacks"] == [2, 2, 3]
    assert "Player 1 puts a tool of boat 1 back face down on stack 3." in said(st, 1)
    st = st.apply(0, {"type": "return", "boat": 1, "tool": "thief", "stack": 1})
    assert "Player 1 puts back a tool of boat 1 on stack 1: thief." in said(st, 1)   # it had been shown


def test_an_eaten_boats_hidden_tools_go_back_unseen() -> None:
    t = cleared(advanced=True)
    t.phase, t.seat = "turn", 0
    t.stacks = [list("m"), list("dd"), list("bbb")]
    t.nessie = at(t, "w13")
    boat(t, 1, 1, "w12", tools="cs")
    st = state(t).apply(0, {"type": "bagpipe", "to": "w12"})
    assert st.view(None)["stacks"] == [3, 2, 3]
    everyone = [e for e in events_for(st.events, 2)] + [e for e in events_for(st.events, None)]
    assert "camera" not in str(everyone) and "shovel" not in str(everyone)


def test_physical_advanced_entries_follow_the_real_cards() -> None:
    """Physical chance: the real stacks are looked through at the table; the phone enters the tool."""
    t = cleared(advanced=True, chance="physical")
    t.phase, t.seat = "turn", 0
    boat(t, 0, 1, "H")
    st = state(t).apply(0, {"type": "town", "boat": 1}).apply(0, {"type": "stack", "boat": 1, "stack": 1})
    assert len([a for a in st.legal_actions(0) if a["type"] == "tool"]) == 7
    st = st.apply(0, {"type": "tool", "boat": 1, "tool": "weapon", "cost": 0})
    assert st.view(0)["players"][0]["boats"][0]["tools"] == [{"tool": "weapon", "shown": False}]
    assert Counter(st.table.stacks[0]) == Counter({"?": 14})   # type: ignore[attr-defined]
