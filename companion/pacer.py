"""The table's clock: Auto's steps at a reading pace, and what waits on a table screen's grace.

One background thread for every table. It asks the service to do what is due now
(:meth:`companion.service.Service.pace`: show the next step where Auto is on and a screen is
watching, let plays go on once the last table screen has been gone for its grace) and sleeps
until the next thing is due or until it is told something changed (:meth:`Pacer.poke`). Times
are on the service's clock; a test with a fake clock calls ``service.pace()`` itself.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

log = logging.getLogger("companion.pacer")

LONGEST_SLEEP = 5.0   # look again at least this often (a clock that jumps, a missed poke)


class Pacer:
    def __init__(self, pace: Callable[[], float | None], clock: Callable[[], float]) -> None:
        self._pace, self._clock = pace, clock
        self._cond = threading.Condition()
        self._thread: threading.Thread | None = None
        self._poked = False
        self._closing = False

    def poke(self) -> None:
        """Something changed (a step, a new chapter, Auto, a screen): look again now."""
        with self._cond:
            if self._closing:
                return
            self._poked = True
            if self._thread is None:
                self._thread = threading.Thread(target=self._loop, name="companion-pacer", daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def close(self) -> None:
        with self._cond:
            self._closing = True
            self._cond.notify_all()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=2)

    def _loop(self) -> None:
        while True:
            try:
                due = self._pace()
            except Exception:   # a table that fails must not stop the clock for the others
                log.exception("pacing failed")
                due = None
            with self._cond:
                if self._closing:
                    return
                if not self._poked:
                    wait = LONGEST_SLEEP if due is None else min(LONGEST_SLEEP,
                                                                 max(0.02, due - self._clock()))
                    self._cond.wait(wait)
                self._poked = False
                if self._closing:
                    return
