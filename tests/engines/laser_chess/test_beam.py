"""The beam table: every token type x facing x incoming direction.

Rule (token guide, ThinkFun p.6 / German p.12-13): "The mirrored side of a Deflector turns
the beam 90 degrees; hit on its unmirrored side it is removed. The front of a Defender
blocks the beam and it stays; hit on a side or its back it is removed. Both sides of a
Switch turn the beam; Switches can never be removed. The game ends as soon as a King is
hit." And (notes 2.3, Khet rule 10): a beam that reaches a Laser stops with no effect.
"""

from __future__ import annotations

import pytest

from engines.laser_chess import board as B

# The expected behaviour, written from the rule text: travel direction -> what happens.
# A letter is the direction the beam leaves in; "X" = the token is removed; "-" = the beam
# stops and nothing happens.
EXPECTED = {
    ("F", "NE"): {"N": "X", "E": "X", "S": "E", "W": "N"},
    ("F", "SE"): {"N": "E", "E": "X", "S": "X", "W": "S"},
    ("F", "SW"): {"N": "W", "E": "S", "S": "X", "W": "X"},
    ("F", "NW"): {"N": "X", "E": "N", "S": "W", "W": "X"},
    ("D", "N"): {"N": "X", "E": "X", "S": "-", "W": "X"},
    ("D", "E"): {"N": "X", "E": "X", "S": "X", "W": "-"},
    ("D", "S"): {"N": "-", "E": "X", "S": "X", "W": "X"},
    ("D", "W"): {"N": "X", "E": "-", "S": "X", "W": "X"},
    ("S", "/"): {"N": "E", "E": "N", "S": "W", "W": "S"},
    ("S", "\\"): {"N": "W", "E": "S", "S": "E", "W": "N"},
    ("K", "N"): {"N": "X", "E": "X", "S": "X", "W": "X"},
    ("L", "N"): {"N": "-", "E": "-", "S": "-", "W": "-"},
}
KINDS = {"F": B.DEFLECTOR, "D": B.DEFENDER, "S": B.SWITCH, "K": B.KING, "L": B.LASER}

# How to send a beam travelling in each direction: (laser colour, its facing, target square)
SHOTS = {"N": (B.BLUE, B.NORTH, "j4"), "W": (B.BLUE, B.WEST, "e1"),
         "S": (B.RED, B.SOUTH, "a4"), "E": (B.RED, B.EAST, "e8")}


def _shot(kind: str, facing: str, travel: str) -> str:
    colour, laser_facing, target = SHOTS[travel]
    board = bytearray(B.SQUARES)
    board[B.LASER_SQUARE[B.BLUE]] = B.token(B.LASER, B.BLUE, laser_facing if colour == B.BLUE else B.NORTH)
    board[B.LASER_SQUARE[B.RED]] = B.token(B.LASER, B.RED, laser_facing if colour == B.RED else B.SOUTH)
    sq = B.parse_square(target)
    k = KINDS[kind]
    # the target token is the other colour's, so the rule does not depend on whose it is
    board[sq] = B.token(k, 1 - colour, B.FACINGS[k].index(facing))
    shot = B.trace(bytes(board), colour)
    assert sq in shot.path, "the beam must reach the token under test"
    fast_mask, fast_hit = B.fire(bytes(board), colour)
    assert fast_hit == shot.hit and fast_mask == sum(B.BIT[s] for s in set(shot.path))
    if shot.hit == sq:
        return "X"
    if shot.stopped_at == sq:
        return "-"
    i = shot.path.index(sq)
    if i + 1 == len(shot.path):          # it left the board straight from the token's square
        return B.DIRS[shot.exit_dir]
    step = shot.path[i + 1] - sq
    return {10: "N", 1: "E", -10: "S", -1: "W"}[step]


@pytest.mark.parametrize(("kind", "facing", "travel"),
                         [(k, f, t) for (k, f), row in EXPECTED.items() for t in row])
def test_beam_table(kind: str, facing: str, travel: str) -> None:
    assert _shot(kind, facing, travel) == EXPECTED[(kind, facing)][travel]


def test_reflect_table_covers_every_token() -> None:
    """Every token the board can hold has an entry for each of the 4 travel directions."""
    for code in B.VALID_CODES:
        kind = B.TYPE_LETTERS[B.kind_of(code)]
        facing = B.FACINGS[B.kind_of(code)][B.facing_of(code)]
        if (kind, facing) in EXPECTED:
            row = EXPECTED[(kind, facing)]
            for travel, expected in row.items():
                got = B.REFLECT[code][B.DIRS.index(travel)]
                shown = "X" if got == B.DESTROY else "-" if got == B.ABSORB else B.DIRS[got]
                assert shown == expected, (kind, facing, travel)


def test_a_looping_beam_stops_at_the_cap_and_removes_nothing() -> None:
    """Notes 2.4, beam loops: "not mentioned [in the rules]. No infinite loop can start from an
    edge laser, but cap the number of trace steps defensively." Mirrors are reversible, so only
    a beam whose first square turns it again can come back round: a hand-built board (never a
    legal position) with a Switch where Blue's Laser stands sends the beam j1 -> j5 -> a5 -> a1
    -> j1 for ever. The tracer must stop after at most 4 crossings of each square, say where it
    stopped, and remove nothing; the fast path agrees."""
    board = bytearray(B.SQUARES)
    board[B.LASER_SQUARE[B.BLUE]] = B.token(B.SWITCH, B.BLUE, B.FACINGS[B.SWITCH].index("/"))   # fires N
    board[B.LASER_SQUARE[B.RED]] = B.token(B.LASER, B.RED, B.SOUTH)
    for name, facing in (("j5", "SW"), ("a5", "SE"), ("a1", "NE")):
        board[B.parse_square(name)] = B.token(B.DEFLECTOR, B.RED, B.FACINGS[B.DEFLECTOR].index(facing))
    loop = ["j1", "j2", "j3", "j4", "j5", "i5", "h5", "g5", "f5", "e5", "d5", "c5", "b5", "a5",
            "a4", "a3", "a2", "a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "i1"]
    shot = B.trace(bytes(board), B.BLUE)
    assert shot.hit == -1                                  # nothing is removed
    assert shot.stopped_at == shot.path[-1] and shot.stopped_at >= 0
    assert len(shot.path) == 4 * B.SQUARES + 1             # the cap, not a hang
    named = [B.SQUARE_NAMES[sq] for sq in shot.path]
    assert named[:2 * len(loop)] == loop + loop            # it really went round
    mask, hit = B.fire(bytes(board), B.BLUE)
    assert hit == -1 and mask == sum(B.BIT[B.parse_square(s)] for s in loop)
    # and playing a move on that board ends with the same board plus the move: nothing removed
    after, removed_at, removed = B.play(bytes(board), B.BLUE, (B.parse_square("e8"),) * 2 + (0, 0, 0))
    assert (removed_at, removed) == (-1, 0) and after == bytes(board)
