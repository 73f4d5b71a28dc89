"""Fast random playouts on one working position (:class:`~engines.jaws.match.Match`), for the bots and
the bench.

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
from engines.jaws.match import Match
from engines.jaws.orca import legal as orca_legal
from engines.jaws.orca.legal import APPLY, Step
from engines.playout import weighted
from engines.rng import Rng

_MASK = (1 << 64) - 1
_SPAN = 1 << 64
_LIMITS = (0, *(_SPAN - _SPAN % n for n in range(1, 64)))  # below(n) keeps the draws under these


def _next64(state: int) -> tuple[int, int]:
    """``Rng(state).next64()`` as bare numbers: the same SplitMix64 draw, without an ``Rng`` made per
    draw (the playouts draw once per action)."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK
    z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31), state


def _below(state: int, n: int) -> tuple[int, int]:
    """``Rng(state).below(n)`` as bare numbers (the same rejection sampling).

    >>> draws = [(s, n, Rng(s).below(n)) for s in (0, 7, 2**63) for n in (1, 5, 17)]
    >>> all(_below(s, n) == (i, r.state) for s, n, (i, r) in draws)
    True
    """
    limit = _LIMITS[n] if n < 64 else _SPAN - _SPAN % n
    while True:  # _next64, written out: one call less per action
        state = (state + 0x9E3779B97F4A7C15) & _MASK
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        z ^= z >> 31
        if z < limit:
            return z % n, state


def simulate(p: Match, rng: Rng, max_plies: int = 20000) -> Match:
    """Play random legal actions from ``p`` (changed in place) to the end or ``max_plies``."""
    p.quiet = True
    plies = 0
    state = rng.state
    while p.phase != "over" and plies < max_plies:  # nothing reads the events: none are told
        if p.act2 is not None:
            if p.act2.phase == "prep":
                state, plies = _prep(p, state, plies, max_plies)
                continue
            if p.act2.phase == "decide":
                state, plies = _decide(p, state, plies, max_plies)
                continue
            state = _act2_step(p, state)
            plies += 1
            continue
        seats = rules.awaiting(p)
        seat = seats[0]
        if seat == TABLE:
            cards = rules.chance(p)
            index, state = _below(state, len(cards))
            rules.turn_card(p, cards[index])
        else:
            if len(seats) > 1:
                index, state = _below(state, len(seats))
                seat = seats[index]
            actions = rules.legal_now(p, seat)
            if actions[-1][0] == "end" and len(actions) > 1 and actions[-2][0] == "back":
                del actions[-2]
            index, state = _below(state, len(actions))
            rules.apply(p, seat, actions[index])
        plies += 1
    p.events = []
    return p


def _act2_step(p: Match, state: int) -> int:
    """One random step of Act 2: a reading drawn from :func:`orca_legal.chance`, or a random awaited
    seat's random legal step."""
    seats = orca_legal.awaiting(p)
    if seats[0] == TABLE:
        draw, state = _next64(state)
        orca_legal.apply(p, TABLE, weighted(orca_legal.chance(p), draw))
        return state
    seat = seats[0]
    if len(seats) > 1:
        index, state = _below(state, len(seats))
        seat = seats[index]
    steps = orca_legal.legal_now(p, seat)
    index, state = _below(state, len(steps))
    orca_legal.apply(p, seat, steps[index])
    return state


def _decide(p: Match, state: int, plies: int, max_plies: int) -> tuple[int, int]:
    """The shark's secret choice played at random until it locks it: each step as one
    :func:`_act2_step` draws it, the shark's seat (the only one awaited) asked once."""
    a = p.orca()
    seat = p.seats[0]
    while a.phase == "decide" and plies < max_plies:
        steps = orca_legal.legal_now(p, seat)
        index, state = _below(state, len(steps))
        kind, r, x, y = steps[index]
        APPLY[kind](p, r, x, y)  # orca_legal.apply, its table at hand
        plies += 1
    return state, plies


OWN_STEPS = frozenset({"move", "weapon", "target"})
"""The preparation steps that change only their own crew member's next steps (engines.jaws.orca.prepare)."""

Seen = dict[tuple[int, int, int, int, int], list[Step]]


def _prep(p: Match, state: int, plies: int, max_plies: int) -> tuple[int, int]:
    """Act 2's preparation played at random until it ends (or the bait interrupts it): each step is
    drawn from :func:`orca_legal.legal_now`'s list, but a member's part of it is derived again only
    after a step that may change it (a move, weapon or target changes its own member's alone), and
    then looked up if the member stood so before in this preparation (its gear, the tiles and the
    bait change only between preparations).

    search code: the playouts' hottest loop, one piece."""
    a = p.orca()
    parts: dict[int, list[Step]] = {}
    seen: Seen = {}
    seats: tuple[int, ...] = ()
    members: dict[int, list[int]] = {}
    while a.phase == "prep" and plies < max_plies:
        if not seats:
            seats, members = orca_legal.awaiting(p), {}
        seat = seats[0]
        if len(seats) > 1:
            index, state = _below(state, len(seats))
            seat = seats[index]
        mine = members.get(seat)
        if mine is None:
            mine = members[seat] = orca_legal.mine(p, seat, orca_legal.unready(a))
        steps: list[Step] = []
        for r in mine:
            part = parts.get(r)
            if part is None:  # derived again, or found where the member stood before
                key = (r, a.at[r], a.moved[r], a.weapon[r], a.target[r])
                part = seen.get(key)
                if part is None:
                    part = seen[key] = orca_legal.prep_steps(a, r)
                parts[r] = part
            steps = part if len(mine) == 1 else steps + part
        index, state = _below(state, len(steps))
        kind, r, x, y = steps[index]
        APPLY[kind](p, r, x, y)  # orca_legal.apply, its table at hand
        if kind in OWN_STEPS:
            del parts[r]
        else:
            parts.clear()
            seats = ()
        plies += 1
    return state, plies
