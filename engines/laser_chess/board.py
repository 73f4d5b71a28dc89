"""Squares, tokens and the precomputed tables of Laser Chess: the fast core.

Everything here works on small ints so that perft and the bot can run
without building a dict per node (as python-chess works on integer bitboards):

- a square is an int ``row * 10 + col`` (a1 = 0, j1 = 9, a8 = 70, j8 = 79);
- a direction is 0..3 = N, E, S, W (N = towards row 8, Red's side);
- a token is one int ``type << 3 | colour << 2 | facing`` and 0 is an empty square;
- a board is ``bytes`` of length 80 (immutable, hashable, cheap to copy);
- a move is a tuple ``(from, to, new_from, new_to, touched_bits)``: the two
  squares it writes, what it writes there, and their bits. A step writes the
  empty square and the token, a swap writes the two tokens exchanged, a
  rotation writes the same square twice.

The beam physics is one table, :data:`REFLECT`, keyed by token and the
direction the beam travels: a new direction, :data:`ABSORB` (stops, nothing
happens) or :data:`DESTROY` (the token is removed, the beam stops).

>>> square_name(0), square_name(79), parse_square("e4")
('a1', 'j8', 34)
>>> DIRS[REFLECT[token(DEFLECTOR, RED, FACINGS[DEFLECTOR].index("SW"))][NORTH]]
'W'
"""

from __future__ import annotations

from typing import Final

from engines.rng import Rng

COLS: Final = 10
ROWS: Final = 8
SQUARES: Final = COLS * ROWS
FILES: Final = "abcdefghij"

NORTH, EAST, SOUTH, WEST = 0, 1, 2, 3
DIRS: Final = ("N", "E", "S", "W")

BLUE, RED = 0, 1
COLOURS: Final = ("blue", "red")

# Token types (0 is reserved for "no token").
LASER, KING, DEFENDER, SWITCH, DEFLECTOR = 1, 2, 3, 4, 5
TYPE_NAMES: Final = {LASER: "laser", KING: "king", DEFENDER: "defender",
                     SWITCH: "switch", DEFLECTOR: "deflector"}
TYPE_LETTERS: Final = {LASER: "L", KING: "K", DEFENDER: "D", SWITCH: "S", DEFLECTOR: "F"}

# How each type's facing number (0..3) is written. A Deflector's facing is
# the pair of sides its mirror faces: (f, f+1), so NE = N and E sides.
# A Switch has two states: "/" (N<->E, S<->W) and "\\" (N<->W, S<->E).
FACINGS: Final[dict[int, tuple[str, ...]]] = {
    LASER: DIRS, KING: ("N",), DEFENDER: DIRS, SWITCH: ("/", "\\"),
    DEFLECTOR: ("NE", "SE", "SW", "NW"),
}

ABSORB: Final = 4
DESTROY: Final = 5

# The two lasers never move.
LASER_SQUARE: Final = (9, 70)             # blue j1, red a8
LASER_FACINGS: Final = ((NORTH, WEST), (SOUTH, EAST))   # along its column or its row

# Colour-restricted squares (notes 2.2): Blue may never enter the red-only ones and
# Red may never enter the blue-only ones.
RED_ONLY: Final = ("a1", "a2", "a3", "a4", "a5", "a6", "a7", "i1", "i8")
BLUE_ONLY: Final = ("j2", "j3", "j4", "j5", "j6", "j7", "j8", "b1", "b8")


