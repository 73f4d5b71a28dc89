"""Each game's rules in the project's own words, on a page of their own: every lesson of a first
game (``Game.rules()``: the lessons' ``ALL``, in the order a game meets them), each with the
rulebook's section to find it in the box's book. The page is searchable where it stands: its
script (web/static/rules.js) filters what the page already holds, so a search needs no round trip
and works with the Pi's Wi-Fi alone. Every phone's header and the table screen's side link here.

``GET /rules/<game>`` speaks the reader's language, or ``?lang=`` (the table screen passes its
table's); ``?back=`` is the page to go back to (a path of this companion only). ``GET
/api/rules/<game>`` gives the same rules as JSON, with ``why``: for each kind of step the table
screen tells, the rules behind it (``Game.why()``), which the table screen's "Why?" shows.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify, request

import engines
from engines.text import LANGUAGES
from web.apidoc import Query, declare
from web.i18n import say, use_language
from web.pages import page

bp = Blueprint("rules", __name__)


def _back(value: str | None) -> str | None:
    """``value`` when it is a path on this companion ("/table/abc"), never another site's address."""
    if not value or not value.startswith("/") or value.startswith("//") or "\\" in value:
        return None
    return value


@bp.get("/rules/<game_id>")
@declare("A game's rules in the project's own words (every first-game lesson, with its rulebook "
         "section), searchable on the page; 404 for a game this companion does not have.", page=True,
         errors=(404,),
         query=(Query("lang", {"enum": list(LANGUAGES)}, "The page's language (default: the reader's)."),
                Query("back", {"type": "string"}, "The path the page's back link goes to.")))
def rules(game_id: str) -> Response:
    game = engines.get(game_id)   # an unknown game: 404 in words (web/errors.py)
    wanted = request.args.get("lang")
    if wanted in LANGUAGES:
        use_language(wanted)
    return page("rules.html", rules_game=game_id, rules_title=say(game.title), rules=_rules(game),
                back=_back(request.args.get("back")))


def _rules(game: engines.Game) -> list[dict[str, Any]]:
    return [{"key": lesson.key, "title": say(lesson.title), "text": say(lesson.text),
             "section": say(lesson.section)} for lesson in game.rules()]


@bp.get("/api/rules/<game_id>")
@declare("A game's rules in the project's own words, in the reader's language (or ?lang=): each "
         "rule's key, title, text and rulebook section, and ``why``: for each kind of step the table "
         "screen tells (an event type), the keys of the rules behind it, the most relevant first; "
         "``plays``: the same for each kind of play (a refused play's \"Why?\" on a phone).",
         errors=(404,),
         query=(Query("lang", {"enum": list(LANGUAGES)}, "The answer's language (default: the reader's)."),),
         answers={"type": "object", "required": ["game", "rules", "why", "plays"],
                  "additionalProperties": False,
                  "properties": {"game": {"type": "string"}, "rules": {"type": "array"},
                                 "why": {"type": "object"}, "plays": {"type": "object"}}})
def api_rules(game_id: str) -> Response:
    game = engines.get(game_id)
    wanted = request.args.get("lang")
    if wanted in LANGUAGES:
        use_language(wanted)
    return jsonify({"game": game_id, "rules": _rules(game),
                    "why": {kind: list(keys) for kind, keys in game.why().items() if keys},
                    "plays": {kind: list(keys) for kind, keys in game.why_play().items() if keys}})
