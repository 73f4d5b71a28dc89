"""A hostile client on the Wi-Fi cannot lock the table out (issue 17), over a real server.

A real ``companion serve`` on loopback; the table's own devices speak from 127.0.0.1 and the
hostile machine from 127.0.0.2 (another address, as another device on the Wi-Fi would be).
Everything is bounded: a few hundred sockets at most, every read has a timeout (a quiet machine's
seconds through ``tests.waits.patience``), and no test asserts a wall-clock time tighter than its
timeout.
"""

from __future__ import annotations

import contextlib
import json
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.companion.server import HTTPError, ServerProcess, seated_guess_table
from tests.waits import patience

FAKE = ("--extra-game", "tests.fakegame:GAME")
HOSTILE = "127.0.0.2"
TOO_MANY_SCREENS = "Too many screens are connected; close one and try again."
PATIENCE = 5.0   # seconds a device waits for an answer (quiet); far above what a free server needs


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    with ServerProcess(tmp_path_factory.mktemp("hostile") / "data", *FAKE, "--channel-timeout", "2") as srv:
        yield srv


def connect(server: ServerProcess, source: str = HOSTILE) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=patience(PATIENCE),
                                    source_address=(source, 0))
    return sock


def raw(server: ServerProcess, request: bytes, source: str = HOSTILE) -> tuple[int, dict[str, str], bytes]:
    """Send raw bytes; read the whole answer (the server closes or says how long it is)."""
    with connect(server, source) as sock:
        sock.sendall(request)
        return read_response(sock)


def read_response(sock: socket.socket) -> tuple[int, dict[str, str], bytes]:
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            raise ConnectionError(f"closed before an answer: {data!r}")
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
    length = int(headers.get("content-length", "0"))
    while len(body) < length:
        chunk = sock.recv(65536)
        if not chunk:
            break
        body += chunk
    return int(lines[0].split()[1]), headers, body


def settle(server: ServerProcess) -> None:
    """Until the server has let go of the hostile address's closed sockets (its loop closes
    them in its own time): one more connection from there is answered again."""
    end = time.monotonic() + patience(3 * PATIENCE)
    while True:
        try:
            if raw(server, b"GET /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")[0] == 200:
                return
        except OSError:
            if time.monotonic() > end:
                raise
        time.sleep(0.1)


def closed_by_server(sock: socket.socket, within: float) -> bool:
    """Whether the server closes this connection within ``within`` seconds (a quiet machine's;
    anything it says first is read and dropped)."""
    end = time.monotonic() + patience(within)
    while time.monotonic() < end:
        sock.settimeout(max(0.05, end - time.monotonic()))
        try:
            if not sock.recv(65536):
                return True
        except TimeoutError:
            return False
        except OSError:
            return True
    return False


@pytest.fixture(scope="module")
def table(server: ServerProcess) -> dict[str, Any]:
    return seated_guess_table(server)


def test_unfinished_headers_and_held_streams_do_not_lock_the_table_out(
        server: ServerProcess, table: dict[str, Any]) -> None:
    """Issue 17, 1: "with 300 unfinished requests and 200 held stream requests open from another
    address, the host page, every seated phone and the table screen keep answering"."""
    api, t = server.client(), table["id"]
    screen = api.stream(t)                                # the table screen's stream, opened first
    phones = [api.stream(t, token) for token in table["tokens"]]
    hostile: list[socket.socket] = []
    try:
        for _ in range(200):                              # stream requests, never read, never closed
            with contextlib.suppress(OSError):
                sock = connect(server)
                sock.sendall(f"GET /api/tables/{t}/stream HTTP/1.1\r\nHost: x\r\n\r\n".encode())
                hostile.append(sock)
        for _ in range(300):                              # a request line and half a header, then silence
            with contextlib.suppress(OSError):
                sock = connect(server)
                sock.sendall(b"GET /api/tables HTTP/1.1\r\nHost: x\r\nX-Wait: ")
                hostile.append(sock)

        version = api.request("GET", f"/api/tables/{t}", timeout=PATIENCE)["version"]
        assert api.request("GET", "/api/tables", host=True, timeout=PATIENCE)["tables"]
        for seat, token in enumerate(table["tokens"]):
            view = api.request("GET", f"/api/tables/{t}/view", token=token, timeout=PATIENCE)
            if seat in view["awaiting"]:
                api.request("POST", f"/api/tables/{t}/actions", {"action": {"type": "pick",
                            "notation": "pick1"}}, token=token, timeout=PATIENCE)
        assert api.request("GET", f"/api/tables/{t}", timeout=PATIENCE)["version"] > version
        page = raw(server, b"GET /host HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
                   source="127.0.0.1")
        assert page[0] == 401 and b"<form" in page[2]     # the host page (asking for the key)
        for stream in (screen, *phones):                  # every screen heard the plays
            assert stream.wait_version(version + 1, timeout=PATIENCE) is not None
    finally:
        for sock in hostile:
            sock.close()
        for stream in (screen, *phones):
            stream.close()
        settle(server)


