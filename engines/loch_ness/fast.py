"""Fast random games on one working :class:`Table`, for the bench and tests.

The door (:meth:`State.apply`) copies the position, matches the action and tells the story: right
for a table, slow for thousands of games. Here one table is changed in place, silently (``quiet``),
with actions drawn from the same legal lists (:func:`engines.loch_ness.rules.legal`) and applied by
the same rule functions, so the rules are exactly those of the door.

Two random players:

- :func:`pick`: a *kind* of action first (sail, explore, town, ...; ending the turn only once no
  boat can act), each kind equally likely, then one action of that kind. A uniformly random player
  hardly ever explores (a boat has some twenty places to sail and one site to turn) and so plays for
  thousands of turns; this one still wanders, and may wander forever: a lake whose sites all hold
  finds nobody has the tool for never ends.
- :func:`eager` (the default): the same, except that it always explores, takes, observes and
  hands in when it can, and a boat carrying a find heads for the harbour half the time. Its games
  end the way people's do, in a few hundred actions.

>>> from engines.loch_ness import GAME
>>> end, plies = simulate(GAME.start(players=4, seed=3).table, Rng.from_seed(3))
>>> end.phase, 50 < plies < 2000
('over', True)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engines.loch_ness import rules
from engines.loch_ness.table import Table
from engines.loch_ness.words import NEEDS
from engines.rng import Rng

Act = tuple[Any, ...]
Policy = Callable[[Table, list[Act], Rng], tuple[Act, Rng]]
BOAT_ACTIONS = frozenset({"move", "explore", "town"})
EAGER = frozenset({"explore", "take", "observe"})


def _group(acts: list[Act]) -> dict[str, list[Act]]:
    kinds: dict[str, list[Act]] = {}
    for a in acts:
        found = kinds.get(a[0])
        if found is None:
            kinds[a[0]] = [a]
        else:
            found.append(a)
    return kinds


def _choose(kinds: dict[str, list[Act]], rng: Rng) -> tuple[Act, Rng]:
    """A kind (ending the turn only when no boat can act), then one action of it."""
    if len(kinds) > 1:
        boats = [g for k, g in kinds.items() if k in BOAT_ACTIONS]
        groups = boats or list(kinds.values())
        i, rng = rng.below(len(groups))
        group = groups[i]
    else:
        group = next(iter(kinds.values()))
    if len(group) == 1:
        return group[0], rng
    j, rng = rng.below(len(group))
    return group[j], rng


def pick(t: Table, acts: list[Act], rng: Rng) -> tuple[Act, Rng]:
    """A random action: a kind first (each equally likely), then one of that kind."""
    return _choose(_group(acts), rng)


def eager(t: Table, acts: list[Act], rng: Rng) -> tuple[Act, Rng]:
    """A random player who never passes up a find: explore, take, observe and hand in first; in town
    one tool the boat lacks, then done; a boat with a find sails home half the time."""
    kinds = _group(acts)
    keen = [a for k in EAGER if k in kinds for a in kinds[k]]
    keen += [a for a in kinds.get("town", ()) if t.finds[a[1]] or not t.tools[a[1]]]
    if keen:
        i, rng = rng.below(len(keen))
        return keen[i], rng
    if t.step == "town":
        needed = {NEEDS[c] for s in t.board.sites for c in t.up[s] if c in NEEDS}
        needed |= {"d" for s in t.board.sites if t.board.terrain[s] == "water" and (t.down[s] or t.up[s])}
        lacking = [a for a in kinds.get("tool", ()) if not t.has(a[1], a[2])
                   and (t.took[a[1]] == 0 or t.rep[t.seat] >= 6)]
        want = [a for a in lacking if a[2] in needed] or lacking
        want += [a for a in kinds.get("stack", ()) if t.took[a[1]] == 0]
        if want:
            i, rng = rng.below(len(want))
            return want[i], rng
        return ("done",), rng
    moves = kinds.get("move")
    if moves:
        home = [a for a in moves if t.finds[a[1]] and _nearer(t, a)]
        if home:
            coin, rng = rng.below(2)
            if coin:
                i, rng = rng.below(len(home))
                return home[i], rng
    return _choose(kinds, rng)


def _nearer(t: Table, a: Act) -> bool:
    """The move ends nearer the harbour than the boat was."""
    home = t.board.home
    return home[a[2]] < home[t.pos[a[1]]]


def simulate(t: Table, rng: Rng, max_plies: int = 20_000, policy: Policy = eager) -> tuple[Table, int]:
    """Play random actions from ``t`` (changed in place) to the end or ``max_plies``."""
    t.quiet = True
    plies = 0
    while t.phase != "over" and plies < max_plies:
        seat = t.actor
        action, rng = policy(t, rules.legal(t, seat), rng)
        rules.apply(t, seat, action)
        plies += 1
    t.events = []
    return t, plies
