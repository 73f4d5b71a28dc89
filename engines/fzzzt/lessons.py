"""What a first game of Fzzzt! explains (``Game.lessons``, the table option "First game"), in the
words of the Dutch edition's rulebook (fzzzt.nl.txt).

Picked from the public view and the public events only (:func:`engines.core.public_lessons`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core import Event, Lesson, Seat
from engines.text import Text

GAME = Lesson("game", Text("Robots for power and points"), Text(
    "You pay for robot cards and production units with the power of the cards in your hand, and every "
    "card you win joins your cards to bid with later. At the end a robot card counts its points, not its "
    "power, each Fzzzt! card costs 1 point and production units bring extra points: the most points "
    "wins, and a tie goes to the player with the fewest robot cards. The game ends when the conveyor deck "
    "holds too few cards for a new row of eight."),
    Text("Introduction to the game; Final scoring"),
    begins=("round",))
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
TIE = Lesson("tie", Text("A tie and the new chief mechanic"), Text(
    "After a tie the losing tied player nearest clockwise to the winner becomes the new chief mechanic and "
    "takes the wrench. The chief mechanic wins the next tie they are in, and bidding starts with them."),
    Text("Tie"),
    begins=("reveal",))
HAND = Lesson("hand", Text("Your hand and your discard pile"), Text(
    "Before every bidding round each player shuffles all their own cards, except the production units "
    "and the cards assigned to them, and takes six into their hand; the rest is their discard pile. When "
    "every hand is empty before the round is over, everyone shuffles their discard pile and takes six "
    "again; a player with no cards in hand cannot bid. You may count the cards in your discard pile, but "
    "never look at them."),
    Text("Preparation; No more cards in hand"),
    begins=("cleanup", "reshuffle"))
ALL = (GAME, ROUND, BID, WON, TIE, HAND, CLEANUP)
"""Every lesson, in the order a game meets them (docs/fzzzt.md "First game")."""

WHY: Mapping[str, tuple[str, ...]] = {
    # the chief mechanic: no lesson tells the mechanic cards' draw, the tie lesson says what the chief does
    "setup": ("tie", "bid"),
    "round": ("round", "hand"),   # a new row of eight, and six cards in every hand before it
    "turned": ("round",),
    "bid": ("bid",),
    "reveal": ("won", "bid", "tie"),
    "reshuffle": ("hand",),
    "cleanup": ("cleanup",),
    "assigned": ("cleanup",),
    "game_over": ("game", "cleanup"),   # the end and the points; the units score theirs
}
"""Issue 37, point 6 ("every told step on the TV offers 'Why?'"): each public event type the table
screen tells -> the lessons (keys of ``ALL``) whose rule decided it, the most relevant first."""
NO_RULE: frozenset[str] = frozenset()
"""Public event types no lesson explains (mapped to ``()`` in ``WHY``): none."""

WHY_PLAY: Mapping[str, tuple[str, ...]] = {
    "bid": ("bid", "hand"),
    "turn": ("round",),        # the chief mechanic enters a conveyor card turned (real cards)
    "draw": ("hand",),         # a hand drawn from the real discard pile
    "assign": ("cleanup",),
    "done": ("cleanup",),
    "mechanics": ("game",),    # the host enters the mechanic cards dealt
}
"""Each kind of play a phone makes -> the lessons that say its rule (a refused play's "Why?")."""


def teach(view: Mapping[str, Any], awaiting: tuple[Seat, ...], events: list[Event]) -> tuple[Lesson, ...]:
    out: list[Lesson] = []
    phase = view.get("phase")
    if phase in ("bid", "turn"):   # turn: with the real cards, the chief mechanic enters the cards turned
        out += [GAME, ROUND]
    if any(ev.get("type") == "reveal" for ev in events):
        out.append(WON)
    if any(ev.get("type") == "reveal" and ev.get("tie") for ev in events):
        out.append(TIE)
    # a player with no cards in hand who has not bid them all now: cannot bid this auction
    empty = phase == "bid" and any(not p.get("hand_count") and not p.get("bid_count")
                                   for p in view.get("players") or [])
    if empty or any(ev.get("type") in ("cleanup", "reshuffle") for ev in events):
        out.append(HAND)
    if phase == "bid":
        out.append(BID)   # the decision now comes last (the phone of the seat to bid says it)
    if phase == "cleanup":
        out.append(CLEANUP)
    return tuple(out)
