"""Act 2, a round begins and ends (rulebook, "2. Akt: Übersicht", phase 1, "Ende der Runde", "Ende
der Partie"): the lowest of Act 2's rules, which every later phase may call.

1. Three resurface cards are turned (the companion draws them from a complete box, or the table
   enters what it turned) and put at A, B and C.

Phases 2-4 are :mod:`engines.jaws.orca.prepare`'s, 5-6 :mod:`engines.jaws.orca.fight`'s. A round ends
when the shark dives; a crew member at the end of his wound track is out; the game ends at once when
the shark is, the whole crew is, or the Orca is destroyed.
"""

from __future__ import annotations

import engines.jaws.words as words
from engines.jaws.box import RESURFACE_CARDS as RESURFACE_CARDS_FULL
from engines.jaws.box import Resurface, _multiset_max
from engines.jaws.common import ROLES
from engines.jaws.orca.tell import tell
from engines.jaws.orca.voyage import CHIPS, SHARK, Voyage
from engines.text import N_, Text


def new_round(p: Voyage) -> None:
    a = p.orca()
    a.round += 1
    a.options = [None, None, None]
    a.chip = a.card = a.baited = a.surfaced = a.played = a.bite = a.domino = -1
    a.locked = a.bait = a.rammed = a.mauled = a.helped = a.offered = False
    a.shown = len(a.hand)
    a.moved = [0, 0, 0]
    a.target = [-1, -1, -1]
    a.ready = [False, False, False]
    a.decided = [0, 0, 0]
    a.caged = [False, False, False]
    a.asked = [False, False, False]
    a.roll, a.dice, a.extra, a.hits = [], [], [], 0
    for r in range(3):
        if a.weapon[r] >= 0 and a.weapon[r] not in a.kit[r]:
            a.weapon[r] = -1
    tell(p, "round2", "Round {round} of Act 2: three resurface cards are turned.", round=a.round)
    if a.deck_mode == "digital":
        for slot in range(3):
            if not a.draw:
                a.draw, a.rng = a.rng.shuffled(a.discard)
                a.discard = []
                tell(p, "reshuffle", "The resurface deck is used up: its discard pile is shuffled.")
            _show(p, slot, a.draw.pop(0))
        a.phase = "decide"
    else:
        a.phase = "turn"


def _show(p: Voyage, slot: int, card: Resurface) -> None:
    a = p.orca()
    a.options[slot] = card
    msgid = (
        N_("Option {chip}: zone {zone}, evade {evade}, {dice} dice, shake-off.")
        if card.shake
        else N_("Option {chip}: zone {zone}, evade {evade}, {dice} dice.")
    )
    tell(
        p,
        "option",
        msgid,
        chip=CHIPS[slot],
        zone=a.layout.zones[card.zone],
        evade=card.evade,
        dice=card.dice,
        shake_off=card.shake,
    )


def enter_option(p: Voyage, slot: int, card: Resurface) -> None:
    """The table turned a resurface card (physical deck) and entered it."""
    a = p.orca()
    if len(a.turned) >= RESURFACE_CARDS_FULL:  # the real deck was used up and shuffled
        a.turned = []
    a.turned.append(card)
    a.most = _multiset_max(a.most, a.turned, RESURFACE_CARDS_FULL)
    _show(p, slot, card)
    if all(c is not None for c in a.options):
        a.phase = "decide"
        tell(p, "decide", "The shark chooses where to resurface, in secret.")


# --------------------------------------------------------------------------- wounds and the end


def wound(p: Voyage, who: int, n: int) -> None:
    """``n`` wounds to a crew member (0-2) or the shark (3); at the end of the track: eliminated."""
    a = p.orca()
    if n <= 0:
        return
    if who < SHARK and a.caged[who]:
        tell(
            p,
            "cage_saves",
            "The shark cage: {role} is not wounded.",
            role=ROLES[who],
            words={"role": words.role(who)},
        )
        return
    a.wounds[who] += n
    if a.wounds[who] < a.tracks[who]:
        return
    if who == SHARK:
        finish(p, "crew", Text("The shark's wound track reaches its X: the crew wins."))
        return
    a.out[who] = True
    a.at[who] = -1
    a.kit[who] = []
    a.weapon[who] = a.target[who] = -1
    a.ready[who] = True
    tell(
        p,
        "eliminated",
        "{role}'s wound track reaches its X: he is out of the game.",
        role=ROLES[who],
        words={"role": words.role(who)},
    )
    if not a.alive():
        finish(p, "shark", Text("The whole crew is eliminated: the shark wins."))


def end_round(p: Voyage) -> None:
    a = p.orca()
    if a.deck_mode == "digital" and a.chip >= 0:
        chosen = a.options[a.chip]
        if chosen is not None:
            a.discard.append(chosen)
    a.played = -1
    a.surfaced = -1
    tell(p, "dived", "The shark dives into the deep. The crew takes back the target chips.")
    new_round(p)


def finish(p: Voyage, winner: str, reason: Text) -> None:
    a = p.orca()
    a.winner = winner
    a.phase = "over"
    p.phase = "over"
    tell(p, "game_over", reason.msgid, winner=winner, **reason.params)
