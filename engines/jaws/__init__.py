"""Jaws (Ravensburger 2019; German "Der weiße Hai"): Act 1, Amity, and Act 2, the Orca.

One player is the shark and moves in secret; the crew (Brody, Hooper and Quint, shared among the
other players) rescues swimmers and hunts it with barrels, the fish finder and the binoculars.
The companion keeps the shark's tracker and answers every question truthfully, at once.

Two acts beside their shared parts, each package read top-down (every module imports only from
those below it in this picture; docs/engines.md, "Jaws", draws it):

    game, __init__          the door: options, start, load, the box profile's check and merge
    setting_up              the real box's setup steps and each seat's part, read off a JawsState
    state, bot, fast        JawsState (the views), JawsBot (either act's bot), silent playouts; lessons
    match                   a whole game's working position (both acts' parts) and its notation
    amity/...  orca/...     each act's rules, views, explanations and bot (Act 1 never imports Act 2,
                            nor Act 2 Act 1: Match.next_act leads from one into the other)
    words                   the words both acts say (spaces and beaches named from each act's data)
    amity/town  orca/voyage each act's part of the working position and its words of the notation
    amity/data, belief  orca/layout   each act's printed data (and where the shark may be)
    position                what both acts read: players and roles, which acts, the act, the story
    box, common             the box profile, the crew's roles

>>> from engines.jaws import GAME
>>> s = GAME.start(players=3, seed=1)
>>> s.phase, s.awaiting
('start', (0,))
"""

from engines.jaws.game import GAME, Jaws
from engines.jaws.state import JawsState

__all__ = ["GAME", "Jaws", "JawsState"]
