"""One open table as the service keeps it in memory, the open tables, and one open stream of payloads.

:class:`OpenTable` holds a table's row, seats, state, log, its lock and its open
:class:`Subscription` streams, and one small state per part of the service (presence, the story,
setting up, sealed plays, what each reader was told), each written by its part alone.
:class:`Tables` finds a table by id. The helpers here read a table without changing it; every
change is made under the table's lock.
"""

from __future__ import annotations

import hashlib
import os
import secrets
import threading
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, Protocol

from companion.audiences import Shown
from companion.store import LogRow, SeatRow, TableRow
from companion.story import Chapter, Snapshot, Story
from engines import TABLE, Event, Game, SetupStep, State, events_for
from engines.core import PHYSICAL
from engines.rng import Rng
from engines.text import LANGUAGES, Text, bot_name, default_seat_name
from web.service import BadRequest, NotFound, Unauthorized


class StreamOwner(Protocol):
    """What a stream needs from the streams' keeper (companion/streams.py): to look at presence
    again, and to be let go of."""

    def sweep(self, table_id: str) -> None: ...

    def unsubscribe(self, sub: Subscription) -> None: ...


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


# --------------------------------------------------------------------------- streams


class Subscription:
    """One open stream: payloads queued in order; the first is the full current view."""

    MAX_QUEUED = 1000

    def __init__(self, service: StreamOwner, table: str, seat: int | None) -> None:
        self._service, self.table, self.seat = service, table, seat
        self._queue: deque[dict[str, Any]] = deque()
        self._cond = threading.Condition()
        self._closed = False
        self._revoked = False
        self.screen = False   # a table screen's stream (Service.subscribe)

    def put(self, payload: dict[str, Any]) -> None:
        with self._cond:
            if len(self._queue) >= self.MAX_QUEUED:
                self._queue.popleft()   # a stalled reader: it resyncs from the newest full view
            self._queue.append(payload)
            self._cond.notify_all()

    def get(self, timeout: float) -> dict[str, Any] | None:
        """The next payload, or None on timeout. Raises Unauthorized once the seat was freed.

        On a timeout the table's presence is looked at again (outside this stream's lock): a
        phone whose grace has run out is then shown away on every stream, this one included.
        """
        with self._cond:
            if not self._queue and not self._revoked and not self._closed:
                self._cond.wait(timeout)
            if self._revoked:
                raise Unauthorized("The host freed this seat.")
            if self._queue:
                return self._queue.popleft()
            if self._closed:
                return None
        self._service.sweep(self.table)
        with self._cond:
            if self._revoked:
                raise Unauthorized("The host freed this seat.")
            return self._queue.popleft() if self._queue else None

    def end(self) -> None:
        """The stream ends now (its reader sees ``closed``): the companion is stopping, or the
        stream's place went to a seat's or the table screen's (web/stream.py)."""
        with self._cond:
            self._closed = True
            self._cond.notify_all()

    def revoke(self) -> None:
        with self._cond:
            self._queue.clear()
            self._revoked = True
            self._cond.notify_all()

    @property
    def closed(self) -> bool:
        return self._closed or self._revoked

    def close(self) -> None:
        with self._cond:
            self._closed = True
            self._cond.notify_all()
        self._service.unsubscribe(self)


# --------------------------------------------------------------------------- one table
#
# Each part of the service keeps its own state of a table in one small dataclass below, and no part
# writes another's: presence (companion/presence.py) ``here``, the story (companion/telling.py)
# ``telling``, setting up (companion/setting_up.py) ``setting_up``, sealed plays
# (companion/sealing.py) ``sealing``, what each reader was shown (companion/payloads.py)
# ``heard``. The service (companion/service.py) owns the rest: the row, seats, state, log, lock.


