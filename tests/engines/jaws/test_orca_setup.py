"""Act 2's setup, the carry-over from Act 1, the box's numbers entered at the table, the box profile's
checks, the notation and random games of both acts under the contract."""

from __future__ import annotations

import json

import pytest

from engines import TABLE, IllegalAction, translate
from engines.jaws import GAME
from engines.jaws import box as boxes
from tests.engines.conformance import assert_refused, check_playouts
from tests.engines.jaws.helpers import load
from tests.engines.jaws.orca_helpers import (
    CREW,
    FIXTURE,
    FIXTURE_TEXT,
    SHARK,
    enter,
    orca,
    play,
    public,
    said,
)

THREE = {"acts": "2", "box": FIXTURE_TEXT}


def test_act_2_alone_deals_6_ability_cards_and_7_crew_gear_cards() -> None:
    """PLAYING AN ACT ALONE, Act 2: "At the start the shark gets 6 ability cards face down. Each crew
    member gets his own gear cards. The crew as a group also gets 7 crew gear cards face down, to
    share as they like." """
    state = GAME.start(players=3, seed=5, options=THREE)
    view = public(state)
    assert view["carry"] == {"eaten": None, "shark": 6, "crew": 7}
    assert view["shark"]["hand"] == 6 and len(state.view(SHARK)["secret"]["orca"]["hand"]) == 6
    assert "secret" not in state.view(1) and "secret" not in state.view(None)
    assert [len(c["kit"]) for c in view["crew"]] == [2, 2, 2]  # each his own two, from the profile
    assert view["phase"] == "gear" and state.awaiting == (TABLE,) and state.reading == (1, 2)
    assert said(state)[:3] == [
        "Act 2: the Orca. Turn the board over and build the Orca from its 8 boat tiles.",
        "Act 2 alone: the shark gets 6 ability cards, the crew 7 gear cards.",
        "The shark takes 6 ability cards.",
    ]


def test_the_crew_enters_its_share_of_the_gear_then_boards_where_it_likes() -> None:
    """Act 2 setup: "The crew shares these cards among themselves at once ... Each crew member puts his
    mover on a boat space of his choice. Several crew members may stand on the same space." The
    cards this box is known to hold are offered as one tap."""
    state = GAME.start(players=2, seed=5, options=THREE)
    offers = public(state)["reading"]["offers"]
    assert offers and {o["type"] for o in offers} == {"gear"}
    for _ in range(7):
        first = public(state)["reading"]["offers"][0]
        state = state.apply(TABLE, {"type": "gear", "notation": first["notation"]})
    assert public(state)["phase"] == "place" and state.awaiting == (CREW,)
    state = play(state, CREW, "brody place b3", "hooper place b3", "quint place b1")
    assert public(state)["phase"] == "turn" and public(state)["round"] == 1
    assert [c["at"] for c in public(state)["crew"]] == ["b3", "b3", "b1"]


def test_a_gear_card_goes_to_its_owner_and_the_crew_takes_only_its_share() -> None:
    state = GAME.start(players=2, seed=5, options={"acts": "2", "box": json.dumps({"name": "Ours"})})
    tiles = [("1", 2, 4, 2)] + [(str(z), 2, 4, 2) for z in range(2, 9)]
    for zone, damage, destroy, damaged in tiles:
        state = enter(state, type="tile", zone=zone, damage=damage, destroy=destroy, damaged=damaged)
    for who, n in (("brody", 6), ("hooper", 6), ("quint", 7), ("shark", 12)):
        state = enter(state, type="track", who=who, length=n)
    assert public(state)["phase"] == "gear" and public(state)["crew"][0]["kit"] == []
    club = {"name": "Club", "owner": "brody", "kind": "melee", "dice": 2}
    assert_refused(state, TABLE, {"type": "gear", "role": "hooper", "card": club}, "Brody's own card")
    assert_refused(
        state, TABLE, {"type": "gear", "role": "brody", "card": {**club, "dice": 0}}, "The gear card", "dice"
    )
    state = enter(state, type="gear", role="brody", card=club)
    state = enter(state, type="drop", role="brody", card=0)
    assert public(state)["crew"][0]["kit"] == []
    assert "Brody puts a gear card back (entered by mistake): Club (melee weapon)." in said(state)


