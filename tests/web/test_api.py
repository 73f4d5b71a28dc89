"""The JSON API through Flask's test client: every endpoint, and every refusal a clear 4xx
that leaves the table exactly as it was."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from engines import TABLE
from tests.waits import patience


def snapshot(t: Any) -> dict[str, Any]:
    """Everything a player could notice: the public payload and every seat's payload."""
    return {"public": t.public(), **{f"seat{s}": t.view(s) for s in t.tokens}}


def refused(resp: Any, status: int, *words: str) -> str:
    assert resp.status_code == status, (resp.status_code, resp.get_data(as_text=True))
    assert resp.is_json
    sentence = resp.get_json()["error"]
    assert isinstance(sentence, str) and sentence.endswith((".", "!", "?")), sentence
    assert "Traceback" not in sentence
    for word in words:
        assert word.lower() in sentence.lower(), sentence
    return str(sentence)


@pytest.fixture
def seated(make_table: Any) -> Any:
    t = make_table()
    t.claim(0, "Anna")
    t.claim(1, "Bo")
    return t


# --------------------------------------------------------------------------- creating tables


def test_host_creates_a_table_and_gets_a_join_address_with_an_ip(
    client: FlaskClient, host: dict[str, str]
) -> None:
    resp = client.post(
        "/api/tables", json={"game": "fake-guess", "players": 3, "options": {"rounds": 1}}, headers=host
    )
    assert resp.status_code == 201
    body = resp.get_json()
    assert body["join_url"] == f"http://192.0.2.10:8000/play/{body['table']}"
    assert body["players"] == 3 and len(body["seats"]) == 3
    assert ".local" not in body["join_url"]
    listed = client.get("/api/tables").get_json()["tables"]
    assert [t["table"] for t in listed] == [body["table"]]


def test_join_address_uses_the_lan_ip_not_a_local_name(service: Any, host: dict[str, str]) -> None:
    from web import create_app
    from web.address import lan_ip

    client = create_app(service).test_client()
    resp = client.post(
        "/api/tables",
        json={"game": "fake-guess", "players": 2},
        headers=host,
        base_url="http://companion.local:8123",
    )
    assert resp.status_code == 201
    assert resp.get_json()["join_url"].startswith(f"http://{lan_ip()}:8123/play/")


@pytest.mark.parametrize(
    ("headers", "words"), [({}, "host key"), ({"X-Host-Key": "guess"}, "not right")]
)
def test_only_the_host_creates_tables(client: FlaskClient, headers: dict[str, str], words: str) -> None:
    resp = client.post("/api/tables", json={"game": "fake-guess", "players": 2}, headers=headers)
    refused(resp, 401, words)
    assert client.get("/api/tables").get_json()["tables"] == []


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"game": "chess-boxing", "players": 2}, "chess-boxing"),
        ({"game": "fake-guess", "players": 9}, "2 to 3 players"),
        ({"game": "fake-guess", "players": "two"}, "whole number"),
        ({"game": "fake-guess", "players": 2, "options": {"rounds": 99}}, "rounds"),
        ({"game": "fake-guess", "players": 2, "options": {"colour": "teal"}}, "colour"),
        ({"game": "fake-guess", "players": 2, "options": []}, "options"),
        ({"game": "fake-guess", "players": 2, "seed": "abc"}, "seed"),
        ({"game": "fake-guess", "players": 2, "seed": 99999999999999999999999}, "seed"),
        ({"game": "fake-guess", "players": 2, "seed": 2**63}, "seed"),
        ({"game": "fake-guess", "players": 2, "seed": -1}, "seed"),
        ({"game": "fake-guess", "players": 99999999999999999999999}, "2 to 3 players"),
        ({"players": 2}, "game"),
    ],
)
def test_bad_table_requests_say_what_is_wrong(
    client: FlaskClient, host: dict[str, str], body: dict[str, Any], words: str
) -> None:
    refused(client.post("/api/tables", json=body, headers=host), 400, words)
    assert client.get("/api/tables").get_json()["tables"] == []


