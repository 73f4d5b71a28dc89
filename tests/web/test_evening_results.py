"""The evening's results (web/evening.py): tonight's games with their players, winners and scores
in the table's language, listed as they stand (finished, ended before the end, being played), with
nothing hidden in them; and the export of each finished game that BG Stats and BoardGameGeek take."""

from __future__ import annotations

import json
import random
import re
import time
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.service import Service
from engines import TABLE
from tests import fakegame
from tests.conftest import HOST_KEY
from tests.web.test_api import refused
from web import create_app
from web.evening import EVENING_GAP, tonight


def pick(number: int) -> dict[str, str]:
    return {"type": "pick", "notation": f"pick{number}"}


def guess(service: Service, names: tuple[str, str], lang: str = "en") -> str:
    """A one-round game of Closest Guess, played to its end: the second seat wins."""
    table = str(service.create_table("fake-guess", 2, {"rounds": 1}, seed=7, lang=lang)["table"])
    for seat, name in enumerate(names):
        service.claim_seat(table, seat, name)
    service.act(table, 0, pick(2))
    service.act(table, 1, pick(3))
    return table


def fzzzt(service: Service, names: tuple[str, str]) -> str:
    """A game of Fzzzt! played to its end by seeded random plays through the service."""
    table = str(service.create_table("fzzzt", 2, {}, seed=5)["table"])
    for seat, name in enumerate(names):
        service.claim_seat(table, seat, name)
    rng = random.Random(1)
    for _ in range(2000):
        public = service.public(table)
        if public["outcome"] is not None:
            break
        seat = public["awaiting"][0]
        service.act(table, seat, rng.choice(service.seat_view(table, seat)["legal_actions"]))
    assert service.public(table)["outcome"] is not None
    return table


def seat_score(outcome: dict[str, Any], seat: int) -> float:
    """The seat's final score as its game's outcome says it (a number, or a score sheet's total)."""
    found = outcome["scores"][str(seat)]
    return float(found["total"] if isinstance(found, dict) else found)


def test_the_export_of_two_different_finished_games_parses_for_bg_stats_and_boardgamegeek(
        client: FlaskClient, service: Service) -> None:
    first, second = guess(service, ("Anna", "Bo")), fzzzt(service, ("Anna", "Cas"))
    outcomes = {t: service.public(t)["outcome"] for t in (first, second)}
    names = {first: ["Anna", "Bo"], second: ["Anna", "Cas"]}
    played = {first: "Closest Guess", second: "Fzzzt!"}

    data = client.get("/api/evening/export?format=bgstats").get_json()
    assert set(data) >= {"players", "locations", "games", "plays"}
    players = {p["id"]: p["name"] for p in data["players"]}
    assert sorted(players.values()) == ["Anna", "Bo", "Cas"]            # Anna played both: one player
    games = {g["id"]: g for g in data["games"]}
    assert sorted(g["name"] for g in games.values()) == ["Closest Guess", "Fzzzt!"]
    location = {loc["id"] for loc in data["locations"]}
    assert len(data["plays"]) == 2 and len({p["uuid"] for p in data["plays"]}) == 2
    for table, play in zip((first, second), data["plays"], strict=True):
        assert games[play["gameRefId"]]["name"] == played[table] and play["locationRefId"] in location
        assert time.strptime(play["playDate"], "%Y-%m-%d %H:%M:%S") and play["durationMin"] >= 1
        scores = sorted(play["playerScores"], key=lambda s: s["seatOrder"])
        assert [players[s["playerRefId"]] for s in scores] == names[table]
        assert [seat for seat, s in enumerate(scores) if s["winner"]] == outcomes[table]["winners"]
        assert [float(s["score"]) for s in scores] == [seat_score(outcomes[table], seat) for seat in (0, 1)]

    again = client.get("/api/evening/export?format=bgstats").get_json()
    assert [p["uuid"] for p in again["plays"]] == [p["uuid"] for p in data["plays"]]   # imported twice: once

    bgg = client.get("/api/evening/export?format=bgg").get_json()["plays"]
    assert [p["name"] for p in bgg] == ["Closest Guess", "Fzzzt!"]
    for table, play in zip((first, second), bgg, strict=True):
        assert time.strptime(play["playdate"], "%Y-%m-%d") and isinstance(play["length"], int)
        assert play["objecttype"] == "thing" and play["quantity"] == 1 and play["incomplete"] is False
        assert [p["name"] for p in play["players"]] == names[table]
        assert [p["startposition"] for p in play["players"]] == ["1", "2"]
        assert [n for n, p in enumerate(play["players"]) if p["win"]] == outcomes[table]["winners"]
        expected = [seat_score(outcomes[table], seat) for seat in (0, 1)]
        assert [float(p["score"]) for p in play["players"]] == expected
    one = client.get(f"/api/evening/export?format=bgg&table={second}").get_json()["plays"]
    assert [p["name"] for p in one] == ["Fzzzt!"]


