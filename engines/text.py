"""Player-facing sentences: one message type and one translation function.

Every sentence a player can read (an error, an event told at the table, a
reason the game ended) leaves an engine as a :class:`Text`: an English
template (the msgid, gettext style) plus its parameters. Whoever shows it to a
person calls :func:`translate` with that person's language: each phone at a
table may read another language at the same moment, from the same events.
The Dutch and German catalogues are gettext PO files (``web/translations``),
loaded into :data:`CATALOGUES` when the web app starts; engines never read them.

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

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

LANGUAGES = ("en", "nl", "de")
"""The languages a person can choose: English (the msgids), Dutch and German (the rulebooks')."""


@runtime_checkable
class Translations(Protocol):
    """A language's catalogue as gettext reads it (``gettext.GNUTranslations`` is one): a msgid
    to its translation, and ``ngettext`` choosing the form by that language's plural rule."""

    def gettext(self, message: str, /) -> str: ...

    def ngettext(self, msgid1: str, msgid2: str, n: int, /) -> str: ...


Catalogue = Translations | Mapping[str, str]
"""A language's catalogue: gettext translations, or a plain msgid -> template mapping (English
plural rule) as tests and pseudo languages use."""

CATALOGUES: dict[str, Catalogue] = {"en": {}, "nl": {}, "de": {}}
"""The catalogues by language. English needs none; the Dutch and German ones are filled from
their PO files when the web app starts (``web.i18n.load_catalogues``). Until a msgid is
translated the English text is shown."""

SeatName = Callable[[int], str]


def N_(msgid: str) -> str:
    """Marks a msgid that is picked from a table at run time (a shark's phrase, a compass word):
    it changes nothing, but the extractor finds the literal where it stands.

    >>> SIDES = (N_("to the left"), N_("to the right"))
    >>> translate(Text(SIDES[1]))
    'to the right'
    """
    return msgid


def default_seat_name(seat: int, lang: str = "en") -> str:
    """How a seat is named when nobody has told us the player's name ("Player 2"), in ``lang``."""
    return translate("Player {number}", lang, number=seat + 1)


def bot_name(seat: int, lang: str = "en") -> str:
    """How a seat the computer plays is named ("Computer 2": numbered, so "Computer 2 beat
    Computer 3" reads at the table), in ``lang``."""
    return translate("Computer {number}", lang, number=seat + 1)


def _is_seat_param(name: str) -> bool:
    # Convention: a parameter called "seat" or ending in "_seat" holds a seat
    # number; it is shown as that player's name, never as a bare number.
    return name == "seat" or name.endswith("_seat")


@dataclass(frozen=True)
class Text:
    """A sentence for people: an English template and its parameters."""

    msgid: str
    params: Mapping[str, Any] = field(default_factory=dict)
    plural: str | None = None
    """The plural msgid (gettext's ``msgid_plural``) of a sentence about ``params["count"]``
    things: each language picks its own form by its own plural rule (see :func:`plural`)."""
    printed: Mapping[str, str] = field(default_factory=dict)
    """The words a table's own box prints for this msgid, by language (a card title the table typed
    into its box profile): a reader of that language is shown them as written, instead of the
    catalogue's, which are the project's wording. JSON ``"printed"``, only when there are some."""

    def to_json(self) -> dict[str, Any]:
        """JSON-able: a nested :class:`Text` parameter becomes its own ``{"msgid", "params"}``
        (and ``"plural"``, the plural msgid, when it is about a number of things)."""
        out: dict[str, Any] = {"msgid": self.msgid,
                               "params": {key: (value.to_json() if isinstance(value, Text) else value)
                                          for key, value in self.params.items()}}
        if self.plural is not None:
            out["plural"] = self.plural
        if self.printed:
            out["printed"] = dict(self.printed)
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Text:
        many = data.get("plural")
        printed = data.get("printed")
        return cls(str(data["msgid"]), dict(data.get("params", {})), str(many) if many is not None else None,
                   dict(printed) if isinstance(printed, Mapping) else {})

    def __str__(self) -> str:
        return translate(self)


def plural(count: int, one: str, many: str, /, **params: Any) -> Text:
    """A sentence about ``count`` things (``{count}`` in it): ``one`` and ``many`` are the English
    forms, one catalogue entry (gettext's msgid and msgid_plural); each language picks its form
    when it is read, by its own plural rule (English, Dutch and German: one for 1, else the other;
    a language with three forms gets its three).

    >>> translate(plural(1, "{count} card", "{count} cards"))
    '1 card'
    >>> translate(plural(3, "{count} card", "{count} cards"))
    '3 cards'
    >>> plural(2, "{seat} bid {count} card.", "{seat} bid {count} cards.", seat=0).to_json()["plural"]
    '{seat} bid {count} cards.'
    """
    return Text(one, {**params, "count": count}, many)


def is_text_json(value: object) -> bool:
    """Whether ``value`` is a sentence in its JSON form: ``{"msgid": str, "params": {...}}``."""
    return (isinstance(value, Mapping) and isinstance(value.get("msgid"), str)
            and isinstance(value.get("params", {}), Mapping))


def template_for(msgid: str, lang: str, many: str | None = None, count: Any = None) -> str:
    """The template ``lang`` shows for ``msgid`` (its form for ``count`` things when ``many``, the
    plural msgid, is given); English for an unknown language or an untranslated msgid."""
    catalogue = CATALOGUES.get(lang, {})
    # a plain mapping first: asking a runtime-checkable Protocol walks its members every time
    if many is not None:
        n = count if isinstance(count, int) and not isinstance(count, bool) else 2
        chosen = msgid if n == 1 else many
        if isinstance(catalogue, Mapping):
            return catalogue.get(chosen, chosen) or chosen
        return catalogue.ngettext(msgid, many, n) or chosen
    if isinstance(catalogue, Mapping):
        return catalogue.get(msgid, msgid) or msgid
    return catalogue.gettext(msgid) or msgid


def translate(
    text: Text | Mapping[str, Any] | str,
    lang: str = "en",
    seat_name: SeatName | None = None,
    **params: Any,
) -> str:
    """The one translation function: a msgid (or Text) to a sentence in ``lang``.

    Seat parameters become names through ``seat_name``; a parameter that is a
    sentence itself (a Text or its JSON form) is translated the same way; an
    unknown language or an untranslated msgid falls back to English. Words the table's own box
    prints for it in ``lang`` (``printed``) are shown as written.

    >>> translate(Text("Big Mouth", printed={"de": "Großes Maul"}), "de")
    'Großes Maul'
    """
    many: str | None = None
    printed: object = None
    if isinstance(text, Text):
        msgid, merged, many, printed = text.msgid, {**text.params, **params}, text.plural, text.printed
    elif isinstance(text, Mapping):
        msgid, merged = str(text["msgid"]), {**text.get("params", {}), **params}
        many = str(text["plural"]) if text.get("plural") is not None else None
        printed = text.get("printed")
    else:
        msgid, merged = text, params
    if isinstance(printed, Mapping) and isinstance(printed.get(lang), str):
        return str(printed[lang])
    template = template_for(msgid, lang, many, merged.get("count"))
    english = msgid if many is None or merged.get("count") == 1 else many
    name = seat_name or (lambda seat: default_seat_name(seat, lang))
    shown = {key: _shown(key, value, lang, name) for key, value in merged.items()}
    for key, value in merged.items():
        if _is_seat_param(key) and isinstance(value, int) and value < 0:
            template = _sentence_starts(template, key, shown, translate(THE_TABLE, lang))
    try:
        return template.format(**shown)
    except (KeyError, IndexError, ValueError, AttributeError):
        # A broken translation must never hide the message: fall back to English.
        try:
            return english.format(**shown)
        except (KeyError, IndexError, ValueError, AttributeError):
            return english


# the table as a seat (physical input, engines.TABLE) is "the table" inside a sentence and has a
# form of its own where it starts one ("Der Tisch ist noch am Zug.", not "der Tisch ...")
THE_TABLE = N_("The table")


def _sentence_starts(template: str, key: str, shown: dict[str, Any], start_form: str) -> str:
    """``template`` with each ``{key}`` that opens a sentence (its start, or after . ! or ?) taking
    ``start_form`` (put in ``shown`` under a key of its own); the other places keep ``{key}``.

    >>> shown = {"seat": "der Tisch"}
    >>> _sentence_starts("{seat} tippt. Jetzt: {seat}.", "seat", shown, "Der Tisch").format(**shown)
    'Der Tisch tippt. Jetzt: der Tisch.'
    """
    pattern = r"(^\s*|[.!?]\s+)\{" + re.escape(key) + r"\}"
    if re.search(pattern, template) is None:
        return template
    shown[key + "__start"] = start_form
    return re.sub(pattern, lambda m: m.group(1) + "{" + key + "__start}", template)


def _shown(key: str, value: Any, lang: str, seat_name: SeatName) -> Any:
    if _is_seat_param(key) and isinstance(value, int):
        return seat_name(value)
    if isinstance(value, Text) or is_text_json(value):
        return translate(value, lang, seat_name)
    return value
