"""How the table screen tells the table's story (``OpenTable.telling``; docs/web.md "The table's story").

:class:`Teller` keeps the story (companion/story.py) of each table: a change that is no log row as
a chapter (:meth:`Teller.note`), the story replaced after a commit (:meth:`Teller.retell`), one step
further (:meth:`Teller.step`), Auto (:meth:`Teller.set_auto`) and whether plays wait for the
telling (the game's ``Pacing.hold``, while a table screen is there to tell it: :meth:`Teller.holding`).
It stores what it changes and pushes nothing: the service pushes. Every method runs under the
table's lock.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import engines
from companion.presence import Presence
from companion.store import Store
from companion.story import UNWATCHED, Chapter, Story, snapshot
from companion.tables import OpenTable, Tables
from engines import Event
from web.service import BadRequest, Conflict

LOOK_HOLD = 45.0   # seconds a table screen's look back holds Auto; the screen asks again while it looks
PACES = {"normal": 1.0, "slower": 1.5, "slowest": 2.25}
"""The telling's pace, the host's setting per table (``TableRow.pace``): each told stop stays up under
Auto for its reading time times this, for players who read slowly (issue 40)."""


class Teller:
    def __init__(self, clock: Callable[[], float], store: Store, presence: Presence, *,
                 poke: Callable[[], None], released: Callable[[OpenTable], None],
                 pace: float = 1.0, told: Callable[[OpenTable, Story, bool], None] | None = None,
                 speaking: Callable[[OpenTable], float] | None = None) -> None:
        """``poke``: the pacer looks again; ``released``: the table stopped holding plays (the
        computer may play); ``pace``: each step's reading time is multiplied by it (1 at a table;
        the tests' service tells faster, since they assert the order of steps, not their seconds);
        ``told(table, story, moved)``: the story changed (``moved``: a new stop is shown), so the
        narration makes what comes next; ``speaking``: how long the shown stop is spoken (Auto waits
        for the sentence to end; companion/narration.py)."""
        self.clock, self.store, self.presence = clock, store, presence
        self._poke, self._released, self.pace = poke, released, pace
        self._told, self._speaking = told, speaking

    # -- reading -----------------------------------------------------------------------

    def holding_story(self, t: OpenTable) -> bool:
        """The game holds plays for a chapter still being told (a table screen or not)."""
        return not t.row.ended and t.telling.story.holding()

    def holding(self, t: OpenTable) -> bool:
        """The next play waits: the game holds plays for a chapter still being told, and a
        table screen is there to tell it (without one nothing waits; the story keeps)."""
        return self.holding_story(t) and self.presence.watched(t)

    def refuse_held(self, t: OpenTable) -> None:
        if self.holding(t):
            now = t.telling.story.current()
            what = now[0].title if now is not None and now[0].title is not None else engines.Text(
                "the last plays")
            raise Conflict("The table is still showing {what}: plays open again once it has been "
                           "shown (Next moves it on).", what=what)

    def backlog(self, t: OpenTable) -> int | None:
        """How many steps may wait for a table screen: all while one is open; else the newest
        UNWATCHED (at least the newest change whole), for one that comes back."""
        return None if self.presence.watched(t) else UNWATCHED

    def read(self, t: OpenTable) -> bool:
        """The step shown has had its time, or nothing paces it: a new change may come up at once.
        While Auto paces a screen, a play made a moment after a step came up waits until that step
        has been up for its reading time (the last step of a round never flashes by); while the
        table looks back, it waits until the table is back (nothing is told behind its back)."""
        if self.looking(t):
            return False
        return not (t.row.auto and self.presence.present(t)) or self.clock() >= self.due(t)

    def looking(self, t: OpenTable) -> bool:
        """A table screen is looking back at told steps (:meth:`look`): Auto waits."""
        return self.clock() < t.telling.looking_until

    def due(self, t: OpenTable) -> float:
        """When Auto shows the next step: the shown one has been on the screen long enough to read."""
        return t.telling.since + self.seconds(t)

    def seconds(self, t: OpenTable, reading: float | None = None) -> float:
        """How long Auto keeps the shown stop up: its reading time (or the sentence spoken, if longer),
        at the table's pace (:data:`PACES`)."""
        if reading is None:
            reading = t.telling.story.reading_seconds(t.game.pacing.step_seconds)
            if self._speaking is not None:
                reading = max(reading, self._speaking(t))
        return self.pace * PACES.get(t.row.pace, 1.0) * reading

    # -- changing it ---------------------------------------------------------------------

    def note(self, t: OpenTable, events: list[Event], version: int, *, ended: bool = False) -> Chapter:
        """A change that is no log row (the end of the table, a note from the hardware) as the
        story's next chapter; the caller stores ``version`` (and the cursor) and pushes it."""
        return Chapter.make(f"{len(t.log)}~{version}", len(t.log), events, t.telling.story.end,
                            snapshot(t.state, t.row.ended or ended), t.game, t.row.salt)

    def retell(self, t: OpenTable, story: Story) -> None:
        """The table's story is now ``story`` (stored already): a new step shown restarts Auto's
        wait; plays held for the story may go on; the pacer looks again."""
        held = self.holding(t)
        moved = story.cursor() != t.telling.story.cursor()
        if moved:
            t.telling.since = self.clock()
        t.telling.story = story
        if self._told is not None:
            self._told(t, story, moved)
        if held and not self.holding(t):
            self._released(t)
        self._poke()

    def step(self, t: OpenTable) -> bool:
        """One step further through the story, stored (the caller pushes); False when all is told."""
        story = t.telling.story.copy()
        if not story.next():
            return False
        version = t.row.version + 1
        shown, step = story.cursor()
        self.store.update_table(t.id, version=version, step=step, shown=shown)
        t.row.version, t.row.step, t.row.shown = version, step, shown
        self.retell(t, story)
        return True

    def look(self, t: OpenTable, on: bool) -> bool:
        """A table screen looks back at the steps told (``on``, asked again while it looks: the hold
        lasts :data:`LOOK_HOLD` from the last ask, so a screen that goes away holds nothing for long)
        or is back at the shown step, which then has its whole reading time again. Not stored: a
        restart lets Auto go on. True when it changed (the caller pushes)."""
        was = self.looking(t)
        if on:
            t.telling.looking_until = self.clock() + LOOK_HOLD
        else:
            t.telling.looking_until = 0.0
            if was:
                t.telling.since = self.clock()
        self._poke()
        return was != on

    def set_auto(self, t: OpenTable, on: bool) -> bool:
        """Auto on or off, stored; True when it changed (the caller pushes)."""
        if t.row.auto == on:
            return False
        version = t.row.version + 1
        self.store.update_table(t.id, version=version, auto=on)
        t.row.version, t.row.auto = version, on
        t.telling.since = self.clock()
        self._poke()
        return True


class TellingPace:
    """The host's setting of the telling's pace (``TableRow.pace``, :data:`PACES`): stored with the
    table, kept through a restart, carried to the next game (the service's part for it)."""

    def __init__(self, tables: Tables, store: Store, *, push: Callable[[OpenTable], None],
                 poke: Callable[[], None]) -> None:
        """``push``: every reader of the table hears of it; ``poke``: the pacer looks again."""
        self.tables, self.store, self._push, self._poke = tables, store, push, poke

    def settings(self, table: str) -> dict[str, Any]:
        return {"pace": self.tables.get(table).row.pace, "paces": list(PACES)}

    def configure(self, table: str, pace: Any) -> dict[str, Any]:
        """The telling's pace at this table; BadRequest (nothing changed) for one it does not have."""
        t = self.tables.get(table)
        if not isinstance(pace, str) or pace not in PACES:
            raise BadRequest("The telling's pace is normal, slower or slowest.")
        with t.lock:
            if t.row.pace != pace:
                version = t.row.version + 1   # every screen hears of it: a new version, stored
                self.store.update_table(t.id, version=version, pace=pace)
                t.row.version, t.row.pace = version, pace
                self._push(t)
        self._poke()
        return self.settings(table)
