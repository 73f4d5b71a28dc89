"""Colour-blind safe (issue 40, point 3): the colours that tell the game's parts apart (the seats'
swatches, the tokens and movers of each side or role on the boards, Fzzzt!'s card kinds, Jaws' crew
chips) are read from the table screen as drawn, in a seeded game of the most players, at the first
decision and mid-game. Under simulated protanopia, deuteranopia and tritanopia (Machado, Oliveira
and Fernandes 2009, full severity, applied in linear RGB) every two of them that mean different
things stay apart (CIELAB distance at least ``APART``), and each still carries a letter, a number or
a word (never colour alone). Each token stands out from its drawing's ground at 3:1 by its fill or
its outline (WCAG 1.4.11); and on every board (Laser Chess, Sharks with Lasers, Loch Ness, Jaws' Amity
and the Orca) every part that carries meaning (tokens, beams, shaded water, the shark's path, the
Orca's tiles) stands out 3:1 from what lies beneath it, as drawn."""

from __future__ import annotations

import math
import random
import re
from itertools import combinations
from typing import Any

import pytest

from tests.web import test_browser as shared
from tests.web.test_browser_axe import screen_at
from tests.web.test_browser_fit import advance, one_play, player
from tests.web.test_browser_phone_walk import BOX

pytestmark = shared.pytestmark
server, browser, no_script_errors = shared.server, shared.browser, shared.no_script_errors
watch = shared.watch

GAMES = {   # players, options: as many sides as the game has
    "laser-chess": (2, {}),
    "fzzzt": (4, {}),
    "sharks-with-lasers": (4, {}),
    "jaws": (4, {"acts": "2", "box": BOX, "resurface": "digital"}),
    "jaws-act1": (4, {"acts": "1"}),
    "loch-ness": (4, {}),
}

