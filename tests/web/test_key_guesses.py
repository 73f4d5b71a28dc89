"""Guessing the host key is slowed down (issue 17, item 5): "after a few wrong keys from one
address, answer 429 with a sentence for a while, and log it"."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from web.auth import GUESS_BLOCK, GUESSES, KeyGuesses

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
    client.set_cookie("host_key", host["X-Host-Key"])
    assert client.get("/host").status_code == 429                       # the host page says so too
    client.delete_cookie("host_key")
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
