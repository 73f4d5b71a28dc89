"""Blinking LEDs from one thread for the whole rig.

gpiozero's ``LED.blink()`` starts a thread on every call, and the next
``on()``/``off()``/``blink()`` stops and *joins* it. On the way from a button
to its LED that is a thread start and a join per LED change (the p99 of
``bench/hardware_latency.py`` went there, waiting for the old blink thread to
be scheduled). Here one thread toggles every blinking LED; a change only
updates a table under a lock and lights the LED at once::

    >>> from types import SimpleNamespace
    >>> led = SimpleNamespace(value=False)
    >>> led.on, led.off = (lambda: setattr(led, "value", True)), (lambda: setattr(led, "value", False))
    >>> blinker = Blinker(clock=lambda: 0.0, start=False)
    >>> blinker.set("seat0", led, (0.5, 0.5))
    >>> led.value, blinker.step(0.6), led.value, blinker.step(1.0), led.value
    (True, 1.0, False, 1.5, True)
    >>> blinker.set("seat0", led, None)  # steady from now on: the caller sets on or off
    >>> blinker.step(1.6) is None
    True
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any


class Blinker:
    def __init__(self, *, clock: Callable[[], float] = time.monotonic, start: bool = True) -> None:
        self._clock = clock
        self._cond = threading.Condition()
        self._leds: dict[str, tuple[Any, float, float, float]] = {}  # name -> (device, on, off, since)
        self._closed = False
        self._thread: threading.Thread | None = None
        self._start = start

    def set(self, name: str, device: Any, pattern: tuple[float, float] | None) -> None:
        """Blink ``device`` with ``(on_s, off_s)``, lit from now; ``None``: stop blinking it."""
        with self._cond:
            if pattern is None:
                self._leds.pop(name, None)
                return
            device.on()
            self._leds[name] = (device, pattern[0], pattern[1], self._clock())
            if self._start and self._thread is None and not self._closed:
                self._thread = threading.Thread(target=self._run, name="led-blinker", daemon=True)
                self._thread.start()
            self._cond.notify()

    def step(self, now: float) -> float | None:
        """Put every blinking LED in its phase at ``now``; the time of the next toggle, if any."""
        wake: float | None = None
        with self._cond:
            for device, on, off, since in self._leds.values():
                period = on + off
                phase = (now - since) % period
                lit = phase < on
                if bool(device.value) != lit:
                    (device.on if lit else device.off)()
                nxt = now + ((on - phase) if lit else (period - phase))
                wake = nxt if wake is None else min(wake, nxt)
        return wake

    def _run(self) -> None:
        with self._cond:
            while not self._closed:
                now = self._clock()
                wake = self.step(now)
                self._cond.wait(None if wake is None else max(0.001, wake - now))

    def close(self) -> None:
        with self._cond:
            self._closed = True
            self._leds.clear()
            self._cond.notify()
        if self._thread is not None:
            self._thread.join(timeout=2)
