"""Issue 29, point 9: "About 10 s pass between the crew's last 'end turn' and the table screen
showing what the shark did; a quick crew builds a backlog of 'noch 25 Schritte'."

Where the time goes: not the computer shark (it answers in well under a second: its think time is
a deadline, ``think_seconds``, 1 s by default); it is Auto's reading pace. After the crew's last
"ends the turn" the table tells the event card, the swimmers going in and "the shark plans its turn
in secret" (2.4 to 2.8 s each: Jaws' step_seconds is 2.4) before "the shark ate ...", about 10 s
later; every crew play is a step too, so a quick crew's steps pile up. Auto now catches up: while
more than 4 steps wait, each is shown for proportionally less time.
"""

from __future__ import annotations

import random
import time
from typing import Any

from tests.waits import patience


def test_the_computer_shark_answers_at_once_and_auto_catches_up_with_a_backlog(service: Any) -> None:
    table = service.create_table("jaws", 3, {}, seed=7)["table"]
    service.set_auto(table, False)   # the test looks at the story; nobody steps it
    service.public(table, screen=True)   # a table screen is watching: the steps wait for it
    service.seat_bot(table, 0)
    assert service.wait_for_bots(patience(10))
    rng = random.Random(1)
    slowest = 0.0
    while service.public(table, screen=True)["view"]["round"] < 3:
        state = service.state_of(table)
        seat = state.awaiting[0]
        legal = state.legal_actions(seat)
        ends = [a for a in legal if a["type"] == "end"]
        action = ends[0] if ends and rng.random() < 0.5 else rng.choice(legal)
        started = time.monotonic()
        service.act(table, seat, action)
        assert service.wait_for_bots(patience(10))
        slowest = max(slowest, time.monotonic() - started)
    assert slowest < patience(1.0 + 0.5)         # the crew's play and the shark's whole answer
    story = service.tables.get(table).telling.story.copy()
    assert story.waiting() >= 12          # a quick crew: the table is far behind
    jaws_step = 2.4
    behind = story.reading_seconds(jaws_step)
    while story.waiting() > 4:
        story.next()
    caught_up = story.reading_seconds(jaws_step)
    assert behind < jaws_step / 3 and caught_up >= jaws_step, (behind, caught_up)


def test_what_the_shark_did_comes_up_within_a_second_of_the_crews_last_end_turn(service: Any) -> None:
    """Issue 29.9: the shark's answer starts within 1 s of the crew's last "end turn". The table
    had told everything; the crew's last "ends the turn" opens the round (the event card, the
    swimmers, "the shark plans its turn in secret"): one step, the board showing it all, told at a
    glance once the computer shark's answer is waiting, and never after it (the swimmers it ate
    went in first). Counted in Auto's paced seconds, not on a clock."""
    table = service.create_table("jaws", 3, {}, seed=7)["table"]
    service.set_auto(table, False)
    service.public(table, screen=True)
    service.seat_bot(table, 0)
    assert service.wait_for_bots(patience(10))
    t = service.tables.get(table)
    pacing = t.game.pacing
    rng = random.Random(1)
    checked = 0
    while checked < 2 and service.public(table, screen=True)["view"]["round"] < 6:
        while service.advance(table)["story"]["waiting"]:
            pass   # the table has told everything so far
        state = service.state_of(table)
        seat = state.awaiting[0]
        legal = state.legal_actions(seat)
        assert legal, (state.awaiting, state.view(None).get("phase"))
        ends = [a for a in legal if a["type"] == "end"]
        action = ends[0] if ends and rng.random() < 0.5 else rng.choice(legal)
        round_before = service.public(table, screen=True)["view"]["round"]
        service.act(table, seat, action)
        assert service.wait_for_bots(patience(10))
        if action["type"] != "end" or service.public(table, screen=True)["view"]["round"] == round_before:
            continue
        story = t.telling.story.copy()
        chapter, index = story.current()
        kinds = [chapter.step(i)["type"] for i in range(len(chapter.steps))]
        if kinds[-1] != "shark_turn":
            continue   # an event card that asks the crew to choose: no answer yet
        assert kinds[0] == "crew_done" and "event_card" in kinds and "swimmers" in kinds, kinds
        assert chapter.stop_of(index) == 0   # the opening is on the screen
        paced = 0.0
        while story.waiting() and story.current()[0] is chapter:
            paced += story.reading_seconds(pacing.step_seconds)
            story.next()
        answer, at = story.current()
        assert answer is not chapter and answer.step(at)["type"] in ("shark_ate", "sensors", "ability",
                                                                     "revealed"), answer.step(at)
        assert paced <= 1.0, (paced, kinds)
        checked += 1
    assert checked == 2
