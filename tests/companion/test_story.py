"""The table's story (issue 15, point 1): the table screen's queue of steps, kept by the service.

A change the table screen has not finished telling is never wiped: new plays append their steps;
the table's "next" (a tap, a button, Auto) moves one step; every screen shows the same step; a
reload, a second screen and a power cut lose nothing. Per game, the next play either waits for
the table (Sharks with Lasers while a round's resolution is told, the phones told why) or is
queued (Fzzzt!, Laser Chess). Auto tells the steps at a reading pace while a screen is open.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

import engines
from companion.service import Service
from companion.story import CONTEXT
from engines import translate
from tests.conftest import HOST_KEY
from tests.waits import patience
from web.service import Conflict


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def shown(payload: dict[str, Any]) -> str | None:
    story = payload["story"]
    return None if story["at"] < 0 else str(story["steps"][story["at"]]["id"])


def untold(payload: dict[str, Any]) -> list[str]:
    return [s["id"] for s in payload["story"]["steps"] if not s["told"]]


def tell_all(service: Service, table: str) -> list[str]:
    """Press next until all is told; the ids of the steps told, in order (a step told together with
    the one after it, a card turned over with what it does, comes up with it)."""
    def told(payload: dict[str, Any]) -> list[str]:
        return [s["id"] for s in payload["story"]["steps"] if s["told"] and not s.get("private")]

    before = set(told(service.public(table)))
    seen: list[str] = []
    while service.public(table)["story"]["waiting"]:
        seen += [i for i in told(service.advance(table)) if i not in seen and i not in before]
    return seen


def resolves_a_round(state: engines.State, seat: int, action: dict[str, Any]) -> bool:
    return any(ev["type"] == "revealed" for ev in state.apply(seat, action).events)


def play_to_the_resolution(service: Service, table: str, rng: random.Random) -> tuple[int, dict[str, Any]]:
    """Random plays (cards first, then passes) up to the one that resolves the round (not made):
    its seat and action."""
    cards = 0
    for _ in range(400):
        state = service.state_of(table)
        seat = state.awaiting[0]
        actions = state.legal_actions(seat)
        ending = [a for a in actions if resolves_a_round(state, seat, a)]
        if ending:
            return seat, ending[0]
        playing = [a for a in actions if a["type"] in ("agent", "shark")]
        passing = [a for a in actions if a["type"] == "pass"]
        if playing and cards < 6:
            cards += 1
            service.act(table, seat, rng.choice(playing))
        else:
            service.act(table, seat, (passing or actions)[0])
    raise AssertionError("no round resolved")


def test_an_early_play_is_appended_and_every_step_before_it_is_told_first(service: Service) -> None:
    """Issue 15: "the moment the next round's first player plays, the table screen jumps to '1 of 1
    Bram plays a card face down' and the round's resolution is gone for good." In a game that
    queues plays (Laser Chess), the answer made at once waits at the end of the story: the table
    screen still shows the first move's first step, and tells every step of it before the answer."""
    table = service.create_table("laser-chess", 2, {}, seed=1)["table"]
    screen = service.subscribe(table, None, screen=True)
    tell_all(service, table)
    state = service.state_of(table)
    service.act(table, 0, next(a for a in state.legal_actions(0) if a["type"] == "move"))
    first_move = untold(service.public(table))
    first = shown(service.public(table))
    assert first is not None and first_move                 # the move shown, its laser waiting
    state = service.state_of(table)
    service.act(table, 1, next(a for a in state.legal_actions(1) if a["type"] == "rotate"))   # at once
    after = service.public(table)
    assert shown(after) == first                            # still the first move's first step
    assert untold(after)[:len(first_move)] == first_move and len(untold(after)) > len(first_move)
    told = tell_all(service, table)
    assert told[:len(first_move)] == first_move and len(told) > len(first_move)   # then the answer
    assert service.public(table)["story"]["waiting"] == 0
    screen.close()


def test_a_round_told_to_its_last_step_however_long(service: Service) -> None:
    """Sharks with Lasers: a round's resolution (up to 26 steps) is told to its last step, "the
    round is over" included, with a table screen watching."""
    table = service.create_table("sharks-with-lasers", 2, {}, seed=5)["table"]
    seat, resolving = play_to_the_resolution(service, table, random.Random(1))
    screen = service.subscribe(table, None, screen=True)
    tell_all(service, table)
    service.act(table, seat, resolving)
    round_steps = untold(service.public(table))
    assert len(round_steps) >= 10
    assert tell_all(service, table) == round_steps
    last = service.public(table)["story"]
    said = [translate(engines.Text.from_json(s["event"]["say"])) for s in last["steps"]]
    assert last["waiting"] == 0 and any("round is over" in line for line in said)
    screen.close()


