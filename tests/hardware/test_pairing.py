"""Becoming the host without a terminal (issue 16): a long press of the companion's button.

Mock pins (the example rig: its ``next`` button is the host button) and the real web app:
each phone is a Flask test client with its own cookies. The pairing and the rig share the
module's hand-moved clock, so "held for 2.5 s" and "61 s later" take no time.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.hardware_link import HardwareLink, attach
from companion.pairing import MAX_WAITING, STALE_S, WINDOW_S, Pairing
from companion.service import Service
from hardware import Rig
from tests.conftest import HOST_KEY
from tests.hardware.conftest import FakeClock
from tests.waits import patience
from web import create_app

PROMPT = "Press the button on the companion to make this phone the host"


@pytest.fixture
def paired_link(service: Service, clean_rig: Rig, clock: FakeClock) -> Iterator[HardwareLink]:
    service.pairing = Pairing(clock=clock)
    linked = attach(service, clean_rig)
    try:
        yield linked
    finally:
        linked.close()


class Phone:
    """One phone: its own cookies, and every body it was sent (to look for the key in)."""

    def __init__(self, client: FlaskClient) -> None:
        self.client = client
        self.bodies: list[str] = []

    def _keep(self, resp: Any) -> Any:
        self.bodies.append(resp.get_data(as_text=True))
        return resp

    def open_host_page(self) -> Any:
        return self._keep(self.client.get("/host"))

    def ask(self) -> str:
        resp = self._keep(self.client.post("/api/host/pair"))
        assert resp.status_code == 200, resp.get_json()
        return str(resp.get_json()["state"])

    def look(self) -> dict[str, Any]:
        resp = self._keep(self.client.get("/api/host/pair"))
        assert resp.status_code == 200
        return dict(resp.get_json())

    def poll(self) -> tuple[str, str]:
        resp = self._keep(self.client.get("/api/host/pair"))
        assert resp.status_code == 200
        return resp.get_json()["state"], resp.get_json()["say"]["text"]

    def is_host(self) -> bool:
        return bool(self._keep(self.client.get("/api/hardware")).status_code == 200)

    def saw_the_key(self) -> bool:
        return any(HOST_KEY in body for body in self.bodies)


@pytest.fixture
def phones(service: Service) -> Any:
    """A new phone each call, each at an address of its own on the table's Wi-Fi."""
    app = create_app(service)
    app.config.update(TESTING=True)
    made = [0]

    def phone() -> Phone:
        made[0] += 1
        client = app.test_client()
        client.environ_base["REMOTE_ADDR"] = f"192.168.4.{made[0] + 9}"
        return Phone(client)

    return phone


def hold(rig: Rig, link: HardwareLink, clock: FakeClock, seconds: float, button: str = "next") -> None:
    pin = rig.buttons[button].pin
    pin.drive_low()
    clock.tick(seconds)
    pin.drive_high()
    assert link.wait_idle(patience(5))


def test_a_long_press_makes_the_phone_that_asked_the_host(
        paired_link: HardwareLink, clean_rig: Rig, clock: FakeClock, phones: Any,
        caplog: pytest.LogCaptureFixture) -> None:
    """Opening /host without the key asks the companion and waits; a long press of its button
    makes that phone the host (the host cookie is set on it), and it is logged."""
    phone = phones()
    page = phone.open_host_page()
    assert page.status_code == 401
    # the default label is said around the button's name, in the phone's language
    assert PROMPT in page.get_data(as_text=True) and "Hold the next button" in page.get_data(as_text=True)
    assert phone.ask() == "waiting"
    clock.tick(10)
    assert phone.poll() == ("waiting", PROMPT)
    assert not phone.is_host()
    with caplog.at_level(logging.INFO, logger="companion.pairing"):
        hold(clean_rig, paired_link, clock, 2.5)
    assert "is now the host (long press of next)" in caplog.text
    assert phone.poll() == ("paired", "This phone is now the host.")
    assert phone.is_host()
    assert phone.open_host_page().status_code == 200
    assert phone.poll()[0] == "unknown"  # the request is used up
    assert not phone.saw_the_key()


