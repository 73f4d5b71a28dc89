"""Who is connected: a seat's phone opening or closing its stream is pushed to every screen,
as metadata (``presence`` moves, ``version`` does not, nothing is stored), and a phone that
comes back within the grace never shows as away. The clock is injected: no sleeps."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from companion.service import Service, Subscription
from tests.conftest import HOST_KEY
from tests.fakegame import GuessGame
from web.service import Conflict, Unauthorized


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def svc(fake_game: GuessGame, data_dir: Path, clock: Clock) -> Iterator[Service]:
    s = Service(data_dir, HOST_KEY, clock=clock, think_seconds=0.05, presence_grace=2.0)
    try:
        yield s
    finally:
        s.close()


def drain(sub: Subscription) -> list[dict[str, Any]]:
    """Everything queued on a stream now (get(0) also lets it look at presence again)."""
    out = []
    while (p := sub.get(0)) is not None:
        out.append(p)
    return out


def connected(payload: dict[str, Any]) -> list[bool]:
    return [s["connected"] for s in payload["seats"]]


def seated_table(svc: Service) -> tuple[str, dict[int, str]]:
    table = str(svc.create_table("fake-guess", 2, {}, seed=3)["table"])
    tokens = {0: svc.claim_seat(table, 0, "Anna"), 1: svc.claim_seat(table, 1, "Bo")}
    return table, tokens


def test_a_phone_opening_its_stream_is_pushed_to_the_table_screen_without_a_new_version(
    svc: Service,
) -> None:
    table, _ = seated_table(svc)
    screen = svc.subscribe(table, None)
    (first,) = drain(screen)
    assert connected(first) == [False, False]
    anna = svc.subscribe(table, 0)
    (pushed,) = drain(screen)
    assert connected(pushed) == [True, False]
    assert pushed["version"] == first["version"] and pushed["presence"] == first["presence"] + 1
    assert connected(drain(anna)[-1]) == [True, False]   # her own stream says so too
    assert svc.public(table)["seats"][0]["connected"] is True


def test_a_phone_that_leaves_is_shown_away_only_after_the_grace(svc: Service, clock: Clock) -> None:
    table, _ = seated_table(svc)
    screen = svc.subscribe(table, None)
    anna = svc.subscribe(table, 0)
    drain(screen)
    before = svc.public(table)
    anna.close()
    clock.now += 1.9
    assert drain(screen) == []                       # not yet: she may be back in a moment
    assert connected(svc.public(table)) == [True, False]
    clock.now += 0.1
    (pushed,) = drain(screen)                        # the screen's own wake-up notices
    assert connected(pushed) == [False, False]
    assert pushed["version"] == before["version"] and pushed["presence"] == before["presence"] + 1
    assert drain(screen) == []                       # told once


def test_a_phone_that_reconnects_within_the_grace_never_flashes_away(svc: Service, clock: Clock) -> None:
    """The game-night notes: a phone that sleeps or loses Wi-Fi comes back to its seat."""
    table, _ = seated_table(svc)
    screen = svc.subscribe(table, None)
    anna = svc.subscribe(table, 0)
    drain(screen)
    for _ in range(5):                               # flapping Wi-Fi
        anna.close()
        clock.now += 1.5
        anna = svc.subscribe(table, 0)
        clock.now += 1.5
        assert drain(screen) == []
    assert connected(svc.public(table)) == [True, False]


def test_a_second_tab_closing_leaves_the_seat_connected(svc: Service, clock: Clock) -> None:
    table, _ = seated_table(svc)
    screen = svc.subscribe(table, None)
    tab1, tab2 = svc.subscribe(table, 1), svc.subscribe(table, 1)
    drain(screen)
    tab1.close()
    clock.now += 10
    assert drain(screen) == [] and connected(svc.public(table)) == [False, True]
    tab2.close()
    clock.now += 10
    assert connected(drain(screen)[-1]) == [False, False]


def test_presence_does_not_make_a_pending_play_stale_and_is_not_stored(
    svc: Service, clock: Clock, data_dir: Path
) -> None:
    """A phone's play carries the version it saw; presence changes in between must not refuse it."""
    table, _ = seated_table(svc)
    seen = svc.seat_view(table, 0)["version"]
    bo = svc.subscribe(table, 1)
    bo.close()
    clock.now += 5
    assert connected(svc.public(table)) == [False, False]
    with closing(sqlite3.connect(data_dir / "companion.db")) as db:
        stored = db.execute("SELECT version FROM tables WHERE id = ?", (table,)).fetchone()[0]
    assert stored == seen
    after = svc.act(table, 0, {"type": "pick", "notation": "pick2"}, expect_version=seen)
    assert after["view"]["my_pick"] == 2
    with pytest.raises(Conflict):                    # a real change still makes a play stale
        svc.act(table, 1, {"type": "pick", "notation": "pick2"}, expect_version=seen)


