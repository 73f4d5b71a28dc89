"""Every payload the app sends is what /api/openapi.json says it is.

Each game is played through the JSON API as phones and the host would (tables made and listed,
seats claimed, views read, plays, refusals, the table's "next", undo, end, next game); every
response is recorded on its way out and checked against the declared response for its route,
method and status: the status is documented, and a JSON body fits its schema with no
undocumented field (``web.apidoc.problems``). The stream's frames are checked the same way.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask, Response, request
from flask.testing import FlaskClient

import engines
from engines import TABLE
from web import create_app
from web.apidoc import document, problems
from web.schemas import ref

Record = tuple[str, str, int, str, Any]   # (rule, method, status, mimetype, json or None)
SHIPPED = sorted(g.id for g in engines.GAMES.values() if type(g).__module__.startswith("engines."))


@pytest.fixture
def recorded(service: Any) -> Iterator[tuple[Flask, list[Record]]]:
    app = create_app(service, public_url="http://192.0.2.10:8000")
    app.config.update(TESTING=True, SSE_KEEPALIVE=0.05, SSE_MAX_SECONDS=0.3)
    records: list[Record] = []

    @app.after_request
    def record(resp: Response) -> Response:
        rule = request.url_rule.rule if request.url_rule else "(no route)"
        body = resp.get_json(silent=True) if resp.mimetype == "application/json" else None
        records.append((rule, request.method, resp.status_code, resp.mimetype, body))
        return resp
    yield app, records


def mismatches(app: Flask, records: list[Record]) -> list[str]:
    paths = document(app)["paths"]
    out = []
    for rule, method, status, mimetype, body in records:
        path = re.sub(r"<(?:[^:>]+:)?([^>]+)>", r"{\1}", rule)
        op = paths.get(path, {}).get(method.lower())
        if op is None:
            out.append(f"{method} {rule}: not in the document")
            continue
        response = op["responses"].get(str(status))
        if response is None:
            out.append(f"{method} {rule}: {status} is not documented")
            continue
        content = response.get("content", {})
        if mimetype not in content and status < 300:
            out.append(f"{method} {rule} {status}: {mimetype} is not {sorted(content)}")
        if body is not None and "application/json" in content:
            schema = content["application/json"]["schema"]
            out += [f"{method} {rule} {status}{p}" for p in problems(body, schema)]
    return out


def stream_frames(client: FlaskClient, url: str, headers: dict[str, str]) -> list[Any]:
    text = client.get(url, headers=headers).get_data(as_text=True)
    return [json.loads(line[5:]) for line in text.splitlines() if line.startswith("data:")]


def play_through(client: FlaskClient, host: dict[str, str], game: str) -> list[Any]:
    """A short evening at one table of ``game``; returns the stream frames it read."""
    info = engines.get(game)
    players = info.min_players
    created = client.post("/api/tables", json={"game": game, "players": players, "seed": 3,   # lessons too
                                               "options": {"first_game": True}}, headers=host)
    assert created.status_code == 201, created.get_json()
    table = created.get_json()["table"]
    tokens = {}
    for seat in range(players):
        claimed = client.post(f"/api/tables/{table}/seats/{seat}", json={"name": f"P{seat}"})
        tokens[seat] = {"Authorization": f"Bearer {claimed.get_json()['token']}"}
        client.delete_cookie(f"seat_{table}")
    client.get("/api/tables")
    client.get(f"/api/tables/{table}")
    client.post(f"/api/tables/{table}/seats/0", json={"name": "Late"})             # 409: taken
    client.post(f"/api/tables/{table}/actions", json={"action": {"type": "x"}})    # 401: no seat
    client.post(f"/api/tables/{table}/actions", json={"action": 5}, headers=tokens[0])  # 400
    client.get("/api/tables/nope/view", headers=tokens[0])                         # 404
    for _ in range(12):
        public = client.get(f"/api/tables/{table}").get_json()
        if not public["awaiting"] or public["ended"]:
            break
        seat = public["awaiting"][0]
        auth = host if seat == TABLE else tokens[seat]
        query = "?as=table" if seat == TABLE else ""
        view = client.get(f"/api/tables/{table}/view{query}", headers=auth).get_json()
        if not view["legal_actions"]:
            break
        played = client.post(f"/api/tables/{table}/actions{query}", headers=auth, json={
            "action": view["legal_actions"][0], "version": view["version"]})
        assert played.status_code == 200, played.get_json()
        client.post(f"/api/tables/{table}/actions{query}", headers=auth, json={   # 409: stale
            "action": view["legal_actions"][0], "version": view["version"]})
        client.post(f"/api/tables/{table}/next", headers=host)
    frames = stream_frames(client, f"/api/tables/{table}/stream", {})
    frames += stream_frames(client, f"/api/tables/{table}/stream", tokens[0])
    client.post(f"/api/tables/{table}/undo", headers=host)
    client.post(f"/api/tables/{table}/seats/{players - 1}/bot", headers=host)
    client.delete(f"/api/tables/{table}/seats/0", headers=host)
    client.post(f"/api/tables/{table}/next-game", headers=host)
    client.post(f"/api/tables/{table}/end", headers=host)
    client.get(f"/api/tables/{table}")                                             # next_table set
    return frames


@pytest.mark.parametrize("game", SHIPPED)
def test_every_payload_of_a_played_table_fits_the_api_description(
        recorded: tuple[Flask, list[Record]], host_key: str, game: str) -> None:
    app, records = recorded
    client = app.test_client()
    host = {"X-Host-Key": host_key}
    client.get("/api/games")
    frames = play_through(client, host, game)
    statuses = {r[2] for r in records}
    assert {200, 201, 400, 401, 404, 409} <= statuses, statuses   # the drive reached every kind
    assert mismatches(app, records) == []
    assert frames and all(problems(f, ref("SeatView" if "seat" in f else "Public")) == [] for f in frames)


def test_the_check_finds_an_undocumented_field_and_a_wrong_status(
        recorded: tuple[Flask, list[Record]]) -> None:
    """The check is not blind: a payload with a field the description lacks, and a status it does
    not list, are both reported."""
    app, _ = recorded
    fake: list[Record] = [
        ("/api/tables/<table>", "GET", 200, "application/json", {"table": "x", "canary": 1}),
        ("/api/games", "GET", 418, "application/json", {"error": "teapot"}),
    ]
    found = mismatches(app, fake)
    assert any("canary is not documented" in m for m in found)
    assert any("418 is not documented" in m for m in found)
