"""What a phone downloads and parses on every change (issue 41, point 3): every seat payload and the
public payload of every game, as the web sends it (each sentence with its words in the reader's
language, compact JSON as the stream writes it), stays under 16 KB at its largest point of a seeded
whole game, with a table screen telling the story as at a real table. The test prints the largest
per game and reader (docs/web.md, "What a payload weighs")."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from companion.service import Service
from engines import TABLE, Action, State, get
from engines.playout import chance_pick
from engines.rng import Rng
from tests.companion.test_story import Clock
from tests.conftest import HOST_KEY
from web.i18n import load_catalogues, localize_payload

BOUND = 16 * 1024
"""Bytes of JSON a payload may weigh at its largest (a phone parses it on every change)."""

STILL_OVER = {"laser-chess": 18_000, "fzzzt": 100_000, "sharks-with-lasers": 82_000, "jaws": 61_000,
              "loch-ness": 31_000}
"""Games whose largest payload is still over the bound (issue 41, point 3 is not done for them: their
views and the story's events carry the same things more than once, docs/web.md "What a payload
weighs"): each may not grow past its figure here, and comes out of this table once under the bound."""


@dataclass(frozen=True)
class Case:
    game: str
    players: int
    options: dict[str, Any] = field(default_factory=dict)
    bots: bool = False
    """The game's bot plays every seat (it ends the game in a few hundred plays; random plays of
    Loch Ness and Jaws wander for thousands); else seeded random plays."""


CASES = [Case("laser-chess", 2), Case("fzzzt", 4), Case("fzzzt", 2), Case("sharks-with-lasers", 4),
         Case("jaws", 4, bots=True), Case("loch-ness", 4, bots=True)]
MOST_PLAYS = 1500
WORDIEST = ("nl", "de")
"""The languages weighed: English says the same in fewer letters (and costs a third more time)."""


def weight(payload: dict[str, Any], lang: str) -> int:
    """The payload's bytes as a reader of ``lang`` receives it (web/stream.py frame)."""
    return len(json.dumps(localize_payload(dict(payload), lang), separators=(",", ":")))


def plays(service: Service, table: str, case: Case, seed: int) -> Iterator[int]:
    """Play the table to its end (seeded), telling the table screen every step; yields each play's
    number after it is made and before its steps are told."""
    game = get(case.game)
    bot = game.bot()
    rng = Rng.from_seed(seed)
    for n in range(MOST_PLAYS):
        state: State = service.state_of(table)
        if not state.awaiting:
            return
        seat, rng = rng.choice(list(state.awaiting))
        action: Action
        if seat == TABLE:
            action, rng = chance_pick(state, rng)
        elif case.bots:
            action = bot.choose(state, seat, lambda: True, seed + n).action
        else:
            action, rng = rng.choice(state.legal_actions(seat))
        service.act(table, seat, action)
        yield n
        while service.public(table)["story"]["waiting"]:
            service.advance(table)
    raise AssertionError(f"{case.game} did not end in {MOST_PLAYS} plays")


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c.game}-{c.players}")
def test_every_payload_of_a_whole_game_is_under_the_bound(case: Case, data_dir: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    load_catalogues()
    service = Service(data_dir, HOST_KEY, clock=Clock())
    largest: dict[str, tuple[int, int, str]] = {}   # reader -> (bytes, play, language)
    try:
        table = service.create_table(case.game, case.players, case.options, seed=7)["table"]
        service.set_auto(table, False)
        service.subscribe(table, None, screen=True)   # a table screen tells the story
        for seat in range(case.players):
            service.claim_seat(table, seat, f"Player{seat}")
        for n in plays(service, table, case, seed=7):
            readers = {f"seat {s}": service.seat_view(table, s) for s in range(case.players)}
            readers["public"] = service.public(table)
            for reader, payload in readers.items():
                for lang in WORDIEST:
                    size = weight(payload, lang)
                    if size > largest.get(reader, (0, 0, ""))[0]:
                        largest[reader] = (size, n, lang)
    finally:
        service.close()
    worst = max(size for size, _, _ in largest.values())
    with capsys.disabled():
        print(f"\n{case.game} ({case.players} players): largest payload {worst} bytes; "
              + ", ".join(f"{reader} {size} (play {n}, {lang})"
                          for reader, (size, n, lang) in largest.items()))
    ceiling = STILL_OVER.get(case.game, BOUND)
    assert worst <= ceiling, f"{case.game}: a payload of {worst} bytes (bound {ceiling})"
