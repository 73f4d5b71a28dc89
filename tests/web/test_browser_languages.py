"""Three languages at one table, in a real browser: a phone in Dutch, a phone in German, and the
table screen in German (the host's choice), playing a few turns of Fzzzt! and of Laser Chess.

Each screen's visible text, checked with the real-language test's word check, has no English word
left; screenshots go to test-artifacts/ (lang-*.png). German words are long: no button, card or
panel on a 390-px phone or the 1280x720 table screen runs out of its box or past the screen's edge,
and no word is wider than the box it stands in (measured in the browser).
"""

# ruff: noqa: E501  (the measuring script is JavaScript, kept readable on its lines)
from __future__ import annotations

import re
from typing import Any

from tests.web import test_browser as shared
from tests.web.test_real_languages import english_words

pytestmark = shared.pytestmark
server, browser, no_script_errors = shared.server, shared.browser, shared.no_script_errors
shot, watch = shared.shot, shared.watch

# Every box a person reads: its text must fit (no clipped or overflowing content, inside the
# viewport), and no single word of it may be wider than the box (a word broken in two).
# A board drawn in SVG scrolls sideways by design and is measured by the game's own tests.
OVERFLOWS = """() => {
    const vw = document.documentElement.clientWidth;
    const canvas = document.createElement('canvas').getContext('2d');
    const out = [];
    const boxes = document.querySelectorAll(
        'button, .card, section, aside, .badge, .status, .who, .turn, .alert, .hint, h1, h2, h3, li, label, ' +
        'figcaption, .fz-player, .fz-line, .swl-card, .resolution, .outcome, nav a, select, option');
    for (const e of boxes) {
        if (e.closest('svg, .board svg, #board svg')) continue;
        const style = getComputedStyle(e);
        const r = e.getBoundingClientRect();
        if (!r.width || style.display === 'none' || style.visibility === 'hidden') continue;
        if (e.closest('details:not([open])') && !e.matches('summary')) continue;
        const scrolls = ['auto', 'scroll'].includes(style.overflowX);
        const name = e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (e.className && typeof e.className === 'string' ? '.' + e.className.split(' ').join('.') : '');
        if (!scrolls && e.scrollWidth > e.clientWidth + 1 && style.overflowX !== 'visible')
            out.push([name, 'clipped', e.scrollWidth, e.clientWidth, (e.innerText || '').slice(0, 60)]);
        if (r.right > vw + 1 || r.left < -1)
            out.push([name, 'past the edge', Math.round(r.left), Math.round(r.right), (e.innerText || '').slice(0, 60)]);
        if (e.children.length === 0 && (e.innerText || '').trim()) {
            canvas.font = style.font;
            const inner = e.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
            for (const word of e.innerText.split(/\\s+/)) {
                const w = canvas.measureText(word).width;
                if (w > inner + 1) out.push([name, 'word wider than its box', Math.round(w), Math.round(inner), word]);
            }
        }
    }
    // a word drawn on a card or a board (SVG text) stays inside its drawing
    for (const t of document.querySelectorAll('svg text')) {
        const owner = t.ownerSVGElement;
        const view = owner && owner.viewBox && owner.viewBox.baseVal;
        if (!view || !view.width || !(t.textContent || '').trim()) continue;
        const b = t.getBBox();
        if (b.x < view.x - 0.5 || b.x + b.width > view.x + view.width + 0.5)
            out.push(['svg text', 'outside its drawing', Math.round(b.x), Math.round(b.x + b.width), t.textContent]);
    }
    return out;
}"""


def context(browser: Any, locale: str, width: int = 390, height: int = 844, mobile: bool = True) -> Any:
    ctx = browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=2 if mobile else 1,
                              is_mobile=mobile, has_touch=mobile, locale=locale)
    return watch(ctx.new_page())


# a time as the browser writes it in the page's language, with its weekday ("So., 00:21", "zo 00:21"):
# the browser's own words, whatever day the test runs on (German Sunday "So", Thursday "Do")
WHEN = re.compile(r"\b\w{2,3}\.?,?\s+\d{1,2}:\d{2}")


def english_on(page: Any, lang: str) -> list[str]:
    """The English words the screen shows now (its visible text and its buttons' words)."""
    text = WHEN.sub(" ", page.locator("body").inner_text())
    return sorted(set(english_words(text, lang, ENGLISH)))


ENGLISH: set[str] = set()


def vocabulary() -> set[str]:
    if not ENGLISH:
        from tests.web.test_real_languages import PLACEHOLDER, WORD
        from web import messages
        for message in messages.template():
            if message.id:
                for text in (message.id,) if isinstance(message.id, str) else message.id:
                    ENGLISH.update(w.lower() for w in WORD.findall(PLACEHOLDER.sub(" ", text)))
    return ENGLISH


def check_screen(page: Any, lang: str, name: str) -> None:
    vocabulary()
    shot(page, name)
    left = english_on(page, lang)
    assert left == [], (name, left)
    assert page.evaluate(OVERFLOWS) == [], name


claim = shared.sit


