"""Jaws' table screen at 1280x720 (issue 29, point 2), both acts, in English, Dutch and German:
"the middle column hides what does not fit (779 px of content in 696 px): the event card stops
mid-sentence, Quint's row sometimes disappears from the crew list, and the land labels are clipped
('germeister', 'Polize' for Bürgermeisteramt and Polizeistation)." Nothing is cut: each part gets
the room its words need (the map may shrink), and nothing is under 18 px.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from engines import TABLE
from tests.web import test_browser as shared
from tests.web.test_browser_fit import PHONE_FIT, SETTLED, TABLE_FIT

pytestmark = shared.pytestmark
server, browser, no_script_errors = shared.server, shared.browser, shared.no_script_errors
phone, shot, watch = shared.phone, shared.shot, shared.watch

BOX = json.dumps(json.loads((Path(__file__).resolve().parents[1] / "fixtures" / "jaws_box.json")
                            .read_text(encoding="utf-8"))["profile"])

# Every visible text cut: an HTML element whose words need more room than its box (scroll size past
# its client size), or that sticks out of a box that hides its overflow; a drawn label that leaves
# the shape it names (data-in: the id of its shape) or its drawing.
CLIPPED = """() => {
    const cut = [];
    const name = (e) => (e.textContent || '').trim().slice(0, 40);
    const hiding = ['hidden', 'clip', 'auto', 'scroll'];
    const hides = (e) => hiding.includes(getComputedStyle(e).overflowX)
                      || hiding.includes(getComputedStyle(e).overflowY);
    for (const e of document.querySelectorAll('body *')) {
        if (e.closest('[hidden]')) continue;
        const own = [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
        if (!own) continue;
        const r = e.getBoundingClientRect();
        if (!r.width || !r.height) continue;
        if (e instanceof SVGElement) {
            const svg = e.ownerSVGElement, b = e.getBBox(), vb = svg.viewBox.baseVal;
            // the label's box in the drawing's own coordinates (a label in a moved or scaled group)
            const drawn = svg.getScreenCTM().inverse().multiply(e.getScreenCTM());
            const bx = [b.x, b.x + b.width], by = [b.y, b.y + b.height];
            const xs = bx.flatMap((x) => by.map((y) => new DOMPoint(x, y).matrixTransform(drawn).x));
            if (vb && vb.width && (Math.min(...xs) < vb.x - 1 || Math.max(...xs) > vb.x + vb.width + 1)) {
                cut.push('outside its drawing: ' + name(e));
            }
            const shape = e.dataset.in && svg.querySelector('[data-land="' + e.dataset.in + '"]');
            if (shape) {   // the label's corners (a little inset), in the shape's own coordinates
                const to = shape.getCTM().inverse().multiply(e.getCTM());
                const dx = b.width * 0.04, dy = b.height * 0.2;
                const corners = [[b.x + dx, b.y + dy], [b.x + b.width - dx, b.y + dy],
                                 [b.x + dx, b.y + b.height - dy], [b.x + b.width - dx, b.y + b.height - dy]];
                const at = ([x, y]) => new DOMPoint(x, y).matrixTransform(to);
                const inside = corners.every((c) => shape.isPointInFill(at(c)));
                if (!inside) cut.push('leaves its space: ' + name(e));
            }
            continue;
        }
        const style = getComputedStyle(e);
        const over = e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1;
        if (style.display !== 'inline' && over) {
            const sizes = [e.scrollWidth, e.scrollHeight, e.clientWidth, e.clientHeight];
            cut.push('overflows: ' + name(e) + ' ' + sizes);
        }
        for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
            if (!hides(a)) continue;
            const box = a.getBoundingClientRect();
            if (r.bottom > box.bottom + 1 || r.right > box.right + 1 || r.top < box.top - 1
                || r.left < box.left - 1) {
                cut.push('cut by ' + (a.id || a.className) + ': ' + name(e));
                break;
            }
        }
    }
    return cut.slice(0, 16);
}"""


def plays(service: Any, table: str, count: int, seed: int) -> None:
    """Random plays (the table's chance entered as the companion would), the story told."""
    rng = random.Random(seed)
    for _ in range(count):
        state = service.state_of(table)
        if state.outcome is not None or not state.awaiting:
            break
        while service.public(table)["story"]["hold"]:   # Act 2 waits for the table to show a round
            service.advance(table)
        seat = state.awaiting[0]
        if seat == TABLE:
            action = rng.choice(state.chance_outcomes())[0]
        else:
            legal = [a for a in state.legal_actions(seat) if a["type"] != "back"]
            action = rng.choice(legal)
        service.act(table, seat, action)
    while service.public(table)["story"]["waiting"]:
        service.advance(table)


# Act 1 in all three languages and Act 2 in German are walked step by step, each page drawn as it
# follows the telling (tests/web/test_browser_table_walk.py, with the crew rows and the event card
# checked at every step); here the pages come fresh at five moments where that walk does not go.
@pytest.mark.parametrize("lang", ["en", "nl"])
def test_the_table_screen_cuts_none_of_act_2s_words(server: str, browser: Any, service: Any,
                                                    lang: str) -> None:
    act, options = "2", {"acts": "2", "box": BOX, "resurface": "digital"}
    table = service.create_table("jaws", 4, options, seed=11, lang=lang)["table"]
    service.set_auto(table, False)
    for seat, name in enumerate(["Sharky", "Bea", "Hal", "Quentin"]):
        service.claim_seat(table, seat, name)
    ctx = browser.new_context(viewport={"width": 1280, "height": 720})
    tv = watch(ctx.new_page())
    for moment, count in (("start", 0), ("early", 4), ("crew", 14), ("later", 40), ("late", 90)):
        plays(service, table, count, seed=count)
        tv.goto(f"{server}/table/{table}")
        tv.locator("#game-area:not([hidden])").wait_for()
        tv.evaluate(SETTLED)
        fit = tv.evaluate(TABLE_FIT)
        cut = tv.evaluate(CLIPPED)
        shot(tv, f"jaws-table-fit-act{act}-{lang}-{moment}")
        where = (act, lang, moment)
        assert not cut, (where, cut)
        assert not fit["out"] and not fit["cut"], (where, fit)
        assert fit["smallest"] >= 17.9, (where, fit["smallest"], fit["where"])
    ctx.close()


@pytest.mark.parametrize("lang", ["en", "nl", "de"])
def test_the_sharks_phone_with_three_rounds_recorded_is_no_wider_than_the_phone(
        server: str, browser: Any, service: Any, lang: str) -> None:
    """The game night (J5): "From Act 1, round 3, the 'Dein Bewegungsplan' table (Runde | Weg |
    Gefressen | Zusatzfähigkeit) is 391 px wide, so the page is 401 px", and the end-turn sheet's
    "Bestätigen" runs past the right edge. Three rounds recorded, the shark to play: the page and
    the sheet fit 360 px."""
    table = service.create_table("jaws", 3, {"acts": "1"}, seed=7, lang=lang)["table"]
    service.set_auto(table, False)
    tokens = [service.claim_seat(table, seat, name) for seat, name in enumerate(["Sharky", "Bea", "Hal"])]
    rng = random.Random(1)
    for _ in range(400):
        state = service.state_of(table)
        if len(state.view(0)["secret"].get("trail") or []) >= 3 and 0 in state.awaiting:
            break
        seat = state.awaiting[0]
        service.act(table, seat, rng.choice(state.legal_actions(seat)))
    else:
        raise AssertionError("no third round for the shark")
    ctx = browser.new_context(viewport={"width": 360, "height": 740}, device_scale_factor=2,
                              is_mobile=True, has_touch=True, locale=lang)
    shark = watch(ctx.new_page())
    ctx.add_cookies([{"name": f"seat_{table}", "value": tokens[0], "url": server}])   # Sharky's phone
    shark.goto(f"{server}/play/{table}?lang={lang}")
    shark.locator(".jaws-record tr").nth(3).wait_for()
    fit = shark.evaluate(PHONE_FIT)
    assert fit["scroll"] <= 360 and not fit["out"], (lang, fit)
    shark.locator("#controls button.big:not([disabled])").last.tap()
    shark.locator("#sheet").wait_for(state="visible")
    box = shark.locator("#sheet-ok").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360, (lang, box)
    assert shark.evaluate(PHONE_FIT)["scroll"] <= 360
    ctx.close()
