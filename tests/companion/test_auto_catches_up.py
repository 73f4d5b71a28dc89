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


def test_the_computer_shark_answers_at_once_and_auto_catches_up_with_a_backlog(service: Any) -> None:
    table = service.create_table("jaws", 3, {}, seed=7)["table"]
    service.set_auto(table, False)   # the test looks at the story; nobody steps it
    service.public(table, screen=True)   # a table screen is watching: the steps wait for it
    service.seat_bot(table, 0)
    assert service.wait_for_bots()
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
        assert service.wait_for_bots()
        slowest = max(slowest, time.monotonic() - started)
    assert slowest < 1.0 + 0.5          # the crew's play and the shark's whole answer
    story = service._table(table).story.copy()
    assert story.waiting() >= 20          # a quick crew: the table is far behind
    jaws_step = 2.4
    behind = story.reading_seconds(jaws_step)
    while story.waiting() > 4:
        story.next()
    caught_up = story.reading_seconds(jaws_step)
    assert behind < jaws_step / 3 and caught_up >= jaws_step, (behind, caught_up)
