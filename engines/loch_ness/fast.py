"""Fast random games on one working :class:`Table`, for the bench, the bot's checks and tests.

The door (:meth:`State.apply`) copies the position, matches the action and tells the story: right
for a table, slow for thousands of games. Here one table is changed in place, silently (``quiet``),
with actions drawn from the same legal lists (:func:`engines.loch_ness.rules.legal`) and applied by
the same rule functions, so the rules are exactly those of the door.

A uniformly random player hardly ever explores (a boat has some twenty places to sail and one site
to turn), so a uniform game lasts thousands of turns. The random player here picks a *kind* of
action first (sail, explore, town, end the turn, ...), each equally likely, then one action of that
kind: still random, but it plays games of a length people would recognise.

>>> from engines.loch_ness import GAME
>>> t = GAME.start(players=4, seed=3).table
>>> end, plies = simulate(t, Rng.from_seed(3))
>>> end.phase, plies > 50
('over', True)
"""

from __future__ import annotations

from typing import Any

from engines.loch_ness import rules
from engines.loch_ness.table import Table
from engines.rng import Rng

BOAT_ACTIONS = frozenset({"move", "explore", "town"})


def pick(acts: list[tuple[Any, ...]], rng: Rng) -> tuple[tuple[Any, ...], Rng]:
    """A random action: a kind first (each equally likely), then one of that kind."""
    kinds: dict[str, list[tuple[Any, ...]]] = {}
    boats = [a for a in acts if a[0] in BOAT_ACTIONS]
    for a in boats or acts:
        kinds.setdefault(a[0], []).append(a)
    groups = list(kinds.values())
    i, rng = rng.below(len(groups))
    group = groups[i]
    j, rng = rng.below(len(group))
    return group[j], rng


def simulate(t: Table, rng: Rng, max_plies: int = 20_000) -> tuple[Table, int]:
    """Play random actions from ``t`` (changed in place) to the end or ``max_plies``."""
    t.quiet = True
    plies = 0
    while t.phase != "over" and plies < max_plies:
        seat = t.seat
        action, rng = pick(rules.legal(t, seat), rng)
        rules.apply(t, seat, action)
        plies += 1
    t.events = []
    return t, plies
