"""The conformance drive every engine's tests call (OpenSpiel's random_sim_test, our contract).

``check_playouts`` plays seeded random games and, at every step, asserts what
docs/architecture.md promises: JSON-able actions, views and events; ``apply`` never
mutates; notation round-trips; chance probabilities sum to one; the same seed
and actions give the same game; an outcome of the documented shape at the end.
"""

from __future__ import annotations

import json
import marshal
from collections.abc import Callable, Mapping
from typing import Any

from engines import TABLE, Game, IllegalAction, State
from engines.playout import random_playout


def snapshot(state: State) -> bytes:
    """Everything observable about a state, frozen as bytes (to detect mutation): marshal's
    version 2, which writes each value whole (no references to objects seen before, so equal
    values give equal bytes) and is a tenth of JSON's cost (a Jaws Act 2 state's views are 60 KB;
    that JSON-able values stay so is check_state's)."""
    seats: list[int | None] = [None, *range(state.players)]
    return marshal.dumps({
        "notation": state.notation(),
        "awaiting": list(state.awaiting),
        "views": [state.view(s) for s in seats],
        "legal": [state.legal_actions(s) for s in state.awaiting if s != TABLE],
        "outcome": state.outcome,
    }, 2)


def check_state(game: Game, state: State, roundtrip: bool = True) -> None:
    players = state.players
    json.dumps(state.view(None))
    for seat in range(players):
        json.dumps(state.view(seat))
    for ev in state.events:
        assert isinstance(ev.get("type"), str), ev
        vis = ev.get("visible_to")
        assert vis == "all" or (isinstance(vis, list) and all(0 <= s < players for s in vis)), ev
        json.dumps(ev)
    if state.outcome is not None:
        assert state.awaiting == ()
        assert set(state.outcome) >= {"winners", "scores", "reason"}
        assert all(0 <= s < players for s in state.outcome["winners"])
    if TABLE in state.awaiting:
        total = sum(p for _, p in state.chance_outcomes())
        assert abs(total - 1.0) < 1e-9, total
    for seat in state.awaiting:
        if seat == TABLE:
            continue
        actions = state.legal_actions(seat)
        assert actions, f"seat {seat} is awaited but has no legal action"
        for action in actions:
            assert isinstance(action.get("type"), str)
            json.dumps(action)
    if roundtrip:
        text = state.notation()
        loaded = game.load(text)
        assert loaded == state, f"load(notation()) differs for {text!r}"
        assert loaded.notation() == text


def check_playouts(game: Game, players: int, seeds: range | list[int],
                   options: Mapping[str, Any] | None = None, max_plies: int = 2000,
                   must_finish: bool = True, roundtrip_every: int = 1,
                   extra: Callable[[State, int, dict[str, Any], State], None] | None = None) -> list[State]:
    """Random playouts with every contract check; returns the final states."""
    finals = []
    for seed in seeds:
        step = 0

        def on_step(before: State, seat: int, action: dict[str, Any], after: State) -> None:
            nonlocal step
            frozen = snapshot(before)
            again = before.apply(seat, action)            # same input, same result
            assert snapshot(before) == frozen, "apply() mutated the old state"
            assert again.notation() == after.notation()
            check_state(game, after, roundtrip=(step % roundtrip_every == 0))
            if extra is not None:
                extra(before, seat, action, after)
            step += 1

        first = game.start(players=players, seed=seed, options=options)
        check_state(game, first)
        result = random_playout(game, players, seed, options, max_plies=max_plies, on_step=on_step)
        if must_finish:
            assert result.finished, f"seed {seed}: no end after {max_plies} plies"
        replay = random_playout(game, players, seed, options, max_plies=max_plies)
        assert replay.final.notation() == result.final.notation(), "same seed, different game"
        finals.append(result.final)
    return finals


def assert_refused(state: State, seat: int, action: object, *words: str) -> IllegalAction:
    """``action`` is refused with a message containing ``words``, and nothing changed."""
    before = snapshot(state)
    try:
        state.apply(seat, action)  # type: ignore[arg-type]
    except IllegalAction as exc:
        message = str(exc)
        for word in words:
            assert word.lower() in message.lower(), f"{word!r} not in {message!r}"
        assert snapshot(state) == before
        return exc
    raise AssertionError(f"{action!r} was accepted")
