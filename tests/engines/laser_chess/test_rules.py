"""Rule scenarios from positions in notation (movement rules: ThinkFun p.8, German p.14)."""

from __future__ import annotations

import pytest

import engines
from engines import IllegalAction
from tests.engines.conformance import assert_refused
from tests.engines.laser_chess.helpers import GAME, position

KINGS = {"e1": "K", "f8": "k"}


def token_at(state: engines.State) -> dict[str, dict[str, str]]:
    return {t["square"]: t for t in state.view(None)["board"]}


def notations(state: engines.State) -> set[str]:
    return {a["notation"] for a in state.legal_actions(state.awaiting[0])}


# -- swaps ---------------------------------------------------------------------------------


def test_switch_swaps_with_an_adjacent_deflector_or_defender_of_either_colour() -> None:
    """Rule 3: "a Switch may swap places with an adjacent Deflector or Defender of either colour.
    Neither token rotates during the swap." Diagonal neighbours count (notes 2.4)."""
    state = position({**KINGS, "e4": "S/", "d5": "fSE", "f4": "DN", "e3": "dW"})
    legal = notations(state)
    assert {"e4d5", "e4f4", "e4e3"} <= legal
    after = state.apply(0, {"type": "swap", "from": "e4", "to": "d5"})
    tokens = {t["square"]: t for t in after.view(None)["board"]}
    assert tokens["d5"] == {"square": "d5", "color": "blue", "piece": "switch", "facing": "/"}
    assert tokens["e4"] == {"square": "e4", "color": "red", "piece": "deflector", "facing": "SE"}
    assert after.events[0]["kind"] == "swap" and after.events[0]["notation"] == "e4d5"
    # a phone that only knows from and to may call it a move: it is the same swap
    assert state.apply(0, {"type": "move", "from": "e4", "to": "d5"}) == after
    assert state.apply(0, {"type": "move", "notation": "e4d5"}) == after
    assert_refused(state, 0, {"type": "move", "from": "e4", "to": "d5", "notation": "e4e5"})


def test_switch_never_swaps_with_a_king_switch_or_laser() -> None:
    """Rule 3: "A Switch may not swap with a King, with another Switch, or with a Laser." """
    state = position({**KINGS, "e2": "S/", "d3": "s\\", "f3": "fNE", "i2": "S\\"})
    # e2 next to the King (e1) and to the red Switch (d3); i2 next to the blue Laser (j1)
    legal = notations(state)
    assert "e2e1" not in legal and "e2d3" not in legal and "i2j1" not in legal
    assert "e2f3" in legal
    assert_refused(state, 0, {"type": "swap", "from": "e2", "to": "e1"},
                   "only with a Deflector or a Defender", "King")
    assert_refused(state, 0, {"type": "swap", "from": "e2", "to": "d3"}, "Switch")
    assert_refused(state, 0, {"type": "swap", "from": "i2", "to": "j1"}, "Laser")


def test_only_a_switch_may_move_onto_an_occupied_square() -> None:
    """Khet rule 6 (implied in the ThinkFun steps text): apart from the Switch swap, no token
    may move onto an occupied square."""
    state = position({**KINGS, "e4": "FNE", "e5": "fSW"})
    assert "e4e5" not in notations(state)
    assert_refused(state, 0, {"type": "move", "from": "e4", "to": "e5"}, "taken", "only a Switch")


def test_swap_may_not_put_the_other_token_on_a_square_forbidden_to_its_colour() -> None:
    """Rule 4 bans any token moving onto the other colour's squares; our ruling (notes 2.4,
    confidence: the rulebook does not single out swaps) applies it to the displaced token too,
    and the swap_onto_restricted house rule lifts it."""
    tokens = {**KINGS, "a5": "s/", "b4": "FNW"}
    state = position(tokens, to_move="r")
    assert "a5b4" not in notations(state)
    assert_refused(state, 1, {"type": "swap", "from": "a5", "to": "b4"}, "blue", "a5", "never enter")
    relaxed = position(tokens, to_move="r", rules="s")
    assert "a5b4" in notations(relaxed)
    after = relaxed.apply(1, {"type": "swap", "from": "a5", "to": "b4"})
    assert token_at(after)["a5"] == {"square": "a5", "color": "blue", "piece": "deflector", "facing": "NW"}


