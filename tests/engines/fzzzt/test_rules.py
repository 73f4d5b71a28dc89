"""Fzzzt! rules, each test quoting the Dutch rulebook (translated) it checks."""

from __future__ import annotations

import pytest

from engines import TABLE, IllegalAction, Text
from engines.fzzzt.state import FzzztState
from tests.engines.conformance import assert_refused
from tests.engines.fzzzt.helpers import GAME, bid, everyone_bids, position, reveal_of

# --------------------------------------------------------------------------- setup


def test_the_component_checklist() -> None:
    """Component checklist: "4 mechanic cards; conveyor stack: 12 x 1 power, 8 x 2 power, 8 x 3 power,
    4 x 4 power, 4 x 5 power robot cards, 2 robot upgrades (count as a robot card), 4 Fzzzt cards,
    10 production units"."""
    from collections import Counter
    cards = GAME.start(players=4, seed=1).cards  # type: ignore[attr-defined]
    kinds = Counter(c.kind for c in cards.values())
    robots = Counter(c.power for c in cards.values() if c.kind == "robot")
    assert robots == {1: 12, 2: 8, 3: 8, 4: 4, 5: 4}
    assert (kinds["mechanic"], kinds["upgrade"], kinds["fzzzt"], kinds["unit"]) == (4, 2, 4, 10)
    assert all(c.is_robot for c in cards.values() if c.kind == "upgrade")


def test_nobody_may_look_into_a_discard_pile_only_count_it() -> None:
    """Counting cards: "Players may count the cards in the conveyor deck and in their own discard pile
    at any time. They may never look at which cards are in their own (or another player's) discard
    pile during the auctions"."""
    state = position(3, hands=[["R1N"], ["R1B"], ["R1C"]], piles=[["R5B", "Fa"], [], []],
                     open=["R5N"], deck=["R4N", "R4B"], face_down=2)
    mine = state.view(0)
    assert mine["players"][0]["pile_count"] == 2 and mine["you"]["pile_count"] == 2
    assert mine["conveyor"]["deck"] == 0 and mine["conveyor"]["face_down"] == 2
    for seat in (0, 1, None):
        assert "R5B" not in str(state.view(seat)) and "Fa'" not in str(state.view(seat))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_deals_mechanics_by_player_count_and_numbered_starters(players: int) -> None:
    """Setup: "With two players remove mechanic cards 3 and 4 ... The player with card number 1
    becomes chief mechanic ... all players take the robot cards with their mechanic number: a 1, a 2
    and a 3 power robot. With the mechanic card these form the hand"."""
    state = GAME.start(players=players, seed=11)
    assert isinstance(state, FzzztState)
    assert sorted(state.mechanics) == list(range(1, players + 1))
    assert state.mechanics[state.chief] == 1
    for seat, number in enumerate(state.mechanics):
        owned = state.owned(seat)
        assert len(owned) == 4 and f"M{number}" in owned
        assert sorted(state.cards[c].power for c in owned if c[0] == "R") == [1, 2, 3]
        assert all(state.cards[c].starter == number for c in owned if c[0] == "R")
    absent = {f"M{m}" for m in range(players + 1, 5)}
    assert not absent & set(state.deck)
    # The other players' starters go into the conveyor deck: 52 cards minus 3 per player.
    assert len(state.deck) + len(state.open) == 52 - 3 * players
    view = state.view(None)
    assert view["chief"] == state.chief and view["players"][state.chief]["chief"]


