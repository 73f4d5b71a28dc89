"""Seeded random playouts: the conformance drive for every engine and `companion selfplay`."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from engines.core import TABLE, Action, Game, Seat, State
from engines.rng import Rng


@dataclass(frozen=True)
class Playout:
    final: State
    plies: int
    finished: bool


def chance_pick(state: State, rng: Rng) -> tuple[Action, Rng]:
    """Draw a chance action with the probabilities the state gives."""
    outcomes = state.chance_outcomes()
    draw, rng = rng.next64()
    point = (draw / 2**64) * sum(p for _, p in outcomes)
    for action, p in outcomes:
        point -= p
        if point < 0:
            return action, rng
    return outcomes[-1][0], rng


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
