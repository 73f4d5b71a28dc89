"""Sharks with Lasers' setup steps (issue 26): built from the start position, as the engine deals."""

from __future__ import annotations

import re
from collections import Counter

import pytest

import engines
from engines.sharks_with_lasers.cards import CARDS
from engines.text import translate

GAME = engines.get("sharks-with-lasers")


@pytest.mark.parametrize("players", [2, 4])
def test_steps_place_the_sharks_and_count_the_cards_as_dealt(players: int) -> None:
    state = GAME.start(players=players, seed=5)
    steps = {s.key: s for s in GAME.setup_steps(state)}
    assert list(steps) == ["board", "agents", "start"]
    view = state.view(None)
    board = " ".join(translate(line) for line in steps["board"].lines)
    for shark in view["sharks"]:
        assert f"The {shark['shark']} shark on {shark['square']}" in board
    assert f"{view['board']['width']} by {view['board']['height']}" in board
    hand = state.view(0)["hand"]
    counted = sum(int(re.findall(r"(\d+)×", translate(line))[0]) for line in steps["agents"].lines[1:])
    assert counted == len(hand) == (10 if players == 2 else 8)
    start = translate(steps["start"].lines[0])
    assert f"Player {view['start_seat'] + 1} starts" in start
    assert translate(steps["start"].lines[2]).count(",") == len(view["board"]["start_zone"]) - 1


@pytest.mark.parametrize("players", [2, 3])
def test_the_default_board_is_said_to_be_the_projects_guess_and_a_tables_own_is_not(players: int) -> None:
    """Issue 37, point 2: "Sharks' board size, shark squares and start zone are the project's
    defaults (sharks-with-lasers.notes.md: 'DEFAULT placeholder 7 columns x 9 rows', 'DEFAULT: the
    middle row') and the steps say so, as Loch Ness's do." A board the table wrote says nothing."""
    said = [translate(line) for line in GAME.setup_steps(GAME.start(players=players, seed=5))[0].lines]
    assert sum("the project's guess" in line for line in said) == 1, said
    assert any("Board option" in line for line in said)
    own = GAME.start(players=3, seed=0, options={"board": "ours:8x10:wall-open:a1-h2:c6S.d6S.e6N"})
    assert not any("guess" in translate(line) for line in GAME.setup_steps(own)[0].lines)


def test_with_special_cards_each_seat_alone_is_told_its_two() -> None:
    state = GAME.start(players=3, seed=5, options={"specials": True})
    assert "specials" in [s.key for s in GAME.setup_steps(state)]
    for seat in range(3):
        part = " ".join(translate(t) for t in GAME.setup_part(state, seat))
        specials = [c for c in state.table.hands[seat] if CARDS[c].special]
        assert len(specials) == 2
        for code in specials:
            assert CARDS[code].name in part
    base = Counter(c for c in state.table.hands[0] if not CARDS[c].special)
    assert sum(base.values()) == 8


def test_special_cards_dealt_by_the_companion_stay_in_the_box_and_real_ones_are_drawn() -> None:
    """Rulebook, Preparation ("VOORBEREIDING"): "then each player gets 2 randomly selected cards with
    a special action". With digital chance the companion's deal is not one a real draw gives (review
    G5: players searched the open deck for the two their phone named, with the others watching): the
    cards stay in the box. With physical chance they are shuffled and drawn, and the phone asks."""
    said = {mode: " ".join(translate(line) for step in GAME.setup_steps(
        GAME.start(players=3, seed=5, options={"specials": True, "chance": mode})) for line in step.lines)
        for mode in ("digital", "physical")}
    assert "stay in the box" in said["digital"] and "huffle" not in said["digital"]
    assert "Shuffle the special action cards" in said["physical"] and "asks" in said["physical"]
    physical = GAME.start(players=3, seed=5, options={"specials": True, "chance": "physical"})
    assert "your phone asks which" in " ".join(translate(t) for t in GAME.setup_part(physical, 0))
