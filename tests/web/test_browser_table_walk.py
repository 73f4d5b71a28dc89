"""The table screen at 1280x720 through whole seeded games, in English, Dutch and German (issue 36,
point 3): at every step the table is told, no text is cut (CLIPPED, TABLE_FIT), no words lie over
other words or under a token (a boat, a crew member, the shark, a chip), no pill's words spill out
of their pill, and nothing is under 18 px. The evening's walk-through found the event card's rule
cut under the Jaws info column, Brody's token over "Polizeistation", "Opens soon" over the land
labels, and a caption wider than its pill.

One server and the run's one browser; one TV page per game, following the telling as it happens.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from tests.web import test_browser as shared
from tests.web.test_browser_fit import SETTLED, TABLE_FIT, one_play, player
from tests.web.test_browser_jaws_fit import CLIPPED

pytestmark = shared.pytestmark
server, browser, no_script_errors = shared.server, shared.browser, shared.no_script_errors
watch, shot = shared.watch, shared.shot

BOX = json.dumps(json.loads((Path(__file__).resolve().parents[1] / "fixtures" / "jaws_box.json")
                 .read_text(encoding="utf-8"))["profile"])

# What covers words: a token (a crew member, the shark, a boat, Nessie, a chip) or other words over
# them (each HTML element's own lines of text, each drawn label), and a pill's words outside it.
TOKENS = ".mover, .shark-mover, .orca-mover, .orca-shark, .orca-chip, .orca-target, .ln-boat, .ln-nessie"
# Shared by the walks that measure covering: a drawn element's box as its four corners on the screen
# (a label may be turned along its ring), and whether two convex boxes overlap by more than `slack`
# px along every axis of either (separating axes).
GEOMETRY = """const drawn = (e) => {
        const b = e.getBBox(), m = e.getScreenCTM();
        return [[b.x, b.y], [b.x + b.width, b.y], [b.x + b.width, b.y + b.height], [b.x, b.y + b.height]]
            .map(([x, y]) => new DOMPoint(x, y).matrixTransform(m)).map((p) => [p.x, p.y]);
    };
    const meets = (a, b, slack) => {
        // boxes whose bounds do not overlap at all are apart (then some edge's axis separates them):
        // the usual case, settled without the axes
        if (Math.max(a[0][0], a[1][0], a[2][0], a[3][0]) <= Math.min(b[0][0], b[1][0], b[2][0], b[3][0])
            || Math.max(b[0][0], b[1][0], b[2][0], b[3][0]) <= Math.min(a[0][0], a[1][0], a[2][0], a[3][0])
            || Math.max(a[0][1], a[1][1], a[2][1], a[3][1]) <= Math.min(b[0][1], b[1][1], b[2][1], b[3][1])
            || Math.max(b[0][1], b[1][1], b[2][1], b[3][1]) <= Math.min(a[0][1], a[1][1], a[2][1], a[3][1])) {
            return false;
        }
        for (const poly of [a, b]) {
            for (let i = 0; i < 4; i++) {
                const [x1, y1] = poly[i], [x2, y2] = poly[(i + 1) % 4];
                const len = Math.hypot(x2 - x1, y2 - y1) || 1, nx = (y1 - y2) / len, ny = (x2 - x1) / len;
                const pa = a.map(([x, y]) => x * nx + y * ny), pb = b.map(([x, y]) => x * nx + y * ny);
                const top = Math.min(Math.max(...pa), Math.max(...pb));
                if (top - Math.max(Math.min(...pa), Math.min(...pb)) <= slack) return false;
            }
        }
        return true;
    };"""
COVERED = """() => {
    const bad = [];
    const name = (e) => (e.textContent || '').trim().slice(0, 30);
    const TOKENS = '""" + TOKENS + """';
    const shown = (e) => !e.closest('[hidden]') && getComputedStyle(e).visibility !== 'hidden'
        && getComputedStyle(e).display !== 'none';
    const area = document.querySelector('#table-screen') || document.body;
    """ + GEOMETRY + """
    const square = (r) => [[r.left, r.top], [r.right, r.top], [r.right, r.bottom], [r.left, r.bottom]];
    const texts = [...area.querySelectorAll('*')].filter((e) => shown(e) && !e.closest('title')
        && [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()));
    // an HTML element's words: the lines of its own text (not the block's whole width)
    const boxes = texts.map((e) => {
        if (e instanceof SVGElement) return [drawn(e)];
        const out = [];
        for (const n of e.childNodes) {
            if (n.nodeType !== 3 || !n.textContent.trim()) continue;
            const range = document.createRange(); range.selectNodeContents(n);
            out.push(...[...range.getClientRects()].filter((r) => r.width && r.height).map(square));
        }
        return out;
    });
    const label = (e) => e.closest('text') || e;
    for (let i = 0; i < texts.length; i++) {
        for (let j = i + 1; j < texts.length; j++) {
            const a = texts[i], b = texts[j];
            if (a.contains(b) || b.contains(a) || label(a) === label(b)) continue;
            if (boxes[i].some((r) => boxes[j].some((s) => meets(r, s, 2)))) {
                bad.push('words over words: ' + name(a) + ' / ' + name(b));
            }
        }
    }
    for (const t of [...area.querySelectorAll(TOKENS)].filter(shown)) {
        const shapes = [...t.querySelectorAll('path, rect, circle')].map(drawn);
        texts.forEach((e, i) => {
            if (t.contains(e) || e.closest(TOKENS)) return;
            if (boxes[i].some((r) => shapes.some((s) => meets(r, s, 2)))) {
                bad.push('token over words: ' + (t.getAttribute('class') || '') + ' / ' + name(e));
            }
        });
    }
    // a pill's words inside their pill
    for (const e of texts) {
        if (!(e instanceof SVGElement) || !e.parentNode || e.closest(TOKENS)) continue;
        const pill = e.parentNode.querySelector(':scope > rect[data-pill]');   // TC.hug's
        if (!pill) continue;
        const r = e.getBoundingClientRect(), p = pill.getBoundingClientRect();
        if (r.left < p.left - 1 || r.right > p.right + 1) bad.push('out of its pill: ' + name(e));
    }
    return bad.slice(0, 12);
}"""

# A drawing's moves (a Sharks figure gliding to its square) ended: each is measured where it stays.
AT_REST = ("document.querySelectorAll('svg')"
           ".forEach((s) => s.setCurrentTime && s.setCurrentTime(s.getCurrentTime() + 60))")

# what each game is walked as: its id, players, options, names, and its plays: how many are made
# before the screen is switched on, and how many after (at most ENDS: the game must end; Laser
# Chess' random players may never end it)
ENDS = 3000
CREW = ["Sharky", "Bea", "Hal", "Quentin"]
NAMES = ["Anna", "Bram", "Clara", "Dirk"]
GAMES = {
    "jaws-1": ("jaws", 4, {"acts": "1"}, CREW, (0, ENDS)),
    "jaws-2": ("jaws", 4, {"acts": "2", "box": BOX, "resurface": "digital"}, CREW, (0, ENDS)),
    "loch-ness": ("loch-ness", 4, {}, NAMES, (0, ENDS)),
    "laser-chess": ("laser-chess", 2, {}, NAMES[:2], (0, 150)),
    "sharks": ("sharks-with-lasers", 4, {}, NAMES, (0, ENDS)),
    # late in a long game (seed 6): a shark that swims through the open water comes up on an agent
    "sharks-rounds": ("sharks-with-lasers", 4, {}, NAMES, (300, 80)),
    "fzzzt": ("fzzzt", 4, {}, NAMES, (0, ENDS)),
}


def look(service: Any, tv: Any, table: str, where: tuple[Any, ...]) -> None:
    """The TV drawn at the step the table is shown (its line current), measured: cut words, small
    text, words under words or tokens."""
    story = service.public(table)["story"]
    if story["at"] >= 0:
        tv.locator(f'#events li.current[data-id="{story["steps"][story["at"]]["id"]}"]').wait_for()
    # one round trip: the layout is read where the step's line stands (reading a box lays it out)
    measure = f"[({CLIPPED})(), ({TABLE_FIT})(), ({COVERED})()]"
    cut, fit, covered = tv.evaluate(f"() => {{ {AT_REST}; return {measure}; }}")
    if cut or covered or fit["out"] or fit["cut"] or fit["smallest"] < 17.9:
        shot(tv, "table-walk-" + "-".join(map(str, where)))
    assert not cut, (where, cut)
    assert not covered, (where, covered)
    assert not fit["out"] and not fit["cut"], (where, fit)
    assert fit["smallest"] >= 17.9, (where, fit["smallest"], fit["where"])
    view = as_shown(service.public(table))
    if view.get("act") == 1 and view.get("crew"):
        # Jaws, Act 1: every crew member keeps its row; the event card's rule is there in full
        assert tv.locator(".jaws-crew li").count() == len(view["crew"]), where
        if view.get("card"):
            assert tv.locator(".jaws-card-text").count() == 1, where


def as_shown(payload: dict[str, Any]) -> dict[str, Any]:
    """The view the table screen draws: as of the step it shows (TC.asOf)."""
    shown = payload["story"].get("shown")
    if not shown:
        return dict(payload["view"])
    return dict((shown["after"] if shown["index"] >= shown["count"] - 1 else shown["before"])["view"])


def walk(service: Any, tv: Any | None, table: str, rng: random.Random, where: tuple[Any, ...],
         plays: int) -> tuple[int, bool]:
    """Up to ``plays`` plays of the game (random, Loch Ness its bot; the table's chance entered as
    the companion would), each step told and, with a ``tv``, looked at: the number of steps looked
    at, and whether the game has ended."""
    bot = player(service, table)
    looked = 0
    for made in range(plays + 1):
        while service.public(table)["story"]["waiting"]:
            service.advance(table)
            if tv is not None:
                looked += 1
                look(service, tv, table, (*where, looked))
        state = service.state_of(table)
        if state.outcome is not None or not state.awaiting:
            return looked, True
        if made < plays:
            service.act(table, state.awaiting[0], one_play(state, rng, bot, back=False))
    return looked, False


@pytest.mark.slow   # a whole game each: started first (tests/conftest.py)
@pytest.mark.parametrize(("game", "lang", "seed"), [
    ("jaws-1", "de", 2), ("jaws-1", "nl", 8), ("jaws-2", "de", 3), ("loch-ness", "nl", 1),
    ("laser-chess", "en", 4), ("sharks", "de", 7), ("sharks-rounds", "nl", 6), ("fzzzt", "de", 2),
])
def test_no_words_on_the_table_screen_are_cut_or_covered_at_any_step(
        server: str, browser: Any, service: Any, game: str, lang: str, seed: int) -> None:
    game_id, players, options, names, (skip, plays) = GAMES[game]
    table = service.create_table(game_id, players, options, seed=seed, lang=lang)["table"]
    service.set_auto(table, False)
    for seat, name in enumerate(names):
        service.claim_seat(table, seat, name)
    rng = random.Random(seed)
    walk(service, None, table, rng, (game, lang, seed), skip)   # played before the screen is switched on
    ctx = browser.new_context(viewport={"width": 1280, "height": 720})
    tv = watch(ctx.new_page())
    tv.goto(f"{server}/table/{table}")
    tv.locator("#game-area:not([hidden])").wait_for()
    tv.evaluate(SETTLED)   # the page's fonts: each later step is drawn in the task its line appears in
    look(service, tv, table, (game, lang, seed, 0))
    looked, ended = walk(service, tv, table, rng, (game, lang, seed), plays)
    assert looked > 20 and (ended or plays < ENDS), (game, looked, ended)
    ctx.close()
