"""The JSON API of docs/architecture.md, plus the host's extras under ``/api/tables/<t>/...``.

Every handler checks who is asking (:mod:`web.auth`), checks the body's shape,
then calls the table service once. Refusals are raised, never returned: the
handlers in :mod:`web.errors` turn them into ``{"error": sentence}``. Every
payload leaves through :func:`web.i18n.localize_payload`, so each sentence
carries a ``text`` in the phone's language; a table's payload asked for with ``?packed=1`` (the
pages do) leaves in the pages' form (:mod:`web.wire`).
"""

from __future__ import annotations

import ipaddress
from collections.abc import Mapping
from typing import Any

from flask import Blueprint, Response, current_app, jsonify, request

from engines import TABLE
from engines.text import LANGUAGES, Text
from web.address import table_links
from web.apidoc import Field, Link, Query, declare, json_body
from web.auth import require_host, require_seat, seat_token, service, set_seat_cookie
from web.i18n import lang, localize_payload, say, seat_names
from web.schemas import SEED_MAX, ref, table_rules
from web.service import MAX_NAME, SEATS_REFUSAL, BadRequest
from web.wire import pack

bp = Blueprint("api", __name__, url_prefix="/api")



# --------------------------------------------------------------------------- helpers


def require_table_hand(table: str) -> None:
    """Who may move the table's telling (next, Auto, looking back): any seated player, at the
    table's pace; the Pi's own display (the table screen on the machine itself); or the host."""
    if seat_token(table) is not None:
        require_seat(table)
    elif not on_this_machine():
        require_host()


def ok(payload: Mapping[str, Any], status: int = 200) -> Response:
    resp = jsonify(localize_payload(dict(payload)))
    resp.status_code = status
    return resp


def packed_asked() -> bool:
    """The pages ask for a table's payloads in their own form, ``?packed=1`` (:mod:`web.wire`)."""
    return request.args.get("packed") == "1"


def ok_table(payload: Mapping[str, Any]) -> Response:
    """:func:`ok` for a table's payload: in the pages' form when they ask for it."""
    if not packed_asked():
        return ok(payload)
    return jsonify(pack(localize_payload(dict(payload))))


_SENT_MOST = 8   # a couple of tables in play, each in the languages asked; then begun again
_sent: dict[tuple[str, str, bool], tuple[dict[str, Any], bytes]] = {}
"""The public payload last answered per table and language, with the JSON it was answered as. Kept
for the tables in play, not for every table of the evening: a finished Fzzzt! table's is ~300 KB,
and a table that left memory (companion/tables.py) must not stay here."""


def ok_public(table: str, payload: dict[str, Any]) -> Response:
    """:func:`ok` for a table's public payload. A table screen polling and the phones' lists ask
    for it again and again between two changes: a payload equal to the one last answered in
    this language (its version, presence, story and all; payloads are never changed once made)
    is answered with the same JSON, without localizing and serializing it again."""
    language, packed = lang(), packed_asked()
    key = (table, language, packed)
    kept = _sent.get(key)
    if kept is None or kept[0] != payload:
        if len(_sent) >= _SENT_MOST:
            _sent.clear()
        said = localize_payload(dict(payload), language)
        kept = _sent[key] = (payload, jsonify(pack(said) if packed else said).get_data())
    return current_app.response_class(kept[1], mimetype="application/json")


@bp.before_request
def table_first() -> None:
    """An unknown table is a 404 before anything asks who is speaking (no token: not a 401)."""
    table = (request.view_args or {}).get("table")
    if table is not None:
        service().seat_names(str(table))


# --------------------------------------------------------------------------- games and tables


AS_TABLE = Query("as", {"const": "table"}, "With the host key: as the table (chance, physical input).")
VERSION = Field("version", {"type": ["integer", "null"]}, refusal='"{key}" must be a whole number.',
                description="The version the screen showed: 409 if stale.")


def _option_texts(opt: dict[str, Any]) -> dict[str, Any]:
    """An option with its words in the host's language: help, label and each choice's label."""
    out = {**opt, "help_text": say(Text(opt["help"], opt.get("help_params") or {})),
           "label_text": say(str(opt.get("label") or opt.get("name", "")))}
    if isinstance(opt.get("choice_labels"), dict):
        out["choice_texts"] = {choice: say(str(words)) for choice, words in opt["choice_labels"].items()}
    return out