def test_a_bad_card_correction_is_refused_and_a_good_one_changes_the_card() -> None:
    """Data notes: card values are MED defaults; the table corrects them before the game."""
    from engines import IllegalAction
    with pytest.raises(IllegalAction, match="no card"):
        GAME.start(players=2, seed=1, options={"card_overrides": '{"R9X": {"points": 1}}'})
    with pytest.raises(IllegalAction, match="conveyor number"):
        GAME.start(players=2, seed=1, options={"card_overrides": '{"R5O": {"conveyor": 5}}'})
    state = GAME.start(players=2, seed=1, options={"card_overrides": '{"R5O": {"points": 4}}'})
    assert isinstance(state, FzzztState) and state.cards["R5O"].points == 4
    assert state.cards["R5O"].confidence == "TABLE" and state.cards["R5N"].confidence == "MED"
    assert GAME.load(state.notation()) == state
    # The starter sets of mechanics 3 and 4 are a DEFAULT: the table can swap them.
    swap = {"R2Ba": {"starter": 4}, "R2Ca": {"starter": 3}}
    four = GAME.start(players=4, seed=2, options={"card_overrides": swap})
    assert isinstance(four, FzzztState)
    assert "R2Ba" in four.owned(four.mechanics.index(4)) and "R2Ca" in four.owned(four.mechanics.index(3))
    with pytest.raises(IllegalAction, match="exactly three starter"):
        GAME.start(players=2, seed=1, options={"card_overrides": {"R5O": {"starter": 1}}})
    same = GAME.start(players=2, seed=1, options={"card_overrides": {"R5O": {"points": 4}}})
    assert same == state                                  # a JSON object works as well as its text


# --------------------------------------------------------------------------- the conveyor


def _after_first_auction(head: str, face_down: int, rest: list[str]) -> FzzztState:
    """Sell one open card; the next face-down card is the new head."""
    state = position(2, hands=[["R2Na"], ["R1N"]], open=["R1B"], deck=[head, *rest],
                     face_down=face_down)
    return everyone_bids(state, {0: ["R2Na"], 1: ["R1N"]})


@pytest.mark.parametrize(("head", "number"), [("R5N", 1), ("R4N", 2), ("PO", 3), ("R2Oa", 4), ("Ua", 8)])
def test_the_head_cards_conveyor_number_decides_how_many_lie_open(head: str, number: int) -> None:
    """Auction rounds: "The conveyor number on the turned card decides how many cards are laid open
    ... it can be 1, 2, 3, 4 or 8 ... If it is 8, all cards in the row are laid open"."""
    rest = ["R1C", "R1O", "R2Ba", "R2Bb", "R2Ca", "R2Cb", "R3Ba"]
    state = _after_first_auction(head, 7, rest)
    assert state.open[0] == head and len(state.open) == min(number, 7)
    assert state.face_down == 7 - len(state.open)
    assert state.view(None)["conveyor"]["face_down"] == state.face_down


def test_a_short_row_opens_only_the_cards_that_are_left() -> None:
    """Auction rounds: "if three face-down cards are left ... and the first has conveyor number 4,
    only the two remaining face-down cards are laid open" (so all three lie open)."""
    state = _after_first_auction("R2Oa", 3, ["R1C", "R1O", "R2Ba", "R2Bb"])
    assert state.open == ["R2Oa", "R1C", "R1O"] and state.face_down == 0


def test_open_cards_are_auctioned_before_the_next_face_down_card_turns() -> None:
    """Auction rounds: "Only when all open cards are auctioned does the chief turn the next card";
    the conveyor numbers of the cards laid open with it are ignored."""
    state = position(2, hands=[["R2Na", "R1C"], ["R1N", "M2"]], open=["R1B", "Ua"], deck=["R5N"],
                     face_down=1)
    state = everyone_bids(state, {0: ["R2Na"], 1: ["R1N"]})
    assert state.open == ["Ua"] and state.face_down == 1     # the upgrade's 8 is ignored


# --------------------------------------------------------------------------- auctions


