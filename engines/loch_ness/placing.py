"""Setting up: the decks, the sites, and the advanced version's placement round.

Base game ("Begin van het spel"): the tool cards lie sorted and open; the water and land cards
are shuffled apart, a water card goes on every dive site and a land card on every island site
(two where a site takes two), the rest make the two piles. With 3 players the cards marked IV
are left out.

Advanced ("Versie voor gevorderden"): the tool cards are shuffled into three face-down stacks (two
with 3 players); each player takes the discovery cards of their own colour and, starting with the
player left of the start player, each lays one face down on a site of their choice, until every
site is full ("let op dat sommige lokaties twee kaartjes nodig hebben"). The cards left over are
shuffled with the cards without a colour. If the players' cards run out before every site is full,
the rest are filled from the piles (our ruling: the rulebook assumes enough cards).
"""

from __future__ import annotations

from engines.loch_ness.play import begin_turn
from engines.loch_ness.table import STACKS, Table, deal, shuffled
from engines.loch_ness.words import FIND_WORD, TOOLS, find_phrase


def set_up(t: Table) -> None:
    """Decks, sites and (advanced) stacks and hands; the first turn or the placement round."""
    if t.advanced:
        tools = [code for code, count in zip(TOOLS, t.decks.tools, strict=True) for _ in range(count)]
        tools = shuffled(t, tools)
        k = STACKS[t.players]
        t.stacks = [tools[i::k] for i in range(k)]
        t.hands = [sorted(t.decks.cards(t.players, colour=seat + 1)) for seat in range(t.players)]
        uncoloured = (0, *range(t.players + 1, 5))   # the cards without a colour, and the absent players'
        rest = [c for colour in uncoloured for c in t.decks.cards(t.players, colour=colour)]
        _fill_piles(t, rest)
        t.say("setup", "The tool cards are shuffled into {count} face-down stacks. Each player lays "
              "their own colour's discovery cards face down on the sites, one at a time.", count=k)
        t.phase = "place"
        t.seat = (t.start_player + 1) % t.players
        _next_placer(t, first=True)
        return
    t.supply = list(t.decks.tools)
    _fill_piles(t, t.decks.cards(t.players))
    for s in t.board.sites:
        deal(t, s)
    t.say("setup", "A discovery card lies face down on every site; the rest make the water pile and the "
          "land pile. Each player has one boat in the harbour, reputation 5 and 3 bagpipe tokens.")
    start_play(t)


def _fill_piles(t: Table, cards: list[str]) -> None:
    water = [c[0] for c in cards if c[1] == "w"]
    land = [c[0] for c in cards if c[1] == "l"]
    t.piles = [shuffled(t, water), shuffled(t, land)]


def start_play(t: Table) -> None:
    t.phase, t.seat = "turn", t.start_player
    begin_turn(t)


# --------------------------------------------------------------------------- the placement round


def open_slots(t: Table) -> list[int]:
    return [s for s in t.board.sites if len(t.face_down[s]) < t.board.site[s]]


def place(t: Table, seat: int, card: str, site: int) -> None:
    """``card`` (kind+back) from the player's hand face down on ``site``."""
    t.hands[seat].remove(card)
    t.face_down[site].append(card[0])
    t.laid_by[site].append(seat)
    t.say("placed", "{seat} lays a card face down on {site}.", seat=seat, site=t.sid(site))
    t.say("placed_own", "You lay {card} face down on {site}.", visible_to=[seat],
          words={"card": find_phrase(card[0])}, seat=seat, site=t.sid(site), card=FIND_WORD[card[0]])
    t.seat = (seat + 1) % t.players
    _next_placer(t)


def _next_placer(t: Table, first: bool = False) -> None:
    """The next player with a card in hand, clockwise; the end of the round when the sites are
    full or the hands empty."""
    if open_slots(t):
        for i in range(t.players):
            seat = (t.seat + i) % t.players
            if t.hands[seat]:
                t.seat = seat
                return
    leftover = [c for hand in t.hands for c in hand]
    for hand in t.hands:
        hand.clear()
    _fill_piles(t, [*(p + "w" for p in t.piles[0]), *(p + "l" for p in t.piles[1]), *leftover])
    missing = open_slots(t)
    for s in missing:
        deal(t, s)
    t.say("placed_all", "Every site is full. The cards left over are shuffled with the cards without a "
          "colour.", filled=[t.sid(s) for s in missing])
    start_play(t)
