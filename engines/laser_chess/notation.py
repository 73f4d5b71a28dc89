r"""Text forms: the position notation (FEN-like) and the tokens of the setups file.

A position is six fields separated by spaces::

    <rows> <to move> <ply> <setup> <house rules> <earlier positions>

- ``rows``: row 8 first, row 1 last, separated by ``/``; in each row, from
  column a to j, a number for a run of empty squares and a token for each
  token. A token is its type letter, upper case for Blue and lower case for
  Red (``L`` Laser, ``K`` King, ``D`` Defender, ``S`` Switch, ``F`` Deflector),
  then its facing: ``N E S W`` for a Laser or Defender, ``NE SE SW NW`` for a
  Deflector (the sides its mirror faces), ``/`` or ``\`` for a Switch, nothing
  for a King. A red Switch ``/`` at the end of a row reads ``s//``: the first
  ``/`` belongs to the token.
- ``to move``: ``b`` (Blue) or ``r`` (Red); ``b=`` / ``r=`` once that player declared a draw.
- ``ply``: actions played so far.
- ``setup``: the name of the starting setup (shown on the table screen).
- ``house rules``: ``-`` or letters: ``k`` = king_rotation, ``s`` = swap_onto_restricted.
- ``earlier positions``: ``-`` or the 64-bit keys (hex) of the positions since
  the last removal, oldest first: what a threefold repetition needs.

>>> rows = format_rows(parse_rows("lS9/10/10/10/10/10/10/4K4LN"))
>>> rows
'lS9/10/10/10/10/10/10/4K4LN'
>>> parse_rows("10/10")
Traceback (most recent call last):
...
engines.core.IllegalAction: A position needs 8 rows separated by /, not 2.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from engines.core import IllegalAction
from engines.laser_chess.board import (
    COLS,
    FACINGS,
    KING,
    ROWS,
    SQUARES,
    TYPE_LETTERS,
    colour_of,
    facing_of,
    kind_of,
    parse_square,
    token,
)

_LETTER_TYPE = {letter: kind for kind, letter in TYPE_LETTERS.items()}
_TOKEN_RE = re.compile(r"([0-9]+)|([LDld])([NESW])|([Kk])()|([Ff])(NE|SE|SW|NW)|([Ss])([/\\])|(/)")


def token_text(code: int) -> str:
    kind = kind_of(code)
    letter = TYPE_LETTERS[kind]
    facing = FACINGS[kind][facing_of(code)] if kind != KING else ""
    return (letter if colour_of(code) == 0 else letter.lower()) + facing


def format_rows(board: bytes) -> str:
    rows = []
    for r in range(ROWS - 1, -1, -1):
        out, empty = [], 0
        for c in range(COLS):
            code = board[r * COLS + c]
            if not code:
                empty += 1
                continue
            if empty:
                out.append(str(empty))
                empty = 0
            out.append(token_text(code))
        if empty:
            out.append(str(empty))
        rows.append("".join(out))
    return "/".join(rows)


def parse_rows(text: str) -> bytes:
    """The board of a ``rows`` field; raises IllegalAction saying what is wrong."""
    rows: list[list[int]] = [[]]
    pos = 0
    while pos < len(text):
        m = _TOKEN_RE.match(text, pos)
        if m is None:
            raise IllegalAction("Cannot read the position at {text!r}.", text=text[pos:pos + 6])
        pos = m.end()
        digits, *groups, sep = m.groups()
        if sep:
            if len(rows) == ROWS:       # refused at once: a long text never builds a long list
                raise IllegalAction("A position needs 8 rows separated by /, not more.")
            rows.append([])
            continue
        if digits:
            run = int(digits) if len(digits) <= 2 else COLS + 1   # never int() a huge number
            if run < 1:
                raise IllegalAction("A run of empty squares is 1 to 10, not {run}.", run=digits[:6])
            if len(rows[-1]) + run > COLS:
                raise IllegalAction("Row {row} has more than 10 squares.", row=ROWS + 1 - len(rows))
            rows[-1].extend([0] * run)
        else:
            if len(rows[-1]) == COLS:
                raise IllegalAction("Row {row} has more than 10 squares.", row=ROWS + 1 - len(rows))
            letter = next(g for g in groups[0::2] if g)
            facing = next((groups[i + 1] for i in range(0, len(groups), 2) if groups[i]), "")
            kind = _LETTER_TYPE[letter.upper()]
            colour = 0 if letter.isupper() else 1
            rows[-1].append(token(kind, colour, FACINGS[kind].index(facing) if facing else 0))
    if len(rows) != ROWS:
        raise IllegalAction("A position needs 8 rows separated by /, not {count}.", count=len(rows))
    for i, row in enumerate(rows):
        if len(row) != COLS:
            raise IllegalAction("Row {row} has {count} squares, not 10.", row=ROWS - i, count=len(row))
    board = bytearray(SQUARES)
    for i, row in enumerate(rows):
        r = ROWS - 1 - i
        board[r * COLS:(r + 1) * COLS] = bytes(row)
    return bytes(board)


def parse_setup_token(text: str) -> tuple[int, int]:
    """A setups-file token such as ``F:SW`` or ``K``: (type, facing)."""
    letter, _, facing = text.partition(":")
    kind = _LETTER_TYPE[letter]
    return kind, FACINGS[kind].index(facing) if facing else 0


def rotation_square(action: Mapping[str, Any]) -> int:
    """The square a rotation names, by its ``square`` or its text form (``e1+``); -1 if neither reads."""
    square = action.get("square")
    if isinstance(square, str):
        return parse_square(square)
    text = action.get("notation")
    if isinstance(text, str) and len(text) == 3 and text[2] in "+-":
        return parse_square(text[:2])
    return -1
