"""``companion selftest``: check every configured device, one line each.

Claims each pin, toggles the laser and the LEDs, reads every sensor with the
laser off (a lit one is stray light or a threshold set too low) and then while
it fires, and checks that no button reads pressed at rest. With
``interactive=True`` (on a Pi) it asks for each button to be pressed. The
exit status is non-zero if anything is wrong. The report speaks ``lang`` (the terminal's, for
``companion selftest``): its columns as wide as that language's words; the device names from the
config as written::

    >>> import io
    >>> from hardware.config import parse
    >>> out = io.StringIO()
    >>> run(parse({"pin_factory": "mock", "laser": {"pin": 17, "window_s": 0.01},
    ...            "sensors": {"j5e": {"pin": 22, "watches": "j5:E"}}}), False, out)
    0
    >>> print(out.getvalue(), end="")
    ok    laser    laser   pin 17  Laser: switched on and off
    ok    sensor   j5e     pin 22  Beam sensor j5 east: dark with the laser off
    info  laser    laser   pin 17  one 0.01 s shot lit: no sensor
    all 2 devices ok (mock pins)
"""

from __future__ import annotations

import time
from typing import Any, TextIO

from babel.numbers import format_decimal

from engines.text import N_, Text, plural, translate
from hardware import frames
from hardware.config import HardwareConfig
from hardware.display import where
from hardware.errors import HardwareError
from hardware.rig import Rig, build

PRESS_TIMEOUT_S = 15.0


VERDICTS = {"ok": N_("ok"), "FAIL": N_("FAIL"), "info": N_("info")}
"""The first column: a device passed, failed, or a line for information."""
KINDS = {"laser": N_("laser"), "led": N_("led"), "sensor": N_("sensor"), "button": N_("button"),
         "display": N_("display"), "rig": N_("rig"), "store": N_("store")}
"""The second column: what kind of device (the third is its name in the config, as written)."""


class Report:
    """The report's lines in ``lang``: its columns as wide as that language's words."""

    def __init__(self, out: TextIO, lang: str = "en") -> None:
        self.out = out
        self.lang = lang
        self.problems = 0
        self.devices: set[tuple[str, str]] = set()
        self.verdict_width = max(len(translate(v, lang)) for v in VERDICTS.values())
        self.kind_width = max(len(translate(k, lang)) for k in KINDS.values())

    def say(self, text: Text | str) -> str:
        return translate(text, self.lang)

    def line(self, verdict: str, kind: str, name: str, pin: int | None, text: Text | str) -> None:
        if verdict == "FAIL":
            self.problems += 1
        if verdict != "info":
            self.devices.add((kind, name))
        print(self.format(verdict, kind, name, pin, self.say(text)), file=self.out, flush=True)

    def format(self, verdict: str, kind: str, name: str, pin: int | None, said: str) -> str:
        where = self.say(Text("pin {pin}", {"pin": f"{pin:>2}"})) if pin is not None else ""
        where = where.ljust(len(self.say(Text("pin {pin}", {"pin": "17"}))))
        verdict_, kind_ = self.say(VERDICTS[verdict]), self.say(KINDS[kind])
        return f"{verdict_:<{self.verdict_width}}  {kind_:<{self.kind_width}}  {name:<6}  {where}  {said}"

    def note(self, text: Text) -> None:
        """A line under the last one, indented past the columns (a question, a remark)."""
        indent = " " * (self.verdict_width + 2)
        print(indent + self.say(text), file=self.out, flush=True)


def run(config: HardwareConfig, interactive: bool, out: TextIO, pin_factory: Any = None,
        lang: str = "en") -> int:
    """Check the rig; print one line per device in ``lang``; return 0 if all is well, 1 otherwise."""
    report = Report(out, lang)
    try:
        rig = build(config, pin_factory)
    except HardwareError as exc:
        report.line("FAIL", "rig", "-", None, exc.text)
        print(report.say(Text("1 problem: the rig could not start")), file=out)
        return 1
    try:
        _check(rig, interactive, report)
    finally:
        rig.close()
    count = len(report.devices)
    devices = plural(count, "{count} device", "{count} devices")
    pins = Text("mock pins") if rig.mock else Text("{factory} pins", {"factory": rig.pin_factory})
    if report.problems:
        print(report.say(plural(report.problems, "{count} problem in {devices} ({pins})",
                                "{count} problems in {devices} ({pins})", devices=devices, pins=pins)),
              file=out)
        return 1
    print(report.say(plural(count, "{count} device ok ({pins})", "all {count} devices ok ({pins})",
                            pins=pins)), file=out)
    return 0


