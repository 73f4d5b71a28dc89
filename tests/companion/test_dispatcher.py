"""The request threads (``companion.dispatcher``, issue 28): every request is answered once, a crowd
larger than the pool still is, stopping works, and a quiet table keeps to one warm thread (what
saves the memory: each thread that has answered keeps about 80 KB).

Everything is bounded: every wait has a timeout (tests.waits.patience), and the servers are on loopback.
"""

from __future__ import annotations

import http.client
import threading
import time
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from companion import server as built
from companion.dispatcher import WarmDispatcher
from tests.waits import patience

PATIENCE = patience(10.0)   # seconds; far above what any of this needs


class Job:
    """A task as waitress makes them: ``service()`` runs it, ``cancel()`` drops it."""

    def __init__(self, number: int, log: Log, gate: threading.Event | None = None) -> None:
        self.number, self.log, self.gate = number, log, gate
        self.cancelled = False

    def service(self) -> None:
        self.log.started(self)
        if self.gate is not None:
            assert self.gate.wait(PATIENCE)
        self.log.ended(self)

    def cancel(self) -> None:
        self.cancelled = True


class Log:
    """What ran, on which thread, and how many at once."""

    def __init__(self) -> None:
        self.lock = threading.Condition()
        self.ran: list[int] = []
        self.threads: list[str] = []
        self.running = self.most = 0

    def started(self, job: Job) -> None:
        with self.lock:
            self.running += 1
            self.most = max(self.most, self.running)
            self.threads.append(threading.current_thread().name)
            self.lock.notify_all()

    def ended(self, job: Job) -> None:
        with self.lock:
            self.running -= 1
            self.ran.append(job.number)
            self.lock.notify_all()

    def wait(self, what: Any) -> None:
        with self.lock:
            assert self.lock.wait_for(lambda: what(self), PATIENCE)


def idle(dispatcher: WarmDispatcher, count: int) -> None:
    """Wait until ``count`` threads are idle (a task's end comes just before its thread is idle)."""
    deadline = time.monotonic() + PATIENCE
    while len(dispatcher.idle) != count:
        assert time.monotonic() < deadline, f"{len(dispatcher.idle)} idle, not {count}"
        time.sleep(0.001)


@pytest.fixture
def pool() -> Iterator[WarmDispatcher]:
    dispatcher = WarmDispatcher()
    dispatcher.set_thread_count(4)
    yield dispatcher
    dispatcher.shutdown(timeout=PATIENCE)


def test_every_task_runs_exactly_once_when_many_threads_add_them(pool: WarmDispatcher) -> None:
    log = Log()
    adders = [threading.Thread(target=lambda k=k: [pool.add_task(Job(k * 500 + i, log)) for i in range(500)])
              for k in range(4)]
    for adder in adders:
        adder.start()
    for adder in adders:
        adder.join(PATIENCE)
    log.wait(lambda done: len(done.ran) == 2000)
    assert sorted(log.ran) == list(range(2000))
    assert log.most <= 4 and len(pool.threads) <= 4
    assert pool.shutdown(timeout=PATIENCE) and not pool.threads


def test_a_burst_larger_than_the_pool_waits_for_the_busy_threads_and_completes(pool: WarmDispatcher) -> None:
    log, gate = Log(), threading.Event()
    jobs = [Job(i, log, gate) for i in range(20)]
    for job in jobs:
        pool.add_task(job)
    log.wait(lambda done: done.running == 4)       # the pool is full; sixteen wait their turn
    time.sleep(patience(0.05))                     # time for a fifth thread to start (none may)
    assert log.running == 4 and len(pool.queue) == 16 and len(pool.threads) == 4
    gate.set()
    log.wait(lambda done: len(done.ran) == 20)
    assert sorted(log.ran) == list(range(20))
    assert log.most == 4 and len(set(log.threads)) == 4 and not any(job.cancelled for job in jobs)


def test_sequential_tasks_keep_to_the_thread_that_went_idle_last(pool: WarmDispatcher) -> None:
    log, gate = Log(), threading.Event()
    for i in range(4):                                   # a burst once warmed all four
        pool.add_task(Job(i, log, gate))
    log.wait(lambda done: done.running == 4)
    gate.set()
    idle(pool, 4)
    log.threads.clear()
    for i in range(50):
        pool.add_task(Job(100 + i, log))
        log.wait(lambda done, n=i: len(done.ran) == 5 + n)
        idle(pool, 4)
    assert len(set(log.threads)) == 1, Counter(log.threads)


