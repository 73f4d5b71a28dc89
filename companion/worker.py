"""One background thread that works through a queue: the bots' and the pacer's.

A :class:`Worker` starts its daemon thread with the first item it is given (a service that never
plays a bot nor paces a story starts none), hands the items to ``handle`` one at a time in the
order they came, and ends when it is closed: what is still queued then is dropped, and an item
given after is ignored. An item that is already waiting is not queued twice (it will be handled
anyway). ``handle`` may return a number of seconds: if no item comes within them, the same item
is handled again (the pacer's "look again when the next thing is due"). What ``handle`` raises
is logged and the worker goes on with the next item.

>>> seen = []
>>> w = Worker("doc", lambda item: seen.append(item), join_seconds=1)
>>> w.put(1); w.put(2); w.wait_idle(); w.close(); w.put(3); seen
True
[1, 2]
"""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
from collections.abc import Callable
from typing import Generic, TypeVar

log = logging.getLogger("companion.worker")

T = TypeVar("T")


class Worker(Generic[T]):
    def __init__(self, name: str, handle: Callable[[T], float | None], *, join_seconds: float) -> None:
        self.name, self._handle, self._join_seconds = name, handle, join_seconds
        self._queue: deque[T] = deque()
        self._cond = threading.Condition()
        self._busy = 0
        self._thread: threading.Thread | None = None
        self._closing = False

    @property
    def closing(self) -> bool:
        """Whether :meth:`close` was called (a long ``handle`` looks at it to stop early)."""
        return self._closing

    def put(self, item: T) -> None:
        with self._cond:
            if self._closing:
                return
            if item not in self._queue:
                self._queue.append(item)
            if self._thread is None:
                self._thread = threading.Thread(target=self._loop, name=self.name, daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def close(self) -> None:
        """Stop: the item being handled is the last (``closing`` tells it to hurry)."""
        with self._cond:
            self._closing = True
            self._cond.notify_all()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=self._join_seconds)

    def wait_idle(self, timeout: float = 10.0) -> bool:
        """Until no item is being handled and none is queued (for tests and selfplay)."""
        end = time.monotonic() + timeout
        with self._cond:
            while self._queue or self._busy:
                left = end - time.monotonic()
                if left <= 0:
                    return False
                self._cond.wait(left)
        return True

    def _next(self, again: tuple[T, float] | None) -> tuple[T] | None:
        """The next item (a queued one, else ``again``'s once its seconds passed); None: closed."""
        with self._cond:
            if not self._queue and not self._closing:
                self._cond.wait_for(lambda: self._queue or self._closing,
                                    timeout=None if again is None else again[1])
            if self._closing:
                return None
            self._busy += 1
            return (self._queue.popleft() if self._queue or again is None else again[0],)

    def _loop(self) -> None:
        again: tuple[T, float] | None = None
        while (taken := self._next(again)) is not None:
            item, again = taken[0], None
            try:
                seconds = self._handle(item)
                again = None if seconds is None else (item, seconds)
            except Exception:
                log.exception("%s failed on %r", self.name, item)
            finally:
                with self._cond:
                    self._busy -= 1
                    self._cond.notify_all()
