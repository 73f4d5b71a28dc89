"""Offline forever, as a browser sees it: every page kind of every game loads only the companion's
own resources (scripts, styles, fonts, images, QR codes, payloads, streams), checked from the
browser's own request log. A page that fetched a font or a script from a CDN would work on a
laptop at home and fail at a table with no internet; here it fails the test.

Page kinds: the index (every open table), the host page with the game picked (and for a game
that takes a drawn board, its map editor), a phone joining (the seat choice), a phone at its seat,
the table screen, and the table screen that follows the evening (/table/current).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

import engines
from tests.web import test_browser as shared

pytestmark = shared.pytestmark
server, browser, no_script_errors = shared.server, shared.browser, shared.no_script_errors
watch = shared.watch
OWN_SCHEMES = ("data", "blob")   # made in the page itself: no request leaves it


def settled(page: Any) -> None:
    """Loaded, and the fonts its styles ask for fetched (or failed)."""
    page.wait_for_load_state("load")
    page.evaluate("document.fonts.ready.then(() => document.fonts.size)")


def test_every_page_of_every_game_loads_only_the_companions_own_resources(
        server: str, browser: Any, host_key: str, service: Any) -> None:
    origin = urlsplit(server)
    requested: list[tuple[str, str]] = []
    contexts = {role: browser.new_context(viewport=size) for role, size in (
        ("host", {"width": 1280, "height": 900}), ("phone", {"width": 360, "height": 740}),
        ("tv", {"width": 1280, "height": 720}))}
    for role, ctx in contexts.items():
        ctx.set_default_timeout(10000)
        ctx.on("request", lambda req, role=role: requested.append((role, req.url)))
    host, tv = watch(contexts["host"].new_page()), watch(contexts["tv"].new_page())
    kinds: set[str] = set()
    for game in engines.GAMES.values():
        made = service.create_table(game.id, game.min_players, {})
        table = str(made["table"])
        host.goto(f"{server}/host?key={host_key}")
        host.select_option("#game", game.id)
        if game.board_option is not None:
            host.locator("#ln-editor").wait_for(state="visible")
            kinds.add("map editor")
        settled(host)
        joining = watch(contexts["phone"].new_page())
        joining.goto(f"{server}/play/{table}")
        joining.locator("#claim").wait_for(state="visible")
        settled(joining)
        joining.fill("#name", "Anna")
        joining.locator('#seat-buttons button[data-seat="0"]').click()
        joining.locator("#seat").wait_for(state="visible")
        settled(joining)
        for path in (f"/table/{table}", "/table/current", "/"):
            tv.goto(f"{server}{path}")
            (tv.locator("#tables") if path == "/" else tv.locator("#seats", has_text="Anna")).wait_for()
            settled(tv)
        joining.close()
        kinds |= {"host", "join", "seat", "table screen", "current table screen", "index"}
    for ctx in contexts.values():
        ctx.close()
    assert kinds == {"host", "map editor", "join", "seat", "table screen", "current table screen", "index"}
    elsewhere = sorted({(role, url) for role, url in requested
                        if urlsplit(url).scheme not in OWN_SCHEMES
                        and (urlsplit(url).scheme, urlsplit(url).netloc) != (origin.scheme, origin.netloc)})
    assert elsewhere == []
    kinds_fetched = {urlsplit(url).path.rsplit(".", 1)[-1] for _, url in requested if "/static/" in url}
    assert {"js", "css"} <= kinds_fetched, kinds_fetched   # the pages' own scripts and styles, from here
    assert len(requested) > 20 * len(engines.GAMES)
