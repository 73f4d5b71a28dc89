"""A real ``companion serve`` in a subprocess on loopback, and a small HTTP + SSE client.

Everything is bounded: sockets have timeouts, reads stop at a deadline, and the
process is always killed (``with ServerProcess(...)``). Each bound is a quiet machine's seconds
through ``tests.waits.patience``: a slow machine waits longer for the same answer.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

from tests.waits import patience

ROOT = Path(__file__).resolve().parents[2]
HOST_KEY = "e2e-host-key-123"


def unit_environment() -> dict[str, str]:
    """The environment the systemd unit gives the companion (``Environment=`` lines), but its pin
    factory: the tests' and benches' servers run as the service does (-OO, two malloc arenas)."""
    unit = (ROOT / "systemd" / "companion.service").read_text(encoding="utf-8")
    pairs = (line.removeprefix("Environment=").split("=", 1) for line in unit.splitlines()
             if line.startswith("Environment="))
    return {key: value for key, value in pairs if key != "GPIOZERO_PIN_FACTORY"}


LISTENING = re.compile(r"http://\S+:(\d+)/$")
"""The banner's last line ends with the address it listens on (in any language)."""


class ServerProcess:
    def __init__(self, data: Path, *extra: str, host_key: str = HOST_KEY,
                 env: dict[str, str] | None = None, port: int = 0) -> None:
        """``port``: 0 for any free one; a fixed one for a server started again where the pages
        that were open look for it (a power cut)."""
        self.data, self.extra, self.host_key = data, extra, host_key
        self.env = env  # the process's environment over os.environ (a language: LANG=de_DE.UTF-8)
        self.proc: subprocess.Popen[str] | None = None
        self.asked_port = port
        self.port = 0
        self.ready_seconds = 0.0
        self.output: list[str] = []
        self.banner: list[str] = []   # what it printed up to and with the line it listens on
        self._drain: threading.Thread | None = None

    def start(self, timeout: float = 20.0) -> ServerProcess:
        """Until the banner names the port (``timeout``: a quiet machine's seconds)."""
        env = {**os.environ, **unit_environment(), "GPIOZERO_PIN_FACTORY": "mock", "PYTHONUNBUFFERED": "1",
               **(self.env or {})}
        started = time.monotonic()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "companion", "serve", "--port", str(self.asked_port),
             "--bind", "127.0.0.1",
             "--data", str(self.data), "--host-key", self.host_key, *self.extra],
            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        assert self.proc.stdout is not None
        lines: list[str] = []
        timer = threading.Timer(patience(timeout), self.kill)
        timer.start()
        try:
            for line in self.proc.stdout:
                lines.append(line)
                if (found := LISTENING.search(line.rstrip())) is not None:
                    self.port = int(found[1])
                    break
        finally:
            timer.cancel()
        self.banner = lines
        if not self.port:
            self.kill()
            raise RuntimeError("companion serve did not start:\n" + "".join(lines))
        # drain the rest of the output so the pipe never fills
        self._drain = threading.Thread(target=self._read_rest, daemon=True)
        self._drain.start()
        self.ready_seconds = time.monotonic() - started
        return self

    def _read_rest(self) -> None:
        assert self.proc is not None and self.proc.stdout is not None
        for line in self.proc.stdout:
            self.output.append(line)

    def kill(self) -> None:
        if self.proc is None:
            return
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=patience(10))
        if self._drain is not None:
            self._drain.join(timeout=patience(5))
        if self.proc.stdout is not None:
            self.proc.stdout.close()

    def __enter__(self) -> ServerProcess:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.kill()

    def client(self) -> Client:
        return Client(self.port, self.host_key)

    def power_cut(self, timeout: float = 60.0) -> float:
        """kill -9, then ``companion serve`` again on the same data and port (as the unit restarts
        it); when (time.monotonic) it listens again."""
        self.kill()
        self.asked_port = self.asked_port or self.port
        self.proc, self._drain, self.port = None, None, 0
        self.start(timeout)
        return time.monotonic()


def seated_guess_table(server: ServerProcess) -> dict[str, Any]:
    """A three-seat "Closest Guess" table (the test game, nine rounds) with every seat taken:
    ``{"id": table, "tokens": [Anna's, Ben's, Cleo's]}``."""
    api = server.client()
    made = api.request("POST", "/api/tables", {"game": "fake-guess", "players": 3,
                                               "options": {"rounds": 9}, "seed": 5}, host=True)
    tokens = [api.request("POST", f"/api/tables/{made['table']}/seats/{s}", {"name": n})["token"]
              for s, n in enumerate(["Anna", "Ben", "Cleo"])]
    return {"id": made["table"], "tokens": tokens}


