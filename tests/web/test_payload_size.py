"""What a phone downloads and parses on every change (issue 41, point 3): every seat payload and the
public payload of every game, as the pages get it (their form, web/wire.py: each sentence as its
words in the reader's language, each part said once; compact JSON as the stream writes it), stays
under 16 KB at its largest point of a seeded whole game, with a table screen telling the story as at
a real table. The test prints the largest per game and reader (docs/web.md, "What a payload
weighs"). Every payload weighed is unpacked again and checked against the API's own form."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.service import Service
from engines import TABLE, Action, State, get
from engines.playout import chance_pick
from engines.rng import Rng
from tests.companion.test_story import Clock
from tests.conftest import HOST_KEY
from tests.web.test_pages import page_data
from tests.web.test_stream import Stream
from web.i18n import load_catalogues, localize_payload
from web.wire import SHARED, drawn, pack, unpack, words

BOUND = 16 * 1024
"""Bytes of JSON a payload may weigh at its largest (a phone parses it on every change)."""



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
WORDIEST = ("de",)
"""The languages weighed: German says the most (the largest payload of every game; Dutch and
English say the same in fewer letters, and each language weighed costs the test as much again)."""


def weight(payload: dict[str, Any], lang: str) -> tuple[int, dict[str, Any], dict[str, Any]]:
    """The payload's bytes as a page reading ``lang`` receives it (web/stream.py frame); the
    payload as the API says it and as the page gets it."""
    said = localize_payload(dict(payload), lang)
    packed = pack(said)
    return len(json.dumps(packed, separators=(",", ":"))), said, packed


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
    heaviest: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {}
    last: dict[str, dict[str, Any]] = {}
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
                if payload == last.get(reader):
                    continue   # nothing new for this reader (the shark's secret taps, for the crew)
                last[reader] = payload
                for lang in WORDIEST:
                    size, said, packed = weight(payload, lang)
                    if size > largest.get(reader, (0, 0, ""))[0]:
                        largest[reader] = (size, n, lang)
                        heaviest[reader] = (said, packed)
    finally:
        service.close()
    worst = max(size for size, _, _ in largest.values())
    with capsys.disabled():
        print(f"\n{case.game} ({case.players} players): largest payload {worst} bytes; "
              + ", ".join(f"{reader} {size} (play {n}, {lang})"
                          for reader, (size, n, lang) in largest.items()))
    for said, packed in heaviest.values():   # the page gets back every part it draws, sentences as words
        assert unpack(packed) == words(drawn(said))
    assert worst <= BOUND, f"{case.game}: a payload of {worst} bytes (bound {BOUND})"


def test_the_pages_get_the_payload_in_their_form_and_every_other_client_as_the_api_says_it(
        make_table: Any, client: FlaskClient) -> None:
    """A phone in the middle of a Fzzzt! auction (German): its page asks with ?packed=1, by request,
    on its stream and in the page itself, and gets the same payload each part said once and each
    sentence as its words, in well under the bytes; without asking, a client gets every sentence's
    msgid, parameters and words as docs/api.md says."""
    t = make_table("fzzzt", 2, seed=4)
    for seat in range(2):
        t.claim(seat, f"Spieler {seat + 1}")
    seat = t.public()["awaiting"][0]
    url, auth = f"/api/tables/{t.id}/view?lang=de", t.auth(seat)
    plain = client.get(url, headers=auth)
    said = plain.get_json()
    card = said["view"]["you"]["hand"][0]["label"]   # the mechanic card: "Mechaniker 1"
    assert said["legal_actions"] and card["msgid"] == "mechanic {number}" and card["params"] == {"number": 1}
    packed = client.get(url + "&packed=1", headers=auth)
    assert len(packed.get_data()) < len(plain.get_data()) * 0.6
    assert unpack(packed.get_json()) == words(drawn(said))
    hand = unpack(packed.get_json())["view"]["you"]["hand"]
    assert hand[0]["label"] == {"text": card["text"]}

    public = client.get(f"/api/tables/{t.id}?lang=de&packed=1").get_json()
    assert SHARED in public
    assert unpack(public) == words(drawn(client.get(f"/api/tables/{t.id}?lang=de").get_json()))

    stream = Stream(client, f"/api/tables/{t.id}/stream?lang=de&packed=1", auth)
    try:
        first = stream.payloads(1)[0]
    finally:
        stream.close()
    assert SHARED in first and unpack(first)["view"] == words(drawn(said)["view"])

    client.set_cookie(f"seat_{t.id}", t.tokens[seat])
    page = page_data(client.get(f"/play/{t.id}?lang=de").get_data(as_text=True))
    first_drawn = page["page"]["first"]
    assert SHARED in first_drawn and unpack(first_drawn)["view"] == words(drawn(said)["view"])


@pytest.mark.browser
def test_the_pages_put_a_sharks_round_back_as_it_was_sent(data_dir: Path, chromium: Any) -> None:
    """The table screen in the middle of telling a Sharks round (German): the page's own
    ``TC.unpack`` (web/static/common.js) puts the packed payload back exactly as the API says it,
    the shaped events (``$o``), the rows, the shared parts and each step's id and chapter from its
    event's id; so what the table shows is what was sent."""
    load_catalogues()
    service = Service(data_dir, HOST_KEY, clock=Clock())
    try:
        table = service.create_table("sharks-with-lasers", 4, {}, seed=3)["table"]
        service.set_auto(table, False)
        service.subscribe(table, None, screen=True)
        for seat in range(4):
            service.claim_seat(table, seat, f"Spieler {seat + 1}")
        rng = Rng.from_seed(3)
        while service.public(table)["story"]["waiting"] < 20:   # until a round waits to be told
            state = service.state_of(table)
            seat, rng = rng.choice(list(state.awaiting))
            action, rng = chance_pick(state, rng) if seat == TABLE else rng.choice(state.legal_actions(seat))
            service.act(table, seat, action)
        for _ in range(5):
            service.advance(table)
        said = localize_payload(service.public(table), "de")
    finally:
        service.close()
    packed = json.loads(json.dumps(pack(said)))
    assert "$shapes" in packed and not any("id" in step for step in packed["story"]["steps"]["$v"]
                                           if isinstance(step, dict))
    page = chromium.new_page()
    try:
        page.set_content('<script id="tc-data" type="application/json">{"lang": "de"}</script>')
        page.add_script_tag(path=str(Path(__file__).resolve().parents[2] / "web/static/common.js"))
        put_back = page.evaluate("(packed) => window.TC.unpack(packed)", packed)
    finally:
        page.close()
    want = json.loads(json.dumps(words(drawn(said))))
    assert put_back == want
    steps = put_back["story"]["steps"]
    assert len(steps) > 20 and all(step["id"] == step["event"]["id"] for step in steps)
