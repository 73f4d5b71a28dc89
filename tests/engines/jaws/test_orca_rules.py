"""Act 2 (the Orca), one scenario per rule.

Docstrings quote the German rulebook of "Der weiße Hai" (Act 2), translated. The boat tiles', the
cards' and the dice's numbers are the test fixture's (made-up: no public source gives the printed
ones); the rules are the rulebook's."""

from __future__ import annotations

import pytest

from engines import TABLE
from tests.engines.conformance import assert_refused
from tests.engines.jaws.orca_helpers import CREW, SHARK, enter, kit, orca, play, public, said

OPTIONS = ["5:2:2:-", "3:1:3:-", "6:0:1:s"]  # chips A, B, C: zones 5, 3 and 6


def prep(**fields: object) -> object:
    gear, kits = kit(
        "Test club", "Test pistol", "|", "Test knife", "Test rifle", "|", "Test gaff", "Test harpoon"
    )
    base: dict[str, object] = dict(
        phase="prep",
        round=1,
        options=OPTIONS,
        chip=1,
        locked=True,
        gear=gear,
        kit=kits,
        at=[0, 2, 4],
        hand=[2, 6],
        shown=2,
    )
    base.update(fields)
    return orca(**base)


# --------------------------------------------------------------------------- adjacency


def test_adjacency_example_1_a_middle_tile_borders_three_boat_spaces_and_one_water_space() -> None:
    """FIELDS AND ADJACENCY, example 1: "Hooper's space borders 3 boat spaces and 1 water space. With
    a melee or entangle weapon he can only aim at resurface zone B." (Hooper on boat space 3; chip B
    lies on zone 3.)"""
    state = prep(at=[0, 2, 4], weapon=[-1, 2, -1])
    view = public(state)
    assert view["spaces"]["b3"] == ["b2", "b4", "b7", "w3"]
    hooper = view["crew"][1]
    assert hooper["at"] == "b3" and hooper["reach"] == ["3"]
    assert view["options"][1]["zone"] == "3" and view["options"][1]["chip"] == "B"
    targets = [
        a["zone"] for a in state.legal_actions(CREW) if a["type"] == "target" and a["role"] == "hooper"
    ]
    assert targets == ["3"]
    aimed = play(state, CREW, "hooper target 3")
    assert "hooper ready" in [a["notation"] for a in aimed.legal_actions(CREW)]
    assert_refused(
        state,
        CREW,
        {"type": "target", "role": "hooper", "zone": "5"},
        "melee or entangle weapon reaches only",
    )


def test_adjacency_example_2_a_destroyed_and_a_damaged_tile_change_what_borders_what() -> None:
    """Example 2: "A boat space was damaged (C), another destroyed (A). Hooper's space now borders 2
    boat spaces and 3 water spaces ... with a melee or entangle weapon he can now aim at different
    resurface zones (A, B or C), since he borders 3 water spaces." (A: zone 2 destroyed, B: zone 3,
    C: zone 4 damaged; Hooper on boat space 3.)"""
    state = prep(
        at=[0, 2, 4], weapon=[-1, 2, -1], tiles="ixidiiii", options=["2:2:2:-", "3:1:3:-", "4:0:1:s"]
    )
    view = public(state)
    assert view["spaces"]["b3"] == ["b4", "b7", "w2", "w3", "w4"]
    assert view["crew"][1]["reach"] == ["2", "3", "4"]
    assert "b2" not in view["spaces"] and view["tiles"][1]["state"] == "destroyed"


def test_a_destroyed_tile_makes_its_zone_one_big_water_space() -> None:
    """ "After a boat tile has been destroyed (taken out of the game), that zone is only 1 big water
    space." The tile's area now borders what it bordered: zone 7's water touches boat space 3."""
    view = public(prep(tiles="iiiiiixi", at=[0, 2, 14]))
    assert "b7" not in view["spaces"]
    assert view["spaces"]["w7"] == ["b3", "b6", "b8", "w6", "w8"]


# --------------------------------------------------------------------------- phases 1 to 3


