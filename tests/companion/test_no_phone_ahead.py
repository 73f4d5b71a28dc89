"""No phone learns before the table (issue 36, point 1; docs/web.md, "No phone ahead of the
table"): while a table screen tells a change step by step, a phone's public part is the state as of
the step the screen shows, its own part is as it is now, and its prompt comes with the step that
tells the result it follows from. The browser canary is tests/web/test_browser_no_spoilers.py."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from companion.payloads import held_back
from companion.service import Service
from engines import TABLE
from tests.companion.test_story import Clock, play_to_the_resolution, tell_all
from tests.conftest import HOST_KEY

OWN = "own-canary-7f3"


def test_the_public_part_is_as_it_was_then_and_the_own_part_as_it_is_now() -> None:
    """The three-way rule, on a view shaped as the games shape theirs: a board, a list of seats
    with one's own hand among them, a key only the seat has, a result the public view did not
    have then."""
    mine = {"board": {"a1": "shark"}, "hand": [OWN], "round": 2, "winner": 1,
            "seats": [{"score": 5, "cards": [OWN, "x"]}, {"score": 4, "cards": None}]}
    now = {"board": {"a1": "shark"}, "round": 2, "winner": 1,
           "seats": [{"score": 5, "cards": None}, {"score": 4, "cards": None}]}
    then = {"board": {"b2": "shark"}, "round": 1,
            "seats": [{"score": 3, "cards": None}, {"score": 2, "cards": None}]}
    assert held_back(mine, now, then) == {
        "board": {"b2": "shark"}, "hand": [OWN], "round": 1,          # no "winner": not said then
        "seats": [{"score": 3, "cards": [OWN, "x"]}, {"score": 2, "cards": None}]}
    assert held_back(mine, now, now) == mine                         # all told: the view of now


def _sharks_table(data_dir: Path) -> tuple[Service, str, int, dict[str, Any]]:
    service = Service(data_dir, HOST_KEY, clock=Clock())   # Auto off, a clock that stands still
    table = service.create_table("sharks-with-lasers", 3, {}, seed=5)["table"]
    service.set_auto(table, False)
    service.subscribe(table, None, screen=True)            # a table screen tells the story
    for seat in range(3):
        service.claim_seat(table, seat, f"P{seat}")
    seat, resolving = play_to_the_resolution(service, table, random.Random(1))
    tell_all(service, table)
    return service, table, seat, resolving


def test_sharks_each_phone_is_as_of_the_step_and_the_starter_is_asked_at_the_last(data_dir: Path) -> None:
    """Sharks with Lasers, phase III: every phone's agents, sharks, stacks, whose turn and outcome
    (and the host page's whole view) are the table screen's at every step; each phone's own hand
    is its own of now; the player who opens the next round is asked at the round's last step, not
    before."""
    service, table, seat, resolving = _sharks_table(data_dir)
    try:
        service.act(table, seat, resolving)
        starter = service.state_of(table).awaiting[0]
        steps = 0
        while True:
            public = service.public(table)
            shown = public["story"]["shown"]
            last = not public["story"]["waiting"]
            then = shown["after"] if last or shown["index"] >= shown["count"] - 1 else shown["before"]
            host = service.seat_view(table, TABLE)   # the host's page: the table's view, as of the step
            assert (host["view"], host["outcome"]) == (then["view"], then["outcome"]), steps
            for s in range(3):
                phone = service.seat_view(table, s)
                live = service.state_of(table).view(s)
                for key in ("sharks", "stacks"):
                    assert phone["view"][key] == then["view"][key], (steps, s, key)
                for mine, theirs in zip(phone["view"]["agents"], then["view"]["agents"], strict=True):
                    if mine["seat"] != s:
                        assert mine == theirs, (steps, s)
                    else:   # its own agent: where it stands is public; its cards are its own
                        assert {k: mine[k] for k in ("square", "facing", "deaths", "passed")} == \
                            {k: theirs[k] for k in ("square", "facing", "deaths", "passed")}, (steps, s)
                assert phone["view"]["hand"] == live["hand"]                      # its own, now
                assert phone["outcome"] == then["outcome"]
                assert [w for w in phone["awaiting"] if w != s] == [w for w in then["awaiting"] if w != s]
                told = {x["id"] for x in public["story"]["steps"] if x["told"]}
                assert all(ev["id"] in told for ev in phone["events"] if ev.get("visible_to") == "all")
                asked = bool(phone["legal_actions"])
                assert asked == (s == starter and s in then["awaiting"]), (steps, s)
            if last:
                break
            service.advance(table)
            steps += 1
        assert steps >= 3 and service.seat_view(table, starter)["legal_actions"]
    finally:
        service.close()


def test_without_a_table_screen_nothing_is_held_back(data_dir: Path) -> None:
    """No screen tells the story: the phones show the state of now, and the starter is asked."""
    service = Service(data_dir, HOST_KEY, clock=Clock())
    try:
        table = service.create_table("sharks-with-lasers", 3, {}, seed=5)["table"]
        service.set_auto(table, False)
        seat, resolving = play_to_the_resolution(service, table, random.Random(1))
        service.act(table, seat, resolving)
        starter = service.state_of(table).awaiting[0]
        phone = service.seat_view(table, starter)
        assert phone["view"] == service.state_of(table).view(starter) and phone["legal_actions"]
        assert "shown" not in phone["story"]
    finally:
        service.close()


def test_a_phone_back_before_the_table_screen_is_held_back_again_once_the_screen_is_back(
        data_dir: Path) -> None:
    """After a restart (or any time no screen is there) a phone is told the state of now; when a
    table screen comes back with steps still to tell, that phone's stream is told the state as of
    the screen's step again, not left ahead of the table (a power cut under load: the phone came
    back before the screen, and kept the placement the screen had still to tell). The same for a
    screen that comes back polling (its stream blocked)."""
    for polling in (False, True):
        service = Service(data_dir / str(polling), HOST_KEY, clock=Clock())
        try:
            table = service.create_table("sharks-with-lasers", 3, {}, seed=5)["table"]
            service.set_auto(table, False)
            for seat in range(3):
                service.claim_seat(table, seat, f"P{seat}")
            seat, resolving = play_to_the_resolution(service, table, random.Random(1))
            service.act(table, seat, resolving)
            phone = service.subscribe(table, seat)       # no screen yet: the state of now
            now = phone.get(1.0)
            assert now is not None and "shown" not in now["story"]
            if polling:
                service.public(table, screen=True)
            else:
                service.subscribe(table, None, screen=True)
            again = phone.get(1.0)
            assert again is not None and again["story"].get("shown"), polling
            then = service.public(table)["story"]["shown"]["before"]["view"]
            assert again["view"]["sharks"] == then["sharks"] and again["view"] != now["view"], polling
        finally:
            service.close()
