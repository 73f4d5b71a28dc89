"""The table service: tables, seats, tokens, the durable log, chance and bots.

:class:`Service` implements ``web.service.TableService``. Every change to a
table goes through that table's lock in the same order::

    check (table open, seat awaited, action legal) -> engine apply
    -> append to the log and commit (SQLite, synchronous=FULL)
    -> push the new per-seat payloads to open streams -> reply

and, after the lock is released, listeners (the hardware link) are told.
Phones, bots, the host acting for the table and hardware buttons all use
:meth:`Service.act`; nothing else changes a game. A play the game lets a seat
plan while the table screen tells (``Pacing.sealed``) is stored sealed instead
and played, the same way, once the telling ends (companion/sealing.py).

A game is ``(game id, players, options, seed)`` plus its log, so a restart
replays to exactly where the table was. Digital chance is drawn with the
table's own :class:`engines.rng.Rng`, advanced once per draw that is still in
the history, so a replay (or an undo followed by the same move) draws the
same die again: undo cannot be used to re-roll.

Hidden information: every payload is built from ``state.view(seat)`` and the
events that seat may see (``engines.may_see``); the log, tokens and the
other seats' views never leave this module.
"""

from __future__ import annotations

import hmac
import logging
import secrets
import threading
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import engines
from companion import teaching
from companion.audiences import PUBLIC, Shown, reader, readers
from companion.bots import BotRunner
from companion.keeping import Keeping
from companion.pacer import Pacer
from companion.pairing import HostKey, HostSessions, Pairing
from companion.presence import Presence
from companion.sealing import Sealing
from companion.setting_up import SETTING_UP, SETUP_OPTION, SettingUp, declares_setup, stage
from companion.store import STORAGE_FAILING, LogRow, SeatRow, StorageFailure, Store, TableRow
from companion.story import (
    CONTEXT,
    Chapter,
    Story,
    chapter_row,
    chapters_from_log,
    snapshot,
)
from companion.tables import (
    OpenTable,
    Subscription,
    awaiting_now,
    effective_rows,
    hash_token,
    logged,
    readers_now,
    table_language,
    table_rng,
)
from companion.telling import POLL_GRACE, Telling
from engines import TABLE, Event, Game, IllegalAction, State, events_for
from engines.core import CHANCE_LABELS, CHANCE_MODES, DIGITAL, PHYSICAL
from engines.playout import chance_pick
from engines.text import N_
from web.service import MAX_NAME, BadRequest, Conflict, NotFound, Unauthorized

log = logging.getLogger("companion")

Listener = Callable[[str, State, list[Event]], None]
FaultListener = Callable[[engines.Text | None], None]

TABLE_OPTIONS: list[dict[str, Any]] = [{
    "name": "chance", "type": "choice", "choices": list(CHANCE_MODES), "default": DIGITAL,
    "label": N_("Chance"), "choice_labels": dict(CHANCE_LABELS),
    "help": N_("Dice, shuffles and deals: drawn by the companion (digital), or done with the real "
               "dice and cards and entered at the table (physical)."),
}]
PRESENCE_GRACE = 2.0   # seconds a seat stays "connected" after its phone's last stream closed
_ID_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
MAX_SEED = (1 << 63) - 1   # the largest seed SQLite can keep (a signed 64-bit INTEGER)


def _own(seat: int | None) -> int | None:
    """Whose events a reader sees besides the public ones: a seat's own; the host's view and the
    table screen see the public ones only."""
    return None if seat is None or seat == TABLE else seat


def _table_options(game: Game) -> list[dict[str, Any]]:
    """The table's own options for ``game``: the chance mode, when the game leaves something to
    chance and does not offer the choice among its own options (``own_chance``); setting up, when
    the game declares its setup steps (companion/setting_up.py); "First game"."""
    return ((TABLE_OPTIONS if game.chance_modes and not game.own_chance else [])
            + ([SETUP_OPTION] if declares_setup(game) else []) + [teaching.FIRST_GAME_OPTION])



def _game_options(game: Game, options: Any) -> tuple[dict[str, Any], str, bool]:
    """A new table's ``options`` checked: (the game's own options, the table's chance mode, whether
    it sets up step by step first: off unless asked for)."""
    if options is None:
        options = {}
    if not isinstance(options, Mapping):
        raise BadRequest("The options must be an object.")
    game_options = dict(options)
    setting_up = game_options.pop(SETTING_UP, False)
    if not isinstance(setting_up, bool):
        raise BadRequest("Option setting_up must be true or false.")
    chance = game_options.pop("chance", DIGITAL)
    if chance not in CHANCE_MODES:
        raise BadRequest("Option chance must be digital or physical.")
    if "chance" in options and chance not in game.chance_modes:
        raise BadRequest("This game has no dice or cards to draw: leave out the chance option.")
    if game.own_chance:
        game_options["chance"] = chance  # the game deals itself unless told the cards are real
    return game_options, chance, setting_up


