"""The host page: start a table, watch its seats, undo, end, next game, the virtual hardware.

``/host?key=...`` checks the key, opens a host session for this device (its own
HttpOnly cookie, never the key: web/auth.py) and redirects to ``/host`` so the key
leaves the address bar. Without a valid key the page asks for it, and, when the companion
has a host button, it asks the companion instead (the "link button" pattern):
``POST /api/host/pair`` starts a request kept in an HttpOnly cookie of this
phone, ``GET /api/host/pair`` says how it stands, and once a long press of the
button has picked this phone that answer opens a host session for it. The key
itself is never in a page, a payload or a cookie.
"""

from __future__ import annotations

from flask import Blueprint, Response, redirect, request, url_for
from werkzeug.wrappers import Response as BaseResponse

from web.api import ok
from web.apidoc import Query, declare
from web.auth import HOST_COOKIE, is_host, is_host_key, service
from web.pages import host_assets, page
from web.schemas import ref

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
         errors=(401,), extra={"303": {"description": "Key accepted: back to /host."}},
         query=(Query("key", {"type": "string"}, "The host key (moved into a cookie at once)."),))
@declare("The host key form.", method="POST", page=True, errors=(401,),
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


def _answer(state: str) -> Response:
    return ok({"state": state, "say": service().pairing.say(state).to_json()})


@bp.post("/api/host/pair")
@declare("This phone asks to become the host; a long press of the companion's host button within the "
         "window decides (the request is kept in an HttpOnly cookie).", answers=ref("Pairing"),
         errors=(409,))
def ask() -> Response:
    """This phone asks to become the host; a long press of the companion's button decides."""
    token = service().pairing.ask(request.remote_addr or "a phone")
    resp = _answer("waiting")
    resp.set_cookie(PAIR_COOKIE, token, max_age=int(2 * service().pairing.describe()["window_s"]),
                    path="/api/host/pair", httponly=True, samesite="Strict", secure=request.is_secure)
    return resp


@bp.get("/api/host/pair")
@declare("How this phone's request stands; the answer that says paired sets the host cookie (the key "
         "is never in the body).", answers=ref("Pairing"))
def asked() -> Response:
    """How this phone's request stands; once it is the host, the host cookie comes with it."""
    token = request.cookies.get(PAIR_COOKIE)
    pairing = service().pairing
    state = pairing.state(token)
    resp = _answer(state)
    if state == "paired":
        if pairing.claim(token):
            open_host_session(resp)
        resp.delete_cookie(PAIR_COOKIE, path="/api/host/pair")
    return resp
