"""Who is at the table, and the streams that tell them: a mixin of :class:`companion.service.Service`.

``connected`` in a payload's ``seats``: a bot, or a taken seat whose phone has a stream open, had
one less than the grace ago (a phone waking up or changing Wi-Fi never flashes "away"), or polled
less than ``POLL_GRACE`` ago (its stream blocked). A change of these flags, or of whether a table
screen is watching, bumps ``presence`` (not ``version``: a pending play never goes stale over it,
and nothing is stored) and is pushed to every open stream. The caller holds the table's lock.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.tables import OpenTable, Subscription
from companion.telling import POLL_GRACE
from engines import TABLE

if TYPE_CHECKING:
    from collections.abc import Callable

    from companion.pacer import Pacer


class Presence:
    # what the service provides (companion/service.py, companion/telling.py)
    clock: Callable[[], float]
    presence_grace: float
    _pacer: Pacer
    _tables: dict[str, OpenTable]
    _stopping: bool

    if TYPE_CHECKING:   # provided by the service and the other mixin
        def _table(self, table_id: object) -> OpenTable: ...
        def _check_seat_number(self, table: OpenTable, seat: object) -> int: ...
        def _fan_out(self, table: OpenTable) -> None: ...
        def _public(self, table: OpenTable) -> dict[str, Any]: ...
        def _seat_payload(self, table: OpenTable, seat: int) -> dict[str, Any]: ...
        def _watched(self, t: OpenTable) -> bool: ...
        def _holding_story(self, t: OpenTable) -> bool: ...


    # -- presence ------------------------------------------------------------------
    #
    # ``connected`` in ``seats``: a bot, or a taken seat with an open stream, or one whose last
    # stream closed less than ``presence_grace`` seconds ago (a phone waking up or changing
    # Wi-Fi reconnects within that and never flashes "away"). A change of these flags bumps
    # ``presence`` (not ``version``: a pending play never goes stale over it, and nothing is
    # stored) and is pushed to every open stream. Caller holds the table lock throughout.

    def _presence_flags(self, table: OpenTable) -> tuple[bool, ...]:
        """Each seat: connected? A bot; or a taken seat whose phone has a stream open, closed one
        less than the grace ago, or polled less than POLL_GRACE ago (its stream blocked: a phone
        that keeps up by polling is at the table too)."""
        streaming = {s.seat for s in table.subs}
        now = self.clock()
        for seat, since in list(table.left.items()):
            if seat in streaming or now - since >= self.presence_grace:
                del table.left[seat]
        for seat, since in list(table.polled.items()):
            if now - since >= POLL_GRACE:
                del table.polled[seat]
        return tuple(s.bot or (s.token_hash is not None and (s.seat in streaming or s.seat in table.left
                                                              or s.seat in table.polled))
                     for s in table.seats)

    def _presence_changed(self, table: OpenTable) -> bool:
        """Bring the shown flags up to date; True if they changed (the caller pushes them)."""
        flags = self._presence_flags(table)
        if table.shown is None:
            table.shown = flags
            return False
        if flags == table.shown:
            return False
        table.shown, table.presence = flags, table.presence + 1
        return True

    def _push_presence(self, table: OpenTable) -> None:
        if self._presence_changed(table):
            self._fan_out(table)

    def _sweep_presence(self, table_id: str) -> None:
        """Look again at a table's presence (a stream woke up with nothing to send)."""
        t = self._tables.get(table_id)
        if t is not None:
            with t.lock:
                self._push_presence(t)

    def _seats_json(self, table: OpenTable) -> list[dict[str, Any]]:
        if table.shown is None or len(table.shown) != len(table.seats):
            table.shown = self._presence_flags(table)
        return [{"seat": s.seat, "name": table.name(s.seat), "named": bool(s.name),
                 "taken": s.token_hash is not None or s.bot,
                 "bot": s.bot, "connected": table.shown[s.seat]} for s in table.seats]

    # -- streams -------------------------------------------------------------------

    def subscribe(self, table: str, seat: int | None, *, screen: bool = False) -> Subscription:
        """A stream of payloads; ``screen``: a table screen's public stream (it tells the story:
        while one is watching, Auto runs and plays the game holds for wait)."""
        t = self._table(table)
        if seat is not None and seat != TABLE:
            self._check_seat_number(t, seat)
        sub = Subscription(self, table, seat)
        sub.screen = screen and seat is None
        if self._stopping:
            sub.end()
        with t.lock:
            newly = sub.screen and not self._watched(t)
            held = newly and self._holding_story(t)
            if newly:
                t.since = self.clock()   # Auto gives the first step its time on the screen
            if held:
                t.presence += 1          # the phones learn that their plays wait for the table
            t.screen_left = None if sub.screen else t.screen_left
            t.subs.append(sub)
            if self._presence_changed(t) or held:   # a phone (back) at its seat, or plays now wait:
                self._fan_out(t)                    # every stream is told at once (this one too)
            else:
                sub.put(self._public(t) if seat is None else self._seat_payload(t, seat))
        if sub.screen:
            self._pacer.poke()
        return sub

    def _unsubscribe(self, sub: Subscription) -> None:
        t = self._tables.get(sub.table)
        if t is None:
            return
        with t.lock:
            if sub in t.subs:
                t.subs.remove(sub)
                if sub.seat is not None and sub.seat != TABLE and all(s.seat != sub.seat for s in t.subs):
                    t.left[sub.seat] = self.clock()   # shown away only once the grace runs out
                if sub.screen and not any(s.screen for s in t.subs):
                    t.screen_left = self.clock()      # a screen reloading comes back within the grace
                    self._pacer.poke()
                self._push_presence(t)
