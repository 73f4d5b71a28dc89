"""The crew's phase: Quint, Brody and Hooper, one scenario per rule, and the automatic answers.

Docstrings quote the German rulebook of "Der weiße Hai" (Act 1), translated."""

from __future__ import annotations

from engines.jaws import GAME
from tests.engines.conformance import assert_refused
from tests.engines.jaws.helpers import CREW, SHARK, crew_phase, load, play, public, said


def test_each_crew_member_takes_up_to_four_actions_and_finishes_before_the_next_begins() -> None:
    """PHASE 3: "Each crew member may take up to 4 actions. The crew may take its turns in any
    order, but once a crew member has begun its turn, it must finish it before the next crew member
    begins." """
    state = crew_phase()
    starts = {a["role"] for a in state.legal_actions(CREW)}
    assert starts == {"brody", "hooper", "quint"}
    state = play(state, CREW, "quint move 4")
    assert {a["role"] for a in state.legal_actions(CREW)} == {"quint"}
    assert_refused(state, CREW, {"type": "move", "role": "hooper", "to": "1"}, "one crew member finishes")
    state = play(state, CREW, "quint move 8", "quint move 4", "quint move 2")
    assert state.view(None)["crew"][2]["turn"] == "done"  # the fourth action ends the turn
    assert_refused(state, CREW, {"type": "move", "role": "quint", "to": "1"}, "already taken a turn")


def test_each_crew_seat_plays_only_its_own_crew_members() -> None:
    state = GAME.start(players=4, seed=1, options={"roles": "S/B/H/Q"})
    state = load(state.notation().replace("phase=start", "phase=crew").replace("shark=-", "shark=1"))
    assert {a["role"] for a in state.legal_actions(1)} == {"brody"}
    assert_refused(state, 1, {"type": "move", "role": "quint", "to": "4"}, "do not play")
    assert state.awaiting == (1, 2, 3)
    state = play(state, 3, "quint move 4")
    assert state.awaiting == (3,)


def test_quint_moves_one_water_space_and_never_over_land() -> None:
    """QUINT, MOVE: "You can move 1 space over the water to an adjacent space ... You may not move
    over land." """
    state = crew_phase()
    assert sorted(
        a["to"] for a in state.legal_actions(CREW) if a["type"] == "move" and a["role"] == "quint"
    ) == ["4", "E", "S"]
    assert_refused(state, CREW, {"type": "move", "role": "quint", "to": "Shop"}, "cannot sail over land")
    assert_refused(state, CREW, {"type": "move", "role": "quint", "to": "2"}, "one space at a time")


def test_rescuing_returns_one_swimmer_from_the_movers_space_to_the_supply() -> None:
    """QUINT / BRODY / HOOPER, RESCUE 1 SWIMMER: "You can put 1 swimmer from the space your mover
    stands on back into the supply." """
    state = crew_phase(crew="N.S.S", swim="N1.E0.S2.W0")
    state = play(state, CREW, "quint rescue", "quint rescue")
    assert state.view(None)["swimmers"]["S"] == 0 and state.view(None)["supply"] == 14
    assert said(state)[-1].startswith(
        "Quint rescues a swimmer at S"
    ) or "Quint rescues a swimmer at S." in said(state)
    state = play(state, CREW, "quint end", "brody rescue")
    assert state.view(None)["swimmers"]["N"] == 0


def test_quint_collects_barrels_each_place_a_separate_action() -> None:
    """QUINT, COLLECT BARRELS: "You may collect any number of barrels - from the dock, from the
    water or from Hooper's boat. For each place you must take the action again." """
    state = crew_phase(
        crew="7.8.8", barrels="0.1.0.1.0.2", float="8:1"
    )  # dock 8 holds 2, one floats, Hooper has 1
    quint = [a["notation"] for a in state.legal_actions(CREW) if a.get("role") == "quint"]
    assert {
        "quint collect dock 1",
        "quint collect dock 2",
        "quint collect water 1",
        "quint collect hooper 1",
    } <= set(quint)
    state = play(state, CREW, "quint collect dock 2", "quint collect water 1", "quint collect hooper 1")
    v = state.view(None)["barrels"]
    assert v["quint"] == 4 and v["docks"]["8"] == 0 and v["floating"] == {} and v["hooper"] == 0
    assert state.view(None)["crew"][2]["actions_left"] == 1