def test_a_switch_itself_never_enters_a_forbidden_square_even_by_swap() -> None:
    """Rule 4: "Blue tokens may never move onto red-helix squares", swaps included, house rule or not."""
    state = position({**KINGS, "b5": "S/", "a4": "fSE"}, rules="s")
    assert "b5a4" not in notations(state)
    assert_refused(state, 0, {"type": "swap", "from": "b5", "to": "a4"}, "Blue", "never enter", "a4")


# -- restricted squares and steps ------------------------------------------------------------


def test_tokens_never_step_onto_the_other_colours_squares() -> None:
    """Rule 4: "Red/grey tokens may never move onto white-helix squares. Blue/white tokens may
    never move onto red-helix squares." Red-only: a1-a7, i1, i8. Blue-only: j2-j8, b1, b8."""
    state = position({**KINGS, "b3": "FNE", "h1": "DN"})
    legal = notations(state)
    assert not {"b3a2", "b3a3", "b3a4", "h1i1"} & legal
    assert {"b3b2", "b3c4", "h1h2", "h1g2"} <= legal
    assert_refused(state, 0, {"type": "move", "from": "b3", "to": "a3"}, "Blue tokens may never enter a3")
    red = position({**KINGS, "i3": "fNE", "c8": "dS"}, to_move="r")
    assert not {"i3j2", "i3j3", "i3j4", "c8b8"} & notations(red)
    view = state.view(None)
    assert sorted(view["restricted"]["red"]) == ["a1", "a2", "a3", "a4", "a5", "a6", "a7", "i1", "i8"]
    assert sorted(view["restricted"]["blue"]) == ["b1", "b8", "j2", "j3", "j4", "j5", "j6", "j7", "j8"]


def test_a_token_moves_one_square_and_only_your_own() -> None:
    """Turn (a): "move one token one square in any of the 8 directions"; "you only ever touch your
    own tokens"; the Laser is fixed in its corner."""
    state = position({**KINGS, "e4": "FNE", "c7": "fSW"})
    assert_refused(state, 0, {"type": "move", "from": "e4", "to": "e6"}, "one square", "e6")
    assert_refused(state, 0, {"type": "move", "from": "c7", "to": "c6"}, "belongs to", "your own")
    assert_refused(state, 0, {"type": "move", "from": "j1", "to": "i2"}, "Laser never leaves")
    assert_refused(state, 0, {"type": "move", "from": "d4", "to": "d5"}, "no token on d4")
    assert_refused(state, 1, {"type": "move", "from": "c7", "to": "c6"}, "not your turn")


@pytest.mark.parametrize("bad", [
    None, "e1e2", 42, {}, {"type": 3}, {"type": "jump", "from": "e4", "to": "e5"},
    {"type": "move", "from": "z9", "to": "e5"}, {"type": "move"}, {"type": "move", "notation": "e4"},
    {"type": "rotate", "square": "e4", "turn": "sideways"}, {"type": "rotate"},
])
def test_malformed_actions_are_refused_in_plain_words(bad: object) -> None:
    state = position({**KINGS, "e4": "FNE"})
    exc = assert_refused(state, 0, bad)
    assert "Traceback" not in str(exc) and len(str(exc)) > 10


# -- rotations and the laser -----------------------------------------------------------------