def test_phase_1_three_resurface_cards_are_turned_and_entered_by_the_table() -> None:
    """PHASE 1: "The top 3 resurface cards are turned and laid at A, B and C ... Each resurface card
    has an evade value, a number of dice and perhaps a shake-off symbol." The table enters each (the
    cards this box is known to hold are offered as one tap); then the shark chooses."""
    state = orca(phase="turn", round=1, options=[None, None, None], at=[0, 1, 2])
    assert state.awaiting == (TABLE,) and state.reading == (CREW,)
    offers = public(state)["reading"]["offers"]
    assert offers and all(o["type"] == "resurface" and o["chip"] == "A" for o in offers)
    state = state.apply(
        TABLE,
        {"type": "notation", **offers[0]}
        if False
        else {"type": offers[0]["type"], "notation": offers[0]["notation"]},
    )
    state = enter(state, type="resurface", chip="B", zone="3", evade=1, dice=3, shake_off=False)
    assert public(state)["phase"] == "turn"
    state = enter(state, type="resurface", zone="6", evade=0, dice=1, shake_off=True)
    assert public(state)["phase"] == "decide" and state.awaiting == (SHARK,)
    assert [o["chip"] for o in public(state)["options"]] == ["A", "B", "C"]
    assert public(state)["options"][2] == {"chip": "C", "zone": "6", "evade": 0, "dice": 1, "shake_off": True}
    assert said(state)[-2:] == [
        "Option C: zone 6, evade 0, 1 dice, shake-off.",
        "The shark chooses where to resurface, in secret.",
    ]


@pytest.mark.parametrize(
    ("entry", "words"),
    [
        ({"zone": "9", "evade": 1, "dice": 2, "shake_off": False}, "zone must be one of the Orca's zones"),
        ({"zone": "3", "evade": -1, "dice": 2, "shake_off": False}, "evade must be a whole number from 0"),
        ({"zone": "3", "evade": 1, "dice": 0, "shake_off": False}, "dice must be a whole number from 1"),
        ({"zone": "3", "evade": 1, "shake_off": False}, "dice is missing"),
        ({"zone": "3", "evade": 1, "dice": 2, "shake_off": "yes"}, "shake_off must be true or false"),
    ],
)
def test_an_impossible_resurface_card_is_refused_naming_the_field(
    entry: dict[str, object], words: str
) -> None:
    """Bad input: one sentence naming the field, and the game unchanged."""
    state = orca(phase="turn", round=1, options=[None, None, None], at=[0, 1, 2])
    assert_refused(state, TABLE, {"type": "resurface", **entry}, "Resurface card A", words)


def test_phase_2_the_shark_chooses_in_secret_and_may_change_until_it_locks() -> None:
    """PHASE 2: "The shark secretly chooses one of the 3 resurface cards by laying 1 big resurface chip
    (A, B or C) face down ... The shark may also lay 1 ability card from its hand face down under
    its chip." Nothing of it shows to the crew or the table; the shark may change its mind until it
    locks the choice, which starts the crew's preparation (phase 3)."""
    state = orca(phase="decide", round=1, options=OPTIONS, at=[0, 1, 2], hand=[2, 6], shown=2)
    assert state.awaiting == (SHARK,) and state.legal_actions(CREW) == []
    one = play(state, SHARK, "surface B maul_again")
    two = play(state, SHARK, "surface C")
    three = play(play(state, SHARK, "surface A hard_target"), SHARK, "surface C")
    for s in (one, two, three):
        assert s.view(None) == state.view(None) and s.view(CREW) == state.view(CREW)
        assert said(s) == [] and s.awaiting == (SHARK,)
    assert one.view(SHARK)["secret"]["orca"]["choice"] == {"chip": "B", "zone": "3", "card": "maul_again"}
    assert "lock" not in [a["notation"] for a in state.legal_actions(SHARK)]
    locked = play(one, SHARK, "lock")
    assert said(locked) == [
        "The shark has made its secret choice. The crew prepares: move, choose a weapon, "
        "place the target chips."
    ]
    assert play(two, SHARK, "lock").view(None) == locked.view(None)
    assert_refused(locked, SHARK, {"type": "surface", "chip": "A", "card": None})
    assert_refused(state, SHARK, {"type": "surface", "chip": "A", "card": "big_mouth"}, "not in your hand")