def test_quint_throws_one_barrel_a_round_into_his_space_or_an_adjacent_one() -> None:
    """QUINT, THROW A BARREL (once per round): "... onto your own or an adjacent space ... The shark
    must now say whether it is in that space." """
    state = crew_phase(shark="4")
    throws = sorted(a["at"] for a in state.legal_actions(CREW) if a["type"] == "throw")
    assert throws == ["4", "8", "E", "S"]
    state = play(state, CREW, "quint throw E")
    assert_refused(state, CREW, {"type": "throw", "role": "quint", "at": "8"}, "only one barrel per round")
    assert_refused(
        crew_phase(barrels="0.0.0.3.0.0", float="1:2"),
        CREW,
        {"type": "throw", "role": "quint", "at": "8"},
        "no barrel aboard",
    )
    assert_refused(
        crew_phase(), CREW, {"type": "throw", "role": "quint", "at": "1"}, "own space or a water space"
    )


def test_a_barrel_on_the_sharks_space_is_attached_and_the_shark_is_shown_there() -> None:
    """QUINT, THROW: "If the shark is in this space, it is hit and the barrel sticks to it ... The
    barrel goes onto the shark's board." """
    state = play(crew_phase(shark="4"), CREW, "quint throw 4")
    v = state.view(None)
    assert v["shark"]["barrels"] == 1 and v["barrels"]["attached"] == 1 and v["barrels"]["quint"] == 1
    assert v["shark"]["seen"] == {"space": "4", "by": "barrel"}
    hit = public(state)[0]
    assert hit["type"] == "hit" and hit["seat"] == SHARK
    assert (
        said(state)[0]
        == "Quint throws a barrel at space 4: a hit! The barrel is attached to the shark (1 of 2)."
    )


def test_a_barrel_that_misses_floats_with_its_motion_sensor() -> None:
    """QUINT, THROW: "If the shark is not in this space, the barrel stays in the water. It now floats
    with its motion sensor, which the shark may set off in later rounds." """
    state = play(crew_phase(shark="4"), CREW, "quint throw 8")
    assert state.view(None)["barrels"]["floating"] == {"8": 1}
    assert (
        said(state)[0]
        == "Quint throws a barrel at space 8: no shark there. The barrel floats with its motion sensor."
    )


def test_the_second_barrel_attached_ends_act_one_and_the_crew_wins() -> None:
    """END OF ACT 1: "Act 1 ends at once ... 1. The crew manages to attach a second barrel to the
    shark." PLAYING ACT 1 ALONE: "If the crew attaches a second barrel before space 7 ... the game
    ends at once and the crew has won." """
    state = play(crew_phase(shark="4", attached="1", barrels="0.0.2.2.0.0"), CREW, "quint throw 4")
    assert state.awaiting == () and state.outcome is not None
    assert state.outcome["winners"] == [CREW]
    assert [ev["type"] for ev in public(state)][-2:] == ["act_over", "revealed"]


def test_brody_moves_over_land_only() -> None:
    """BRODY, MOVE: "Move 1 space over land to an adjacent space ... You may not move on the water." """
    state = crew_phase()
    assert sorted(
        a["to"] for a in state.legal_actions(CREW) if a["type"] == "move" and a["role"] == "brody"
    ) == ["5", "S", "Shop", "W"]
    assert_refused(state, CREW, {"type": "move", "role": "brody", "to": "3"}, "over land only")


def test_brody_carries_one_barrel_from_the_shop_and_delivers_it_at_a_dock() -> None:
    """BRODY, COLLECT 1 BARREL: "If you are in the Shop you can collect 1 barrel ... You can carry
    only 1 barrel at a time." DELIVER 1 BARREL: "If you are on a dock and carry 1 barrel, you can
    deliver it ... Any number of barrels may be on a dock." """
    state = play(crew_phase(), CREW, "brody move Shop", "brody collect shop 1")
    assert state.view(None)["barrels"]["brody"] == 1 and state.view(None)["barrels"]["shop"] == 2
    assert_refused(
        state, CREW, {"type": "collect", "role": "brody", "from": "shop", "count": 1}, "only one barrel"
    )
    state = play(state, CREW, "brody move 5", "brody deliver")
    assert state.view(None)["barrels"]["docks"]["5"] == 1 and state.view(None)["barrels"]["brody"] == 0
    assert_refused(
        play(crew_phase(), CREW, "brody move 5"),
        CREW,
        {"type": "collect", "role": "brody", "from": "dock", "count": 1},
        "only at the shop",
    )


