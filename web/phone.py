"""Phone pages: the list of tables to join, and one seat's page at a table.

The seat page (``/play/<table>``) claims a seat or, with the seat cookie, shows
that seat's private view and its legal plays; all of it is drawn by
``static/phone.js`` from the JSON API and the seat's event stream.
"""

from __future__ import annotations

from flask import Blueprint, Response

from web.auth import service
from web.pages import page

bp = Blueprint("phone", __name__)


@bp.get("/")
def index() -> Response:
    return page("index.html")


@bp.get("/play/<table>")
def play(table: str) -> Response:
    public = service().public(table)  # an unknown table is a plain 404 page
    return page("phone.html", table=table, game=public.get("game"), title=public.get("title"))