def test_a_refused_stream_closes_its_connection(server: ServerProcess, table: dict[str, Any]) -> None:
    """A stream over the per-address cap is answered 503 with the sentence, then closed."""
    held: list[socket.socket] = []
    answers: list[int] = []
    end = time.monotonic() + patience(3 * PATIENCE)   # an earlier test's streams free their place in ~1 s
    try:
        while not (200 in answers and 503 in answers) and time.monotonic() < end:
            if 200 not in answers and answers:
                time.sleep(0.2)
            sock = connect(server)
            sock.sendall(f"GET /api/tables/{table['id']}/stream HTTP/1.1\r\nHost: x\r\n\r\n".encode())
            status, headers, body = read_response(sock)
            answers.append(status)
            if status == 503:
                assert json.loads(body) == {"error": TOO_MANY_SCREENS}
                assert headers.get("connection") == "close"
                assert closed_by_server(sock, PATIENCE)
                sock.close()
            else:
                held.append(sock)
        assert 200 in answers and 503 in answers
    finally:
        for sock in held:
            sock.close()
        settle(server)


def test_unfinished_headers_time_out_within_seconds(server: ServerProcess) -> None:
    """A header never finished is closed once the connection has been silent for the channel
    timeout (2 s in this server, 10 s by default), found by waitress's cleanup every 2 s."""
    sock = connect(server)
    try:
        sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
        assert closed_by_server(sock, 15.0)
    finally:
        sock.close()


def test_connections_are_bounded_per_address(server: ServerProcess) -> None:
    """One address holds at most 32 connections: the next ones are closed at once."""
    socks: list[socket.socket] = []
    try:
        for _ in range(40):
            socks.append(connect(server))
        closed = sum(closed_by_server(sock, PATIENCE) for sock in socks[-8:])
        assert closed >= 7
        assert raw(server, b"GET /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
                   source="127.0.0.1")[0] == 200
    finally:
        for sock in socks:
            sock.close()
        settle(server)


@pytest.mark.parametrize("key", [True, False])
def test_an_announced_50_mb_body_is_refused_before_it_is_sent(server: ServerProcess, key: bool) -> None:
    """Issue 17, 3: the limit is waitress's own, so the 413 comes on the headers alone."""
    with connect(server) as sock:
        sock.sendall(b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                     + (f"X-Host-Key: {server.host_key}\r\n".encode() if key else b"")
                     + b"Content-Length: 52428800\r\n\r\n")
        status, headers, body = read_response(sock)    # no byte of the body was sent
    assert status == 413 and headers["content-type"] == "application/json"
    assert json.loads(body) == {"error": "That request is too large."}


def test_a_streamed_body_over_the_limit_is_cut_off(server: ServerProcess) -> None:
    with connect(server) as sock:
        sock.sendall(b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                     b"Transfer-Encoding: chunked\r\n\r\n")
        sent = 0
        with contextlib.suppress(OSError):
            while sent < 50 * 1024 * 1024:
                sock.sendall(b"4000\r\n" + b" " * 0x4000 + b"\r\n")
                sent += 0x4000
                if sent > 1024 * 1024:
                    break
        status, _, body = read_response(sock)
    assert status == 413 and "too large" in json.loads(body)["error"]


