"""Final scoring: card points, then the best widgets a player can build.

A *widget* on a production unit is one robot for each symbol the unit shows
(a robot uses one of its symbols, in one widget; the upgrade serves any
symbol). A unit scores its value for each widget on it, and costs its value if
it has none. Robots assigned to a unit during the game stay on that unit.

:func:`best_widgets` finds the assignment that scores best. It decides how many
widgets each unit gets, unit by unit, remembering the best result for each
(unit, symbols already claimed from the free robots) pair. Whether the free
robots can serve a demand of so many nuts, bolts, cogs and oils is Hall's
condition over the 15 non-empty sets of symbols, so a check costs 15 sums.
Robots pinned to a unit first cover what they can of that unit's demand.

The rulebook's example (section "Voorbeeld van de eindtelling"): a prototype
(oil, 3), a reinforced unit (nut+oil, 6) and an advanced one (nut+bolt+cog, 9).

>>> units = [("PO", "O", 3), ("PNO", "NO", 6), ("PNBCa", "NBC", 9)]
>>> pinned = {"PNO": [("R2Na", "N")], "PNBCa": [("R3Ca", "C")]}
>>> free = [("R2Oa", "O"), ("Ua", "NBCO"), ("R4N", "N"), ("R4B", "B"), ("R2Ba", "B"), ("R2Nb", "N")]
>>> best_widgets(units, pinned, free).bonus
21
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engines.fzzzt.cards import SYMBOLS, symbol_mask

Vec = tuple[int, int, int, int]
_ZERO: Vec = (0, 0, 0, 0)
_SUBSETS = [(x, [s for s in range(4) if x >> s & 1]) for x in range(1, 16)]


@dataclass(frozen=True)
class UnitResult:
    unit: str
    symbols: str
    value: int
    widgets: tuple[tuple[tuple[str, str], ...], ...]   # each widget: ((symbol, card id), ...)

    @property
    def score(self) -> int:
        return self.value * len(self.widgets) if self.widgets else -self.value


@dataclass(frozen=True)
class WidgetResult:
    units: tuple[UnitResult, ...]

    @property
    def bonus(self) -> int:
        return sum(u.score for u in self.units)

    def used(self) -> set[str]:
        return {cid for u in self.units for w in u.widgets for _, cid in w}


def _coverages(masks: Sequence[int], syms: Sequence[int], k: int) -> set[Vec]:
    """Every vector of symbols (each at most ``k``) that the pinned robots can cover."""
    reach: set[Vec] = {_ZERO}
    for mask in masks:
        nxt = set(reach)
        for vec in reach:
            for s in syms:
                if mask >> s & 1 and vec[s] < k:
                    lst = list(vec)
                    lst[s] += 1
                    nxt.add((lst[0], lst[1], lst[2], lst[3]))
        reach = nxt
    return reach


def _pareto_min(vectors: set[Vec]) -> list[Vec]:
    out = []
    for v in vectors:
        if not any(w != v and all(w[i] <= v[i] for i in range(4)) for w in vectors):
            out.append(v)
    return sorted(out)


def best_widgets(units: Sequence[tuple[str, str, int]],
                 pinned: Mapping[str, Sequence[tuple[str, str]]],
                 free: Sequence[tuple[str, str]]) -> WidgetResult:
    """The best widgets: ``units`` are (id, symbols, value), ``pinned`` maps a unit to the
    (card id, symbols) robots assigned to it in play, ``free`` are the other robots."""
    # The most valuable units first: deciding them first prunes most (see bench/fzzzt.py).
    order = sorted(range(len(units)), key=lambda u: (-units[u][2], -len(units[u][1]), u))
    found = _search([units[u] for u in order], pinned, free)
    back = {u: found.units[i] for i, u in enumerate(order)}
    return WidgetResult(tuple(back[u] for u in range(len(units))))


# search code: one branch-and-bound over the units, its bounds, pruning and best-so-far kept in one
# frame of locals (under 50 ms on the largest hand: the final view and its score sheets wait for it,
# bench/fzzzt.py); split into calls, the inner loop would pay a call and its arguments per node.
def _search(units: Sequence[tuple[str, str, int]],
            pinned: Mapping[str, Sequence[tuple[str, str]]],
            free: Sequence[tuple[str, str]]) -> WidgetResult:
    counts = [0] * 16
    for _, syms in free:
        counts[symbol_mask(syms)] += 1
    cap = {x: sum(c for m, c in enumerate(counts) if m & x) for x, _ in _SUBSETS}
    total_free = cap[15]

    # Per unit: for each widget count k, the pool demands (residual after pinned robots).
    options: list[list[tuple[int, int, Vec]]] = []     # (score, k, residual)
    for uid, syms, value in units:
        sidx = [SYMBOLS.index(s) for s in syms]
        pmasks = [symbol_mask(ms) & symbol_mask(syms) for _, ms in pinned.get(uid, ())]
        pmasks = [m for m in pmasks if m]
        opts: list[tuple[int, int, Vec]] = [(-value, 0, _ZERO)]
        if sidx:
            kmax = min(cap[1 << s] + sum(1 for m in pmasks if m >> s & 1) for s in sidx)
            kmax = min(kmax, (total_free + len(pmasks)) // len(sidx))
            for k in range(1, kmax + 1):
                covs = _coverages(pmasks, sidx, k)
                res = {tuple(k - c[s] if s in sidx else 0 for s in range(4)) for c in covs}
                for r in _pareto_min(res):  # type: ignore[arg-type]
                    opts.append((value * k, k, r))
        options.append(opts)

    # Depth-first branch and bound, units in order, most widgets first. The bound
    # relaxes the symbols away: the remaining free robots (and pinned ones) are
    # slots, a unit's first widget is worth twice its value (it also saves the
    # penalty), every further slot at most the best value per symbol. It is
    # fractional-knapsack tight on real hands, so little is searched.
    n = len(units)
    values = [v for _, _, v in units]
    sizes = [len(syms) for _, syms, _ in units]
    pins = [sum(1 for _ in pinned.get(uid, ())) for uid, _, _ in units]
    penalty_tail = [sum(values[i:]) for i in range(n + 1)]
    best_total = [-10**9]
    best_path: list[list[int]] = [[]]
    path: list[int] = []
    seen: dict[tuple[int, Vec], int] = {}

    k1, k2, k3, k4, k5, k6, k7, k8, k9, k10, k11, k12, k13, k14, k15 = (cap[x] for x in range(1, 16))

    def feasible(d: Vec) -> bool:
        """Hall's condition, written out for the 15 sets of symbols (bit 0 nut ... bit 3 oil)."""
        a, b, c, o = d
        ab, co = a + b, c + o
        return (a <= k1 and b <= k2 and ab <= k3 and c <= k4 and a + c <= k5 and b + c <= k6
                and ab + c <= k7 and o <= k8 and a + o <= k9 and b + o <= k10 and ab + o <= k11
                and co <= k12 and a + co <= k13 and b + co <= k14 and ab + co <= k15)

    # The relaxation forgets which symbols the free robots carry: they are just
    # slots. A unit's first widget is worth twice its value (it also saves the
    # penalty), so its first slots earn 2 * value / size each and its further
    # ones value / size, up to as many widgets as it could ever get. Robots
    # pinned to a unit fill its best slots for nothing. Per suffix of units:
    # what pinned robots surely add, and the knapsack items for free slots.
    pinned_gain = [0.0] * (n + 1)
    items: list[list[tuple[float, int]]] = [[] for _ in range(n + 1)]
    for i in range(n - 1, -1, -1):
        pinned_gain[i] = pinned_gain[i + 1]
        items[i] = list(items[i + 1])
        kmax = max(k for _, k, _ in options[i])
        if not kmax:
            continue
        rate, size, p = values[i] / sizes[i], sizes[i], pins[i]
        slots = kmax * size
        pinned_gain[i] += 2 * rate * min(p, size) + rate * max(0, min(p, slots) - size)
        if p < size:
            items[i].append((2 * rate, size - p))
        if slots > max(p, size):
            items[i].append((rate, slots - max(p, size)))
    for suffix in items:
        suffix.sort(reverse=True)

    def bound(i: int, d: Vec) -> float:
        slots = total_free - sum(d)
        gain = pinned_gain[i]
        for rate, size in items[i]:
            if slots <= 0:
                break
            take = min(slots, size)
            gain += rate * take
            slots -= take
        return gain - penalty_tail[i]

    def dfs(i: int, d: Vec, acc: int) -> None:
        if i == n:
            if acc > best_total[0]:
                best_total[0] = acc
                best_path[0] = list(path)
            return
        if acc + math.floor(bound(i, d) + 1e-9) <= best_total[0]:
            return
        seen_acc = seen.get((i, d))
        if seen_acc is not None and seen_acc >= acc:
            return             # reached before with as much: the same subtree, no better
        seen[(i, d)] = acc
        children = []
        for j, (score, _, r) in enumerate(options[i]):
            nd = (d[0] + r[0], d[1] + r[1], d[2] + r[2], d[3] + r[3])
            if r != _ZERO and not feasible(nd):
                continue
            children.append((acc + score + bound(i + 1, nd), score, nd, j))
        # Most promising child first, so a good total is found early and prunes the rest.
        children.sort(key=lambda c: (-c[0], -c[1]))
        for hope, score, nd, j in children:
            if math.floor(hope + 1e-9) <= best_total[0]:
                break
            path.append(j)
            dfs(i + 1, nd, acc + score)
            path.pop()

    dfs(0, _ZERO, 0)
    chosen = [(options[i][j][1], options[i][j][2]) for i, j in enumerate(best_path[0])]
    return _realise(units, pinned, free, chosen)


