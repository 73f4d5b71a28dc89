"""The table looks back at any step it has been told (issue 36, point 7): "the shark's whole path
at the end of Act 1 stands 3 s and is gone" (J6). The story keeps only the last few told steps in
a payload; looking back rebuilds every chapter from the log (``Service.looking_back``), so any told
step of the game comes again as the table screen showed it then, after a restart too. Nothing
untold comes with it, and while a screen looks back Auto waits and a new play waits for the
table (``Service.looking_back.look``), for at most a short hold a forgotten screen cannot stretch."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.service import Service
from companion.telling import LOOK_HOLD
from tests.companion.test_reading_time import _move, _tell
from tests.companion.test_story import Clock, shown
from tests.conftest import HOST_KEY
from web.service import BadRequest, Conflict


def _as_shown(payload: dict[str, Any]) -> tuple[str | None, Any]:
    """What the table screen draws for a payload: the shown step and the board as of it (TC.asOf)."""
    story = payload["story"]
    at = story["shown"]
    snap = at["after"] if at["index"] >= at["count"] - 1 else at["before"]
    return shown(payload), snap["view"]


def _tell_recording(service: Service, table: str) -> list[tuple[str | None, Any]]:
    """Next until all is told; each stop as the screen showed it."""
    seen = []
    while service.public(table)["story"]["waiting"]:
        seen.append(_as_shown(service.advance(table)))
    return seen


def _laser_chess(service: Service, *, moves: int) -> tuple[str, list[tuple[str | None, Any]]]:
    table = service.create_table("laser-chess", 2, {}, seed=3)["table"]
    service.set_auto(table, False)
    service.subscribe(table, None, screen=True)
    seen = _tell_recording(service, table)
    for _ in range(moves):
        _move(service, table)
        seen.append(_as_shown(service.public(table)))   # its first step comes up at once
        seen += _tell_recording(service, table)
    return table, seen


def test_every_told_step_comes_again_as_the_screen_showed_it(data_dir: Path) -> None:
    """Five moves of Laser Chess told step by step (each move, then its beam): looking back at the
    k-th stop gives the step and the board the screen showed at that stop, from the first (0) to
    the one shown now (-1), counted back too."""
    service = Service(data_dir, HOST_KEY)
    try:
        table, seen = _laser_chess(service, moves=5)
        assert len(seen) >= 10
        first = service.looking_back.told(table, 0)
        assert first["story"]["look"] == {"stop": 0, "stops": len(seen)}
        for k, expected in enumerate(seen):
            assert _as_shown(service.looking_back.told(table, k)) == expected, k
            assert _as_shown(service.looking_back.told(table, k - len(seen))) == expected, k
        assert _as_shown(service.public(table)) == seen[-1]   # looking changed nothing
    finally:
        service.close()


def test_a_step_not_yet_shown_is_not_looked_at(data_dir: Path) -> None:
    """A move made: its first step is on the screen, its beam not told yet. Looking back goes as far
    as the step on the screen and no further, and names the beam's line as told nowhere; asking
    further is refused in words, and nothing changes."""
    service = Service(data_dir, HOST_KEY)
    try:
        table, seen = _laser_chess(service, moves=2)
        _move(service, table)
        live = service.public(table)
        untold = {s["id"] for s in live["story"]["steps"] if not s["told"]}
        assert untold and live["story"]["waiting"]
        look = service.looking_back.told(table, -1)
        assert look["story"]["look"]["stops"] == len(seen) + 1 and _as_shown(look) == _as_shown(live)
        for k in range(len(seen) + 1):
            steps = service.looking_back.told(table, k)["story"]["steps"]
            assert not untold & {s["id"] for s in steps if s["told"]}
        for stop in (len(seen) + 1, 10_000, -len(seen) - 2):
            with pytest.raises(BadRequest, match="not been shown"):
                service.looking_back.told(table, stop)
        assert service.public(table)["version"] == live["version"]
    finally:
        service.close()


def test_nothing_told_yet_is_said_in_words(data_dir: Path) -> None:
    service = Service(data_dir, HOST_KEY)
    try:
        table = service.create_table("laser-chess", 2, {}, seed=3)["table"]   # no step at its start
        with pytest.raises(Conflict, match="Nothing has been shown"):
            service.looking_back.told(table, -1)
    finally:
        service.close()


def test_after_a_power_cut_the_whole_game_can_still_be_looked_back_at(data_dir: Path) -> None:
    """The chapters come from the log: a new service on the same data, the story it keeps in memory
    now only a few steps, still looks back at the first move."""
    service = Service(data_dir, HOST_KEY)
    table, seen = _laser_chess(service, moves=5)
    service.close()
    again = Service(data_dir, HOST_KEY)
    try:
        assert [_as_shown(again.looking_back.told(table, k)) for k in range(len(seen))] == seen
    finally:
        again.close()


def test_while_the_table_looks_back_auto_and_new_plays_wait_for_it(data_dir: Path) -> None:
    """Auto on, a screen watching, everything told: the screen looks back. Auto does not move on
    and a move made meanwhile waits untold (the phones are not told it behind the table's back);
    back at now, the shown step has its reading time again and then Auto tells the move."""
    clock = Clock()
    service = Service(data_dir, HOST_KEY, clock=clock)
    try:
        table = service.create_table("laser-chess", 2, {}, seed=3)["table"]
        service.subscribe(table, None, screen=True)
        _move(service, table)
        _tell(service, table, clock)
        before = shown(service.public(table))
        assert before is not None and not service.public(table)["story"]["waiting"]
        assert service.looking_back.look(table, True)["story"]["looking"] is True
        _move(service, table)
        for _ in range(3):
            clock.now += 10
            service.clockwork.pace()
            service.looking_back.look(table, True)   # the screen asks again at each move back
        public = service.public(table)
        assert shown(public) == before and public["story"]["waiting"] > 0
        assert service.looking_back.look(table, False)["story"]["looking"] is False
        service.clockwork.pace()
        assert shown(service.public(table)) == before   # its reading time again, from now
        clock.now += 10
        service.clockwork.pace()
        assert shown(service.public(table)) != before
    finally:
        service.close()


def test_a_screen_that_looks_back_and_goes_away_holds_auto_only_briefly(data_dir: Path) -> None:
    clock = Clock()
    service = Service(data_dir, HOST_KEY, clock=clock)
    try:
        table = service.create_table("laser-chess", 2, {}, seed=3)["table"]
        service.subscribe(table, None, screen=True)
        _move(service, table)
        _tell(service, table, clock)
        service.looking_back.look(table, True)
        _move(service, table)
        before = shown(service.public(table))
        clock.now += 10
        service.clockwork.pace()
        assert shown(service.public(table)) == before   # held
        clock.now += LOOK_HOLD + 1
        service.clockwork.pace()
        assert service.public(table)["story"]["looking"] is False
        clock.now += 10
        service.clockwork.pace()
        assert shown(service.public(table)) != before
    finally:
        service.close()


def test_looking_back_is_asked_with_true_or_false(data_dir: Path) -> None:
    service = Service(data_dir, HOST_KEY)
    try:
        table = service.create_table("laser-chess", 2, {}, seed=3)["table"]
        with pytest.raises(BadRequest, match="Looking back is on"):
            service.looking_back.look(table, "yes")  # type: ignore[arg-type]
    finally:
        service.close()
