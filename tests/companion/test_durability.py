"""Durability: SIGKILL `companion serve` at random points of a scripted game, restart it.

"Pull the plug mid-round, plug it back in: the same game, the same hands, the same seats,
the plays already made still made" (notes/game-night.md). Every play whose POST was
answered must survive; a play cut off mid-request may or may not have landed, but the
table is exactly one of those two positions, and every seat's token still works.
"""

from __future__ import annotations

import http.client
import os
import random
import signal
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from companion.service import Service
from companion.store import STORAGE_FAILING
from tests.companion.server import HTTPError, ServerProcess, call
from tests.waits import patience

FAKE = ("--extra-game", "tests.fakegame:GAME")
SEED, ROUNDS, PLAYERS = 99, 4, 3
NAMES = ["Anna", "Ben", "Cleo"]


def script(rnd: random.Random) -> list[tuple[int, str]]:
    plays = []
    for _ in range(ROUNDS):
        seats = list(range(PLAYERS))
        rnd.shuffle(seats)
        plays += [(s, f"pick{rnd.randint(1, 4)}") for s in seats]
    return plays


def positions(fake_game: Any, tmp: Path, plays: list[tuple[int, str]]) -> list[Any]:
    """What every seat and the table screen should see after k plays, k = 0..len(plays)."""
    ref = Service(tmp / "reference", "reference-key")
    try:
        table = ref.create_table("fake-guess", PLAYERS, {"rounds": ROUNDS}, seed=SEED)["table"]

        def look() -> Any:
            return [ref.public(table)["view"], *(ref.seat_view(table, s)["view"] for s in range(PLAYERS))]

        out = [look()]
        for seat, notation in plays:
            ref.act(table, seat, {"type": "pick", "notation": notation})
            out.append(look())
        return out
    finally:
        ref.close()


def post_into(result: dict[str, Any], api: Any, path: str, body: Any, token: str) -> None:
    try:
        result["reply"] = api.request("POST", path, body, token=token, timeout=5)
    except (HTTPError, OSError, http.client.HTTPException) as exc:  # killed mid-answer: cut short
        result["error"] = exc


def test_sigkill_at_random_points_loses_no_accepted_play(fake_game: Any, tmp_path: Path) -> None:
    rnd = random.Random(2026)
    plays = script(rnd)
    expected = positions(fake_game, tmp_path, plays)
    server = ServerProcess(tmp_path / "data", *FAKE).start()
    kills = 0
    try:
        api = server.client()
        table = api.request("POST", "/api/tables", {"game": "fake-guess", "players": PLAYERS,
                                                    "options": {"rounds": ROUNDS}, "seed": SEED},
                            host=True)["table"]
        tokens = [api.request("POST", f"/api/tables/{table}/seats/{s}", {"name": n})["token"]
                  for s, n in enumerate(NAMES)]
        done = 0
        acknowledged_version = 0
        while done < len(plays):
            seat, notation = plays[done]
            body = {"action": {"type": "pick", "notation": notation}}
            mode = rnd.random()
            if mode < 0.3:
                # kill while the play is in flight
                result: dict[str, Any] = {}
                worker = threading.Thread(target=post_into, args=(
                    result, api, f"/api/tables/{table}/actions", body, tokens[seat]))
                worker.start()
                time.sleep(rnd.uniform(0, 0.01))
                server.kill()
                worker.join(patience(10))
                allowed = [done + 1] if "reply" in result else [done, done + 1]
                if "reply" in result:
                    acknowledged_version = result["reply"]["version"]
            else:
                reply = api.request("POST", f"/api/tables/{table}/actions", body, token=tokens[seat])
                acknowledged_version = reply["version"]
                done += 1
                if mode > 0.75 or done == len(plays):
                    server.kill()
                    allowed = [done]
                else:
                    continue
            kills += 1
            server = ServerProcess(tmp_path / "data", *FAKE).start()
            api = server.client()
            public = api.request("GET", f"/api/tables/{table}")
            assert public["version"] >= acknowledged_version, "an acknowledged change was lost"
            assert [s["name"] for s in public["seats"]] == NAMES
            seen = [public["view"]]
            for s, token in enumerate(tokens):
                mine = api.request("GET", f"/api/tables/{table}/view", token=token)
                assert mine["seat"] == s, "a seat's token stopped working after the restart"
                seen.append(mine["view"])
            matches = [k for k in allowed if expected[k] == seen]
            assert matches, f"after kill {kills} the table is at none of the positions {allowed}"
            done = matches[-1]
        assert kills >= 4
        final = api.request("GET", f"/api/tables/{table}")
        assert final["outcome"] is not None
    finally:
        server.kill()