@bp.get("/games")
@declare("Every game with its options (each with a one-line help) and the table options.",
         answers={"type": "object", "required": ["games"],
                  "properties": {"games": {"type": "array", "items": ref("Game")}}})
def games() -> Response:
    out = []
    for game in service().games():
        game = {**game, "title_text": say(str(game["title"]))}   # the title in the host's words
        for key in ("options", "table_options"):
            if isinstance(game.get(key), list):
                game[key] = [_option_texts(opt) if isinstance(opt, dict) and isinstance(opt.get("help"), str)
                             else opt for opt in game[key]]
        if isinstance(game.get("seat_roles"), dict):   # each seat's role, in the host's words
            game["seat_roles"] = {n: [say(Text.from_json(r)) for r in roles]
                                  for n, roles in game["seat_roles"].items()}
        out.append(game)
    return jsonify({"games": out})


@bp.get("/tables")
@declare("Every table: id, game, seats, whose turn (no secrets).",
         answers={"type": "object", "required": ["tables"],
                  "properties": {"tables": {"type": "array", "items": ref("TableSummary")},
                                 "fault": {"oneOf": [ref("Text"), {"type": "null"}],
                                           "description": "While the store refuses writes: the "
                                                          "sentence; else null."}}})
def list_tables() -> Response:
    tables = [{**t, **table_links(str(t["table"])), "title_text": say(str(t["title"]))}
              if isinstance(t, dict) and "table" in t else t for t in service().list_tables()]
    fault = service().storage_fault
    return jsonify({"tables": [localize_payload(t) if isinstance(t, dict) else t for t in tables],
                    "fault": None if fault is None else {**fault.to_json(), "text": say(fault)}})


LANG_FIELD = Field("lang", {"enum": list(LANGUAGES)}, refusal='"lang" must be one of en, nl, de.',
                   description="The table screen's language (each phone reads its own); left out: "
                               "the host's page's language.")


TABLE_OF_ANSWER = {"path.table": "$response.body#/table"}
CREATED_LINKS = (
    Link("claimSeat", "claimSeat", "A phone takes the seat the new table waits for first (its token is "
         "in the answer).", {**TABLE_OF_ANSWER, "path.seat": "$response.body#/awaiting/0"}, {"name": "Anna"}),
    Link("public", "public", "What the new table's screen shows.", TABLE_OF_ANSWER),
    Link("openGame", "setup", "The host opens the game now, whoever is not ready (a table started "
         "with setting_up sets up first).", TABLE_OF_ANSWER, {"skip": True}, exact=True),
)
CLAIMED_LINKS = (
    Link("seatView", "seatView", "The seat's own payload, with its token: its view and its legal plays.",
         {**TABLE_OF_ANSWER, "header.Authorization": "Bearer {$response.body#/token}"}),
    Link("claimNextSeat", "claimSeat", "Another phone takes the next seat.",
         {**TABLE_OF_ANSWER, "path.seat": 1}, {"name": "Bert"}),
)
VIEW_LINKS = (
    Link("act", "act", "Play the first of the seat's legal plays, with the seat's token as for the view "
         "(a phone also sends the version it showed, and a stale one is refused).",
         {**TABLE_OF_ANSWER, "header.Authorization": "$request.header.Authorization"},
         {"action": "$response.body#/legal_actions/0"}, exact=True),
)


@bp.post("/tables")
@declare("Start a table (host).", who="host", answers=ref("Created"), status=201, links=CREATED_LINKS,
         answer="The table, with its join address.", combos=table_rules, body=(
             Field("game", ref("GameId"), required=True,
                   refusal='"game" must be the id of a game (GET /api/games lists them).'),
             Field("players", {"type": "integer"}, required=True, refusal='"{key}" must be a whole number.'),
             Field("options", {"type": ["object", "null"]},
                   refusal='"options" must be an object of option names and values.',
                   description='Game options, plus the table\'s "chance": digital or physical.'),
             Field("seed", {"type": ["integer", "null"]}, refusal='"{key}" must be a whole number.',
                   description="Same seed, same game; left out, the table picks one.",
                   rules={"minimum": 0, "maximum": SEED_MAX}),
             LANG_FIELD,
         ))
