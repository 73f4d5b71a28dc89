"""The companion and the rig together: LEDs follow the table, buttons play, shots are checked.

A real :class:`companion.service.Service` (tests/conftest.py) with the module's
example rig on mock pins; ``attach`` wires them as ``companion serve`` does.
"""

from __future__ import annotations

import gc
import json
import random
import weakref
from typing import Any

import pytest

from companion.hardware_link import HardwareLink, attach
from companion.service import Service
from engines import State
from engines.core import Refusal
from hardware import Rig
from tests import fakegame
from tests.hardware.conftest import FakeClock
from tests.waits import patience


def pick(state: State, seat: int, rng: random.Random) -> dict[str, Any]:
    """A quick player: takes a shot that wins if there is one, else any move (never a draw)."""
    actions = [a for a in state.legal_actions(seat) if a["type"] != "declare_draw"]
    for action in actions:
        after = state.apply(seat, action)
        if after.outcome is not None and seat in after.outcome["winners"]:
            return action
    return rng.choice(actions)


def new_table(service: Service, setup: str = "ace") -> str:
    table: str = service.create_table("laser-chess", 2, {"setup": setup}, seed=1)["table"]
    return table


def fire(rig: Rig, link: HardwareLink, clock: FakeClock, seat: int) -> dict[str, Any]:
    clock.tick()
    rig.press(f"seat{seat}")
    assert link.wait_idle(patience(5))
    check: dict[str, Any] = link.hardware_status()["last_beam_check"]
    return check


def test_a_whole_laser_chess_game_played_with_the_fire_buttons(
        service: Service, clean_rig: Rig, link: HardwareLink, clock: FakeClock) -> None:
    """Rulebook p.8: after moving or turning one token, the player fires their laser, every turn.

    Each move is entered as a phone would, then the mover's seat button fires
    the (mock) laser; every shot's beam must agree with the engine's.
    """
    table = new_table(service)
    rng = random.Random(1)
    shots = 0
    while (state := service.state_of(table)).outcome is None:
        assert shots < 200
        assert link.wait_idle(patience(5))
        seat = state.awaiting[0]
        assert clean_rig.led_mode(f"seat{seat}") == "blinking"
        service.act(table, seat, pick(state, seat, rng))
        assert link.wait_idle(patience(5))
        after = service.state_of(table)
        if after.outcome is None:
            assert clean_rig.led_mode(f"seat{seat}") == "blinking"  # fire now
            assert clean_rig.led_mode(f"seat{1 - seat}") == "off"
        check = fire(clean_rig, link, clock, seat)
        laser = next(ev for ev in after.events if ev["type"] == "laser")
        assert check["result"] == "agree", check
        assert check["expected"] == laser["exit"] and check["seat"] == seat and check["table"] == table
        shots += 1
    assert shots > 10
    winner = state.outcome["winners"][0]
    assert clean_rig.led_mode(f"seat{winner}") == "winner"
    assert clean_rig.led_mode(f"seat{1 - winner}") == "off"
    assert clean_rig.led_mode("status") == "on"


def test_a_press_from_a_seat_with_nothing_to_fire_is_ignored(
        service: Service, clean_rig: Rig, link: HardwareLink, clock: FakeClock) -> None:
    table = new_table(service)
    clock.tick()
    clean_rig.press("seat1")  # Red presses before anyone has moved
    assert link.wait_idle(patience(5))
    assert link.hardware_status()["last_beam_check"] is None
    service.act(table, 0, {"type": "rotate", "square": "j1", "turn": "ccw"})
    assert link.wait_idle(patience(5))
    clock.tick()
    clean_rig.press("seat1")  # Red again: the shot waiting is Blue's
    assert link.wait_idle(patience(5))
    assert link.hardware_status()["last_beam_check"] is None
    assert link.ignored[-1] == ("seat1", "no shot of this seat to fire")
    assert fire(clean_rig, link, clock, 0)["result"] == "agree"


def test_the_next_button_steps_the_table_screen(service: Service, clean_rig: Rig, link: HardwareLink,
                                                clock: FakeClock) -> None:
    table = new_table(service)
    move = next(a for a in service.state_of(table).legal_actions(0) if a["type"] == "move")
    service.act(table, 0, move)                 # the move, then the laser: two steps to tell
    assert link.wait_idle(patience(5))
    before = service.public(table)["step"]
    clock.tick()
    clean_rig.press("next")
    assert link.wait_idle(patience(5))
    assert service.public(table)["step"] == before + 1


def moved(service: Service, link: HardwareLink) -> tuple[str, str]:
    """A table where Blue has just played c1-c2 (off the opening beam); returns (table, notation)."""
    table = new_table(service)
    service.act(table, 0, {"type": "move", "from": "c1", "to": "c2"})
    assert link.wait_idle(patience(5))
    return table, service.state_of(table).notation()


