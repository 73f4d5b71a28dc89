"""How long the tests wait, on this machine: every bound on a wait in tests/ goes through here.

A test waits for a condition (an element on a page, a stream's version, a bot's answer, a server's
banner, a subprocess's end) and bounds the wait so that a broken product fails instead of hanging.
The bound is written as the seconds a quiet development machine needs with room to spare, and
:func:`patience` multiplies it by :func:`slow`, the machine's factor: a slow machine (a Pi 4, or 2
cores under a load of 10) waits longer for the same conditions; a quiet one fails as soon as before.
A test never passes because a wait was long enough: what it waits for is the condition itself.

The factor is ``TC_SLOW`` from the environment when set (``TC_SLOW=4 ./setup.sh test`` on a slow
machine), otherwise measured once at the start of the run (tests/conftest.py) and never below 1:
the larger of how long a fixed piece of pure-Python work takes against a quiet x86 core, and the
load average per core. pytest's header prints it (``waits: x3.2``).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

VARIABLE = "TC_SLOW"
WORK = 100_000          # iterations of :func:`_work`
ROUNDS = 24             # measured back to back: a few hundred milliseconds of scheduling
QUIET_SECONDS = 0.0085  # one round of :func:`_work` on a quiet x86 core (an AMD EPYC's, 2026)
MOST = 20.0             # a measured factor stops here: a failing wait should still end this run

_factor: float | None = None
_how = ""


def _work() -> int:
    total = 0
    for i in range(WORK):
        total += len(str(i)) ^ (i & 7)
    return total


def measure() -> float:
    """The factor this run's waits use (measured the first time, or read from ``TC_SLOW``)."""
    global _factor, _how
    if _factor is not None:
        return _factor
    given = os.environ.get(VARIABLE, "").strip()
    if given:
        _factor, _how = float(given), f"{VARIABLE}={given}"
        if not _factor > 0:
            raise ValueError(f"{VARIABLE} must be a positive number of times, not {given!r}")
        return _factor
    started = time.perf_counter()
    for _ in range(ROUNDS):
        _work()
    work = (time.perf_counter() - started) / (ROUNDS * QUIET_SECONDS)
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    load = os.getloadavg()[0] / cores
    _factor = min(MOST, max(1.0, work, load))
    _how = f"measured: work x{work:.1f}, load {load:.1f} per core; {VARIABLE}=N sets it"
    return _factor


def slow() -> float:
    return measure()


def described() -> str:
    factor = measure()
    return f"waits: x{factor:.1f} ({_how})"


def patience(seconds: float) -> float:
    """``seconds`` of waiting on a quiet machine, on this one."""
    return seconds * slow()


def patience_ms(seconds: float) -> float:
    """:func:`patience` in milliseconds (Playwright's unit)."""
    return 1000.0 * patience(seconds)


def until(check: Callable[[], T], seconds: float, *, every: float = 0.05,
          pause: Callable[[float], Any] = time.sleep) -> T:
    """Ask ``check`` every ``every`` seconds until it answers something true, for at most
    ``patience(seconds)``; its last answer (false when the time ran out: the caller asserts).
    ``pause``: how to let time pass (a Playwright page's, so its events keep arriving:
    ``lambda s: page.wait_for_timeout(1000 * s)``)."""
    end = time.monotonic() + patience(seconds)
    while True:
        answer = check()
        if answer or time.monotonic() >= end:
            return answer
        pause(every)


def page_pause(page: Any) -> Callable[[float], Any]:
    """:func:`until`'s ``pause`` for a Playwright page: time passes in its event loop."""
    return lambda seconds: page.wait_for_timeout(1000.0 * seconds)
