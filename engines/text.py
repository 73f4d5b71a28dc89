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

A parameter may itself be a sentence or a word (a :class:`Text`, or its JSON
form ``{"msgid", "params"}``): it is translated too, in the same language and
with the same seat names, so no English word is pasted into a Dutch sentence.

>>> CATALOGUES["xx"] = {"Deflector": "Spiegel", "{seat} moved the {piece}.": "{seat} zog den {piece}."}
>>> translate(Text("{seat} moved the {piece}.", {"seat": 0, "piece": Text("Deflector")}), "xx")
'Player 1 zog den Spiegel.'
>>> translate({"msgid": "{seat} moved the {piece}.", "params": {"seat": 1, "piece": {"msgid": "Deflector"}}},
...           "xx", seat_name=lambda s: "Bo")
'Bo zog den Spiegel.'
>>> Text("{seat} moved the {piece}.", {"seat": 0, "piece": Text("Deflector")}).to_json()
{'msgid': '{seat} moved the {piece}.', 'params': {'seat': 0, 'piece': {'msgid': 'Deflector', 'params': {}}}}
>>> del CATALOGUES["xx"]
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
        """JSON-able: a nested :class:`Text` parameter becomes its own ``{"msgid", "params"}``."""
        return {"msgid": self.msgid,
                "params": {key: (value.to_json() if isinstance(value, Text) else value)
                           for key, value in self.params.items()}}

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


def is_text_json(value: object) -> bool:
    """Whether ``value`` is a sentence in its JSON form: ``{"msgid": str, "params": {...}}``."""
    return (isinstance(value, Mapping) and isinstance(value.get("msgid"), str)
            and isinstance(value.get("params", {}), Mapping))


def translate(
    text: Text | Mapping[str, Any] | str,
    lang: str = "en",
    seat_name: SeatName | None = None,
    **params: Any,
) -> str:
    """The one translation function: a msgid (or Text) to a sentence in ``lang``.

    Seat parameters become names through ``seat_name``; a parameter that is a
    sentence itself (a Text or its JSON form) is translated the same way; an
    unknown language or an untranslated msgid falls back to English.
    """
    if isinstance(text, Text):
        msgid, merged = text.msgid, {**text.params, **params}
    elif isinstance(text, Mapping):
        msgid, merged = str(text["msgid"]), {**text.get("params", {}), **params}
    else:
        msgid, merged = text, params
    template = CATALOGUES.get(lang, {}).get(msgid, msgid)
    name = seat_name or default_seat_name
    shown = {key: _shown(key, value, lang, name) for key, value in merged.items()}
    try:
        return template.format(**shown)
    except (KeyError, IndexError, ValueError):
        # A broken translation must never hide the message: fall back to English.
        return msgid.format(**shown) if template != msgid else msgid


def _shown(key: str, value: Any, lang: str, seat_name: SeatName) -> Any:
    if _is_seat_param(key) and isinstance(value, int):
        return seat_name(value)
    if isinstance(value, Text) or is_text_json(value):
        return translate(value, lang, seat_name)
    return value
