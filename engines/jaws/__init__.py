"""Jaws (Ravensburger 2019; German "Der weiße Hai"): Act 1, Amity, and Act 2, the Orca.

One player is the shark and moves in secret; the crew (Brody, Hooper and Quint, shared among the
other players) rescues swimmers and hunts it with barrels, the fish finder and the binoculars.
The companion keeps the shark's tracker and answers every question truthfully, at once.

Two acts beside their shared parts, each package read top-down (every module imports only from
those below it in this picture; docs/engines.md, "Jaws", draws it):

    game, __init__          the door: options, start, load, the box profile's check and merge
    state, bot, fast        JawsState (the views), JawsBot (either act's bot), silent playouts
    amity/...  orca/...     each act's rules, views, explanations and bot (Act 1's end starts Act 2)
    position                the working position of both acts and its notation
    words                   the words both acts say
    amity/data, belief  orca/layout, position   each act's printed data and own state
    box, common             the box profile, the crew's roles

>>> from engines.jaws import GAME
>>> s = GAME.start(players=3, seed=1)
>>> s.phase, s.awaiting
('start', (0,))
"""

from engines.jaws.game import GAME, Jaws
from engines.jaws.state import JawsState

__all__ = ["GAME", "Jaws", "JawsState"]
