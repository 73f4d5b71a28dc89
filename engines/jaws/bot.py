"""The Pi as any Jaws seat: :class:`JawsBot` hands Act 1 to :mod:`engines.jaws.amity.bot` (the shark
bot and the crew bot) and Act 2 to :mod:`engines.jaws.orca.bot`. Both read only the seat's own view
and its legal actions."""

from __future__ import annotations

from engines.core import BotChoice, IllegalAction, Seat, State, StopSignal
from engines.jaws.amity import bot as amity_bot
from engines.jaws.orca import bot as orca_bot
from engines.rng import Rng


class JawsBot:
    """The companion's player for any Jaws seat (the shark or crew members)."""

    def __init__(self, **settings: object) -> None:
        self.settings = dict(settings)

    def choose(self, state: State, seat: Seat, stop: StopSignal, seed: int) -> BotChoice:
        view = state.view(seat)
        legal = state.legal_actions(seat)
        if not legal:
            raise IllegalAction("There is nothing to play.")
        rng = Rng.from_seed(seed)
        if view.get("act") == 2:
            action, info = orca_bot.choose(view, legal, rng)
        elif view.get("my_roles") == ["shark"]:
            action, info = amity_bot.shark_choice(view, legal, rng)
        else:
            action, info = amity_bot.crew_choice(view, legal, rng)
        return BotChoice(action, info)
