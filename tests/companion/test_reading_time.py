"""A step is never shown for less than its reading time (issue 36, point 7): "The TV showed
'Runde 3: Spielt eure Karten. Daan beginnt.' for 20 ms before 'Daan spielt eine Karte verdeckt auf
den eigenen Agenten.' replaced it" (S7). While Auto paces a table screen, a play made a moment after
a step came up is appended and waits until that step has been up for its reading time; then Auto
shows it. With nothing pacing (Auto off, or no screen), a play on a table that has told everything
comes up at once, as before. Counted on the service's clock, not on a wall clock."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.service import Service
from tests.companion.test_story import Clock, shown
from tests.conftest import HOST_KEY


def _laser_chess(data_dir: Path, clock: Clock, *, auto: bool) -> tuple[Service, str]:
    service = Service(data_dir, HOST_KEY, clock=clock)
    table = service.create_table("laser-chess", 2, {}, seed=3)["table"]
    service.set_auto(table, auto)
    service.subscribe(table, None, screen=True)   # a table screen tells the story
    return service, table


def _move(service: Service, table: str) -> None:
    state = service.state_of(table)
    seat = state.awaiting[0]
    service.act(table, seat, next(a for a in state.legal_actions(seat) if a["type"] == "move"))


def _tell(service: Service, table: str, clock: Clock) -> None:
    """Auto tells everything, each step given its time on the clock."""
    for _ in range(50):
        if not service.public(table)["story"]["waiting"]:
            return
        clock.now += 10
        service.clockwork.pace()
    raise AssertionError("Auto did not tell the story")


def test_a_play_a_moment_after_the_last_step_came_up_waits_for_its_reading_time(data_dir: Path) -> None:
    clock = Clock()
    service, table = _laser_chess(data_dir, clock, auto=True)
    try:
        _tell(service, table, clock)
        _move(service, table)
        _tell(service, table, clock)               # Blue's move and beam, told: its last step is up
        last = shown(service.public(table))
        clock.now += 0.3                           # Red answers at once
        _move(service, table)
        public: dict[str, Any] = service.public(table)
        assert shown(public) == last and public["story"]["waiting"] > 0   # still up, Red's move waits
        service.clockwork.pace()
        assert shown(service.public(table)) == last                         # not yet read
        clock.now += 10
        service.clockwork.pace()
        assert shown(service.public(table)) != last                         # then Red's move comes up
    finally:
        service.close()


def test_without_auto_a_play_on_a_table_that_has_told_everything_comes_up_at_once(data_dir: Path) -> None:
    clock = Clock()
    service, table = _laser_chess(data_dir, clock, auto=False)
    try:
        while service.public(table)["story"]["waiting"]:
            service.advance(table)
        before = shown(service.public(table))
        _move(service, table)
        assert shown(service.public(table)) != before
    finally:
        service.close()
