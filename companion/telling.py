"""How the table screen tells the table's story, and what the host enters for a seat that cannot.

A mixin of :class:`companion.service.Service` (it uses the service's tables, store, clock and
streams; every method runs under the table's lock unless it says so):

- the story (companion/story.py, docs/web.md "The table's story"): a change that is no log row as
  a chapter (``_note``), the story replaced after a commit (``_retell``), the table's "next"
  (``advance``) and Auto (``set_auto``, ``pace``: run by the pacer's thread), whether a table screen
  is watching, and whether plays wait for it (the game's ``Pacing.hold``; plays sealed meanwhile
  are played once it stops holding them: companion/sealing.py ``_unseal``);
- with the real cards, a seat that cannot enter its physical input (the computer, a seat with no
  phone): the host page is asked (``_requests``) and enters it (``act_for``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import engines
from companion.store import StorageFailure
from companion.story import UNWATCHED, Chapter, Story, snapshot
from companion.tables import OpenTable
from engines import TABLE, Event
from engines.core import PHYSICAL
from web.service import BadRequest, Conflict

if TYPE_CHECKING:
    from collections.abc import Callable

    from companion.pacer import Pacer
    from companion.store import Store

POLL_GRACE = 5.0       # seconds a poll keeps a phone or a table screen present (pages poll every 2 s)


class Telling:
    # what the service provides (companion/service.py)
    clock: Callable[[], float]
    presence_grace: float
    store: Store
    _pacer: Pacer
    _tables: dict[str, OpenTable]

    if TYPE_CHECKING:   # provided by the service and the other mixin
        def _table(self, table_id: object) -> OpenTable: ...
        def _check_seat_number(self, table: OpenTable, seat: object) -> int: ...
        def _fan_out(self, table: OpenTable) -> None: ...
        def _public(self, table: OpenTable) -> dict[str, Any]: ...
        def _schedule_bots(self, t: OpenTable) -> None: ...
        def _push_presence(self, table: OpenTable) -> None: ...
        def _presence_flags(self, table: OpenTable) -> tuple[bool, ...]: ...
        def _setting_up(self, t: OpenTable) -> bool: ...
        def _setup_next(self, t: OpenTable) -> bool: ...
        def _pace_setup(self, t: OpenTable, now: float) -> float | None: ...
        def act(self, table: str, seat: int, action: Any, *,
                expect_version: int | None = None) -> dict[str, Any]: ...
        def seat_view(self, table: str, seat: int, *, present: bool = False) -> dict[str, Any]: ...
        def _unseal(self, t: OpenTable) -> list[tuple[engines.State, list[Event]]]: ...
        def _notify(self, table: OpenTable, state: engines.State, events: list[Event]) -> None: ...

    def _note(self, table: OpenTable, events: list[Event], version: int, *, ended: bool = False) -> Chapter:
        """A change that is no log row (the end of the table, a note from the hardware) as the
        story's next chapter; the caller stores ``version`` (and the cursor) and pushes it."""
        return Chapter.make(f"{len(table.log)}~{version}", len(table.log), events, table.story.end,
                            snapshot(table.state, table.row.ended or ended), table.game, table.row.salt)

    def _retell(self, table: OpenTable, story: Story) -> None:
        """The table's story is now ``story`` (stored already): a new step shown restarts Auto's
        wait; plays held for the story may go on; the pacer looks again."""
        held = self._holding(table)
        if story.cursor() != table.story.cursor():
            table.since = self.clock()
        table.story = story
        if held and not self._holding(table):
            self._schedule_bots(table)
        self._pacer.poke()

    def advance(self, table: str) -> dict[str, Any]:
        """The table's "next": the table screen shows the story's next step (stored, pushed to
        every screen and phone). With nothing left to tell, nothing changes. While the table sets up
        its box, the next setup step (companion/setting_up.py): the companion's next button too."""
        t = self._table(table)
        with t.lock:
            played: list[tuple[engines.State, list[Event]]] = []
            if not self._setup_next(t):
                self._step(t)
                played = self._unseal(t)   # the telling ended: plays sealed for it are played now
            payload = self._public(t)
        for state, events in played:
            self._notify(t, state, events)
        return payload

    def _step(self, t: OpenTable) -> bool:
        """One step further through the story, stored and pushed; False when all is told."""
        story = t.story.copy()
        if not story.next():
            return False
        version = t.row.version + 1
        shown, step = story.cursor()
        self.store.update_table(t.id, version=version, step=step, shown=shown)
        t.row.version, t.row.step, t.row.shown = version, step, shown
        self._retell(t, story)
        self._fan_out(t)
        return True

    def set_auto(self, table: str, on: bool) -> dict[str, Any]:
        """Auto on or off for the whole table (every screen and phone shows the same)."""
        t = self._table(table)
        if not isinstance(on, bool):
            raise BadRequest("Auto is on (true) or off (false).")
        with t.lock:
            if t.row.auto != on:
                version = t.row.version + 1
                self.store.update_table(t.id, version=version, auto=on)
                t.row.version, t.row.auto = version, on
                t.since = self.clock()
                self._fan_out(t)
                self._pacer.poke()
            return self._public(t)

    # -- the story's pace: Auto, and plays that wait for the table ---------------------

    def _watched(self, t: OpenTable) -> bool:
        """A table screen is open (or its stream closed less than the grace ago: a reload)."""
        if any(s.screen for s in t.subs):
            return True
        now = self.clock()
        if t.screen_polled is not None and now - t.screen_polled < POLL_GRACE:
            return True   # a screen whose stream is blocked polls every 2 s: it is there
        return t.screen_left is not None and now - t.screen_left < self.presence_grace

    def _backlog(self, t: OpenTable) -> int | None:
        """How many steps may wait for a table screen: all while one is open; else the newest
        UNWATCHED (at least the newest change whole), for one that comes back."""
        return None if self._watched(t) else UNWATCHED

    def _holding_story(self, t: OpenTable) -> bool:
        return not t.row.ended and t.story.holding()

    def _holding(self, t: OpenTable) -> bool:
        """The next play waits: the game holds plays for a chapter still being told, and a
        table screen is there to tell it (without one nothing waits; the story keeps)."""
        return not t.row.ended and t.story.holding() and self._watched(t)

    def _refuse_held(self, t: OpenTable) -> None:
        if self._holding(t):
            now = t.story.current()
            what = now[0].title if now is not None and now[0].title is not None else engines.Text(
                "the last plays")
            raise Conflict("The table is still showing {what}: plays open again once it has been "
                           "shown (Next moves it on).", what=what)

    def pace(self) -> float | None:
        """Do what is due now on every table: Auto's next step where a screen is watching, and
        the end of a table screen's grace (plays held for it go on, bots included). Returns when
        the next thing is due (on the service's clock), or None. Run by the pacer's thread."""
        due: float | None = None
        for t in list(self._tables.values()):
            played: list[tuple[engines.State, list[Event]]] = []
            try:
                with t.lock:
                    due = self._pace_table(t, due, played)
            finally:
                for state, events in played:   # sealed plays played once the telling ended
                    self._notify(t, state, events)
        return due

    def _pace_table(self, t: OpenTable, due: float | None,
                    played: list[tuple[engines.State, list[Event]]]) -> float | None:
        """:meth:`pace` for one table, under its lock; the sealed plays it plays go in ``played``."""
        now = self.clock()
        if t.polled:   # a phone that stopped polling is shown away
            self._push_presence(t)
            for since in t.polled.values():
                due = since + POLL_GRACE if due is None else min(due, since + POLL_GRACE)
        if t.screen_left is not None and not any(s.screen for s in t.subs):
            gone = t.screen_left + self.presence_grace
            if now >= gone:
                held = t.story.holding()
                t.screen_left = None
                if held:   # the phones learn that their plays are open again
                    t.presence += 1
                    self._fan_out(t)
                    self._schedule_bots(t)
            else:
                due = gone if due is None else min(due, gone)
        if self._setting_up(t):   # Auto steps through the setup first (companion/setting_up.py)
            at = self._pace_setup(t, now)
            return due if at is None else (at if due is None else min(due, at))
        played += self._unseal(t)   # nothing holds plays any more (a screen gone, a polling one quiet)
        if t.row.ended or not t.row.auto or not self._watched(t) or not t.story.waiting():
            return due
        at = t.since + t.story.reading_seconds(t.game.pacing.step_seconds)
        if now >= at:
            try:
                self._step(t)
            except StorageFailure:
                t.since = now   # try again after a step's time
            played += self._unseal(t)   # the telling ended: plays sealed for it are played now
            at = t.since + t.story.reading_seconds(t.game.pacing.step_seconds)
            if not t.story.waiting():
                return due
        return at if due is None else min(due, at)

    # -- seats that cannot enter the real cards: the host enters them -----------------------

    def _stands_in(self, t: OpenTable, seat: int) -> bool:
        """The host may enter this seat's physical input: the computer (it cannot see the real
        cards), a seat nobody took, or a taken seat whose phone is away."""
        row = t.seats[seat]
        if row.bot or row.token_hash is None:
            return True
        flags = t.shown if t.shown is not None else self._presence_flags(t)
        return not flags[seat]

    def _requests(self, t: OpenTable) -> list[tuple[int, engines.Text, list[dict[str, Any]]]]:
        """What the host page is asked to enter for a seat: (seat, the sentence, its legal
        actions), when the table plays with the real cards and a seat awaited only for physical
        input (Game.physical_input) cannot enter it itself."""
        asks = t.game.physical_input
        if t.row.chance != PHYSICAL or t.row.ended or not asks:
            return []
        out = []
        for seat in t.state.awaiting:
            if seat == TABLE or not self._stands_in(t, seat):
                continue
            legal = t.state.legal_actions(seat)
            kinds = {a["type"] for a in legal}
            if legal and kinds <= set(asks):
                out.append((seat, engines.Text(asks[sorted(kinds)[0]], {"seat": seat}), legal))
        return out

    def act_for(self, table: str, seat: int, action: Any) -> dict[str, Any]:
        """The host enters a seat's physical input for it (see ``_requests``); the table's payload
        (``as=table``) after it. Refused when that seat is not asked for."""
        t = self._table(table)
        seat = self._check_seat_number(t, seat)
        with t.lock:
            if seat not in {s for s, _, _ in self._requests(t)}:
                raise Conflict("{seat} can enter that themselves; the host enters only what a seat "
                               "cannot (the computer, or a seat with no phone).", seat=seat)
        self.act(table, seat, action)
        return self.seat_view(table, TABLE)
