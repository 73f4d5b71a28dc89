"""A refused play's "Why?" (issue 37, point 6: "every refusal on a phone ... offers 'Why?': the rule
that decided it, in the project's own words ... with the rulebook's section name"): every kind of
play a seat or the table can make in seeded games of every game names the lessons that say its
rule (each lessons module's WHY_PLAY), and those lessons are the game's."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import engines
from engines import TABLE

BOX = json.dumps(json.loads((Path(__file__).resolve().parents[1] / "fixtures" / "jaws_box.json")
                 .read_text(encoding="utf-8"))["profile"])
RUNS: dict[str, list[tuple[int, dict[str, Any]]]] = {
    "laser-chess": [(2, {})],
    "fzzzt": [(3, {}), (3, {"chance": "physical"})],
    "sharks-with-lasers": [(3, {"specials": True}), (3, {"specials": True, "chance": "physical"})],
    "loch-ness": [(3, {}), (3, {"advanced": True}), (3, {"chance": "physical", "advanced": True})],
    "jaws": [(3, {}), (3, {"acts": "2"}), (3, {"acts": "2", "box": BOX})],
}


def kinds_played(game_id: str) -> set[str]:
    game, kinds = engines.get(game_id), set()
    for players, options in RUNS[game_id]:
        for seed in range(3):
            state, rng = game.start(players=players, seed=seed, options=options), random.Random(seed)
            for _ in range(600):
                if state.outcome is not None or not state.awaiting:
                    break
                seat = state.awaiting[0]
                legal = state.legal_actions(seat)
                if not legal and seat == TABLE:
                    legal = [action for action, _ in state.chance_outcomes()]
                kinds |= {action["type"] for action in legal}
                state = state.apply(seat, rng.choice(legal))
    return kinds


@pytest.mark.parametrize("game_id", sorted(RUNS))
def test_every_kind_of_play_names_the_rules_a_refusal_of_it_explains(game_id: str) -> None:
    game = engines.get(game_id)
    why = game.why_play()
    lessons = {lesson.key for lesson in game.rules()}
    missing = sorted(kinds_played(game_id) - set(why))
    assert not missing, (game_id, missing)
    assert all(keys and set(keys) <= lessons for keys in why.values()), game_id
