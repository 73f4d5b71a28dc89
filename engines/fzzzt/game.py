"""The Fzzzt! game: its declarations and options, the start, the notation read back, the bot, and
the hooks that delegate to the package (setting up, lessons). It makes :class:`FzzztState`
(:mod:`engines.fzzzt.state`) and names no rule itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from types import MappingProxyType
from typing import Any

from engines.core import (
    CHANCE_LABELS,
    CHANCE_MODES,
    DIGITAL,
    Bot,
    Game,
    HardwareRoles,
    IllegalAction,
    Option,
    PageAssets,
    State,
    chance_mode,
)
from engines.core import canonical_json as _canonical
from engines.fzzzt import flow, lessons, setting_up
from engines.fzzzt.bot import BidBot
from engines.fzzzt.cards import card_table, parse_overrides
from engines.fzzzt.notation import load
from engines.fzzzt.state import FzzztState, fresh
from engines.rng import Rng
from engines.text import N_, Text


class Fzzzt(Game):
    id = "fzzzt"
    state_type = FzzztState
    setting_up = setting_up
    teaching = lessons
    title = "Fzzzt!"
    min_players = 2
    max_players = 4
    chance_modes = CHANCE_MODES
    own_chance = True
    hardware = HardwareRoles(button="actions", button_actions=("pass", "ready"))
    page = PageAssets(script="fzzzt.js", style="fzzzt.css")
    physical_input = MappingProxyType({"turn": N_("Enter the conveyor card {seat} turned over."),
                      "draw": N_("Enter the cards {seat} drew, one at a time.")})
    option_spec = (
        Option("chance", DIGITAL,
               "Who shuffles and deals: the table (digital) or the players with the real cards (physical).",
               choices=CHANCE_MODES, label=N_("Chance"), choice_labels=CHANCE_LABELS),
        Option("bidding", "in_turn",
               "How bids are placed: in turn, clockwise from the chief mechanic, each seeing how many "
               "cards the earlier bids hold (the rulebook), or all at once (faster on phones).",
               choices=("in_turn", "simultaneous"), label=N_("Bidding"),
               choice_labels={"in_turn": N_("in turn"), "simultaneous": N_("all at once")}),
        Option("card_overrides", "",
               "Corrections to the printed card values, as JSON: "
               '{{"R5O": {{"points": 4}}}} (see docs/fzzzt.md).', label=N_("Card corrections"),
               advanced=True),
    )

    def chapter_title(self, view: Mapping[str, Any]) -> Text | None:
        round_ = view.get("round")
        # Fzzzt!'s round is a bidding round (biedronde, fzzzt.nl.txt: "Biedronden"), its own msgid
        return Text("bidding round {n}", {"n": round_}) if isinstance(round_, int) and round_ > 0 else None

    def validate_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """As every game, but ``card_overrides`` may also come as a JSON object (a dict)."""
        given = dict(options or {})
        if isinstance(given.get("card_overrides"), Mapping):
            try:
                given["card_overrides"] = _canonical(given["card_overrides"])
            except (TypeError, ValueError):
                raise IllegalAction("The card corrections are not valid JSON.") from None
        return super().validate_options(given)

    def _start(self, players: int, seed: int, options: dict[str, Any]) -> State:
        fixes = parse_overrides(str(options["card_overrides"]))
        overrides = _canonical(fixes) if fixes else ""
        card_table(overrides)
        state = fresh(self, players, chance_mode(options["chance"]), overrides, Rng.from_seed(seed),
                      str(options["bidding"]))
        return flow.start(state)

    def load(self, text: str) -> State:
        return load(text, partial(FzzztState, _game=self))

    def bot(self, **settings: Any) -> Bot:
        return BidBot()


GAME = Fzzzt()
