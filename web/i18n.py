"""Every sentence a person reads goes through :func:`engines.text.translate`.

- Templates call ``t("Claim seat {number}", number=2)`` (a Jinja global, also a filter).
- Payloads leave the web with every ``{"msgid", "params"}`` sentence (an
  event's ``say``, an action's ``label``, an outcome's ``say``) given a
  ``"text"``: the sentence translated for this reader, seats shown as names.
- Page scripts get a small catalogue (:data:`UI_MSGIDS` and :data:`UI_PLURALS`, found in the
  scripts themselves by :func:`web.catalogues.script_messages`, translated the same way) for their
  own labels, in the page's ``tc-data``.

The Dutch and German catalogues are gettext PO files (``web/translations/<lang>/LC_MESSAGES/
messages.po``, kept by ``python -m web.messages update``); :func:`load_catalogues` reads them into
plain dicts when this module is first imported (:mod:`web.catalogues`: no Babel at run time), so
no request ever reads a file for a word.

A phone's language comes from ``?lang=`` (the switch on every page, then kept in the ``lang``
cookie), then that cookie, then its ``Accept-Language``; the table screen reads its table's
language, which the host chose (see :func:`page_language`).

>>> localize({"say": {"msgid": "It is {seat}'s turn.", "params": {"seat": 1}}}, "en", ["Ann", "Bo"])
{'say': {'msgid': "It is {seat}'s turn.", 'params': {'seat': 1}, 'text': "It is Bo's turn."}}
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Hashable, Iterable, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from flask import Flask, Response, g, request

from engines import TABLE
from engines.text import (
    CATALOGUES,
    LANGUAGES,
    Text,
    Translations,
    bot_name,
    default_seat_name,
    template_for,
    translate,
)
from web.catalogues import (
    SHARED_SCRIPTS,
    STATIC,
    TRANSLATIONS,
    CatalogueFile,
    page_scripts,
    po_path,
    script_messages,
)
from web.service import MAX_NAME

LANGUAGE_NAMES = {"en": "English", "nl": "Nederlands", "de": "Deutsch"}
"""Each language in its own words (the switch shows EN / NL / DE with these as their titles)."""


PLURAL_TAGS: dict[str, dict[str, int]] = {
    "en": {"one": 0, "other": 1},
    "nl": {"one": 0, "other": 1},
    "de": {"one": 0, "other": 1},
}
"""Which form of a ``msgid_plural`` entry each CLDR plural category takes in each language (see
:func:`plural_tags`). CLDR's rules are Babel's data, which the companion leaves unloaded (a few
MB for three languages); ``tests/web/test_catalogues.py`` works each line out from CLDR and the PO
file's ``Plural-Forms`` and says the line a new language needs."""


def load_catalogues(directory: Path = TRANSLATIONS) -> None:
    """Read every language's PO file (fuzzy and untranslated entries left out, as gettext's
    compiler leaves them out) into :data:`engines.text.CATALOGUES`, with its plural rule, each when
    first asked (:class:`web.catalogues.CatalogueFile`)."""
    for language in LANGUAGES:
        path = po_path(language, directory)
        if language == "en" or not path.exists():
            continue
        CATALOGUES[language] = CatalogueFile(path)


def script_msgids(text: str) -> list[str]:
    """Every msgid a page script shows (both forms of a plural label).

    >>> script_msgids('T("Next"); TC.TN(n, "{count} card", "{count} cards"); N("Blue")')
    ['Next', 'Blue', '{count} card', '{count} cards']
    """
    out: dict[str, None] = {}
    for _, message in script_messages(text):
        out.update(dict.fromkeys((message,) if isinstance(message, str) else message))
    return list(out)


def page_msgids() -> tuple[str, ...]:
    """The labels of every page script, found in the scripts themselves (nothing kept by hand)."""
    out: dict[str, None] = {}
    for path in page_scripts():
        out.update(dict.fromkeys(script_msgids(path.read_text(encoding="utf-8"))))
    return tuple(out)


def page_plurals() -> tuple[tuple[str, str], ...]:
    """The ``TC.TN`` labels of every page script: (singular, plural) msgid pairs."""
    out: dict[tuple[str, str], None] = {}
    for path in page_scripts():
        out.update(dict.fromkeys(m for _, m in script_messages(path.read_text(encoding="utf-8"))
                                 if isinstance(m, tuple)))
    return tuple(out)


