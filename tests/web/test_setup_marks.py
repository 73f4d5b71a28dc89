"""Setting up (issue 26): every mark a game's setup step names is one its page script knows (the
script lists them in its ``SETUP_MARKS`` constant), read from the source without a browser, for
the smallest and largest player counts and each option that changes the setup."""

from __future__ import annotations

import re
from typing import Any

import pytest

import engines
from web.messages import STATIC

CASES: dict[str, list[dict[str, Any]]] = {
    "jaws": [{"acts": "both"}, {"acts": "1"}, {"acts": "2"}],
    "loch-ness": [{"advanced": False}, {"advanced": True}],
}


def known_marks(game_id: str) -> set[str]:
    """The keys of ``SETUP_MARKS`` in the game's page script and its parts."""
    game = engines.get(game_id)
    found: set[str] = set()
    for name in (game.page.script, *game.page.parts):
        if not name:
            continue
        source = (STATIC / "games" / name).read_text(encoding="utf-8")
        block = re.search(r"const SETUP_MARKS = \{(.*?)\n  \};", source, re.S)
        if block:
            found |= set(re.findall(r'^\s*"([^"]+)":', block.group(1), re.M))
    return found


@pytest.mark.parametrize("game_id", sorted(CASES))
def test_every_mark_a_step_names_is_known_to_the_page(game_id: str) -> None:
    game = engines.get(game_id)
    known = known_marks(game_id)
    assert known, f"{game_id}: no SETUP_MARKS in its page script"
    named: set[str] = set()
    for options in CASES[game_id]:
        for players in (game.min_players, game.max_players):
            state = game.start(players=players, seed=1, options=options)
            steps = game.setup_steps(state)
            assert steps, (game_id, options, players)
            named |= {mark for step in steps for mark in step.marks}
    assert named - known == set()
    assert named  # the steps do mark things
