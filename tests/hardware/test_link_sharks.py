"""Sharks with Lasers and the rig: the seat button passes in phase II, the laser module fires for
every shark's laser, and a seat's LED flashes when its agent dies.

A real :class:`companion.service.Service` with the module's example rig on mock pins, wired by
``attach`` as ``companion serve`` does (the example rig has two seats, so two players). Seed 0
puts the first player's agent on b1 below the white shark (b5, facing the boat): the agent steps
forward, and the white shark's laser fries it.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

from companion.hardware_link import HardwareLink, attach
from companion.service import Service
from hardware import Rig
from tests.hardware.conftest import FakeClock
from tests.waits import patience

PLAN = {0: ["agent F", "shark white S"], 1: ["agent F", "shark grey F"]}


@pytest.fixture
def link(service: Service, clean_rig: Rig) -> Iterator[HardwareLink]:
    linked = attach(service, clean_rig)
    linked.death_flash_s = 1.0  # long enough to see it under load, short for the test
    try:
        yield linked
    finally:
        linked.close()


def press(rig: Rig, link: HardwareLink, clock: FakeClock, seat: int) -> None:
    clock.tick()
    rig.press(f"seat{seat}")
    assert link.wait_idle(patience(5))


def placed_table(service: Service) -> str:
    table: str = service.create_table("sharks-with-lasers", 2, {}, seed=0)["table"]
    while (state := service.state_of(table)).view(None)["phase"] == "setup":
        seat = state.awaiting[0]
        service.act(table, seat, next(a for a in state.legal_actions(seat) if a["type"] == "place"))
    return table


def test_a_seat_button_passes_in_phase_two_and_means_nothing_while_placing(
        service: Service, clean_rig: Rig, link: HardwareLink, clock: FakeClock) -> None:
    """Rulebook, phase II (translated): "instead of playing a card a player may pass; after a pass
    every other player gets one last action." The seat button is that pass."""
    table: str = service.create_table("sharks-with-lasers", 2, {}, seed=0)["table"]
    assert link.wait_idle(patience(5))
    placing = service.state_of(table)
    press(clean_rig, link, clock, placing.awaiting[0])  # placing an agent: no button meaning
    assert service.state_of(table).notation() == placing.notation()
    assert link.ignored[-1][1] == "nothing for a button to do"
    table = placed_table(service)
    assert link.wait_idle(patience(5))
    state = service.state_of(table)
    seat = state.awaiting[0]
    press(clean_rig, link, clock, 1 - seat)  # not this seat's turn: ignored
    assert service.state_of(table).notation() == state.notation()
    press(clean_rig, link, clock, seat)
    after = service.state_of(table).view(None)
    assert after["passed"] == seat
    assert [a["last_action_due"] for a in after["agents"]] == [s != seat for s in range(2)]


def test_the_laser_fires_for_every_shark_shot_and_a_dead_agents_led_flashes(
        service: Service, clean_rig: Rig, link: HardwareLink, clock: FakeClock) -> None:
    """Rulebook, shark cards (translated): "Fire laser: the shark fires its laser straight ahead;
    the first agent hit is dead." The real laser module fires once per shot; the dead agent's
    seat LED flashes for a moment, then shows the table's state again."""
    table = placed_table(service)
    assert clean_rig.laser is not None
    pin = clean_rig.laser.pin
    plan = {seat: list(moves) for seat, moves in PLAN.items()}
    while service.state_of(table).view(None)["round"] == 1:
        assert link.wait_idle(patience(5))
        pin.clear_states()
        seat = service.state_of(table).awaiting[0]
        if plan[seat]:
            move = plan[seat].pop(0)
            service.act(table, seat, {"type": move.split()[0], "notation": move})
        else:
            press(clean_rig, link, clock, seat)  # the seat button passes
    state = service.state_of(table)
    assert link.wait_idle(patience(5))
    beams = [ev for ev in state.events if ev["type"] == "beam"]
    dead = {ev["seat"] for ev in state.events if ev["type"] in ("eaten", "fried")}
    assert len(beams) == 1 and dead == {0}
    assert sum(1 for change in pin.states[1:] if change.state) == len(beams)  # one shot per beam
    assert clean_rig.laser.value == 0  # and off again
    assert link.hardware_status()["shots_shown"] == len(beams)
    assert clean_rig.led_mode("seat0") == "error"  # the dead agent's seat flashes
    assert clean_rig.led_mode("seat1") != "error"
    deadline = time.monotonic() + patience(3)
    while clean_rig.led_mode("seat0") == "error" and time.monotonic() < deadline:
        time.sleep(0.05)
    assert link.wait_idle(patience(5))
    awaited = service.state_of(table).awaiting
    assert clean_rig.led_mode("seat0") == ("blinking" if 0 in awaited else "off")


def test_no_laser_shot_for_a_round_without_shark_lasers(
        service: Service, clean_rig: Rig, link: HardwareLink, clock: FakeClock) -> None:
    """Only a shark's laser fires the module: a round of moves and turns leaves it off."""
    table = placed_table(service)
    assert clean_rig.laser is not None
    pin = clean_rig.laser.pin
    while service.state_of(table).view(None)["round"] == 1:
        assert link.wait_idle(patience(5))
        seat = service.state_of(table).awaiting[0]
        pin.clear_states()
        press(clean_rig, link, clock, seat)
    assert link.wait_idle(patience(5))
    assert not any(ev["type"] == "beam" for ev in service.state_of(table).events)
    assert not any(change.state for change in pin.states[1:])
    assert link.hardware_status()["shots_shown"] == 0
