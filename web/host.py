"""The host page: start a table, watch its seats, undo, end, next game, the host devices, the
virtual hardware.

``/host?key=...`` checks the key, opens a host session for this device (its own
HttpOnly cookie, never the key: web/auth.py) and redirects to ``/host`` so the key
leaves the address bar. Without a valid key the page asks for it, and, when the companion
has a host button, it asks the companion instead (the "link button" pattern, where the host's own
phone says which phone the button would pick: companion/pairing.py): ``POST /api/host/pair``
starts a request kept in an HttpOnly cookie of this phone, ``GET /api/host/pair`` says how it
stands (its code once the host's press has shown it, and whether the companion shows it now),
``DELETE`` withdraws it when the page closes, and once the host's hold has picked this phone that
answer opens a host session for it. ``GET /api/host/pair/board`` is what the table screen shows
meanwhile (no code). The key itself is never in a page, a payload or a cookie. ``GET
/api/host/devices`` lists the host devices' sessions and ``DELETE /api/host/devices/<id>`` ends
one.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, redirect, request, url_for
from werkzeug.wrappers import Response as BaseResponse

from web.api import ok
from web.apidoc import Query, declare
from web.auth import HOST_COOKIE, host_session, is_host, is_host_key, require_host, service
from web.pages import host_assets, page
from web.schemas import ref
from web.service import NotFound

bp = Blueprint("host", __name__)

HOST_COOKIE_AGE = 60 * 60 * 24 * 365
PAIR_COOKIE = "host_pair"


def open_host_session(resp: BaseResponse) -> None:
    """A host session of its own for the device making this request, in its HttpOnly cookie; the
    host page names it by its address and browser."""
    agent, address = request.user_agent.string or "", request.remote_addr or "?"
    label = f"{address} · {agent[:60]}" if agent else address
    token = service().host_sessions.open(label)
    resp.set_cookie(HOST_COOKIE, token, max_age=HOST_COOKIE_AGE, path="/", httponly=True,
                    samesite="Lax", secure=request.is_secure)


@bp.route("/host", methods=["GET", "POST"])
@declare("The host page (?key= stores the host key in a cookie).", method="GET", page=True,
         errors=(401, 429), extra={"303": {"description": "Key accepted: back to /host."}},
         query=(Query("key", {"type": "string"}, "The host key (moved into a cookie at once)."),))
@declare("The host key form.", method="POST", page=True, errors=(401, 429),
         extra={"303": {"description": "Key accepted."}},
         form={"type": "object", "properties": {"key": {"type": "string"}}})
def host() -> BaseResponse:
    key = request.args.get("key") or request.form.get("key")
    pairing = service().pairing.describe()
    if key is not None:
        if not is_host_key(key):
            return page("host_login.html", 401, wrong=True, pairing=pairing)
        resp = redirect(url_for("host.host"), code=303)
        open_host_session(resp)
        return resp
    if not is_host():
        return page("host_login.html", 401, wrong=False, pairing=pairing)
    scripts, styles = host_assets()
    return page("host.html", host_scripts=scripts, game_styles=styles)


def _answer(looked: dict[str, Any]) -> Response:
    state, code = str(looked["state"]), looked.get("code")
    say = service().pairing.say("shown" if looked.get("shown") else state, code)
    return ok({"state": state, "say": say.to_json(), "code": code, "shown": bool(looked.get("shown"))})


def _pair_cookie(resp: BaseResponse, token: str) -> None:
    resp.set_cookie(PAIR_COOKIE, token, max_age=int(2 * service().pairing.describe()["window_s"]),
                    path="/api/host/pair", httponly=True, samesite="Strict", secure=request.is_secure)


@bp.post("/api/host/pair")
@declare("This phone asks to become the host; the companion's host button decides (a hold shows one "
         "asking phone's code at a time, a hold while this phone says its code is shown picks it: "
         "docs/hardware.md). The request is kept in an HttpOnly cookie; asking again gives up this "
         "phone's earlier request. 409: no button, or too many requests wait (none is dropped).",
         answers=ref("Pairing"), errors=(409,))
def ask() -> Response:
    """This phone asks to become the host; the companion's button decides."""
    pairing = service().pairing
    token = pairing.ask(request.remote_addr or "a phone", replacing=request.cookies.get(PAIR_COOKIE))
    resp = _answer(pairing.look(token))
    _pair_cookie(resp, token)
    return resp


@bp.get("/api/host/pair")
@declare("How this phone's request stands, its code and whether the companion shows it; the answer "
         "that says paired sets the host cookie (the key is never in the body).", answers=ref("Pairing"))
def asked() -> Response:
    """How this phone's request stands; once it is the host, the host cookie comes with it."""
    token = request.cookies.get(PAIR_COOKIE)
    pairing = service().pairing
    looked = pairing.look(token)
    resp = _answer(looked)
    if looked["state"] == "paired":
        if pairing.claim(token):
            open_host_session(resp)
        resp.delete_cookie(PAIR_COOKIE, path="/api/host/pair")
    return resp


@bp.delete("/api/host/pair")
@declare("This phone's page closed: its request asks no more (the code the companion shows is kept "
         "while the host holds the button).", answers=ref("Pairing"))
def withdraw() -> Response:
    token = request.cookies.get(PAIR_COOKIE)
    service().pairing.withdraw(token)
    resp = _answer({"state": "unknown"})
    resp.delete_cookie(PAIR_COOKIE, path="/api/host/pair")
    return resp


@bp.get("/api/host/pair/board")
@declare("For the table screen: how many phones ask to become the host, whether the host is picking "
         "one and the place of the code the companion shows. No code: a phone learns its own, and "
         "only the companion's status display shows the one shown.", answers=ref("PairingBoard"))
def board() -> Response:
    pairing = service().pairing
    described = pairing.describe()
    shown = pairing.board() if described["button"] else {"asking": 0, "choosing": False, "place": None}
    return ok({"asking": shown["asking"], "choosing": shown["choosing"], "place": shown["place"],
               "button": described["button"], "hold_s": described["hold_s"]})


def _devices() -> list[dict[str, Any]]:
    this = host_session()
    return [{**device, "this": device["id"] == this} for device in service().host_sessions.listed()]


@bp.get("/api/host/devices")
@declare("The host devices: each holds a host session of its own (paired by the button or opened with "
         "the key); `this` marks the one asking.", who="host", answers=ref("HostDevices"))
def devices() -> Response:
    require_host()
    return ok({"devices": _devices()})


@bp.delete("/api/host/devices/<device>")
@declare("End one host device's session: its next host request is refused (401) until it pairs again "
         "or gives the key.", who="host", answers=ref("HostDevices"), errors=(404,))
def revoke(device: str) -> Response:
    require_host()
    if not service().host_sessions.revoke(device):
        raise NotFound("There is no such host device; it may have been removed already.")
    return ok({"devices": _devices()})
