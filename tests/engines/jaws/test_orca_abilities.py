"""The shark's 16 ability cards (8 kinds x 2, MED: one credible derived source, docs/data/jaws.md),
one scenario per kind. Each card's text is quoted from the data (``abilities.json``)."""

from __future__ import annotations

from collections import Counter

from engines.jaws.orca.voyage import abilities
from tests.engines.jaws.orca_helpers import CREW, SHARK, enter, kit, orca, play, public, said


def test_the_ability_deck_is_8_kinds_twice_and_the_shark_is_dealt_from_it() -> None:
    """Act 2 setup: "Shuffle the ability cards and give the shark as many as the clip on its swimmer
    track shows ... The shark may look at its cards but keeps them secret from the crew." """
    kinds = abilities()
    assert len(kinds) == 8 and sum(k.copies for k in kinds) == 16 and {k.copies for k in kinds} == {2}
    state = orca(phase="carry", carry=[])
    state = enter(state, type="carry", shark=5, crew=4)
    hand = state.view(SHARK)["secret"]["orca"]["hand"]
    assert len(hand) == 5 and all(Counter(hand)[c] <= 2 for c in hand)
    assert public(state)["shark"]["hand"] == 5 and "hand" not in str(state.view(CREW).get("secret", ""))


def bitten(card: int, **fields: object) -> object:
    gear, kits = kit("Test club", "|", "Test knife", "|", "Test gaff")
    base: dict[str, object] = dict(
        phase="bite",
        round=1,
        options=["3:1:2:-", "1:1:1:-", "8:0:3:s"],
        chip=0,
        locked=True,
        surfaced=2,
        played=card,
        gear=gear,
        kit=kits,
        at=[1, 2, 6],
        weapon=[0, 1, 2],
        ready=[True, True, True],
    )
    base.update(fields)
    return orca(**base)


def test_extra_strength_destroys_a_space_it_damages() -> None:
    """Extra Strength: "If the shark damages a boat space, that space is destroyed instead." (Fixture
    tile 3: 3 hits damage it, 5 destroy it.)"""
    state = enter(play(bitten(0), SHARK, "bite b3"), type="hits", hits=3)
    assert public(state)["tiles"][2]["state"] == "destroyed"
    assert public(state)["crew"][1]["at"] == "w3"


def test_second_helping_attacks_the_boat_again_with_two_dice() -> None:
    """Second Helping: "After an attack on the boat, the shark may attack the boat a second time with 2
    dice, at the same or another boat space." """
    state = enter(play(bitten(1), SHARK, "bite b3"), type="hits", hits=0)
    assert public(state)["phase"] == "second"
    assert sorted(a["notation"] for a in state.legal_actions(SHARK)) == ["second 3", "second none"]
    state = play(state, SHARK, "second 3")
    assert public(state)["roll"]["dice"] == 2 and public(state)["roll"]["for"] == "second"
    state = enter(state, type="hits", hits=3)
    assert public(state)["tiles"][2]["state"] == "damaged"


def test_maul_again_rerolls_and_the_new_result_is_final() -> None:
    """Maul Again: "After rolling for its attack, the shark may roll any number of the dice again. The
    new result is final." Physical dice: its player rolls again and enters the new total."""
    state = enter(play(bitten(2), SHARK, "bite b3"), type="hits", hits=1)
    assert public(state)["phase"] == "maul" and public(state)["tiles"][2]["state"] == "intact"
    assert sorted(a["notation"] for a in state.legal_actions(SHARK)) == ["maul again", "maul keep"]
    again = play(state, SHARK, "maul again")
    assert again.reading == (SHARK,)
    again = enter(again, type="hits", hits=4)
    assert public(again)["tiles"][2]["state"] == "damaged" and public(again)["phase"] != "maul"


def test_maul_again_with_digital_dice_chooses_which_dice_roll_again() -> None:
    """Maul Again with the companion's dice: the shark picks the dice to roll again (or keeps them)."""
    state = orca(
        dice_mode="digital",
        phase="maul",
        round=1,
        options=["3:1:2:-", "1:1:1:-", "8:0:3:s"],
        chip=0,
        locked=True,
        surfaced=2,
        played=2,
        at=[1, 2, 6],
        roll=["bite", 3, 2, 0],
        dice=[0, 1],
        hits=1,
        bite=2,
        ready=[True, True, True],
    )
    assert sorted(a["notation"] for a in state.legal_actions(SHARK)) == [
        "maul 1",
        "maul 1.2",
        "maul 2",
        "maul keep",
    ]
    state = play(state, SHARK, "maul 1")
    assert any(s.startswith("Maul Again: the dice now show") for s in said(state))


