"""Issue 23.3: "where the rules allow, phones may already plan the next round while the table tells
(the plays stay sealed until the telling ends)" (companion/sealing.py, docs/web.md).

Sharks with Lasers holds every play while a table screen tells a round's resolution; the seat whose
turn opens the next round may still play its first card face down (or pass). That play is stored
and acknowledged, and reaches nobody else in any form until the telling ends: the canary plays two
twin tables (same seed, same salt, same plays, same readers watching) and seals a play at one of
them only; every other reader (the table screen, the host's view, the other seats) gets the same
payloads, stream messages, versions and list of tables at both, step after step, until the
table has told the round. Then the sealed play is played, and told, at its table.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import engines
from companion.payloads import Payloads
from companion.presence import RESUME_SECONDS
from companion.service import Service, Subscription
from engines import TABLE
from tests.companion.test_story import Clock, play_to_the_resolution, tell_all
from tests.conftest import HOST_KEY
from web.service import Conflict

GAME = "sharks-with-lasers"


def _drain(sub: Subscription) -> list[dict[str, Any]]:
    out = []
    while (p := sub.get(0)) is not None:
        out.append(p)
    return out


def _same(payload: Any, table: str) -> str:
    """A payload as text, with its table's code taken out (the twins' codes differ, nothing else)."""
    return json.dumps(payload, sort_keys=True).replace(table, "T")


class Twin:
    """One of the two tables: its readers' streams and what they received."""

    def __init__(self, service: Service, seed: int) -> None:
        self.service = service
        self.id = service.create_table(GAME, 3, {}, seed=seed)["table"]
        service.set_auto(self.id, False)
        self.screen = service.subscribe(self.id, None, screen=True)
        self.seats = [service.claim_seat(self.id, s, f"P{s}") for s in range(3)]
        self.streams: dict[int | None, Subscription] = {}

    def open_streams(self) -> None:
        for seat in (None, TABLE, 0, 1, 2):
            self.streams[seat] = self.service.subscribe(self.id, seat)
        for sub in [self.screen, *self.streams.values()]:
            _drain(sub)

    def seen_by_others(self, sealer: int) -> dict[str, Any]:
        """Everything a reader other than ``sealer`` may look at now: its stream's new messages,
        its payload on asking, and the table's line in the list of tables."""
        s = self.service
        out: dict[str, Any] = {
            "screen stream": [_same(p, self.id) for p in _drain(self.screen)],
            "public": _same(s.public(self.id), self.id),
            "host": _same(s.seat_view(self.id, TABLE), self.id),
            "tables": _same([{k: v for k, v in t.items() if k != "created"}
                             for t in s.list_tables() if t["table"] == self.id], self.id),
        }
        for seat in (None, TABLE, 0, 1, 2):
            if seat == sealer:
                continue
            out[f"stream {seat}"] = [_same(p, self.id) for p in _drain(self.streams[seat])]
            if seat is not None and seat != TABLE:
                out[f"seat {seat}"] = _same(s.seat_view(self.id, seat), self.id)
        return out


