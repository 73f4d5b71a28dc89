"""Races between a beam check and the next play (issue 4), made deterministic.

A shot's window is open for ``window_s`` (0.3 s at a real table). The next move
cannot physically happen inside it, but a phone can post one. The tests below
post it *inside* the window by hooking the rig's laser switch: the move is
committed and the link has processed it before the window closes, every time,
with no sleeping and no timing in any assertion.

Without a laser, a watch for the players' own shot lasts up to ``watch_s``; the
tests make it 120 s and let the players fire only when they say, so that only a
watch ended by the next move (or an undo) lets the new one open.
"""

from __future__ import annotations

import queue
from collections.abc import Iterator
from typing import Any

import pytest

from companion.hardware_link import HardwareLink, attach
from companion.service import Service
from hardware import Rig
from tests.hardware.conftest import FakeClock
from tests.waits import patience

BLUE_MOVE = {"type": "move", "from": "c1", "to": "c2"}  # Ace: Blue's beam still leaves at j8 north
RED_MOVE = {"type": "move", "from": "c7", "to": "c6"}   # Ace: Red's beam leaves at a1 south


def during_the_window(monkeypatch: pytest.MonkeyPatch, rig: Rig, link: HardwareLink,
                      play: Any) -> list[bool]:
    """Run ``play()`` the first time the laser switches on, and let the link handle it
    before the window goes on. Returns a list that records that it ran."""
    real = rig.set_laser
    ran: list[bool] = []

    def set_laser(on: bool) -> None:
        real(on)
        if on and not ran:
            ran.append(True)
            play()
            link._work.join()  # the link's worker has handled the move (this is the beam thread)

    monkeypatch.setattr(rig, "set_laser", set_laser)
    return ran


def hardware_events(service: Service, table: str) -> list[dict[str, Any]]:
    return [ev for ev in service.public(table)["events"] if ev["type"] == "hardware"]


