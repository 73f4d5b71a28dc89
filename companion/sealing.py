"""Sealed plays: a phone plans its next round while the table screen tells the last one.

:class:`Sealer` keeps them (``OpenTable.sealing``). While plays wait for the table (the game's
``Pacing.hold``, companion/telling.py ``Teller.holding``), a seat the game lets plan ahead
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
from collections.abc import Callable
from typing import Any

from companion.audiences import reader, readers
from companion.refusals import refuse_turn
from companion.store import Store
from companion.story import tag
from companion.tables import OpenTable
from companion.telling import Teller
from engines import TABLE, Event, IllegalAction, State, events_for

log = logging.getLogger("companion.sealing")

Play = Callable[[OpenTable, int, Any, tuple[int, ...]], list[Event]]


class Sealer:
    def __init__(self, store: Store, teller: Teller, *, play: Play,
                 push_seat: Callable[[OpenTable, int], object]) -> None:
        """``play``: a checked play made as any play is (applied, committed, told, pushed), with the
        sealed rows it plays; ``push_seat``: a seat's payload pushed to its own streams alone."""
        self.store, self.teller = store, teller
        self._play, self._push_seat = play, push_seat

    def own_state(self, t: OpenTable, seat: int) -> State:
        """The state the seat's phone shows and plans on: the table's, with its own sealed plays."""
        plays = [a for _, s, a in t.sealing.plays if s == seat]
        if not plays:
            return t.state
        kept = t.sealing.own.get(seat)
        if kept is not None and kept[0] is t.state and kept[1] == len(plays):
            return kept[2]
        state = t.state
        for action in plays:
            state = state.apply(seat, action)
        t.sealing.own[seat] = (t.state, len(plays), state)
        return state

    def count(self, t: OpenTable, seat: int) -> int:
        """How many plays the seat has sealed."""
        return sum(1 for _, s, _ in t.sealing.plays if s == seat)

    def sealable(self, t: OpenTable, seat: int) -> list[str]:
        """The kinds of play the seat may seal now (sorted; [] when none): the table holds plays,
        the game lets the seat plan them, and it is the seat's turn on its own state."""
        kinds = t.game.pacing.sealed
        if not kinds or seat == TABLE or t.row.ended or not self.teller.holding(t):
            return []
        own = self.own_state(t, seat)
        if own.outcome is not None or seat not in own.awaiting:
            return []
        return sorted({a["type"] for a in own.legal_actions(seat)} & kinds)

    def seal(self, t: OpenTable, seat: int, action: Any) -> None:
        """While the table holds plays: ``action`` stored sealed (see the module's docstring); the
        caller pushes the seat's payload. Else the held refusal (or why the play is illegal)."""
        if not self.sealable(t, seat):
            refuse_turn(t, seat)
            self.teller.refuse_held(t)
        own = self.own_state(t, seat)
        canonical = own.find_legal(seat, action)            # IllegalAction says why
        pacing = t.game.pacing
        after = own.apply(seat, canonical)
        if (canonical.get("type") not in pacing.sealed or TABLE in after.awaiting or after.outcome is not None
                or any(ev.get("type") in pacing.hold for ev in after.events)):
            self.teller.refuse_held(t)   # it would draw, end the game or open a telling of its own: it waits
        version = t.row.version + 1
        hidden = dict(t.row.hidden)
        for other in readers(t.row.players):
            if other != seat:
                hidden[reader(other)] = hidden.get(reader(other), 0) + 1
        self.store.seal(t.id, version, seat, dict(canonical), version=version, hidden=hidden)
        t.row.version, t.row.hidden = version, hidden
        t.sealing.plays.append((version, seat, dict(canonical)))
        t.sealing.own[seat] = (t.state, self.count(t, seat), after)
        name = tag(t.row.salt, f"sealed~{version}")
        t.heard.stale[reader(seat)] = events_for(
            [{**ev, "id": f"{name}.{i}"} for i, ev in enumerate(after.events)], seat)

    def unseal(self, t: OpenTable) -> list[tuple[State, list[Event]]]:
        """Under the lock: once the table no longer holds plays, the sealed plays played in the
        order they came. Returns each play's state and events (for the listeners, after the lock);
        a store that refuses leaves the rest sealed, for the pacer's next look."""
        done: list[tuple[State, list[Event]]] = []
        sealed = t.sealing
        while sealed.plays and not t.row.ended and not self.teller.holding(t):
            n, seat, action = sealed.plays.pop(0)
            sealed.own.clear()
            try:
                canonical = t.state.find_legal(seat, action) if seat in t.state.awaiting else None
            except IllegalAction:
                canonical = None
            if canonical is None:
                try:
                    self.store.unseal(t.id, [n])
                except Exception:
                    sealed.plays.insert(0, (n, seat, action))
                    log.exception("table %s: a sealed play could not be dropped yet", t.id)
                    break
                log.warning("table %s: seat %d's sealed play is no longer legal; dropped", t.id, seat)
                self._push_seat(t, seat)
                continue
            try:
                events = self._play(t, seat, canonical, (n,))
            except Exception:
                sealed.plays.insert(0, (n, seat, action))
                sealed.own.clear()
                log.exception("table %s: a sealed play could not be played yet", t.id)
                break
            done.append((t.state, events))
        return done

    @staticmethod
    def drop(t: OpenTable) -> tuple[int, ...]:
        """Forget the sealed plays (an undo took back the board they were planned on, the table
        ended): their numbers, for the change's own transaction to delete."""
        ns = tuple(n for n, _, _ in t.sealing.plays)
        t.sealing.plays, t.sealing.own = [], {}
        return ns
