"""Pure rules of the table's games: standard library only, no I/O, no clocks.

>>> import engines
>>> engines.get("no-such-game")
Traceback (most recent call last):
...
engines.core.UnknownGame: There is no game called no-such-game.
"""

from __future__ import annotations

from engines.core import (
    TABLE,
    Action,
    Bot,
    BotChoice,
    Event,
    Game,
    IllegalAction,
    Lesson,
    Option,
    Outcome,
    RandomBot,
    Seat,
    SetupStep,
    State,
    UnknownGame,
    View,
    event,
    events_for,
    may_see,
)
from engines.fzzzt import GAME as FZZZT
from engines.jaws import GAME as JAWS
from engines.laser_chess import GAME as LASER_CHESS
from engines.loch_ness import GAME as LOCH_NESS
from engines.sharks_with_lasers import GAME as SHARKS_WITH_LASERS
from engines.text import Text, translate

# Each game module is imported here, once; adding a game is one line.
_GAMES: tuple[Game, ...] = (LASER_CHESS, FZZZT, SHARKS_WITH_LASERS, JAWS, LOCH_NESS)

GAMES: dict[str, Game] = {g.id: g for g in _GAMES}


def get(game_id: str) -> Game:
    """The game with this id; raises :class:`UnknownGame` (a KeyError)."""
    try:
        return GAMES[game_id]
    except (KeyError, TypeError):
        raise UnknownGame(game_id) from None


__all__ = [
    "GAMES", "TABLE", "Action", "Bot", "BotChoice", "Event", "Game", "IllegalAction", "Lesson",
    "Option", "Outcome", "RandomBot", "Seat", "SetupStep", "State", "Text", "UnknownGame", "View", "event",
    "events_for", "get", "may_see", "translate",
]
