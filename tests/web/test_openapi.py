"""/api/openapi.json describes every route the app has, with an error response for every refusal."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

IGNORED_METHODS = {"HEAD", "OPTIONS"}


def routes(app: Flask) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for rule in app.url_map.iter_rules():
        if rule.endpoint == "static":
            continue
        path = re.sub(r"<(?:[^:>]+:)?([^>]+)>", r"{\1}", rule.rule)
        out.setdefault(path, set()).update(m for m in (rule.methods or ()) if m not in IGNORED_METHODS)
    return out


def test_openapi_lists_every_route_and_method_the_app_has(app: Flask, client: FlaskClient) -> None:
    doc = client.get("/api/openapi.json").get_json()
    assert doc["openapi"].startswith("3.1")
    documented = {path: {m.upper() for m in ops} for path, ops in doc["paths"].items()}
    assert documented == routes(app)


def test_every_api_operation_documents_its_errors_as_json(client: FlaskClient) -> None:
    doc = client.get("/api/openapi.json").get_json()
    schemas = doc["components"]["schemas"]
    assert schemas["Error"]["required"] == ["error"]
    for path, ops in doc["paths"].items():
        for method, op in ops.items():
            assert op["summary"], (path, method)
            codes = set(op["responses"])
            assert any(c.startswith("2") or c.startswith("3") for c in codes), (path, method)
            if "{table}" in path:
                assert "404" in codes, (path, method)
            if op.get("security") and {"401"} - codes:
                raise AssertionError(f"{method} {path} needs the host or a seat but documents no 401")
            for code, response in op["responses"].items():
                if code.startswith("4") and op["tags"] == ["api"]:
                    assert response["content"]["application/json"]["schema"] == {
                        "$ref": "#/components/schemas/Error"
                    }, (path, method, code)


def test_every_reference_resolves(client: FlaskClient) -> None:
    doc = client.get("/api/openapi.json").get_json()
    text = client.get("/api/openapi.json").get_data(as_text=True)
    for name in re.findall(r'"#/components/schemas/([A-Za-z]+)"', text):
        assert name in doc["components"]["schemas"], name


def test_the_answers_issue_27_found_missing_are_described(client: FlaskClient) -> None:
    """Issue 27, 6: 429 on /host, 404 on /api/hardware/faults; ``game`` one of the known games."""
    doc = client.get("/api/openapi.json").get_json()
    paths = doc["paths"]
    assert {"401", "429"} <= set(paths["/host"]["get"]["responses"])
    assert "429" in paths["/host"]["post"]["responses"]
    assert "404" in paths["/api/hardware/faults"]["post"]["responses"]
    games = sorted(g["id"] for g in client.get("/api/games").get_json()["games"])
    assert doc["components"]["schemas"]["GameId"]["enum"] == games
    body = paths["/api/tables"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    assert body["properties"]["game"] == {"$ref": "#/components/schemas/GameId"}
    assert {"$ref": "#/components/schemas/GameId"} in [
        p["schema"] for p in paths["/api/games/{game}/boards"]["get"]["parameters"]]
    assert set(paths["/api/host/devices/{device}"]["delete"]["responses"]) >= {"200", "401", "404", "429"}
