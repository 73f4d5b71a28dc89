"""What one misplaced token does to a laser's beam: the setup check's suspects.

While a table sets up its box, the companion fires the laser and its sensors see where each beam
leaves the board (docs/hardware.md, "Checking the setup with the beam"). When that is not where
the setup says, one token on the beam's way most likely stands wrong. For each laser this lists
every single slip on its way, each with the beam it would give, the likeliest first:

1. a token on the way **turned** to another of its facings (a Laser to its other direction);
2. a token on the way **missing** (never a Laser: they stand in the corners);
3. a token of a square next to the way standing **one square off**, on the way, facing as it
   should (the way is then the beam's until that square).

A slip that leaves the beam as it was cannot be seen, and is left out.

>>> from engines.laser_chess.game import setup_board
>>> blue, red = setup_beams(setup_board("ace"))
>>> blue.beam.exit, red.beam.exit
(('j8', 'N'), ('a1', 'S'))
>>> [str(m.say) for m in blue.misplaced if ("j5", "E") in [b.exit for b in m.beams]]
['the Deflector on j5 is missing']
>>> grail = setup_beams(setup_board("grail"))[0]
>>> [str(m.say) for m in grail.misplaced if ("h8", "N") in [b.exit for b in m.beams]]
['the Switch on h4 is turned the wrong way']
"""

from __future__ import annotations

from engines.core import Beam, Misplaced, SetupBeam
from engines.laser_chess import board as B
from engines.laser_chess.words import PIECE_WORDS
from engines.text import Text


def setup_beams(board: bytes) -> tuple[SetupBeam, ...]:
    """Blue's laser, then Red's, on ``board``: each beam and the slips that would move it."""
    return tuple(_setup_beam(board, colour) for colour in (B.BLUE, B.RED))


def beam(board: bytes | bytearray, colour: int) -> Beam:
    """Where ``colour``'s laser sends its beam on ``board`` (a token it would remove stops it)."""
    shot = B.trace(board, colour)
    path = tuple(B.SQUARE_NAMES[sq] for sq in shot.path)
    if shot.stopped_at < 0:
        return Beam(path, exit=(path[-1], B.DIRS[shot.exit_dir]))
    return Beam(path, stopped_at=B.SQUARE_NAMES[shot.stopped_at])


def _setup_beam(board: bytes, colour: int) -> SetupBeam:
    expected = beam(board, colour)
    way = B.trace(board, colour).path
    found = [*_turned(board, colour, way), *_missing(board, colour, way), *_one_off(board, colour, way)]
    return SetupBeam(seat=colour, beam=expected,
                     misplaced=tuple(m for m in found if m.beams))


def _changed(board: bytes, colour: int, changes: dict[int, int], expected: Beam) -> tuple[Beam, ...]:
    nb = bytearray(board)
    for sq, code in changes.items():
        nb[sq] = code
    got = beam(nb, colour)
    return () if got == expected else (got,)


def _turned(board: bytes, colour: int, way: list[int]) -> list[Misplaced]:
    expected = beam(board, colour)
    out = []
    for sq in way:
        code = board[sq]
        if not code:
            continue
        kind, owner, facing = B.kind_of(code), B.colour_of(code), B.facing_of(code)
        facings = B.LASER_FACINGS[owner] if kind == B.LASER else range(len(B.FACINGS[kind]))
        beams: list[Beam] = []
        for other in facings:
            if other != facing:
                for got in _changed(board, colour, {sq: B.token(kind, owner, other)}, expected):
                    if got not in beams:
                        beams.append(got)
        name = B.SQUARE_NAMES[sq]
        out.append(Misplaced(name, Text("the {piece} on {square} is turned the wrong way",
                                        {"piece": PIECE_WORDS[kind], "square": name}), tuple(beams)))
    return out


def _missing(board: bytes, colour: int, way: list[int]) -> list[Misplaced]:
    expected = beam(board, colour)
    out = []
    for sq in way:
        code = board[sq]
        if not code or B.kind_of(code) == B.LASER:
            continue
        name = B.SQUARE_NAMES[sq]
        out.append(Misplaced(name, Text("the {piece} on {square} is missing",
                                        {"piece": PIECE_WORDS[B.kind_of(code)], "square": name}),
                             _changed(board, colour, {sq: 0}, expected)))
    return out


def _one_off(board: bytes, colour: int, way: list[int]) -> list[Misplaced]:
    expected = beam(board, colour)
    on_way = set(way)
    out = []
    for sq in way:
        if board[sq]:
            continue
        for home in B.NEIGHBOURS[sq]:
            code = board[home]
            if not code or home in on_way or B.kind_of(code) == B.LASER:
                continue
            name = B.SQUARE_NAMES[sq]
            out.append(Misplaced(name, Text("the {piece} of {home} stands on {square}",
                                            {"piece": PIECE_WORDS[B.kind_of(code)],
                                             "home": B.SQUARE_NAMES[home], "square": name}),
                                 _changed(board, colour, {home: 0, sq: code}, expected)))
    return out
