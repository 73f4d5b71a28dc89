"""Fzzzt! in the companion: the table's chance mode reaches the game, and a bot seat bids when its
bid is awaited, alongside the phones.

By the rulebook bids go clockwise from the chief mechanic (the default, ``bidding: "in_turn"``);
with ``bidding: "simultaneous"`` every seat with cards is awaited at once, so the companion's bot
runner must bid for its seat without waiting for the humans, and the humans' bids must not be made
stale by the bot's.
"""

from __future__ import annotations

import json

from companion.service import Service
from engines import TABLE
from tests.waits import patience


def test_the_tables_physical_mode_means_the_real_cards_are_dealt(service: Service) -> None:
    """Rulebook, "Voorbereiding" (translated): the mechanic cards are shuffled and dealt, one each;
    whoever gets mechanic 1 is the chief mechanic. With the real cards, the host enters the deal."""
    table = service.create_table("fzzzt", 3, {"chance": "physical"}, seed=3)["table"]
    public = service.public(table)
    assert public["chance"] == "physical" and public["view"]["chance"] == "physical"
    assert public["awaiting"] == [TABLE] and public["view"]["phase"] == "mechanics"
    offered = service.seat_view(table, TABLE)["legal_actions"]
    assert {a["type"] for a in offered} == {"mechanics"} and len(offered) == 6  # 3! deals of 3 cards
    deal = next(a for a in offered if a["numbers"] == [2, 1, 3])
    service.act(table, TABLE, deal)
    view = service.public(table)["view"]
    assert view["chief"] == 1 and [p["mechanic"] for p in view["players"]] == [2, 1, 3]
    assert service.public(table)["awaiting"] == [1] and view["phase"] == "turn"  # the chief turns a card


def test_a_digital_table_is_dealt_by_the_pi_and_the_host_sees_one_chance_choice(service: Service) -> None:
    table = service.create_table("fzzzt", 3, {}, seed=3)["table"]
    assert service.public(table)["view"]["chance"] == "digital"
    chief = service.public(table)["view"]["chief"]
    assert service.public(table)["awaiting"] == [chief]  # the chief bids first
    fzzzt = next(g for g in service.games() if g["id"] == "fzzzt")
    names = [o["name"] for o in fzzzt["options"]] + [o["name"] for o in fzzzt["table_options"]]
    assert names.count("chance") == 1  # the host's form has one chance field, the game's own


def test_a_bot_seat_bids_alongside_the_phones(service: Service) -> None:
    table = service.create_table("fzzzt", 3, {"bidding": "simultaneous"}, seed=7)["table"]
    service.seat_bot(table, 2)
    assert service.wait_for_bots(patience(10))
    players = service.public(table)["view"]["players"]
    assert players[2]["bid_count"] is not None and not players[2]["thinking"]  # the bot has bid
    assert [p["thinking"] for p in players[:2]] == [True, True]  # the phones are still thinking
    assert service.public(table)["awaiting"] == [0, 1]
    for seat in (0, 1):
        hand = service.seat_view(table, seat)["view"]["you"]["hand"]
        service.act(table, seat, {"type": "bid", "cards": [hand[-1]["id"]]})
    assert service.wait_for_bots(patience(10))
    view = service.public(table)["view"]
    assert view["last"] is not None and set(view["last"]["bids"]) == {"0", "1", "2"}  # all three revealed
    # the next auction: the bot has bid again (if it has cards), the humans are awaited
    assert service.public(table)["awaiting"] == [s for s in (0, 1) if view["players"][s]["hand_count"]]


def test_three_bots_play_a_whole_game_to_the_score_sheets(service: Service) -> None:
    table = service.create_table("fzzzt", 3, {}, seed=11)["table"]
    for seat in range(3):
        service.seat_bot(table, seat)
    assert service.wait_for_bots(patience(60))
    public = service.public(table)
    assert public["outcome"] is not None
    sheets = public["view"]["scores"]
    assert [s["seat"] for s in sheets] == [0, 1, 2]
    best = max(s["total"] for s in sheets)
    assert all(sheets[w]["total"] == best for w in public["outcome"]["winners"])  # the winners scored most
    named = {c for s in sheets for c in s["cards"]}
    assert named <= set(public["view"]["cards"])  # every card a sheet names can be drawn
    json.dumps(public)  # the whole payload is JSON
