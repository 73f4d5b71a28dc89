"""Seeded random playouts: the conformance drive for every engine and `companion selfplay`."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from engines.core import TABLE, Action, Game, Seat, State
from engines.rng import Rng


@dataclass(frozen=True)
class Playout:
    final: State
    plies: int
    finished: bool


T = TypeVar("T")


def weighted(outcomes: Sequence[tuple[T, float]], draw: int) -> T:
    """The outcome a 64-bit draw lands on, each outcome as likely as its weight says."""
    point = (draw / 2**64) * sum(p for _, p in outcomes)
    for outcome, p in outcomes:
        point -= p
        if point < 0:
            return outcome
    return outcomes[-1][0]


def chance_pick(state: State, rng: Rng) -> tuple[Action, Rng]:
    """Draw a chance action with the probabilities the state gives."""
    draw, rng = rng.next64()
    return weighted(state.chance_outcomes(), draw), rng


def random_step(state: State, rng: Rng) -> tuple[Seat, Action, Rng]:
    """One random legal step: a chance draw, or a random awaited seat's random action."""
    awaiting = state.awaiting
    if TABLE in awaiting:
        action, rng = chance_pick(state, rng)
        return TABLE, action, rng
    seat, rng = rng.choice(awaiting)
    action, rng = rng.choice(state.legal_actions(seat))
    return seat, action, rng


def random_playout(game: Game, players: int, seed: int, options: Mapping[str, Any] | None = None,
                   max_plies: int = 2000,
                   on_step: Callable[[State, Seat, Action, State], None] | None = None) -> Playout:
    """Play random legal actions from the start until the end or ``max_plies``."""
    state = game.start(players=players, seed=seed, options=options)
    rng = Rng.from_seed(seed ^ 0x5EED)
    plies = 0
    while state.awaiting and plies < max_plies:
        seat, action, rng = random_step(state, rng)
        nxt = state.apply(seat, action)
        if on_step is not None:
            on_step(state, seat, action, nxt)
        state = nxt
        plies += 1
    return Playout(state, plies, not state.awaiting)
