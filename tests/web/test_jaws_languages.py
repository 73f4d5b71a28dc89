"""Jaws' Act 2 read in Dutch and in German: random games of the Orca (the test fixture's box, the
companion's deck and dice, and the table's readings too), every phone and the table screen, with no
English word left (tests/web/test_real_languages.py reads Act 1 and the other games)."""

from __future__ import annotations

import json
from typing import Any

import pytest

import engines
from engines.core import events_for
from engines.playout import random_playout
from tests.engines.jaws.orca_helpers import FIXTURE
from tests.web.test_real_languages import english, english_words, texts
from web import messages
from web.i18n import localize_payload

__all__ = ["english"]


@pytest.mark.parametrize("lang", messages.LANGUAGES)
@pytest.mark.parametrize("mode", ["digital", "physical"])
def test_a_random_game_of_act_2_reads_without_an_english_word(lang: str, mode: str,
                                                              english: set[str]) -> None:
    game = engines.get("jaws")
    found: dict[str, str] = {}
    shown = 0

    def collect(_before: engines.State, _seat: int, _action: object, after: engines.State) -> None:
        nonlocal shown
        seats = [{"seat": s, "name": "", "named": False, "bot": s == 1} for s in range(after.players)]
        for who in [None, *after.awaiting]:
            if who is not None and who < 0:
                continue
            payload = {"seats": seats, "view": after.view(who), "events": events_for(after.events, who),
                       "outcome": after.outcome,
                       "legal_actions": after.legal_actions(who)[:40] if who is not None else []}
            out = localize_payload(payload, lang)
            for text in [*texts(out), *(s["name"] for s in out["seats"])]:
                shown += 1
                for word in english_words(text, lang, english):
                    found.setdefault(word, text)

    # the fixture's gear cards unnamed: a card's name is what a group typed, in its own language
    box = {**FIXTURE, "gear": [{**card, "name": ""} for card in FIXTURE["gear"]]}
    options: dict[str, Any] = {"acts": "2", "box": json.dumps(box), "resurface": mode, "dice": mode}
    for seed in range(2):
        random_playout(game, 2 + seed, seed, options=options, max_plies=400, on_step=collect)
    assert found == {}
    assert shown > 1000
