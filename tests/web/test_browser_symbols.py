"""Every symbol a page uses draws in Debian's chromium with the fonts of a bare Pi OS (issue 29, point
10): "'⏸' shows as an empty box before 'Automatisch' in Debian's chromium (a Pi's kiosk browser has
the same fonts)." A symbol no installed font has is drawn as inline SVG (TC.icon) instead.

Each symbol in the page scripts, styles and templates is drawn on a canvas in the pages' own font
and compared with what the browser draws for characters no font has (its empty box).
"""

from __future__ import annotations

import unicodedata
from pathlib import Path
from typing import Any

from tests.web import test_browser as shared

pytestmark = shared.pytestmark
server, browser, no_script_errors = shared.server, shared.browser, shared.no_script_errors
phone, shot, watch = shared.phone, shared.shot, shared.watch

WEB = Path(__file__).resolve().parents[2] / "web"

MISSING = """(chars) => {
    const canvas = document.createElement('canvas');
    canvas.width = 64; canvas.height = 64;
    const g = canvas.getContext('2d', {willReadFrequently: true});
    const font = '40px ' + getComputedStyle(document.body).fontFamily;
    const pixels = (ch) => {
        g.clearRect(0, 0, 64, 64);
        g.font = font;
        g.fillStyle = '#000';
        g.fillText(ch, 8, 48);
        return Array.from(g.getImageData(0, 0, 64, 64).data).join(',');
    };
    const none = [pixels('\\uE000'), pixels(String.fromCodePoint(0x10FFFD)), pixels(' ')];
    return [...chars].filter((ch) => none.includes(pixels(ch)));
}"""


def symbols() -> dict[str, set[str]]:
    """Every symbol (Unicode category S: arrows, shapes, signs, pictographs) the pages hold."""
    found: dict[str, set[str]] = {}
    files = [*WEB.joinpath("static").rglob("*.js"), *WEB.joinpath("static").rglob("*.css"),
             *WEB.joinpath("templates").rglob("*.html")]
    for path in files:
        for ch in path.read_text(encoding="utf-8"):
            if ord(ch) > 127 and unicodedata.category(ch).startswith("S"):
                found.setdefault(ch, set()).add(path.name)
    return found


def test_every_symbol_a_page_uses_draws_with_the_pis_fonts(server: str, browser: Any,
                                                            make_table: Any) -> None:
    used = symbols()
    assert len(used) > 20
    t = make_table()
    page = phone(browser)
    page.goto(f"{server}/play/{t.id}")
    page.locator("#claim").wait_for(state="visible")
    missing = page.evaluate(MISSING, "".join(sorted(used)))
    assert missing == [], {ch: sorted(used[ch]) for ch in missing}
    page.context.close()


def test_the_auto_switch_draws_its_pause_sign(server: str, browser: Any, service: Any) -> None:
    """The table screen's and a phone's Auto switch: the sign before the word is drawn (an SVG)."""
    table = service.create_table("laser-chess", 2, {}, seed=3)["table"]
    service.set_auto(table, True)
    ctx = browser.new_context(viewport={"width": 1280, "height": 720})
    tv = watch(ctx.new_page())
    tv.goto(f"{server}/table/{table}")
    tv.locator("#auto[aria-pressed=true] svg.icon-pause").wait_for()
    box = tv.locator("#auto svg.icon-pause").bounding_box()
    assert box is not None and box["width"] >= 12
    assert tv.locator("#auto").inner_text().strip().endswith("Auto")
    ctx.close()
