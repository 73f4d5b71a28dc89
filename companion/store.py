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
writing to the deleted file).

The plays since the last checkpoint live in the WAL alone, so the store checkpoints them into
the database file :data:`SETTLE_S` after the last write (at most :data:`WATCH_S` into a burst of
writes, or once the WAL holds :data:`WAL_MOST`), on its watch's thread: a WAL lost with no look
of the store's after it (a power cut before the watch comes round) loses at most the plays of
those last moments, never the session.
The files beside the database are watched before each write, again before its COMMIT (the WAL by
its size and times) and after it (before it is acknowledged), at each checkpoint, at close, and
every :data:`WATCH_S`:

- the WAL or shared-memory file gone, or another file in its place (SQLite would go on writing to
  the deleted one, and a power cut would lose every play since the last checkpoint);
- the WAL changed in place, same inode: it must be byte for byte what SQLite last wrote (cut short
  by ``truncate``, frames zeroed, an older copy ``cp``'d over it: SQLite would append frames that
  recovery never reaches, and a power cut would lose them or silently roll the tables back). Whole
  frames SQLite appended outside the store's writes (another connection) are taken as its own.

Either is a fault, mended at once: what SQLite wrote is put back into the WAL, checkpointed into
the database file and the connection reopened, so SQLite makes new files and writes resume without
a restart. The first write after the fault is refused, whoever found it, and ``failing`` says what
failed last, until a write succeeds again. Not guarded: the database file or the shared-memory
file changed in place, and a second companion or program writing the same store (one companion
owns its data folder).

At start, a store that fails ``PRAGMA quick_check`` is moved aside (``set_aside`` says where)
and a new one is begun.

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
import struct
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


WATCH_S = 2.0
"""How often the store looks at its files when nothing is written; and, while writes keep coming,
the longest a committed write waits to be checkpointed into the database file."""
SETTLE_S = 0.25
"""The quiet after a write before the store checkpoints it into the database file: long enough
that a burst of plays (simultaneous picks, a bench) does not wait on a checkpoint, short enough
that a WAL lost soon after a play loses nothing."""
WAL_MOST = 1 << 20
"""The WAL's size at which its checkpoint is due at once, even while writes keep coming: each write
compares the WAL with what SQLite wrote, so its cost grows with the WAL."""
COMPANIONS = ("-wal", "-shm")
"""The files SQLite keeps beside the database in WAL mode, while a connection is open."""


def _file_id(path: Path) -> tuple[int, int]:
    st = os.stat(path)
    return st.st_dev, st.st_ino


class _Mendable(Exception):
    """The WAL or shared-memory file is gone or replaced under the same database file, or the WAL
    was changed in place: the store can mend it (what SQLite wrote is still in its hands)."""


# SQLite's WAL format (https://sqlite.org/fileformat2.html#walformat), big-endian words; checksums follow
# each header and are SQLite's to check (recovery stops at the first frame whose chain breaks):
WAL_HEADER = struct.Struct(">6I")   # magic, format, page size, checkpoint sequence, salt-1, salt-2
WAL_FRAME = struct.Struct(">4I")    # page number, pages after a commit (0: none), salt-1, salt-2
WAL_HEADER_SIZE, WAL_FRAME_HEADER_SIZE = 32, 24
WAL_MAGIC = (0x377F0682, 0x377F0683)
WAL_FORMAT = 3007000


def _wal_whole(data: bytes) -> bool:
    """``data`` is a WAL as SQLite leaves it after a commit (with ``journal_size_limit=0``): empty,
    or its header and whole frames, each carrying the header's salts, the last one a commit."""
    if not data:
        return True
    if len(data) < WAL_HEADER_SIZE:
        return False
    magic, form, page, _, salt1, salt2 = WAL_HEADER.unpack_from(data)
    if magic not in WAL_MAGIC or form != WAL_FORMAT or page < 512 or page & (page - 1):
        return False
    size = WAL_FRAME_HEADER_SIZE + page
    count, rest = divmod(len(data) - WAL_HEADER_SIZE, size)
    commit = 0
    for n in range(count):
        number, commit, s1, s2 = WAL_FRAME.unpack_from(data, WAL_HEADER_SIZE + n * size)
        if number == 0 or (s1, s2) != (salt1, salt2):
            return False
    return rest == 0 and commit != 0