def square_name(sq: int) -> str:
    return FILES[sq % COLS] + str(sq // COLS + 1)


def parse_square(text: str) -> int:
    """The int of a square name, or -1 if it is not one."""
    if not isinstance(text, str) or len(text) != 2 or text[0] not in FILES or text[1] not in "12345678":
        return -1
    return (int(text[1]) - 1) * COLS + FILES.index(text[0])


SQUARE_NAMES: Final = tuple(square_name(s) for s in range(SQUARES))


def token(kind: int, colour: int, facing: int = 0) -> int:
    return kind << 3 | colour << 2 | facing


def kind_of(code: int) -> int:
    return code >> 3


def colour_of(code: int) -> int:
    return (code >> 2) & 1


def facing_of(code: int) -> int:
    return code & 3


def _build_next() -> tuple[tuple[int, ...], ...]:
    steps = ((0, 1), (1, 0), (0, -1), (-1, 0))
    out = []
    for dc, dr in steps:
        row = []
        for sq in range(SQUARES):
            c, r = sq % COLS + dc, sq // COLS + dr
            row.append(r * COLS + c if 0 <= c < COLS and 0 <= r < ROWS else -1)
        out.append(tuple(row))
    return tuple(out)


NEXT: Final = _build_next()
"""``NEXT[direction][square]``: the neighbouring square, or -1 off the board."""

NEIGHBOURS: Final = tuple(
    tuple((r + dr) * COLS + (c + dc)
          for dr in (1, 0, -1) for dc in (-1, 0, 1)
          if (dr or dc) and 0 <= c + dc < COLS and 0 <= r + dr < ROWS)
    for r, c in ((sq // COLS, sq % COLS) for sq in range(SQUARES)))
"""The up to 8 squares one step away."""

BIT: Final = tuple(1 << sq for sq in range(SQUARES))

_RED_ONLY_SQ = {parse_square(s) for s in RED_ONLY}
_BLUE_ONLY_SQ = {parse_square(s) for s in BLUE_ONLY}
ALLOWED: Final = (
    tuple(sq not in _RED_ONLY_SQ for sq in range(SQUARES)),    # where a blue token may stand
    tuple(sq not in _BLUE_ONLY_SQ for sq in range(SQUARES)),   # where a red token may stand
)


def _reflect(kind: int, facing: int, travel: int) -> int:
    """What a token does to a beam travelling in ``travel`` (the rules, as written in the notes)."""
    arriving_side = (travel + 2) % 4          # travelling N means it arrives at the S side
    if kind == LASER:
        return ABSORB                          # a Laser token stops the beam, nothing happens
    if kind == KING:
        return DESTROY                         # hit from any side: the game ends
    if kind == DEFENDER:
        return ABSORB if arriving_side == facing else DESTROY
    if kind == DEFLECTOR:
        sides = (facing, (facing + 1) % 4)
        if arriving_side == sides[0]:
            return sides[1]
        if arriving_side == sides[1]:
            return sides[0]
        return DESTROY
    # Switch: "/" sends N<->E and S<->W; "\\" sends N<->W and S<->E. Never removed.
    if facing == 0:
        return {NORTH: EAST, EAST: NORTH, SOUTH: WEST, WEST: SOUTH}[travel]
    return {NORTH: WEST, EAST: SOUTH, SOUTH: EAST, WEST: NORTH}[travel]


MAX_CODE: Final = (DEFLECTOR << 3) + 8


def _valid(code: int) -> bool:
    kind = kind_of(code)
    return kind in FACINGS and facing_of(code) < len(FACINGS[kind])


VALID_CODES: Final = tuple(c for c in range(MAX_CODE) if _valid(c))

REFLECT: Final = tuple(
    tuple(_reflect(kind_of(c), facing_of(c), d) for d in range(4)) if _valid(c) else (ABSORB,) * 4
    for c in range(MAX_CODE))
"""``REFLECT[token][travel]``: the beam's new direction, ABSORB or DESTROY."""


def _rotations(code: int, king_rotation: bool) -> tuple[tuple[int, int], ...]:
    """(new token, turn) pairs a rotation may give: turn +1 = clockwise, -1 = anticlockwise."""
    kind, colour, facing = kind_of(code), colour_of(code), facing_of(code)
    if kind in (DEFENDER, DEFLECTOR):
        return ((token(kind, colour, (facing + 1) % 4), 1), (token(kind, colour, (facing + 3) % 4), -1))
    if kind == SWITCH:                        # both turns give the same state: offered once
        return ((token(kind, colour, 1 - facing), 1),)
    if kind == KING:
        return ((code, 1),) if king_rotation else ()
    if kind == LASER:                         # the other of its two directions
        a, b = LASER_FACINGS[colour]
        other = b if facing == a else a
        return ((token(kind, colour, other), 1 if other == (facing + 1) % 4 else -1),)
    return ()


ROTATIONS: Final = (
    tuple(_rotations(c, False) if _valid(c) else () for c in range(MAX_CODE)),
    tuple(_rotations(c, True) if _valid(c) else () for c in range(MAX_CODE)),
)
"""``ROTATIONS[king_rotation][token]``."""

SWAPPABLE: Final = tuple(_valid(c) and kind_of(c) in (DEFENDER, DEFLECTOR) for c in range(MAX_CODE))

Move = tuple[int, int, int, int, int]


_NOWHERE: Final = ((),) * SQUARES


def _steps(code: int) -> tuple[tuple[tuple[int, Move], ...], ...]:
    """Per square: (square, the step onto it when empty) for every square ``code`` may step onto."""
    if not _valid(code) or kind_of(code) == LASER:
        return _NOWHERE
    allowed = ALLOWED[colour_of(code)]
    return tuple(tuple((n, (sq, n, 0, code, BIT[sq] | BIT[n])) for n in NEIGHBOURS[sq] if allowed[n])
                 for sq in range(SQUARES))


def _turns(rotations: tuple[tuple[int, int], ...]) -> tuple[tuple[Move, ...], ...]:
    """Per square: the rotations as moves."""
    if not rotations:
        return _NOWHERE
    return tuple(tuple((sq, sq, new, new, BIT[sq]) for new, _turn in rotations) for sq in range(SQUARES))


STEPS: Final[list[tuple[tuple[tuple[int, Move], ...], ...]]] = []
"""``STEPS[token][square]``: the steps a token may make, ready-made (the generator only checks
that the square is empty), in the order of :data:`NEIGHBOURS`. Made by :func:`move_tables` when
first needed: with :data:`TURNS` some 2.9 MB that a companion with no Laser Chess table never uses."""

TURNS: Final[list[tuple[tuple[tuple[Move, ...], ...], ...]]] = []
"""``TURNS[king_rotation][token][square]``: its rotations as moves, ready-made (as STEPS)."""


def move_tables() -> tuple[list[tuple[tuple[tuple[int, Move], ...], ...]],
                           list[tuple[tuple[tuple[Move, ...], ...], ...]]]:
    """:data:`STEPS` and :data:`TURNS`, made the first time. TURNS is filled before STEPS, each in
    one assignment, so a thread that finds STEPS filled finds TURNS filled too (two threads that
    both make them make the same tuples)."""
    if not STEPS:
        turns = [tuple(_turns(r) for r in by_token) for by_token in ROTATIONS]
        steps = [_steps(c) for c in range(MAX_CODE)]
        TURNS[:] = turns
        STEPS[:] = steps
    return STEPS, TURNS

ZONE: Final = tuple(BIT[sq] | sum(BIT[n] for n in NEIGHBOURS[sq]) for sq in range(SQUARES))
"""``ZONE[square]``: the bits of the square and its neighbours: every square a move of its token touches."""

_OWN: Final = tuple(bytes(1 if c and c < MAX_CODE and colour_of(c) == colour else 0 for c in range(256))
                    for colour in (BLUE, RED))


def generate(board: bytes, colour: int, king_rotation: bool = False,
             swap_onto_restricted: bool = False, near: int | None = None) -> list[Move]:
    """Every move of ``colour`` (the fast path: no dicts, no checks of whose turn), square by
    square from a1, each token's steps (and a Switch's swaps) in the order of NEIGHBOURS, then its
    rotations. The moves are the ready-made tuples of STEPS and TURNS: the bot's tables and
    perft touch no new tuple for a step or a turn. With ``near`` (square bits), only the moves
    of the tokens whose :data:`ZONE` meets it: every move that may touch those squares."""
    moves: list[Move] = []
    append = moves.append
    extend = moves.extend
    if not STEPS:
        move_tables()
    turns = TURNS[king_rotation]
    steps = STEPS
    own = board.translate(_OWN[colour])        # 1 on every square holding a token of colour
    find = own.find
    sq = find(1)
    while sq >= 0:
        if near is not None and not ZONE[sq] & near:
            sq = find(1, sq + 1)
            continue
        code = board[sq]
        if code >> 3 == SWITCH:
            for n, move in steps[code][sq]:
                other = board[n]
                if not other:
                    append(move)
                elif SWAPPABLE[other] and (swap_onto_restricted or ALLOWED[(other >> 2) & 1][sq]):
                    append((sq, n, other, code, move[4]))
        else:
            for n, move in steps[code][sq]:
                if not board[n]:
                    append(move)
        extend(turns[code][sq])
        sq = find(1, sq + 1)
    return moves


def _ray(d: int, sq: int) -> tuple[int, ...]:
    out = []
    while (sq := NEXT[d][sq]) >= 0:
        out.append(sq)
    return tuple(out)


RAY: Final = tuple(tuple(_ray(d, sq) for sq in range(SQUARES)) for d in range(4))
"""``RAY[direction][square]``: the squares from the next one to the edge, in order."""
BEYOND: Final = tuple(tuple(sum(BIT[s] for s in RAY[d][sq]) for sq in range(SQUARES)) for d in range(4))
"""``BEYOND[direction][square]``: the bits of :data:`RAY`."""


def fire(board: bytes | bytearray, colour: int) -> tuple[int, int]:
    """Fire ``colour``'s laser: (bits of every square the beam touches, square of the
    token it removes or -1). The fast form of :func:`trace`: the beam runs straight along a
    :data:`RAY` to the next token, whose :data:`REFLECT` turns it, stops it or is destroyed."""
    sq = LASER_SQUARE[colour]
    d = board[sq] & 3
    mask = BIT[sq]
    for _ in range(4 * SQUARES):              # guard: a beam can cross each square at most 4 ways
        for n in RAY[d][sq]:
            if board[n]:
                break
        else:
            return mask | BEYOND[d][sq], -1    # it leaves the board
        mask |= BEYOND[d][sq] ^ BEYOND[d][n]
        r = REFLECT[board[n]][d]
        if r == DESTROY:
            return mask, n
        if r == ABSORB:
            return mask, -1
        d, sq = r, n
    return mask, -1


class Trace:
    """The beam of one shot, square by square (the slow, descriptive form for events)."""

    __slots__ = ("exit_dir", "hit", "path", "stopped_at")

    def __init__(self, path: list[int], stopped_at: int, exit_dir: int, hit: int) -> None:
        self.path = path              # squares in order, starting at the laser
        self.stopped_at = stopped_at  # square where it ended on the board, or -1 if it left
        self.exit_dir = exit_dir      # direction it left the board (when stopped_at == -1)
        self.hit = hit                # square of the token it removes, or -1


def trace(board: bytes | bytearray, colour: int) -> Trace:
    sq = LASER_SQUARE[colour]
    d = board[sq] & 3
    path = [sq]
    for _ in range(4 * SQUARES):
        n = NEXT[d][sq]
        if n < 0:
            return Trace(path, -1, d, -1)
        sq = n
        path.append(sq)
        code = board[sq]
        if code:
            r = REFLECT[code][d]
            if r == DESTROY:
                return Trace(path, sq, -1, sq)
            if r == ABSORB:
                return Trace(path, sq, -1, -1)
            d = r
    return Trace(path, sq, -1, -1)            # a loop (cannot start from an edge laser): stop here


def play(board: bytes, colour: int, move: Move) -> tuple[bytes, int, int]:
    """Apply ``move`` and fire: (new board, removed square or -1, removed token or 0)."""
    f, t, x, y, _ = move
    nb = bytearray(board)
    nb[f] = x
    nb[t] = y
    _, hit = fire(nb, colour)
    removed = 0
    if hit >= 0:
        removed = nb[hit]
        nb[hit] = 0
    return bytes(nb), hit, removed


def perft(board: bytes, colour: int, depth: int, king_rotation: bool = False,
          swap_onto_restricted: bool = False) -> int:
    """Leaf count at ``depth``, applying every leaf and firing its beam.

    A move that hits a King ends the game: it is a node at its own depth and
    has no children (chess's convention for mate). The beam of the parent is
    traced once; a child whose move touches none of its squares fires the
    very same shot, so only the others are traced again.
    """
    if depth == 0:
        return 1
    moves = generate(board, colour, king_rotation, swap_onto_restricted)
    mask, hit = fire(board, colour)
    king = KING
    nodes = 0
    other = 1 - colour
    for move in moves:
        f, t, x, y, touched = move
        nb = bytearray(board)
        nb[f] = x
        nb[t] = y
        if touched & mask:
            _, h = fire(nb, colour)
        else:
            h = hit
        if h >= 0:
            if nb[h] >> 3 == king:
                nodes += depth == 1    # the game ends here
                continue
            nb[h] = 0
        if depth == 1:
            bytes(nb)                  # the leaf position itself, as every node is built
            nodes += 1
        else:
            nodes += perft(bytes(nb), other, depth - 1, king_rotation, swap_onto_restricted)
    return nodes


def _zobrist() -> tuple[tuple[int, ...], ...]:
    rng = Rng.from_seed(0x1A5E5C4E55)
    table = []
    for _ in range(SQUARES):
        row = []
        for _ in range(MAX_CODE):
            value, rng = rng.next64()
            row.append(value)
        table.append(tuple(row))
    return tuple(table)


ZOBRIST: Final = _zobrist()
ZOBRIST_RED_TO_MOVE: Final = 0x9D39247E33776D41


def position_key(board: bytes, colour: int) -> int:
    """A 64-bit key of the arrangement and the side to move (for repetition)."""
    key = ZOBRIST_RED_TO_MOVE if colour == RED else 0
    for sq, code in enumerate(board):
        if code:
            key ^= ZOBRIST[sq][code]
    return key
