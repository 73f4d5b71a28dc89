"""Fast random games on one working :class:`Table`, for the bench and tests.

The door (:meth:`State.apply`) copies the position, matches the action and tells the story: right
for a table, slow for thousands of games. Here one table is changed in place, silently (``quiet``),
with actions drawn from the same legal lists (:func:`engines.loch_ness.rules.legal`) and applied by
the same rule functions, so the rules are exactly those of the door. After each action
:func:`engines.loch_ness.rules.apply_listed` hands back the next list (the one that settled the step),
and the players draw from :class:`Draws` (an :class:`Rng`'s numbers without a new value per draw):
a seed gives the same game, action for action, as through the door's functions, in any process.

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

from engines.loch_ness import rules
from engines.loch_ness.actions import (
    DONE,
    Act,
    Bottom,
    Done,
    EndTurn,
    Explore,
    Move,
    Observe,
    PickStack,
    Take,
    TakeTool,
    Town,
)
from engines.loch_ness.table import BOATS, HIDDEN_AND_SHOWN, Table
from engines.loch_ness.words import DIVING_SUIT, NEEDS
from engines.rng import Rng

BOAT_ACTIONS = frozenset({Move, Explore, Town})
EAGER = (Explore, Take, Observe)
LONE = frozenset({EndTurn, Done, Bottom})
"""Kinds of action that, left alone, are played without a draw (the eager player draws for finds,
for a way home, and between two or more actions)."""
_MASK = (1 << 64) - 1
_SPAN = 1 << 64
_LIMITS = tuple(_SPAN - _SPAN % n if n else 0 for n in range(64))   # (0: no bound)
"""Per bound ``n``: the draws below this are kept (rejection sampling, as :class:`Rng` does)."""


class Draws:
    """The draws of an :class:`~engines.rng.Rng` (SplitMix64) from one changing number: the same
    numbers, draw for draw, without a new ``Rng`` value per draw (the simulation's inner loop draws
    once or twice an action).

    >>> d, rng = Draws(Rng.from_seed(7)), Rng.from_seed(7)
    >>> a, rng = rng.below(6)
    >>> b, rng = rng.below(1000)
    >>> [d.below(6), d.below(1000)] == [a, b] and d.rng == rng
    True
    """

    __slots__ = ("state",)

    def __init__(self, rng: Rng) -> None:
        self.state = rng.state

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)``, as :meth:`engines.rng.Rng.below` draws it."""
        if 0 < n < 64:
            limit = _LIMITS[n]
        elif n >= 64:
            limit = _SPAN - _SPAN % n
        else:
            raise ValueError("below() needs a positive bound")
        state = self.state
        while True:
            state = (state + 0x9E3779B97F4A7C15) & _MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            z ^= z >> 31
            if z < limit:
                self.state = state
                return z % n

    @property
    def rng(self) -> Rng:
        """The generator after the draws so far."""
        return Rng(self.state)


Policy = Callable[[Table, list[Act], Draws], Act]


def _group(acts: list[Act]) -> dict[type[Act], list[Act]]:
    """The actions by kind (their type: read faster than their ``kind``), kinds in the order they
    first come."""
    kinds: dict[type[Act], list[Act]] = {}
    for a in acts:
        kind = type(a)
        if kind in kinds:
            kinds[kind].append(a)
        else:
            kinds[kind] = [a]
    return kinds


def _choose(kinds: dict[type[Act], list[Act]], draws: Draws) -> Act:
    """A kind (ending the turn only when no boat can act), then one action of it."""
    if len(kinds) > 1:
        boats = [g for k, g in kinds.items() if k in BOAT_ACTIONS]
        groups = boats or list(kinds.values())
        group = groups[draws.below(len(groups))]
    else:
        group = next(iter(kinds.values()))
    return group[0] if len(group) == 1 else group[draws.below(len(group))]


def pick(t: Table, acts: list[Act], draws: Draws) -> Act:
    """A random action: a kind first (each equally likely), then one of that kind."""
    return _choose(_group(acts), draws)