def test_rotation_is_exactly_ninety_degrees_either_way() -> None:
    """Rule 2: "A rotation is exactly 90 degrees." Turn (b): "rotate one token 90 degrees in
    either direction without moving it"."""
    state = position({**KINGS, "e4": "FNE", "g4": "DN"})
    after = state.apply(0, {"type": "rotate", "square": "e4", "turn": "cw"})
    assert token_at(after)["e4"] == {"square": "e4", "color": "blue", "piece": "deflector", "facing": "SE"}
    after = state.apply(0, {"type": "rotate", "notation": "g4-"})
    assert {"square": "g4", "color": "blue", "piece": "defender", "facing": "W"} in after.view(None)["board"]
    assert after.events[0]["kind"] == "rotate" and after.events[0]["turn"] == "ccw"


def test_a_switch_rotation_is_offered_once_and_either_sign_plays_it() -> None:
    """Notes 2.4: a Switch turned either way gives the same state, so it is one move."""
    state = position({**KINGS, "e4": "S/"})
    rotations = [a for a in state.legal_actions(0) if a["type"] == "rotate" and a["square"] == "e4"]
    assert len(rotations) == 1
    plus = state.apply(0, {"type": "rotate", "notation": "e4+"})
    minus = state.apply(0, {"type": "rotate", "square": "e4", "turn": "ccw"})
    assert plus == minus
    assert {"square": "e4", "color": "blue", "piece": "switch", "facing": "\\"} in plus.view(None)["board"]


def test_the_laser_turns_to_its_other_direction_and_fires_that_way() -> None:
    """Turn (c): "rotate your own Laser to its other direction (first column <-> first row).
    This must happen before firing." """
    state = position({**KINGS, "e4": "FNE"})
    turns = [a for a in state.legal_actions(0) if a["square" if a["type"] == "rotate" else "type"] == "j1"]
    assert turns == [{"type": "rotate", "square": "j1", "turn": "ccw", "notation": "j1-"}]
    after = state.apply(0, {"type": "rotate", "notation": "j1+"})   # either sign names the one turn
    move, beam = after.events[:2]
    assert move["kind"] == "laser_turn" and move["piece"]["facing"] == "W"
    # the beam now runs west along row 1 and is stopped by ... the blue King on e1
    assert beam["path"][:5] == ["j1", "i1", "h1", "g1", "f1"]
    assert beam["king_hit"] is True and after.outcome is not None and after.outcome["winners"] == [1]


def test_turning_the_king_is_a_house_rule() -> None:
    """Notes 2.4: turning the King changes nothing; Khet2-AI forbids it. Off by default, and a
    table may allow it (then it is a pass that still fires the laser)."""
    state = position({**KINGS, "e4": "FNE"})
    assert "e1+" not in notations(state)
    assert_refused(state, 0, {"type": "rotate", "square": "e1", "turn": "cw"}, "King changes nothing",
                   "king_rotation")
    allowed = position({**KINGS, "e4": "FNE"}, rules="k")
    assert "e1+" in notations(allowed)
    after = allowed.apply(0, {"type": "rotate", "notation": "e1-"})
    assert after.board == allowed.board and after.to_move == 1 and after.events[1]["type"] == "laser"


# -- the beam, removals and the end -----------------------------------------------------------


def test_own_tokens_die_too() -> None:
    """Step 3: "If you hit one of your own tokens by mistake, you must remove it as well." """
    state = position({**KINGS, "j5": "DE", "c3": "FNE"})
    # the blue Defender on j5 faces E; the blue beam travelling N hits its back side
    after = state.apply(0, {"type": "move", "from": "c3", "to": "c4"})
    beam = after.events[1]
    assert beam["removed"] == {"square": "j5", "color": "blue", "piece": "defender", "facing": "E"}
    assert beam["stopped_at"] == "j5" and beam["exit"] is None
    assert after.view(None)["removed"] == [beam["removed"]]
    assert after.outcome is None