def create_table() -> Response:
    require_host()
    data = json_body()
    created = dict(service().create_table(data["game"], data["players"], data.get("options"),
                                          data.get("seed"), lang=data.get("lang") or lang()))
    created.update(table_links(str(created["table"])))
    return ok(created, 201)


@bp.get("/tables/<table>")
@declare("The public payload (what the table screen shows).", answers=ref("Public"),
         query=(Query("screen", {"const": "1"}, "A table screen polling (its stream blocked): it "
                      "counts as a screen telling the story."),))
def public(table: str) -> Response:
    return ok_public(table, service().public(table, screen=request.args.get("screen") == "1"))


# --------------------------------------------------------------------------- seats


@bp.post("/tables/<table>/seats/<int:seat>")
@declare("Claim a free seat by name; sets the seat cookie.", answers=ref("Claimed"), errors=(409,),
         links=CLAIMED_LINKS,
         body=(Field("name", {"type": ["string", "null"]}, refusal="A name is text.",
                     rules={"maxLength": MAX_NAME},
                     description=f"At most {MAX_NAME} characters once runs of spaces are one; "
                                 "left out or blank: the seat keeps no name and every screen "
                                 "shows \"Player N\" in its own language."),))
def claim_seat(table: str, seat: int) -> Response:
    data = json_body()
    token = service().claim_seat(table, seat, data.get("name"))   # the service checks its length
    name = seat_names(service().public(table), lang())[seat]   # blank: "Player 2" in this phone's words
    resp = jsonify({"token": token, "table": table, "seat": seat, "name": name})
    set_seat_cookie(resp, table, token)
    return resp


@bp.delete("/tables/<table>/seats/<int:seat>")
@declare("Free a seat (host); its phone loses the seat.", who="host", answers=ref("Public"))
def free_seat(table: str, seat: int) -> Response:
    require_host()
    service().free_seat(table, seat)
    return ok_table(service().public(table))


@bp.post("/tables/<table>/seats/<int:seat>/bot")
@declare("Seat the companion's bot (host).", who="host", answers=ref("Public"), errors=(409,))
def seat_bot(table: str, seat: int) -> Response:
    require_host()
    service().seat_bot(table, seat)
    return ok_table(service().public(table))


def as_table(table: str) -> bool:
    """The host speaking for the table (``?as=table``, or a host key and no seat token)."""
    if request.args.get("as") == "table":
        return True
    return seat_token(table) is None and bool(request.headers.get("X-Host-Key"))


@bp.get("/tables/<table>/view")
@declare("The seat's payload (?as=table + host key: the table's, for chance input).",
         who="seat-or-host", answers=ref("SeatView"), links=VIEW_LINKS,
         query=(AS_TABLE, Query("poll", {"const": "1"}, "A phone polling while its stream is blocked: "
                                "it counts as connected for 5 s.")))
def seat_view(table: str) -> Response:
    if as_table(table):
        require_host()  # the host looks as the table: what chance or physical input is awaited
        return ok_table(service().seat_view(table, TABLE))
    seat = require_seat(table)
    # ?poll=1: a phone keeping up by polling (its stream blocked) is at the table
    return ok_table(service().seat_view(table, seat, present=request.args.get("poll") == "1"))


@bp.post("/tables/<table>/here")
@declare("The seat's heartbeat: its phone's page is open and reaches the companion (sent every "
         "1.5 s while its stream is open; a phone not heard for 3.5 s is shown away). "
         '{"leaving": true}: its page is closing (away after 2 s unless it is back).',
         who="seat", status=204, answer="Heard.", body=(
             Field("leaving", {"type": "boolean"}, refusal='"leaving" must be true or false.'),))
def here(table: str) -> Response:
    leaving = json_body().get("leaving") is True
    seat = require_seat(table)
    service().beat(table, seat, leaving=leaving)
    return Response(status=204)