def test_big_mouth_wounds_everyone_on_a_space_it_damages() -> None:
    """Big Mouth: "If the shark damages or destroys a boat space, each crew member on it takes 1
    wound." """
    state = enter(play(bitten(3, at=[2, 2, 6]), SHARK, "bite b3"), type="hits", hits=3)
    crew = public(state)["crew"]
    assert [c["wounds"] for c in crew] == [1, 1, 0] and [c["at"] for c in crew] == ["w3", "w3", "b7"]


def test_ramming_speed_moves_the_shark_for_two_more_hits() -> None:
    """Ramming Speed: "After the crew attacks, the shark may move to an adjacent water space. If it
    does, its attack gets 2 more hits." """
    gear, kits = kit("Test club", "|", "Test knife", "|", "Test gaff")
    state = orca(
        phase="attack",
        round=1,
        options=["3:1:2:-", "1:1:1:-", "8:0:3:s"],
        chip=0,
        locked=True,
        surfaced=2,
        played=4,
        gear=gear,
        kit=kits,
        at=[1, 2, 6],
        weapon=[0, 1, 2],
        target=[-1, 2, -1],
        ready=[True, True, True],
    )
    state = play(state, CREW, "hooper hold")
    assert public(state)["phase"] == "ram"
    assert sorted(a["notation"] for a in state.legal_actions(SHARK)) == ["ram stay", "ram w2", "ram w4"]
    state = play(state, SHARK, "ram w4")
    assert public(state)["shark"]["surfaced"] == "w4"
    state = enter(play(state, SHARK, "bite b4"), type="hits", hits=0)
    assert public(state)["tiles"][3]["state"] == "damaged"  # 0 + 2 hits: fixture tile 4 damages at 2


def test_domino_effect_sends_two_hits_to_a_neighbouring_boat_space() -> None:
    """Domino Effect: "If the shark damages or destroys a boat space, 2 hits go to one boat space next
    to it." (The shark chooses which.)"""
    state = enter(play(bitten(5), SHARK, "bite b3"), type="hits", hits=3)
    assert public(state)["phase"] == "domino"
    assert sorted(a["notation"] for a in state.legal_actions(SHARK)) == ["domino 2", "domino 4", "domino 7"]
    state = play(state, SHARK, "domino 2")
    assert public(state)["tiles"][1]["state"] == "damaged"


def test_hard_target_sets_the_evade_value_to_three_and_gear_still_changes_it() -> None:
    """Hard Target: "The shark's evade value is 3. Gear that changes its evade value still does." """
    gear, _ = kit("Test club", "|", "Test knife", "|", "Test gaff", "Test barrel")
    state = orca(
        phase="attack",
        round=1,
        options=["3:1:2:-", "1:1:1:-", "8:0:3:s"],
        chip=0,
        locked=True,
        surfaced=2,
        played=6,
        gear=gear,
        kit=[[0], [1], [2]],
        attached=[[3, 2]],
        at=[1, 2, 6],
        weapon=[0, 1, 2],
        target=[2, -1, -1],
        ready=[True, True, True],
    )
    assert public(state)["shark"]["evade"] == 2  # 3, less 1 for the attached barrel


def test_making_waves_throws_everyone_on_the_boat_into_the_water() -> None:
    """Making Waves: "If the shark damages or destroys a boat space, every crew member on the boat falls
    into the water space of their zone." """
    state = enter(play(bitten(7), SHARK, "bite b3"), type="hits", hits=3)
    assert [c["at"] for c in public(state)["crew"]] == ["w2", "w3", "w7"]


def test_the_shark_cage_keeps_its_user_from_every_wound_this_round() -> None:
    """SHARK CAGE: "This card may be played before the shark rolls for an attack. The crew member who
    uses it cannot be wounded this round." """
    gear, kits = kit("Test club", "Test cage", "|", "Test knife", "|", "Test gaff")
    state = bitten(-1, gear=gear, kit=kits, at=[10, 2, 6], weapon=[0, 2, 3])
    state = play(state, SHARK, "bite brody")
    assert state.awaiting == (CREW,) and sorted(a["notation"] for a in state.legal_actions(CREW)) == [
        "brody cage no",
        "brody cage use",
    ]
    state = play(state, CREW, "brody cage use")
    state = enter(state, type="hits", hits=3)
    assert public(state)["crew"][0]["wounds"] == 0 and public(state)["crew"][0]["caged"] is False
    assert "The shark cage: Brody is not wounded." in said(state)
