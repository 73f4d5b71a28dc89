"""Every refusal under ``/api`` is JSON ``{"error": sentence}`` with a 4xx status (or 503 when
the companion cannot do it now: its storage failing, too many streams).

Flask's own errors (404 unknown route, 405 wrong method, 413 too large, 400
bad JSON), the service's refusals and the engine's are all turned into one
sentence in the phone's language. A 5xx is a bug; if one happens anyway the
player gets a plain sentence, never a traceback, and the log keeps the details.
"""

from __future__ import annotations

import logging

from flask import Flask, Response, jsonify, render_template, request
from werkzeug.exceptions import HTTPException

from engines import IllegalAction, UnknownGame
from engines.core import Refusal
from engines.text import N_, Text
from web.auth import service
from web.i18n import lang_or_en, say, seat_names

log = logging.getLogger(__name__)

# Flask/werkzeug statuses in the players' words (msgids).
HTTP_SENTENCES: dict[int, str] = {
    400: N_("The request could not be read."),
    401: N_("You need to sign in for this."),
    403: N_("You are not allowed to do this."),
    404: N_("There is nothing at this address."),
    405: N_("This address does not accept that kind of request."),
    409: N_("That clashes with the table's current state."),
    413: N_("That request is too large."),
    415: N_("Send the request as JSON."),
    429: N_("Too many requests: wait a moment."),
}


def _names_for_request() -> list[str | None] | None:
    """Seat names for the table in the URL, so errors say "Anna" rather than "seat 1"."""
    table = (request.view_args or {}).get("table")
    if not table:
        return None
    try:
        return seat_names(service().public(str(table)), lang_or_en())
    except Exception:  # the table may not exist: plain names then
        return None


def _wants_json() -> bool:
    return request.path.startswith("/api/") or request.path == "/api"


def error_response(text: Text | str, status: int, *, rule: bool = False) -> Response:
    """``rule``: the game's rules refused it (an engine's IllegalAction), not the table service: the
    JSON says so (``"rule": true``), and a phone offers "Why?" (the rules of that kind of play)."""
    sentence = say(text, _names_for_request())
    if _wants_json():
        resp = jsonify({"error": sentence, "rule": True} if rule else {"error": sentence})
    else:
        resp = Response(render_template("error.html", message=sentence, status=status),
                        mimetype="text/html")
    resp.status_code = status
    return resp


TURN_ORDER = frozenset({"It is {seat}'s turn.", "You have played; waiting for the others."})
"""The table service's refusals that a game's turn order decides (companion/refusals.py)."""


def illegal_status(exc: IllegalAction) -> int:
    """Out of turn / game over are conflicts with the table's state; anything else is a bad play."""
    if exc.text.msgid in {"It is not your turn.", "The game is over.",
                          "The table has to resolve something first."}:
        return 409
    return 400


def register(app: Flask) -> None:
    @app.errorhandler(Refusal)
    def refusal(exc: Refusal) -> Response:
        """Any room's refusal (the service's, the hardware's) with its own status; the turn order's
        are the game's rules too (a phone offers "Why?" for them)."""
        return error_response(exc.text, exc.status, rule=exc.text.msgid in TURN_ORDER)

    @app.errorhandler(IllegalAction)
    def illegal(exc: IllegalAction) -> Response:
        return error_response(exc.text, illegal_status(exc), rule=True)

    @app.errorhandler(UnknownGame)
    def unknown_game(exc: UnknownGame) -> Response:
        return error_response(exc.text, 404 if request.method == "GET" else 400)

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException) -> Response | HTTPException:
        status = exc.code or 500
        if status < 400:
            return exc
        msgid = HTTP_SENTENCES.get(status, "The request could not be handled.")
        resp = error_response(msgid, status)
        if status == 405 and exc.get_response().headers.get("Allow"):
            resp.headers["Allow"] = exc.get_response().headers["Allow"]
        return resp

    @app.errorhandler(Exception)
    def crash(exc: Exception) -> Response:
        log.exception("unexpected error on %s %s", request.method, request.path)
        return error_response("Something went wrong on the table computer. Try again.", 500)
