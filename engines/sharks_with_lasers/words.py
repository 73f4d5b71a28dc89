"""The words and phrases that go inside Sharks with Lasers sentences, each a msgid of its own.

A Dutch or German phone must not read "white" or "beach" pasted into its sentence, and an
adjective changes its ending with gender and case ("de witte haai", "den weißen Hai"), so a shark
is never glued together from a colour word: each whole phrase is one msgid, per shark and per the
role it plays in the sentence (the one acting at the start, the one acted on, its laser, its
stack). Event *data* keeps its plain values (``shark="white"``, ``facing="N"``) for the screens;
only the sentence parameters are these :class:`~engines.text.Text` phrases.

>>> str(shark(0)), str(shark("black", "object")), str(shark(1, "laser"))
('The white shark', 'the black shark', "The grey shark's laser")
>>> str(compass("E")), str(card_name("d"))
('E', 'Laser Blast Deflector')
"""

from __future__ import annotations

from engines.sharks_with_lasers.board import SHARKS
from engines.sharks_with_lasers.cards import CARDS
from engines.text import N_, Text

# role -> one msgid per shark (white, grey, black)
_SHARK_PHRASES: dict[str, tuple[str, str, str]] = {
    # the shark that acts, at the start of a sentence (nominative)
    "subject": (N_("The white shark"), N_("The grey shark"), N_("The black shark")),
    # the shark acted on, after a verb or "on" (accusative: "auf den weißen Hai")
    "object": (N_("the white shark"), N_("the grey shark"), N_("the black shark")),
    "laser": (N_("The white shark's laser"), N_("The grey shark's laser"), N_("The black shark's laser")),
    "stack": (N_("the white shark's stack"), N_("the grey shark's stack"), N_("the black shark's stack")),
    "Stack": (N_("The white shark's stack"), N_("The grey shark's stack"), N_("The black shark's stack")),
    "card": (N_("The white shark's card"), N_("The grey shark's card"), N_("The black shark's card")),
    # after a noun ("the beam of the white shark": genitive)
    "of": (N_("of the white shark"), N_("of the grey shark"), N_("of the black shark")),
}


# which way a figure goes, by direction number (N, E, S, W)
SIDES = (N_("toward the beach"), N_("to the right"), N_("toward the boat"), N_("to the left"))


def shark(which: int | str, role: str = "subject") -> Text:
    """A shark (index or name) as a whole phrase for its ``role`` in the sentence."""
    index = which if isinstance(which, int) else SHARKS.index(which)
    return Text(_SHARK_PHRASES[role][index])


# a facing letter as the table reads it: a msgid of its own, since German writes O for east
COMPASS = {"N": N_("N"), "E": N_("E"), "S": N_("S"), "W": N_("W")}


def compass(letter: str) -> Text:
    """A facing letter (N, E, S, W) as the table reads it: a msgid of its own, since German writes
    O for east (and a translation may spell the direction out)."""
    return Text(COMPASS[letter])


def side(direction: int) -> Text:
    """A direction number as the way a figure goes ("toward the beach", "to the left")."""
    return Text(SIDES[direction])


# what a base card does on a shark: its shark face, as the card prints it
SHARK_FACES = {"forward": N_("Forward"), "turn_left": N_("Turn left"), "turn_right": N_("Turn right"),
               "turn_around": N_("Turn 180 degrees"), "laser": N_("Fire laser")}


def on_shark(code: str) -> Text:
    """A card on a shark's stack by what it does there: a base card's shark face ("Fire laser"),
    a special's printed name."""
    card = CARDS[code]
    return Text(SHARK_FACES[card.shark]) if card.shark in SHARK_FACES else card_name(code)


def as_protection(code: str) -> Text:
    """A first-action protection by its name: the base card's Shield face, a special's printed name."""
    card = CARDS[code]
    return Text(N_("Shield")) if card.agent == "shield" else card_name(code)


def card_name(code: str) -> Text:
    """A card's printed name; a translation may keep it as printed or use the local edition's."""
    return Text(CARDS[code].name)


def card_names(codes: list[str]) -> Text:
    """Several card names in a list ("nothing" for none), each translated."""
    if not codes:
        return Text("nothing")
    out = card_name(codes[0])
    for code in codes[1:]:
        out = Text("{list}, {name}", {"list": out, "name": card_name(code)})
    return out


def label(msgid: str, **params: object) -> dict[str, object]:
    """A button label for a legal action: a sentence in its JSON form."""
    return Text(msgid, dict(params)).to_json()
