"""A first game's phones say why a play is refused (issue 26, point 3): in every game, a play a
phone could send that is not legal now (a legal play with one of its choices changed: another
square, card, boat, zone or crew member) is refused with a sentence that says why, never with the
bare "That is not a legal play right now."."""

from __future__ import annotations

import random
from typing import Any

import pytest

import engines
from engines import TABLE, IllegalAction

GENERIC = "That is not a legal play right now."
GAMES = [("laser-chess", 2, {}), ("fzzzt", 3, {}), ("sharks-with-lasers", 3, {}), ("loch-ness", 3, {}),
         ("jaws", 2, {})]


def changed(action: dict[str, Any], legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any] | None:
    """``action`` with one of its choices changed: to another legal play's, to one the game does not
    have, or a number moved."""
    out = {k: v for k, v in action.items() if k not in ("label", "notation")}
    keys = [k for k in out if k != "type"]
    if not keys:
        return None
    key = rng.choice(keys)
    value = out[key]
    others = [a[key] for a in legal if key in a and a[key] != value]
    if isinstance(value, bool):
        out[key] = not value
    elif isinstance(value, int):
        out[key] = value + rng.choice([-2, -1, 1, 2, 7])
    elif others and rng.random() < 0.5:
        out[key] = rng.choice(others)
    elif isinstance(value, str):
        out[key] = "zz"   # a square, card or zone the game does not have
    else:
        return None
    return out


@pytest.mark.parametrize(("game", "players", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_a_refusal_says_why(game: str, players: int, options: dict[str, Any]) -> None:
    g = engines.get(game)
    rng = random.Random(1)
    refused, bare = 0, []
    for seed in range(2):
        state = g.start(players, seed, options)
        for _ in range(400):
            if state.outcome is not None or not state.awaiting:
                break
            seat = state.awaiting[0]
            if seat == TABLE:
                state = state.apply(seat, rng.choice([a for a, _ in state.chance_outcomes()]))
                continue
            legal = state.legal_actions(seat)
            for _ in range(3):
                attempt = changed(rng.choice(legal), legal, rng)
                if attempt is None:
                    continue
                try:
                    state.find_legal(seat, attempt)
                except IllegalAction as exc:
                    refused += 1
                    if exc.text.msgid == GENERIC:
                        bare.append(attempt)
            state = state.apply(seat, rng.choice(legal))
    assert refused > 10
    assert bare == []
