"""The base game's rules, one scenario each, quoting the rulebook (translated from the Dutch).

Positions are built on the sample board (see helpers.py for its map)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from engines.core import IllegalAction
from engines.loch_ness import table
from engines.loch_ness.table import BOATS
from engines.loch_ness.words import POINTS
from tests.engines.conformance import assert_refused
from tests.engines.loch_ness.helpers import GAME, OFF, at, boat, cleared, event_types, said, state


def destinations(st: object, seat: int, number: int) -> set[str]:
    return {a["to"] + ("@" + a["via"] if "via" in a else "") for a in st.legal_actions(seat)  # type: ignore[attr-defined]
            if a["type"] == "move" and a["boat"] == number}


# --------------------------------------------------------------------------- setup


def test_setup_cards_on_every_site_reputation_bagpipes_one_boat_and_nessie() -> None:
    """Start of the game: "a green card on every land location and a blue card on every sea location
    ... Every player puts one boat of their colour in the harbour. Every player puts their score
    marker on 5. Every player gets 3 bagpipe tokens. Nessie is put on the space with her picture."""
    st = GAME.start(players=4, seed=3)
    view = st.view(None)
    assert {s: v["down"] for s, v in view["sites"].items()} == {
        "w1": 1, "I1": 1, "w3": 1, "I2": 2, "w6": 1, "I3": 1, "w8": 1, "I4": 1, "w11": 1, "w13": 1, "w15": 2}
    assert view["piles"] == {"water": 23 - 8, "land": 27 - 5}
    assert [p["reputation"] for p in view["players"]] == [5, 5, 5, 5]
    assert [p["bagpipes"] for p in view["players"]] == [3, 3, 3, 3]
    assert [[b["state"] for b in p["boats"]] for p in view["players"]] == [["harbour", "reserve",
                                                                            "reserve"]] * 4
    assert view["nessie"] == "w4" and view["turn"] == 0


def test_with_three_players_the_cards_marked_iv_are_left_out() -> None:
    """Start of the game: "With 3 players the cards marked IV are not used"."""
    t = GAME.start(players=3, seed=3).table
    on_board = sum(len(d) for d in t.face_down)
    assert on_board + len(t.piles[0]) + len(t.piles[1]) == 43
    t4 = GAME.start(players=4, seed=3).table
    assert sum(len(d) for d in t4.face_down) + len(t4.piles[0]) + len(t4.piles[1]) == 50


# --------------------------------------------------------------------------- moving


def test_a_boat_moves_up_to_three_spaces_four_with_a_motor() -> None:
    """Moving: "A boat may move three spaces. Boats with a motor may even move four spaces. Fewer
    spaces is allowed too."""
    t = cleared()
    boat(t, 0, 1, "H")
    plain = destinations(state(t), 0, 1)
    assert plain == {"F", "w13", "w14", "w12", "w9", "w10", "w15"}
    boat(t, 0, 1, "H", tools="m")
    motor = destinations(state(t), 0, 1)
    assert plain < motor and {"w8", "w5", "w11", "w7", "I4@w9", "I4@w10"} <= motor
    after = state(t).apply(0, {"type": "move", "boat": 1, "to": "w8"})
    assert after.view(None)["players"][0]["boats"][0]["where"] == "w8"


def test_mooring_at_an_island_counts_as_one_of_the_spaces() -> None:
    """Moving: "A boat cannot move into a land area; instead it moors at the coast. This also counts
    as one of the three spaces."""
    t = cleared()
    boat(t, 0, 1, "w9")
    reach = destinations(state(t), 0, 1)
    assert {"I2@w8", "I4@w9", "I2@w5", "I1@w6"} <= reach    # I1 via w5-w6: two steps and a mooring
    assert "I3@w7" not in reach                             # w9-w5-w6-w7 is three, mooring a fourth
    moored = state(t).apply(0, {"type": "move", "boat": 1, "to": "I4", "via": "w9"})
    b = moored.view(None)["players"][0]["boats"][0]
    assert (b["where"], b["via"], b["state"]) == ("I4", "w9", "moored")
    assert said(moored)[0] == "Player 1's boat 1 moors at I4."


def test_no_boat_moves_onto_or_through_nessie() -> None:
    """Moving: "A boat may not move onto or through the space with Nessie on it."""
    t = cleared()
    boat(t, 0, 1, "H")
    t.nessie = at(t, "w13")
    reach = destinations(state(t), 0, 1)
    assert "w13" not in reach and "w12" not in reach and "w9" not in reach and "w14" in reach
    assert_refused(state(t), 0, {"type": "move", "boat": 1, "to": "w13"}, "Nessie")


