"""The table's clock: Auto's steps at a reading pace, and what waits on a table screen's grace.

One background thread for every table (a :class:`companion.worker.Worker`). It asks the service
to do what is due now (:meth:`companion.clockwork.Clockwork.pace`: show the next step where Auto is on
and a screen is watching, let plays go on once the last table screen has been gone for its grace)
and sleeps until the next thing is due or until it is told something changed (:meth:`Pacer.poke`).
Times are on the service's clock; a test with a fake clock calls ``service.clockwork.pace()`` itself.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from companion.worker import Worker

log = logging.getLogger("companion.pacer")

LONGEST_SLEEP = 5.0   # look again at least this often (a clock that jumps, a missed poke)


class Pacer:
    def __init__(self, pace: Callable[[], float | None], clock: Callable[[], float]) -> None:
        self._pace, self._clock = pace, clock
        self._worker: Worker[None] = Worker("companion-pacer", self._look, join_seconds=2)

    def poke(self) -> None:
        """Something changed (a step, a new chapter, Auto, a screen): look again now."""
        self._worker.put(None)

    def close(self) -> None:
        self._worker.close()

    def _look(self, _: None) -> float:
        """Do what is due; the seconds until the next thing is (at most :data:`LONGEST_SLEEP`)."""
        try:
            due = self._pace()
        except Exception:   # a table that fails must not stop the clock for the others
            log.exception("pacing failed")
            due = None
        return LONGEST_SLEEP if due is None else min(LONGEST_SLEEP, max(0.02, due - self._clock()))
