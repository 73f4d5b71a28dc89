"""The durable store: one SQLite file in the data directory.

A table is its game, player count, options, seed and an append-only log; the
state is the replay of that log (minus undone actions), so a restart lands
exactly where the table was. History is never rewritten: an undo is a log
row of its own that names the rows it takes back.

SQLite runs in WAL mode with ``synchronous=FULL``: when :meth:`Store.append`
returns, the row survives a power cut. Schema changes are numbered
migrations, applied in order and recorded in ``schema_version``.

A write that cannot be made durable at the store's path raises
:class:`StorageFailure` (a 503 refusal: "...its storage is failing. Nothing was
changed."), with the transaction rolled back: SQLite's own errors (``readonly
database``, ``database or disk is full``, ``disk I/O error``, ...) and a store
file that is no longer at its path (the data folder removed: SQLite would go on
writing to the deleted file). ``failing`` says what failed last, until a write
succeeds again. At start, a store that fails ``PRAGMA quick_check`` is moved
aside (``set_aside`` says where) and a new one is begun.

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

import contextlib
import json
import logging
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engines.text import N_, Text, plural
from web.service import Unavailable

log = logging.getLogger("companion.store")

STORAGE_FAILING = N_("The companion cannot save plays right now: its storage is failing. "
                      "Nothing was changed.")


class StorageFailure(Unavailable):
    """A write the store could not make durable; ``cause`` says why (for the log and the host)."""

    def __init__(self, cause: str) -> None:
        super().__init__(STORAGE_FAILING)
        self.cause = cause


def _is_storage_error(exc: sqlite3.Error) -> bool:
    """SQLite's errors about the disk or the file, not about our SQL (which would be a bug)."""
    return isinstance(exc, sqlite3.OperationalError) or type(exc) is sqlite3.DatabaseError


def _file_id(path: Path) -> tuple[int, int]:
    st = os.stat(path)
    return st.st_dev, st.st_ino


def quick_check(path: Path) -> str | None:
    """None if the SQLite file at ``path`` passes ``PRAGMA quick_check`` (or does not exist yet),
    else what is wrong, in SQLite's words."""
    if not path.exists():
        return None
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=5)
        try:
            rows = db.execute("PRAGMA quick_check").fetchall()
        finally:
            db.close()
    except sqlite3.OperationalError as exc:
        if "locked" in str(exc) or "unable to open" in str(exc):
            return None   # busy or unreadable here: the real open says so
        return str(exc)
    except sqlite3.DatabaseError as exc:   # "file is not a database", "malformed"
        return str(exc)
    found = [str(r[0]) for r in rows]
    return None if found == ["ok"] else "; ".join(found[:3])


