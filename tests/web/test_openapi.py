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


def test_every_operation_has_an_id_and_the_links_lead_from_a_new_table_to_a_play(client: FlaskClient) -> None:
    """Issue 27: Schemathesis' stateful phase follows response links by operationId, from a new
    table to a seat's token, the seat's view and one of its legal plays."""
    doc = client.get("/api/openapi.json").get_json()
    ops = {op["operationId"]: op for path_ops in doc["paths"].values() for op in path_ops.values()}
    assert len(ops) == sum(len(path_ops) for path_ops in doc["paths"].values())   # each its own id
    assert doc["paths"]["/api/tables/{table}/actions"]["post"]["operationId"] == "act"

    def links(op_id: str, status: str) -> dict[str, dict[str, object]]:
        found: dict[str, dict[str, object]] = ops[op_id]["responses"][status]["links"]
        assert all(link["operationId"] in ops for link in found.values())
        return found

    assert links("createTable", "201")["claimSeat"]["parameters"] == {"path.table": "$response.body#/table",
                                                                      "path.seat": 0}
    assert links("claimSeat", "200")["seatView"]["parameters"] == {
        "path.table": "$response.body#/table", "header.Authorization": "Bearer {$response.body#/token}"}
    assert links("seatView", "200")["act"]["requestBody"] == {"action": "$response.body#/legal_actions/0",
                                                              "version": "$response.body#/version"}