def test_the_highest_power_wins_robot_and_bid_to_the_discard_pile_losers_take_back() -> None:
    """Auctions: "the value of a bid is the sum of the powers ... a Fzzzt card has power 3 in a bid,
    the robot upgrade 0 ... If the auctioned card is a robot card it goes face down on the winner's
    discard pile, with the cards of the bid ... The other players take their bid cards back"."""
    state = position(3, hands=[["Fa", "Ub", "M1"], ["R2Na", "R1C"], ["R3Na"]], open=["R5N", "R1B"],
                     deck=[], face_down=0)
    state = everyone_bids(state, {0: ["Fa", "Ub"], 1: ["R2Na", "R1C"], 2: ["R3Na"]})
    ev = reveal_of(state)
    assert ev["powers"] == {"0": 3, "1": 3, "2": 3}    # a three-way tie at 3: chief 0 wins
    assert ev["winner"] == 0 and state.piles[0] == ["Fa", "R5N", "Ub"]
    assert state.hands[1] == ["R1C", "R2Na"] and state.hands[2] == ["R3Na"]
    assert state.view(None)["last"]["bids"]["1"][0]["id"] == "R1C"   # every bid is shown after the reveal


def test_a_production_unit_won_is_laid_open_in_front_of_the_winner() -> None:
    """Auctions: "If it is a production unit card, it is laid open in front of the winner"."""
    state = position(2, hands=[["R2Na"], ["R1N"]], open=["PO", "R1B"])
    state = everyone_bids(state, {0: ["R2Na"], 1: ["R1N"]})
    assert state.units[0] == ["PO"] and "PO" not in state.piles[0]
    assert state.piles[0] == ["R2Na"]
    assert state.view(1)["players"][0]["units"][0]["card"]["id"] == "PO"


@pytest.mark.parametrize(("chief", "tied", "winner", "new_chief"), [
    (0, [0, 2], 0, 2),          # the chief is in the tie: the chief wins
    (0, [1, 3], 1, 3),          # not in it: the tied player nearest clockwise to the chief
    (2, [0, 1, 3], 3, 0),       # nearest clockwise to chief 2 is 3; nearest loser after 3 is 0
    (3, [1, 2], 1, 2),
])
def test_ties_and_the_new_chief_mechanic(chief: int, tied: list[int], winner: int, new_chief: int) -> None:
    """Tied bid: "If a tied bidder is the chief mechanic, he wins. If not, the tied player nearest
    clockwise to the chief mechanic wins. Then the losing tied player nearest clockwise to the
    winner becomes the new chief mechanic"."""
    hands = [["R2Na", "R1N"], ["R2Nb", "R1B"], ["R2Ba", "R1C"], ["R2Bb", "R1O"]]
    state = position(4, hands=hands, open=["R5N", "R1NB"], chief=chief)
    bids = {s: ([hands[s][0]] if s in tied else [hands[s][1]]) for s in range(4)}
    state = everyone_bids(state, bids)
    ev = reveal_of(state)
    assert (ev["winner"], state.chief, ev["tie"]) == (winner, new_chief, True)
    said = str(Text.from_json(ev["say"]))        # the table screen explains the decision in words
    assert said.startswith("A tie at power 2.") and f"Player {winner + 1} wins robot 5 nut" in said
    assert f"Player {new_chief + 1}, the losing tied player" in said
    assert said.endswith("becomes chief mechanic.")
    assert state.view(None)["chief"] == new_chief


def test_without_a_tie_the_chief_mechanic_stays() -> None:
    """Tied bid rules apply only to a tie: the highest bid simply wins."""
    state = position(3, hands=[["R1N"], ["R2Na"], ["R3Na"]], open=["R5N", "R1B"], chief=1)
    state = everyone_bids(state, {0: ["R1N"], 1: ["R2Na"], 2: ["R3Na"]})
    assert reveal_of(state)["winner"] == 2 and state.chief == 1


def test_a_player_with_no_cards_cannot_bid() -> None:
    """No cards left: "Players without cards in their hand can no longer bid and so cannot win
    cards" -- the auction goes on without them."""
    state = position(3, hands=[[], ["R1N"], ["R2Na"]], piles=[["R5N"], [], []], open=["R5B", "R1B"])
    assert state.awaiting == (1,)      # the chief (seat 0) has no cards: the next one clockwise bids
    assert_refused(state, 0, {"type": "bid", "cards": ["R5N"]}, "no cards")
    state = everyone_bids(state, {1: ["R1N"], 2: ["R2Na"]})
    assert reveal_of(state)["winner"] == 2


