"""Phone pages: the list of tables to join, and one seat's page at a table.

The seat page (``/play/<table>``) claims a seat or, with the seat cookie, shows
that seat's private view and its legal plays; all of it is drawn by
``static/phone.js`` from the JSON API and the seat's event stream.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, redirect, request, url_for
from werkzeug.wrappers import Response as BaseResponse

from web.apidoc import Query, declare
from web.auth import seat_cookie, service, set_seat_cookie
from web.i18n import localize_payload
from web.pages import page
from web.service import ServiceError
from web.wire import pack

bp = Blueprint("phone", __name__)


@bp.get("/")
@declare("The join page: every open table.", page=True)
def index() -> Response:
    return page("index.html")


@bp.get("/play/<table>")
@declare("A phone's page at a table: claim a seat, play.", page=True,
         extra={"303": {"description": "?from=: the seat carried over from the table before; back here."}},
         query=(Query("from", {"type": "string"}, "The table before: the phone keeps its seat."),
                Query("unseated", {"const": "1"}, "The phone held a seat at the table before and "
                      "none here: its claim page says so.")))
def play(table: str) -> BaseResponse:
    public = service().public(table)  # an unknown table is a plain 404 page
    previous = request.args.get("from")
    if previous:
        return carry_seat(previous, table)
    token = request.cookies.get(seat_cookie(table))
    carried = None if token else held_seat(table)
    first = first_payload(table, token or carried)
    resp = page("phone.html", table=table, game=public.get("game"), title=public.get("title"),
                first=first, unseated=first is None and request.args.get("unseated") == "1")
    if carried:
        set_seat_cookie(resp, table, carried)
    return resp


def first_payload(table: str, token: str | None) -> dict[str, Any] | None:
    """The seat's payload, in the page itself (its own seat only: the token says which), so a slow
    phone draws its seat without asking again; None without a seat here (the page asks). The phone
    asking for its page is at the table, as a poll is: the payload says so, so the stream's first
    message, which repeats it, is the same and the phone does not draw it again (docs/web.md, "A
    slow phone's first second")."""
    if not token:
        return None
    try:
        seat = service().seat_of(table, token)
        return pack(localize_payload(service().seat_view(table, seat, present=True)))   # the pages' form
    except ServiceError:
        return None


MAX_CARRIED = 40   # seat cookies looked at (an evening's tables); a phone with more keeps the newest


def held_seat(table: str) -> str | None:
    """A token this phone holds for another table that opens a seat at ``table`` too: the phone
    held that seat in a game before (the next game keeps the seats and their tokens), however it
    comes back (the new QR code, the list of tables, the old link). A token is a secret: only the
    phone that holds it can be recognised by it."""
    prefix = seat_cookie("")
    held = [token for name, token in request.cookies.items() if name.startswith(prefix) and token]
    for token in held[-MAX_CARRIED:]:
        try:
            service().seat_of(table, token)
        except ServiceError:
            continue
        return token
    return None


def carry_seat(previous: str, table: str) -> BaseResponse:
    """The next game: the phone's token from ``previous`` opens ``table`` too when the host gave
    its person a seat there (same game or another, same seat or another).

    The companion copies the seats it is told to (and their tokens) to the new table; only the
    cookie's name changes with the table, so it is set again here. (Without ``from``, the page
    finds the seat among every seat cookie the phone holds: :func:`held_seat`.)
    """
    resp = redirect(url_for("phone.play", table=table), code=303)
    token = request.cookies.get(seat_cookie(previous))
    if token:
        try:
            service().seat_of(table, token)
        except ServiceError:
            return unseated(previous, table, token) or resp  # not a seat here: the phone claims one
        set_seat_cookie(resp, table, token)
    return resp


def unseated(previous: str, table: str, token: str) -> BaseResponse | None:
    """The host started the next game without this phone's person in a seat: its claim page says
    so (it may take a free seat). None for a phone that held no seat before either."""
    try:
        service().seat_of(previous, token)
    except ServiceError:
        return None
    return redirect(url_for("phone.play", table=table, unseated="1"), code=303)