@dataclass
class Here:
    """Who is at the table (companion/presence.py): metadata, never logged, never bumps ``version``."""
    presence: int = 0                                       # bumped when the shown flags change
    shown: tuple[bool, ...] | None = None                   # the ``connected`` flags last shown
    left: dict[int, float] = field(default_factory=dict)    # seat -> when its last stream closed
    polled: dict[int, float] = field(default_factory=dict)  # seat -> its phone's last poll (stream blocked)
    beats: dict[int, float] = field(default_factory=dict)   # seat -> its phone's last heartbeat
    beating: set[int] = field(default_factory=set)          # seats whose phone sends heartbeats
    screen_left: float | None = None                        # when the last table screen's stream closed
    screen_polled: float | None = None                      # when a table screen (stream blocked) last polled
    resume_until: float | None = None                       # after a restart: its screen may return until


@dataclass
class Telling:
    """The story the table screen tells (companion/story.py, companion/telling.py): not game state,
    but stored with the table (the shown step, Auto) so that a restart goes on telling where it was."""
    story: Story = field(default_factory=lambda: Story(Snapshot({}, [], None)))
    since: float = 0.0                                      # when the shown step came up
    looking_until: float = 0.0   # a table screen looks back at told steps until then: Auto waits
    whole: tuple[tuple[int, bool], list[Chapter], Snapshot] | None = None
    """Every chapter the log makes from its start (looking back), for the log's length and end it
    was made for."""


@dataclass
class Narrating:
    """A table's narration: the host's setting (stored with the table, ``TableRow.narration``)."""

    output: str = "off"
    volume: int = 80         # percent
    speed: int = 100         # percent of the voice's normal pace
    spoken: str = ""         # the clip last started on the Pi

    def to_json(self) -> dict[str, Any]:
        return {"output": self.output, "volume": self.volume, "speed": self.speed}


@dataclass
class SettingUpState:
    """Setting up (companion/setting_up.py): the steps for the position they were built from, and
    the hardware's answer to the shown step's check."""
    cache: tuple[State, tuple[SetupStep, ...]] | None = None
    check: dict[str, Any] | None = None


@dataclass
class Sealed:
    """Plays sealed while the table tells (companion/sealing.py): (n, seat, action) in the order they
    came, stored; and each sealing seat's own state (the table's state with its sealed plays)."""
    plays: list[tuple[int, int, dict[str, Any]]] = field(default_factory=list)
    own: dict[int, tuple[State, int, State]] = field(default_factory=dict)


@dataclass
class Heard:
    """What each reader was last told (companion/audiences.py, companion/payloads.py): the last
    change's events; a payload's fingerprint per reader; and the events of the last change a reader
    saw, for a reader that has not seen the newest ones."""
    events: list[Event] = field(default_factory=list)
    seen: dict[str, Shown] = field(default_factory=dict)
    stale: dict[str, list[Event]] = field(default_factory=dict)
    views: dict[int | None, tuple[State, Any]] = field(default_factory=dict)

    def view(self, state: State, seat: int | None) -> Any:
        """``state.view(seat)``, made once per state and seat: a change's payloads ask for the same
        views many times (each reader's, the public one again for every seat held back to the
        told step, before the push and for it). States are values, so a view made from one is that
        state's for good; a view is never changed once made (a payload is built around it)."""
        kept = self.views.get(seat)
        if kept is not None and kept[0] is state:
            return kept[1]
        made = state.view(seat)
        self.views[seat] = (state, made)
        return made

    def heard(self, reader: str, seat: int | None) -> list[Event]:
        """The events of the last change the reader saw, as it may see them (``seat`` None: public)."""
        return self.stale[reader] if reader in self.stale else events_for(self.events, seat)

    def tell(self, events: list[Event]) -> None:
        """A change every reader sees (a seat taken, the end, a note): these are the last events."""
        self.events = list(events)
        self.stale = {}


