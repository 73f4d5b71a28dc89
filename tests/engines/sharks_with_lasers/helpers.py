"""Set up Sharks with Lasers positions from the notation and play them out, for the scenario tests."""

from __future__ import annotations

from typing import Any

from engines.core import Event
from engines.sharks_with_lasers import GAME, SharksState


def pos(players: int = 2, **fields: Any) -> SharksState:
    """A position from a few notation fields; the rest keep their start-of-game values.

    Hands default to empty here, so that one pass ends phase II.
    """
    fields.setdefault("hands", "/".join(["-"] * players))
    fields.setdefault("agents", ".".join(["-"] * players))
    words = " ".join(f"{key}={value}" for key, value in fields.items())
    return GAME.load(f"swl players={players} {words}")


def play(state: SharksState, *moves: tuple[int, dict[str, Any]]) -> tuple[SharksState, list[Event]]:
    story: list[Event] = []
    for seat, action in moves:
        state = state.apply(seat, action)
        story += state.events
    return state, story


def resolve_round(state: SharksState) -> tuple[SharksState, list[Event]]:
    """Everyone passes until phase III has run; returns the state and the whole story told."""
    story: list[Event] = []
    start_round = state.view(None)["round"]
    while state.phase == "play" and state.view(None)["round"] == start_round:
        state = state.apply(state.awaiting[0], {"type": "pass"})
        story += state.events
    return state, story


def agents(state: SharksState) -> list[str | None]:
    return [a["square"] for a in state.view(None)["agents"]]


def sharks(state: SharksState) -> list[str]:
    return [s["square"] + s["facing"] for s in state.view(None)["sharks"]]


def kinds(story: list[Event], *wanted: str) -> list[str]:
    return [ev["type"] for ev in story if not wanted or ev["type"] in wanted]


def said(story: list[Event]) -> list[str]:
    from engines.text import Text, translate
    return [translate(Text.from_json(ev["say"])) for ev in story if "say" in ev and ev["visible_to"] == "all"]
