"""The e2e harness's SSE reader: it decodes chunked framing and, when it stops, says why."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from tests.companion.server import Stream
from tests.waits import patience

# one message split across two chunks, then a message whose data is not JSON
CHUNKS = [b': hello\nretry: 3000\n\nid: 1\ndata: {"vers', b'ion": 1}\n\n', b"data: {broken\n\n"]


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        for chunk in CHUNKS:
            self.wfile.write(f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n")
        self.wfile.write(b"0\r\n\r\n")

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def port() -> Iterator[int]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.server_address[1]
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=patience(5))


def test_a_message_split_across_chunks_is_read_and_a_broken_one_is_reported(port: int) -> None:
    stream = Stream(port, "t1", None)
    try:
        with pytest.raises(RuntimeError, match="the stream reader stopped: JSONDecodeError"):
            stream.wait_version(2, timeout=5)
        assert stream.versions() == [1]
    finally:
        stream.close()
