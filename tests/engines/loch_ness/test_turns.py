"""Town, the end of a turn, the end of the game and the final count, quoting the rulebook (translated
from the Dutch)."""

from __future__ import annotations

import pytest

from engines.loch_ness.table import Stage
from tests.engines.conformance import assert_refused
from tests.engines.loch_ness.helpers import at, boat, cleared, event_types, said, state

# --------------------------------------------------------------------------- town


def test_town_hands_in_finds_for_reputation_and_keeps_treasure_chests() -> None:
    """Looking around in town: "The player may first hand in discovery cards; for these he gets
    reputation points. The player may also lay handed-in treasure chests in front of him." Points:
    egg shells 1, a nest 4, tracks 6, an observation 6, a young monster 8."""
    t = cleared()
    boat(t, 0, 1, "H", finds="YNC")
    st = state(t).apply(0, {"type": "town", "boat": 1})
    me = st.view(None)["players"][0]
    assert me["reputation"] == 5 + 8 + 4 and me["chests"] == 1 and me["boats"][0]["finds"] == []
    assert said(st)[1:] == ["Player 1 hands in 3 finds from boat 1: 12 reputation.",
                            "Player 1 keeps 1 treasure chest."]


def test_town_one_tool_free_a_second_for_two_reputation_at_most_three_aboard() -> None:
    """Looking around in town: "per boat one or two tools may be chosen. If the player chooses two tools
    for a boat, this costs 2 reputation points ... A boat can hold at most three tools. A boat can
    hold two of the same tool; this has no extra effect."""
    t = cleared()
    boat(t, 0, 1, "H", tools="s")
    st = state(t).apply(0, {"type": "town", "boat": 1})
    st = st.apply(0, {"type": "tool", "boat": 1, "tool": "camera", "cost": 0})
    assert st.view(None)["players"][0]["reputation"] == 5
    second = [a for a in st.legal_actions(0) if a["type"] == "tool"]
    assert second and all(a["cost"] == 2 for a in second) and any(a["tool"] == "shovel" for a in second)
    st = st.apply(0, {"type": "tool", "boat": 1, "tool": "shovel", "cost": 2})
    view = st.view(None)
    assert view["players"][0]["reputation"] == 3 and view["supply"]["camera"] == 6
    assert [x["tool"] for x in view["players"][0]["boats"][0]["tools"]] == ["shovel", "camera", "shovel"]
    assert not any(a["type"] == "tool" for a in st.legal_actions(0))       # three aboard, and two taken


def test_town_tools_go_back_and_a_tool_out_of_stock_cannot_be_chosen() -> None:
    """Looking around in town: "The player may put back as many tools as he likes on their stacks ...
    If a tool is no longer in stock it cannot be chosen."""
    t = cleared()
    t.supply[0] = 0                        # no motors left
    boat(t, 0, 1, "H", tools="dc")
    st = state(t).apply(0, {"type": "town", "boat": 1})
    assert not any(a["type"] == "tool" and a["tool"] == "motor" for a in st.legal_actions(0))
    st = st.apply(0, {"type": "return", "boat": 1, "tool": "diving_suit"})
    assert st.view(None)["supply"]["diving_suit"] == 8
    assert [x["tool"] for x in st.view(None)["players"][0]["boats"][0]["tools"]] == ["camera"]


def test_two_boats_in_town_together_may_swap_tools() -> None:
    """Looking around in town: "If two boats of the same player look around in town at the same time,
    the two boats may exchange tools."""
    t = cleared()
    boat(t, 0, 1, "H", tools="dc")
    boat(t, 0, 2, "H", tools="s")
    st = state(t).apply(0, {"type": "town", "boat": 1}).apply(0, {"type": "join", "boat": 2})
    st = st.apply(0, {"type": "give", "from": 1, "to": 2, "tool": "diving_suit"})
    boats = st.view(None)["players"][0]["boats"]
    assert [x["tool"] for x in boats[0]["tools"]] == ["camera"]
    assert [x["tool"] for x in boats[1]["tools"]] == ["shovel", "diving_suit"]
    assert boats[1]["acted"] is True


