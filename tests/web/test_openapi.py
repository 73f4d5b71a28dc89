"""/api/openapi.json describes every route the app has, with an error response for every refusal."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import quote

import jsonschema_rs
from flask import Flask
from flask.testing import FlaskClient

from web.schemas import SEED_MAX

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

    assert links("createTable", "201")["claimSeat"]["parameters"] == {
        "path.table": "$response.body#/table", "path.seat": "$response.body#/awaiting/0"}
    assert links("claimSeat", "200")["seatView"]["parameters"] == {
        "path.table": "$response.body#/table", "header.Authorization": "Bearer {$response.body#/token}"}
    assert links("seatView", "200")["act"]["requestBody"] == {"action": "$response.body#/legal_actions/0"}
    play = links("seatView", "200")["act"]["parameters"]
    assert play == {"path.table": "$response.body#/table",
                    "header.Authorization": "$request.header.Authorization"}
    assert links("act", "200")["act"] == links("seatView", "200")["act"]   # and on from each play


def _validator(doc: dict[str, Any], path: str, method: str = "post") -> Any:
    """JSON Schema's own check of a request body against the document (refs resolved in it)."""
    body = doc["paths"][path][method]["requestBody"]["content"]["application/json"]["schema"]
    return jsonschema_rs.validator_for({**body, "components": doc["components"]})


def _table_bodies(games: list[dict[str, Any]]) -> list[tuple[dict[str, Any], bool]]:
    """New tables at and past each game's rules, each with whether the service takes it."""
    out: list[tuple[dict[str, Any], bool]] = []
    for game in games:
        lo, hi, gid = game["min_players"], game["max_players"], game["id"]
        out += [({"game": gid, "players": lo}, True), ({"game": gid, "players": float(hi)}, True),
                ({"game": gid, "players": lo - 1}, False), ({"game": gid, "players": hi + 1}, False),
                ({"game": gid, "players": lo, "options": {"no_such_option": True}}, False)]
        taken = [*game["options"], *game.get("table_options", [])]
        chance = any(o["name"] == "chance" for o in taken)
        out.append(({"game": gid, "players": lo, "options": {"chance": "physical"}}, chance))
        for option in (o for o in taken if o["type"] == "choice"):
            for choice in [*option["choices"], "no-such-choice"]:
                fine = choice in option["choices"] and choice not in option.get("needs", {})
                out.append(({"game": gid, "players": lo, "options": {option["name"]: choice}}, fine))
    chess = {"game": "laser-chess", "players": 2}
    return [*out, ({**chess, "seed": SEED_MAX}, True), ({**chess, "seed": SEED_MAX + 1}, False),
            ({**chess, "seed": -1}, False),
            ({**chess, "options": {"setup": "classic", "first_game": True}}, True)]


def test_the_document_says_the_rules_of_a_new_table_the_service_enforces(
        client: FlaskClient, host: dict[str, str]) -> None:
    """The audit: schema-valid tables were refused (``players`` unbounded). For every game: the
    player counts at its bounds fit the document and are accepted, one past them fits neither; so
    for each choice of each option, a choice it does not have, an option of no game, the chance
    option on a game without chance, a choice that needs another option (Jaws' digital dice need
    its box profile), a seed past what the store keeps. A whole number written 3.0 is a whole
    number to both."""
    doc = client.get("/api/openapi.json").get_json()
    fits = _validator(doc, "/api/tables").is_valid
    bodies = _table_bodies(client.get("/api/games").get_json()["games"])
    assert len(bodies) > 50
    told = [(body, fits(body), client.post("/api/tables", json=body, headers=host).status_code)
            for body, _ in bodies]
    assert [(body, valid) for body, valid, _ in told] == bodies
    assert [(body, status) for body, valid, status in told if (status == 201) != valid] == []


def test_the_document_says_the_rule_of_a_kept_name_and_of_a_setup_request(
        client: FlaskClient, host: dict[str, str]) -> None:
    """The audit: a box profile's new name the schema allowed was refused. A kept name (a saved
    board's, a box profile's) is 1 to 40 printable characters once runs of spaces are one, no /:
    the document's pattern takes exactly the names the service keeps. A setup request needs a step
    or "skip": true; boards and profiles given as text must be JSON of an object."""
    doc = client.get("/api/openapi.json").get_json()
    url = "/api/games/jaws/profiles"
    saved = client.put(f"{url}/Ours", json={"profile": {"wounds": {"shark": 12}}}, headers=host)
    assert saved.status_code == 200
    fits = _validator(doc, "/api/games/{game}/profiles/{name}/rename").is_valid
    names = ["Kitchen box", "  Our   box  ", "Café Ünïcode", "a" * 40, "x\ty", "\u2028line", "",
             "   ", "a/b", "bell\x07", "zero\u200bwidth", "a" * 41]
    told = []
    for name in names:
        status = client.post(f"{url}/Ours/rename", json={"to": name}, headers=host).status_code
        if status == 200:
            kept = quote(" ".join(name.split()))
            assert client.post(f"{url}/{kept}/rename", json={"to": "Ours"}, headers=host).status_code == 200
        told.append((name, fits({"to": name}), status))
    assert [(name, status) for name, valid, status in told if (status == 200) != valid] == []
    assert sum(valid for _, valid, _ in told) == 6   # a line separator is a space too
    setup = _validator(doc, "/api/tables/{table}/setup").is_valid
    assert setup({"step": 0}) and setup({"skip": True}) and not setup({"skip": False}) and not setup({})
    board = _validator(doc, "/api/games/{game}/board-check").is_valid
    assert board({"board": {}}) and board({"board": "{}"}) and not board({"board": 3})
    body = doc["paths"]["/api/games/{game}/board-check"]["post"]["requestBody"]["content"]["application/json"]
    text = body["schema"]["properties"]["board"]["oneOf"][1]
    assert (text["type"], text["contentMediaType"], text["contentSchema"]) == (
        "string", "application/json", {"type": "object"})