def test_bait_makes_the_shark_show_a_chip_it_did_not_choose_once_a_round() -> None:
    """ACCESSORIES, bait: "Once the shark has chosen a resurface chip in phase 2, bait may be played.
    The shark must then reveal a resurface chip it did NOT choose ... Only 1 bait may be played per
    round." (The shark picks which of the two.)"""
    gear, kits = kit("Test club", "Test chum", "Test chum", "|", "Test knife", "|", "Test gaff")
    state = prep(gear=gear, kit=kits, chip=1)
    state = play(state, CREW, "brody bait")
    assert state.awaiting == (SHARK,) and public(state)["phase"] == "bait"
    assert sorted(a["notation"] for a in state.legal_actions(SHARK)) == ["reveal A", "reveal C"]
    shown = play(state, SHARK, "reveal C")
    assert said(shown) == ["The shark shows chip C: it will not resurface by card C (zone 6)."]
    assert public(shown)["shark"]["baited"] == "C" and public(shown)["phase"] == "prep"
    assert "brody bait" not in [a["notation"] for a in shown.legal_actions(CREW)]
    assert_refused(shown, CREW, {"type": "bait", "role": "brody", "card": 2}, "Only one bait")


def test_phase_3_moves_up_to_two_spaces_and_water_to_boat_costs_two() -> None:
    """PHASE 3, movement: "Each crew member may move up to 2 adjacent spaces, over boat and/or water
    spaces. Moving from a water space onto a boat space costs 2 moves." """
    state = prep(at=[0, 2, 12])  # Quint in the water of zone 5
    moves = [a["to"] for a in state.legal_actions(CREW) if a["type"] == "move" and a["role"] == "quint"]
    assert sorted(moves) == ["b5", "w4", "w6"]
    one = play(state, CREW, "quint move w4")
    after = [a["to"] for a in one.legal_actions(CREW) if a["type"] == "move" and a["role"] == "quint"]
    assert sorted(after) == ["w3", "w5"]  # b4 would cost 2, one is left
    two = play(one, CREW, "quint move w3")
    assert [a for a in two.legal_actions(CREW) if a["type"] == "move" and a["role"] == "quint"] == []
    aboard = play(state, CREW, "quint move b5")
    assert public(aboard)["crew"][2]["moves_left"] == 0


def test_a_ranged_weapon_aims_at_any_water_space() -> None:
    """WEAPONS: "With a ranged weapon he may aim at any water space, wherever he stands." """
    state = prep(weapon=[1, 3, 4])  # Brody's pistol, Hooper's rifle, Quint's gaff
    view = public(state)
    assert view["crew"][0]["reach"] == [str(z) for z in range(1, 9)]
    assert view["crew"][2]["reach"] == ["5"]


def test_phase_4_the_shark_resurfaces_chips_elsewhere_go_back_and_the_card_is_revealed() -> None:
    """PHASE 4: "The shark reveals the resurface chip it chose. Discard the two other cards. Put the
    shark on the water space of the chosen zone. Give back every target chip not on that space. If
    the shark played an ability card, it is now revealed and takes effect." """
    state = prep(card=6, weapon=[0, 2, 4], target=[2, 2, 4], ready=[True, True, False])
    state = play(state, CREW, "quint ready")
    view = public(state)
    assert view["shark"]["surfaced"] == "w3" and view["shark"]["played"] == "hard_target"
    assert view["shark"]["evade"] == 3 and view["shark"]["hand"] == 1
    assert [c["target"] for c in view["crew"]] == ["3", "3", None]
    assert said(state)[-3:] == [
        "The shark resurfaces by chip B: zone 3, evade 1, 3 dice.",
        "It plays an ability card: Hard Target. The shark's evade value is 3. Gear that changes its evade "
        "value still does.",
        "On target: Brody and Hooper.",
    ]


def test_shake_off_discards_every_entangle_weapon_attached() -> None:
    """SHAKE OFF: "If the chosen resurface card shows a shake-off symbol, the shark shakes off every
    entangle weapon attached to it. They are discarded." """
    gear, _ = kit("Test club", "|", "Test knife", "|", "Test gaff", "Test barrel")
    state = prep(
        gear=gear,
        kit=[[0], [1], [2]],
        attached=[[3, 2]],
        chip=2,
        weapon=[0, 1, 2],
        target=[0, 0, 4],
        ready=[True, True, False],
    )
    assert public(state)["shark"]["attached"] == [{"card": 3, "by": "quint"}]
    state = play(state, CREW, "quint ready")
    assert public(state)["shark"]["attached"] == []
    assert "Shake-off! The shark shakes off every entangle weapon (1)." in said(state)


