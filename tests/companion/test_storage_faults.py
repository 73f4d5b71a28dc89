"""Failing storage never acknowledges a play it cannot keep (issue 17).

On a Pi an SD card fails, fills up or is remounted read-only, and a data folder can be removed
under a running companion. Each error SQLite raises then is injected at the moment of a play, a
table's creation, a seat's claim and an undo: the answer is never a 2xx but 503 with the sentence,
the table in memory is exactly as before, the payloads (so the table screen and the host page)
carry the fault, and a restart finds exactly what was acknowledged. A store that fails
``PRAGMA quick_check`` at start is kept aside, said in one sentence, and a new one is begun.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sqlite3
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.service import Service
from companion.store import STORAGE_FAILING, quick_check
from tests.conftest import HOST_KEY
from tests.waits import patience
from web import create_app

HOST = {"X-Host-Key": HOST_KEY}
SQLITE_ERRORS = ("attempt to write a readonly database", "database or disk is full", "disk I/O error")


class Faulty:
    """The store's SQLite connection, raising one of SQLite's own errors at a write while armed.

    ``at`` is the statement that fails: an ``INSERT``/``UPDATE`` (the page could not be written)
    or the ``COMMIT`` (the journal could not be synced), as SQLite reports them.
    """

    def __init__(self, db: sqlite3.Connection, message: str, at: str) -> None:
        self.db, self.message, self.at, self.armed = db, message, at, True

    def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:
        words = sql.split()
        if self.armed and words and words[0].upper() in self.at:
            raise sqlite3.OperationalError(self.message)
        return self.db.execute(sql, *args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.db, name)


@pytest.fixture
def client(service: Service) -> Iterator[FlaskClient]:
    app = create_app(service)
    app.config.update(TESTING=True)
    yield app.test_client()


def setup_table(client: FlaskClient) -> tuple[str, list[str]]:
    table = client.post("/api/tables", json={"game": "fake-guess", "players": 3, "seed": 3},
                        headers=HOST).get_json()["table"]
    tokens = [client.post(f"/api/tables/{table}/seats/{s}", json={"name": n}).get_json()["token"]
              for s, n in ((0, "Anna"), (1, "Ben"))]
    client.delete_cookie(f"seat_{table}")
    return table, tokens


def play(client: FlaskClient, table: str, token: str, number: int) -> Any:
    return client.post(f"/api/tables/{table}/actions", headers={"Authorization": f"Bearer {token}"},
                       json={"action": {"type": "pick", "notation": f"pick{number}"}})


def snapshot(service: Service, table: str) -> Any:
    """Everything the table shows and keeps, without the fault line itself."""
    seen = [service.public(table), service.seat_view(table, 0)]
    for payload in seen:
        payload.pop("fault")
    return seen, [r.kind for r in service.store.log(table)], len(service.list_tables())


OPERATIONS: dict[str, Callable[[FlaskClient, str, list[str]], Any]] = {
    "a play": lambda c, t, tokens: play(c, t, tokens[1], 2),
    "a table's creation": lambda c, t, tokens: c.post(
        "/api/tables", json={"game": "fake-guess", "players": 2}, headers=HOST),
    "a seat's claim": lambda c, t, tokens: c.post(f"/api/tables/{t}/seats/2", json={"name": "Cleo"}),
    "an undo": lambda c, t, tokens: c.post(f"/api/tables/{t}/undo", json={}, headers=HOST),
}


@pytest.mark.parametrize("at", ["INSERT UPDATE", "COMMIT"])
@pytest.mark.parametrize("message", SQLITE_ERRORS)
@pytest.mark.parametrize("operation", list(OPERATIONS))
def test_a_failed_write_is_503_with_the_sentence_and_changes_nothing(
        service: Service, client: FlaskClient, data_dir: Path, operation: str, message: str, at: str) -> None:
    """Expected: "A failed write (folder gone, readonly database, database or disk is full,
    disk I/O error) is answered 503 with a sentence ... the table's state in memory is exactly as
    before." Then, once the store takes writes again, the same request works."""
    table, tokens = setup_table(client)
    assert play(client, table, tokens[0], 1).status_code == 200   # something for the undo to take back
    before = snapshot(service, table)
    real = service.store._db
    faulty = Faulty(real, message, at)
    service.store._db = faulty  # type: ignore[assignment]

    resp = OPERATIONS[operation](client, table, tokens)

    assert resp.status_code == 503
    assert resp.get_json() == {"error": STORAGE_FAILING}
    assert snapshot(service, table) == before
    assert service.public(table)["fault"]["msgid"] == STORAGE_FAILING
    assert client.get("/api/tables").get_json()["fault"]["text"] == STORAGE_FAILING
    faulty.armed = False
    assert OPERATIONS[operation](client, table, tokens).status_code in (200, 201)
    assert service.public(table)["fault"] is None
    service.store._db = real


