"""What every page template gets: the page's data for its script, safely embedded."""

from __future__ import annotations

from typing import Any

from flask import Response, current_app, make_response, render_template


def page(template: str, status: int = 200, **data: Any) -> Response:
    """Render ``template`` with ``page_data`` (read by the page script from a JSON script tag)."""
    data.setdefault("wifi", bool(current_app.config.get("WIFI")))
    resp = make_response(render_template(template, page_data=data, **data), status)
    resp.headers["Cache-Control"] = "no-store"
    return resp