def _match(robots: Sequence[tuple[str, int]], slots: Sequence[tuple[int, int]]) -> dict[int, str]:
    """Kuhn's matching of robots (id, mask) to slots (owner, symbol index): slot -> robot id."""
    owner: dict[int, int] = {}           # slot index -> robot index

    def augment(ri: int, seen: set[int]) -> bool:
        for si, (_, s) in enumerate(slots):
            if robots[ri][1] >> s & 1 and si not in seen:
                seen.add(si)
                if si not in owner or augment(owner[si], seen):
                    owner[si] = ri
                    return True
        return False

    for ri in range(len(robots)):
        augment(ri, set())
    return {si: robots[ri][0] for si, ri in owner.items()}


def _realise(units: Sequence[tuple[str, str, int]], pinned: Mapping[str, Sequence[tuple[str, str]]],
             free: Sequence[tuple[str, str]], chosen: Sequence[tuple[int, Vec]]) -> WidgetResult:
    """Turn widget counts and pool demands into named cards on each unit."""
    pool_slots: list[tuple[int, int]] = []
    unit_slots: list[dict[int, list[str]]] = []
    for ui, ((uid, syms, _), (k, r)) in enumerate(zip(units, chosen, strict=True)):
        sidx = [SYMBOLS.index(s) for s in syms]
        got: dict[int, list[str]] = {s: [] for s in sidx}
        if k:
            need = [(ui, s) for s in sidx for _ in range(k - r[s])]
            robots = [(cid, symbol_mask(ms)) for cid, ms in pinned.get(uid, ())]
            for si, cid in _match(robots, need).items():
                got[need[si][1]].append(cid)
            pool_slots += [(ui, s) for s in sidx for _ in range(r[s])]
        unit_slots.append(got)
    for si, cid in _match([(cid, symbol_mask(ms)) for cid, ms in free], pool_slots).items():
        ui, s = pool_slots[si]
        unit_slots[ui][s].append(cid)
    out = []
    for (uid, syms, value), (k, _), got in zip(units, chosen, unit_slots, strict=True):
        sidx = [SYMBOLS.index(s) for s in syms]
        assert all(len(got[s]) == k for s in sidx), "widget search and matching disagree"
        widgets = tuple(tuple((SYMBOLS[s], got[s][j]) for s in sidx) for j in range(k))
        out.append(UnitResult(uid, syms, value, widgets))
    return WidgetResult(tuple(out))
