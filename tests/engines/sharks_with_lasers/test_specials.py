"""One scenario per special action card (option ``specials``), each at the moment its paragraph
says: on a shark, on an agent as the first action, face up in phase II, or before the round.

Boards: 2 players use the 7 x 9 board (a-g, rows 1-9), 3 players the 9 x 9 board (a-i)."""

from __future__ import annotations

from engines.sharks_with_lasers import SharksState
from tests.engines.conformance import assert_refused
from tests.engines.sharks_with_lasers.helpers import agents, kinds, play, pos, resolve_round, said, sharks


def legal_kinds(state: SharksState, seat: int) -> list[str]:
    return [a["notation"] for a in state.legal_actions(seat)]


def test_sharkcellerator_moves_the_shark_two_squares_forward() -> None:
    """Sharkcellerator: "played on a shark and moves the shark two squares forward. Moving forward
    works like the Move forward action for sharks." """
    state = pos(2, agents="a1.g1", sharks="b5S.d2S.f5S", white="0a", grey="1a")
    state, story = resolve_round(state)
    assert sharks(state)[:2] == ["b3S", "d1N"]          # the grey one meets the boat on its 2nd step
    assert "The grey shark meets the boat and turns round to face N." in said(story)


def test_deadly_diagonal_left_turns_left_moves_turns_right_moves() -> None:
    """Deadly Diagonal Left: "moves the shark as if diagonally left forward: by turning the shark
    left, moving forward, turning right, and moving forward again." (Facing the boat, the shark's
    left is the board's Right side.)"""
    state = pos(2, agents="a1.g1", sharks="b8S.d5S.f8S", grey="0b")
    state, story = resolve_round(state)
    assert sharks(state)[1] == "e4S"
    assert kinds(story, "turned", "moved") == ["turned", "moved", "turned", "moved"]


def test_deadly_diagonal_right_eats_the_agent_on_its_way() -> None:
    """Deadly Diagonal Right: "works like Deadly Diagonal Left, but the shark moves as if right
    forward: turn right, forward, turn left, forward." """
    state = pos(2, agents="c4.g1", sharks="b8S.d5S.f8S", grey="1c")
    state, story = resolve_round(state)
    assert sharks(state)[1] == "c4S" and agents(state)[0] is None
    assert "The grey shark eats Player 1's agent!" in said(story)


def test_shark_o_porter_teleports_a_shark_before_the_round() -> None:
    """Shark-o-Porter: "played before a round, so before phase I. It teleports a shark of your
    choice to any empty square of the board." """
    state = pos(2, phase="pre", queue="0", turn="0", agents="c1.e1", hands="pF/F")
    assert "porter white c1" not in legal_kinds(state, 0)      # not onto a figure
    state, story = play(state, (0, {"type": "porter", "card": "p", "shark": "white", "square": "e7"}))
    assert sharks(state)[0] == "e7S"
    assert "Player 1 plays Shark-o-Porter." in said(story)
    assert state.view(None)["discard"] == ["p"]
    assert state.phase == "play"                # no pre-round card left: the round goes on


def test_ultra_power_laserbeam_goes_through_every_agent_and_shield() -> None:
    """Ultra-Power Laserbeam: "shoots through all agents it meets ... Sharks are not hit ... a
    standard MIA shield gives no protection ... The Ultra-Power Shield does stop the beam." """
    state = pos(3, agents="b4.b2.b1", sharks="b5S.b3S.f5S", onagent="S/-/h", white="0u")
    state, story = resolve_round(state)
    assert agents(state) == [None, None, "b1"]
    assert kinds(story, "fried", "shield") == ["fried", "fried", "shield"]
    assert "The Ultra-Power Shield on Player 3's agent stops the Ultra-Power Laserbeam." in said(story)


def test_shark_freeze_blanks_every_card_played_after_it() -> None:
    """Shark Freeze: "blocks all cards played on the shark after the Shark Freeze. Cards after the
    Shark Freeze count as blank and have no effect." """
    state = pos(2, agents="a1.g1", sharks="b5S.d5S.f5S", white="1R0f1F1S")
    state, story = resolve_round(state)
    assert sharks(state)[0] == "b5W"                  # the card before the freeze still acted
    assert [ev["frozen"] for ev in story if ev["type"] == "revealed" and "shark" in ev] == [
        False, False, True, True]
    assert kinds(story, "beam", "moved") == []


