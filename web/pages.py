"""What every page template gets: the page's data for its script, safely embedded."""

from __future__ import annotations

from typing import Any

from flask import Response, current_app, make_response, render_template


def page(template: str, status: int = 200, **data: Any) -> Response:
    """Render ``template`` with ``page_data`` (read by the page script from a JSON script tag)."""
    data.setdefault("wifi", bool(current_app.config.get("WIFI")))
    resp = make_response(render_template(template, page_data=data, **data), status)
    resp.headers["Cache-Control"] = "no-store"
    # Everything comes from this Pi (the table has no internet): the browser is told so.
    resp.headers["Content-Security-Policy"] = (
        "default-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; "
        "base-uri 'none'; frame-ancestors 'none'; form-action 'self'")
    resp.headers["X-Content-Type-Options"] = "nosniff"
    resp.headers["Referrer-Policy"] = "no-referrer"
    return resp
