"""The [hardware] table: each kind of mistake gets one message naming its key, before anything starts."""

from __future__ import annotations

import copy
from typing import Any

import pytest

import engines
from engines.laser_chess import board as B
from hardware.config import ConfigError, example_rig, load, parse

GOOD: dict[str, Any] = {
    "laser": {"pin": 17, "window_s": 0.2},
    "buttons": {"seat0": {"pin": 5}, "next": {"pin": 26}},
    "leds": {"seat0": {"pin": 6}, "status": {"pin": 12}},
    "sensors": {"j5e": {"pin": 22, "watches": "j5:E"}, "a1s": {"pin": 23, "watches": "a1:S"}},
}


def with_change(path: str, value: object) -> dict[str, Any]:
    table = copy.deepcopy(GOOD)
    *parents, last = path.split(".")
    here = table
    for key in parents:
        here = here.setdefault(key, {})
    here[last] = value
    return table


def refused(table: dict[str, Any]) -> str:
    with pytest.raises(ConfigError) as caught:
        parse(table)
    return str(caught.value)


def test_a_good_table_describes_every_device() -> None:
    rig = parse(GOOD)
    assert rig.laser is not None and rig.laser.pin == 17 and rig.laser.window_s == 0.2
    assert [(b.name, b.pin, b.label) for b in rig.buttons] == [
        ("seat0", 5, "Seat 1 button"), ("next", 26, "Next button")]
    assert [(led.name, led.label) for led in rig.leds] == [("seat0", "Seat 1 LED"), ("status", "Status LED")]
    assert rig.sensor_for(("a1", "S")) is not None and rig.sensor_for(("a1", "S")).pin == 23  # type: ignore[union-attr]
    assert rig.sensor_for(("j8", "N")) is None


def test_no_hardware_at_all_is_a_valid_rig() -> None:
    rig = parse({})
    assert (rig.laser, rig.buttons, rig.leds, rig.sensors) == (None, (), (), ())


def test_a_pin_used_twice_names_both_devices() -> None:
    message = refused(with_change("sensors.j5e.pin", 17))
    assert message == "hardware.sensors.j5e.pin: pin 17 is already the laser's."
    message = refused(with_change("leds.status.pin", 5))
    assert message == "hardware.leds.status.pin: pin 5 is already button seat0's."


@pytest.mark.parametrize("pin", [28, 40, -1])
def test_a_pin_the_pi_does_not_have(pin: int) -> None:
    message = refused(with_change("buttons.next.pin", pin))
    assert message.startswith("hardware.buttons.next.pin: the Pi has no pin")
    assert "0 to 27" in message


def test_a_sensor_watching_a_square_off_the_board() -> None:
    message = refused(with_change("sensors.j5e.watches", "k5:E"))
    assert message == "hardware.sensors.j5e.watches: k5 is not on the board (a1 to j8)."
    assert "j9 is not on the board" in refused(with_change("sensors.j5e.watches", "j9:N"))


def test_a_bad_direction_and_a_direction_back_into_the_board() -> None:
    assert "Q is not a direction; use N, E, S or W" in refused(with_change("sensors.j5e.watches", "j5:Q"))
    message = refused(with_change("sensors.j5e.watches", "j5:W"))
    assert message.startswith(
        "hardware.sensors.j5e.watches: a beam leaving j5 heading west stays on the board")
    assert "stays on the board" in refused(with_change("sensors.j5e.watches", "e4:N"))


def test_two_sensors_on_one_exit() -> None:
    message = refused(with_change("sensors.a1s.watches", "j5:e"))
    assert message == "hardware.sensors.a1s.watches: j5:E is already watched by sensor j5e."


@pytest.mark.parametrize(("path", "key"), [
    ("lazer", "hardware.lazer"),
    ("laser.pinn", "hardware.laser.pinn"),
    ("buttons.seat0.bounce", "hardware.buttons.seat0.bounce"),
    ("sensors.j5e.watch", "hardware.sensors.j5e.watch"),
    ("display.bus", "hardware.display.bus"),
])
def test_an_unknown_key_is_named(path: str, key: str) -> None:
    message = refused(with_change(path, 1))
    assert message.startswith(f"{key}: unknown key; the keys here are")


