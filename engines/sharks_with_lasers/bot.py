"""A simple planning bot: it tries each legal play on what it may know and keeps the best.

The bot never looks at hidden cards. To judge a play in phase II it takes the
position as its own seat sees it (other players' face-down cards left out),
adds the play, resolves the round with :mod:`resolve` and scores the result:
its own agent alive and near the beach is good, opponents dead or far from
the beach are good. Ties are broken by the seed, so it is deterministic.
"""

from __future__ import annotations

from engines.core import Action, BotChoice, IllegalAction, Seat, State, StopSignal
from engines.rng import Rng
from engines.sharks_with_lasers import resolve, rounds
from engines.sharks_with_lasers.board import DIRS, SHARKS, parse_square
from engines.sharks_with_lasers.table import Table


def known_table(t: Table, seat: int) -> Table:
    """The position with every card ``seat`` cannot see taken out."""
    k = t.copy()
    seen = {(spy_shark, j) for spy, spy_shark, n in t.spies if spy == seat for j in range(n)}
    for i, stack in enumerate(k.stacks):
        k.stacks[i] = [(s, c) for j, (s, c) in enumerate(stack) if s == seat or (i, j) in seen]
    if t.phase not in ("resolve", "choice"):
        k.on_agent = [cards if s == seat else [] for s, cards in enumerate(k.on_agent)]
    else:   # phase III: a second card is seen only once its step came (later steps only drop out)
        done = rounds.steps(t)[:t.pc]
        k.on_agent = [cards if s == seat or ("agent", s, 1) in done else cards[:1]
                      for s, cards in enumerate(k.on_agent)]
    k.rng = Rng(0)
    return k


def score(t: Table, seat: int) -> float:
    """How good the position is for ``seat``: a simple plan, not a search."""
    if t.phase == "over":
        return 1000.0 if t.winner[0] == seat else -1000.0
    w = t.layout.width
    value = 0.0
    for s, sq in enumerate(t.agents):
        mine = s == seat
        if sq is None:
            value += -12.0 if mine else 6.0
            continue
        row = sq // w
        value += (3.0 * row) if mine else (-1.0 * row)
        for shark_sq, facing in t.sharks:
            if _in_line(t, shark_sq, facing, sq):
                value += -1.5 if mine else 0.5
    value -= 4.0 * t.deaths[seat]
    value += sum(2.0 * t.deaths[s] for s in range(t.players) if s != seat)
    return value


def _in_line(t: Table, shark_sq: int, facing: int, sq: int) -> bool:
    cur: int | None = shark_sq
    for _ in range(max(t.layout.width, t.layout.height)):
        assert cur is not None
        cur, _edge = resolve.step(t, cur, facing, False)
        if cur is None:
            return False
        if cur == sq:
            return True
    return False


def after_round(t: Table, seat: int, action: Action | None) -> float:
    k = known_table(t, seat)
    k.events = []
    if action is not None:
        k.hands[seat] = list(k.hands[seat])
        if action["type"] == "agent":
            k.on_agent[seat].append(action["card"])
        elif action["type"] == "shark":
            k.stacks[SHARKS.index(action["shark"])].append((seat, action["card"]))
    k.phase = "resolve"
    k.pc = 0
    resolve.raise_gear(k)
    rounds.run(k)
    return score(k, seat)


class PlannerBot:
    """Plays legal cards with a one-round plan; beats random play in most games."""

    def __init__(self, **settings: object) -> None:
        self.settings = dict(settings)

    def choose(self, state: State, seat: Seat, stop: StopSignal, seed: int) -> BotChoice:
        actions = state.legal_actions(seat)
        if not actions:
            raise IllegalAction("There is nothing to play.")
        t: Table = state.table  # type: ignore[attr-defined]
        rng = Rng.from_seed(seed)
        best: list[tuple[float, int]] = []
        for i, action in enumerate(actions):
            jitter, rng = rng.below(1000)
            value = self._value(t, seat, action)
            best.append((value + jitter / 1e6, i))
            if stop() and i:
                break
        value, index = max(best)
        return BotChoice(actions[index], {"value": round(value, 3)})

    def _value(self, t: Table, seat: int, action: Action) -> float:
        kind = action["type"]
        if t.phase == "deal":   # a physical deal: the bot cannot see the real cards; any pair (the seed)
            return 0.0
        if t.phase in ("setup", "place"):
            k = t.copy()
            k.agents[seat] = _square(k, action["square"])
            return score(k, seat)
        if t.phase == "play":
            if kind == "pass":
                return after_round(t, seat, None) + 0.25
            if kind == "spy":
                return after_round(t, seat, None) + 0.5
            return after_round(t, seat, action)
        # pre-round cards and mid-round choices: judge the board right after, on public facts only
        if t.phase == "choice":
            k = t.copy()   # only the board is used: the beam or the push, not the hidden stacks
            if kind == "deflect":
                _, _, sq, d, shark = k.pending
                k.pending = ()
                k.uses[seat] -= 1
                new = int(d) if action["dir"] == "over" else DIRS.index(action["dir"])
                resolve.fire(k, int(sq), new, int(shark))
            else:
                k.pending = ()
                resolve.finish_push(k, seat, str(t.pending[2]), DIRS.index(action["dir"]))
            return score(k, seat)
        k = known_table(t, seat)
        k.events = []
        if kind == "done":
            return score(k, seat) + 0.1
        rounds.play_pre(k, seat, action)
        return score(k, seat)


def _square(t: Table, name: str) -> int:
    return parse_square(t.layout, name)
