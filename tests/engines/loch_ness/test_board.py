"""The board schema: a table transcribes its printed board, and every problem is named in one
sentence (the map editor shows them live; saving a board with one is refused)."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from engines import IllegalAction
from engines.loch_ness import GAME
from engines.loch_ness.board import check_board, sample_board
from engines.loch_ness.decks import check_decks, default_decks

SIX: dict[str, Any] = {
    "name": "Six spaces",
    "spaces": [
        {"id": "H", "terrain": "harbour", "x": 0, "y": 2, "adjacent": ["F"]},
        {"id": "F", "terrain": "front", "x": 1, "y": 2, "adjacent": ["H", "a", "b"]},
        {"id": "a", "terrain": "water", "x": 1, "y": 1, "adjacent": ["F", "b", "i"], "site": 1,
         "mark": "III"},
        {"id": "b", "terrain": "water", "x": 2, "y": 2, "adjacent": ["F", "a", "c"], "site": 1},
        {"id": "c", "terrain": "water", "x": 2, "y": 1, "adjacent": ["b", "i"], "mark": "IV"},
        {"id": "i", "terrain": "island", "x": 2, "y": 0, "adjacent": ["a", "c"], "site": 2},
    ],
    "nessie": "c",
    "route": ["c", "b", "a", "F"],
}


def problems(data: object) -> list[str]:
    board, found = check_board(data)
    assert (board is None) == bool(found)
    return [str(p) for p in found]


def six(**changes: Any) -> dict[str, Any]:
    data = copy.deepcopy(SIX)
    data.update(changes)
    return data


def test_a_six_space_board_is_valid_and_its_route_fits_both_player_counts() -> None:
    board, found = check_board(json.dumps(SIX))
    assert found == [] and board is not None
    assert board.ids[board.harbour] == "H" and board.ids[board.front] == "F"
    assert [board.ids[s] for s in board.route_from(4)] == ["c", "b", "a", "F"]
    assert [board.ids[s] for s in board.route_from(3)] == ["a", "F"]
    assert [board.ids[s] for s in board.sites] == ["a", "b", "i"]


def test_the_sample_board_is_marked_as_a_placeholder() -> None:
    """Notes: "Ship one sample board ... only as a clearly marked placeholder"."""
    board = sample_board()
    assert board.placeholder and "placeholder" in board.name.lower()
    assert "NOT the printed board" in board.data["note"]
    shipped = GAME.sample_boards()[board.name]
    assert shipped["spaces"] == board.to_json()["spaces"] and shipped["decks"] == board.decks.to_json()
    assert check_board(shipped)[1] == []


def test_a_board_saved_under_its_own_name_is_the_tables_own_not_a_placeholder() -> None:
    """Issue 22: "Only the shipped sample is the placeholder; a board the table drew is its board."
    The sample edited and saved as "Onze kaart" (its placeholder flag still set) starts a table whose
    views say nothing of a placeholder."""
    ours = {**GAME.sample_boards()[sample_board().name], "name": "Onze kaart"}
    assert check_board(ours)[0] is not None and check_board(ours)[0].placeholder is False
    st = GAME.start(players=3, seed=1, options={"board": ours})
    assert st.view(None)["board"]["placeholder"] is False and st.view(0)["board"]["name"] == "Onze kaart"
    assert GAME.start(players=3, seed=1).view(None)["board"]["placeholder"] is True


def test_malformed_json_is_named_with_where_it_breaks() -> None:
    assert problems('{"spaces": [') == ["The board is not valid JSON: it breaks at line 1, column 13."]
    assert problems("[1, 2]") == ["A board is a JSON object with its spaces, Nessie's start and her endgame "
                                  "route."]


def test_an_asymmetric_graph_is_named() -> None:
    data = six()
    data["spaces"][3]["adjacent"] = ["F", "a", "c", "i"]      # b says it touches the island; i does not
    assert problems(data) == ["Space b lists i as a neighbour, but i does not list b: neighbours go both "
                              "ways."]


def test_an_unreachable_site_is_named() -> None:
    data = six()
    data["spaces"].append({"id": "z", "terrain": "water", "x": 5, "y": 5, "adjacent": [], "site": 1})
    assert "Site z cannot be reached by boat from the harbour." in problems(data)


def test_a_missing_harbour_is_named() -> None:
    data = six()
    data["spaces"][0]["terrain"] = "water"
    found = problems(data)
    assert found[0] == "The board has no harbour."


def test_a_harbour_touching_open_water_is_named() -> None:
    data = six()
    data["spaces"][0]["adjacent"] = ["F", "a"]
    data["spaces"][2]["adjacent"].append("H")
    assert "The harbour must touch only the space in front of it (F), not a." in problems(data)


@pytest.mark.parametrize(("decks", "said"), [
    ({"tools": {"motor": 7, "shovel": 7, "camera": 7, "binoculars": 6, "diving_suit": 6, "thief": 6,
                "weapon": 7}},
     "The tool cards add up to 46; the rulebook has 45 (6 of four kinds and 7 of the three others)."),
    ({"tools": {"motor": 9, "shovel": 6, "camera": 6, "binoculars": 6, "diving_suit": 6, "thief": 6,
                "weapon": 6}},
     "The rulebook has 6 cards of four tool kinds and 7 of the three others; these decks have motor 9, "
     "shovel 6, camera 6, binoculars 6, diving_suit 6, thief 6, weapon 6."),
    ({"discoveries": [{"kind": "nessie", "back": "water", "colour": 0, "count": 49}]},
     "The discovery cards add up to 49; the rulebook has 50 (7 of each of the 4 colours, the rest water and "
     "land cards)."),
    ({"discoveries": [{"kind": "nessie", "back": "water", "colour": [1, 2, 3], "count": 7},
                      {"kind": "nessie", "back": "water", "colour": 0, "count": 29}]},
     "Colour 4 has 0 discovery cards; the rulebook has 7 of each colour."),
    ({"tools": {"hammer": 45}}, "There is no tool called hammer; the tools are motor, shovel, camera, "
                                "binoculars, diving_suit, thief, weapon."),
])
def test_deck_totals_that_do_not_add_up_to_the_rulebooks_are_named(decks: dict[str, Any], said: str) -> None:
    """Contents: "45 gereedschapskaarten (6 van 4 soorten, 7 van 3 andere soorten)", "50
    ontdekkingskaarten (7 per kleur = 28, verder water- en landkaartjes)"."""
    assert problems(six(decks=decks)) == [said]


