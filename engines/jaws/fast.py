"""Fast random playouts on one working :class:`Position`, for the bots and the bench.

The public door (:meth:`State.apply`) copies the position, checks the action and tells the whole
story in events and round records: right for a table, too slow for thousands of games. Here one
position is changed in place, silently (``quiet``), with actions drawn from the same legal lists
(the core tuples of :mod:`engines.jaws.amity.rules`), so the rules are exactly those of the door. The
shark's ``back`` (taking back a planned step) is a convenience of the phone, not a move of the game:
it is left out here.

>>> from engines.jaws import GAME
>>> end = simulate(GAME.start(players=3, seed=3).position, Rng.from_seed(3))
>>> end.phase, end.winner in ("shark", "crew")
('over', True)
"""

from __future__ import annotations

from engines.core import TABLE
from engines.jaws.amity import rules
from engines.jaws.orca import legal as orca_legal
from engines.jaws.position import Position
from engines.rng import Rng


def simulate(p: Position, rng: Rng, max_plies: int = 20000) -> Position:
    """Play random legal actions from ``p`` (changed in place) to the end or ``max_plies``."""
    p.quiet = True
    plies = 0
    while p.phase != "over" and plies < max_plies:
        p.events = []
        if p.o is not None:
            rng = _act2_step(p, rng)
            plies += 1
            continue
        seats = rules.awaiting(p)
        seat = seats[0]
        if seat == TABLE:
            cards = rules.chance(p)
            index, rng = rng.below(len(cards))
            rules.turn_card(p, cards[index])
        else:
            if len(seats) > 1:
                index, rng = rng.below(len(seats))
                seat = seats[index]
            actions = rules.legal_now(p, seat)
            if actions[-1][0] == "end" and len(actions) > 1 and actions[-2][0] == "back":
                del actions[-2]
            index, rng = rng.below(len(actions))
            rules.apply(p, seat, actions[index])
        plies += 1
    p.events = []
    return p


def _act2_step(p: Position, rng: Rng) -> Rng:
    """One random step of Act 2: a reading drawn from :func:`orca_legal.chance`, or a random awaited
    seat's random legal step."""
    seats = orca_legal.awaiting(p)
    if seats[0] == TABLE:
        outcomes = orca_legal.chance(p)
        draw, rng = rng.next64()
        point = (draw / 2**64) * sum(pr for _, pr in outcomes)
        pick = outcomes[-1][0]
        for step, pr in outcomes:
            point -= pr
            if point < 0:
                pick = step
                break
        orca_legal.apply(p, TABLE, pick)
        return rng
    seat = seats[0]
    if len(seats) > 1:
        index, rng = rng.below(len(seats))
        seat = seats[index]
    steps = orca_legal.legal_now(p, seat)
    index, rng = rng.below(len(steps))
    orca_legal.apply(p, seat, steps[index])
    return rng
