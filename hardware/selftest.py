"""``companion selftest``: check every configured device, one line each.

Claims each pin, toggles the laser and the LEDs, reads every sensor with the
laser off (a lit one is stray light or a threshold set too low) and then while
it fires, and checks that no button reads pressed at rest. With
``interactive=True`` (on a Pi) it asks for each button to be pressed. The
exit status is non-zero if anything is wrong::

    >>> import io
    >>> from hardware.config import parse
    >>> out = io.StringIO()
    >>> run(parse({"pin_factory": "mock", "laser": {"pin": 17, "window_s": 0.01},
    ...            "sensors": {"j5e": {"pin": 22, "watches": "j5:E"}}}), False, out)
    0
    >>> print(out.getvalue(), end="")
    ok    laser   laser   pin 17  Laser: switched on and off
    ok    sensor  j5e     pin 22  Beam sensor j5 east: dark with the laser off
    info  laser   laser   pin 17  one 0.01 s shot lit: no sensor
    all 2 devices ok (mock pins)
"""

from __future__ import annotations

import time
from typing import Any, TextIO

from engines.text import Text, translate
from hardware import frames
from hardware.config import HardwareConfig
from hardware.display import where
from hardware.errors import HardwareError
from hardware.rig import Rig, build

PRESS_TIMEOUT_S = 15.0


class _Report:
    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.problems = 0
        self.devices: set[tuple[str, str]] = set()

    def line(self, verdict: str, kind: str, name: str, pin: int | None, text: str) -> None:
        if verdict == "FAIL":
            self.problems += 1
        if verdict != "info":
            self.devices.add((kind, name))
        where = f"pin {pin:>2}" if pin is not None else "      "
        print(f"{verdict:<4}  {kind:<6}  {name:<6}  {where}  {text}", file=self.out, flush=True)


def run(config: HardwareConfig, interactive: bool, out: TextIO, pin_factory: Any = None) -> int:
    """Check the rig; print one line per device; return 0 if all is well, 1 otherwise."""
    report = _Report(out)
    try:
        rig = build(config, pin_factory)
    except HardwareError as exc:
        report.line("FAIL", "rig", "-", None, str(exc))
        print("1 problem: the rig could not start", file=out)
        return 1
    try:
        _check(rig, interactive, report)
    finally:
        rig.close()
    count = len(report.devices)
    if report.problems:
        noun = "problem" if report.problems == 1 else "problems"
        print(f"{report.problems} {noun} in {count} devices ({rig.pin_factory} pins)", file=out)
        return 1
    print(f"all {count} devices ok ({rig.pin_factory} pins)", file=out)
    return 0


def _check_display(rig: Rig, report: _Report) -> None:
    """Found on the I2C bus or not, with the bus and address in the sentence; a test frame on it."""
    c = rig.config.display
    if c is None:
        return
    if rig.display is None:
        problem = rig.display_problem or Text("The display could not be opened.")
        report.line("FAIL", "display", c.driver, None, translate(problem))
        return
    shown = rig.display.show(frames.message("selftest", rig.display.size, Text("Self-test"),
                                            Text("If you can read this, the display works.")))
    found = (Text("luma's dummy display stands in for the {driver} on {where} (mock pins)")
             if rig.display.dummy else Text("{driver} display found on {where}; it shows a test frame"))
    report.line("ok" if shown else "FAIL", "display", c.driver, None,
                translate(Text(found.msgid, {"driver": c.driver.upper(), "where": where(c)})))


def _check(rig: Rig, interactive: bool, report: _Report) -> None:
    c = rig.config
    _check_display(rig, report)
    if c.laser is not None and rig.laser is not None:
        rig.laser.on()
        on = bool(rig.laser.value)
        rig.laser.off()
        off = not rig.laser.value
        report.line("ok" if on and off else "FAIL", "laser", "laser", c.laser.pin,
                    f"{c.laser.label}: switched on and off" if on and off
                    else f"{c.laser.label}: the pin did not follow on/off")
    for led in c.leds:
        device = rig.leds[led.name]
        device.on()
        on = bool(device.value)
        device.off()
        ok = on and not device.value
        report.line("ok" if ok else "FAIL", "led", led.name, led.pin,
                    f"{led.label}: switched on and off" if ok else f"{led.label}: the pin did not follow")
    for s in c.sensors:
        lit = rig.sensors[s.name].is_active
        report.line("FAIL" if lit else "ok", "sensor", s.name, s.pin,
                    f"{s.label}: lit with the laser off: stray light, or turn its threshold screw "
                    "until the module's DO LED goes out" if lit else f"{s.label}: dark with the laser off")
    if c.laser is not None and c.sensors:
        rig.set_laser(True)
        try:
            time.sleep(c.laser.window_s)
            lit_now = [s.label for s in c.sensors if rig.sensors[s.name].is_active]
        finally:
            rig.set_laser(False)
        report.line("info", "laser", "laser", c.laser.pin,
                    f"one {c.laser.window_s:g} s shot lit: {', '.join(lit_now) or 'no sensor'}")
    for b in c.buttons:
        device = rig.buttons[b.name]
        if device.is_pressed:
            report.line("FAIL", "button", b.name, b.pin,
                        f"{b.label}: reads pressed with nobody pressing: check it goes to GND, not 3.3 V")
            continue
        if interactive and not rig.mock:
            print(f"      press {b.label} (pin {b.pin}) within {PRESS_TIMEOUT_S:.0f} s ...",
                  file=report.out, flush=True)
            pressed = device.wait_for_press(timeout=PRESS_TIMEOUT_S)
            report.line("ok" if pressed else "FAIL", "button", b.name, b.pin,
                        f"{b.label}: press seen" if pressed else f"{b.label}: no press seen")
        else:
            report.line("ok", "button", b.name, b.pin, f"{b.label}: released at rest")
    if interactive and rig.mock:
        print("      (mock pins: nobody can press a button here; --interactive is for a Pi)",
              file=report.out, flush=True)