def test_while_a_screen_shows_a_sharks_round_plays_wait_and_the_phones_are_told_why(service: Service) -> None:
    """Sharks with Lasers declares that the next round is planned on the board the table has shown:
    while a screen is telling the resolution, every play (bots too) waits, in words; only the next
    round's first card may be planned, sealed (companion/sealing.py), and the seat's next play waits."""
    table = service.create_table("sharks-with-lasers", 2, {}, seed=5)["table"]
    service.set_auto(table, False)   # the test tells the story itself
    seat, resolving = play_to_the_resolution(service, table, random.Random(1))
    tell_all(service, table)
    screen = service.subscribe(table, None, screen=True)
    service.act(table, seat, resolving)
    phone = service.seat_view(table, 0)["story"]
    assert phone["hold"] and phone["waiting"] >= 10 and phone["title"]["params"] == {"n": 1}
    assert phone["steps"][phone["at"]]["index"] == 0 and phone["steps"][phone["at"]]["count"] >= 11
    state = service.state_of(table)
    nxt = state.awaiting[0]
    version = service.public(table)["version"]
    sealed = engines.get("sharks-with-lasers").pacing.sealed
    legal = state.legal_actions(nxt)
    if service.seat_view(table, nxt)["story"]["seal"]:   # the round's first card: planned, sealed
        assert service.act(table, nxt, next(a for a in legal if a["type"] in sealed))["sealed"] == 1
        assert service.state_of(table) is state
    with pytest.raises(Conflict) as refused:
        service.act(table, nxt, next((a for a in legal if a["type"] not in sealed), legal[0]))
    assert translate(refused.value.text) == ("The table is still showing round 1: plays open again once it "
                                             "has been shown (Next moves it on).")
    assert service.public(table)["version"] == version   # nothing changed
    service.seat_bot(table, nxt)
    assert service.wait_for_bots(patience(5)) and service.state_of(table) is state       # the bot waits too
    tell_all(service, table)
    assert not service.seat_view(table, 0)["story"]["hold"]
    assert service.wait_for_bots(patience(10)) and service.state_of(table) is not state   # then it plays
    screen.close()


def test_without_a_table_screen_nothing_waits_and_the_story_keeps(service: Service) -> None:
    table = service.create_table("sharks-with-lasers", 2, {}, seed=5)["table"]
    seat, resolving = play_to_the_resolution(service, table, random.Random(1))
    service.act(table, seat, resolving)
    assert service.public(table)["story"]["waiting"] >= 10 and not service.public(table)["story"]["hold"]
    state = service.state_of(table)
    service.act(table, state.awaiting[0], state.legal_actions(state.awaiting[0])[0])   # accepted


def test_a_screen_that_reloads_keeps_the_hold_and_one_gone_for_good_lets_plays_go_on(
        fake_game: object, data_dir: Path) -> None:
    clock = Clock()
    service = Service(data_dir, HOST_KEY, clock=clock, presence_grace=2.0)
    try:
        table = service.create_table("sharks-with-lasers", 2, {}, seed=5)["table"]
        seat, resolving = play_to_the_resolution(service, table, random.Random(1))
        tell_all(service, table)
        screen = service.subscribe(table, None, screen=True)
        service.act(table, seat, resolving)
        phone = service.subscribe(table, 0)
        while phone.get(0) is not None:
            pass
        screen.close()                       # a reload: back within the grace, nothing changes
        clock.now += 1.0
        service.clockwork.pace()
        assert service.seat_view(table, 0)["story"]["hold"]
        again = service.subscribe(table, None, screen=True)
        again.close()
        clock.now += 2.5                     # the screen is gone for good
        service.clockwork.pace()
        told = [p for p in iter(lambda: phone.get(0), None)]
        assert told and not told[-1]["story"]["hold"]          # the phone is told at once
        # and the story keeps every step: 9 stops still to tell (a stop is a step and the steps that
        # show nothing new told with it, docs/web.md "The table's story")
        assert told[-1]["story"]["waiting"] >= 9
        phone.close()
    finally:
        service.close()


def test_auto_tells_each_step_at_a_reading_pace_while_a_screen_is_open(fake_game: object,
                                                                       data_dir: Path) -> None:
    clock = Clock()
    service = Service(data_dir, HOST_KEY, clock=clock)
    try:
        table = service.create_table("fake-guess", 2, {}, seed=7)["table"]
        for seat in (0, 1):
            service.act(table, seat, {"type": "pick", "notation": f"pick{seat + 1}"})
        first = shown(service.public(table))
        assert service.public(table)["story"]["auto"] and service.public(table)["story"]["waiting"] == 2
        clock.now += 60
        service.clockwork.pace()
        assert shown(service.public(table)) == first          # no screen: nobody to tell it to
        screen = service.subscribe(table, None, screen=True)
        clock.now += 1.0
        service.clockwork.pace()
        assert shown(service.public(table)) == first          # a sentence needs time to be read
        clock.now += 6.0
        due = service.clockwork.pace()
        second = shown(service.public(table))
        assert second != first and due is not None and due > clock.now   # the next one comes later
        service.set_auto(table, False)
        clock.now += 60
        service.clockwork.pace()
        assert shown(service.public(table)) == second          # Auto off: only "next" moves it
        assert not service.public(table)["story"]["auto"]
        screen.close()
    finally:
        service.close()