def test_the_box_numbers_are_asked_once_each_and_a_contradiction_is_refused_naming_the_field() -> None:
    """No public source prints the boat tiles' numbers or the wound tracks: the table enters what its
    box shows (docs/jaws.md). A tile whose number to destroy is not above its number to damage is
    refused, naming both."""
    state = GAME.start(players=2, seed=1, options={"acts": "2"})
    assert public(state)["reading"] == {
        "what": "tiles",
        "readers": [CREW],
        "offers": [],
        "missing": [str(z) for z in range(1, 9)],
    }
    assert_refused(
        state,
        TABLE,
        {"type": "tile", "zone": "3", "damage": 4, "destroy": 3, "damaged": 2},
        "Boat tile 3",
        "destroy it (3) must be more than the hits to damage it (4)",
    )
    assert_refused(
        state, TABLE, {"type": "tile", "zone": "9", "damage": 2, "destroy": 3, "damaged": 2}, "zones are 1, 2"
    )
    state = enter(state, type="tile", zone="3", damage=2, destroy=4, damaged=2)
    assert_refused(
        state,
        TABLE,
        {"type": "tile", "zone": "3", "damage": 2, "destroy": 4, "damaged": 2},
        "entered already",
    )
    assert_refused(state, CREW, {"type": "tile", "zone": "4", "damage": 2, "destroy": 4, "damaged": 2})


def test_both_acts_carry_the_swimmer_track_over_by_the_rulebooks_example() -> None:
    """END OF ACT 1: "Act 2 follows. The clip on the swimmer track is not moved yet: its position says
    how many cards the crew and the shark get in Act 2." Example: "In Act 1 the shark ate 7 swimmers.
    So the shark gets 8 ability cards in Act 2 and the crew 5 crew gear cards." """
    state = load(
        "jaws acts=both players=2 roles=S/BHQ round=4 phase=crew card=16 turned=16 shark=4 eaten=7 "
        "attached=1 crew=7.5.8 barrels=0.0.2.1.0.0 float=S:1"
    )
    assert state.view(None)["act"] == 1
    state = state.apply(CREW, {"type": "throw", "role": "quint", "at": "4"})
    view = state.view(None)
    assert view["act"] == 2 and view["orca"]["carry"] == {"eaten": 7, "shark": 8, "crew": 5}
    assert view["orca"]["act1"] == {"winner": "crew", "eaten": 7}
    assert state.outcome is None and "replay" in view  # the shark's path is revealed at Act 1's end
    assert said(state)[:3] == [
        "Quint throws a barrel at space 4: a hit! The barrel is attached to the shark (2 of 2).",
        "The second barrel is attached: the crew wins Act 1.",
        "The shark's secret path is revealed, round by round.",
    ]


def test_a_swimmer_track_the_profile_has_no_row_for_is_read_off_the_board() -> None:
    """Beyond the rulebook's example no public source gives the carry-over table: the table enters what
    the shark's board shows at the clip (once; the profile keeps it)."""
    state = load(
        "jaws acts=both players=2 roles=S/BHQ round=4 phase=crew card=16 turned=16 shark=4 eaten=4 "
        "attached=1 crew=7.5.8 barrels=0.0.2.1.0.0 float=S:1"
    )
    state = state.apply(CREW, {"type": "throw", "role": "quint", "at": "4"})
    assert public(state)["reading"]["what"] == "carry" and public(state)["reading"]["eaten"] == 4
    assert_refused(
        state, TABLE, {"type": "carry", "shark": 17, "crew": 3}, "shark must be a whole number from 0 to 16"
    )
    state = enter(state, type="carry", shark=5, crew=8)
    assert public(state)["carry"] == {"eaten": 4, "shark": 5, "crew": 8}


def test_a_carry_over_that_contradicts_the_rulebooks_example_is_refused() -> None:
    with pytest.raises(IllegalAction, match="rulebook's example gives the shark 8 ability cards"):
        GAME.start(
            players=2,
            seed=1,
            options={"acts": "2", "box": json.dumps({"carry": {"7": {"shark": 7, "crew": 5}}})},
        )


DECK_RULING = (
    "A profile whose data are complete lets the companion also shuffle and turn the resurface deck "
    "itself (`digital`)."
)
DICE_RULING = (
    "Dice: the real red dice are rolled and the roller enters the hits on their phone (`physical`, the "
    "default); `digital` dice are offered only once the box profile holds the dice faces."
)


