"""The rig: every configured device, built once, behind one small object.

``hardware.build(config)`` claims the pins; the companion then drives the
seat LEDs, listens to the buttons and asks for beam checks. Under the mock pin
factory a :class:`~hardware.simulator.Simulator` plays the physical board, and
``press`` / ``inject_fault`` work; on real pins they refuse with
:class:`~hardware.errors.NotMocked`.
"""

from __future__ import annotations

import atexit
import contextlib
import logging
import os
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from functools import partial
from typing import Any

from gpiozero.exc import GPIOZeroError  # type: ignore[import-untyped]
from gpiozero.pins.mock import MockFactory  # type: ignore[import-untyped]

from engines.core import Seat, State
from engines.text import Text
from hardware import devices
from hardware.beam import BeamCheck, judge
from hardware.blinker import Blinker
from hardware.config import Exit, HardwareConfig, is_pi
from hardware.display import Display, open_display
from hardware.errors import NotMocked, PinProblem, UnknownDevice
from hardware.simulator import BOARD, Simulator

log = logging.getLogger(__name__)

ButtonCallback = Callable[[str], None]

# LED patterns: (on seconds, off seconds) for blinking ones.
PATTERNS: dict[str, tuple[float, float] | None] = {
    "off": None,
    "on": None,
    "blinking": (0.5, 0.5),   # this seat is awaited
    "winner": (0.12, 0.12),   # fast flicker: this seat won
    "error": (0.1, 0.4),      # status LED: a fault or a mismatch to look at
}
STATUS_MODES = {"ready": "on", "error": "error", "off": "off", "busy": "blinking"}


def _factory(config: HardwareConfig, given: Any) -> tuple[Any, str]:
    """The pin factory to use and its short name ("mock", "lgpio", ...)."""
    if given is not None:
        return given, _factory_name(given)
    choice = config.pin_factory or os.environ.get("GPIOZERO_PIN_FACTORY", "").lower() or None
    if choice is None:
        choice = "lgpio" if is_pi() else "mock"
    if choice == "mock":
        return MockFactory(), "mock"
    if choice == "lgpio":
        try:
            from gpiozero.pins.lgpio import LGPIOFactory  # type: ignore[import-untyped]

            return LGPIOFactory(), "lgpio"
        except Exception as exc:  # ImportError, lgpio.error: no chip, no permission
            raise PinProblem(
                "The lgpio pin factory could not start ({reason}); is this a Raspberry Pi, and is "
                "the user in the gpio group?", reason=str(exc) or type(exc).__name__,
            ) from exc
    return None, choice  # another gpiozero factory named in GPIOZERO_PIN_FACTORY


def _factory_name(factory: Any) -> str:
    if isinstance(factory, MockFactory):
        return "mock"
    return type(factory).__name__.removesuffix("Factory").lower() or "unknown"


def _said(label: Text | str) -> dict[str, Any] | None:
    """A device's default label as a sentence (each reader's words); None: the owner wrote the
    label, shown as written."""
    return label.to_json() if isinstance(label, Text) else None


