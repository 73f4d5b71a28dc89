"""The evening's results: every game played tonight, its players, winners and scores, and an export
of each finished game for play-logging apps (BG Stats' import file, BoardGameGeek's play fields).

Tonight is the run of tables started since the last quiet spell of :data:`EVENING_GAP` (no table
started or finished for six hours); once the newest of them was started or finished that long ago,
the evening is over and nothing was played tonight. Everything here comes from the list of tables
(``service.list_tables()``), which is public: the names on the seats, and a game's outcome only once
the table screen has told the end (``winners`` not None). Nothing of a game's hidden state is read.

``GET /evening`` is the page (the table's language, as the TV speaks it), ``GET /api/evening`` its
JSON (the reader's language) and ``GET /api/evening/export?format=bgstats|bgg[&table=ID]`` the
export. None asks for the host: the TV shows the same names and results to anyone at the table.
"""

from __future__ import annotations

import contextlib
import json
import time
import uuid
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from flask import Blueprint, Response, current_app, jsonify, request

import engines
from engines.text import N_, Text, plural, translate
from web.apidoc import Query, declare
from web.auth import service
from web.i18n import lang, localize_payload, use_language
from web.pages import page
from web.service import BadRequest, Conflict, NotFound

bp = Blueprint("evening", __name__)

EVENING_GAP = 6 * 60 * 60.0
"""Seconds with no table started or finished that end an evening (the next table begins another)."""
PLAY_LOGGING = Path(__file__).parent / "data" / "play-logging.json"
"""Each game's BoardGameGeek id, a default: ``app.config["PLAY_LOGGING"]`` (the companion's
``<data>/play-logging.json``) corrects it game by game."""
FORMATS = ("bgstats", "bgg")
NAMESPACE = uuid.UUID("6f1c2f4e-3a5b-5d0e-9c1a-7b2e4d6a8c10")
"""The plays' and games' uuids are made from this and the table's or game's id: the same game
exported twice is one play in the app, never two."""

PLAYING, NOT_FINISHED = N_("Playing."), N_("Not finished: the host ended it.")
DRAW = N_("Finished: a draw.")


def _moment(table: Mapping[str, Any]) -> float:
    """When the table last began or ended something: its start, or its game's end."""
    return max(float(table.get("created") or 0.0), float(table.get("finished_at") or 0.0))


def tonight(tables: Sequence[Mapping[str, Any]], now: float,
            gap: float = EVENING_GAP) -> list[Mapping[str, Any]]:
    """The tables of tonight's evening, in the order they were started (see the module's docstring).

    >>> t = lambda name, at: {"table": name, "created": at}
    >>> [x["table"] for x in tonight([t("a", 0), t("b", 30_000), t("c", 31_000)], now=32_000)]
    ['b', 'c']
    >>> tonight([t("a", 0)], now=EVENING_GAP)
    []
    """
    ordered = sorted(tables, key=lambda t: (float(t.get("created") or 0.0), str(t.get("table"))))
    if not ordered or now - _moment(ordered[-1]) >= gap:
        return []
    start = len(ordered) - 1
    while start > 0 and float(ordered[start].get("created") or 0.0) - _moment(ordered[start - 1]) < gap:
        start -= 1
    return ordered[start:]


def _state(table: Mapping[str, Any]) -> str:
    """finished (its end told), unfinished (ended before its end) or playing (the table screen may
    still be telling the end: nothing of it shows before the screen has said it)."""
    if table.get("winners") is not None:
        return "finished"
    return "unfinished" if table.get("ended") and not table.get("finished") else "playing"


def _status(game: Mapping[str, Any], language: str) -> dict[str, Any]:
    """The game's state in one sentence, its winners named as the (localized) seats name them."""
    if game["state"] == "finished":
        won = [str(s["name"]) for s in game["seats"] if s["seat"] in game["winners"]]
        # the verb agrees with the names (nl "hebben gewonnen", de "haben gewonnen")
        said = (plural(len(won), "Finished: {names} won.", "Finished: {names} won.", names=", ".join(won))
                if won else Text(DRAW))
    else:
        said = Text(PLAYING if game["state"] == "playing" else NOT_FINISHED)
    return {**said.to_json(), "text": translate(said, language)}


