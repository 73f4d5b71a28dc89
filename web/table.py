"""The table screen: a landscape TV or tablet that everyone can read across the table.

It only ever reads the public payload (``view(None)``, events visible to all),
so it is safe to leave open for anyone to see. ``/table/current`` is the one
bookmark for the whole evening: it shows the newest open table and follows the
next one when it is created; with no table yet it says so and how to become
the host (a QR code of the host page, and the button to hold when there is one).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, url_for

from web.address import base_url
from web.api import on_this_machine
from web.apidoc import declare
from web.auth import is_host, service
from web.i18n import use_language
from web.pages import page

bp = Blueprint("table", __name__)


def newest_open() -> dict[str, Any] | None:
    """The newest table the host has not ended (tables are listed in the order they were made)."""
    return next((t for t in reversed(service().list_tables()) if not t.get("ended")), None)


def _screen(table: str, follow: bool) -> Response:
    """The table screen speaks its table's language (the host's choice), whatever this browser
    asks for: the screen is the table's, not one reader's."""
    public = service().public(table)
    use_language(str(public.get("lang") or "en"))
    return page("table.html", table=table, game=public.get("game"), title=public.get("title"),
                can_step=is_host() or on_this_machine(), follow=follow)


@bp.get("/table/current")
@declare("The table screen of the newest open table, following the next one; with none, \"no game "
         "yet\" and how to become the host.", page=True, errors=(429,))
def current() -> Response:
    found = newest_open()
    if found is not None:
        return _screen(str(found["table"]), follow=True)
    return page("no_table.html", table=None, follow=True, pairing=service().pairing.describe(),
                host_url=base_url() + url_for("host.host"))


@bp.get("/table/<table>")
@declare("The table screen (429: an X-Host-Key sent from an address that guessed wrong keys).",
         page=True, errors=(429,))
def screen(table: str) -> Response:
    return _screen(table, follow=False)
