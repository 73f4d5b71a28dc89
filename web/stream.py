"""Server-Sent Events: each phone's stream carries its own seat's payload only.

``GET /api/tables/<t>/stream`` with a seat token (cookie or Bearer) streams
that seat's payloads; without one (or with ``?view=public``) the public
payload the table screen shows. The framing:

- a comment first, so waitress flushes the headers at once, and a ``retry:``
  hint for the browser's reconnect delay;
- a full payload on connect (``id:`` is the table's version), then one
  message per committed change (a new version or step), never the same twice;
- a keep-alive comment every ``SSE_KEEPALIVE`` seconds, well inside
  waitress's 120-second idle limit, which also notices a phone that left.

A stream holds one waitress thread while it is open: size ``threads`` for
every seat and screen plus a few for ordinary requests.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from typing import Any

from flask import Blueprint, Response, current_app, request

from engines.text import translate
from web.auth import require_seat, seat_token, service
from web.i18n import lang, localize_payload
from web.service import ServiceError

bp = Blueprint("stream", __name__, url_prefix="/api")

WAKE_SECONDS = 1.0


def frame(payload: dict[str, Any]) -> str:
    """One SSE message: ``id`` = the table's version, ``data`` = the payload as one JSON line."""
    lines = []
    if isinstance(payload.get("version"), int):
        lines.append(f"id: {payload['version']}")
    lines.append("data: " + json.dumps(payload, separators=(",", ":")))
    return "\n".join(lines) + "\n\n"


def same_change(payload: dict[str, Any], last: dict[str, Any] | None) -> bool:
    """Whether ``payload`` shows the same committed change as ``last`` (version and step)."""
    if last is None:
        return False
    key = (payload.get("version"), payload.get("step"))
    if isinstance(key[0], int):
        return key == (last.get("version"), last.get("step"))
    return payload == last


@bp.get("/tables/<table>/stream")
def stream(table: str) -> Response:
    svc = service()
    public = request.args.get("view") == "public" or seat_token(table) is None
    seat: int | None = None if public else require_seat(table)
    initial = svc.public(table) if seat is None else svc.seat_view(table, seat)  # 404 before streaming
    subscription = svc.subscribe(table, seat)
    # Read again after subscribing, so a change in between is not missed.
    try:
        initial = svc.public(table) if seat is None else svc.seat_view(table, seat)
    except Exception:
        subscription.close()
        raise
    language = lang()
    keepalive = float(current_app.config["SSE_KEEPALIVE"])
    retry = int(current_app.config["SSE_RETRY_MS"])
    max_seconds = current_app.config.get("SSE_MAX_SECONDS")
    # waitress (with channel_request_lookahead > 0) says when the phone has gone, so a thread
    # is not held until a keep-alive write fails.
    client_gone: Callable[[], bool] = request.environ.get("waitress.client_disconnected") or (lambda: False)

    # The generator runs after the request has gone (no request context): it uses only what it
    # captured here, so interleaved streams in one thread (tests) and waitress threads both work.
    def events() -> Iterator[str]:
        started = time.monotonic()
        last_sent: dict[str, Any] | None = initial
        try:
            yield f": table {table}\nretry: {retry}\n\n"
            yield frame(localize_payload(initial, language))
            quiet_since = time.monotonic()
            while (max_seconds is None or time.monotonic() - started < max_seconds) and not client_gone():
                try:
                    # wake at least once a second to notice a phone that left (waitress tells us)
                    payload = subscription.get(min(keepalive, WAKE_SECONDS))
                except ServiceError as exc:  # e.g. the host freed this seat: say so, then end the stream
                    gone = json.dumps({"error": translate(exc.text, language)})
                    yield f"event: gone\ndata: {gone}\n\n"
                    return
                if payload is None:
                    if time.monotonic() - quiet_since >= keepalive:
                        yield ": keep-alive\n\n"
                        quiet_since = time.monotonic()
                    continue
                quiet_since = time.monotonic()
                if same_change(payload, last_sent):
                    continue  # already sent (the snapshot a subscription may start with)
                last_sent = payload
                yield frame(localize_payload(payload, language))
        finally:
            subscription.close()

    return Response(events(), mimetype="text/event-stream", headers={
        "Cache-Control": "no-cache, no-transform",
        "X-Accel-Buffering": "no",
    })
