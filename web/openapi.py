"""``/api/openapi.json``: the OpenAPI 3.1 description of every route the app serves.

Written by hand next to the routes (and checked against ``app.url_map`` by
``tests/web/test_openapi.py``), so the schemas say what a player's phone or a
script may rely on, including every error response.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify

from web.service import MAX_NAME

bp = Blueprint("openapi", __name__, url_prefix="/api")

JSON = "application/json"


def ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def error(description: str) -> dict[str, Any]:
    return {"description": description, "content": {JSON: {"schema": ref("Error")}}}


def ok(schema: dict[str, Any], description: str = "OK", media: str = JSON) -> dict[str, Any]:
    return {"description": description, "content": {media: {"schema": schema}}}


def body(schema: dict[str, Any], required: bool = True) -> dict[str, Any]:
    return {"required": required, "content": {JSON: {"schema": schema}}}


E400 = {"400": error("Malformed JSON, a missing or wrong field, or a play the rules refuse.")}
E401 = {"401": error("No or unknown seat token / host key.")}
E404 = {"404": error("No such table, seat, device or address.")}
E409 = {"409": error("Seat taken, not your turn, a stale screen, or the table has ended.")}
E405 = {"405": error("This address does not accept that method.")}
E413 = {"413": error("The request body is too large.")}


def guarded(path: str, method: str, operation: dict[str, Any]) -> dict[str, Any]:
    """The answers an operation may get besides its own: 429 where the host key is checked
    (web.auth), 403/415 for a change from another site or not in JSON (web.guard), 503 when the
    store cannot keep a change."""
    out: dict[str, Any] = {}
    if any("hostKey" in option for option in operation.get("security", [])):
        out["429"] = error("Too many wrong host keys from this address: wait a minute.")
    if method in ("get", "head", "options"):
        return out
    out["403"] = error("Sent by a page of another site (Origin, Sec-Fetch-Site): refused.")
    if path.startswith("/api/"):
        out["415"] = error("A body that is not application/json.")
        out["503"] = error("The store cannot keep the change now (its storage is failing); "
                           "nothing was changed.")
    return out

SSE_EVENT = {
    "type": "object",
    "description": "One event of the stream (its fields, as OpenAPI describes Server-Sent Events).",
    "properties": {
        "event": {"type": "string", "description": "Absent for a payload; `gone` when the seat was freed."},
        "id": {"type": "string", "description": "The table's version."},
        "data": {"type": "string", "contentMediaType": "application/json",
                 "description": "A Public or SeatView payload as one JSON line; for `gone`, {error}."},
        "retry": {"type": "integer"},
    },
}

HOST: list[dict[str, list[str]]] = [{"hostKey": []}, {"hostCookie": []}]
SEAT: list[dict[str, list[str]]] = [{"seatBearer": []}, {"seatCookie": []}]
SEAT_OR_HOST = SEAT + HOST
TABLE_PARAM = {
    "name": "table",
    "in": "path",
    "required": True,
    "schema": {"type": "string"},
    "description": "The table's id, as in the join address.",
}
SEAT_PARAM = {
    "name": "seat",
    "in": "path",
    "required": True,
    "schema": {"type": "integer", "minimum": 0},
    "description": "The seat, counted from 0.",
}
HTML = {"200": ok({"type": "string"}, "An HTML page.", "text/html"), **E404}


def op(
    summary: str,
    responses: dict[str, Any],
    *,
    security: list[Any] | None = None,
    params: list[Any] | None = None,
    request: dict[str, Any] | None = None,
    tags: tuple[str, ...] = ("api",),
) -> dict[str, Any]:
    out: dict[str, Any] = {"summary": summary, "tags": list(tags), "responses": responses}
    out["security"] = security if security is not None else []
    if params:
        out["parameters"] = params
    if request:
        out["requestBody"] = request
    return out


SCHEMAS: dict[str, Any] = {
    "Error": {
        "type": "object",
        "required": ["error"],
        "properties": {
            "error": {"type": "string", "description": "One sentence for the player, in their language."}
        },
    },
    "Text": {
        "type": "object",
        "required": ["msgid"],
        "description": "A sentence: template, parameters, translation.",
        "properties": {
            "msgid": {"type": "string"},
            "params": {"type": "object"},
            "text": {"type": "string", "description": "Translated for this phone."},
        },
    },
    "Event": {
        "type": "object",
        "required": ["type", "visible_to"],
        "properties": {
            "type": {"type": "string"},
            "visible_to": {"oneOf": [{"const": "all"}, {"type": "array", "items": {"type": "integer"}}]},
            "say": ref("Text"),
        },
        "additionalProperties": True,
    },
    "Action": {
        "type": "object",
        "required": ["type"],
        "additionalProperties": True,
        "properties": {"type": {"type": "string"}, "notation": {"type": "string"}, "label": ref("Text")},
    },
    "Seat": {
        "type": "object",
        "required": ["seat", "name", "taken", "bot", "connected"],
        "properties": {
            "seat": {"type": "integer"},
            "name": {"type": "string"},
            "taken": {"type": "boolean"},
            "bot": {"type": "boolean"},
            "connected": {"type": "boolean"},
        },
    },
    "Outcome": {
        "type": ["object", "null"],
        "properties": {
            "winners": {"type": "array", "items": {"type": "integer"}},
            "scores": {"type": "object"},
            "reason": {"type": "string"},
            "say": ref("Text"),
        },
    },
    "Public": {
        "type": "object",
        "description": "What the table screen shows: the public view only.",
        "required": ["table", "game", "view", "awaiting", "seats", "outcome", "version", "events"],
        "properties": {
            "table": {"type": "string"},
            "game": {"type": "string"},
            "title": {"type": "string"},
            "players": {"type": "integer"},
            "view": {"type": "object"},
            "awaiting": {
                "type": "array",
                "items": {"type": "integer"},
                "description": "Seats to act; -1 is the table (chance, physical input).",
            },
            "seats": {"type": "array", "items": ref("Seat")},
            "outcome": ref("Outcome"),
            "version": {"type": "integer"},
            "presence": {
                "type": "integer",
                "description": "Counts changes of the seats' connected flags (not a game change).",
            },
            "events": {"type": "array", "items": ref("Event")},
            "step": {"type": "integer"},
            "ended": {"type": "boolean"},
            "fault": {"oneOf": [ref("Text"), {"type": "null"}],
                      "description": "While the store refuses writes: the sentence; else null."},
        },
    },
    "SeatView": {
        "allOf": [
            ref("Public"),
            {
                "type": "object",
                "required": ["seat", "legal_actions"],
                "properties": {
                    "seat": {"type": "integer"},
                    "name": {"type": "string"},
                    "legal_actions": {"type": "array", "items": ref("Action")},
                },
            },
        ],
        "description": "One seat's payload: its private view and legal plays, events it may see.",
    },
    "Created": {
        "allOf": [
            ref("Public"),
            {
                "type": "object",
                "required": ["join_url"],
                "properties": {
                    "join_url": {"type": "string", "format": "uri"},
                    "table_url": {"type": "string", "format": "uri"},
                    "join_qr": {"type": "string"},
                },
            },
        ]
    },
    "Option": {
        "type": "object",
        "required": ["name", "type", "default", "help"],
        "properties": {
            "name": {"type": "string"},
            "type": {"enum": ["bool", "int", "choice", "str"]},
            "default": {},
            "help": {"type": "string"},
            "help_text": {"type": "string"},
            "choices": {"type": "array", "items": {"type": "string"}},
        },
    },
    "Game": {
        "type": "object",
        "required": ["id", "title", "min_players", "max_players", "options"],
        "properties": {
            "id": {"type": "string"},
            "title": {"type": "string"},
            "min_players": {"type": "integer"},
            "max_players": {"type": "integer"},
            "options": {"type": "array", "items": ref("Option")},
            "table_options": {"type": "array", "items": ref("Option")},
        },
    },
    "Exit": {
        "type": "object",
        "description": "Where a beam leaves the board: an edge square and the heading (N, E, S, W).",
        "required": ["square", "direction"],
        "properties": {
            "square": {"type": "string"},
            "direction": {"enum": ["N", "E", "S", "W"]},
        },
    },
    "BeamCheck": {
        "type": "object",
        "description": "The verdict of one Laser Chess shot: the engine's beam against the sensors.",
        "required": ["result", "expected", "observed", "message", "text", "lit", "suspect"],
        "properties": {
            "result": {"enum": ["agree", "mismatch", "fault"]},
            "expected": {"oneOf": [ref("Exit"), {"type": "null"}],
                         "description": "Where the engine's beam leaves; null: it stops on the board."},
            "observed": {"oneOf": [ref("Exit"), {"type": "null"}],
                         "description": "Where a sensor saw it leave; null: no sensor saw it."},
            "message": ref("Text"),
            "text": {"type": "string", "description": "The message in English."},
            "lit": {"type": "array", "items": {"type": "string"},
                    "description": "The sensors that lit (by name), in config order."},
            "suspect": {"type": ["string", "null"],
                        "description": "The square whose token to check first (the beam's last turn)."},
            "table": {"type": "string", "description": "The table whose shot this was."},
            "seat": {"type": "integer", "description": "The seat that made the move."},
            "superseded": {
                "const": True,
                "description": "Present (true) when the next move or an undo came while the shot was "
                             "checked: the verdict no longer speaks for the board, the table was not "
                             "told and the status LED kept what it showed.",
            },
        },
        "additionalProperties": False,
    },
    "Hardware": {
        "type": "object",
        "required": ["pin_factory", "mock", "devices", "last_beam_check"],
        "properties": {
            "pin_factory": {"type": ["string", "null"],
                            "description": "mock, lgpio (or another gpiozero factory); null: no hardware."},
            "mock": {"type": "boolean"},
            "devices": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["name", "kind", "state"],
                    "properties": {
                        "name": {"type": "string"},
                        "kind": {"enum": ["button", "led", "laser", "sensor"]},
                        "pin": {"type": ["integer", "string", "null"]},
                        "state": {
                            "enum": ["pressed", "released", "on", "off", "blinking", "lit", "dark"]
                        },
                        "pattern": {
                            "enum": ["off", "on", "blinking", "winner", "error"],
                            "description": "LEDs only: blinking is an awaited seat, winner a fast "
                                           "flicker, error the status LED's short flash.",
                        },
                        "label": {"type": "string"},
                        "watches": {"type": "string", "description": "Sensors only: square:direction."},
                        "fault": {"enum": [None, "dead", "stuck-lit", "stuck-dark"]},
                    },
                    "additionalProperties": False,
                },
            },
            "board_fault": {"enum": [None, "turned"],
                            "description": "Mock pins: a token on the simulated board turned the wrong way."},
            "table": {"type": ["string", "null"],
                      "description": "The table the rig follows (the most recently active one)."},
            "pending_shot": {
                "oneOf": [
                    {"type": "object", "required": ["table", "seat"], "additionalProperties": False,
                     "properties": {"table": {"type": "string"}, "seat": {"type": "integer"}}},
                    {"type": "null"},
                ],
                "description": "A Laser Chess shot waiting to be fired or checked.",
            },
            "shots_shown": {"type": "integer",
                            "description": "Shots the laser module fired to show a game's own lasers."},
            "last_beam_check": {"oneOf": [ref("BeamCheck"), {"type": "null"}]},
            "storage_fault": {"oneOf": [ref("Text"), {"type": "null"}],
                              "description": "While the store refuses writes: the sentence."},
        },
        "additionalProperties": False,
    },
}


def document() -> dict[str, Any]:
    t, s = [TABLE_PARAM], [TABLE_PARAM, SEAT_PARAM]
    paths: dict[str, Any] = {
        "/api/openapi.json": {"get": op("This document.", {"200": ok({"type": "object"})})},
        "/api/games": {
            "get": op(
                "Every game with its options (each with a one-line help) and the table options.",
                {
                    "200": ok(
                        {
                            "type": "object",
                            "properties": {"games": {"type": "array", "items": ref("Game")}},
                        }
                    )
                },
            )
        },
        "/api/tables": {
            "get": op(
                "Every table: id, game, seats, whose turn (no secrets).",
                {
                    "200": ok(
                        {
                            "type": "object",
                            "properties": {"tables": {"type": "array", "items": {"type": "object"}}},
                        }
                    )
                },
            ),
            "post": op(
                "Start a table (host).",
                {"201": ok(ref("Created"), "The table, with its join address."), **E400, **E401, **E413},
                security=HOST,
                request=body(
                    {
                        "type": "object",
                        "required": ["game", "players"],
                        "properties": {
                            "game": {"type": "string"},
                            "players": {"type": "integer"},
                            "options": {
                                "type": "object",
                                "description": "Game options, plus the table's "
                                '"chance": digital or physical.',
                            },
                            "seed": {
                                "type": ["integer", "null"],
                                "minimum": 0,
                                "maximum": 2**63 - 1,
                                "description": "Same seed, same game; left out, the table picks one.",
                            },
                        },
                    }
                ),
            ),
        },
        "/api/tables/{table}": {
            "get": op(
                "The public payload (what the table screen shows).",
                {"200": ok(ref("Public")), **E404},
                params=t,
            )
        },
        "/api/tables/{table}/view": {
            "get": op(
                "The seat's payload (?as=table + host key: the table's, for chance input).",
                {"200": ok(ref("SeatView")), **E401, **E404},
                security=SEAT_OR_HOST,
                params=[*t, {"name": "as", "in": "query", "schema": {"const": "table"}}],
            )
        },
        "/api/tables/{table}/actions": {
            "post": op(
                "Play one of the seat's legal actions; the reply (after the commit) is its new payload.",
                {"200": ok(ref("SeatView")), **E400, **E401, **E404, **E409, **E413},
                security=SEAT_OR_HOST,
                params=[*t, {"name": "as", "in": "query", "schema": {"const": "table"}}],
                request=body(
                    {
                        "type": "object",
                        "required": ["action"],
                        "properties": {
                            "action": ref("Action"),
                            "version": {
                                "type": "integer",
                                "description": "The version the screen showed: 409 if stale.",
                            },
                        },
                    }
                ),
            )
        },
        "/api/tables/{table}/stream": {
            "get": op(
                "Server-Sent Events: a full payload on connect, then one per change; keep-alive comments. "
                "With a seat token: that seat's payloads only; without a token: the public one "
                "(a seated phone may ask for it with ?view=public). Versions only ever increase.",
                {
                    "200": ok(
                        SSE_EVENT,
                        "An event stream; each data line is a Public or SeatView payload.",
                        "text/event-stream",
                    ),
                    **E401,
                    **E404,
                    "503": error("Too many streams are open (each holds a server thread); poll /view."),
                },
                security=[*SEAT, {}],
                params=[*t, {"name": "view", "in": "query", "schema": {"const": "public"}}],
            )
        },
        "/api/tables/{table}/seats/{seat}": {
            "post": op(
                "Claim a free seat by name; sets the seat cookie.",
                {
                    "200": ok(
                        {
                            "type": "object",
                            "required": ["token"],
                            "properties": {
                                "token": {"type": "string"},
                                "table": {"type": "string"},
                                "seat": {"type": "integer"},
                                "name": {"type": "string"},
                            },
                        }
                    ),
                    **E400,
                    **E404,
                    **E409,
                },
                params=s,
                request=body(
                    {"type": "object", "properties": {"name": {"type": "string", "maxLength": MAX_NAME}}},
                    required=False,
                ),
            ),
            "delete": op(
                "Free a seat (host); its phone loses the seat.",
                {"200": ok(ref("Public")), **E401, **E404},
                security=HOST,
                params=s,
            ),
        },
        "/api/tables/{table}/seats/{seat}/bot": {
            "post": op(
                "Seat the companion's bot (host).",
                {"200": ok(ref("Public")), **E401, **E404, **E409},
                security=HOST,
                params=s,
            )
        },
        "/api/tables/{table}/undo": {
            "post": op(
                "Undo the last play (host); logged, every stream is told.",
                {"200": ok(ref("Public")), **E401, **E404, **E409},
                security=HOST,
                params=t,
            )
        },
        "/api/tables/{table}/next": {
            "post": op(
                'The table\'s "next": one step through the last resolution (host, a seat, or the Pi itself).',
                {"200": ok(ref("Public")), **E401, **E404},
                security=SEAT_OR_HOST,
                params=t,
            )
        },
        "/api/tables/{table}/end": {
            "post": op(
                "End the table (host).",
                {"200": ok(ref("Public")), **E401, **E404},
                security=HOST,
                params=t,
            )
        },
        "/api/tables/{table}/next-game": {
            "post": op(
                "A new table: same game, options and seats (host).",
                {"201": ok(ref("Created")), **E401, **E404},
                security=HOST,
                params=t,
            )
        },
        "/api/hardware": {
            "get": op(
                "The devices, their states and the last beam check (host).",
                {"200": ok(ref("Hardware")), **E401},
                security=HOST,
            )
        },
        "/api/hardware/press/{button}": {
            "post": op(
                "Press a button of the virtual panel (host, mock pins).",
                {"200": ok(ref("Hardware")), **E401, **E404, **E409},
                security=HOST,
                params=[
                    {"name": "button", "in": "path", "required": True, "schema": {"type": "string"}}
                ],
            )
        },
        "/api/hardware/faults": {
            "post": op(
                "Inject or clear a fault (host, mock pins).",
                {"200": ok(ref("Hardware")), **E400, **E401, **E404, **E409},
                security=HOST,
                request=body(
                    {
                        "type": "object",
                        "required": ["device"],
                        "properties": {
                            "device": {"type": "string"},
                            "fault": {"enum": ["dead", "stuck-lit", "stuck-dark", "none", None]},
                        },
                    }
                ),
            )
        },
        # pages and images
        "/": {"get": op("The join page: every open table.", HTML, tags=("pages",))},
        "/play/{table}": {
            "get": op("A phone's page at a table: claim a seat, play.", HTML, params=t, tags=("pages",))
        },
        "/table/{table}": {"get": op("The table screen.", HTML, params=t, tags=("pages",))},
        "/host": {
            "get": op(
                "The host page (?key= stores the host key in a cookie).",
                {**HTML, "303": {"description": "Key accepted: back to /host."}, **E401},
                tags=("pages",),
                params=[{"name": "key", "in": "query", "schema": {"type": "string"}}],
            ),
            "post": op(
                "The host key form.",
                {"303": {"description": "Key accepted."}, **E401},
                tags=("pages",),
                request={
                    "content": {
                        "application/x-www-form-urlencoded": {
                            "schema": {"type": "object", "properties": {"key": {"type": "string"}}}
                        }
                    }
                },
            ),
        },
        "/qr/join/{table}.svg": {
            "get": op(
                "The join QR code (the Pi's IP address).",
                {"200": ok({"type": "string"}, "SVG", "image/svg+xml"), **E404},
                params=t,
                tags=("pages",),
            )
        },
        "/qr/wifi.svg": {
            "get": op(
                "The Wi-Fi QR code, when configured.",
                {"200": ok({"type": "string"}, "SVG", "image/svg+xml"), **E404},
                tags=("pages",),
            )
        },
    }
    for path, ops in paths.items():
        for method, operation in ops.items():
            operation["responses"].update(guarded(path, method, operation))
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Table Companion",
            "version": "0.1.0",
            "description": "Phones, the table screen and the host talk to the table companion. "
            'Every refusal is JSON {"error": sentence} with a 4xx status.',
        },
        "paths": paths,
        "components": {
            "schemas": SCHEMAS,
            "securitySchemes": {
                "hostKey": {"type": "apiKey", "in": "header", "name": "X-Host-Key"},
                "hostCookie": {"type": "apiKey", "in": "cookie", "name": "host_key"},
                "seatBearer": {"type": "http", "scheme": "bearer"},
                "seatCookie": {
                    "type": "apiKey",
                    "in": "cookie",
                    "name": "seat_<table>",
                    "description": "Set when the seat is claimed; HttpOnly, SameSite=Lax.",
                },
            },
        },
    }


@bp.get("/openapi.json")
def openapi() -> Response:
    return jsonify(document())