def _wal_restarted(header: bytes, now: bytes) -> bool:
    """``now`` is the generation SQLite begins after a checkpoint of the WAL whose header is
    ``header``: checkpoint sequence and salt-1 one more (salt-2 drawn anew)."""
    if len(header) < WAL_HEADER_SIZE or len(now) < WAL_HEADER_SIZE:
        return False
    _, _, _, sequence, salt1, _ = WAL_HEADER.unpack_from(header)
    _, _, _, next_sequence, next_salt1, _ = WAL_HEADER.unpack_from(now)
    return (next_sequence, next_salt1) == ((sequence + 1) & 0xFFFFFFFF, (salt1 + 1) & 0xFFFFFFFF)


def _wal_continues(header: bytes, image: bytes | bytearray, now: bytes) -> bool:
    """``now`` is what a commit of SQLite's makes of the WAL ``image`` (whose last header was
    ``header``): frames appended to it, or, after a checkpoint, its next generation."""
    if not _wal_whole(now):
        return False
    if header and now and now[:WAL_HEADER_SIZE] != header:
        return _wal_restarted(header, now)
    return now.startswith(image)


def _wal_says(data: bytes | bytearray) -> str:
    if len(data) < WAL_HEADER_SIZE:
        return "no header"
    _, _, _, sequence, salt1, salt2 = WAL_HEADER.unpack_from(data)
    return f"checkpoint {sequence}, salts {salt1:08x} {salt2:08x}"


def _wal_difference(image: bytes | bytearray, now: bytes, name: str) -> str:
    """How ``now`` differs from the WAL SQLite wrote (``image``), for the log and the host."""
    if len(now) < len(image):
        return f"the store's {name} was cut short in place ({len(now)} of {len(image)} bytes)"
    if now[:WAL_HEADER_SIZE] != image[:WAL_HEADER_SIZE]:
        return (f"another copy was written over the store's {name} ({_wal_says(now)}; "
                f"SQLite wrote {_wal_says(image)})")
    at = WAL_HEADER_SIZE
    while at < len(image) and image[at:at + 4096] == now[at:at + 4096]:
        at += 4096
    while at < len(image) and image[at] == now[at]:
        at += 1
    if at == len(image):
        return f"bytes SQLite did not write were added to the store's {name}"
    size = WAL_FRAME_HEADER_SIZE + WAL_HEADER.unpack_from(image)[2]
    frame, frames = (at - WAL_HEADER_SIZE) // size + 1, (len(image) - WAL_HEADER_SIZE) // size
    return f"the store's {name} was changed in place (frame {frame} of {frames})"


