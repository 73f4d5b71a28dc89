"""Setting up the real box: Loch Ness' steps and each seat's part come from the start
position (its counts are the position's), and a player's own cards are in their part only."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from engines.loch_ness import GAME, LochNessState
from engines.loch_ness.words import TOOLS
from tests.engines.setting_up import said, texts


def start(players: int, **options: Any) -> LochNessState:
    state = GAME.start(players=players, seed=5, options=options)
    assert isinstance(state, LochNessState)
    return state


@pytest.mark.parametrize("players", [3, 4])
def test_the_base_game_counts_are_the_start_positions(players: int) -> None:
    state = start(players, chance="physical")
    t = state.table
    steps = GAME.setup_steps(state)
    assert [s.key for s in steps] == ["board", "tools", "discoveries", "piles", "players", "nessie"]
    tools = said(steps, "Lay the {count} tool card")[0]
    assert tools.params["count"] == sum(t.supply) == 45
    listed = [x.params["count"] for x in said(tools, "{tool} {count}")]
    assert listed == t.supply
    board = t.board
    laid = said(steps, "Lay a blue card")[0].params
    assert laid["water"] == sum(len(t.face_down[s]) for s in board.sites if board.back[s] == "water")
    assert laid["land"] == sum(len(t.face_down[s]) for s in board.sites if board.back[s] == "land")
    piles = said(steps, "The rest make two piles")[0].params
    assert (piles["water"], piles["land"]) == (len(t.piles[0]), len(t.piles[1]))
    left_out = said(steps, "With 3 players the {count} card")
    assert bool(left_out) == (players == 3)
    assert said(steps, "Each player puts one boat")[0].params["count"] == players
    assert said(steps, "Each player sets their score marker")[0].params["count"] == t.reputation[0] == 5
    assert said(steps, "Each player takes {count} bagpipe")[0].params["count"] == t.bagpipes[0] == 3
    assert said(steps, "Nessie goes on")[0].params["space"] == board.ids[t.nessie]
    route = said(steps, "With {count} players her endgame route")[0].params
    assert route["mark"] == ("IV" if players == 4 else "III")
    assert route["space"] == board.ids[board.route_from(players)[0]]
    # what the rulebook does not print is said to be a choice, never a rule
    assert said(steps, "The rulebook does not print which three tools")
    assert said(steps, "The rulebook lets the best swimmer begin")[0].params["seat"] == t.start_player


def test_tools_with_seven_changes_the_tool_counts() -> None:
    state = start(4, tools_with_seven="shovel,thief,weapon")
    t = state.table
    tools = said(GAME.setup_steps(state), "Lay the {count} tool card")[0]
    assert [x.params["count"] for x in said(tools, "{tool} {count}")] == t.supply
    sevens = said(GAME.setup_steps(state), "The rulebook does not print which three tools")[0]
    assert {x.msgid for x in texts(sevens.params["list"])} >= {"shovel", "thief", "weapon"}
    assert [n for c, n in zip(TOOLS, t.supply, strict=True) if c in "stw"] == [7, 7, 7]


@pytest.mark.parametrize("players", [3, 4])
def test_the_advanced_version_sets_up_stacks_and_hands(players: int) -> None:
    state = start(players, advanced=True, chance="physical")
    t = state.table
    steps = GAME.setup_steps(state)
    stacks = said(steps, "Shuffle the {cards} tool cards")[0]
    assert stacks.params["count"] == len(t.stacks) == {3: 2, 4: 3}[players]
    assert stacks.params["sizes"] == ", ".join(str(len(s)) for s in t.stacks)
    assert said(steps, "Each player takes the {count} discovery")[0].params["count"] == len(t.hands[0])
    for seat in range(players):
        own = said(GAME.setup_part(state, seat), "Your discovery card")
        assert own and own[0].params["count"] == len(t.hands[seat])
    public = json.dumps([s.to_json() for s in steps])
    assert "Your" not in public  # nobody's hand in the steps everyone sees


@pytest.mark.parametrize("players", [3, 4])
def test_the_advanced_piles_count_the_coloured_cards_left_over_too(players: int) -> None:
    """Rulebook, "Versie voor gevorderden": "De overige kaartjes worden met de kaartjes zonder kleur
    geschud en naast het bord neergelegd." The walk-through (LN2): step 4 said "11 water and 11 land
    cards" where, once the sites were full, the piles held 30. The step's coloured cards left over
    and cards without a colour add up to the piles after a placement round played at random."""
    state = start(players, advanced=True)
    piles = said(GAME.setup_steps(state), "The {count} coloured card")[0]
    rng = random.Random(players)
    while state.table.phase == "place":
        seat = state.awaiting[0]
        state = state.apply(seat, rng.choice(state.legal_actions(seat)))
    held = sum(len(pile) for pile in state.table.piles)
    assert piles.params["count"] + piles.params["water"] + piles.params["land"] == held


@pytest.mark.parametrize("advanced", [False, True])
def test_with_digital_chance_the_companions_cards_stay_in_the_box(advanced: bool) -> None:
    """Rulebook, "Begin van het spel": the blue and green discovery cards are shuffled apart and laid
    face down on the sites, the rest in two piles ("Versie voor gevorderden": the tools in face-down
    stacks). With digital chance the companion holds those cards, in an order the real ones will not
    have (review G5: the table laid real cards that were not the ones the companion turned): they
    stay in the box, the counts are the companion's, and a find goes aboard from the box once shown."""
    state = start(4, advanced=advanced)
    t = state.table
    steps = GAME.setup_steps(state)
    words = json.dumps([s.to_json() for s in steps])
    assert "Shuffle the" not in words and "Lay a blue card" not in words
    assert said(steps, "The discovery cards stay in the box")
    assert said(steps, "A card turned is shown on the screens")
    if advanced:
        stacks = said(steps, "The companion shuffled the {cards} tool cards")[0]
        assert stacks.params["count"] == len(t.stacks)
        assert said(GAME.setup_part(state, 0), "Your discovery card, to lay on a site with your phone")
    else:
        laid = said(steps, "The discovery cards stay in the box")[0].params
        assert laid["water"] + laid["land"] == sum(len(t.face_down[s]) for s in t.board.sites)
        piles = said(steps, "The companion keeps the other discovery cards")[0].params
        assert (piles["water"], piles["land"]) == (len(t.piles[0]), len(t.piles[1]))


def test_each_seat_reads_its_boats_and_the_start_player_its_card() -> None:
    state = start(3)
    t = state.table
    for seat in range(3):
        part = GAME.setup_part(state, seat)
        boats = said(part, "Put {count} boat")[0].params
        assert (boats["count"], boats["reserve"]) == (1, 2)
        assert bool(said(part, "You begin")) == (seat == t.start_player)
        assert not said(part, "Your discovery card")
    assert GAME.setup_part(state, 7) == ()


@pytest.mark.parametrize(("lang", "name"), [("en", "Sample board (placeholder)"),
                                            ("nl", "Voorbeeldbord (verzonnen)"),
                                            ("de", "Beispielplan (Platzhalter)")])
def test_the_sample_boards_name_is_said_in_the_tables_language(lang: str, name: str) -> None:
    """Review 2026-11-28, B-1: "Leg het spelbord neer: Sample board (placeholder)." The sample board
    is the project's, so its name is the project's words in the table's language; a table's own
    board keeps the name it was given."""
    from engines.text import translate
    from web.i18n import load_catalogues
    load_catalogues()   # the companion reads the words from web's catalogues
    laid = said(GAME.setup_steps(start(4)), "Lay out the board: {name}.")[0]
    assert translate(laid, lang).endswith(f": {name}.")