class Rig:
    """Every device of one config, on one pin factory. Build it with :func:`hardware.build`."""

    def __init__(self, config: HardwareConfig, pin_factory: Any = None, *,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.config = config
        factory, self.pin_factory = _factory(config, pin_factory)
        self.mock = self.pin_factory == "mock"
        self._clock = clock
        self._lock = threading.RLock()
        self._beam_lock = threading.Lock()
        self._callbacks: list[ButtonCallback] = []
        self._long_callbacks: list[ButtonCallback] = []
        self._down: dict[str, float] = {}  # the host button: when it went down (the rig's clock)
        self._last_press: dict[str, float] = {}
        self._capture: set[str] | None = None
        self._watch = threading.Condition()  # a watch waits on it: a sensor lit, or wake_watch()
        self._led_mode: dict[str, str] = {}
        self._blinker = Blinker()  # one thread for every blinking LED (not one per blink() call)
        self.last_beam_check: BeamCheck | None = None
        self.laser: devices.Laser | None = None
        self.buttons: dict[str, Any] = {}
        self.leds: dict[str, Any] = {}
        self.sensors: dict[str, Any] = {}
        self.simulator: Simulator | None = None
        self.display: Display | None = None
        self.display_problem: Text | None = None  # a configured display that did not answer
        self._closed = False
        try:
            self._build(factory)
        except BaseException:
            self.close()
            raise
        # The laser must go off however the process ends (gpiozero's own exit hook only
        # knows devices on its global factory, and this one may have its own).
        atexit.register(self.close)

    def _claim(self, what: Text | str, pin: int, make: Callable[[], Any]) -> Any:
        try:
            return make()
        except (GPIOZeroError, OSError, RuntimeError) as exc:
            raise PinProblem(
                "Could not claim pin {pin} for {device}: {reason}", pin=pin, device=what,
                reason=str(exc) or type(exc).__name__,
            ) from exc

    def _build(self, factory: Any) -> None:
        c = self.config
        if c.laser is not None:
            spec = c.laser
            self.laser = self._claim(spec.label_text, spec.pin, partial(devices.laser, spec.pin, factory))
        for b in c.buttons:
            device = self._claim(b.label_text, b.pin, partial(devices.button, b.pin, b.bounce_s, factory))
            if b.name == c.host_button:  # short or long: known only when it comes up
                device.when_pressed = partial(self._went_down, b.name)
                device.when_released = partial(self._came_up, b.name)
            else:
                device.when_pressed = partial(self._pressed, b.name)
            self.buttons[b.name] = device
        for led in c.leds:
            self.leds[led.name] = self._claim(led.label_text, led.pin, partial(devices.led, led.pin, factory))
            self._led_mode[led.name] = "off"
        for s in c.sensors:
            device = self._claim(s.label_text, s.pin,
                                 partial(devices.beam_sensor, s.pin, s.bounce_s, factory))
            device.when_activated = partial(self._sensor_lit, s.name)
            self.sensors[s.name] = device
        if c.display is not None:
            try:
                self.display = open_display(c.display, mock=self.mock)
            except PinProblem as exc:  # the game goes on without its status display
                self.display_problem = exc.text
                log.warning("%s", exc)
        if self.mock:
            self.simulator = Simulator(
                {s.name: (self.sensors[s.name], s.watches) for s in c.sensors},
                "laser" if c.laser is not None else None,
            )

    # ------------------------------------------------------------------ buttons
    def on_button(self, callback: ButtonCallback) -> None:
        """Call ``callback(button_name)`` on every (debounced) press. Keep it short: enqueue work."""
        self._callbacks.append(callback)

    def off_button(self, callback: ButtonCallback) -> None:
        """Stop calling ``callback`` (the companion detaching, a test ending)."""
        if callback in self._callbacks:
            self._callbacks.remove(callback)

    def on_long_press(self, callback: ButtonCallback) -> None:
        """Call ``callback(button_name)`` when the host button is held ``host_hold_s`` or longer."""
        self._long_callbacks.append(callback)

    def off_long_press(self, callback: ButtonCallback) -> None:
        if callback in self._long_callbacks:
            self._long_callbacks.remove(callback)

    def _went_down(self, name: str) -> None:
        self._down.setdefault(name, self._clock())

    def _came_up(self, name: str) -> None:
        """The host button came up: a long press if it was held long enough, else a plain press
        (so ``next`` still steps the table when it doubles as the host button)."""
        start = self._down.pop(name, None)
        if start is None:
            return
        if self._clock() - start < self.config.host_hold_s:
            self._pressed(name)
            return
        log.info("button %s held for a long press", name)
        for callback in list(self._long_callbacks):
            try:
                callback(name)
            except Exception:
                log.exception("long-press callback failed for %s", name)

    def _pressed(self, name: str) -> None:
        now = self._clock()
        spec = self.config.button(name)
        last = self._last_press.get(name)
        if spec is not None and last is not None and now - last < spec.bounce_s:
            return  # a bounce the kernel let through (gpiozero#1090): one press, one event
        self._last_press[name] = now
        for callback in list(self._callbacks):
            try:
                callback(name)
            except Exception:  # a bad listener must not kill the GPIO callback thread
                log.exception("button callback failed for %s", name)

    def press(self, name: str, held_s: float = 0.0) -> dict[str, Any]:
        """Press and release a button of the virtual panel (mock pins only); ``held_s``: as if it
        had been held that long (the host button's long press), without waiting."""
        self._need_mock()
        device = self.buttons.get(name)
        if device is None:
            raise UnknownDevice("There is no button called {button}.", button=name)
        device.pin.drive_low()
        if held_s and name in self._down:
            self._down[name] -= held_s
        device.pin.drive_high()
        return self.status()

    # ------------------------------------------------------------------ LEDs
    def set_led(self, name: str, mode: str) -> None:
        """``mode``: off, on, blinking, winner or error. LEDs that are not configured are skipped."""
        if mode not in PATTERNS:
            raise ValueError(f"unknown LED mode {mode!r}")
        with self._lock:
            device = self.leds.get(name)
            if device is None or self._led_mode.get(name) == mode or self._closed:
                return
            self._led_mode[name] = mode
            pattern = PATTERNS[mode]
            self._blinker.set(name, device, pattern)  # lit at once when it starts blinking
            if mode == "on":
                device.on()
            elif pattern is None:
                device.off()

    def led_mode(self, name: str) -> str | None:
        return self._led_mode.get(name)

    def seats(self) -> list[int]:
        """Seat numbers that have a button or an LED (named seat0, seat1, ...)."""
        names = [*self.buttons, *self.leds]
        return sorted({int(n[4:]) for n in names if n.startswith("seat") and n[4:].isdigit()})

    def show_seats(self, blinking: Iterable[int] = (), steady: Iterable[int] = (),
                   winners: Iterable[int] = ()) -> None:
        """Seat LEDs: winners flicker, awaited seats blink, steady ones stay lit, the rest go off."""
        blinking, steady, winners = set(blinking), set(steady), set(winners)
        for seat in self.seats():
            mode = ("winner" if seat in winners else "blinking" if seat in blinking
                    else "on" if seat in steady else "off")
            self.set_led(f"seat{seat}", mode)

    def set_status(self, mode: str) -> None:
        """The status LED: ready (steady), error (a pattern), busy (blinking) or off."""
        self.set_led("status", STATUS_MODES[mode])

    # ------------------------------------------------------------------ the beam
    def _sensor_lit(self, name: str) -> None:
        capture = self._capture
        if capture is not None:
            with self._watch:
                capture.add(name)
                self._watch.notify_all()

    def wake_watch(self) -> None:
        """Make an open watch ask its ``until`` again (the caller has just made it true)."""
        with self._watch:
            self._watch.notify_all()

    def _lit_now(self) -> list[str]:
        return [name for name, device in self.sensors.items() if device.is_active]

    def set_laser(self, on: bool) -> None:
        """Switch the laser (and the simulator's beam) on or off; a no-op without a laser."""
        if self.laser is None:
            return
        self.laser.value = on
        if self.simulator is not None:
            self.simulator.set_laser(on)

    def beam_check(self, expected_exit: Exit | None, window_s: float | None = None, *,
                   path: Sequence[str] | None = None, stopped_at: str | None = None,
                   context: dict[str, Any] | None = None, show_status: bool = True,
                   until: Callable[[], bool] | None = None, seat: Seat | None = None) -> BeamCheck:
        """Check one shot against the engine's beam and remember the verdict.

        With a laser: read every sensor with the laser off (a lit one is stray
        light: a fault), fire for ``window_s``, read, switch off, compare with
        ``expected_exit``. Without one: the players fire the game's own laser,
        and the sensors watch for up to ``window_s`` (``watch_s``) for it.
        ``path`` (the engine's beam squares) lets a mismatch name the token to check.
        The status LED shows the verdict unless ``show_status`` is false (the
        caller decides, e.g. for a shot the next move has already replaced).

        ``until`` ends a watch (no laser) early: once it returns true the sensors
        stop watching and the check judges what they saw so far. The caller makes
        it true, then calls :meth:`wake_watch`; it is asked with the rig's watch
        lock held, so it must be quick and take no lock held around ``wake_watch``.
        (A laser's window is short and always runs in full.)

        ``seat``: the shot is that seat's laser in a setup check, not a move's: on mock pins the
        simulator aims this one shot at ``expected_exit``, or where the real position sends it
        (:meth:`set_real_position`), and keeps the physical beam a move set.
        """
        order = list(self.sensors)
        with self._beam_lock:
            baseline = self._lit_now()
            seen: set[str] = set()
            if not baseline:
                with self._watch:
                    self._capture = seen
                try:
                    if self.laser is not None:
                        self._shoot(seen, window_s, expected_exit, seat)
                    else:
                        window = self.config.watch_s if window_s is None else window_s
                        if self.simulator is not None:
                            self.simulator.players_shot()
                        ended = until if until is not None else (lambda: False)
                        with self._watch:
                            self._watch.wait_for(lambda: bool(seen) or ended(), window)
                        if seen and not ended():
                            time.sleep(min(0.05, window))  # let a second sensor show itself
                        seen.update(self._lit_now())
                finally:
                    self.set_laser(False)
                    self._capture = None
            check = judge(
                self.config, expected_exit, path, stopped_at,
                baseline=baseline, seen=[name for name in order if name in seen],
            )
            if context:
                check.extra.update(context)
            self.last_beam_check = check
        if show_status:
            self.set_status("ready" if check.result == "agree" else "error")
        return check

    def _shoot(self, seen: set[str], window_s: float | None, aim: Exit | None, seat: Seat | None) -> None:
        """One shot of the laser: on for the window, then every lit sensor into ``seen`` (the
        caller switches it off). On mock pins a setup check's shot is aimed (``seat``)."""
        assert self.config.laser is not None
        window = self.config.laser.window_s if window_s is None else window_s
        if seat is not None and self.simulator is not None:
            self.simulator.aim(aim, seat)
        self.set_laser(True)
        if window > 0:
            time.sleep(window)
        seen.update(self._lit_now())

    # ------------------------------------------------------------------ the simulator
    def _need_mock(self) -> Simulator:
        if self.simulator is None:
            raise NotMocked("The pins are real, so this only works on mock pins.")
        return self.simulator

    def set_physical_beam(self, exit: Exit | None) -> None:
        """Tell the simulator where the physical board's beam leaves (a no-op on real pins)."""
        if self.simulator is not None:
            self.simulator.set_physical_beam(exit)

    def set_real_position(self, state: State | None) -> None:
        """Simulate the board as it really stands (a token turned or missing: a position of the
        game); a setup check's shots see it. None: the board is as the game says (mock only)."""
        self._need_mock().set_real_position(state)

    def turn_token(self, exit: Exit | None) -> None:
        """Simulate a token turned the wrong way: the physical beam leaves at ``exit`` (mock only)."""
        self._need_mock().turn_token(exit)

    def inject_fault(self, device: str, fault: str | None) -> dict[str, Any]:
        """Mock only: ``dead`` (laser), ``stuck-lit``/``stuck-dark`` (sensor), ``turned`` (board), ``none``.

        ``none`` clears the device's fault."""
        sim = self._need_mock()
        name = "laser" if self.laser is not None and device == "laser" else device
        sim.inject(name, fault)
        return self.status()

    # ------------------------------------------------------------------ status
    def status(self) -> dict[str, Any]:
        """The agreed ``GET /api/hardware`` shape."""
        faults = self.simulator.faults if self.simulator is not None else {}
        out: list[dict[str, Any]] = []
        c = self.config
        if c.laser is not None and self.laser is not None:
            out.append({"name": "laser", "kind": "laser", "pin": c.laser.pin, "label": c.laser.label,
                        "label_say": _said(c.laser.label_text),
                        "state": "on" if self.laser.value else "off", "fault": faults.get("laser")})
        for b in c.buttons:
            device = self.buttons[b.name]
            out.append({"name": b.name, "kind": "button", "pin": b.pin, "label": b.label,
                        "label_say": _said(b.label_text),
                        "state": "pressed" if device.is_pressed else "released", "fault": None})
        for led in c.leds:
            mode = self._led_mode.get(led.name, "off")
            out.append({"name": led.name, "kind": "led", "pin": led.pin, "label": led.label,
                        "label_say": _said(led.label_text),
                        "state": mode if mode in ("on", "off") else "blinking", "pattern": mode,
                        "fault": None})
        for s in c.sensors:
            device = self.sensors[s.name]
            out.append({"name": s.name, "kind": "sensor", "pin": s.pin, "label": s.label,
                        "label_say": _said(s.label_text),
                        "state": "lit" if device.is_active else "dark",
                        "watches": ":".join(s.watches), "fault": faults.get(s.name)})
        check = self.last_beam_check
        display: dict[str, Any] | None = None
        if self.display is not None:
            display = self.display.status()
        elif self.display_problem is not None:
            display = {"problem": self.display_problem.to_json()}
        host = c.button(c.host_button or "")
        return {
            "pin_factory": self.pin_factory,
            "mock": self.mock,
            "devices": out,
            "display": display,
            "host_button": None if host is None else {"name": host.name, "label": host.label,
                                                      "label_say": _said(host.label_text),
                                                      "hold_s": c.host_hold_s},
            "board_fault": faults.get(BOARD),
            "last_beam_check": None if check is None else check.to_json(),
        }

    # ------------------------------------------------------------------ closing
    def close(self) -> None:
        """Laser off first (fail safe), then release every pin. Safe to call twice."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
        atexit.unregister(self.close)
        if self.laser is not None:
            with contextlib.suppress(Exception):
                self.laser.off()
        self._blinker.close()
        if self.display is not None:
            self.display.close()
        for device in [self.laser, *self.buttons.values(), *self.leds.values(), *self.sensors.values()]:
            if device is not None:
                with contextlib.suppress(Exception):
                    device.close()

    def __enter__(self) -> Rig:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def build(config: HardwareConfig, pin_factory: Any = None, *,
          clock: Callable[[], float] = time.monotonic) -> Rig:
    """Claim every configured pin and return the :class:`Rig` (raises :class:`PinProblem`)."""
    return Rig(config, pin_factory, clock=clock)


__all__ = ["PATTERNS", "Rig", "build", "is_pi"]