class _Wal:
    """The store's WAL as SQLite left it at the store's last commit, checkpoint or mend, read
    through a descriptor of the store's own: the inode SQLite writes, even once the path leads
    elsewhere or nowhere.

    Invariant: SQLite writes the WAL only inside the store's calls, under its lock, so between them
    the file is byte for byte ``image`` (a change SQLite could have made, whole frames of its salts
    appended or its next generation, is taken as another connection's). The threat: the WAL cut
    short, zeroed or overwritten by an older copy in place (``truncate -s0``, ``dd``, ``cp``).
    SQLite keeps its descriptor and its index, reads garbage and appends frames after a hole or
    after frames recovery stops at, so a power cut loses every play since the last checkpoint, or
    silently rolls the tables back to the older copy; and a checkpoint would copy the garbage into
    the database file. ``image`` is what SQLite indexes, so putting it back makes the file what
    SQLite believes it is.
    """

    def __init__(self, path: Path) -> None:
        self.name = path.name
        self.fd = os.open(path, os.O_RDWR)
        self.header = b""                  # the last header SQLite wrote (b"": none yet)
        self.take(*self.read())

    def _stat(self) -> tuple[int, int, int]:
        st = os.fstat(self.fd)
        return st.st_size, st.st_mtime_ns, st.st_ctime_ns

    def read(self) -> tuple[tuple[int, int, int], bytes]:
        """The file's size and times (taken first: a change while reading shows next time), and its bytes."""
        seen = self._stat()
        return seen, os.pread(self.fd, seen[0], 0)

    def untouched(self) -> bool:
        """Not written since the store last read it, as far as its size and times tell (any write or
        truncation sets the inode's ctime, but within the clock's tick it may not change it)."""
        return self._stat() == self.seen

    def take(self, seen: tuple[int, int, int], now: bytes) -> None:
        self.seen, self.image = seen, bytearray(now)   # grown in place by each commit
        if len(now) >= WAL_HEADER_SIZE:
            self.header = now[:WAL_HEADER_SIZE]

    def put_back(self) -> None:
        """The WAL as SQLite wrote it, synced, over whatever was made of it in place."""
        if self.read()[1] != self.image:
            os.pwrite(self.fd, self.image, 0)
            os.ftruncate(self.fd, len(self.image))
            os.fsync(self.fd)
            self.seen = self._stat()

    def committed(self) -> None:
        """Right after a commit: what SQLite wrote is the WAL to expect from now on. Its frames
        appended after the image (read alone: the image was looked at just before the commit), or
        its next generation. Changed in place while the commit was made: what SQLite appended is put
        back after what the WAL held (:class:`_Mendable`), or, when that is no WAL SQLite could have
        written, :class:`StorageFailure`."""
        seen = self._stat()
        known = len(self.image)
        if self.image and seen[0] > known and os.pread(self.fd, WAL_HEADER_SIZE, 0) == self.header:
            tail = os.pread(self.fd, seen[0] - known, known)
            if _wal_whole(self.header + tail):
                self.seen = seen
                self.image += tail
                return
        seen, now = self.read()
        if _wal_continues(self.header, self.image, now):
            self.take(seen, now)
            return
        cause = f"{_wal_difference(self.image, now, self.name)} while a write was made"
        mended = bytes(self.image) + now[known:]
        if not _wal_continues(self.header, self.image, mended):
            raise StorageFailure(f"{cause}; it could not be mended")
        self.take(seen, mended)
        self.put_back()
        raise _Mendable(cause)

    def close(self) -> None:
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1


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
    # 4: the table's story: the step the table screen shows (its chapter's key; the
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
    # 7: host devices: each paired phone or browser holds a session of its own, kept as
    # a hash; the host page lists them and revokes any
    """
    CREATE TABLE host_sessions (
        id TEXT PRIMARY KEY,
        token_hash TEXT NOT NULL,
        label TEXT NOT NULL,
        created REAL NOT NULL
    );
    """,
    # 8: setting up: '' when the table did not ask for it; else JSON {"step", "ready",
    # "open"}: the setup step the table screen shows, the seats that pressed Ready, and whether the
    # game has opened (kept, so that the next game with the same seats asks again)
    """
    ALTER TABLE tables ADD COLUMN setup TEXT NOT NULL DEFAULT '';
    """,
    # 9: a first game: the table option "First game", and the lessons the table has told
    # (each lesson's key, with the story chapter that told it), so none is told twice at a table
    """
    ALTER TABLE tables ADD COLUMN first_game INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE tables ADD COLUMN lessons TEXT NOT NULL DEFAULT '{}';
    """,
    # 10: sealed plays: a seat's next plays, planned while the table screen tells the
    # last change; kept here until the telling ends, then written to the log as plays (and deleted
    # in the same transaction). ``n`` is the table's version when the play was sealed
    """
    CREATE TABLE sealed (
        table_id TEXT NOT NULL REFERENCES tables(id),
        n INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        data TEXT NOT NULL,
        PRIMARY KEY (table_id, n)
    );
    """,
    # 11: a table that is over, as the list of tables shows it (JSON; '' while it is kept in
    # memory), written when the service lets the table go: a restart lists it without replaying it,
    # and reads it back from its log only when someone opens it
    """
    ALTER TABLE tables ADD COLUMN summary TEXT NOT NULL DEFAULT '';
    """,
    # 12: when the game reached its end (wall-clock seconds; 0 while it has not, or when an undo
    # took the end back): the evening's results say how long each game took
    """
    ALTER TABLE tables ADD COLUMN finished REAL NOT NULL DEFAULT 0;
    """,
    # 13: how the table hears its story (companion/narration.py): JSON {"output", "volume", "speed"};
    # '' for off at the defaults
    """
    ALTER TABLE tables ADD COLUMN narration TEXT NOT NULL DEFAULT '';
    """,
    # 14: the telling's pace (companion/telling.py ``PACES``): how long Auto keeps each told stop up,
    # the host's setting for players who read slowly: "normal", "slower" or "slowest"
    """
    ALTER TABLE tables ADD COLUMN pace TEXT NOT NULL DEFAULT 'normal';
    """,
)