def test_games_list_every_option_with_its_help(client: FlaskClient) -> None:
    games = {g["id"]: g for g in client.get("/api/games").get_json()["games"]}
    guess = games["fake-guess"]
    assert guess["options"][0]["name"] == "rounds" and guess["options"][0]["default"] == 2
    assert guess["options"][0]["help_text"] == "How many rounds to play."
    assert any(o["name"] == "chance" for o in guess["table_options"])


# --------------------------------------------------------------------------- seats


def test_claiming_a_seat_sets_an_httponly_cookie_that_brings_the_phone_back(
    client: FlaskClient, make_table: Any
) -> None:
    t = make_table()
    resp = client.post(f"/api/tables/{t.id}/seats/1", json={"name": "  Bo  "})
    assert resp.status_code == 200
    cookie = resp.headers["Set-Cookie"]
    assert cookie.startswith(f"seat_{t.id}=") and "HttpOnly" in cookie and "SameSite=Lax" in cookie
    again = client.get(f"/api/tables/{t.id}/view")  # a reload: the cookie is all it has
    assert again.status_code == 200
    assert again.get_json()["seat"] == 1 and again.get_json()["name"] == "Bo"


def test_a_seat_without_a_name_is_called_player_n(client: FlaskClient, make_table: Any) -> None:
    t = make_table()
    assert client.post(f"/api/tables/{t.id}/seats/1", json={}).get_json()["name"] == "Player 2"
    assert t.public()["seats"][1]["name"] == "Player 2"


def test_a_taken_seat_is_refused_and_keeps_its_player(client: FlaskClient, seated: Any) -> None:
    before = snapshot(seated)
    resp = client.post(f"/api/tables/{seated.id}/seats/0", json={"name": "Mallory"})
    refused(resp, 409, "Anna")
    assert "Set-Cookie" not in resp.headers
    assert snapshot(seated) == before


@pytest.mark.parametrize(
    ("path", "body", "status"),
    [
        ("/api/tables/nope/seats/0", {"name": "A"}, 404),
        ("/api/tables/{t}/seats/7", {"name": "A"}, 404),
        ("/api/tables/{t}/seats/-1", {"name": "A"}, 404),
        ("/api/tables/{t}/seats/0", {"name": 42}, 400),
        ("/api/tables/{t}/seats/0", {"name": "x" * 80}, 400),
        ("/api/tables/{t}/seats/0", ["Anna"], 400),
    ],
)
def test_bad_seat_claims(
    client: FlaskClient, make_table: Any, path: str, body: Any, status: int
) -> None:
    t = make_table()
    before = t.public()
    refused(client.post(path.format(t=t.id), json=body), status)
    assert t.public() == before


def test_host_frees_a_seat_and_the_old_token_stops_working(
    client: FlaskClient, host: dict[str, str], seated: Any
) -> None:
    refused(client.delete(f"/api/tables/{seated.id}/seats/1", headers=seated.auth(0)), 401)
    resp = client.delete(f"/api/tables/{seated.id}/seats/1", headers=host)
    assert resp.status_code == 200 and resp.get_json()["seats"][1]["taken"] is False
    refused(client.get(f"/api/tables/{seated.id}/view", headers=seated.auth(1)), 401)
    assert client.post(f"/api/tables/{seated.id}/seats/1", json={"name": "Cy"}).status_code == 200


def test_host_seats_a_bot_that_plays_through_the_same_door(
    client: FlaskClient, host: dict[str, str], service: Any, make_table: Any
) -> None:
    t = make_table()
    t.claim(0, "Anna")
    resp = client.post(f"/api/tables/{t.id}/seats/1/bot", headers=host)
    assert resp.status_code == 200 and resp.get_json()["seats"][1]["bot"] is True
    assert service.wait_for_bots(patience(5))
    assert t.public()["awaiting"] == [0]  # the bot has picked; only Anna is left
    refused(client.post(f"/api/tables/{t.id}/seats/1", json={"name": "Bo"}), 409)


# --------------------------------------------------------------------------- playing


