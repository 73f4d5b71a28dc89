"""What each seat may see of a Fzzzt! position (see docs/fzzzt.md for the shape).

Public: the open conveyor cards, how many lie face down and how many are left in
the deck, the chief mechanic, every player's production units (with the robots
put on them), hand and pile sizes, and how many cards each player has bid, never
which. After an auction every bid is revealed (``last``). The owner also sees
their own hand and their own bid. At the end everything is open: the score sheets.
"""

from __future__ import annotations

from typing import Any

from engines.core import Seat, View
from engines.fzzzt.table import FzzztTable


def _reveal(state: FzzztTable) -> dict[str, Any] | None:
    if state.last is None:
        return None
    card, winner, chief_before, bids = state.last
    return {"card": state.cards[card].to_json(), "winner": winner, "chief_before": chief_before,
            "bids": {str(s): [state.cards[c].to_json() for c in b]
                     for s, b in enumerate(bids) if b is not None},
            "powers": {str(s): state.power(b) for s, b in enumerate(bids) if b is not None}}


def view(state: FzzztTable, seat: Seat | None) -> View:
    cards = state.cards
    to_act = list(state.awaiting)
    players = []
    for s in range(state.n):
        bid = state.bids[s]
        players.append({
            "seat": s,
            "mechanic": state.mechanics[s],
            "chief": state.phase != "mechanics" and s == state.chief,
            "hand_count": len(state.hands[s]),
            "pile_count": len(state.piles[s]),
            "units": [{"card": cards[u].to_json(),
                       "robots": [cards[c].to_json() for uu, c, _ in state.pins[s] if uu == u]}
                      for u in state.units[s]],
            "bid_count": None if bid is None else len(bid),
            "thinking": s in to_act,
        })
    out: dict[str, Any] = {
        "game": "fzzzt",
        "phase": state.phase,
        "round": state.round,
        "to_act": to_act,
        "chief": state.chief,
        "chance": state.chance,
        "conveyor": {"open": [cards[c].to_json() for c in state.open],
                     "head": cards[state.open[0]].to_json() if state.open and state.phase == "bid" else None,
                     "face_down": state.face_down,
                     "deck": len(state.deck) - state.face_down},
        "players": players,
        "last": _reveal(state),
    }
    if seat is not None and 0 <= seat < state.n:
        bid = state.bids[seat]
        out["you"] = {
            "seat": seat,
            "hand": [cards[c].to_json() for c in state.hands[seat]],
            "bid": None if bid is None else [cards[c].to_json() for c in bid],
            "bid_power": None if bid is None else state.power(bid),
            "pile_count": len(state.piles[seat]),
        }
    if state.phase == "over":
        out["scores"] = state.score_sheets()
        # everything is open now: the cards the sheets name, so a screen can draw them
        named = {c for sheet in out["scores"] for c in sheet["cards"]}
        named |= {u for s in range(state.n) for u in state.units[s]}
        out["cards"] = {c: cards[c].to_json() for c in sorted(named)}
    return out