def test_the_default_decks_add_up_and_lose_the_iv_cards_with_three_players() -> None:
    """Setup: "Met 3 spelers worden de kaartjes die gemarkeerd zijn met IV niet gebruikt"."""
    d = default_decks()
    assert sum(d.tools) == 45 and sorted(d.tools) == [6, 6, 6, 6, 7, 7, 7]
    assert len(d.cards(4)) == 50 and len(d.cards(3)) == 43
    assert check_decks(d.to_json()) == (d, [])


@pytest.mark.parametrize(("change", "said"), [
    ({"nessie": "i"}, "Nessie's start (i) must be a lake water space of this board."),
    ({"route": ["b", "a", "F"]}, "The endgame route must start at the space marked IV (c)."),
    ({"route": ["c", "i", "a", "F"]}, "The endgame route runs through i, which is not lake water."),
    ({"route": ["c", "a", "F"]}, "On the endgame route, c and a are not neighbours."),
    ({"route": ["c", "b", "F"]},
     "The space marked III (a) must lie on the endgame route, after the one marked IV."),
    ({"colour": "blue"}, "The board has a field colour that is not understood."),
])
def test_nessie_and_her_route_are_checked(change: dict[str, Any], said: str) -> None:
    """Einde van het spel: "Zodra de startspeler weer aan de beurt komt wordt Nessie op het vakje met
    de IV bij de haven geplaatst. Met drie spelers wordt Nessie op het vakje met de III erop gezet."""
    assert said in problems(six(**change))


def test_marks_islands_and_sites_are_checked() -> None:
    data = six()
    data["spaces"][2].pop("mark")
    data["spaces"][5]["site"] = 3
    data["spaces"][1]["site"] = 1
    found = problems(data)
    assert "Space i takes 0, 1 or 2 discovery cards, not 3." in found
    assert "Space F is not lake water or an island, so it cannot be a site." in found
    assert ("Exactly one space must be marked III (where Nessie starts the endgame with 3 players); this "
            "board has 0.") in found


def test_every_problem_is_named_at_once() -> None:
    data = six(nessie="nowhere")
    data["spaces"][3]["adjacent"].append("i")
    assert len(problems(data)) == 2


def test_the_board_option_refuses_a_bad_board_with_its_first_problem() -> None:
    bad = six()
    bad["spaces"][0]["terrain"] = "water"
    with pytest.raises(IllegalAction, match=r"The board is not valid: The board has no harbour\."):
        GAME.start(players=3, seed=1, options={"board": json.dumps(bad)})
    state = GAME.start(players=3, seed=1, options={"board": SIX})
    assert state.view(None)["board"]["name"] == "Six spaces"
    assert GAME.load(state.notation()) == state


def test_an_island_next_to_the_harbour_mouth_is_refused() -> None:
    """Nessie surfaces on the water a boat moored from; from the space in front of the harbour she
    would close the harbour for good, which the rulebook only lets her do at the very end."""
    data = six()
    data["spaces"][1]["adjacent"].append("i")
    data["spaces"][5]["adjacent"].append("F")
    assert problems(data) == ["Island i lies next to the space in front of the harbour: Nessie would "
                              "surface there and close the harbour, so that space touches only water and "
                              "the harbour."]