def test_only_the_threads_needed_are_started() -> None:
    dispatcher = WarmDispatcher()
    dispatcher.set_thread_count(32)
    try:
        assert not dispatcher.threads                    # none before the first task
        log = Log()
        for i in range(20):
            dispatcher.add_task(Job(i, log))
            log.wait(lambda done, n=i: len(done.ran) == n + 1)
            idle(dispatcher, 1)
        assert len(dispatcher.threads) == 1 and len(set(log.threads)) == 1
    finally:
        assert dispatcher.shutdown(timeout=PATIENCE)


def test_shutdown_lets_running_tasks_end_and_cancels_the_waiting_ones() -> None:
    dispatcher = WarmDispatcher()
    dispatcher.set_thread_count(2)
    log, gate = Log(), threading.Event()
    jobs = [Job(i, log, gate) for i in range(5)]
    for job in jobs:
        dispatcher.add_task(job)
    log.wait(lambda done: done.running == 2)
    threading.Timer(0.1, gate.set).start()               # the two running end while it waits
    assert dispatcher.shutdown(timeout=PATIENCE)
    assert sorted(log.ran) == [0, 1] and [job.cancelled for job in jobs] == [False] * 2 + [True] * 3
    assert not dispatcher.threads and not dispatcher.queue
    dispatcher.add_task(Job(9, log))                     # stopped: nothing runs any more
    time.sleep(patience(0.05))                           # time for it to run (it may not)
    assert sorted(log.ran) == [0, 1]


def test_shutdown_gives_up_on_a_task_that_does_not_end_within_its_timeout() -> None:
    dispatcher = WarmDispatcher()
    dispatcher.set_thread_count(2)
    log, gate = Log(), threading.Event()
    dispatcher.add_task(Job(0, log, gate))
    log.wait(lambda done: done.running == 1)
    began = time.monotonic()
    try:
        assert dispatcher.shutdown(timeout=0.2)
        assert 0.15 < time.monotonic() - began < PATIENCE and len(dispatcher.threads) == 1
    finally:
        gate.set()
    log.wait(lambda done: done.ran == [0])


def test_a_smaller_count_stops_idle_threads_and_the_rest_serve_on(pool: WarmDispatcher) -> None:
    log, gate = Log(), threading.Event()
    for i in range(4):
        pool.add_task(Job(i, log, gate))
    log.wait(lambda done: done.running == 4)
    gate.set()
    log.wait(lambda done: len(done.ran) == 4)
    pool.set_thread_count(1)
    with pool.lock:
        assert pool.thread_exit_cv.wait_for(lambda: len(pool.threads) == 1, PATIENCE)
    for i in range(10):
        pool.add_task(Job(10 + i, log))
    log.wait(lambda done: len(done.ran) == 14)


def test_the_server_answers_a_quiet_table_on_one_thread() -> None:
    """Through the real server: one request after another, as a quiet table asks, is answered by
    the same warm thread; the other threads never start."""
    names: list[str] = []

    def app(environ: dict[str, Any], start_response: Any) -> list[bytes]:
        names.append(threading.current_thread().name)
        start_response("200 OK", [("Content-Type", "text/plain"), ("Content-Length", "2")])
        return [b"ok"]

    srv = built.build(app, host="127.0.0.1", port=0, max_body=1024)
    loop = threading.Thread(target=srv.run, daemon=True)
    loop.start()
    try:
        for _ in range(40):
            connection = http.client.HTTPConnection("127.0.0.1", srv.effective_port, timeout=PATIENCE)
            connection.request("GET", "/")
            assert connection.getresponse().read() == b"ok"
            connection.close()
            idle(srv.task_dispatcher, len(srv.task_dispatcher.threads))   # a quiet table: its
            #                                      thread is idle again before the next request
        assert len(names) == 40 and len(set(names)) <= 2, Counter(names)
        assert len(srv.task_dispatcher.threads) <= 2
    finally:
        built.end_loop(srv)
        loop.join(PATIENCE)
        built.close(srv, timeout=PATIENCE)
    assert not loop.is_alive() and not srv.task_dispatcher.threads
