"""Server-Sent Events: each phone's stream carries its own seat's payload only.

``GET /api/tables/<t>/stream`` with a seat token (cookie or Bearer) streams
that seat's payloads; without one (or with ``?view=public``) the public
payload the table screen shows. The framing:

- a comment first, so waitress flushes the headers at once, and a ``retry:``
  hint for the browser's reconnect delay;
- a full payload on connect (``id:`` is the table's version), then one
  message per committed change (a new version or step), never the same twice;
- also one message when a seat's phone connects, or is shown away once its
  stream has been closed for the service's grace (~2 s): the payload's
  ``presence`` counter moves, ``version`` does not (a pending play stays valid);
- a keep-alive comment every ``SSE_KEEPALIVE`` seconds, so proxies and phones'
  radios keep a quiet stream, and a write notices a phone that left.

A stream holds one waitress thread while it is open: size ``threads`` for
every seat and screen plus a few for ordinary requests. So open streams are
capped, per table (``SSE_MAX_STREAMS_PER_TABLE``), per client address
(``SSE_MAX_STREAMS_PER_ADDRESS``: one machine on the Wi-Fi cannot take every
thread) and in all (``SSE_MAX_STREAMS``, which ``companion serve`` sets below
its thread count): over a cap the answer is 503 ``{"error": "Too many screens
are connected; close one and try again."}`` and the page falls back to polling
``/view``, which needs no thread held. A refused stream's connection is closed
after the answer (when the server offers ``environ["tc.close_connection"]``),
so refused requests do not stay open either.
"""

from __future__ import annotations

import json
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

from flask import Blueprint, Response, current_app, request

from engines.text import translate
from web.apidoc import Query, declare
from web.auth import require_seat, seat_token, service
from web.i18n import lang, localize_payload
from web.schemas import ref
from web.service import ServiceError, Subscription, TableService

bp = Blueprint("stream", __name__, url_prefix="/api")

WAKE_SECONDS = 1.0


class TooManyStreams(ServiceError):
    """Every stream holds a server thread: over the cap, say so (the page then polls)."""

    status = 503


class OpenStreams:
    """How many streams are open, in all and per table; ``take`` refuses over a cap."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.total = 0
        self.tables: Counter[str] = Counter()
        self.addresses: Counter[str] = Counter()

    def take(self, table: str, most: int, most_per_table: int, address: str = "",
             most_per_address: int | None = None) -> None:
        with self._lock:
            if (self.total >= most or self.tables[table] >= most_per_table
                    or (most_per_address is not None and self.addresses[address] >= most_per_address)):
                raise TooManyStreams("Too many screens are connected; close one and try again.")
            self.total += 1
            self.tables[table] += 1
            self.addresses[address] += 1

    def give_back(self, table: str, address: str = "") -> None:
        with self._lock:
            self.total -= 1
            for counter, key in ((self.tables, table), (self.addresses, address)):
                counter[key] -= 1
                if counter[key] <= 0:
                    del counter[key]


@bp.record_once
def _setup(state: Any) -> None:
    state.app.config.setdefault("SSE_MAX_STREAMS", 24)            # of waitress's 32 threads
    state.app.config.setdefault("SSE_MAX_STREAMS_PER_TABLE", 16)  # 8 seats, screens, the host
    state.app.config.setdefault("SSE_MAX_STREAMS_PER_ADDRESS", 6)  # a phone, or the Pi's screen and host page
    state.app.extensions["open_streams"] = OpenStreams()


def frame(payload: dict[str, Any]) -> str:
    """One SSE message: ``id`` = the table's version, ``data`` = the payload as one JSON line."""
    lines = []
    if isinstance(payload.get("version"), int):
        lines.append(f"id: {payload['version']}")
    lines.append("data: " + json.dumps(payload, separators=(",", ":")))
    return "\n".join(lines) + "\n\n"


def change_key(payload: dict[str, Any]) -> tuple[int, int, int] | None:
    """The change a payload shows, ``(version, step, presence)``; None if it carries none.

    ``presence`` counts changes of who is connected: metadata, not game state, so it does not
    move ``version``, yet a payload that only shows a phone (dis)connecting is still new.
    """
    version, step, presence = payload.get("version"), payload.get("step", 0), payload.get("presence", 0)
    if isinstance(version, int) and isinstance(step, int) and isinstance(presence, int):
        return (version, step, presence)
    return None


def is_newer(payload: dict[str, Any], last: dict[str, Any] | None) -> bool:
    """Whether ``payload`` shows a later change than ``last``, the one sent before.

    A stream never goes back: the snapshot a subscription starts with may be older
    than the view read just after subscribing, and must then be dropped.

    >>> is_newer({"version": 3, "step": 0}, {"version": 3, "step": 0})
    False
    >>> is_newer({"version": 2, "step": 0}, {"version": 3, "step": 0})
    False
    >>> is_newer({"version": 3, "step": 1}, {"version": 3, "step": 0})
    True
    >>> is_newer({"version": 3, "step": 0, "presence": 2}, {"version": 3, "step": 0, "presence": 1})
    True

    A storage fault that starts or ends (``fault``) is news too, at the same change key:

    >>> is_newer({"version": 3, "fault": {"msgid": "..."}}, {"version": 3, "fault": None})
    True
    """
    if last is None:
        return True
    key, last_key = change_key(payload), change_key(last)
    if key is None or last_key is None:
        return payload != last
    return key > last_key or (key == last_key and payload.get("fault") != last.get("fault"))


