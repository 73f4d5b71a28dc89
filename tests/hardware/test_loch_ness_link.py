"""Loch Ness with the table's hardware: the seat LED blinks for the player whose turn it is, and the
seat button ends that player's turn (the example rig on mock pins has two seat buttons and LEDs;
the third player of a three-player table has none)."""

from __future__ import annotations

from companion.hardware_link import HardwareLink
from companion.service import Service
from hardware import Rig
from tests.hardware.conftest import FakeClock
from tests.waits import patience


def leds(rig: Rig) -> list[str]:
    return [rig.led_mode(f"seat{s}") for s in range(2)]


def test_the_seat_led_shows_whose_turn_and_the_seat_button_ends_it(
        service: Service, clean_rig: Rig, link: HardwareLink, clock: FakeClock) -> None:
    """Course of play: "The turn goes clockwise" (the start player first)."""
    table = service.create_table("loch-ness", 3, {}, seed=7)["table"]
    assert link.wait_idle(patience(5))
    assert leds(clean_rig) == ["blinking", "off"]
    service.act(table, 0, {"type": "move", "boat": 1, "to": "F"})     # a boat's move does not end the turn
    assert link.wait_idle(patience(5))
    assert leds(clean_rig) == ["blinking", "off"] and service.public(table)["awaiting"] == [0]
    clock.tick()
    clean_rig.press("seat1")                                          # not seat 2's turn: ignored
    assert link.wait_idle(patience(5))
    assert service.public(table)["awaiting"] == [0]
    clock.tick()
    clean_rig.press("seat0")
    assert link.wait_idle(patience(5))
    public = service.public(table)
    assert public["awaiting"] == [1] and public["events"][0]["type"] in ("new_boat", "refilled", "turn")
    assert leds(clean_rig) == ["off", "blinking"]
