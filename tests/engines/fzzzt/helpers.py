"""Positions built by hand for Fzzzt! rule tests."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import engines
from engines.fzzzt.state import FzzztState, fresh
from engines.rng import Rng

GAME = engines.get("fzzzt")


def position(n: int = 3, *, hands: list[list[str]] | None = None, piles: list[list[str]] | None = None,
             units: list[list[str]] | None = None, pins: list[list[tuple[str, str, int]]] | None = None,
             open: list[str] | None = None, deck: list[str] | None = None, face_down: int = 0,
             chief: int = 0, phase: str = "bid", chance: str = "digital", round: int = 1,
             **more: Any) -> FzzztState:
    """A state in the middle of a round; unnamed zones are empty, mechanics 1..n by seat."""
    base = fresh(GAME, n, chance, "", Rng.from_seed(5))
    return replace(
        base, phase=phase, round=round, chief=chief, mechanics=list(range(1, n + 1)),
        hands=[sorted(h) for h in (hands or [[] for _ in range(n)])],
        piles=[sorted(p) for p in (piles or [[] for _ in range(n)])],
        units=[list(u) for u in (units or [[] for _ in range(n)])],
        pins=[list(p) for p in (pins or [[] for _ in range(n)])],
        open=list(open or ()), deck=list(deck or ()), face_down=face_down, **more)


def bid(state: FzzztState, seat: int, *cards: str) -> FzzztState:
    out = state.apply(seat, {"type": "bid", "cards": sorted(cards)})
    assert isinstance(out, FzzztState)
    return out


def everyone_bids(state: FzzztState, bids: dict[int, list[str]]) -> FzzztState:
    """Each seat bids its cards when its bid is awaited (clockwise from the chief, or at once)."""
    todo = dict(bids)
    while todo:
        seat = next(s for s in state.awaiting if s in todo)
        state = bid(state, seat, *todo.pop(seat))
    return state


def reveal_of(state: FzzztState) -> dict[str, Any]:
    [ev] = [e for e in state.events if e["type"] == "reveal"]
    return ev
