"""What the crew can know about the shark: every space it may be in, worked out from public facts.

The crew sees only what the rules announce (swimmers eaten per beach, which motion sensors went
off, whether an ability was used, which captain was knocked over; then the fish finder's, the
binoculars' and the barrels' answers). A *hypothesis* is what the shark might secretly be:
``(space, powers still unused, power played this round)``. Each round's announcement keeps the
hypotheses from which some legal plan of the shark's produces exactly that announcement; each
answer keeps those it is true for (Out of Sight makes a fish finder or binoculars answer "not
here" whatever the truth, never a barrel).

Only the public round records (``Position.records``) go in, so what comes out may be shown to
everyone: the crew's phones shade the possible spaces, and the crew bot aims with them.

>>> from engines.jaws.amity.data import amity
>>> board = amity()
>>> start = initial(board)
>>> len(start), len({h[0] for h in start})
(12, 12)
>>> near = after_answer(board, start, {"by": "finder", "at": "1", "answer": "near"})
>>> sorted(board.names[s] for s in positions(near))
['2', '3', '5', 'N']
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any

from engines.jaws.amity.data import ALL_POWERS, BEACH_ORDER, BURST, EVADE, FRENZY, HIDE, Board, burst_paths
from engines.jaws.common import ROLES

Hyp = tuple[int, int, int]  # space, powers left (bits), power played this round (-1 none)


def initial(board: Board) -> frozenset[Hyp]:
    """Before the first announcement: any of the 12 water spaces, all four powers unused."""
    return frozenset((s, ALL_POWERS, -1) for s in board.water_spaces)


def positions(hyps: Iterable[Hyp]) -> set[int]:
    return {h[0] for h in hyps}


def replay(board: Board, records: list[dict[str, Any]]) -> frozenset[Hyp]:
    """The hypotheses after every round record, from the start (a position read from its notation;
    a game in play keeps them up to date step by step with :func:`new_round`, :func:`after_turn`
    and :func:`after_answer`). Cached round by round, so reading many positions of one game is
    quick."""
    return _replay(board, tuple(json.dumps(r, sort_keys=True) for r in records))


@lru_cache(maxsize=1024)
def _replay(board: Board, records: tuple[str, ...]) -> frozenset[Hyp]:
    if not records:
        return initial(board)
    rec = json.loads(records[-1])
    hyps = after_turn(board, new_round(_replay(board, records[:-1])), rec)
    for answer in rec.get("answers", []):
        hyps = after_answer(board, hyps, answer)
    return hyps


def new_round(hyps: Iterable[Hyp]) -> frozenset[Hyp]:
    """A new round: last round's power went back into the box."""
    return frozenset((s, mask, -1) for s, mask, _ in hyps)


def after_answer(board: Board, hyps: Iterable[Hyp], answer: Mapping[str, Any]) -> frozenset[Hyp]:
    """Keep the hypotheses this answer is true for."""
    at = board.index[answer["at"]]
    said = answer["answer"]
    by = answer["by"]
    out = set()
    for h in hyps:
        pos, _, power = h
        if by == "barrel":
            ok = (pos == at) == (said == "hit")
        elif power == HIDE and said == "none":
            ok = True  # Out of Sight: "not here" whatever the truth
        elif by == "finder":
            truth = "here" if pos == at else "near" if pos in board.water[at] else "none"
            ok = truth == said
        else:
            ok = (pos == at) == (said == "here")
        if ok:
            out.add(h)
    return frozenset(out)