def test_everyone_out_of_cards_mid_round_reshuffles_their_discard_piles() -> None:
    """No cards left: "If all players are without cards at the end of an auction, but before the end
    of the round, all players take their discard pile, including robots just won, shuffle and take
    the top six ... Production units always stay open"."""
    piles = [["R1N", "R1B", "R1C", "R1O", "R2Na", "R2Nb", "R2Ba"], ["R3Na"], ["R3Nb", "R3Ba"]]
    state = position(3, hands=[[], [], ["M3"]], piles=piles, units=[["PO"], [], []],
                     open=["R5N"], deck=["R5B", "R5C"], face_down=2)
    state = bid(state, 2, "M3")
    assert reveal_of(state)["winner"] == 2
    assert any(e["type"] == "reshuffle" for e in state.events)
    assert [len(h) for h in state.hands] == [6, 1, 4]        # six, or all they have
    assert [len(p) for p in state.piles] == [1, 0, 0]
    assert state.units[0] == ["PO"] and state.phase == "bid" and state.open == ["R5B"]


def test_bids_go_clockwise_from_the_chief_and_each_sees_how_many_cards_earlier_bids_hold() -> None:
    """Auctions: "Clockwise, starting with the chief mechanic, every player chooses one or more cards
    from their hand to bid on the first open card. Players lay their bid cards face down in front of
    them, so that every player can see how many cards the bid holds, but not which ... When all
    players have chosen, every bid is revealed at the same moment." (the default, ``in_turn``)"""
    state = position(3, hands=[["R1N"], ["R1B", "R2Na"], ["R1C", "R3Na"]], open=["R5N", "R1O"], chief=1)
    assert state.bidding == "in_turn" and state.awaiting == (1,)
    assert state.legal_actions(0) == [] and state.legal_actions(2) == []
    assert_refused(state, 2, {"type": "bid", "cards": ["R1C"]}, "clockwise", "chief mechanic")
    state = bid(state, 1, "R1B", "R2Na")
    assert state.awaiting == (2,)                               # clockwise: seat 2, then seat 0
    seen = state.view(2)["players"][1]
    assert seen["bid_count"] == 2 and "R2Na" not in str(state.view(2))  # how many, never which
    assert_refused(state, 0, {"type": "bid", "cards": ["R1N"]}, "turn to bid")
    state = bid(state, 2, "R3Na")
    assert state.awaiting == (0,) and not any(e["type"] == "reveal" for e in state.events)
    state = bid(state, 0, "R1N")
    assert reveal_of(state)["winner"] == 1 and reveal_of(state)["powers"] == {"0": 1, "1": 3, "2": 3}


def test_the_simultaneous_bidding_option_awaits_every_bid_at_once() -> None:
    """Our variant (docs/fzzzt.md, "Bidding"): with ``bidding="simultaneous"`` every player with
    cards bids at once; the reveal is the same."""
    state = GAME.start(players=3, seed=7, options={"bidding": "simultaneous"})
    assert isinstance(state, FzzztState) and state.bidding == "simultaneous" and state.awaiting == (0, 1, 2)
    default = GAME.start(players=3, seed=7)
    assert isinstance(default, FzzztState) and default.awaiting == (default.chief,)
    with pytest.raises(IllegalAction):
        GAME.start(players=3, seed=7, options={"bidding": "whenever"})


