"""POST /api/tables/<t>/next-game with another game and who sits where: the phones keep their
tokens (and names) in their new seats; a body the game cannot take changes nothing."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from tests.web.test_api import refused


def test_jaws_after_sharks_the_phones_keep_their_tokens_in_the_seats_the_host_gave(
    client: FlaskClient, host: dict[str, str], make_table: Any
) -> None:
    sharks = make_table("sharks-with-lasers", 3)
    for seat, name in enumerate(("Anna", "Bernd", "Daan")):
        sharks.claim(seat, name)
    resp = client.post(f"/api/tables/{sharks.id}/next-game", headers=host,
                       json={"game": "jaws", "seats": [1, 0, None]})   # Bernd the shark, a seat free
    assert resp.status_code == 201, resp.get_json()
    new = resp.get_json()
    assert new["game"] == "jaws" and new["join_url"].endswith(f"/play/{new['table']}")
    assert [s["name"] for s in new["seats"]][:2] == ["Bernd", "Anna"] and not new["seats"][2]["taken"]
    bernd = client.get(f"/api/tables/{new['table']}/view", headers=sharks.auth(1)).get_json()
    assert bernd["seat"] == 0 and bernd["name"] == "Bernd" and bernd["view"]["my_roles"] == ["shark"]
    refused(client.get(f"/api/tables/{new['table']}/view", headers=sharks.auth(2)), 401)   # Daan: no seat
    assert sharks.public()["next_table"] == new["table"]


def test_the_host_reads_each_seats_role_in_their_language(client: FlaskClient) -> None:
    games = {g["id"]: g for g in client.get("/api/games?lang=de").get_json()["games"]}
    assert games["jaws"]["seat_roles"]["3"] == ["Der Hai", "Brody und Quint", "Hooper"]
    assert "seat_roles" not in games["fzzzt"]


def test_a_next_game_the_game_cannot_take_is_refused_in_words_and_changes_nothing(
    client: FlaskClient, host: dict[str, str], make_table: Any
) -> None:
    t = make_table("sharks-with-lasers", 2)
    t.claim(0, "Anna")
    before = t.public()
    url = f"/api/tables/{t.id}/next-game"
    refused(client.post(url, headers=host, json={"game": "loch-ness", "seats": [0, 1]}), 400, "3 to 4")
    refused(client.post(url, headers=host, json={"game": "jaws", "seats": [0, 0]}), 400, "each one once")
    refused(client.post(url, headers=host, json={"game": "jaws", "seats": "0 1"}), 400, "each one once")
    refused(client.post(url, headers=host, json={"game": "chess"}), 400, "no game called chess")
    refused(client.post(url, json={"game": "jaws", "seats": [0, 1]}), 401)   # not the host
    assert t.public() == before
    assert client.post(url, headers=host).status_code == 201   # an empty body: the same game and seats
    assert t.public()["ended"]
