"""A Sharks with Lasers card says the same words wherever it is shown: the card's printed name
("Geen effect / Draai 180 graden", the rulebook's VOORBEREIDING list) and the two faces the phone
shows on its own ("Agent: ...", "Shark: ...", the targets "W · White shark · ..."), in every language."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from engines.text import translate
from web.i18n import load_catalogues

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "web/static/games/sharks-with-lasers.js"
CARDS = ROOT / "engines/sharks_with_lasers/cards.json"


def faces() -> dict[str, str]:
    """The page's FACE table: each face's msgid, as the page says it alone."""
    block = PAGE.read_text(encoding="utf-8").split("const FACE = {", 1)[1].split("};", 1)[0]
    return dict(re.findall(r'(\w+): window\.TC\.N\("([^"]+)"\)', block))


@pytest.mark.parametrize("lang", ["en", "nl", "de"])
def test_each_base_cards_two_faces_read_as_its_printed_name(lang: str) -> None:
    load_catalogues()
    face = faces()
    for card in json.loads(CARDS.read_text(encoding="utf-8"))["base"]:
        printed = translate(card["name"], lang).split(" / ")
        shown = [translate(face[card["agent"]], lang), translate(face[card["shark"]], lang)]
        assert shown == printed, (lang, card["code"])
