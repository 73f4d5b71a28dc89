"""Sharks with Lasers (Commandeur, Derijck, Kouwenhoven): 2 to 4 secret agents and three laser sharks.

A small package: ``board`` (squares, layouts), ``cards`` (the card faces),
``table`` (the working position and its notation), ``resolve`` (moves, pushes,
lasers, deaths), ``rounds`` (the order of play), ``preround`` (the specials played
before a round), ``state`` (the door and the views), ``fast`` (silent playouts),
``bot`` and ``game``. The data files ``layouts.json`` and ``cards.json``
hold what the rulebook's lost pictures showed, marked with their confidence.

>>> from engines.sharks_with_lasers import GAME
>>> s = GAME.start(players=3, seed=1)
>>> s.phase, s.awaiting
('setup', (2,))
"""

from engines.sharks_with_lasers.game import GAME, SharksWithLasers
from engines.sharks_with_lasers.state import SharksState

__all__ = ["GAME", "SharksState", "SharksWithLasers"]
