"""Clients that never read, and bodies that trickle, cost the companion little, over a real server.

The threats (docs/web.md, "Limits"):

- **Slow readers.** A client pipelines 8 KB of ``GET /api/openapi.json`` (some 180 requests for
  a 100 KB answer each) and never reads. Every answer the server writes and the client does not
  take stays in the server's memory: with waitress's own bounds, up to 16 MB a connection, kept in
  the heap after the attack.
- **Held streams.** Stream requests that are never read hold their slots, and every change of the
  table is written to them; strangers could hold every slot of a table, so a phone or the table
  screen reconnecting found none.
- **Slow bodies.** A request whose head is complete but whose body trickles in was never closed.

The companion's resident memory is read from ``/proc/<pid>/status`` of the server process, as
the benches do. Each loopback address is a machine of its own. Everything is bounded in count and
time: every socket has a timeout, and every wait is for a condition, with a deadline.
"""

from __future__ import annotations

import contextlib
import fcntl
import socket
import struct
import termios
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.companion.server import ServerProcess, Stream

FAKE = ("--extra-game", "tests.fakegame:GAME")
ADDRESSES = [f"127.0.6.{n}" for n in range(10, 40)]     # 30 machines on the Wi-Fi
READERS = 64                                             # connections that pipeline and never read
STREAMS = 200                                            # stream requests that are never read
OVER_IDLE_MB = 30.0                                      # what the whole attack may cost, at most
HOLD = 10.0                                              # seconds the attack is watched while seats play
PATIENCE = 10.0                                          # seconds a device waits for an answer
PLAY_WITHIN = 2.0                                        # seconds: the three phones' views and plays
OPENAPI = b"GET /api/openapi.json HTTP/1.1\r\nHost: x\r\n\r\n"
PHONE, SCREEN = "127.0.0.5", "127.0.0.1"                 # a seat's phone; the Pi's own display
STRANGER = "127.0.6.99"                                  # one more machine, with no stream yet
WIFI_SEND_BUFFER = 16 * 1024                             # the kernel doubles it: 32 KB a connection

pytestmark = pytest.mark.skipif(not Path("/proc/self/status").exists(),
                                reason="reads the server's memory from Linux's /proc")


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


def spooled(pid: int) -> list[str]:
    """The temporary files the server holds open (waitress spools a large unsent answer to an
    unnamed one: on the Pi, the SD card)."""
    out = []
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        with contextlib.suppress(OSError):
            target = str(fd.readlink())
            if target.endswith("(deleted)"):
                out.append(target)
    return out


def unread(sock: socket.socket) -> int:
    """Bytes the server sent that wait unread in this socket's receive buffer."""
    return int(struct.unpack("i", fcntl.ioctl(sock.fileno(), termios.FIONREAD, b"\0\0\0\0"))[0])


