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

The table's own readers keep their place against strangers (:class:`OpenStreams`): a seat's
stream (its token proved), a host device's (its session proved) and the table screen's
(``?screen=1`` from the Pi itself) are capped per seat, device or screen
(``SSE_MAX_STREAMS_PER_CREDENTIAL``) instead of per address,
and where a cap in all or per table is reached they end the oldest stranger's stream (a public
stream nobody proved) to take its place. Strangers' streams are also capped per table
(``SSE_MAX_STRANGERS_PER_TABLE``, half the table's).

A stream that is not read costs at most :data:`UNSENT_MOST` of unsent frames (when the server says
how much is unsent, ``environ["tc.unsent"]``): past it, no frame is written; the stream keeps only
the newest payload, and sends that once the client reads again.
"""

from __future__ import annotations

import contextlib
import json
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from flask import Blueprint, Response, current_app, request

from engines.text import translate
from web.api import on_this_machine, packed_asked
from web.apidoc import Query, declare
from web.auth import host_session, require_seat, seat_token, service
from web.i18n import lang, localize_payload
from web.schemas import ref
from web.service import ServiceError, Subscription, TableService
from web.wire import pack

bp = Blueprint("stream", __name__, url_prefix="/api")

WAKE_SECONDS = 1.0
UNSENT_MOST = 64 * 1024   # bytes of a stream the client has not taken: past them no frame is written
BACKLOG_WAKE = 0.25       # how often a stream holding back its newest payload looks again


class TooManyStreams(ServiceError):
    """Every stream holds a server thread: over the cap, say so (the page then polls)."""

    status = 503


@dataclass(eq=False)
class Slot:
    """One open stream's place: its table, its client's address, the seat or screen it proved
    (None: a stranger's), and how to end the stream (set once it is subscribed)."""

    table: str
    address: str
    credential: str | None
    end: Callable[[], None] | None = None
    held: bool = True


@dataclass(frozen=True)
class Caps:
    most: int                 # streams in all (threads)
    per_table: int
    per_address: int          # strangers' streams per address, counting every stream from there
    strangers_per_table: int
    per_credential: int       # streams of one seat, one host device, or the Pi's own screen


class OpenStreams:
    """The open streams, oldest first. The threat: strangers on the Wi-Fi holding every place, in
    all or at a table, so a phone reconnecting to its seat, or the table screen, finds none. So a
    stranger's stream is refused over any cap, and a seat's or the screen's, over its own cap only:
    where the table's or the cap in all is reached, the oldest stranger's stream ends for it."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._slots: list[Slot] = []

    @property
    def total(self) -> int:
        return len(self._slots)

    def take(self, table: str, address: str, credential: str | None, caps: Caps) -> Slot:
        """A place for a new stream (TooManyStreams when there is none); ends strangers' streams
        to make it for a seat or a screen."""
        slot = Slot(table, address, credential)
        with self._lock:
            victims = self._victims(slot, caps)
            for victim in victims:
                self._slots.remove(victim)
                victim.held = False
            ends = [victim.end for victim in victims if victim.end is not None]
            self._slots.append(slot)
        for end in ends:
            end()
        return slot

    def _victims(self, slot: Slot, caps: Caps) -> list[Slot]:
        """The strangers' streams that end for ``slot``, oldest first; TooManyStreams if it gets no
        place."""
        full = TooManyStreams("Too many screens are connected; close one and try again.")
        here = [s for s in self._slots if s.table == slot.table]
        if slot.credential is None:
            if (len(self._slots) >= caps.most or len(here) >= caps.per_table
                    or sum(s.credential is None for s in here) >= caps.strangers_per_table
                    or sum(s.address == slot.address for s in self._slots) >= caps.per_address):
                raise full
            return []
        if sum(s.credential == slot.credential for s in self._slots) >= caps.per_credential:
            raise full
        strangers_here = [s for s in here if s.credential is None]
        elsewhere = [s for s in self._slots if s.credential is None and s.table != slot.table]
        victims = strangers_here[:max(0, len(here) - caps.per_table + 1)]
        over = len(self._slots) - len(victims) - caps.most + 1
        if over > 0:
            victims += (strangers_here[len(victims):] + elsewhere)[:over]
        if len(here) - sum(v.table == slot.table for v in victims) >= caps.per_table or (
                len(self._slots) - len(victims) >= caps.most):
            raise full
        return victims

    def attach(self, slot: Slot, end: Callable[[], None]) -> None:
        """How to end ``slot``'s stream; ended at once if its place was taken meanwhile."""
        with self._lock:
            slot.end = end
            taken = not slot.held
        if taken:
            end()

    def give_back(self, slot: Slot) -> None:
        with self._lock:
            if slot.held:
                slot.held = False
                self._slots.remove(slot)


@bp.record_once
def _setup(state: Any) -> None:
    state.app.config.setdefault("SSE_MAX_STREAMS", 24)            # of waitress's 32 threads
    state.app.config.setdefault("SSE_MAX_STREAMS_PER_TABLE", 16)  # 8 seats, screens, the host
    state.app.config.setdefault("SSE_MAX_STREAMS_PER_ADDRESS", 6)  # a phone, or the Pi's screen and host page
    state.app.config.setdefault("SSE_MAX_STRANGERS_PER_TABLE", 8)  # public streams nobody proved
    state.app.config.setdefault("SSE_MAX_STREAMS_PER_CREDENTIAL", 4)  # a phone, a host device, the Pi screen
    state.app.extensions["open_streams"] = OpenStreams()


def frame(payload: dict[str, Any]) -> str:
    """One SSE message: ``id`` = the table's version, ``data`` = the payload as one JSON line, its
    keys in order as every answer's (Flask's JSON sorts them): a phone tells a payload it has drawn
    already by its text, and the same payload twice is drawn once (docs/web.md, "A slow phone's
    first second")."""
    lines = []
    if isinstance(payload.get("version"), int):
        lines.append(f"id: {payload['version']}")
    lines.append("data: " + json.dumps(payload, separators=(",", ":"), sort_keys=True))
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
    slot, release = _take_slot(table, _credential(svc, table, seat))
    subscription, initial = _subscribe(svc, table, seat, release)
    current_app.extensions["open_streams"].attach(slot, subscription.end)
    config = current_app.config
    # waitress (with channel_request_lookahead > 0) says when the phone has gone, so a thread
    # is not held until a keep-alive write fails.
    client_gone: Callable[[], bool] = request.environ.get("waitress.client_disconnected") or (lambda: False)
    unsent: Callable[[], int] = request.environ.get("tc.unsent") or (lambda: 0)
    resp = Response(events(table, subscription, initial, release, lang(), client_gone,
                           keepalive=float(config["SSE_KEEPALIVE"]), retry=int(config["SSE_RETRY_MS"]),
                           max_seconds=config.get("SSE_MAX_SECONDS"), unsent=unsent, packed=packed_asked()),
                    mimetype="text/event-stream",
                    headers={"Cache-Control": "no-cache, no-transform", "X-Accel-Buffering": "no"})

    def closed() -> None:  # the server closes the response: a generator never started has no finally
        subscription.close()
        release()

    resp.call_on_close(closed)
    return resp


def _credential(svc: TableService, table: str, seat: int | None) -> str | None:
    """What keeps this stream's place against strangers: its seat (the token proved it, also when
    a seated phone asks for the public payload), a host device's session (its host page, or the
    table screen shown on it), or the table screen's ``?screen=1`` from the Pi itself; None: a
    stranger's public stream."""
    token = seat_token(table)
    if seat is None and token is not None:
        with contextlib.suppress(ServiceError):
            seat = svc.seat_of(table, token)
    if seat is not None:
        return f"seat {table} {seat}"
    session = host_session()
    if session is not None:
        return f"host device {session}"
    if request.args.get("screen") == "1" and on_this_machine():
        return "screen of this machine"
    return None


def _take_slot(table: str, credential: str | None) -> tuple[Slot, Callable[[], None]]:
    """This stream's place, within the caps (503 over one); and what gives it back."""
    open_streams: OpenStreams = current_app.extensions["open_streams"]
    config = current_app.config
    caps = Caps(most=int(config["SSE_MAX_STREAMS"]), per_table=int(config["SSE_MAX_STREAMS_PER_TABLE"]),
                per_address=int(config["SSE_MAX_STREAMS_PER_ADDRESS"]),
                strangers_per_table=int(config["SSE_MAX_STRANGERS_PER_TABLE"]),
                per_credential=int(config["SSE_MAX_STREAMS_PER_CREDENTIAL"]))
    slot = open_streams.take(table, request.remote_addr or "", credential, caps)
    return slot, lambda: open_streams.give_back(slot)   # once, however often it is called


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
           max_seconds: float | None, unsent: Callable[[], int] = lambda: 0,
           most_unsent: int = UNSENT_MOST, packed: bool = False) -> Iterator[str]:
    """The stream's messages. It runs after the request has gone (no request context): it uses
    only what it is given, so interleaved streams in one thread (tests) and waitress threads both
    work.

    A frame is written only while less than ``most_unsent`` bytes of the stream wait unsent
    (``unsent()``). The threat: a client that never reads, whose frames would otherwise pile up in
    the server (waitress keeps 1 MB of them in memory, then up to 16 MB in temporary files).
    Meanwhile the stream keeps only the newest payload (each is a full view), and writes it once
    the client has read. ``packed``: each payload in the pages' form (:mod:`web.wire`)."""
    def said(payload: dict[str, Any]) -> dict[str, Any]:
        localized = localize_payload(payload, language)
        return pack(localized) if packed else localized

    started = time.monotonic()
    last_sent: dict[str, Any] = initial
    newest: dict[str, Any] | None = None   # a change held back while the client has not read
    try:
        yield f": table {table}\nretry: {retry}\n\n"
        yield frame(said(initial))
        quiet_since = time.monotonic()
        while (max_seconds is None or time.monotonic() - started < max_seconds) and not client_gone():
            try:
                # wake at least once a second to notice a phone that left (waitress tells us)
                wait = BACKLOG_WAKE if newest is not None else min(keepalive, WAKE_SECONDS)
                payload = subscription.get(wait)
            except ServiceError as exc:  # e.g. the host freed this seat: say so, then end the stream
                gone = json.dumps({"error": translate(exc.text, language)})
                yield f"event: gone\ndata: {gone}\n\n"
                return
            if payload is None and subscription.closed:   # the companion is stopping: free this thread
                return
            # never an older one than the last (the snapshot a subscription starts with may be)
            if payload is not None and is_newer(payload, last_sent if newest is None else newest):
                newest = payload
            if newest is not None:
                if unsent() < most_unsent:
                    last_sent, newest = newest, None
                    quiet_since = time.monotonic()
                    yield frame(said(last_sent))
            elif time.monotonic() - quiet_since >= keepalive and not unsent():
                yield ": keep-alive\n\n"
                quiet_since = time.monotonic()
    finally:
        subscription.close()
        release()
