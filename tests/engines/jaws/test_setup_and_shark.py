"""Setup, the round, and the shark's phase, one scenario per rule.

Docstrings quote the German rulebook of "Der weiße Hai" (Act 1), translated."""

from __future__ import annotations

import pytest

from engines import TABLE, IllegalAction
from engines.jaws import GAME
from tests.engines.conformance import assert_refused
from tests.engines.jaws.helpers import CREW, SHARK, load, notations, play, public, said, shark_phase

WATER = ["1", "2", "3", "4", "5", "6", "7", "8", "N", "E", "S", "W"]


def test_setup_puts_quint_hooper_brody_and_the_barrels_where_the_character_boards_say() -> None:
    """SETUP 5: "Quint: take 2 barrels ... The remaining barrels go into the Shop. Your mover and the
    Orca go on the dock on the east side of the island (space 8). Brody: ... on the police station
    (space 7). Hooper: ... the boat on the dock on the west side of the island (space 5)." """
    state = GAME.start(players=4, seed=1)
    v = state.view(None)
    spaces = {c["role"]: c["space"] for c in v["crew"]}
    assert spaces == {"brody": "7", "hooper": "5", "quint": "8"}
    assert v["map"]["police"] == "7"
    assert v["barrels"]["quint"] == 2 and v["barrels"]["shop"] == 3 and v["barrels"]["total"] == 5
    assert v["swimmers"] == {"N": 0, "E": 0, "S": 0, "W": 0} and v["supply"] == 15 and v["michael"] is None
    assert v["shark"]["track"] == 0 and v["shark"]["seen"] is None


def test_the_shark_chooses_a_secret_start_among_the_12_water_spaces() -> None:
    """SETUP 5, shark: "Do NOT put the shark on the board ... Choose a start space: there are 12
    spaces with water, each marked with a number or a letter ... You do NOT tell the crew this
    start position." """
    state = GAME.start(players=3, seed=2)
    assert state.awaiting == (SHARK,)
    assert sorted(a["space"] for a in state.legal_actions(SHARK)) == sorted(WATER)
    assert_refused(state, SHARK, {"type": "start", "space": "Shop"}, "12 water spaces")
    north = play(state, SHARK, "start N")
    south = play(state, SHARK, "start S")
    assert north.view(None) == south.view(None)
    assert north.view(1) == south.view(1) and north.view(2) == south.view(2)
    assert north.view(SHARK)["secret"]["space"] == "N" and "secret" not in north.view(1)
    assert said(north, None) == ["The shark has chosen its secret start space."]
    assert "You start at space N." in said(north, SHARK)


def test_every_role_is_always_played_and_one_player_may_hold_several_crew_members() -> None:
    """SETUP 4: "Decide who plays the shark. The other players share the crew's roles ... Note: all
    roles are always played. With fewer than 4 people one player takes several crew members." """
    two = GAME.start(players=2, seed=1).view(1)
    assert two["roles"] == {"shark": 0, "brody": 1, "hooper": 1, "quint": 1} and two["my_roles"] == [
        "brody",
        "hooper",
        "quint",
    ]
    three = GAME.start(players=3, seed=1).view(None)["roles"]
    assert three["shark"] == 0 and {three["brody"], three["hooper"], three["quint"]} == {1, 2}
    hosted = GAME.start(players=3, seed=1, options={"roles": "BQ/S/H"})
    assert hosted.view(None)["roles"] == {"shark": 1, "brody": 0, "hooper": 2, "quint": 0}
    assert hosted.awaiting == (1,)
    worded = GAME.start(players=3, seed=1, options={"roles": "brody+quint/shark/hooper"})
    assert worded.view(None)["roles"] == hosted.view(None)["roles"]
    for bad, words in [
        ("S/B/H", "every role"),
        ("S/SB/HQ", "exactly one seat"),
        ("SB/H/Q", "no crew member"),
        ("S/BHQ", "one entry per seat"),
        ("S/X/BHQ", "a role is"),
    ]:
        with pytest.raises(IllegalAction, match="(?i)" + words):
            GAME.start(players=3, seed=1, options={"roles": bad})


