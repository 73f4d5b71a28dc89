"""One scenario per rule of the base game, set up from the notation (2-player board, 7 x 9:
columns a-g, row 1 at the boat, row 9 at the beach) and checked step by step.

Docstrings quote the Dutch rulebook, translated."""

from __future__ import annotations

from engines.sharks_with_lasers import GAME
from engines.sharks_with_lasers.cards import starting_hand
from tests.engines.conformance import assert_refused
from tests.engines.sharks_with_lasers.helpers import agents, kinds, play, pos, resolve_round, said, sharks


def test_setup_deals_eight_action_cards_and_two_more_with_two_players() -> None:
    """PREPARATION: "Each player receives ... 8 action cards: 3x Forward/Forward, 2x Shield/Fire
    laser, 1x Move left/Turn left, 1x Move right/Turn right, 1x No effect/Turn 180 degrees. With 2
    players the players receive 2 extra action cards: 1x left, 1x right." """
    three = GAME.start(players=3, seed=5)
    assert [c["code"] for c in three.view(1)["hand"]] == list("FFFLRSSU")
    two = GAME.start(players=2, seed=5)
    assert [c["code"] for c in two.view(0)["hand"]] == list("FFFLLRRSSU")
    assert starting_hand(4) == tuple("FFFLRSSU")


def test_specials_deal_two_random_special_cards_to_each_player() -> None:
    """SPECIAL ACTIONS: "every player gets 2 randomly selected special action cards." """
    state = GAME.start(players=4, seed=9, options={"specials": True})
    hands = [[c["code"] for c in state.view(s)["hand"] if c["when"] != "base"] for s in range(4)]
    assert all(len(h) == 2 for h in hands)
    assert len({c for h in hands for c in h}) == 8           # one copy of each special
    other = GAME.start(players=4, seed=10, options={"specials": True})
    assert [c["code"] for c in other.view(0)["hand"]] != [c["code"] for c in state.view(0)["hand"]] or \
        [c["code"] for c in other.view(1)["hand"]] != [c["code"] for c in state.view(1)["hand"]]


def test_first_placement_goes_counter_clockwise_and_ends_with_the_start_player() -> None:
    """START: "Agents are placed one by one counter-clockwise, beginning with the player to the
    right of the start player ... The start player places last, and then the game starts." """
    state = GAME.start(players=4, seed=1)
    order = []
    while state.phase == "setup":
        seat = state.awaiting[0]
        order.append(seat)
        state = state.apply(seat, state.legal_actions(seat)[0])
    assert order == [3, 2, 1, 0]
    assert state.phase == "play" and state.awaiting == (0,)
    assert all(sq is not None and sq.endswith("1") for sq in agents(state))   # the start zone: the boat row


def test_an_agent_may_only_be_placed_on_a_free_start_square() -> None:
    """START: "The agents may be placed on any free square of the start zone." """
    state = GAME.start(players=2, seed=1)
    state = state.apply(1, {"type": "place", "square": "c1"})
    assert {"type": "place", "square": "c1"} not in [
        {k: a[k] for k in ("type", "square")} for a in state.legal_actions(0)]
    assert_refused(state, 0, {"type": "place", "square": "c1"}, "free square of the start zone")
    assert_refused(state, 0, {"type": "place", "square": "c4"}, "start zone")


def test_phase_one_dead_agents_reenter_start_player_first_clockwise() -> None:
    """PHASE I: "Every player whose agent died in the previous round places it on any free square
    of the start zone, beginning with the start player and then clockwise." """
    state = pos(3, start="1", agents="-.d4.-", phase="play", turn="1")
    state, _ = resolve_round(state)
    assert state.phase == "place"
    assert state.view(None)["start_seat"] == 2          # the start player card moved on
    order = []
    while state.phase == "place":
        seat = state.awaiting[0]
        order.append(seat)
        state = state.apply(seat, state.legal_actions(seat)[0])
    assert order == [2, 0]


def test_at_most_two_cards_on_your_own_agent() -> None:
    """Playing a card on your agent: "You can play no more than two cards on your agent per
    round." """
    state = pos(2, agents="c1.e1", hands="FFFS/F", onagent="FF/-")
    assert_refused(state, 0, {"type": "agent", "card": "S"}, "more than two cards")
    assert all(a["type"] != "agent" for a in state.legal_actions(0))


