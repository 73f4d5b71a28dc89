"""What ``tests/test_offline.py`` runs inside a network namespace with loopback only
(tools/offline.py), where the test itself cannot reach: each prints one JSON line, exit status 1
on an error.

    python -m tests.offline_checks evening [--plays N]
    python -m tests.offline_checks install VENV WHEELHOUSE DATA

``evening``: a scripted evening of all five games through the JSON API, bounded. A real
``companion serve`` (mock pins, a fresh data directory, as the unit runs it) on loopback; each
game's table started by the host, every seat claimed by a phone, and plays made until the game
ends or :data:`PLAYS` are acknowledged, what the table awaits (a chance reading: the real dice's
hits) entered by the host as the table; every page a phone, the host and the table screen load
fetched once per table. It tells the plays per game, the pages fetched, the clock the companion
keeps (a table's ``created``, the seat cookie's expiry: run under libfaketime too), whether
anything past loopback answered, and every error.

``install``: ``WHEELHOUSE=DIR ./setup.sh run`` with a new virtual environment: the install from
the wheelhouse alone, the companion's banner, its first page.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from email.utils import parsedate_to_datetime
from pathlib import Path
from typing import Any

from tests.companion.server import HOST_KEY, ROOT, ServerProcess, call

GAMES = (("laser-chess", 2), ("fzzzt", 3), ("sharks-with-lasers", 3), ("jaws", 3), ("loch-ness", 3))
PLAYS = 25           # per game, at most
SECONDS = 60.0       # per game, at most
TABLE = -1
LISTENING = re.compile(r"http://\S+:(\d+)/$")
INSTALL_SECONDS = 600.0   # a new venv on a busy two-core machine: about a minute


def strip(action: dict[str, Any]) -> dict[str, Any]:
    """What a phone sends back: the action without the words the server added."""
    return {k: v for k, v in action.items() if k not in ("text", "label_text")}


def reach_outside() -> list[str]:
    """What past loopback answers from here: an address on another network, and a name."""
    reached = []
    try:
        socket.create_connection(("192.0.2.1", 80), timeout=2).close()   # TEST-NET-1: nobody
        reached.append("192.0.2.1:80")
    except OSError:
        pass
    try:
        socket.getaddrinfo("pypi.org", 443)
        reached.append("pypi.org (resolved)")
    except OSError:
        pass
    return reached


def cookie_expiry(port: int, table: str, seat: int) -> tuple[str, float]:
    """Claim a seat and read the seat cookie's Expires: (the token, seconds from now)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request("POST", f"/api/tables/{table}/seats/{seat}", body=json.dumps({"name": f"Phone {seat}"}),
                     headers={"Content-Type": "application/json"})
        resp = conn.getresponse()
        body = json.loads(resp.read())
        cookie = resp.getheader("Set-Cookie") or ""
    finally:
        conn.close()
    assert resp.status == 200, (resp.status, body)
    expires = next(part.split("=", 1)[1] for part in cookie.split("; ") if part.startswith("Expires="))
    return str(body["token"]), parsedate_to_datetime(expires).timestamp() - time.time()


def one_move(port: int, table: str, tokens: dict[int, str], rng: random.Random,
             errors: list[str]) -> bool | None:
    """One play by a seat (or the table) the game awaits: whether it was taken; None when the game
    awaits nothing (it ended)."""
    status, public = call(port, "GET", f"/api/tables/{table}")
    if status != 200 or public["outcome"] is not None or not public["awaiting"]:
        return None
    seat = rng.choice(public["awaiting"])
    as_table = "?as=table" if seat == TABLE else ""
    token, key = (None, HOST_KEY) if seat == TABLE else (tokens[seat], None)
    status, view = call(port, "GET", f"/api/tables/{table}/view{as_table}", token=token, host_key=key)
    if status != 200:
        errors.append(f"{table}: view {status} for seat {seat}")
        return None
    if not view["legal_actions"]:
        return False
    action = strip(rng.choice(view["legal_actions"]))
    status, answer = call(port, "POST", f"/api/tables/{table}/actions{as_table}",
                          {"action": action, "version": view["version"]}, token=token, host_key=key)
    if status >= 500 or status in (400, 401, 404):
        errors.append(f"{table}: play {status} {answer} for {action}")
    return status == 200