@pytest.mark.parametrize(("request_bytes", "status"), [
    (b"GET /api/games HTTP/1.1\r\nHost: x\r\nCookie: seat_a=\x00b\r\n\r\n", 400),
    (b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999999\r\n\r\n", 413),
    (b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n", 400),
    (b"GET /api/games HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 300_000 + b"\r\n\r\n", 431),
])
def test_refusals_waitress_writes_are_json(server: ServerProcess, request_bytes: bytes, status: int) -> None:
    """Issue 17, 5: the refusals waitress writes before the app sees the request are
    ``{"error": sentence}`` like every other."""
    got, headers, body = raw(server, request_bytes)
    assert got == status and headers["content-type"] == "application/json"
    assert isinstance(json.loads(body)["error"], str)


def test_cross_origin_posts_are_refused_while_same_origin_ones_work(
        server: ServerProcess, table: dict[str, Any]) -> None:
    """Issue 17, 4, over the wire: the host's and a seat's cookie, sent by another site's page."""
    own = f"http://127.0.0.1:{server.port}"
    _, headers, _ = raw(server, f"GET /host?key={server.host_key} HTTP/1.1\r\nHost: x\r\n"
                        "Connection: close\r\n\r\n".encode(), source="127.0.0.1")
    session = headers["set-cookie"].split(";")[0]                 # the host device's own session
    cookies = f"{session}; seat_{table['id']}={table['tokens'][0]}"
    for origin, want in ((f"http://127.0.0.1:{server.port + 1}", 403), ("http://evil.example", 403),
                         (own, 201)):
        body = b'{"game": "fake-guess", "players": 2}'
        status, _, answer = raw(server, (
            f"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nOrigin: {origin}\r\n"
            f"Cookie: {cookies}\r\nContent-Type: text/plain\r\nContent-Length: {len(body)}\r\n"
            "Connection: close\r\n\r\n").encode() + body, source="127.0.0.1")
        assert status == (415 if want == 201 else want), answer   # text/plain: never taken
        if want == 201:
            status, _, answer = raw(server, (
                f"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nOrigin: {origin}\r\n"
                f"Cookie: {cookies}\r\nContent-Type: application/json\r\nContent-Length: {len(body)}\r\n"
                "Connection: close\r\n\r\n").encode() + body, source="127.0.0.1")
            assert status == 201, answer
    status, _, answer = raw(server, (
        f"POST /api/tables/{table['id']}/next HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
        f"Sec-Fetch-Site: same-site\r\nCookie: {cookies}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
    ).encode(), source="127.0.0.1")
    assert status == 403 and "another site" in json.loads(answer)["error"]


def test_host_key_guessing_is_slowed_and_logged(tmp_path: Path) -> None:
    """Issue 17, 5: "after a few wrong keys from one address, answer 429 with a sentence for a
    while, and log it." The host at another address is not held up."""
    with ServerProcess(tmp_path / "data", *FAKE) as srv:
        guesses = []
        for n in range(8):
            status, _, body = raw(srv, (
                f"GET /api/hardware HTTP/1.1\r\nHost: x\r\nX-Host-Key: guess-{n}\r\n"
                "Connection: close\r\n\r\n").encode())
            guesses.append(status)
        assert guesses == [401] * 5 + [429] * 3
        assert json.loads(body) == {"error": "Too many wrong host keys: wait a minute and try again."}
        right = (f"GET /api/hardware HTTP/1.1\r\nHost: x\r\nX-Host-Key: {srv.host_key}\r\n"
                 "Connection: close\r\n\r\n")
        assert raw(srv, right.encode())[0] == 429                      # the guesser waits, key or not
        assert raw(srv, right.encode(), source="127.0.0.1")[0] == 200  # the host does not
        with pytest.raises(HTTPError):
            srv.client().request("GET", "/api/hardware", timeout=PATIENCE)
    assert any("wrong host keys from 127.0.0.2" in line for line in srv.output)


def test_the_server_is_built_with_its_bounds() -> None:
    """What the tests above cannot see from outside: the numbers given to waitress."""
    import socket as sockets

    from flask import Flask

    from companion import server as built

    srv = built.build(Flask("bounds"), host="127.0.0.1", port=0, max_body=64 * 1024 + 1)
    try:
        adj = srv.adj
        assert (adj.max_request_body_size, adj.connection_limit, adj.channel_timeout,
                adj.cleanup_interval) == (64 * 1024 + 1, built.CONNECTION_LIMIT + built.SPARE_CONNECTIONS,
                                          built.CHANNEL_TIMEOUT, built.CLEANUP_INTERVAL)
        assert srv.channel_class.limit == built.CONNECTION_LIMIT    # where new ones make room
        assert isinstance(srv, built.ServerHooks)                   # the head and body deadlines
        assert (adj.outbuf_high_watermark, adj.outbuf_overflow) == (built.HIGH_WATERMARK, built.IN_RAM)
        import resource
        assert resource.getrlimit(resource.RLIMIT_NOFILE)[0] >= built.CONNECTION_LIMIT + 64
        assert (sockets.SOL_SOCKET, sockets.SO_KEEPALIVE, 1) in adj.socket_options
        assert issubclass(srv.channel_class, built.Channel)
    finally:
        srv.close()
