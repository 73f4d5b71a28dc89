"""A stranger with a seat cannot lock the table out, over a real server.

The threat: anyone on the Wi-Fi may claim a free seat, and a connection whose request proved a
seat is not closed to make room for a crowd. A stranger who claims one and proves it on more
connections than the server's limit, from many addresses, kept open with a cheap request now and
then, must not leave the server with nothing to close for a newcomer: every other phone, the
table screen and the host still connect and play, the host frees the stranger's seat, and from
then on the stranger's connections are strangers' ones, closed to make room like any other.

The server's connection limit is scaled down (``COMPANION_CONNECTION_LIMIT``) so the shape of the
attack (more connections than the limit, all carrying the valid token, from 17 addresses) costs a
few dozen sockets. Each loopback address is a machine of its own. Everything is bounded in count
and time.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.companion.server import ServerProcess, Stream, seated_guess_table

FAKE = ("--extra-game", "tests.fakegame:GAME")
LIMIT = 48                                                     # connections in all, scaled down
STRANGER = [f"127.0.2.{n}" for n in range(1, 18)]              # 17 machines, one stranger
PER_MACHINE = 4                                                # 68 connections: more than LIMIT
PHONES = ["127.0.3.1", "127.0.3.2", "127.0.3.3"]               # Anna, Ben and Cleo
SCREEN, NEW_PHONE, HOST = "127.0.4.1", "127.0.4.2", "127.0.4.3"
OTHERS = [f"127.0.5.{n}" for n in range(1, 5)]                 # ordinary visitors, later
PATIENCE = 10.0        # seconds a device waits for an answer; far above what a free server needs


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    """Idle connections are kept for 30 s, so only making room closes one during the test."""
    with ServerProcess(tmp_path / "data", *FAKE, "--channel-timeout", "30",
                       env={"COMPANION_CONNECTION_LIMIT": str(LIMIT)}) as srv:
        yield srv


def read_answer(sock: socket.socket) -> tuple[int, bytes]:
    """One whole answer on a keep-alive connection: its status and body. ConnectionError when the
    server closes the connection first."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            raise ConnectionError("closed before an answer")
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    length = next((int(line.split(":", 1)[1]) for line in lines[1:]
                   if line.lower().startswith("content-length:")), 0)
    while len(body) < length:
        chunk = sock.recv(65536)
        if not chunk:
            raise ConnectionError("closed within an answer")
        body += chunk
    return int(lines[0].split()[1]), body


class SeatedCrowd:
    """The stranger: ``per_address`` keep-alive connections from each of ``addresses``, each asking
    its seat's view with its token, every connection asked again every ``every`` seconds (under
    the server's idle timeout) and reopened when the server closes it. :meth:`hold` stops the
    asking and keeps every connection open as it is. Stops by itself after ``seconds``."""

    def __init__(self, port: int, table: str, token: str, addresses: list[str], per_address: int,
                 *, every: float = 1.0, seconds: float = 60.0) -> None:
        self.port, self.every, self.seconds = port, every, seconds
        self.ask = (f"GET /api/tables/{table}/view HTTP/1.1\r\nHost: x\r\n"
                    f"Authorization: Bearer {token}\r\n\r\n").encode()
        self.slots = [a for a in addresses for _ in range(per_address)]
        self.held: list[socket.socket | None] = [None] * len(self.slots)
        self.opened = self.answered = 0
        self.stop, self.holding, self.held_still = threading.Event(), threading.Event(), threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def start(self) -> SeatedCrowd:
        self.thread.start()
        return self

    def _asked(self, n: int) -> None:
        """Ask on slot ``n``'s connection (opened first if it has none); dropped when closed."""
        sock = self.held[n]
        if sock is None:
            if self.opened > 30 * len(self.slots):   # bounded, whatever the server does
                return
            self.opened += 1
            try:
                sock = socket.create_connection(("127.0.0.1", self.port), timeout=2.0,
                                                source_address=(self.slots[n], 0))
            except OSError:
                return
        try:
            sock.sendall(self.ask)
            if read_answer(sock)[0] == 200:
                self.answered += 1
            self.held[n] = sock
        except OSError:
            sock.close()
            self.held[n] = None

    def _run(self) -> None:
        end = time.monotonic() + self.seconds
        while time.monotonic() < end and not self.stop.is_set():
            for n in range(len(self.slots)):
                if self.holding.is_set() or self.stop.is_set():
                    break
                self._asked(n)
            if self.holding.is_set():
                self.held_still.set()
                self.stop.wait(end - time.monotonic())
                return
            self.stop.wait(self.every)

    def hold(self) -> None:
        """Stop asking; every connection the stranger holds stays open, idle."""
        self.holding.set()
        assert self.held_still.wait(PATIENCE)

    def close(self) -> None:
        self.stop.set()
        self.thread.join(timeout=PATIENCE)
        for sock in self.held:
            if sock is not None:
                sock.close()