def test_a_play_cut_off_before_its_dice_are_drawn_is_completed_on_start(fake_game: Any,
                                                                         tmp_path: Path) -> None:
    """A crash between a play and the digital draws it triggers: the start-up finishes the draw."""
    svc = Service(tmp_path / "d", "host-key-123")
    table = svc.create_table("fake-guess", 2, {}, seed=4)["table"]
    svc.act(table, 0, {"type": "pick", "notation": "pick1"})
    svc.act(table, 1, {"type": "pick", "notation": "pick2"})
    rows = svc.store.log(table)
    view = svc.public(table)["view"]
    svc.close()
    assert [r.kind for r in rows][-1] == "chance"
    # simulate the crash: drop the trailing draw row (as if only the play was stored)
    db = sqlite3.connect(tmp_path / "d" / "companion.db")
    db.execute("DELETE FROM log WHERE table_id = ? AND idx = ?", (table, rows[-1].idx))
    db.commit()
    db.close()
    again = Service(tmp_path / "d", "host-key-123")
    try:
        assert again.public(table)["view"] == view     # the same die, drawn again from the same Rng
    finally:
        again.close()


# -- the WAL under a running companion ---------------------------------------------------------
#
# A power cut keeps only what the files at the store's path hold. The plays since the last
# checkpoint live in ``companion.db-wal`` alone; these tests take that file away or change it in
# place (same inode) under a served companion, then kill -9 it and start it again.

WAL = "companion.db-wal"


def open_table(api: Any) -> tuple[str, list[str]]:
    table = api.request("POST", "/api/tables", {"game": "fake-guess", "players": PLAYERS,
                                                "options": {"rounds": ROUNDS}, "seed": SEED},
                        host=True)["table"]
    return table, [api.request("POST", f"/api/tables/{table}/seats/{s}", {"name": n})["token"]
                   for s, n in enumerate(NAMES)]


def play_at(api: Any, table: str, tokens: list[str], play: tuple[int, str]) -> tuple[int, Any]:
    seat, notation = play
    return call(api.port, "POST", f"/api/tables/{table}/actions",
                {"action": {"type": "pick", "notation": notation}}, token=tokens[seat])


def database_file_holds(data: Path, table: str, scratch: Path) -> int:
    """The table's version in the database file alone: what a power cut keeps if the WAL is gone
    (-1 while the table is not in it yet, or a checkpoint is half written)."""
    scratch.mkdir(exist_ok=True)
    copy = scratch / "companion.db"
    copy.write_bytes((data / "companion.db").read_bytes())
    try:
        db = sqlite3.connect(copy)
        try:
            row = db.execute("SELECT version FROM tables WHERE id = ?", (table,)).fetchone()
        finally:
            db.close()
    except sqlite3.DatabaseError:
        return -1
    finally:
        copy.unlink()
    return -1 if row is None else int(row[0])


def look(api: Any, table: str, tokens: list[str]) -> list[Any]:
    """What the table screen and every seat see."""
    return [api.request("GET", f"/api/tables/{table}")["view"],
            *(api.request("GET", f"/api/tables/{table}/view", token=t)["view"] for t in tokens)]