def test_no_limit_on_a_shark_stack() -> None:
    """Playing a card on a shark: "There is no limit to how big this stack may be." """
    state = pos(2, agents="c1.e1", hands="FFFLLRRSSU/FFFLLRRSSU")
    for turn in range(19):
        card = state.legal_actions(turn % 2)[-2]  # a card on the black shark
        state = state.apply(turn % 2, {k: card[k] for k in ("type", "card", "shark")})
    assert state.view(None)["stacks"][2]["count"] == 19
    assert [a["type"] for a in state.legal_actions(1)] == ["agent", "shark", "shark", "shark", "pass"]


def test_you_cannot_play_a_card_you_do_not_hold() -> None:
    """Playing a card: "Play a card from your hand face down." """
    state = pos(2, agents="c1.e1", hands="FF/F")
    assert_refused(state, 0, {"type": "agent", "card": "S"}, "do not hold", "Shield")


def test_after_a_pass_every_other_player_has_one_last_action() -> None:
    """Passing: "If a player says pass instead of playing a card, all other players may take one
    last action or forgo it... The player who passed may take no more actions." """
    state = pos(3, agents="c1.e1.g1", hands="FF/FF/FF")
    state, _ = play(state, (0, {"type": "pass"}))
    assert state.awaiting == (1,)
    assert_refused(state, 0, {"type": "agent", "card": "F"}, "not your turn")
    state, _ = play(state, (1, {"type": "agent", "card": "F"}))
    assert state.awaiting == (2,)
    state, story = play(state, (2, {"type": "shark", "card": "F", "shark": "grey"}))
    assert "revealed" in kinds(story)                 # phase III ran: nobody acts twice after a pass
    assert state.view(None)["round"] == 2


def test_phase_two_ends_when_every_card_is_played() -> None:
    """PHASE II: "Phase II ends in two ways: (a) a player passes or (b) all players have played all
    their cards." """
    state = pos(2, agents="c1.e1", hands="U/U")
    state, story = play(state, (0, {"type": "agent", "card": "U"}), (1, {"type": "agent", "card": "U"}))
    assert "Every card is played." in said(story)
    assert state.view(None)["round"] == 2


def test_resolution_order_first_actions_then_white_grey_black_then_second_actions() -> None:
    """PHASE III: "1) first agent action 2) shark actions 3) second agent action" ... "The sharks act
    in order: first the white ..., then the grey and then the black shark" ... "The card played first
    comes face up on top ... cards are resolved from top to bottom." """
    state = pos(2, start="1", agents="a1.g1", onagent="FF/FF", white="0U1L", grey="1R", black="0U")
    _, story = resolve_round(state)
    order = [(ev.get("seat"), ev.get("shark"), ev.get("card")) for ev in story
             if ev["type"] in ("revealed", "moved") and ev.get("target") != "agent"]
    assert order == [(1, None, None), (0, None, None),                    # first actions: start player first
                     (0, "white", "U"), (1, "white", "L"), (1, "grey", "R"), (0, "black", "U"),
                     (1, None, None), (0, None, None)]
    turned = [(ev["seat"], ev["slot"]) for ev in story
              if ev["type"] == "revealed" and ev.get("target") == "agent"]
    assert turned == [(1, 0), (0, 0), (1, 1), (0, 1)]   # first cards at the start, second cards at their step
    reveals = [(ev.get("target"), ev.get("slot")) for ev in story if ev["type"] == "revealed"]
    last_shark = max(i for i, (target, _) in enumerate(reveals) if target != "agent")
    assert all(i > last_shark for i, r in enumerate(reveals) if r == ("agent", 1))   # not before the sharks


def test_story_sentences_start_with_a_capital_for_sharks_and_agents() -> None:
    """The table reads the story out: "The white shark moves ...", never "the white shark ..."
    (Shark actions: "Move forward moves the shark one square forward"; a shark is pushed by
    another; one crossing open water comes back on the other side)."""
    state = pos(2, agents="c2.e1", sharks="a5W.c4S.g8S", onagent="F/-", white="0F", grey="1F")
    _, story = resolve_round(state)
    told = [e for e in story if "say" in e and e["visible_to"] == "all"]
    lines = [line for line, ev in zip(said(story), told, strict=True)
             if ev["type"] in ("moved", "pushed", "wrapped")]
    assert "The white shark swims off into open water at a5 and comes back at g5." in lines
    assert any(line.startswith("The grey shark") for line in lines)
    assert all(line[0].isupper() for line in lines), lines