@pytest.mark.parametrize(("path", "value", "start"), [
    ("laser.pin", "17", "hardware.laser.pin: expected a BCM pin number"),
    ("laser.pin", True, "hardware.laser.pin: expected a BCM pin number"),
    ("laser.window_s", "long", "hardware.laser.window_s: expected a number of seconds"),
    ("laser.window_s", 60, "hardware.laser.window_s: 60 is outside 0.0 to 5.0 seconds"),
    ("sensors.j5e.watches", 5, 'hardware.sensors.j5e.watches: expected "square:direction"'),
    ("buttons.seat0", 5, "hardware.buttons.seat0: expected a table"),
    ("leds.seat0.label", "", "hardware.leds.seat0.label: expected a short text"),
    ("pin_factory", "rpigpio", 'hardware.pin_factory: expected "lgpio" or "mock"'),
    ("host_button", "seat9", "hardware.host_button: there is no button called seat9; the buttons are"),
    ("host_hold_s", 0.1, "hardware.host_hold_s: 0.1 is outside 0.5 to 10.0 seconds"),
    ("display.driver", "ssd1309", 'hardware.display.driver: expected "ssd1306" or "sh1106"'),
    ("display.address", 0x78, "hardware.display.address: expected a whole number from 3 to 119, got 120"),
    ("display", "oled", "hardware.display: expected a table"),
])
def test_a_wrong_type_or_range_is_named(path: str, value: object, start: str) -> None:
    assert refused(with_change(path, value)).startswith(start)


def test_the_host_button_is_host_if_there_is_one_else_next_else_none() -> None:
    """Issue 16: the long press that makes a waiting phone the host."""
    assert parse(GOOD).host_button == "next" and parse(GOOD).host_hold_s == 2.0
    assert parse(with_change("buttons.host", {"pin": 16})).host_button == "host"
    assert parse(with_change("host_button", "seat0")).host_button == "seat0"
    assert parse({"leds": {"status": {"pin": 12}}}).host_button is None


def test_the_display_defaults_to_an_ssd1306_at_0x3c_on_bus_1() -> None:
    display = parse(with_change("display", {})).display
    assert display is not None
    assert (display.driver, display.port, display.address, display.rotate) == ("ssd1306", 1, 0x3C, 0)
    assert parse(GOOD).display is None


def test_missing_pins_and_bad_names() -> None:
    assert refused(with_change("laser", {})).startswith("hardware.laser.pin: the laser needs a pin")
    table = copy.deepcopy(GOOD)
    del table["sensors"]["j5e"]["watches"]
    assert refused(table).startswith("hardware.sensors.j5e.watches: a sensor needs watches")
    message = refused(with_change("buttons.Seat 1", {"pin": 9}))
    assert message.startswith("hardware.buttons.Seat 1: a device name")
    assert "reserved" in refused(with_change("sensors.board", {"pin": 9, "watches": "a8:N"}))


def test_a_config_file_with_a_mistake(tmp_path: Any) -> None:
    path = tmp_path / "companion.toml"
    path.write_text('port = 8000\n[hardware.laser]\npin = 17\n[hardware.leds.status]\npin = 17\n')
    with pytest.raises(ConfigError, match=r"^hardware.leds.status.pin: pin 17 is already the laser's"):
        load(path)


def test_the_example_rig_watches_the_exit_of_every_setups_opening_shots() -> None:
    """Rulebook p.10 (the five setups): each side fires once at the end of its first turn.

    The example rig must see where each opening shot leaves the board, so that a
    newcomer's first game is checked from the first move.
    """
    rig = example_rig()
    game = engines.get("laser-chess")
    setups = next(o for o in game.option_spec if o.name == "setup").choices
    exits = set()
    for setup in setups:
        state = game.start(2, seed=0, options={"setup": setup})
        for colour in (0, 1):
            shot = B.trace(state.board, colour)  # type: ignore[attr-defined]
            if shot.stopped_at == -1:
                exits.add((B.square_name(shot.path[-1]), B.DIRS[shot.exit_dir]))
    assert exits, "the setups' opening shots leave the board somewhere"
    assert {exit for exit in exits if rig.sensor_for(exit) is None} == set()
    assert rig.laser is not None and {b.name for b in rig.buttons} >= {"seat0", "seat1", "next"}
    assert {led.name for led in rig.leds} >= {"seat0", "seat1", "status"}