def test_beserk_fire_shoots_ahead_behind_and_to_both_sides() -> None:
    """Beserk Fire: "makes the shark fire normal laser beams backward, forward and to the sides ...
    A normal beam hits the first thing in its way. Unprotected agents die." """
    state = pos(4, agents="e3.e7.c5.h5", sharks="e5S.a9S.i9S", onagent="-/S/-/-", white="0z")
    state, story = resolve_round(state)
    assert agents(state) == [None, "e7", None, None]
    assert len([ev for ev in story if ev["type"] == "beam"]) == 4
    assert kinds(story, "shield") == ["shield"]


def test_shark_spy_shows_one_stack_to_its_player_only() -> None:
    """Shark Spy: "played face up in phase II ... The player who plays it may look at the stack of
    cards played so far on one of the sharks." """
    state = pos(3, agents="c1.e1.g1", hands="FF/yF/FF", white="0S2U")
    state, story = play(state, (0, {"type": "shark", "card": "F", "shark": "white"}),
                        (1, {"type": "spy", "card": "y", "shark": "white"}))
    seen = [c["card"] for c in state.view(1)["stacks"][0]["cards"]]
    assert seen == ["S", "U", "F"]
    assert [c["card"] for c in state.view(2)["stacks"][0]["cards"]] == [None, "U", None]
    assert [c["card"] for c in state.view(None)["stacks"][0]["cards"]] == [None, None, None]
    spied = [ev for ev in story if ev["type"] == "spied"]
    assert spied and spied[0]["visible_to"] == [1]
    state, _ = play(state, (2, {"type": "shark", "card": "F", "shark": "white"}))
    assert [c["card"] for c in state.view(1)["stacks"][0]["cards"]] == ["S", "U", "F", None]  # "so far"


def test_ultra_power_shield_stops_every_normal_shot() -> None:
    """Ultra-Power Shield: "played on an agent as its first action; protects against a single
    Ultra-Power Laserbeam or against all normal laser shots." """
    state = pos(2, agents="b3.g1", sharks="b5S.d5S.f5S", onagent="h/-", white="1S1S1S")
    state, story = resolve_round(state)
    assert agents(state)[0] == "b3"
    assert kinds(story, "shield") == ["shield"] * 3


def test_shark_cage_turns_a_shark_bite_into_a_push() -> None:
    """Shark Cage: "protects the agent from being eaten ... Collisions between the agent and a shark
    are resolved like collisions between two agents. The agent can never be pushed off the board." """
    state = pos(2, agents="b4.g1", sharks="b5S.d5S.f5S", onagent="kF/-", white="1F")
    state, story = resolve_round(state)
    # the shark pushes the caged agent to b3; then the agent's second action pushes the shark back
    assert agents(state)[0] == "b4" and sharks(state)[0] == "b5S"
    assert kinds(story, "eaten") == []
    edge = pos(2, agents="b1.g1", sharks="b2S.d5S.f5S", onagent="k/-", white="1F")
    edge, story = resolve_round(edge)
    assert agents(edge)[0] == "b1" and sharks(edge)[0] == "b2S"
    assert "That push would shove Player 1's agent off the board, so nothing moves." in said(story)


def test_tractor_beam_pulls_an_agent_one_square_toward_you() -> None:
    """Tractor Beam: "played before a round ... pulls an agent of your choice one square
    horizontally or vertically in your direction." (Ruling: toward your own agent.)"""
    state = pos(2, phase="pre", queue="0", turn="0", agents="b2.e5", hands="t/-", sharks="a9S.c9S.g9S")
    assert set(legal_kinds(state, 0)) == {"tractor 1 S", "tractor 1 W", "done"}
    state, _ = play(state, (0, {"type": "tractor", "card": "t", "target_seat": 1, "dir": "W"}))
    assert agents(state) == ["b2", "d5"]


def test_shark_scare_moves_a_near_shark_away_from_you() -> None:
    """Shark Scare: "moves a shark of your choice one square horizontally or vertically away from
    you. There may be no more than one square between you and the shark." """
    state = pos(2, phase="pre", queue="0", turn="0", agents="b3.g1", hands="e/-", sharks="b5S.e5S.f9S")
    assert set(legal_kinds(state, 0)) == {"scare white N", "done"}   # grey is too far away
    assert_refused(state, 0, {"type": "scare", "card": "e", "shark": "grey", "dir": "E"}, "two squares")
    state, _ = play(state, (0, {"type": "scare", "card": "e", "shark": "white", "dir": "N"}))
    assert sharks(state)[0] == "b6S"


