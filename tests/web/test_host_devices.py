"""The host devices (issue 27): each device that gave the key or was paired holds a session of its
own; the host page lists them and removes any, and a removed device's next host request is 401."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient


def device(app: Flask, key: str, address: str) -> FlaskClient:
    """A phone at ``address`` that gave the key once on /host (its cookie is a session, never the key)."""
    phone = app.test_client()
    phone.environ_base.update(REMOTE_ADDR=address, HTTP_USER_AGENT=f"Phone at {address}")
    assert phone.get(f"/host?key={key}").status_code == 303
    return phone


def test_the_host_page_lists_the_devices_and_removes_one(app: Flask, host: dict[str, str]) -> None:
    anna = device(app, host["X-Host-Key"], "192.168.4.10")
    ben = device(app, host["X-Host-Key"], "192.168.4.11")
    listed = anna.get("/api/host/devices")
    assert listed.status_code == 200
    devices = listed.get_json()["devices"]
    assert [d["label"] for d in devices] == ["192.168.4.10 · Phone at 192.168.4.10",
                                             "192.168.4.11 · Phone at 192.168.4.11"]
    assert [d["this"] for d in devices] == [True, False]
    assert host["X-Host-Key"] not in listed.get_data(as_text=True)
    assert ben.get("/api/hardware").status_code == 200
    removed = anna.delete(f"/api/host/devices/{devices[1]['id']}")
    assert removed.status_code == 200
    assert [d["label"] for d in removed.get_json()["devices"]] == ["192.168.4.10 · Phone at 192.168.4.10"]
    refused = ben.get("/api/hardware")
    assert refused.status_code == 401 and refused.get_json()["error"]
    assert ben.post("/api/tables", json={"game": "fake-guess", "players": 2}).status_code == 401
    assert ben.get("/host").status_code == 401                 # the page asks for the key again
    assert anna.get("/api/hardware").status_code == 200        # the other device keeps its session
    again = anna.delete(f"/api/host/devices/{devices[1]['id']}")
    assert again.status_code == 404 and again.get_json()["error"]


def test_only_the_host_sees_or_removes_devices(app: Flask, client: FlaskClient, host: dict[str, str]) -> None:
    anna = device(app, host["X-Host-Key"], "192.168.4.10")
    sid = anna.get("/api/host/devices").get_json()["devices"][0]["id"]
    assert client.get("/api/host/devices").status_code == 401
    assert client.delete(f"/api/host/devices/{sid}").status_code == 401
    assert anna.get("/api/hardware").status_code == 200
    mine = anna.delete(f"/api/host/devices/{sid}")               # removing itself: it is host no more
    assert mine.status_code == 200 and mine.get_json()["devices"] == []
    assert anna.get("/api/hardware").status_code == 401
