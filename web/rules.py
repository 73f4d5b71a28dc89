"""Each game's rules in the project's own words, on a page of their own: every lesson of a first
game (``Game.rules()``: the lessons' ``ALL``, in the order a game meets them), each with the
rulebook's section to find it in the box's book. The page is searchable where it stands: its
script (web/static/rules.js) filters what the page already holds, so a search needs no round trip
and works with the Pi's Wi-Fi alone. Every phone's header and the table screen's side link here.

``GET /rules/<game>`` speaks the reader's language, or ``?lang=`` (the table screen passes its
table's); ``?back=`` is the page to go back to (a path of this companion only).
"""

from __future__ import annotations

from flask import Blueprint, Response, request

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
    entries = [{"key": lesson.key, "title": say(lesson.title), "text": say(lesson.text),
                "section": say(lesson.section)} for lesson in game.rules()]
    return page("rules.html", rules_game=game_id, rules_title=say(game.title), rules=entries,
                back=_back(request.args.get("back")))