def test_a_real_readonly_store_refuses_and_a_restart_finds_only_what_was_acknowledged(
        service: Service, client: FlaskClient, data_dir: Path) -> None:
    """SQLite's own "attempt to write a readonly database" (``PRAGMA query_only``, which even
    root cannot write through), then a restart: the acknowledged play is there, the refused one
    is not."""
    table, tokens = setup_table(client)
    assert play(client, table, tokens[0], 1).status_code == 200
    service.store._db.execute("PRAGMA query_only = 1")
    refused = play(client, table, tokens[1], 2)
    assert refused.status_code == 503 and refused.get_json()["error"] == STORAGE_FAILING
    assert client.post(f"/api/tables/{table}/seats/2", json={"name": "Cleo"}).status_code == 503
    shown = service.seat_view(table, 0)["view"]
    again = Service(data_dir, HOST_KEY)   # what a restart would read from the file
    try:
        assert again.seat_view(table, 0)["view"] == shown
        assert [r.kind for r in again.store.log(table)] == ["chance", "action"]
        assert again.public(table)["seats"][2]["taken"] is False
    finally:
        again.close()


def test_the_data_folder_removed_is_never_acknowledged(
        service: Service, client: FlaskClient, data_dir: Path) -> None:
    """The issue's case: with the folder removed SQLite would go on writing to the deleted file;
    4 plays and a new table were answered 200/201 and were gone after a restart."""
    table, tokens = setup_table(client)
    before = snapshot(service, table)
    shutil.rmtree(data_dir)
    answers = [play(client, table, tokens[s], n).status_code for s, n in ((0, 1), (1, 2), (0, 3), (1, 4))]
    answers.append(OPERATIONS["a table's creation"](client, table, tokens).status_code)
    answers.append(OPERATIONS["a seat's claim"](client, table, tokens).status_code)
    assert answers == [503] * 6
    assert snapshot(service, table) == before
    assert service.store.failing is not None and "gone" in service.store.failing
    screen = client.get(f"/table/{table}")
    assert screen.status_code == 200   # the page still opens; its payload carries the fault
    assert client.get(f"/api/tables/{table}").get_json()["fault"]["text"] == STORAGE_FAILING


def test_open_streams_are_told_when_the_store_starts_and_stops_failing(
        service: Service, client: FlaskClient) -> None:
    """"The host page and the table screen show the fault": their streams get a payload with
    ``fault`` at once, and one without it when writes work again."""
    table, tokens = setup_table(client)
    sub = service.subscribe(table, None)
    try:
        assert sub.get(patience(1.0)) is not None      # the first, full payload
        real = service.store._db
        faulty = Faulty(real, "disk I/O error", "COMMIT")
        service.store._db = faulty  # type: ignore[assignment]
        assert play(client, table, tokens[0], 1).status_code == 503
        assert wait_for(sub, lambda p: p["fault"] is not None)["version"] == service.public(table)["version"]
        faulty.armed = False
        assert play(client, table, tokens[0], 1).status_code == 200
        assert wait_for(sub, lambda p: p["fault"] is None)
        service.store._db = real
    finally:
        sub.close()


