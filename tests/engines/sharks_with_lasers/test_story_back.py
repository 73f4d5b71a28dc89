"""The table screen steps BACK from the board after a change (web/static/games/sharks-with-lasers.js,
``boardAt``): every event must carry what it changed from, so that undoing a change's events,
newest first, on the board after it gives the board before it, death counters included."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engines.sharks_with_lasers import GAME, SharksState


def board(view: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {f"agent{a['seat']}": a["square"] for a in view["agents"]}
    out.update({f"deaths{a['seat']}": a["deaths"] for a in view["agents"]})
    out.update({s["shark"]: [s["square"], s["facing"]] for s in view["sharks"]})
    return out


def undo_events(after: dict[str, Any], events: list[dict[str, Any]]) -> dict[str, Any]:
    """The same steps as boardAt in the page script, in Python."""
    b = {k: (list(v) if isinstance(v, list) else v) for k, v in after.items()}
    for ev in reversed(events):
        kind = ev["type"]
        if kind in ("moved", "pushed", "wrapped"):
            if ev["figure"] == "agent":
                b[f"agent{ev['seat']}"] = ev["square"]
            else:
                b[ev["shark"]][0] = ev["square"]
        elif kind == "turned":
            b[ev["shark"]][1] = ev["was"]
        elif kind in ("eaten", "fried"):
            b[f"agent{ev['seat']}"] = ev["square"]
        elif kind == "placed":
            b[f"agent{ev['seat']}"] = None
        elif kind == "counter":
            b[f"deaths{ev['seat']}"] = ev["was"]
    return b


@pytest.mark.parametrize("players,specials", [(2, False), (3, True), (4, True)])
def test_undoing_a_changes_events_gives_the_board_before_it(players: int, specials: bool) -> None:
    """Rulebook, phase III (translated): "the cards are carried out one by one" -- the table
    screen shows each one on the board, so each step must be told with where it came from."""
    rng = random.Random(players)
    changes = 0
    for seed in range(3):
        state: SharksState = GAME.start(players=players, seed=seed, options={"specials": specials})
        for _ in range(600):
            if state.outcome is not None:
                break
            seat = state.awaiting[0]
            after = state.apply(seat, rng.choice(state.legal_actions(seat)))
            public = [ev for ev in after.events if ev["visible_to"] == "all"]
            assert undo_events(board(after.view(None)), public) == board(state.view(None)), public
            changes += any(ev["type"] in ("turned", "fried", "eaten") for ev in public)
            state = after
    assert changes > 5


def test_every_death_names_the_square_the_agent_died_on() -> None:
    """Rulebook, phase III (translated): "If a shark swims onto an agent's square, or an agent swims
    onto a shark's square, the agent is eaten" -- the table screen marks the death on that square,
    so an ``eaten`` (or ``fried``) event names it, whether the shark came to the agent or the agent
    swam (straight or diagonally) into the shark."""
    rng = random.Random(11)
    deaths: dict[str, int] = {"eaten": 0, "fried": 0}
    for seed in range(12):
        state: SharksState = GAME.start(players=4, seed=seed, options={"specials": True})
        for _ in range(600):
            if state.outcome is not None:
                break
            seat = state.awaiting[0]
            before = board(state.view(None))
            after = state.apply(seat, rng.choice(state.legal_actions(seat)))
            public = [ev for ev in after.events if ev["visible_to"] == "all"]
            for i, ev in enumerate(public):
                if ev["type"] in deaths:
                    deaths[ev["type"]] += 1
                    # where the agent stood just before this step (the board after the steps before it)
                    stood = undo_events(board(after.view(None)), public[i:])[f"agent{ev['seat']}"]
                    assert ev["square"] and ev["square"] == stood, (ev, public)
            assert undo_events(board(after.view(None)), public) == before
            state = after
    assert deaths["eaten"] > 3 and deaths["fried"] > 3, deaths