def test_boats_of_different_players_may_share_a_space() -> None:
    """Moving: "Several boats may stand on one space, even of different players."""
    t = cleared()
    boat(t, 0, 1, "w9")
    boat(t, 1, 1, "w13")
    after = state(t).apply(0, {"type": "move", "boat": 1, "to": "w13"})
    boats = after.view(None)["players"]
    assert boats[0]["boats"][0]["where"] == boats[1]["boats"][0]["where"] == "w13"


def test_each_boat_acts_once_a_turn_and_the_turn_goes_clockwise() -> None:
    """Course of play: "In a turn each of a player's boats gets its go ... The turn goes clockwise."""
    t = cleared()
    boat(t, 0, 1, "H")
    st = state(t).apply(0, {"type": "move", "boat": 1, "to": "F"})
    assert_refused(st, 0, {"type": "move", "boat": 1, "to": "w13"}, "has had its action")
    st = st.apply(0, {"type": "end_turn"})
    assert st.awaiting == (1,) and "It is Player 2's turn." in said(st)


# --------------------------------------------------------------------------- finds after a move


def test_face_up_finds_are_taken_at_the_end_of_a_move_with_the_right_tool() -> None:
    """Moving: "If a boat ends on a space where discovery cards already lie open, they may be taken
    along, provided the right tool is on board"; tracks need a camera, egg shells can always be taken."""
    t = cleared()
    t.face_up[at(t, "I4")] = ["T", "E"]
    boat(t, 0, 1, "w9")
    st = state(t).apply(0, {"type": "move", "boat": 1, "to": "I4", "via": "w9"})
    assert [a["card"] for a in st.legal_actions(0) if a["type"] == "take"] == ["egg_shells"]
    boat(t, 0, 1, "w9", tools="c")
    st = state(t).apply(0, {"type": "move", "boat": 1, "to": "I4", "via": "w9"})
    st = st.apply(0, {"type": "take", "card": "tracks"}).apply(0, {"type": "take", "card": "egg_shells"})
    assert st.view(None)["players"][0]["boats"][0]["finds"] == ["tracks", "egg_shells"]
    assert st.view(None)["sites"]["I4"]["up"] == [] and st.view(None)["step"] == "act"


def test_a_boat_carries_at_most_three_finds_and_none_is_thrown_away() -> None:
    """Exploring: "A boat can carry at most 3 discovery cards. A fourth may not be taken. It is not
    allowed to throw discovery cards away."""
    t = cleared()
    t.face_up[at(t, "I4")] = ["E"]
    boat(t, 0, 1, "w9", finds="TNE")
    st = state(t).apply(0, {"type": "move", "boat": 1, "to": "I4", "via": "w9"})
    assert not any(a["type"] in ("take", "discard", "drop") for a in st.legal_actions(0))
    assert st.view(None)["sites"]["I4"]["up"] == ["egg_shells"]


# --------------------------------------------------------------------------- conflicts


def _face_off(attacker: str = "", defender: str = "", finds: str = "") -> object:
    t = cleared()
    boat(t, 0, 1, "w9", tools=attacker)
    boat(t, 1, 1, "w13", tools=defender, finds=finds)
    return state(t).apply(0, {"type": "move", "boat": 1, "to": "w13"})


def test_after_a_move_a_boat_may_attack_or_rob_another_colour_but_not_both() -> None:
    """Moving: "If a boat ends in the same land or sea area as a boat of another colour, a conflict
    may arise. The player whose turn it is may choose to attack or to rob another boat, but not
    both."""
    st = _face_off(attacker="tw", finds="E")
    kinds = {(a["type"], a.get("weapon")) for a in st.legal_actions(0)}   # type: ignore[attr-defined]
    assert {("attack", False), ("attack", True), ("steal", None)} <= kinds
    robbed = st.apply(0, {"type": "steal", "target_seat": 1, "target_boat": 1})  # type: ignore[attr-defined]
    assert not any(a["type"] in ("attack", "steal") for a in robbed.legal_actions(0))


def test_no_conflict_in_the_harbour() -> None:
    """Moving: "In the harbour no conflict can occur."""
    t = cleared()
    boat(t, 0, 1, "F", tools="tw")
    boat(t, 1, 1, "H", finds="T")
    st = state(t).apply(0, {"type": "move", "boat": 1, "to": "H"})
    assert not any(a["type"] in ("attack", "steal") for a in st.legal_actions(0))


def _sides(st: object) -> list[bool]:
    return [p["boats"][0]["side"] for p in st.view(None)["players"][:2]]   # type: ignore[attr-defined]


ATTACK = {"type": "attack", "target_seat": 1, "target_boat": 1}


