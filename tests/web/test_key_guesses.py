"""Guessing the host key is slowed down (issue 17, item 5): "after a few wrong keys from one
address, answer 429 with a sentence for a while, and log it"."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from web.auth import GUESS_BLOCK, GUESSES, SPILLED, TRACED, KeyGuesses, TooManyGuesses

WAIT = "Too many wrong host keys: wait a minute and try again."


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_wrong_keys_from_one_address_are_answered_429_for_a_while_and_logged(
        app: Flask, client: FlaskClient, host: dict[str, str], caplog: pytest.LogCaptureFixture) -> None:
    clock = Clock()
    app.extensions["key_guesses"] = KeyGuesses(clock=clock)
    with caplog.at_level("WARNING", logger="web.auth"):
        statuses = [client.get("/api/hardware", headers={"X-Host-Key": f"guess{n}"}).status_code
                    for n in range(GUESSES + 2)]
    assert statuses == [401] * GUESSES + [429] * 2
    refused = client.post("/api/tables", json={"game": "fake-guess", "players": 2}, headers=host)
    assert refused.status_code == 429 and refused.get_json() == {"error": WAIT}   # the right key waits too
    assert client.get(f"/host?key={host['X-Host-Key']}").status_code == 429   # the host page says so too
    assert [r.getMessage() for r in caplog.records if "wrong host keys" in r.getMessage()] != []
    other = client.get("/api/hardware", headers=host, environ_base={"REMOTE_ADDR": "192.168.4.23"})
    assert other.status_code == 200                                     # another address is not held up
    clock.now += GUESS_BLOCK + 1
    assert client.get("/api/hardware", headers=host).status_code == 200  # the while is over


def test_wrong_keys_spread_over_time_are_not_a_guessing_run(app: Flask, client: FlaskClient) -> None:
    clock = Clock()
    app.extensions["key_guesses"] = KeyGuesses(clock=clock)
    for n in range(3 * GUESSES):
        assert client.get("/api/hardware", headers={"X-Host-Key": f"typo{n}"}).status_code == 401
        clock.now += 30.0


def test_a_paired_host_device_is_never_held_up_by_wrong_keys_from_its_address(
        app: Flask, client: FlaskClient, host: dict[str, str]) -> None:
    """Issue 27, 4: "after a few wrong keys from an address, the right key from that address gets
    429 for every host action". A device paired before (its own host session in its cookie, never
    the key) keeps every host action; the key itself from that address still waits (so guessing
    stays slow)."""
    clock = Clock()
    app.extensions["key_guesses"] = KeyGuesses(clock=clock)
    assert client.get(f"/host?key={host['X-Host-Key']}").status_code == 303   # the host's phone pairs
    cookie = client.get_cookie("host_key")
    assert cookie is not None and cookie.value != host["X-Host-Key"]           # its own session, not the key
    stranger = app.test_client()                                              # same address, no session
    for n in range(GUESSES + 2):
        stranger.get("/api/hardware", headers={"X-Host-Key": f"guess{n}"})
    assert stranger.get("/api/hardware", headers=host).status_code == 429    # guessing stays slow
    assert client.get("/host").status_code == 200                            # the paired phone: its page
    made = client.post("/api/tables", json={"game": "fake-guess", "players": 2})
    assert made.status_code == 201                                           # and every host action
    assert client.post(f"/api/tables/{made.get_json()['table']}/end", json={}).status_code == 200


def test_each_host_device_has_its_own_session_and_a_revoked_one_is_no_host(
        app: Flask, client: FlaskClient, host: dict[str, str]) -> None:
    """Issue 27, 1: "the host key is also the cookie, the same for every host device, and never
    changes". Two devices that gave the key hold two sessions; revoking one leaves the other."""
    other = app.test_client()
    for device in (client, other):
        assert device.get(f"/host?key={host['X-Host-Key']}").status_code == 303
    a, b = client.get_cookie("host_key"), other.get_cookie("host_key")
    assert a is not None and b is not None and a.value != b.value
    sessions = app.extensions["table_service"].host_sessions
    assert len(sessions.listed()) == 2
    assert sessions.revoke(sessions.check(b.value))
    assert other.get("/api/hardware").status_code == 401
    assert client.get("/api/hardware").status_code == 200


def test_a_crowd_of_other_addresses_does_not_wash_away_a_guessing_address(
        app: Flask, client: FlaskClient, host: dict[str, str]) -> None:
    """The audit's attack: one address sends 8 wrong keys, 1,005 other addresses (more than the
    throttle traces one by one) each guessing between any two of them; the address still gets 429
    by its fifth wrong key within the minute. The right key from an address that did not guess
    still works, and the throttle's memory stays bounded."""
    clock = Clock()
    guesses = app.extensions["key_guesses"] = KeyGuesses(clock=clock)
    guesser = {"REMOTE_ADDR": "192.168.4.66"}
    statuses = []
    for n in range(8):
        statuses.append(client.get("/api/hardware", headers={"X-Host-Key": f"guess{n}"},
                                   environ_base=guesser).status_code)
        for other in range(1005):
            guesses.wrong(f"10.0.{other // 250}.{other % 250}")
        clock.now += 1.0
    assert statuses[0] == 401 and statuses[GUESSES:] == [429] * (8 - GUESSES), statuses
    assert client.get("/api/hardware", headers=host, environ_base=guesser).status_code == 429
    fresh = {"REMOTE_ADDR": "192.168.4.23"}
    assert client.get("/api/hardware", headers=host, environ_base=fresh).status_code == 200
    assert len(guesses._wrong) <= TRACED and len(guesses._spill) <= SPILLED


def test_wrong_keys_moved_out_of_the_trace_still_count_and_expire_with_the_window() -> None:
    """Tracing one address at a time, an address whose traces another address's keep moving out
    is held by its fifth wrong key; a minute later the moved traces are gone."""
    clock = Clock()
    guesses = KeyGuesses(clock=clock, traced=1)
    held = 0
    for n in range(GUESSES):
        guesses.wrong("192.168.4.66")
        guesses.wrong("192.168.4.67")
        assert len(guesses._wrong) <= 1
        try:
            guesses.check("192.168.4.66")
        except TooManyGuesses:
            held = held or n + 1
    assert 0 < held <= GUESSES
    clock.now += GUESS_BLOCK + 1
    for _ in range(GUESSES - 1):
        guesses.wrong("192.168.4.68")
        guesses.check("192.168.4.68")   # nothing older than the window counts: a typo is a typo
