"""The request threads: a quiet table keeps using the same few warm threads (each thread that
starts costs memory that is never given back).

waitress's own dispatcher starts all its threads at once and wakes an idle one through one
``threading.Condition``, whose ``notify()`` wakes the thread that has waited LONGEST: over an
evening every one of the 32 threads answers requests in turn, and each keeps what it touched (its
C stack's pages, the interpreter's data-stack chunk, the allocator's caches; about 80 KB a thread).
:class:`WarmDispatcher` hands a task to the thread that went idle LAST, and starts a thread only
when none is idle, up to the count asked, so one or two threads answer a quiet table's requests
and most of the others never exist.

It is what the server asks of waitress's (``add_task``, ``set_thread_count``, ``shutdown``), with
its guarantees: every task added runs once, taken in the order added; at most the thread count run at
once (a stream holds its thread; ``web.stream`` leaves ``server.FREE_THREADS`` of them for plays,
views and pages); a task that finds every thread busy waits for the first to finish (logged as
waitress logs it, "Task queue depth"); ``shutdown`` lets running tasks end within its timeout and
cancels those still waiting. Nothing polls: an idle thread sleeps on a condition of its own until
a task or a stop wakes it, and every change is made under the one lock.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
from typing import Any

logger = logging.getLogger("waitress")             # waitress's own loggers, so its log reads the same
queue_logger = logging.getLogger("waitress.queue")


class WarmDispatcher:
    """waitress's task dispatcher (``create_server(_dispatcher=...)``), most recently idle thread first."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.queue: deque[Any] = deque()          # tasks no thread has taken yet
        self.threads: set[int] = set()            # the numbers of the threads alive
        self.idle: list[threading.Condition] = []  # sleeping threads' wake-ups; the last went idle last
        self.count = 0                            # the most threads there may be
        self.stop_count = 0                       # threads told to stop that have not yet
        self.waking = 0                           # threads woken or started that have not yet looked
        self.thread_exit_cv = threading.Condition(self.lock)

    def set_thread_count(self, count: int) -> None:
        """At most ``count`` threads from now on. Threads start when a task needs one; above the
        count, idle threads stop at once and busy ones once their task is done."""
        with self.lock:
            self.count = count
            running = len(self.threads) - self.stop_count
            if running > count:
                self.stop_count += running - count
                while self.idle:
                    self._wake()
            self._dispatch()

    def add_task(self, task: Any) -> None:
        """Queue ``task`` and wake a thread for it: the most recently idle, else a new one."""
        with self.lock:
            self.queue.append(task)
            if not self._dispatch():
                queue_logger.warning("Task queue depth is %d", len(self.queue) - self.waking)

    def shutdown(self, cancel_pending: bool = True, timeout: float = 5) -> bool:
        """Stop every thread, waiting at most ``timeout`` seconds for running tasks; then cancel
        the tasks still waiting (unless ``cancel_pending`` is false). As waitress's."""
        self.set_thread_count(0)
        deadline = time.monotonic() + timeout
        with self.lock:
            while self.threads:
                left = deadline - time.monotonic()
                if left <= 0:
                    logger.warning("%d thread(s) still running", len(self.threads))
                    break
                self.thread_exit_cv.wait(left)
            if not cancel_pending:
                return False
            if self.queue:
                logger.warning("Canceling %d pending task(s)", len(self.queue))
            while self.queue:
                self.queue.popleft().cancel()
            return True

    # All below with the lock held.

    def _dispatch(self) -> bool:
        """See that every waiting task has a thread on its way: wake the most recently idle
        threads, start new ones up to the count. False when a task must wait for a busy thread."""
        while len(self.queue) > self.waking:
            if self.idle:
                self._wake()
            elif len(self.threads) - self.stop_count < self.count and self._start():
                self.waking += 1
            else:
                return False
        return True

    def _wake(self) -> None:
        self.idle.pop().notify()
        self.waking += 1

    def _start(self) -> bool:
        number = min(set(range(len(self.threads) + 1)) - self.threads)
        thread = threading.Thread(target=self._serve, args=(number,), name=f"waitress-{number}",
                                  daemon=True)
        try:
            thread.start()
        except RuntimeError:   # the system has no thread to give: the task waits for a busy one
            logger.exception("Could not start a request thread (%d running)", len(self.threads))
            return False
        self.threads.add(number)
        return True

    def _next(self, wake: threading.Condition, number: int) -> Any | None:
        """The next task, sleeping until there is one; None when this thread is to stop (it is
        then no longer counted)."""
        while not self.queue and not self.stop_count:
            self.idle.append(wake)
            while wake in self.idle:   # until a task or a stop takes it off the list
                wake.wait()
            self.waking -= 1
        if not self.stop_count:
            return self.queue.popleft()
        self.stop_count -= 1
        self.threads.discard(number)
        self._dispatch()           # a task this thread was woken for goes to another
        self.thread_exit_cv.notify_all()
        return None

    def _serve(self, number: int) -> None:
        """A thread's life: take tasks until told to stop."""
        wake = threading.Condition(self.lock)
        with self.lock:
            self.waking -= 1       # started for a task: here now
            task = self._next(wake, number)
        while task is not None:
            try:
                task.service()
            except BaseException:
                logger.exception("Exception when servicing %r", task)
            task = None            # not kept alive while this thread sleeps
            with self.lock:
                task = self._next(wake, number)