def test_agent_moves_forward_left_and_right() -> None:
    """Agent actions: "Move forward moves the agent one square forward" ... "move left moves the
    agent one square to the left" ... "move right ... one square to the right." """
    state = pos(2, agents="c2.e2", onagent="FL/RF", sharks="a9S.b9S.g9S")
    state, story = resolve_round(state)
    assert agents(state) == ["b3", "f3"]
    assert "Player 1's agent moves from c2 to c3." in said(story)


def test_move_left_on_the_leftmost_square_has_no_effect() -> None:
    """Move left: "If the agent is already on the leftmost square of the board, this card has no
    effect and the agent does not move." """
    state = pos(2, agents="a2.g2", onagent="L/R", sharks="c9S.d9S.e9S")
    state, story = resolve_round(state)
    assert agents(state) == ["a2", "g2"]
    assert kinds(story, "blocked") == ["blocked", "blocked"]


def test_shark_moves_forward_in_its_facing() -> None:
    """Shark actions, move forward: "moves the shark one square forward in the direction the shark
    faces." """
    state = pos(2, agents="a1.g1", sharks="b5S.d5E.f5N", white="0F", grey="0F", black="1F")
    state, _ = resolve_round(state)
    assert sharks(state) == ["b4S", "e5E", "f6N"]


def test_shark_turns_round_at_the_boat_and_beach_instead_of_moving() -> None:
    """Move forward: "If the shark touches a side of the board with the beach or the boat, the shark
    is not moved but turned 180 degrees. A shark can never swim off the board at the boat or beach." """
    state = pos(2, agents="c3.e3", sharks="b1S.d9N.f5S", white="0F", grey="1F")
    state, story = resolve_round(state)
    assert sharks(state)[:2] == ["b1N", "d9S"]
    assert "The white shark meets the boat and turns round to face N." in said(story)


def test_shark_wraps_round_open_water_keeping_its_facing() -> None:
    """Move forward: "If a shark moves off the board on a side with open water, the shark is moved
    to the opposite side and keeps facing the same way." """
    state = pos(2, agents="c1.e1", sharks="a5W.d5S.g7E", white="0F", black="1F")
    state, story = resolve_round(state)
    assert sharks(state) == ["g5W", "d5S", "a7E"]
    assert kinds(story, "wrapped") == ["wrapped", "wrapped"]


def test_shark_turns_left_right_and_around() -> None:
    """Turn left / Turn right: "rotates the shark 90 degrees to the left" ... Rotate 180: "The shark
    makes a U-turn." """
    state = pos(2, agents="c1.e1", sharks="b5S.d5S.f5S", white="0L", grey="1R", black="0U")
    state, _ = resolve_round(state)
    assert sharks(state) == ["b5E", "d5W", "f5N"]   # facing the boat, its left is the Right side


def test_agent_pushes_agent_in_the_direction_of_movement() -> None:
    """Collision between two agents: "the agent moving onto the occupied square pushes the agent
    there in the direction of movement (sideways or forward). Pushed agents can push other agents in
    turn." """
    state = pos(3, agents="c2.c3.c4", onagent="F/-/-", sharks="a9S.b9S.g9S")
    state, story = resolve_round(state)
    assert agents(state) == ["c3", "c4", "c5"]
    assert kinds(story, "moved", "pushed") == ["pushed", "pushed", "moved"]


def test_push_chain_off_the_board_cancels_the_whole_move() -> None:
    """Collision between two agents: "If one of the agents would be pushed off the board, the action
    cannot happen: all agents stay where they were and the move has no effect." """
    state = pos(3, board="2p", agents="e3.f3.g3", onagent="R/-/-", sharks="a9S.b9S.c9S")
    state, story = resolve_round(state)
    assert agents(state) == ["e3", "f3", "g3"]
    assert "That push would shove Player 3's agent off the board, so nothing moves." in said(story)


