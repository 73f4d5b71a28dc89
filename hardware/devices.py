"""The rig's parts, each a plain gpiozero device on an injected pin factory.

Wiring (BCM numbers; the example rig's pins are in ``docs/hardware.md``):

* **Laser** (:func:`laser`): a KY-008-type 5 V laser module switched by an NPN
  transistor (2N2222 or BC337; 1 kΩ from the GPIO pin to the base, emitter to
  GND, module's ``-`` to the collector, module's ``+`` to 5 V; 10 kΩ from the
  base to GND keeps it off while the pin floats) or a logic-level N-MOSFET.
  The pin drives HIGH to fire. It starts off and is switched off again when
  the device closes, whatever happened before (fail safe).
* **Seat and table buttons** (:func:`button`): a momentary push button between
  the pin and GND; the Pi's internal pull-up holds the pin HIGH, a press pulls
  it LOW. ``bounce_time`` becomes kernel debounce under lgpio.
* **LEDs** (:func:`led`): pin -> 330 Ω resistor -> LED anode; cathode to GND
  (about 5 mA, well inside a pin's 16 mA).
* **Beam sensors** (:func:`beam_sensor`): an LDR or photodiode module with an
  LM393 comparator, powered from **3.3 V** (so its DO never exceeds the Pi's
  logic level). DO is HIGH in the dark and goes LOW when the light passes the
  threshold set by the module's potentiometer, hence ``active_state=False``
  with ``pull_up=None`` (the module drives the line). Never ``LightSensor``:
  its capacitor timing reads 0 forever on Bookworm with lgpio (gpiozero#1135).
"""

from __future__ import annotations

from typing import Any

from gpiozero import (  # type: ignore[import-untyped]
    LED,
    Button,
    DigitalInputDevice,
    DigitalOutputDevice,
)


class Laser(DigitalOutputDevice):  # type: ignore[misc]
    """The laser module's switch: off at start, and off again on close."""

    def close(self) -> None:
        """Switch the beam off, then release the pin (even if switching off fails)."""
        try:
            if not self.closed:
                self.off()
        finally:
            super().close()


def laser(pin: int, pin_factory: Any) -> Laser:
    return Laser(pin, active_high=True, initial_value=False, pin_factory=pin_factory)


def button(pin: int, bounce_s: float, pin_factory: Any) -> Button:
    return Button(pin, pull_up=True, bounce_time=bounce_s or None, pin_factory=pin_factory)


def led(pin: int, pin_factory: Any) -> LED:
    return LED(pin, initial_value=False, pin_factory=pin_factory)


def beam_sensor(pin: int, bounce_s: float, pin_factory: Any) -> DigitalInputDevice:
    return DigitalInputDevice(
        pin, pull_up=None, active_state=False, bounce_time=bounce_s or None, pin_factory=pin_factory
    )
