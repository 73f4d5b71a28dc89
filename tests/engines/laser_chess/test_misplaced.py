"""The setup check's suspects (engines/laser_chess/misplaced.py): each laser's beam as the start
position sends it, and the single slips on its way, each with the beam it really gives."""

from __future__ import annotations

import pytest

import engines
from engines.laser_chess import board as B
from engines.laser_chess.game import SETUPS, setup_board
from engines.laser_chess.misplaced import beam

GAME = engines.get("laser-chess")


@pytest.mark.parametrize("setup", sorted(SETUPS))
def test_each_laser_s_beam_is_the_one_its_first_shot_fires(setup: str) -> None:
    state = GAME.start(players=2, seed=0, options={"setup": setup})
    blue, red = GAME.setup_beams(state)
    assert (blue.seat, red.seat) == (0, 1)
    for laser in (blue, red):
        shot = B.trace(setup_board(setup), laser.seat)
        assert laser.beam.path[0] == ("j1", "a8")[laser.seat]
        assert len(laser.beam.path) == len(shot.path)
        assert (laser.beam.exit is None) == (laser.beam.stopped_at is not None)


def test_a_slip_is_told_with_the_beam_it_gives_and_one_that_changes_nothing_is_left_out() -> None:
    board = setup_board("ace")
    blue = GAME.setup_beams(GAME.start(players=2, seed=0))[0]
    missing = next(m for m in blue.misplaced if m.say.msgid.endswith("is missing") and m.square == "j5")
    nb = bytearray(board)
    nb[B.parse_square("j5")] = 0
    assert missing.beams == (beam(nb, B.BLUE),) and missing.beams[0].exit == ("j5", "E")
    for slip in blue.misplaced:
        assert slip.beams and blue.beam not in slip.beams
        assert slip.square in blue.beam.path
    # the way's empty squares are where a token one square off would stand
    mercury = GAME.start(players=2, seed=0, options={"setup": "mercury"})
    off = [m for m in GAME.setup_beams(mercury)[0].misplaced
           if m.say.msgid == "the {piece} of {home} stands on {square}"]
    assert [(m.square, m.say.params["home"], m.beams[0].exit) for m in off if m.square == "h4"] == [
        ("h4", "i5", ("h1", "S"))]


def test_a_game_without_lasers_has_no_setup_beams() -> None:
    jaws = engines.get("jaws")
    assert jaws.setup_beams(jaws.start(players=2, seed=0)) == ()