def test_a_boat_may_not_sail_out_straight_after_looking_around_in_town() -> None:
    """Looking around in town: "After looking around, a boat may not sail out directly" (not even with
    the extra action of a treasure chest)."""
    t = cleared()
    t.chests[0] = 1
    boat(t, 0, 1, "H")
    st = state(t).apply(0, {"type": "town", "boat": 1}).apply(0, {"type": "done"})
    st = st.apply(0, {"type": "chest", "boat": 1})
    assert not any(a["type"] == "move" for a in st.legal_actions(0))
    assert_refused(st, 0, {"type": "move", "boat": 1, "to": "F"}, "may not sail out straight away")


# --------------------------------------------------------------------------- the end of a turn


def test_a_treasure_chest_buys_one_boat_another_action_once_a_turn() -> None:
    """End of the turn: "If you have a treasure chest brought back to the harbour you may spend it now.
    One of your boats of your choice may now move or look around again. Only one treasure chest may be
    used per turn." An unspent chest is worth 2 at the end."""
    t = cleared()
    t.chests[0] = 2
    boat(t, 0, 1, "w12")
    st = state(t).apply(0, {"type": "move", "boat": 1, "to": "w13"})
    st = st.apply(0, {"type": "chest", "boat": 1})
    assert st.view(None)["players"][0]["chests"] == 1
    st = st.apply(0, {"type": "move", "boat": 1, "to": "w14"})
    assert not any(a["type"] == "chest" for a in st.legal_actions(0))


def test_a_treasure_chest_is_spent_at_the_end_of_the_turn_once_every_boat_has_acted() -> None:
    """Einde van de beurt (line 141): "Als je een schatkist in voorraad hebt die naar de haven is
    teruggebracht mag je deze nu uitgeven. Eén van je boten naar keuze mag nu nogmaals bewegen of
    rondkijken." Under "Einde van de beurt": not while another boat still has its own action."""
    t = cleared()
    t.chests[0] = 1
    boat(t, 0, 1, "w12")
    boat(t, 0, 2, "w14")
    st = state(t).apply(0, {"type": "move", "boat": 1, "to": "w13"})
    assert not any(a["type"] == "chest" for a in st.legal_actions(0))       # boat 2 has not moved yet
    assert_refused(st, 0, {"type": "chest", "boat": 1}, "end of the turn")
    st = st.apply(0, {"type": "move", "boat": 2, "to": "w15"})
    assert {a["boat"] for a in st.legal_actions(0) if a["type"] == "chest"} == {1, 2}
    st = st.apply(0, {"type": "chest", "boat": 2})
    assert {a["type"] for a in st.legal_actions(0) if a.get("boat") == 2} >= {"move"}


def test_the_bagpipes_move_nessie_next_door_and_she_eats_every_boat_there() -> None:
    """End of the turn: "You may spend a bagpipe token at the end of your turn. With it you move Nessie
    to an adjacent lake space. All boats on that space are eaten ... For each eaten boat the owner gets
    2 reputation points. Nessie may not be moved onto the space in front of the harbour." Then: "All
    boats taken off the board go back to the harbour. Discovery cards aboard them leave the game. All
    tools go back to their stacks."""
    t = cleared()
    t.nessie = at(t, "w13")
    boat(t, 1, 1, "w12", tools="cd", finds="TY")
    boat(t, 2, 1, "I2", via="w12")     # moored from the water Nessie swims to
    st = state(t)
    assert {a["to"] for a in st.legal_actions(0) if a["type"] == "bagpipe"} == {"w12", "w9"}   # not F
    st = st.apply(0, {"type": "bagpipe", "to": "w12"})
    view = st.view(None)
    assert view["nessie"] == "w12" and view["players"][0]["bagpipes"] == 2
    assert [p["reputation"] for p in view["players"]] == [5, 7, 7, 5]
    eaten = view["players"][1]["boats"][0]
    assert eaten["state"] == "harbour" and eaten["finds"] == [] and eaten["tools"] == []
    assert view["supply"]["camera"] == 8 and view["turn"] == 1
    assert event_types(st)[:3] == ["bagpipe", "eaten", "eaten"]