UI_MSGIDS: tuple[str, ...] = page_msgids()
"""The page scripts' labels; the server translates them once per page (``tc-data``)."""
UI_PLURALS: tuple[tuple[str, str], ...] = page_plurals()
"""The page scripts' labels about a number of things, each translated with all its forms."""


def _script_labels() -> dict[str, tuple[tuple[str, ...], tuple[tuple[str, str], ...]]]:
    out = {}
    for path in page_scripts():
        found = script_messages(path.read_text(encoding="utf-8"))
        out[path.relative_to(STATIC).as_posix()] = (
            tuple(dict.fromkeys(m for _, message in found for m in
                                ((message,) if isinstance(message, str) else message))),
            tuple(dict.fromkeys(m for _, m in found if isinstance(m, tuple))))
    return out


SCRIPT_LABELS = _script_labels()
"""Each page script's labels and plural labels, by its name under ``static/`` (``games/jaws.js``)."""


@functools.lru_cache(maxsize=64)
def _labels_of(names: frozenset[str] | None) -> tuple[tuple[str, ...], tuple[tuple[str, str], ...]]:
    if names is None:
        return UI_MSGIDS, UI_PLURALS
    chosen = [SCRIPT_LABELS[n] for n in (*SHARED_SCRIPTS, *sorted(names)) if n in SCRIPT_LABELS]
    return (tuple(dict.fromkeys(m for msgids, _ in chosen for m in msgids)),
            tuple(dict.fromkeys(p for _, plurals in chosen for p in plurals)))


def page_labels(scripts: Iterable[str] | None = None) -> tuple[tuple[str, ...], tuple[tuple[str, str], ...]]:
    """The labels (and plural labels) a page needs: the shared scripts' and those of ``scripts``,
    the game scripts the page loads (their addresses, ``/static/games/jaws.js``); None: every
    page script's. A Loch Ness phone carries no Jaws words (they would be a third of its page)."""
    if scripts is None:
        return _labels_of(None)
    return _labels_of(frozenset(s.split("/static/", 1)[-1].split("?", 1)[0] for s in scripts))


def plural_tags(language: str) -> dict[str, int]:
    """Which form of a ``msgid_plural`` entry each CLDR plural category (what the browser's
    ``Intl.PluralRules`` says of a number) takes in ``language``: ``{"one": 0, "other": 1}`` for
    English, Dutch and German.

    >>> plural_tags("de")
    {'one': 0, 'other': 1}
    """
    return dict(PLURAL_TAGS.get(language) or PLURAL_TAGS["en"])


load_catalogues()


def pick_language() -> str:
    """The reader's language: ``?lang=``, then the ``lang`` cookie (the switch's choice), then the
    browser's ``Accept-Language``; English when none of them is a language we have."""
    for asked in (request.args.get("lang"), request.cookies.get("lang")):
        if asked in LANGUAGES:
            return str(asked)
    best = request.accept_languages.best_match(list(LANGUAGES), default="en")
    return best or "en"


def lang() -> str:
    if "lang" not in g:
        g.lang = pick_language()
    return str(g.lang)


def use_language(language: str) -> None:
    """This response speaks ``language`` (the table screen: its table's), not the reader's choice."""
    g.lang = language if language in LANGUAGES else "en"


def name_lookup(names: Sequence[str | None] | None, language: str | None = None) -> Callable[[int], str]:
    def seat_name(seat: int) -> str:
        shown = language or lang_or_en()
        if seat < 0:
            return translate("the table", shown)
        if names is not None and 0 <= seat < len(names) and names[seat]:
            return str(names[seat])
        return default_seat_name(seat, shown)
    return seat_name


def lang_or_en() -> str:
    try:
        return lang()
    except RuntimeError:  # outside a request
        return "en"


def say(text: Text | str, names: Sequence[str | None] | None = None, **params: Any) -> str:
    return translate(text, lang_or_en(), name_lookup(names), **params)


def _is_text(value: dict[str, Any]) -> bool:
    return isinstance(value.get("msgid"), str) and isinstance(value.get("params", {}), dict)


_SAID_MOST = 1024   # sentences kept per language (a few tables' worth); then begun again
_said: dict[str, tuple[object, dict[Hashable, str]]] = {}


