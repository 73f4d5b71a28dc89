"""Box profiles (Jaws): the printed numbers of a group's own box, entered once and kept by the
companion. The host names, views, corrects, exports and imports one; bad input is one sentence naming
the field, nothing stored, the game unchanged; a table started on a profile learns what its players
enter; every payload fits the API description."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

from flask import Flask
from flask.testing import FlaskClient

from engines import TABLE
from tests.engines.jaws.orca_helpers import FIXTURE
from tests.web.test_api_payloads import Record, mismatches
from tests.web.test_real_languages import texts

GAME = "jaws"
URL = f"/api/games/{GAME}/profiles"


def put(client: FlaskClient, host: dict[str, str], name: str, profile: Any) -> Any:
    return client.put(f"{URL}/{quote(name)}", json={"profile": profile}, headers=host)


def recorded(app: Flask) -> list[Record]:
    records: list[Record] = []

    @app.after_request
    def record(resp: Any) -> Any:
        from flask import request

        rule = request.url_rule.rule if request.url_rule else "(no route)"
        body = resp.get_json(silent=True) if resp.mimetype == "application/json" else None
        records.append((rule, request.method, resp.status_code, resp.mimetype, body))
        return resp
    return records


def test_the_host_keeps_views_renames_exports_imports_and_deletes_a_box_profile(
        app: Flask, host: dict[str, str]) -> None:
    records = recorded(app)
    client = app.test_client()
    assert client.get(URL, headers=host).get_json() == {"profiles": []}
    made = put(client, host, "  Our   box ", {"wounds": {"shark": 12}})
    assert made.status_code == 200, made.get_json()
    assert made.get_json()["name"] == "Our box" and made.get_json()["profile"]["wounds"] == {"shark": 12}
    assert made.get_json()["status"]["wounds"] == 1 and not made.get_json()["status"]["digital_deck"]
    exported = client.get(f"{URL}/{quote('Our box')}", headers=host).get_json()
    assert exported["profile"]["name"] == "Our box" and exported["profile"]["format"] == "jaws-box/1"
    text = json.dumps({**FIXTURE, "name": "whatever"})     # an exported file's text
    imported = put(client, host, "Borrowed", text)
    assert imported.status_code == 200 and imported.get_json()["profile"]["name"] == "Borrowed"
    assert imported.get_json()["status"]["digital_deck"] and imported.get_json()["status"]["digital_dice"]
    renamed = client.post(f"{URL}/Borrowed/rename", json={"to": "Ours too"}, headers=host)
    assert renamed.status_code == 200 and renamed.get_json()["name"] == "Ours too"
    taken = client.post(f"{URL}/{quote('Ours too')}/rename", json={"to": "Our box"}, headers=host)
    assert taken.status_code == 409
    listed = client.get(URL, headers=host).get_json()["profiles"]
    assert [p["name"] for p in listed] == ["Our box", "Ours too"]
    gone = client.delete(f"{URL}/{quote('Our box')}", headers=host)
    assert [p["name"] for p in gone.get_json()["profiles"]] == ["Ours too"]
    assert client.get(f"{URL}/{quote('Our box')}", headers=host).status_code == 404
    checked = client.post(f"/api/games/{GAME}/profile-check", json={"profile": FIXTURE}, headers=host)
    assert checked.get_json()["ok"] and checked.get_json()["problems"] == []
    assert client.get(URL).status_code == 401
    assert client.get("/api/games/fzzzt/profiles", headers=host).status_code == 404
    assert mismatches(app, records) == []


def test_bad_profiles_are_refused_in_one_sentence_naming_the_field_and_nothing_is_stored(
        client: FlaskClient, host: dict[str, str]) -> None:
    cases = [
        ({"tiles": {"3": {"damage": 2, "destroy": 4}}}, "Boat tile 3: damaged is missing."),
        ({"tiles": {"3": {"damage": 4, "destroy": 4, "damaged": 2}}},
         "Boat tile 3: the hits to destroy it (4) must be more than the hits to damage it (4)."),
        ({"resurface": [{"zone": "9", "evade": 1, "dice": 2, "shake_off": False}]},
         "Resurface card 1: zone must be one of the Orca's zones, 1 to 8."),
        ({"gear": [{"owner": "hooper", "kind": "ranged", "dice": 0}]},
         "Gear card 1: a melee or ranged weapon rolls at least 1 die; dice is missing or 0."),
        ('{"name": "x", "dice": [0, 1, 2,]}', "The box profile is not JSON (line 1, column 32)."),
    ]
    for profile, sentence in cases:
        resp = put(client, host, "Broken", profile)
        assert resp.status_code == 400 and resp.get_json() == {"error": sentence}, resp.get_json()
        check = client.post(f"/api/games/{GAME}/profile-check", json={"profile": profile}, headers=host)
        assert check.get_json()["ok"] is False and len(check.get_json()["problems"]) == 1
    assert client.get(URL, headers=host).get_json() == {"profiles": []}
    assert client.put(f"{URL}/x", data="{not json", headers={**host, "Content-Type": "application/json"}
                      ).status_code == 400


def test_a_table_on_a_named_profile_learns_what_its_players_enter(app: Flask, host: dict[str, str]) -> None:
    """"Everything entered is kept per box in the store ... so a group enters its box once in its
    life" (issue 12). A table starts on a profile that knows nothing but its name; the crew's phone
    enters the boat tiles; the profile has them at once, and the next game starts with them."""
    records = recorded(app)
    client = app.test_client()
    put(client, host, "Kitchen box", {})
    box = client.get(f"{URL}/{quote('Kitchen box')}", headers=host).get_json()["profile"]
    made = client.post("/api/tables", json={"game": GAME, "players": 2, "seed": 4,
                                            "options": {"acts": "2", "box": json.dumps(box)}}, headers=host)
    table = made.get_json()["table"]
    crew = client.post(f"/api/tables/{table}/seats/1", json={"name": "Crew"}).get_json()["token"]
    client.delete_cookie(f"seat_{table}")
    auth = {"Authorization": f"Bearer {crew}"}
    public = client.get(f"/api/tables/{table}").get_json()
    assert public["awaiting"] == [TABLE] and public["reading"] == [1]
    bad = client.post(f"/api/tables/{table}/actions", headers=auth, json={"action": {
        "type": "tile", "zone": "2", "damage": 3, "destroy": 2, "damaged": 2}})
    assert bad.status_code == 400 and "Boat tile 2" in bad.get_json()["error"]
    assert client.get(f"/api/tables/{table}").get_json()["version"] == public["version"]
    for zone in "12345678":
        resp = client.post(f"/api/tables/{table}/actions", headers=auth, json={"action": {
            "type": "tile", "zone": zone, "damage": 2, "destroy": 4, "damaged": 3}})
        assert resp.status_code == 200, resp.get_json()
    learned = client.get(f"{URL}/{quote('Kitchen box')}", headers=host).get_json()
    assert learned["status"]["tiles"] == 8 and learned["profile"]["tiles"]["5"] == {"damage": 2, "destroy": 4,
                                                                                   "damaged": 3}
    nxt = client.post(f"/api/tables/{table}/next-game", headers=host).get_json()
    again = client.get(f"/api/tables/{nxt['table']}").get_json()
    assert again["view"]["orca"]["phase"] == "tracks"           # the tiles are known now: not asked again
    assert mismatches(app, records) == []


def test_digital_dice_and_deck_are_refused_without_a_profile_that_holds_them_and_no_table_is_made(
        app: Flask, host: dict[str, str]) -> None:
    """Issue 12 (the rulebook is silent; the issue rules): "Dice: the real red dice are rolled and the
    roller enters the hits on their phone (`physical`, the default); `digital` dice are offered only
    once the box profile holds the dice faces." and "A profile whose data are complete lets the
    companion also shuffle and turn the resurface deck itself (`digital`)." Asked for without them,
    the API answers 400 with one sentence in the reader's language, and no table is made; with the
    complete profile the same request starts a table that rolls and turns by itself."""
    records = recorded(app)
    client = app.test_client()
    no_faces = json.dumps({k: v for k, v in FIXTURE.items() if k != "dice"})
    before = client.get("/api/tables", headers=host).get_json()
    refused = client.post("/api/tables", json={"game": GAME, "players": 2, "seed": 4, "options": {
        "acts": "2", "box": no_faces, "dice": "digital"}}, headers=host)
    assert refused.status_code == 400
    assert refused.get_json()["error"] == (
        "Digital dice need your box's dice faces in its box profile: enter them in the host page's box "
        "profile, or play with the real dice (physical).")
    german = client.post("/api/tables", json={"game": GAME, "players": 2, "seed": 4, "options": {
        "acts": "2", "resurface": "digital"}}, headers={**host, "Accept-Language": "de"})
    assert german.status_code == 400
    assert "alle 16 Auftauch-Karten" in german.get_json()["error"] and "0 davon" in german.get_json()["error"]
    assert client.get("/api/tables", headers=host).get_json() == before
    made = client.post("/api/tables", json={"game": GAME, "players": 2, "seed": 4, "options": {
        "acts": "2", "box": json.dumps(FIXTURE), "dice": "digital", "resurface": "digital"}}, headers=host)
    assert made.status_code == 201, made.get_json()
    orca = client.get(f"/api/tables/{made.get_json()['table']}").get_json()["view"]["orca"]
    assert orca["dice"] == {"mode": "digital", "faces": FIXTURE["dice"]} and orca["deck"]["mode"] == "digital"
    assert mismatches(app, records) == []


TYPED = {"titles": {"de": {"10": "Die USS Indianapolis (Schachtel)", "big_mouth": "Großes Maul (Schachtel)"}},
         "east": {"de": "O"}}


def test_the_printed_card_titles_the_table_typed_are_kept_checked_and_shown_instead_of_ours(
        app: Flask, host: dict[str, str], service: Any) -> None:
    """Issue 24, item 4: "let the box profile hold the printed titles once the table has typed them, so
    from then on the phones show the box's own words." A German box's titles typed into the profile
    (plain text, at most 60 characters, per language) reach every German reader as typed, with
    ``printed`` beside them (the pages then show no "?"); a Dutch reader at the same table still reads
    our wording (its box's titles are not typed); the east beach's letter is the table's choice, E
    (the default, said so) until it chooses."""
    records = recorded(app)
    client = app.test_client()
    saved = put(client, host, "Kiste", {**FIXTURE, **TYPED}).get_json()
    assert saved["profile"]["titles"] == TYPED["titles"] and saved["profile"]["east"] == {"de": "O"}
    status = saved["status"]
    assert status["titles"] == {"nl": 0, "de": 2} and status["titles_of"] == 24
    assert status["east"] == {"nl": {"letter": "E", "default": True}, "de": {"letter": "O", "default": False}}
    assert [c["card"] for c in status["cards"]][:3] == ["1", "2", "3"] and len(status["cards"]) == 24
    indianapolis = next(c for c in status["cards"] if c["card"] == "10")
    assert indianapolis["ours"] == {"nl": "De USS Indianapolis", "de": "Die USS Indianapolis"}
    too_long = "The box profile: titles.de.1 must be text of at most 60 characters."
    for bad, sentence in [
        ({"titles": {"fr": {"1": "x"}}}, "The box profile: titles must be one of nl, de."),
        ({"titles": {"de": {"17": "x"}}},
         "The box profile: titles.de names 17, which is neither an event card (1 to 16) nor an ability "
         "card."),
        ({"titles": {"de": {"1": "x" * 61}}}, too_long),
        ({"titles": {"de": {"1": "a\nb"}}}, too_long),
        ({"east": {"de": "X"}}, "The box profile: east.de must be one of E, O."),
    ]:
        resp = put(client, host, "Kiste", {**FIXTURE, **bad})
        assert resp.status_code == 400 and resp.get_json() == {"error": sentence}, resp.get_json()
    box = client.get(f"{URL}/Kiste", headers=host).get_json()["profile"]
    assert box["titles"] == TYPED["titles"]                      # nothing of the refused ones kept

    act1 = service.create_table(GAME, 2, {"box": json.dumps(box), "chance": "physical"}, seed=7)["table"]
    service.set_auto(act1, False)
    service.act(act1, 0, {"type": "start", "space": "N"})
    service.act(act1, TABLE, {"type": "card", "card": 10})
    german = client.get(f"/api/tables/{act1}", headers={"Accept-Language": "de"}).get_json()
    title = german["view"]["card"]["title"]
    assert title["text"] == "Die USS Indianapolis (Schachtel)" and title["printed"] == {"de": title["text"]}
    dutch = client.get(f"/api/tables/{act1}", headers={"Accept-Language": "nl"}).get_json()
    assert dutch["view"]["card"]["title"]["text"] == "De USS Indianapolis"
    assert "Ereigniskarte: Die USS Indianapolis (Schachtel)" in texts(german)     # the story's step

    act2 = service.create_table(GAME, 2, {"acts": "2", "box": json.dumps(box)}, seed=8)["table"]
    orca = client.get(f"/api/tables/{act2}", headers={"Accept-Language": "de"}).get_json()["view"]["orca"]
    kinds = {k["code"]: k["title"] for k in orca["abilities"]}
    assert kinds["big_mouth"]["text"] == "Großes Maul (Schachtel)" and "printed" in kinds["big_mouth"]
    assert "printed" not in kinds["hard_target"] and kinds["hard_target"]["text"] != "Hard Target"
    assert mismatches(app, records) == []
