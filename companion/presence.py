"""Who is at the table: the seats' phones and the table screen (``OpenTable.here``).

``connected`` in a payload's ``seats``: a bot, or a taken seat whose phone has a stream open, had
one less than the grace ago (a phone waking up or changing Wi-Fi never flashes "away"), or polled
less than ``POLL_GRACE`` ago (its stream blocked). A phone whose page sends heartbeats (every
``BEAT_EVERY`` seconds while its stream is open) is judged by them instead of by its stream: a
phone whose Wi-Fi dropped leaves its stream open on the companion's side for minutes (nothing tells
the server the other end is gone), but its heartbeats stop, so it is shown away ``BEAT_GRACE``
seconds after its last one. A table screen is *watching* while its stream is
open, for the grace after it closed (a reload), or while it polls; after a restart, a table that was
telling counts as watched for ``RESUME_SECONDS`` (its screen comes back; nothing it had still to
show is skipped, and no sealed play is played over it), though Auto waits for a screen that is
really there (:meth:`Presence.present`). A change of the flags bumps
``presence`` (not ``version``: a pending play never goes stale over it, and nothing is stored); the
caller pushes it. :class:`Presence` only keeps and reads this bookkeeping; every method runs under
the table's lock.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.tables import OpenTable

POLL_GRACE = 5.0       # seconds a poll keeps a phone or a table screen present (pages poll every 2 s)
BEAT_EVERY = 1.5       # seconds between a phone page's heartbeats (web/static/common.js TC.live)
BEAT_GRACE = 3.5       # seconds a heartbeat keeps a phone present: one late beat is not "away"
RESUME_SECONDS = 10.0  # after a restart: how long a table screen that was telling has to come back


class Presence:
    def __init__(self, clock: Callable[[], float], grace: float) -> None:
        self.clock, self.grace = clock, grace

    def flags(self, table: OpenTable) -> tuple[bool, ...]:
        """Each seat: connected? A bot; or a taken seat whose phone has a stream open, closed one
        less than the grace ago, or polled less than POLL_GRACE ago (its stream blocked: a phone
        that keeps up by polling is at the table too)."""
        here = table.here
        now = self.clock()
        for seat, since in list(here.beats.items()):
            if now - since >= BEAT_GRACE:
                del here.beats[seat]
        # a stream counts for a phone that does not beat; a beating phone's stream may be dead
        streaming = {s.seat for s in table.subs} - here.beating
        for seat, since in list(here.left.items()):
            if seat in streaming or now - since >= self.grace:
                del here.left[seat]
        for seat, since in list(here.polled.items()):
            if now - since >= POLL_GRACE:
                del here.polled[seat]
        heard = streaming | here.left.keys() | here.polled.keys() | here.beats.keys()
        return tuple(s.bot or (s.token_hash is not None and s.seat in heard) for s in table.seats)

    def shown(self, table: OpenTable) -> tuple[bool, ...]:
        """The flags as last shown (made now if never shown)."""
        here = table.here
        if here.shown is None or len(here.shown) != len(table.seats):
            here.shown = self.flags(table)
        return here.shown

    def changed(self, table: OpenTable) -> bool:
        """Bring the shown flags up to date; True if they changed (the caller pushes them)."""
        here = table.here
        flags = self.flags(table)
        if here.shown is None:
            here.shown = flags
            return False
        if flags == here.shown:
            return False
        here.shown, here.presence = flags, here.presence + 1
        return True

    def seats_json(self, table: OpenTable) -> list[dict[str, Any]]:
        shown = self.shown(table)
        return [{"seat": s.seat, "name": table.name(s.seat), "named": bool(s.name),
                 "taken": s.token_hash is not None or s.bot,
                 "bot": s.bot, "connected": shown[s.seat]} for s in table.seats]

    def watched(self, table: OpenTable) -> bool:
        """A table screen is open (or its stream closed less than the grace ago: a reload), or the
        companion restarted less than RESUME_SECONDS ago while the table was telling."""
        if self.present(table):
            return True
        until = table.here.resume_until
        return until is not None and self.clock() < until

    def present(self, table: OpenTable) -> bool:
        """A table screen is there to be shown a step (Auto moves on for it): open, polling, or
        within its reload's grace; not a screen only waited for after a restart. The Pi speaking the
        story (companion/narration.py) tells it too: a table with no screen follows it by ear."""
        if table.narration.output == "pi" or any(s.screen for s in table.subs):
            return True
        here, now = table.here, self.clock()
        if here.screen_polled is not None and now - here.screen_polled < POLL_GRACE:
            return True   # a screen whose stream is blocked polls every 2 s: it is there
        return here.screen_left is not None and now - here.screen_left < self.grace

    # -- what changes it -------------------------------------------------------------

    def phone_polled(self, table: OpenTable, seat: int) -> None:
        """A taken seat's phone polled (its stream blocked): it counts as at the table."""
        if table.seats[seat].token_hash is not None:
            table.here.polled[seat] = self.clock()

    def phone_beat(self, table: OpenTable, seat: int) -> bool:
        """A taken seat's phone sent its heartbeat: it is at the table, and from now on judged by
        its heartbeats rather than by its stream. True when it had none running (the pacer is to
        look when this one runs out; a later beat only puts that off)."""
        if table.seats[seat].token_hash is None:
            return False
        newly = seat not in table.here.beats
        table.here.beats[seat] = self.clock()
        table.here.beating.add(seat)
        table.here.polled.pop(seat, None)   # on its stream again: its heartbeats say when it goes
        return newly

    def phone_leaving(self, table: OpenTable, seat: int) -> None:
        """A seat's page is closing (its last word): shown away once the grace runs out, unless
        it comes back (a reload) within it."""
        beat = table.here.beats.pop(seat, None)
        polled = table.here.polled.pop(seat, None)   # its last poll said nothing of its going
        if beat is not None or polled is not None:
            table.here.left[seat] = self.clock()

    def screen_polled(self, table: OpenTable) -> bool:
        """A table screen polled; True when none was there before (Auto restarts its wait)."""
        newly = not self.present(table)
        table.here.screen_polled = self.clock()
        table.here.resume_until = None
        return newly

    def resumed(self, table: OpenTable) -> None:
        """The companion restarted while the table was telling: its screen has RESUME_SECONDS to
        come back before the table counts as unwatched (the pacer looks then)."""
        table.here.resume_until = self.clock() + RESUME_SECONDS

    def stream_closed(self, table: OpenTable, seat: int | None, screen: bool) -> bool:
        """A stream (already taken off the table) closed; True when it was the last table screen's
        (the screen's grace starts: a reload comes back within it)."""
        if seat is not None and seat >= 0 and all(s.seat != seat for s in table.subs):
            table.here.left[seat] = self.clock()   # shown away only once the grace runs out
        if screen and not any(s.screen for s in table.subs):
            table.here.screen_left = self.clock()
            return True
        return False

    def seat_left(self, table: OpenTable, seat: int) -> None:
        """A freed or new seat has no grace, and no heartbeats, from an earlier phone."""
        table.here.left.pop(seat, None)
        table.here.beats.pop(seat, None)
        table.here.beating.discard(seat)

    def screen_grace_ends(self, table: OpenTable) -> float | None:
        """When the last table screen's grace runs out (its stream closed, none open; or the wait
        for it after a restart), else None."""
        here = table.here
        if any(s.screen for s in table.subs):
            return None
        ends = [at for at in (None if here.screen_left is None else here.screen_left + self.grace,
                              here.resume_until) if at is not None]
        return max(ends, default=None)

    def screen_went(self, table: OpenTable) -> None:
        """The last table screen's grace ran out: nobody is telling the story any more."""
        table.here.screen_left = table.here.resume_until = None

    def screen_opened(self, table: OpenTable) -> None:
        table.here.screen_left = table.here.resume_until = None

    @staticmethod
    def bump(table: OpenTable) -> None:
        """Every stream is to be told again though no flag changed (plays wait, or go on, for a
        table screen)."""
        table.here.presence += 1

    def polls_due(self, table: OpenTable) -> float | None:
        """When the earliest polling, beating or leaving phone is shown away unless it is heard again."""
        here = table.here
        return min([*(since + POLL_GRACE for since in here.polled.values()),
                    *(since + BEAT_GRACE for since in here.beats.values()),
                    *(since + self.grace for since in here.left.values())], default=None)