def never_reading(port: int, source: str, request: bytes) -> socket.socket:
    """A connection from ``source`` with a small receive buffer that sends ``request`` and reads
    nothing."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.settimeout(5)
    try:
        sock.bind((source, 0))
        sock.connect(("127.0.0.1", port))
        sock.sendall(request)
    except OSError:
        sock.close()
        raise
    return sock


def long_table(server: ServerProcess, rounds: int = 9) -> dict[str, Any]:
    """A three-seat "Closest Guess" table of ``rounds`` rounds, every seat taken."""
    api = server.client()
    made = api.request("POST", "/api/tables", {"game": "fake-guess", "players": 3,
                                               "options": {"rounds": rounds}, "seed": 5}, host=True)
    tokens = [api.request("POST", f"/api/tables/{made['table']}/seats/{s}", {"name": n})["token"]
              for s, n in enumerate(["Anna", "Ben", "Cleo"])]
    return {"id": made["table"], "tokens": tokens}


def play_once(server: ServerProcess, table: dict[str, Any]) -> int:
    """Every awaited seat picks once (a phone reads its view, then plays); how many played."""
    api, played = server.client(), 0
    for token in table["tokens"]:
        view = api.request("GET", f"/api/tables/{table['id']}/view", token=token, timeout=PATIENCE)
        if view["seat"] in view["awaiting"]:
            api.request("POST", f"/api/tables/{table['id']}/actions",
                        {"action": {"type": "pick", "notation": "pick2"}}, token=token, timeout=PATIENCE)
            played += 1
    return played


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    """Each connection's kernel send buffer is what a phone's over Wi-Fi takes (over loopback the
    kernel would take in megabytes that a client never reads, and hide what the server keeps)."""
    with ServerProcess(tmp_path / "data", *FAKE, env={"COMPANION_SEND_BUFFER": str(WIFI_SEND_BUFFER)}) as srv:
        yield srv


def idle_rss(server: ServerProcess, table: dict[str, Any]) -> float:
    """The served companion's memory at rest, once it has answered what the attack will ask for
    (the document, a stream, plays), each read in full."""
    assert server.proc is not None
    api = server.client()
    api.request("GET", "/api/openapi.json", timeout=PATIENCE)
    stream = api.stream(table["id"], table["tokens"][1], source=PHONE)   # not a stranger's place
    play_once(server, table)
    stream.close()
    return rss_mb(server.proc.pid)


def test_never_reading_connections_and_streams_hold_the_memory_near_idle_and_seats_keep_their_streams(
        server: ServerProcess) -> None:
    """64 connections from 30 addresses pipeline 8 KB of ``GET /api/openapi.json`` each and never
    read; 200 stream requests from the same addresses are never read; the seats play throughout.
    The server's memory stays within 30 MB of idle during the attack and after it, nothing is
    spooled to a temporary file, every play is answered, and a seat's phone and the table screen
    still get their streams while strangers hold theirs."""
    assert server.proc is not None
    pid, table = server.proc.pid, long_table(server)
    idle = idle_rss(server, table)
    attack: list[socket.socket] = []
    samples: list[float] = []
    mine: list[Stream] = []
    try:
        for n in range(READERS):
            attack.append(never_reading(server.port, ADDRESSES[n % len(ADDRESSES)],
                                        OPENAPI * (8192 // len(OPENAPI))))
        for n in range(STREAMS):
            with contextlib.suppress(OSError):
                attack.append(never_reading(server.port, ADDRESSES[n % len(ADDRESSES)], (
                    f"GET /api/tables/{table['id']}/stream HTTP/1.1\r\nHost: x\r\n\r\n").encode()))
        end, played, slowest = time.monotonic() + HOLD, 0, 0.0
        while time.monotonic() < end:
            time.sleep(HOLD / 12)        # the seats' pace: the game's 27 picks last the whole hold
            start = time.monotonic()
            played += play_once(server, table)
            slowest = max(slowest, time.monotonic() - start)
            samples.append(rss_mb(pid))
            assert max(samples) - idle < OVER_IDLE_MB, (idle, samples)
            assert spooled(pid) == []
        answered = sum(unread(sock) > 0 for sock in attack[:READERS])
        # strangers hold every place they may have at the table; a seat's phone and the table
        # screen still get their streams, and their first payload
        with socket.create_connection(("127.0.0.1", server.port), timeout=PATIENCE,
                                      source_address=(STRANGER, 0)) as another:
            another.sendall(f"GET /api/tables/{table['id']}/stream HTTP/1.1\r\nHost: x\r\n\r\n".encode())
            assert another.recv(12).startswith(b"HTTP/1.1 503")
        mine = [server.client().stream(table["id"], table["tokens"][0], source=PHONE),
                server.client().stream(table["id"], source=SCREEN, query="view=public&screen=1")]
        assert all(s.wait_version(0, timeout=PATIENCE) is not None for s in mine)
        samples.append(rss_mb(pid))
    finally:
        for stream in mine:
            stream.close()
        for sock in attack:
            sock.close()
    assert answered >= READERS // 2             # the server did answer the pipelines it stopped
    assert played >= 6 and slowest < PLAY_WITHIN, (played, slowest)
    after = settled_rss(server, pid)
    assert max(samples) - idle < OVER_IDLE_MB, (idle, samples)
    assert after - idle < OVER_IDLE_MB, (idle, after)


def settled_rss(server: ServerProcess, pid: int) -> float:
    """The server's memory once it has let go of the attack's connections: a connection from
    every attacking address is answered again."""
    end = time.monotonic() + 3 * PATIENCE
    for source in ADDRESSES:
        while True:
            try:
                with socket.create_connection(("127.0.0.1", server.port), timeout=PATIENCE,
                                              source_address=(source, 0)) as sock:
                    sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                    if sock.recv(12).startswith(b"HTTP/1.1 200"):
                        break
            except OSError:
                pass
            assert time.monotonic() < end, f"{source} is not answered again"
            time.sleep(0.1)
    return rss_mb(pid)


def slow_body(port: int, source: str, *, announced: int = 65_000, first: int = 60_000) -> socket.socket:
    """A POST whose head is complete and whose body stops after ``first`` of ``announced`` bytes."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(source, 0))
    sock.sendall(b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                 + f"Content-Length: {announced}\r\n\r\n".encode() + b" " * first)
    sock.setblocking(False)
    return sock