def test_a_defender_front_stops_the_beam_and_survives() -> None:
    state = position({**KINGS, "j5": "DS", "c3": "FNE"})
    after = state.apply(0, {"type": "move", "from": "c3", "to": "c4"})
    assert after.events[1]["stopped_at"] == "j5" and after.events[1]["removed"] is None
    assert {"square": "j5", "color": "blue", "piece": "defender", "facing": "S"} in after.view(None)["board"]


def test_hitting_the_enemy_king_wins() -> None:
    """SPIELENDE: "When a beam reaches a King, that King is removed and the game ends; the player
    whose King remains wins." """
    state = position({"e1": "K", "j6": "k", "c3": "FNE", "b7": "fNE"})
    after = state.apply(0, {"type": "move", "from": "c3", "to": "d3"})
    assert after.outcome is not None and after.outcome["winners"] == [0]
    assert after.awaiting == ()
    types = [e["type"] for e in after.events]
    assert types == ["move", "laser", "game_over"]
    assert after.events[1]["king_hit"] is True
    assert "King" in after.outcome["reason"]
    with pytest.raises(IllegalAction, match="over"):
        after.apply(1, {"type": "move", "from": "b7", "to": "b6"})


def test_hitting_your_own_king_loses() -> None:
    """SPIELENDE: "If you hit your own King, your opponent wins." """
    state = position({"j4": "K", "f8": "k", "c3": "FNE"})
    after = state.apply(0, {"type": "move", "from": "c3", "to": "c4"})
    assert after.outcome is not None and after.outcome["winners"] == [1]
    assert "own King" in after.outcome["reason"]
    assert GAME.load(after.notation()).outcome == after.outcome


# -- repetition ---------------------------------------------------------------------------------


def test_third_repetition_lets_the_player_to_move_declare_a_draw() -> None:
    """SPIELENDE note: "if the same arrangement appears for the third time, the player about to
    move may declare a stalemate, which is a draw. It is optional, not automatic." """
    state = position({**KINGS, "c3": "FNE", "c6": "fSW"})
    shuffle = ["c3c4", "c6c5", "c4c3", "c5c6"]
    seen = []
    for i in range(8):
        seen.append((state.repetitions, state.can_declare_draw))
        assert_refused(state, state.to_move, {"type": "declare_draw"}, "third time")
        state = state.apply(state.to_move, {"type": "move", "notation": shuffle[i % 4]})
    assert [r for r, _ in seen] == [1, 1, 1, 1, 2, 2, 2, 2]
    assert state.repetitions == 3 and state.can_declare_draw
    assert {"type": "declare_draw", "notation": "draw"} in state.legal_actions(0)
    assert state.view(None)["can_declare_draw"] is True
    # optional: playing on is fine
    assert state.apply(0, {"type": "move", "notation": "c3c4"}).outcome is None
    drawn = state.apply(0, {"type": "declare_draw"})
    assert drawn.outcome is not None and drawn.outcome["winners"] == []
    assert [e["type"] for e in drawn.events] == ["draw_declared", "game_over"]
    assert GAME.load(drawn.notation()) == drawn and GAME.load(drawn.notation()).outcome is not None
    # Red may declare too, when the third occurrence falls on Red's turn
    red_turn = state.apply(0, {"type": "move", "notation": "c3c4"})
    for text in ("c6c5", "c4c3", "c5c6", "c3c4"):
        red_turn = red_turn.apply(red_turn.to_move, {"type": "move", "notation": text})
    assert red_turn.to_move == 1 and red_turn.can_declare_draw
    red_draw = red_turn.apply(1, {"type": "declare_draw", "notation": "draw"})
    assert " r= " in red_draw.notation() and GAME.load(red_draw.notation()) == red_draw
    again = GAME.load(state.notation())
    assert again.can_declare_draw, "the notation carries what repetition needs"