def test_a_round_is_event_then_shark_then_crew() -> None:
    """OVERVIEW: "Act 1 is played in rounds ... each of the following 3 phases in this order:
    1. Event 2. Shark 3. Crew." """
    state = play(GAME.start(players=2, seed=4), SHARK, "start 1")
    assert state.phase == "event" and state.awaiting == (TABLE,)
    state = play(state, TABLE, "card 9")
    assert state.phase == "shark" and state.awaiting == (SHARK,)
    state = play(state, SHARK, "end")
    assert state.phase == "crew" and state.awaiting == (CREW,)
    state = play(state, CREW, "brody end", "hooper end", "quint end")
    assert state.phase == "event" and state.view(None)["round"] == 2


def test_the_event_phase_puts_the_cards_swimmers_on_the_beaches_it_names() -> None:
    """PHASE 1: "Turn over the top card ... Put the required number of swimmers from the supply on
    the water of the beach spaces whose letter is shown." The rulebook's example: 1 swimmer at the
    north beach, 2 at the south beach, 2 at the east beach; "any one crew member may take 1 extra
    action this round" (Amity Island in the News)."""
    state = play(play(GAME.start(players=2, seed=4), SHARK, "start 1"), TABLE, "card 2")
    v = state.view(None)
    assert v["swimmers"] == {"N": 1, "E": 2, "S": 2, "W": 0} and v["supply"] == 10
    assert v["card"]["title"]["msgid"] == "Amity Island in the News"
    assert v["effects"]["extra"]["any"] is True
    assert said(state)[:2] == ["Event card: Amity Island in the News", "Swimmers go in: N 1, E 2, S 2, W 0."]


def test_michael_is_never_one_of_the_swimmers_a_card_places() -> None:
    """PHASE 1: "Michael (Brody's son) is a special swimmer. When swimmers are placed, Michael may
    NOT be chosen. Michael comes into play only when an event card explicitly says so." """
    state = play(GAME.start(players=2, seed=4), SHARK, "start 1")
    for card in ("card 4",):
        state = play(state, TABLE, card)
    assert state.view(None)["michael"] is None


def test_the_shark_moves_one_space_through_the_water_never_over_land_or_diagonally() -> None:
    """PHASE 2, MOVE: "You can move through the water 1 space to an adjacent space. Diagonally
    adjacent spaces do not count as adjacent. You may not move over land." """
    state = shark_phase(shark="5")
    moves = sorted(a["to"] for a in state.legal_actions(SHARK) if a["type"] == "move")
    assert moves == ["1", "N", "W"]
    assert_refused(state, SHARK, {"type": "move", "to": "Shop"}, "cannot swim over land")
    assert_refused(state, SHARK, {"type": "move", "to": "2"}, "next to its own")


def test_the_shark_eats_one_swimmer_in_its_own_space_per_action() -> None:
    """PHASE 2, EAT 1 SWIMMER: "You can eat 1 swimmer that is in your space." """
    state = shark_phase(shark="N", swim="N2.E1.S0.W0")
    assert "eat" in notations(state, SHARK)
    state = play(state, SHARK, "eat", "eat")
    assert "eat" not in notations(state, SHARK)
    assert state.view(SHARK)["secret"]["eaten"] == {"N": 2, "E": 0, "S": 0, "W": 0}
    assert_refused(state, SHARK, {"type": "eat"}, "no swimmer left")
    away = play(shark_phase(shark="1", swim="N2.E1.S0.W0"), SHARK, "move 2")
    assert_refused(away, SHARK, {"type": "eat"}, "only at the beaches")


def test_the_shark_has_up_to_three_actions_in_any_order_the_same_one_repeated() -> None:
    """PHASE 2: "The shark may take up to 3 actions and one ability. It may choose the same action
    several times and take its actions in any order." """
    state = play(shark_phase(shark="1", swim="N1.E0.S0.W0"), SHARK, "move N", "eat", "move 5")
    assert all(a["type"] in ("evade", "hide", "back", "end") for a in state.legal_actions(SHARK))
    assert_refused(state, SHARK, {"type": "move", "to": "W"}, "all your actions")
    done = play(state, SHARK, "end")
    assert done.phase == "crew" and done.view(SHARK)["secret"]["start"] == "5"


