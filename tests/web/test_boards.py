"""The host saves the boards it draws (Loch Ness: the printed board is lost, the table transcribes
its own): checked, named, kept in the companion's store, picked when a table starts. A board with a
problem is refused in one sentence and nothing is saved; only the host may do any of it."""

from __future__ import annotations

import copy
import json
from typing import Any
from urllib.parse import quote

import pytest
from flask.testing import FlaskClient

from tests.engines.loch_ness.test_board import SIX

GAME = "loch-ness"
URL = f"/api/games/{GAME}/boards"


def put(client: FlaskClient, host: dict[str, str], name: str, board: Any) -> Any:
    return client.put(f"{URL}/{quote(name)}", json={"board": board}, headers=host)


def names(client: FlaskClient, host: dict[str, str]) -> list[str]:
    resp = client.get(URL, headers=host)
    assert resp.status_code == 200
    return [b["name"] for b in resp.get_json()["boards"]]


def test_a_saved_board_is_listed_opened_and_a_table_starts_on_it(client: FlaskClient,
                                                                   host: dict[str, str]) -> None:
    assert names(client, host) == ["Sample board (placeholder)"]
    resp = put(client, host, "  Our   kitchen board ", SIX)
    assert resp.status_code == 200, resp.get_json()
    saved = resp.get_json()
    assert saved["name"] == "Our kitchen board" and saved["board"]["name"] == "Six spaces"
    assert names(client, host) == ["Sample board (placeholder)", "Our kitchen board"]
    listed = client.get(URL, headers=host).get_json()["boards"]
    assert listed[0]["sample"] and listed[0]["placeholder"] and not listed[1]["sample"]
    opened = client.get(f"{URL}/{quote('Our kitchen board')}", headers=host).get_json()
    assert opened["board"] == saved["board"]
    made = client.post("/api/tables", json={"game": GAME, "players": 3,
                                            "options": {"board": json.dumps(opened["board"])}}, headers=host)
    assert made.status_code == 201, made.get_json()
    public = client.get(f"/api/tables/{made.get_json()['table']}").get_json()
    assert public["view"]["board"]["name"] == "Six spaces"
    assert public["view"]["sites"].keys() == {"a", "b", "i"}


def _broken(kind: str) -> Any:
    data = copy.deepcopy(SIX)
    if kind == "asymmetric":
        data["spaces"][3]["adjacent"].append("i")
    elif kind == "unreachable":
        data["spaces"].append({"id": "z", "terrain": "water", "x": 9, "y": 9, "adjacent": [], "site": 1})
    elif kind == "harbour":
        data["spaces"][0]["terrain"] = "water"
    elif kind == "decks":
        data["decks"] = {"discoveries": [{"kind": "nessie", "back": "water", "colour": 0, "count": 30},
                                         {"kind": "tracks", "back": "land", "colour": 0, "count": 21}]}
    elif kind == "json":
        return json.dumps(data)[:-1]
    return data


@pytest.mark.parametrize(("kind", "said"), [
    ("asymmetric", "Space b lists i as a neighbour, but i does not list b: neighbours go both ways."),
    ("unreachable", "Site z cannot be reached by boat from the harbour."),
    ("harbour", "The board has no harbour."),
    ("decks", "The discovery cards add up to 51; the rulebook has 50 (7 of each of the 4 colours, the rest "
              "water and land cards)."),
    ("json", "The board is not valid JSON: it breaks at line 1, column"),
])
def test_a_board_with_a_problem_is_refused_in_one_sentence_and_nothing_is_saved(
        client: FlaskClient, host: dict[str, str], kind: str, said: str) -> None:
    resp = put(client, host, "Broken", _broken(kind))
    assert resp.status_code == 400
    assert resp.get_json()["error"].startswith(said)
    assert names(client, host) == ["Sample board (placeholder)"]
    assert client.get(f"{URL}/Broken", headers=host).status_code == 404
    checked = client.post(f"/api/games/{GAME}/board-check", json={"board": _broken(kind)},
                          headers=host).get_json()
    assert checked["ok"] is False and checked["board"] is None
    assert checked["problems"][0]["text"].startswith(said)


def test_the_check_names_every_problem_at_once(client: FlaskClient, host: dict[str, str]) -> None:
    data = _broken("asymmetric")
    data["nessie"] = "nowhere"
    checked = client.post(f"/api/games/{GAME}/board-check", json={"board": data}, headers=host).get_json()
    assert [p["text"] for p in checked["problems"]] == [
        "Space b lists i as a neighbour, but i does not list b: neighbours go both ways.",
        "Nessie's start (nowhere) must be a lake water space of this board."]
    fine = client.post(f"/api/games/{GAME}/board-check", json={"board": SIX}, headers=host).get_json()
    assert fine["ok"] is True and fine["problems"] == [] and fine["board"]["name"] == "Six spaces"


def test_only_the_host_draws_boards(client: FlaskClient, host: dict[str, str]) -> None:
    assert client.get(URL).status_code == 401
    assert client.put(f"{URL}/Mine", json={"board": SIX}).status_code == 401
    assert client.post(f"/api/games/{GAME}/board-check", json={"board": SIX}).status_code == 401
    assert names(client, host) == ["Sample board (placeholder)"]


def test_names_samples_unknown_games_and_deleting(client: FlaskClient, host: dict[str, str]) -> None:
    assert put(client, host, "x" * 41, SIX).get_json()["error"] == \
        "A board's name has 1 to 40 characters, and no /."
    resp = put(client, host, "Sample board (placeholder)", SIX)
    assert resp.status_code == 409 and "sample board" in resp.get_json()["error"]
    resp = client.get("/api/games/fzzzt/boards", headers=host)
    assert resp.status_code == 404 and resp.get_json()["error"] == "Fzzzt! has no board to draw."
    assert client.get("/api/games/chess/boards", headers=host).get_json()["error"] == \
        "There is no game called chess."
    assert put(client, host, "Mine", SIX).status_code == 200
    replaced = copy.deepcopy(SIX)
    replaced["name"] = "Six spaces, corrected"
    assert put(client, host, "Mine", replaced).status_code == 200          # saving again replaces it
    assert client.get(f"{URL}/Mine", headers=host).get_json()["board"]["name"] == "Six spaces, corrected"
    gone = client.delete(f"{URL}/Mine", headers=host)
    assert gone.status_code == 200 and [b["name"] for b in gone.get_json()["boards"]] == \
        ["Sample board (placeholder)"]
    assert client.delete(f"{URL}/Mine", headers=host).status_code == 404
    assert client.delete(f"{URL}/{quote('Sample board (placeholder)')}", headers=host).status_code == 409


def test_saved_boards_survive_a_restart(client: FlaskClient, host: dict[str, str], service: Any,
                                         data_dir: Any) -> None:
    from companion.service import Service
    from tests.conftest import HOST_KEY
    assert put(client, host, "Kept", SIX).status_code == 200
    again = Service(data_dir, HOST_KEY)
    try:
        assert [b["name"] for b in again.keeping.list_boards(GAME)] == ["Sample board (placeholder)", "Kept"]
        assert again.keeping.board(GAME, "Kept")["board"]["name"] == "Six spaces"
    finally:
        again.close()
