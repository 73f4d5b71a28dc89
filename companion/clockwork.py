"""What is due on a table's clock: Auto's next step, a phone that stopped polling, a screen's grace.

:meth:`Clockwork.pace` is what the pacer's thread (companion/pacer.py) runs: on every table, under
its lock, a phone whose polls stopped is shown away; once the last table screen has been gone for its
grace, the plays it held go on; while the table sets up, Auto steps through the setup
(companion/setting_up.py); sealed plays are played once nothing holds them (companion/sealing.py);
where Auto is on and a screen is watching, the story's next step is shown once the shown one has
been read; a table that is over and idle leaves memory (companion/tables.py ``Tables``). It
returns when the next thing is due. Times are on the service's clock: a test with a
fake clock calls ``pace()`` itself.
"""

from __future__ import annotations

from collections.abc import Callable

from companion.payloads import Payloads
from companion.presence import Presence
from companion.sealing import Sealer
from companion.setting_up import SetupGuide
from companion.store import StorageFailure
from companion.tables import OpenTable, Tables
from companion.telling import Teller
from engines import Event, State

Played = list[tuple[State, list[Event]]]


def _sooner(a: float | None, b: float | None) -> float | None:
    return b if a is None else a if b is None else min(a, b)


class Clockwork:
    def __init__(self, tables: Tables, presence: Presence, teller: Teller, guide: SetupGuide,
                 sealer: Sealer, payloads: Payloads, *, released: Callable[[OpenTable], None],
                 notify: Callable[[OpenTable, State, list[Event]], None],
                 let_go: Callable[[OpenTable], None]) -> None:
        """``released``: plays held for a screen go on (the computer may play); ``notify``: the
        listeners hear of a play made here (a sealed one), after the table's lock; ``let_go``: a
        table that is over and idle may leave memory."""
        self.tables, self.presence, self.teller, self.guide = tables, presence, teller, guide
        self.sealer, self.payloads = sealer, payloads
        self._released, self._notify, self._let_go = released, notify, let_go

    def pace(self) -> float | None:
        """Do what is due now on every table; when the next thing is due (or None)."""
        due: float | None = None
        for t in self.tables:
            played: Played = []
            try:
                with t.lock:
                    due = _sooner(due, self._pace(t, played))
                    self._let_go(t)
            finally:
                for state, events in played:   # sealed plays played once the telling ended
                    self._notify(t, state, events)
        return due

    def _pace(self, t: OpenTable, played: Played) -> float | None:
        """:meth:`pace` for one table, under its lock; the sealed plays it plays go in ``played``."""
        now = self.presence.clock()
        due = None
        if t.here.polled or t.here.beats or t.here.left:   # a phone not heard from is shown away
            self.payloads.push_presence(t)
            due = self.presence.polls_due(t)
        gone = self.presence.screen_grace_ends(t)
        if gone is not None and now >= gone:
            self._screen_went(t)
        elif gone is not None:
            due = _sooner(due, gone)
        if self.guide.setting_up(t):   # the table's Next steps through the setup, not Auto
            self.guide.pace(t)
            return due
        played += self.sealer.unseal(t)   # nothing holds plays any more (a screen gone, a polling one quiet)
        if t.row.ended or not t.row.auto or not self.presence.present(t) or not t.telling.story.waiting():
            return due
        if self.teller.looking(t):   # the table looks back at told steps: Auto waits for it
            return _sooner(due, t.telling.looking_until)
        at = self.teller.due(t)
        if now >= at:
            try:
                if self.teller.step(t):
                    self.payloads.fan_out(t)
            except StorageFailure:
                t.telling.since = now   # try again after a step's time
            played += self.sealer.unseal(t)   # the telling ended: plays sealed for it are played now
            at = self.teller.due(t)
            if not t.telling.story.waiting():
                return due
        return _sooner(due, at)

    def _screen_went(self, t: OpenTable) -> None:
        """The last table screen's grace ran out: plays it held go on, and the phones learn it."""
        held = t.telling.story.holding()
        self.presence.screen_went(t)
        if held:
            self.presence.bump(t)
            self.payloads.fan_out(t)
            self._released(t)
