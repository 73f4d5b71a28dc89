"""The game: options, start and load."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from engines.core import (
    CHANCE_LABELS,
    CHANCE_MODES,
    DIGITAL,
    Bot,
    Game,
    HardwareRoles,
    Option,
    Pacing,
    PageAssets,
    chance_mode,
)
from engines.rng import Rng
from engines.sharks_with_lasers import lessons, rounds, setting_up
from engines.sharks_with_lasers.board import NAMED, layout_for
from engines.sharks_with_lasers.bot import PlannerBot
from engines.sharks_with_lasers.state import SharksState
from engines.sharks_with_lasers.table import Table
from engines.text import N_, Text


class SharksWithLasers(Game):
    """Secret agents swim for the beach while everyone programs the laser sharks."""

    id = "sharks-with-lasers"
    state_type = SharksState
    setting_up = setting_up
    teaching = lessons
    title = "Sharks with Lasers"
    min_players = 2
    max_players = 4
    chance_modes = CHANCE_MODES
    own_chance = True
    hardware = HardwareRoles(button="actions", button_actions=("pass", "ready"),
                             show_shot_events=frozenset({"beam"}),
                             flash_events=frozenset({"eaten", "fried"}))
    page = PageAssets(script="sharks-with-lasers.js", style="sharks-with-lasers.css")
    # The next round is programmed on the board the table has shown: while a round's resolution
    # (its cards "revealed" one by one) is still being told, the next play waits. A card turned over
    # shows nothing on the board by itself: it is told with what it does (a shark turns, moves,
    # fires), as are the phase's heading, an agent's gear and a fried or eaten agent's counter.
    # While the resolution is told, the seat whose turn opens the next round may already play a
    # card face down (on its agent or a shark) or pass: sealed until the table has told the round
    # (Pacing.sealed). Pre-round specials and placing an agent move things on the board, and a
    # choice in the middle of a resolution answers what the table is showing: those wait.
    pacing = Pacing(hold=frozenset({"revealed"}), step_seconds=1.4,
                    together=frozenset({"phase", "revealed", "gear", "fried", "eaten"}),
                    sealed=frozenset({"agent", "shark", "pass"}))
    physical_input = MappingProxyType({"specials": N_("Enter the two special cards {seat} drew.")})
    option_spec = (
        Option("specials", False, "Deal two special action cards to each player.", label=N_("Special cards")),
        Option("board", "auto", "The board: left empty, the board for the number of players; a board by its "
               "name ({boards}); or a layout text (see the docs) to correct it.",
               help_params={"boards": ", ".join(NAMED)}, label=N_("Board"), advanced=True,
               # the default in words: the host page leaves the field empty, and empty is not sent
               choice_labels={"auto": N_("the board for the number of players")}),
        Option("chance", DIGITAL, "Special cards dealt by the companion (digital) or drawn from the real "
               "deck, each player entering their own two on their phone (physical).",
               choices=CHANCE_MODES, label=N_("Chance"), choice_labels=CHANCE_LABELS),
    )

    def chapter_title(self, view: Mapping[str, Any]) -> Text | None:
        round_ = view.get("round")
        return Text("round {n}", {"n": round_}) if isinstance(round_, int) and round_ > 0 else None

    def validate_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """The options, with a table-written board layout checked here already (refused with its
        reason), so a bad board never gets as far as a started game."""
        out = super().validate_options(options)
        layout_for(str(out["board"]), self.max_players)
        return out

    def _start(self, players: int, seed: int, options: dict[str, Any]) -> SharksState:
        layout = layout_for(str(options["board"]), players)
        t = Table.new(players, bool(options["specials"]), chance_mode(options["chance"]), layout,
                  Rng.from_seed(seed))
        t.phase = "deal"
        rounds.deal_next(t)
        return SharksState(self, t)

    def load(self, text: str) -> SharksState:
        return SharksState(self, Table.load(text))

    def bot(self, **settings: Any) -> Bot:
        return PlannerBot(**settings)


GAME = SharksWithLasers()
