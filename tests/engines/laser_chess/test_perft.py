"""Perft: move counts from every setup, checked against published numbers and a reference.

Rule (ThinkFun movement rules, German p.14): "Do exactly one of: move one token one square
in any of the 8 directions, rotate one token 90 degrees, or rotate your own Laser to its
other direction. Then fire your laser."
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import engines
from engines.laser_chess import board as B
from engines.laser_chess.game import SETUPS, setup_board
from tests.engines.laser_chess import reference as R
from tests.engines.laser_chess.helpers import rows_text

DATA = json.loads((Path(__file__).parent / "perft.json").read_text(encoding="utf-8"))
GAME = engines.get("laser-chess")


def _divide_message(setup_or_text: str, engine: dict[str, int], reference: dict[str, int]) -> str:
    lines = [f"perft divide differs for {setup_or_text}:"]
    for key in sorted(set(engine) | set(reference)):
        if engine.get(key) != reference.get(key):
            lines.append(f"  {key}: engine {engine.get(key)} reference {reference.get(key)}")
    return "\n".join(lines)


def _engine_divide(board: bytes, colour: int, depth: int, **rules: bool) -> dict[str, int]:
    """Per-move counts keyed like the reference's move_text (rotations by the new facing)."""
    out = {}
    for move in B.generate(board, colour, **rules):
        f, t, x, _, _ = move
        nb, _, removed = B.play(board, colour, move)
        if f == t:
            key = B.SQUARE_NAMES[f] + "*" + B.FACINGS[B.kind_of(x)][B.facing_of(x)]
        else:
            key = B.SQUARE_NAMES[f] + B.SQUARE_NAMES[t]
        if B.kind_of(removed) == B.KING:
            out[key] = 1 if depth == 1 else 0
        else:
            out[key] = B.perft(nb, 1 - colour, depth - 1, **rules)
    return out


def _reference_board(state: engines.State) -> R.Board:
    return {R.square(t["square"]): (t["color"], {"laser": "L", "king": "K", "defender": "D", "switch": "S",
                                                 "deflector": "F"}[t["piece"]], t["facing"])
            for t in state.view(None)["board"]}


@pytest.mark.parametrize("setup", sorted(DATA["published"]))
def test_first_move_counts_match_khet2_ai(setup: str) -> None:
    """Khet2-AI publishes 77 / 70 / 73 first moves for Classic / Dynasty / Imhotep, for either side."""
    state = GAME.start(players=2, seed=0, options={"setup": setup})
    assert len(state.legal_actions(0)) == DATA["published"][setup]
    mirrored = GAME.load(state.notation().replace(" b ", " r "))
    assert len(mirrored.legal_actions(1)) == DATA["published"][setup]


@pytest.mark.parametrize("setup", sorted(SETUPS))
def test_perft_depth_two_from_every_setup_agrees_with_reference(setup: str) -> None:
    """Counted as chess does; the engine's fast path, the reference and the stored count agree."""
    board = setup_board(setup)
    expected = DATA["counts"][setup]
    engine = [B.perft(board, B.BLUE, d) for d in (1, 2)]
    reference = R.load_setup(setup)
    ref_counts = [R.perft(reference, "blue", d) for d in (1, 2)]
    if engine != ref_counts:
        pytest.fail(_divide_message(setup, _engine_divide(board, B.BLUE, 2), R.divide(reference, "blue", 2)))
    assert engine == expected[:2]


@pytest.mark.parametrize("setup", ["ace", "grail"])
def test_perft_depth_three_agrees_with_reference(setup: str) -> None:
    board = setup_board(setup)
    engine = B.perft(board, B.BLUE, 3)
    reference = R.perft(R.load_setup(setup), "blue", 3)
    if engine != reference:
        pytest.fail(_divide_message(setup, _engine_divide(board, B.BLUE, 3),
                                    R.divide(R.load_setup(setup), "blue", 3)))
    assert engine == DATA["counts"][setup][2]


def test_perft_depth_three_stored_counts_for_every_setup() -> None:
    for setup in SETUPS:
        assert B.perft(setup_board(setup), B.BLUE, 3) == DATA["counts"][setup][2], setup


