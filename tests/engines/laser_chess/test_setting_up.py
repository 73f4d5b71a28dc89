"""Laser Chess's setup steps (issue 26): built from the start position, every token told once."""

from __future__ import annotations

import re

import pytest

import engines
from engines.laser_chess import board as B
from engines.laser_chess.game import SETUPS
from engines.text import translate

GAME = engines.get("laser-chess")


def _squares(line: str) -> list[str]:
    return re.findall(r"\b[a-j][1-8]\b", line.split(":", 1)[1]) if ":" in line else []


@pytest.mark.parametrize("setup", sorted(SETUPS))
def test_each_colour_step_names_every_token_of_the_chosen_setup_once(setup: str) -> None:
    state = GAME.start(players=2, seed=0, options={"setup": setup})
    steps = {s.key: s for s in GAME.setup_steps(state)}
    assert list(steps) == ["board", "blue", "red", "check"]
    for colour, key in ((B.BLUE, "blue"), (B.RED, "red")):
        told = [sq for line in steps[key].lines for sq in _squares(translate(line))]
        on_board = [t["square"] for t in state.view(None)["board"]
                    if t["color"] == B.COLOURS[colour] and t["piece"] != "laser"]
        assert sorted(told) == sorted(on_board)
        assert sorted(told) == sorted(sq for sq, tok in SETUPS[setup][B.COLOURS[colour]].items()
                                      if not tok.startswith("L"))
        assert f"tokens:{key}" in steps[key].marks
    board_lines = " ".join(translate(line) for line in steps["board"].lines)
    assert "j1" in board_lines and "a8" in board_lines
    assert steps["check"].check == "beam"


def test_a_seats_part_is_its_own_colour() -> None:
    state = GAME.start(players=2, seed=0, options={"setup": "grail"})
    blue = " ".join(translate(t) for t in GAME.setup_part(state, 0))
    red = " ".join(translate(t) for t in GAME.setup_part(state, 1))
    assert "You play Blue" in blue and "You move first" in blue
    assert "You play Red" in red and "j1" not in red


def test_the_steps_say_it_in_dutch_and_german() -> None:
    from web.i18n import load_catalogues

    load_catalogues()   # the companion reads the words from web's catalogues
    state = GAME.start(players=2, seed=0)
    step = GAME.setup_steps(state)[1]
    assert translate(step.title, "de") != translate(step.title)
    assert "Deflektor" in " ".join(translate(line, "de") for line in step.lines)
    assert "Deflector" in " ".join(translate(line, "nl") for line in step.lines)
