"""The rig on mock pins: buttons, LEDs, the laser and the beam check with its simulator.

One example rig for the whole module (see conftest.py); each test leaves it clean.
"""

from __future__ import annotations

import pytest
from gpiozero.pins.mock import MockFactory

from hardware import BadFault, Rig, UnknownDevice, build, parse
from hardware.config import HardwareConfig
from tests.hardware.conftest import FakeClock

ACE_BLUE = ["j1", "j2", "j3", "j4", "i4", "h4", "h5", "i5", "j5", "j6", "j7", "j8"]  # exits at j8 heading N
WINDOW = 0.002


def device(rig: Rig, kind: str, name: str) -> dict[str, object]:
    return next(d for d in rig.status()["devices"] if d["kind"] == kind and d["name"] == name)


def test_a_press_reaches_every_listener_once(clean_rig: Rig, clock: FakeClock) -> None:
    got: list[str] = []
    clean_rig.on_button(got.append)
    try:
        clean_rig.press("seat1")
        clock.tick()
        clean_rig.press("next")
        assert got == ["seat1", "next"]
        assert device(clean_rig, "button", "seat1")["state"] == "released"
    finally:
        clean_rig.off_button(got.append)


def test_a_bounce_inside_the_debounce_time_is_one_press(clean_rig: Rig, clock: FakeClock) -> None:
    got: list[str] = []
    clean_rig.on_button(got.append)
    try:
        pin = clean_rig.buttons["seat0"].pin
        for _ in range(3):  # contact bounce: three edges within a few ms
            pin.drive_low()
            pin.drive_high()
            clock.tick(0.004)
        clock.tick(0.1)
        clean_rig.press("seat0")
        assert got == ["seat0", "seat0"]
    finally:
        clean_rig.off_button(got.append)


def test_pressing_a_button_that_does_not_exist(clean_rig: Rig) -> None:
    with pytest.raises(UnknownDevice, match=r"There is no button called fire\."):
        clean_rig.press("fire")


def test_leds_blink_while_awaited_stay_lit_once_submitted_and_flicker_for_the_winner(clean_rig: Rig) -> None:
    clean_rig.show_seats(blinking=[0], steady=[1])
    assert clean_rig.leds["seat0"].is_lit is not None
    assert device(clean_rig, "led", "seat0")["state"] == "blinking"
    assert device(clean_rig, "led", "seat1")["state"] == "on"
    assert clean_rig.leds["seat1"].pin.state is True
    clean_rig.show_seats(winners=[1])
    assert device(clean_rig, "led", "seat0")["state"] == "off" and clean_rig.leds["seat0"].pin.state is False
    assert device(clean_rig, "led", "seat1")["pattern"] == "winner"
    clean_rig.show_seats()
    assert {device(clean_rig, "led", f"seat{n}")["state"] for n in (0, 1)} == {"off"}


def test_changing_a_blinking_led_starts_and_joins_no_thread(clean_rig: Rig) -> None:
    """The button-to-LED path (issue 4): gpiozero's blink() starts a thread per call and joins
    it on the next change; the rig's one blinker thread does every blinking LED."""
    import threading

    clean_rig.show_seats(blinking=[0])  # the blinker thread exists from here on
    before = threading.active_count()
    started: list[object] = []
    real_start = threading.Thread.start

    def start(thread: threading.Thread) -> None:
        started.append(thread)
        real_start(thread)

    threading.Thread.start = start  # type: ignore[method-assign]
    try:
        for _ in range(5):
            clean_rig.show_seats(blinking=[1], steady=[0])
            clean_rig.show_seats(blinking=[0], winners=[1])
    finally:
        threading.Thread.start = real_start  # type: ignore[method-assign]
    assert started == [] and threading.active_count() == before
    assert clean_rig.leds["seat0"].value == 1  # a seat starts blinking lit: seen at once
    clean_rig.show_seats()
    assert clean_rig.leds["seat0"].value == 0 and clean_rig.leds["seat1"].value == 0