def test_a_move_posted_while_the_previous_shot_fires_is_not_a_false_fault(
        service: Service, clean_rig: Rig, link: HardwareLink, clock: FakeClock,
        host_key: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Rulebook p.8: each player moves, then fires; a check judges only its own shot.

    Blue presses fire (through the host API, as in the review); Red's phone posts
    a move while Blue's window is still open. Blue's shot was right, so nobody
    may be told "check for stray light", the status LED stays steady, and Red's
    own shot is then checked normally.
    """
    from web import create_app

    client = create_app(service).test_client()
    table = service.create_table("laser-chess", 2, {"setup": "ace"}, seed=1)["table"]
    service.act(table, 0, BLUE_MOVE)
    assert link.wait_idle(patience(5))
    version_after_red = []

    def red_moves() -> None:
        service.act(table, 1, RED_MOVE)
        version_after_red.append(service.public(table)["version"])

    ran = during_the_window(monkeypatch, clean_rig, link, red_moves)
    clock.tick()
    pressed = client.post("/api/hardware/press/seat0", headers={"X-Host-Key": host_key})
    assert pressed.status_code == 200 and ran
    check = pressed.get_json()["last_beam_check"]
    assert check["seat"] == 0 and check["table"] == table
    assert check["result"] == "agree", check  # judged against Blue's own shot: j8 north
    assert check["expected"] == {"square": "j8", "direction": "N"} and check["lit"] == ["j8n"]
    assert check["superseded"] is True  # recorded as such for the host
    assert hardware_events(service, table) == []  # nothing told to the table
    assert service.public(table)["version"] == version_after_red[0]  # no broadcast after Red's move
    assert clean_rig.led_mode("status") == "on"
    assert link.hardware_status()["pending_shot"] == {"table": table, "seat": 1}
    assert clean_rig.led_mode("seat1") == "blinking"  # Red: fire now

    clock.tick()  # the hook has run once; later shots fire normally
    clean_rig.press("seat1")
    assert link.wait_idle(patience(5))
    red = link.hardware_status()["last_beam_check"]
    assert red["seat"] == 1 and red["result"] == "agree" and red["lit"] == ["a1s"]
    assert "superseded" not in red
    assert hardware_events(service, table) == []


def test_a_real_fault_in_a_superseded_shot_is_recorded_but_not_broadcast(
        service: Service, clean_rig: Rig, link: HardwareLink, clock: FakeClock,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A check whose shot was replaced by the next move no longer speaks for the board:
    the host sees its verdict in ``GET /api/hardware``; the table hears nothing, and
    the status LED keeps what it showed."""
    table = service.create_table("laser-chess", 2, {"setup": "ace"}, seed=1)["table"]
    service.act(table, 0, BLUE_MOVE)
    assert link.wait_idle(patience(5))
    clean_rig.turn_token(("j5", "E"))  # the physical board disagrees with Blue's shot
    during_the_window(monkeypatch, clean_rig, link, lambda: service.act(table, 1, RED_MOVE))
    clock.tick()
    clean_rig.press("seat0")
    assert link.wait_idle(patience(5))
    check = link.hardware_status()["last_beam_check"]
    assert check["seat"] == 0 and check["result"] == "mismatch" and check["superseded"] is True
    assert hardware_events(service, table) == []
    assert clean_rig.led_mode("status") == "on"


def test_an_auto_fired_check_overtaken_by_the_next_move_reports_only_the_new_shot(
        service: Service, clean_rig: Rig, link: HardwareLink, monkeypatch: pytest.MonkeyPatch) -> None:
    """With ``auto_fire_s`` both shots fire by themselves: Blue's completes against its own
    beam (superseded, silent), then Red's is checked and agrees."""
    link.auto_fire_s = 0.0
    table = service.create_table("laser-chess", 2, {"setup": "ace"}, seed=1)["table"]
    during_the_window(monkeypatch, clean_rig, link, lambda: service.act(table, 1, RED_MOVE))
    service.act(table, 0, BLUE_MOVE)
    assert link.wait_idle(patience(5))
    check = link.hardware_status()["last_beam_check"]
    assert check["seat"] == 1 and check["result"] == "agree" and check["lit"] == ["a1s"]
    assert hardware_events(service, table) == []
    assert clean_rig.led_mode("status") == "on"


def test_a_slow_next_press_does_not_hold_up_the_seat_leds(
        service: Service, clean_rig: Rig, link: HardwareLink, clock: FakeClock,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``next`` writes the table screen's step to SQLite (on a Pi's SD card that can take tens
    of ms). While that write is still going on, a play's LED change must already show."""
    import threading

    from tests import fakegame

    table = service.create_table(fakegame.GAME.id, 2, {}, seed=7)["table"]
    service.set_auto(table, False)                # the button steps the story, nothing else
    service.subscribe(table, None, screen=True)   # a table screen tells the story (closed with the service)
    for seat in (0, 1):   # the round's reveal: steps for "next" to show
        service.act(table, seat, service.state_of(table).legal_actions(seat)[0])
    assert link.wait_idle(patience(5))
    real_advance, writing, done = service.advance, threading.Event(), threading.Event()

    def slow_advance(table_id: str) -> dict[str, Any]:
        writing.set()
        done.wait(patience(10))  # the test lets it finish
        return real_advance(table_id)

    monkeypatch.setattr(service, "advance", slow_advance)
    step = service.public(table)["step"]
    clock.tick()
    clean_rig.press("next")
    assert writing.wait(patience(10))
    try:
        service.act(table, 0, service.state_of(table).legal_actions(0)[0])
        with link._work.all_tasks_done:  # the LED worker is free: it is not the one writing
            assert link._work.all_tasks_done.wait_for(lambda: not link._work.unfinished_tasks,
                                                     patience(5))
        assert clean_rig.led_mode("seat0") == "on" and clean_rig.led_mode("seat1") == "blinking"
    finally:
        done.set()
    assert link.wait_idle(patience(5))
    assert service.public(table)["step"] == step + 1  # the press still stepped the screen



class Watching:
    """A rig without a laser, on mock pins, whose players fire only when the test says.

    ``opened`` gets an item each time a watch opens (the simulator's ``players_shot``, the
    moment the rig starts watching for the players' own shot); ``fire()`` is the players'
    shot. The watch lasts 120 s, far longer than any wait here: only ending it early can
    let the link go on.
    """

    def __init__(self, service: Service, mock_factory: Any, monkeypatch: pytest.MonkeyPatch) -> None:
        from hardware import build, parse

        self.rig = build(parse({"watch_s": 120, "sensors": {
            "j8n": {"pin": 10, "watches": "j8:N"}, "a1s": {"pin": 11, "watches": "a1:S"}}}),
            pin_factory=mock_factory)
        assert self.rig.simulator is not None
        self.fire = self.rig.simulator.players_shot
        self.opened: queue.Queue[bool] = queue.Queue()
        monkeypatch.setattr(self.rig.simulator, "players_shot", lambda: self.opened.put(True))
        self.link = attach(service, self.rig)

    def close(self) -> None:
        self.link.close()
        self.rig.close()


@pytest.fixture
def watching(service: Service, mock_factory: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[Watching]:
    rig = Watching(service, mock_factory, monkeypatch)
    try:
        yield rig
    finally:
        rig.close()


def test_without_a_laser_the_next_move_ends_the_old_watch_so_the_new_shot_is_seen(
        service: Service, watching: Watching) -> None:
    """Rulebook p.8: each player moves, then fires their laser. Without a laser of ours the
    sensors watch (up to ``watch_s``) for the players' own shot after each move.

    Blue never fires; Red moves while Blue's watch is still open and fires at once. Blue's
    watch must end with Red's move, so that Red's shot is seen by Red's own watch: nobody
    may be told "no sensor saw it".
    """
    link = watching.link
    table = service.create_table("laser-chess", 2, {"setup": "ace"}, seed=1)["table"]
    service.act(table, 0, BLUE_MOVE)
    assert watching.opened.get(timeout=patience(10))  # Blue's watch is open, and Blue never fires
    service.act(table, 1, RED_MOVE)
    try:
        watching.opened.get(timeout=patience(10))
    except queue.Empty:
        pytest.fail("Red's watch did not open while Blue's was still open: Red's shot would be missed")
    watching.fire()  # Red fires the game's laser right after the move
    assert link.wait_idle(patience(5))
    check = link.hardware_status()["last_beam_check"]
    assert check["seat"] == 1 and check["result"] == "agree" and check["lit"] == ["a1s"], check
    assert "superseded" not in check
    assert hardware_events(service, table) == []  # Blue's cut-short watch told nobody anything
    assert link.hardware_status()["pending_shot"] is None  # Red's shot is confirmed


def test_without_a_laser_an_undo_ends_the_watch_for_the_undone_move(
        service: Service, watching: Watching) -> None:
    """The host undoes a move whose shot the players have not fired: its watch ends at once,
    recorded as superseded for the host and told to nobody (the move is gone)."""
    link = watching.link
    table = service.create_table("laser-chess", 2, {"setup": "ace"}, seed=1)["table"]
    service.act(table, 0, BLUE_MOVE)
    assert watching.opened.get(timeout=patience(10))
    service.undo(table)
    assert link.wait_idle(patience(10)), "the watch for the undone move is still open"
    check = link.hardware_status()["last_beam_check"]
    assert check["seat"] == 0 and check["superseded"] is True, check
    assert hardware_events(service, table) == []
    assert link.hardware_status()["pending_shot"] is None
