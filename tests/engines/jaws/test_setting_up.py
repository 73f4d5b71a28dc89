"""Setting up the real box (issue 26): Jaws' steps and each seat's part come from the start
position (its counts are the position's), and the shark's secret start is only in its own part."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engines import TABLE, Text
from engines.jaws import GAME, JawsState
from engines.jaws.common import QUINT
from tests.engines.setting_up import said, texts


def start(players: int, **options: str) -> JawsState:
    state = GAME.start(players=players, seed=3, options=options)
    assert isinstance(state, JawsState)
    return state


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("acts", ["both", "1"])
def test_act_1_counts_are_the_start_positions(players: int, acts: str) -> None:
    state = start(players, acts=acts)
    p = state.position
    steps = GAME.setup_steps(state)
    assert [s.key for s in steps] == ["board", "events", "swimmers", "roles", "crew", "shark", "abilities"]
    held = said(steps, "The {count} Amity event card stays in the box")[0]
    assert held.params["count"] == len(p.cards) - len(p.turned)
    assert not said(steps, "Shuffle")
    real = GAME.setup_steps(state, "physical")
    assert said(real, "Shuffle the {count} Amity")[0].params["count"] == len(p.cards) - len(p.turned)
    assert said(real, "Each card turned from this pile is entered on the host page")
    assert said(steps, "Lay the {count} swimmer")[0].params["count"] == p.board.swimmers
    quint = said(steps, "Quint takes")[0]
    assert (quint.params["count"], quint.params["shop"]) == (p.on_boat[QUINT], p.shop) == (2, 3)
    places = [t.params["name"] for t in said(steps, "space {name}")]
    assert places == [p.name(p.pos[r]) for r in (2, 0, 1)] == ["8", "7", "5"]  # Quint, Brody, Hooper
    seats = [t.params["seat"] for t in said(steps, "{seat} plays")]
    assert sorted(seats) == list(range(players))
    assert bool(said(steps, "Every role is played")) == (players < 4)
    assert bool(said(steps, "Every role stays the same in Act 2")) == (acts == "both")
    assert said(steps, "The shark puts a clip")[0].params["track"] == p.eaten == 0
    assert said(steps, "It chooses its start")[0].params["count"] == len(p.board.water_spaces)
    assert all(s.section for s in steps)


def test_abilities_every_player_is_shown_the_sharks_four_tiles_before_the_first_game() -> None:
    """Rulebook, Act 1 setup, "Hai": "Note: before the first game the abilities are shown to all
    players, so that everyone knows what the shark can do (see ABILITIES); during the game the shark
    keeps them secret from the crew." A public step (on the table screen, for the crew) says what
    each of the four does, Out of Sight's false answers to the fish finder and binoculars included."""
    steps = GAME.setup_steps(start(3))
    shown = next(s for s in steps if s.key == "abilities")
    assert shown is steps[-1]   # after the shark has taken its tiles
    lines = [t.msgid for t in shown.lines]
    for name in ("Feeding Frenzy:", "Evasive Moves:", "Out of Sight:", "Speed Burst:"):
        assert sum(line.startswith(name) for line in lines) == 1, name
    hide = next(line for line in lines if line.startswith("Out of Sight:"))
    assert "binoculars" in hide and "fish finder" in hide and "not there" in hide and "even when" in hide
    assert "only whether it played one" in lines[0]


def test_a_corrected_board_changes_the_barrels_and_the_start_spaces() -> None:
    state = start(3, map='{"barrels": {"total": 6, "quint": 3}, "start": {"brody": "6"}}')
    p = state.position
    steps = GAME.setup_steps(state)
    quint = said(steps, "Quint takes")[0]
    assert (quint.params["count"], quint.params["shop"]) == (p.on_boat[QUINT], p.shop) == (3, 3)
    brody = said(steps, "Brody takes")[0]
    assert brody.params["place"] == Text("space {name}", {"name": "6"})  # not the police station now


def test_each_crew_seat_reads_its_own_members() -> None:
    state = start(3)  # seat 0 the shark; Brody and Quint, Hooper dealt round the other two
    p = state.position
    for seat in (1, 2):
        part = GAME.setup_part(state, seat)
        names = ("Brody", "Hooper", "Quint")
        mine = {t.msgid.split(" ")[0] for t in texts(part) if t.msgid.split(" ")[0] in names}
        assert mine == {names[r] for r in p.seat_roles(seat)}
    assert GAME.setup_part(state, 5) == GAME.setup_part(state, TABLE) == ()