def test_fzzzt_in_dutch_and_german_at_one_table(server: str, browser: Any, service: Any) -> None:
    table = service.create_table("fzzzt", 2, {}, seed=7, lang="de")["table"]
    tv = context(browser, "en-US", 1280, 720, mobile=False)   # the table's language, not the browser's
    tv.goto(f"{server}/table/{table}")
    tv.locator(".fz-conveyor .fz-slot.head svg").wait_for()
    assert tv.evaluate("document.documentElement.lang") == "de"
    anna, bo = context(browser, "nl-NL"), context(browser, "de-DE")
    claim(anna, server, table, 0, "Anna")
    claim(bo, server, table, 1, "Bo")
    tv.locator("#seats", has_text="Bo").wait_for()
    phones = {0: anna, 1: bo}
    assert "Dein Platz" in bo.locator("#who").inner_text() or "Bo" in bo.locator("#who").inner_text()

    # a few auctions, each bid by tapping the first card of the hand on the phone whose turn it is
    for _ in range(3):
        awaiting = service.public(table)["awaiting"]
        if not awaiting or awaiting[0] < 0:
            break
        page = phones[awaiting[0]]
        page.locator(".fz-pick").first.wait_for()
        page.locator(".fz-pick").first.tap()
        page.locator("#fz-bid").tap()
        page.locator("#sheet").wait_for(state="visible")
        page.locator("#sheet-ok").tap()
        page.locator(".fz-mybid, .fz-reveal").first.wait_for()
    tv.locator("#events li").first.wait_for()
    for page, lang, name in ((anna, "nl", "lang-nl-phone-fzzzt"), (bo, "de", "lang-de-phone-fzzzt"),
                             (tv, "de", "lang-de-table-fzzzt")):
        check_screen(page, lang, name)
    assert "bod" in anna.locator("body").inner_text().lower()        # the Dutch edition's word
    assert "Gebot" in bo.locator("body").inner_text() or "biete" in bo.locator("body").inner_text()
    for page in (anna, bo, tv):
        page.context.close()


def test_laser_chess_in_dutch_and_german_at_one_table(server: str, browser: Any, service: Any) -> None:
    table = service.create_table("laser-chess", 2, {}, seed=3, lang="de")["table"]
    tv = context(browser, "nl-NL", 1280, 720, mobile=False)
    tv.goto(f"{server}/table/{table}")
    tv.locator("#board svg").wait_for(state="visible")
    blue, red = context(browser, "nl-NL"), context(browser, "de-DE")
    claim(blue, server, table, 0, "Anna")
    claim(red, server, table, 1, "Bo")
    blue.locator("#status", has_text="Jouw beurt.").wait_for()
    red.locator("#status", has_text="Anna").wait_for()

    # Anna (Dutch) moves by tapping; Bo (German) turns a piece; each confirms in their language.
    move = next(a for a in service.seat_view(table, 0)["legal_actions"] if a["type"] == "move")
    blue.locator(f'#board .hit[data-square="{move["from"]}"]').tap()
    blue.locator(f'#board .hit[data-square="{move["to"]}"]').tap()
    blue.locator("#sheet").wait_for(state="visible")
    assert "zetten" in blue.locator("#sheet-title").inner_text()
    check_screen(blue, "nl", "lang-nl-phone-laser-chess-confirm")
    blue.locator("#sheet-ok").tap()
    red.locator("#status", has_text="Du bist am Zug.").wait_for()
    rotate = next(a for a in service.seat_view(table, 1)["legal_actions"] if a["type"] == "rotate")
    red.locator(f'#board .hit[data-square="{rotate["square"]}"]').tap()
    red.locator(f'#controls button.rotate[data-turn="{rotate["turn"]}"]').tap()
    red.locator("#sheet").wait_for(state="visible")
    assert "drehen" in red.locator("#sheet-title").inner_text()
    red.locator("#sheet-ok").tap()
    blue.locator("#status", has_text="Jouw beurt.").wait_for()

    # the table screen says it in German, whatever its browser asked for, step by step (the test
    # moves its story on to the last step, as "Next" would)
    while service.public(table)["story"]["waiting"]:
        service.advance(table)
    story = service.public(table)["story"]
    tv.locator(f'#events li.current[data-id="{story["steps"][story["at"]]["id"]}"]').wait_for()
    for page, lang, name in ((blue, "nl", "lang-nl-phone-laser-chess"), (red, "de", "lang-de-phone-laser-chess"),
                             (tv, "de", "lang-de-table-laser-chess")):
        check_screen(page, lang, name)

    # the host switches the table screen to Dutch: it follows, the phones keep their own
    service.set_language(table, "nl")
    tv.wait_for_function("() => document.documentElement.lang === 'nl'")
    tv.locator("#board svg").wait_for(state="visible")
    check_screen(tv, "nl", "lang-nl-table-laser-chess")
    assert red.evaluate("document.documentElement.lang") == "de"
    for page in (blue, red, tv):
        page.context.close()


def test_the_host_page_and_the_language_switch_in_german(server: str, browser: Any, host_key: str) -> None:
    """The host page on a 390-px phone in German: options with their labels and help, the table
    screen's language; and the switch takes a phone to Dutch. (The virtual hardware panel's words
    are the page catalogue's, checked in test_real_languages.py.)"""
    host = context(browser, "de-DE")
    host.goto(f"{server}/host?key={host_key}")
    host.locator("#game option[value=fzzzt]").wait_for(state="attached")
    host.select_option("#game", "fzzzt")
    host.locator("#options .option .help").first.wait_for()
    assert "Bieten" in host.locator("#options").inner_text()
    check_screen(host, "de", "lang-de-host")
    host.locator('nav.lang-switch a[hreflang="nl"]').tap()
    host.wait_for_function("() => document.documentElement.lang === 'nl'")
    host.locator("#game option[value=fzzzt]").wait_for(state="attached")
    assert host.locator("h1").first.inner_text() == "Spelleider"
    host.context.close()
