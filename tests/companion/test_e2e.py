"""End to end over loopback: `companion serve` in a subprocess, two phones and a table screen.

Two seats join over HTTP, play a whole Laser Chess game with random legal moves, while
three SSE streams (the table screen and both phones) are read; every stream must have
seen every version, and each phone's stream is that seat's payload only.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

import engines
from tests.companion.server import HTTPError, ServerProcess

MAX_PLIES = 400   # a bound, not a goal
MIN_PLIES = 40    # random play avoids ending the game before this, then looks for the end


def pick(mine: dict[str, Any], plies: int, rnd: random.Random) -> dict[str, Any]:
    """A random legal move; before MIN_PLIES one that does not end the game, after it one that does.

    The phone's view carries the position's notation, so the test can ask the engine.
    """
    game = engines.get("laser-chess")
    state = game.load(mine["view"]["notation"])
    actions = list(mine["legal_actions"])
    rnd.shuffle(actions)
    ends = [a for a in actions if state.apply(mine["seat"], a).outcome is not None]
    rest = [a for a in actions if a not in ends]
    if plies < MIN_PLIES:
        return (rest or ends)[0]
    return (ends or rest)[0]


@pytest.mark.skipif("laser-chess" not in engines.GAMES, reason="Laser Chess is not registered yet")
def test_two_phones_play_laser_chess_and_every_stream_sees_every_change(tmp_path: Path) -> None:
    rnd = random.Random(7)
    with ServerProcess(tmp_path / "data") as server:
        api = server.client()
        created = api.request("POST", "/api/tables", {"game": "laser-chess", "players": 2, "seed": 3},
                              host=True)
        table = created["table"]
        tokens = [api.request("POST", f"/api/tables/{table}/seats/{s}", {"name": name})["token"]
                  for s, name in enumerate(["Anna", "Ben"])]
        streams = [api.stream(table), api.stream(table, tokens[0]), api.stream(table, tokens[1])]
        try:
            start = api.request("GET", f"/api/tables/{table}")["version"]
            plies = 0
            while plies < MAX_PLIES:
                public = api.request("GET", f"/api/tables/{table}")
                if not public["awaiting"]:
                    break
                seat = public["awaiting"][0]
                mine = api.request("GET", f"/api/tables/{table}/view", token=tokens[seat])
                assert mine["seat"] == seat and mine["legal_actions"]
                other = 1 - seat
                with pytest.raises(HTTPError) as refused:   # the other phone is refused, by name
                    api.request("POST", f"/api/tables/{table}/actions",
                                {"action": mine["legal_actions"][0]}, token=tokens[other])
                assert refused.value.status == 409
                assert ("Anna" if seat == 0 else "Ben") in refused.value.body["error"]
                action = pick(mine, plies, rnd)
                reply = api.request("POST", f"/api/tables/{table}/actions", {"action": action},
                                    token=tokens[seat])
                assert reply["seat"] == seat
                plies += 1
            end = api.request("GET", f"/api/tables/{table}")
            assert end["outcome"] is not None and end["awaiting"] == [], "the game did not finish"
            assert end["outcome"]["winners"] or "draw" in end["outcome"]["reason"].lower()
            assert plies >= MIN_PLIES
            final = end["version"]
            assert final == start + plies
            for stream in streams:
                assert stream.wait_version(final, timeout=10) is not None, (
                    stream.versions()[-3:], "".join(server.output[-30:]))
                seen = stream.versions()
                assert set(range(start, final + 1)) <= set(seen), (start, final, seen)
                assert seen == sorted(seen)
            for seat, stream in ((0, streams[1]), (1, streams[2])):
                assert {p["seat"] for p in stream.payloads} == {seat}
            assert all("seat" not in p for p in streams[0].payloads)
        finally:
            for stream in streams:
                stream.close()