def test_no_press_within_the_minute_and_the_phone_is_told_to_ask_again(
        paired_link: HardwareLink, clock: FakeClock, phones: Any) -> None:
    """Without a press the request ends after 60 s: the page says so and the phone is no host."""
    phone = phones()
    phone.ask()
    for _ in range(int(WINDOW_S // 5)):
        clock.tick(5)
        assert phone.poll()[0] == "waiting"
    clock.tick(5)
    assert phone.poll() == ("expired", "Nobody pressed the button in time. Ask again.")
    assert not phone.is_host()
    assert not phone.saw_the_key()


def test_a_late_press_makes_nobody_the_host(
        paired_link: HardwareLink, clean_rig: Rig, clock: FakeClock, phones: Any) -> None:
    """A long press after the minute is over goes to nobody, even to a phone still on the page."""
    phone = phones()
    phone.ask()
    for _ in range(13):
        clock.tick(5)
        phone.poll()
    hold(clean_rig, paired_link, clock, 2.5)
    assert phone.poll()[0] == "expired"
    assert not phone.is_host()
    assert phone.ask() == "waiting"  # asking again works
    hold(clean_rig, paired_link, clock, 2.5)
    assert phone.poll()[0] == "paired" and phone.is_host()


def pick_own_code(rig: Rig, link: HardwareLink, clock: FakeClock, phone: Phone) -> int:
    """The host, as docs/hardware.md tells: short presses until their own phone says its code is
    the one shown, then a hold. How many short presses it took."""
    for steps in range(MAX_WAITING + 1):
        looked = phone.look()
        assert looked["state"] == "choosing", looked
        if looked["shown"]:
            hold(rig, link, clock, 2.5)
            return steps
        hold(rig, link, clock, 0.3)
    raise AssertionError("the host's code was never shown")


def test_a_stranger_asking_first_and_polling_is_never_paired_by_the_hosts_press(
        paired_link: HardwareLink, clean_rig: Rig, clock: FakeClock, phones: Any,
        service: Service) -> None:
    """Issue 27, 1: a phone that asks a second before the host and keeps polling used to get the
    press. Now, with two phones asking, the press pairs nobody: each phone shows its own code,
    the status display shows one code at a time, and the host's phone says when its code is the
    one shown; a hold then makes it the host. Many rounds: the codes' order is random, and the
    stranger never wins, asking first, asking twice or polling every 0.1 s."""
    for round_ in range(12):
        stranger, host = phones(), phones()
        stranger.ask()
        if round_ % 2:
            stranger.ask()            # asking again: its earlier request is given up, no gain
        clock.tick(1)
        host.ask()
        for _ in range(10):
            stranger.poll()           # polling faster changes nothing
            clock.tick(0.1)
        hold(clean_rig, paired_link, clock, 2.5)
        assert not stranger.is_host() and not host.is_host()
        assert host.look()["state"] == stranger.look()["state"] == "choosing"
        codes = {host.look()["code"], stranger.look()["code"]}
        frame = paired_link.screen.frame() if paired_link.screen is not None else None
        if frame is not None:
            assert frame.kind == "pairing" and "of 2" in frame.lines[0]
            assert any(code in frame.lines[0] for code in codes)
        assert host.client.get("/api/host/pair/codes").get_json()["choosing"] is True
        pick_own_code(clean_rig, paired_link, clock, host)
        assert host.poll()[0] == "paired" and host.is_host()
        assert stranger.poll() == ("ask-again", "The host picked another phone's code. Ask again.")
        assert not stranger.is_host()
        assert not host.saw_the_key() and not stranger.saw_the_key()
        for device in service.host_sessions.listed():
            service.host_sessions.revoke(device["id"])


def test_a_flood_of_askers_only_adds_codes_to_step_through(
        paired_link: HardwareLink, clean_rig: Rig, clock: FakeClock, phones: Any) -> None:
    """Asking more, from one address or several, gives no stranger the press: the host steps past
    their codes to their own."""
    host = phones()
    strangers = [phones() for _ in range(6)]
    for stranger in strangers:
        stranger.ask()
    host.ask()
    hold(clean_rig, paired_link, clock, 2.5)
    for stranger in strangers:
        stranger.ask()   # asking while the host picks: joins the end, the code shown stays
    pick_own_code(clean_rig, paired_link, clock, host)
    assert host.poll()[0] == "paired" and host.is_host()
    assert not any(s.is_host() for s in strangers)


def test_with_one_phone_asking_the_press_still_pairs_it_and_shows_its_code(
        paired_link: HardwareLink, clean_rig: Rig, clock: FakeClock, phones: Any) -> None:
    """One phone asking: its code is on the display (to check before holding) and the hold pairs it."""
    phone = phones()
    phone.ask()
    code = phone.look()["code"]
    assert code is not None and len(code) == 2 and code.isdigit()
    if paired_link.screen is not None:
        assert paired_link.screen.frame().lines[0] == f"Host request: {code}"
    hold(clean_rig, paired_link, clock, 2.5)
    assert phone.poll()[0] == "paired" and phone.is_host()


def test_while_the_host_picks_a_short_press_steps_instead_of_next(
        paired_link: HardwareLink, clean_rig: Rig, clock: FakeClock, phones: Any) -> None:
    """A short press of the host button shows the next code (it is no "next" for the table then),
    and the shown code goes round; without a choice it is the plain press again."""
    first, second = phones(), phones()
    first.ask()
    second.ask()
    hold(clean_rig, paired_link, clock, 2.5)
    ignored = len(paired_link.ignored)
    shown = [first.look()["shown"]]
    for _ in range(3):
        hold(clean_rig, paired_link, clock, 0.3)
        shown.append(first.look()["shown"])
    assert shown in ([True, False, True, False], [False, True, False, True])
    assert len(paired_link.ignored) == ignored   # no "next" with no table: the presses stepped
    clock.tick(WINDOW_S + 1)                     # the host walked away: the choice lapses
    assert first.poll()[0] == "expired" and second.poll()[0] == "expired"
    hold(clean_rig, paired_link, clock, 0.3)
    assert paired_link.ignored[-1] == ("next", "no table")


def test_a_phone_that_left_the_page_is_no_longer_waiting(
        paired_link: HardwareLink, clean_rig: Rig, clock: FakeClock, phones: Any) -> None:
    """A page that closed withdraws its request (DELETE /api/host/pair), so the other phone is the
    only one asking; a phone whose screen merely went dark (no polls for a while) still counts, so
    a stranger polling is never "the only one" then."""
    gone, here = phones(), phones()
    gone.ask()
    here.ask()
    assert gone.client.delete("/api/host/pair").status_code == 200
    clock.tick(STALE_S + 1)
    here.poll()
    hold(clean_rig, paired_link, clock, 2.5)
    assert here.poll()[0] == "paired" and here.is_host()
    assert not gone.is_host()
    dark, polling = phones(), phones()
    dark.ask()
    polling.ask()
    for _ in range(12):
        clock.tick(1)
        polling.poll()
    hold(clean_rig, paired_link, clock, 2.5)
    assert polling.poll()[0] == "choosing" and not polling.is_host()


def test_a_short_press_is_not_a_long_press(
        paired_link: HardwareLink, clean_rig: Rig, clock: FakeClock, phones: Any) -> None:
    """A press shorter than the hold time pairs nobody; it stays the button's plain press."""
    phone = phones()
    phone.ask()
    hold(clean_rig, paired_link, clock, 0.4)
    assert phone.poll()[0] == "waiting" and not phone.is_host()
    assert paired_link.ignored[-1] == ("next", "no table")  # a plain "next" with no table open
    clean_rig.press("next", held_s=2.5)  # the virtual panel's long press
    assert paired_link.wait_idle(patience(5))
    assert phone.poll()[0] == "paired"


def test_the_host_key_in_the_address_still_works(paired_link: HardwareLink, phones: Any) -> None:
    phone = phones()
    resp = phone.client.get(f"/host?key={HOST_KEY}")
    assert resp.status_code == 303 and phone.is_host()


def test_without_a_button_the_page_says_where_the_key_is(phones: Any) -> None:
    """No [hardware] (no host button): the key is the only way, and the page says where it is."""
    phone = phones()
    page = phone.open_host_page().get_data(as_text=True)
    assert PROMPT not in page and "pair.js" not in page
    assert "journalctl -u companion" in page and "/var/lib/companion/host_key" in page
    refused = phone.client.post("/api/host/pair")
    assert refused.status_code == 409
    assert "no button" in refused.get_json()["error"]


def test_the_virtual_panel_holds_the_host_button(
        paired_link: HardwareLink, phones: Any) -> None:
    """Off a Pi the host's panel can hold the button (POST .../press/next with held_s)."""
    phone, host = phones(), phones()
    phone.ask()
    held = host.client.post("/api/hardware/press/next", json={"held_s": 2.5},
                            headers={"X-Host-Key": HOST_KEY})
    assert held.status_code == 200 and held.get_json()["host_button"] == {
        "name": "next", "label": "Next button", "hold_s": 2.0,
        "label_say": {"msgid": "{name} button", "params": {"name": "next"}, "text": "next button"}}
    assert phone.poll()[0] == "paired"
    bad = host.client.post("/api/hardware/press/next", json={"held_s": "long"},
                           headers={"X-Host-Key": HOST_KEY})
    assert bad.status_code == 400


def test_a_flood_of_requests_cannot_push_the_hosts_out_of_the_queue(clock: FakeClock) -> None:
    """Issue 27, 1: "32 waiting requests also push the host's request out of the queue". One
    address keeps at most PER_ADDRESS requests (its own oldest goes); when the queue is full the
    address holding the most loses its oldest, never the host's single request."""
    from companion.pairing import MAX_WAITING, PER_ADDRESS

    pairing = Pairing(clock=clock)
    pairing.set_button("next", 2.0)
    hosts = pairing.ask("192.168.4.10")
    stranger = [pairing.ask("192.168.4.66") for _ in range(MAX_WAITING + 8)]
    assert pairing.state(hosts) == "waiting"
    assert sum(pairing.state(t) == "waiting" for t in stranger) == PER_ADDRESS
    crowd = [pairing.ask(f"192.168.5.{n}") for n in range(MAX_WAITING + 8) for _ in range(2)]
    assert pairing.state(hosts) == "waiting"                   # the flooders' requests went first
    assert sum(pairing.state(t) != "unknown" for t in crowd) <= MAX_WAITING
