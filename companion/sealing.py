"""Sealed plays: a phone plans its next round while the table screen tells the last one (issue 23.3).

A mixin of :class:`companion.service.Service`. While plays wait for the table (the game's
``Pacing.hold``, companion/telling.py ``_holding``), a seat the game lets plan ahead
(``Pacing.sealed``: Sharks with Lasers' cards played face down, and passing) may still play. The
play is checked on the seat's *own* state (the table's state after the change being told, which
its phone already shows, with the seat's earlier sealed plays applied), stored (the ``sealed``
store table, one transaction with the version) and acknowledged, but sealed:

- nobody else is told in any form: the table's state, log and story stay as they were, so every
  other reader's payload, events, "waiting for" list and story are unchanged; the table's version
  moves, but every reader other than the seat counts it among the changes it could not see
  (``TableRow.hidden``, companion/audiences.py), so no other reader's ``version`` moves, and only
  the seat's own streams are pushed (nothing else is pushed, so nobody can time it);
- the seat's own payload is made from its own state: its view, whose turn, its legal plays, its
  count of sealed plays (``sealed``) and the events its sealed play told it;
- when the table no longer holds plays (the telling ended: Next or Auto, or the last table screen
  left), the sealed plays are played in the order they came, each an ordinary play then (logged,
  told, pushed to everyone), the sealed row deleted in the play's own transaction. A play the game
  no longer allows then (an undo took the board back) is dropped.

A play that would need a draw, end the game or open a telling of its own on the seat's own state
is never sealed: it waits as every held play does. After a restart nothing holds plays until a
table screen comes back, so sealed plays found in the store are played at once.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from companion.audiences import Shown, reader, readers
from companion.story import tag
from engines import TABLE, Event, IllegalAction, State, events_for

if TYPE_CHECKING:
    from companion.store import Store
    from companion.tables import OpenTable

log = logging.getLogger("companion.sealing")


class Sealing:
    store: Store

    if TYPE_CHECKING:   # provided by the service and the other mixins
        def _holding(self, t: OpenTable) -> bool: ...
        def _refuse_turn(self, t: OpenTable, seat: int) -> None: ...
        def _refuse_held(self, t: OpenTable) -> None: ...
        def _seat_payload(self, table: OpenTable, seat: int) -> dict[str, Any]: ...
        def _play(self, t: OpenTable, player: int, canonical: Any, *,
                  unseal: tuple[int, ...] = ()) -> list[Event]: ...

    def _own_state(self, t: OpenTable, seat: int) -> State:
        """The state the seat's phone shows and plans on: the table's, with its own sealed plays."""
        plays = [a for _, s, a in t.sealed if s == seat]
        if not plays:
            return t.state
        kept = t.own.get(seat)
        if kept is not None and kept[0] is t.state and kept[1] == len(plays):
            return kept[2]
        state = t.state
        for action in plays:
            state = state.apply(seat, action)
        t.own[seat] = (t.state, len(plays), state)
        return state

    def _sealable(self, t: OpenTable, seat: int) -> list[str]:
        """The kinds of play the seat may seal now (sorted; [] when none): the table holds plays,
        the game lets the seat plan them, and it is the seat's turn on its own state."""
        kinds = t.game.pacing.sealed
        if not kinds or seat == TABLE or t.row.ended or not self._holding(t):
            return []
        own = self._own_state(t, seat)
        if own.outcome is not None or seat not in own.awaiting:
            return []
        return sorted({a["type"] for a in own.legal_actions(seat)} & kinds)

    def _seal(self, t: OpenTable, seat: int, action: Any) -> dict[str, Any]:
        """Under the lock, while the table holds plays: ``action`` stored sealed (see the module's
        docstring) and the seat's payload; else the held refusal (or why the play is illegal)."""
        if not self._sealable(t, seat):
            self._refuse_turn(t, seat)
            self._refuse_held(t)
        own = self._own_state(t, seat)
        canonical = own.find_legal(seat, action)            # IllegalAction says why
        pacing = t.game.pacing
        after = own.apply(seat, canonical)
        if (canonical.get("type") not in pacing.sealed or TABLE in after.awaiting or after.outcome is not None
                or any(ev.get("type") in pacing.hold for ev in after.events)):
            self._refuse_held(t)   # it would draw, end the game or open a telling of its own: it waits
        version = t.row.version + 1
        hidden = dict(t.row.hidden)
        for other in readers(t.row.players):
            if other != seat:
                hidden[reader(other)] = hidden.get(reader(other), 0) + 1
        self.store.seal(t.id, version, seat, dict(canonical), version=version, hidden=hidden)
        t.row.version, t.row.hidden = version, hidden
        t.sealed.append((version, seat, dict(canonical)))
        t.own[seat] = (t.state, sum(1 for _, s, _ in t.sealed if s == seat), after)
        name = tag(t.row.salt, f"sealed~{version}")
        t.stale[reader(seat)] = events_for([{**ev, "id": f"{name}.{i}"} for i, ev in enumerate(after.events)],
                                           seat)
        return self._push_seat(t, seat)

    def _push_seat(self, t: OpenTable, seat: int) -> dict[str, Any]:
        """The seat's payload, remembered as shown to it and pushed to its streams alone."""
        payload = self._seat_payload(t, seat)
        t.seen[reader(seat)] = Shown(payload)
        for sub in list(t.subs):
            if sub.seat == seat:
                sub.put(payload)
        return payload

    def _unseal(self, t: OpenTable) -> list[tuple[State, list[Event]]]:
        """Under the lock: once the table no longer holds plays, the sealed plays played in the
        order they came. Returns each play's state and events (for the listeners, after the lock);
        a store that refuses leaves the rest sealed, for the pacer's next look."""
        done: list[tuple[State, list[Event]]] = []
        while t.sealed and not t.row.ended and not self._holding(t):
            n, seat, action = t.sealed.pop(0)
            t.own.clear()
            try:
                canonical = t.state.find_legal(seat, action) if seat in t.state.awaiting else None
            except IllegalAction:
                canonical = None
            if canonical is None:
                try:
                    self.store.unseal(t.id, [n])
                except Exception:
                    t.sealed.insert(0, (n, seat, action))
                    log.exception("table %s: a sealed play could not be dropped yet", t.id)
                    break
                log.warning("table %s: seat %d's sealed play is no longer legal; dropped", t.id, seat)
                self._push_seat(t, seat)
                continue
            try:
                events = self._play(t, seat, canonical, unseal=(n,))
            except Exception:
                t.sealed.insert(0, (n, seat, action))
                t.own.clear()
                log.exception("table %s: a sealed play could not be played yet", t.id)
                break
            done.append((t.state, events))
        return done

    def _drop_sealed(self, t: OpenTable) -> tuple[int, ...]:
        """Forget the sealed plays (an undo took back the board they were planned on, the table
        ended): their numbers, for the change's own transaction to delete."""
        ns = tuple(n for n, _, _ in t.sealed)
        t.sealed, t.own = [], {}
        return ns