def game_entry(table: Mapping[str, Any]) -> dict[str, Any]:
    """One game of the evening (public only): who sat where, its state in words, and once its end
    was told its winners, each seat's score (None where the game gives none) and its reason."""
    state = _state(table)
    outcome = table.get("outcome") if state == "finished" else None
    winners = [w for w in table.get("winners") or [] if isinstance(w, int)] if state == "finished" else []
    seats = [{k: s.get(k) for k in ("seat", "name", "named", "bot")} for s in table.get("seats") or []]
    scores: list[int | float | None] = [None] * len(seats)
    if isinstance(outcome, Mapping):
        with contextlib.suppress(engines.UnknownGame):   # a game this companion no longer has
            scores = engines.get(str(table.get("game"))).seat_scores(outcome, len(seats))
    started, ended = float(table.get("created") or 0.0), table.get("finished_at")
    minutes = max(1, round((float(ended) - started) / 60)) if state == "finished" and ended else None
    return {"table": table.get("table"), "game": table.get("game"), "title": table.get("title"),
            "state": state, "created": started,
            "finished_at": ended if state == "finished" else None, "minutes": minutes, "seats": seats,
            "winners": winners, "scores": scores,
            "reason": outcome.get("say") if isinstance(outcome, Mapping) else None}


def evening(language: str, now: float | None = None) -> dict[str, Any]:
    """Tonight's games, each in ``language`` (names and sentences)."""
    games = [localize_payload(game_entry(t), language)
             for t in tonight(service().list_tables(), time.time() if now is None else now)]
    for game in games:
        game["title_text"] = translate(str(game["title"]), language)   # Der weiße Hai, not Jaws
        game["status"] = _status(game, language)
        game["clock"] = _when(float(game["created"]), "%H:%M")
        for seat, score in zip(game["seats"], game["scores"], strict=False):
            seat["score"] = _score(score)
    return {"since": games[0]["created"] if games else None, "games": games}


# -- the export ---------------------------------------------------------------------------------


def bgg_ids() -> dict[str, dict[str, Any]]:
    """Each game's BoardGameGeek id and name: the shipped defaults, corrected by the table's file."""
    games: dict[str, dict[str, Any]] = {k: dict(v) for k, v in _read(PLAY_LOGGING).items()}
    corrected = current_app.config.get("PLAY_LOGGING")
    if corrected:
        for game, fields in _read(Path(corrected)).items():
            games[game] = {**games.get(game, {}), **fields}
    return games


def _read(path: Path) -> dict[str, dict[str, Any]]:
    try:
        games = json.loads(path.read_text(encoding="utf-8")).get("games", {})
    except (OSError, ValueError, AttributeError):
        return {}
    if not isinstance(games, dict):
        return {}
    return {str(k): dict(v) for k, v in games.items() if isinstance(v, dict)}


def _when(seconds: float, fmt: str) -> str:
    return time.strftime(fmt, time.localtime(seconds))


def _score(value: int | float | None) -> str:
    """A score as the apps keep it (text): 7.5 stays 7.5, 12.0 is 12; none is empty."""
    if value is None:
        return ""
    return str(int(value)) if float(value).is_integer() else str(value)


def _players(game: Mapping[str, Any]) -> list[tuple[int, str, str, bool]]:
    """(seat, name as shown, score, won) for each seat of a finished game."""
    return [(int(s["seat"]), str(s["name"]), _score(game["scores"][i]), int(s["seat"]) in game["winners"])
            for i, s in enumerate(game["seats"])]


def _uuid(kind: str, name: str) -> str:
    return str(uuid.uuid5(NAMESPACE, f"{kind}:{name}")).upper()


def _bgstats_game(n: int, game: Mapping[str, Any], known: Mapping[str, Any], now: str) -> dict[str, Any]:
    return {"id": n, "uuid": _uuid("game", str(game["game"])), "name": game["title"], "modificationDate": now,
            "bggId": known.get("bgg_id") or 0, "bggName": known.get("bgg_name") or game["title"],
            "cooperative": False, "highestWins": True, "noPoints": all(v is None for v in game["scores"]),
            "usesTeams": False}


def _bgstats_play(game: Mapping[str, Any], game_ref: int, names: list[str], now: str) -> dict[str, Any]:
    return {"uuid": _uuid("play", str(game["table"])), "modificationDate": now,
            "playDate": _when(float(game["created"]), "%Y-%m-%d %H:%M:%S"),
            "durationMin": game["minutes"] or 0, "gameRefId": game_ref, "locationRefId": 1,
            "ignored": False, "manualWinner": False, "rounds": 0, "usesTeams": False, "scoringSetting": 0,
            "playerScores": [{"playerRefId": names.index(name) + 1, "score": score, "winner": won,
                              "newPlayer": False, "startPlayer": seat == 0, "rank": 0, "seatOrder": seat + 1}
                             for seat, name, score, won in _players(game)]}