def test_attack_a_weapon_against_none_knocks_the_unarmed_boat_over() -> None:
    """Een boot aanvallen (line 99): "Als één van de spelers een wapen gebruikt en de ander niet, dan
    wordt de boot zonder wapen op zijn kant gelegd. Gebruiken beide boten een wapen, of geen van
    beide, dan worden beide boten op hun kant gelegd." """
    one = _face_off(attacker="w").apply(0, {**ATTACK, "weapon": True})   # type: ignore[attr-defined]
    assert _sides(one) == [False, True]
    neither = _face_off().apply(0, {**ATTACK, "weapon": False})         # type: ignore[attr-defined]
    assert _sides(neither) == [True, True]
    both = _face_off(attacker="w", defender="w").apply(0, {**ATTACK, "weapon": True})  # type: ignore[attr-defined]
    assert both.awaiting == (1,)
    assert _sides(both.apply(1, {"type": "defend", "show": True})) == [True, True]
    defended = _face_off(defender="w").apply(0, {**ATTACK, "weapon": False})  # type: ignore[attr-defined]
    assert _sides(defended.apply(1, {"type": "defend", "show": True})) == [True, False]


def test_the_attacker_chooses_then_the_defender_decides_on_their_own_phone() -> None:
    """Line 99: "Als hij een wapen aan boord heeft mag hij dit kiezen te gebruiken door het te laten
    zien. Daarna mag de verdediger hetzelfde doen." The attacker may keep a weapon unused; the
    defender is asked after seeing the attacker's choice, and may keep theirs unused too."""
    st = _face_off(attacker="w", defender="w")
    assert {a.get("weapon") for a in st.legal_actions(0) if a["type"] == "attack"} == {True, False}  # type: ignore[attr-defined]
    asked = st.apply(0, {**ATTACK, "weapon": False})      # type: ignore[attr-defined]
    assert asked.awaiting == (1,) and asked.legal_actions(0) == []
    assert asked.view(1)["step"] == "defend" and asked.view(1)["armed"] is False
    assert {(a["type"], a["show"]) for a in asked.legal_actions(1)} == {("defend", True), ("defend", False)}
    assert_refused(asked, 0, {"type": "done"}, "not your turn")
    kept = asked.apply(1, {"type": "defend", "show": False})
    assert _sides(kept) == [True, True] and kept.awaiting == (0,)
    assert said(kept) == ["Player 2 shows no weapon on boat 1.", "Player 1's boat 1 is knocked on its side.",
                          "Player 2's boat 1 is knocked on its side."]
    assert GAME.load(asked.notation()) == asked


def test_a_weapon_not_used_stays_hidden() -> None:
    """Versie voor gevorderden (line 196): "Dit gereedschap blijft dicht in de boot liggen tot je het
    gebruikt." A defender who does not show their weapon keeps it hidden from the attacker."""
    t = cleared(advanced=True)
    t.phase, t.seat, t.hands = "turn", 0, [[] for _ in range(4)]
    boat(t, 0, 1, "w9", tools="w")
    boat(t, 1, 1, "w13", tools="w")
    st = state(t).apply(0, {"type": "move", "boat": 1, "to": "w13"}).apply(0, {**ATTACK, "weapon": True})
    assert "Player 1 shows a tool of boat 1: weapon." in said(st)
    kept = st.apply(1, {"type": "defend", "show": False})
    assert _sides(kept) == [False, True]
    assert kept.view(0)["players"][1]["boats"][0]["tools"] == [{"tool": None, "shown": False}]
    shown = st.apply(1, {"type": "defend", "show": True})
    assert shown.view(0)["players"][1]["boats"][0]["tools"] == [{"tool": "weapon", "shown": True}]


def test_a_boat_on_its_side_is_put_upright_next_turn_and_does_nothing_else() -> None:
    """Attacking: "A boat lying on its side is set upright in its next turn and may do nothing else in
    that turn."""
    t = cleared()
    boat(t, 0, 1, "w9", side=True)
    t.seat = 3
    st = state(t).apply(3, {"type": "end_turn"})
    assert "Player 1's boat 1 is put upright and does nothing else this turn." in said(st)
    assert not any(a.get("boat") == 1 for a in st.legal_actions(0))
    assert st.view(None)["players"][0]["boats"][0]["side"] is False


