"""The JSON API of docs/architecture.md, plus the host's extras under ``/api/tables/<t>/...``.

Every handler checks who is asking (:mod:`web.auth`), checks the body's shape,
then calls the table service once. Refusals are raised, never returned: the
handlers in :mod:`web.errors` turn them into ``{"error": sentence}``. Every
payload leaves through :func:`web.i18n.localize_payload`, so each sentence
carries a ``text`` in the phone's language.
"""

from __future__ import annotations

import ipaddress
import json
from collections.abc import Mapping
from typing import Any
from urllib.parse import urlsplit

from flask import Blueprint, Response, current_app, jsonify, request, url_for

from engines import TABLE
from web.auth import require_host, require_seat, seat_cookie, seat_token, service
from web.i18n import localize_payload, say
from web.service import BadRequest

bp = Blueprint("api", __name__, url_prefix="/api")

SEAT_COOKIE_AGE = 60 * 60 * 24 * 30  # a month: a sleeping phone keeps its seat for the whole night and more


# --------------------------------------------------------------------------- helpers


def json_body(*required: str) -> dict[str, Any]:
    """The request's JSON object; a plain 400 sentence if it is not one.

    An empty body is an empty object. Bytes that are not JSON, and JSON nested too
    deeply to read (thousands of ``[``, still under the size cap), are "not valid
    JSON"; valid JSON that is not an object (``null``, a list) "must be an object".
    """
    raw = request.get_data(cache=True) if request.content_length else b""
    if not raw:
        data: Any = {}
    else:
        try:
            data = json.loads(raw)
        except (ValueError, RecursionError):  # RecursionError: nesting deeper than Python's stack
            raise BadRequest("The request body is not valid JSON.") from None
    if not isinstance(data, dict):
        raise BadRequest("The request body must be a JSON object.")
    for key in required:
        if key not in data:
            raise BadRequest('The request needs a "{key}".', key=key)
    return data


def whole_number(data: Mapping[str, Any], key: str, *, optional: bool = False) -> int | None:
    value = data.get(key)
    if value is None and optional:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadRequest('"{key}" must be a whole number.', key=key)
    return value


