"""waitress, set up for a hostile Wi-Fi (issue 17): nobody on it can lock the table out.

One process with a thread pool (it owns the GPIO pins and the tables in memory). What a
client on the network could otherwise hold, and how it is bounded here:

- **Connections.** ``connection_limit`` is :data:`CONNECTION_LIMIT` in all, and at most
  :data:`PER_ADDRESS` from one client address: a further connection from that address is
  closed at once (and logged, once a minute), so idle or half-open sockets from one machine
  cannot fill the server for everyone else.
- **Unfinished requests.** A connection with no request running (a header never finished, a
  keep-alive left open, a phone gone from the Wi-Fi) is closed after :data:`CHANNEL_TIMEOUT`
  seconds of silence; waitress looks every :data:`CLEANUP_INTERVAL` seconds.
- **Bodies.** ``max_request_body_size`` is the app's own limit: a body announced or streamed
  over it is refused at once (413), never read or spooled to disk.
- **Half-open connections.** A phone that leaves the Wi-Fi sends no goodbye. TCP keep-alive
  probes, and on Linux ``TCP_USER_TIMEOUT`` (data unacknowledged for :data:`UNACKED_SECONDS`),
  end such a connection, so a stream's keep-alive write fails and its thread is freed within
  about half a minute instead of the kernel's quarter of an hour.
- **Threads.** Each open stream holds a thread; ``web.stream`` caps them in all, per table and
  per address, and a refused stream's connection is closed (the app asks through
  ``environ["tc.close_connection"]``, which :class:`Task` offers).
- **Refusals written by waitress itself** (a malformed request line or header, an absurd
  ``Content-Length``, headers too large, a body over the limit) are JSON ``{"error": sentence}``
  like the app's (:class:`JSONErrorTask`); only a connection closed without an answer (over the
  per-address bound, or silent too long) has no body.
"""

from __future__ import annotations

import contextlib
import json
import logging
import socket
import time
from typing import Any, ClassVar

from waitress import create_server  # type: ignore[import-untyped]
from waitress.channel import HTTPChannel  # type: ignore[import-untyped]
from waitress.task import ErrorTask, WSGITask  # type: ignore[import-untyped]

from engines.text import N_, Text, translate
from web.errors import HTTP_SENTENCES

log = logging.getLogger("companion.server")

THREADS = 32            # 8 seats + table screens + host + ordinary requests, with headroom
FREE_THREADS = 8        # never held by a stream: plays, views and pages always find a thread
CONNECTION_LIMIT = 250  # in all (each is a file descriptor; the default limit is 1024)
PER_ADDRESS = 32        # from one client address: a phone's browser opens about 6
CHANNEL_TIMEOUT = 10    # seconds a connection with no running request may stay silent
CLEANUP_INTERVAL = 2    # seconds between waitress's looks for silent connections
REQUEST_LOOKAHEAD = 5   # lets a stream notice a phone that left (waitress.client_disconnected)
UNACKED_SECONDS = 30    # a connection whose data goes unacknowledged this long is dead
CLOSE_CONNECTION = "tc.close_connection"


def socket_options() -> list[tuple[int, int, int]]:
    """waitress's own (no Nagle) plus keep-alive probes and a limit on unacknowledged data."""
    options = [(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1), (socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)]
    for name, value in (("TCP_KEEPIDLE", 15), ("TCP_KEEPINTVL", 5), ("TCP_KEEPCNT", 3),
                        ("TCP_USER_TIMEOUT", UNACKED_SECONDS * 1000)):
        if hasattr(socket, name):   # Linux (the Pi); elsewhere the kernel's defaults
            options.append((socket.IPPROTO_TCP, int(getattr(socket, name)), value))
    return options

WAITRESS_SENTENCES: dict[int, str] = {
    **HTTP_SENTENCES,
    431: N_("The request's headers are too large."),
    501: N_("The request could not be read."),
    500: N_("Something went wrong on the table computer. Try again."),
}


def _host(addr: Any) -> str:
    return str(addr[0]) if isinstance(addr, tuple) and addr else str(addr)


