"""Jaws and the rig: the seat LEDs show who is to act (the shark's while it plans in secret), a
seat's button ends that seat's turn (the shark's whole plan, or its crew member's), a hit flashes
the shark's LED, and there is no laser to fire.

A real :class:`companion.service.Service` with the module's example rig on mock pins (two seats:
seat 0 the shark, seat 1 the whole crew), wired by ``attach`` as ``companion serve`` does.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.hardware_link import HardwareLink, attach
from companion.service import Service
from engines import get
from hardware import Rig
from tests.hardware.conftest import FakeClock
from tests.waits import patience


@pytest.fixture
def link(service: Service, clean_rig: Rig) -> Iterator[HardwareLink]:
    linked = attach(service, clean_rig)
    linked.death_flash_s = 1.0
    try:
        yield linked
    finally:
        linked.close()


def press(rig: Rig, link: HardwareLink, clock: FakeClock, seat: int) -> None:
    clock.tick()
    rig.press(f"seat{seat}")
    assert link.wait_idle(patience(5))


def test_the_leds_follow_the_turn_and_a_seat_button_ends_that_seats_turn(
        service: Service, clean_rig: Rig, link: HardwareLink, clock: FakeClock) -> None:
    """Issue 11, hardware: "the seat LEDs show who is to act (the shark's LED while it plans); a seat
    button ends that seat's turn; no laser in this game." """
    roles = get("jaws").hardware
    assert roles.button_actions == ("end", "lock", "ready") and not roles.shot_event
    table = service.create_table("jaws", 2, {"chance": "physical"}, seed=3)["table"]
    assert link.wait_idle(patience(5))
    assert clean_rig.led_mode("seat0") == "blinking" and clean_rig.led_mode("seat1") == "off"
    press(clean_rig, link, clock, 0)                       # choosing the start: no button meaning
    assert service.state_of(table).view(None)["phase"] == "start"
    service.act(table, 0, {"type": "start", "space": "1"})
    service.act(table, -1, {"type": "card", "card": 9})
    service.act(table, 0, {"type": "move", "to": "2"})
    assert link.wait_idle(patience(5))
    assert clean_rig.led_mode("seat0") == "blinking" and clean_rig.led_mode("seat1") == "off"
    press(clean_rig, link, clock, 1)                       # not the crew's turn: ignored
    assert service.state_of(table).view(None)["phase"] == "shark"
    press(clean_rig, link, clock, 0)                       # the shark ends its turn: the plan is told
    after = service.state_of(table)
    assert after.view(None)["phase"] == "crew" and after.view(0)["secret"]["start"] == "2"
    assert clean_rig.led_mode("seat1") == "blinking" and clean_rig.led_mode("seat0") == "off"
    service.act(table, 1, {"type": "move", "role": "hooper", "to": "1"})
    press(clean_rig, link, clock, 1)                       # ends Hooper's turn, the one running
    crew = {c["role"]: c["turn"] for c in service.state_of(table).view(None)["crew"]}
    assert crew == {"brody": "waiting", "hooper": "done", "quint": "waiting"}
    assert clean_rig.laser is None or clean_rig.laser.pin.state == 0


def test_a_barrel_that_hits_flashes_the_sharks_led(
        service: Service, clean_rig: Rig, link: HardwareLink, clock: FakeClock) -> None:
    table = service.create_table("jaws", 2, {"chance": "physical"}, seed=3)["table"]
    service.act(table, 0, {"type": "start", "space": "4"})
    service.act(table, -1, {"type": "card", "card": 9})
    service.act(table, 0, {"type": "end"})
    assert link.wait_idle(patience(5))
    service.act(table, 1, {"type": "throw", "role": "quint", "at": "4"})
    assert link.wait_idle(patience(5))
    assert clean_rig.led_mode("seat0") == "error"          # the flash, for death_flash_s


BOX = json.dumps(json.loads((Path(__file__).resolve().parents[1] / "fixtures" / "jaws_box.json")
                            .read_text(encoding="utf-8"))["profile"])


def test_in_act_2_the_leds_show_who_still_prepares_and_a_button_locks_or_says_ready(
        service: Service, clean_rig: Rig, link: HardwareLink, clock: FakeClock) -> None:
    """Issue 12: "Seat LEDs show who still has to prepare." The shark's button locks its secret choice;
    a crew seat's button says its next crew member is ready; while the real dice's hits are awaited,
    the roller's LED blinks."""
    options = {"acts": "2", "box": BOX, "resurface": "digital"}
    table = service.create_table("jaws", 2, options, seed=4)["table"]
    for _ in range(7):
        offer = service.seat_view(table, -1)["legal_actions"][0]
        service.act(table, 1, {"type": "gear", "notation": offer["notation"]})
    for role in ("brody", "hooper", "quint"):
        service.act(table, 1, {"type": "place", "role": role, "at": "b3"})
    assert link.wait_idle(patience(5))
    assert clean_rig.led_mode("seat0") == "blinking" and clean_rig.led_mode("seat1") == "off"
    press(clean_rig, link, clock, 0)                       # nothing chosen yet: nothing to lock
    assert service.public(table)["view"]["orca"]["phase"] == "decide"
    service.act(table, 0, {"type": "surface", "chip": "A", "card": None})
    press(clean_rig, link, clock, 0)                       # locks the choice: the crew prepares
    assert service.public(table)["view"]["orca"]["phase"] == "prep"
    assert clean_rig.led_mode("seat1") == "blinking" and clean_rig.led_mode("seat0") == "off"
    orca = service.public(table)["view"]["orca"]
    service.act(table, 1, {"type": "weapon", "role": "brody", "card": orca["crew"][0]["kit"][0]})
    service.act(table, 1, {"type": "target", "role": "brody", "zone": "3"})
    press(clean_rig, link, clock, 1)                       # Brody is ready
    assert service.public(table)["view"]["orca"]["crew"][0]["ready"] is True
    for _ in range(30):                                    # on to the first roll of the real dice
        orca = service.public(table)["view"]["orca"]
        if orca["phase"] == "roll":
            break
        seat = service.public(table)["awaiting"][0]
        legal = service.seat_view(table, seat)["legal_actions"]
        wanted = ("attack", "bite", "ready", "target", "weapon")
        service.act(table, seat, next((a for t in wanted for a in legal if a["type"] == t), legal[0]))
    roller = service.public(table)["view"]["orca"]["roll"]["seat"]
    assert link.wait_idle(patience(5))
    assert clean_rig.led_mode(f"seat{roller}") == "blinking"
    assert clean_rig.led_mode(f"seat{1 - roller}") == "off"