@bp.post("/tables/<table>/actions")
@declare("Play one of the seat's legal actions; the reply (after the commit) is its new payload.",
         who="seat-or-host", answers=ref("SeatView"), query=(AS_TABLE,), errors=(409,), links=VIEW_LINKS,
         body=(
             Field("action", ref("Action"), required=True,
                   refusal='"action" must be an object with a "type", one of your legal plays.'),
             VERSION))
def act(table: str) -> Response:
    data = json_body()
    action = data["action"]
    if as_table(table):
        require_host()
        seat = TABLE  # the host enters what the real dice or card showed
    else:
        seat = require_seat(table)
    expected = data.get("version")
    if expected is None:
        return ok_table(service().act(table, seat, action))
    # A stale screen: the service compares the version under the table's lock.
    return ok_table(service().act(table, seat, action, expect_version=expected))


@bp.post("/tables/<table>/seats/<int:seat>/actions")
@declare("The host enters a seat's physical input for it (the computer cannot see the real cards; a "
         "seat may have no phone): only what the table's payload lists in requests.", who="host",
         answers=ref("SeatView"), errors=(409,), body=(
             Field("action", ref("Action"), required=True,
                   refusal='"action" must be an object with a "type", one of the legal plays asked for.'),))
def act_for(table: str, seat: int) -> Response:
    require_host()
    return ok_table(service().act_for(table, seat, json_body()["action"]))


# --------------------------------------------------------------------------- host extras


@bp.post("/tables/<table>/undo")
@declare("Undo the last play (host); logged, every stream is told.", who="host", answers=ref("Public"),
         errors=(409,))
def undo(table: str) -> Response:
    require_host()
    return ok_table(service().undo(table))


@bp.post("/tables/<table>/next")
@declare('The table\'s "next": the table screen shows the story\'s next step; nothing changes when '
         'all is told (host, a seat, or the Pi itself).',
         who="seat-or-host", answers=ref("Public"))
def advance(table: str) -> Response:
    """The table's "next" button: step the table screen through the last resolution."""
    require_table_hand(table)
    return ok_table(service().advance(table))


@bp.post("/tables/<table>/auto")
@declare("Auto on or off: the table screen tells the story's steps by itself at a reading pace "
         "(host, a seat, or the Pi itself).", who="seat-or-host", answers=ref("Public"),
         body=(Field("on", {"type": "boolean"}, required=True, refusal='"on" must be true or false.'),))
def auto(table: str) -> Response:
    on = json_body()["on"]
    require_table_hand(table)
    return ok_table(service().set_auto(table, on))


@bp.get("/tables/<table>/told")
@declare("A step the table has been told, again: the public payload with the story as it stood when "
         "that step was shown (``story.look``: which, of how many). Changes nothing.",
         answers=ref("Public"), errors=(400, 409),
         query=(Query("stop", {"type": "integer"}, "Which step, counted from the table's first (0); a "
                      "negative one counts back from the one shown now (-1, the default)."),))
def told(table: str) -> Response:
    raw = request.args.get("stop", "-1")
    try:
        stop = int(raw)
    except ValueError:
        raise BadRequest("A step is a whole number.") from None
    return ok_table(service().looking_back.told(table, stop))


@bp.post("/tables/<table>/looking")
@declare("A table screen looks back at told steps (on, asked again while it looks) or is back: Auto "
         "waits while it looks (host, a seat, or the Pi itself).", who="seat-or-host", answers=ref("Public"),
         body=(Field("on", {"type": "boolean"}, required=True, refusal='"on" must be true or false.'),))
def looking(table: str) -> Response:
    on = json_body()["on"]
    require_table_hand(table)
    return ok_table(service().looking_back.look(table, on))


@bp.post("/tables/<table>/ready")
@declare("The seat has set up its part of the box (docs/web.md \"Setting up\"); when every seat is "
         "ready (the computer's are at once) the game opens. 409 when the table is not setting up.",
         who="seat", answers=ref("SeatView"), errors=(409,))
def ready(table: str) -> Response:
    seat = require_seat(table)
    return ok_table(service().setup.ready(table, seat))