def _check_display(rig: Rig, report: Report) -> None:
    """Found on the I2C bus or not, with the bus and address in the sentence; a test frame on it."""
    c = rig.config.display
    if c is None:
        return
    if rig.display is None:
        problem = rig.display_problem or Text("The display could not be opened.")
        report.line("FAIL", "display", c.driver, None, problem)
        return
    shown = rig.display.show(frames.message("selftest", rig.display.size, Text("Self-test"),
                                            Text("If you can read this, the display works."), report.lang))
    found = (Text("luma's dummy display stands in for the {driver} on {where} (mock pins)")
             if rig.display.dummy else Text("{driver} display found on {where}; it shows a test frame"))
    report.line("ok" if shown else "FAIL", "display", c.driver, None,
                Text(found.msgid, {"driver": c.driver.upper(), "where": where(c)}))


def _check(rig: Rig, interactive: bool, report: Report) -> None:
    c = rig.config
    _check_display(rig, report)
    if c.laser is not None and rig.laser is not None:
        rig.laser.on()
        on = bool(rig.laser.value)
        rig.laser.off()
        off = not rig.laser.value
        label = c.laser.label_text
        report.line("ok" if on and off else "FAIL", "laser", "laser", c.laser.pin,
                    Text("{device}: switched on and off", {"device": label}) if on and off
                    else Text("{device}: the pin did not follow on/off", {"device": label}))
    for led in c.leds:
        device = rig.leds[led.name]
        device.on()
        on = bool(device.value)
        device.off()
        ok = on and not device.value
        report.line("ok" if ok else "FAIL", "led", led.name, led.pin,
                    Text("{device}: switched on and off" if ok else "{device}: the pin did not follow",
                         {"device": led.label_text}))
    for s in c.sensors:
        lit = rig.sensors[s.name].is_active
        report.line("FAIL" if lit else "ok", "sensor", s.name, s.pin,
                    Text("{device}: lit with the laser off: stray light, or turn its threshold screw "
                         "until the module's DO LED goes out" if lit else "{device}: dark with the laser off",
                         {"device": s.label_text}))
    if c.laser is not None and c.sensors:
        rig.set_laser(True)
        try:
            time.sleep(c.laser.window_s)
            lit_now = [report.say(s.label_text) for s in c.sensors if rig.sensors[s.name].is_active]
        finally:
            rig.set_laser(False)
        report.line("info", "laser", "laser", c.laser.pin,
                    Text("one {seconds} s shot lit: {sensors}",
                         {"seconds": format_decimal(c.laser.window_s, locale=report.lang),
                          "sensors": ", ".join(lit_now) or Text("no sensor")}))
    for b in c.buttons:
        device = rig.buttons[b.name]
        label = b.label_text
        if device.is_pressed:
            report.line("FAIL", "button", b.name, b.pin,
                        Text("{device}: reads pressed with nobody pressing: check it goes to GND, not 3.3 V",
                             {"device": label}))
            continue
        if interactive and not rig.mock:
            report.note(Text("press {device} (pin {pin}) within {seconds} s ...",
                             {"device": label, "pin": b.pin, "seconds": f"{PRESS_TIMEOUT_S:.0f}"}))
            pressed = device.wait_for_press(timeout=PRESS_TIMEOUT_S)
            report.line("ok" if pressed else "FAIL", "button", b.name, b.pin,
                        Text("{device}: press seen" if pressed else "{device}: no press seen",
                             {"device": label}))
        else:
            report.line("ok", "button", b.name, b.pin, Text("{device}: released at rest", {"device": label}))
    if interactive and rig.mock:
        report.note(Text("(mock pins: nobody can press a button here; --interactive is for a Pi)"))
