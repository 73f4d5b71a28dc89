"""The Laser Chess game: its declarations and options, the starting setups (setups.json), a
position read back from its notation, the bot, and the hooks that delegate to the package
(setting up, lessons, the setup check's beams). It makes :class:`LaserChessState`
(:mod:`engines.laser_chess.state`) and names no rule itself.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from importlib import resources
from typing import Any

from engines.core import (
    Bot,
    Game,
    HardwareRoles,
    IllegalAction,
    Option,
    PageAssets,
    SetupBeam,
    State,
)
from engines.laser_chess import board as B
from engines.laser_chess import lessons, setting_up
from engines.laser_chess.bot import AlphaBetaBot
from engines.laser_chess.misplaced import setup_beams
from engines.laser_chess.notation import parse_rows, parse_setup_token
from engines.laser_chess.state import LaserChessState
from engines.laser_chess.words import SETUP_NAMES
from engines.text import N_, Text

SETUPS: dict[str, Any] = {
    name: data for name, data in
    json.loads(resources.files(__package__).joinpath("setups.json").read_text(encoding="utf-8")).items()
    if not name.startswith("_")}
"""The starting setups, as data (setups.json): title, Khet name, confidence, source, tokens."""


def setup_board(name: str) -> bytes:
    board = bytearray(B.SQUARES)
    for colour, side in enumerate(B.COLOURS):
        for square, text in SETUPS[name][side].items():
            kind, facing = parse_setup_token(text)
            board[B.parse_square(square)] = B.token(kind, colour, facing)
    return bytes(board)


class LaserChess(Game):
    id = "laser-chess"
    state_type = LaserChessState
    setting_up = setting_up
    teaching = lessons
    title = "Laser Chess"
    min_players = 2
    max_players = 2
    hardware = HardwareRoles(button="fire", shot_event="laser")
    page = PageAssets(script="laser-chess.js", style="laser-chess.css")
    option_spec = (
        Option("setup", "ace", "Starting setup (ThinkFun page 10; Khet names accepted).",
               choices=("ace", "curiosity", "grail", "mercury", "sophie", "imhotep"),
               aliases={"classic": "ace", "dynasty": "grail"}, label=N_("Setup"),
               choice_labels=SETUP_NAMES),
        Option("king_rotation", False,
               "House rule: turning the King counts as a play (it changes nothing but the laser fires).",
               label=N_("Turning the King")),
        Option("swap_onto_restricted", False,
               "House rule: a Switch swap may leave the other token on a square forbidden to its colour.",
               label=N_("Swaps onto the other colour's squares")),
    )

    def chapter_title(self, view: Mapping[str, Any]) -> Text | None:
        ply = view.get("ply")
        return Text("move {n}", {"n": ply + 1}) if isinstance(ply, int) and ply >= 0 else None

    def _start(self, players: int, seed: int, options: dict[str, Any]) -> State:
        return LaserChessState(self, setup_board(options["setup"]), B.BLUE, setup=options["setup"],
                               king_rotation=options["king_rotation"],
                               swap_onto_restricted=options["swap_onto_restricted"])

    def load(self, text: str) -> LaserChessState:
        """A position from its notation (see notation.py and docs/laser-chess.md)."""
        if not isinstance(text, str):
            raise IllegalAction("A position is a line of text.")
        fields = text.split()
        if len(fields) != 6:
            raise IllegalAction("A position has 6 fields separated by spaces, not {count}.",
                                count=len(fields))
        rows, side, ply, setup, rules, history = fields
        board = parse_rows(rows)
        if side not in ("b", "r", "b=", "r="):
            raise IllegalAction("The side to move is b (Blue) or r (Red), with = after it once a draw "
                                "was declared; not {side}.", side=side[:12])
        if not (ply.isascii() and ply.isdigit()) or len(ply) > 9:   # int() of 5000 digits raises
            raise IllegalAction("The ply count must be a whole number below a billion, not {ply}.",
                                ply=ply[:12])
        if setup not in SETUPS:
            raise IllegalAction("There is no setup called {setup}.", setup=setup[:24])
        if rules != "-" and (set(rules) - {"k", "s"} or len(set(rules)) != len(rules)):
            raise IllegalAction("House rules are - or the letters k and s, not {rules}.", rules=rules[:12])
        keys = () if history == "-" else tuple(_history_key(k) for k in history.split(","))
        _check_tokens(board)
        return LaserChessState(self, board, 1 if side[0] == "r" else 0, ply=int(ply), setup=setup,
                               king_rotation="k" in rules, swap_onto_restricted="s" in rules,
                               history=keys, drawn=side.endswith("="))

    def bot(self, **settings: Any) -> Bot:
        """Settings: max_depth, check_every (nodes between stop() questions), table_size."""
        known = {"max_depth", "check_every", "table_size"}
        unknown = sorted(set(settings) - known)
        if unknown:
            raise IllegalAction("The Laser Chess bot has no setting {name}.", name=", ".join(unknown))
        return AlphaBetaBot(**settings)

    def setup_beams(self, state: State) -> tuple[SetupBeam, ...]:
        """Blue's laser and Red's on the board of ``state``, with the single misplaced tokens that
        would send each beam elsewhere (misplaced.py)."""
        assert isinstance(state, LaserChessState)
        return setup_beams(state.board)


def _history_key(text: str) -> int:
    """One 64-bit key: 1 to 16 hex digits (int() alone would take "-1", "0x1f" or "1_0")."""
    if not 1 <= len(text) <= 16 or text.strip("0123456789abcdefABCDEF"):
        raise IllegalAction("Earlier positions are - or hexadecimal keys (up to 16 digits) separated by "
                            "commas.")
    return int(text, 16)


def _check_tokens(board: bytes) -> None:
    for colour in (B.BLUE, B.RED):
        sq = B.LASER_SQUARE[colour]
        code = board[sq]
        if (B.kind_of(code) != B.LASER or B.colour_of(code) != colour
                or B.facing_of(code) not in B.LASER_FACINGS[colour]):
            # one whole sentence per colour: the adjective's ending is the translation's business
            raise IllegalAction("The blue Laser must stand on {square}, pointing along its column or row."
                                if colour == B.BLUE else
                                "The red Laser must stand on {square}, pointing along its column or row.",
                                square=B.SQUARE_NAMES[sq])
    lasers = sum(1 for code in board if B.kind_of(code) == B.LASER)
    if lasers != 2:
        raise IllegalAction("A position has exactly two Lasers, not {count}.", count=lasers)
    kings = [sum(1 for c in board if B.kind_of(c) == B.KING and B.colour_of(c) == col) for col in (0, 1)]
    if max(kings) > 1 or sum(kings) < 1:
        raise IllegalAction("Each side has one King (one may be gone when the game is over).")


GAME = LaserChess()
