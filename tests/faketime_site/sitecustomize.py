"""On ``PYTHONPATH`` for the processes ``tests/test_offline.py`` runs with the clock ten years ahead.

There the wall clock is shifted and the monotonic clock is not (``FAKETIME_DONT_FAKE_MONOTONIC=1``,
as on a Pi whose clock was set wrong). libfaketime 0.9.10 (Debian's) then breaks Python 3.11's
``time.sleep``, which sleeps until a monotonic deadline (``clock_nanosleep`` with ``TIMER_ABSTIME``):
it shifts that deadline by the wall clock's offset and the kernel refuses it (EINVAL; libfaketime
issue 426, fixed after 0.9.10). Here ``time.sleep`` waits in ``select`` instead, which takes a
relative timeout; nothing else changes. Without the shift (any other run), this does nothing.
"""

from __future__ import annotations

import os
import select
import time
from typing import SupportsIndex


def _sleep(seconds: float | SupportsIndex) -> None:
    seconds = float(seconds)
    if seconds < 0:
        raise ValueError("sleep length must be non-negative")
    end = time.monotonic() + seconds
    while (left := end - time.monotonic()) > 0:
        select.select([], [], [], left)


if os.environ.get("FAKETIME_DONT_FAKE_MONOTONIC") == "1" and "faketime" in os.environ.get("LD_PRELOAD", ""):
    time.sleep = _sleep
