"""Helpers for the Act 2 rule tests: positions written with only what matters, the test fixture
profile (made-up numbers, never a real box's), plays by their notation."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engines import TABLE
from engines.jaws import GAME, JawsState
from engines.jaws import box as boxes

FIXTURE_PATH = Path(__file__).resolve().parents[2] / "fixtures" / "jaws_box.json"
FIXTURE: dict[str, Any] = json.loads(FIXTURE_PATH.read_text(encoding="utf-8"))["profile"]
FIXTURE_TEXT = json.dumps(FIXTURE)
SHARK, CREW = 0, 1  # two players: seat 0 the shark, seat 1 the whole crew


def word(value: object) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":")).replace(" ", "\\u0020")


def orca(
    players: int = 2,
    roles: str = "S/BHQ",
    profile: dict[str, Any] | None = None,
    deck_mode: str = "physical",
    dice_mode: str = "physical",
    **act2: Any,
) -> JawsState:
    """An Act 2 position: ``act2`` names the fields that differ from the start (``phase``, ``tiles``,
    ``at`` ...); the box's numbers (tiles, tracks, faces) are the profile's unless given."""
    box = boxes.parse(FIXTURE if profile is None else profile)
    fields: dict[str, Any] = {
        "specs": [t.to_json() if t else None for t in box.tiles],
        "tracks": list(box.tracks),
        "faces": list(box.faces),
        "carry": [6, 7],
    }
    fields.update(act2)
    text = (
        f"jaws acts=2 act=2 phase={'over' if fields.get('phase') == 'over' else 'orca'} players={players} "
        f"roles={roles} deck={deck_mode} dice={dice_mode} box={boxes.canonical(box)} act2={word(fields)}"
    )
    state = GAME.load(text)
    assert isinstance(state, JawsState)
    return state


def kit(*names: str) -> tuple[list[dict[str, Any]], list[list[int]]]:
    """Gear cards by their fixture names, dealt in order: ``kit("Test club", "|", "Test rifle")``
    gives Brody the club and Hooper the rifle (``|`` moves on to the next crew member)."""
    by_name = {g["name"]: g for g in FIXTURE["gear"]}
    gear: list[dict[str, Any]] = []
    kits: list[list[int]] = [[], [], []]
    member = 0
    for name in names:
        if name == "|":
            member += 1
            continue
        gear.append(by_name[name])
        kits[member].append(len(gear) - 1)
    return gear, kits


def play(state: Any, seat: int, *notations: str) -> Any:
    for text in notations:
        actions = state.legal_actions(seat)
        found = [a for a in actions if a.get("notation") == text]
        assert found, f"{text!r} is not legal for seat {seat}; legal: {[a.get('notation') for a in actions]}"
        state = state.apply(seat, found[0])
    return state


def enter(state: Any, **reading: Any) -> Any:
    """The table enters a reading (the host, or a reader's phone)."""
    return state.apply(TABLE, reading)


def said(state: Any, seat: int | None = None) -> list[str]:
    from engines import events_for, translate

    return [translate(ev["say"]) for ev in events_for(state.events, seat) if "say" in ev]


def public(state: Any) -> dict[str, Any]:
    return state.view(None)["orca"]