def test_a_digital_resurface_deck_is_refused_until_the_box_profile_holds_all_16_cards() -> None:
    """Issue 12 (the rulebook is silent; the issue rules): "A profile whose data are complete lets
    the companion also shuffle and turn the resurface deck itself (`digital`)." A profile that lacks
    cards is refused with one sentence saying how many it knows and how to get the rest; the table
    is never asked to type the deck in."""
    partial = {**FIXTURE, "resurface": FIXTURE["resurface"][:14]}
    for box in (json.dumps(partial), ""):
        with pytest.raises(IllegalAction) as refused:
            GAME.start(players=2, seed=9, options={"acts": "2", "box": box, "resurface": "digital"})
        assert "all 16 resurface cards" in str(refused.value) and "physical" in str(refused.value)
    with pytest.raises(IllegalAction, match="which knows 14"):
        GAME.validate_options({"box": json.dumps(partial), "resurface": "digital"})
    physical = GAME.start(players=2, seed=9, options={"acts": "2", "box": json.dumps(partial)})
    assert public(physical)["deck"]["mode"] == "physical" and public(physical)["phase"] == "gear"


def test_a_complete_profile_lets_the_companion_shuffle_and_turn_the_resurface_deck() -> None:
    """Issue 12: "A profile whose data are complete lets the companion also shuffle and turn the
    resurface deck itself (`digital`)": the companion turns 3 a round from the profile's 16 cards
    and nobody enters a card."""
    state = GAME.start(players=2, seed=9, options={**THREE, "resurface": "digital", "dice": "digital"})
    for _ in range(7):
        state = state.apply(
            TABLE, {"type": "gear", "notation": public(state)["reading"]["offers"][0]["notation"]}
        )
    state = play(state, CREW, "brody place b2", "hooper place b3", "quint place b4")
    assert public(state)["phase"] == "decide" and all(public(state)["options"])
    assert public(state)["deck"] == {"mode": "digital", "left": 13, "discard": 0, "turned": 0, "of": 16}
    assert not public(state).get("reading")


def test_digital_dice_are_offered_only_once_the_box_profile_holds_the_dice_faces() -> None:
    """Issue 12 (the rulebook is silent; the issue rules): "Dice: the real red dice are rolled and
    the roller enters the hits on their phone (`physical`, the default); `digital` dice are offered
    only once the box profile holds the dice faces." Without the faces the game is refused with one
    sentence naming them and both ways on; with them the companion rolls with the profile's faces."""
    no_faces = {k: v for k, v in FIXTURE.items() if k != "dice"}
    for box in (json.dumps(no_faces), ""):
        with pytest.raises(IllegalAction) as refused:
            GAME.start(players=2, seed=3, options={"acts": "2", "box": box, "dice": "digital"})
        assert str(refused.value) == (
            "Digital dice need your box's dice faces in its box profile: enter them in the host page's "
            "box profile, or play with the real dice (physical)."
        )
    assert GAME.validate_options({})["dice"] == "physical"
    state = GAME.start(players=2, seed=3, options={**THREE, "dice": "digital"})
    assert public(state)["dice"] == {"mode": "digital", "faces": FIXTURE["dice"]}
    physical = GAME.start(players=2, seed=3, options={"acts": "2", "box": json.dumps(no_faces)})
    assert public(physical)["dice"] == {"mode": "physical", "faces": None}


def test_a_position_with_digital_dice_but_no_faces_does_not_load() -> None:
    """The notation keeps the same ruling (issue 12, the dice): a saved game cannot smuggle digital
    dice past a profile without faces."""
    state = GAME.start(players=2, seed=3, options={**THREE, "dice": "digital"})
    text = state.notation()
    canonical = boxes.canonical(boxes.parse(FIXTURE))
    stripped = boxes.canonical(boxes.parse({k: v for k, v in FIXTURE.items() if k != "dice"}))
    assert canonical in text
    with pytest.raises(IllegalAction):
        load(text.replace(canonical, stripped))
    load(text.replace(canonical, stripped).replace("dice=digital", "dice=physical"))  # the same, physical


# --------------------------------------------------------------------------- the profile's checks


