"""The table service: the tables, their seats and plays, built from parts it owns.

:class:`Service` implements ``web.service.TableService``. It owns the tables (companion/tables.py),
the store (companion/store.py) and these parts, each given only what it uses and keeping its own
state of a table (``OpenTable.<part>``)::

    presence    companion/presence.py     Presence    who is at the table (phones, the screen)
    telling     companion/telling.py      Teller      the story the table screen tells, Auto
    sealing     companion/sealing.py      Sealer      plays planned while the table tells
    setup       companion/setting_up.py   SetupGuide  setting up the box before the first play
    payloads    companion/payloads.py     Payloads    what each reader is shown, and the pushes
    streams     companion/streams.py      Streams     the open streams
    clockwork   companion/clockwork.py    Clockwork   what is due on the table's clock
    keeping     companion/keeping.py      Keeper      boards and box profiles
    panel       companion/panel.py        Panel       the hardware, as the host page sees it

Every change to a game goes through :meth:`Service.act` (phones, bots, the host acting for the
table, the hardware's buttons) and reads, in one place, under the table's lock::

    check (table open, not setting up, turn, not held, legal)   act
    -> apply, and draw what the change asks for                 _play (companion/ledger.py)
    -> append to the log and commit (SQLite, synchronous=FULL)  _commit
    -> tell: the change is the story's next chapter              _commit (Teller.retell)
    -> push each reader its payload                             _commit (Payloads.fan_out)
    -> reply; after the lock, the listeners (the hardware)      act (_notify)

A play the game lets a seat plan while the table screen tells (``Pacing.sealed``) is stored sealed
instead and played, the same way, once the telling ends (companion/sealing.py). A restart replays
each table from its log (companion/ledger.py).

Hidden information: every payload is built from ``state.view(seat)`` and the events that seat may
see (companion/payloads.py); the log, tokens and the other seats' views never leave the service.
"""

from __future__ import annotations

import hmac
import logging
import secrets
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import engines
from companion import teaching
from companion.audiences import reader
from companion.bots import BotRunner
from companion.clockwork import Clockwork
from companion.faults import Faults
from companion.keeping import Keeper
from companion.ledger import closing, draw, rebuild, replay
from companion.looking_back import LookingBack
from companion.narration import Narrator, default_player
from companion.pacer import Pacer
from companion.pairing import HostKey, HostSessions, Pairing
from companion.panel import Panel
from companion.payloads import Payloads
from companion.presence import POLL_GRACE, Presence
from companion.refusals import refuse_turn
from companion.sealing import Sealer
from companion.setting_up import SETTING_UP, SETUP_OPTION, SetupGuide, declares_setup, stage
from companion.speech import Player, Voice, pick_voice
from companion.store import LogRow, SeatRow, StorageFailure, Store, TableRow
from companion.story import CONTEXT, Chapter, Story, chapter_row, snapshot
from companion.streams import Streams
from companion.tables import (
    OpenTable,
    Subscription,
    Tables,
    effective_rows,
    hash_token,
    logged,
    readers_now,
    seat_number,
    table_language,
    table_rng,
)
from companion.telling import Teller, TellingPace
from engines import TABLE, Event, Game, IllegalAction, State
from engines.core import CHANCE_LABELS, CHANCE_MODES, DIGITAL, chance_mode
from engines.text import N_
from web.service import MAX_NAME, SEATS_REFUSAL, BadRequest, Conflict, Unauthorized

log = logging.getLogger("companion")

Listener = Callable[[str, State, list[Event]], None]

TABLE_OPTIONS: list[dict[str, Any]] = [{
    "name": "chance", "type": "choice", "choices": list(CHANCE_MODES), "default": DIGITAL,
    "label": N_("Chance"), "choice_labels": dict(CHANCE_LABELS),
    "help": N_("Dice, shuffles and deals: drawn by the companion (digital), or done with the real "
               "dice and cards and entered at the table (physical)."),
}]
PRESENCE_GRACE = 2.0   # seconds a seat stays "connected" after its phone's last stream closed
MAX_SEED = (1 << 63) - 1   # the largest seed SQLite can keep (a signed 64-bit INTEGER)


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


def _known_game(game: Any) -> Game:
    if not isinstance(game, str):
        raise BadRequest("Choose a game.")
    try:
        return engines.get(game)
    except engines.UnknownGame:
        raise BadRequest("There is no game called {game}.", game=game) from None


