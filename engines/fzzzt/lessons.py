"""What a first game of Fzzzt! explains (``Game.lessons``, the table option "First game"), in the
words of the Dutch edition's rulebook (fzzzt.nl.txt).

Picked from the public view and the public events only (:func:`engines.core.public_lessons`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core import Event, Lesson, Seat
from engines.text import Text

ROUND = Lesson("round", Text("A bidding round"), Text(
    "A bidding round is eight auctions: the eight cards of the conveyor are sold one at a time, "
    "starting with the card at the head. The conveyor number on the card turned over there says how "
    "many cards lie face up, so you can see which cards are still to be sold."),
    Text("Bidding rounds: Preparation"),
    begins=("round",))
BID = Lesson("bid", Text("Bidding"), Text(
    "Choose one or more cards from your hand as your bid on the first face-up card, face down: "
    "everyone sees how many cards you bid, not which. When everyone has chosen, the bids are revealed "
    "together and the highest total power wins; a tie goes to the chief mechanic, or else to the tied "
    "player nearest to them clockwise."), Text("Auctions"))
WON = Lesson("won", Text("Winning an auction"), Text(
    "The winner puts a robot card face down on their discard pile, with the cards of their bid; a "
    "production unit is laid face up in front of them. The other players take their bids back into "
    "their hand. A Fzzzt! card adds 3 power to a bid but costs a point at the end."), Text("Auctions"),
    begins=("reveal",))
CLEANUP = Lesson("cleanup", Text("Clean-up and production units"), Text(
    "All eight cards are sold: the bidding round ends. Each player may now assign one card to each of "
    "their production units; the build symbol on the robot card must match one of the unit's symbols, "
    "and an assigned card stays there for the rest of the game. At the end each unit scores its points "
    "for every widget (a set of robot cards whose build symbols match it); a unit with no widget costs "
    "its points."),
    Text("Clean-up and building production units"),
    begins=("cleanup",))
ALL = (ROUND, BID, WON, CLEANUP)
"""Every lesson, in the order a game meets them (docs/fzzzt.md "First game")."""


def teach(view: Mapping[str, Any], awaiting: tuple[Seat, ...], events: list[Event]) -> tuple[Lesson, ...]:
    out: list[Lesson] = []
    phase = view.get("phase")
    if phase == "bid":
        out.append(ROUND)
    if any(ev.get("type") == "reveal" for ev in events):
        out.append(WON)
    if phase == "bid":
        out.append(BID)   # the decision now comes last (the phone of the seat to bid says it)
    if phase == "cleanup":
        out.append(CLEANUP)
    return tuple(out)