def test_the_export_says_in_words_what_it_cannot_give(client: FlaskClient, service: Service) -> None:
    running = str(service.create_table("fake-guess", 2, {"rounds": 1}, seed=7)["table"])
    assert "bgstats or format=bgg" in refused(client.get("/api/evening/export?format=csv"), 400)
    assert "no table" in refused(client.get("/api/evening/export?table=nosuch"), 404)
    assert "has not finished" in refused(client.get(f"/api/evening/export?table={running}"), 409)
    german = client.get("/api/evening/export?format=csv&lang=de").get_json()["error"]
    assert german.startswith("Es gibt keinen Export")


def test_each_game_tonight_is_listed_as_it_stands_in_the_tables_language(
        client: FlaskClient, service: Service) -> None:
    done = guess(service, ("Anna", "Bo"), lang="de")
    cut = str(service.create_table("fake-guess", 2, {"rounds": 2}, seed=3, lang="de")["table"])
    service.claim_seat(cut, 0, "Cas")
    service.act(cut, 0, pick(1))
    service.end_table(cut)
    running = str(service.create_table("fake-guess", 3, {}, seed=4, lang="de")["table"])

    games = client.get("/api/evening?lang=de").get_json()["games"]
    assert [g["table"] for g in games] == [done, cut, running]
    assert [g["state"] for g in games] == ["finished", "unfinished", "playing"]
    assert [g["status"]["text"] for g in games] == ["Vorbei: Bo hat gewonnen.",
                                                    "Nicht zu Ende gespielt: der Spielleiter hat es beendet.",
                                                    "Läuft."]
    assert [s["name"] for s in games[1]["seats"]] == ["Cas", "Spieler 2"]
    assert games[0]["winners"] == [1] and games[1]["winners"] == [] and games[2]["scores"] == [None] * 3

    page = client.get("/evening")   # the page speaks the evening's (newest table's) language
    html = page.get_data(as_text=True)
    assert page.status_code == 200 and 'lang="de"' in html and "Die Ergebnisse des Abends" in html
    assert "Vorbei: Bo hat gewonnen." in html and "Nicht zu Ende gespielt" in html
    assert 'href="/api/evening/export?format=bgstats"' in html


def test_an_evening_without_games_says_so(client: FlaskClient) -> None:
    assert client.get("/api/evening").get_json() == {"since": None, "games": []}
    page = client.get("/evening?lang=nl").get_data(as_text=True)
    assert "Vanavond is er nog geen spel gespeeld." in page and "export" not in page.lower()
    assert 'href="/evening"' in client.get("/table/current").get_data(as_text=True)


def test_an_undo_of_the_end_takes_the_game_back_to_being_played(client: FlaskClient, service: Service,
                                                                 host_key: str) -> None:
    table = guess(service, ("Anna", "Bo"))
    assert client.get("/api/evening").get_json()["games"][0]["state"] == "finished"
    assert client.post(f"/api/tables/{table}/undo", headers={"X-Host-Key": host_key}).status_code == 200
    game = client.get("/api/evening").get_json()["games"][0]
    assert game["state"] == "playing" and game["winners"] == [] and game["minutes"] is None
    assert client.get("/api/evening/export").get_json()["plays"] == []


def test_tonight_begins_after_six_quiet_hours_and_is_over_six_hours_after_its_last_game() -> None:
    day = 86_400.0
    tables = [{"table": "yesterday", "created": 0.0, "finished_at": 3_600.0},
              {"table": "first", "created": day}, {"table": "second", "created": day + 2 * 3_600.0,
                                                    "finished_at": day + 9 * 3_600.0},
              {"table": "late", "created": day + 14 * 3_600.0}]
    assert [t["table"] for t in tonight(tables, now=day + 15 * 3_600.0)] == ["first", "second", "late"]
    assert [t["table"] for t in tonight(tables[:3], now=day + 10 * 3_600.0)] == ["first", "second"]
    assert tonight(tables[:3], now=day + 9 * 3_600.0 + EVENING_GAP) == []
    assert tonight([], now=day) == []