@bp.after_request
def close_refused(resp: Response) -> Response:
    """A refused stream (over a cap, no such seat) closes its connection after the answer: a
    client that keeps it open would otherwise hold a connection slot for nothing."""
    close = request.environ.get("tc.close_connection")
    if resp.status_code >= 400 and request.endpoint == "stream.stream" and callable(close):
        close()
    return resp


@bp.get("/tables/<table>/stream")
@declare("Server-Sent Events: a full payload on connect, then one per change; keep-alive comments. "
         "With a seat token: that seat's payloads only; without a token: the public one "
         "(a seated phone may ask for it with ?view=public). Versions only ever increase.",
         who="seat-or-public", media="text/event-stream", answers=ref("StreamEvent"),
         answer="An event stream; each data line is a Public or SeatView payload.", errors=(503,),
         query=(Query("view", {"const": "public"}, "A seated phone asking for the public payload."),
                Query("screen", {"const": "1"}, "The public stream of a table screen: while one is "
                      "open, Auto tells the story's steps and plays the game holds for wait.")))
def stream(table: str) -> Response:
    svc = service()
    public = request.args.get("view") == "public" or seat_token(table) is None
    seat: int | None = None if public else require_seat(table)
    if seat is None:   # an unknown table: 404 before streaming
        svc.public(table)
    else:
        svc.seat_view(table, seat)
    release = _take_slot(table)
    subscription, initial = _subscribe(svc, table, seat, release)
    config = current_app.config
    # waitress (with channel_request_lookahead > 0) says when the phone has gone, so a thread
    # is not held until a keep-alive write fails.
    client_gone: Callable[[], bool] = request.environ.get("waitress.client_disconnected") or (lambda: False)
    resp = Response(events(table, subscription, initial, release, lang(), client_gone,
                           keepalive=float(config["SSE_KEEPALIVE"]), retry=int(config["SSE_RETRY_MS"]),
                           max_seconds=config.get("SSE_MAX_SECONDS")),
                    mimetype="text/event-stream",
                    headers={"Cache-Control": "no-cache, no-transform", "X-Accel-Buffering": "no"})

    def closed() -> None:  # the server closes the response: a generator never started has no finally
        subscription.close()
        release()

    resp.call_on_close(closed)
    return resp


def _take_slot(table: str) -> Callable[[], None]:
    """Count this stream against the caps (503 over one); what gives its slot back, once."""
    open_streams: OpenStreams = current_app.extensions["open_streams"]
    config = current_app.config
    address = request.remote_addr or ""
    open_streams.take(table, int(config["SSE_MAX_STREAMS"]), int(config["SSE_MAX_STREAMS_PER_TABLE"]),
                      address, int(config["SSE_MAX_STREAMS_PER_ADDRESS"]))
    released = threading.Event()

    def release() -> None:  # once, whether the stream ran to its end or was never started
        if not released.is_set():
            released.set()
            open_streams.give_back(table, address)

    return release


def _subscribe(svc: TableService, table: str, seat: int | None,
               release: Callable[[], None]) -> tuple[Subscription, dict[str, Any]]:
    """The subscription, and the payload to send first, read after subscribing."""
    try:
        subscription = svc.subscribe(table, seat, screen=seat is None and request.args.get("screen") == "1")
    except BaseException:
        release()
        raise
    # Read again after subscribing, so a change in between is not missed; and a seat the host
    # freed in between (its token checked above) is refused, as it would have been a moment later:
    # a later freeing ends this subscription, an earlier one would never have been told.
    try:
        if seat is not None:
            require_seat(table)
        return subscription, (svc.public(table) if seat is None else svc.seat_view(table, seat))
    except BaseException:
        subscription.close()
        release()
        raise


def events(table: str, subscription: Subscription, initial: dict[str, Any], release: Callable[[], None],
           language: str, client_gone: Callable[[], bool], *, keepalive: float, retry: int,
           max_seconds: float | None) -> Iterator[str]:
    """The stream's messages. It runs after the request has gone (no request context): it uses
    only what it is given, so interleaved streams in one thread (tests) and waitress threads both
    work."""
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
                if subscription.closed:   # the companion is stopping: free this thread now
                    return
                if time.monotonic() - quiet_since >= keepalive:
                    yield ": keep-alive\n\n"
                    quiet_since = time.monotonic()
                continue
            quiet_since = time.monotonic()
            if not is_newer(payload, last_sent):
                continue  # already sent, or older (the snapshot a subscription starts with)
            last_sent = payload
            yield frame(localize_payload(payload, language))
    finally:
        subscription.close()
        release()
