"""QR codes for joining: the game's address (:mod:`web.address`: an IP address, never
``.local``) and the Wi-Fi.
"""

from __future__ import annotations

import io

import segno
import segno.helpers
from flask import Blueprint, Response, current_app, url_for

from web.address import base_url, table_links
from web.apidoc import declare
from web.auth import service
from web.service import NotFound

bp = Blueprint("qr", __name__, url_prefix="/qr")


def svg(qr: segno.QRCode, scale: int = 6) -> Response:
    out = io.BytesIO()
    qr.save(out, kind="svg", scale=scale, border=2, xmldecl=False, dark="#000", light="#fff",
            title="QR code")
    resp = Response(out.getvalue(), mimetype="image/svg+xml")
    resp.headers["Cache-Control"] = "no-cache"
    return resp


def join_qr(url: str) -> segno.QRCode:
    return segno.make(url, error="m")


def wifi_qr(ssid: str, password: str | None, security: str | None) -> segno.QRCode:
    return segno.helpers.make_wifi(ssid=ssid, password=password or None,
                                   security=(security or ("WPA" if password else None)))


@bp.get("/join/<table>.svg")
@declare("The join QR code (the Pi's IP address).", page=True, media="image/svg+xml",
         answers={"type": "string"}, answer="SVG")
def join(table: str) -> Response:
    service().public(table)  # 404 for an unknown table
    return svg(join_qr(table_links(table)["join_url"]))


@bp.get("/host.svg")
@declare("The host page's address as a QR code (no key in it).", page=True, media="image/svg+xml",
         answers={"type": "string"}, answer="SVG")
def host() -> Response:
    """The host page's address (no key: the page asks the companion's button, or for the key)."""
    return svg(join_qr(base_url() + url_for("host.host")))


@bp.get("/wifi.svg")
@declare("The Wi-Fi QR code, when configured.", page=True, media="image/svg+xml",
         answers={"type": "string"}, answer="SVG", errors=(404,))
def wifi() -> Response:
    config = current_app.config.get("WIFI")
    if not config or not config.get("ssid"):
        raise NotFound("No Wi-Fi network is configured for the QR code.")
    return svg(wifi_qr(str(config["ssid"]), config.get("password"), config.get("security")))