def test_a_seat_sees_its_own_secret_and_legal_plays_but_the_table_does_not(seated: Any) -> None:
    anna, bo, public = seated.view(0), seated.view(1), seated.public()
    assert anna["view"]["word"] != bo["view"]["word"]
    assert anna["view"]["word"] not in str(public) and anna["view"]["word"] not in str(bo)
    assert [a["notation"] for a in anna["legal_actions"]] == ["pick1", "pick2", "pick3", "pick4"]
    assert anna["legal_actions"][0]["label"]["text"] == "Pick 1"
    assert "legal_actions" not in public


def test_a_play_is_committed_and_the_reply_is_the_seats_new_view(seated: Any, service: Any) -> None:
    resp = seated.act(0, {"type": "pick", "notation": "pick3"})
    assert resp.status_code == 200
    body = resp.get_json()
    assert body["view"]["my_pick"] == 3 and body["legal_actions"] == []
    assert [e["say"]["text"] for e in body["events"]] == ["Anna has picked.", "You picked 3."]
    public = seated.public()
    assert public["awaiting"] == [1] and public["view"]["picked"] == [True, False]
    assert "You picked" not in str(public)
    assert service.public(seated.id)["version"] == body["version"]  # already in the store's state


def test_the_same_play_twice_is_refused_the_second_time(seated: Any) -> None:
    assert seated.act(0, {"type": "pick", "notation": "pick3"}).status_code == 200
    before = snapshot(seated)
    refused(seated.act(0, {"type": "pick", "notation": "pick1"}), 409, "Bo")
    assert snapshot(seated) == before


def test_out_of_turn_says_whose_turn_it_is(
    make_table: Any, host: dict[str, str], client: FlaskClient
) -> None:
    t = make_table(players=2)
    t.claim(0, "Anna")
    t.claim(1, "Bo")
    assert t.act(0, {"type": "pick", "notation": "pick1"}).status_code == 200
    assert (
        t.act(1, {"type": "pick", "notation": "pick1"}).status_code == 200
    )  # round 2, die rolled again
    assert t.act(1, {"type": "pick", "notation": "pick2"}).status_code == 200
    before = snapshot(t)
    refused(t.act(1, {"type": "pick", "notation": "pick4"}), 409, "Anna")
    assert snapshot(t) == before


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({"action": {"type": "pick", "number": 9}}, 400, "1 to 4"),
        ({"action": {"type": "pick", "notation": "pick9"}}, 400, "1 to 4"),
        ({"action": {"type": "fly"}}, 400, ""),
        ({"action": "pick1"}, 400, "type"),
        ({"action": {"notation": "pick1"}}, 400, "type"),
        ({"move": {"type": "pick"}}, 400, "action"),
        ({"action": {"type": "pick", "notation": "pick1"}, "version": 1}, 409, "moved on"),
        ({"action": {"type": "pick", "notation": "pick1"}, "version": "new"}, 400, "version"),
    ],
)
def test_illegal_malformed_or_stale_plays_are_refused(
    seated: Any, body: dict[str, Any], status: int, words: str
) -> None:
    before = snapshot(seated)
    resp = seated.client.post(f"/api/tables/{seated.id}/actions", json=body, headers=seated.auth(0))
    refused(resp, status, words)
    assert snapshot(seated) == before


def test_malformed_json_is_a_400_in_plain_words(seated: Any) -> None:
    before = snapshot(seated)
    resp = seated.client.post(
        f"/api/tables/{seated.id}/actions",
        data=b'{"action": {"type": "pi',
        headers={**seated.auth(0), "Content-Type": "application/json"},
    )
    refused(resp, 400, "not valid JSON")
    assert snapshot(seated) == before


def test_the_largest_seed_sqlite_keeps_is_accepted_and_the_same_seed_deals_the_same_game(
    make_table: Any,
) -> None:
    first, second = make_table(seed=2**63 - 1), make_table(seed=2**63 - 1)
    assert first.public()["view"] == second.public()["view"]


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (b"[" * 20_000, "not valid JSON"),  # deeper than Python's stack, well under the size cap
        (b'{"action": ' + b"[" * 5_000 + b"]" * 5_000 + b"}", "not valid JSON"),
        (b"null", "must be a JSON object"),
        (b"[1, 2]", "must be a JSON object"),
        (b'"pick"', "must be a JSON object"),
    ],
)
def test_json_that_is_not_an_object_is_a_400_saying_so(seated: Any, data: bytes, words: str) -> None:
    before = snapshot(seated)
    resp = seated.client.post(
        f"/api/tables/{seated.id}/actions",
        data=data,
        headers={**seated.auth(0), "Content-Type": "application/json"},
    )
    refused(resp, 400, words)
    assert snapshot(seated) == before


