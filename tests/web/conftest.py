"""Fixtures for the web tests, Flask-tutorial style: ``app`` and ``client`` on the real service.

The ``service`` fixture (tests/conftest.py) is the companion's real table
service on a temporary directory, with the hidden-information fake game
registered. Helpers here create tables and claim seats the way a phone does.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.waits import patience
from web import create_app


@pytest.fixture
def app(service: Any, host_key: str) -> Iterator[Flask]:
    app = create_app(
        service,
        public_url="http://192.0.2.10:8000",
        wifi={"ssid": "GameNight", "password": "dice-and-lasers", "security": "WPA"},
    )
    # a test's stream ends by itself (after a quiet machine's 2 s), in case a test leaves it open
    app.config.update(TESTING=True, SSE_KEEPALIVE=0.05, SSE_MAX_SECONDS=patience(2.0))
    yield app


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def host(host_key: str) -> dict[str, str]:
    """Headers of the host."""
    return {"X-Host-Key": host_key}


class Table:
    """A table made through the API, with helpers that act like the phones at it."""

    def __init__(
        self,
        client: FlaskClient,
        host: dict[str, str],
        game: str,
        players: int,
        options: dict[str, Any] | None = None,
        seed: int = 7,
    ) -> None:
        self.client, self.host = client, host
        resp = client.post(
            "/api/tables",
            json={"game": game, "players": players, "options": options or {}, "seed": seed},
            headers=host,
        )
        assert resp.status_code == 201, resp.get_json()
        self.created = resp.get_json()
        self.id: str = self.created["table"]
        self.tokens: dict[int, str] = {}

    def claim(self, seat: int, name: str) -> str:
        resp = self.client.post(f"/api/tables/{self.id}/seats/{seat}", json={"name": name})
        assert resp.status_code == 200, resp.get_json()
        self.tokens[seat] = resp.get_json()["token"]
        self.client.delete_cookie(f"seat_{self.id}")  # tests say which seat speaks, by Bearer
        return self.tokens[seat]

    def auth(self, seat: int) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.tokens[seat]}"}

    def public(self) -> dict[str, Any]:
        resp = self.client.get(f"/api/tables/{self.id}")
        assert resp.status_code == 200
        return dict(resp.get_json())

    def view(self, seat: int) -> dict[str, Any]:
        resp = self.client.get(f"/api/tables/{self.id}/view", headers=self.auth(seat))
        assert resp.status_code == 200, resp.get_json()
        return dict(resp.get_json())

    def act(self, seat: int, action: Any, **kw: Any) -> Any:
        return self.client.post(
            f"/api/tables/{self.id}/actions", json={"action": action, **kw}, headers=self.auth(seat)
        )


@pytest.fixture
def make_table(client: FlaskClient, host: dict[str, str]) -> Any:
    def make(
        game: str = "fake-guess", players: int = 2, options: dict[str, Any] | None = None, seed: int = 7
    ) -> Table:
        return Table(client, host, game, players, options, seed)

    return make