def test_a_wal_deleted_and_a_power_cut_at_once_keeps_every_acknowledged_play(
        fake_game: Any, tmp_path: Path) -> None:
    """The window the watch cannot close: ``rm companion.db-wal`` with no play after it, and the
    power goes before the store looks. The database file must already hold the acknowledged plays
    (within seconds of the last one), so losing the WAL loses none of them."""
    plays = script(random.Random(7))[:5]
    expected = positions(fake_game, tmp_path, plays)
    data = tmp_path / "data"
    server = ServerProcess(data, *FAKE).start()
    try:
        api = server.client()
        table, tokens = open_table(api)
        for play in plays:
            status, reply = play_at(api, table, tokens, play)
            assert status == 200
        deadline = time.monotonic() + 10
        while database_file_holds(data, table, tmp_path / "peek") < reply["version"]:
            assert time.monotonic() < deadline, "the database file never took the acknowledged plays"
            time.sleep(0.05)
        (data / WAL).unlink()
        server.kill()
        server = ServerProcess(data, *FAKE).start()
        api = server.client()
        assert [s["name"] for s in api.request("GET", f"/api/tables/{table}")["seats"]] == NAMES
        assert look(api, table, tokens) == expected[len(plays)]
    finally:
        server.kill()


def damage(path: Path, how: str, older: bytes) -> None:
    """Change the live WAL in place: its inode stays, so SQLite goes on writing to it."""
    inode = path.stat().st_ino
    if how == "truncated":
        os.truncate(path, 0)                                  # truncate -s0
    elif how == "zeroed":
        size = path.stat().st_size                            # every frame zeroed, the header kept
        with path.open("r+b") as f:
            f.seek(32)
            f.write(bytes(size - 32))
    else:
        with path.open("wb") as f:                            # cp older-copy companion.db-wal
            f.write(older)
    assert path.stat().st_ino == inode


@pytest.mark.parametrize("how", ["truncated", "zeroed", "an older copy written over it",
                                 "truncated, then SIGTERM"])
def test_a_wal_changed_in_place_is_refused_and_kill_9_loses_no_acknowledged_play(
        fake_game: Any, tmp_path: Path, how: str) -> None:
    """Plays, the live WAL changed in place (same inode), more plays, kill -9 (or SIGTERM) and a
    restart. SQLite does not notice such a change: it goes on appending frames after a hole or
    after frames recovery will not read. The store must: the first play after the change is
    refused with the storage sentence, later plays are acknowledged, and after the restart the
    table is exactly at its last acknowledged play."""
    plays = script(random.Random(11))
    expected = positions(fake_game, tmp_path, plays)
    data = tmp_path / "data"
    server = ServerProcess(data, *FAKE).start()
    try:
        api = server.client()
        table, tokens = open_table(api)
        for play in plays[:3]:
            assert play_at(api, table, tokens, play)[0] == 200
        older = (data / WAL).read_bytes()
        for play in plays[3:6]:
            assert play_at(api, table, tokens, play)[0] == 200
        done = 6
        damage(data / WAL, how.split(",")[0], older)
        after: list[tuple[int, Any]] = []
        if "SIGTERM" in how:
            assert server.proc is not None
            server.proc.send_signal(signal.SIGTERM)
            server.proc.wait(timeout=20)
        else:
            after.append(play_at(api, table, tokens, plays[done]))
            done += after[0][0] == 200
            for play in plays[done:done + 2]:
                after.append(play_at(api, table, tokens, play))
                assert after[-1][0] == 200, after
                done += 1
        server.kill()
        server = ServerProcess(data, *FAKE).start()
        api = server.client()
        assert look(api, table, tokens) == expected[done], f"{how}: acknowledged plays were lost"
        assert not list(data.glob("companion.db.damaged-*")), "the store was set aside at start"
        if after:
            assert after[0] == (503, {"error": STORAGE_FAILING}), "the play after the change was acknowledged"
    finally:
        server.kill()