def test_showing_a_thief_is_the_robbed_players_choice() -> None:
    """Stelen (line 93): "Als de eigenaar van het bootje een dief aan boord van dat bootje heeft, dan
    mag hij deze laten zien en gaat het stelen niet door. Er mag geen nieuwe poging gedaan worden."
    "Mag": the robbed player decides, on their own phone."""
    st = _face_off(attacker="t", defender="t", finds="Y").apply(  # type: ignore[attr-defined]
        0, {"type": "steal", "target_seat": 1, "target_boat": 1})
    assert st.awaiting == (1,) and st.view(None)["step"] == "thief"
    assert {a["show"] for a in st.legal_actions(1)} == {True, False}
    assert_refused(st, 1, {"type": "defend", "show": True}, "being robbed")
    assert_refused(st, 0, {"type": "done"}, "not your turn")
    blocked = st.apply(1, {"type": "thief", "show": True})
    assert "Player 2 shows a thief on boat 1: the robbery fails." in said(blocked)
    assert blocked.view(None)["players"][1]["boats"][0]["finds"] == ["young_monster"]
    assert not any(a["type"] == "steal" for a in blocked.legal_actions(0))
    let = st.apply(1, {"type": "thief", "show": False})
    assert said(let)[0] == "Player 2 shows no thief on boat 1: the robbery goes on."
    assert let.awaiting == (0,) and not any(a["type"] == "steal" for a in let.legal_actions(0))
    assert GAME.load(st.notation()) == st


def test_a_boat_without_a_thief_is_robbed_without_asking_in_the_base_game() -> None:
    """Base game: tools lie open, so everyone sees there is no thief to show; the thief draws at once."""
    st = _face_off(attacker="t", defender="c", finds="Y").apply(  # type: ignore[attr-defined]
        0, {"type": "steal", "target_seat": 1, "target_boat": 1})
    assert st.awaiting == (0,) and "unblocked" not in event_types(st)


def test_a_robbery_draws_a_random_card_a_find_is_kept_a_tool_given_back() -> None:
    """Robbing: "the thief may draw a random card from the robbed boat. If it is a discovery card he
    may put it in his boat. If it is a tool card, he must give it back."""
    outcomes = set()
    for seed in range(12):
        t = cleared(seed=seed)
        t.rng = t.rng.__class__.from_seed(seed)
        boat(t, 0, 1, "w9", tools="t")
        boat(t, 1, 1, "w13", tools="c", finds="Y")
        st = state(t).apply(0, {"type": "move", "boat": 1, "to": "w13"})
        st = st.apply(0, {"type": "steal", "target_seat": 1, "target_boat": 1})
        mine = st.view(None)["players"][0]["boats"][0]["finds"]
        theirs = st.view(None)["players"][1]["boats"][0]
        if mine == ["young_monster"]:
            assert theirs["finds"] == []
            assert "Player 1 steals a photo of a young monster from Player 2's boat 1." in said(st)
        else:
            assert theirs["finds"] == ["young_monster"] and [x["tool"] for x in theirs["tools"]] == ["camera"]
            assert "The tool drawn from boat 1: camera." in said(st, 1)
            assert "The tool drawn from boat 1: camera." not in said(st, 2) + said(st)
        outcomes.add(tuple(mine))
    assert outcomes == {("young_monster",), ()}


def test_a_thief_with_three_finds_may_not_rob() -> None:
    """Robbing: "A boat that already holds three discovery cards may not be used to rob."""
    st = _face_off(attacker="t", finds="E")
    t = st.table   # type: ignore[attr-defined]
    t.finds[0] = ["T", "T", "N"]
    assert not any(a["type"] == "steal" for a in state(t).legal_actions(0))


def test_physical_robbery_the_thief_enters_what_was_drawn() -> None:
    """Physical chance: the players draw the real card and the thief's phone enters it."""
    t = cleared(chance="physical")
    boat(t, 0, 1, "w9", tools="t")
    boat(t, 1, 1, "w13", tools="c", finds="Y")
    st = state(t).apply(0, {"type": "move", "boat": 1, "to": "w13"})
    st = st.apply(0, {"type": "steal", "target_seat": 1, "target_boat": 1})
    assert {a["card"] for a in st.legal_actions(0)} == {"young_monster", "tool"}
    st = st.apply(0, {"type": "drawn", "card": "young_monster"})
    assert st.view(None)["players"][0]["boats"][0]["finds"] == ["young_monster"]


# --------------------------------------------------------------------------- observing Nessie