def _seat_roles(game: Game) -> dict[str, Any]:
    roles = {str(n): [text.to_json() for text in game.seat_roles(n)]
             for n in range(game.min_players, game.max_players + 1)}
    return {"seat_roles": roles} if any(roles.values()) else {}


def _seats_for(t: OpenTable, g: Game, seats: Any) -> list[SeatRow]:
    """The next game's seats: for each entry of ``seats`` (None: every seat of ``t`` as it is), a
    seat of ``t`` carried (its name, token and bot), a bot, or a free seat; checked against the
    game's player count."""
    given = list(range(t.row.players)) if seats is None else seats
    if not isinstance(given, list):
        raise BadRequest(SEATS_REFUSAL)
    if not g.min_players <= len(given) <= g.max_players:
        if g.min_players == g.max_players:
            raise BadRequest("{title} is for exactly {low} players.", title=g.title, low=g.min_players)
        raise BadRequest("{title} is for {low} to {high} players, not {count}.", title=g.title,
                         low=g.min_players, high=g.max_players, count=len(given))
    out: list[SeatRow] = []
    for seat, entry in enumerate(given):
        if entry is None or entry == "bot":
            out.append(SeatRow(seat, "", None, entry == "bot"))
        elif (isinstance(entry, int) and not isinstance(entry, bool) and 0 <= entry < t.row.players
              and entry not in given[:seat]):
            old = t.seats[entry]
            out.append(SeatRow(seat, old.name, old.token_hash, old.bot))
        else:
            raise BadRequest(SEATS_REFUSAL)
    return out


def _checked_seed(seed: Any) -> int:
    """A new table's seed: the one given, checked, or a fresh one."""
    if seed is None:
        return secrets.randbits(62)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise BadRequest("The seed must be a whole number.")
    if not 0 <= seed <= MAX_SEED:   # SQLite stores signed 64-bit integers
        raise BadRequest("The seed must be a whole number from 0 to {largest}.", largest=MAX_SEED)
    return seed


def _salt() -> str:
    """A new table's salt (companion/story.py ``tag``): a secret drawn for this table alone, never
    from its seed, so a second table started on the same seed names its events differently (nobody
    can count another table's secret steps by matching identities). Kept in the store, so a
    restart names events alike."""
    return secrets.token_hex(16)


def _checked_name(name: object) -> str:
    """A seat's name, checked here, the one place (blank: "Player N" when shown)."""
    if name is None:
        return ""
    if not isinstance(name, str):
        raise BadRequest("A name is text.")
    name = " ".join(name.split())
    if len(name) > MAX_NAME:
        raise BadRequest("A name can be at most {count} characters.", count=MAX_NAME)
    return name


def _finished(t: OpenTable) -> float | None:
    """When the game reached its end, as a change to its state is stored: now (wall-clock) when this
    change ends it, 0 when it takes the end back (an undo), None when the end is as it was."""
    over = t.state.outcome is not None
    if over == bool(t.row.finished):
        return None
    return time.time() if over else 0.0


def _start(table: OpenTable, setting_up: bool) -> None:
    """A new table's first draws (its log, stored with it), its story's first chapter, the
    lessons that start tells and its setup stage; nothing stored yet."""
    row, g = table.row, table.game
    before = snapshot(table.state)
    events = list(table.state.events)
    table.log.extend(draw(table, 0, events))   # the first draws, stored with the table
    if table.log:
        row.version = 2
    story = Story(before)
    lessons = teaching.due(table)
    row.lessons = teaching.told(table, lessons, "0") or row.lessons
    story.add(Chapter.make("0", 0, events, before, snapshot(table.state), g, row.salt, lessons))
    row.shown, row.step = story.cursor()
    row.setup = stage(g.setup_steps(table.state, chance_mode(row.chance)) if setting_up else (), setting_up)
    if row.setup is not None and len(SetupGuide.ready_seats(table)) >= row.players:
        row.setup["open"] = True   # the computer plays every seat: nobody sets anything up
    table.telling.story = story
    table.heard.tell(list(story.chapters[-1].events) if story.chapters else events)


# --------------------------------------------------------------------------- the service