def exchange(port: int, method: str, path: str, source: str, *, body: Any = None,
             headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], Any]:
    """One request on a connection of its own from ``source``: status, headers and JSON (None for
    a page). A connection the server closes unanswered is status 0 with the error's name, as a
    phone notices it: the page does not load, the play is not sent."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=PATIENCE, source_address=(source, 0))
    sent = {**({"Content-Type": "application/json"} if body is not None else {}), **(headers or {})}
    try:
        conn.request(method, path, body=None if body is None else json.dumps(body), headers=sent)
        resp = conn.getresponse()
        data = resp.read()
    except OSError as exc:   # RemoteDisconnected and ConnectionResetError are OSErrors
        return 0, {}, type(exc).__name__
    finally:
        conn.close()
    parsed = json.loads(data) if data and "json" in (resp.getheader("Content-Type") or "") else None
    return resp.status, {k.lower(): v for k, v in resp.getheaders()}, parsed


def plays(port: int, table: str, tokens: list[str]) -> list[Any]:
    """Each phone (a machine of its own) reads its seat and picks when it is awaited, each request
    on a new connection; what each phone got (200s when all went through)."""
    got: list[Any] = []
    for source, token in zip(PHONES, tokens, strict=True):
        bearer = {"Authorization": f"Bearer {token}"}
        status, _, view = exchange(port, "GET", f"/api/tables/{table}/view", source, headers=bearer)
        got.append(status or view)
        if status == 200 and view["seat"] in view["awaiting"]:
            pick = {"action": {"type": "pick", "notation": "pick1"}}
            status, _, answer = exchange(port, "POST", f"/api/tables/{table}/actions", source,
                                         headers=bearer, body=pick)
            got.append(status or answer)
    return got


def eventually(condition: Callable[[], bool], within: float = 2 * PATIENCE) -> bool:
    end = time.monotonic() + within
    while not condition():
        if time.monotonic() > end:
            return False
        time.sleep(0.05)
    return True


def closed_by_server(sock: socket.socket, deadline: float) -> bool:
    """Whether the server closes this idle connection by ``deadline`` (monotonic; it says nothing
    before it does)."""
    sock.settimeout(max(0.05, deadline - time.monotonic()))
    try:
        return sock.recv(1) == b""
    except TimeoutError:
        return False
    except OSError:
        return True


def test_a_stranger_with_a_seat_and_more_connections_than_the_limit_locks_nobody_out(
        server: ServerProcess) -> None:
    port, api = server.port, server.client()
    table = seated_guess_table(server)                           # Anna, Ben and Cleo play here
    t = table["id"]
    other = api.request("POST", "/api/tables", {"game": "fake-guess", "players": 2, "seed": 3},
                        host=True)["table"]
    token = api.request("POST", f"/api/tables/{other}/seats/0", {"name": "Mallory"})["token"]
    crowd = SeatedCrowd(port, other, token, STRANGER, PER_MACHINE).start()
    visitors: list[socket.socket] = []
    screen: Stream | None = None
    try:
        # the stranger has proved its seat on more connections than the server holds
        assert eventually(lambda: crowd.answered >= len(crowd.slots)), crowd.answered
        try:
            screen = Stream(port, t, None, source=SCREEN)        # the table screen (re)connects
        except (OSError, AssertionError) as exc:
            pytest.fail(f"the table screen's stream could not connect: {exc!r}")
        assert screen.wait_version(0, timeout=PATIENCE) is not None
        version = screen.versions()[0]
        got = plays(port, t, table["tokens"])                    # every other seat's phone plays
        assert got and all(status == 200 for status in got), got
        assert screen.wait_version(version + 1, timeout=PATIENCE) is not None   # the screen saw it

        status, _, _ = exchange(port, "GET", f"/table/{other}", NEW_PHONE)      # a new phone joins
        assert status == 200, status
        status, _, claimed = exchange(port, "POST", f"/api/tables/{other}/seats/1", NEW_PHONE,
                                      body={"name": "Dora"})
        assert status == 200, claimed
        status, _, view = exchange(port, "GET", f"/api/tables/{other}/view", NEW_PHONE,
                                   headers={"Authorization": f"Bearer {claimed['token']}"})
        assert status == 200 and view["seat"] == 1, view

        status, headers, _ = exchange(port, "GET", f"/host?key={server.host_key}", HOST)
        assert status == 303, status                             # the host's phone signs in
        session = {"Cookie": headers["set-cookie"].split(";")[0]}

        crowd.hold()   # the stranger keeps every connection, the last ones having proved its seat
        status, _, freed = exchange(port, "DELETE", f"/api/tables/{other}/seats/0", HOST, headers=session)
        assert status == 200, freed                              # the host frees the seat
        status, _, refused = exchange(port, "GET", f"/api/tables/{other}/view", STRANGER[0],
                                      headers={"Authorization": f"Bearer {token}"})
        assert status == 401, refused

        # ordinary visitors, more than the limit: the stranger's connections make room for them,
        # every one of them (none is kept for a seat that is gone)
        for n in range(LIMIT + 4):
            sock = socket.create_connection(("127.0.0.1", port), timeout=PATIENCE,
                                            source_address=(OTHERS[n % len(OTHERS)], 0))
            visitors.append(sock)
            sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n")
            assert read_answer(sock)[0] == 200
        deadline = time.monotonic() + PATIENCE
        still_open = [n for n, sock in enumerate(crowd.held)
                      if sock is not None and not closed_by_server(sock, deadline)]
        assert not still_open, f"{len(still_open)} of the stranger's connections are still kept"
        got = plays(port, t, table["tokens"])                    # and the table plays on
        assert got and all(status == 200 for status in got), got
    finally:
        crowd.close()
        if screen is not None:
            screen.close()
        for sock in visitors:
            with contextlib.suppress(OSError):
                sock.close()


def test_a_connection_that_asks_without_its_seat_is_a_strangers_again(server: ServerProcess) -> None:
    """Trust lasts while the request that proved the seat does and the idle time after it: a
    connection whose next request carries no token is closed to make room like any other, while
    one whose last request proved the seat is kept."""
    port = server.port
    table = seated_guess_table(server)
    ask = (f"GET /api/tables/{table['id']}/view HTTP/1.1\r\nHost: x\r\n"
           f"Authorization: Bearer {table['tokens'][0]}\r\n\r\n").encode()
    kept, dropped = (socket.create_connection(("127.0.0.1", port), timeout=PATIENCE,
                                              source_address=(source, 0)) for source in PHONES[:2])
    visitors: list[socket.socket] = []
    try:
        for sock in (kept, dropped):
            sock.sendall(ask)
            assert read_answer(sock)[0] == 200
        dropped.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n")   # the same phone, no token
        assert read_answer(dropped)[0] == 200
        for n in range(LIMIT + 4):                  # visitors, more than the limit
            sock = socket.create_connection(("127.0.0.1", port), timeout=PATIENCE,
                                            source_address=(OTHERS[n % len(OTHERS)], 0))
            visitors.append(sock)
            sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n")
            assert read_answer(sock)[0] == 200
        assert closed_by_server(dropped, time.monotonic() + PATIENCE)
        kept.sendall(ask)                           # still open: the seat's phone asks on it
        assert read_answer(kept)[0] == 200
    finally:
        for sock in (kept, dropped, *visitors):
            sock.close()


def test_trust_is_bounded_per_credential_per_address_and_in_all() -> None:
    """Channel.trust, without a server: of the connections that proved one credential, or came
    from one address, only the last TRUSTED_PER_CREDENTIAL / TRUSTED_PER_ADDRESS to prove it stay
    trusted; and at most half the limit in all."""
    from types import SimpleNamespace

    from companion.server import TRUSTED_PER_ADDRESS, TRUSTED_PER_CREDENTIAL, Channel

    def connections(addresses: list[str], limit: int) -> list[Any]:
        server = SimpleNamespace(active_channels={})
        made = []
        for n, address in enumerate(addresses):
            one = SimpleNamespace(server=server, addr=(address, 1000 + n), limit=limit, trusted=False,
                                  credential=None, alive=None, proven=0.0)
            one.untrust = lambda one=one: Channel.untrust(one)
            server.active_channels[n] = one
            made.append(one)
        return made

    def trusted(made: list[Any]) -> list[int]:
        return [n for n, one in enumerate(made) if one.trusted]

    one_seat = connections([f"127.0.2.{n % 17}" for n in range(40)], 500)
    for one in one_seat:                            # one seat's token, on 40 connections
        Channel.trust(one, "seat a", lambda: True)
    assert trusted(one_seat) == list(range(40 - TRUSTED_PER_CREDENTIAL, 40))

    one_address = connections(["127.0.2.1"] * 20, 500)
    for n, one in enumerate(one_address):           # a seat at each of 20 tables, one machine
        Channel.trust(one, f"seat {n}", lambda: True)
    assert trusted(one_address) == list(range(20 - TRUSTED_PER_ADDRESS, 20))

    everyone = connections([f"127.0.2.{n}" for n in range(40)], 40)
    for n, one in enumerate(everyone):              # 40 seats, 40 machines, a limit of 40
        Channel.trust(one, f"seat {n}", lambda: True)
    assert trusted(everyone) == list(range(20, 40))
