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
    amity/...  orca/...     each act: its data, its part of the working position, its rules, views,
                            explanations and bot (neither act imports the other: Match.next_act
                            leads from Act 1 into Act 2)
    position, words         what both acts read of the position (players and roles, which acts, the
                            act, the story) and the words both say
    box, common             the box profile, the crew's roles

>>> from engines.jaws import GAME
>>> s = GAME.start(players=3, seed=1)
>>> s.phase, s.awaiting
('start', (0,))
"""

from engines.jaws.game import GAME, Jaws
from engines.jaws.state import JawsState

__all__ = ["GAME", "Jaws", "JawsState"]