def set_aside(path: Path, problem: str) -> Path:
    """Move a damaged store (and its WAL and shared-memory files) aside; the new name."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.name}.damaged-{stamp}")
    n = 1
    while aside.exists():
        n += 1
        aside = path.with_name(f"{path.name}.damaged-{stamp}-{n}")
    for suffix in ("-wal", "-shm"):
        extra = path.with_name(path.name + suffix)
        if extra.exists():
            os.replace(extra, aside.with_name(aside.name + suffix))
    os.replace(path, aside)
    log.error("The store %s failed its check (%s); it was kept aside as %s and a new store was begun.",
              path, problem, aside.name)
    return aside

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
    # 2: the table screen's language (the host's choice); seat names store facts only: a seat
    # nobody named, or the computer's, keeps no English "Player 2" but is named when it is shown,
    # in each reader's language
    """
    ALTER TABLE tables ADD COLUMN lang TEXT NOT NULL DEFAULT 'en';
    UPDATE seats SET name = '' WHERE name = 'Player ' || (seat + 1)
        OR (bot = 1 AND name = 'Computer ' || (seat + 1));
    """,
    # 3: boards the host drew for games whose printed board the table transcribes (Loch Ness)
    """
    CREATE TABLE boards (
        game TEXT NOT NULL,
        name TEXT NOT NULL,
        data TEXT NOT NULL,
        saved REAL NOT NULL,
        PRIMARY KEY (game, name)
    );
    """,
    # 4: the table's story (issue 15): the step the table screen shows (its chapter's key; the
    # step within it is ``step``) and whether Auto tells the steps by itself
    """
    ALTER TABLE tables ADD COLUMN shown TEXT NOT NULL DEFAULT '';
    ALTER TABLE tables ADD COLUMN auto INTEGER NOT NULL DEFAULT 1;
    """,
    # 5: what each reader has been told (companion/audiences.py): per reader, how many changes it
    # could not see (its ``version`` is the table's less these), and the salt that makes the story's
    # event identities say nothing about how many plays there were
    """
    ALTER TABLE tables ADD COLUMN hidden TEXT NOT NULL DEFAULT '{}';
    ALTER TABLE tables ADD COLUMN salt TEXT NOT NULL DEFAULT '';
    UPDATE tables SET salt = lower(hex(randomblob(16)));
    CREATE TABLE secrets (name TEXT PRIMARY KEY, value TEXT NOT NULL);
    INSERT INTO secrets VALUES ('salt', lower(hex(randomblob(16))));
    """,
    # 6: box profiles: the printed numbers of a group's own copy of a game (Jaws), entered once and
    # grown by what each table enters
    """
    CREATE TABLE profiles (
        game TEXT NOT NULL,
        name TEXT NOT NULL,
        data TEXT NOT NULL,
        saved REAL NOT NULL,
        PRIMARY KEY (game, name)
    );
    """,
)


def _set_table(table_id: str, **columns: Any) -> tuple[str, tuple[Any, ...]]:
    """One ``UPDATE tables`` statement setting the given columns (a None is left as it is; a bool is
    stored as 0 or 1). The names are this module's own, never a caller's text."""
    given = {k: int(v) if isinstance(v, bool) else v for k, v in columns.items() if v is not None}
    sets = ", ".join(f"{name} = ?" for name in given)
    return f"UPDATE tables SET {sets} WHERE id = ?", (*given.values(), table_id)


def selftest(data_dir: Path) -> tuple[bool, Text]:
    """``companion selftest``'s store line: (ok, what was found), touching no table.

    The folder takes a synced write, the store (if there is one yet) passes ``quick_check`` and
    takes a write transaction (rolled back).
    """
    path = data_dir / "companion.db"
    probe = data_dir / f".selftest-{os.getpid()}"
    try:
        data_dir.mkdir(parents=True, exist_ok=True)
        fd = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            os.write(fd, b"x" * 4096)
            os.fsync(fd)
        finally:
            os.close(fd)
            probe.unlink(missing_ok=True)
    except OSError as exc:
        return False, Text("{path} does not take writes ({reason}).",
                           {"path": str(data_dir), "reason": exc.strerror})
    if not path.exists():
        return True, Text("no store yet at {path}; its folder takes writes.", {"path": str(path)})
    problem = quick_check(path)
    if problem is not None:
        return False, Text("{path} failed its check ({problem}); the companion will keep it aside at start.",
                           {"path": str(path), "problem": problem})
    try:
        db = sqlite3.connect(str(path), timeout=5, isolation_level=None)
        try:
            db.execute("BEGIN IMMEDIATE")
            db.execute("UPDATE schema_version SET version = version")
            db.execute("ROLLBACK")
            tables = db.execute("SELECT count(*) FROM tables").fetchone()[0]
        finally:
            db.close()
    except sqlite3.Error as exc:
        return False, Text("{path} does not take writes ({reason}).", {"path": str(path), "reason": str(exc)})
    return True, plural(tables, "{path} passes its check and takes writes ({count} table).",
                        "{path} passes its check and takes writes ({count} tables).", path=str(path))


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
    lang: str = "en"
    """The table screen's language (the host's choice; each phone reads its own)."""
    shown: str = ""          # the key of the story's chapter the table screen shows (companion/story.py)
    auto: bool = True        # Auto: the table screen tells its steps by itself
    hidden: dict[str, int] = field(default_factory=dict)
    """Per reader (companion/audiences.py), the changes it could not see; absent: none."""
    salt: str = ""           # keys the story's public identities (companion/story.py)


@dataclass(frozen=True)
class SeatRow:
    seat: int
    name: str          # as the player typed it; "" for none (shown as "Player 2" in each language)
    token_hash: str | None
    bot: bool


@dataclass(frozen=True)
class LogRow:
    idx: int
    kind: str          # "action" (a seat's play), "chance" (a digital draw), "undo"
    seat: int | None
    data: Any


class Store:
    """SQLite access; one connection, serialised by a lock (writes are serial anyway).

    ``on_failing(cause or None)`` is called (outside the lock) when writes start or stop failing.
    """

    def __init__(self, path: Path, *, on_failing: Callable[[str | None], None] | None = None) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self.on_failing = on_failing
        self.failing: str | None = None
        self.damaged: str | None = None       # what quick_check found at start, if anything
        self.set_aside: Path | None = None    # where the damaged store was kept
        problem = quick_check(path)
        if problem is not None:
            self.damaged, self.set_aside = problem, set_aside(path, problem)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._migrate()
        self._identity = _file_id(path)

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

    def _in_place(self) -> None:
        """The file SQLite writes to is still the store at its path (not a deleted one)."""
        try:
            same = _file_id(self.path) == self._identity
        except OSError as exc:
            raise StorageFailure(f"the store is gone from {self.path} ({exc.strerror})") from None
        if not same:
            raise StorageFailure(f"another file took the store's place at {self.path}")

    def _tx(self, statements: Sequence[tuple[str, tuple[Any, ...]]]) -> None:
        """One transaction, committed and synced, or :class:`StorageFailure` and nothing kept."""
        with self._lock:
            before = self.failing
            try:
                self._in_place()
                self._db.execute("BEGIN IMMEDIATE")
                try:
                    for sql, args in statements:
                        self._db.execute(sql, args)
                    self._in_place()
                    self._db.execute("COMMIT")
                except BaseException:
                    with contextlib.suppress(sqlite3.Error):
                        self._db.execute("ROLLBACK")
                    raise
                self._in_place()   # removed during the commit: the rows went to a deleted file
            except StorageFailure as exc:
                self.failing = exc.cause
            except sqlite3.Error as exc:
                if not _is_storage_error(exc):
                    raise
                self.failing = str(exc)
            else:
                self.failing = None
            now = self.failing
        if now is None and before is not None:
            log.warning("The store at %s takes writes again.", self.path)
        if now != before and self.on_failing is not None:
            self.on_failing(now)
        if now is not None:
            log.error("A write to the store at %s failed: %s", self.path, now)
            raise StorageFailure(now)

    def create_table(self, row: TableRow, seats: Sequence[SeatRow] = (), rows: Sequence[LogRow] = (),
                     *, ends: tuple[str, int] | None = None) -> None:
        """A new table, its seats and first log rows; with ``ends=(table, version)`` that older
        table is ended and points to the new one: all in one transaction."""
        stmts: list[tuple[str, tuple[Any, ...]]] = [(
            "INSERT INTO tables (id, game, players, options, seed, chance, version, step, ended, created, "
            "next_table, lang, shown, auto, hidden, salt) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            (row.id, row.game, row.players, json.dumps(row.options), row.seed, row.chance,
             row.version, row.step, int(row.ended), row.created, row.next_table, row.lang, row.shown,
             int(row.auto), json.dumps(row.hidden, sort_keys=True), row.salt))]
        for seat in range(row.players):
            given = next((s for s in seats if s.seat == seat), None)
            stmts.append(("INSERT INTO seats VALUES (?,?,?,?,?)",
                          (row.id, seat, given.name if given else "",
                           given.token_hash if given else None, int(given.bot) if given else 0)))
        stmts += [("INSERT INTO log VALUES (?,?,?,?,?)", (row.id, r.idx, r.kind, r.seat, json.dumps(r.data)))
                  for r in rows]
        if ends is not None:
            stmts.append(("UPDATE tables SET version = ?, ended = 1, next_table = ? WHERE id = ?",
                          (ends[1], row.id, ends[0])))
        self._tx(stmts)

    def append(self, table_id: str, rows: Sequence[LogRow], *, version: int, step: int = 0,
               shown: str | None = None, hidden: dict[str, int] | None = None) -> None:
        """Append log rows (``idx`` given by the caller), set the version, the step the table
        screen shows (``shown``: its chapter) and what each reader could not see: one transaction."""
        stmts: list[tuple[str, tuple[Any, ...]]] = [
            ("INSERT INTO log VALUES (?,?,?,?,?)", (table_id, r.idx, r.kind, r.seat, json.dumps(r.data)))
            for r in rows]
        stmts.append(_set_table(table_id, version=version, step=step, shown=shown,
                                hidden=None if hidden is None else json.dumps(hidden, sort_keys=True)))
        self._tx(stmts)

    def update_table(self, table_id: str, *, version: int, step: int | None = None,
                     ended: bool | None = None, next_table: str | None = None,
                     lang: str | None = None, shown: str | None = None, auto: bool | None = None) -> None:
        self._tx([_set_table(table_id, version=version, lang=lang, shown=shown, auto=auto,
                             next_table=next_table, step=step, ended=ended)])

    def set_seat(self, table_id: str, seat: SeatRow, *, version: int) -> None:
        self._tx([
            ("UPDATE seats SET name = ?, token_hash = ?, bot = ? WHERE table_id = ? AND seat = ?",
             (seat.name, seat.token_hash, int(seat.bot), table_id, seat.seat)),
            _set_table(table_id, version=version),
        ])

    def save_board(self, game: str, name: str, data: str, saved: float) -> None:
        """A board under its name (replacing one of that name): one transaction."""
        self._tx([("INSERT OR REPLACE INTO boards VALUES (?,?,?,?)", (game, name, data, saved))])

    def delete_board(self, game: str, name: str) -> None:
        self._tx([("DELETE FROM boards WHERE game = ? AND name = ?", (game, name))])

    def boards(self, game: str) -> list[tuple[str, float]]:
        """The saved boards of a game: (name, when saved), by name."""
        with self._lock:
            rows = self._db.execute("SELECT name, saved FROM boards WHERE game = ? ORDER BY name",
                                    (game,)).fetchall()
        return [(r[0], r[1]) for r in rows]

    def board(self, game: str, name: str) -> tuple[str, float] | None:
        """A saved board's JSON text and when it was saved, or None."""
        with self._lock:
            row = self._db.execute("SELECT data, saved FROM boards WHERE game = ? AND name = ?",
                                   (game, name)).fetchone()
        return None if row is None else (row[0], row[1])

    def save_profile(self, game: str, name: str, data: str, saved: float, *,
                     replaces: str | None = None) -> None:
        """A box profile under its name (replacing one of that name; ``replaces``: a rename, the old
        name goes in the same transaction)."""
        stmts: list[tuple[str, tuple[Any, ...]]] = []
        if replaces is not None and replaces != name:
            stmts.append(("DELETE FROM profiles WHERE game = ? AND name = ?", (game, replaces)))
        stmts.append(("INSERT OR REPLACE INTO profiles VALUES (?,?,?,?)", (game, name, data, saved)))
        self._tx(stmts)

    def delete_profile(self, game: str, name: str) -> None:
        self._tx([("DELETE FROM profiles WHERE game = ? AND name = ?", (game, name))])

    def profiles(self, game: str) -> list[tuple[str, str, float]]:
        """The box profiles of a game: (name, JSON text, when saved), by name."""
        with self._lock:
            rows = self._db.execute("SELECT name, data, saved FROM profiles WHERE game = ? ORDER BY name",
                                    (game,)).fetchall()
        return [(r[0], r[1], r[2]) for r in rows]

    def profile(self, game: str, name: str) -> tuple[str, float] | None:
        """A box profile's JSON text and when it was saved, or None."""
        with self._lock:
            row = self._db.execute("SELECT data, saved FROM profiles WHERE game = ? AND name = ?",
                                   (game, name)).fetchone()
        return None if row is None else (row[0], row[1])

    # -- reads (at start-up) --------------------------------------------------

    def load_tables(self) -> list[TableRow]:
        with self._lock:
            rows = self._db.execute(
                "SELECT id, game, players, options, seed, chance, version, step, ended, created, next_table, "
                "lang, shown, auto, hidden, salt FROM tables ORDER BY created, id").fetchall()
        return [TableRow(r[0], r[1], r[2], json.loads(r[3]), r[4], r[5], r[6], r[7], bool(r[8]), r[9],
                         r[10], r[11], r[12], bool(r[13]), json.loads(r[14]), r[15])
                for r in rows]

    def secret(self, name: str) -> str:
        """A secret this companion made once (migration 5) and never shows: ``"salt"``."""
        with self._lock:
            row = self._db.execute("SELECT value FROM secrets WHERE name = ?", (name,)).fetchone()
        return str(row[0]) if row else ""

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
