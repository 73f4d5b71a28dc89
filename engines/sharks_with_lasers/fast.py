"""Fast random playouts on one working :class:`Table`, for bots that search and for the bench.

The public door (:meth:`State.apply`) copies the position, checks the action and tells the whole
story in events: right for a table, too slow for a search that plays thousands of games. Here one
table is changed in place, silently (``quiet``), with actions drawn from the same legal lists, so
the rules are exactly those of the door.

>>> from engines.sharks_with_lasers import GAME
>>> t = GAME.start(players=4, seed=3).table
>>> end = simulate(t, Rng.from_seed(3))
>>> end.phase, 0 <= end.winner[0] < 4
('over', True)
"""

from __future__ import annotations

from engines.core import TABLE
from engines.rng import Rng
from engines.sharks_with_lasers import rounds
from engines.sharks_with_lasers.table import Table


def simulate(t: Table, rng: Rng, max_plies: int = 5000) -> Table:
    """Play random legal actions from ``t`` (changed in place) to the end or ``max_plies``."""
    t.quiet = True
    plies = 0
    while t.phase != "over" and plies < max_plies:
        t.events = []
        seat = rounds.awaiting(t)[0]
        if seat == TABLE:
            outcomes = rounds.chance(t)
            draw, rng = rng.next64()
            point = draw / 2**64
            action = outcomes[-1][0]
            for candidate, p in outcomes:   # weighted by the copies left in the deck
                point -= p
                if point < 0:
                    action = candidate
                    break
        else:
            actions = rounds.legal(t, seat, fresh=False)
            index, rng = rng.below(len(actions))
            action = actions[index]
        rounds.apply(t, seat, action)
        plies += 1
    t.events = []
    return t
