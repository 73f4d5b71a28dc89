"""What every page template gets: the page's data for its script, safely embedded."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from flask import Response, current_app, make_response, render_template, url_for

import engines
from web.i18n import say

GAMES_STATIC = Path(__file__).parent / "static" / "games"


def game_assets(game: object, kind: Literal["script", "style"]) -> list[str]:
    """The game's own page script or style sheet, as its ``Game.page`` declares them.

    The script registers ``GameUI[<game>]`` (see docs/web.md); a game without one
    is drawn by the pages' generic view and buttons.
    """
    if not isinstance(game, str):
        return []
    try:
        assets = engines.get(game).page
    except engines.UnknownGame:
        return []
    if kind == "script":
        names = [*assets.parts, assets.script] if assets.script else list(assets.parts)
    else:
        names = [assets.style] if assets.style else []
    return [url_for("static", filename=f"games/{name}") for name in names]


def host_assets() -> tuple[list[str], list[str]]:
    """The host page's parts of every game that has one (``Game.page.host_script``: a board
    editor): its scripts (shared parts first) and its style sheet."""
    scripts: list[str] = []
    styles: list[str] = []
    for game in engines.GAMES.values():
        assets = game.page
        if assets.host_script:
            scripts += [url_for("static", filename=f"games/{n}") for n in (*assets.parts, assets.host_script)]
            if assets.style:
                styles.append(url_for("static", filename=f"games/{assets.style}"))
    return scripts, styles


def view_words(game: object) -> dict[str, str]:
    """The generic view's words for the game's view fields and action types, in this reader's
    language (``Game.page.words``); a game that draws its own view needs none."""
    if not isinstance(game, str):
        return {}
    try:
        assets = engines.get(game).page
    except engines.UnknownGame:
        return {}
    return {key: say(msgid) for key, msgid in assets.words.items()}


def page(template: str, status: int = 200, **data: Any) -> Response:
    """Render ``template`` with ``page_data`` (read by the page script from a JSON script tag)."""
    data.setdefault("wifi", bool(current_app.config.get("WIFI")))
    data.setdefault("game_scripts", game_assets(data.get("game"), "script"))
    data.setdefault("game_styles", game_assets(data.get("game"), "style"))
    data.setdefault("view_words", view_words(data.get("game")))
    resp = make_response(render_template(template, page_data=data, **data), status)
    resp.headers["Cache-Control"] = "no-store"
    # Everything comes from this Pi (the table has no internet): the browser is told so.
    resp.headers["Content-Security-Policy"] = (
        "default-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; "
        "base-uri 'none'; frame-ancestors 'none'; form-action 'self'")
    resp.headers["X-Content-Type-Options"] = "nosniff"
    # A page's address (a table's id, a ?key= on its way out) is never told to another site,
    # while a form of ours still says it comes from here: under "no-referrer" a browser sends
    # "Origin: null" with a form's POST, which web/guard.py cannot tell from another site's.
    resp.headers["Referrer-Policy"] = "same-origin"
    return resp