def test_door_and_fast_path_give_the_same_children() -> None:
    """legal_actions (the door) and generate (the fast path) are the same moves, and each
    action played through apply leaves the board the fast path computes."""
    state = GAME.start(players=2, seed=0, options={"setup": "sophie"})
    for _ in range(6):   # a few plies in, so removals and swaps have had a chance
        actions = state.legal_actions(state.to_move)
        moves = B.generate(state.board, state.to_move)
        assert len(actions) == len(moves)
        for action, move in zip(actions, moves, strict=True):
            after = state.apply(state.to_move, action)
            assert after.board == B.play(state.board, state.to_move, move)[0]
        state = state.apply(state.to_move, actions[len(actions) // 2])


def test_perft_from_midgame_positions_agrees_with_reference() -> None:
    """Random positions deep into games, where removals, swaps and odd beams happen."""
    from engines.playout import random_playout
    compared = 0
    for seed in range(12):
        final = random_playout(GAME, 2, seed, {"setup": sorted(SETUPS)[seed % 6]}, max_plies=30).final
        if final.outcome is not None or not final.removed:
            continue
        if compared == 3:
            break
        compared += 1
        colour = final.to_move
        engine = B.perft(final.board, colour, 2)
        ref_board = _reference_board(final)
        reference = R.perft(ref_board, B.COLOURS[colour], 2)
        if engine != reference:
            pytest.fail(_divide_message(final.notation(), _engine_divide(final.board, colour, 2),
                                        R.divide(ref_board, B.COLOURS[colour], 2)))
    assert compared == 3, "too few unfinished midgame positions with removals to compare"


HOUSE_RULES = {"k": {"king_rotation": True}, "s": {"swap_onto_restricted": True},
               "ks": {"king_rotation": True, "swap_onto_restricted": True}}


@pytest.mark.parametrize("rules", sorted(HOUSE_RULES))
@pytest.mark.parametrize("setup", ["ace", "grail"])
def test_perft_depth_two_with_house_rules_agrees_with_reference(setup: str, rules: str) -> None:
    """House rules (notes 2.4): "Rotating the King ... Accept it from human players ... Make it a
    house-rule toggle"; a swap that puts the displaced token on a square restricted against its
    colour is forbidden, "and keep this configurable". With King rotation on, each side has one
    more play (its King) at every turn; the engine, the door and the reference agree to depth 2."""
    options = HOUSE_RULES[rules]
    board = setup_board(setup)
    engine = [B.perft(board, B.BLUE, d, **options) for d in (1, 2)]
    reference = [R.perft(R.load_setup(setup), "blue", d, **options) for d in (1, 2)]
    if engine != reference:
        pytest.fail(_divide_message(f"{setup} {rules}", _engine_divide(board, B.BLUE, 2, **options),
                                    R.divide(R.load_setup(setup), "blue", 2, **options)))
    # the King's turn is one more first move; the swap rule changes nothing this early (notes 2.4:
    # "none of the five official setups is affected up to ply 3")
    assert engine[0] == DATA["counts"][setup][0] + ("k" in rules)
    if rules == "s":
        assert engine == DATA["counts"][setup][:2]
    else:
        assert engine[1] > DATA["counts"][setup][1]
    state = GAME.start(players=2, seed=0, options={"setup": setup, **options})
    assert len(state.legal_actions(0)) == engine[0]


def test_swap_onto_restricted_perft_from_a_position_where_it_matters() -> None:
    """Notes 2.4: "a red Switch on a5 swapping with a blue Deflector on b4" puts the Deflector on a
    red-only square: refused by default, one more play for Red with swap_onto_restricted on."""
    tokens = {"e8": "k", "e1": "K", "a5": "s/", "b4": "FNE", "g6": "DS", "c2": "fSW"}
    text = rows_text({"j1": "LN", "a8": "lS", **tokens}) + " r 10 ace - -"
    state = GAME.load(text)
    ref_board = _reference_board(state)
    counts = {}
    for rules in ("", "s", "ks"):
        options = {"king_rotation": "k" in rules, "swap_onto_restricted": "s" in rules}
        engine = [B.perft(state.board, B.RED, d, **options) for d in (1, 2)]
        reference = [R.perft(ref_board, "red", d, **options) for d in (1, 2)]
        if engine != reference:
            pytest.fail(_divide_message(f"{text} {rules}", _engine_divide(state.board, B.RED, 2, **options),
                                        R.divide(ref_board, "red", 2, **options)))
        counts[rules] = engine
    assert counts["s"][0] == counts[""][0] + 1
    assert counts["ks"][0] == counts["s"][0] + 1
    # the door agrees: the swap a5b4 is refused by default and accepted with the house rule
    swaps = [a["notation"] for a in state.legal_actions(1) if a["type"] == "swap"]
    assert "a5b4" not in swaps
    house = GAME.load(text.replace(" ace - -", " ace s -"))
    assert "a5b4" in [a["notation"] for a in house.legal_actions(1) if a["type"] == "swap"]
