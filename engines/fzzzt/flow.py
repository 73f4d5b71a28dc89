"""How a Fzzzt! state moves on: one legal action in, a new state and its events out.

Works on a working copy of the state (``state.copy()``, the one state pattern of
:class:`engines.core.Working`) and settles it at the end, so the old state is never touched.
Every rule step is one small function named after the rulebook's words.
"""

from __future__ import annotations

from typing import TypeVar

from engines.core import DIGITAL, PHYSICAL, TABLE, Action, Seat
from engines.fzzzt.table import HAND_SIZE, ROW, FzzztTable, resolve_tie
from engines.text import Text, plural

S = TypeVar("S", bound=FzzztTable)
"""The table or the state on it (:class:`engines.fzzzt.state.FzzztState`): a step returns the same kind."""

# --------------------------------------------------------------------------- start


def start(state: S) -> S:
    d = state.copy()
    if d.chance == DIGITAL:
        numbers, d.rng = d.rng.shuffled(list(range(1, d.n + 1)))
        deal_mechanics(d, numbers)
    return d.settled()


def deal_mechanics(d: FzzztTable, numbers: list[int]) -> None:
    """Setup: mechanic cards by player count, number 1 is chief, starters to hand, deck shuffled."""
    d.mechanics = list(numbers)
    d.chief = numbers.index(1)
    in_play = set(numbers)
    for seat, number in enumerate(numbers):
        d.hands[seat] = [f"M{number}"] + [c.id for c in d.cards.values() if c.starter == number]
    dealt = {c for h in d.hands for c in h}
    deck = [c.id for c in d.cards.values()
            if c.id not in dealt and not (c.kind == "mechanic" and c.mechanic not in in_play)]
    if d.chance == DIGITAL:
        deck, d.rng = d.rng.shuffled(sorted(deck))
    d.deck = deck if d.chance == DIGITAL else sorted(deck)
    d.say("setup", "{seat} drew mechanic card 1 and is the chief mechanic.", seat=d.chief,
          mechanics=list(numbers))
    new_round(d)


def new_round(d: FzzztTable) -> None:
    """Preparation: everyone shuffles their own cards and takes six; eight cards on the conveyor."""
    d.round += 1
    for seat in range(d.n):
        draw_six(d, seat)
    d.face_down, d.open, d.to_turn = ROW, [], 0
    d.say("round", "Round {round}: eight cards lie face down on the conveyor.", round=d.round)
    carry_on(d)


def draw_six(d: FzzztTable, seat: Seat) -> None:
    cards = d.hands[seat] + d.piles[seat]
    if len(cards) <= HAND_SIZE:
        d.hands[seat], d.piles[seat] = cards, []
    elif d.chance == DIGITAL:
        cards, d.rng = d.rng.shuffled(sorted(cards))
        d.hands[seat], d.piles[seat] = cards[:HAND_SIZE], cards[HAND_SIZE:]
    else:
        d.hands[seat], d.piles[seat] = [], cards   # the player tells us which six they drew
        d.phase = "draw"
    if d.hands[seat] or d.chance == DIGITAL:
        names = ", ".join(map(d.name, sorted(d.hands[seat])))
        d.say("hand", "Your hand: {cards}.", visible_to=[seat],
              words={"cards": d.phrases(sorted(d.hands[seat]))}, cards=names, hand=sorted(d.hands[seat]))


def carry_on(d: FzzztTable) -> None:
    """Whatever comes next in the round: drawing, turning conveyor cards, or bidding."""
    if d.phase == "draw" and any(len(d.hands[s]) < HAND_SIZE and d.piles[s] for s in range(d.n)):
        return
    while not d.open or d.to_turn:
        if d.chance == PHYSICAL:
            d.phase = "turn"
            return
        turn(d, d.deck[0])
    d.phase = "bid"
    d.bids = [None] * d.n


def turn(d: FzzztTable, card: str) -> None:
    """Turn a conveyor card. The head card's conveyor number says how many lie open."""
    d.deck.remove(card)
    head = not d.open
    d.face_down -= 1
    d.open.append(card)
    if head:
        number = d.cards[card].conveyor
        d.to_turn = min(number - 1, d.face_down)
        d.say("turned", plural(d.to_turn + 1,
                               "{card} is at the head of the conveyor; its conveyor number {number} "
                               "opens {count} card.",
                               "{card} is at the head of the conveyor; its conveyor number {number} "
                               "opens {count} cards."),
              words={"card": d.phrase(card)}, card=d.name(card), number=number, count=d.to_turn + 1,
              card_id=card)
    else:
        d.to_turn -= 1
        d.say("turned", "{card} is turned face up on the conveyor.", words={"card": d.phrase(card)},
              card=d.name(card), card_id=card)


# --------------------------------------------------------------------------- auctions


