"""Setting up through the JSON API (docs/web.md "Setting up"): POST /ready and /setup, the payload's
``setup``, and every bad request a 4xx sentence that leaves the table as it was."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

import engines
from tests.web.test_api import refused, snapshot
from web.apidoc import problems
from web.schemas import ref

AWAY = {"REMOTE_ADDR": "192.0.2.77"}   # a phone on the network, not the Pi's own display


@pytest.fixture
def setting_up(make_table: Any) -> Any:
    t = make_table("fzzzt", 2, {"setting_up": True})
    t.claim(0, "Anna")
    t.claim(1, "Bo")
    return t


def test_the_api_default_is_to_play_at_once(make_table: Any) -> None:
    t = make_table("fzzzt", 2)
    assert t.public()["setup"] is None


def test_ready_from_every_seat_opens_the_game(setting_up: Any, client: FlaskClient) -> None:
    t = setting_up
    setup = t.public()["setup"]
    assert setup["step"] == 0 and setup["ready"] == [] and len(setup["steps"]) == 4
    assert setup["steps"][0]["title"]["text"] == "Mechanic cards"
    assert "part" not in setup and "part" in t.view(0)["setup"]
    assert problems(t.public(), ref("Public")) == [] and problems(t.view(0), ref("SeatView")) == []
    seat = t.public()["awaiting"][0]
    assert t.view(seat)["legal_actions"] == []   # nothing to play while setting up
    action = engines.get("fzzzt").start(2, 7, {}).legal_actions(seat)[0]
    before = snapshot(t)
    refused(t.act(seat, action), 409, "still setting up", "Ready")
    assert snapshot(t) == before
    resp = client.post(f"/api/tables/{t.id}/ready", headers=t.auth(0))
    assert resp.status_code == 200 and resp.get_json()["setup"]["ready"] == [0]
    resp = client.post(f"/api/tables/{t.id}/ready", headers=t.auth(1))
    assert resp.status_code == 200 and resp.get_json()["setup"] is None
    assert t.act(seat, action).status_code == 200
    refused(client.post(f"/api/tables/{t.id}/ready", headers=t.auth(0)), 409, "not setting up")


def test_steps_and_skip_and_who_may(setting_up: Any, client: FlaskClient, host: dict[str, str]) -> None:
    t = setting_up
    url = f"/api/tables/{t.id}/setup"
    moved = client.post(url, json={"step": 2}, headers=t.auth(1), environ_base=AWAY)
    assert moved.get_json()["setup"]["step"] == 2
    before = snapshot(t)
    refused(client.post(url, json={"step": 9}, headers=host), 400, "no setup step 10")
    refused(client.post(url, json={"step": "two"}, headers=host), 400, "step")
    refused(client.post(url, json={"step": -1}, headers=host), 400, "step")
    refused(client.post(url, json={"skip": "yes"}, headers=host), 400, "skip")
    refused(client.post(url, json={}, headers=host), 400, "step")
    refused(client.post(url, data="step", headers={**host, "Content-Type": "application/json"}), 400)
    refused(client.post(url, json={"skip": True}, headers=t.auth(0), environ_base=AWAY), 401)
    refused(client.post(url, json={"step": 1}, environ_base=AWAY), 401)
    refused(client.post(f"/api/tables/{t.id}/ready", environ_base=AWAY), 401)
    refused(client.post("/api/tables/nope/ready", headers=t.auth(0)), 404)
    assert snapshot(t) == before
    opened = client.post(url, json={"skip": True}, headers=host, environ_base=AWAY)
    assert opened.status_code == 200 and opened.get_json()["setup"] is None
    refused(client.post(url, json={"step": 0}, headers=host), 409, "not setting up")


def test_the_host_page_option_is_bad_input_when_not_a_bool(client: FlaskClient, host: dict[str, str]) -> None:
    resp = client.post("/api/tables", json={"game": "fzzzt", "players": 2, "options": {"setting_up": 1}},
                       headers=host)
    refused(resp, 400, "setting_up")


def test_the_sentences_come_in_the_readers_language(setting_up: Any, client: FlaskClient) -> None:
    t = setting_up
    resp = client.get(f"/api/tables/{t.id}/view", headers={**t.auth(0), "Accept-Language": "nl"})
    part = resp.get_json()["setup"]["part"]
    assert part[0]["text"].startswith("Je ")