@bp.post("/tables/<table>/setup")
@declare("While the table is setting up: show another setup step (Next, Back; a seat, the host or "
         "the Pi itself), or skip the rest and open the game (the host or the Pi itself). 409 when "
         "the table is not setting up; 400 for a step the table does not have (Public's setup.steps).",
         who="seat-or-host", answers=ref("Public"), errors=(409,),
         combos={"anyOf": [{"required": ["step"]},
                           {"required": ["skip"], "properties": {"skip": {"const": True}}}]},
         body=(
             Field("step", {"type": "integer", "minimum": 0},
                   refusal='"step" must be a whole number: the setup step to show, counted from 0.',
                   description="The setup step to show, counted from 0."),
             Field("skip", {"type": "boolean"}, refusal='"skip" must be true or false.',
                   description="true: open the game now, whoever is not ready yet (the host)."),
         ))
def setup(table: str) -> Response:
    data = json_body()
    skip = data.get("skip")
    if skip:
        if not on_this_machine():
            require_host()   # only the host (or the table's own display) opens the game for everyone
    else:
        require_table_hand(table)
    return ok_table(service().setup.set_setup(table, data.get("step"), skip))


def on_this_machine() -> bool:
    """The request comes from the Pi itself (its own display), not over the network."""
    try:
        return ipaddress.ip_address(request.remote_addr or "").is_loopback
    except ValueError:
        return False


@bp.post("/tables/<table>/end")
@declare("End the table (host).", who="host", answers=ref("Public"))
def end_table(table: str) -> Response:
    require_host()
    service().end_table(table)
    return ok_table(service().public(table))


@bp.post("/tables/<table>/language")
@declare("Set the table screen's language (host); every screen of the table follows, phones keep "
         "their own.", who="host", answers=ref("Public"),
         body=(Field("lang", {"enum": list(LANGUAGES)}, required=True,
                     refusal='"lang" must be one of en, nl, de.'),))
def set_language(table: str) -> Response:
    require_host()
    service().set_language(table, json_body()["lang"])
    return ok_table(service().public(table))


@bp.get("/tables/<table>/narration")
@declare("How the table hears its story (host): off, on the table screen or from the companion's own "
         "speaker; the volume and speed (docs/narration.md).", who="host", answers={"type": "object"})
def narration(table: str) -> Response:
    require_host()
    return ok(service().narration.settings(table))


@bp.post("/tables/<table>/narration")
@declare("Set how the table hears its story (host); every screen of the table follows.", who="host",
         answers={"type": "object"}, body=(
             Field("output", {"enum": ["off", "screen", "pi"]},
                   refusal='"output" must be off, screen or pi.',
                   description="off; screen: the table screen's page plays it; pi: the companion's own "
                               "audio output (HDMI or the jack)."),
             Field("volume", {"type": "integer", "minimum": 0, "maximum": 100},
                   refusal='"volume" must be a whole number from 0 to 100.'),
             Field("speed", {"type": "integer", "minimum": 50, "maximum": 200},
                   refusal='"speed" must be a whole number from 50 to 200 (per cent).')))
def set_narration(table: str) -> Response:
    require_host()
    data = json_body()
    return ok(service().narration.configure(table, data.get("output"), data.get("volume"), data.get("speed")))


@bp.get("/tables/<table>/pace")
@declare("The telling's pace (host): how long Auto keeps each told stop up, normal, slower or slowest "
         "(for players who read slowly).", who="host", answers={"type": "object"})
def telling_pace(table: str) -> Response:
    require_host()
    return ok(service().telling_pace.settings(table))


@bp.post("/tables/<table>/pace")
@declare("Set the telling's pace (host); every screen of the table follows.", who="host",
         answers={"type": "object"}, body=(
             Field("pace", {"enum": ["normal", "slower", "slowest"]}, required=True,
                   refusal='"pace" must be normal, slower or slowest.',
                   description="normal; slower: each stop stays up 1.5 times as long; slowest: "
                               "2.25 times."),))
def set_telling_pace(table: str) -> Response:
    require_host()
    return ok(service().telling_pace.configure(table, json_body().get("pace")))