def place_bid(d: FzzztTable, seat: Seat, cards: list[str]) -> None:
    for c in cards:
        d.hands[seat].remove(c)
    d.bids[seat] = tuple(sorted(cards))
    d.say("bid", plural(len(cards), "{seat} placed a bid of {count} card face down.",
                        "{seat} placed a bid of {count} cards face down."), seat=seat, count=len(cards))
    d.say("my_bid", "You bid {cards}: power {power}.", visible_to=[seat], words={"cards": d.phrases(cards)},
          cards=", ".join(map(d.name, cards)), power=d.power(cards), bid=sorted(cards))
    if all(d.bids[s] is not None or not d.hands[s] for s in range(d.n)):
        reveal(d)


def reveal(d: FzzztTable) -> None:
    """All bids turn over at once; the highest power wins; losers take their bids back."""
    card = d.open[0]
    bidders = [s for s in range(d.n) if d.bids[s] is not None]
    powers = {s: d.power(d.bids[s] or ()) for s in bidders}
    top = max(powers.values())
    tied = [s for s in bidders if powers[s] == top]
    chief_before = d.chief
    if len(tied) == 1:
        winner = tied[0]
        why = Text("{seat} wins {card} with power {power}.",
                   {"seat": winner, "card": d.phrase(card), "power": top})
    else:
        winner, d.chief = resolve_tie(tied, chief_before, d.n)
        if winner == chief_before:
            why = Text("A tie at power {power}. {seat} wins {card} as the chief mechanic. {chief_seat}, "
                       "the losing tied player nearest clockwise to {seat}, becomes chief mechanic.",
                       {"power": top, "seat": winner, "card": d.phrase(card), "chief_seat": d.chief})
        else:
            why = Text("A tie at power {power}. The chief mechanic {old_seat} is not in it, so {seat} wins "
                       "{card} as the tied player nearest clockwise to the chief. {chief_seat}, the "
                       "losing tied player nearest clockwise to {seat}, becomes chief mechanic.",
                       {"power": top, "old_seat": chief_before, "seat": winner, "card": d.phrase(card),
                        "chief_seat": d.chief})
    d.last = (card, winner, chief_before, tuple(d.bids))
    won = d.cards[card]
    for s in bidders:
        bid = list(d.bids[s] or ())
        if s == winner:
            d.piles[s] += bid
        else:
            d.hands[s] += bid
    if won.kind == "unit":
        d.units[winner].append(card)
    else:
        d.piles[winner].append(card)
    d.open.pop(0)
    d.say("reveal", why, as_is=True, card=card, winner=winner, tie=len(tied) > 1, chief_before=chief_before,
          chief=d.chief, bids={str(s): list(d.bids[s] or ()) for s in bidders},
          powers={str(s): p for s, p in powers.items()})
    d.bids = [None] * d.n
    if not d.open and not d.face_down:
        start_cleanup(d)
        return
    if not any(d.hands):
        d.say("reshuffle", "Everyone is out of cards: each player shuffles their discard pile and "
              "takes six cards.")
        for s in range(d.n):
            draw_six(d, s)
    carry_on(d)


# --------------------------------------------------------------------------- clean-up


def start_cleanup(d: FzzztTable) -> None:
    """Clean-up: everyone takes up all their cards and may put one on each production unit."""
    for s in range(d.n):
        d.hands[s] += d.piles[s]
        d.piles[s] = []
    d.phase, d.done = "cleanup", []
    d.say("cleanup", "All eight cards are sold. Clean-up: put one matching robot on each production unit.")
    if not d.awaiting:
        finish_cleanup(d)


def assign(d: FzzztTable, seat: Seat, unit: str, card: str) -> None:
    d.hands[seat].remove(card)
    d.pins[seat].append((unit, card, d.round))
    d.say("assigned", "{seat} puts {card} on {unit}.", words={"card": d.phrase(card), "unit": d.phrase(unit)},
          seat=seat, card=d.name(card), unit=d.name(unit),
          unit_id=unit, card_id=card)
    if not d.awaiting:
        finish_cleanup(d)


def finish_cleanup(d: FzzztTable) -> None:
    if len(d.deck) < ROW:
        d.phase = "over"
        d.say("game_over", "The conveyor deck cannot fill a row of eight: the game ends. Scores are counted.")
        return
    new_round(d)


# --------------------------------------------------------------------------- the door's other side


def apply(state: S, seat: Seat, action: Action) -> S:
    d = state.copy()
    kind = action["type"]
    if seat == TABLE and kind == "mechanics":
        deal_mechanics(d, list(action["numbers"]))
    elif kind == "turn":   # TABLE in digital mode (never stored), the chief mechanic in physical
        turn(d, action["card"])
        carry_on(d)
    elif kind == "draw":
        d.piles[seat].remove(action["card"])
        d.hands[seat].append(action["card"])
        d.say("drew", "You drew {card}.", visible_to=[seat], words={"card": d.phrase(action["card"])},
              card=d.name(action["card"]),
              card_id=action["card"])
        carry_on(d)
    elif kind == "bid":
        place_bid(d, seat, list(action["cards"]))
    elif kind == "assign":
        assign(d, seat, action["unit"], action["card"])
    elif kind == "done":
        d.done.append(seat)
        if not d.awaiting:
            finish_cleanup(d)
    return d.settled()