def test_two_screens_and_a_power_cut_show_the_same_step(fake_game: object, data_dir: Path) -> None:
    service = Service(data_dir, HOST_KEY)
    table = service.create_table("fake-guess", 2, {}, seed=7)["table"]
    for seat, number in ((0, 1), (1, 2), (0, 3)):
        service.act(table, seat, {"type": "pick", "notation": f"pick{number}"})
    screens = [service.subscribe(table, None, screen=True) for _ in range(2)]
    service.advance(table)
    latest = [[p for p in iter(lambda s=s: s.get(0), None)][-1] for s in screens]
    assert shown(latest[0]) == shown(latest[1]) == shown(service.public(table))
    before = service.public(table)["story"]
    for s in screens:
        s.close()
    service.close()                                    # the plug is pulled
    again = Service(data_dir, HOST_KEY)
    try:
        after = again.public(table)["story"]
        assert after["steps"][after["at"]]["id"] == before["steps"][before["at"]]["id"]
        assert after["waiting"] == before["waiting"] and after["steps"] == before["steps"]
    finally:
        again.close()


def test_after_a_power_cut_auto_waits_for_the_screen_to_come_back(fake_game: object, data_dir: Path) -> None:
    """Auto on, the screen part-way through: a restart keeps the step however long the screen takes
    to come back (nobody is shown the steps meanwhile), and Auto tells on from it once it is."""
    clock = Clock()
    service = Service(data_dir, HOST_KEY, clock=clock)
    table = service.create_table("fake-guess", 2, {}, seed=7)["table"]
    screen = service.subscribe(table, None, screen=True)
    for seat, number in ((0, 1), (1, 2), (0, 3)):
        service.act(table, seat, {"type": "pick", "notation": f"pick{number}"})
    before = service.public(table)["story"]
    assert before["auto"] and before["waiting"] >= 2
    screen.close()
    service.close()                                    # the plug is pulled
    again = Service(data_dir, HOST_KEY, clock=clock)
    try:
        for _ in range(3):   # the screen is slow to come back: past RESUME_SECONDS
            clock.now += 5.0
            again.clockwork.pace()
            assert shown(again.public(table)) == shown({"story": before})
        back = again.subscribe(table, None, screen=True)
        again.clockwork.pace()
        assert shown(again.public(table)) == shown({"story": before})   # its first step read first
        clock.now += 7.0
        again.clockwork.pace()
        assert shown(again.public(table)) != shown({"story": before})   # then Auto tells on
        back.close()
    finally:
        again.close()


def test_an_undo_takes_its_untold_steps_out_and_says_so(service: Service) -> None:
    table = service.create_table("fake-guess", 2, {}, seed=7)["table"]
    screen = service.subscribe(table, None, screen=True)
    for seat in (0, 1):
        service.act(table, seat, {"type": "pick", "notation": f"pick{seat + 1}"})
    waiting = untold(service.public(table))
    service.act(table, 0, {"type": "pick", "notation": "pick4"})
    undone = set(untold(service.public(table))) - set(waiting)
    service.undo(table)
    story = service.public(table)["story"]
    ids = [s["id"] for s in story["steps"]]
    assert not undone & set(ids)                       # the undone play is not told
    assert ids[-1].split(".")[0] != ids[0].split(".")[0] and story["steps"][-1]["event"]["type"] == "undo"
    assert untold(service.public(table))[:len(waiting)] == waiting
    screen.close()


def test_with_no_screen_for_a_while_the_newest_change_waits_whole_for_one(service: Service) -> None:
    """No table screen open beyond its grace: nobody was there to be shown the older steps; the
    newest change waits whole for a screen that opens (late, or back from a lost Wi-Fi)."""
    table = service.create_table("fake-guess", 2, {}, seed=7)["table"]
    for seat, number in ((0, 1), (1, 2), (0, 3)):
        service.act(table, seat, {"type": "pick", "notation": f"pick{number}"})
    payload = service.public(table)
    newest = payload["story"]["steps"][-1]["chapter"]
    assert untold(payload) == [s["id"] for s in payload["story"]["steps"] if s["chapter"] == newest]


def test_each_event_has_one_identity_and_a_phone_gets_only_its_own_private_lines(service: Service) -> None:
    table = service.create_table("fake-guess", 3, {}, seed=7)["table"]
    for seat in range(3):
        service.act(table, seat, {"type": "pick", "notation": f"pick{seat + 1}"})
    public = service.public(table)["story"]["steps"]
    assert all(not s.get("private") for s in public)
    for seat in range(3):
        steps = service.seat_view(table, seat)["story"]["steps"]
        ids = [s["id"] for s in steps]
        assert len(ids) == len(set(ids))                        # nothing listed twice
        for s in steps:
            ev = s["event"]
            assert ev["id"] == s["id"]
            assert ev["visible_to"] == "all" or seat in ev["visible_to"]
        assert {s["id"] for s in steps if not s.get("private")} == {s["id"] for s in public}
    assert len(public) <= CONTEXT + 60
