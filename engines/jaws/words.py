"""The words that go inside Jaws sentences, each a msgid of its own (the German edition's words:
Hai, Besatzung, Fass, Fischfinder, Fernglas, Bewegungsmelder, Schwimmer, Strand).

Event *data* keeps plain values (``role="quint"``, ``space="3"``) for the screens; only the
sentence parameters are these :class:`~engines.text.Text` words.

>>> str(role(2)), str(power(3)), str(beach(1))
('Quint', 'Speed Burst', 'E')
>>> str(eaten_list((0, 2, 0, 1), 1))
'2 swimmers at E, 1 swimmer at W, Michael at E'
"""

from __future__ import annotations

from engines.jaws.data import BEACH_ORDER
from engines.text import Text, plural

ROLE_NAMES = ("Brody", "Hooper", "Quint")
POWER_NAMES = ("Feeding Frenzy", "Evasive Moves", "Out of Sight", "Speed Burst")
SOURCE_NAMES = ("the Shop", "the dock", "the water", "Hooper's boat")


def role(r: int) -> Text:
    return Text(ROLE_NAMES[r])


def power(p: int) -> Text:
    return Text(POWER_NAMES[p])


def beach(slot: int) -> Text:
    """A beach by its letter: a msgid of its own (a translation may write O for east)."""
    return Text(BEACH_ORDER[slot])


def source(kind: int) -> Text:
    return Text(SOURCE_NAMES[kind])


def eaten_list(counts: tuple[int, ...] | list[int], michael: int) -> Text:
    """What the shark ate, beach by beach in the order N, E, S, W (never in the order it ate)."""
    parts = [
        Text(
            plural(n, "{count} swimmer at {beach}", "{count} swimmers at {beach}"),
            {"count": n, "beach": beach(slot)},
        )
        for slot, n in enumerate(counts)
        if n
    ]
    if michael >= 0:
        parts.append(Text("Michael at {beach}", {"beach": beach(michael)}))
    out = parts[0]
    for part in parts[1:]:
        out = Text("{list}, {item}", {"list": out, "item": part})
    return out


def label(msgid: str, **params: object) -> dict[str, object]:
    """A button label for a legal action: a sentence in its JSON form."""
    return Text(msgid, dict(params)).to_json()
