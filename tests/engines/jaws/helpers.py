"""Small helpers for the Jaws rule tests: positions from the notation, plays by their notation."""

from __future__ import annotations

from typing import Any

from engines import TABLE, State
from engines.jaws import GAME, JawsState

SHARK, CREW = 0, 1  # the default two-player seats: seat 0 the shark, seat 1 the whole crew


def load(text: str) -> JawsState:
    state = GAME.load(text)
    assert isinstance(state, JawsState)
    return state


def crew_phase(**words: str) -> JawsState:
    """A two-player game in round 1's crew phase (card 6 unless said: nothing special happens)."""
    base = {
        "players": "2",
        "roles": "S/BHQ",
        "round": "1",
        "phase": "crew",
        "card": "16",
        "turned": "16",
        "shark": "3",
    }
    base.update(words)
    return load("jaws " + " ".join(f"{k}={v}" for k, v in base.items()))


def shark_phase(**words: str) -> JawsState:
    base = {
        "players": "2",
        "roles": "S/BHQ",
        "round": "1",
        "phase": "shark",
        "card": "16",
        "turned": "16",
        "shark": "N",
    }
    base.update(words)
    return load("jaws " + " ".join(f"{k}={v}" for k, v in base.items()))


def play(state: State, seat: int, *notations: str) -> Any:
    """Play each action, named by its notation, as ``seat``; the state after the last."""
    for text in notations:
        legal = state.chance_outcomes() if seat == TABLE else None
        actions = [a for a, _ in legal] if legal is not None else state.legal_actions(seat)
        found = [a for a in actions if a.get("notation") == text]
        assert found, f"{text!r} is not legal; legal: {[a.get('notation') for a in actions]}"
        state = state.apply(seat, found[0])
    return state


def notations(state: State, seat: int) -> list[str]:
    return [str(a.get("notation")) for a in state.legal_actions(seat)]


def public(state: State) -> list[dict[str, Any]]:
    return [ev for ev in state.events if ev.get("visible_to") == "all"]


def said(state: State, seat: int | None = None) -> list[str]:
    """The sentences this step told ``seat`` (None: the table screen)."""
    from engines import events_for, translate

    return [translate(ev["say"]) for ev in events_for(state.events, seat) if "say" in ev]


def view(state: State, seat: int | None = None) -> dict[str, Any]:
    return state.view(seat)
