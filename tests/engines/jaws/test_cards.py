"""The 16 Amity event cards, each card's effect (texts as the English edition's cards read;
the data's confidence in docs/data/jaws.md)."""

from __future__ import annotations

import pytest

from engines import TABLE
from engines.jaws import GAME
from engines.jaws.amity.data import deck
from tests.engines.conformance import assert_refused
from tests.engines.jaws.helpers import CREW, SHARK, load, notations, play, public, said


def event(card: int, **words: str) -> object:
    """Round 2's event phase of a two-player game, then the card turned."""
    base = {"players": "2", "roles": "S/BHQ", "round": "2", "phase": "event", "shark": "1"}
    base.update(words)
    return play(load("jaws " + " ".join(f"{k}={v}" for k, v in base.items())), TABLE, f"card {card}")


def test_the_deck_holds_16_cards_and_each_places_its_swimmers() -> None:
    cards = deck()
    assert sorted(cards) == list(range(1, 17))
    for number, card in cards.items():
        v = event(number).view(None)
        placed = [v["swimmers"][b] for b in "NESW"]
        extra = [1 if b in card.alert else 0 for b in "NESW"]
        assert placed == [a + b for a, b in zip(card.swimmers, extra, strict=True)], number


def test_1_ben_gardners_boat_lets_the_shark_knock_a_captain_it_swims_past_into_the_water() -> None:
    """ "If the shark moves through a boat's space, it may knock that boat's captain into the water.
    The captain must spend two actions to get back on the boat." """
    state = event(1, shark="4")  # Quint's Orca is at 8
    assert not [a for a in state.legal_actions(SHARK) if a["type"] == "knock"]
    state = play(state, SHARK, "move 8")
    assert "knock quint" in notations(state, SHARK)
    state = play(state, SHARK, "knock quint", "move E", "end")
    assert [ev["type"] for ev in public(state)] == ["shark_ate", "sensors", "ability", "knocked"]
    assert "The shark knocked Quint into the water." in said(state)
    assert state.view(None)["crew"][2]["in_water"] is True
    plain = play(event(9, shark="4"), SHARK, "move 8")
    assert "knock quint" not in notations(plain, SHARK)


def test_2_amity_island_in_the_news_gives_one_crew_member_a_fifth_action() -> None:
    """ "Any one crew member may take one extra action this round." """
    state = play(event(2), SHARK, "end")
    state = play(state, CREW, "quint move 4", "quint move 8", "quint move 4", "quint move 8")
    assert state.view(None)["crew"][2]["turn"] == "active"  # the extra action is still open
    state = play(state, CREW, "quint move 4")
    assert state.view(None)["crew"][2]["turn"] == "done"
    state = play(state, CREW, "hooper move 1", "hooper move 2", "hooper move 1", "hooper move 2")
    assert state.view(None)["crew"][1]["turn"] == "done"  # Quint took it


def test_3_holiday_roast_closes_the_docks_for_barrels() -> None:
    """ "The docks are under repair. Barrels cannot be dropped at or picked up from either dock this
    round." """
    state = load(
        play(event(3), SHARK, "end").notation().replace("barrels=0.0.2.3.0.0", "barrels=1.0.2.1.0.1")
    )
    assert not [
        a
        for a in state.legal_actions(CREW)
        if a["type"] in ("collect", "deliver") and a.get("from", "dock") == "dock"
    ]
    assert_refused(
        state, CREW, {"type": "collect", "role": "quint", "from": "dock", "count": 1}, "under repair"
    )


def test_4_mayor_vaughn_clears_a_beach_of_its_swimmers_and_closes_it() -> None:
    """ "After placing swimmers, remove all swimmers at any one beach and close that beach." The
    crew chooses (the card does not say who)."""
    state = event(4, michael="S")
    assert state.phase == "choice" and state.awaiting == (CREW,)
    assert_refused(state, SHARK, {"type": "choose", "space": "S"}, "not your turn")
    state = play(state, CREW, "choose S")
    v = state.view(None)
    assert (
        v["swimmers"]["S"] == 0 and v["michael"] is None and v["closed"] == {"beach": "S", "side": "closed"}
    )
    assert state.phase == "shark"


def test_5_caught_the_wrong_shark_sends_brody_and_hooper_to_a_dock_and_gives_the_shark_an_action() -> None:
    """ "Move Brody and Hooper to the same dock. The shark gets one extra action this round." """
    state = play(event(5), CREW, "choose 8")
    spaces = {c["role"]: c["space"] for c in state.view(None)["crew"]}
    assert spaces["brody"] == "8" and spaces["hooper"] == "8"
    state = play(state, SHARK, "move 2", "move 1", "move 2", "move 1")
    assert state.view(SHARK)["secret"]["actions_left"] == 0


def test_6_the_fourth_of_july_opens_every_beach_first_and_none_may_close() -> None:
    """ "Before placing swimmers, open all beaches. Beaches cannot be closed this round." """
    state = event(6, closed="N~")
    assert state.view(None)["closed"] is None and state.view(None)["swimmers"]["N"] == 1
    state = play(state, SHARK, "end")
    assert not [a for a in state.legal_actions(CREW) if a["type"] == "close"]
    assert_refused(
        state, CREW, {"type": "close", "role": "brody", "beach": "W"}, "cannot be closed this round"
    )


def test_7_michael_swims_at_the_open_beach_with_the_fewest_swimmers() -> None:
    """ "Place Michael at the open beach with the fewest swimmers. He counts as 2 swimmers if eaten.
    Only Chief Brody can rescue him." (N 1, E 2, S 1: W has the fewest.)"""
    state = event(7)
    assert state.view(None)["michael"] == "W"
    tied = event(7, closed="W")  # N and S tie with 1 each: the crew chooses
    assert tied.phase == "choice" and tied.view(None)["pending"]["options"] == ["N", "S"]
    assert play(tied, CREW, "choose S").view(None)["michael"] == "S"