# --------------------------------------------------------------------------- phase 5


def attack_phase(**fields: object) -> object:
    gear, kits = kit(
        "Test club", "Test pistol", "|", "Test knife", "Test rifle", "|", "Test gaff", "Test harpoon"
    )
    base: dict[str, object] = dict(
        phase="attack",
        round=1,
        options=["5:2:2:-", "3:1:3:-", "6:0:1:s"],
        chip=0,
        locked=True,
        surfaced=4,
        gear=gear,
        kit=kits,
        at=[0, 2, 4],
        weapon=[0, 3, 5],
        target=[-1, 4, 4],
        ready=[True, True, True],
    )
    base.update(fields)
    return orca(**base)


def test_the_rulebooks_attack_example_rifle_two_dice_three_hits_plus_one_against_evade_two() -> None:
    """PHASE 5, example: "Hooper attacks with his rifle. He rolls 2 dice and scores 3 hits. Since the
    rifle card shows the +1 symbol, he adds 1 hit: 4 hits in all. The shark's evade value is 2, so
    the attack succeeds. The shark takes 2 wounds (4 hits minus evade 2)." """
    state = attack_phase()
    state = play(state, CREW, "hooper attack")
    assert state.awaiting == (TABLE,) and state.reading == (CREW,)
    assert public(state)["roll"] == {
        "for": "crew",
        "who": "hooper",
        "dice": 2,
        "bonus": 1,
        "max": 4,
        "against": None,
        "seat": CREW,
    }
    state = enter(state, type="hits", hits=3)
    assert public(state)["shark"]["wounds"] == 2
    assert "Hooper: 4 hits against evade 2: the shark takes 2 wounds." in said(state)


def test_hits_no_higher_than_the_evade_value_do_not_wound() -> None:
    """ "If the total of hits is equal to or lower than the shark's evade value, the attack fails." """
    state = enter(play(attack_phase(), CREW, "hooper attack"), type="hits", hits=1)
    assert public(state)["shark"]["wounds"] == 0
    assert "Hooper: 2 hits against evade 2: the shark is not wounded." in said(state)


def test_an_entangle_weapon_sticks_without_dice_and_acts_until_shaken_off() -> None:
    """ENTANGLE WEAPON: "This weapon sticks to the shark by itself. No roll is needed and the evade
    value does not matter. The card goes face up in front of the shark. Its effect starts at once
    and lasts until the shark can shake it off." (The fixture's harpoon: evade -1.)"""
    state = play(attack_phase(), CREW, "quint attack")
    view = public(state)
    assert view["shark"]["attached"] == [{"card": 5, "by": "quint"}] and view["shark"]["evade"] == 1
    assert view["crew"][2]["kit"] == [4] and state.awaiting != (TABLE,)


def test_a_crew_member_on_target_may_hold_back_and_keeps_the_weapon() -> None:
    """FAQ: "A crew member has chosen the right space with his target chip. May he decide NOT to attack
    the shark? Yes ... A weapon (or ammunition) is discarded only if it is really used in an
    attack." """
    state = play(attack_phase(target=[-1, 4, -1]), CREW, "hooper hold")
    assert public(state)["crew"][1]["kit"] == [2, 3]
    assert "Hooper holds back and does not attack." in said(state)


def test_a_melee_weapon_is_not_discarded_unless_its_card_says_so() -> None:
    """FAQ: "Is a melee weapon discarded after an attack? Only if its card says so. Each crew member has
    a melee weapon among his own gear cards that is never discarded." """
    state = enter(
        play(attack_phase(weapon=[0, 2, 5], target=[-1, 4, -1]), CREW, "hooper attack"), type="hits", hits=2
    )
    assert public(state)["crew"][1]["kit"] == [2, 3]


