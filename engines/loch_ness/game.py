"""The game of Loch Ness: its declarations (options, hardware, page), the start, loading a
position, the computer player and the hooks of setting up and of a first game."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from engines.core import (
    CHANCE_LABELS,
    CHANCE_MODES,
    DIGITAL,
    BoardCheck,
    Bot,
    Game,
    HardwareRoles,
    IllegalAction,
    Option,
    PageAssets,
    chance_mode,
)
from engines.loch_ness import lessons, setting_up
from engines.loch_ness.board import Board, BoardError, board_from_text, check_board, sample_board
from engines.loch_ness.bot import ExplorerBot
from engines.loch_ness.decks import parse_sevens
from engines.loch_ness.notation import load
from engines.loch_ness.placing import set_up
from engines.loch_ness.state import LochNessState
from engines.loch_ness.table import MAX_PLAYERS, MIN_PLAYERS, new_table
from engines.rng import Rng
from engines.text import N_


class LochNess(Game):
    id = "loch-ness"
    state_type = LochNessState
    setting_up = setting_up
    teaching = lessons
    title = "Loch Ness"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    chance_modes = CHANCE_MODES
    own_chance = True
    hardware = HardwareRoles(button="actions", button_actions=("end_turn",))
    page = PageAssets(script="loch-ness.js", style="loch-ness.css", parts=("loch-ness-map.js",),
                      host_script="loch-ness-host.js")
    board_option = "board"
    option_spec = (
        Option("advanced", False,
               "The advanced version: tools drawn face down from stacks and kept hidden until used; each "
               "player lays their own colour's discovery cards face down on the sites before the game.",
               label=N_("Advanced version")),
        Option("chance", DIGITAL,
               "The companion shuffles the cards and draws for thieves (digital), or you play with the real "
               "cards and the player who turns or draws one enters it on their phone (physical).",
               choices=CHANCE_MODES, label=N_("Chance"), choice_labels=CHANCE_LABELS),
        Option("board", "",
               "The board: a board saved in the map editor (its JSON), or empty for the sample board, a "
               "made-up placeholder.", label=N_("Board")),
        Option("tools_with_seven", "",
               "Which three tool kinds have 7 cards, e.g. shovel,thief,weapon (the rulebook does not say; "
               "empty: as the board says, and the sample board guesses motor, camera and diving suit).",
               label=N_("Tools with 7 cards"), advanced=True),
    )

    def validate_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """As every game, with the board checked here already (refused with its first problem) and
        accepted as a JSON object too."""
        given = dict(options or {})
        if isinstance(given.get("board"), Mapping):
            given["board"] = json.dumps(given["board"], sort_keys=True, separators=(",", ":"))
        out = super().validate_options(given)
        self._board(str(out["board"]))
        sevens = str(out["tools_with_seven"])
        if sevens and parse_sevens(sevens) is None:
            raise IllegalAction("Option tools_with_seven names three different tools, e.g. "
                                "motor,camera,diving_suit.")
        return out

    def _board(self, text: str) -> Board:
        if not text.strip():
            return sample_board()
        try:
            return board_from_text(text)
        except BoardError as exc:
            raise IllegalAction("The board is not valid: {problem}", problem=exc.text) from None

    def _start(self, players: int, seed: int, options: dict[str, Any]) -> LochNessState:
        board = self._board(str(options["board"]))
        decks = board.decks
        sevens = parse_sevens(str(options["tools_with_seven"]))
        if sevens is not None:
            decks = decks.with_sevens(sevens)
        t = new_table(board, decks, players, bool(options["advanced"]), chance_mode(options["chance"]),
                      Rng.from_seed(seed))
        set_up(t)
        return LochNessState(self, t)

    def load(self, text: str) -> LochNessState:
        return LochNessState(self, load(text))

    def check_board(self, data: object) -> BoardCheck:
        board, problems = check_board(data)
        return BoardCheck(board.to_json() if board is not None else None, tuple(problems))

    def sample_boards(self) -> dict[str, dict[str, Any]]:
        """The sample board, with the default decks written out (so the map editor shows them)."""
        board = sample_board()
        return {board.name: {**board.to_json(), "decks": board.decks.to_json()}}

    def bot(self, **settings: Any) -> Bot:
        return ExplorerBot()


GAME = LochNess()

__all__ = ["GAME", "LochNess"]