def wait_for(sub: Any, test: Callable[[dict[str, Any]], bool], timeout: float = 5.0) -> dict[str, Any]:
    end = time.monotonic() + patience(timeout)
    while time.monotonic() < end:
        payload = sub.get(0.2)
        if payload is not None and test(payload):
            return dict(payload)
    raise AssertionError("the stream never showed it")


def corrupt(path: Path) -> None:
    """Scribble over the store's pages after the header (what a failing SD card does)."""
    with path.open("r+b") as f:
        f.seek(100)
        f.write(b"\xde\xad" * 3000)


@pytest.mark.parametrize("damage", ["pages", "header"])
def test_a_corrupt_store_at_start_is_kept_aside_and_said_in_one_sentence(
        fake_game: object, data_dir: Path, damage: str, caplog: pytest.LogCaptureFixture) -> None:
    """"At start, a store that fails PRAGMA quick_check is not silently used or deleted: the
    companion says so in one sentence, keeps the damaged file aside, and starts." """
    first = Service(data_dir, HOST_KEY)
    first.create_table("fake-guess", 2, {}, seed=1)
    first.close()
    path = data_dir / "companion.db"
    if damage == "pages":
        corrupt(path)
    else:
        path.write_bytes(b"this is not a database at all" * 100)
    damaged = path.read_bytes()
    assert quick_check(path) is not None

    with caplog.at_level("ERROR", logger="companion.store"):
        again = Service(data_dir, HOST_KEY)
    try:
        aside = again.store.set_aside
        assert aside is not None and aside.read_bytes() == damaged
        assert again.list_tables() == []
        again.create_table("fake-guess", 2, {}, seed=2)   # the new store takes writes
        assert quick_check(path) is None
        said = [r.getMessage() for r in caplog.records if "kept aside" in r.getMessage()]
        assert len(said) == 1 and said[0].count(". ") == 0 and aside.name in said[0]
    finally:
        again.close()