def test_ammunition_is_discarded_instead_of_the_gun() -> None:
    """AMMUNITION: "Pistol and rifle are each loaded with one round. A player with ammunition may, after
    the shot, discard an ammunition card instead of the weapon: the weapon is then there for a later
    round." """
    gear, kits = kit("Test club", "|", "Test knife", "Test rifle", "Test rounds", "|", "Test gaff")
    state = play(
        attack_phase(gear=gear, kit=kits, weapon=[0, 2, 4], target=[-1, 4, -1]), CREW, "hooper attack"
    )
    state = enter(state, type="hits", hits=2)
    assert state.awaiting == (CREW,)
    assert sorted(a["notation"] for a in state.legal_actions(CREW)) == ["hooper ammo keep", "hooper ammo use"]
    kept = play(state, CREW, "hooper ammo use")
    assert public(kept)["crew"][1]["kit"] == [1, 2]
    gone = play(state, CREW, "hooper ammo keep")
    assert public(gone)["crew"][1]["kit"] == [1, 3] and public(gone)["crew"][1]["weapon"] is None


def test_only_a_member_whose_chip_is_on_the_shark_may_attack() -> None:
    """PHASE 5: "Every crew member whose target chip lies on the right zone may attack ... who chose a
    wrong zone may not attack." """
    state = attack_phase(target=[-1, 4, -1])
    assert [a["notation"] for a in state.legal_actions(CREW)] == ["hooper attack", "hooper hold"]
    assert_refused(state, CREW, {"type": "attack", "role": "quint"}, "target chip is on the shark")


def test_the_pistol_moves_its_chip_onto_the_shark_next_to_it() -> None:
    """FAQ: "When a crew member uses a pistol, must he aim at one of the resurface zones? No ... Since
    the pistol lets the target chip be moved, aiming at a water space next to two (or even three)
    resurface zones raises the chance to attack." (The fixture's pistol moves it one water space.)"""
    state = prep(chip=0, weapon=[1, 2, 4], target=[3, 2, 4], ready=[False, True, True])
    state = play(state, CREW, "brody ready")  # zone 4's water borders the shark's (zone 5)
    assert public(state)["crew"][0]["target"] == "5"
    assert "Brody's weapon lets him move his target chip onto the shark." in said(state)


# --------------------------------------------------------------------------- phase 6


def bite_phase(**fields: object) -> object:
    gear, kits = kit("Test club", "|", "Test knife", "|", "Test gaff")
    base: dict[str, object] = dict(
        phase="bite",
        round=2,
        options=["3:1:2:-", "1:1:1:-", "8:0:3:s"],
        chip=0,
        locked=True,
        surfaced=2,
        gear=gear,
        kit=kits,
        at=[14, 4, 2],
        weapon=[0, 1, 2],
        tiles="iidiiixi",
        ready=[True, True, True],
        decided=[0, 0, 0],
    )
    base.update(fields)
    return orca(**base)


def test_the_rulebooks_shark_attack_example() -> None:
    """PHASE 6, example: "The shark is next to 2 boat spaces and may attack either. It attacks the
    damaged boat space Quint stands on. The resurface card shows 2 dice: it rolls 2 and scores 3
    hits, enough to destroy the boat space. The tile is removed. Quint stood on it and falls into the
    water." Extra attacks: "It rolls 1 die against Quint, 0 hits ... Then it rolls 1 die against
    Brody (since his water space now borders the shark's) and scores 2 hits. Brody takes 2
    wounds." (Zone 7's tile was destroyed earlier with Brody in its water; the fixture's zone 3
    tile is destroyed on its damaged side by 2 hits.)"""
    state = bite_phase()
    assert sorted(a["notation"] for a in state.legal_actions(SHARK)) == ["bite b2", "bite b3"]
    assert public(state)["spaces"]["w3"] == ["b2", "b3", "w2", "w4"]  # Brody's w7 is not next to it
    state = play(state, SHARK, "bite b3")
    assert state.reading == (SHARK,) and public(state)["roll"]["dice"] == 2
    state = enter(state, type="hits", hits=3)
    view = public(state)
    assert view["tiles"][2]["state"] == "destroyed" and view["crew"][2]["at"] == "w3"
    assert said(state)[-4:] == [
        "3 hits: boat space 3 is destroyed. Its zone is one water space now.",
        "Quint falls into the water of zone 3.",
        "Extra attacks: one die against each crew member in the water in or next to the shark's space: "
        "Brody and Quint.",
        "The shark rolls 1 red die: the shark's player enters the hits (the crew, when the computer plays "
        "the shark).",
    ]
    assert public(state)["roll"] == {
        "for": "extra",
        "who": "shark",
        "dice": 1,
        "bonus": 0,
        "max": 2,
        "against": "brody",
        "seat": SHARK,
    }
    state = enter(state, type="hits", hits=2)
    assert public(state)["crew"][0]["wounds"] == 2
    assert public(state)["roll"]["against"] == "quint"
    state = enter(state, type="hits", hits=0)
    assert public(state)["crew"][2]["wounds"] == 0 and public(state)["phase"] == "turn"