def test_laser_blast_deflector_lets_its_player_choose_and_works_twice() -> None:
    """Laser Blast Deflector: "bends a normal laser beam 90 degrees or lets it pass over you ... The
    player who played it decides which way ... It can deflect at most two laser shots." """
    state = pos(3, agents="b3.d3.g1", sharks="b5S.e5S.f5S", onagent="d/-/-", white="2S2S2S")
    state, story = resolve_round(state)
    assert state.phase == "choice" and state.awaiting == (0,)
    assert legal_kinds(state, 0) == ["deflect W", "deflect E", "deflect over"]
    assert state.view(None)["pending"] == {"kind": "deflect", "seat": 0, "square": "b3", "dir": "S",
                                           "shark": "white"}
    # mid-resolution, only the cards that have acted are face up
    assert [c["card"] for c in state.view(0)["stacks"][0]["cards"]] == ["S", None, None]
    state, story = play(state, (0, {"type": "deflect", "dir": "E"}))
    assert agents(state)[1] is None                    # the deflected beam fried the agent on d3
    assert state.awaiting == (0,)
    state, story = play(state, (0, {"type": "deflect", "dir": "over"}))
    beam = next(ev for ev in story if ev["type"] == "beam")
    assert beam["squares"] == ["b2", "b1"]
    # the third shot: the deflector is used up
    assert agents(state)[0] is None and state.view(None)["agents"][0]["deaths"] == 1


def test_diagonal_left_moves_the_agent_diagonally_and_its_player_picks_the_push() -> None:
    """Diagonal Left: "played on an agent as its first action; moves the agent diagonally left
    forward. If another agent stands where it moves to, that agent is moved one square left or
    forward (decided by the player who played Diagonal Left)." """
    state = pos(2, agents="c2.g1", onagent="l/-", sharks="a9S.d9S.f9S")
    state, _ = resolve_round(state)
    assert agents(state)[0] == "b3"
    state = pos(2, agents="c2.b3", onagent="l/-", sharks="a9S.d9S.f9S")
    state, _ = resolve_round(state)
    assert state.phase == "choice" and legal_kinds(state, 0) == ["push W", "push N"]
    state, _ = play(state, (0, {"type": "push", "dir": "N"}))
    assert agents(state) == ["b3", "b4"]


def test_diagonal_right_moves_the_agent_diagonally_right() -> None:
    """Diagonal Right: "moves the agent diagonally right forward" (ruling: the agent in the way is
    pushed right or forward, the mirror of Diagonal Left)."""
    state = pos(2, agents="c2.d3", onagent="r/-", sharks="a9S.b9S.f9S")
    state, _ = resolve_round(state)
    assert legal_kinds(state, 0) == ["push E", "push N"]
    state, _ = play(state, (0, {"type": "push", "dir": "E"}))
    assert agents(state) == ["d3", "e3"]


def test_agent_specials_only_work_as_the_first_action() -> None:
    """Ultra-Power Shield, Shark Cage, Laser Blast Deflector, Diagonals: "Like the shield card this
    card is only of use when played as the first agent action." """
    state = pos(2, agents="b3.g1", sharks="b5S.d5S.f5S", onagent="Ul/-", white="1S")
    state, story = resolve_round(state)
    assert "Diagonal Left only works as the first action: too late, no effect." not in said(story)
    assert agents(state)[0] is None                      # fried before its second action came
    state = pos(2, agents="b2.g1", sharks="b8S.d5S.f5S", onagent="Ul/-")
    state, story = resolve_round(state)
    assert agents(state)[0] == "b2"
    assert any("only works as the first action" in line for line in said(story))


def test_current_generator_moves_every_shark_one_square_toward_the_beach() -> None:
    """Current Generator: "played before a round ... creates a current that moves all sharks one
    square closer to the beach." (Ruling: a shark at the beach turns round instead.)"""
    state = pos(2, phase="pre", queue="0", turn="0", agents="c1.e1", hands="g/-", sharks="b5S.d9N.f5E")
    state, _story = play(state, (0, {"type": "current", "card": "g"}))
    assert sharks(state) == ["b6S", "d9S", "f6E"]


