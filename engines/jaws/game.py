"""The game: options, start and load."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core import CHANCE_MODES, Bot, Game, HardwareRoles, IllegalAction, Option, PageAssets
from engines.jaws.data import amity, check_text, deck
from engines.jaws.position import Position, _cards_text, deal_roles, parse_roles
from engines.jaws.state import JawsState
from engines.text import N_


class Jaws(Game):
    """Jaws, Act 1 (Amity): one player is the shark, hunting swimmers in secret; the others are the
    crew (Brody, Hooper, Quint), rescuing them and hunting the shark with barrels."""

    id = "jaws"
    title = "Jaws"
    min_players = 2
    max_players = 4
    chance_modes = CHANCE_MODES  # the event deck: shuffled by the companion, or the real one
    hardware = HardwareRoles(button="actions", button_actions=("end",), flash_events=frozenset({"hit"}))
    page = PageAssets(script="jaws.js", style="jaws.css")
    option_spec = (
        Option(
            "acts",
            "1",
            "Which acts to play: 1 (Amity alone, the shark wins at 7 swimmers eaten). "
            "Act 2 and both acts come with the Act 2 issue.",
            choices=("1",), label=N_("Acts"), choice_labels={"1": N_("Act 1: Amity")},
        ),
        Option(
            "roles",
            "auto",
            "Who plays what: auto (seat 1 the shark, Brody, Hooper and Quint dealt round "
            "the other seats) or one entry per seat, such as S/BQ/H or shark/brody+quint/hooper.",
            label=N_("Who plays what"),
        ),
        Option(
            "map",
            "",
            'Corrections to the Amity board as JSON, such as {"start": {"brody": "6"}} '
            "(see the docs); empty: the board as shipped.",
            label=N_("Corrections to the Amity board"), advanced=True,
        ),
        Option(
            "cards",
            "",
            'Corrections to the event cards as JSON, such as {"7": {"E": 1}} '
            "(see the docs); empty: the cards as shipped.",
            label=N_("Corrections to the event cards"), advanced=True,
        ),
    )

    def validate_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """The options, with the table's corrections checked here already (refused with the reason)."""
        out = super().validate_options(options)
        out["map"] = check_text(str(out["map"]), "map")
        out["cards"] = check_text(str(out["cards"]), "cards")
        roles = str(out["roles"]).strip()
        if roles != "auto" and len(roles.split("/")) < 2:
            raise IllegalAction("The roles name one entry per seat, such as S/BQ/H.")
        return out

    def _start(self, players: int, seed: int, options: dict[str, Any]) -> JawsState:
        roles = str(options["roles"]).strip()
        seats = deal_roles(players) if roles == "auto" else parse_roles(roles, players)
        cards = deck(_cards_text(deck(str(options["cards"]))))  # the correction in its canonical form
        p = Position.new(players, str(options["acts"]), seats, amity(str(options["map"])), cards)
        return JawsState(self, p)

    def load(self, text: str) -> JawsState:
        return JawsState(self, Position.load(text))

    def bot(self, **settings: Any) -> Bot:
        from engines.jaws.bot import JawsBot

        return JawsBot(**settings)


GAME = Jaws()