def _set_table(table_id: str, **columns: Any) -> tuple[str, tuple[Any, ...]]:
    """One ``UPDATE tables`` statement setting the given columns (a None is left as it is; a bool is
    stored as 0 or 1). The names are this module's own, never a caller's text."""
    given = {k: int(v) if isinstance(v, bool) else v for k, v in columns.items() if v is not None}
    sets = ", ".join(f"{name} = ?" for name in given)
    return f"UPDATE tables SET {sets} WHERE id = ?", (*given.values(), table_id)


def _setup_text(setup: dict[str, Any] | None) -> str:
    """The ``setup`` column: '' for none, else the stage as JSON."""
    return "" if setup is None else json.dumps(setup, sort_keys=True)


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
    setup: dict[str, Any] | None = None
    """Setting up (companion/setting_up.py): None when the table did not ask for it; else
    ``{"step", "ready", "open"}``."""
    first_game: bool = False  # the table option "First game": the table teaches (companion/teaching.py)
    lessons: dict[str, str] = field(default_factory=dict)
    """The lessons told at this table: each key with the key of the story's chapter that told it
    ("" for one told at an earlier table of the same seats); a key here is never told again."""
    summary: dict[str, Any] | None = None
    """A table that is over and let go from memory: its entry in the list of tables, as it was."""
    finished: float = 0.0
    """When its game reached the end (wall-clock seconds); 0 while it has not."""
    narration: dict[str, Any] | None = None
    """How the table hears its story (the host's setting, companion/narration.py); None: off."""
    pace: str = "normal"
    """How long Auto keeps each told stop up (the host's setting, companion/telling.py ``PACES``)."""


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

    def __init__(self, path: Path, *, on_failing: Callable[[str | None], None] | None = None,
                 watch_s: float = WATCH_S) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self.on_failing = on_failing
        self.failing: str | None = None
        self.damaged: str | None = None       # what quick_check found at start, if anything
        self.set_aside: Path | None = None    # where the damaged store was kept
        self.shelves = Shelves(self)          # boards, box profiles, host sessions
        problem = quick_check(path)
        if problem is not None:
            self.damaged, self.set_aside = problem, set_aside(path, problem)
        self._lock = threading.Lock()
        self._db = self._connect()
        self._migrate()
        self._identity = _file_id(path)
        self._companions = self._companion_ids()
        self._closed = threading.Event()
        self._wake = threading.Event()         # a write committed: the watch's thread plans a checkpoint
        self._first_unsaved: float | None = None   # when the oldest write not yet checkpointed committed
        self._due: float | None = None         # when the next checkpoint is due (None: nothing to do)
        self._owed: str | None = None          # a fault in the files found with no write in hand
        with self._lock:
            self._follow()                     # what the last run's WAL held is in the database file
            try:
                self._checkpoint_now()
            except _Mendable as exc:
                self.failing = self._mended(str(exc))
            except StorageFailure as exc:
                self.failing = exc.cause
            except sqlite3.Error as exc:
                if not _is_storage_error(exc):
                    raise
                self.failing = str(exc)
        if watch_s > 0:
            threading.Thread(target=self._watching, args=(watch_s,), name="store-watch", daemon=True).start()

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(str(self.path), check_same_thread=False, isolation_level=None)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=FULL")
        db.execute("PRAGMA journal_size_limit=0")   # the WAL file holds its live frames only
        db.execute("PRAGMA foreign_keys=ON")
        db.execute("SELECT count(*) FROM sqlite_master").fetchone()   # SQLite makes its -wal and -shm
        return db

    def _companion_ids(self) -> dict[str, tuple[int, int] | None]:
        ids: dict[str, tuple[int, int] | None] = {}
        for suffix in COMPANIONS:
            try:
                ids[suffix] = _file_id(self.path.with_name(self.path.name + suffix))
            except OSError:
                ids[suffix] = None   # not made yet: the first one seen is SQLite's
        return ids

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
        for suffix, known in self._companions.items():
            name = self.path.name + suffix
            try:
                now = _file_id(self.path.with_name(name))
            except OSError:
                raise _Mendable(f"the store's {name} is gone from {self.path.parent}") from None
            if known is None:
                self._companions[suffix] = now
            elif now != known:
                raise _Mendable(f"another file took the place of the store's {name}")

    def _follow(self) -> None:
        """Under the lock, at start and after a mend: what the WAL holds checkpointed into the
        database file and the WAL emptied, then taken as the WAL the store expects."""
        self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
        self._wal = _Wal(self.path.with_name(self.path.name + "-wal"))
        self._data_version = self._db.execute("PRAGMA data_version").fetchone()[0]

    def _look(self, *, closely: bool = True) -> None:
        """Under the lock: the store's files are as SQLite left them; else :class:`StorageFailure`
        (the database file gone or replaced: nothing to mend) or :class:`_Mendable` (the WAL or
        shared-memory file gone or replaced, or the WAL changed in place). The WAL's bytes are
        compared; not ``closely`` (just before a COMMIT, microseconds after a close look), only
        its size and times."""
        self._in_place()
        wal = self._wal
        try:
            if not closely and wal.untouched():
                return
            seen, now = wal.read()
        except OSError as exc:
            raise _Mendable(f"the store's WAL cannot be read ({exc.strerror})") from None
        if now == wal.image:
            wal.seen = seen       # touched, not changed
            return
        version = self._db.execute("PRAGMA data_version").fetchone()[0]
        if _wal_continues(wal.header, wal.image, now) or (version != self._data_version and _wal_whole(now)):
            # SQLite's own writing, by a connection other than the store's writes (an admin's
            # sqlite3): whole frames appended, a next generation, or another connection's commits
            log.info("The store at %s was written outside its own writes.", self.path)
            wal.take(seen, now)
            self._data_version = version
            return
        raise _Mendable(_wal_difference(wal.image, now, wal.name))

    def _reopen(self) -> None:
        """After a fault in the files beside the store: the WAL put back as SQLite wrote it, what it
        holds checkpointed into the database file (synced: ``synchronous=FULL``), and the
        connection reopened, so SQLite makes new files."""
        self._wal.put_back()
        self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
        self._db.close()
        self._db = self._connect()
        if _file_id(self.path) != self._identity:
            raise StorageFailure(f"another file took the store's place at {self.path}")
        self._companions = self._companion_ids()
        lost = self._wal
        self._follow()
        lost.close()
        self._first_unsaved = self._due = None
        log.warning("The store at %s: a file beside it was lost or changed; what its WAL held was "
                    "saved into %s and new ones were made.", self.path, self.path.name)

    def _mended(self, cause: str) -> str:
        """Under the lock, after a fault in the files beside the store: mended (:meth:`_reopen`);
        the cause, as a refused write says it."""
        try:
            self._reopen()
        except StorageFailure as exc:
            return exc.cause
        except (sqlite3.Error, OSError) as exc:
            return f"{cause}; it could not be mended ({exc})"
        return cause

    def _check(self) -> str | None:
        """Under the lock: the files in place (None), or what is wrong; a lost or changed WAL or
        shared-memory file is mended at once, and still said (the next write is refused)."""
        try:
            self._look()
        except StorageFailure as exc:
            return exc.cause
        except _Mendable as exc:
            return self._mended(str(exc))
        return None

    def _background(self, work: Callable[[], None]) -> None:
        """Under the lock, with no write in hand: look at the store's files, then ``work``. A fault
        found is shown (``on_failing``) as a failed write's would be; one in the files is mended
        and still refuses the next write, so whoever plays next hears of it too."""
        with self._lock:
            if self._closed.is_set():
                return
            before = self.failing
            found = owed = self._check()
            if found is None:
                try:
                    work()
                except _Mendable as exc:
                    found = owed = self._mended(str(exc))
                except StorageFailure as exc:
                    found = owed = exc.cause
                except sqlite3.Error as exc:
                    if not _is_storage_error(exc):
                        raise
                    found = str(exc)
            self._owed = owed or self._owed
            found = found or self._owed
            if found is not None:
                self.failing = found
        if found is not None and found != before:
            log.error("The store at %s: %s", self.path, found)
            if self.on_failing is not None:
                self.on_failing(found)

    def watch(self) -> None:
        """Look at the store's files now (its thread does every :data:`WATCH_S`)."""
        self._background(lambda: None)

    def checkpoint(self) -> None:
        """Checkpoint what the WAL holds into the database file now (its thread does
        :data:`SETTLE_S` after a write, and at most :data:`WATCH_S` after the first write not yet
        in the database file)."""
        self._background(self._checkpoint_now)

    def _checkpoint_now(self) -> None:
        """Under the lock. The database file takes every committed write (synced: a WAL lost
        afterwards loses none of them), and the WAL's next generation is begun at once with a
        write of no meaning (the database header's ``user_version``; the schema's version is in
        ``schema_version``): SQLite syncs a new WAL's header at the first commit into it, and that
        sync belongs here, not in a play's commit."""
        self._db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        self._first_unsaved = self._due = None
        mark = int(self._db.execute("PRAGMA user_version").fetchone()[0])
        self._write([(f"PRAGMA user_version = {mark ^ 1}", ())])

    def _written(self) -> None:
        """Under the lock, after a write committed: plan its checkpoint (:data:`SETTLE_S` from now,
        no later than :data:`WATCH_S` after the oldest write not yet checkpointed, now once the WAL
        holds :data:`WAL_MOST`)."""
        now = time.monotonic()
        if self._first_unsaved is None:
            self._first_unsaved = now
        self._due = min(now + SETTLE_S, self._first_unsaved + WATCH_S)
        if len(self._wal.image) >= WAL_MOST:
            self._due = now
        self._wake.set()

    def _watching(self, every: float) -> None:
        look_at = time.monotonic() + every
        while not self._closed.is_set():
            due = self._due
            self._wake.wait(max(0.0, (look_at if due is None else min(due, look_at)) - time.monotonic()))
            self._wake.clear()
            now = time.monotonic()
            due = self._due
            try:
                if due is not None and now >= due:
                    self.checkpoint()
                elif now >= look_at:
                    self.watch()
                else:
                    continue
            except Exception:
                log.exception("watching the store failed")
            look_at = now + every
            if self._due is not None and self._due <= now:   # not done (failing): try again later
                self._due = now + every

    def _write(self, statements: Sequence[tuple[str, tuple[Any, ...]]]) -> None:
        """Under the lock: one transaction, committed and synced, or an exception and nothing kept.
        The files are looked at again before COMMIT: a change since the look before BEGIN."""
        self._db.execute("BEGIN IMMEDIATE")
        try:
            for sql, args in statements:
                self._db.execute(sql, args)
            self._look(closely=False)
            self._db.execute("COMMIT")
        except BaseException:
            with contextlib.suppress(sqlite3.Error):
                self._db.execute("ROLLBACK")
            raise
        self._after_commit()

    def _tx(self, statements: Sequence[tuple[str, tuple[Any, ...]]]) -> None:
        """One transaction, committed and synced, or :class:`StorageFailure` and nothing kept."""
        with self._lock:
            before = self.failing
            refused: str | None = None
            try:
                found = self._check() or self._owed
                self._owed = None
                if found is not None:
                    raise StorageFailure(found)
                self._write(statements)
            except _Mendable as exc:    # found before COMMIT: rolled back
                refused = self._mended(str(exc))
            except StorageFailure as exc:
                refused = exc.cause
            except sqlite3.Error as exc:
                if not _is_storage_error(exc):
                    raise
                refused = str(exc)
            else:
                self._written()
            self.failing = refused or self._owed   # owed: a fault met by the commit, which was kept
            now = self.failing
        if now is None and before is not None:
            log.warning("The store at %s takes writes again.", self.path)
        if now != before and self.on_failing is not None:
            self.on_failing(now)
        if refused is not None:
            log.error("A write to the store at %s failed: %s", self.path, refused)
            raise StorageFailure(refused)

    def create_table(self, row: TableRow, seats: Sequence[SeatRow] = (), rows: Sequence[LogRow] = (),
                     *, ends: tuple[str, int] | None = None) -> None:
        """A new table, its seats and first log rows; with ``ends=(table, version)`` that older
        table is ended and points to the new one: all in one transaction."""
        stmts: list[tuple[str, tuple[Any, ...]]] = [(
            "INSERT INTO tables (id, game, players, options, seed, chance, version, step, ended, created, "
            "next_table, lang, shown, auto, hidden, salt, setup, first_game, lessons, narration, pace) "
            "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            (row.id, row.game, row.players, json.dumps(row.options), row.seed, row.chance,
             row.version, row.step, int(row.ended), row.created, row.next_table, row.lang, row.shown,
             int(row.auto), json.dumps(row.hidden, sort_keys=True), row.salt, _setup_text(row.setup),
             int(row.first_game), json.dumps(row.lessons, sort_keys=True), _setup_text(row.narration),
             row.pace))]
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
               shown: str | None = None, hidden: dict[str, int] | None = None,
               lessons: dict[str, str] | None = None, unseal: Sequence[int] = (),
               finished: float | None = None) -> None:
        """Append log rows (``idx`` given by the caller), set the version, the step the table
        screen shows (``shown``: its chapter), what each reader could not see, the lessons told and
        when the game reached its end (``finished``; None leaves it), and delete the sealed plays
        ``unseal`` (played now, or taken back): one transaction."""
        stmts: list[tuple[str, tuple[Any, ...]]] = [
            ("INSERT INTO log VALUES (?,?,?,?,?)", (table_id, r.idx, r.kind, r.seat, json.dumps(r.data)))
            for r in rows]
        stmts += [("DELETE FROM sealed WHERE table_id = ? AND n = ?", (table_id, n)) for n in unseal]
        stmts.append(_set_table(table_id, version=version, step=step, shown=shown,
                                hidden=None if hidden is None else json.dumps(hidden, sort_keys=True),
                                lessons=None if lessons is None else json.dumps(lessons, sort_keys=True),
                                finished=finished))
        self._tx(stmts)

    def update_table(self, table_id: str, *, version: int, step: int | None = None,
                     ended: bool | None = None, next_table: str | None = None,
                     lang: str | None = None, shown: str | None = None, auto: bool | None = None,
                     setup: dict[str, Any] | None = None, narration: dict[str, Any] | None = None,
                     pace: str | None = None) -> None:
        """Set the given columns (``setup``: the setting-up stage's new JSON, ``narration``: how the
        table hears its story, ``pace``: the telling's pace; None leaves each)."""
        self._tx([_set_table(table_id, version=version, lang=lang, shown=shown, auto=auto, pace=pace,
                             next_table=next_table, step=step, ended=ended,
                             setup=None if setup is None else _setup_text(setup),
                             narration=None if narration is None else _setup_text(narration))])

    def seal(self, table_id: str, n: int, seat: int, action: dict[str, Any], *, version: int,
             hidden: dict[str, int]) -> None:
        """A sealed play (companion/sealing.py), the version and what each reader could not see
        (every reader but the seat): one transaction."""
        self._tx([("INSERT INTO sealed VALUES (?,?,?,?)", (table_id, n, seat, json.dumps(action))),
                  _set_table(table_id, version=version, hidden=json.dumps(hidden, sort_keys=True))])

    def unseal(self, table_id: str, ns: Sequence[int]) -> None:
        """Sealed plays that will not be played (no longer legal): one transaction."""
        self._tx([("DELETE FROM sealed WHERE table_id = ? AND n = ?", (table_id, n)) for n in ns])

    def set_seat(self, table_id: str, seat: SeatRow, *, version: int) -> None:
        self._tx([
            ("UPDATE seats SET name = ?, token_hash = ?, bot = ? WHERE table_id = ? AND seat = ?",
             (seat.name, seat.token_hash, int(seat.bot), table_id, seat.seat)),
            _set_table(table_id, version=version),
        ])

    # -- reads (at start-up) --------------------------------------------------

    def load_tables(self, table_id: str | None = None) -> list[TableRow]:
        """Every table in the order they were made (``table_id``: that one alone, or none)."""
        where, args = ("WHERE id = ? ", (table_id,)) if table_id is not None else ("", ())
        with self._lock:
            rows = self._db.execute(
                "SELECT id, game, players, options, seed, chance, version, step, ended, created, next_table, "
                "lang, shown, auto, hidden, salt, setup, first_game, lessons, summary, finished, narration, "
                "pace "
                f"FROM tables {where}ORDER BY created, id", args).fetchall()
        return [TableRow(r[0], r[1], r[2], json.loads(r[3]), r[4], r[5], r[6], r[7], bool(r[8]), r[9],
                         r[10], r[11], r[12], bool(r[13]), json.loads(r[14]), r[15],
                         json.loads(r[16]) if r[16] else None, bool(r[17]), json.loads(r[18]),
                         json.loads(r[19]) if r[19] else None, float(r[20]),
                         json.loads(r[21]) if r[21] else None, r[22])
                for r in rows]

    def keep_summary(self, table_id: str, summary: dict[str, Any] | None) -> None:
        """A table let go from memory: its entry in the list of tables (None: it is in memory again)."""
        text = "" if summary is None else json.dumps(summary, sort_keys=True)
        self._tx([("UPDATE tables SET summary = ? WHERE id = ?", (text, table_id))])

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

    def sealed(self, table_id: str) -> list[tuple[int, int, dict[str, Any]]]:
        """The table's sealed plays in the order they came: (n, seat, action)."""
        with self._lock:
            rows = self._db.execute("SELECT n, seat, data FROM sealed WHERE table_id = ? ORDER BY n",
                                    (table_id,)).fetchall()
        return [(int(r[0]), int(r[1]), json.loads(r[2])) for r in rows]

    def _after_commit(self) -> None:
        """Under the lock, right after a commit, before it is acknowledged. The rows went to a
        deleted database file: refused (:class:`StorageFailure`). To a WAL lost or changed in place
        during the commit: what SQLite wrote is put back and checkpointed into the database file
        now, so they are kept, and the fault refuses the next write. Else what SQLite wrote is the
        WAL the store expects from now on."""
        try:
            self._wal.committed()
            self._in_place()
            self._data_version = self._db.execute("PRAGMA data_version").fetchone()[0]
            return
        except _Mendable as exc:
            cause = str(exc)
        try:
            self._reopen()
        except (sqlite3.Error, OSError) as failed:
            raise StorageFailure(f"{cause}; it could not be mended ({failed})") from None
        self._owed = cause

    def close(self) -> None:
        """Closed; a WAL changed in place is put back first (SQLite's last checkpoint reads it)."""
        self._closed.set()
        self._wake.set()
        with self._lock:
            found = self._check()
            if found is not None:
                log.error("The store at %s, at its close: %s", self.path, found)
            self._db.close()
            self._wal.close()


