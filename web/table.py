"""The table screen: a landscape TV or tablet that everyone can read across the table.

It only ever reads the public payload (``view(None)``, events visible to all),
so it is safe to leave open for anyone to see.
"""

from __future__ import annotations

from flask import Blueprint, Response

from web.api import on_this_machine
from web.apidoc import declare
from web.auth import is_host, service
from web.pages import page

bp = Blueprint("table", __name__)


@bp.get("/table/<table>")
@declare("The table screen.", page=True)
def screen(table: str) -> Response:
    public = service().public(table)
    return page("table.html", table=table, game=public.get("game"), title=public.get("title"),
                can_step=is_host() or on_this_machine())