def test_7_michael_counts_two_on_the_track_and_only_brody_rescues_him() -> None:
    state = play(event(7, shark="W"), SHARK, "eat michael", "end")
    assert state.view(None)["shark"]["track"] == 2 and public(state)[0]["michael"] == "W"
    assert "The shark ate Michael at W. Its swimmer track is at 2." in said(state)
    boat = play(
        load(event(7).notation().replace("phase=shark", "phase=crew").replace("crew=7.5.8", "crew=W.W.8")),
        CREW,
        "hooper move 3",
    )
    assert_refused(boat, CREW, {"type": "rescue", "role": "hooper", "swimmer": "michael"}, "only brody")
    brody = play(
        load(event(7).notation().replace("phase=shark", "phase=crew").replace("crew=7.5.8", "crew=W.5.8")),
        CREW,
        "brody rescue michael",
    )
    assert brody.view(None)["michael"] is None


def test_8_frank_silva_harbor_master_makes_dock_barrels_free() -> None:
    """ "Dropping a barrel at a dock, or picking up barrels at a dock, are free actions this round." """
    state = load(
        play(event(8), SHARK, "end").notation().replace("barrels=0.0.2.3.0.0", "barrels=0.0.2.1.0.2")
    )
    state = play(state, CREW, "quint collect dock 1", "quint collect dock 1")
    assert state.view(None)["crew"][2]["actions_left"] == 4 and state.view(None)["barrels"]["quint"] == 4


@pytest.mark.parametrize(("card", "role", "index"), [(9, "hooper", 1), (10, "quint", 2)])
def test_9_and_10_give_hooper_or_quint_a_fifth_action(card: int, role: str, index: int) -> None:
    """$3,000 Bounty on the Shark: "Hooper may take one extra action this round." The USS
    Indianapolis: "Quint may take one extra action this round." """
    state = play(event(card), SHARK, "end")
    v = state.view(None)["crew"]
    assert v[index]["actions_left"] == 5 and v[0]["actions_left"] == 4
    assert v[3 - index]["actions_left"] == 4


@pytest.mark.parametrize("card", [11, 13, 14, 15])
def test_shark_alert_places_more_swimmers_while_the_track_is_at_3_or_lower(card: int) -> None:
    """Shark Alert!: "If the shark's swimmer track is at 3 or lower, also place: ..." """
    data = deck()[card]
    low = event(card, eaten="3").view(None)["swimmers"]
    high = event(card, eaten="4").view(None)["swimmers"]
    for slot, beach in enumerate("NESW"):
        assert high[beach] == data.swimmers[slot]
        assert low[beach] == data.swimmers[slot] + (beach in data.alert)


def test_12_cardboard_fin_hoax_sends_the_whole_crew_to_the_busiest_beach() -> None:
    """ "Move all crew members to the beach with the most swimmers. If tied, the crew chooses which
    beach to go to." """
    state = event(12, swim="N0.E3.S0.W0")
    assert {c["space"] for c in state.view(None)["crew"]} == {"E"} and state.phase == "shark"
    tied = event(12)
    assert tied.phase == "choice" and sorted(tied.view(None)["pending"]["options"]) == ["E", "N", "S", "W"]
    assert {c["space"] for c in play(tied, CREW, "choose W").view(None)["crew"]} == {"W"}


def test_16_the_helicopter_flies_brody_to_any_island_space() -> None:
    """ "Brody may immediately move to any space on the island." Brody's player chooses."""
    state = GAME.start(players=3, seed=1, options={"roles": "S/BQ/H"})
    state = play(play(state, SHARK, "start 1"), TABLE, "card 16")
    assert state.awaiting == (1,)
    options = state.view(None)["pending"]["options"]
    assert sorted(options) == sorted(["5", "6", "7", "8", "N", "E", "S", "W", "Shop"])
    assert play(state, 1, "choose N").view(None)["crew"][0]["space"] == "N"


def test_swimmers_run_out_when_the_supply_is_empty() -> None:
    """Ruling: a card places only the swimmers left in the supply (15, Michael aside), in the order
    N, E, S, W."""
    state = event(9, swim="N5.E5.S4.W0")
    assert sum(state.view(None)["swimmers"].values()) == 15 and state.view(None)["supply"] == 0


def test_a_used_up_deck_is_shuffled_again() -> None:
    """Ruling (the rulebook is silent for Act 1; Act 2 reshuffles its spent resurface cards): once
    all 16 cards are turned, the next card comes from the whole deck again."""
    state = event(16, turned=".".join(str(n) for n in range(1, 16)))
    assert state.view(None)["deck"]["left"] == 0
    state = play(
        load(state.notation().replace("phase=choice", "phase=crew")),
        CREW,
        "brody end",
        "hooper end",
        "quint end",
    )
    assert len(state.chance_outcomes()) == 16
    state = play(state, TABLE, "card 5")
    assert state.view(None)["deck"] == {"left": 15, "turned": [5]}


def test_a_corrected_card_places_what_the_table_says() -> None:
    state = GAME.start(players=2, seed=1, options={"cards": '{"7": {"E": 1, "W": 1}}'})
    state = play(play(state, SHARK, "start 1"), TABLE, "card 7")
    assert state.view(None)["swimmers"] == {"N": 1, "E": 1, "S": 1, "W": 1}
    assert "cards=" in state.notation() and GAME.load(state.notation()) == state