def eager(t: Table, acts: list[Act], draws: Draws) -> Act:
    """A random player who never passes up a find: explore, take, observe and hand in first; in town
    one tool the boat lacks, then done; a boat with a find sails home half the time.

    The actions are sorted by kind in one pass (moves, the most of them, first); the rest is
    :func:`pick`'s choice, made from those lists, draw for draw."""
    if len(acts) == 1 and type(acts[0]) in LONE:
        return acts[0]
    if t.step == "town":   # nothing to explore, take, observe or hand in there
        return _shop(t, acts, draws)
    moves: list[Move] = []
    towns: list[Town] = []
    keen: list[Act] = []     # explore, take, observe: in that order
    takes: list[Act] = []
    observes: list[Act] = []
    others = False   # a kind of action besides these (ending the turn, a chest, the bagpipes, ...)
    for a in acts:
        if type(a) is Move:
            moves.append(a)
        elif type(a) is Explore:
            keen.append(a)
        elif type(a) is Town:
            towns.append(a)
        elif type(a) is Take:
            takes.append(a)
        elif type(a) is Observe:
            observes.append(a)
        else:
            others = True
    keen += takes + observes
    finds = t.finds
    if towns:
        keen += [a for a in towns if finds[a.boat] or not t.tools[a.boat]]
    if keen:
        return keen[draws.below(len(keen))]
    if moves and any(finds[t.seat * BOATS:t.seat * BOATS + BOATS]):
        where, home = t.where, t.board.home
        homeward = [a for a in moves if finds[a.boat] and home[a.dest] < home[where[a.boat]]]
        if homeward and draws.below(2):
            return homeward[draws.below(len(homeward))]
    # pick's choice: a kind a boat acts with (sailing, or into town: in the order they first come),
    # else any kind, then one action of it
    if not (moves and towns):
        if not (moves or towns):
            return _choose(_group(acts), draws)
        boats: list[list[Move] | list[Town]] = [moves or towns]
    else:
        boats = [towns, moves] if acts.index(towns[0]) < acts.index(moves[0]) else [moves, towns]
    group: list[Move] | list[Town] = boats[draws.below(len(boats))] if others or len(boats) > 1 else boats[0]
    return group[0] if len(group) == 1 else group[draws.below(len(group))]


def _shop(t: Table, acts: list[Act], draws: Draws) -> Act:
    """In town: a tool the boat lacks (one the lake asks for first), a stack to look through, or done."""
    rich = t.reputation[t.seat] >= 6   # a second tool only with reputation to spare (a taste, not a rule)
    took, tools, kinds = t.tools_taken, t.tools, HIDDEN_AND_SHOWN
    lacking = [a for a in acts   # (not t.has(boat, tool), spelled out: the same tests, no call)
               if type(a) is TakeTool and (took[a.boat] == 0 or rich)
               and kinds[a.tool][0] not in tools[a.boat] and kinds[a.tool][1] not in tools[a.boat]]
    if len(lacking) > 1:
        needed = _needed(t)
        want: list[Act] = [a for a in lacking if a.tool in needed] or list(lacking)
    else:
        want = list(lacking)
    if t.advanced:
        want += [a for a in acts if type(a) is PickStack and took[a.boat] == 0]
    return want[draws.below(len(want))] if want else DONE


def _needed(t: Table) -> set[str | None]:
    """The tools the face-up finds on the lake ask for (no tool: ``None``), and a diving suit while
    a dive site holds cards."""
    up, down = t.face_up, t.face_down
    needed = {NEEDS.get(c) for cards in up if cards for c in cards}
    if any(down[s] or up[s] for s in t.board.dive_sites):
        needed.add(DIVING_SUIT)
    return needed


def simulate(t: Table, rng: Rng, max_plies: int = 20_000, policy: Policy = eager) -> tuple[Table, int]:
    """Play random actions from ``t`` (changed in place, a settled position as the door leaves
    every one) to the end or ``max_plies``."""
    t.quiet = True
    plies = 0
    draws = Draws(rng)
    acts = rules.legal(t, t.actor)
    while t.phase != "over" and plies < max_plies:
        acts = rules.apply_listed(t, t.actor, policy(t, acts, draws))
        plies += 1
    t.events = []
    return t, plies
