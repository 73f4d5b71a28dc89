"""The per-game page parts (web/static/games/<id>.js): loaded only by their game's pages, their
labels translated like every other page label, and Fzzzt!'s public payload free of hidden cards."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from web.i18n import UI_MSGIDS

STATIC = Path(__file__).resolve().parents[2] / "web" / "static"
LABEL = re.compile(r'\bT\("((?:[^"\\]|\\.)*)"')
PLURAL = re.compile(r'\bTN\([^,]+,\s*"((?:[^"\\]|\\.)*)",\s*"((?:[^"\\]|\\.)*)"')


SCRIPTS = [STATIC / "phone.js", STATIC / "table.js", STATIC / "host.js",
           *sorted((STATIC / "games").glob("*.js"))]


@pytest.mark.parametrize("script", SCRIPTS, ids=[p.name for p in SCRIPTS])
def test_every_label_a_page_script_shows_is_in_the_translated_catalogue(script: Path) -> None:
    """A label missing from web.i18n.UI_MSGIDS still reads in English, but is never translated."""
    text = script.read_text(encoding="utf-8")
    found = LABEL.findall(text) + [form for pair in PLURAL.findall(text) for form in pair]
    labels = {json.loads(f'"{m}"') for m in found}
    assert sorted(labels - set(UI_MSGIDS)) == []


def test_a_games_page_loads_its_own_script_and_style_and_no_other(client: FlaskClient,
                                                                  make_table: Any) -> None:
    fz = make_table("fzzzt", 3)
    for url in (f"/play/{fz.id}", f"/table/{fz.id}"):
        html = client.get(url).get_data(as_text=True)
        assert "/static/games/fzzzt.js" in html and "/static/games/fzzzt.css" in html
        assert "laser-chess.js" not in html
    generic = make_table()  # the fake game has no page parts: the generic renderers draw it
    html = client.get(f"/table/{generic.id}").get_data(as_text=True)
    assert "/static/games/" not in html


def test_the_table_screens_payload_counts_bids_and_never_names_their_cards(make_table: Any) -> None:
    """Rulebook, "Veilen" (translated): bids are placed face down; everyone sees how many cards."""
    t = make_table("fzzzt", 3)
    for seat, name in enumerate(["Ann", "Bo", "Cas"]):
        t.claim(seat, name)
    first = t.public()["awaiting"][0]  # bids go clockwise from the chief mechanic
    later = (first + 1) % 3
    hand = t.view(first)["view"]["you"]["hand"]
    bid = max(hand, key=lambda c: c["power"])["id"]
    assert t.act(first, {"type": "bid", "cards": [bid]}).status_code == 200
    public = t.public()
    assert public["view"]["players"][first]["bid_count"] == 1
    other = t.view(later)
    for payload in (public, other):
        assert f'"{bid}"' not in json.dumps(payload)  # the canary: the card id bid, nowhere
    mine = t.view(first)["view"]["you"]
    power = next(c["power"] for c in hand if c["id"] == bid)
    assert [c["id"] for c in mine["bid"]] == [bid] and mine["bid_power"] == power  # only its owner sees it