@pytest.mark.parametrize(
    "auth",
    [
        {},
        {"Authorization": "Bearer forged-token"},
        {"Authorization": "Basic abc"},
        {"Cookie": "seat_other=abc"},
    ],
)
def test_no_or_forged_token_is_a_401(seated: Any, auth: dict[str, str]) -> None:
    before = snapshot(seated)
    resp = seated.client.post(
        f"/api/tables/{seated.id}/actions", json={"action": {"type": "pick", "number": 1}}, headers=auth
    )
    refused(resp, 401)
    refused(seated.client.get(f"/api/tables/{seated.id}/view", headers=auth), 401)
    assert snapshot(seated) == before


def test_another_tables_token_does_not_open_this_table(seated: Any, make_table: Any) -> None:
    other = make_table()
    other.claim(0, "Eve")
    before = snapshot(seated)
    resp = seated.client.post(
        f"/api/tables/{seated.id}/actions",
        json={"action": {"type": "pick", "number": 1}},
        headers=other.auth(0),
    )
    refused(resp, 401)
    assert snapshot(seated) == before


def test_a_token_only_ever_speaks_for_its_own_seat(seated: Any) -> None:
    """Bo's token shows Bo's view and plays Bo's seat, whatever the body claims."""
    resp = seated.client.post(
        f"/api/tables/{seated.id}/actions",
        json={"action": {"type": "pick", "notation": "pick2"}, "seat": 0},
        headers=seated.auth(1),
    )
    assert resp.status_code == 200 and resp.get_json()["seat"] == 1
    assert seated.public()["view"]["picked"] == [False, True]


def test_unknown_table_is_a_404_everywhere(client: FlaskClient, host: dict[str, str]) -> None:
    for method, path in [
        ("get", "/api/tables/nope"),
        ("get", "/api/tables/nope/view"),
        ("post", "/api/tables/nope/actions"),
        ("get", "/api/tables/nope/stream"),
        ("post", "/api/tables/nope/undo"),
        ("post", "/api/tables/nope/end"),
        ("post", "/api/tables/nope/next"),
        ("post", "/api/tables/nope/next-game"),
        ("delete", "/api/tables/nope/seats/0"),
        ("post", "/api/tables/nope/seats/0/bot"),
    ]:
        for headers in (host, {}):  # with no key or token at all: still "no such table", not 401
            resp = getattr(client, method)(path, json={"action": {"type": "pick"}}, headers=headers)
            refused(resp, 404, "There is no table nope")


# --------------------------------------------------------------------------- host extras


def test_undo_takes_back_the_last_play_and_everyone_is_told(seated: Any, host: dict[str, str]) -> None:
    refused(seated.client.post(f"/api/tables/{seated.id}/undo", headers=seated.auth(0)), 401)
    refused(seated.client.post(f"/api/tables/{seated.id}/undo", headers=host), 409, "nothing to undo")
    assert seated.act(0, {"type": "pick", "notation": "pick4"}).status_code == 200
    resp = seated.client.post(f"/api/tables/{seated.id}/undo", headers=host)
    assert resp.status_code == 200
    assert [e["say"]["text"] for e in resp.get_json()["events"]] == ["The host undid the last move."]
    assert seated.view(0)["view"]["my_pick"] is None and seated.public()["awaiting"] == [0, 1]
    assert "4" not in str([{k: v for k, v in e.items() if k != "id"} for e in resp.get_json()["events"]])