def told(service: Service, table: str) -> str:
    events = service.public(table)["events"]
    assert events and events[-1]["type"] == "hardware" and events[-1]["visible_to"] == "all"
    from engines.text import Text, translate

    return translate(Text.from_json(events[-1]["say"]))


def test_stray_light_is_a_fault_told_to_the_table_and_the_move_stays(
        service: Service, clean_rig: Rig, link: HardwareLink, clock: FakeClock) -> None:
    table, position = moved(service, link)
    clean_rig.inject_fault("c8n", "stuck-lit")
    check = fire(clean_rig, link, clock, 0)
    assert check["result"] == "fault"
    assert told(service, table).startswith("Beam sensor c8 north sees light while the laser is off")
    assert service.state_of(table).notation() == position  # nothing lost, nothing changed
    assert clean_rig.led_mode("status") == "error"
    clean_rig.inject_fault("c8n", "none")  # the sensor is shaded: Blue fires again
    assert fire(clean_rig, link, clock, 0)["result"] == "agree"
    assert clean_rig.led_mode("seat1") == "blinking" and clean_rig.led_mode("status") == "on"


def test_a_token_turned_the_wrong_way_is_a_mismatch_and_the_host_can_undo(
        service: Service, clean_rig: Rig, link: HardwareLink, clock: FakeClock) -> None:
    table, position = moved(service, link)
    clean_rig.turn_token(("j5", "E"))  # on the real board the j5 Deflector points the beam east
    check = fire(clean_rig, link, clock, 0)
    assert check["result"] == "mismatch" and check["observed"] == {"square": "j5", "direction": "E"}
    assert told(service, table) == ("The beam should have left at j8 heading north, but it left at j5 "
                                    "heading east; check the token on j5.")
    assert service.state_of(table).notation() == position
    service.undo(table)
    assert link.wait_idle(patience(5))
    assert link.pending is None
    assert clean_rig.led_mode("seat0") == "blinking" and clean_rig.led_mode("seat1") == "off"


def test_a_dead_laser_is_a_mismatch_that_says_to_check_the_laser(
        service: Service, clean_rig: Rig, link: HardwareLink, clock: FakeClock) -> None:
    table, position = moved(service, link)
    clean_rig.inject_fault("laser", "dead")
    check = fire(clean_rig, link, clock, 0)
    assert check["result"] == "mismatch" and check["observed"] is None
    assert "that the laser fires" in told(service, table)
    assert service.state_of(table).notation() == position


def test_a_shot_can_fire_by_itself_after_the_move(service: Service, clean_rig: Rig,
                                                  link: HardwareLink) -> None:
    link.auto_fire_s = 0.0  # as [hardware.laser] auto_fire_s = 0 would set it
    table = new_table(service)
    service.act(table, 0, {"type": "move", "from": "c1", "to": "c2"})
    assert link.wait_idle(patience(5))
    check = link.hardware_status()["last_beam_check"]
    assert check["result"] == "agree" and check["table"] == table


def test_hidden_plays_blink_then_stay_lit_and_never_reach_the_hardware_status(
        service: Service, clean_rig: Rig, link: HardwareLink, clock: FakeClock) -> None:
    table: str = service.create_table(fakegame.GAME.id, 2, {}, seed=7)["table"]
    assert link.wait_idle(patience(5))
    state = service.state_of(table)
    assert set(state.awaiting) == {0, 1}
    assert clean_rig.led_mode("seat0") == clean_rig.led_mode("seat1") == "blinking"
    service.act(table, 0, state.legal_actions(0)[0])
    assert link.wait_idle(patience(5))
    assert clean_rig.led_mode("seat0") == "on" and clean_rig.led_mode("seat1") == "blinking"
    clock.tick()
    clean_rig.press("seat0")  # seat 0 has played: its button means nothing now
    assert link.wait_idle(patience(5))
    assert link.ignored[-1] == ("seat0", "seat not awaited")
    status = json.dumps(service.panel.hardware_status())
    for word in fakegame.WORDS:
        assert word not in status


def test_hardware_refusals_reach_the_web_with_their_own_status(service: Service, link: HardwareLink) -> None:
    """A hardware refusal is a Refusal like the rules' and the service's: one sentence, one status."""
    with pytest.raises(Refusal, match="There is no button called fire") as unknown:
        service.panel.press("fire")
    assert unknown.value.status == 404
    with pytest.raises(Refusal, match="j8n cannot have the fault dead") as bad:
        service.panel.inject_fault("j8n", "dead")
    assert bad.value.status == 400
    with pytest.raises(Refusal) as wrong_kind:
        service.panel.inject_fault("seat0", "stuck-lit")
    assert wrong_kind.value.status == 404
    assert service.panel.hardware_status()["pin_factory"] == "mock"