@dataclass
class OpenTable:
    row: TableRow
    game: Game
    seats: list[SeatRow]
    state: State
    rng: Rng
    log: list[LogRow]
    lock: threading.RLock = field(default_factory=threading.RLock)
    subs: list[Subscription] = field(default_factory=list)
    freed: set[str] = field(default_factory=set)            # token hashes of seats the host freed
    learned: dict[str, Any] | None = None                   # what its box profile last learned (keeping)
    here: Here = field(default_factory=Here)
    telling: Telling = field(default_factory=Telling)
    setting_up: SettingUpState = field(default_factory=SettingUpState)
    sealing: Sealed = field(default_factory=Sealed)
    heard: Heard = field(default_factory=Heard)
    narration: Narrating = field(default_factory=Narrating)

    def __post_init__(self) -> None:
        kept = self.row.narration or {}   # the host's narration setting, as stored
        self.narration = Narrating(str(kept.get("output", "off")), int(kept.get("volume", 80)),
                                   int(kept.get("speed", 100)))

    @property
    def id(self) -> str:
        return self.row.id

    def version_for(self, reader: str) -> int:
        """The version a reader sees: the table's changes less those it could not see."""
        return self.row.version - self.row.hidden.get(reader, 0)

    def name(self, seat: int, lang: str = "en") -> str:
        """The seat's name: the one its player typed, else "Player 2" (or "Computer 2" for a
        bot) in ``lang``; stored names are facts, the words around them are said when shown."""
        if 0 <= seat < len(self.seats):
            row = self.seats[seat]
            if row.name:
                return row.name
            if row.bot:
                return bot_name(seat, lang)
        return default_seat_name(seat, lang)


class Tables:
    """The tables by id: those in memory, and those that are over and were let go.

    A table that is over (ended, or its game finished) and that nobody has opened for
    :data:`LINGER` seconds (``COMPANION_LINGER`` in the environment sets another time) is let go
    from memory (:meth:`let_go`); only its entry in the list of tables stays (kept in the store
    too, so a restart lists it without replaying it). Opening it again reads it back from its log,
    exactly as it was (``reader``, set by the service). So an evening's memory holds the tables in
    play, however many were played.
    """

    def __init__(self, clock: Callable[[], float], linger: float | None = None) -> None:
        self.clock = clock
        self.linger = linger_seconds() if linger is None else linger
        self._by_id: dict[str, OpenTable] = {}
        self._kept: dict[str, dict[str, Any]] = {}   # let go: the table's entry in the list
        self._touched: dict[str, float] = {}         # when each table in memory was last opened
        self.lock = threading.Lock()   # held while a new table takes its id or one is read back
        self.reader: Callable[[str], OpenTable | None] = lambda table_id: None

    def __iter__(self) -> Iterator[OpenTable]:
        """The tables in memory."""
        return iter(list(self._by_id.values()))

    def get(self, table_id: object) -> OpenTable:
        """The table (read back if it was let go), or NotFound in the players' words."""
        table = None
        if isinstance(table_id, str):
            with self.lock:   # found and touched at once: a table handed out is not let go after
                table = self._by_id.get(table_id)
                if table is not None:
                    self._touched[table.id] = self.clock()
            if table is None and table_id in self._kept:
                table = self._read_back(table_id)
        if table is None:
            raise NotFound("There is no table {table}.", table=str(table_id))
        return table

    def _read_back(self, table_id: str) -> OpenTable | None:
        with self.lock:
            table = self._by_id.get(table_id)
            if table is None and table_id in self._kept:
                table = self.reader(table_id)
                if table is not None:
                    del self._kept[table_id]
                    self.add(table)
            elif table is not None:
                self._touched[table.id] = self.clock()
        return table

    def find(self, table_id: str) -> OpenTable | None:
        """The table if it is in memory (a stream's table always is)."""
        return self._by_id.get(table_id)

    def add(self, table: OpenTable) -> None:
        self._by_id[table.id] = table
        self._touched[table.id] = self.clock()

    def keep(self, table_id: str, entry: dict[str, Any]) -> None:
        """A table that is over, known by its entry in the list alone (read back when opened)."""
        self._kept[table_id] = entry

    def kept(self) -> list[dict[str, Any]]:
        return list(self._kept.values())

    def idle(self, table: OpenTable) -> bool:
        """Nobody has opened the table for :attr:`linger` seconds and no stream reads it."""
        return not table.subs and self.clock() - self._touched.get(table.id, 0.0) >= self.linger

    def let_go(self, table: OpenTable, entry: dict[str, Any]) -> None:
        """The table leaves memory; ``entry`` stands for it in the list (caller holds its lock). Not
        if it left already and was read back since: the copy in memory now is another object."""
        with self.lock:
            if self._by_id.get(table.id) is not table:
                return   # let go already (and maybe read back since): the one in memory stays
            if not self.idle(table):
                return   # handed out since it was looked at: whoever has it plays on this one
            del self._by_id[table.id]
            self._touched.pop(table.id, None)
            self._kept[table.id] = entry

    def new_id(self) -> str:
        """A fresh table id (caller holds :attr:`lock`)."""
        while True:
            tid = "".join(secrets.choice(_ID_ALPHABET) for _ in range(6))
            if tid not in self._by_id and tid not in self._kept:
                return tid


