"""Why a play is refused, in the rulebook's words (movement rules, ThinkFun p.8 / German p.14).

One small function per kind of play, in a table (:data:`_BY_KIND`); a new kind of play gets its own
function and line there. The refusals read the board and what the seat may know, nothing else.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engines.core import IllegalAction, Seat
from engines.laser_chess import board as B
from engines.laser_chess.notation import rotation_square
from engines.laser_chess.words import COLOUR_NAMES, PIECE_WORDS
from engines.text import N_


def _squares(action: Mapping[str, Any]) -> tuple[int, int]:
    """(from, to) of a move or swap, from its keys or its text form; -1 where unreadable."""
    f, t = action.get("from"), action.get("to")
    text = action.get("notation")
    if not isinstance(f, str) and isinstance(text, str) and len(text) == 4:
        f, t = text[:2], text[2:]
    return B.parse_square(f) if isinstance(f, str) else -1, B.parse_square(t) if isinstance(t, str) else -1


def explain(board: bytes, repetitions: int, seat: Seat, action: Mapping[str, Any]) -> IllegalAction:
    """Why ``action`` is not one of ``seat``'s legal plays on ``board`` (where the position has come up
    ``repetitions`` times)."""
    kind = action.get("type")
    why = _BY_KIND.get(kind) if isinstance(kind, str) else None
    if why is None:
        return IllegalAction("Laser Chess has no play called {kind}; a turn is a move, a swap, "
                             "a rotate, or declare_draw.", kind=str(kind))
    return why(board, repetitions, seat, action)


def _draw(board: bytes, repetitions: int, seat: Seat, action: Mapping[str, Any]) -> IllegalAction:
    if repetitions == 1:  # two msgids, so each language can say "once" its own way
        return IllegalAction("A draw may only be declared when the same position comes up for the "
                             "third time; this one has come up once.")
    return IllegalAction("A draw may only be declared when the same position comes up for the "
                         "third time; this one has come up {count} times.", count=repetitions)


def _rotate(board: bytes, repetitions: int, seat: Seat, action: Mapping[str, Any]) -> IllegalAction:
    sq = rotation_square(action)
    if sq < 0:
        return IllegalAction('A rotation needs a "square" (a1 to j8) and a "turn" (cw or ccw).')
    if action.get("turn", "cw") not in ("cw", "ccw"):
        return IllegalAction('A rotation turns "cw" (clockwise) or "ccw" (anticlockwise).')
    code = board[sq]
    problem = _own_token(code, seat, sq)
    if problem:
        return problem
    if B.kind_of(code) == B.KING:
        return IllegalAction("Turning the King changes nothing, so it is not a play here (the table "
                             "can allow it with the king_rotation option).")
    return IllegalAction("A rotation is exactly 90 degrees, clockwise (+) or anticlockwise (-).")


def _move(board: bytes, repetitions: int, seat: Seat, action: Mapping[str, Any]) -> IllegalAction:
    """A move or a swap: the token, the step, the marked squares, then what stands on the target."""
    kind = action.get("type")
    f, t = _squares(action)
    if f < 0 or t < 0:
        return IllegalAction('A move needs "from" and "to" squares, a1 to j8 (for example e1e2).')
    code = board[f]
    problem = _own_token(code, seat, f)
    if problem:
        return problem
    if B.kind_of(code) == B.LASER:
        return IllegalAction("The Laser never leaves its corner; it can only turn to its other direction.")
    if t == f:
        return IllegalAction("A move goes to another square: the token already stands on {square}.",
                             square=B.SQUARE_NAMES[f])
    if t not in B.NEIGHBOURS[f]:
        return IllegalAction("A token moves one square at a time, to one of the 8 squares around it; "
                             "{to_square} is not next to {from_square}.",
                             from_square=B.SQUARE_NAMES[f], to_square=B.SQUARE_NAMES[t])
    if not B.ALLOWED[seat][t]:
        return IllegalAction("{colour} tokens may never enter {square}: it carries the other colour's "
                             "mark.", colour=COLOUR_NAMES[seat], square=B.SQUARE_NAMES[t])
    if board[t]:
        return _onto_token(board, code, f, t, swap=kind == "swap")
    if kind == "swap":
        return IllegalAction("A swap needs a Deflector or Defender next to your {piece}; {square} is empty.",
                             piece=PIECE_WORDS[B.kind_of(code)], square=B.SQUARE_NAMES[t])
    return IllegalAction("That is not a legal play right now.")


def _onto_token(board: bytes, code: int, f: int, t: int, *, swap: bool) -> IllegalAction:
    """A token moving from ``f`` onto the token on ``t``: only a Switch's swap, within the marks."""
    other = board[t]
    if B.kind_of(code) != B.SWITCH:
        return IllegalAction("{square} is taken: only a Switch may swap places with another token.",
                             square=B.SQUARE_NAMES[t])
    if not B.SWAPPABLE[other]:
        return IllegalAction("A Switch may swap only with a Deflector or a Defender, not with a "
                             "{piece}.", piece=PIECE_WORDS[B.kind_of(other)])
    if not B.ALLOWED[B.colour_of(other)][f]:
        return IllegalAction(_SWAP_ONTO_MARK[B.colour_of(other), B.kind_of(other)],
                             square=B.SQUARE_NAMES[f])
    if not swap:
        return IllegalAction("{square} is taken: a Switch moving there swaps places "
                             '(play it as type "swap").', square=B.SQUARE_NAMES[t])
    return IllegalAction("That is not a legal play right now.")


_BY_KIND: dict[str, Callable[[bytes, int, Seat, Mapping[str, Any]], IllegalAction]] = {
    "declare_draw": _draw, "rotate": _rotate, "move": _move, "swap": _move}
"""Each kind of play and the function that says why it is refused."""


# one whole sentence per colour and swappable token: the colour is an adjective whose ending
# follows the token's gender and case ("den blauen Deflektor"), so it is never glued in
_SWAP_ONTO_MARK = {
    (B.BLUE, B.DEFLECTOR):
        N_("That swap would put the blue Deflector on {square}, which blue tokens may never enter."),
    (B.BLUE, B.DEFENDER):
        N_("That swap would put the blue Defender on {square}, which blue tokens may never enter."),
    (B.RED, B.DEFLECTOR):
        N_("That swap would put the red Deflector on {square}, which red tokens may never enter."),
    (B.RED, B.DEFENDER):
        N_("That swap would put the red Defender on {square}, which red tokens may never enter."),
}


def _own_token(code: int, seat: Seat, sq: int) -> IllegalAction | None:
    if not code:
        return IllegalAction("There is no token on {square}.", square=B.SQUARE_NAMES[sq])
    if B.colour_of(code) != seat:
        return IllegalAction("The token on {square} belongs to {owner_seat}; you only ever touch your "
                             "own tokens.", square=B.SQUARE_NAMES[sq], owner_seat=B.colour_of(code))
    return None