def _next_options(t: OpenTable, g: Game, options: Mapping[str, Any] | None) -> dict[str, Any]:
    """The next game's options: those given (the same game's, when none are), or another game's
    defaults; the table's own choices (chance, setting up, "First game") kept unless named."""
    if options is not None and not isinstance(options, Mapping):
        raise BadRequest("The options must be an object.")
    kept = {**({"chance": t.row.chance} if g.chance_modes else {}),
            SETTING_UP: t.row.setup is not None,   # the table's choice, kept
            **({teaching.FIRST_GAME: True} if t.row.first_game else {})}
    return {**kept, **dict(options or {})}

class Service:
    """The companion's table service (see the module docstring)."""

    def __init__(self, data_dir: str | Path, host_key: str, hardware: Any = None,
                 clock: Callable[[], float] = time.monotonic, think_seconds: float = 1.0,
                 presence_grace: float = PRESENCE_GRACE, reading_pace: float = 1.0,
                 voice: Voice | None = None, speaker: Player | bool | None = True) -> None:
        """``voice``: what speaks the story (default: espeak-ng, or a Piper voice file placed in
        ``<data_dir>/voices``); ``speaker``: the Pi's own audio output (True: aplay when installed,
        False: none; companion/speech.py)."""
        self.data_dir = Path(data_dir)
        self.key = HostKey(host_key)   # followed in its file by `companion serve` (host-key --new)
        self.hardware = hardware       # the hardware link (companion/hardware_link.py sets it)
        self.clock = clock

        def now() -> float:   # every part reads the service's clock (a test may set another)
            return self.clock()

        self.tables = Tables(now)
        self.tables.reader = lambda table_id: next(
            (self._open(row) for row in self.store.load_tables(table_id)), None)
        self._stopping = False
        self._listeners: list[Listener] = []
        self.faults = Faults(self.tables, lambda: self.store.failing, lambda t: self.payloads.fan_out(t))
        self.store = Store(self.data_dir / "companion.db", on_failing=self.faults.changed)
        self._bots = BotRunner(self.bot_turns_due, self.act, now, think_seconds)
        self.presence = Presence(now, presence_grace)
        self.clockwork: Clockwork   # set below: the pacer's thread runs it
        self._pacer = Pacer(lambda: self.clockwork.pace(), now)
        self.narration = Narrator(self.tables, self.store, voice or pick_voice(self.data_dir),
                                  default_player(speaker),
                                  push=lambda t: self.payloads.fan_out(t), poke=self._pacer.poke)
        self.telling = Teller(now, self.store, self.presence, poke=self._pacer.poke,
                              released=self._schedule_bots, pace=reading_pace, told=self.narration.told,
                              speaking=self.narration.seconds)
        self.telling_pace = TellingPace(self.tables, self.store, push=lambda t: self.payloads.fan_out(t),
                                        poke=self._pacer.poke)
        self.sealing = Sealer(self.store, self.telling, play=self._play,
                              push_seat=lambda t, seat: self.payloads.push_seat(t, seat))
        self.setup = SetupGuide(self.store, self.tables, lambda: self.hardware,
                                watched=self.presence.present, push=lambda t: self.payloads.fan_out(t),
                                payload=lambda t, seat: self.payloads.payload(t, seat),
                                opened=self._schedule_bots, poke=self._pacer.poke,
                                notify=lambda t, state: self._notify(t, state, []))
        self.payloads = Payloads(self.presence, self.telling, self.sealing, self.setup, self.faults.sentence,
                                 voice=self.narration.to_json)
        self.streams = Streams(self.tables, self.presence, self.telling, self.payloads,
                               poke=self._pacer.poke, stopping=lambda: self._stopping)
        self.clockwork = Clockwork(self.tables, self.presence, self.telling, self.setup, self.sealing,
                                   self.payloads, released=self._schedule_bots, notify=self._notify,
                                   let_go=self._let_go)
        self.looking_back = LookingBack(self.tables, self.telling, self.presence, self.payloads)
        self.keeping = Keeper(self.store)
        self.panel = Panel(lambda: self.hardware, self.faults.sentence)
        self.pairing = Pairing()  # a phone becoming the host by the host button
        self.host_sessions = HostSessions(self.store, key=self.key)   # each host device's own session
        self._load()

    # -- start-up: replay every table --------------------------------------------

    def _load(self) -> None:
        """Every table that is not over read back from its log; one that is over and was let go is
        listed by its kept entry, and read back only when someone opens it."""
        for row in self.store.load_tables():
            if row.summary is not None and row.summary.get("version") == row.version:
                self.tables.keep(row.id, row.summary)
                continue
            table = self._open(row, resumed=True)
            if table is not None:
                self.tables.add(table)
        for table in self.tables:
            self._schedule_bots(table)
        self._pacer.poke()

    def _open(self, row: TableRow, *, resumed: bool = False) -> OpenTable | None:
        """A stored table read back from its log (None if it no longer replays); one still in play
        gets its sealed plays, what each reader is shown now (a later change compares with it), the
        draws a crash cut off between a play and its commit, and, once no table screen holds plays,
        its sealed plays played. ``resumed``: the companion is starting (a power cut, a restart):
        a table with steps still to tell waits for its screen to come back first
        (``Presence.resumed``), so the screen finds the step it showed."""
        try:
            game = engines.get(row.game)
            # the story from a few chapters before the shown step (the lines under it) on
            story_from = max(0, chapter_row(row.shown) - CONTEXT) if row.shown else None
            table = replay(row, game, self.store.seats(row.id), self.store.log(row.id), story_from=story_from)
        except engines.UnknownGame:
            log.warning("table %s plays %s, which this companion does not know; skipped", row.id, row.game)
            return None
        except (IllegalAction, KeyError, TypeError, ValueError) as exc:
            # the rules changed under a stored game: keep its rows, start without it
            log.warning("table %s (%s) cannot be replayed and is left out: %s", row.id, row.game, exc)
            return None
        table.telling.since = self.clock()
        with table.lock:
            if row.ended:
                return table
            table.sealing.plays = self.store.sealed(table.id)
            if resumed and table.telling.story.waiting():
                self.presence.resumed(table)
            self.payloads.look(table)
            events: list[Event] = []
            rows = draw(table, len(table.log), events)
            try:
                if rows:
                    self._commit(table, rows, events)
            except StorageFailure:   # the draw waits for a store that takes writes
                rebuild(table)
            self.sealing.unseal(table)
        return table

    def _let_go(self, t: OpenTable) -> None:
        """A table that is over and idle leaves memory (companion/tables.py ``Tables``); its entry in
        the list is kept in the store first (a store that refuses: it stays). Under the lock."""
        if not (t.row.ended or t.state.outcome is not None) or not self.tables.idle(t):
            return
        if self.tables.find(t.id) is not t:
            return   # let go already by another look (and maybe read back since)
        entry = self.payloads.listed(t)
        try:
            self.store.keep_summary(t.id, entry)
        except StorageFailure:
            return
        self.tables.let_go(t, entry)

    def stop(self) -> None:
        """The companion is stopping: bots stop thinking and every open stream ends at once, so
        no server thread waits on a phone. Nothing is lost: every play was committed already."""
        self._stopping = True
        self._bots.close()
        self._pacer.close()
        self.narration.close()
        for t in self.tables:
            with t.lock:
                subs = list(t.subs)
            for sub in subs:
                sub.end()

    def close(self) -> None:
        self.stop()
        self.store.close()

    @property
    def storage_fault(self) -> engines.Text | None:
        """The sentence for the players while the store refuses writes, else None (companion/faults.py)."""
        return self.faults.sentence()

    # -- reading -------------------------------------------------------------------

    def check_host_key(self, key: str | None) -> bool:
        return self.key.matches(key)

    @property
    def host_key(self) -> str:
        """The host key now (``companion host-key --new`` may have changed it)."""
        return self.key.current()

    def games(self) -> list[dict[str, Any]]:
        """Each game as it describes itself, its table options and, where its seats have roles,
        each seat's role by player count (its default options): the host's next-game form."""
        return [{**g.describe(), "table_options": _table_options(g), **_seat_roles(g)}
                for g in engines.GAMES.values()]

    def list_tables(self) -> list[dict[str, Any]]:
        """Every table, in the order they were made: those in memory, and those let go."""
        out = []
        for table in self.tables:
            with table.lock:
                out.append(self.payloads.listed(table))
        out += self.tables.kept()
        return sorted(out, key=lambda entry: (entry["created"], entry["table"]))

    def state_of(self, table_id: str) -> State:
        """The table's current state (for the hardware link; never sent to a phone as is)."""
        return self.tables.get(table_id).state

    def seat_names(self, table_id: str) -> list[str]:
        table = self.tables.get(table_id)
        return [table.name(s) for s in range(table.row.players)]

    def public(self, table: str, *, screen: bool = False) -> dict[str, Any]:
        """The public payload; ``screen``: a table screen asks (polling, its stream blocked)."""
        t = self.tables.get(table)
        with t.lock:
            if screen:
                if self.presence.screen_polled(t):
                    t.telling.since = self.clock()   # Auto gives the first step its time on the screen
                    if t.telling.story.as_of() is not None:
                        self.payloads.fan_out(t)     # phones told "now" without a screen: as of its step
                self._pacer.poke()
            self.payloads.push_presence(t)
            return self.payloads.public(t)

    def seat_view(self, table: str, seat: int, *, present: bool = False) -> dict[str, Any]:
        """The seat's payload; ``present``: its phone asks (a poll counts as being at the table)."""
        t = self.tables.get(table)
        if seat != TABLE:
            seat_number(t, seat)
        with t.lock:
            if present and seat != TABLE:
                self.presence.phone_polled(t, seat)
                self._pacer.poke()   # it is shown away once its polls stop
            self.payloads.push_presence(t)
            return self.payloads.seat(t, seat)

    def beat(self, table: str, seat: int, *, leaving: bool = False) -> None:
        """The seat's phone is at the table (its heartbeat; companion/presence.py): a phone whose
        heartbeats stop is shown away, though its stream may still look open. ``leaving``: its
        page is closing (shown away after the grace, unless it is back by then)."""
        t = self.tables.get(table)
        seat_number(t, seat)
        with t.lock:
            if leaving:
                self.presence.phone_leaving(t, seat)
                newly = True
            else:
                newly = self.presence.phone_beat(t, seat)
            self.payloads.push_presence(t)
        if newly:
            self._pacer.poke()   # it is shown away once its heartbeats stop, or its grace runs out

    def subscribe(self, table: str, seat: int | None, *, screen: bool = False) -> Subscription:
        """A stream of payloads (companion/streams.py); ``screen``: a table screen's public stream."""
        return self.streams.subscribe(table, seat, screen=screen)

    # -- the play's path: check, apply, commit, tell, push -------------------------

    def act(self, table: str, seat: int, action: Any, *, expect_version: int | None = None) -> dict[str, Any]:
        """Check, apply, log, commit, tell, push; then the seat's new payload (module docstring)."""
        t = self.tables.get(table)
        if seat != TABLE:
            seat = seat_number(t, seat)
        with t.lock:
            if expect_version is not None and expect_version != t.version_for(reader(seat)):
                raise Conflict("The game moved on; look again.")
            # a reading (what the real game shows: a card turned, the hits of real dice) is the
            # table's; a seat the game names as a reader enters it for the table
            reading = readers_now(t)
            player = TABLE if (seat != TABLE and reading is not None and seat in reading
                               and seat not in t.state.awaiting) else seat
            self.setup.refuse(t, player)
            if player == seat and self.telling.holding(t) and t.game.pacing.sealed:
                self.sealing.seal(t, seat, action)   # planned while the table tells: nobody else is told
                return self.payloads.push_seat(t, seat)
            refuse_turn(t, player)
            self.telling.refuse_held(t)
            canonical = t.state.find_legal(player, action)      # IllegalAction says why
            events = self._play(t, player, canonical)
            payload = self.payloads.seat(t, seat)
            state = t.state
        self._notify(t, state, events)
        return payload

    def _play(self, t: OpenTable, player: int, canonical: Any, unseal: tuple[int, ...] = ()) -> list[Event]:
        """Apply a checked play, draw what it asks for, commit, tell and push (``unseal``: the sealed
        play it is); the change's events. Caller holds the lock; a failure leaves the table as it was."""
        t.state = t.state.apply(player, canonical)
        events = list(t.state.events)
        rows = [LogRow(len(t.log), "action", None if player == TABLE else player, logged(canonical))]
        try:
            rows += draw(t, len(t.log) + 1, events)
            events = self._commit(t, rows, events, unseal=unseal)
        except BaseException:
            rebuild(t)   # nothing was stored: go back to exactly where we were
            raise
        self.keeping.learn(t)
        return events

    def _commit(self, t: OpenTable, rows: list[LogRow], events: list[Event], *,
                drop: frozenset[str] = frozenset(), unseal: tuple[int, ...] = ()) -> list[Event]:
        """Write the change durably, then tell it and push it. Caller holds the lock.

        The change becomes the story's next chapter (appended: a chapter the table screen has not
        finished is never replaced); ``drop``: the chapters an undo took back; ``unseal``: the
        sealed plays this change plays or takes back (deleted in its transaction). A reader the
        change leaves as it was (companion/audiences.py) is pushed nothing and its version stays.
        Returns the change's events, each with its identity."""
        version, key = t.row.version + 1, str(len(t.log) + 1)
        lessons = teaching.due(t) if rows and rows[0].kind == "action" else []   # a play's, not an undo's
        chapter = Chapter.make(key, len(t.log) + 1, events, t.telling.story.end,
                               snapshot(t.state, t.row.ended), t.game, t.row.salt, lessons)
        told = teaching.told(t, lessons, key)
        story = t.telling.story.copy()
        story.drop(set(drop))
        story.add(chapter, self.telling.backlog(t), read=self.telling.read(t))
        shown, step = story.cursor()
        unseen = self.payloads.unseen(t, story, step, shown, list(chapter.events))
        hidden = {**t.row.hidden, **{r: t.row.hidden.get(r, 0) + 1 for r in unseen}}
        finished = _finished(t)
        # commit
        self.store.append(t.id, rows, version=version, step=step, shown=shown,
                          hidden=hidden if unseen else None, lessons=told, unseal=unseal, finished=finished)
        t.log.extend(rows)
        t.row.version, t.row.step, t.row.shown, t.row.hidden = version, step, shown, hidden
        if finished is not None:
            t.row.finished = finished
        if told is not None:
            t.row.lessons = told
        # tell
        self.telling.retell(t, story)
        stale = self.payloads.stale(t, unseen)   # a reader that did not see it keeps what it was told
        t.heard.tell(list(chapter.events))
        t.heard.stale = stale
        # push
        self.payloads.fan_out(t, unseen)
        return t.heard.events

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

    def act_for(self, table: str, seat: int, action: Any) -> dict[str, Any]:
        """The host enters a seat's physical input for it (the table asks for it: the payload's
        ``requests``); the table's payload (``as=table``) after. Refused when that seat is not asked for."""
        t = self.tables.get(table)
        seat = seat_number(t, seat)
        with t.lock:
            if seat not in {s for s, _, _ in self.payloads.requests(t)}:
                raise Conflict("{seat} can enter that themselves; the host enters only what a seat "
                               "cannot (the computer, or a seat with no phone).", seat=seat)
        self.act(table, seat, action)
        return self.seat_view(table, TABLE)

    def undo(self, table: str) -> dict[str, Any]:
        """Take back the last play (and the draws it caused); logged, never rewriting history."""
        t = self.tables.get(table)
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
            fresh = replay(t.row, t.game, t.seats, [*t.log, row])
            events = [engines.event("undo", say=engines.Text("The host undid the last move."))]
            t.state, t.rng = fresh.state, fresh.rng
            sealed = list(t.sealing.plays)   # planned on the board the undo takes back: they go too
            try:
                events = self._commit(t, [row], events, drop=frozenset(str(i + 1) for i in undoes),
                                      unseal=self.sealing.drop(t))
            except BaseException:
                t.sealing.plays = sealed
                rebuild(t)
                raise
            payload = self.payloads.public(t)
            state = t.state
        self._notify(t, state, events)
        return payload

    # -- the story: notes that are no play, the table's "next", Auto -----------------

    def _tell_note(self, t: OpenTable, events: list[Event], *, ended: bool = False) -> None:
        """A change that is no log row (the host ends the table, a note from the hardware) told as
        the story's next chapter: stored with the next version, then pushed. Under the lock."""
        version = t.row.version + 1
        story = t.telling.story.copy()
        story.add(self.telling.note(t, events, version, ended=ended), self.telling.backlog(t))
        shown, step = story.cursor()
        self.store.update_table(t.id, version=version, shown=shown, step=step, ended=ended or None)
        t.row.version, t.row.shown, t.row.step = version, shown, step
        t.row.ended = t.row.ended or ended
        self.telling.retell(t, story)
        t.heard.tell(list(story.chapters[-1].events))
        self.payloads.fan_out(t)

    def notify(self, table: str, text: Any, **data: Any) -> None:
        """Tell everyone at the table something from the hardware (a beam check that disagrees, a
        fault): one public event with a ``say`` Text, pushed to every stream. Not a game change:
        nothing is logged, only ``version`` moves."""
        t = self.tables.get(table)
        with t.lock:
            note = {"type": "hardware", "visible_to": "all", "say": text.to_json(), **data}
            self._tell_note(t, [note])

    def advance(self, table: str) -> dict[str, Any]:
        """The table's "next": the table screen shows the story's next step (stored, pushed to
        every screen and phone). With nothing left to tell, nothing changes. While the table sets up
        its box, the next setup step (companion/setting_up.py): the companion's next button too."""
        t = self.tables.get(table)
        with t.lock:
            played: list[tuple[State, list[Event]]] = []
            if not self.setup.next(t):
                if self.telling.step(t):
                    self.payloads.fan_out(t)
                played = self.sealing.unseal(t)   # the telling ended: plays sealed for it are played now
            payload = self.payloads.public(t)
        for state, events in played:
            self._notify(t, state, events)
        return payload

    def set_auto(self, table: str, on: bool) -> dict[str, Any]:
        """Auto on or off for the whole table (every screen and phone shows the same)."""
        t = self.tables.get(table)
        if not isinstance(on, bool):
            raise BadRequest("Auto is on (true) or off (false).")
        with t.lock:
            if self.telling.set_auto(t, on):
                self.payloads.fan_out(t)
            return self.payloads.public(t)

    # -- tables --------------------------------------------------------------------

    def create_table(self, game: str, players: int, options: Mapping[str, Any] | None,
                     seed: int | None = None, *, seats: list[SeatRow] | None = None,
                     ends: tuple[str, int] | None = None, lang: str = "en",
                     told: Mapping[str, str] | None = None,
                     narration: Mapping[str, Any] | None = None, pace: str = "normal") -> dict[str, Any]:
        """A new table, stored (with its first draws) in one transaction before it is shown.

        ``lang`` is the table screen's language. ``ends=(table, version)``: that table ends in the
        same transaction (the next game); ``told``: the lessons its seats were told there;
        ``narration``, ``pace``: how it hears its story and the telling's pace (the next game: as there)."""
        lang = table_language(lang)
        g = _known_game(game)
        options, first_game = teaching.first_game_option(options)
        game_options, chance, setting_up = _game_options(g, options)
        seed = _checked_seed(seed)
        state = g.start(players=players, seed=seed, options=game_options)   # IllegalAction: 400
        full_options = g.validate_options(game_options)
        with self.tables.lock:
            row = TableRow(self.tables.new_id(), g.id, players, full_options, seed, chance, 1, 0, False,
                           time.time(), lang=lang, salt=_salt(), first_game=first_game,
                           lessons=dict(told or {}), narration=dict(narration) if narration else None,
                           pace=pace)
            seat_rows = seats or [SeatRow(s, "", None, False) for s in range(players)]
            table = OpenTable(row, g, list(seat_rows), state, table_rng(seed), [])
            _start(table, setting_up)
            self.store.create_table(row, seat_rows, table.log, ends=ends)   # StorageFailure: nothing made
            table.telling.since = self.clock()
            self.tables.add(table)
        with table.lock:
            self.payloads.look(table)
            self.setup.check_step(table)
            payload = self.payloads.public(table)
            final, events = table.state, table.heard.events
        self._notify(table, final, events)
        self._pacer.poke()
        return payload

    def end_table(self, table: str) -> None:
        t = self.tables.get(table)
        with t.lock:
            if t.row.ended:
                return
            self.sealing.drop(t)   # never played (an ended table's sealed rows are never read)
            self._tell_note(t, closing(t.row), ended=True)
            events, state = t.heard.events, t.state
        self._notify(t, state, events)

    def next_game(self, table: str, game: str | None = None, options: Mapping[str, Any] | None = None,
                  seats: Any = None) -> dict[str, Any]:
        """A new table for the people of this one; the old one ends and points to it (every phone
        and screen follows). Left out, each of ``game``, ``options`` and ``seats`` is as here: the
        same game, its options, and every seat as it is (names, tokens, bots).

        ``game``: another game; its ``options`` left out are its defaults. The table's own choices
        (chance, setting up, first game) are kept unless ``options`` names them. ``seats``: one
        entry per seat of the new table, in its order (the order is the role where the game gives
        seats roles): a seat of this table (its person, name and token, sits there), ``"bot"``, or
        None (free: someone new claims it). Someone left out claims a free seat like a newcomer.
        A refusal (a player count the game does not take) changes nothing."""
        t = self.tables.get(table)
        with t.lock:
            g = t.game if game is None else _known_game(game)
            same = g.id == t.game.id
            carried = _seats_for(t, g, seats)
            given = options if options is not None or not same else self.keeping.fresh_profile(
                g, dict(t.row.options))   # the same game: its box profile as kept now
            options = _next_options(t, g, given)
            version = t.row.version + 1
            payload = self.create_table(g.id, len(carried), options, seats=carried, ends=(t.id, version),
                                        lang=t.row.lang, told=teaching.carried(t.row) if same else None,
                                        narration=t.narration.to_json(), pace=t.row.pace)
            t.row.version, t.row.ended, t.row.next_table = version, True, payload["table"]
            self.sealing.drop(t)
            story = t.telling.story.copy()
            story.add(self.telling.note(t, closing(t.row), version))
            self.telling.retell(t, story)
            t.heard.tell(list(story.chapters[-1].events))
            self.payloads.fan_out(t)
        return payload

    def set_language(self, table: str, lang: str) -> None:
        """The host changes the table screen's language; every screen of the table hears of it
        (phones keep their own)."""
        t = self.tables.get(table)
        lang = table_language(lang)
        with t.lock:
            if t.row.lang == lang:
                return
            version = t.row.version + 1
            self.store.update_table(t.id, version=version, lang=lang)
            t.row.version, t.row.lang = version, lang
            self.payloads.fan_out(t)   # the same events: a replay the table has not seen goes on
            state = t.state
        self._notify(t, state, [])

    # -- seats ---------------------------------------------------------------------

    def claim_seat(self, table: str, seat: int, name: str | None) -> str:
        """A seat for a person; its secret token (only its hash is kept)."""
        t = self.tables.get(table)
        seat = seat_number(t, seat)
        name = _checked_name(name)
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
        self.presence.seat_left(t, row.seat)
        t.row.version = version
        t.heard.tell([])
        self.payloads.fan_out(t)

    def seat_of(self, table: str, token: str | None) -> int:
        t = self.tables.get(table)
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
        t = self.tables.get(table)
        seat = seat_number(t, seat)
        with t.lock:
            old = t.seats[seat].token_hash
            self._set_seat(t, SeatRow(seat, "", None, False), revoke=True)
            self.setup.unready(t, seat)
            if old is not None:
                t.freed.add(old)
            state = t.state
        self._notify(t, state, [])

    def seat_bot(self, table: str, seat: int) -> None:
        t = self.tables.get(table)
        seat = seat_number(t, seat)
        with t.lock:
            if t.row.ended:
                raise Conflict("This table has ended.")
            current = t.seats[seat]
            if current.bot:
                return
            if current.token_hash is not None:
                raise Conflict("{seat} already sits there; free the seat first.", seat=seat)
            self._set_seat(t, SeatRow(seat, "", None, True))
            self.setup.open_if_ready(t)   # the computer is ready at once: it may have been the last
            state = t.state
        self._notify(t, state, [])

    # -- bots ----------------------------------------------------------------------

    def _schedule_bots(self, t: OpenTable) -> None:
        if not t.row.ended and not self.telling.holding(t) and not self.setup.setting_up(t) and any(
                s.bot and s.seat in t.state.awaiting for s in t.seats):
            self._bots.schedule(t.id)

    def bot_turns_due(self, table_id: str) -> tuple[Game, State, int, int, int] | None:
        """(game, state, version, seat, seed) for a bot seat that is awaited now, or None."""
        t = self.tables.get(table_id)
        with t.lock:
            if t.row.ended or self.telling.holding(t) or self.setup.setting_up(t):
                return None   # ended, still telling what the bot would play after, or setting up
            asked = {s for s, _, _ in self.payloads.requests(t)}   # the host enters what the bot cannot see
            seat = next((s.seat for s in t.seats
                         if s.bot and s.seat in t.state.awaiting and s.seat not in asked), None)
            if seat is None:
                return None
            return t.game, t.state, t.version_for(reader(seat)), seat, t.row.seed * 1_000_003 + t.row.version

    def wait_for_bots(self, timeout: float = 10.0) -> bool:
        """Until no bot is thinking and none is queued (for tests and selfplay)."""
        return self._bots.wait_idle(timeout)


__all__ = ["CHANCE_MODES", "POLL_GRACE", "PRESENCE_GRACE", "TABLE_OPTIONS", "Service", "Subscription",
           "hash_token"]