def test_a_player_without_a_boat_in_the_harbour_gets_a_new_one() -> None:
    """End of the turn: "If a player has no boats in the harbour at the end of his turn, and he does not
    yet have three boats on the board, he now puts a new boat in the harbour."""
    t = cleared()
    boat(t, 0, 1, "H")
    st = state(t).apply(0, {"type": "move", "boat": 1, "to": "F"}).apply(0, {"type": "end_turn"})
    assert [b["state"] for b in st.view(None)["players"][0]["boats"]] == ["water", "harbour", "reserve"]
    t = cleared()
    boat(t, 0, 1, "w1")
    boat(t, 0, 2, "w2")
    boat(t, 0, 3, "w3")
    st = state(t).apply(0, {"type": "end_turn"})
    assert [b["state"] for b in st.view(None)["players"][0]["boats"]] == ["water"] * 3


def test_empty_sites_are_refilled_unless_a_boat_or_nessie_is_there() -> None:
    """End of the turn: "Then, if possible, the empty islands and dive sites are filled with discovery
    cards from the closed pile. A place is empty if no boat, Nessie or discovery card lies on the space.
    Moored ships count too."""
    t = cleared()
    t.nessie = at(t, "w8")
    boat(t, 1, 1, "I2", via="w1")
    boat(t, 1, 2, "w13")
    t.face_up[at(t, "I4")] = ["N"]
    st = state(t).apply(0, {"type": "end_turn"})
    sites = st.view(None)["sites"]
    assert [s for s, v in sites.items() if v["down"] == 0] == ["I2", "w8", "I4", "w13"]
    assert sites["w15"]["down"] == 2
    assert st.view(None)["endgame"]["stage"] == "playing"


# --------------------------------------------------------------------------- the end of the game


def test_the_end_is_in_sight_when_no_card_is_left_to_fill_an_empty_site() -> None:
    """End of the game: "If there are no discovery cards left to lay on empty places, the end of the game
    is in sight. Nessie attacks the harbour."""
    t = cleared()
    t.piles = [[], ["E"]]
    st = state(t).apply(0, {"type": "end_turn"})
    assert st.view(None)["endgame"]["stage"] == "in_sight"
    assert ("No discovery cards are left to fill the empty sites: when Player 1's turn comes again, Nessie "
            "attacks the harbour.") in said(st)


def test_the_end_is_in_sight_at_the_third_nessie_card() -> None:
    """End of the game: "This also happens when a discovery card with Nessie is turned for the third
    time."""
    t = cleared()
    t.sightings = 2
    t.face_down[at(t, "I4")], t.laid_by[at(t, "I4")] = ["X"], [-1]
    boat(t, 0, 1, "I4", via="w9")
    st = state(t).apply(0, {"type": "explore", "boat": 1})
    assert st.view(None)["sightings"] == 3 and st.view(None)["endgame"]["stage"] == "in_sight"