def _said_in(language: str) -> dict[Hashable, str]:
    """The sentences already said in ``language`` with its catalogue as it is now (a catalogue
    replaced, as tests do, begins a new memo: the memo holds the one it was made with)."""
    table = CATALOGUES.get(language)
    kept = _said.get(language)
    if kept is None or kept[0] is not table or len(kept[1]) > _SAID_MOST:
        kept = _said[language] = (table, {})
    return kept[1]


_sentence_key = json.JSONEncoder(separators=(",", ":"), check_circular=False, allow_nan=True).encode
"""A sentence's JSON form as its memo key: its text, which tells ``True`` from ``1`` and ``1.0``
and keeps the order of its parameters; TypeError for what JSON cannot hold. A fifth of the memory
of the same key as nested tuples (a Fzzzt! bid's label: 220 bytes against 1,075), and no slower."""


_EVENTS_MOST = 1024
_events: dict[tuple[int, str, tuple[str | None, ...] | None], tuple[dict[str, Any], dict[str, Any]]] = {}
"""Events already localized: (the event's ``id()``, language, names) -> (the event, its copy)."""


def _is_event(item: dict[str, Any]) -> bool:
    """One of the story's events: it has its identity (companion/story.py), and is never changed
    once made, so every payload that carries it (each reader's story, its ``events``) may share
    one localized copy of it."""
    return type(item.get("id")) is str and "type" in item


def localize(value: Any, language: str, names: Sequence[str | None] | None = None) -> Any:
    """A copy of ``value`` where every sentence dict also carries its translated ``text``.

    Every payload of every reader says the same sentences (the story's steps, the actions'
    labels) with the same seat names: each is translated once per language and names, and said
    again from a memo (a sentence's words depend on nothing else); an event is localized once
    (:func:`_is_event`). What this returns may share those parts: it is for reading (JSON)."""
    seat_name = name_lookup(names, language)
    said = _said_in(language)
    who = None if names is None else tuple(names)

    def text(item: dict[str, Any]) -> str:
        try:
            key: Hashable = (who, _sentence_key(item))
        except TypeError:   # a parameter that cannot be a key: said every time
            return translate(item, language, seat_name)
        found = said.get(key)
        if found is None:
            found = said[key] = translate(item, language, seat_name)
        return found

    def walk(item: dict[str, Any]) -> dict[str, Any]:
        if _is_event(item):
            key = (id(item), language, who)
            kept = _events.get(key)
            if kept is not None and kept[0] is item:   # the event itself is held: its id is its own
                return kept[1]
            if len(_events) > _EVENTS_MOST:
                _events.clear()
            out = copy(item)
            _events[key] = (item, out)
            return out
        return copy(item)

    def copy(item: dict[str, Any]) -> dict[str, Any]:
        out = {}
        for key, sub in item.items():
            if isinstance(sub, dict):
                sub = walk(sub)
            elif isinstance(sub, list | tuple):
                sub = each(sub)
            out[key] = sub
        if _is_text(item):
            out["text"] = text(item)
        return out

    def each(items: list[Any] | tuple[Any, ...]) -> list[Any]:
        return [walk(sub) if isinstance(sub, dict) else each(sub) if isinstance(sub, list | tuple) else sub
                for sub in items]

    if isinstance(value, dict):
        return walk(value)
    if isinstance(value, list | tuple):
        return each(value)
    return value


def seat_names(payload: dict[str, Any], language: str = "en") -> list[str | None]:
    """The seats' names as ``language`` shows them: a name a player typed as typed; a seat nobody
    named (``"named": false``) as "Player 2", or "Computer 2" for the bot, in that language."""
    out: list[str | None] = []
    for entry in payload.get("seats") or []:
        if not isinstance(entry, dict):
            out.append(None)
        elif entry.get("named") is False and isinstance(entry.get("seat"), int):
            seat = entry["seat"]
            out.append(bot_name(seat, language) if entry.get("bot") else default_seat_name(seat, language))
        else:
            out.append(entry.get("name"))
    return out


def localize_payload(payload: dict[str, Any], language: str | None = None) -> dict[str, Any]:
    """The payload for one reader: every sentence with its ``text`` in ``language``, and the seats
    nobody named (and the host's own name) in that language too."""
    language = language or lang_or_en()
    names = seat_names(payload, language)
    result = localize(payload, language, names)
    assert isinstance(result, dict)
    for entry, name in zip(result.get("seats") or [], names, strict=False):
        if isinstance(entry, dict) and name is not None:
            entry["name"] = name
    seat = result.get("seat")
    if isinstance(seat, int) and isinstance(result.get("name"), str):
        if seat == TABLE:
            result["name"] = translate("Host", language)
        elif 0 <= seat < len(names) and names[seat] is not None:
            result["name"] = names[seat]
    return result


