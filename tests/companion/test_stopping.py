"""Stopping the companion (issue 15, point 9): Ctrl-C or SIGTERM with phones and table screens
connected ends it at once, saying so, and every game is there again at the next start.

A real ``companion serve`` on loopback (tests/companion/server.py) with open streams; the time
it takes is measured by ``bench/stop.py``, never asserted here. What is asserted is what the host
sees: "Ctrl-C to stop." at start, "Stopped; every game is saved." at the end, no thread left
waiting on a phone (waitress's "thread(s) still running", printed when its wait for them runs out),
a clean exit status, and the games as they were.
"""

from __future__ import annotations

import signal
from pathlib import Path

import pytest

from tests.companion.server import ServerProcess
from tests.waits import patience


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_stopping_with_phones_connected_ends_every_stream_and_says_every_game_is_saved(
        tmp_path: Path, signum: int) -> None:
    with ServerProcess(tmp_path) as srv:
        client = srv.client()
        table = client.request("POST", "/api/tables", {"game": "fzzzt", "players": 3, "seed": 1},
                               host=True)["table"]
        tokens = [client.request("POST", f"/api/tables/{table}/seats/{seat}", {"name": f"P{seat}"})["token"]
                  for seat in range(3)]
        streams = [client.stream(table, token) for token in tokens]
        streams += [client.stream(table), client.stream(table)]
        seat = client.request("GET", f"/api/tables/{table}")["awaiting"][0]
        mine = client.request("GET", f"/api/tables/{table}/view", token=tokens[seat])
        client.request("POST", f"/api/tables/{table}/actions", {"action": mine["legal_actions"][0]},
                       token=tokens[seat])
        before = client.request("GET", f"/api/tables/{table}")
        for stream in streams:
            assert stream.wait_version(before["version"]) is not None
        assert srv.proc is not None
        srv.proc.send_signal(signum)
        assert srv.proc.wait(timeout=patience(15)) == 0      # a bound, not a speed: bench/stop.py times it
        srv.kill()
        said = "".join(srv.output)
        assert "Ctrl-C to stop." in said
        assert "Stopped; every game is saved." in said
        assert "still running" not in said, said     # no thread was left waiting on a phone
        for stream in streams:
            stream.close()
    with ServerProcess(tmp_path) as again:
        after = again.client().request("GET", f"/api/tables/{table}")
        assert (after["version"], after["view"], after["awaiting"]) == (
            before["version"], before["view"], before["awaiting"])