def after_turn(board: Board, hyps: Iterable[Hyp], rec: Mapping[str, Any]) -> frozenset[Hyp]:
    """The hypotheses after the shark's announced turn: where a legal plan could have taken it."""
    idx = board.index
    before = rec["before"]
    swim = tuple(before["swimmers"])
    mich = BEACH_ORDER.index(before["michael"]) if before.get("michael") else -1
    floating = 0
    for name in before["floating"]:
        floating |= 1 << idx[name]
    boats = {ROLES.index(c): idx[s] for c, s in before["boats"].items()}
    actions = int(before["actions"])
    target = tuple(rec["eaten"])
    target_m = rec.get("michael") is not None
    sensors = 0
    for name in rec["sensors"]:
        sensors |= 1 << idx[name]
    ability = bool(rec["ability"])
    need_knock = 0
    for c in rec.get("knocked", []):
        need_knock |= 1 << boats[ROLES.index(c)]
    masks: dict[int, set[int]] = {}
    for start, mask, _ in hyps:
        masks.setdefault(start, set()).add(mask)
    out: set[Hyp] = set()
    for start, starts in masks.items():
        union = 0
        for mask in starts:
            union |= mask
        ends = _ends(
            board, start, union, swim, mich, floating, actions, target, target_m, sensors, ability, need_knock
        )
        for mask in starts:
            for pos, power in ends:
                if power < 0:
                    out.add((pos, mask, -1))
                elif mask >> power & 1:
                    out.add((pos, mask & ~(1 << power), power))
    return frozenset(out)


# search code: longer than 60 lines on purpose, the belief search: one walk over every plan the shark's
# turn allows, kept in one piece for speed (every announcement runs it).
def _ends(
    board: Board,
    start: int,
    mask: int,
    swim: tuple[int, ...],
    mich: int,
    floating: int,
    actions: int,
    target: tuple[int, ...],
    target_m: bool,
    sensors: int,
    ability: bool,
    need_knock: int,
) -> set[tuple[int, int]]:
    """Where the shark can end its turn from ``start`` with the powers in ``mask``, announcing
    exactly this: the (space, power played) pairs."""
    out: set[tuple[int, int]] = set()
    boats = need_knock  # only the boat spaces a knock needs are worth remembering
    first = (start, 0, (0, 0, 0, 0), False, -1, floating & (1 << start), 0)
    todo = [first]
    seen = {first}
    evade_later = ability and bool(mask >> EVADE & 1)

    def push(st: tuple[Any, ...]) -> None:
        _, _, _, _, power, vis, _ = st
        if vis & ~sensors and power != EVADE and not (power < 0 and evade_later):
            return  # a sensor went off that nobody announced
        if st not in seen:
            seen.add(st)
            todo.append(st)

    while todo:
        pos, acts, eaten, m, power, vis, kvis = todo.pop()
        if (
            eaten == target
            and m == target_m
            and (power >= 0) == ability
            and (vis == sensors if power != EVADE else sensors == 0)
            and kvis & need_knock == need_knock
        ):
            out.add((pos, power))
        free = power < 0 and ability
        if free:
            for p in (EVADE, HIDE):
                if mask >> p & 1:
                    push((pos, acts, eaten, m, p, vis, kvis))
        if acts >= actions:
            continue
        for n in board.water[pos]:
            push((n, acts + 1, eaten, m, power, vis | (floating & (1 << n)), kvis | (boats & (1 << n))))
        slot = board.beach_slot(pos)
        if slot >= 0:
            if eaten[slot] < min(target[slot], swim[slot]):
                more = list(eaten)
                more[slot] += 1
                push((pos, acts + 1, tuple(more), m, power, vis, kvis))
            if mich == slot and target_m and not m:
                push((pos, acts + 1, eaten, True, power, vis, kvis))
            if (
                free
                and mask >> FRENZY & 1
                and swim[slot] <= target[slot]
                and (mich != slot or target_m)
                and (swim[slot] > eaten[slot] or (mich == slot and not m))
            ):
                more = list(eaten)
                more[slot] = swim[slot]
                push((pos, acts + 1, tuple(more), m or mich == slot, FRENZY, vis, kvis))
        if free and mask >> BURST & 1:
            for path in burst_paths(board, pos):
                v, k = vis, kvis
                for s in path:
                    v |= floating & (1 << s)
                    k |= boats & (1 << s)
                push((path[-1], acts + 1, eaten, m, BURST, v, k))
    return out