def test_real_pins_refuse_the_virtual_panel(service: Service, clean_rig: Rig, link: HardwareLink) -> None:
    simulator, clean_rig.simulator = clean_rig.simulator, None  # as on a Pi: no simulator
    try:
        panel = service.panel
        for attempt in (lambda: panel.press("seat0"), lambda: panel.inject_fault("laser", "dead")):
            with pytest.raises(Refusal, match="only works on mock pins") as refused:
                attempt()
            assert refused.value.status == 409
    finally:
        clean_rig.simulator = simulator


def test_the_host_api_presses_fires_and_reports_plain_errors(
        service: Service, clean_rig: Rig, link: HardwareLink, clock: FakeClock, host_key: str) -> None:
    from web import create_app

    client = create_app(service).test_client()
    host = {"X-Host-Key": host_key}
    table, _ = moved(service, link)
    clock.tick()
    pressed = client.post("/api/hardware/press/seat0", headers=host)
    assert pressed.status_code == 200
    check = pressed.get_json()["last_beam_check"]
    assert check["result"] == "agree" and check["table"] == table
    status = client.get("/api/hardware", headers=host).get_json()
    assert status["mock"] is True
    assert {d["kind"] for d in status["devices"]} == {"laser", "button", "led", "sensor"}
    unknown = client.post("/api/hardware/press/fire", headers=host)
    assert unknown.status_code == 404 and unknown.get_json() == {"error": "There is no button called fire."}
    bad = client.post("/api/hardware/faults", headers=host, json={"device": "laser", "fault": "stuck-lit"})
    assert bad.status_code == 400 and "laser cannot have the fault stuck-lit" in bad.get_json()["error"]
    def j8n_fault(reply: Any) -> object:
        return next(d for d in reply.get_json()["devices"] if d["name"] == "j8n")["fault"]

    assert j8n_fault(client.post("/api/hardware/faults", headers=host,
                                 json={"device": "j8n", "fault": "stuck-dark"})) == "stuck-dark"
    assert j8n_fault(client.post("/api/hardware/faults", headers=host,
                                 json={"device": "j8n", "fault": None})) is None
    assert client.post("/api/hardware/press/seat0").status_code in (401, 403)  # not the host


def test_without_a_laser_the_sensors_watch_each_move_by_themselves(
        service: Service, mock_factory: Any) -> None:
    """Rulebook p.8 (the players fire the game's own laser): the rig only watches where it leaves."""
    from hardware import build, parse

    watcher = build(parse({"watch_s": 0.2, "sensors": {
        "j8n": {"pin": 10, "watches": "j8:N"}, "a1s": {"pin": 11, "watches": "a1:S"}}}),
        pin_factory=mock_factory)
    linked = attach(service, watcher)
    try:
        table = new_table(service)
        service.act(table, 0, {"type": "move", "from": "c1", "to": "c2"})
        assert linked.wait_idle(patience(5))
        assert linked.hardware_status()["last_beam_check"]["result"] == "agree"
        watcher.turn_token(("j8", "N"))  # Red's beam should leave at a1 south
        service.act(table, 1, {"type": "move", "from": "c7", "to": "c6"})
        assert linked.wait_idle(patience(5))
        check = linked.hardware_status()["last_beam_check"]
        assert check["result"] == "mismatch" and check["seat"] == 1
        assert told(service, table).startswith(
            "The beam should have left at a1 heading south, but it left at j8")
    finally:
        linked.close()
        watcher.close()


def test_a_table_the_host_ends_turns_the_seat_leds_off(
        service: Service, clean_rig: Rig, link: HardwareLink, clock: FakeClock) -> None:
    table, _ = moved(service, link)
    assert clean_rig.led_mode("seat0") == "blinking"
    service.end_table(table)
    assert link.wait_idle(patience(5))
    assert {clean_rig.led_mode("seat0"), clean_rig.led_mode("seat1")} == {"off"}
    clock.tick()
    clean_rig.press("seat0")
    assert link.wait_idle(patience(5))
    assert link.hardware_status()["last_beam_check"] is None  # nothing fired for an ended table


def test_a_table_that_is_over_leaves_none_of_its_states_in_the_link(service: Service,
                                                                     link: HardwareLink) -> None:
    """An evening's memory holds the tables in play (docs/web.md, "How tables are kept and let
    go"): once a game is over, the state the seat LEDs were last worked out for is let go too."""
    table = str(service.create_table("fake-guess", 2, {"rounds": 1}, seed=3)["table"])
    service.claim_seat(table, 0, "Anna")
    service.claim_seat(table, 1, "Ben")
    service.act(table, 0, {"type": "pick", "number": 2})
    assert link.wait_idle()
    followed = weakref.ref(service.state_of(table))   # Ben still to pick: the LEDs follow this state
    service.act(table, 1, {"type": "pick", "number": 4})
    assert link.wait_idle()
    assert service.public(table)["outcome"] is not None
    gc.collect()
    assert followed() is None