def test_a_freed_seat_is_not_connected_at_once_and_a_bot_always_is(svc: Service) -> None:
    table, _ = seated_table(svc)
    screen = svc.subscribe(table, None)
    anna = svc.subscribe(table, 0)
    drain(screen)
    svc.free_seat(table, 0)
    with pytest.raises(Unauthorized):
        anna.get(0)
    freed = drain(screen)[-1]
    assert freed["seats"][0]["taken"] is False and connected(freed) == [False, False]
    svc.seat_bot(table, 0)
    assert connected(drain(screen)[-1]) == [True, False]


def test_a_screen_started_after_a_phone_left_sees_it_away(svc: Service, clock: Clock) -> None:
    """Nobody was watching when the grace ran out: the next screen is still told the truth."""
    table, _ = seated_table(svc)
    svc.subscribe(table, 0).close()
    clock.now += 3
    screen = svc.subscribe(table, None)
    assert connected(drain(screen)[-1]) == [False, False]


def test_a_phone_whose_wifi_dropped_is_shown_away_though_its_stream_looks_open(
        svc: Service, clock: Clock) -> None:
    """A dropped Wi-Fi sends nothing: the companion's side of the stream stays open for minutes.
    The phone's heartbeats stop, so the table sees it away 3.5 s after the last one."""
    table, _ = seated_table(svc)
    screen = svc.subscribe(table, None)
    anna = svc.subscribe(table, 0)                   # stays open: nothing closes it
    for _ in range(4):
        svc.beat(table, 0)
        clock.now += 1.5
    drain(screen)
    assert connected(svc.public(table)) == [True, False]
    clock.now += 3.4 - 1.5                           # 3.4 s after her last heartbeat: still here
    assert drain(screen) == []
    clock.now += 0.1
    (pushed,) = drain(screen)                        # 3.5 s: away, though her stream is open
    assert connected(pushed) == [False, False] and anna in svc.tables.find(table).subs  # type: ignore[union-attr]
    svc.beat(table, 0)                               # her Wi-Fi is back: at once
    assert connected(drain(screen)[-1]) == [True, False]


def test_a_beating_phone_whose_page_closes_is_away_when_its_heartbeats_run_out(
        svc: Service, clock: Clock) -> None:
    table, _ = seated_table(svc)
    screen = svc.subscribe(table, None)
    anna = svc.subscribe(table, 0)
    svc.beat(table, 0)
    drain(screen)
    anna.close()
    clock.now += 3.4
    assert drain(screen) == [] and connected(svc.public(table)) == [True, False]
    clock.now += 0.1
    assert connected(drain(screen)[-1]) == [False, False]


def test_only_a_seated_phone_beats_and_a_freed_seat_forgets_its_heartbeats(svc: Service) -> None:
    table, _ = seated_table(svc)
    svc.beat(table, 1)
    svc.free_seat(table, 1)
    assert connected(svc.public(table)) == [False, False]
    svc.beat(table, 1)                               # a free seat's "phone": nobody is there
    assert connected(svc.public(table)) == [False, False]


def test_a_page_that_says_it_is_closing_is_away_after_the_grace_unless_it_reloads(
        svc: Service, clock: Clock) -> None:
    """Its last word (``leaving``): away after the 2 s grace rather than when its heartbeats run out;
    a reload that beats within the grace never shows away."""
    table, _ = seated_table(svc)
    screen = svc.subscribe(table, None)
    svc.subscribe(table, 0)
    svc.beat(table, 0)
    drain(screen)
    svc.beat(table, 0, leaving=True)                 # a reload: gone, and back within the grace
    clock.now += 1.0
    svc.beat(table, 0)
    clock.now += 2.0
    assert drain(screen) == [] and connected(svc.public(table)) == [True, False]
    svc.beat(table, 0, leaving=True)                 # closed for good
    clock.now += 1.9
    assert drain(screen) == []
    clock.now += 0.1
    assert connected(drain(screen)[-1]) == [False, False]


def test_a_page_that_polled_then_closes_is_away_after_the_grace_not_the_polls(
        svc: Service, clock: Clock) -> None:
    """Back from a dropped Wi-Fi by polling, then closed before its next heartbeat: its last poll
    does not keep it at the table for the poll's 5 s once the page said it is going."""
    table, _ = seated_table(svc)
    screen = svc.subscribe(table, None)
    svc.beat(table, 0)
    svc.seat_view(table, 0, present=True)            # a poll, the stream not back yet
    drain(screen)
    svc.beat(table, 0, leaving=True)
    clock.now += 2.0
    assert connected(drain(screen)[-1]) == [False, False]
