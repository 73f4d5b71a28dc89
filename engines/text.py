"""Player-facing sentences: one message type and one translation function.

Every sentence a player can read (an error, an event told at the table, a
reason the game ended) leaves an engine as a :class:`Text`: an English
template (the msgid, gettext style) plus its parameters. Whoever shows it to a
person calls :func:`translate` with that person's language, so Dutch and
German catalogues can be added later without touching any engine.

>>> translate(Text("It is {seat}'s turn.", {"seat": 1}), seat_name=lambda s: "Anna")
"It is Anna's turn."
>>> str(Text("{count} cards", {"count": 3}))
'3 cards'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

# Catalogues map an English msgid to the same sentence in another language.
# English needs none. Dutch and German (the rulebooks' languages) are planned
# per phone; until a msgid is translated the English text is shown.
CATALOGUES: dict[str, dict[str, str]] = {"en": {}, "nl": {}, "de": {}}

SeatName = Callable[[int], str]


def default_seat_name(seat: int) -> str:
    """How a seat is named when nobody has told us the player's name."""
    return f"Player {seat + 1}"


def _is_seat_param(name: str) -> bool:
    # Convention: a parameter called "seat" or ending in "_seat" holds a seat
    # number; it is shown as that player's name, never as a bare number.
    return name == "seat" or name.endswith("_seat")


@dataclass(frozen=True)
class Text:
    """A sentence for people: an English template and its parameters."""

    msgid: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"msgid": self.msgid, "params": dict(self.params)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Text:
        return cls(str(data["msgid"]), dict(data.get("params", {})))

    def __str__(self) -> str:
        return translate(self)


def plural(count: int, one: str, many: str) -> str:
    """The msgid for ``count`` things: ``one`` for exactly one, ``many`` otherwise.

    Both forms are msgids of their own, so each language translates both. English, Dutch and
    German share this two-form rule; a language with more forms would extend this function.

    >>> translate(plural(1, "{count} card", "{count} cards"), count=1)
    '1 card'
    >>> translate(plural(3, "{count} card", "{count} cards"), count=3)
    '3 cards'
    """
    return one if count == 1 else many


def translate(
    text: Text | str,
    lang: str = "en",
    seat_name: SeatName | None = None,
    **params: Any,
) -> str:
    """The one translation function: a msgid (or Text) to a sentence in ``lang``.

    Seat parameters become names through ``seat_name``; an unknown language or
    an untranslated msgid falls back to English.
    """
    if isinstance(text, Text):
        msgid, merged = text.msgid, {**text.params, **params}
    else:
        msgid, merged = text, params
    template = CATALOGUES.get(lang, {}).get(msgid, msgid)
    name = seat_name or default_seat_name
    shown = {
        key: (name(value) if _is_seat_param(key) and isinstance(value, int) else value)
        for key, value in merged.items()
    }
    try:
        return template.format(**shown)
    except (KeyError, IndexError, ValueError):
        # A broken translation must never hide the message: fall back to English.
        return msgid.format(**shown) if template != msgid else msgid
