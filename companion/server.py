"""waitress, set up for a hostile Wi-Fi: nobody on it, with or without a seat, can lock the table out.

One process with a thread pool (it owns the GPIO pins and the tables in memory). What a
client on the network could otherwise hold, and how it is bounded here:

- **Connections.** At most :data:`PER_ADDRESS` from one client address: a further connection
  from that address is closed at once (and logged, once a minute). In all there are
  :data:`CONNECTION_LIMIT`, which a crowd from many addresses, each under the per-address bound,
  can still reach. So at the limit a new connection is never turned away for a crowd: it gets in by
  closing the connection that has gone longest without completing a request head
  (:func:`make_room`), idle or unfinished ones before those running a request. A silent
  connection within :data:`GRACE_SECONDS` of opening goes after every unfinished head (its head
  may be on the way: unread, it cannot be known as a seat's). The descriptor limit is raised at
  start to fit (:func:`raise_descriptor_limit`; systemd's ``LimitNOFILE`` too).
- **Trusted connections.** A connection whose request proved a seat token, a host session or the
  host key (the app says so through ``environ["tc.trusted"]``, which :class:`Task` offers) is not
  closed to make room, so a crowd cannot close a phone's or the host's connections. The threat:
  anyone may claim a free seat, and trust that anyone can earn must not let one client hold the
  limit's worth of connections that are never closed (every newcomer would then be closed: other
  phones, the table screen, the host, who could not even free the seat). So trust belongs to a
  live credential and is bounded (:meth:`Channel.trust`):

  - it lasts through the request that proved it and the idle time after it; the next request on
    the connection must prove a credential again, or the connection is a stranger's;
  - it is checked again whenever a connection must make room: a freed seat, a revoked host
    session or a changed host key leaves its connections strangers at once;
  - at most :data:`TRUSTED_PER_CREDENTIAL` connections per seat token, host session or host key,
    and :data:`TRUSTED_PER_ADDRESS` per address, are trusted: the ones that proved it last (a
    phone's browser opens about 6); and at most half the limit in all, so a newcomer always finds
    a stranger's connection to take the place of.
- **Unfinished requests.** A request head must be complete within :data:`HEAD_SECONDS` of its
  first byte, and its body within :data:`BODY_SECONDS` of the head, whatever bytes trickle in
  (each resets the silence timer). A connection with no request running (a keep-alive left open,
  a phone gone from the Wi-Fi) is closed after :data:`CHANNEL_TIMEOUT` seconds of silence; the
  server looks every :data:`CLEANUP_INTERVAL` seconds.
- **Slow readers.** An answer the client has not taken stays in the server's memory, and waitress
  alone would make every answer a client pipelined (hundreds, for a few KB of requests) and keep
  up to 16 MB a connection. So a connection's next request is not run while more than
  :data:`UNSENT_MOST` of its earlier answers is unsent: it waits, with no thread, until the
  client reads (:meth:`Channel.park`); at most :data:`PIPELINED` requests wait on a connection,
  and past them the rest of what arrived is dropped unread and the connection is closed once those
  are answered (:meth:`Channel.cut_pipeline`). A stream writes no frame while more than
  :data:`UNSENT_MOST` of it is unsent (``web.stream``, through ``environ["tc.unsent"]``); any other
  answer written in pieces waits past :data:`HIGH_WATERMARK`. Nothing unsent is spooled to a
  temporary file (:data:`IN_RAM`; on the Pi, the SD card). A connection that never reads so costs
  the server at most about :data:`UNSENT_MOST` and one answer, and a parked one is closed to make
  room like an idle one.
- **Bodies.** ``max_request_body_size`` is the app's own limit: a body announced or streamed
  over it is refused at once (413), never read or spooled to disk.
- **Half-open connections.** A phone that leaves the Wi-Fi sends no goodbye. TCP keep-alive
  probes, and on Linux ``TCP_USER_TIMEOUT`` (data unacknowledged for :data:`UNACKED_SECONDS`),
  end such a connection, so a stream's keep-alive write fails and its thread is freed within
  about half a minute instead of the kernel's quarter of an hour.
- **Threads.** Each open stream holds a thread; ``web.stream`` caps them in all, per table and
  per address, and a refused stream's connection is closed (the app asks through
  ``environ["tc.close_connection"]``, which :class:`Task` offers). A task goes to the thread that
  went idle last, and a thread starts only when none is idle (``companion.dispatcher``): a quiet
  table keeps using the same few threads, and the others never take memory.
- **Refusals written by waitress itself** (a malformed request line or header, an absurd
  ``Content-Length``, headers too large, a body over the limit) are JSON ``{"error": sentence}``
  like the app's (:class:`JSONErrorTask`); only a connection closed without an answer (over the
  per-address bound, or silent too long) has no body.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import socket
import threading
import time
from collections.abc import Callable
from typing import Any, ClassVar

from waitress import create_server  # type: ignore[import-untyped]
from waitress.channel import HTTPChannel  # type: ignore[import-untyped]
from waitress.task import ErrorTask, WSGITask  # type: ignore[import-untyped]

from companion.dispatcher import WarmDispatcher
from engines.text import N_, Text, translate
from web.errors import HTTP_SENTENCES

log = logging.getLogger("companion.server")

THREADS = 32            # 8 seats + table screens + host + ordinary requests, with headroom
FREE_THREADS = 8        # never held by a stream: plays, views and pages always find a thread
CONNECTION_LIMIT = 500  # in all; past it a new connection takes the place of an unfinished one
SPARE_CONNECTIONS = 16  # waitress's own hard stop lies this far above (connections being closed)
DESCRIPTORS = 4096      # the descriptor limit asked for at start (systemd: LimitNOFILE=4096)
PER_ADDRESS = 32        # from one client address: a phone's browser opens about 6
TRUSTED_PER_CREDENTIAL = 6   # connections one seat token, host session or host key keeps trusted
TRUSTED_PER_ADDRESS = 6      # trusted connections from one address, whatever they proved
HEAD_SECONDS = 4        # a request head must be complete within this, however it trickles in
BODY_SECONDS = 8        # and its body within this of the head (64 KB at most: a slow phone needs 1 s)
UNSENT_MOST = 64 * 1024  # a connection's answers the client has not taken: past it no answer begins
PIPELINED = 6           # requests waiting on one connection (waitress reads up to the lookahead + 1)
HIGH_WATERMARK = 256 * 1024   # an answer written in pieces waits past this much unsent
IN_RAM = 1 << 62        # an unsent answer is never spooled to a temporary file (the Pi's SD card)
GRACE_SECONDS = 1.0     # a silent connection this young is closed to make room last but streams
CHANNEL_TIMEOUT = 10    # seconds a connection with no running request may stay silent
CLEANUP_INTERVAL = 1    # seconds between the looks for silent and unfinished connections
REQUEST_LOOKAHEAD = 5   # lets a stream notice a phone that left (waitress.client_disconnected)
UNACKED_SECONDS = 30    # a connection whose data goes unacknowledged this long is dead
CLOSE_CONNECTION = "tc.close_connection"
UNSENT = "tc.unsent"    # how many bytes of its answer the client has not taken yet (web/stream.py)
TRUSTED = "tc.trusted"  # web/auth.py calls it (credential, alive) once a request proved a seat or the host
LIMIT_VARIABLE = "COMPANION_CONNECTION_LIMIT"   # tests (and a small board): another limit in all
SEND_BUFFER_VARIABLE = "COMPANION_SEND_BUFFER"   # tests: the kernel's send buffer of a phone on Wi-Fi


def socket_options() -> list[tuple[int, int, int]]:
    """waitress's own (no Nagle) plus keep-alive probes and a limit on unacknowledged data.

    ``COMPANION_SEND_BUFFER`` (bytes) fixes the kernel's send buffer of each connection. Over
    loopback the kernel lets a connection's send buffer grow to megabytes (its segments are
    64 KB), so it would take in what a client never reads, where a phone's connection over Wi-Fi
    takes tens of kilobytes and leaves the rest to the server: the tests set it to see what the
    server keeps of a slow reader's answers as it would on the Pi."""
    options = [(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1), (socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)]
    for name, value in (("TCP_KEEPIDLE", 15), ("TCP_KEEPINTVL", 5), ("TCP_KEEPCNT", 3),
                        ("TCP_USER_TIMEOUT", UNACKED_SECONDS * 1000)):
        if hasattr(socket, name):   # Linux (the Pi); elsewhere the kernel's defaults
            options.append((socket.IPPROTO_TCP, int(getattr(socket, name)), value))
    send_buffer = int(os.environ.get(SEND_BUFFER_VARIABLE) or 0)
    if send_buffer > 0:
        options.append((socket.SOL_SOCKET, socket.SO_SNDBUF, send_buffer))
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
        environ[TRUSTED] = self.channel.trust
        channel = self.channel
        environ[UNSENT] = lambda: int(channel.total_outbufs_len)
        return environ