def test_observe_nessie_with_binoculars_from_a_space_next_to_her() -> None:
    """Moving: "If a boat ends next to Nessie it may observe her, provided it has binoculars aboard. You
    may not observe if you rob or attack another boat." Observing: "Take an observation card and put it
    in your boat. In the harbour it is worth 6 reputation points. An observation card counts as a
    discovery card."""
    t = cleared()
    t.nessie = at(t, "w5")
    boat(t, 0, 1, "w12", tools="b")
    boat(t, 1, 1, "w9")
    st = state(t).apply(0, {"type": "move", "boat": 1, "to": "w9"})
    assert {"observe", "attack"} <= {a["type"] for a in st.legal_actions(0)}
    looked = st.apply(0, {"type": "observe"})
    assert looked.view(None)["players"][0]["boats"][0]["finds"] == ["observation"]
    assert looked.view(None)["step"] == "act"                       # and no fight after it
    fought = st.apply(0, {"type": "attack", "target_seat": 1, "target_boat": 1, "weapon": False})
    assert not any(a["type"] == "observe" for a in fought.legal_actions(0))
    t.finds[0] = ["T", "T", "T"]
    assert not any(a["type"] == "observe" for a in state(t).apply(0, {"type": "move", "boat": 1, "to": "w9"})
                   .legal_actions(0))


# --------------------------------------------------------------------------- exploring


def test_an_island_is_explored_by_a_moored_boat_and_the_card_shown_to_all() -> None:
    """Looking around: "A boat moored at an island can explore that island. The player turns over the
    card that lies there and shows it to everyone."""
    t = cleared()
    t.face_down[at(t, "I4")], t.laid_by[at(t, "I4")] = ["E"], [-1]
    boat(t, 0, 1, "I4", via="w9")
    st = state(t).apply(0, {"type": "explore", "boat": 1})
    assert "Player 1 turns egg shells on I4." in said(st, 2)
    st = st.apply(0, {"type": "take", "card": "egg_shells"})
    assert st.view(2)["players"][0]["boats"][0]["finds"] == ["egg_shells"]


def test_diving_needs_a_diving_suit() -> None:
    """Looking around: "A boat at a dive site can explore under water if there is a diving suit aboard."""
    t = cleared()
    t.face_down[at(t, "w13")], t.laid_by[at(t, "w13")] = ["E"], [-1]
    boat(t, 0, 1, "w13")
    assert_refused(state(t), 0, {"type": "explore", "boat": 1}, "diving suit")
    boat(t, 0, 1, "w13", tools="d")
    st = state(t).apply(0, {"type": "explore", "boat": 1})
    assert "Player 1 turns egg shells on w13." in said(st)


def test_of_two_cards_the_top_one_is_settled_before_the_bottom_one_is_turned() -> None:
    """Rondkijken buiten de haven (line 115): "Als er twee kaartjes op de lokatie liggen, dan handelt
    hij eerst de bovenste af en bekijkt daarna ook de onderste." Exploring turns the top card only;
    the explorer takes it or leaves it, and only then is the bottom one turned."""
    t = cleared()
    s = at(t, "I2")
    t.face_down[s], t.laid_by[s] = ["N", "A"], [-1, -1]       # bottom first: the activists lie on top
    boat(t, 0, 1, "I2", via="w8", tools="s")
    st = state(t).apply(0, {"type": "explore", "boat": 1})
    assert event_types(st) == ["explores", "turned", "activists"]
    assert said(st)[1:] == ["Player 1 turns environmental activists on I2.",
                            "The activists cost Player 1 a point of reputation."]
    assert st.view(None)["sites"]["I2"] | {"deck": None} == {"takes": 2, "deck": None, "down": 1, "up": []}
    assert [a["type"] for a in st.legal_actions(0)] == ["bottom"]
    assert_refused(st, 0, {"type": "done"}, "bottom card")
    assert_refused(st, 0, {"type": "end_turn"}, "bottom card")
    st = st.apply(0, {"type": "bottom"})
    assert said(st) == ["Player 1 turns a nest on I2."]
    assert st.view(None)["players"][0]["reputation"] == 4 and st.view(None)["sites"]["I2"]["up"] == ["nest"]
    assert {a["type"] for a in st.legal_actions(0)} == {"take", "done"}


def test_the_top_card_is_taken_or_left_before_the_bottom_card_is_seen() -> None:
    """Line 115: the top card is settled first (taken, with its tool, or left face up), then the
    bottom one is turned; a card left lies open for anyone ("Kaartjes die niet meegenomen worden
    blijven open liggen")."""
    t = cleared()
    s = at(t, "w15")
    t.face_down[s], t.laid_by[s] = ["O", "Y"], [-1, -1]       # a young monster on an octopus
    boat(t, 0, 1, "w15", tools="dc")
    st = state(t).apply(0, {"type": "explore", "boat": 1})
    assert {a["type"] for a in st.legal_actions(0)} == {"take", "bottom"}
    taken = st.apply(0, {"type": "take", "card": "young_monster"})
    assert [a["type"] for a in taken.legal_actions(0)] == ["bottom"]
    sunk = taken.apply(0, {"type": "bottom"})
    assert event_types(sunk) == ["turned", "sunk"] and sunk.view(None)["step"] == "act"
    left = st.apply(0, {"type": "bottom"})                    # left: it stays face up
    assert left.view(None)["sites"]["w15"]["up"] == ["young_monster"]


