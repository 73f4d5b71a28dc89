"""Sharks with Lasers with the companion's bot in a seat: two people can play a three-player game.

The bot is the engine's PlannerBot, run by the companion's bot runner (companion/bots.py), and
its plays go through ``Service.act`` like a phone's: legal, logged, replayable. The service here
gives the bot ten seconds to think, far more than it needs, so that its plays depend on the seed
alone and not on how busy the machine is.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.service import Service
from engines import TABLE
from tests.conftest import HOST_KEY
from tests.waits import patience


@pytest.fixture
def patient(data_dir: Path) -> Iterator[Service]:
    svc = Service(data_dir, HOST_KEY, think_seconds=10.0)
    try:
        yield svc
    finally:
        svc.close()


def play(service: Service, table: str, seat: int, notation: str) -> None:
    service.act(table, seat, {"type": notation.split()[0], "notation": notation})


def test_two_people_and_a_bot_play_three_rounds(patient: Service) -> None:
    """Rulebook, phase II (translated): "in turn order each player plays a card face down, or
    passes". The bot takes its turns in every phase (placing its agent, the specials before the
    round, programming, passing) and the people are never kept waiting for it."""
    table = str(patient.create_table("sharks-with-lasers", 3, {"specials": True}, seed=3)["table"])
    patient.claim_seat(table, 0, "Anna")
    patient.claim_seat(table, 1, "Ben")
    patient.seat_bot(table, 2)
    rng = random.Random(3)
    for _ in range(300):
        assert patient.wait_for_bots(patience(30))
        public = patient.public(table)
        if public["outcome"] is not None or public["view"]["round"] > 3:
            break
        awaiting = public["awaiting"]
        assert awaiting and 2 not in awaiting, "the bot keeps nobody waiting"
        seat = awaiting[0]
        patient.act(table, seat, rng.choice(patient.seat_view(table, seat)["legal_actions"]))
    public = patient.public(table)
    assert public["outcome"] is not None or public["view"]["round"] > 3
    bot_plays = [r.data for r in patient.store.log(table) if r.kind == "action" and r.seat == 2]
    kinds = {str(a.get("type")) for a in bot_plays}
    assert "place" in kinds and kinds & {"agent", "shark"}, kinds  # it programs cards, not only passes
    assert len(bot_plays) >= 6
    # the log replays to the same game: the bot's plays were legal moves through the door
    again = patient.state_of(table).game.start(players=3, seed=3, options={"specials": True})
    for row in patient.store.log(table):
        if row.kind == "action":
            again = again.apply(row.seat if row.seat is not None else TABLE, row.data)
    assert again.notation() == patient.state_of(table).notation()


def test_a_bot_answers_a_diagonal_push_in_the_middle_of_the_resolution(patient: Service) -> None:
    """Specials, Diagonal Left (translated): "your agent moves one square diagonally forward to the
    left; an agent in the way is pushed to the left or forward, as you choose." The table deals
    the third player a Diagonal Left (physical deal); the first player's agent steps to b2, the
    third player's agent on c1 moves diagonally into it, and the engine awaits the third player's
    choice. A bot seated then answers it through the bot runner."""
    options: dict[str, Any] = {"specials": True, "chance": "physical"}
    table = str(patient.create_table("sharks-with-lasers", 3, options, seed=1)["table"])
    entries = {0: ["u", "f"], 1: ["a", "z"], 2: ["l", "b"]}   # each seat enters what it drew
    for seat, cards in entries.items():
        patient.act(table, seat, {"type": "specials", "cards": cards})
    squares = {0: "b1", 1: "g1", 2: "c1"}
    while (state := patient.state_of(table)).view(None)["phase"] == "setup":
        play(patient, table, state.awaiting[0], "place " + squares[state.awaiting[0]])
    while (state := patient.state_of(table)).view(None)["phase"] == "pre":
        play(patient, table, state.awaiting[0], "done")
    plan = {0: ["agent F"], 1: ["agent F"], 2: ["agent l"]}
    while (state := patient.state_of(table)).view(None)["phase"] == "play":
        seat = state.awaiting[0]
        play(patient, table, seat, plan[seat].pop(0) if plan[seat] else "pass")
    state = patient.state_of(table)
    assert state.awaiting == (2,) and state.view(None)["pending"]["kind"] == "push"
    patient.seat_bot(table, 2)
    assert patient.wait_for_bots(patience(30))
    last = patient.store.log(table)[-1]
    assert last.kind == "action" and last.seat == 2 and last.data["type"] == "push"
    after = patient.state_of(table).view(None)
    assert after["pending"] is None and after["round"] == 2
    agents = {a["seat"]: a["square"] for a in after["agents"]}
    assert agents[2] == "b2"  # the diagonal move happened: the agent in the way was pushed
    assert agents[0] in ("a2", "b3")
