"""The telling's pace, per table (issue 40, docs/accessibility.md "Timing"): the host may slow how long
Auto keeps each told stop up, for players who read slowly. It is stored with the table, kept through
a restart, carried to the next game, and a pace the table does not have is refused in plain words."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.service import Service
from engines import TABLE
from web.service import BadRequest

HOST = "k" * 32


@pytest.fixture
def svc(data_dir: Path) -> Iterator[Service]:
    service = Service(data_dir, HOST, think_seconds=0.05, speaker=False)
    yield service
    service.close()


def _a_stop_shown(service: Service, table: str) -> None:
    """A first play, so the table screen has a stop of it to tell."""
    state = service.state_of(table)
    seat = next(s for s in state.awaiting if s != TABLE)
    service.act(table, seat, state.legal_actions(seat)[0])
    assert service.tables.get(table).telling.story.current() is not None


def _up_for(service: Service, table: str) -> float:
    """How long Auto keeps the shown stop up: when it shows the next, less when the stop came up."""
    t = service.tables.get(table)
    with t.lock:
        return service.telling.due(t) - t.telling.since


def test_a_slower_table_keeps_each_stop_up_longer(svc: Service) -> None:
    table = svc.create_table("laser-chess", 2, {}, seed=3)["table"]
    _a_stop_shown(svc, table)
    normal = _up_for(svc, table)
    assert svc.public(table)["story"]["pace"] == {"pace": "normal", "seconds": round(normal, 2)}
    assert svc.telling_pace.configure(table, "slower")["pace"] == "slower"
    assert _up_for(svc, table) == pytest.approx(1.5 * normal)
    assert svc.public(table)["story"]["pace"]["pace"] == "slower"
    svc.telling_pace.configure(table, "slowest")
    assert _up_for(svc, table) == pytest.approx(2.25 * normal)
    assert svc.public(table)["story"]["pace"]["seconds"] == pytest.approx(2.25 * normal, abs=0.01)


def test_a_pace_the_table_does_not_have_is_refused_in_words_and_changes_nothing(svc: Service) -> None:
    table = svc.create_table("fzzzt", 3, {}, seed=4)["table"]
    svc.telling_pace.configure(table, "slower")
    version = svc.public(table)["version"]
    for bad in ("fast", "", None, 2, True, ["slower"]):
        with pytest.raises(BadRequest) as refused:
            svc.telling_pace.configure(table, bad)
        assert str(refused.value) == "The telling's pace is normal, slower or slowest."
    assert svc.telling_pace.settings(table) == {"pace": "slower", "paces": ["normal", "slower", "slowest"]}
    assert svc.public(table)["version"] == version


def test_the_pace_survives_a_restart_and_goes_on_to_the_next_game(data_dir: Path) -> None:
    first = Service(data_dir, HOST, speaker=False)
    table = first.create_table("jaws", 2, {}, seed=2)["table"]
    assert first.telling_pace.settings(table)["pace"] == "normal"
    first.telling_pace.configure(table, "slowest")
    first.close()
    again = Service(data_dir, HOST, speaker=False)   # a power cut
    try:
        assert again.telling_pace.settings(table)["pace"] == "slowest"
        assert again.public(table)["story"]["pace"]["pace"] == "slowest"
        after = again.next_game(table)["table"]
        assert again.telling_pace.settings(after)["pace"] == "slowest"
        other = again.next_game(after, game="fzzzt", seats=[0, 1, "bot"])["table"]
        assert again.telling_pace.settings(other)["pace"] == "slowest"
    finally:
        again.close()