class Shelves:
    """What the host keeps beside the tables, in the same database and transactions as the store:
    boards it drew, box profiles, host devices' sessions (``Store.shelves``)."""

    def __init__(self, store: Store) -> None:
        self._store = store

    def save_board(self, game: str, name: str, data: str, saved: float) -> None:
        """A board under its name (replacing one of that name): one transaction."""
        self._store._tx([("INSERT OR REPLACE INTO boards VALUES (?,?,?,?)", (game, name, data, saved))])

    def delete_board(self, game: str, name: str) -> None:
        self._store._tx([("DELETE FROM boards WHERE game = ? AND name = ?", (game, name))])

    def boards(self, game: str) -> list[tuple[str, float]]:
        """The saved boards of a game: (name, when saved), by name."""
        with self._store._lock:
            rows = self._store._db.execute("SELECT name, saved FROM boards WHERE game = ? ORDER BY name",
                                    (game,)).fetchall()
        return [(r[0], r[1]) for r in rows]

    def board(self, game: str, name: str) -> tuple[str, float] | None:
        """A saved board's JSON text and when it was saved, or None."""
        with self._store._lock:
            row = self._store._db.execute("SELECT data, saved FROM boards WHERE game = ? AND name = ?",
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
        self._store._tx(stmts)

    def delete_profile(self, game: str, name: str) -> None:
        self._store._tx([("DELETE FROM profiles WHERE game = ? AND name = ?", (game, name))])

    def profiles(self, game: str) -> list[tuple[str, str, float]]:
        """The box profiles of a game: (name, JSON text, when saved), by name."""
        with self._store._lock:
            rows = self._store._db.execute(
                "SELECT name, data, saved FROM profiles WHERE game = ? ORDER BY name", (game,)).fetchall()
        return [(r[0], r[1], r[2]) for r in rows]

    def profile(self, game: str, name: str) -> tuple[str, float] | None:
        """A box profile's JSON text and when it was saved, or None."""
        with self._store._lock:
            row = self._store._db.execute("SELECT data, saved FROM profiles WHERE game = ? AND name = ?",
                                   (game, name)).fetchone()
        return None if row is None else (row[0], row[1])

    def save_host_session(self, session_id: str, token_hash: str, label: str, created: float) -> None:
        self._store._tx([("INSERT INTO host_sessions VALUES (?,?,?,?)",
                          (session_id, token_hash, label, created))])

    def delete_host_sessions(self, session_ids: Sequence[str]) -> None:
        self._store._tx([("DELETE FROM host_sessions WHERE id = ?", (sid,)) for sid in session_ids])

    def host_sessions(self) -> list[tuple[str, str, str, float]]:
        """The host devices' sessions: (id, token hash, label, created), oldest first."""
        with self._store._lock:
            rows = self._store._db.execute("SELECT id, token_hash, label, created FROM host_sessions "
                                    "ORDER BY created, id").fetchall()
        return [(r[0], r[1], r[2], r[3]) for r in rows]
