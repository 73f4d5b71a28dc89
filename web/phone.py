"""Phone pages: the list of tables to join, and one seat's page at a table.

The seat page (``/play/<table>``) claims a seat or, with the seat cookie, shows
that seat's private view and its legal plays; all of it is drawn by
``static/phone.js`` from the JSON API and the seat's event stream.
"""

from __future__ import annotations

from flask import Blueprint, Response, redirect, request, url_for
from werkzeug.wrappers import Response as BaseResponse

from web.apidoc import Query, declare
from web.auth import seat_cookie, service, set_seat_cookie
from web.pages import page
from web.service import ServiceError

bp = Blueprint("phone", __name__)


@bp.get("/")
@declare("The join page: every open table.", page=True)
def index() -> Response:
    return page("index.html")


@bp.get("/play/<table>")
@declare("A phone's page at a table: claim a seat, play.", page=True,
         extra={"303": {"description": "?from=: the seat carried over from the table before; back here."}},
         query=(Query("from", {"type": "string"}, "The table before: the phone keeps its seat."),))
def play(table: str) -> BaseResponse:
    public = service().public(table)  # an unknown table is a plain 404 page
    previous = request.args.get("from")
    if previous:
        return carry_seat(previous, table)
    return page("phone.html", table=table, game=public.get("game"), title=public.get("title"))


def carry_seat(previous: str, table: str) -> BaseResponse:
    """The next game with the same seats: the phone's token from ``previous`` opens ``table`` too.

    The companion copies the seats (and their tokens) to the new table; only the
    cookie's name changes with the table, so it is set again here.
    """
    resp = redirect(url_for("phone.play", table=table), code=303)
    token = request.cookies.get(seat_cookie(previous))
    if token:
        try:
            service().seat_of(table, token)
        except ServiceError:
            return resp  # not a seat here: the phone claims one as usual
        set_seat_cookie(resp, table, token)
    return resp
