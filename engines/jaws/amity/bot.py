"""The Pi as the shark, or as any crew member: bots that reason only from their own seat's view.

The door's :class:`~engines.jaws.bot.JawsBot` is handed the whole state (the ``Bot`` protocol), but
reads nothing of it except ``state.view(seat)`` and ``state.legal_actions(seat)``: the shark bot its
own tracker and the public board, the crew bot the public board and what the announcements say of
the shark (:mod:`engines.jaws.amity.belief`). Two states that differ only in what the seat may not
know give the same choice for the same seed (tests/engines/jaws/test_bot.py proves it).

**The shark** plans its whole turn at once: every end its remaining actions and powers can reach
(where it ends, what it ate, which sensors it set off, whether it played a power, whom it knocked
over), and for each the crew's knowledge after the announcement. It scores swimmers eaten, the
chance that Quint's barrel finds it this round (the crew's best fish-finder split of the spaces it
may be in, then a guess among those Quint can reach), the swimmers near where it ends, and the
powers it keeps. It plays the first step of the best plan; the next call plans again from there.

**The crew** plays each member in turn, Hooper first (the fish finder where it splits the possible
spaces best), then Brody (Michael, barrels from the Shop to the dock nearest Quint, the binoculars
on a likely beach, swimmers), then Quint (a barrel at a space the shark is likely in, once the
chance is good enough; else swimmers and barrels).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from engines.core import Action
from engines.jaws.amity import belief
from engines.jaws.amity.data import (
    BEACH_ORDER,
    BURST,
    EVADE,
    FRENZY,
    HIDE,
    POWER_CODES,
    Board,
    amity,
    burst_paths,
)
from engines.jaws.common import ROLES
from engines.rng import Rng

View = Mapping[str, Any]


# --------------------------------------------------------------------------- shared


def board_of(view: View) -> Board:
    return amity(str(view["map"].get("correction", "")))


@lru_cache(maxsize=16)
def distances(board: Board, land: bool) -> tuple[tuple[int, ...], ...]:
    """Steps between any two spaces over water (or land); 99 where there is no way."""
    graph = board.land if land else board.water
    size = len(board.names)
    out = []
    for start in range(size):
        dist = [99] * size
        if graph[start] or not land:
            dist[start] = 0
            todo = deque([start])
            while todo:
                here = todo.popleft()
                for n in graph[here]:
                    if dist[n] == 99:
                        dist[n] = dist[here] + 1
                        todo.append(n)
        out.append(tuple(dist))
    return tuple(out)


def by_notation(legal: Sequence[Action], text: str) -> Action | None:
    return next((a for a in legal if a.get("notation") == text), None)


def public_hyps(view: View, board: Board) -> frozenset[belief.Hyp]:
    """What the crew knows of the shark, worked out again from the public round records (and the
    shark's mover, when an answer put it on the board)."""
    hyps = belief.replay(board, list(view["rounds"]))
    seen = view["shark"]["seen"]
    if seen:
        at = board.index[seen["space"]]
        hyps = frozenset(h for h in hyps if h[0] == at) or frozenset(
            (at, mask, power) for _, mask, power in hyps
        )
    return hyps


# --------------------------------------------------------------------------- the shark


def shark_choice(view: View, legal: Sequence[Action], rng: Rng) -> tuple[Action, dict[str, Any]]:
    board = board_of(view)
    if view["phase"] == "start":
        return _start(view, legal, board, rng)
    best = plan_turn(view, board, rng)
    action = by_notation(legal, best[1]) if best[1] else None
    if action is None:
        action = by_notation(legal, "end") or legal[-1]
    return action, {"value": round(best[0], 3)}


def _start(view: View, legal: Sequence[Action], board: Board, rng: Rng) -> tuple[Action, dict[str, Any]]:
    """A beach far from both boats (the rulebook's tip: a beach start reaches swimmers sooner)."""
    d = distances(board, False)
    boats = [board.index[c["space"]] for c in view["crew"] if c["role"] != "brody"]
    scored = []
    for b in board.beaches:
        jitter, rng = rng.below(1000)
        scored.append((min(d[b][x] for x in boats) + jitter / 1e4, b))
    _, space = max(scored)
    action = by_notation(legal, f"start {board.names[space]}") or legal[0]
    return action, {}


# search code: longer than 60 lines on purpose, the shark bot's search: one loop over every end of its turn
# with the scoring inline, kept in one piece for speed (bench/jaws.py, the whole turn).
def plan_turn(view: View, board: Board, rng: Rng) -> tuple[float, str]:
    """The best end of this turn, and the first step toward it (its notation; "end" to stop now)."""
    secret = view["secret"]
    names, idx = board.names, board.index
    pos = idx[secret["space"]]
    left = int(secret["actions_left"])
    power = POWER_CODES.index(secret["power_this_round"]) if secret["power_this_round"] else -1
    powers = 0 if power >= 0 else sum(1 << POWER_CODES.index(c) for c in secret["powers"])
    swim = [view["swimmers"][b] for b in BEACH_ORDER]
    eaten0 = tuple(int(secret["eaten"][b]) for b in BEACH_ORDER)
    michael = BEACH_ORDER.index(view["michael"]) if view["michael"] and not secret["michael_eaten"] else -1
    floating = {idx[s] for s in view["barrels"]["floating"]}
    boats = {
        ROLES.index(c["role"]): idx[c["space"]]
        for c in view["crew"]
        if c["role"] != "brody" and not c["in_water"]
    }
    path = [idx[s] for s in secret["path"]]
    knocked0 = tuple(ROLES.index(w.partition(":")[2]) for w in secret["plan"] if w.startswith("knock:"))
    knock_card = bool(view["effects"]["knock"])
    goal_left = int(view["shark"]["goal"]) - int(view["shark"]["track"])
    gained0 = sum(eaten0) + 2 * bool(secret["michael_eaten"])

    # every reachable end of the turn, with one way to get there
    start = (
        pos,
        left,
        eaten0,
        bool(secret["michael_eaten"]),
        power,
        frozenset(s for s in path if s in floating),
        frozenset(path[1:]),
        knocked0,
    )
    ends: dict[tuple[Any, ...], str] = {}
    seen = {start: ""}
    todo = [start]
    while todo:
        st = todo.pop()
        first = seen[st]
        here, acts, eaten, m_eaten, pw, sensed, visited, knocked = st
        key = (here, eaten, m_eaten, pw, sensed, knocked)
        ends.setdefault(key, first or "end")
        if sum(eaten) + 2 * m_eaten >= goal_left:
            continue  # the act is won: only "end" is left
        nxt: list[tuple[tuple[Any, ...], str]] = []
        if pw < 0:
            for p, word in ((EVADE, "evade"), (HIDE, "hide")):
                if powers >> p & 1:
                    nxt.append(((here, acts, eaten, m_eaten, p, sensed, visited, knocked), word))
        if knock_card:
            for captain, space in boats.items():
                if space in visited and captain not in knocked:
                    nxt.append(
                        (
                            (here, acts, eaten, m_eaten, pw, sensed, visited, (*knocked, captain)),
                            f"knock {ROLES[captain]}",
                        )
                    )
        if acts > 0:
            for n in board.water[here]:
                nxt.append(
                    (
                        (n, acts - 1, eaten, m_eaten, pw, sensed | ({n} & floating), visited | {n}, knocked),
                        f"move {names[n]}",
                    )
                )
            slot = board.beach_slot(here)
            if slot >= 0:
                regular = swim[slot] - eaten[slot]
                if regular > 0:
                    more = list(eaten)
                    more[slot] += 1
                    nxt.append(((here, acts - 1, tuple(more), m_eaten, pw, sensed, visited, knocked), "eat"))
                m_here = michael == slot and not m_eaten
                if m_here:
                    nxt.append(((here, acts - 1, eaten, True, pw, sensed, visited, knocked), "eat michael"))
                if pw < 0 and powers >> FRENZY & 1 and (regular > 0 or m_here):
                    more = list(eaten)
                    more[slot] = swim[slot]
                    nxt.append(
                        (
                            (
                                here,
                                acts - 1,
                                tuple(more),
                                m_eaten or m_here,
                                FRENZY,
                                sensed,
                                visited,
                                knocked,
                            ),
                            "frenzy",
                        )
                    )
            if pw < 0 and powers >> BURST & 1:
                for way in burst_paths(board, here):
                    nxt.append(
                        (
                            (
                                way[-1],
                                acts - 1,
                                eaten,
                                m_eaten,
                                BURST,
                                sensed | (set(way) & floating),
                                visited | set(way),
                                knocked,
                            ),
                            "burst " + "-".join(names[s] for s in way),
                        )
                    )
        for state, word in nxt:
            if state not in seen:
                seen[state] = first or word
                todo.append(state)

    before = {
        "swimmers": swim,
        "michael": view["michael"],
        "floating": [names[s] for s in sorted(floating)],
        "boats": {ROLES[c]: names[s] for c, s in boats.items()},
        "knock": knock_card,
        "actions": int(view["effects"]["shark_actions"]),
    }
    prior = belief.new_round(public_hyps(view, board))
    crew = _crew_threat(view, board)
    cache: dict[tuple[Any, ...], frozenset[belief.Hyp]] = {}
    best: tuple[float, str] = (-1e9, "end")
    for (here, eaten, m_eaten, pw, sensed, knocked), first in ends.items():
        gain = sum(eaten) + 2 * m_eaten - gained0
        total = sum(eaten) + 2 * m_eaten
        sensors = tuple(sorted(sensed)) if pw != EVADE else ()
        michael_slot = view["michael"] if m_eaten else None
        announce = (tuple(eaten), michael_slot, sensors, pw >= 0, tuple(sorted(knocked)))
        if announce not in cache:
            record = {
                "before": before,
                "eaten": list(eaten),
                "michael": michael_slot,
                "sensors": [names[s] for s in sensors],
                "ability": pw >= 0,
                "knocked": [ROLES[c] for c in sorted(knocked)],
            }
            cache[announce] = belief.after_turn(board, prior, record)
        hyps = cache[announce]
        value = 10.0 * total
        if total >= goal_left:
            value += 1000.0
        risk = _risk(board, hyps, here, pw, crew)
        value -= risk * (70.0 if view["shark"]["barrels"] else 22.0)
        value += 0.35 * len(belief.positions(hyps))
        value += _food(board, view, here, eaten, m_eaten, michael)
        if pw >= 0 and not secret["power_this_round"]:
            value -= (3.0, 1.5, 2.0, 2.5)[pw]
        value += gain * 0.01
        jitter, rng = rng.below(1000)
        value += jitter / 1e5
        if value > best[0]:
            best = (value, first)
    return best


def _food(board: Board, view: View, here: int, eaten: tuple[int, ...], m_eaten: bool, michael: int) -> float:
    """Swimmers near where the shark ends: next round's meal."""
    d = distances(board, False)
    out = 0.0
    for slot, b in enumerate(board.beaches):
        left = (
            view["swimmers"][BEACH_ORDER[slot]] - eaten[slot] + (2 if michael == slot and not m_eaten else 0)
        )
        if left > 0:
            out += left * (1.2, 0.7, 0.3, 0.1)[min(d[here][b], 3)]
    return out


def _crew_threat(view: View, board: Board) -> tuple[frozenset[int], bool]:
    """The spaces Quint can throw a barrel at in the coming crew phase, and whether a fish finder is
    left to narrow the search (Hooper may use it this round)."""
    crew = {c["role"]: c for c in view["crew"]}
    quint = crew["quint"]
    d = distances(board, False)
    reach = 4 + bool(view["effects"]["extra"]["quint"])
    if quint["in_water"]:
        reach -= 2
    barrels = view["barrels"]
    if quint["barrels"] == 0:
        if barrels["hooper"] + sum(barrels["floating"].values()) + sum(barrels["docks"].values()) == 0:
            return frozenset(), True
        reach -= 1
    here = board.index[quint["space"]]
    return frozenset(s for s in board.water_spaces if d[here][s] <= reach), True


@lru_cache(maxsize=256)
def _split(board: Board, hyps: frozenset[belief.Hyp], reach: frozenset[int]) -> dict[str, frozenset[int]]:
    """The crew's best fish finder for these hypotheses (the most classes within Quint's reach), as
    the spaces Quint would still have to choose among after each answer."""
    best: dict[str, frozenset[int]] = {}
    best_value = -1
    for h in board.water_spaces:
        classes: dict[str, set[int]] = {}
        for pos, _, pw in hyps:
            classes.setdefault(_answer(board, pos, h, pw), set()).add(pos)
        value = sum(1 for c in classes.values() if c & reach)
        if value > best_value:
            best_value = value
            best = {a: frozenset(c & reach) for a, c in classes.items()}
            best["at"] = frozenset((h,))
    return best


def _risk(
    board: Board, hyps: frozenset[belief.Hyp], here: int, power: int, crew: tuple[frozenset[int], bool]
) -> float:
    """The chance a barrel finds the shark at ``here`` this round: the crew splits the possible spaces
    with its best fish finder, then guesses among those Quint can reach."""
    reach, finder = crew
    if here not in reach:
        return 0.0
    if not finder:
        return 1.0 / max(1, len(belief.positions(hyps) & reach))
    split = _split(board, hyps, reach)
    (h,) = split["at"]
    return 1.0 / max(1, len(split.get(_answer(board, here, h, power), frozenset())))


def _answer(board: Board, pos: int, at: int, power: int) -> str:
    if power == HIDE:
        return "none"
    return "here" if pos == at else "near" if pos in board.water[at] else "none"


# --------------------------------------------------------------------------- the crew


ORDER = ("hooper", "brody", "quint")


def crew_choice(view: View, legal: Sequence[Action], rng: Rng) -> tuple[Action, dict[str, Any]]:
    board = board_of(view)
    if view["phase"] == "choice":
        return _card_choice(view, legal, board), {}
    roles = {a.get("role") for a in legal}
    role = next((r for r in ORDER if r in roles), None)
    if role is None:
        return legal[0], {}
    mine = [a for a in legal if a.get("role") == role]
    hyps = public_hyps(view, board)
    action = {"hooper": _hooper, "brody": _brody, "quint": _quint}[role](view, mine, board, hyps)
    return action, {"role": role, "possible": len(belief.positions(hyps))}


def _me(view: View, role: str) -> dict[str, Any]:
    return next(c for c in view["crew"] if c["role"] == role)


def _toward(legal: Sequence[Action], board: Board, goal: int, land: bool) -> Action | None:
    """The move that brings this crew member nearest to ``goal``."""
    d = distances(board, land)
    moves = [a for a in legal if a["type"] == "move"]
    if not moves:
        return None
    return min(moves, key=lambda a: (d[board.index[a["to"]]][goal], a["to"]))


def _end(legal: Sequence[Action]) -> Action:
    return next(a for a in legal if a["type"] == "end")


def _find(legal: Sequence[Action], kind: str, **fields: object) -> Action | None:
    return next(
        (a for a in legal if a["type"] == kind and all(a.get(k) == v for k, v in fields.items())), None
    )


def _hooper(view: View, legal: Sequence[Action], board: Board, hyps: frozenset[belief.Hyp]) -> Action:
    me = _me(view, "hooper")
    here = board.index[me["space"]]
    left = int(me["actions_left"])
    d = distances(board, False)
    if me["in_water"]:
        return _find(legal, "climb") or _end(legal)
    positions = belief.positions(hyps)
    if not me["used"]["finder"] and len(positions) > 1:
        reach = _quint_reach(view, board)
        best: tuple[float, float, int, int] | None = None
        for h in board.water_spaces:
            moves = (d[here][h] + 1) // 2
            if moves > left - 1:
                continue
            classes: dict[str, set[int]] = {}
            for pos, _, pw in hyps:
                classes.setdefault(_answer(board, pos, h, pw), set()).add(pos)
            useful = sum(1 for c in classes.values() if c & reach)
            spread = sum(len(c) ** 2 for c in classes.values()) / len(positions)
            key = (-useful, spread, moves, h)
            if best is None or key < best:
                best = key
        if best is not None:
            target = best[3]
            if target == here:
                return _find(legal, "finder") or _end(legal)
            step = _hooper_step(legal, board, here, target)
            if step is not None:
                return step
    quint = _me(view, "quint")
    q = board.index[quint["space"]]
    if me["barrels"]:
        give = _find(legal, "give")
        if give:
            return give
        if (d[here][q] + 1) // 2 <= left - 1:
            step = _hooper_step(legal, board, here, q)
            if step:
                return step
    return _rescue_or_barrels(view, legal, board, "hooper", here, left) or _end(legal)


def _quint_reach(view: View, board: Board) -> frozenset[int]:
    """The spaces Quint can throw at this round (from the crew's side: the same as the shark fears)."""
    reach, _ = _crew_threat(view, board)
    return reach


def _hooper_step(legal: Sequence[Action], board: Board, here: int, goal: int) -> Action | None:
    d = distances(board, False)
    moves = [a for a in legal if a["type"] == "move"]
    if not moves:
        return None
    best = min(moves, key=lambda a: (d[board.index[a["to"]]][goal], a["to"]))
    return best if d[board.index[best["to"]]][goal] < d[here][goal] else None


def _rescue_or_barrels(
    view: View, legal: Sequence[Action], board: Board, role: str, here: int, left: int
) -> Action | None:
    """Rescue a swimmer here, or head for the nearest beach with swimmers; pick up barrels on the way."""
    rescue = _find(legal, "rescue")
    if (rescue and rescue.get("swimmer") != "michael") or (rescue and role == "brody"):
        return rescue
    for source in ("water", "dock"):
        found = [a for a in legal if a["type"] == "collect" and a["from"] == source]
        if found and role != "brody":
            return max(found, key=lambda a: int(a["count"]))
    land = role == "brody"
    d = distances(board, land)
    targets = [
        b
        for slot, b in enumerate(board.beaches)
        if view["swimmers"][BEACH_ORDER[slot]] > 0 or (land and view["michael"] == BEACH_ORDER[slot])
    ]
    reachable = [b for b in targets if d[here][b] <= (2 * (left - 1) if role == "hooper" else left - 1)]
    if reachable:
        goal = min(reachable, key=lambda b: (d[here][b], b))
        step = (
            _hooper_step(legal, board, here, goal) if role == "hooper" else _toward(legal, board, goal, land)
        )
        if step is not None:
            return step
    return None


def _brody(view: View, legal: Sequence[Action], board: Board, hyps: frozenset[belief.Hyp]) -> Action:
    """Brody's first wish that he can act on (:data:`_BRODY`, in order), else the end of his turn."""
    positions = belief.positions(hyps)
    for wish in _BRODY:
        found = wish(view, legal, board, positions)
        if found is not None:
            return found
    return _end(legal)


def _brody_at(view: View, board: Board) -> tuple[dict[str, Any], int, int]:
    """Brody's view, his space and his actions left."""
    me = _me(view, "brody")
    return me, board.index[me["space"]], int(me["actions_left"])


def _brody_michael(view: View, legal: Sequence[Action], board: Board, positions: set[int]) -> Action | None:
    """Rescue Michael, or head for his beach if Brody can reach it this round."""
    if not view["michael"]:
        return None
    _, here, left = _brody_at(view, board)
    mb = board.beaches[BEACH_ORDER.index(view["michael"])]
    if here == mb:
        return _find(legal, "rescue", swimmer="michael")
    if distances(board, True)[here][mb] <= left - 1:
        return _toward(legal, board, mb, True)
    return None


def _brody_rescue(view: View, legal: Sequence[Action], board: Board, positions: set[int]) -> Action | None:
    return _find(legal, "rescue")


def _brody_close(view: View, legal: Sequence[Action], board: Board, positions: set[int]) -> Action | None:
    """Close the beach with the most spaces the shark may be in next to it."""
    closes = [a for a in legal if a["type"] == "close"]
    if not closes:
        return None
    dw = distances(board, False)
    return max(
        closes, key=lambda a: (sum(1 for p in positions if dw[p][board.index[a["beach"]]] <= 1), a["beach"])
    )


def _brody_look(view: View, legal: Sequence[Action], board: Board, positions: set[int]) -> Action | None:
    """The binoculars on the nearest beach the shark may be at, once it may be at 3 spaces or fewer."""
    me, here, left = _brody_at(view, board)
    beaches = [b for b in board.beaches if b in positions]
    if me["used"]["binoculars"] or not beaches or len(positions) > 3:
        return None
    d = distances(board, True)
    goal = min(beaches, key=lambda b: (d[here][b], b))
    if goal == here:
        return _find(legal, "binoculars") or _end(legal)
    return _toward(legal, board, goal, True) if d[here][goal] <= left - 1 else None


def _brody_barrels(view: View, legal: Sequence[Action], board: Board, positions: set[int]) -> Action | None:
    """A barrel to the dock nearest Quint; or one from the Shop while fewer than 2 are on their way."""
    me, here, left = _brody_at(view, board)
    if me["barrels"]:
        deliver = _find(legal, "deliver")
        if deliver is not None:
            return deliver
        dw = distances(board, False)
        quint = board.index[_me(view, "quint")["space"]]
        dock = min(board.docks, key=lambda k: (dw[quint][k], k))
        step = _toward(legal, board, dock, True)
        return step if step is not None and distances(board, True)[here][dock] <= left else None
    barrels = view["barrels"]
    if barrels["shop"] and barrels["quint"] + barrels["hooper"] + sum(barrels["docks"].values()) < 2:
        collect = _find(legal, "collect", **{"from": "shop"})
        if collect is not None:
            return collect
        step = _toward(legal, board, board.shop, True)
        return step if step is not None and distances(board, True)[here][board.shop] <= left - 1 else None
    return None


def _brody_swimmers(view: View, legal: Sequence[Action], board: Board, positions: set[int]) -> Action | None:
    _, here, left = _brody_at(view, board)
    return _rescue_or_barrels(view, legal, board, "brody", here, left)


_BRODY: tuple[Callable[[View, Sequence[Action], Board, set[int]], Action | None], ...] = (
    _brody_michael, _brody_rescue, _brody_close, _brody_look, _brody_barrels, _brody_swimmers,
)
"""Brody's wishes, most urgent first: Michael, a swimmer here, a beach to close, the binoculars,
barrels, swimmers elsewhere."""


def _quint(view: View, legal: Sequence[Action], board: Board, hyps: frozenset[belief.Hyp]) -> Action:
    me = _me(view, "quint")
    here = board.index[me["space"]]
    left = int(me["actions_left"])
    d = distances(board, False)
    if me["in_water"]:
        return _find(legal, "climb") or _end(legal)
    positions = belief.positions(hyps)
    if me["barrels"] and not me["used"]["throw"] and positions:
        reach = {p for p in positions if d[here][p] <= left}
        chance = 1.0 / len(positions)
        plenty = me["barrels"] + view["barrels"]["shop"] + view["barrels"]["hooper"] >= 3
        if reach and (chance >= 0.25 or (plenty and chance >= 0.12) or view["shark"]["seen"]):
            weight = {p: sum(1 for h in hyps if h[0] == p) for p in reach}
            target = max(reach, key=lambda p: (weight[p], -d[here][p], -p))
            if d[here][target] <= 1:
                throw = _find(legal, "throw", at=board.names[target])
                if throw:
                    return throw
            step = _toward(legal, board, target, False)
            if step:
                return step
    if not me["barrels"]:
        for source in ("hooper", "water", "dock"):
            pickups = [a for a in legal if a["type"] == "collect" and a["from"] == source]
            if pickups:
                return max(pickups, key=lambda a: int(a["count"]))
    found = _rescue_or_barrels(view, legal, board, "quint", here, left)
    if found:
        return found
    if positions and left > 1:  # close in on where the shark may be, for next round
        centre = min(board.water_spaces, key=lambda s: (sum(d[s][p] for p in positions), s))
        if d[here][centre] > 1:
            step = _toward(legal, board, centre, False)
            if step:
                return step
    return _end(legal)


def _card_choice(view: View, legal: Sequence[Action], board: Board) -> Action:
    """An event card's choice for the crew (or Brody's helicopter)."""
    pending = view["pending"]["what"]
    options = [a for a in legal if a["type"] == "choose"]
    swim = view["swimmers"]
    if pending == "mayor":
        return max(
            options,
            key=lambda a: (swim.get(a["space"], 0) + (2 if view["michael"] == a["space"] else 0), a["space"]),
        )
    if pending == "michael":
        hyps = public_hyps(view, board)
        d = distances(board, False)
        return max(
            options,
            key=lambda a: (
                min((d[board.index[a["space"]]][p] for p in belief.positions(hyps)), default=0),
                a["space"],
            ),
        )
    if pending == "heli":
        target = view["michael"] or max(BEACH_ORDER, key=lambda b: (swim[b], b))
        found = _find(options, "choose", space=target)
        return found or options[0]
    return options[0]