def test_status_has_the_agreed_shape(clean_rig: Rig) -> None:
    status = clean_rig.status()
    assert status["pin_factory"] == "mock" and status["mock"] is True
    kinds = {d["kind"] for d in status["devices"]}
    assert kinds == {"laser", "button", "led", "sensor"}
    sensor = device(clean_rig, "sensor", "j5e")
    assert sensor == {"name": "j5e", "kind": "sensor", "pin": 4, "label": "Beam sensor j5 east",
                      "label_say": {"msgid": "Beam sensor {square} {direction}",
                                    "params": {"square": "j5", "direction": {"msgid": "east", "params": {}}}},
                      "state": "dark", "watches": "j5:E", "fault": None}
    assert device(clean_rig, "laser", "laser")["state"] == "off"
    assert status["last_beam_check"] is None


def test_an_agreeing_shot_fires_the_laser_once_for_the_window(clean_rig: Rig) -> None:
    laser_pin = clean_rig.laser.pin  # type: ignore[union-attr]
    laser_pin.clear_states()
    clean_rig.set_physical_beam(("j8", "N"))
    check = clean_rig.beam_check(("j8", "N"), WINDOW, path=ACE_BLUE)
    assert check.result == "agree" and check.lit == ("j8n",)
    assert str(check.message) == "The beam left at j8 heading north, as the game says."
    assert [s.state for s in laser_pin.states] == [False, True, False]
    assert clean_rig.status()["last_beam_check"]["result"] == "agree"
    assert clean_rig.led_mode("status") == "on"
    assert device(clean_rig, "sensor", "j8n")["state"] == "dark"  # the beam is gone again


def test_a_shot_in_flight_keeps_the_board_it_was_fired_at(clean_rig: Rig) -> None:
    """The simulator's board for an open window is not changed by the next move (issue 4):
    the new beam is the next shot's."""
    clean_rig.set_physical_beam(("j8", "N"))
    clean_rig.set_laser(True)
    try:
        clean_rig.set_physical_beam(("a1", "S"))  # a phone posts the next move inside the window
        assert device(clean_rig, "sensor", "j8n")["state"] == "lit"
        assert device(clean_rig, "sensor", "a1s")["state"] == "dark"
    finally:
        clean_rig.set_laser(False)
    check = clean_rig.beam_check(("a1", "S"), WINDOW)
    assert check.result == "agree" and check.lit == ("a1s",)


def test_a_check_can_leave_the_status_led_to_its_caller(clean_rig: Rig) -> None:
    clean_rig.set_status("ready")
    clean_rig.set_physical_beam(("a1", "S"))
    check = clean_rig.beam_check(("j8", "N"), WINDOW, show_status=False)
    assert check.result == "mismatch" and clean_rig.led_mode("status") == "on"


def test_a_token_turned_the_wrong_way_names_the_square_to_check(clean_rig: Rig) -> None:
    clean_rig.set_physical_beam(("j8", "N"))
    clean_rig.turn_token(("j5", "E"))  # the j5 Deflector is turned: the beam goes on east
    check = clean_rig.beam_check(("j8", "N"), WINDOW, path=ACE_BLUE)
    assert check.result == "mismatch"
    assert check.observed == ("j5", "E") and check.suspect == "j5"
    assert str(check.message) == ("The beam should have left at j8 heading north, but it left at j5 "
                                  "heading east; check the token on j5.")
    assert clean_rig.led_mode("status") == "error"
    clean_rig.inject_fault("board", "none")  # the host puts the token right
    assert clean_rig.beam_check(("j8", "N"), WINDOW, path=ACE_BLUE).result == "agree"


def test_a_turned_token_from_the_host_panel_sends_the_beam_to_another_sensor(clean_rig: Rig) -> None:
    clean_rig.set_physical_beam(("j8", "N"))
    clean_rig.inject_fault("board", "turned")
    check = clean_rig.beam_check(("j8", "N"), WINDOW, path=ACE_BLUE)
    assert check.result == "mismatch" and check.observed not in (None, ("j8", "N"))
    assert clean_rig.status()["board_fault"] == "turned"


