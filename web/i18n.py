"""Every sentence a person reads goes through :func:`engines.text.translate`.

- Templates call ``t("Claim seat {number}", number=2)`` (a Jinja global, also a filter).
- Payloads leave the web with every ``{"msgid", "params"}`` sentence (an
  event's ``say``, an action's ``label``, an outcome's ``say``) given a
  ``"text"``: the sentence translated for this phone, seats shown as names.
- Page scripts get a small catalogue (:data:`UI_MSGIDS`, found in the scripts themselves by
  :func:`page_msgids`, translated the same way) for their own labels, through ``window.TC_TEXT``.

The language comes from ``?lang=``, then the ``lang`` cookie, then the phone's
``Accept-Language``; English until the Dutch and German catalogues are filled.

>>> localize({"say": {"msgid": "It is {seat}'s turn.", "params": {"seat": 1}}}, "en", ["Ann", "Bo"])
{'say': {'msgid': "It is {seat}'s turn.", 'params': {'seat': 1}, 'text': "It is Bo's turn."}}
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from flask import Flask, Response, g, request

import engines
from engines.text import CATALOGUES, Text, default_seat_name, translate
from web.service import MAX_NAME

STATIC = Path(__file__).parent / "static"
SHARED_SCRIPTS = ("common.js", "phone.js", "table.js", "host.js", "index.js", "pair.js", "follow.js")
"""The pages' own scripts; each game's script is the one its ``Game.page`` declares."""

_LABEL = re.compile(r'\b[TN]\("((?:[^"\\]|\\.)*)"')
_PLURAL = re.compile(r'\bTN\([^,]+,\s*"((?:[^"\\]|\\.)*)",\s*"((?:[^"\\]|\\.)*)"')


def script_msgids(text: str) -> list[str]:
    """Every label a page script shows: the literal msgids of its ``TC.T("...")``, both forms of
    ``TC.TN(n, "...", "...")`` and the ``TC.N("...")`` markers of labels picked at run time.

    >>> script_msgids('T("Next"); TC.TN(n, "{count} card", "{count} cards"); N("Blue")')
    ['Next', 'Blue', '{count} card', '{count} cards']
    """
    found = _LABEL.findall(text) + [form for pair in _PLURAL.findall(text) for form in pair]
    return list(dict.fromkeys(json.loads(f'"{m}"') for m in found))


def page_scripts() -> list[Path]:
    """The shared page scripts and every registered game's declared scripts (its parts, its page
    script, its host page part)."""
    games = [STATIC / "games" / name for g in engines.GAMES.values()
             for name in (*g.page.parts, g.page.script, g.page.host_script) if name]
    return [*(STATIC / name for name in SHARED_SCRIPTS), *games]


def page_msgids() -> tuple[str, ...]:
    """The labels of every page script, found in the scripts themselves (nothing kept by hand)."""
    out: dict[str, None] = {}
    for path in page_scripts():
        out.update(dict.fromkeys(script_msgids(path.read_text(encoding="utf-8"))))
    return tuple(out)


UI_MSGIDS: tuple[str, ...] = page_msgids()
"""The page scripts' labels; the server translates them once per page (``window.TC_TEXT``)."""


def pick_language() -> str:
    asked = request.args.get("lang") or request.cookies.get("lang")
    if asked in CATALOGUES:
        return str(asked)
    best = request.accept_languages.best_match(list(CATALOGUES), default="en")
    return best or "en"


def lang() -> str:
    if "lang" not in g:
        g.lang = pick_language()
    return str(g.lang)


def name_lookup(names: Sequence[str | None] | None) -> Callable[[int], str]:
    def seat_name(seat: int) -> str:
        if seat < 0:
            return translate("the table", lang_or_en())
        if names is not None and 0 <= seat < len(names) and names[seat]:
            return str(names[seat])
        return default_seat_name(seat)
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


def localize(value: Any, language: str, names: Sequence[str | None] | None = None) -> Any:
    """A copy of ``value`` where every sentence dict also carries its translated ``text``."""
    seat_name = name_lookup(names)

    def walk(item: Any) -> Any:
        if isinstance(item, dict):
            out = {key: walk(sub) for key, sub in item.items()}
            if _is_text(item):
                out["text"] = translate(Text(item["msgid"], item.get("params", {})), language, seat_name)
            return out
        if isinstance(item, list | tuple):
            return [walk(sub) for sub in item]
        return item

    return walk(value)


def seat_names(payload: dict[str, Any]) -> list[str | None]:
    seats = payload.get("seats") or []
    out: list[str | None] = []
    for entry in seats:
        out.append(entry.get("name") if isinstance(entry, dict) else None)
    return out


def localize_payload(payload: dict[str, Any], language: str | None = None) -> dict[str, Any]:
    result = localize(payload, language or lang_or_en(), seat_names(payload))
    assert isinstance(result, dict)
    return result


def catalogue(language: str) -> dict[str, str]:
    """The page scripts' labels, translated (msgid -> template, placeholders kept)."""
    return {msgid: CATALOGUES.get(language, {}).get(msgid, msgid) for msgid in UI_MSGIDS}


def init_app(app: Flask) -> None:
    @app.after_request
    def remember_language(resp: Response) -> Response:
        """``?lang=nl`` is a setting: the phone keeps it in a cookie for its next pages."""
        asked = request.args.get("lang")
        if asked in CATALOGUES and request.cookies.get("lang") != asked:
            resp.set_cookie("lang", str(asked), max_age=60 * 60 * 24 * 365, path="/", samesite="Lax")
        return resp

    @app.template_global("t")
    @app.template_filter("t")
    def t(msgid: str, **params: Any) -> str:
        """``{{ t("Seat {number}", number=2) }}`` or ``{{ "Seat {number}"|t(number=2) }}``."""
        return say(msgid, None, **params)

    @app.template_global("ui_catalogue")
    def ui_catalogue() -> dict[str, str]:
        return catalogue(lang())

    app.jinja_env.globals["max_name"] = MAX_NAME

    @app.template_global("page_lang")
    def page_lang() -> str:
        return lang()