def test_a_body_that_trickles_is_closed_by_its_deadline_and_one_that_arrives_is_answered(
        server: ServerProcess) -> None:
    """30 bodies from 30 addresses, each a byte a second after the first 60,000 (the silence timer
    never runs out): each is closed within the body deadline. A body that arrives in pieces within
    the deadline is answered."""
    from companion.server import BODY_SECONDS, CLEANUP_INTERVAL

    body = b'{"game": "fake-guess", "players": 2}'
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=PATIENCE,
                                    source_address=(PHONE, 0))
    with sock:
        sock.sendall(b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                     + f"X-Host-Key: {server.host_key}\r\nContent-Length: {len(body)}\r\n"
                     "Connection: close\r\n\r\n".encode())
        for piece in (body[:10], body[10:20], body[20:]):
            time.sleep(BODY_SECONDS / 8)         # a slow phone: the body in three pieces
            sock.sendall(piece)
        assert sock.recv(12).startswith(b"HTTP/1.1 201")
    trickling = [slow_body(server.port, source) for source in ADDRESSES]
    opened, closed = time.monotonic(), [False] * len(trickling)
    try:
        while not all(closed) and time.monotonic() - opened < BODY_SECONDS + 4 * CLEANUP_INTERVAL + 2:
            for n, each in enumerate(trickling):
                if closed[n]:
                    continue
                try:
                    with contextlib.suppress(BlockingIOError):
                        if each.recv(4096) == b"":
                            closed[n] = True
                            continue
                    each.send(b" ")
                except OSError:
                    closed[n] = True
            time.sleep(1.0)   # the drip: one byte a second, under every silence timer
        waited = time.monotonic() - opened
    finally:
        for each in trickling:
            each.close()
    assert all(closed), f"{sum(closed)} of {len(closed)} closed in {waited:.1f} s"
    assert waited > BODY_SECONDS - 1             # by the deadline, not before it


def answers(sock: socket.socket, want: int, within: float) -> tuple[list[tuple[int, int]], bool]:
    """Up to ``want`` whole answers read within ``within`` seconds: (status, body length) each;
    and whether the server closed the connection."""
    data, out, end = b"", [], time.monotonic() + within
    while len(out) < want and time.monotonic() < end:
        head, sep, rest = data.partition(b"\r\n\r\n")
        if sep:
            lines = head.decode("latin-1").split("\r\n")
            length = next(int(line.split(":", 1)[1]) for line in lines[1:]
                          if line.lower().startswith("content-length:"))
            if len(rest) >= length:
                out.append((int(lines[0].split()[1]), length))
                data = rest[length:]
                continue
        sock.settimeout(max(0.05, end - time.monotonic()))
        try:
            chunk = sock.recv(65536)
        except TimeoutError:
            break
        if not chunk:
            return out, True
        data += chunk
    return out, False


def test_pipelined_requests_read_late_are_all_answered_and_hundreds_are_cut_off(
        server: ServerProcess) -> None:
    """A client that pipelines a few requests for a large answer and reads only later gets every
    answer, in order, and keeps its connection: the requests waiting while it did not read are
    answered once it does. One that pipelines hundreds gets the first few answered, then the
    connection is closed."""
    from companion.server import PIPELINED

    late = never_reading(server.port, ADDRESSES[0], OPENAPI * 3)
    with late:
        end = time.monotonic() + PATIENCE
        while unread(late) == 0 and time.monotonic() < end:   # the first answer is on its way
            time.sleep(0.05)
        got, closed = answers(late, 3, PATIENCE)
        assert [status for status, _ in got] == [200] * 3 and len({size for _, size in got}) == 1
        assert not closed
        late.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n")
        assert answers(late, 1, PATIENCE)[0][0][0] == 200
    games = b"GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n"
    sent = 8192 // len(games)
    with socket.create_connection(("127.0.0.1", server.port), timeout=PATIENCE,
                                  source_address=(ADDRESSES[1], 0)) as hundreds:
        hundreds.sendall(games * sent)
        got, closed = answers(hundreds, sent, PATIENCE)
    assert closed and {status for status, _ in got} == {200}
    assert PIPELINED <= len(got) <= 2 * PIPELINED < sent, (len(got), sent)
