"""An evening of games (issue 23): a phone keeps its seat from game to game however it comes back
(the new QR code, the list of tables, the old link), and the list of tables says each table's state."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from tests.web.test_api import refused


def pick(number: int) -> dict[str, str]:
    return {"type": "pick", "notation": f"pick{number}"}


def test_a_phone_that_held_a_seat_comes_back_to_it_by_the_new_qr_code(
        client: FlaskClient, host: dict[str, str], make_table: Any) -> None:
    """No ``?from=``: the phone opens the new table's own address (its QR code) and is in its seat."""
    t = make_table()
    assert client.post(f"/api/tables/{t.id}/seats/1", json={"name": "Bo"}).status_code == 200
    second = client.post(f"/api/tables/{t.id}/next-game", headers=host).get_json()["table"]
    third = client.post(f"/api/tables/{second}/next-game", headers=host).get_json()["table"]
    page = client.get(f"/play/{third}")          # two games later, by the newest QR code
    assert page.status_code == 200
    cookie = page.headers["Set-Cookie"]
    assert cookie.startswith(f"seat_{third}=") and "HttpOnly" in cookie
    view = client.get(f"/api/tables/{third}/view")
    assert view.status_code == 200 and view.get_json()["name"] == "Bo" and view.get_json()["seat"] == 1


def test_a_phone_with_no_seat_there_is_not_given_one(client: FlaskClient, host: dict[str, str],
                                                    make_table: Any) -> None:
    t = make_table()
    t.claim(0, "Anna")
    other = make_table()
    assert client.post(f"/api/tables/{other.id}/seats/0", json={"name": "Cas"}).status_code == 200
    client.set_cookie(f"seat_{t.id}", "forged")
    new = client.post(f"/api/tables/{t.id}/next-game", headers=host).get_json()["table"]
    page = client.get(f"/play/{new}")            # a seat at another table, a forged one here
    assert page.status_code == 200 and "Set-Cookie" not in page.headers
    refused(client.get(f"/api/tables/{new}/view"), 401)


def test_the_list_says_who_won_and_which_game_came_next(client: FlaskClient, host: dict[str, str],
                                                       make_table: Any) -> None:
    t = make_table(options={"rounds": 1})
    t.claim(0, "Anna")
    t.claim(1, "Bo")
    listed = {x["table"]: x for x in client.get("/api/tables").get_json()["tables"]}
    assert listed[t.id]["winners"] is None and listed[t.id]["next_table"] is None
    assert isinstance(listed[t.id]["created"], float)
    assert t.act(0, pick(2)).status_code == 200 and t.act(1, pick(3)).status_code == 200
    winners = t.public()["outcome"]["winners"]
    new = client.post(f"/api/tables/{t.id}/next-game", headers=host).get_json()["table"]
    listed = {x["table"]: x for x in client.get("/api/tables").get_json()["tables"]}
    assert listed[t.id]["winners"] == winners and listed[t.id]["next_table"] == new
    assert listed[new]["created"] >= listed[t.id]["created"]
