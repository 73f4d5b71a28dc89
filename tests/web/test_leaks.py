"""Secrets through the web layer: whatever a phone receives over HTTP (views, replies, refusals,
undo, its stream) never holds another seat's secret. Canaries: the fake game's secret words
(strings) and its private "my_pick" events (structure)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.web.test_stream import Stream
from web.wire import unpack


def check_for_seat(seat: int, body: Any, words: dict[int, str]) -> None:
    text = json.dumps(body)
    for other, word in words.items():
        if other != seat:
            assert word not in text, f"seat {seat} received seat {other}'s secret word"
    if isinstance(body, dict):
        for ev in body.get("events", []):
            visible = ev.get("visible_to", "all")
            assert visible == "all" or seat in visible, f"seat {seat} received {ev}"


def until_version(stream: Stream, version: int) -> list[dict[str, Any]]:
    """Every payload the stream sent, up to the one showing ``version`` (bounded in time)."""
    received: list[dict[str, Any]] = []
    while not received or received[-1]["version"] < version:
        more = stream.payloads(1, timeout=2.0)
        assert more, f"the stream never showed version {version}"
        received += more
    return received


@pytest.mark.parametrize("seed", [1, 2])
def test_no_phone_ever_receives_another_seats_secret(
    client: FlaskClient, make_table: Any, host: dict[str, str], seed: int
) -> None:
    rng = random.Random(seed)
    t = make_table(players=3, seed=seed, options={"rounds": 2})
    for seat, name in enumerate(["Anna", "Bo", "Cy"]):
        t.claim(seat, name)
    words = {s: t.view(s)["view"]["word"] for s in range(3)}
    assert len(set(words.values())) == 3
    streams = {s: Stream(client, f"/api/tables/{t.id}/stream", t.auth(s)) for s in range(3)}
    public = Stream(client, f"/api/tables/{t.id}/stream")
    try:
        for _ in range(12):
            seat = rng.randrange(3)
            view = t.view(seat)
            check_for_seat(seat, view, words)
            packed = client.get(f"/api/tables/{t.id}/view?packed=1", headers=t.auth(seat))   # the pages' form
            check_for_seat(seat, unpack(packed.get_json()), words)
            check_for_seat(seat, packed.get_data(as_text=True), words)
            choice = rng.random()
            if choice < 0.15:
                resp = client.post(f"/api/tables/{t.id}/undo", headers=host)
                body = resp.get_json()
                for s in range(3):
                    check_for_seat(s, body, words)  # the undo reply is public: no secret at all
            elif choice < 0.3 or not view["legal_actions"]:
                bad = rng.choice([{"type": "pick", "number": 7}, {"type": "peek", "seat": (seat + 1) % 3}])
                resp = t.act(seat, bad)
                assert 400 <= resp.status_code < 500
                check_for_seat(seat, resp.get_json(), words)
            else:
                action = rng.choice(view["legal_actions"])
                resp = t.act(seat, {"type": action["type"], "notation": action["notation"]})
                assert resp.status_code == 200
                check_for_seat(seat, resp.get_json(), words)
            pub = t.public()
            for s in range(3):
                check_for_seat(s, pub, words)
                assert words[s] not in json.dumps(pub)
        final = t.public()["version"]
        for seat, stream in streams.items():
            received = until_version(stream, final)
            for payload in received:
                assert payload["seat"] == seat
                check_for_seat(seat, payload, words)
        for payload in until_version(public, final):
            assert not any(word in json.dumps(payload) for word in words.values())
    finally:
        for stream in [*streams.values(), public]:
            stream.close()