def _is_loopback_or_name(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return True  # a name (".local", "localhost"): phones may not resolve it


def base_url() -> str:
    """Where phones reach this app: the configured URL, else an IP address (never ``.local``)."""
    configured = current_app.config.get("PUBLIC_URL")
    if configured:
        return str(configured)
    from web.qr import lan_ip

    try:
        parts = urlsplit("//" + request.host)
        name, port = parts.hostname or "", parts.port
    except ValueError:
        name, port = "", None
    if _is_loopback_or_name(name):
        name = lan_ip()
    elif ":" in name:
        name = f"[{name}]"
    scheme = request.scheme
    default_port = {"http": 80, "https": 443}.get(scheme)
    return f"{scheme}://{name}" + (f":{port}" if port and port != default_port else "")


def table_links(table: str) -> dict[str, str]:
    base = base_url()
    return {
        "join_url": base + url_for("phone.play", table=table),
        "table_url": base + url_for("table.screen", table=table),
        "join_qr": url_for("qr.join", table=table),
    }


def ok(payload: Mapping[str, Any], status: int = 200) -> Response:
    resp = jsonify(localize_payload(dict(payload)))
    resp.status_code = status
    return resp


def set_seat_cookie(resp: Response, table: str, token: str) -> None:
    resp.set_cookie(seat_cookie(table), token, max_age=SEAT_COOKIE_AGE, path="/",
                    httponly=True, samesite="Lax", secure=request.is_secure)


@bp.before_request
def table_first() -> None:
    """An unknown table is a 404 before anything asks who is speaking (no token: not a 401)."""
    table = (request.view_args or {}).get("table")
    if table is not None:
        service().seat_names(str(table))


# --------------------------------------------------------------------------- games and tables


@bp.get("/games")
def games() -> Response:
    out = []
    for game in service().games():
        game = dict(game)
        for key in ("options", "table_options"):
            if isinstance(game.get(key), list):
                game[key] = [{**opt, "help_text": say(opt["help"])} if isinstance(opt, dict)
                             and isinstance(opt.get("help"), str) else opt for opt in game[key]]
        out.append(game)
    return jsonify({"games": out})


@bp.get("/tables")
def list_tables() -> Response:
    tables = [{**t, **table_links(str(t["table"]))} if isinstance(t, dict) and "table" in t else t
              for t in service().list_tables()]
    return jsonify({"tables": [localize_payload(t) if isinstance(t, dict) else t for t in tables]})


@bp.post("/tables")
def create_table() -> Response:
    require_host()
    data = json_body("game", "players")
    game = data["game"]
    if not isinstance(game, str) or not game:
        raise BadRequest('"game" must be the id of a game (GET /api/games lists them).')
    players = whole_number(data, "players")
    options = data.get("options")
    if options is not None and not isinstance(options, dict):
        raise BadRequest('"options" must be an object of option names and values.')
    seed = whole_number(data, "seed", optional=True)
    assert players is not None
    created = dict(service().create_table(game, players, options, seed))
    created.update(table_links(str(created["table"])))
    return ok(created, 201)


@bp.get("/tables/<table>")
def public(table: str) -> Response:
    return ok(service().public(table))


# --------------------------------------------------------------------------- seats


@bp.post("/tables/<table>/seats/<int:seat>")
def claim_seat(table: str, seat: int) -> Response:
    data = json_body()
    token = service().claim_seat(table, seat, data.get("name"))   # the service checks the name
    name = service().seat_names(table)[seat]
    resp = jsonify({"token": token, "table": table, "seat": seat, "name": name})
    set_seat_cookie(resp, table, token)
    return resp


@bp.delete("/tables/<table>/seats/<int:seat>")
def free_seat(table: str, seat: int) -> Response:
    require_host()
    service().free_seat(table, seat)
    return ok(service().public(table))


@bp.post("/tables/<table>/seats/<int:seat>/bot")
def seat_bot(table: str, seat: int) -> Response:
    require_host()
    service().seat_bot(table, seat)
    return ok(service().public(table))


def as_table(table: str) -> bool:
    """The host speaking for the table (``?as=table``, or a host key and no seat token)."""
    if request.args.get("as") == "table":
        return True
    return seat_token(table) is None and bool(request.headers.get("X-Host-Key"))


@bp.get("/tables/<table>/view")
def seat_view(table: str) -> Response:
    if as_table(table):
        require_host()  # the host looks as the table: what chance or physical input is awaited
        return ok(service().seat_view(table, TABLE))
    seat = require_seat(table)
    return ok(service().seat_view(table, seat))


@bp.post("/tables/<table>/actions")
def act(table: str) -> Response:
    data = json_body("action")
    action = data["action"]
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise BadRequest('"action" must be an object with a "type", one of your legal plays.')
    if as_table(table):
        require_host()
        seat = TABLE  # the host enters what the real dice or card showed
    else:
        seat = require_seat(table)
    expected = whole_number(data, "version", optional=True)
    if expected is None:
        return ok(service().act(table, seat, action))
    # A stale screen: the service compares the version under the table's lock.
    return ok(service().act(table, seat, action, expect_version=expected))


# --------------------------------------------------------------------------- host extras


@bp.post("/tables/<table>/undo")
def undo(table: str) -> Response:
    require_host()
    return ok(service().undo(table))


@bp.post("/tables/<table>/next")
def advance(table: str) -> Response:
    """The table's "next" button: step the table screen through the last resolution."""
    if seat_token(table) is not None:
        require_seat(table)  # any seated player may press "next" at the table's pace
    elif not on_this_machine():  # the Pi's own display is the table screen: it may step too
        require_host()
    return ok(service().advance(table))


def on_this_machine() -> bool:
    """The request comes from the Pi itself (its own display), not over the network."""
    try:
        return ipaddress.ip_address(request.remote_addr or "").is_loopback
    except ValueError:
        return False


@bp.post("/tables/<table>/end")
def end_table(table: str) -> Response:
    require_host()
    service().end_table(table)
    return ok(service().public(table))


@bp.post("/tables/<table>/next-game")
def next_game(table: str) -> Response:
    require_host()
    created = dict(service().next_game(table))
    created.update(table_links(str(created["table"])))
    return ok(created, 201)


# --------------------------------------------------------------------------- hardware (host only)


@bp.get("/hardware")
def hardware() -> Response:
    require_host()
    return ok(service().hardware_status())


@bp.post("/hardware/press/<button>")
def press(button: str) -> Response:
    require_host()
    held = json_body().get("held_s", 0)
    if isinstance(held, bool) or not isinstance(held, int | float) or not 0 <= held <= 30:
        raise BadRequest('"held_s" must be a number of seconds from 0 to 30.')
    return ok(service().press(button, float(held)))


@bp.post("/hardware/faults")
def faults() -> Response:
    require_host()
    data = json_body("device")
    device, fault = data["device"], data.get("fault")
    if not isinstance(device, str) or not device:
        raise BadRequest('"device" must be the name of a device, like "sensor0".')
    if fault is not None and not isinstance(fault, str):
        raise BadRequest('"fault" must be "dead", "stuck-lit", "stuck-dark" or null.')
    return ok(service().inject_fault(device, fault or "none"))