def test_shark_pushes_shark_across_open_water() -> None:
    """Collision between two sharks: "Sharks can push each other ... a shark can be pushed off the
    board on a side with open water. A shark of the same colour then appears on the opposite side." """
    state = pos(2, agents="c1.e1", sharks="f5E.g5S.a9S", white="0F")
    state, story = resolve_round(state)
    assert sharks(state) == ["g5E", "a5S", "a9S"]   # the grey keeps its own facing
    wrapped = [ev for ev in story if ev["type"] == "wrapped"]
    assert wrapped and wrapped[0]["shark"] == "grey" and wrapped[0]["pushed"]


def test_shark_pushed_into_the_beach_turns_round_and_nothing_moves() -> None:
    """Collision between two sharks: "If a pushed shark hits the beach or the boat, the shark turns
    180 degrees." (Ruling: the push stops there, so the pushing shark stays too.) """
    state = pos(2, agents="c1.e1", sharks="d8N.d9E.a5S", white="0F")
    state, story = resolve_round(state)
    assert sharks(state)[:2] == ["d8N", "d9W"]
    assert "The push stops at the beach: nothing else moves." in said(story)


def test_agent_swimming_into_a_shark_is_eaten() -> None:
    """Collision between agent and shark: "Too bad, the agent is eaten and gone. An activated shield
    does NOT protect against sharp shark teeth." """
    state = pos(2, agents="b4.e1", sharks="b5S.d5S.f5S", onagent="SF/-")
    state, story = resolve_round(state)
    assert agents(state)[0] is None
    assert "The white shark eats Player 1's agent!" in said(story)
    assert state.view(None)["agents"][0]["deaths"] == 1


def test_shark_moving_onto_an_agent_eats_it() -> None:
    """DYING: "Eaten by a shark: if an agent ends up on the same square as a shark the agent is
    gobbled up." """
    state = pos(2, agents="b4.e1", sharks="b5S.d5S.f5S", white="1F")
    state, story = resolve_round(state)
    assert agents(state)[0] is None and sharks(state)[0] == "b4S"
    assert kinds(story, "moved", "eaten") == ["moved", "eaten"]


def test_laser_hits_the_first_figure_in_line_only() -> None:
    """Fire laser: "A laser beam hits the first object it meets. Unprotected agents hit by a laser
    beam do not survive ... A laser beam does not pass through a figure!" """
    state = pos(3, agents="b3.b2.e1", sharks="b5S.d5S.f5S", white="2S")
    state, story = resolve_round(state)
    assert agents(state)[:2] == [None, "b2"]
    beam = next(ev for ev in story if ev["type"] == "beam")
    assert beam["squares"] == ["b4", "b3"] and beam["hit"] == "agent"
    assert "The white shark's laser fries Player 1's agent!" in said(story)


def test_laser_blocked_by_a_shark() -> None:
    """Fire laser: "The laser beam has no effect on sharks." and "does not pass through a figure" """
    state = pos(2, agents="b2.e1", sharks="b7S.b5S.f5S", white="1S")
    state, story = resolve_round(state)
    assert agents(state)[0] == "b2"
    beam = next(ev for ev in story if ev["type"] == "beam")
    assert beam["squares"] == ["b6", "b5"] and beam["hit"] == "shark"


def test_laser_stops_at_the_edge_and_does_not_wrap() -> None:
    """Fire laser (ruling, notes 1.3): the beam travels to the edge and stops there; only figures
    wrap round open water."""
    state = pos(2, agents="a5.e1", sharks="b5E.d9S.f9S", white="1S")
    state, story = resolve_round(state)
    assert agents(state)[0] == "a5"
    beam = next(ev for ev in story if ev["type"] == "beam")
    assert beam["squares"] == ["c5", "d5", "e5", "f5", "g5"] and beam["hit"] == "edge"


def test_shield_as_first_action_stops_one_laser_shot_only() -> None:
    """Shield: "protects against a single laser shot fired by a shark ... the player turns the
    shield card a quarter to show it is used and the agent survives, for now." """
    state = pos(2, agents="b3.e1", sharks="b5S.d5S.f5S", onagent="S/-", white="1S1S")
    state, story = resolve_round(state)
    assert kinds(story, "shield", "fried") == ["shield", "fried"]
    assert agents(state)[0] is None


def test_shield_played_second_has_no_effect() -> None:
    """Shield: "If the shield is played as the second action on an agent it has no effect, because
    it is activated too late (if you snooze, you lose)." """
    state = pos(2, agents="b3.e1", sharks="b5S.d5S.f5S", onagent="US/-", white="1S")
    state, story = resolve_round(state)
    assert kinds(story, "shield") == []
    assert agents(state)[0] is None


