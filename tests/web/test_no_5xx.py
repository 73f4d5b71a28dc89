"""A 5xx is a bug: a battery of bad inputs against every route gets a 4xx (JSON under /api)."""

from __future__ import annotations

import itertools
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from tests.web.test_openapi import routes

BODIES: list[tuple[bytes, str]] = [
    (b"", "application/json"),
    (b"{", "application/json"),
    (b"null", "application/json"),
    (b"[1, 2]", "application/json"),
    (b'"text"', "application/json"),
    (b"123", "application/json"),
    (
        b'{"action": null, "game": 7, "players": -1, "name": ["x"], "device": 5, "fault": 3}',
        "application/json",
    ),
    (
        b'{"action": {"type": 5}, "players": 1e309, "options": {"rounds": "x"}, "seed": true}',
        "application/json",
    ),
    (b'{"action": {"type": "pick", "number": {"deep": [1]}}, "version": -5}', "application/json"),
    (b"\xff\xfe\x00garbage", "application/octet-stream"),
    (b"key=abc", "application/x-www-form-urlencoded"),
    (b"x" * (70 * 1024), "application/json"),
    (b"[" * 20_000, "application/json"),  # nested deeper than Python's stack, under the size cap
    (b'{"game": "fake-guess", "players": 2, "seed": 99999999999999999999999}', "application/json"),
    (b'{"game": "fake-guess", "players": 99999999999999999999999, "seed": -1}', "application/json"),
    (b'{"name": "Anna", "action": {"type": "pick"}, "version": 99999999999999999999999}',
     "application/json"),
]
VALUES = {
    "table": ["nope%00" + "a" * 300, "{t}"],
    "seat": ["0", "99", "99999999999999999999"],
    "button": ["seat0", "../../etc"],
    "game": ["loch-ness", "fzzzt", "nope%00"],
    "name": ["Ours", "a" * 300, "%00%01"],
}


def test_no_endpoint_answers_5xx_to_bad_input(
    app: Flask, client: FlaskClient, make_table: Any, host: dict[str, str]
) -> None:
    t = make_table()
    t.claim(0, "Anna")
    auths = [{"Authorization": "Bearer \u00e9\u00e9", "X-Host-Key": "wrong"}, host, t.auth(0)]
    checked = 0
    for path, methods in routes(app).items():
        names = [n for n in VALUES if "{" + n + "}" in path]
        for combo in itertools.product(*(VALUES[n] for n in names)):
            url = path
            for name, value in zip(names, combo, strict=True):
                url = url.replace("{" + name + "}", value.replace("{t}", t.id))
            for method, auth in itertools.product(sorted(methods | {"PUT"}), auths):
                for data, ctype in BODIES if method in {"POST", "PUT"} else BODIES[:1]:
                    resp = client.open(
                        url, method=method, data=data, headers={**auth, "Content-Type": ctype}
                    )
                    checked += 1
                    assert resp.status_code < 500, (
                        method,
                        url,
                        data[:40],
                        resp.get_data(as_text=True)[:200],
                    )
                    if resp.status_code >= 400 and url.startswith("/api/"):
                        assert resp.is_json and isinstance(resp.get_json()["error"], str), (method, url)
                    resp.close()
    assert checked > 300
    # the host's routes did what hosts may (free seats, end the table), but no bad input made a play
    assert t.public()["view"]["picked"] == [False, False]