def test_a_top_card_left_is_settled_and_not_taken_after_the_bottom_card_is_turned() -> None:
    """Rondkijken buiten de haven (line 115): "If two cards lie on the location, he first settles
    the top one and then also looks at the bottom one." Settled means settled: once the bottom card
    is turned, the explorer may take the bottom card, not the top card it left (that one lies open
    for a later visit, "Kaartjes die niet meegenomen worden blijven open liggen")."""
    for chance, cards in (("digital", ["E", "Y"]), ("physical", ["?", "?"])):
        t = cleared(chance=chance)
        s = at(t, "w15")
        t.face_down[s], t.laid_by[s] = cards, [-1, -1]              # a young monster on egg shells
        boat(t, 0, 1, "w15", tools="dc")
        st = state(t).apply(0, {"type": "explore", "boat": 1})
        if chance == "physical":
            st = st.apply(0, {"type": "turned", "card": "young_monster"})
        assert {a.get("card") for a in st.legal_actions(0) if a["type"] == "take"} == {"young_monster"}
        st = st.apply(0, {"type": "bottom"})                          # the young monster left
        if chance == "physical":
            st = st.apply(0, {"type": "turned", "card": "egg_shells"})
        assert st.view(None)["sites"]["w15"]["up"] == ["young_monster", "egg_shells"]
        assert [(a["type"], a.get("card")) for a in st.legal_actions(0)] == [("take", "egg_shells"),
                                                                           ("done", None)]
        assert_refused(st, 0, {"type": "take", "card": "young_monster"}, "later visit")
        assert GAME.load(st.notation()) == st
        st = st.apply(0, {"type": "take", "card": "egg_shells"})      # nothing else to do: the look ends
        assert st.view(None)["step"] == "act" and st.view(None)["sites"]["w15"]["up"] == ["young_monster"]
        assert st.view(0)["players"][0]["boats"][0]["finds"] == ["egg_shells"]


def test_physical_two_cards_are_entered_one_at_a_time() -> None:
    """Line 115 with the real cards: the explorer enters the top card, settles it, then turns and
    enters the bottom one."""
    t = cleared(chance="physical")
    s = at(t, "I2")
    t.face_down[s], t.laid_by[s] = ["?", "?"], [-1, -1]
    boat(t, 0, 1, "I2", via="w8")
    st = state(t).apply(0, {"type": "explore", "boat": 1})
    assert st.view(None)["step"] == "card"
    st = st.apply(0, {"type": "turned", "card": "egg_shells"})
    assert {a["type"] for a in st.legal_actions(0)} == {"take", "bottom"}
    st = st.apply(0, {"type": "take", "card": "egg_shells"}).apply(0, {"type": "bottom"})
    assert st.view(None)["step"] == "card" and st.view(None)["sites"]["I2"]["down"] == 1
    st = st.apply(0, {"type": "turned", "card": "nest"})
    assert st.view(None)["sites"]["I2"] == {"takes": 2, "deck": "land", "down": 0, "up": ["nest"]}
    assert GAME.load(st.notation()) == st


def test_each_find_needs_its_tool_young_monster_and_tracks_a_camera_a_nest_a_shovel() -> None:
    """Exploring: "Tracks: can be taken with a camera ... A nest: with a shovel ... Egg shells: may
    always be taken ... A young monster: with a camera ... A treasure chest can be taken along."""
    for card, tools, takeable in (("T", "", False), ("T", "c", True), ("N", "c", False), ("N", "s", True),
                                  ("Y", "s", False), ("Y", "c", True), ("E", "", True), ("C", "", True)):
        t = cleared()
        t.face_down[at(t, "I4")], t.laid_by[at(t, "I4")] = [card], [-1]
        boat(t, 0, 1, "I4", via="w9", tools=tools)
        st = state(t).apply(0, {"type": "explore", "boat": 1})
        assert any(a["type"] == "take" for a in st.legal_actions(0)) is takeable, (card, tools)
        if not takeable:      # it stays face up for anyone who comes with the right tool
            assert st.view(None)["sites"]["I4"]["up"] and st.view(None)["step"] == "act"


