"""The board and card data (checked at load, correctable by the table), the notation, the options,
and random games under the contract."""

from __future__ import annotations

import json

import pytest

from engines import IllegalAction
from engines.jaws import GAME
from engines.jaws.amity.data import amity, deck
from tests.engines.conformance import check_playouts
from tests.engines.jaws.helpers import SHARK, play

WATER = amity().to_json()["water"]


def test_the_water_graph_is_symmetric_connected_and_has_20_edges() -> None:
    board = amity()
    edges = {frozenset((a, b)) for a in board.water_spaces for b in board.water[a]}
    assert len(edges) == 20 and len(board.water_spaces) == 12
    for a in board.water_spaces:
        for b in board.water[a]:
            assert a in board.water[b]
    assert board.shop not in board.water_spaces and board.shop in board.land_spaces
    assert [board.names[i] for i in board.beaches] == ["N", "E", "S", "W"]


@pytest.mark.parametrize(
    ("correction", "words"),
    [
        ({"water": {**WATER, "1": ["2", "3", "N"]}}, "not symmetric"),
        (
            {
                "land": {
                    "5": ["N"],
                    "N": ["5"],
                    "6": ["7"],
                    "7": ["6"],
                    "8": [],
                    "E": [],
                    "S": [],
                    "W": [],
                    "Shop": [],
                }
            },
            "not connected",
        ),
        ({"water": {"1": ["Q"]}}, "not a space"),
        ({"start": {"brody": "3"}}, "brody starts on land"),
        ({"barrels": {"total": 1}}, "whole number from 2"),
        ({"volcano": 1}, "no datum"),
    ],
)
def test_a_map_correction_that_breaks_the_board_is_refused_with_the_reason(
    correction: dict[str, object], words: str
) -> None:
    with pytest.raises(IllegalAction, match="(?i)" + words):
        GAME.start(players=2, seed=1, options={"map": json.dumps(correction)})


def test_the_table_corrects_the_map_and_the_correction_travels_in_the_notation() -> None:
    state = GAME.start(
        players=3, seed=1, options={"map": '{"start": {"brody": "6"}, "barrels": {"total": 6}}'}
    )
    v = state.view(None)
    assert v["crew"][0]["space"] == "6" and v["barrels"]["shop"] == 4
    assert v["map"]["confidence"]["start"] == "TABLE" and v["map"]["confidence"]["water"] == "MED"
    again = GAME.load(state.notation())
    assert again == state and again.view(None) == v


def test_bad_options_are_refused() -> None:
    with pytest.raises(IllegalAction, match="JSON object"):
        GAME.start(players=2, seed=1, options={"map": "[1, 2]"})
    with pytest.raises(IllegalAction, match="JSON object"):
        GAME.start(players=2, seed=1, options={"cards": "nonsense"})
    with pytest.raises(IllegalAction, match="no event card"):
        GAME.start(players=2, seed=1, options={"cards": '{"17": {"N": 1}}'})
    with pytest.raises(IllegalAction, match="0 to 9"):
        GAME.start(players=2, seed=1, options={"cards": '{"3": {"N": -1}}'})
    with pytest.raises(IllegalAction, match="acts"):
        GAME.start(players=2, seed=1, options={"acts": "3"})


def test_both_acts_are_the_default_and_either_act_may_be_played_alone() -> None:
    """"A game has 2 acts ... Both acts can also be played on their own, for a shorter game." """
    spec = {o.name: o for o in GAME.option_spec}
    assert spec["acts"].choices == ("both", "1", "2") and spec["acts"].default == "both"
    state = GAME.start(players=2, seed=1)
    assert state.view(None)["act"] == 1 and state.view(None)["acts"] == "both"
    assert state.view(None)["shark"]["goal"] == 9
    alone = GAME.start(players=2, seed=1, options={"acts": "1"})
    assert alone.notation().startswith("jaws acts=1 act=1 ") and alone.view(None)["shark"]["goal"] == 7
    orca = GAME.start(players=2, seed=1, options={"acts": "2"})
    assert orca.view(None)["act"] == 2 and "orca" in orca.view(None)


def test_a_position_round_trips_through_its_notation_mid_plan() -> None:
    state = play(GAME.start(players=4, seed=5), SHARK, "start N")
    state = play(state, -1, "card 7")
    state = play(state, SHARK, "move 1", "hide")
    text = state.notation()
    again = GAME.load(text)
    assert again == state and again.notation() == text
    assert again.view(SHARK) == state.view(SHARK) and again.legal_actions(SHARK) == state.legal_actions(SHARK)
    assert "plan=move:1,hide" in text


@pytest.mark.parametrize(
    "text",
    [
        "chess 1",
        "jaws players=9",
        "jaws players=2 swim=N99.E0.S0.W0",
        "jaws players=2 crew=7.5",
        "jaws players=2 barrels=9.9.9.9.9.9",
        "jaws players=2 phase=lunch",
        "jaws players=2 plan=fly:3",
    ],
)
def test_a_broken_notation_is_refused(text: str) -> None:
    with pytest.raises(IllegalAction):
        GAME.load(text)


def test_the_cards_data_matches_the_notes() -> None:
    cards = deck()
    assert cards[1].swimmers == (2, 0, 1, 2) and cards[16].swimmers == (2, 2, 0, 1)
    assert [n for n, c in cards.items() if c.effect == "alert"] == [11, 13, 14, 15]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_the_contract(players: int) -> None:
    finals = check_playouts(GAME, players, range(2), {"acts": "1"}, max_plies=3000, roundtrip_every=9)
    assert all(f.outcome is not None for f in finals)