LINGER = 120.0   # seconds a table that is over stays in memory after it was last opened
LINGER_VARIABLE = "COMPANION_LINGER"   # another time (bench/soak.py compresses an evening's)


def linger_seconds() -> float:
    """:data:`LINGER`, or the environment's ``COMPANION_LINGER`` (seconds, 0 or more)."""
    return max(0.0, float(os.environ.get(LINGER_VARIABLE) or LINGER))
_ID_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"


def seat_number(table: OpenTable, seat: object) -> int:
    """``seat`` checked as one of the table's seats, or NotFound."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < table.row.players:
        raise NotFound("There is no seat {number} at this table.",
                       number=seat + 1 if isinstance(seat, int) else str(seat))
    return seat


def table_language(lang: object) -> str:
    if not isinstance(lang, str) or lang not in LANGUAGES:
        raise BadRequest("The language must be one of {languages}.", languages=", ".join(LANGUAGES))
    return lang


def table_rng(seed: int) -> Rng:
    return Rng.from_seed(seed ^ 0x7AB1E5EED)


def awaiting_now(table: OpenTable) -> list[int]:
    """The seats awaited now, as payloads show them: nobody once the host has ended the table."""
    return [] if table.row.ended else list(table.state.awaiting)


def readers_now(table: OpenTable) -> tuple[int, ...] | None:
    """The seats that may enter the table's reading now (besides the host): the game's, or, when the
    computer plays every one of them (it cannot read real dice or cards), every seat a person holds."""
    reading = None if table.row.ended else table.state.reading
    if reading is None or not reading:
        return reading
    if all(table.seats[s].bot for s in reading if 0 <= s < len(table.seats)):
        return tuple(s.seat for s in table.seats if s.token_hash is not None and not s.bot)
    return reading


def logged(action: dict[str, Any]) -> dict[str, Any]:
    """What the log keeps of a play or a draw: the action without its words (``label``, the
    sentence the engine adds for the phones), which a replay finds again (``State.find_legal``
    matches without them). Words are said when shown, never stored: a Fzzzt! bid's log row is a
    tenth of its legal action, in memory for the whole evening and in the store."""
    return {key: value for key, value in action.items() if key != "label"}


def effective_rows(rows: list[LogRow]) -> list[LogRow]:
    """The log rows still in the history: actions and draws that no undo took back."""
    undone: set[int] = set()
    for row in rows:
        if row.kind == "undo":
            undone.update(row.data["undoes"])
    return [r for r in rows if r.kind != "undo" and r.idx not in undone]


def requests(table: OpenTable, present: tuple[bool, ...]) -> list[tuple[int, Text, list[dict[str, Any]]]]:
    """What the host page is asked to enter for a seat: (seat, the sentence, its legal actions), when
    the table plays with the real cards and a seat awaited only for physical input
    (``Game.physical_input``) cannot enter it itself: the computer (it cannot see the real cards), a
    seat nobody took, or a taken seat whose phone is away (``present``: the seats' shown flags)."""
    asks = table.game.physical_input
    if table.row.chance != PHYSICAL or table.row.ended or not asks:
        return []
    out = []
    for seat in table.state.awaiting:
        if seat == TABLE:
            continue
        row = table.seats[seat]
        if not (row.bot or row.token_hash is None or not present[seat]):
            continue
        legal = table.state.legal_actions(seat)
        kinds = {a["type"] for a in legal}
        if legal and kinds <= set(asks):
            out.append((seat, Text(asks[sorted(kinds)[0]], {"seat": seat}), legal))
    return out