@pytest.mark.parametrize("players", [2, 4])
def test_the_shark_start_is_in_its_part_only(players: int) -> None:
    before = start(players)
    shark = before.position.seats[0]
    assert said(GAME.setup_part(before, shark), "When the game opens, choose your start")
    for space in ("3", "N"):
        chosen = before.apply(shark, {"type": "start", "space": space})
        assert isinstance(chosen, JawsState) and chosen.position.shark >= 0
        own = GAME.setup_part(chosen, shark)
        assert said(own, "Your secret start")[0].params["space"] == Text("space {name}", {"name": space})
        # nothing anyone else reads depends on the secret: the same steps, the same parts
        assert GAME.setup_steps(chosen) == GAME.setup_steps(before)
        others = [GAME.setup_part(chosen, s) for s in range(players) if s != shark]
        assert others == [GAME.setup_part(before, s) for s in range(players) if s != shark]
        public = json.dumps([s.to_json() for s in GAME.setup_steps(chosen)]
                            + [[t.to_json() for t in part] for part in others])
        assert "secret start" not in public


def test_act_2_alone_sets_up_the_orca_with_the_rulebooks_counts() -> None:
    state = start(3, acts="2")
    a = state.position.orca()
    steps = GAME.setup_steps(state)
    assert [s.key for s in steps] == ["orca", "resurface", "cards", "boards", "places"]
    assert said(steps, "The shark's {count} ability card")[0].params["count"] == a.carry[0] == 6
    assert said(steps, "The crew gets")[0].params["count"] == a.carry[1] == 7
    assert said(steps, "Build the Orca")[0].params["count"] == len(a.layout.zones) == 8
    shark = state.position.seats[0]
    assert said(GAME.setup_part(state, shark), "You get {count} ability card")[0].params["count"] == 6
    assert not said(GAME.setup_part(state, 1), "You get")


def test_both_acts_set_up_act_1_only_and_a_game_under_way_has_no_steps() -> None:
    state = start(2)
    assert "orca" not in [s.key for s in GAME.setup_steps(state)]
    later = state.apply(0, {"type": "start", "space": "1"})
    while isinstance(later, JawsState) and not later.position.turned:
        seat = later.awaiting[0]
        action = later.legal_actions(seat)[0] if seat != TABLE else later.chance_outcomes()[0][0]
        later = later.apply(seat, action)
    assert GAME.setup_steps(later) == ()
    assert GAME.setup_part(later, 0) == ()


def test_act_2_alone_with_a_box_profile_names_the_sharks_hand_to_the_shark_only() -> None:
    """With a whole box profile the companion deals the shark's ability cards at the start: their
    titles are in the shark's part, and nowhere anyone else reads."""
    fixture = Path(__file__).resolve().parents[2] / "fixtures" / "jaws_box.json"
    box = json.dumps(json.loads(fixture.read_text(encoding="utf-8"))["profile"])
    state = start(3, acts="2", box=box)
    a = state.position.orca()
    assert len(a.hand) == a.carry[0] == 6
    shark = state.position.seats[0]
    hand = said(GAME.setup_part(state, shark), "Your ability cards, which only your phone names")
    assert hand
    titles = {t.msgid for t in texts(hand[0].params["list"]) if "{" not in t.msgid}
    assert titles
    public = json.dumps([s.to_json() for s in GAME.setup_steps(state)]
                        + [[t.to_json() for t in GAME.setup_part(state, s)] for s in range(3) if s != shark])
    assert not any(title in public for title in titles)


def test_the_companions_cards_stay_in_the_box_and_the_real_ones_are_shuffled() -> None:
    """Rulebook, Act 1 setup, 2: "Shuffle the Amity event cards well and lay them face down as a pile
    beside the board"; Act 2 setup: the resurface cards shuffled onto the draw pile, the shark's
    ability cards dealt face down. What the companion deals is an order no real shuffle gives
    (review G5: the table turned a real card that was not the companion's): with digital chance the
    event cards stay in the box; a digital resurface deck (a complete box profile) stays in the box;
    the shark's ability cards, always dealt by the companion, stay in the box and are named on its
    phone, so the shark never looks through the deck for them in front of the crew."""
    fixture = Path(__file__).resolve().parents[2] / "fixtures" / "jaws_box.json"
    box = json.dumps(json.loads(fixture.read_text(encoding="utf-8"))["profile"])
    act1 = start(3)
    assert said(GAME.setup_steps(act1, "digital"), "The {count} Amity event card stays in the box")
    assert not said(GAME.setup_steps(act1, "physical"), "The {count} Amity event card stays in the box")
    for mode, words in (("digital", "The {count} resurface card stays in the box"),
                        ("physical", "Shuffle the {count} resurface card")):
        state = start(3, acts="2", box=box, resurface=mode)
        assert said(GAME.setup_steps(state), words), mode
        shark = state.position.seats[0]
        assert said(GAME.setup_part(state, shark), "Your ability cards, which only your phone names")
        assert not said(GAME.setup_part(state, shark), "Take these")
