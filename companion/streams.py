"""The open streams of a table: a phone's or a table screen's, opened, swept and let go.

A stream's first payload is its reader's full view; then every change it may see. A table screen's
public stream tells the story: while one is watching, Auto runs and the plays the game holds for
the telling wait (companion/telling.py). Opening or closing a stream may change who is shown at
the table (companion/presence.py), and every stream is then told at once.
"""

from __future__ import annotations

from collections.abc import Callable

from companion.payloads import Payloads
from companion.presence import Presence
from companion.tables import Subscription, Tables, seat_number
from companion.telling import Teller
from engines import TABLE


class Streams:
    def __init__(self, tables: Tables, presence: Presence, teller: Teller, payloads: Payloads, *,
                 poke: Callable[[], None], stopping: Callable[[], bool]) -> None:
        """``poke``: the pacer looks again (a screen came or went); ``stopping``: the companion is
        stopping, so a new stream ends at once."""
        self.tables, self.presence, self.teller, self.payloads = tables, presence, teller, payloads
        self._poke, self._stopping = poke, stopping

    def subscribe(self, table: str, seat: int | None, *, screen: bool = False) -> Subscription:
        """A stream of payloads; ``screen``: a table screen's public stream."""
        t = self.tables.get(table)
        if seat is not None and seat != TABLE:
            seat_number(t, seat)
        sub = Subscription(self, table, seat)
        sub.screen = screen and seat is None
        if self._stopping():
            sub.end()
        with t.lock:
            newly = sub.screen and not self.presence.present(t)
            held = newly and self.teller.holding_story(t)
            # the phones were told the state of now while no screen was there (after a restart, the
            # screen's stream first): with steps still to tell they are as of its step again
            behind = newly and t.telling.story.as_of() is not None
            if newly:
                t.telling.since = self.presence.clock()   # Auto gives the first step its time on the screen
            if held:
                self.presence.bump(t)    # the phones learn that their plays wait for the table
            if sub.screen:
                self.presence.screen_opened(t)
            t.subs.append(sub)
            if self.presence.changed(t) or held or behind:   # a phone (back) at its seat, plays now
                self.payloads.fan_out(t)                     # wait, or phones ahead: every stream
            else:
                sub.put(self.payloads.payload(t, seat))
        if sub.screen:
            self._poke()
        return sub

    def unsubscribe(self, sub: Subscription) -> None:
        """A stream closed: let it go (its seat is shown away once the grace runs out)."""
        t = self.tables.find(sub.table)
        if t is None:
            return
        with t.lock:
            if sub in t.subs:
                t.subs.remove(sub)
                # a screen reloading comes back within the grace; a phone is shown away when it ends
                if self.presence.stream_closed(t, sub.seat, sub.screen) or t.here.left:
                    self._poke()
                self.payloads.push_presence(t)

    def sweep(self, table_id: str) -> None:
        """Look again at a table's presence (a stream woke up with nothing to send)."""
        t = self.tables.find(table_id)
        if t is not None:
            with t.lock:
                self.payloads.push_presence(t)