SIMULATIONS = {   # Machado et al. 2009, severity 1.0, on linear RGB
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
APART = 10.0   # CIELAB distance: ~4 times what a person just notices side by side (~2.3)

# What tells the parts apart, as drawn: each kind of part (its classes) with its colour and the
# words, letter or number it carries.
PARTS = """(tokens) => {
    const out = [];
    const PLAIN = /^(current|mine|focus|in-water|selected|hot|target|ln-side|ln-mine)$/;   // states
    const seen = (e) => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden';
    const cls = (e) => (typeof e.className === 'string' ? e.className : e.className.baseVal)
        .split(/\\s+/).filter((c) => c && !PLAIN.test(c))
        .sort().join(' ');
    for (const e of document.querySelectorAll('.swatch, .jaws-chip')) {
        if (seen(e)) out.push({kind: cls(e), colour: getComputedStyle(e).backgroundColor,
                               said: e.textContent.trim()});
    }
    for (const e of document.querySelectorAll(tokens + ', .fz-card[class*=kind-]')) {
        if (!seen(e)) continue;
        const shape = e.querySelector('path, rect, circle, polygon');
        if (!shape) continue;
        out.push({kind: cls(e), colour: getComputedStyle(shape).fill,
                  said: [...e.querySelectorAll('text, title')].map((t) => t.textContent.trim()).join(' ')});
    }
    // and the page's style sheets: every colour given to a side's class (a card kind, a seat), drawn
    // now or not
    for (const sheet of document.styleSheets) {
        for (const rule of sheet.cssRules) {
            const colour = rule.style && (rule.style.backgroundColor || rule.style.fill);
            if (!colour || !colour.startsWith('rgb')) continue;
            const side = (rule.selectorText.match(/\\.(kind-\\w+|role-\\w+|ln\\d)\\b/) || [])[1];
            if (side) out.push({kind: 'style ' + side, colour: colour, said: 'its word'});
        }
    }
    return out;
}"""


SIDE = re.compile(r"^(role-\w+|kind-\w+|ln\d|blue|red|green|orange|yellow)$")


def same_side(k1: str, k2: str) -> bool:
    """Two kinds of part of one side or role (its swatch and its token): not told apart by colour."""
    return any(SIDE.match(c) for c in set(k1.split()) & set(k2.split()))


# WCAG 1.4.11 (3:1 for the parts of a drawing that carry meaning): each token's fill or its outline
# against the drawing's ground (the drawing's first shape: the board, the sea).
EDGES = """(tokens) => {
    const out = [];
    for (const e of document.querySelectorAll(tokens + ', .token')) {
        const drawing = e.ownerSVGElement, shape = e.querySelector('path, rect, circle, polygon');
        if (!drawing || !shape || !e.getClientRects().length) continue;
        const ground = drawing.querySelector(':scope > rect, :scope > path, :scope > polygon');
        if (!ground) continue;
        const s = getComputedStyle(shape);
        out.push({kind: e.getAttribute('class'), fill: s.fill, stroke: s.stroke,
                  ground: getComputedStyle(ground).fill});
    }
    return out;
}"""


def contrast(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def luminance(c: tuple[float, float, float]) -> float:
    r, g, b = (linear(v) for v in c)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def rgb(css: str) -> tuple[float, float, float] | None:
    if not css.startswith("rgb"):
        return None   # a pattern (url(...)) or none: not a flat colour
    r, g, b = (float(x) for x in css[css.index("(") + 1:css.index(")")].split(",")[:3])
    return r / 255, g / 255, b / 255


def linear(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def lab(lin: tuple[float, float, float]) -> tuple[float, float, float]:
    r, g, b = lin
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def seen_as(colour: tuple[float, float, float], matrix: Any) -> tuple[float, float, float]:
    lin = [linear(c) for c in colour]
    out = [min(1.0, max(0.0, sum(m * c for m, c in zip(row, lin, strict=True)))) for row in matrix]
    return lab((out[0], out[1], out[2]))


def test_the_matrices_merge_what_a_colour_blind_player_cannot_tell_apart() -> None:
    """The simulation itself: pure red and a green of the same lightness merge for a deuteranope;
    blue and yellow stay apart; and the distance is 0 to itself."""
    red, green = (0.8, 0.2, 0.1), (0.3, 0.55, 0.0)
    normal = math.dist(lab(tuple(map(linear, red))), lab(tuple(map(linear, green))))  # type: ignore[arg-type]
    deutan = math.dist(seen_as(red, SIMULATIONS["deuteranopia"]), seen_as(green, SIMULATIONS["deuteranopia"]))
    assert normal > 3 * APART and deutan < APART
    blue, yellow = (0.1, 0.2, 0.9), (1.0, 0.85, 0.1)
    for matrix in SIMULATIONS.values():
        assert math.dist(seen_as(blue, matrix), seen_as(yellow, matrix)) > 3 * APART
        assert math.dist(seen_as(blue, matrix), seen_as(blue, matrix)) == 0


@pytest.mark.parametrize("walk", sorted(GAMES))
def test_the_colours_that_tell_sides_apart_stay_apart_for_colour_blind_eyes(
        server: str, browser: Any, service: Any, walk: str) -> None:
    game = walk.removesuffix("-act1")
    players, options = GAMES[walk]
    table = service.create_table(game, players, options, seed=4)["table"]
    service.set_auto(table, False)
    for seat in range(1, players):
        service.claim_seat(table, seat, f"P{seat + 1}")
    tv = watch(browser.new_context(viewport={"width": 1280, "height": 720}).new_page())
    tv.goto(f"{server}/table/{table}")
    parts: dict[str, tuple[str, set[str]]] = {}
    faint: set[str] = set()   # tokens whose fill and outline both stand under 3:1 on their ground
    edges = 0
    phone = watch(browser.new_context(viewport={"width": 360, "height": 740}).new_page())
    phone.context.add_cookies([{"name": f"seat_{table}", "value": service.claim_seat(table, 0, "P1"),
                                "url": server}])   # the seat taken again: this phone holds it
    phone.goto(f"{server}/play/{table}")
    for moment in ("start", "mid-game", "later"):
        if moment != "start":
            advance(service, table, 12, seed=4, tell=False)
        screen_at(tv, service, table)
        phone.wait_for_function("(v) => +document.getElementById('seat').dataset.version >= v",
                                arg=service.seat_view(table, 0)["version"])
        tokens = tv.evaluate("() => TC.TOKENS")
        for edge in tv.evaluate(EDGES, tokens) + phone.evaluate(EDGES, tokens):
            ground, fill, stroke = rgb(edge["ground"]), rgb(edge["fill"]), rgb(edge["stroke"])
            if ground is None or fill is None:
                continue
            edges += 1
            best = max(contrast(fill, ground), contrast(stroke, ground) if stroke else 0.0)
            if best < 3:
                faint.add(f"{edge['kind']}: {best:.2f}:1 on {edge['ground']}")
        for part in tv.evaluate(PARTS, tokens) + phone.evaluate(PARTS, tokens):
            colour, said = parts.get(part["kind"], (part["colour"], set()))
            said.add(part["said"])
            parts[part["kind"]] = (colour, said)
    kinds = {kind: rgb(colour) for kind, (colour, _) in parts.items()}
    flat = {kind: c for kind, c in kinds.items() if c is not None}
    assert len(set(flat.values())) >= 2, (walk, parts)   # the test saw the colours it is about
    mute = [kind for kind, (_, said) in parts.items() if not all(said)]
    assert not mute, (walk, "a colour with no letter, number or word", mute)
    close = []
    for (k1, c1), (k2, c2) in combinations(sorted(flat.items()), 2):
        if c1 == c2 or same_side(k1, k2):
            continue   # one side's parts, or one colour for two: told apart by their letters or shapes
        for name, matrix in SIMULATIONS.items():
            apart = math.dist(seen_as(c1, matrix), seen_as(c2, matrix))
            if apart < APART:
                close.append(f"{name}: {k1} / {k2}: {apart:.1f}")
    print(f"\n{walk}: {len(flat)} colours, {len(set(flat.values()))} apart; {edges} tokens' edges measured:",
          sorted(set(parts)))
    assert not close, (walk, close)
    assert not faint, (walk, sorted(faint))


# WCAG 1.4.11 on every board: each meaning-carrying part of a drawing against what it lies on, as drawn
# (the shapes beneath it at that point, their opacity blended, down to the drawing's background): a
# token by its fill or its outline; a beam (its colour and its core, at its opacity) at every square
# it crosses; Jaws' shaded water against plain water; the shark's path on the Amity and the Orca's
# boat tiles (intact, and a damaged one's mark) against the water beside them.
DRAWN = """(tokens) => {
    const rgba = (css) => {
        const m = /rgba?\\(([^)]+)\\)/.exec(css || '');
        if (!m) return null;
        const v = m[1].split(',').map(Number);
        return [v[0], v[1], v[2], v.length > 3 ? v[3] : 1];
    };
    const opacity = (e) => {
        let a = 1;
        for (let n = e; n instanceof SVGElement; n = n.parentNode) a *= +getComputedStyle(n).opacity;
        return a;
    };
    const paint = (e, which) => {
        const s = getComputedStyle(e), c = rgba(s[which]);
        if (c) c[3] *= opacity(e) * +(which === 'fill' ? s.fillOpacity : s.strokeOpacity);
        return c && c[3] > 0 ? c : null;
    };
    const over = (top, low) => [0, 1, 2].map((i) => top[i] * top[3] + low[i] * (1 - top[3])).concat([1]);
    const LINE = '.beam, .beam-casing, .beam-core, .beam-end, .beam-dot, .beam-removed, '
        + '.shark-path, .shark-path-casing';
    const PART = tokens + ', g.shark, g.agent, text, ' + LINE;
    function ground(x, y, self) {   // the colour beneath the point, ``self`` (a part) left out
        const layers = [];
        for (const e of document.elementsFromPoint(x, y)) {
            if (self(e)) continue;
            let c = null;
            if (e instanceof SVGGeometryElement) {
                if (e.closest(PART) || e.closest('defs')) continue;
                if (getComputedStyle(e).fill.startsWith('url')) return null;   // a pattern: not one colour
                c = paint(e, 'fill');
            } else {
                c = rgba(getComputedStyle(e).backgroundColor);
                if (c && c[3] === 0) c = null;
            }
            if (c) { layers.push(c); if (c[3] >= 1) break; }
        }
        if (!layers.length || layers[layers.length - 1][3] < 1) return null;
        return layers.reverse().reduce((low, top) => over(top, low));
    }
    const seen = (e) => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden';
    const out = [];
    const area = (s) => { const r = s.getBoundingClientRect(); return r.width * r.height; };
    for (const e of document.querySelectorAll(tokens + ', .token, g.shark, g.agent')) {
        // its outer shapes (its body, a ring round it), not a mark drawn on it
        const shapes = [...e.querySelectorAll('path, rect, circle, polygon, ellipse')];
        if (!shapes.length || !seen(e) || !e.ownerSVGElement) continue;
        const big = Math.max(...shapes.map(area)), outer = shapes.filter((s) => area(s) >= 0.6 * big);
        const r = outer.find((s) => area(s) === big).getBoundingClientRect();
        const g = ground(r.x + r.width / 2, r.y + r.height / 2, (n) => e.contains(n));
        if (g) out.push({part: 'token', kind: e.getAttribute('class'), ground: g,
                         colours: outer.flatMap((s) => [paint(s, 'fill'), paint(s, 'stroke')])
                             .filter(Boolean)});
    }
    // lines: each beam (its colours: every line of it), the shark's path; sampled at its corners and
    // half-way between them
    const lines = [...document.querySelectorAll('polyline.beam')]
        .map((b) => [b, [b, ...b.parentNode.querySelectorAll(':scope > .beam-core, :scope > .beam-casing')]])
        .concat([...document.querySelectorAll('g.beam')].map((g) => [g, [...g.querySelectorAll('polyline')]]))
        .concat([...document.querySelectorAll('.shark-path')]
            .map((p) => [p, [p, ...p.parentNode.querySelectorAll(':scope > .shark-path-casing')]]));
    for (const [whole, parts] of lines) {
        const line = parts[0];
        if (!seen(line)) continue;
        const m = line.getScreenCTM();
        const pts = [...line.points].map((p) => new DOMPoint(p.x, p.y).matrixTransform(m));
        const half = (p, q) => [(p.x + q.x) / 2, (p.y + q.y) / 2];
        const at = pts.flatMap((p, i) => i ? [half(p, pts[i - 1]), [p.x, p.y]] : [[p.x, p.y]]);
        const colours = parts.map((p) => paint(p, 'stroke')).filter(Boolean);
        for (const [x, y] of at) {
            const g = ground(x, y, (n) => n.closest(LINE) !== null);
            if (g) out.push({part: whole.matches('.shark-path') ? 'track' : 'beam',
                             kind: whole.getAttribute('class'), ground: g, colours: colours});
        }
    }
    // words drawn in a drawing (a token's letter, a count, a pill's word: WCAG 1.4.3, 4.5:1, large
    // text 3:1; axe leaves SVG text to a person): against what is painted beneath its middle, every
    // shape drawn before it whose fill holds that point, blended up from the page's ground; or
    // against its own outline where it has one (a word outlined to read on any ground)
    const pageGround = (e) => {
        for (let n = e; n; n = n.parentElement) {
            const c = rgba(getComputedStyle(n).backgroundColor);
            if (c && c[3] > 0) return c;
        }
        return [255, 255, 255, 1];
    };
    const SHAPES = 'path, rect, circle, ellipse, polygon, polyline';
    for (const t of document.querySelectorAll('svg text')) {
        if (!seen(t) || !t.textContent.trim() || !t.ownerSVGElement) continue;
        const r = t.getBoundingClientRect(), m = t.getScreenCTM();
        if (!r.width || !r.height || !m) continue;
        const s = getComputedStyle(t), fill = paint(t, 'fill');
        if (!fill) continue;
        const px = parseFloat(s.fontSize) * Math.hypot(m.a, m.b), bold = +s.fontWeight >= 700;
        const halo = parseFloat(s.strokeWidth) * Math.hypot(m.a, m.b) >= 1.5 ? paint(t, 'stroke') : null;
        let g = halo ? over(halo, [0, 0, 0, 1]) : null;
        if (!g) {
            const x = r.x + r.width / 2, y = r.y + r.height / 2;
            g = pageGround(t.ownerSVGElement.parentElement);
            for (const e of t.ownerSVGElement.querySelectorAll(SHAPES)) {
                if (t.compareDocumentPosition(e) & Node.DOCUMENT_POSITION_FOLLOWING) break;
                if (e.closest('defs, pattern, marker, mask, clipPath') || !seen(e)) continue;
                const em = e.getScreenCTM();
                if (!em || !e.isPointInFill(new DOMPoint(x, y).matrixTransform(em.inverse()))) continue;
                if (getComputedStyle(e).fill.startsWith('url')) { g = null; break; }   // a pattern
                const c = paint(e, 'fill');
                if (c) g = over(c, g);
            }
        }
        const kind = (t.getAttribute('class') || 'text') + ' "' + t.textContent.trim().slice(0, 12) + '"';
        // a symbol hidden from a screen reader beside its words (a terrain's sign) is a picture: 3:1
        const picture = t.getAttribute('aria-hidden') === 'true';
        if (g) out.push({part: 'words', kind: kind, ground: g, colours: [fill],
                         need: picture || px >= 24 || (px >= 18.66 && bold) ? 3 : 4.5});
    }
    // Jaws: shaded water (where the shark may be) against plain water, as the style sheet draws them
    for (const map of document.querySelectorAll('svg.jaws-map')) {
        const probe = (cls) => { const p = document.createElementNS('http://www.w3.org/2000/svg', 'polygon');
            p.setAttribute('class', cls); map.append(p); const c = paint(p, 'fill'); p.remove(); return c; };
        for (const plain of ['water', 'water beach-water']) {
            out.push({part: 'shade', kind: plain + ' possible', ground: probe(plain),
                      colours: [probe(plain + ' possible')]});
        }
    }
    // the Orca: its boat tiles against the water beside them (a damaged tile: its hatch's dark lines
    // and its red outline)
    for (const map of document.querySelectorAll('svg.orca-map')) {
        const water = map.querySelector('.orca-water:not(.hot)');
        if (!water) continue;
        for (const tile of map.querySelectorAll('.orca-tile')) {
            const hatch = tile.classList.contains('damaged') ? map.querySelector('#orca-hatch line') : null;
            const body = tile.classList.contains('damaged') ? null : paint(tile, 'fill');
            out.push({part: 'track', kind: tile.getAttribute('class'), ground: paint(water, 'fill'),
                      colours: [body, paint(tile, 'stroke'), hatch && paint(hatch, 'stroke')]
                          .filter(Boolean)});
        }
    }
    return out;
}"""

DRAWN_WALKS = {   # players, options, plies between the moments measured
    "fzzzt": (3, {}, 6),
    "laser-chess": (2, {}, 6),
    "sharks-with-lasers": (4, {}, 10),
    "loch-ness": (4, {}, 10),
    "jaws-act1": (4, {"acts": "1"}, 10),
    "jaws": (4, {"acts": "2", "box": BOX, "resurface": "digital"}, 10),
}


def blended(colour: list[float], ground: list[float]) -> tuple[float, float, float]:
    a = colour[3]
    return ((colour[0] * a + ground[0] * (1 - a)) / 255, (colour[1] * a + ground[1] * (1 - a)) / 255,
            (colour[2] * a + ground[2] * (1 - a)) / 255)


@pytest.mark.parametrize("walk", sorted(DRAWN_WALKS))
def test_every_part_of_every_board_stands_out_from_what_it_lies_on(
        server: str, browser: Any, service: Any, walk: str) -> None:
    game = walk.removesuffix("-act1")
    players, options, plies = DRAWN_WALKS[walk]
    table = service.create_table(game, players, options, seed=4)["table"]
    service.set_auto(table, False)
    still = {"reduced_motion": "reduce"}   # a Sharks beam drawn whole at once
    tv = watch(browser.new_context(viewport={"width": 1280, "height": 720}, **still).new_page())
    tv.goto(f"{server}/table/{table}")
    phone = watch(browser.new_context(viewport={"width": 360, "height": 740}, **still).new_page())
    phone.context.add_cookies([{"name": f"seat_{table}", "value": service.claim_seat(table, 0, "P1"),
                                "url": server}])
    phone.goto(f"{server}/play/{table}")
    worst: dict[str, tuple[float, str, float]] = {}   # each part's kind: its lowest ratio, where, its need

    def look() -> None:
        screen_at(tv, service, table)
        phone.wait_for_function("(v) => +document.getElementById('seat').dataset.version >= v",
                                arg=service.seat_view(table, 0)["version"])
        tokens = tv.evaluate("() => TC.TOKENS")
        for where, page in (("table", tv), ("phone", phone)):
            for part in page.evaluate(DRAWN, tokens):
                ground = part["ground"]
                if ground is None or not part["colours"]:
                    continue
                flat = (ground[0] / 255, ground[1] / 255, ground[2] / 255)
                best = max(contrast(blended(c, ground), flat) for c in part["colours"])
                key = f"{part['part']} {part['kind']}"
                if key not in worst or best < worst[key][0]:
                    worst[key] = (best, f"{where}, on rgb{tuple(round(v) for v in ground[:3])}",
                                  part.get("need", 3.0))

    bot = player(service, table)
    for moment in range(4):
        rng = random.Random(4 + moment)
        for _ in range(plies if moment else 0):   # random plays; each beam looked at while it is told
            state = service.state_of(table)
            if state.outcome is not None or not state.awaiting:
                break
            while service.public(table)["story"]["hold"]:
                service.advance(table)
                story = service.public(table)["story"]
                if story["at"] >= 0 and story["steps"][story["at"]]["event"].get("type") == "beam":
                    look()
            service.act(table, state.awaiting[0], one_play(state, rng, bot))
        for _ in range(40):   # then told a step at a time, each step looked at
            look()
            if not service.public(table)["story"]["waiting"]:
                break
            service.advance(table)
    print(f"\n{walk}: the lowest ratio of each part of the drawings:")
    for key, (ratio, where, need) in sorted(worst.items()):
        print(f"  {key}: {ratio:.2f}:1 ({where}; needs {need}:1)")
    faint = {key: f"{ratio:.2f}:1 {where}" for key, (ratio, where, need) in worst.items() if ratio < need}
    assert {part.split()[0] for part in worst} >= EXPECTED_PARTS[walk], (walk, sorted(worst))
    assert not faint, (walk, faint)


EXPECTED_PARTS = {   # what each board must have shown for the test to mean anything
    "fzzzt": {"words"},   # its cards' words
    "laser-chess": {"token", "beam", "words"},
    "sharks-with-lasers": {"token", "beam"},
    "loch-ness": {"token"},
    "jaws-act1": {"token", "shade"},
    "jaws": {"token", "track"},   # Act 2: the Orca
}