def test_special_cards_are_discarded_after_use_and_base_cards_return() -> None:
    """SPECIAL ACTIONS: "Special action cards can be used only once and are discarded once the
    action has been resolved." """
    state = pos(2, agents="c1.e1", hands="aF/F")
    state, _ = play(state, (0, {"type": "shark", "card": "a", "shark": "grey"}),
                    (1, {"type": "pass"}), (0, {"type": "shark", "card": "F", "shark": "white"}))
    assert [c["code"] for c in state.view(0)["hand"]] == ["F"]
    assert state.view(None)["discard"] == ["a"]


def test_a_special_is_played_only_where_its_paragraph_says() -> None:
    """SPECIAL ACTIONS: "Special actions that must be played on an agent or a shark are played during
    phase II"; the others (before the round, Shark Spy) cannot go on a figure."""
    state = pos(2, agents="c1.e1", hands="ahp/F")
    assert_refused(state, 0, {"type": "agent", "card": "a"}, "not played on an agent")
    assert_refused(state, 0, {"type": "shark", "card": "h", "shark": "white"}, "not played on a shark")
    assert_refused(state, 0, {"type": "agent", "card": "p"}, "not played on an agent")


def test_pre_round_refusals_say_what_is_wrong_with_the_card_played() -> None:
    """Shark-o-Porter: "teleports a shark of your choice to any empty square of the board."
    Tractor Beam: "pulls an agent of your choice one square horizontally or vertically toward
    you." Shark Scare: "moves a shark one square ... away from you. There may be no more than one
    square between you and the shark." A play that breaks one of these says which part."""
    state = pos(2, phase="pre", queue="0", turn="0", agents="c1.e1", sharks="c3S.a9S.g9S", hands="pteF/F")
    assert_refused(state, 0, {"type": "current", "card": "g"}, "You do not hold Current Generator")
    assert_refused(state, 0, {"type": "porter", "card": "p", "shark": "white", "square": "e1"},
                   "e1 is not an empty square")
    assert_refused(state, 0, {"type": "porter", "card": "p", "shark": "x", "square": "d4"},
                   "no shark called x")
    assert_refused(state, 0, {"type": "porter", "card": "p", "shark": "grey", "square": "z99"},
                   "z99 is not a square on this board")
    assert_refused(state, 0, {"type": "tractor", "card": "t", "target_seat": 0, "dir": "W"},
                   "another player's agent")
    assert_refused(state, 0, {"type": "tractor", "card": "t", "target_seat": 1, "dir": "E"},
                   "E is not toward you")
    assert_refused(state, 0, {"type": "scare", "card": "e", "shark": "grey", "dir": "N"},
                   "more than two squares")
    assert_refused(state, 0, {"type": "scare", "card": "e", "shark": "white", "dir": "S"},
                   "S is not away from you")
    off = pos(2, phase="pre", queue="0", turn="0", agents="-.e1", hands="tF/F")
    assert_refused(off, 0, {"type": "tractor", "card": "t", "target_seat": 1, "dir": "W"},
                   "Tractor Beam needs your agent on the board")


def test_special_cards_in_the_hand_say_when_they_are_played_and_what_they_do() -> None:
    """SPECIALE ACTIES: "special actions played on an agent or a shark are played in phase II ...
    other special actions do not affect phase II", and each card has its own paragraph. The phone
    shows the moment in words (never an internal code like pre_round) and a one-line effect."""
    from engines.sharks_with_lasers.cards import SPECIALS
    from engines.text import Text, translate
    hands = "".join(SPECIALS[:8]) + "/" + "".join(SPECIALS[8:])
    state = pos(2, specials="yes", agents="c1.e1", hands=hands)
    faces = state.view(0)["hand"] + state.view(1)["hand"]
    assert sorted(f["code"] for f in faces) == sorted(SPECIALS)
    for face in faces:
        timing, effect = (translate(Text.from_json(face[k])) for k in ("timing", "effect"))
        assert "_" not in timing and timing[0].isupper(), face
        assert effect.endswith(".") and len(effect) > 20, face
    words = {f["code"]: translate(Text.from_json(f["timing"])) for f in faces}
    assert words["p"] == "Before a round, before phase I" and words["y"] == "Face up, in phase II"
    assert words["d"] == "On your agent, as its first action" and words["a"] == "On a shark, in phase II"
