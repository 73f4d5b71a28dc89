"""Fzzzt!'s setup steps (issue 26): built from the start position, counts as the state has them."""

from __future__ import annotations

import re

import pytest

import engines
from engines.text import translate

GAME = engines.get("fzzzt")


def _numbers(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"\d+", text)]


@pytest.mark.parametrize("players", [2, 4])
def test_steps_count_what_the_start_position_holds(players: int) -> None:
    state = GAME.start(players=players, seed=11)
    steps = {s.key: s for s in GAME.setup_steps(state)}
    assert list(steps) == ["mechanics", "hands", "deck", "conveyor"]
    mechanics = translate(steps["mechanics"].lines[0])
    assert _numbers(mechanics) == list(range(1, players + 1))
    chief = translate(steps["mechanics"].lines[2])
    assert f"Player {state.chief + 1}" in chief
    view = state.view(None)
    conveyor = view["conveyor"]
    assert _numbers(translate(steps["deck"].lines[0])) == [conveyor["deck"] + conveyor["face_down"]
                                                           + len(conveyor["open"])]
    assert all(p["hand_count"] == 4 for p in view["players"])
    for open_card in conveyor["open"]:
        assert translate(open_card["label"]) in translate(steps["conveyor"].lines[1])
    real = GAME.start(players=players, seed=11, options={"chance": "physical"})
    assert "4" in translate(GAME.setup_steps(real, "physical")[1].lines[1])


def test_with_digital_chance_the_robot_cards_stay_in_the_box_and_nobody_shuffles() -> None:
    """Rulebook, Setup ("Spelvoorbereiding"): "Shuffle the mechanic cards used and deal one to each
    player"; the chief shuffles the conveyor deck and turns its head card. With digital chance the
    companion has dealt and shuffled already, in an order no real shuffle gives (review G5): the
    steps name its deal, keep the robot cards in the box and never ask the table to shuffle or turn."""
    state = GAME.start(players=3, seed=4)
    said = " ".join(translate(line) for step in GAME.setup_steps(state) for line in step.lines)
    assert "huffle" not in said.replace("The companion shuffled", "")
    assert "Turn" not in said and "deal one" not in said
    assert "stay in the box" in said and "each player takes the mechanic card their phone names" in said
    assert all(translate(c["label"]) in said for c in state.view(None)["conveyor"]["open"])


@pytest.mark.parametrize("players", [2, 4])
def test_each_seat_is_told_its_own_mechanic_and_hand(players: int) -> None:
    state = GAME.start(players=players, seed=3)
    for seat in range(players):
        part = [translate(t) for t in GAME.setup_part(state, seat)]
        assert part[0] == f"You drew mechanic card {state.mechanics[seat]}."
        assert ("chief mechanic" in " ".join(part)) == (seat == state.chief)
        hand = state.view(seat).get("hand")
        assert part[-1].startswith("Your hand:")
        assert hand is None or len(hand) == 4


def test_with_the_real_cards_the_host_enters_the_mechanics_first() -> None:
    state = GAME.start(players=3, seed=3, options={"chance": "physical"})
    steps = GAME.setup_steps(state)
    assert "host enters" in translate(steps[0].lines[2])
    assert "host enters" in translate(GAME.setup_part(state, 0)[0])