def test_the_boat_is_damaged_then_destroyed_by_its_numbers() -> None:
    """DAMAGE AND DESTRUCTION: "The undamaged side of each boat tile shows 2 numbers: the smaller the
    hits to damage it, the larger the hits to destroy it at once. The damaged side shows 1 number
    ... Too few hits to damage it: the attack fails." (Fixture tile 2: 2 / 4, damaged 2.)"""
    base = bite_phase(tiles="iiiiiiii", at=[0, 1, 4], surfaced=1)
    for hits, state_after in ((1, "intact"), (2, "damaged"), (3, "damaged"), (4, "destroyed")):
        state = enter(play(base, SHARK, "bite b2"), type="hits", hits=hits)
        assert public(state)["tiles"][1]["state"] == state_after
    damaged = enter(play(base, SHARK, "bite b2"), type="hits", hits=2)
    assert public(damaged)["crew"][1]["at"] == "w2"  # Hooper stood on it: "falls into the water"


def test_the_shark_attacks_only_crew_in_the_water_in_or_next_to_its_space() -> None:
    """ATTACK A CREW MEMBER: "The crew member must be in the water, in your space or in a water space
    next to it. You cannot attack a crew member on the boat." Each hit is a wound."""
    state = bite_phase(at=[10, 2, 8], tiles="iiiiiiii")  # Brody in w3 (the shark's), Hooper aboard, Quint w1
    assert sorted(a["notation"] for a in state.legal_actions(SHARK)) == ["bite b3", "bite brody"]
    state = enter(play(state, SHARK, "bite brody"), type="hits", hits=3)
    assert public(state)["crew"][0]["wounds"] == 3


def test_a_crew_member_at_the_end_of_the_wound_track_is_out_and_the_shark_wins_without_a_crew() -> None:
    """ELIMINATING A CREW MEMBER: "When the clip reaches the X, the crew member is eliminated ... his
    gear is set aside." END: "1. When all 3 crew members are eliminated, the shark has won." """
    state = bite_phase(at=[10, 10, 10], tiles="iiiiiiii", wounds=[5, 6, 6, 0], out=[False, True, True])
    state = enter(play(state, SHARK, "bite brody"), type="hits", hits=1)
    assert state.outcome is not None and state.outcome["winners"] == [SHARK]
    assert state.outcome["reason"] == "The whole crew is eliminated: the shark wins."


def test_the_shark_wins_when_the_orca_is_destroyed() -> None:
    """END: "2. When the Orca is completely destroyed (every boat tile removed), the shark has won." """
    state = bite_phase(tiles="xxdxxxxx", at=[10, 11, 13])
    state = enter(play(state, SHARK, "bite b3"), type="hits", hits=2)
    assert state.outcome is not None and state.outcome["reason"] == "The Orca is destroyed: the shark wins."


def test_the_crew_wins_when_the_sharks_track_reaches_the_x() -> None:
    """END: "3. When the clip on the shark's wound track reaches the X, the shark is eliminated and the
    crew has won." (At once: no phase 6.)"""
    state = enter(play(attack_phase(wounds=[0, 0, 0, 10]), CREW, "hooper attack"), type="hits", hits=3)
    assert state.outcome is not None and state.outcome["winners"] == [CREW]
    assert state.awaiting == () and public(state)["winner"] == "crew"


def test_the_round_ends_the_shark_dives_and_the_chips_come_back() -> None:
    """END OF ROUND: "The shark dives ... is taken off the board. The crew takes back its target chips.
    The open resurface card and any ability card are discarded. A new round begins with phase 1." """
    state = bite_phase(at=[0, 1, 4], tiles="iiiiiiii", played=7, hand=[1], target=[2, 2, -1])
    state = enter(play(state, SHARK, "bite b3"), type="hits", hits=0)
    view = public(state)
    assert view["phase"] == "turn" and view["round"] == 3 and view["shark"]["surfaced"] is None
    assert view["shark"]["played"] is None and all(c["target"] is None for c in view["crew"])
    assert view["options"] == [None, None, None]
