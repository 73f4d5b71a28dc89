"""Setting up (issue 26) in the table service: the stage kept with the table, plays refused while it
lasts, Ready and the host's skip, the computer ready at once, the table's pace, the beam check hook."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import engines
from companion.service import Service
from engines import Text, translate
from tests.conftest import HOST_KEY
from web.service import BadRequest, Conflict

SETUP = {"setting_up": True}


def new_table(service: Service, game: str = "fzzzt", players: int = 3, **options: object) -> str:
    return str(service.create_table(game, players, {**SETUP, **options}, seed=7)["table"])


def first_play(service: Service, table: str) -> tuple[int, dict[str, Any]]:
    state = service.state_of(table)
    seat = state.awaiting[0]
    return seat, state.legal_actions(seat)[0]


def test_the_json_api_default_plays_at_once_and_games_offer_the_option(service: Service) -> None:
    table = str(service.create_table("fzzzt", 2, {}, seed=1)["table"])
    assert service.public(table)["setup"] is None
    offered = {g["id"]: [o["name"] for o in g["table_options"]] for g in service.games()}
    assert "setting_up" in offered["laser-chess"] and "setting_up" in offered["fzzzt"]
    assert "setting_up" not in offered["fake-guess"]   # it declares no steps
    with pytest.raises(BadRequest, match="setting_up must be true or false"):
        service.create_table("fzzzt", 2, {"setting_up": "yes"})


def test_plays_are_refused_while_setting_up_and_the_state_stays(service: Service) -> None:
    table = new_table(service)
    before = service.public(table)
    setup = before["setup"]
    assert setup["step"] == 0 and setup["ready"] == [] and setup["check"] is None
    assert [s["key"] for s in setup["steps"]] == ["mechanics", "hands", "deck", "conveyor"]
    seat, action = first_play(service, table)
    with pytest.raises(Conflict) as refused:
        service.act(table, seat, action)
    assert translate(refused.value.text) == ("The table is still setting up: press Ready on your phone, "
                                             "or the host skips.")
    after = service.public(table)
    assert after["view"] == before["view"] and after["version"] == before["version"]
    assert service.seat_view(table, seat)["legal_actions"] == []   # the phone offers no play yet


def test_the_game_opens_when_every_seat_is_ready_and_the_computer_is_ready_at_once(service: Service) -> None:
    table = new_table(service)
    service.seat_bot(table, 2)
    assert service.public(table)["setup"]["ready"] == [2]
    service.setup.ready(table, 0)
    service.setup.ready(table, 0)   # twice is once
    assert service.public(table)["setup"]["ready"] == [0, 2]
    payload = service.setup.ready(table, 1)
    assert payload["setup"] is None and service.public(table)["setup"] is None
    with pytest.raises(Conflict, match="not setting up"):
        service.setup.ready(table, 1)
    seat, action = first_play(service, table)
    if seat != 2:
        service.act(table, seat, action)   # the game is open


def test_next_steps_through_the_setup_and_a_freed_seat_is_not_ready(service: Service) -> None:
    table = new_table(service)
    story = service.public(table)["story"]
    assert service.advance(table)["setup"]["step"] == 1   # the table's next (the companion's button too)
    for _ in range(5):
        service.advance(table)
    assert service.public(table)["setup"]["step"] == 3 and service.public(table)["story"] == story
    service.claim_seat(table, 1, "Bo")
    service.setup.ready(table, 1)
    service.free_seat(table, 1)
    assert service.public(table)["setup"]["ready"] == []


def test_a_table_of_computers_does_not_wait_to_set_up(service: Service) -> None:
    first = new_table(service, players=2)
    service.seat_bot(first, 0)
    service.seat_bot(first, 1)
    assert service.public(first)["setup"] is None   # the last computer seated opened it
    nxt = service.next_game(first)
    assert service.public(nxt["table"])["setup"] is None


def test_steps_move_the_host_skips_and_bad_steps_are_refused(service: Service) -> None:
    table = new_table(service)
    assert service.setup.set_setup(table, step=2)["setup"]["step"] == 2
    assert service.setup.set_setup(table, step=1)["setup"]["step"] == 1   # Back
    with pytest.raises(BadRequest, match="no setup step 5"):
        service.setup.set_setup(table, step=4)
    with pytest.raises(BadRequest):
        service.setup.set_setup(table, step=True)
    with pytest.raises(BadRequest):
        service.setup.set_setup(table)
    assert service.setup.set_setup(table, skip=True)["setup"] is None
    with pytest.raises(Conflict):
        service.setup.set_setup(table, step=0)
    seat, action = first_play(service, table)
    service.act(table, seat, action)


def test_the_stage_survives_a_restart_and_the_next_game_asks_again(data_dir: Path,
                                                                   service: Service) -> None:
    table = new_table(service)
    service.setup.set_setup(table, step=3)
    service.setup.ready(table, 1)
    service.close()
    again = Service(data_dir, HOST_KEY)
    try:
        setup = again.public(table)["setup"]
        assert setup["step"] == 3 and setup["ready"] == [1]
        seat, action = first_play(again, table)
        with pytest.raises(Conflict):
            again.act(table, seat, action)
        again.setup.set_setup(table, skip=True)
        nxt = again.next_game(table)["table"]
        assert again.public(nxt)["setup"]["step"] == 0   # the table's choice, kept
    finally:
        again.close()


def test_a_seats_part_reaches_that_seat_alone(service: Service) -> None:
    table = new_table(service, game="sharks-with-lasers", specials=True)
    secret = [c["name"] for c in service.seat_view(table, 1)["view"]["hand"] if c["when"] != "base"]
    assert len(secret) == 2
    part = " ".join(translate(t) for t in service.seat_view(table, 1)["setup"]["part"])
    assert all(name in part for name in secret)
    for reader in (service.public(table), service.seat_view(table, 0), service.seat_view(table, 2),
                   service.seat_view(table, -1)):
        text = repr(reader["setup"])
        assert "part" not in reader["setup"] or reader["seat"] != 1
        assert not any(name in text for name in secret if name not in repr(reader["view"]))


def test_the_table_sets_the_pace_auto_never_moves_a_setup_step(data_dir: Path, service: Service) -> None:
    """Issue 37, G3: "Auto is on by default while setting up, and steps move on long before a table
    is done ('Build the Orca: lay a boat tile on each of the 8 zones' gets 12 s)". A table screen
    watches for ten minutes with Auto on: the step shown is still the first until its Next."""
    service.close()
    now = [100.0]
    svc = Service(data_dir, HOST_KEY, clock=lambda: now[0])
    try:
        table = new_table(svc)
        assert svc.public(table, screen=True)["story"]["auto"]   # a table screen is watching, Auto on
        for _ in range(120):
            now[0] += 4.9   # the screen polls within its grace
            svc.public(table, screen=True)
            svc.clockwork.pace()
        assert svc.public(table)["setup"]["step"] == 0
        assert svc.advance(table)["setup"]["step"] == 1   # the table's Next
    finally:
        svc.close()


def test_with_a_table_screen_the_game_opens_only_once_it_has_shown_the_last_step(
        data_dir: Path, service: Service) -> None:
    """Issue 37, G7: "Jaws nl, 4 players, TV on step 5 of 6; all four phones press Ready. The game
    opened; step 6 'De haai' was never shown on the TV." Every seat ready at step 1 of 4 with a
    screen there: still setting up, through the steps; the last step shown, Next opens it. The
    last Ready pressed while the last step is shown opens it at once; with the screen gone, the
    last Ready is the last word again."""
    service.close()
    now = [100.0]
    svc = Service(data_dir, HOST_KEY, clock=lambda: now[0])
    try:
        table = new_table(svc)
        svc.set_auto(table, False)   # each step by Next: the pacer's own thread does not step in
        svc.public(table, screen=True)
        for seat in range(3):
            svc.setup.ready(table, seat)
        count = len(svc.public(table)["setup"]["steps"])
        for step in range(1, count):
            assert svc.public(table)["setup"]["step"] == step - 1   # not open: steps still to show
            assert svc.advance(table)["setup"]["step"] == step
        assert svc.public(table)["setup"] is not None   # the last step is there to be done
        assert svc.advance(table)["setup"] is None      # its Next opens the game
        seat, action = first_play(svc, table)
        svc.act(table, seat, action)

        late = new_table(svc)
        svc.set_auto(late, False)
        svc.public(late, screen=True)
        svc.setup.ready(late, 0)
        svc.setup.set_setup(late, step=len(svc.public(late)["setup"]["steps"]) - 1)
        svc.setup.ready(late, 1)
        assert svc.public(late)["setup"] is not None
        assert svc.setup.ready(late, 2)["setup"] is None   # the last Ready, on the last step

        gone = new_table(svc)
        svc.public(gone, screen=True)
        for seat in range(3):
            svc.setup.ready(gone, seat)
        assert svc.public(gone)["setup"]["step"] == 0
        now[0] += 60   # the screen went away (its poll's grace is long over)
        svc.clockwork.pace()
        assert svc.public(gone)["setup"] is None
    finally:
        svc.close()


def test_canary_a_part_naming_a_secret_reaches_its_seat_alone(service: Service,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """A seat's part may name what only that seat may know: a canary in seat 1's part is in seat 1's
    payload and stream and in no other reader's (the table screen, the other seats, the host)."""
    game = type(engines.get("fzzzt"))
    canary = "CANARY-7f3a"
    monkeypatch.setattr(game, "setup_part", lambda self, state, seat: (
        (Text("Your secret: {word}.", {"word": canary}),) if seat == 1 else (Text("Nothing secret."),)))
    table = new_table(service)
    streams = {who: service.subscribe(table, who) for who in (None, 0, 1, 2, -1)}
    service.setup.set_setup(table, step=1)   # a change every stream hears of
    service.setup.ready(table, 0)
    seen: dict[int | None, str] = {}
    for who, sub in streams.items():
        frames = []
        while (frame := sub.get(0.05)) is not None:
            frames.append(repr(frame))
        seen[who] = " ".join(frames)
        sub.close()
    assert canary in seen[1] and canary in repr(service.seat_view(table, 1))
    for who in (None, 0, 2, -1):
        assert seen[who] and canary not in seen[who], who
    for reader in (service.public(table), service.seat_view(table, 0), service.seat_view(table, 2),
                   service.seat_view(table, -1), *service.list_tables()):
        assert canary not in repr(reader)


def test_the_steps_follow_the_tables_chance_mode_for_a_game_the_companion_draws_for(service: Service) -> None:
    """Jaws, Act 1 setup, 2: "Shuffle the Amity event cards well and lay them face down as a pile".
    The companion draws Jaws' event cards itself when the table's chance is digital, so the step it
    shows must follow the table's mode (review G5: the table shuffled real cards the companion then
    contradicted): digital, the cards stay in the box; physical, the table shuffles the real deck."""
    said = {}
    for mode in ("digital", "physical"):
        table = new_table(service, "jaws", 3, acts="1", chance=mode)
        steps = {s["key"]: s for s in service.public(table)["setup"]["steps"]}
        said[mode] = json.dumps(steps["events"]["lines"])
    assert "stay in the box" in said["digital"] and "Shuffle" not in said["digital"]
    assert "Shuffle the {count} Amity" in said["physical"] and "stay in the box" not in said["physical"]