def bgstats(games: Sequence[Mapping[str, Any]], ids: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    """BG Stats' import file (a ``.bgsplay``): players, one location, games and plays, each play's
    ``playerScores`` pointing at them by ``playerRefId`` (docs/web.md says the source and the
    guesses). A player is one name: the same name in two games is one player."""
    names = list(dict.fromkeys(name for g in games for _, name, _, _ in _players(g)))
    kinds = list(dict.fromkeys(str(g["game"]) for g in games))
    now = _when(time.time(), "%Y-%m-%d %H:%M:%S")
    firsts = [next(g for g in games if g["game"] == kind) for kind in kinds]
    return {"about": "A play file for Board Game Stats, written by the Table Companion: open it with "
                     "Board Game Stats to import these plays.",
            "players": [{"id": n + 1, "uuid": _uuid("player", name), "name": name, "isAnonymous": False,
                         "modificationDate": now, "bggUsername": ""} for n, name in enumerate(names)],
            "locations": [{"id": 1, "uuid": _uuid("location", "table"), "name": "Table Companion",
                           "modificationDate": now}],
            "games": [_bgstats_game(n + 1, g, ids.get(str(g["game"]), {}), now)
                      for n, g in enumerate(firsts)],
            "plays": [_bgstats_play(g, kinds.index(str(g["game"])) + 1, names, now) for g in games]}


def bgg(games: Sequence[Mapping[str, Any]], ids: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    """BoardGameGeek's play fields, one play each, as its play logger takes them: the game
    (``objectid``, null where no id is known), the date, the length in minutes, and each player's
    name, start position, score and win."""
    return {"plays": [{
        "objecttype": "thing", "objectid": ids.get(str(g["game"]), {}).get("bgg_id"), "name": g["title"],
        "playdate": _when(float(g["created"]), "%Y-%m-%d"), "length": g["minutes"] or 0, "quantity": 1,
        "incomplete": False, "nowinstats": False, "location": "", "comments": "",
        "players": [{"name": name, "username": "", "startposition": str(seat + 1), "color": "",
                     "score": score, "new": False, "rating": 0, "win": won}
                    for seat, name, score, won in _players(g)]} for g in games]}


EXPORTS = {"bgstats": bgstats, "bgg": bgg}


def _finished_games(table: str | None, language: str) -> list[dict[str, Any]]:
    """Tonight's finished games, or the one ``table`` (any table, tonight's or not)."""
    if table is None:
        return [g for g in evening(language)["games"] if g["state"] == "finished"]
    found = next((t for t in service().list_tables() if t.get("table") == table), None)
    if found is None:
        raise NotFound("There is no table {table}.", table=table)
    game = localize_payload(game_entry(found), language)
    if game["state"] != "finished":
        raise Conflict("That game has not finished: only a finished game can be exported.")
    return [game]


# -- the routes ----------------------------------------------------------------------------------


@bp.get("/evening")
@declare("Tonight's games: each with its players, winners and score, in the language of the "
         "evening's newest table (as the table screen speaks it); links to the export.", page=True)
def results() -> Response:
    tables = service().list_tables()
    newest = max(tables, key=lambda t: float(t.get("created") or 0.0), default=None)
    use_language(str(newest.get("lang") or "en") if newest else lang())
    return page("evening.html", evening=evening(lang()), formats=FORMATS)


@bp.get("/api/evening")
@declare("Tonight's games, public only: each game's players (names), state in words, and once the "
         "table screen has told its end its winners, each seat's score (null where the game gives "
         "none) and minutes played. Tonight: since the last six quiet hours (docs/web.md).",
         answers={"type": "object", "required": ["since", "games"], "additionalProperties": True})
def api_evening() -> Response:
    return jsonify(evening(lang()))


@bp.get("/api/evening/export")
@declare("Tonight's finished games (or the one ?table=) for a play-logging app: BG Stats' import file "
         "(format=bgstats) or BoardGameGeek's play fields (format=bgg). 400: no such format; 404: no "
         "such table; 409: that game has not finished.", errors=(400, 404, 409),
         answers={"type": "object", "additionalProperties": True},
         query=(Query("format", {"enum": list(FORMATS)}, "bgstats (the default) or bgg."),
                Query("table", {"type": "string"}, "One table's game instead of tonight's.")))
def export() -> Response:
    kind = request.args.get("format", "bgstats")
    if kind not in EXPORTS:
        raise BadRequest("There is no export called {format}: ask for format=bgstats or format=bgg.",
                         format=kind)
    games = _finished_games(request.args.get("table"), lang())
    resp = jsonify(EXPORTS[kind](games, bgg_ids()))
    name = f"table-companion-{time.strftime('%Y-%m-%d')}.{'bgsplay' if kind == 'bgstats' else 'json'}"
    resp.headers["Content-Disposition"] = f'inline; filename="{name}"'
    return resp
