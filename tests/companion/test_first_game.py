"""A first game, taught (issue 26, point 3): with the table option "First game" on, each phase's
lesson comes with the play that brings it, shown with that play's last step on the table screen,
once per table: the keys told are stored with the table, so neither the next play of that kind nor
a restart tells one again. The phone whose turn it is says what it may do now."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import engines
from companion.service import Service
from companion.store import Store
from companion.story import LONGEST_STEP, Chapter, snapshot
from tests.conftest import HOST_KEY
from web.service import BadRequest


def shown_lessons(payload: dict[str, Any]) -> list[str]:
    """The keys of the lessons the table screen shows now."""
    shown = payload["story"].get("shown")
    return [lesson["key"] for lesson in (shown or {}).get("lessons", [])]


def tell_all(service: Service, table: str) -> list[str]:
    """Next until all is told: the lessons shown on the way, in the order they first come (a lesson
    stays up from the step where its phase begins to the end of the play's telling)."""
    seen = shown_lessons(service.public(table))
    while service.public(table)["story"]["waiting"]:
        seen += [key for key in shown_lessons(service.advance(table)) if key not in seen]
    return seen


def steps_told(service: Service, table: str) -> list[tuple[str, list[str]]]:
    """Next until all is told: each step shown (its event type) with the lessons shown with it."""
    def now(payload: dict[str, Any]) -> tuple[str, list[str]]:
        story = payload["story"]
        return str(story["steps"][story["at"]]["event"]["type"]), shown_lessons(payload)

    out = [now(service.public(table))]
    while service.public(table)["story"]["waiting"]:
        out.append(now(service.advance(table)))
    return out


def laser_chess(service: Service, **options: Any) -> str:
    table = str(service.create_table("laser-chess", 2, {"first_game": True, **options}, seed=1)["table"])
    for seat in (0, 1):
        service.claim_seat(table, seat, f"P{seat}")
    return table


def move(service: Service, table: str) -> None:
    """The seat to move makes its first legal move that captures nothing."""
    state = service.state_of(table)
    seat = state.awaiting[0]
    quiet = [a for a in state.legal_actions(seat)
             if not state.apply(seat, a).view(None)["removed"]]
    service.act(table, seat, quiet[0])


def test_each_lesson_comes_once_with_the_play_that_brings_it(service: Service) -> None:
    table = laser_chess(service)
    public = service.public(table)
    assert public["first_game"] is True
    # the start: where a piece may go, whose turn it is and what a turn is (the decision last)
    assert shown_lessons(public) == ["moves", "turn"]
    lesson = public["story"]["shown"]["lessons"][-1]
    assert lesson["section"]["msgid"] == "Course of play, 1 and 2" and lesson["text"]["msgid"]
    # Auto leaves a lesson up long enough to read it
    assert service.tables.get(table).telling.story.reading_seconds(2.2) > LONGEST_STEP
    # the phone whose turn it is says what it may do now; the other one nothing
    assert service.seat_view(table, 0)["lesson"]["key"] == "turn"
    assert service.seat_view(table, 1)["lesson"] is None

    move(service, table)   # the first laser shot: told with the move's last step, not before
    first = service.public(table)
    assert first["story"]["waiting"] > 0 and shown_lessons(first) == []
    # what the laser does and which side the beam takes, the first time the beam meets the pieces
    assert tell_all(service, table) == ["laser", "capture"]
    assert service.seat_view(table, 1)["lesson"]["key"] == "turn"   # asked again, every turn

    move(service, table)   # the next plays of that kind: nothing again
    assert tell_all(service, table) == []
    move(service, table)
    assert tell_all(service, table) == []
    assert service.store.load_tables()[0].lessons == {"moves": "0", "turn": "0", "laser": "1", "capture": "1"}


def test_a_restart_keeps_the_lessons_told(fake_game: object, data_dir: Path) -> None:
    first = Service(data_dir, HOST_KEY)
    table = laser_chess(first)
    before = first.public(table)
    assert shown_lessons(before) == ["moves", "turn"]
    first.close()

    again = Service(data_dir, HOST_KEY)
    try:
        after = again.public(table)
        assert after["story"] == before["story"]   # the screen shows the lesson where it was
        move(again, table)
        assert tell_all(again, table) == ["laser", "capture"]   # the next lessons come as they would have
        for _ in range(4):
            move(again, table)
            assert tell_all(again, table) == []    # and none is told again
    finally:
        again.close()
    store = Store(data_dir / "companion.db")
    try:
        assert store.load_tables()[0].lessons == {"moves": "0", "turn": "0", "laser": "1", "capture": "1"}
    finally:
        store.close()


def test_two_lessons_at_once_and_a_change_with_no_public_step(service: Service) -> None:
    """Fzzzt!'s start brings three lessons (the game, a bidding round, bidding), bidding with its last step; a
    change with no public step of its own gets one that names its lesson, so the table shows it."""
    table = str(service.create_table("fzzzt", 3, {"first_game": True}, seed=2)["table"])
    assert tell_all(service, table) == ["game", "round", "bid"]
    g = engines.get("fzzzt")
    state = g.start(3, 2)
    lesson = g.lessons(state)[-1]
    quiet = Chapter.make("5", 5, [], snapshot(state), snapshot(state), g, "", [lesson])
    assert [ev["say"]["msgid"] for ev in quiet.events] == ["First game: {title}"]
    assert quiet.steps == (0,) and quiet.lessons_at(0) == [lesson.to_json()]


def test_a_lesson_comes_with_the_step_where_its_phase_begins_never_before(service: Service) -> None:
    """Fzzzt!: the first auction's result is told step by step; "Winning an auction" comes with the
    step that reveals the bids, not with the bid before it, and stays to the end of the telling."""
    table = str(service.create_table("fzzzt", 2, {"first_game": True}, seed=2)["table"])
    tell_all(service, table)
    for _ in range(4):   # the bids of the first auction, each told to its end
        state = service.state_of(table)
        seat = state.awaiting[0]
        service.act(table, seat, state.legal_actions(seat)[0])
        told = steps_told(service, table)
        if any("won" in lessons for _, lessons in told):
            break
    first = next(i for i, (_, lessons) in enumerate(told) if "won" in lessons)
    assert first > 0 and told[first][0] == "reveal"   # the bid told before it does not show it
    assert all("won" in lessons for _, lessons in told[first:])


def test_off_by_default_and_checked(service: Service) -> None:
    table = str(service.create_table("laser-chess", 2, {}, seed=1)["table"])
    service.claim_seat(table, 0, "A")
    public = service.public(table)
    assert public["first_game"] is False and shown_lessons(public) == []
    assert "lesson" not in service.seat_view(table, 0)
    with pytest.raises(BadRequest):
        service.create_table("laser-chess", 2, {"first_game": "yes"})
    names = {g["id"]: [o["name"] for o in g["table_options"]] for g in service.games()}
    assert all("first_game" in names[game] for game in engines.GAMES)


def test_the_next_game_of_the_same_seats_tells_nothing_again(service: Service) -> None:
    table = laser_chess(service)
    move(service, table)
    nxt = service.next_game(table)["table"]
    public = service.public(nxt)
    assert public["first_game"] is True and shown_lessons(public) == []
    move(service, nxt)
    assert tell_all(service, nxt) == []


def test_no_phone_is_told_what_it_may_do_now_while_the_table_sets_up(service: Service) -> None:
    """Issue 37, G1: "During setting up, the awaited phone shows the first turn's 'Now:' lesson
    above the setup part and pushes Ready below the fold ... while nothing may be played." Blue's
    phone (the first to move) gets no lesson until the game opens, then its turn's."""
    table = laser_chess(service, setting_up=True)
    assert service.seat_view(table, 0)["setup"] is not None
    assert service.seat_view(table, 0).get("lesson") is None
    service.setup.set_setup(table, skip=True)
    lesson = service.seat_view(table, 0)["lesson"]
    assert lesson is not None and lesson["key"] == "turn"
    assert not lesson["title"]["msgid"].startswith("Your")   # G8: the table screen shows it too