@pytest.mark.parametrize(("players", "start", "route"), [
    (4, "w12", ["w8", "w9", "w5", "w6", "w7", "w10", "w14", "F"]),
    (3, "w9", ["w5", "w6", "w7", "w10", "w14", "F"]),
])
def test_the_last_turns_nessie_swims_from_iv_or_iii_to_the_harbour(players: int, start: str,
                                                                    route: list[str]) -> None:
    """End of the game: "As soon as the start player's turn comes again, Nessie is put on the space with
    the IV near the harbour. With three players Nessie is put on the space with the III. Every player
    now has two more turns. When a player has finished his turn he moves Nessie to the next field. Here
    too all boats on Nessie's space are eaten ... If Nessie reaches the field in front of the harbour,
    the harbour is blocked and the game ends."""
    t = cleared(players)
    t.stage, t.seat = Stage.IN_SIGHT, players - 1
    boat(t, 1, 1, "w9", finds="T")
    st = state(t).apply(players - 1, {"type": "end_turn"})
    view = st.view(None)
    assert view["endgame"]["stage"] == "last_turns" and view["nessie"] == start and view["turn"] == 0
    swum = []
    for turn in range(2 * players):
        assert st.awaiting == (turn % players,)
        st = st.apply(turn % players, {"type": "end_turn"})
        swum.append(st.view(None)["nessie"])
    assert swum == route and st.outcome is not None
    assert "the harbour is blocked" in said(st)[-1]
    assert st.view(None)["players"][1]["reputation"] == 5      # eaten in the last turns: no points


def test_in_the_last_turns_no_bagpipes_no_observing_no_sailing_out_and_nessie_cards_do_nothing() -> None:
    """End of the game: "In these last turns players may not use bagpipe tokens or make observations.
    Nor can points be earned any more when Nessie eats a boat. Boats in the harbour may no longer sail
    out. If you now find a discovery card with Nessie on it, nothing happens."""
    t = cleared()
    t.stage, t.turns_left, t.nessie = Stage.LAST_TURNS, 8, at(t, "w12")
    boat(t, 0, 1, "H")
    boat(t, 0, 2, "I4", via="w9", tools="b")
    t.face_down[at(t, "I4")], t.laid_by[at(t, "I4")] = ["X"], [-1]
    st = state(t)
    kinds = {(a["type"], a.get("boat")) for a in st.legal_actions(0)}
    assert ("move", 1) not in kinds and ("town", 1) in kinds and not any(k == "bagpipe" for k, _ in kinds)
    st = st.apply(0, {"type": "explore", "boat": 2})
    assert "Nessie is already on her way to the harbour: nothing happens." in said(st)
    assert st.view(None)["nessie"] == "w12" and st.view(None)["sightings"] == 0


def test_the_final_count_full_points_in_the_harbour_half_outside_chests_two() -> None:
    """End of the game: "Cards on boats in the harbour give full points, cards on boats outside the
    harbour count for only half. Whoever has the highest reputation wins." A treasure chest: "2 points
    (if not used for an extra turn)"."""
    t = cleared()
    t.stage, t.turns_left, t.nessie = Stage.LAST_TURNS, 1, at(t, "w14")
    boat(t, 0, 1, "H", finds="YT")          # 8 + 6 in full
    boat(t, 0, 2, "w1", finds="NE")         # (4 + 1) / 2
    t.chests[0] = 1
    boat(t, 1, 1, "w2", finds="YY")         # 16 / 2
    t.reputation[1] = 10
    st = state(t).apply(0, {"type": "end_turn"})
    assert st.outcome is not None
    sheet = st.outcome["scores"]["0"]
    assert (sheet["harbour"], sheet["outside"], sheet["chest_points"], sheet["total"]) == (14, 5, 2, 23.5)
    assert st.outcome["scores"]["1"]["total"] == 18
    assert st.outcome["winners"] == [0] and st.outcome["reason"] == "Player 1 has the best reputation: 23.5."


def test_a_shared_win() -> None:
    t = cleared(3)
    t.stage, t.turns_left, t.nessie = Stage.LAST_TURNS, 1, at(t, "w14")
    t.reputation = [9, 9, 3]
    st = state(t).apply(0, {"type": "end_turn"})
    assert st.outcome is not None and st.outcome["winners"] == [0, 1]
    assert st.outcome["reason"] == "A shared win: 2 players have the best reputation, 9."