def test_a_young_monster_is_photographed_and_the_photo_goes_aboard() -> None:
    """Exploring: "A young monster. If the player has a camera he can take a photo and take it along
    on the boat. In the harbour this photo is worth 8 reputation points." The score table: "Photo of
    a young monster: 8 points". The button, the story and the boat say a photo, in every language;
    the card's word in the JSON stays ``young_monster``."""
    from engines.text import translate
    from web.i18n import load_catalogues
    load_catalogues()   # the companion reads the words from web's catalogues
    t = cleared()
    t.face_down[at(t, "I4")], t.laid_by[at(t, "I4")] = ["Y"], [-1]
    boat(t, 0, 1, "I4", via="w9", tools="c")
    st = state(t).apply(0, {"type": "explore", "boat": 1})
    take = next(a for a in st.legal_actions(0) if a["type"] == "take")
    assert take["card"] == "young_monster" and take["notation"] == "take Y"
    assert [translate(take["label"], lang) for lang in ("en", "nl", "de")] == [
        "Photograph the young monster and take the photo aboard",
        "Maak een foto van het jonge monster en neem deze mee aan boord",
        "Das junge Monster fotografieren und das Foto an Bord nehmen"]
    st = st.apply(0, {"type": "take", "card": "young_monster"})
    said_to = [e["say"] for e in st.events if e["type"] == "took"]
    anna = {"seat_name": lambda seat: "Anna"}
    assert [translate(s, lang, **anna) for s in said_to for lang in ("en", "nl", "de")] == [
        "Anna's boat 1 photographs a young monster and takes the photo aboard.",
        "Boot 1 van Anna maakt een foto van een jong monster en neemt deze mee aan boord.",
        "Boot 1 von Anna fotografiert ein junges Monster und nimmt das Foto an Bord."]
    assert st.view(None)["players"][0]["boats"][0]["finds"] == ["young_monster"]


def test_activists_cost_a_point_but_never_below_zero() -> None:
    """Exploring: "Environmental activists ... cost you one reputation point. Your reputation cannot
    drop below zero. The activists are removed from the board."""
    t = cleared()
    t.reputation[0] = 0
    t.face_down[at(t, "I4")], t.laid_by[at(t, "I4")] = ["A"], [-1]
    boat(t, 0, 1, "I4", via="w9")
    st = state(t).apply(0, {"type": "explore", "boat": 1})
    assert st.view(None)["players"][0]["reputation"] == 0 and st.view(None)["sites"]["I4"] == {
        "takes": 1, "deck": "land", "down": 0, "up": []}


def test_the_octopus_sinks_the_boat() -> None:
    """Exploring: "Octopus. A giant octopus sinks the boat! Both the octopus and the boat are taken off
    the board." At the end of the turn the boat is back in the harbour, its finds lost."""
    t = cleared()
    t.face_down[at(t, "w13")], t.laid_by[at(t, "w13")] = ["O"], [-1]
    b = boat(t, 0, 1, "w13", tools="dc", finds="Y")
    st = state(t).apply(0, {"type": "explore", "boat": 1})
    assert "A giant octopus sinks Player 1's boat 1." in said(st)
    assert st.view(None)["players"][0]["boats"][0]["state"] == "off"
    st = st.apply(0, {"type": "end_turn"})
    back = st.view(None)["players"][0]["boats"][0]
    assert back["state"] == "harbour" and back["finds"] == [] and back["tools"] == []
    assert st.view(None)["supply"]["camera"] == 8 and st.view(None)["sites"]["w13"]["down"] == 1   # refilled
    assert b == 0


def test_a_nessie_card_puts_her_on_the_boats_water_and_she_eats_every_boat_there() -> None:
    """Exploring: "Nessie. Put Nessie on the piece of lake where your boat is. If your boat is moored,
    put Nessie on the water space where the boat moored. All boats on Nessie's space are eaten and taken
    off the board. For each eaten boat the owner gets 2 reputation points."""
    t = cleared()
    t.face_down[at(t, "I4")], t.laid_by[at(t, "I4")] = ["X"], [-1]
    boat(t, 0, 1, "I4", via="w9")
    boat(t, 1, 1, "w9", finds="T")
    boat(t, 2, 1, "I4", via="w10")        # moored at the same island, from another water space
    st = state(t).apply(0, {"type": "explore", "boat": 1})
    view = st.view(None)
    assert view["nessie"] == "w9" and view["sightings"] == 1
    assert [p["boats"][0]["state"] for p in view["players"][:3]] == ["off", "off", "moored"]
    assert [p["reputation"] for p in view["players"][:3]] == [7, 7, 5]
    assert event_types(st).count("eaten") == 2


# --------------------------------------------------------------------------- the door


def test_a_refused_action_says_why_and_changes_nothing() -> None:
    t = cleared()
    boat(t, 0, 1, "H")
    st = state(t)
    assert_refused(st, 1, {"type": "end_turn"}, "not your turn")
    assert_refused(st, 0, {"type": "move", "boat": 1, "to": "w1"}, "cannot reach")
    assert_refused(st, 0, {"type": "move", "boat": 2, "to": "F"}, "not on the board")
    assert_refused(st, 0, {"type": "explore", "boat": 1}, "nothing to explore")
    assert_refused(st, 0, {"type": "bagpipe", "to": "F"}, "never in front of the harbour")
    assert st.players * BOATS == 12 and OFF == -2