def test_bidding_is_secret_until_the_reveal() -> None:
    """Auctions: "everyone can see how many cards a bid has, but not which cards"."""
    state = position(3, hands=[["R1N", "R2Na"], ["R1B"], ["R1C"]], open=["R5N", "R1O"])
    state = bid(state, 0, "R1N", "R2Na")
    other = state.view(1)
    assert other["players"][0]["bid_count"] == 2 and other["to_act"] == [1]
    assert "R2Na" not in str(other) and "R2Na" not in str([e for e in state.events if e["visible_to"] != [0]])
    assert state.view(0)["you"]["bid_power"] == 3
    assert_refused(state, 0, {"type": "bid", "cards": ["R1N"]}, "already")
    assert_refused(state, 1, {"type": "bid", "cards": ["R1C"]}, "your own hand")
    assert_refused(state, 1, {"type": "bid", "cards": []}, "at least one card")


# --------------------------------------------------------------------------- clean-up and the end


def test_cleanup_assigns_one_matching_card_per_unit_and_it_stays() -> None:
    """Clean-up: "Every player takes all their cards, including the discard pile ... and may assign
    one card to each of their production units ... The symbol on the robot must match one of the
    unit's symbols. An assigned robot cannot be moved again"."""
    state = position(2, hands=[["R2Na"], ["R1N"]], piles=[["R2Oa", "R3Na", "Fa"], []],
                     units=[["PO", "PNB"], []], open=["R1B"],
                     deck=["R5N", "R5B", "R5C", "R5O", "R4N", "R4B", "R4C", "R4O", "Ua"])
    state = everyone_bids(state, {0: ["R2Na"], 1: ["R1N"]})
    assert state.phase == "cleanup" and state.awaiting == (0,)
    assert sorted(state.hands[0]) == ["Fa", "R1B", "R2Na", "R2Oa", "R3Na"]
    assert_refused(state, 0, {"type": "assign", "unit": "PO", "card": "R3Na"}, "no symbol")
    assert_refused(state, 0, {"type": "assign", "unit": "PO", "card": "Fa"})
    state = state.apply(0, {"type": "assign", "unit": "PO", "card": "R2Oa"})
    assert_refused(state, 0, {"type": "assign", "unit": "PO", "card": "R3Na"}, "already")
    state = state.apply(0, {"type": "assign", "unit": "PNB", "card": "R3Na"})
    assert isinstance(state, FzzztState)
    assert state.phase == "bid" and state.round == 2                # next round began
    assert state.pins[0] == [("PO", "R2Oa", 1), ("PNB", "R3Na", 1)]
    assert "R2Oa" not in state.hands[0] + state.piles[0]      # it stays on the unit, out of play
    units = state.view(1)["players"][0]["units"]
    assert [r["id"] for u in units for r in u["robots"]] == ["R2Oa", "R3Na"]


def test_the_game_ends_when_the_deck_cannot_fill_a_row_of_eight() -> None:
    """Clean-up: "If there are too few cards in the conveyor deck to lay a new row of eight, the game
    ends and the players count their points"."""
    state = position(2, hands=[["R2Na"], ["R1N"]], open=["R1B"], deck=["R5N"])
    state = everyone_bids(state, {0: ["R2Na"], 1: ["R1N"]})
    assert state.phase == "over" and state.awaiting == ()
    assert state.outcome is not None and state.outcome["winners"] == [0]
    assert state.view(None)["scores"][0]["total"] == 3       # robots 2 + 1


# --------------------------------------------------------------------------- physical chance


