"""How to set up the real board for a start position (docs/engines.md "Setting up and teaching"):
the steps the table screen shows and each colour's part, read from the position itself (its board),
so that any setup in setups.json is told without a second copy of it.

The marks the table drawing knows (web/static/games/laser-chess.js): ``"lasers"``, ``"tokens:blue"``,
``"tokens:red"``.
"""

from __future__ import annotations

from engines.core import DIGITAL, ChanceMode, SetupStep
from engines.laser_chess import board as B
from engines.laser_chess.state import LaserChessState
from engines.laser_chess.words import COMPASS, SETUP_NAMES
from engines.text import N_, Text, plural

PLACED = (B.KING, B.DEFENDER, B.SWITCH, B.DEFLECTOR)   # the order the steps name them in
SECTION = N_("Rulebook, the starting setups (page 10)")


def squares_of(state: LaserChessState, colour: int, kind: int) -> list[str]:
    """The squares where ``colour``'s tokens of ``kind`` stand, in board order."""
    return [B.SQUARE_NAMES[sq] for sq, code in enumerate(state.board)
            if code and B.kind_of(code) == kind and B.colour_of(code) == colour]


def kind_line(kind: int, found: list[str]) -> Text:
    """How many tokens of a kind, and their squares (a plural msgid each: the noun's plural is the
    language's, not ours)."""
    n, squares = len(found), ", ".join(found)
    if kind == B.KING:
        return plural(n, "{count} King: {squares}", "{count} Kings: {squares}", squares=squares)
    if kind == B.DEFENDER:
        return plural(n, "{count} Defender: {squares}", "{count} Defenders: {squares}", squares=squares)
    if kind == B.SWITCH:
        return plural(n, "{count} Switch: {squares}", "{count} Switches: {squares}", squares=squares)
    return plural(n, "{count} Deflector: {squares}", "{count} Deflectors: {squares}", squares=squares)


def token_lines(state: LaserChessState, colour: int) -> tuple[Text, ...]:
    """A line per kind of token a colour places: how many, and on which squares."""
    return tuple(kind_line(kind, found) for kind in PLACED if (found := squares_of(state, colour, kind)))


def laser_line(state: LaserChessState, colour: int) -> Text:
    sq = B.LASER_SQUARE[colour]
    facing = B.DIRS[B.facing_of(state.board[sq])]
    msgid = (N_("Blue's Laser stands on {square}, pointing {direction}.") if colour == B.BLUE
             else N_("Red's Laser stands on {square}, pointing {direction}."))
    return Text(msgid, {"square": B.SQUARE_NAMES[sq], "direction": COMPASS[facing]})


def steps(state: LaserChessState, chance: ChanceMode = DIGITAL) -> tuple[SetupStep, ...]:
    """The steps, naming the chosen setup as the host's option says it (nothing is left to chance:
    ``chance`` changes nothing)."""
    section, name = Text(SECTION), Text(SETUP_NAMES.get(state.setup, state.setup))
    return (
        SetupStep("board", Text("The board and the lasers"), (
            Text("Setup {name}. Lay the board between you: Blue sits at row 1, Red at row 8.",
                 {"name": name}),
            laser_line(state, B.BLUE), laser_line(state, B.RED)), ("lasers",), section),
        SetupStep("blue", Text("Blue's tokens"), (
            Text("Place Blue's tokens as drawn, each facing as its mirror or shield shows:"),
            *token_lines(state, B.BLUE)), ("tokens:blue",), section),
        SetupStep("red", Text("Red's tokens"), (
            Text("Place Red's tokens as drawn, each facing as its mirror or shield shows:"),
            *token_lines(state, B.RED)), ("tokens:red",), section),
        SetupStep("check", Text("Check the mirrors"), (
            Text("Compare every token with the picture: a mirror turned the wrong way sends the first "
                 "shot elsewhere."),
            Text("Blue moves first.")), ("tokens:blue", "tokens:red"), section, check="beam"),
    )


def part(state: LaserChessState, seat: int) -> tuple[Text, ...]:
    colour = B.BLUE if seat == 0 else B.RED
    first = (Text("You move first.") if colour == B.BLUE else Text("Blue moves first; you answer."))
    you = (Text("You play Blue: the blue Laser and tokens are yours.") if colour == B.BLUE
           else Text("You play Red: the red Laser and tokens are yours."))
    return (you, laser_line(state, colour), *token_lines(state, colour), first)
