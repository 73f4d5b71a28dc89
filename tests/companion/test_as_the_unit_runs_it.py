"""The companion as its systemd unit runs it: ``companion serve`` from ``companion/__main__.py``,
with the unit's environment (``-OO``, as every :class:`ServerProcess` of the tests and benches), and
without OpenSSL (docs/web.md, "Performance").
"""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from companion.story import tag
from tests.companion.server import ServerProcess

OPENSSL = ("libcrypto", "libssl", "_ssl.", "_hashlib.")


def mapped_openssl(maps: str) -> set[str]:
    """The OpenSSL libraries and modules in a ``/proc/<pid>/maps`` text, by file name."""
    names = {line.rsplit("/", 1)[-1] for line in maps.splitlines() if "/" in line}
    return {name for name in names if name.startswith(OPENSSL)}


@pytest.mark.skipif(not Path("/proc/self/maps").exists(), reason="reads Linux's /proc/<pid>/maps")
def test_a_served_table_plays_without_openssl(tmp_path: Path) -> None:
    """A seat's token (SHA-256) and the story's event identities (HMAC) work with Python's own
    hashes, and the serving process never maps OpenSSL, where plain Python on this machine does."""
    code = "import ssl, hashlib; print(open('/proc/self/maps').read())"
    probe = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    if probe.returncode != 0 or not mapped_openssl(probe.stdout):
        pytest.skip("this Python has no OpenSSL to leave out")
    with ServerProcess(tmp_path / "data") as server:
        api = server.client()
        table = api.request("POST", "/api/tables", {"game": "laser-chess", "players": 2, "seed": 3},
                            host=True)["table"]
        tokens = [api.request("POST", f"/api/tables/{table}/seats/{s}", {"name": name})["token"]
                  for s, name in enumerate(["Anna", "Ben"])]
        mine = api.request("GET", f"/api/tables/{table}/view", token=tokens[0])
        assert mine["seat"] == 0 and mine["legal_actions"]
        api.request("POST", f"/api/tables/{table}/actions", {"action": mine["legal_actions"][0]},
                    token=tokens[0])
        theirs = api.request("GET", f"/api/tables/{table}/view", token=tokens[1])
        assert theirs["seat"] == 1 and theirs["legal_actions"]   # Ben's turn now
        steps = api.request("GET", f"/api/tables/{table}")["story"]["steps"]
        assert server.proc is not None
        maps = Path(f"/proc/{server.proc.pid}/maps").read_text()
    assert mapped_openssl(maps) == set()
    with sqlite3.connect(tmp_path / "data" / "companion.db") as db:
        (salt,) = db.execute("SELECT salt FROM tables WHERE id = ?", (table,)).fetchone()
    # the first move's chapter starts at log row 1: its identity is the HMAC this process computes
    assert {step["chapter"] for step in steps} >= {tag(salt, "1")}