@pytest.mark.parametrize(
    ("profile", "words"),
    [
        ({"tiles": {"1": {"damage": 2, "destroy": 4}}}, "Boat tile 1: damaged is missing"),
        ({"tiles": {"1": {"damage": 3, "destroy": 3, "damaged": 2}}}, "must be more than the hits to damage"),
        (
            {"resurface": [{"zone": "9", "evade": 1, "dice": 2, "shake_off": False}]},
            "Resurface card 1: zone must be",
        ),
        (
            {"resurface": [{"zone": "1", "evade": 1, "dice": 2, "shake_off": False}] * 17},
            "16 resurface cards",
        ),
        (
            {"gear": [{"owner": "brody", "kind": "entangle", "dice": 2}]},
            "Gear card 1: only a melee or ranged weapon",
        ),
        (
            {"gear": [{"owner": "brody", "kind": "melee", "dice": 1}] * 3},
            "brody has 3 gear cards of their own",
        ),
        (
            {"gear": [{"owner": "crew", "kind": "bait", "evade": -1}]},
            "only an entangle weapon changes the shark",
        ),
        ({"gear": [{"owner": "nobody", "kind": "bait"}]}, "owner must be one of brody"),
        ({"wounds": {"brody": 0}}, "brody must be a whole number from 1"),
        ({"dice": [0, 1, 2]}, "6 faces"),
        ({"carry": {"12": {"shark": 1, "crew": 1}}}, "runs from 0 to 9"),
        ({"volcano": 1}, "volcano is not one of its fields"),
    ],
)
def test_a_profile_with_missing_or_contradictory_fields_is_refused_naming_the_field(
    profile: dict[str, object], words: str
) -> None:
    found = boxes.problems(profile)
    assert len(found) == 1 and words.lower() in translate(found[0]).lower()
    with pytest.raises(IllegalAction, match="(?i)" + words.replace("(", r"\(").replace(")", r"\)")):
        GAME.start(players=2, seed=1, options={"acts": "2", "box": json.dumps(profile)})


def test_a_malformed_profile_is_refused_with_where_the_json_breaks() -> None:
    with pytest.raises(IllegalAction, match=r"not JSON \(line 1, column 14\)"):
        GAME.start(players=2, seed=1, options={"acts": "2", "box": '{"name": "x",}'})


def test_the_fixture_profile_is_complete_and_marked_as_a_test_fixture() -> None:
    box = boxes.parse(FIXTURE)
    status = box.status()
    assert status["digital_deck"] and status["digital_dice"] and status["tiles"] == 8
    assert status["own_gear"] == 6 and status["crew_gear"] == 16 and "Test fixture" in box.name


# --------------------------------------------------------------------------- notation and random games


def test_an_act_2_position_reads_back_from_its_notation() -> None:
    state = orca(
        phase="prep",
        round=2,
        tiles="idxiiiii",
        at=[0, 9, 3],
        options=["1:1:1:-", "2:2:2:s", "3:0:3:-"],
        chip=1,
        card=2,
        locked=True,
        hand=[2, 4],
    )
    again = GAME.load(state.notation())
    assert again == state and again.notation() == state.notation()
    with pytest.raises(IllegalAction):
        GAME.load(state.notation().replace('"phase":"prep"', '"phase":"nap"'))


@pytest.mark.parametrize("mode", ["digital", "physical"])
def test_random_games_of_act_2_alone_with_a_complete_profile_keep_the_contract(mode: str) -> None:
    finals = check_playouts(
        GAME, 2, range(2), {**THREE, "resurface": mode, "dice": mode}, max_plies=6000, roundtrip_every=25
    )
    assert all(f.outcome is not None for f in finals)


def test_random_games_of_both_acts_keep_the_contract() -> None:
    finals = check_playouts(
        GAME,
        3,
        [4],
        {"acts": "both", "box": FIXTURE_TEXT, "resurface": "digital", "dice": "digital"},
        max_plies=8000,
        roundtrip_every=40,
    )
    assert finals[0].view(None)["act"] == 2 and finals[0].outcome is not None


def test_random_games_of_act_2_with_no_profile_ask_the_table_for_everything() -> None:
    finals = check_playouts(GAME, 4, [2], {"acts": "2"}, max_plies=6000, roundtrip_every=40)
    assert finals[0].outcome is not None
