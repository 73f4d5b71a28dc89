"""The host page: start a table, watch its seats, undo, end, next game, the virtual hardware.

``/host?key=...`` checks the key, keeps it in an HttpOnly cookie (so the page's
script never handles it) and redirects to ``/host`` so the key leaves the
address bar. Without a valid key the page asks for it.
"""

from __future__ import annotations

from flask import Blueprint, redirect, request, url_for
from werkzeug.wrappers import Response

from web.apidoc import Query, declare
from web.auth import HOST_COOKIE, is_host, is_host_key
from web.pages import page

bp = Blueprint("host", __name__)

HOST_COOKIE_AGE = 60 * 60 * 24 * 365


@bp.route("/host", methods=["GET", "POST"])
@declare("The host page (?key= stores the host key in a cookie).", method="GET", page=True,
         errors=(401,), extra={"303": {"description": "Key accepted: back to /host."}},
         query=(Query("key", {"type": "string"}, "The host key (moved into a cookie at once)."),))
@declare("The host key form.", method="POST", page=True, errors=(401,),
         extra={"303": {"description": "Key accepted."}},
         form={"type": "object", "properties": {"key": {"type": "string"}}})
def host() -> Response:
    key = request.args.get("key") or request.form.get("key")
    if key is not None:
        if not is_host_key(key):
            return page("host_login.html", 401, wrong=True)
        resp = redirect(url_for("host.host"), code=303)
        resp.set_cookie(HOST_COOKIE, key, max_age=HOST_COOKIE_AGE, path="/", httponly=True,
                        samesite="Lax", secure=request.is_secure)
        return resp
    if not is_host():
        return page("host_login.html", 401, wrong=False)
    return page("host.html")