def _checked_seed(seed: Any) -> int:
    """A new table's seed: the one given, checked, or a fresh one."""
    if seed is None:
        return secrets.randbits(62)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise BadRequest("The seed must be a whole number.")
    if not 0 <= seed <= MAX_SEED:   # SQLite stores signed 64-bit integers
        raise BadRequest("The seed must be a whole number from 0 to {largest}.", largest=MAX_SEED)
    return seed



# --------------------------------------------------------------------------- the service


class Service(Presence, Telling, Keeping, SettingUp, Sealing):
    """The companion's table service (see the module docstring)."""

    def __init__(self, data_dir: str | Path, host_key: str, hardware: Any = None,
                 clock: Callable[[], float] = time.monotonic, think_seconds: float = 1.0,
                 presence_grace: float = PRESENCE_GRACE) -> None:
        self.data_dir = Path(data_dir)
        self.key = HostKey(host_key)   # followed in its file by `companion serve` (host-key --new)
        self.hardware = hardware
        self.clock = clock
        self.think_seconds = think_seconds
        self.presence_grace = presence_grace
        self._tables: dict[str, OpenTable] = {}
        self._tables_lock = threading.Lock()
        self._stopping = False
        self._listeners: list[Listener] = []
        self._fault_listeners: list[FaultListener] = []
        self._fault_lock = threading.Lock()
        self.store = Store(self.data_dir / "companion.db", on_failing=self._storage_changed)
        self._bots = BotRunner(self.bot_turns_due, self.act, clock, think_seconds)
        self._pacer = Pacer(self.pace, clock)   # Auto's steps, and the end of a screen's grace
        self.pairing = Pairing()  # a phone becoming the host by the host button
        self.host_sessions = HostSessions(self.store, key=self.key)   # each host device's own session
        self._load()

    # -- start-up: replay every table --------------------------------------------

    def _load(self) -> None:
        for row in self.store.load_tables():
            try:
                game = engines.get(row.game)
            except engines.UnknownGame:
                log.warning("table %s plays %s, which this companion does not know; skipped",
                            row.id, row.game)
                continue
            try:
                # the story from a few chapters before the shown step (the lines under it) on
                story_from = max(0, chapter_row(row.shown) - CONTEXT) if row.shown and not row.ended else None
                table = self._replay(row, game, self.store.seats(row.id), self.store.log(row.id),
                                     story_from=story_from)
            except (IllegalAction, KeyError, TypeError, ValueError) as exc:
                # the rules changed under a stored game: keep its rows, start without it
                log.warning("table %s (%s) cannot be replayed and is left out: %s", row.id, row.game, exc)
                continue
            self._tables[row.id] = table
            with table.lock:
                if not row.ended:
                    table.sealed = self.store.sealed(row.id)   # plays planned while the table told
                    self._look(table)   # what each reader is shown now: a later change compares with it
                if not row.ended:   # a crash between a play and its draws: draw now
                    events: list[Event] = []
                    rows = self._resolve_chance(table, len(table.log), events)
                    try:
                        if rows:
                            self._commit(table, rows, events)
                    except StorageFailure:   # the draw waits for a store that takes writes
                        self._rebuild(table)
                    self._unseal(table)   # no table screen holds plays yet: sealed plays are played
        for table in self._tables.values():
            self._schedule_bots(table)
        self._pacer.poke()

    def _replay(self, row: TableRow, game: Game, seats: list[SeatRow], rows: list[LogRow], *,
                story_from: int | None = None) -> OpenTable:
        """The table as its log makes it; with ``story_from``, also the story's chapters from
        that log position on (a restart: companion/story.py)."""
        start = game.start(row.players, row.seed, row.options)
        rng = table_rng(row.seed)

        def step(state: State, r: LogRow) -> State:
            nonlocal rng
            if r.kind == "chance":
                _, rng = chance_pick(state, rng)
            return state.apply(TABLE if r.seat is None else r.seat, r.data)

        effective = effective_rows(rows)
        if story_from is None:
            state = start
            for r in effective:
                state = step(state, r)
            chapters: list[Chapter] = []
        else:
            chapters, state = chapters_from_log(game, start, effective, step, story_from, row.salt,
                                                teaching.retold(row, game))
        table = OpenTable(row, game, seats, state, rng, rows)
        table.story = Story(snapshot(state, row.ended))
        if chapters:
            table.story.restore(chapters, row.shown, row.step)
        table.since = table.setup_since = self.clock()
        return table

    def stop(self) -> None:
        """The companion is stopping: bots stop thinking and every open stream ends at once, so
        no server thread waits on a phone. Nothing is lost: every play was committed already."""
        self._stopping = True
        self._bots.close()
        self._pacer.close()
        for t in list(self._tables.values()):
            with t.lock:
                subs = list(t.subs)
            for sub in subs:
                sub.end()

    def close(self) -> None:
        self.stop()
        self.store.close()

    # -- storage faults --------------------------------------------------------------
    #
    # A write the store cannot make durable is refused (StorageFailure, 503) and the table stays
    # exactly as it was. While writes fail, every payload carries ``fault`` (the sentence), pushed
    # to every open stream, and fault listeners (the hardware's status LED) are told.

    @property
    def storage_fault(self) -> engines.Text | None:
        """The sentence for the players while the store refuses writes, else None."""
        return engines.Text(STORAGE_FAILING) if self.store.failing is not None else None

    def add_fault_listener(self, fn: FaultListener) -> None:
        self._fault_listeners.append(fn)

    def _storage_changed(self, cause: str | None) -> None:
        """Called by the store (maybe under a table's lock): tell everyone from another thread."""
        threading.Thread(target=self._show_storage, name="storage-fault", daemon=True).start()

    def _show_storage(self) -> None:
        with self._fault_lock:   # the fault read here is the newest: the last thread shows the last
            for t in list(self._tables.values()):
                with t.lock:
                    self._fan_out(t)
            fault = self.storage_fault
            for fn in list(self._fault_listeners):
                try:
                    fn(fault)
                except Exception:
                    log.exception("fault listener %r failed", fn)

    # -- lookups -------------------------------------------------------------------

    def _table(self, table_id: object) -> OpenTable:
        table = self._tables.get(table_id) if isinstance(table_id, str) else None
        if table is None:
            raise NotFound("There is no table {table}.", table=str(table_id))
        return table

    def _check_seat_number(self, table: OpenTable, seat: object) -> int:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < table.row.players:
            raise NotFound("There is no seat {number} at this table.",
                           number=seat + 1 if isinstance(seat, int) else str(seat))
        return seat

    def check_host_key(self, key: str | None) -> bool:
        return self.key.matches(key)

    @property
    def host_key(self) -> str:
        """The host key now (``companion host-key --new`` may have changed it)."""
        return self.key.current()

    def games(self) -> list[dict[str, Any]]:
        return [{**g.describe(), "table_options": _table_options(g)}
                for g in engines.GAMES.values()]

    def list_tables(self) -> list[dict[str, Any]]:
        out = []
        for table in list(self._tables.values()):
            with table.lock:
                out.append({"table": table.id, "game": table.row.game, "title": table.game.title,
                            "players": table.row.players, "seats": self._seats_json(table),
                            "awaiting": awaiting_now(table), "version": table.version_for(PUBLIC),
                            "ended": table.row.ended, "finished": table.state.outcome is not None,
                            "winners": self._winners(table), "created": table.row.created,
                            "next_table": table.row.next_table, "lang": table.row.lang})
        return out

    def _winners(self, table: OpenTable) -> list[int] | None:
        """Who won, as the list of tables says it: not while a table screen is still telling the
        end (as on the phones, the table says it first); None while nobody has won."""
        outcome = table.state.outcome
        if outcome is None or (not table.row.ended and self._watched(table) and table.story.waiting()):
            return None
        return [w for w in outcome.get("winners", []) if isinstance(w, int)]

    def state_of(self, table_id: str) -> State:
        """The table's current state (for the hardware link; never sent to a phone as is)."""
        return self._table(table_id).state

    def seat_names(self, table_id: str) -> list[str]:
        table = self._table(table_id)
        return [table.name(s) for s in range(table.row.players)]

    # -- payloads ------------------------------------------------------------------

    def _common(self, table: OpenTable, seat: int | None) -> dict[str, Any]:
        # a seat with sealed plays sees its own state (companion/sealing.py); everyone else the table's
        state = table.state if seat is None or seat == TABLE else self._own_state(table, seat)
        who = reader(seat)
        return {"table": table.id, "game": table.row.game, "title": table.game.title,
                "players": table.row.players, "view": state.view(seat if seat != TABLE else None),
                "awaiting": [] if table.row.ended else list(state.awaiting), "outcome": state.outcome,
                "version": table.version_for(who), "presence": table.presence,
                "events": table.heard(who, _own(seat)),
                "seats": self._seats_json(table), "step": table.row.step, "ended": table.row.ended,
                "chance": table.row.chance, "next_table": table.row.next_table, "lang": table.row.lang,
                "first_game": table.row.first_game,
                "reading": None if (reading := readers_now(table)) is None else list(reading),
                "fault": fault.to_json() if (fault := self.storage_fault) else None,
                "story": table.story.to_json(None if seat in (None, TABLE) else seat, auto=table.row.auto,
                                             hold=self._holding(table), screen=self._watched(table)),
                "setup": self._setup_json(table, seat)}

    def _public(self, table: OpenTable) -> dict[str, Any]:
        return self._common(table, None)

    def _seat_payload(self, table: OpenTable, seat: int) -> dict[str, Any]:
        out = self._common(table, seat)
        state = table.state
        if seat == TABLE:
            if table.row.ended or TABLE not in state.awaiting:
                legal = []
            elif state.reading is not None:     # what the table may enter with one tap
                legal = state.legal_actions(TABLE)
            else:
                legal = [a for a, _ in state.chance_outcomes()] if table.row.chance == PHYSICAL else []
            name = "Host"
            out["requests"] = [{"seat": s, "say": say.to_json(), "legal_actions": actions}
                               for s, say, actions in self._requests(table)]
        else:
            state = self._own_state(table, seat)
            open_now = not table.row.ended and not self._setting_up(table)   # nothing while setting up
            legal = state.legal_actions(seat) if seat in state.awaiting and open_now else []
            name = table.name(seat)
            if table.row.first_game:
                out["lesson"] = teaching.now(table, seat)   # what this seat may do now
            out["sealed"] = sum(1 for _, s, _ in table.sealed if s == seat)
            out["story"]["seal"] = self._sealable(table, seat)
        out.update(seat=seat, name=name, legal_actions=legal)
        return out

    def public(self, table: str, *, screen: bool = False) -> dict[str, Any]:
        """The public payload; ``screen``: a table screen asks (polling, its stream blocked)."""
        t = self._table(table)
        with t.lock:
            if screen:
                if not self._watched(t):
                    t.since = self.clock()
                t.screen_polled = self.clock()
                self._pacer.poke()
            self._push_presence(t)
            return self._public(t)

    def seat_view(self, table: str, seat: int, *, present: bool = False) -> dict[str, Any]:
        """The seat's payload; ``present``: its phone asks (a poll counts as being at the table)."""
        t = self._table(table)
        if seat != TABLE:
            self._check_seat_number(t, seat)
        with t.lock:
            if present and seat != TABLE and t.seats[seat].token_hash is not None:
                t.polled[seat] = self.clock()
                self._pacer.poke()   # it is shown away once its polls stop
            self._push_presence(t)
            return self._seat_payload(t, seat)

    # -- commit and fan-out --------------------------------------------------------

    def _commit(self, table: OpenTable, rows: list[LogRow], events: list[Event], *,
                drop: frozenset[str] = frozenset(), unseal: tuple[int, ...] = ()) -> list[Event]:
        """Write the change durably, then push it to the open streams. Caller holds the lock.

        The change becomes the story's next chapter (appended: a chapter the table screen has not
        finished is never replaced); ``drop``: the chapters an undo took back; ``unseal``: the
        sealed plays this change plays or takes back (deleted in its transaction). Returns the
        change's events, each with its identity."""
        version = table.row.version + 1
        key = str(len(table.log) + 1)
        lessons = teaching.due(table) if rows and rows[0].kind == "action" else []   # a play's, not an undo's
        chapter = Chapter.make(key, len(table.log) + 1, events, table.story.end,
                               snapshot(table.state, table.row.ended), table.game, table.row.salt, lessons)
        told = teaching.told(table, lessons, key)
        story = table.story.copy()
        story.drop(set(drop))
        story.add(chapter, self._backlog(table))
        shown, step = story.cursor()
        unseen = self._unseen(table, story, step, shown, list(chapter.events))
        hidden = {**table.row.hidden, **{r: table.row.hidden.get(r, 0) + 1 for r in unseen}}
        self.store.append(table.id, rows, version=version, step=step, shown=shown,
                          hidden=hidden if unseen else None, lessons=told, unseal=unseal)
        table.log.extend(rows)
        table.row.version, table.row.step, table.row.shown, table.row.hidden = version, step, shown, hidden
        if told is not None:
            table.row.lessons = told
        self._retell(table, story)
        # a reader that did not see this change keeps what it was last told
        stale = {who: table.heard(who, _own(seat)) for seat in readers(table.row.players)
                 if (who := reader(seat)) in unseen}
        table.tell(list(chapter.events))
        table.stale = stale
        self._fan_out(table, unseen)
        return table.events

    def _salt(self) -> str:
        """A new table's salt (companion/story.py ``tag``): a secret drawn for this table alone, never
        from its seed (issue 27: a host could replay the seed at a second table and count a shark's
        secret taps by matching identities). Kept in the store, so a restart names events alike."""
        return secrets.token_hex(16)

    def _payload(self, table: OpenTable, seat: int | None) -> dict[str, Any]:
        return self._public(table) if seat is None else self._seat_payload(table, seat)

    def _unseen(self, table: OpenTable, story: Story, step: int, shown: str, events: list[Event]) -> set[str]:
        """The readers a change about to be stored leaves as they were (companion/audiences.py):
        it tells them nothing they may see and their payloads, with ``story`` and the new state,
        show what they showed. Caller holds the lock; the table is left as it was."""
        if events_for(events, None):
            return set()   # a public event tells every reader something
        kept = table.story, table.row.step, table.row.shown
        table.story, table.row.step, table.row.shown = story, step, shown
        try:
            out = set()
            for seat in readers(table.row.players):
                if events_for(events, _own(seat)):
                    continue   # told something
                if table.seen.get(reader(seat)) == Shown(self._payload(table, seat)):
                    out.add(reader(seat))
            return out
        finally:
            table.story, table.row.step, table.row.shown = kept

    def _look(self, table: OpenTable) -> dict[int | None, dict[str, Any]]:
        """Every reader's payload now, each remembered as what that reader was last shown."""
        payloads = {seat: self._payload(table, seat) for seat in readers(table.row.players)}
        table.seen = {reader(seat): Shown(p) for seat, p in payloads.items()}
        if table.state.outcome is not None or table.row.ended:
            for shown in table.seen.values():   # a table that is over: its digests, not its payloads
                shown.digest()
        return payloads

    def _fan_out(self, table: OpenTable, unseen: set[str] | frozenset[str] = frozenset()) -> None:
        """Push every open stream its reader's payload, but none to a reader in ``unseen`` (a
        change it could not see reaches it in no form)."""
        self._presence_changed(table)   # whatever is pushed shows the presence of now
        payloads = self._look(table)
        for sub in list(table.subs):
            if reader(sub.seat) not in unseen:
                sub.put(payloads[sub.seat])

    def _notify(self, table: OpenTable, state: State, events: list[Event]) -> None:
        """Listeners run after the commit, outside the table lock; they cannot break a play."""
        for fn in list(self._listeners):
            try:
                fn(table.id, state, events)
            except Exception:
                log.exception("listener %r failed on table %s", fn, table.id)
        self._schedule_bots(table)

    def add_listener(self, fn: Listener) -> None:
        self._listeners.append(fn)

    # -- tables --------------------------------------------------------------------

    def _new_id(self) -> str:
        while True:
            tid = "".join(secrets.choice(_ID_ALPHABET) for _ in range(6))
            if tid not in self._tables:
                return tid

    def create_table(self, game: str, players: int, options: Mapping[str, Any] | None,
                     seed: int | None = None, *, seats: list[SeatRow] | None = None,
                     ends: tuple[str, int] | None = None, lang: str = "en",
                     told: Mapping[str, str] | None = None) -> dict[str, Any]:
        """A new table, stored (with its first draws) in one transaction before it is shown.

        ``lang`` is the table screen's language. ``ends=(table, version)``: that table ends in the
        same transaction (the next game); ``told``: the lessons its seats were told there."""
        if not isinstance(game, str):
            raise BadRequest("Choose a game.")
        lang = table_language(lang)
        try:
            g = engines.get(game)
        except engines.UnknownGame:
            raise BadRequest("There is no game called {game}.", game=game) from None
        options, first_game = teaching.first_game_option(options)
        game_options, chance, setting_up = _game_options(g, options)
        seed = _checked_seed(seed)
        state = g.start(players=players, seed=seed, options=game_options)   # IllegalAction: 400
        full_options = g.validate_options(game_options)
        with self._tables_lock:
            tid = self._new_id()
            row = TableRow(tid, g.id, players, full_options, seed, chance, 1, 0, False, time.time(),
                           lang=lang, salt=self._salt(), first_game=first_game, lessons=dict(told or {}))
            seat_rows = seats or [SeatRow(s, "", None, False) for s in range(players)]
            table = OpenTable(row, g, list(seat_rows), state, table_rng(seed), [])
            before = snapshot(state)
            events = list(state.events)
            rows = self._resolve_chance(table, 0, events)   # the first draws, stored with the table
            if rows:
                row.version = 2
            story = Story(before)
            lessons = teaching.due(table)
            row.lessons = teaching.told(table, lessons, "0") or row.lessons
            story.add(Chapter.make("0", 0, events, before, snapshot(table.state), g, row.salt,   # the start
                                   lessons))
            row.shown, row.step = story.cursor()
            row.setup = stage(g.setup_steps(table.state) if setting_up else (), setting_up)
            if row.setup is not None and len(self._ready(table)) >= players:
                row.setup["open"] = True   # the computer plays every seat: nobody sets anything up
            self.store.create_table(row, seat_rows, rows, ends=ends)   # StorageFailure: nothing made
            table.log.extend(rows)
            table.story, table.since = story, self.clock()
            table.setup_since = table.since
            table.tell(list(story.chapters[-1].events) if story.chapters else events)
            events = table.events
            self._tables[tid] = table
        with table.lock:
            self._look(table)
            self._check_step(table)
            payload = self._public(table)
            final = table.state
        self._notify(table, final, events)
        self._pacer.poke()
        return payload

    def end_table(self, table: str) -> None:
        t = self._table(table)
        with t.lock:
            if t.row.ended:
                return
            version = t.row.version + 1
            chapter = self._note(t, [engines.event("table_ended",
                                                   say=engines.Text("The host ended this table."))], version,
                                 ended=True)
            story = t.story.copy()
            story.add(chapter, self._backlog(t))
            shown, step = story.cursor()
            self.store.update_table(t.id, version=version, ended=True, shown=shown, step=step)
            t.row.version, t.row.ended, t.row.shown, t.row.step = version, True, shown, step
            self._drop_sealed(t)   # never played (an ended table's sealed rows are never read)
            self._retell(t, story)
            t.tell(list(chapter.events))
            self._fan_out(t)
            events, state = t.events, t.state
        self._notify(t, state, events)

    def next_game(self, table: str) -> dict[str, Any]:
        """A new table: same game, options and seats (names, tokens, bots); the old one points to it."""
        t = self._table(table)
        with t.lock:
            options = {**self._fresh_profile(t.game, dict(t.row.options)),
                       **({"chance": t.row.chance} if t.game.chance_modes else {}),
                       SETTING_UP: t.row.setup is not None,   # the table's choice, kept
                       **({teaching.FIRST_GAME: True} if t.row.first_game else {})}
            seats = list(t.seats)
            version = t.row.version + 1
            payload = self.create_table(t.row.game, t.row.players, options, seats=seats,
                                        ends=(t.id, version), lang=t.row.lang, told=teaching.carried(t.row))
            t.row.version, t.row.ended, t.row.next_table = version, True, payload["table"]
            self._drop_sealed(t)
            story = t.story.copy()
            story.add(self._note(t, [engines.event("next_game", table=payload["table"],
                                                   say=engines.Text("The next game is set up."))], version))
            self._retell(t, story)
            t.tell(list(story.chapters[-1].events))
            self._fan_out(t)
        return payload

    def set_language(self, table: str, lang: str) -> None:
        """The host changes the table screen's language; every screen of the table hears of it
        (phones keep their own)."""
        t = self._table(table)
        lang = table_language(lang)
        with t.lock:
            if t.row.lang == lang:
                return
            version = t.row.version + 1
            self.store.update_table(t.id, version=version, lang=lang)
            t.row.version, t.row.lang = version, lang
            self._fan_out(t)   # the same events: a replay the table has not seen goes on
            state = t.state
        self._notify(t, state, [])

    # -- seats ---------------------------------------------------------------------

    def claim_seat(self, table: str, seat: int, name: str | None) -> str:
        """A seat for a person: the name is checked here, the one place (blank: "Player N")."""
        t = self._table(table)
        seat = self._check_seat_number(t, seat)
        if name is None:
            name = ""
        if not isinstance(name, str):
            raise BadRequest("A name is text.")
        name = " ".join(name.split())
        if len(name) > MAX_NAME:
            raise BadRequest("A name can be at most {count} characters.", count=MAX_NAME)
        token = secrets.token_urlsafe(24)
        with t.lock:
            if t.row.ended:
                raise Conflict("This table has ended.")
            current = t.seats[seat]
            if current.token_hash is not None or current.bot:
                raise Conflict("{seat} already sits there; ask the host to free the seat.", seat=seat)
            self._set_seat(t, SeatRow(seat, name, hash_token(token), False))
            state = t.state
        self._notify(t, state, [])
        return token

    def _set_seat(self, t: OpenTable, row: SeatRow, *, revoke: bool = False) -> None:
        """Store the seat, then (``revoke``: close the old phone's streams) show it everywhere."""
        version = t.row.version + 1
        self.store.set_seat(t.id, row, version=version)
        if revoke:
            for sub in [s for s in t.subs if s.seat == row.seat]:
                sub.revoke()
                t.subs.remove(sub)
        t.seats[row.seat] = row
        t.left.pop(row.seat, None)   # a freed or new seat has no grace from an earlier phone
        t.row.version = version
        t.tell([])
        self._fan_out(t)

    def seat_of(self, table: str, token: str | None) -> int:
        t = self._table(table)
        if not isinstance(token, str) or not token:
            raise Unauthorized("This phone does not hold a seat at this table.")
        digest = hash_token(token)
        found = -1
        for s in t.seats:   # compare against every seat: no early exit to time
            if s.token_hash is not None and hmac.compare_digest(digest, s.token_hash):
                found = s.seat
        if found < 0:
            if digest in t.freed:  # however the phone learns it (its stream, a poll, a play): the same words
                raise Unauthorized("The host freed this seat.")
            raise Unauthorized("This phone does not hold a seat at this table.")
        return found

    def free_seat(self, table: str, seat: int) -> None:
        t = self._table(table)
        seat = self._check_seat_number(t, seat)
        with t.lock:
            old = t.seats[seat].token_hash
            self._set_seat(t, SeatRow(seat, "", None, False), revoke=True)
            self._unready(t, seat)
            if old is not None:
                t.freed.add(old)
            state = t.state
        self._notify(t, state, [])

    def seat_bot(self, table: str, seat: int) -> None:
        t = self._table(table)
        seat = self._check_seat_number(t, seat)
        with t.lock:
            if t.row.ended:
                raise Conflict("This table has ended.")
            current = t.seats[seat]
            if current.bot:
                return
            if current.token_hash is not None:
                raise Conflict("{seat} already sits there; free the seat first.", seat=seat)
            self._set_seat(t, SeatRow(seat, "", None, True))
            self._open_if_ready(t)   # the computer is ready at once: it may have been the last
            state = t.state
        self._notify(t, state, [])

    # -- playing -------------------------------------------------------------------

    def _refuse_turn(self, t: OpenTable, seat: int) -> None:
        state = t.state
        if t.row.ended:
            raise Conflict("This table has ended.")
        if state.outcome is not None or not state.awaiting:
            raise Conflict("The game is over.")
        if seat in state.awaiting:
            if seat == TABLE and t.row.chance == DIGITAL and state.reading is None:
                raise Conflict("The companion draws the dice and cards at this table.")
            return
        if seat == TABLE:
            raise Conflict("The table has nothing to resolve right now.")
        if TABLE in state.awaiting:
            if t.row.chance == PHYSICAL:
                raise Conflict("The host has to enter what the dice or cards showed first.")
            raise Conflict("The table has to resolve something first.")
        others = [s for s in state.awaiting if s != TABLE]
        if len(others) == 1:
            raise Conflict("It is {seat}'s turn.", seat=others[0])
        raise Conflict("You have played; waiting for the others.")

    def act(self, table: str, seat: int, action: Any, *, expect_version: int | None = None) -> dict[str, Any]:
        """Check, apply, log, commit, push; then return the seat's new payload."""
        t = self._table(table)
        if seat != TABLE:
            seat = self._check_seat_number(t, seat)
        with t.lock:
            if expect_version is not None and expect_version != t.version_for(reader(seat)):
                raise Conflict("The game moved on; look again.")
            # a reading (what the real game shows: a card turned, the hits of real dice) is the
            # table's; a seat the game names as a reader enters it for the table
            reading = readers_now(t)
            player = TABLE if (seat != TABLE and reading is not None and seat in reading
                               and seat not in t.state.awaiting) else seat
            self._refuse_setting_up(t, player)
            if player == seat and self._holding(t) and t.game.pacing.sealed:
                return self._seal(t, seat, action)   # planned while the table tells: nobody else is told
            self._refuse_turn(t, player)
            self._refuse_held(t)
            canonical = t.state.find_legal(player, action)      # IllegalAction says why
            events = self._play(t, player, canonical)
            payload = self._seat_payload(t, seat)
            state = t.state
        self._notify(t, state, events)
        return payload

    def _play(self, t: OpenTable, player: int, canonical: Any, *,
              unseal: tuple[int, ...] = ()) -> list[Event]:
        """Apply a checked play, draw what it asks for, commit and push (``unseal``: the sealed
        play it is); the change's events. Caller holds the lock; a failure leaves the table as it was."""
        t.state = t.state.apply(player, canonical)
        events = list(t.state.events)
        rows = [LogRow(len(t.log), "action", None if player == TABLE else player, logged(canonical))]
        try:
            rows += self._resolve_chance(t, len(t.log) + 1, events)
            events = self._commit(t, rows, events, unseal=unseal)
        except BaseException:
            # nothing was stored: go back to exactly where we were
            self._rebuild(t)
            raise
        self._learn(t)
        return events

    def _resolve_chance(self, t: OpenTable, next_idx: int, events: list[Event]) -> list[LogRow]:
        """Digital chance: draw while the table awaits it; the new log rows, not yet stored."""
        rows: list[LogRow] = []
        if t.row.chance != DIGITAL:
            return rows
        for _ in range(10_000):
            if TABLE not in t.state.awaiting or t.state.reading is not None:   # a reading is never drawn
                break
            action, t.rng = chance_pick(t.state, t.rng)
            t.state = t.state.apply(TABLE, action)
            events.extend(t.state.events)
            rows.append(LogRow(next_idx + len(rows), "chance", None, logged(action)))
        return rows

    def _rebuild(self, t: OpenTable) -> None:
        fresh = self._replay(t.row, t.game, t.seats, t.log)
        t.state, t.rng = fresh.state, fresh.rng

    def undo(self, table: str) -> dict[str, Any]:
        """Take back the last play (and the draws it caused); logged, never rewriting history."""
        t = self._table(table)
        with t.lock:
            if t.row.ended:
                raise Conflict("This table has ended.")
            effective = effective_rows(t.log)
            bots = {s.seat for s in t.seats if s.bot}
            # the last play by a person (a bot's answer after it goes too, or the bot
            # would simply play again)
            last = next((i for i in range(len(effective) - 1, -1, -1)
                         if effective[i].kind == "action" and effective[i].seat not in bots), None)
            if last is None:
                raise Conflict("There is nothing to undo.")
            undoes = [r.idx for r in effective[last:]]
            row = LogRow(len(t.log), "undo", None, {"undoes": undoes})
            fresh = self._replay(t.row, t.game, t.seats, [*t.log, row])
            events = [engines.event("undo", say=engines.Text("The host undid the last move."))]
            t.state, t.rng = fresh.state, fresh.rng
            sealed = list(t.sealed)   # planned on the board the undo takes back: they go too
            try:
                events = self._commit(t, [row], events, drop=frozenset(str(i + 1) for i in undoes),
                                      unseal=self._drop_sealed(t))
            except BaseException:
                t.sealed = sealed
                self._rebuild(t)
                raise
            payload = self._public(t)
            state = t.state
        self._notify(t, state, events)
        return payload

    def notify(self, table: str, text: Any, **data: Any) -> None:
        """Tell everyone at the table something from the hardware (a beam check that
        disagrees, a fault): one public event with a ``say`` Text, pushed to every
        stream. Not a game change: nothing is logged, only ``version`` moves.
        (Added by the hardware helper for companion/hardware_link.py.)"""
        t = self._table(table)
        with t.lock:
            version = t.row.version + 1
            story = t.story.copy()
            note = {"type": "hardware", "visible_to": "all", "say": text.to_json(), **data}
            story.add(self._note(t, [note], version), self._backlog(t))
            shown, step = story.cursor()
            self.store.update_table(t.id, version=version, step=step, shown=shown)
            t.row.version, t.row.step, t.row.shown = version, step, shown
            self._retell(t, story)
            t.tell(list(story.chapters[-1].events))
            self._fan_out(t)

    # -- bots ----------------------------------------------------------------------

    def _schedule_bots(self, t: OpenTable) -> None:
        if not t.row.ended and not self._holding(t) and not self._setting_up(t) and any(
                s.bot and s.seat in t.state.awaiting for s in t.seats):
            self._bots.schedule(t.id)

    def bot_turns_due(self, table_id: str) -> tuple[Game, State, int, int, int] | None:
        """(game, state, version, seat, seed) for a bot seat that is awaited now, or None."""
        t = self._table(table_id)
        with t.lock:
            if t.row.ended:
                return None
            if self._holding(t):
                return None   # the table is still telling what the bot would play after
            if self._setting_up(t):
                return None   # the table is still setting up its box
            asked = {s for s, _, _ in self._requests(t)}   # the host enters what the bot cannot see
            seat = next((s.seat for s in t.seats
                         if s.bot and s.seat in t.state.awaiting and s.seat not in asked), None)
            if seat is None:
                return None
            return t.game, t.state, t.version_for(reader(seat)), seat, t.row.seed * 1_000_003 + t.row.version

    def wait_for_bots(self, timeout: float = 10.0) -> bool:
        """Until no bot is thinking and none is queued (for tests and selfplay)."""
        return self._bots.wait_idle(timeout)

    # -- hardware ------------------------------------------------------------------

    def hardware_status(self) -> dict[str, Any]:
        fault = self.storage_fault
        if self.hardware is None:
            return {"pin_factory": None, "mock": False, "devices": [], "last_beam_check": None,
                    "storage_fault": fault.to_json() if fault else None}
        result: dict[str, Any] = self.hardware.hardware_status()
        result["storage_fault"] = fault.to_json() if fault else None
        return result

    def press(self, button: str, held_s: float = 0.0) -> dict[str, Any]:
        if self.hardware is None:
            raise Conflict("No hardware is configured.")
        result: dict[str, Any] = self.hardware.press(button, held_s)
        return result

    def display_png(self) -> bytes:
        """The status display's frame now (a PNG); Conflict without hardware."""
        if self.hardware is None:
            raise Conflict("No hardware is configured.")
        png: bytes = self.hardware.display_png()
        return png

    def inject_fault(self, device: str, fault: str) -> dict[str, Any]:
        if self.hardware is None:
            raise Conflict("No hardware is configured.")
        result: dict[str, Any] = self.hardware.inject_fault(device, fault)
        return result


__all__ = ["CHANCE_MODES", "POLL_GRACE", "PRESENCE_GRACE", "TABLE_OPTIONS", "Service", "Subscription",
           "hash_token"]