def test_a_removal_clears_the_repetition_history() -> None:
    """A removed token never comes back, so no earlier arrangement can appear again."""
    quiet = position({**KINGS, "c3": "FNE", "c6": "fSW"}).apply(0, {"type": "move", "notation": "c3c4"})
    assert len(quiet.history) == 1
    # the red Defender on j6 faces E: the blue beam travelling N hits its side and removes it
    state = position({**KINGS, "c3": "FNE", "c6": "fSW", "j6": "dE"})
    after = state.apply(0, {"type": "move", "notation": "c3c4"})
    assert after.events[1]["removed"]["square"] == "j6"
    assert after.history == () and after.notation().endswith(" -")


# -- options --------------------------------------------------------------------------------------


def test_setups_and_their_khet_names() -> None:
    classic = GAME.start(players=2, seed=1, options={"setup": "classic"})
    assert classic.board == GAME.start(players=2, seed=1, options={"setup": "ace"}).board
    assert classic.view(None)["setup"] == "ace"
    dynasty = GAME.start(players=2, seed=1, options={"setup": "dynasty"})
    assert dynasty.board == GAME.start(players=2, seed=1, options={"setup": "grail"}).board
    imhotep = GAME.start(players=2, seed=1, options={"setup": "imhotep"}).view(None)["board"]
    curiosity = GAME.start(players=2, seed=1, options={"setup": "curiosity"}).view(None)["board"]
    differ = {t["square"] for t in imhotep} ^ {t["square"] for t in curiosity}
    assert not differ
    changed = sorted(a["square"] for a, b in zip(imhotep, curiosity, strict=True) if a != b)
    assert changed == ["a8", "e8", "f1", "j1"]   # notes 2.5: variant B differs only there
    with pytest.raises(IllegalAction, match="setup"):
        GAME.start(players=2, seed=1, options={"setup": "khet"})
    with pytest.raises(IllegalAction, match="no option"):
        GAME.start(players=2, seed=1, options={"laser_power": 3})
    with pytest.raises(IllegalAction, match="exactly 2"):
        GAME.start(players=3, seed=1)


@pytest.mark.parametrize("setup", ["ace", "curiosity", "imhotep", "grail", "mercury", "sophie"])
def test_every_setup_has_thirteen_tokens_a_side_and_a_harmless_opening_shot(setup: str) -> None:
    """Notes 2.5: each side has 1 L, 1 K, 2 D, 2 S, 7 F, and neither opening shot destroys
    anything; 180-degree point symmetry holds."""
    state = GAME.start(players=2, seed=0, options={"setup": setup})
    board = state.view(None)["board"]
    for colour in ("blue", "red"):
        pieces = sorted(t["piece"] for t in board if t["color"] == colour)
        assert pieces == ["defender"] * 2 + ["deflector"] * 7 + ["king", "laser"] + ["switch"] * 2
    from engines.laser_chess import board as B
    for colour in (B.BLUE, B.RED):
        assert B.trace(state.board, colour).hit == -1
    turn = {"N": "S", "S": "N", "E": "W", "W": "E", "NE": "SW", "SW": "NE", "SE": "NW", "NW": "SE",
            "/": "/", "\\": "\\"}
    by_square = {t["square"]: t for t in board}
    for t in board:
        col, row = t["square"][0], int(t["square"][1])
        mirror = by_square["abcdefghij"[9 - "abcdefghij".index(col)] + str(9 - row)]
        assert mirror["piece"] == t["piece"] and mirror["color"] != t["color"]
        if t["piece"] != "king":
            assert mirror["facing"] == turn[t["facing"]]


def test_a_move_onto_its_own_square_is_refused_as_no_move() -> None:
    """Rule 1: "move one square in any direction": a token moved onto the square it stands on has not
    moved; the refusal says so instead of "e2 is not next to e2"."""
    state = position({**KINGS, "d2": "DN"})
    with pytest.raises(IllegalAction) as refused:
        state.apply(0, {"type": "move", "from": "d2", "to": "d2"})
    said = str(refused.value)
    assert "another square" in said and "d2" in said and "not next to" not in said
