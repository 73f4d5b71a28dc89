"""Computer players: one background worker (:mod:`companion.worker`) that thinks for every bot seat.

A bot's move is chosen off the request threads (``stop`` says "answer now" once
``think_seconds`` have passed on the service's clock) and then goes through
``Service.act`` like a phone's play, with the version it looked at: if the table
moved on meanwhile (an undo, the host), the play is refused and the bot looks
again. The runner is given the service's two doors it uses (``bot_turns_due`` and
``act``), not the service, so that this module sits below it.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

from companion.worker import Worker
from engines import Game, IllegalAction, State
from web.service import Conflict

_MASK = (1 << 63) - 1

TurnsDue = Callable[[str], tuple[Game, State, int, int, int] | None]
"""The service's ``bot_turns_due``: (game, state, version, seat, seed) of a bot seat awaited now."""
Act = Callable[..., Any]
"""The service's ``act(table, seat, action, *, expect_version)``: the one door for every play."""


class BotRunner:
    def __init__(self, turns_due: TurnsDue, act: Act, clock: Callable[[], float],
                 think_seconds: float) -> None:
        self._turns_due, self._act = turns_due, act
        self.clock, self.think_seconds = clock, think_seconds
        self._worker: Worker[str] = Worker("companion-bots", self._turns, join_seconds=5)

    def schedule(self, table_id: str) -> None:
        self._worker.put(table_id)

    def close(self) -> None:
        self._worker.close()

    def wait_idle(self, timeout: float = 10.0) -> bool:
        """Until no bot is thinking and none is queued (for tests and selfplay)."""
        return self._worker.wait_idle(timeout)

    def _turns(self, table_id: str) -> None:
        due = self._turns_due(table_id)
        while due is not None:
            game, state, version, seat, seed = due
            choice = game.bot().choose(state, seat, self.deadline(self.think_seconds), seed & _MASK)
            if self._worker.closing:
                return   # stopping: the answer the bot had to give at once is not played
            with contextlib.suppress(Conflict, IllegalAction):   # the table moved on: look again
                self._act(table_id, seat, choice.action, expect_version=version)
            due = self._turns_due(table_id)
            if due is not None and due[2] == version:
                return   # refused at the same version: do not spin; the next change reschedules

    def deadline(self, seconds: float) -> Callable[[], bool]:
        end = self.clock() + seconds
        return lambda: self._worker.closing or self.clock() >= end   # stopping: answer now