@bp.get("/tables/<table>/speech/<clip>")
@declare("A step of the table's story, spoken (WAV): the clip the public payload's story.voice names. "
         "Only what the table screen shows is ever spoken.", media="audio/wav",
         answers={"type": "string"}, answer="WAV")
def speech(table: str, clip: str) -> Response:
    resp = Response(service().narration.audio(table, clip), mimetype="audio/wav")
    resp.headers["Cache-Control"] = "private, max-age=3600"
    return resp


@bp.post("/tables/<table>/next-game")
@declare("A new table for the people of this one (host); an empty body: the same game, options and "
         "seats. Every phone and screen of this table follows it.", who="host", answers=ref("Created"),
         status=201, errors=(409,), body=(
             Field("game", ref("GameId"),
                   refusal='"game" must be the id of a game (GET /api/games lists them).',
                   description="Another game; left out: the same one."),
             Field("options", {"type": ["object", "null"]},
                   refusal='"options" must be an object of option names and values.',
                   description="The game's options; left out: the same game's, or another game's "
                               "defaults. The table's chance, setting_up and first_game are kept "
                               "unless named."),
             Field("seats", {"type": ["array", "null"], "items": {"type": ["integer", "string", "null"]}},
                   refusal=SEATS_REFUSAL,
                   rules={"items": {"oneOf": [{"type": "integer", "minimum": 0}, {"const": "bot"},
                                              {"type": "null"}]}},
                   description="One entry per seat of the new game, in its order (the order is the "
                               "role where the game's seats have roles, as GET /api/games "
                               "seat_roles says): a seat of this table (its person moves there, name "
                               "and token kept), \"bot\", or null (free for someone new). Left out: "
                               "every seat as it is. The game's player count is checked."),
         ))
def next_game(table: str) -> Response:
    require_host()
    data = json_body()
    created = dict(service().next_game(table, data.get("game"), data.get("options"), data.get("seats")))
    created.update(table_links(str(created["table"])))
    return ok(created, 201)


# --------------------------------------------------------------------------- hardware (host only)


@bp.get("/hardware")
@declare("The devices, their states and the last beam check (host).", who="host", answers=ref("Hardware"))
def hardware() -> Response:
    require_host()
    return ok(service().panel.hardware_status())


@bp.get("/hardware/display.png")
@declare("The status display's frame now, as a PNG four times its size (host); luma's dummy device off "
         "a Pi.", who="host", media="image/png", answers={"type": "string"}, answer="PNG", errors=(409,))
def display() -> Response:
    """The status display's frame now, four times its size (the virtual panel's picture)."""
    require_host()
    resp = Response(service().panel.display_png(), mimetype="image/png")
    resp.headers["Cache-Control"] = "no-store"
    return resp


@bp.post("/hardware/press/<button>")
@declare("Press a button of the virtual panel (host, mock pins); held_s: as if held that long.",
         who="host", answers=ref("Hardware"), errors=(409,),
         body=(Field("held_s", {"type": "number", "minimum": 0, "maximum": 30},
                     refusal='"held_s" must be a number of seconds from 0 to 30.',
                     description="A long press of the host button: held this many seconds."),))
def press(button: str) -> Response:
    require_host()
    return ok(service().panel.press(button, float(json_body().get("held_s", 0))))


@bp.post("/hardware/faults")
@declare("Inject or clear a fault (host, mock pins).", who="host", answers=ref("Hardware"), errors=(404, 409),
         body=(Field("device", {"type": "string", "minLength": 1}, required=True,
                     refusal='"device" must be the name of a device, like "sensor0".'),
               Field("fault", {"type": ["string", "null"]},
                     refusal='"fault" must be "dead", "stuck-lit", "stuck-dark" or null.',
                     rules={"enum": ["dead", "stuck-lit", "stuck-dark", "turned", "none", "", None]},
                     description="dead: the laser; stuck-lit, stuck-dark: a sensor; turned: the board "
                                 "(a token turned); none, empty or null: the device's fault cleared.")))
def faults() -> Response:
    require_host()
    data = json_body()
    return ok(service().panel.inject_fault(data["device"], data.get("fault") or "none"))