def test_brodys_binoculars_answer_for_his_own_beach_once_a_round() -> None:
    """BRODY, USE THE BINOCULARS (once per round): "If you are on one of the 4 beaches, you may put
    the binoculars on your space. The shark must now say whether it is in the water at this beach.
    If so, the shark is put there." """
    assert_refused(
        crew_phase(), CREW, {"type": "binoculars", "role": "brody"}, "only on one of the 4 beaches"
    )
    seen = play(crew_phase(shark="S"), CREW, "brody move S", "brody binoculars")
    assert seen.view(None)["shark"]["seen"] == {"space": "S", "by": "binoculars"}
    assert said(seen)[-1] == "Binoculars at S: the shark is HERE! Its mover goes on the board."
    assert_refused(
        seen, CREW, {"type": "binoculars", "role": "brody"}, "already used the binoculars this round"
    )
    empty = play(crew_phase(shark="4"), CREW, "brody move S", "brody binoculars")
    assert said(empty)[-1] == "Binoculars at S: the shark is not at this beach."
    assert empty.view(None)["rounds"] == [] or empty.view(None)["shark"]["seen"] is None


def test_brody_closes_an_empty_beach_from_the_police_station_or_the_mayors_office() -> None:
    """BRODY, CLOSE A BEACH (once per round): "If you are in the mayor's office or the police
    station you may close a beach, but only if no swimmer is there." NOTE: "Never can more than one
    beach be closed at once. If a beach is closed already, ... put the tile on the newly chosen
    beach (closed side up)." """
    state = crew_phase(swim="N1.E0.S0.W0")
    closable = sorted(a["beach"] for a in state.legal_actions(CREW) if a["type"] == "close")
    assert closable == ["E", "S", "W"]
    assert_refused(state, CREW, {"type": "close", "role": "brody", "beach": "N"}, "no swimmer")
    state = play(state, CREW, "brody close E")
    assert state.view(None)["closed"] == {"beach": "E", "side": "closed"}
    assert_refused(state, CREW, {"type": "close", "role": "brody", "beach": "W"}, "already closed a beach")
    moved = play(crew_phase(closed="E~"), CREW, "brody close W")
    assert moved.view(None)["closed"] == {"beach": "W", "side": "closed"}
    assert_refused(
        crew_phase(closed="E~"), CREW, {"type": "close", "role": "brody", "beach": "E"}, "another beach"
    )
    away = play(crew_phase(), CREW, "brody move S")
    assert_refused(away, CREW, {"type": "close", "role": "brody", "beach": "E"}, "police station")


def test_a_closed_beach_turns_to_opens_soon_then_opens_instead_of_taking_swimmers() -> None:
    """CLOSE A BEACH: "If an event card would put swimmers on this beach, that is not done: the tile
    is turned over to 'Opens soon'. The next time an event card says swimmers visit this beach,
    that does not happen either: the tile is removed from the board." """
    state = load(crew_phase(closed="N").notation().replace("phase=crew", "phase=event"))
    once = play(state, -1, "card 1")  # N 2, E 0, S 1, W 2
    assert once.view(None)["swimmers"]["N"] == 0 and once.view(None)["closed"] == {
        "beach": "N",
        "side": "soon",
    }
    twice = play(load(once.notation().replace("phase=shark", "phase=event")), -1, "card 4")  # N 2
    assert twice.view(None)["swimmers"]["N"] == 0 and twice.view(None)["closed"] is None


def test_hooper_moves_up_to_two_water_spaces_in_one_action() -> None:
    """HOOPER, MOVE: "Your boat is faster than Quint's Orca: in one action it can move up to 2
    spaces ... through water to an adjacent space each time ... You may not move over land." """
    state = crew_phase()
    moves = sorted(
        a["to"] for a in state.legal_actions(CREW) if a["type"] == "move" and a["role"] == "hooper"
    )
    assert moves == ["1", "2", "3", "6", "7", "N", "W"]
    assert_refused(state, CREW, {"type": "move", "role": "hooper", "to": "4"}, "up to 2 spaces")


def test_hooper_collects_barrels_from_the_dock_or_the_water_and_hands_all_to_quint() -> None:
    """HOOPER, COLLECT BARRELS: "any number of barrels in your space, from a dock or from the water
    ... each place a separate action." DELIVER BARRELS TO QUINT: "If you are in the same space as
    Quint you can give him ALL barrels from your boat." NOTE: "Hooper cannot throw barrels." """
    state = crew_phase(crew="7.5.1", barrels="0.0.2.1.2.0")
    state = play(state, CREW, "hooper collect dock 2", "hooper move 1")
    assert not [a for a in state.legal_actions(CREW) if a["type"] == "throw" and a["role"] == "hooper"]
    state = play(state, CREW, "hooper give")
    v = state.view(None)["barrels"]
    assert v["quint"] == 4 and v["hooper"] == 0
    assert said(state)[0] == "Hooper hands 2 barrels to Quint."


