"""Positions for rule scenarios, written square by square (independent of the engine's formatter)."""

from __future__ import annotations

import engines
from engines.laser_chess.state import LaserChessState

GAME = engines.get("laser-chess")


def rows_text(tokens: dict[str, str]) -> str:
    """Rows 8 to 1 in the position notation from ``{"e1": "K", "f8": "k", ...}``."""
    rows = []
    for row in range(8, 0, -1):
        out, empty = "", 0
        for col in "abcdefghij":
            text = tokens.get(f"{col}{row}")
            if text is None:
                empty += 1
                continue
            if empty:
                out += str(empty)
                empty = 0
            out += text
        rows.append(out + (str(empty) if empty else ""))
    return "/".join(rows)


def position(tokens: dict[str, str], to_move: str = "b", rules: str = "-",
             lasers: tuple[str, str] = ("LN", "lS")) -> LaserChessState:
    """A position with the two Lasers (j1, a8) added; ``tokens`` must hold the Kings."""
    full = {"j1": lasers[0], "a8": lasers[1], **tokens}
    return GAME.load(f"{rows_text(full)} {to_move} 10 ace {rules} -")