def test_end_table_then_plays_are_refused(seated: Any, host: dict[str, str]) -> None:
    assert seated.public()["awaiting"] == [0, 1]
    resp = seated.client.post(f"/api/tables/{seated.id}/end", headers=host)
    assert resp.status_code == 200 and resp.get_json()["ended"] is True
    # an ended table awaits nobody: not in its payloads, not in the list of tables
    assert resp.get_json()["awaiting"] == [] and seated.view(0)["awaiting"] == []
    assert seated.view(0)["legal_actions"] == []
    listed = seated.client.get("/api/tables").get_json()["tables"]
    assert [t["awaiting"] for t in listed if t["table"] == seated.id] == [[]]
    before = snapshot(seated)
    refused(seated.act(0, {"type": "pick", "notation": "pick1"}), 409, "ended")
    refused(seated.client.post(f"/api/tables/{seated.id}/seats/0", json={"name": "Z"}), 409)
    assert snapshot(seated) == before


def test_next_game_keeps_the_seats_and_tokens(seated: Any, host: dict[str, str]) -> None:
    resp = seated.client.post(f"/api/tables/{seated.id}/next-game", headers=host)
    assert resp.status_code == 201
    new = resp.get_json()
    assert new["table"] != seated.id and new["join_url"].endswith(f"/play/{new['table']}")
    assert [s["name"] for s in new["seats"]] == ["Anna", "Bo"]
    view = seated.client.get(f"/api/tables/{new['table']}/view", headers=seated.auth(1))
    assert view.status_code == 200 and view.get_json()["seat"] == 1
    assert seated.public()["next_table"] == new["table"]


def test_next_steps_the_table_for_a_seat_the_host_or_the_pis_own_screen(
    seated: Any, host: dict[str, str], service: Any
) -> None:
    screen = service.subscribe(seated.id, None, screen=True)   # a table screen tells the story
    for seat, number in ((0, 2), (1, 3), (0, 1)):   # a reveal and the next pick: steps to tell
        assert seated.act(seat, {"type": "pick", "notation": f"pick{number}"}).status_code == 200
    story = seated.public()["story"]
    assert story["waiting"] >= 3
    ahead = [s["id"] for s in story["steps"][story["at"] + 1:]]

    def shown(payload: dict[str, Any]) -> str:
        return str(payload["story"]["steps"][payload["story"]["at"]]["id"])

    refused(
        seated.client.post(f"/api/tables/{seated.id}/next", environ_base={"REMOTE_ADDR": "192.0.2.50"}),
        401,
    )
    url = f"/api/tables/{seated.id}/next"
    assert shown(seated.client.post(url).get_json()) == ahead[0]  # the Pi's screen
    assert shown(seated.client.post(url, headers=host).get_json()) == ahead[1]
    assert shown(seated.client.post(url, headers=seated.auth(0)).get_json()) == ahead[2]
    screen.close()


def test_host_enters_physical_chance_as_the_table(make_table: Any, host: dict[str, str]) -> None:
    t = make_table(options={"chance": "physical"})
    t.claim(0, "Anna")
    assert t.public()["awaiting"] == [TABLE]
    refused(t.act(0, {"type": "roll", "notation": "roll2"}), 409, "host")
    table_view = t.client.get(f"/api/tables/{t.id}/view?as=table", headers=host).get_json()
    assert [a["notation"] for a in table_view["legal_actions"]] == ["roll1", "roll2", "roll3"]
    resp = t.client.post(
        f"/api/tables/{t.id}/actions",
        json={"action": {"type": "roll", "notation": "roll2"}},
        headers=host,
    )
    assert resp.status_code == 200
    assert t.public()["view"]["die"] == 2


# --------------------------------------------------------------------------- hardware


def test_hardware_without_a_rig_says_so(client: FlaskClient, host: dict[str, str]) -> None:
    refused(client.get("/api/hardware"), 401)
    assert client.get("/api/hardware", headers=host).get_json() == {
        "pin_factory": None,
        "mock": False,
        "devices": [],
        "last_beam_check": None,
        "storage_fault": None,
    }
    refused(client.post("/api/hardware/press/seat0", headers=host), 409, "No hardware")
    refused(
        client.post("/api/hardware/faults", json={"device": "sensor0", "fault": "dead"}, headers=host),
        409,
        "No hardware",
    )
    refused(client.post("/api/hardware/faults", json={"fault": "dead"}, headers=host), 400, "device")