def test_the_shark_announces_eaten_swimmers_per_beach_and_its_track_moves_up() -> None:
    """PHASE 2: "Tell the crew how many swimmers you ate at which beach. Then remove those swimmers
    from the board ... Move the clip on your swimmer track up 1 space per swimmer eaten." """
    state = play(shark_phase(shark="N", swim="N2.E1.S0.W0"), SHARK, "eat", "move 6", "move E", "end")
    v = state.view(None)
    assert v["swimmers"] == {"N": 1, "E": 1, "S": 0, "W": 0} and v["shark"]["track"] == 1
    ate = public(state)[0]
    assert ate["type"] == "shark_ate" and ate["eaten"] == {"N": 1, "E": 0, "S": 0, "W": 0}
    assert said(state)[0] == "The shark ate 1 swimmer at N. Its swimmer track is at 1."


def test_the_announcement_never_says_when_or_in_which_order() -> None:
    """MOTION SENSORS: "At the end of your turn you must tell the crew whether, or which, motion
    sensors you set off. You do NOT have to say when you set them off - before or after eating a
    swimmer - or in which order, if you set off several." """
    base = shark_phase(
        shark="1", swim="N1.E0.S0.W0", float="5:1.N:1", barrels="0.0.0.3.0.0"
    )  # both of Quint's barrels float, at 5 and at N
    one = play(base, SHARK, "move N", "eat", "move 5", "end")
    two = play(base, SHARK, "move 5", "move N", "eat", "end")
    assert public(one) == public(two)
    assert [ev["type"] for ev in public(one)] == ["shark_ate", "sensors", "ability"]
    assert public(one)[1]["at"] == ["5", "N"]
    assert "Motion sensors went off at 5, N." in said(one)


def test_reaching_the_goal_on_the_swimmer_track_ends_act_one_at_once() -> None:
    """PLAYING ACT 1 ALONE: "As soon as the swimmer track on the shark's board reaches 7 (or more),
    the game ends at once and the shark has won." (With both acts, space 9 ends Act 1.)"""
    state = shark_phase(shark="N", swim="N3.E0.S0.W0", eaten="5")
    state = play(state, SHARK, "eat", "eat")
    assert notations(state, SHARK) == ["back", "end"]
    assert_refused(state, SHARK, {"type": "eat"}, "reaches its goal")
    over = play(state, SHARK, "end")
    assert over.awaiting == () and over.outcome is not None
    assert over.outcome["winners"] == [SHARK] and over.outcome["scores"]["swimmers_eaten"] == 7


def test_one_ability_per_round_each_once_per_game_and_only_that_one_was_used_is_said() -> None:
    """ABILITIES: "Each ability can be used only once per game. If you decide to play one, tell the
    crew and put the token face down in front of you. You do NOT tell the crew which ability it
    is." PHASE 2: "up to 3 actions and one ability." """
    state = play(shark_phase(shark="1"), SHARK, "hide")
    assert not {"evade", "frenzy", "burst"} & {a["type"] for a in state.legal_actions(SHARK)}
    assert_refused(state, SHARK, {"type": "evade"}, "already played an ability this round")
    hid = play(state, SHARK, "end")
    evaded = play(play(shark_phase(shark="1"), SHARK, "evade"), SHARK, "end")
    assert public(hid) == public(evaded)
    assert said(hid)[2] == "The shark used an ability."
    assert hid.view(None)["shark"]["abilities_used"] == 1
    assert hid.view(SHARK)["secret"]["powers"] == ["frenzy", "evade", "burst"]
    later = load(hid.notation().replace("phase=crew", "phase=shark"))
    assert_refused(later, SHARK, {"type": "hide"}, "once per game")