def catalogue(language: str, scripts: Iterable[str] | None = None) -> dict[str, str]:
    """The page scripts' labels (:func:`page_labels`), translated (msgid -> template, placeholders
    kept); both forms of a ``TC.TN`` label as well, each as ``language`` says one thing and several."""
    msgids, plural_labels = page_labels(scripts)
    out = {msgid: template_for(msgid, language) for msgid in msgids}
    for one, many in plural_labels:
        out[one], out[many] = template_for(one, language, many, 1), template_for(one, language, many, 2)
    return out


def plurals(language: str, scripts: Iterable[str] | None = None) -> dict[str, list[str]]:
    """The page scripts' labels about a number of things (:func:`page_labels`): singular msgid ->
    every form of ``language`` in its catalogue's order (``TC.TN`` picks one with :func:`plural_tags`)."""
    out: dict[str, list[str]] = {}
    table = CATALOGUES.get(language)
    for one, many in page_labels(scripts)[1]:
        if isinstance(table, Translations):
            forms: list[str] = []
            for n in _samples(language):
                form = table.ngettext(one, many, n)
                if form in (one, many) and language != "en":
                    forms = []
                    break
                forms.append(form)
            if forms:
                out[one] = forms
    return out


def _samples(language: str) -> list[int]:
    """One number for each form of ``language``'s plural rule, in the forms' order."""
    pick: Callable[[int], int] = getattr(CATALOGUES.get(language), "plural", None) or (lambda n: int(n != 1))
    found: dict[int, int] = {}
    for n in range(200):
        found.setdefault(int(pick(n)), n)
    return [found[i] for i in sorted(found)]


def page_texts(language: str, scripts: Iterable[str] | None = None) -> dict[str, Any]:
    """What a page's scripts need to speak ``language``: their labels (the shared scripts' and
    those of ``scripts``, the game scripts it loads; None: every page script's), their plural
    forms and which form each of the browser's plural categories takes. A label the language says
    as its msgid is left out (``TC.T`` shows a msgid it does not find): an English page carries
    none, each word said once, in its script (issue 41: 11-24 KB of a 20-32 KB page)."""
    said = {msgid: text for msgid, text in catalogue(language, scripts).items() if text != msgid}
    return {"catalogue": said, "plurals": plurals(language, scripts), "plural_tags": plural_tags(language)}


def init_app(app: Flask) -> None:
    @app.after_request
    def remember_language(resp: Response) -> Response:
        """``?lang=nl`` on a page (the EN / NL / DE switch) is a setting: the phone keeps it in a
        cookie for its next pages. On an API call or a stream it is only that answer's language."""
        asked = request.args.get("lang")
        if (asked in LANGUAGES and request.cookies.get("lang") != asked and resp.mimetype == "text/html"
                and request.endpoint not in ("table.screen", "table.current")):
            resp.set_cookie("lang", str(asked), max_age=60 * 60 * 24 * 365, path="/", samesite="Lax")
        return resp

    @app.template_global("language_links")
    def language_links() -> list[dict[str, Any]]:
        """The switch on every phone page: this page in each language (the current one marked)."""
        args = request.args.to_dict()
        here = lang()
        return [{"code": code, "label": code.upper(), "name": LANGUAGE_NAMES[code], "current": code == here,
                 "href": request.path + "?" + urlencode({**args, "lang": code})} for code in LANGUAGES]

    @app.template_global("t")
    @app.template_filter("t")
    def t(msgid: str, **params: Any) -> str:
        """``{{ t("Seat {number}", number=2) }}`` or ``{{ "Seat {number}"|t(number=2) }}``."""
        return say(msgid, None, **params)

    @app.template_global("ui_catalogue")
    def ui_catalogue() -> dict[str, str]:
        return catalogue(lang())

    app.add_template_global(page_texts, "page_texts")

    app.jinja_env.globals["max_name"] = MAX_NAME

    @app.template_global("page_lang")
    def page_lang() -> str:
        return lang()