def test_companion_selftest_checks_the_store(
        fake_game: object, data_dir: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """"`companion selftest` checks the store": a good one passes, a damaged one fails the run."""
    from companion import cli

    monkeypatch.setattr(cli, "_hardware_config", lambda config: None)   # the store's line only
    Service(data_dir, HOST_KEY).close()
    assert cli.main(["selftest", "--data", str(data_dir)]) == 2           # 2: no wiring to check
    assert capsys.readouterr().out.startswith("ok    store  ")
    corrupt(data_dir / "companion.db")
    cli.main(["selftest", "--data", str(data_dir)])
    line = capsys.readouterr().out
    assert line.startswith("FAIL  store  ") and "keep it aside" in line
    shutil.rmtree(data_dir)
    data_dir.write_text("a file where the folder should be")
    cli.main(["selftest", "--data", str(data_dir)])
    assert capsys.readouterr().out.startswith("FAIL  store  ")


def power_cut(data_dir: Path, into: Path) -> Path:
    """What a power cut leaves: the files at the store's path as they are now (a deleted file that
    the process still held is gone with it)."""
    into.mkdir()
    for name in ("companion.db", "companion.db-wal"):
        if (data_dir / name).exists():
            shutil.copy2(data_dir / name, into / name)
    return into


def change(path: Path, how: str, older: bytes) -> None:
    """Take a file beside the store away, put another in its place, or change it where it is
    (same inode: SQLite goes on writing to it and does not notice)."""
    if how in ("removed", "replaced"):
        path.unlink()
        if how == "replaced":
            path.write_bytes(b"")
        return
    inode = path.stat().st_ino
    if how == "truncated":
        os.truncate(path, 0)
    elif how == "zeroed":                       # every frame zeroed, the header kept
        with path.open("r+b") as f:
            f.seek(32)
            f.write(bytes(path.stat().st_size - 32))
    else:                                       # "overwritten": an older copy cp'd over it
        with path.open("wb") as f:
            f.write(older)
    assert path.stat().st_ino == inode


DAMAGES = ["-wal removed", "-shm removed", "-wal replaced", "-wal truncated", "-wal zeroed",
           "-wal overwritten"]


@pytest.mark.parametrize("damage", DAMAGES)
def test_a_wal_or_shm_file_gone_or_changed_is_a_storage_fault_and_writes_resume(
        service: Service, client: FlaskClient, data_dir: Path, tmp_path: Path, damage: str) -> None:
    """With ``companion.db-wal`` removed, emptied, zeroed or overwritten by an older copy while
    running, SQLite goes on acknowledging plays, and after a power cut every table is gone or
    silently older. The write that finds it is refused (503, the fault shown, nothing changed);
    the WAL is mended at once; the next write works again without a restart; and a power cut
    keeps every acknowledged play."""
    table, tokens = setup_table(client)
    suffix, how = damage.split()
    path = data_dir / f"companion.db{suffix}"
    older = path.read_bytes()
    assert play(client, table, tokens[0], 1).status_code == 200
    before = snapshot(service, table)
    change(path, how, older)

    refused = play(client, table, tokens[1], 2)
    assert refused.status_code == 503 and refused.get_json() == {"error": STORAGE_FAILING}
    assert snapshot(service, table) == before
    assert service.public(table)["fault"]["msgid"] == STORAGE_FAILING
    assert service.store.failing is not None and suffix in service.store.failing

    assert play(client, table, tokens[1], 2).status_code == 200          # resumed, no restart
    assert service.public(table)["fault"] is None
    shown = service.seat_view(table, 0)["view"]
    again = Service(power_cut(data_dir, tmp_path / "after"), HOST_KEY)
    try:
        assert again.seat_view(table, 0)["view"] == shown
        assert [r.kind for r in again.store.log(table)] == ["chance", "action", "action"]
    finally:
        again.close()


@pytest.mark.parametrize("how", ["removed", "truncated", "zeroed", "overwritten"])
def test_a_wal_lost_or_changed_with_no_write_after_it_is_noticed_by_the_watch(
        service: Service, client: FlaskClient, data_dir: Path, tmp_path: Path, how: str) -> None:
    """Nothing needs to be written for the store to notice: its watch (every ``WATCH_S``) finds the
    WAL gone or changed, shows the fault and mends it, so a power cut right after keeps the
    acknowledged play; the next play is still refused (the fault is said to whoever plays)."""
    table, tokens = setup_table(client)
    path = data_dir / "companion.db-wal"
    older = path.read_bytes()
    assert play(client, table, tokens[0], 1).status_code == 200
    change(path, how, older)
    service.store.watch()
    assert service.public(table)["fault"] is not None
    again = Service(power_cut(data_dir, tmp_path / "after"), HOST_KEY)
    try:
        assert [r.kind for r in again.store.log(table)] == ["chance", "action"]
    finally:
        again.close()
    refused = play(client, table, tokens[1], 2)
    assert refused.status_code == 503 and refused.get_json() == {"error": STORAGE_FAILING}
    assert play(client, table, tokens[1], 2).status_code == 200
    assert service.public(table)["fault"] is None


def test_the_database_file_takes_the_plays_soon_so_a_lost_wal_loses_none(
        service: Service, client: FlaskClient, data_dir: Path, tmp_path: Path) -> None:
    """The plays since the last checkpoint live in the WAL alone: were the store never to
    checkpoint, a WAL deleted just before a power cut would take every table with it. Within
    seconds of a play the database file alone holds it."""
    table, tokens = setup_table(client)
    assert play(client, table, tokens[0], 1).status_code == 200
    alone = tmp_path / "alone.db"
    deadline = time.monotonic() + 10
    while True:
        alone.write_bytes((data_dir / "companion.db").read_bytes())
        with contextlib.suppress(sqlite3.DatabaseError):   # copied while a checkpoint was half written
            db = sqlite3.connect(alone)
            try:
                kinds = [r[0] for r in db.execute("SELECT kind FROM log WHERE table_id = ? ORDER BY idx",
                                                  (table,))]
            finally:
                db.close()
            if kinds == ["chance", "action"]:
                break
        assert time.monotonic() < deadline, "the database file never took the acknowledged play"
        time.sleep(0.05)
