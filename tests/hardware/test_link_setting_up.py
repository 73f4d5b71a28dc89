"""Setting up (issue 26) with the table's hardware: while the table sets up, a seat's LED is lit
until that seat has pressed Ready (on its phone or with its seat button) and off after; the seat
button presses Ready, in Laser Chess too (nothing is fired before the game opens); once every seat
is ready, or the host skips, the LEDs follow the game.

The module's example rig on mock pins (tests/hardware/conftest.py: two seat buttons and LEDs, so
two-player tables), wired to a real companion service as ``companion serve`` does.
"""

from __future__ import annotations

from typing import Any

from companion.hardware_link import HardwareLink
from companion.service import Service
from hardware import Rig
from tests.hardware.conftest import FakeClock
from tests.waits import patience

SETTING_UP = {"setting_up": True}
SIMULTANEOUS = {"bidding": "simultaneous", **SETTING_UP}
"""Fzzzt!'s variant where both bid at once: once the game opens, both LEDs blink."""


def leds(rig: Rig) -> list[str]:
    return [rig.led_mode(f"seat{s}") for s in range(2)]


def press(rig: Rig, link: HardwareLink, clock: FakeClock, button: str) -> None:
    clock.tick()
    rig.press(button)
    assert link.wait_idle(patience(5))


def setup_of(service: Service, table: str) -> Any:
    return service.public(table)["setup"]


def test_the_seat_leds_are_lit_until_each_seat_has_pressed_ready(
        service: Service, clean_rig: Rig, link: HardwareLink, clock: FakeClock) -> None:
    table = service.create_table("fzzzt", 2, SIMULTANEOUS, seed=7)["table"]
    assert link.wait_idle(patience(5))
    assert setup_of(service, table)["ready"] == []
    assert leds(clean_rig) == ["on", "on"]          # both still to press: lit, not blinking
    press(clean_rig, link, clock, "seat1")          # the seat button is Ready for its seat
    assert setup_of(service, table)["ready"] == [1]
    assert leds(clean_rig) == ["on", "off"]
    press(clean_rig, link, clock, "seat1")          # again: nothing more to do
    assert link.ignored[-1] == ("seat1", "seat already ready or not at this table")
    assert setup_of(service, table)["ready"] == [1]
    service.setup.ready(table, 0)                         # the last one presses Ready on the phone
    assert link.wait_idle(patience(5))
    assert setup_of(service, table) is None         # the game is open
    assert leds(clean_rig) == ["blinking", "blinking"]   # both bid at once


def test_in_laser_chess_the_button_is_ready_before_it_is_fire(
        service: Service, clean_rig: Rig, link: HardwareLink, clock: FakeClock) -> None:
    table = service.create_table("laser-chess", 2, {"setup": "ace", **SETTING_UP}, seed=1)["table"]
    assert link.wait_idle(patience(5))
    assert leds(clean_rig) == ["on", "on"]
    press(clean_rig, link, clock, "seat0")
    assert setup_of(service, table)["ready"] == [0]
    assert link.hardware_status()["last_beam_check"] is None   # nothing fired
    assert leds(clean_rig) == ["off", "on"]
    press(clean_rig, link, clock, "seat1")
    assert setup_of(service, table) is None
    assert leds(clean_rig) == ["blinking", "off"]   # Blue moves first
    press(clean_rig, link, clock, "seat0")          # open: the button is fire again, and Blue has not moved
    assert link.ignored[-1] == ("seat0", "no shot of this seat to fire")


def test_when_the_host_skips_the_leds_follow_the_game(
        service: Service, clean_rig: Rig, link: HardwareLink, clock: FakeClock) -> None:
    table = service.create_table("fzzzt", 2, SIMULTANEOUS, seed=7)["table"]
    press(clean_rig, link, clock, "seat0")
    assert leds(clean_rig) == ["off", "on"]
    service.setup.set_setup(table, skip=True)
    assert link.wait_idle(patience(5))
    assert setup_of(service, table) is None
    assert leds(clean_rig) == ["blinking", "blinking"]
    press(clean_rig, link, clock, "seat1")          # open: no pass to play in an auction
    assert link.ignored[-1][0] == "seat1"
    assert setup_of(service, table) is None


def test_a_table_without_setting_up_blinks_at_once(
        service: Service, clean_rig: Rig, link: HardwareLink) -> None:
    service.create_table("fzzzt", 2, {"bidding": "simultaneous"}, seed=7)
    assert link.wait_idle(patience(5))
    assert leds(clean_rig) == ["blinking", "blinking"]


def test_the_status_display_names_who_is_still_to_press_ready(
        service: Service, clean_rig: Rig, link: HardwareLink, clock: FakeClock) -> None:
    screen = link.screen
    assert screen is not None
    screen.set_address("http://192.0.2.1:8080")
    table = service.create_table("laser-chess", 2, {"setup": "ace", **SETTING_UP}, seed=1)["table"]
    service.claim_seat(table, 0, "Al")
    service.claim_seat(table, 1, "Bo")
    assert link.wait_idle(patience(5))
    assert screen.frame().lines[-2:] == ("Waiting:", "Al, Bo")   # both, not only Blue who moves first
    press(clean_rig, link, clock, "seat0")
    assert screen.frame().lines[-2:] == ("Waiting:", "Bo")
    press(clean_rig, link, clock, "seat1")
    assert screen.frame().lines[-2:] == ("Waiting:", "Al")      # open: Blue moves
