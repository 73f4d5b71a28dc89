"""The companion's own letters (docs/web.md, "The companion's own letters"): every page draws its words
in the DejaVu Sans the companion serves (web/static/fonts), so a phone, the table screen and the
tests measure the same letters at the same widths, and each symbol the games use is one shape on
every screen. A character the served cut lacks would come from whatever font a phone has, or as an
empty box: every character the pages can write is in both faces, and on real pages (a phone at its
seat in each game, the table screen, in English, Dutch and German) every word is drawn in them.
"""

from __future__ import annotations

import unicodedata
from pathlib import Path
from typing import Any

import pytest
from PIL import ImageFont

from tests.web import test_browser as shared

ROOT = Path(__file__).resolve().parents[2]
FONTS = ROOT / "web" / "static" / "fonts"
FACES = ("DejaVuSans.woff2", "DejaVuSans-Bold.woff2")
# what the pages can write: the catalogues, the page scripts, styles and templates, the games'
# data and the Python that writes sentences and events
SOURCES = [path for folder, pattern in (
    ("web/translations", "*.po"), ("web/static", "*.js"), ("web/static", "*.css"),
    ("web/templates", "*.html"), ("web", "*.py"), ("engines", "*.py"), ("engines", "*.json"),
    ("companion", "*.py"))
    for path in (ROOT / folder).rglob(pattern)]


def written() -> dict[str, str]:
    """Every visible character past ASCII in what the pages can write, with a file that holds it
    (spaces and invisible marks drawn by no glyph left out)."""
    found: dict[str, str] = {}
    for path in SOURCES:
        for ch in path.read_text(encoding="utf-8"):
            if ord(ch) > 127 and unicodedata.category(ch)[0] not in "ZC":
                found.setdefault(ch, str(path.relative_to(ROOT)))
    return found


def test_every_character_the_pages_write_is_in_both_of_the_companions_faces() -> None:
    chars = written()
    assert {"ä", "ß", "ë", "„", "★", "⚡", "✓", "→"} <= set(chars)   # the scan reads what it should
    for face in FACES:
        font = ImageFont.truetype(str(FONTS / face), 48)
        assert font.getbbox("A")[3] > font.getbbox("A")[1]
        # a character the cut lacks draws as its empty .notdef: no ink
        missing = {ch: where for ch, where in chars.items()
                   if (box := font.getbbox(ch))[2] <= box[0] or box[3] <= box[1]}
        named = ", ".join(f"{ch} U+{ord(ch):04X} ({where})" for ch, where in missing.items())
        assert not missing, (f"{face} has no glyph for {named}: add it to CHARS in tools/subset_font.sh"
                             " and run it (its header says how)")


WORDS = "function () { return (this.textContent || '').trim().slice(0, 40); }"


def fonts_drawn(page: Any) -> dict[str, set[str]]:
    """Each font the page's visible words were drawn in -> a few of the words: "<family>" for the
    served faces, "<family> (system)" for a font of the machine's."""
    page.evaluate("document.fonts.ready.then(() => true)")
    cdp = page.context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    root = cdp.send("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
    drawn: dict[str, set[str]] = {}
    for node in cdp.send("DOM.querySelectorAll", {"nodeId": root, "selector": "body *"})["nodeIds"]:
        fonts = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
        for font in fonts:
            name = font["familyName"] + ("" if font["isCustomFont"] else " (system)")
            text = cdp.send("DOM.resolveNode", {"nodeId": node})["object"]
            words = cdp.send("Runtime.callFunctionOn", {"objectId": text["objectId"], "returnByValue": True,
                                                        "functionDeclaration": WORDS})
            drawn.setdefault(name, set()).add(words["result"].get("value", ""))
    cdp.detach()
    return drawn


GAMES = [("laser-chess", 2, "en"), ("fzzzt", 2, "de"), ("sharks-with-lasers", 3, "nl"), ("jaws", 3, "de"),
         ("loch-ness", 3, "nl")]


@shared.pytestmark[0]
@shared.pytestmark[1]
@pytest.mark.parametrize(("game", "players", "lang"), GAMES)
def test_a_phone_and_the_table_screen_draw_every_word_in_the_companions_letters(
        server: str, browser: Any, service: Any, game: str, players: int, lang: str) -> None:
    table = service.create_table(game, players, {}, seed=4, lang=lang)["table"]
    service.set_auto(table, False)
    for seat in range(1, players):
        service.claim_seat(table, seat, f"Spieler {seat + 1}")
    page = shared.phone(browser)
    shared.sit(page, server, table, 0, "Jürgen")
    page.locator("#seat[data-version]").wait_for(state="visible")
    tv = shared.watch(browser.new_context(viewport={"width": 1280, "height": 720}).new_page())
    tv.goto(f"{server}/table/{table}")
    tv.locator("#conn.live").wait_for()
    for where, each in (("phone", page), ("table screen", tv)):
        drawn = fonts_drawn(each)
        assert "DejaVu Sans" in drawn, (where, drawn)
        assert set(drawn) == {"DejaVu Sans"}, f"{where}: words drawn in another font: {drawn}"
    page.context.close()
    tv.context.close()


server, browser, no_script_errors = shared.server, shared.browser, shared.no_script_errors
