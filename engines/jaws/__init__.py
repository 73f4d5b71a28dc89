"""Jaws (Ravensburger 2019; German "Der weiße Hai"), Act 1: Amity.

One player is the shark and moves in secret; the crew (Brody, Hooper and Quint, shared among the
other players) rescues swimmers and hunts it with barrels, the fish finder and the binoculars.
The companion keeps the shark's tracker and answers every question truthfully, at once.

A small package: ``data`` (the board and the event cards, ``amity.json`` and ``cards.json``),
``position`` (the working position and its notation), ``rules`` (the order of play and the crew's
actions), ``shark`` (the shark's secret turn and its announcements), ``belief`` (where the crew
can know the shark to be), ``actions`` (core actions as JSON actions), ``explain`` (refusals),
``state`` (the door and the views), ``fast`` (silent playouts), ``bot`` and ``game``.

>>> from engines.jaws import GAME
>>> s = GAME.start(players=3, seed=1)
>>> s.phase, s.awaiting
('start', (0,))
"""

from engines.jaws.game import GAME, Jaws
from engines.jaws.state import JawsState

__all__ = ["GAME", "Jaws", "JawsState"]
