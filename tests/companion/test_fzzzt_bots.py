"""Fzzzt! bots in the companion: a bot seat bids when its bid is awaited, alongside the phones.

Bids are simultaneous (docs/fzzzt.md, "Rulings"): every seat with cards is awaited at once, so the
companion's bot runner must bid for its seat without waiting for the humans, and the humans' bids
must not be made stale by the bot's.
"""

from __future__ import annotations

import json

from companion.service import Service


def test_a_bot_seat_bids_alongside_the_phones(service: Service) -> None:
    table = service.create_table("fzzzt", 3, {}, seed=7)["table"]
    service.seat_bot(table, 2)
    assert service.wait_for_bots()
    players = service.public(table)["view"]["players"]
    assert players[2]["bid_count"] is not None and not players[2]["thinking"]  # the bot has bid
    assert [p["thinking"] for p in players[:2]] == [True, True]  # the phones are still thinking
    assert service.public(table)["awaiting"] == [0, 1]
    for seat in (0, 1):
        hand = service.seat_view(table, seat)["view"]["you"]["hand"]
        service.act(table, seat, {"type": "bid", "cards": [hand[-1]["id"]]})
    assert service.wait_for_bots()
    view = service.public(table)["view"]
    assert view["last"] is not None and set(view["last"]["bids"]) == {"0", "1", "2"}  # all three revealed
    # the next auction: the bot has bid again (if it has cards), the humans are awaited
    assert service.public(table)["awaiting"] == [s for s in (0, 1) if view["players"][s]["hand_count"]]


def test_three_bots_play_a_whole_game_to_the_score_sheets(service: Service) -> None:
    table = service.create_table("fzzzt", 3, {}, seed=11)["table"]
    for seat in range(3):
        service.seat_bot(table, seat)
    assert service.wait_for_bots(timeout=60)
    public = service.public(table)
    assert public["outcome"] is not None
    sheets = public["view"]["scores"]
    assert [s["seat"] for s in sheets] == [0, 1, 2]
    best = max(s["total"] for s in sheets)
    assert all(sheets[w]["total"] == best for w in public["outcome"]["winners"])  # the winners scored most
    named = {c for s in sheets for c in s["cards"]}
    assert named <= set(public["view"]["cards"])  # every card a sheet names can be drawn
    json.dumps(public)  # the whole payload is JSON