def test_feeding_frenzy_eats_every_swimmer_in_the_space_in_one_action() -> None:
    """FEEDING FRENZY (F): "In your action you may eat ALL swimmers in your space." """
    state = play(shark_phase(shark="S", swim="N0.E0.S4.W0"), SHARK, "frenzy", "move 4", "move 2")
    assert state.view(SHARK)["secret"]["eaten"]["S"] == 4
    done = play(state, SHARK, "end")
    assert done.view(None)["shark"]["track"] == 4 and done.view(None)["swimmers"]["S"] == 0


def test_evasive_moves_sets_off_no_motion_sensor_this_round() -> None:
    """EVASIVE MOVES (EM): "You set off no motion sensors this round - not even when you move through
    spaces with floating barrels." """
    base = shark_phase(shark="1", float="N:1.5:1", barrels="0.0.0.3.0.0")
    plain = play(base, SHARK, "move N", "move 5", "end")
    assert public(plain)[1]["at"] == ["5", "N"]
    evaded = play(base, SHARK, "move N", "move 5", "evade", "end")  # played after the moves: still the round
    assert public(evaded)[1]["at"] == [] and said(evaded)[1] == "No motion sensor went off."


def test_speed_burst_moves_up_to_three_spaces_in_one_action_once() -> None:
    """SPEED BURST (T): "In one action you may move up to 3 spaces. That is possible only once; all
    other moves go 1 space as usual." The rulebook's example: the shark starts at the north beach
    with 2 swimmers there, eats both, then uses Speed Burst to swim from N all the way to 4 and
    notes position 4, "2" in column N and circles T."""
    state = play(shark_phase(shark="N", swim="N2.E0.S0.W0"), SHARK, "eat", "eat")
    bursts = [a for a in state.legal_actions(SHARK) if a["type"] == "burst"]
    assert {"burst N-1-2-4", "burst 1-2-4"} - {a["notation"] for a in bursts} == {"burst N-1-2-4"}
    assert all(1 <= len(a["path"]) <= 3 for a in bursts)
    state = play(state, SHARK, "burst 1-2-4")
    assert state.view(SHARK)["secret"]["space"] == "4" and state.view(SHARK)["secret"]["actions_left"] == 0
    done = play(state, SHARK, "end")
    record = done.view(SHARK)["secret"]["trail"][-1]
    assert record["to"] == "4" and record["eaten"] == [2, 0, 0, 0] and record["power"] == "burst"
    assert done.view(None)["rounds"][-1]["eaten"] == [2, 0, 0, 0]


def test_the_shark_may_take_back_its_plan_until_it_ends_the_turn() -> None:
    """The shark plans its whole turn before telling it ("Once you have thought through your whole
    turn, note it on the movement plan. Then announce that you have finished"): until then the
    phone takes a step back, and nothing of the plan has reached the board."""
    state = shark_phase(shark="N", swim="N2.E0.S0.W0")
    planned = play(state, SHARK, "eat", "move 1", "hide")
    assert planned.view(None) == state.view(None)
    back = play(planned, SHARK, "back", "back")
    assert back.view(SHARK)["secret"]["plan"] == ["eat"] and back.view(SHARK)["secret"]["space"] == "N"
    assert "back" not in notations(play(state, SHARK, "end"), CREW)


def test_the_end_of_the_round_returns_a_played_ability_to_the_box() -> None:
    """END OF THE ROUND: "If the shark used an ability this round, it now goes back into the box face
    down. A new round begins with the event phase." """
    state = play(shark_phase(shark="1"), SHARK, "hide", "end")
    assert state.view(None)["shark"]["ability_this_round"] is True
    state = play(state, CREW, "brody end", "hooper end", "quint end")
    assert state.phase == "event" and state.view(None)["shark"]["ability_this_round"] is False
    state = play(state, TABLE, "card 9")
    assert "hide" not in notations(state, SHARK) and "evade" in notations(state, SHARK)


def test_a_crew_seat_cannot_act_while_the_shark_plans() -> None:
    state = shark_phase(shark="1")
    assert_refused(state, CREW, {"type": "move", "role": "quint", "to": "4"}, "not your turn")
