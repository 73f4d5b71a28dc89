"""A deliberately simple second implementation of Laser Chess, for the perft tests only.

It shares nothing with ``engines/laser_chess`` but the setups data file: squares are
(column, row) pairs, a board is a dict, tokens are (colour, type, facing) strings,
and every rule is written out the way the notes (section 2.3) say it. It is slow
on purpose: clear enough to check by reading.
"""

from __future__ import annotations

import json
from pathlib import Path

Square = tuple[int, int]          # (column 0..9 = a..j, row 0..7 = 1..8)
Token = tuple[str, str, str]      # ("blue" | "red", "L" | "K" | "D" | "S" | "F", facing)
Board = dict[Square, Token]
Move = tuple[str, Square, Square, Token | None]   # (kind, from, to, token after a rotation)

STEP = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
CLOCKWISE = ["N", "E", "S", "W"]
DEFLECTOR_CW = ["NE", "SE", "SW", "NW"]

RED_ONLY = {"a1", "a2", "a3", "a4", "a5", "a6", "a7", "i1", "i8"}
BLUE_ONLY = {"j2", "j3", "j4", "j5", "j6", "j7", "j8", "b1", "b8"}


def name(sq: Square) -> str:
    return "abcdefghij"[sq[0]] + str(sq[1] + 1)


def square(text: str) -> Square:
    return ("abcdefghij".index(text[0]), int(text[1]) - 1)


def on_board(sq: Square) -> bool:
    return 0 <= sq[0] < 10 and 0 <= sq[1] < 8


def may_stand(colour: str, sq: Square) -> bool:
    forbidden = RED_ONLY if colour == "blue" else BLUE_ONLY
    return name(sq) not in forbidden


def load_setup(setup: str) -> Board:
    path = Path(__file__).resolve().parents[3] / "engines" / "laser_chess" / "setups.json"
    data = json.loads(path.read_text(encoding="utf-8"))[setup]
    board: Board = {}
    for colour in ("blue", "red"):
        for sq, text in data[colour].items():
            kind, _, facing = text.partition(":")
            board[square(sq)] = (colour, kind, facing or "N")
    return board


def beam(board: Board, colour: str) -> tuple[list[Square], Square | None]:
    """The squares the beam visits and the square of the token it removes (or None)."""
    start = next(sq for sq, t in board.items() if t[0] == colour and t[1] == "L")
    travel = board[start][2]
    sq = start
    path = [sq]
    for _ in range(1000):
        sq = (sq[0] + STEP[travel][0], sq[1] + STEP[travel][1])
        if not on_board(sq):
            return path, None
        path.append(sq)
        if sq not in board:
            continue
        _, kind, facing = board[sq]
        came_from = OPPOSITE[travel]          # the side of the token the beam arrives at
        if kind == "L":
            return path, None
        if kind == "K":
            return path, sq
        if kind == "D":
            if facing == came_from:
                return path, None              # the shield stops it
            return path, sq
        if kind == "F":
            sides = [facing[0], facing[1]]     # e.g. "SW": the mirror faces S and W
            if came_from == sides[0]:
                travel = sides[1]
            elif came_from == sides[1]:
                travel = sides[0]
            else:
                return path, sq
            continue
        if kind == "S":
            if facing == "/":
                travel = {"N": "E", "E": "N", "S": "W", "W": "S"}[travel]
            else:
                travel = {"N": "W", "W": "N", "S": "E", "E": "S"}[travel]
    raise AssertionError("the beam never ended")


def rotated(token: Token, clockwise: bool) -> Token:
    colour, kind, facing = token
    ring = DEFLECTOR_CW if kind == "F" else CLOCKWISE
    i = ring.index(facing)
    return (colour, kind, ring[(i + (1 if clockwise else -1)) % 4])


def moves(board: Board, colour: str, king_rotation: bool = False,
          swap_onto_restricted: bool = False) -> list[Move]:
    """House rules (notes 2.4): ``king_rotation`` lets a King be turned (one play, nothing
    changes on the board); ``swap_onto_restricted`` lets a Switch swap put the other token on
    a square its colour may not enter."""
    out: list[Move] = []
    for sq, token in sorted(board.items()):
        if token[0] != colour:
            continue
        kind = token[1]
        if kind == "L":
            other = {"N": "W", "W": "N", "S": "E", "E": "S"}[token[2]]
            out.append(("rotate", sq, sq, (colour, "L", other)))
            continue
        for dc in (-1, 0, 1):
            for dr in (-1, 0, 1):
                to = (sq[0] + dc, sq[1] + dr)
                if (dc, dr) == (0, 0) or not on_board(to) or not may_stand(colour, to):
                    continue
                if to not in board:
                    out.append(("step", sq, to, None))
                elif kind == "S" and board[to][1] in ("D", "F") and (
                        swap_onto_restricted or may_stand(board[to][0], sq)):
                    out.append(("swap", sq, to, None))
        if kind in ("D", "F"):
            out.append(("rotate", sq, sq, rotated(token, True)))
            out.append(("rotate", sq, sq, rotated(token, False)))
        elif kind == "S":
            out.append(("rotate", sq, sq, (colour, "S", "\\" if token[2] == "/" else "/")))
        elif kind == "K" and king_rotation:
            out.append(("rotate", sq, sq, token))
    return out


def play(board: Board, colour: str, move: Move) -> tuple[Board, bool]:
    """The board after the move and the shot, and whether a King was hit."""
    kind, frm, to, new = move
    after = dict(board)
    if kind == "rotate":
        assert new is not None
        after[frm] = new
    elif kind == "step":
        after[to] = after.pop(frm)
    else:
        after[frm], after[to] = after[to], after[frm]
    _, hit = beam(after, colour)
    king_hit = False
    if hit is not None:
        king_hit = after[hit][1] == "K"
        del after[hit]
    return after, king_hit


def move_text(move: Move) -> str:
    kind, frm, to, new = move
    if kind != "rotate":
        return name(frm) + name(to)
    return name(frm) + "*" + (new[2] if new else "")


def perft(board: Board, colour: str, depth: int, **rules: bool) -> int:
    if depth == 0:
        return 1
    total = 0
    other = "red" if colour == "blue" else "blue"
    for move in moves(board, colour, **rules):
        after, over = play(board, colour, move)
        if over:
            total += 1 if depth == 1 else 0
        else:
            total += perft(after, other, depth - 1, **rules)
    return total


def divide(board: Board, colour: str, depth: int, **rules: bool) -> dict[str, int]:
    out = {}
    other = "red" if colour == "blue" else "blue"
    for move in moves(board, colour, **rules):
        after, over = play(board, colour, move)
        out[move_text(move)] = (1 if depth == 1 else 0) if over else perft(after, other, depth - 1, **rules)
    return out