def test_fish_finder_example_1_nearby_leaves_3_5_n_and_2() -> None:
    """FISH FINDER, EXAMPLE 1: "Hooper uses his fish finder on space 1. The shark says it is
    'nearby' - so on an adjacent space. The crew now knows that the shark is on one of these 4
    spaces: 3, 5, N or 2." """
    for shark in ("3", "5", "N", "2"):
        state = play(crew_phase(crew="7.1.8", shark=shark), CREW, "hooper finder")
        assert said(state)[0] == "Fish finder at space 1: the shark is nearby."
        assert sorted(public(state)[0]["nearby"]) == ["2", "3", "5", "N"]
    here = play(crew_phase(crew="7.1.8", shark="1"), CREW, "hooper finder")
    assert said(here)[0] == "Fish finder at space 1: the shark is HERE! Its mover goes on the board."
    assert here.view(None)["shark"]["seen"] == {"space": "1", "by": "finder"}


def test_fish_finder_example_2_neither_rules_out_3_w_7_and_s() -> None:
    """FISH FINDER, EXAMPLE 2: "Hooper uses his fish finder on space 7. The shark says it is
    neither on this space nor nearby. The crew now knows the shark is NOT on space 3, W, 7 or S." """
    for shark in ("1", "2", "4", "5", "6", "8", "N", "E"):
        state = play(crew_phase(crew="7.7.8", shark=shark), CREW, "hooper finder")
        assert said(state)[0] == "Fish finder at space 7: the shark is neither here nor nearby."
    for shark in ("3", "W", "S"):
        state = play(crew_phase(crew="7.7.8", shark=shark), CREW, "hooper finder")
        assert said(state)[0] == "Fish finder at space 7: the shark is nearby."


def test_the_fish_finder_is_used_once_a_round() -> None:
    state = play(crew_phase(), CREW, "hooper finder")
    assert_refused(
        state, CREW, {"type": "finder", "role": "hooper"}, "already used the fish finder this round"
    )


def test_the_crew_sees_where_the_shark_may_be_from_the_answers() -> None:
    """What the fish finder's examples say the crew knows, on the crew's own phones: after a 'nearby'
    at 1 the shark is on 3, 5, N or 2 (and nothing else the shark announced rules any out)."""
    state = GAME.start(players=2, seed=3)
    state = play(state, SHARK, "start 3")
    state = play(state, -1, "card 6")
    state = play(state, SHARK, "end")  # it stays at 3: ate nobody, no ability
    state = play(state, CREW, "hooper move 1", "hooper finder")
    assert state.view(CREW)["shark"]["possible"] == ["2", "3", "5", "N"]
    assert state.view(None)["shark"]["possible"] == state.view(CREW)["shark"]["possible"]


def test_a_captain_knocked_into_the_water_spends_two_actions_climbing_back() -> None:
    """BEN GARDNER'S BOAT (event card): "If the shark moves through a boat's space, it may knock that
    boat's captain into the water. The captain must spend two actions to get back on the boat." """
    state = load(crew_phase(crew="7.5.8", wet="001").notation())
    quint = [a["notation"] for a in state.legal_actions(CREW) if a.get("role") == "quint"]
    assert quint == ["quint climb", "quint end"]
    state = play(state, CREW, "quint climb")
    v = state.view(None)["crew"][2]
    assert v["in_water"] is False and v["actions_left"] == 2


def test_a_phone_may_name_a_crew_action_by_its_notation_or_leave_out_the_role() -> None:
    """The door: ``{"type", "notation"}`` names an action (what phones send back); a crew action
    without its ``role`` means the seat's only crew member, or the one whose turn is running."""
    state = GAME.start(players=4, seed=1, options={"roles": "S/B/H/Q"})
    state = load(state.notation().replace("phase=start", "phase=crew").replace("shark=-", "shark=1"))
    moved = state.apply(2, {"type": "move", "notation": "hooper move 1"})
    assert moved.view(None)["crew"][1]["space"] == "1"
    assert state.apply(2, {"type": "move", "to": "1"}).notation() == moved.notation()
    two = play(crew_phase(), CREW, "quint move 4")
    assert two.apply(CREW, {"type": "move", "to": "8"}).view(None)["crew"][2]["space"] == "8"
