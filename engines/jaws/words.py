"""The words both acts of Jaws put inside their sentences, each a msgid of its own (the German
edition's words: Hai, Besatzung, Fass, ...): the crew's names, gear cards, button labels.
Act 1's names of the board's spaces and beaches are :mod:`engines.jaws.amity.phrases`.

Event *data* keeps plain values (``role="quint"``) for the screens; only the sentence parameters
are these :class:`~engines.text.Text` words.

>>> str(role(2)), str(roles([0, 2]))
('Quint', 'Brody and Quint')
"""

from __future__ import annotations

from engines.jaws.box import Gear
from engines.text import N_, Text

ROLE_NAMES = (N_("Brody"), N_("Hooper"), N_("Quint"))
GEAR_KINDS = {
    "melee": N_("melee weapon"),
    "ranged": N_("ranged weapon"),
    "entangle": N_("entangle weapon"),
    "bait": N_("bait"),
    "ammo": N_("ammunition"),
    "cage": N_("shark cage"),
}


def role(r: int) -> Text:
    return Text(ROLE_NAMES[r])


def roles(members: list[int]) -> Text:
    """Crew members, listed as a sentence lists them: Brody; Brody and Quint; Brody, Hooper and
    Quint (nl "en", de "und": review 2026-11-28, 3.4)."""
    out = role(members[0])
    for at, r in enumerate(members[1:], start=2):
        out = (Text("{names} and {last}", {"names": out, "last": role(r)}) if at == len(members)
               else Text("{list}, {item}", {"list": out, "item": role(r)}))
    return out


def gear(card: Gear) -> Text:
    """A gear card as a sentence names it: its printed name and its kind, or its kind alone."""
    kind = Text(GEAR_KINDS[card.kind])
    if card.name:
        return Text("{name} ({kind})", {"name": card.name, "kind": kind})
    return kind


def label(msgid: str | Text, **params: object) -> dict[str, object]:
    """A button label for a legal action: a sentence (or a :func:`plural` one) in its JSON form."""
    if isinstance(msgid, Text):
        return Text(msgid.msgid, {**msgid.params, **params}, msgid.plural).to_json()
    return Text(msgid, dict(params)).to_json()
