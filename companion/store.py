"""The durable store: one SQLite file in the data directory.

A table is its game, player count, options, seed and an append-only log; the
state is the replay of that log (minus undone actions), so a restart lands
exactly where the table was. History is never rewritten: an undo is a log
row of its own that names the rows it takes back.

SQLite runs in WAL mode with ``synchronous=FULL``: when :meth:`Store.append`
returns, the row survives a power cut. Schema changes are numbered
migrations, applied in order and recorded in ``schema_version``.

>>> import tempfile, pathlib
>>> with tempfile.TemporaryDirectory() as d:
...     s = Store(pathlib.Path(d) / "t.db")
...     s.create_table(TableRow("t1", "g", 2, {}, 7, "digital", 0, 0, False, 0.0))
...     s.append("t1", [LogRow(0, "action", 0, {"type": "x"})], version=1)
...     [r.kind for r in s.log("t1")], s.load_tables()[0].version
...     s.close()
(['action'], 1)
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

MIGRATIONS: tuple[str, ...] = (
    # 1: tables, seats, the log
    """
    CREATE TABLE tables (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        players INTEGER NOT NULL,
        options TEXT NOT NULL,
        seed INTEGER NOT NULL,
        chance TEXT NOT NULL,
        version INTEGER NOT NULL,
        step INTEGER NOT NULL,
        ended INTEGER NOT NULL,
        created REAL NOT NULL,
        next_table TEXT
    );
    CREATE TABLE seats (
        table_id TEXT NOT NULL REFERENCES tables(id),
        seat INTEGER NOT NULL,
        name TEXT NOT NULL,
        token_hash TEXT,
        bot INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (table_id, seat)
    );
    CREATE TABLE log (
        table_id TEXT NOT NULL REFERENCES tables(id),
        idx INTEGER NOT NULL,
        kind TEXT NOT NULL,
        seat INTEGER,
        data TEXT NOT NULL,
        PRIMARY KEY (table_id, idx)
    );
    """,
)


@dataclass
class TableRow:
    id: str
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    chance: str
    version: int
    step: int
    ended: bool
    created: float
    next_table: str | None = None


@dataclass(frozen=True)
class SeatRow:
    seat: int
    name: str
    token_hash: str | None
    bot: bool


@dataclass(frozen=True)
class LogRow:
    idx: int
    kind: str          # "action" (a seat's play), "chance" (a digital draw), "undo"
    seat: int | None
    data: Any


class Store:
    """SQLite access; one connection, serialised by a lock (writes are serial anyway)."""

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self._lock = threading.Lock()
        self._db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._migrate()

    # -- schema ---------------------------------------------------------------

    def _migrate(self) -> None:
        with self._lock:
            self._db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            row = self._db.execute("SELECT version FROM schema_version").fetchone()
            current = row[0] if row else 0
            if row is None:
                self._db.execute("INSERT INTO schema_version VALUES (0)")
            if current > len(MIGRATIONS):
                raise RuntimeError(f"{self.path} was written by a newer companion (schema {current}).")
            for number in range(current, len(MIGRATIONS)):
                self._db.execute("BEGIN IMMEDIATE")
                try:
                    for statement in MIGRATIONS[number].split(";"):
                        if statement.strip():
                            self._db.execute(statement)
                    self._db.execute("UPDATE schema_version SET version = ?", (number + 1,))
                    self._db.execute("COMMIT")
                except BaseException:
                    self._db.execute("ROLLBACK")
                    raise

    def schema_version(self) -> int:
        with self._lock:
            return int(self._db.execute("SELECT version FROM schema_version").fetchone()[0])

    # -- writes: each is one transaction, committed (and synced) before return --

    def _tx(self, statements: Sequence[tuple[str, tuple[Any, ...]]]) -> None:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                for sql, args in statements:
                    self._db.execute(sql, args)
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise

    def create_table(self, row: TableRow, seats: Sequence[SeatRow] = ()) -> None:
        stmts: list[tuple[str, tuple[Any, ...]]] = [(
            "INSERT INTO tables VALUES (?,?,?,?,?,?,?,?,?,?,?)",
            (row.id, row.game, row.players, json.dumps(row.options), row.seed, row.chance,
             row.version, row.step, int(row.ended), row.created, row.next_table))]
        for seat in range(row.players):
            given = next((s for s in seats if s.seat == seat), None)
            stmts.append(("INSERT INTO seats VALUES (?,?,?,?,?)",
                          (row.id, seat, given.name if given else "",
                           given.token_hash if given else None, int(given.bot) if given else 0)))
        self._tx(stmts)

    def append(self, table_id: str, rows: Sequence[LogRow], *, version: int, step: int = 0) -> None:
        """Append log rows (``idx`` given by the caller) and set the version: one transaction."""
        stmts: list[tuple[str, tuple[Any, ...]]] = [
            ("INSERT INTO log VALUES (?,?,?,?,?)", (table_id, r.idx, r.kind, r.seat, json.dumps(r.data)))
            for r in rows]
        stmts.append(("UPDATE tables SET version = ?, step = ? WHERE id = ?", (version, step, table_id)))
        self._tx(stmts)

    def update_table(self, table_id: str, *, version: int, step: int | None = None,
                     ended: bool | None = None, next_table: str | None = None) -> None:
        sets: list[str] = ["version = ?"]
        args: list[Any] = [version]
        if next_table is not None:
            sets.append("next_table = ?")
            args.append(next_table)
        if step is not None:
            sets.append("step = ?")
            args.append(step)
        if ended is not None:
            sets.append("ended = ?")
            args.append(int(ended))
        self._tx([(f"UPDATE tables SET {', '.join(sets)} WHERE id = ?", (*args, table_id))])

    def set_seat(self, table_id: str, seat: SeatRow, *, version: int) -> None:
        self._tx([
            ("UPDATE seats SET name = ?, token_hash = ?, bot = ? WHERE table_id = ? AND seat = ?",
             (seat.name, seat.token_hash, int(seat.bot), table_id, seat.seat)),
            ("UPDATE tables SET version = ? WHERE id = ?", (version, table_id)),
        ])

    # -- reads (at start-up) --------------------------------------------------

    def load_tables(self) -> list[TableRow]:
        with self._lock:
            rows = self._db.execute("SELECT * FROM tables ORDER BY created, id").fetchall()
        return [TableRow(r[0], r[1], r[2], json.loads(r[3]), r[4], r[5], r[6], r[7], bool(r[8]), r[9],
                         r[10])
                for r in rows]

    def seats(self, table_id: str) -> list[SeatRow]:
        with self._lock:
            rows = self._db.execute("SELECT seat, name, token_hash, bot FROM seats WHERE table_id = ? "
                                    "ORDER BY seat", (table_id,)).fetchall()
        return [SeatRow(r[0], r[1], r[2], bool(r[3])) for r in rows]

    def log(self, table_id: str) -> list[LogRow]:
        with self._lock:
            rows = self._db.execute("SELECT idx, kind, seat, data FROM log WHERE table_id = ? ORDER BY idx",
                                    (table_id,)).fetchall()
        return [LogRow(r[0], r[1], r[2], json.loads(r[3])) for r in rows]

    def close(self) -> None:
        with self._lock:
            self._db.close()