def test_physical_chance_the_chief_mechanic_enters_each_turned_conveyor_card() -> None:
    """Issue 6: "with the physical option the chief mechanic enters each turned conveyor card from the
    list of cards still in the deck". Preparation: "The chief mechanic turns the card at the head of
    the conveyor ... Only when all open cards are auctioned does the chief mechanic turn the next
    face-down card". The host enters the mechanic cards dealt (nobody is chief yet)."""
    state = GAME.start(players=3, seed=1, options={"chance": "physical"})
    assert state.awaiting == (TABLE,) and len(state.chance_outcomes()) == 6
    state = state.apply(TABLE, {"type": "mechanics", "numbers": [3, 1, 2]})
    assert isinstance(state, FzzztState) and state.chief == 1 and state.phase == "turn"
    assert state.awaiting == (1,)           # the chief's phone, not the host
    with pytest.raises(IllegalAction):
        state.chance_outcomes()             # nothing is left to chance: the real card is turned
    offered = state.legal_actions(1)
    assert {a["type"] for a in offered} == {"turn"}
    names = [a["card"] for a in offered]
    assert set(state.deck) >= set(names) and "M1" not in names and "R2Nb" in state.deck
    assert len(names) == len({state.cards[c].signature for c in state.deck})   # each kind once
    assert state.legal_actions(0) == [] and state.legal_actions(TABLE) == []
    assert_refused(state, TABLE, {"type": "turn", "card": "R4N"}, "chief mechanic")
    assert_refused(state, 0, {"type": "turn", "card": "R4N"}, "chief mechanic")
    state = state.apply(1, {"type": "turn", "card": "R4N"})        # conveyor number 2
    assert state.awaiting == (1,)
    turned = [e for e in state.events if e["type"] == "turned"]
    assert [(e["card_id"], e["visible_to"]) for e in turned] == [("R4N", "all")]
    assert_refused(state, 1, {"type": "turn", "card": "M1"}, "still in the conveyor deck")
    assert_refused(state, 1, {"type": "turn", "card": "R4N"}, "still in the conveyor deck")
    state = state.apply(1, {"type": "turn", "card": "R5O"})
    assert state.open == ["R4N", "R5O"] and state.phase == "bid" and state.awaiting == (1,)


def test_digital_chance_turns_the_conveyor_by_itself() -> None:
    """Digital mode is unchanged: the state's own Rng turns the conveyor cards; no seat enters them."""
    state = GAME.start(players=3, seed=1)
    assert state.phase == "bid" and state.open and TABLE not in state.awaiting


def test_physical_players_confirm_the_six_cards_they_drew() -> None:
    """Issue 6: "each player confirms the six cards they drew" (when they own more than six)."""
    piles = [["R1N", "R1B", "R1C", "R1O", "R2Na", "R2Nb", "R2Ba", "M1"], ["M2"]]
    state = bid(position(2, hands=[[], ["M2"]], piles=[piles[0], []], open=["R5N"],
                         deck=["R5B", "R5C"], face_down=2, chance="physical"), 1, "M2")
    assert state.phase == "draw" and state.awaiting == (0,)
    names = [a["card"] for a in state.legal_actions(0)]
    assert "R2Nb" not in names and "R2Na" in names            # identical cards are offered once
    for card in ["R1N", "R1B", "R1C", "R1O", "R2Na", "R2Nb"]:
        state = state.apply(0, {"type": "draw", "card": card})
    assert isinstance(state, FzzztState)
    assert len(state.hands[0]) == 6 and sorted(state.piles[0]) == ["M1", "R2Ba"]
    assert state.phase == "turn" and state.awaiting == (state.chief,)   # the chief turns the next card


def test_a_two_player_tie_at_zero_goes_to_the_chief_and_the_other_becomes_chief() -> None:
    """Tied bid, with two players: two mechanic cards (power 0 each) tie; the chief wins and the
    other player, the only losing tied player, becomes chief mechanic."""
    state = position(2, hands=[["M1", "R1N"], ["M2", "R1B"]], open=["R5N", "R1C"], chief=1)
    state = everyone_bids(state, {0: ["M1"], 1: ["M2"]})
    ev = reveal_of(state)
    assert ev["powers"] == {"0": 0, "1": 0} and ev["winner"] == 1 and state.chief == 0