def test_the_table_corrects_a_games_boardgamegeek_id_in_its_own_file(
        service: Service, tmp_path: Path) -> None:
    own = tmp_path / "play-logging.json"
    own.write_text(json.dumps({"games": {"fake-guess": {"bgg_id": 1234, "bgg_name": "Guess"}}}))
    app = create_app(service, config={"PLAY_LOGGING": own})
    guess(service, ("Anna", "Bo"))
    data = app.test_client().get("/api/evening/export").get_json()
    assert [(g["bggId"], g["bggName"]) for g in data["games"]] == [(1234, "Guess")]
    assert app.test_client().get("/api/evening/export?format=bgg").get_json()["plays"][0]["objectid"] == 1234


# -- nothing hidden ---------------------------------------------------------------------------------


def everything(client: FlaskClient) -> str:
    """All the evening says, in every form: its JSON, its page, both exports."""
    return "\n".join(client.get(url).get_data(as_text=True) for url in (
        "/api/evening", "/evening", "/api/evening/export?format=bgstats", "/api/evening/export?format=bgg"))


def test_no_secret_word_of_a_game_reaches_the_evening(client: FlaskClient, service: Service) -> None:
    """Closest Guess deals each seat a secret word (the canary): finished, ended before the end or
    still being played, no game's words appear on the page, in its JSON or in an export."""
    tables = [guess(service, ("Anna", "Bo"))]
    cut = str(service.create_table("fake-guess", 3, {"rounds": 2}, seed=2)["table"])
    service.act(cut, 0, pick(1))
    service.end_table(cut)
    tables += [cut, str(service.create_table("fake-guess", 2, {}, seed=9)["table"])]
    said = everything(client)
    assert "Closest Guess" in said
    words = {w for t in tables for w in service.state_of(t).words}   # type: ignore[attr-defined]
    assert words and all(w in fakegame.WORDS for w in words)
    assert not [w for w in words if w in said]


def jaws_evening(data_dir: Path, start: str) -> dict[str, Any]:
    """One Jaws table whose shark starts at ``start`` and moves in secret, then ended by the host:
    the evening as anyone sees it, the table's id and times left out."""
    service = Service(data_dir, HOST_KEY, think_seconds=0.05)
    try:
        table = str(service.create_table("jaws", 2, {"chance": "physical"}, seed=1)["table"])
        service.claim_seat(table, 0, "Shark")
        service.claim_seat(table, 1, "Crew")
        service.act(table, 0, {"type": "start", "space": start})
        service.act(table, TABLE, {"type": "card", "card": 9})
        service.end_table(table)
        client = create_app(service).test_client()
        said = everything(client).replace(table, "TABLE")
        data = client.get("/api/evening").get_json()
    finally:
        service.close()
    for game in data["games"]:
        for key in ("table", "created", "clock"):
            game.pop(key)
    data.pop("since")
    when = re.sub(r"\b\d{2}:\d{2}(:\d{2})?\b", "HH:MM", re.sub(r"\d{9,}\.\d+", "SECONDS", said))
    return {"json": data, "said": when}


def test_the_sharks_secret_start_leaves_the_evening_as_it_was(tmp_path: Path) -> None:
    """Jaws: the shark's start and moves are its own (a hidden space). Two evenings that differ only
    in where the shark started say the same thing, word for word."""
    north, south = jaws_evening(tmp_path / "n", "N"), jaws_evening(tmp_path / "s", "S")
    assert north["json"]["games"][0]["state"] == "unfinished"
    assert north == south


@pytest.mark.parametrize(("lang", "one", "two"), [
    ("en", "Finished: Bernd won.", "Finished: Bernd, Daan won."),
    ("nl", "Afgelopen: Bernd heeft gewonnen.", "Afgelopen: Bernd, Daan hebben gewonnen."),
    ("de", "Vorbei: Bernd hat gewonnen.", "Vorbei: Bernd, Daan haben gewonnen.")])
def test_the_verb_agrees_with_the_winners_named(lang: str, one: str, two: str) -> None:
    """Review 2026-11-28, B-3: "Vorbei: Anna, Bas, Carl hat gewonnen." A sentence that names a list of
    players takes the verb of their number, through the plural machinery (a Jaws crew wins as three)."""
    from web.evening import _status
    from web.i18n import load_catalogues
    load_catalogues()
    seats = [{"seat": 0, "name": "Bernd"}, {"seat": 1, "name": "Daan"}]
    for winners, said in (([0], one), ([0, 1], two)):
        assert _status({"state": "finished", "seats": seats, "winners": winners}, lang)["text"] == said
