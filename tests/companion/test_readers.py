"""Each reader's version: a play nobody else can see reaches nobody else in any form.

The shark in Jaws plans its move tap by tap on its phone (each tap a play in the log, so a
reload or the host's undo keep it). The crew's phones, the host's table view and the table
screen must not learn how often it tapped: not by a message on their streams, not by a higher
``version``, not by an event identity that counts the log's rows, and not after a restart.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.service import Service
from engines import TABLE
from tests.companion.leak import normal
from tests.conftest import HOST_KEY
from web.service import Conflict

JAWS = "jaws"


def _jaws_after_the_first_card(service: Service) -> str:
    """Three players (seat 0 the shark), the real event deck: the shark has started at N and the
    host has entered the first card; the shark plans its first turn."""
    table = str(service.create_table(JAWS, 3, {"chance": "physical"}, seed=11)["table"])
    service.act(table, 0, {"type": "start", "space": "N"})
    service.act(table, TABLE, {"type": "card", "card": 9})
    return table


def _drain(sub: Any) -> list[dict[str, Any]]:
    out = []
    while (payload := sub.get(0)) is not None:
        out.append(payload)
    return out


def _versions(service: Service, table: str) -> dict[str, int]:
    return {"public": service.public(table)["version"], "host": service.seat_view(table, TABLE)["version"],
            **{f"seat {s}": service.seat_view(table, s)["version"] for s in range(3)}}


def test_the_sharks_planning_taps_move_only_the_sharks_own_version(service: Service) -> None:
    """Rulebook (Der weiße Hai), Act 1, the shark's turn: "the shark player notes its movement in
    secret on the shark's track". Planning taps (a step, a step back, the step again) change
    nothing the crew or the table can see: their streams stay quiet and their versions stay."""
    table = _jaws_after_the_first_card(service)
    subs = {who: service.subscribe(table, who) for who in (None, 1, 2, 0)}
    for sub in subs.values():
        _drain(sub)
    before = _versions(service, table)
    for step in ({"type": "move", "to": "1"}, {"type": "back"}, {"type": "move", "to": "1"}):
        service.act(table, 0, step)
    after = _versions(service, table)
    assert {k: after[k] - before[k] for k in after} == {"public": 0, "host": 0, "seat 0": 3,
                                                        "seat 1": 0, "seat 2": 0}
    assert [_drain(subs[who]) for who in (None, 1, 2)] == [[], [], []]
    assert len(_drain(subs[0])) == 3                    # the shark's own phone hears every tap
    service.act(table, 0, {"type": "end"})                # the end of its turn is told to everyone
    told = [_drain(subs[who]) for who in (None, 1, 2)]
    assert [[p["version"] for p in got] for got in told] == [
        [before["public"] + 1], [before["seat 1"] + 1], [before["seat 2"] + 1]]
    for sub in subs.values():
        sub.close()


def test_a_play_is_checked_against_the_version_its_own_phone_showed(service: Service) -> None:
    """A play sent with the version its phone showed is refused only when something that phone
    could see has changed ("The game moved on; look again."): the shark's phone, which saw its own
    taps, plays on with its own version; the version of a screen that did not see them is stale
    for the shark."""
    table = _jaws_after_the_first_card(service)
    public = service.public(table)["version"]
    service.act(table, 0, {"type": "move", "to": "1"})
    mine = service.seat_view(table, 0)["version"]
    assert mine == public + 1 and service.public(table)["version"] == public
    with pytest.raises(Conflict, match="moved on"):
        service.act(table, 0, {"type": "move", "to": "2"}, expect_version=public)
    assert service.seat_view(table, 0)["version"] == mine           # refused: nothing changed
    service.act(table, 0, {"type": "move", "to": "2"}, expect_version=mine)
    assert service.seat_view(table, 0)["version"] == mine + 1


def test_the_story_names_its_chapters_without_counting_the_plays(service: Service) -> None:
    """The event identities the table screen gets (``"<chapter>.<i>"``) are the same in a world where
    the shark tapped four times and one where it tapped twice before ending its turn."""
    worlds = []
    for taps in ([{"type": "move", "to": "1"}, {"type": "back"}, {"type": "move", "to": "1"}],
                 [{"type": "move", "to": "1"}]):
        table = _jaws_after_the_first_card(service)
        for step in [*taps, {"type": "move", "to": "2"}, {"type": "end"}]:
            service.act(table, 0, step)
        worlds.append(normal([service.public(table), service.seat_view(table, 1),
                              service.seat_view(table, TABLE)], table))
        service.end_table(table)
    assert worlds[0] == worlds[1]


def test_every_readers_version_survives_a_restart(fake_game: object, data_dir: Path) -> None:
    """A pulled plug: each reader comes back at the version it was shown (never one that went back,
    which its page would ignore, and never one that moved for the taps it could not see)."""
    first = Service(data_dir, HOST_KEY)
    table = _jaws_after_the_first_card(first)
    for step in ({"type": "move", "to": "1"}, {"type": "back"}):
        first.act(table, 0, step)
    before = _versions(first, table)
    first.close()
    again = Service(data_dir, HOST_KEY)
    try:
        assert _versions(again, table) == before
        again.act(table, 0, {"type": "move", "to": "1"})
        after = _versions(again, table)
        assert {k: after[k] - before[k] for k in after} == {"public": 0, "host": 0, "seat 0": 1,
                                                            "seat 1": 0, "seat 2": 0}
    finally:
        again.close()