class HTTPError(Exception):
    def __init__(self, status: int, body: Any) -> None:
        super().__init__(f"{status}: {body}")
        self.status, self.body = status, body


def call(port: int, method: str, path: str, body: Any = None, *, token: str | None = None,
         host_key: str | None = None, source: str | None = None, timeout: float = 10.0) -> tuple[int, Any]:
    """One request on a connection of its own (as a phone's browser opens them), from ``source``
    (a loopback address: another machine on the Wi-Fi): its status and JSON (None for a page or an
    empty answer). OSError when the server is down; ``timeout``: a quiet machine's seconds."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=patience(timeout),
                                      source_address=(source, 0) if source else None)
    headers = {"Content-Type": "application/json"} if body is not None else {}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    if host_key:
        headers["X-Host-Key"] = host_key
    try:
        conn.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
        resp = conn.getresponse()
        data = resp.read()
    finally:
        conn.close()
    is_json = "json" in (resp.getheader("Content-Type") or "")
    return resp.status, json.loads(data) if data and is_json else None


class Client:
    def __init__(self, port: int, host_key: str) -> None:
        self.port, self.host_key = port, host_key

    def request(self, method: str, path: str, body: Any = None, token: str | None = None,
                host: bool = False, timeout: float = 10.0) -> Any:
        status, parsed = call(self.port, method, path, body, token=token,
                              host_key=self.host_key if host else None, timeout=timeout)
        if status >= 400:
            raise HTTPError(status, parsed)
        return parsed

    def stream(self, table: str, token: str | None = None, source: str | None = None,
               query: str = "") -> Stream:
        """``source``: the loopback address to connect from (127.0.0.2, ...): each phone at a real
        table is a machine of its own, and the server caps streams per address. ``query``: the
        stream's query string (``view=public&screen=1``: the table screen's)."""
        return Stream(self.port, table, token, source, query)


class Stream:
    """Reads one SSE stream in a thread; ``payloads`` fills as messages arrive.

    The response is read through ``http.client`` (``resp.readline()`` undoes the
    chunked framing), a message is its ``data:`` lines up to the blank line, and
    if the reader stops for any reason but :meth:`close`, ``error`` says why (and
    ``wait_version`` raises it rather than quietly timing out).
    """

    def __init__(self, port: int, table: str, token: str | None, source: str | None = None,
                 query: str = "") -> None:
        self.payloads: list[dict[str, Any]] = []
        self.arrived: list[float] = []
        self.error: BaseException | None = None
        self.ended = False               # the server ended the stream (EOF)
        self._closing = False
        self.cond = threading.Condition()
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=patience(30),
                                               source_address=(source, 0) if source else None)
        headers = {"Accept": "text/event-stream"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        self.conn.request("GET", f"/api/tables/{table}/stream" + (f"?{query}" if query else ""),
                          headers=headers)
        self.sock = self.conn.sock   # http.client forgets it once a streaming response starts
        self.resp = self.conn.getresponse()
        assert self.resp.status == 200, self.resp.status
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        data: list[bytes] = []
        try:
            while True:
                line = self.resp.readline()
                if not line:
                    with self.cond:
                        self.ended = True
                        self.cond.notify_all()
                    return
                line = line.rstrip(b"\r\n")
                if line.startswith(b"data:"):
                    data.append(line[5:].removeprefix(b" "))
                elif not line and data:   # the blank line ends a message
                    payload = json.loads(b"\n".join(data))
                    data = []
                    with self.cond:
                        self.payloads.append(payload)
                        self.arrived.append(time.perf_counter())
                        self.cond.notify_all()
        except BaseException as exc:  # recorded, so the test that waits says why
            with self.cond:
                if not self._closing:
                    self.error = exc
                self.cond.notify_all()

    def wait_version(self, version: int, timeout: float = 10.0) -> float | None:
        """When (perf_counter) a payload with this version or later arrived, or None (after
        ``timeout``, a quiet machine's seconds)."""
        end = time.monotonic() + patience(timeout)
        with self.cond:
            while True:
                for payload, at in zip(self.payloads, self.arrived, strict=True):
                    if payload.get("version", -1) >= version:
                        return at
                if self.error is not None:
                    raise RuntimeError(f"the stream reader stopped: {self.error!r}") from self.error
                if self.ended:
                    return None
                left = end - time.monotonic()
                if left <= 0:
                    return None
                self.cond.wait(left)

    def versions(self) -> list[int]:
        with self.cond:
            return [p["version"] for p in self.payloads]

    def close(self) -> None:
        with self.cond:
            self._closing = True
        sock = self.sock
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.shutdown(2)
        self.thread.join(timeout=patience(5))
        self.resp.close()
        self.conn.close()