def test_host_cookie_from_the_host_page_works_like_the_header(
    client: FlaskClient, host_key: str
) -> None:
    assert client.get(f"/host?key={host_key}").status_code == 303
    assert client.get("/api/hardware").status_code == 200
    assert client.post("/api/tables", json={"game": "fake-guess", "players": 2}).status_code == 201


def test_next_game_carries_the_phones_seat_cookie_to_the_new_table(
    client: FlaskClient, host: dict[str, str], make_table: Any
) -> None:
    """Finish a game, start the next with the same people: the phone follows without claiming again."""
    t = make_table()
    client.post(f"/api/tables/{t.id}/seats/1", json={"name": "Bo"})  # this client is Bo's phone
    new = client.post(f"/api/tables/{t.id}/next-game", headers=host).get_json()["table"]
    follow = client.get(f"/play/{new}?from={t.id}")
    assert follow.status_code == 303 and follow.headers["Location"].endswith(f"/play/{new}")
    assert f"seat_{new}=" in follow.headers["Set-Cookie"] and "HttpOnly" in follow.headers["Set-Cookie"]
    view = client.get(f"/api/tables/{new}/view")
    assert view.status_code == 200 and view.get_json()["name"] == "Bo"


def test_a_stranger_following_the_next_game_gets_no_seat(
    client: FlaskClient, host: dict[str, str], make_table: Any
) -> None:
    t = make_table()
    t.claim(0, "Anna")
    new = client.post(f"/api/tables/{t.id}/next-game", headers=host).get_json()["table"]
    client.set_cookie(f"seat_{t.id}", "forged")
    follow = client.get(f"/play/{new}?from={t.id}")
    assert follow.status_code == 303 and "Set-Cookie" not in follow.headers
    refused(client.get(f"/api/tables/{new}/view"), 401)


def test_join_address_keeps_the_port_and_never_uses_a_loopback_or_name(
    service: Any, host: dict[str, str]
) -> None:
    from web import create_app
    from web.address import lan_ip

    client = create_app(service).test_client()
    for base, expected in [
        ("http://127.0.0.1:8123", f"http://{lan_ip()}:8123/play/"),
        ("http://[::1]:8124", f"http://{lan_ip()}:8124/play/"),
        ("http://192.0.2.7:80", "http://192.0.2.7/play/"),
        ("http://192.0.2.7:8000", "http://192.0.2.7:8000/play/"),
    ]:
        resp = client.post(
            "/api/tables", json={"game": "fake-guess", "players": 2}, headers=host, base_url=base
        )
        assert resp.get_json()["join_url"].startswith(expected), (base, resp.get_json()["join_url"])


def test_flasks_own_errors_are_json_sentences_under_api(
    client: FlaskClient, host: dict[str, str]
) -> None:
    refused(client.get("/api/no-such-thing"), 404, "nothing at this address")
    resp = client.put("/api/tables", json={}, headers=host)
    refused(resp, 405, "does not accept")
    assert "POST" in resp.headers["Allow"]
    big = b'{"game": "' + b"x" * (80 * 1024) + b'"}'
    refused(
        client.post("/api/tables", data=big, headers={**host, "Content-Type": "application/json"}), 413
    )
    assert client.get("/api/tables").get_json()["tables"] == []


def test_an_early_draw_claim_says_once_not_1_times(make_table: Any) -> None:
    """Laser Chess: a draw may be declared when the same position comes up the third time; the
    refusal counts in words a person would use ("once", "2 times"), never "1 time(s)"."""
    t = make_table("laser-chess", 2)
    t.claim(0, "Anna")
    sentence = refused(t.act(0, {"type": "declare_draw"}), 400, "third time")
    assert sentence.endswith("this one has come up once.") and "(s)" not in sentence


def test_the_public_payloads_kept_for_their_json_are_a_few_tables_not_the_evenings(
        client: FlaskClient, host: dict[str, str]) -> None:
    """An evening's memory holds the tables in play (docs/web.md, "How tables are kept and let
    go"): the JSON last answered for a table's public payload is kept for a few tables, not for
    every table asked for in the evening (a finished Fzzzt! table's is ~300 KB)."""
    from web import api

    api._sent.clear()
    for seed in range(20):
        made = client.post("/api/tables", json={"game": "fake-guess", "players": 2, "seed": seed},
                           headers=host).get_json()
        assert client.get(f"/api/tables/{made['table']}").status_code == 200
    assert 0 < len(api._sent) <= 8