class Channel(HTTPChannel):  # type: ignore[misc]
    """One client connection; closed at once when its address already holds :data:`PER_ADDRESS`;
    at the limit in all it makes room (:func:`make_room`). It knows when the head it is reading
    began (``head_since``), when it last completed one (``last_head``) and, while it is trusted,
    which credential its request proved (``credential``), how to ask whether that credential is
    still live (``alive``) and when it proved it (``proven``)."""

    task_class = Task
    error_task_class = JSONErrorTask
    per_address = PER_ADDRESS
    limit = CONNECTION_LIMIT
    _last_warning: ClassVar[dict[str, float]] = {}
    _trust_lock: ClassVar[threading.Lock] = threading.Lock()
    trusted = False
    credential: str | None = None
    alive: Callable[[], bool] | None = None
    proven = 0.0
    head_since: float | None = None   # the first byte of the head being read (None: none begun)
    body_since: float | None = None   # the head whose body is being read was complete (None: none)
    body_of: Any = None               # that request
    parked = False    # its next request waits, with no thread, for the client to take its answers
    cut = False       # it pipelined past PIPELINED: nothing more is read; closed once answered

    def __init__(self, server: Any, sock: Any, addr: Any, adj: Any, map: Any = None) -> None:
        super().__init__(server, sock, addr, adj, map=map)
        self.last_head: float = self.creation_time
        host = _host(addr)
        channels = list(server.active_channels.values())
        same = sum(1 for ch in channels if _host(getattr(ch, "addr", None)) == host)
        if same > self.per_address:
            self.will_close = True   # closed on the next turn of the loop; nothing is read
            _warn(host, "%s holds %d connections, more than %d: new ones are closed at once",
                  host, same - 1, self.per_address)
        elif len(channels) > self.limit and not make_room(server, self):
            self.will_close = True
            _warn("", "none of the %d connections could make room: a new one is closed",
                  len(channels) - 1)

    def trust(self, credential: str, alive: Callable[[], bool]) -> None:
        """This connection's request proved ``credential`` (a seat token, a host session, the host
        key; any string naming it), live while ``alive()``: not closed to make room while it stays
        among the :data:`TRUSTED_PER_CREDENTIAL` connections that proved that credential last, the
        :data:`TRUSTED_PER_ADDRESS` of its address and half the limit in all."""
        with Channel._trust_lock:
            self.credential, self.alive, self.proven = credential, alive, time.monotonic()
            self.trusted = True
            trusted = sorted((ch for ch in list(self.server.active_channels.values())
                              if getattr(ch, "trusted", False)), key=lambda ch: -ch.proven)
            host = _host(self.addr)
            for same, most in ((lambda ch: ch.credential == credential, TRUSTED_PER_CREDENTIAL),
                               (lambda ch: _host(ch.addr) == host, TRUSTED_PER_ADDRESS),
                               (lambda ch: True, self.limit // 2)):
                group = [ch for ch in trusted if ch.trusted and same(ch)]
                for older in group[most:]:
                    older.untrust()

    def untrust(self) -> None:
        """A stranger's connection again (closed to make room in its turn)."""
        self.trusted, self.credential, self.alive = False, None, None

    def service(self) -> None:
        """Run the next request (in a request thread). Each request proves its own credential: until
        it does, the connection is a stranger's. A request whose connection still holds more than
        :data:`UNSENT_MOST` of earlier answers is not run yet (:meth:`park`)."""
        self.untrust()
        if self.park():
            return
        super().service()
        if self.body_since is not None:   # a body that waited behind the answers: its time starts now
            self.body_since = time.time()
        if self.cut:
            with self.requests_lock:
                if not self.requests:
                    self.close_when_flushed = True
            self.server.pull_trigger()

    def park(self) -> bool:
        """The threat: a client that pipelines requests for a large answer and never reads would
        have every answer made and kept in memory (waitress keeps up to 16 MB a connection), or
        hold a request thread waiting for it to read. So while more than :data:`UNSENT_MOST` of its
        answers is unsent, its next request waits with no thread; :meth:`handle_write` queues it
        again once the client has taken enough. Whether it was parked."""
        with self.outbuf_lock:
            if not self.connected or self.total_outbufs_len <= UNSENT_MOST:
                return False
            self.parked = True
        self.server.pull_trigger()
        return True

    def handle_write(self) -> None:
        super().handle_write()
        if self.parked:
            with self.outbuf_lock:
                if self.total_outbufs_len > UNSENT_MOST:
                    return
                self.parked = False
            if self.connected and self.requests:
                self.server.add_task(self)

    def readable(self) -> bool:
        return not self.cut and bool(super().readable())

    def received(self, data: bytes) -> bool:
        now = time.time()
        if self.request is None and data:
            self.head_since = now
        result: bool = super().received(data)
        request = self.request
        if request is None or request.headers_finished:
            if self.head_since is not None:
                self.last_head = now
            self.head_since = None
        elif self.head_since is None:
            self.head_since = now
        if request is None or not request.headers_finished:
            self.body_since = self.body_of = None
        elif request is not self.body_of:
            self.body_since, self.body_of = now, request
        self.cut_pipeline()
        return result

    def cut_pipeline(self) -> None:
        """Past :data:`PIPELINED` requests waiting, the rest of what arrived is dropped unread,
        nothing more is read, and the connection is closed once the kept ones are answered (a
        client retries a request a closed connection left unanswered). A browser never pipelines;
        a client that sends hundreds of requests at once must not have them all kept."""
        with self.requests_lock:
            if len(self.requests) <= PIPELINED:
                return
            for dropped in self.requests[PIPELINED:]:
                dropped.close()
            del self.requests[PIPELINED:]
            self.request = None
            self.cut = True
        self.head_since = self.body_since = self.body_of = None


def _warn(key: str, message: str, *args: Any) -> None:
    """A warning, at most once a minute for each ``key`` (an address, or "" for the server)."""
    now = time.monotonic()
    if now - Channel._last_warning.get(key, -60.0) >= 60.0:
        Channel._last_warning[key] = now
        log.warning(message, *args)


def still_trusted(channel: Any, live: dict[str, bool]) -> bool:
    """Whether ``channel`` is trusted and its credential is still live (asked once per credential
    in ``live``); a connection whose credential is gone (a freed seat, a revoked host session) is
    made a stranger's here."""
    alive, credential = getattr(channel, "alive", None), getattr(channel, "credential", None)
    if not getattr(channel, "trusted", False) or alive is None or credential is None:
        return False
    if credential not in live:
        try:
            live[credential] = bool(alive())
        except Exception:   # the table ended, the store failed: not a credential that holds
            live[credential] = False
    if not live[credential]:
        channel.untrust()
    return live[credential]


def make_room(server: Any, newcomer: Any) -> bool:
    """Close the connection that has gone longest without completing a request head, never one
    still trusted (:func:`still_trusted`); False when there is none other.

    First those with no request running, unless such a one is silent and young (no byte of a head
    yet, within :data:`GRACE_SECONDS` of opening or of its last head); then the silent young ones;
    then those running a request (a stream). Why the young ones wait: a connection whose head is
    not read yet cannot be known as a seat's or the host's, and while a crowd churns through the
    limit (each new crowd connection taking another's place) a phone's fresh connection would
    soon be the oldest without a complete head, closed before the head its phone was sending
    arrived. A crowd that sends the start of a head, as a slow-header crowd does, is always closed
    first; one that stays silent would have to open the limit's worth of connections within a
    phone's head's way to close it."""
    victim, best = None, (3, float("inf"))
    young = time.time() - GRACE_SECONDS
    live: dict[str, bool] = {}
    for channel in list(server.active_channels.values()):
        if channel is newcomer or channel.will_close or still_trusted(channel, live):
            continue
        last_head = getattr(channel, "last_head", channel.creation_time)
        silent_young = getattr(channel, "head_since", None) is None and last_head > young
        running = channel.requests and not getattr(channel, "parked", False)  # parked: waits on its client
        key = (2 if running else 1 if silent_young else 0, last_head)
        if key < best:
            victim, best = channel, key
    if victim is None:
        return False
    _warn("room", "%d connections open: the one from %s that has gone longest without a request is "
          "closed to make room (logged once a minute)", len(server.active_channels), _host(victim.addr))
    if victim.requests:
        victim.will_close = True      # a running request: closed by the loop, its writes then fail
    else:
        victim.handle_close()
    return True


class ServerHooks:
    """Mixed into waitress's server: past the silence timer, a head must be complete within
    :data:`HEAD_SECONDS` of its first byte, and its body within :data:`BODY_SECONDS` of the head
    (whatever bytes trickle in, each of which resets the silence timer)."""

    def maintenance(self, now: float) -> None:
        super().maintenance(now)  # type: ignore[misc]
        channels: dict[int, Any] = self.active_channels  # type: ignore[attr-defined]
        for channel in channels.values():
            head, body = getattr(channel, "head_since", None), getattr(channel, "body_since", None)
            late = ((head is not None and head < now - HEAD_SECONDS)
                    or (body is not None and body < now - BODY_SECONDS))
            if late and not channel.requests:
                channel.will_close = True


def raise_descriptor_limit(wanted: int = DESCRIPTORS) -> int:
    """Raise the soft limit on open files towards ``wanted`` (at most the hard limit); the limit now."""
    try:
        import resource
    except ImportError:   # not on Linux: the system's own
        return wanted
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
    return int(soft)


def connection_limit() -> int:
    """:data:`CONNECTION_LIMIT`, or the environment's ``COMPANION_CONNECTION_LIMIT``, within what
    the descriptors allow (a few dozen are kept for the store, the pins and the log)."""
    wanted = int(os.environ.get(LIMIT_VARIABLE) or CONNECTION_LIMIT)
    return max(8, min(wanted, raise_descriptor_limit() - SPARE_CONNECTIONS - 64))


def build(app: Any, *, host: str, port: int, max_body: int, threads: int = THREADS,
          per_address: int = PER_ADDRESS, channel_timeout: int = CHANNEL_TIMEOUT) -> Any:
    """The waitress server for ``app`` (not started: call ``run()``)."""
    limit = connection_limit()
    dispatcher = WarmDispatcher()
    dispatcher.set_thread_count(threads)
    server = create_server(
        app, host=host, port=port, threads=threads, ident="companion", _dispatcher=dispatcher,
        connection_limit=limit + SPARE_CONNECTIONS, channel_timeout=channel_timeout,
        cleanup_interval=CLEANUP_INTERVAL, max_request_body_size=max_body,
        channel_request_lookahead=REQUEST_LOOKAHEAD,
        outbuf_high_watermark=HIGH_WATERMARK, outbuf_overflow=IN_RAM,
        asyncore_use_poll=True)   # poll(): no 1024-descriptor ceiling as with select()
    channel = type("Channel", (Channel,), {"per_address": per_address, "limit": limit})
    for each in _servers(server):
        each.__class__ = type("Server", (ServerHooks, type(each)), {})
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
    sockets: list[Any] = server.__dict__.setdefault("_tc_sockets", [])

    def empty() -> None:   # in the loop: what it holds at that moment (a connection accepted
        sockets.extend(the_map.values())   # after this was asked included), then nothing
        the_map.clear()

    first.trigger.pull_trigger(empty)


def close(server: Any, timeout: float) -> None:
    """After ``run()`` returned: let running requests end (at most ``timeout`` seconds; streams
    have ended already), then close every socket the loop held."""
    first = _servers(server)[0]
    sockets = server.__dict__.get("_tc_sockets") or list(first._map.values())
    first.task_dispatcher.shutdown(timeout=timeout)
    for each in sockets:
        with contextlib.suppress(OSError):
            if hasattr(each, "outbufs"):   # a connection: its output buffers too (one a slow reader
                each.handle_close()        # filled may have overflowed into a temporary file)
            else:
                each.close()