def test_the_position_notation_round_trips_and_refuses_nonsense() -> None:
    """Position notation: hands, piles, conveyor, units, chief and bids placed survive a round trip;
    a malformed line is refused with a sentence, never a traceback."""
    from engines import IllegalAction
    state = bid(position(3, hands=[["R1N", "R2Na"], ["R1B"], ["R1C"]], piles=[["Fa"], [], []],
                         units=[["PO"], [], []], pins=[[("PO", "R2Oa", 1)], [], []], open=["R5N", "R1O"],
                         deck=["R5B", "R5C"], face_down=1, chief=2, bidding="simultaneous"), 0, "R2Na")
    text = state.notation()
    assert "bidding=simultaneous" in text
    assert GAME.load(text) == state and GAME.load(text).notation() == text
    assert "bids=R2Na|-|-" in text and "pins=PO:R2Oa:1||" in text
    for bad in ["", "chess", text.replace("n=3", "n=9"), text.replace("R5B", "R9Z"),
                text.replace("hands=", "hands=R5N,"), text.replace(" round=1", "")]:
        with pytest.raises(IllegalAction):
            GAME.load(bad)


def test_malformed_actions_are_refused_in_words_in_every_phase() -> None:
    """Bad input gets a clear refusal (an IllegalAction, a 4xx at the table), never a crash."""
    from engines import IllegalAction
    junk: list[object] = [None, [], "bid", {"type": 3}, {"type": "bid"}, {"type": "bid", "cards": "R1N"},
                          {"type": "bid", "cards": [[1]]}, {"type": "bid", "cards": [{"a": 1}, "M1"]},
                          {"type": "bid", "cards": ["M1", "M1"]}, {"type": "assign", "unit": [], "card": {}},
                          {"type": "assign", "unit": "PO", "card": "Zz"}, {"type": "draw", "card": None},
                          {"type": "turn", "card": ["R5N"]}, {"type": "mechanics", "numbers": "1,2"},
                          {"type": "bid", "notation": "bid nonsense"}]
    seen_phases = set()
    for chance in ("digital", "physical"):
        state = GAME.start(players=3, seed=5, options={"chance": chance})
        for step in range(400):
            if not state.awaiting:
                break
            assert isinstance(state, FzzztState)
            seen_phases.add(state.phase)
            for seat in [*state.awaiting, 0, 1, 2, TABLE, 7, True]:
                for action in junk:
                    with pytest.raises(IllegalAction):
                        state.apply(seat, action)  # type: ignore[arg-type]
            seat = state.awaiting[step % len(state.awaiting)]
            legal = ([a for a, _ in state.chance_outcomes()] if seat == TABLE
                     else state.legal_actions(seat))
            state = state.apply(seat, legal[step % len(legal)])
    assert seen_phases >= {"mechanics", "turn", "bid", "cleanup", "draw"}


def test_a_clean_up_position_in_which_nobody_can_assign_a_card_is_refused_with_the_reason() -> None:
    """Clean-up: "Every player ... may assign one card to each of their production units. The
    symbol on the robot must match one of the unit's symbols." A clean-up in which no player has a
    matching card for any unit is over as it begins (the next round starts): a position that still
    says "clean-up" would wait for nobody and never end, so loading it is refused, in words."""
    from engines import IllegalAction
    state = position(2, phase="cleanup", hands=[["R1B"], ["Fa"]], units=[["PO"], []],
                     deck=["R5N", "R5B", "R5C", "R5O", "R4N", "R4B", "R4C", "R4O", "Ua"])
    assert state.awaiting == ()
    with pytest.raises(IllegalAction, match="nobody can put a card on a production unit"):
        GAME.load(state.notation())
    able = position(2, phase="cleanup", hands=[["R1O"], ["Fa"]], units=[["PO"], []],
                    deck=["R5N", "R5B", "R5C", "R5O", "R4N", "R4B", "R4C", "R4O", "Ua"])
    assert able.awaiting == (0,) and GAME.load(able.notation()) == able   # one who can: fine
    stuck = position(2, phase="bid", hands=[[], []], open=["R1B"])
    with pytest.raises(IllegalAction, match="nobody is asked to act"):
        GAME.load(stuck.notation())