def test_a_dead_laser_lights_nothing_and_says_to_check_the_laser(clean_rig: Rig) -> None:
    clean_rig.set_physical_beam(("j8", "N"))
    clean_rig.inject_fault("laser", "dead")
    assert device(clean_rig, "laser", "laser")["fault"] == "dead"
    check = clean_rig.beam_check(("j8", "N"), WINDOW, path=ACE_BLUE)
    assert check.result == "mismatch" and check.observed is None and check.lit == ()
    assert "no sensor saw it" in str(check.message) and "that the laser fires" in str(check.message)
    assert "check the token on j5" in str(check.message)


def test_a_sensor_stuck_lit_is_stray_light_before_the_laser_fires(clean_rig: Rig) -> None:
    laser_pin = clean_rig.laser.pin  # type: ignore[union-attr]
    clean_rig.inject_fault("a1s", "stuck-lit")
    assert device(clean_rig, "sensor", "a1s")["state"] == "lit"
    laser_pin.clear_states()
    check = clean_rig.beam_check(("j8", "N"), WINDOW, path=ACE_BLUE)
    assert check.result == "fault" and check.lit == ("a1s",)
    assert str(check.message).startswith("Beam sensor a1 south sees light while the laser is off")
    assert [s.state for s in laser_pin.states] == [False]  # never fired into a doubtful reading


def test_a_sensor_stuck_dark_misses_the_beam(clean_rig: Rig) -> None:
    clean_rig.set_physical_beam(("j8", "N"))
    clean_rig.inject_fault("j8n", "stuck-dark")
    check = clean_rig.beam_check(("j8", "N"), WINDOW, path=ACE_BLUE)
    assert check.result == "mismatch"
    assert "Beam sensor j8 north faces the beam" in str(check.message)


def test_a_beam_that_should_stop_on_the_board(clean_rig: Rig) -> None:
    check = clean_rig.beam_check(None, WINDOW, path=["j1", "i1", "h1", "g1", "f1"], stopped_at="f1")
    assert check.result == "agree" and "stopped on the board at f1" in str(check.message)
    clean_rig.set_physical_beam(("a1", "S"))
    check = clean_rig.beam_check(None, WINDOW, path=["j1", "i1", "h1", "g1", "f1"], stopped_at="f1")
    assert check.result == "mismatch" and check.suspect == "f1"
    assert "should have stopped at f1, but it left at a1 heading south" in str(check.message)


def test_faults_that_do_not_fit_are_refused(clean_rig: Rig) -> None:
    with pytest.raises(BadFault, match="j8n cannot have the fault dead"):
        clean_rig.inject_fault("j8n", "dead")
    with pytest.raises(UnknownDevice):
        clean_rig.inject_fault("seat0", "stuck-lit")
    assert clean_rig.simulator is not None and clean_rig.simulator.faults == {}


def test_the_laser_is_off_after_close_whatever_happened(mock_factory: MockFactory) -> None:
    # pin 9: one the module's rig leaves free
    small = build(parse({"laser": {"pin": 9}}), pin_factory=mock_factory)
    small.laser.on()  # type: ignore[union-attr]
    pin = small.laser.pin  # type: ignore[union-attr]
    small.close()
    assert pin.state is False
    again = build(parse({"laser": {"pin": 9}}), pin_factory=mock_factory)  # the pin was released
    again.close()


def test_without_a_laser_the_sensors_watch_for_the_players_own_shot(mock_factory: MockFactory) -> None:
    config: HardwareConfig = parse({"watch_s": 0.1, "sensors": {
        "j8n": {"pin": 10, "watches": "j8:N"}, "a1s": {"pin": 11, "watches": "a1:S"}}})
    watch = build(config, pin_factory=mock_factory)
    try:
        watch.set_physical_beam(("a1", "S"))
        check = watch.beam_check(("a1", "S"))
        assert check.result == "agree" and check.lit == ("a1s",)
        watch.turn_token(("j8", "N"))
        assert watch.beam_check(("a1", "S")).result == "mismatch"
    finally:
        watch.close()


def test_a_pin_already_taken_is_a_clear_startup_error(rig: Rig, mock_factory: MockFactory) -> None:
    from hardware import PinProblem

    with pytest.raises(PinProblem, match=r"Could not claim pin 17 for Laser"):
        build(parse({"laser": {"pin": 17}}), pin_factory=mock_factory)
