"""Loch Ness at the companion: the computer plays any seat from its own view, a whole game runs to
the final count through the service (legal, logged, replayable), and the seat button ends a turn."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

import engines
from companion.service import Service
from tests.conftest import HOST_KEY
from tests.waits import patience


@pytest.fixture
def patient(data_dir: Path) -> Iterator[Service]:
    svc = Service(data_dir, HOST_KEY, think_seconds=10.0)
    try:
        yield svc
    finally:
        svc.close()


def test_two_people_and_a_bot_play_to_the_final_count(patient: Service, data_dir: Path) -> None:
    """A bot in seat 3 takes its turns (placing its cards in the advanced version, sailing, exploring,
    town) and never keeps the people waiting; the game reaches its final count and replays."""
    table = str(patient.create_table("loch-ness", 3, {"advanced": True}, seed=5)["table"])
    patient.claim_seat(table, 0, "Anna")
    patient.claim_seat(table, 1, "Ben")
    patient.seat_bot(table, 2)
    rng = random.Random(5)
    human = engines.get("loch-ness").bot()      # the people play sensibly too, or the lake never empties
    for ply in range(3000):
        assert patient.wait_for_bots(patience(30))
        public = patient.public(table)
        if public["outcome"] is not None:
            break
        awaiting = public["awaiting"]
        assert awaiting and 2 not in awaiting, "the bot keeps nobody waiting"
        seat = awaiting[0]
        state = patient.state_of(table)
        action = human.choose(state, seat, lambda: False, rng.randrange(1 << 30)).action
        patient.act(table, seat, action)
        assert ply < 2999
    public = patient.public(table)
    assert public["outcome"] is not None and public["view"]["phase"] == "over"
    bot_plays = {str(r.data.get("type")) for r in patient.store.log(table)
                 if r.kind == "action" and r.seat == 2}
    assert {"place", "move", "end_turn"} <= bot_plays
    restarted = Service(data_dir, HOST_KEY)
    try:
        assert restarted.public(table)["outcome"] == public["outcome"]
    finally:
        restarted.close()
