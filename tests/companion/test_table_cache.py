"""An evening's memory holds the tables in play: one that is over and idle leaves memory, is listed as
it was, and comes back from its log exactly as it was when someone opens it (docs/web.md, "How
tables are kept and let go")."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import companion.ledger
from companion.service import Service
from companion.tables import LINGER
from tests.conftest import HOST_KEY


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def played_out(service: Service, ended: bool) -> str:
    """A fake-game table of two played to its end (and ended by the host when ``ended``)."""
    table = str(service.create_table("fake-guess", 2, {"rounds": 1}, seed=3)["table"])
    service.claim_seat(table, 0, "Anna")
    service.claim_seat(table, 1, "Ben")
    service.act(table, 0, {"type": "pick", "number": 2})
    service.act(table, 1, {"type": "pick", "number": 4})
    assert service.public(table)["outcome"] is not None
    if ended:
        service.end_table(table)
    return table


def everything(service: Service, table: str) -> list[Any]:
    """What every reader is shown of the table (the public payload, each seat's)."""
    return [service.public(table), *(service.seat_view(table, s) for s in range(2))]


@pytest.mark.parametrize("ended", [True, False])
def test_a_table_that_is_over_and_idle_leaves_memory_and_comes_back_as_it_was(
        fake_game: object, data_dir: Path, ended: bool) -> None:
    clock = Clock()
    service = Service(data_dir, HOST_KEY, clock=clock)
    try:
        table = played_out(service, ended)
        playing = str(service.create_table("fake-guess", 2, {"rounds": 3}, seed=4)["table"])
        before, listed = everything(service, table), service.list_tables()
        clock.now += LINGER
        service.clockwork.pace()
        assert service.tables.find(table) is None          # over and idle: let go
        assert service.tables.find(playing) is not None    # a table in play stays
        assert service.list_tables() == listed            # the list says the same
        assert everything(service, table) == before        # opened again: exactly as it was
        assert service.tables.find(table) is not None
    finally:
        service.close()


def test_a_table_with_a_reader_or_opened_lately_stays(fake_game: object, data_dir: Path) -> None:
    clock = Clock()
    service = Service(data_dir, HOST_KEY, clock=clock)
    try:
        watched, opened = played_out(service, True), played_out(service, True)
        stream = service.subscribe(watched, None, screen=True)
        clock.now += LINGER - 1
        service.public(opened)
        clock.now += 1
        service.clockwork.pace()
        assert service.tables.find(watched) is not None    # a screen still reads it
        assert service.tables.find(opened) is not None     # opened less than LINGER ago
        stream.close()
    finally:
        service.close()


def test_a_restart_lists_a_let_go_table_without_replaying_it(fake_game: object, data_dir: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    clock = Clock()
    first = Service(data_dir, HOST_KEY, clock=clock)
    table = played_out(first, True)
    before, listed = everything(first, table), first.list_tables()
    clock.now += LINGER
    first.clockwork.pace()
    first.close()

    replays: list[str] = []
    real = companion.ledger.replay

    def counted(row: Any, *args: Any, **kwargs: Any) -> Any:
        replays.append(row.id)
        return real(row, *args, **kwargs)

    monkeypatch.setattr("companion.service.replay", counted)
    again = Service(data_dir, HOST_KEY, clock=clock)
    try:
        assert again.list_tables() == listed and replays == []
        assert everything(again, table) == before and replays == [table]
    finally:
        again.close()


def test_an_undo_after_the_end_is_kept_when_the_table_goes_again(fake_game: object, data_dir: Path) -> None:
    """A finished game the host takes a play back from is in play again: listed as it now is, and a
    restart reads it back from its log, not from the entry it had when it was let go."""
    clock = Clock()
    first = Service(data_dir, HOST_KEY, clock=clock)
    table = played_out(first, False)
    clock.now += LINGER
    first.clockwork.pace()
    first.undo(table)                                      # read back, then changed
    after = first.list_tables()
    assert [t["finished"] for t in after if t["table"] == table] == [False]
    first.close()
    again = Service(data_dir, HOST_KEY, clock=clock)
    try:
        assert again.list_tables() == after
        assert again.public(table)["outcome"] is None
    finally:
        again.close()


def test_a_table_handed_out_as_it_is_let_go_stays_so_the_undo_made_on_it_is_seen(
        fake_game: object, data_dir: Path) -> None:
    """The host opens a finished table just as the pacer's look finds it idle: the look lets go of
    nothing, so the undo made on the copy the host was handed is the one everyone sees."""
    clock = Clock()
    service = Service(data_dir, HOST_KEY, clock=clock)
    try:
        table = played_out(service, False)
        clock.now += LINGER
        found = service.tables.find(table)
        assert found is not None and service.tables.idle(found)   # the look: idle, to be let go
        handed = service.tables.get(table)                         # the host's request, meanwhile
        service.tables.let_go(found, service.payloads.listed(found))
        assert service.tables.find(table) is handed                # still the one in memory
        service.undo(table)
        assert service.public(table)["outcome"] is None
        assert [t["finished"] for t in service.list_tables() if t["table"] == table] == [False]
    finally:
        service.close()


def test_the_linger_time_is_the_environments_when_it_sets_one(fake_game: object, data_dir: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """``COMPANION_LINGER`` (bench/soak.py compresses an evening): a table that is over leaves
    memory after that many seconds, not before."""
    monkeypatch.setenv("COMPANION_LINGER", "5")
    clock = Clock()
    service = Service(data_dir, HOST_KEY, clock=clock)
    try:
        table = played_out(service, True)
        clock.now += 4
        service.clockwork.pace()
        assert service.tables.find(table) is not None
        clock.now += 1
        service.clockwork.pace()
        assert service.tables.find(table) is None
    finally:
        service.close()