def test_a_dead_agent_loses_its_further_actions() -> None:
    """DYING: "When an agent has died, further actions on the agent are lost and the figure is put
    on the boat." """
    state = pos(2, agents="b4.e1", sharks="b5S.d5S.f5S", onagent="FR/-")
    state, story = resolve_round(state)
    assert "Player 1's agent is dead: the card is lost." in said(story)
    assert state.phase == "place" and state.awaiting == (0,)


def test_death_counter_stops_at_three() -> None:
    """DYING: "The first three deaths are counted ... After three deaths counting stops to keep
    morale high." """
    state = pos(3, agents="b3.d1.e1", deaths="3.0.2", sharks="b5S.d5S.f5S", white="1S")
    state, story = resolve_round(state)
    assert state.view(None)["agents"][0]["deaths"] == 3
    assert "Player 1's death counter stays at three." in said(story)
    assert state.outcome is None


def test_cards_go_back_to_hand_and_the_start_player_card_passes_clockwise() -> None:
    """THE GAME: "When these phases are done everyone takes their cards back into hand and the start
    player card is passed clockwise to the next player." """
    state = pos(3, agents="c1.e1.g1", hands="FFFLRSSU/FFFLRSSU/FFFLRSSU", start="2", turn="2")
    state, _ = play(state, (2, {"type": "agent", "card": "U"}),
                    (0, {"type": "shark", "card": "L", "shark": "grey"}), (1, {"type": "pass"}),
                    (2, {"type": "pass"}), (0, {"type": "pass"}))
    view = state.view(0)
    assert [c["code"] for c in view["hand"]] == list("FFFLRSSU")
    assert view["start_seat"] == 0 and state.awaiting == (0,) and view["round"] == 2
    assert all(s["count"] == 0 for s in view["stacks"])


def test_first_agent_on_the_beach_row_at_the_end_of_the_round_wins() -> None:
    """WINNING 1): "You win if you are the first player to cross the water and end the round on the
    last row of the board (the row touching the beach)." """
    state = pos(2, agents="c8.e1", onagent="F/-", deaths="3.0")
    state, story = resolve_round(state)
    assert state.outcome is not None and state.outcome["winners"] == [0]
    assert state.awaiting == ()
    assert kinds(story)[-1] == "winner"


def test_two_agents_reaching_the_beach_in_one_round_fewest_deaths_wins() -> None:
    """WINNING 1): "In case of a tie the winner is decided by the death counter, and if that is equal
    too, by the playing order." """
    state = pos(2, agents="c8.e8", onagent="F/F", deaths="2.1")
    state, _ = resolve_round(state)
    assert state.outcome is not None and state.outcome["winners"] == [1]
    tie = pos(2, agents="c8.e8", onagent="F/F", deaths="1.1", start="1", turn="1")
    tie, _ = resolve_round(tie)
    assert tie.outcome is not None and tie.outcome["winners"] == [1]   # the start player is first in order


def test_last_living_opponent_reaching_three_deaths_wins_at_once() -> None:
    """WINNING 2): "if all other players have lost three or more agents (3 on the death counter),
    while you have not yet lost that many, you win the game immediately." """
    state = pos(3, agents="b3.d1.f3", deaths="3.2.2", sharks="b5S.e5S.f5S", white="0S", black="0S",
                onagent="-/FF/-")
    state, story = resolve_round(state)
    assert state.outcome is not None and state.outcome["winners"] == [1]
    assert "Every other player has lost three agents: Player 2 wins!" in said(story)
    assert story[-1]["type"] == "winner"   # at once: nothing resolves after it
    assert agents(state)[1] == "d2"       # the first action happened, the second never came


def test_bad_action_is_refused_and_state_unchanged() -> None:
    """Bad input is refused in plain words (the conformance helper checks nothing changed)."""
    state = pos(2, agents="c1.e1", hands="F/F")
    assert_refused(state, 1, {"type": "pass"}, "not your turn")
    assert_refused(state, 0, {"type": "shark", "card": "F", "shark": "pink"}, "white, grey or black")
    assert_refused(state, 0, {"type": "fly"}, "play a card or pass")
