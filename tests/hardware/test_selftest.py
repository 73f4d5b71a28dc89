"""``companion selftest``: one line per device, a non-zero exit on any problem."""

from __future__ import annotations

import io

from gpiozero import LED
from gpiozero.pins.mock import MockFactory, MockPin

from hardware import parse, selftest

RIG = parse({
    "laser": {"pin": 17, "window_s": 0.002},
    "leds": {"status": {"pin": 12}},
    "sensors": {"j5e": {"pin": 22, "watches": "j5:E"}, "a1s": {"pin": 23, "watches": "a1:S"}},
})


class DaylitPin(MockPin):  # type: ignore[misc]
    """GPIO22 sits in sunlight: its comparator output stays LOW (lit) whatever happens."""

    def drive_high(self) -> None:
        if self.info.name == "GPIO22":
            self.drive_low()
        else:
            super().drive_high()


def test_a_healthy_rig_prints_one_line_per_device_and_exits_zero() -> None:
    factory, out = MockFactory(), io.StringIO()
    try:
        assert selftest.run(RIG, False, out, pin_factory=factory) == 0
    finally:
        factory.reset()
    lines = out.getvalue().splitlines()
    assert [line.split()[:3] for line in lines if not line.startswith("info")][:4] == [
        ["ok", "laser", "laser"], ["ok", "led", "status"], ["ok", "sensor", "j5e"], ["ok", "sensor", "a1s"]]
    assert lines[-1] == "all 4 devices ok (mock pins)"


def test_a_sensor_in_stray_light_fails_the_selftest_and_says_what_to_do() -> None:
    factory, out = MockFactory(pin_class=DaylitPin), io.StringIO()
    try:
        assert selftest.run(RIG, False, out, pin_factory=factory) == 1
    finally:
        factory.reset()
    text = out.getvalue()
    assert "FAIL  sensor   j5e     pin 22  Beam sensor j5 east: lit with the laser off" in text
    assert "turn its threshold screw" in text
    assert text.splitlines()[-1] == "1 problem in 4 devices (mock pins)"


def test_a_rig_that_cannot_claim_its_pins_fails_with_one_line() -> None:
    factory, out = MockFactory(), io.StringIO()
    squatter = LED(17, pin_factory=factory)  # another program's LED already holds the laser's pin
    try:
        assert selftest.run(RIG, False, out, pin_factory=factory) == 1
    finally:
        squatter.close()
        factory.reset()
    assert out.getvalue().startswith("FAIL  rig")
    assert "Could not claim pin 17 for Laser" in out.getvalue()