# --------------------------------------------------------------------------- the rulebook's numbers

SPELLED = {1: "one", 2: "two", 3: "three", 4: "four"}


def _sentences() -> str:
    """Every string literal of engines/loch_ness (adjacent literals joined, as Python joins them)."""
    found = []
    for path in Path(table.__file__).parent.glob("*.py"):
        found += [node.value for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                  if isinstance(node, ast.Constant) and isinstance(node.value, str)]
    return "\n".join(found)


@pytest.mark.parametrize("phrase", [
    f"moves up to {SPELLED[table.MOVE]} spaces, {SPELLED[table.MOTOR_MOVE]} with a motor",
    f"this turn: {SPELLED[table.MOVE]} spaces ({SPELLED[table.MOTOR_MOVE]} with a motor)",
    f"a boat carries at most {table.MAX_FINDS} finds",
    f"one or {SPELLED[table.TOOLS_PER_VISIT]} tools (the second costs {table.SECOND_TOOL_COST} reputation)",
    f"(the second costs 2 reputation), at most {table.MAX_TOOLS} aboard",
    f"one or {SPELLED[table.TOOLS_PER_VISIT]} tools, two cost {table.SECOND_TOOL_COST} reputation points",
    f"reputation points. A boat holds at most {SPELLED[table.MAX_TOOLS]} tools",
    f"a second tool for boat {{boat}}, for {table.SECOND_TOOL_COST} reputation",
    f"take for {table.SECOND_TOOL_COST} reputation",
    f"gets {table.EATEN_POINTS} reputation for the story",
    f"reputation {table.START_REPUTATION} and {table.BAGPIPES} bagpipe tokens",
    f"Nessie has been seen {SPELLED[table.SIGHTINGS]} times",
    f"everyone has {SPELLED[table.LAST_TURNS_EACH]} more turns",
    f"Each player has {SPELLED[table.LAST_TURNS_EACH]} more turns",
    f"which of your boats: 1, 2 or {table.BOATS}.",
    f"A bagpipe token ({SPELLED[table.BAGPIPES]} each)",
    f"its owner gets {table.EATEN_POINTS} reputation points.",
    "The activists cost {seat} a point of reputation." if table.ACTIVISTS_COST == 1 else "(a new sentence)",
    # the first game's lessons (docs/loch-ness.md "Rules a first game needs")
    f"A motor lets a boat sail {SPELLED[table.MOTOR_MOVE]} spaces",
    f"an observation card, worth {POINTS['V']} reputation points in the harbour",
    f"tracks are worth {POINTS['T']} reputation points, a nest {POINTS['N']}, egg shells {POINTS['E']} (",
    f"and a young monster {POINTS['Y']}. A treasure chest",
    f"or {POINTS['C']} points at the end if unused",
    f"Activists cost {table.ACTIVISTS_COST} point, an octopus",
    f"a boat holds at most {SPELLED[table.MAX_FINDS]} discovery cards",
    f"fewer than {SPELLED[table.BOATS]} on the board",
    f"face down in {SPELLED[table.STACKS[4]]} stacks, {SPELLED[table.STACKS[3]]} with 3 players",
    "turned over for the third time" if table.SIGHTINGS == 3 else "(a new sentence)",
])
def test_the_sentences_quote_the_rulebooks_numbers(phrase: str) -> None:
    """The refusals, the lessons and the story spell out the numbers that engines/loch_ness/table.py
    names: a number changed there without its sentences fails here."""
    assert phrase in _sentences()


def test_tools_keep_their_letters_in_the_notation_and_a_base_game_has_no_hidden_tool() -> None:
    """A tool is written by its kind's letter, a capital only for a shown tool of the advanced
    version: in the base game every tool lies open, so a capital there is refused."""
    t = cleared()
    boat(t, 0, 1, "H", tools="cd")
    text = state(t).notation()
    assert " boats=H/cd//," in text and GAME.load(text) == state(t)
    with pytest.raises(IllegalAction, match="malformed"):
        GAME.load(text.replace(" boats=H/cd//,", " boats=H/Cd//,"))
    advanced = cleared(3, advanced=True)
    boat(advanced, 0, 1, "H", tools="cD")
    assert " boats=H/cD//," in state(advanced).notation()
    assert [x.shown for x in GAME.load(state(advanced).notation()).table.tools[0]] == [False, True]  # type: ignore[attr-defined]