def pages(port: int, table: str, token: str) -> int:
    """The pages of the evening, as each reader loads them: 200 each."""
    paths = ["/", f"/play/{table}", f"/table/{table}", "/table/current", f"/host?key={HOST_KEY}",
             f"/api/tables/{table}", "/api/tables", "/api/games", "/api/openapi.json"]
    for path in paths:
        status, _ = call(port, "GET", path, token=token)
        assert status in (200, 303), (path, status)
    return len(paths)


def one_game(port: int, game: str, players: int, plays: int, rng: random.Random,
             errors: list[str]) -> tuple[dict[str, Any], int]:
    """A table of ``game``, every seat claimed, played: what it showed, and the pages fetched."""
    status, made = call(port, "POST", "/api/tables", {"game": game, "players": players, "seed": 11},
                        host_key=HOST_KEY)
    assert status == 201, (game, status, made)
    table = str(made["table"])
    tokens, ahead = {}, []
    for seat in range(players):
        tokens[seat], expires_in = cookie_expiry(port, table, seat)
        ahead.append(expires_in)
    done, until = 0, time.monotonic() + SECONDS
    for _ in range(4 * plays):
        taken = one_move(port, table, tokens, rng, errors)
        done += bool(taken)
        if taken is None or done >= plays or time.monotonic() > until:
            break
    _, public = call(port, "GET", f"/api/tables/{table}")
    _, listed = call(port, "GET", "/api/tables")
    created = next(t["created"] for t in listed["tables"] if t["table"] == table)
    told = {"plays": done, "version": public["version"], "created_vs_now": round(created - time.time(), 1),
            "cookie_days": round(min(ahead) / 86400, 2)}
    return told, pages(port, table, tokens[0])


def evening(plays: int) -> dict[str, Any]:
    rng, errors = random.Random(7), list[str]()
    out: dict[str, Any] = {"games": {}, "pages": 0, "outside": reach_outside(), "errors": errors}
    with tempfile.TemporaryDirectory() as data:
        server = ServerProcess(Path(data)).start(timeout=60)
        try:
            for game, players in GAMES:
                out["games"][game], fetched = one_game(server.port, game, players, plays, rng, errors)
                out["pages"] += fetched
        finally:
            server.kill()
    out["year"] = time.gmtime().tm_year
    return out


def install(venv: str, wheels: str, data: str) -> dict[str, Any]:
    """``WHEELHOUSE=wheels VENV=venv ./setup.sh run``: what it said, and its first page's status."""
    env = {**os.environ, "VENV": venv, "WHEELHOUSE": wheels, "PIP_CONFIG_FILE": os.devnull,
           "PYTHON": "python3"}
    env.pop("VIRTUAL_ENV", None)
    run = subprocess.Popen(["./setup.sh", "run", "--port", "0", "--bind", "127.0.0.1", "--data", data,
                            "--host-key", "offline-key"], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, text=True, start_new_session=True)
    said: list[str] = []
    hung = threading.Timer(INSTALL_SECONDS, os.killpg, (run.pid, signal.SIGKILL))   # slow, not hung
    hung.start()
    out: dict[str, Any] = {"said": said, "page": None, "errors": []}
    try:
        assert run.stdout is not None
        for line in run.stdout:
            said.append(line.rstrip())
            if (found := LISTENING.search(line.rstrip())) is not None:
                status, _ = call(int(found[1]), "GET", "/")
                out["page"] = status
                break
    finally:
        hung.cancel()
        os.killpg(run.pid, signal.SIGTERM)
        try:
            run.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(run.pid, signal.SIGKILL)
            run.wait(timeout=30)
        if run.stdout is not None:
            run.stdout.close()
    if out["page"] != 200:
        out["errors"].append("the companion did not serve its first page")
    return out


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="check", required=True)
    one = sub.add_parser("evening", help="a scripted evening of all five games")
    one.add_argument("--plays", type=int, default=PLAYS, help=f"per game, at most (default {PLAYS})")
    two = sub.add_parser("install", help="./setup.sh run from a wheelhouse, in a new venv")
    for name in ("venv", "wheelhouse", "data"):
        two.add_argument(name)
    args = parser.parse_args(argv)
    told = evening(args.plays) if args.check == "evening" else install(args.venv, args.wheelhouse, args.data)
    print(json.dumps(told, sort_keys=True))
    return 1 if told["errors"] or told.get("outside") else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
