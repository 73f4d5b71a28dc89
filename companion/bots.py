"""Computer players: one background worker that thinks for every bot seat.

A bot's move is chosen off the request threads (``stop`` says "answer now" once
``think_seconds`` have passed on the service's clock) and then goes through
``Service.act`` like a phone's play, with the version it looked at: if the table
moved on meanwhile (an undo, the host), the play is refused and the bot looks
again.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING

from engines import IllegalAction
from web.service import Conflict

if TYPE_CHECKING:
    from companion.service import Service

log = logging.getLogger("companion.bots")
_MASK = (1 << 63) - 1


class BotRunner:
    def __init__(self, service: Service, clock: Callable[[], float], think_seconds: float) -> None:
        self.service, self.clock, self.think_seconds = service, clock, think_seconds
        self._queue: deque[str] = deque()
        self._cond = threading.Condition()
        self._busy = 0
        self._thread: threading.Thread | None = None
        self._closing = False

    def schedule(self, table_id: str) -> None:
        with self._cond:
            if self._closing:
                return
            self._queue.append(table_id)
            if self._thread is None:
                self._thread = threading.Thread(target=self._loop, name="companion-bots", daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def close(self) -> None:
        with self._cond:
            self._closing = True
            self._cond.notify_all()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def _loop(self) -> None:
        while True:
            with self._cond:
                while not self._queue and not self._closing:
                    self._cond.wait()
                if self._closing:
                    return
                table_id = self._queue.popleft()
                self._busy += 1
            try:
                self._turns(table_id)
            except Exception:
                log.exception("a bot failed at table %s", table_id)
            finally:
                with self._cond:
                    self._busy -= 1
                    self._cond.notify_all()

    def _turns(self, table_id: str) -> None:
        due = self.service.bot_turns_due(table_id)
        while due is not None:
            game, state, version, seat, seed = due
            choice = game.bot().choose(state, seat, self.deadline(self.think_seconds), seed & _MASK)
            if self._closing:
                return   # stopping: the answer the bot had to give at once is not played
            with contextlib.suppress(Conflict, IllegalAction):   # the table moved on: look again
                self.service.act(table_id, seat, choice.action, expect_version=version)
            due = self.service.bot_turns_due(table_id)
            if due is not None and due[2] == version:
                return   # refused at the same version: do not spin; the next change reschedules

    def deadline(self, seconds: float) -> Callable[[], bool]:
        end = self.clock() + seconds
        return lambda: self._closing or self.clock() >= end   # stopping: answer now

    def wait_idle(self, timeout: float = 10.0) -> bool:
        """Until no bot is thinking and none is queued (for tests and selfplay)."""
        end = time.monotonic() + timeout
        with self._cond:
            while self._queue or self._busy:
                left = end - time.monotonic()
                if left <= 0:
                    return False
                self._cond.wait(left)
        return True