class JSONErrorTask(ErrorTask):  # type: ignore[misc]
    """A refusal waitress writes before the app sees the request, as ``{"error": sentence}``."""

    def execute(self) -> None:
        error = self.request.error
        code = int(getattr(error, "code", 400))
        sentence = translate(Text(WAITRESS_SENTENCES.get(code, "The request could not be read.")), "en")
        body = json.dumps({"error": sentence}).encode()
        self.status = f"{code} {getattr(error, 'reason', 'Bad Request')}"
        self.response_headers.append(("Content-Type", "application/json"))
        self.set_close_on_finish()
        self.content_length = len(body)
        self.write(body)


class Task(WSGITask):  # type: ignore[misc]
    """waitress's WSGI task, offering the app a way to close the connection after its answer."""

    def get_environment(self) -> dict[str, Any]:
        environ: dict[str, Any] = super().get_environment()
        environ[CLOSE_CONNECTION] = self.set_close_on_finish
        return environ


class Channel(HTTPChannel):  # type: ignore[misc]
    """One client connection; closed at once when its address already holds :data:`PER_ADDRESS`."""

    task_class = Task
    error_task_class = JSONErrorTask
    per_address = PER_ADDRESS
    _last_warning: ClassVar[dict[str, float]] = {}

    def __init__(self, server: Any, sock: Any, addr: Any, adj: Any, map: Any = None) -> None:
        super().__init__(server, sock, addr, adj, map=map)
        host = _host(addr)
        channels = list(server.active_channels.values())
        same = sum(1 for ch in channels if _host(getattr(ch, "addr", None)) == host)
        if same > self.per_address:
            self.will_close = True   # closed on the next turn of the loop; nothing is read
            now = time.monotonic()
            if now - self._last_warning.get(host, -60.0) >= 60.0:
                self._last_warning[host] = now
                log.warning("%s holds %d connections, more than %d: new ones are closed at once",
                            host, same - 1, self.per_address)


def build(app: Any, *, host: str, port: int, max_body: int, threads: int = THREADS,
          per_address: int = PER_ADDRESS, channel_timeout: int = CHANNEL_TIMEOUT) -> Any:
    """The waitress server for ``app`` (not started: call ``run()``)."""
    server = create_server(
        app, host=host, port=port, threads=threads, ident="companion",
        connection_limit=CONNECTION_LIMIT, channel_timeout=channel_timeout,
        cleanup_interval=CLEANUP_INTERVAL, max_request_body_size=max_body,
        channel_request_lookahead=REQUEST_LOOKAHEAD,
        asyncore_use_poll=True)   # poll(): no 1024-descriptor ceiling as with select()
    channel = type("Channel", (Channel,), {"per_address": per_address, "_last_warning": {}})
    for each in _servers(server):
        each.channel_class = channel
        each.adj.socket_options = socket_options()   # not a keyword of create_server
    return server


def _servers(server: Any) -> list[Any]:
    """The listening servers (create_server returns one, or a MultiSocketServer holding several)."""
    if hasattr(server, "active_channels"):
        return [server]
    return [d for d in server.map.values() if hasattr(d, "active_channels")]


def end_loop(server: Any) -> None:
    """End ``server.run()`` from another thread: the loop stops once its map is empty, so the map
    is emptied from inside the loop (a trigger), never while its poll() runs. The sockets are
    closed afterwards by :func:`close`."""
    first = _servers(server)[0]
    the_map = first._map
    sockets = list(the_map.values())
    server.__dict__.setdefault("_tc_sockets", sockets)
    first.trigger.pull_trigger(the_map.clear)


def close(server: Any, timeout: float) -> None:
    """After ``run()`` returned: let running requests end (at most ``timeout`` seconds; streams
    have ended already), then close every socket the loop held."""
    first = _servers(server)[0]
    sockets = server.__dict__.get("_tc_sockets") or list(first._map.values())
    first.task_dispatcher.shutdown(timeout=timeout)
    for each in sockets:
        with contextlib.suppress(OSError):
            each.close()