@pytest.fixture
def twins(fake_game: object, data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    clock = Clock()   # Auto off and a clock that stands still: the tests move the story themselves
    service = Service(data_dir, HOST_KEY, clock=clock)
    monkeypatch.setattr("companion.service._salt", lambda: "5a1t" * 8)   # the twins name their events alike
    try:
        a, b = Twin(service, 5), Twin(service, 5)
        for twin in (a, b):
            seat, resolving = play_to_the_resolution(service, twin.id, random.Random(1))
            tell_all(service, twin.id)
            service.act(twin.id, seat, resolving)   # the round's resolution: the table tells it
            twin.open_streams()
        yield service, a, b
    finally:
        service.close()


def _first_card(service: Service, table: str) -> tuple[int, dict[str, Any]]:
    state = service.state_of(table)
    seat = state.awaiting[0]
    sealed = engines.get(GAME).pacing.sealed
    return seat, next(a for a in state.legal_actions(seat) if a["type"] in sealed and a["type"] != "pass")


def test_a_sealed_play_reaches_nobody_else_until_the_table_has_told_the_round(twins: Any) -> None:
    service, a, b = twins
    seat, card = _first_card(service, a.id)
    # its phone is not asked yet: what it may play follows from the round the table is telling
    # (docs/web.md, "No phone ahead of the table"); a client of the API may still seal its play
    phone = service.seat_view(a.id, seat)
    assert phone["story"]["seal"] == [] and phone["legal_actions"] == []
    before = service.state_of(a.id)
    reply = service.act(a.id, seat, card)
    # acknowledged: the seat sees its card played, on the board after the round, its turn passed
    assert reply["sealed"] == 1 and seat not in reply["awaiting"] and not reply["legal_actions"]
    assert any(e["type"] == "played" and e.get("card") == card["card"] for e in reply["events"])
    assert _drain(a.streams[seat])[-1]["sealed"] == 1                  # its own stream: the same
    assert service.state_of(a.id) is before                            # the table's game: untouched
    steps = 0
    while service.public(a.id)["story"]["hold"]:
        left, right = a.seen_by_others(seat), b.seen_by_others(seat)
        for what in left:
            assert left[what] == right[what], f"{what} differs after {steps} steps"
        assert service.seat_view(a.id, seat)["sealed"] == 1            # still sealed
        service.advance(a.id)
        service.advance(b.id)
        steps += 1
    assert steps >= 5
    # the last step (the same everywhere), and only after it the sealed card, played and told
    left, right = a.seen_by_others(seat), b.seen_by_others(seat)
    for what in left:
        if what.startswith(("stream", "screen")):
            assert left[what][:len(right[what])] == right[what] and len(left[what]) > len(right[what]), what
    # the last step ended the telling and the sealed card was played: now it is told to everyone
    assert service.seat_view(a.id, seat)["sealed"] == 0
    assert service.state_of(a.id).awaiting != service.state_of(b.id).awaiting
    public = service.public(a.id)
    assert any(e["type"] == "played" and e["seat"] == seat and "card" not in e for e in public["events"])
    assert not any(e.get("card") == card["card"] for e in public["events"] if e["type"] == "played")


def test_the_canary_catches_a_sealed_play_pushed_to_everyone(twins: Any,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """The harness itself: a service that pushes every stream when a play is sealed is caught."""
    service, a, b = twins

    def loud(self: Payloads, t: Any, seat: int) -> dict[str, Any]:
        self.fan_out(t)
        return self.seat(t, seat)

    monkeypatch.setattr(Payloads, "push_seat", loud)
    seat, card = _first_card(service, a.id)
    service.act(a.id, seat, card)
    left, right = a.seen_by_others(seat), b.seen_by_others(seat)
    assert [what for what in left if left[what] != right[what]]


def test_only_the_rounds_first_card_is_sealed_and_the_next_play_waits_in_words(twins: Any) -> None:
    service, a, _ = twins
    seat, card = _first_card(service, a.id)
    service.act(a.id, seat, card)
    assert service.seat_view(a.id, seat)["story"]["seal"] == []        # its turn has passed
    for who in range(3):   # nobody else may play, and the refusals say why as before
        state = service.state_of(a.id)
        with pytest.raises(Conflict):
            service.act(a.id, who, (state.legal_actions(who) or [{"type": "pass"}])[0])
    assert service.seat_view(a.id, seat)["sealed"] == 1


def test_an_undo_takes_the_sealed_plays_back_with_the_board_they_were_planned_on(twins: Any) -> None:
    service, a, _ = twins
    seat, card = _first_card(service, a.id)
    service.act(a.id, seat, card)
    service.undo(a.id)
    assert service.seat_view(a.id, seat)["sealed"] == 0
    assert not service.store.sealed(a.id)
    tell_all(service, a.id)
    assert service.seat_view(a.id, seat)["sealed"] == 0


def _sealed_during_the_round(service: Service) -> tuple[str, Subscription, int, dict[str, Any]]:
    """A new table whose screen tells a resolved round (Auto off) while the seat that opens the next
    round seals its first card: (the table, the screen's subscription, that seat, the card)."""
    table = service.create_table(GAME, 2, {}, seed=5)["table"]
    service.set_auto(table, False)
    seat, resolving = play_to_the_resolution(service, table, random.Random(1))
    tell_all(service, table)
    screen = service.subscribe(table, None, screen=True)
    service.act(table, seat, resolving)
    first, card = _first_card(service, table)
    service.act(table, first, card)
    return table, screen, first, card


def test_sealed_plays_survive_a_restart_and_are_played_once_the_screen_stays_away(
        fake_game: object, data_dir: Path) -> None:
    """Durable: acknowledged means stored. A companion that restarts while the table was telling
    keeps the told step and the sealed play for RESUME_SECONDS, the time its table screen has to
    come back; with none back by then nothing holds plays, and the sealed play is played, once."""
    clock = Clock()
    service = Service(data_dir, HOST_KEY, clock=clock)
    try:
        table, screen, first, card = _sealed_during_the_round(service)
        log_rows = len(service.store.log(table))
        assert service.store.sealed(table) == [(service.tables.get(table).sealing.plays[0][0], first, card)]
        shown = service.public(table)["story"]["shown"]
        screen.close()
    finally:
        service.close()   # a power cut after the answer: the play is on disk
    again = Service(data_dir, HOST_KEY, clock=clock)
    try:
        assert len(again.store.log(table)) == log_rows and again.store.sealed(table)
        assert again.public(table)["story"]["shown"] == shown   # the step the screen showed, still
        assert again.seat_view(table, first)["sealed"] == 1
        clock.now += RESUME_SECONDS
        again.clockwork.pace()
        rows = again.store.log(table)
        assert len(rows) == log_rows + 1 and rows[-1].seat == first and rows[-1].data["card"] == card["card"]
        assert not again.store.sealed(table)
        assert first not in again.state_of(table).awaiting
        assert again.seat_view(table, first)["sealed"] == 0
    finally:
        again.close()
    third = Service(data_dir, HOST_KEY, clock=clock)   # played once: another restart adds nothing
    try:
        assert len(third.store.log(table)) == log_rows + 1
    finally:
        third.close()


def test_a_screen_back_after_a_restart_finds_its_step_and_the_play_still_sealed(
        fake_game: object, data_dir: Path) -> None:
    """The table screen comes back after the restart: the same step, the round still to tell, and
    the sealed play sealed until the table has shown it."""
    clock = Clock()
    service = Service(data_dir, HOST_KEY, clock=clock)
    try:
        table, screen, first, _ = _sealed_during_the_round(service)
        before = {k: v for k, v in service.public(table)["story"].items() if k != "screen"}
        log_rows = len(service.store.log(table))
        screen.close()
    finally:
        service.close()
    again = Service(data_dir, HOST_KEY, clock=clock)
    try:
        clock.now += RESUME_SECONDS / 2
        back = again.subscribe(table, None, screen=True)
        clock.now += RESUME_SECONDS
        again.clockwork.pace()
        after = {k: v for k, v in again.public(table)["story"].items() if k != "screen"}
        assert after == before
        assert len(again.store.log(table)) == log_rows and again.store.sealed(table)
        tell_all(again, table)
        again.clockwork.pace()
        assert not again.store.sealed(table) and first not in again.state_of(table).awaiting
        back.close()
    finally:
        again.close()


def test_auto_tells_the_round_and_then_plays_the_sealed_card(fake_game: object, data_dir: Path) -> None:
    """The pacer's path: Auto steps the round at its pace and the last step lets the sealed card go."""
    clock = Clock()
    service = Service(data_dir, HOST_KEY, clock=clock)
    try:
        table, screen, first, _ = _sealed_during_the_round(service)
        service.set_auto(table, True)
        for _ in range(200):
            if not service.tables.get(table).sealing.plays:
                break
            clock.now += 0.5
            service.clockwork.pace()
        assert not service.store.sealed(table) and first not in service.state_of(table).awaiting
        assert not service.public(table)["story"]["hold"]
        screen.close()
    finally:
        service.close()