def test_a_seats_heartbeat_shows_it_at_the_table_and_needs_its_token(make_table: Any,
                                                                     client: FlaskClient) -> None:
    """POST /here: the seat's phone is there (204, no body); a stranger's beat is refused and
    shows nobody."""
    t = make_table()
    t.claim(0, "Anna")
    assert [s["connected"] for s in t.public()["seats"]] == [False, False]
    stranger = client.post(f"/api/tables/{t.id}/here")
    assert stranger.status_code == 401 and stranger.get_json()["error"]
    assert [s["connected"] for s in t.public()["seats"]] == [False, False]
    beat = client.post(f"/api/tables/{t.id}/here", headers=t.auth(0))
    assert beat.status_code == 204 and beat.data == b""
    assert [s["connected"] for s in t.public()["seats"]] == [True, False]
    wrong = client.post(f"/api/tables/{t.id}/here", json={"leaving": "soon"}, headers=t.auth(0))
    assert wrong.status_code == 400 and wrong.get_json() == {"error": '"leaving" must be true or false.'}
    leaving = client.post(f"/api/tables/{t.id}/here", json={"leaving": True}, headers=t.auth(0))
    assert leaving.status_code == 204


def test_the_list_of_tables_says_in_words_what_sets_each_table_apart(client: FlaskClient,
                                                                    service: Any) -> None:
    """Issue 35, point 6: two "Loch Ness · playing · Anna, Bernd, Daan, Femke" rows, base and
    advanced, looked the same. Each entry says its options that are not the default, in the
    reader's words, never as the value is sent."""
    base = service.create_table("loch-ness", 3, {}, seed=1)["table"]
    advanced = service.create_table("loch-ness", 3, {"advanced": True, "chance": "physical"}, seed=1)["table"]
    orca = service.create_table("jaws", 3, {"acts": "2", "roles": "H/S/BQ"}, seed=1)["table"]
    dealt = service.create_table("sharks-with-lasers", 3, {"chance": "physical", "specials": True},
                                 seed=1)["table"]
    real, echt = "physical (real cards and dice)", "physisch (echte Karten und Würfel)"
    english = {base: [], advanced: ["Advanced version", real], orca: ["Act 2 alone", "Who plays what"],
               dealt: ["Special cards", real]}
    german = {base: [], advanced: ["Version für Fortgeschrittene", echt],
              orca: ["nur der 2. Akt", "Wer spielt was"], dealt: ["Spezialkarten", echt]}
    for lang, words in (("en", english), ("de", german)):
        listed = {t["table"]: t for t in client.get(f"/api/tables?lang={lang}").get_json()["tables"]}
        for table, said in words.items():
            assert [v["text"] for v in listed[table]["variant"]] == said, (lang, table)
            assert isinstance(listed[table]["created"], float)


def test_the_telling_pace_is_the_hosts_and_a_bad_one_is_refused_in_words(
        client: FlaskClient, seated: Any, host: dict[str, str]) -> None:
    """Issue 40: the telling's pace per table. Only the host sets it; a pace the table does not have
    is a 400 in a sentence, and nothing a player could notice changes."""
    pace = f"/api/tables/{seated.id}/pace"
    before = snapshot(seated)
    for body in ({"pace": "fast"}, {"pace": 2}, {}, {"pace": None}):
        refused(client.post(pace, json=body, headers=host), 400, "pace")
    refused(client.post(pace, json={"pace": "slower"}), 401, "host")
    assert snapshot(seated) == before
    assert client.get(pace, headers=host).get_json() == {"pace": "normal",
                                                         "paces": ["normal", "slower", "slowest"]}
    assert client.post(pace, json={"pace": "slower"}, headers=host).get_json()["pace"] == "slower"
    assert seated.public()["story"]["pace"]["pace"] == "slower"
