"""Setting up (issue 26), in a real browser, for every game (Jaws in Act 1 alone): the host
starts the table from the host page (the one-line option, on by default), the 1280x720 table screen
walks through every setup step in the table's language (German or Dutch) with the step's marks drawn
on the start position, every 360-px phone shows its own part and Ready, and once all are ready the
game opens and the first play is made from a phone. A secret of the setup (the shark's start in Jaws)
is on its own seat's phone and no other. Nothing is cut off or sticks out on any screen; screenshots go
to test-artifacts/ (setup-*.png)."""

from __future__ import annotations

import re
from typing import Any

import pytest

import engines
from engines.text import translate
from tests.web import test_browser as shared
from tests.web.test_browser_fit import PHONE_FIT, SETTLED, TABLE_FIT
from tests.web.test_browser_table_walk import GEOMETRY, TOKENS

pytestmark = shared.pytestmark
server, browser, no_script_errors = shared.server, shared.browser, shared.no_script_errors
shot, watch = shared.shot, shared.watch

NAMES = ["Anna", "Bram", "Clara", "Daan"]
CASES = [  # game, players, the table's (and the phones') language, the game's own options
    ("laser-chess", 2, "de", {"setup": "grail"}),
    ("fzzzt", 4, "nl", {}),
    ("sharks-with-lasers", 3, "nl", {"specials": True}),
    ("jaws", 3, "de", {"acts": "1"}),
    ("loch-ness", 3, "nl", {}),
]
WORDED = {"jaws", "loch-ness"}   # renderers that label every mark where it is drawn
SECRET = {  # a game's line that only one seat's part may hold: the shark's secret start
    "jaws": ("When the game opens, choose your start in secret", "Your secret start"),
}


READY_BOTTOM = "document.querySelector('#setup-part .setup-ready-button').getBoundingClientRect().bottom"


def context(browser: Any, locale: str, width: int, height: int, mobile: bool) -> Any:
    ctx = browser.new_context(viewport={"width": width, "height": height}, is_mobile=mobile, has_touch=mobile,
                              device_scale_factor=2 if mobile else 1, locale=locale)
    return watch(ctx.new_page())


def start_from_the_host_page(browser: Any, server: str, host_key: str, game: str, players: int, lang: str,
                             options: dict[str, Any]) -> str:
    host = context(browser, "en-US", 1280, 900, mobile=False)
    host.goto(f"{server}/host?key={host_key}")
    host.locator(f"#game option[value={game}]").wait_for(state="attached")
    host.select_option("#game", game)
    line = host.locator('#options .option-line[data-name="setting_up"]')
    assert line.locator("input[type=checkbox]").is_checked()   # on by default, on the host page
    assert line.locator(".help").count() == 0                   # one line
    host.fill("#players", str(players))
    host.select_option("#table-lang", lang)
    for name, value in options.items():
        if isinstance(value, bool):
            host.locator(f"#opt-{name}").set_checked(value)
        else:
            host.select_option(f"#opt-{name}", value)
    host.click("#start")
    host.locator("#manage").wait_for(state="visible")
    host.locator("#skip-setup").wait_for(state="visible")    # the host may skip
    table = host.locator("#manage-title").inner_text().rsplit("·", 1)[1].strip()
    host.context.close()
    return table


# G6 (issue 37, point 4): "marks never cover the drawing's own words": each mark's word, drawn in
# the board or on a page element's outline, lies over no other words (their own lines of text) and
# no token, and inside its drawing
MARKS_CLEAR = """() => {
    const bad = [];
    const TOKENS = '""" + TOKENS + """';
    const shown = (e) => !e.closest('[hidden]') && getComputedStyle(e).display !== 'none'
        && getComputedStyle(e).visibility !== 'hidden';
    """ + GEOMETRY + """
    const square = (r) => [[r.left, r.top], [r.right, r.top], [r.right, r.bottom], [r.left, r.bottom]];
    const lines = (e) => {
        if (e instanceof SVGElement) return [drawn(e)];
        const out = [];
        for (const n of e.childNodes) {
            if (n.nodeType !== 3 || !n.textContent.trim()) continue;
            const range = document.createRange(); range.selectNodeContents(n);
            out.push(...[...range.getClientRects()].filter((r) => r.width && r.height).map(square));
        }
        return out;
    };
    const area = document.querySelector('#table-screen') || document.body;
    const labels = [...area.querySelectorAll('.setup-mark-label')].filter(shown);
    const words = [...area.querySelectorAll('*')].filter((e) => shown(e) && !e.closest('title')
        && !e.closest('.setup-mark-label') && (e.closest('text') === e || !e.closest('text'))
        && [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()));
    const tokens = [...area.querySelectorAll(TOKENS)].filter(shown)
        .map((t) => [t, [...t.querySelectorAll('path, rect, circle')].map(drawn)]);
    for (const l of labels) {
        const mine = lines(l), name = l.textContent.trim();
        for (const w of words) {
            if (lines(w).some((r) => mine.some((s) => meets(r, s, 2)))) {
                bad.push('mark over words: ' + name + ' / ' + w.textContent.trim().slice(0, 30));
            }
        }
        for (const [t, shapes] of tokens) {
            if (shapes.some((r) => mine.some((s) => meets(r, s, 2)))) {
                bad.push('mark over a token: ' + name + ' / ' + (t.getAttribute('class') || ''));
            }
        }
        const svg = l.ownerSVGElement, on = l.classList.contains('room') && l.parentNode;
        if (on) {   // a word on an element's outline: within the element's width, not cut
            const r = l.getBoundingClientRect(), b = on.getBoundingClientRect();
            if (r.left < b.left - 1 || r.right > b.right + 1) bad.push('mark past its outline: ' + name);
        }
        if (svg) {
            const r = l.getBoundingClientRect(), b = svg.getBoundingClientRect();
            if (r.left < b.left - 1 || r.right > b.right + 1 || r.top < b.top - 1
                || r.bottom > b.bottom + 1) {
                bad.push('mark outside its drawing: ' + name);
            }
        }
    }
    // an outline (a mark's dashed rectangle) over words painted before it, or over another outline
    const outlines = [...area.querySelectorAll('rect.setup-mark-shape, g.setup-mark > rect')].filter(shown);
    const band = (r) => {
        const b = r.getBoundingClientRect(), m = r.getScreenCTM();
        const half = parseFloat(getComputedStyle(r).strokeWidth || '0') * Math.hypot(m.a, m.b) / 2;
        return [b.left - half, b.top - half, b.right + half, b.bottom + half, half];
    };
    const overlap = (a, b) => Math.min(a[2], b[2]) - Math.max(a[0], b[0]) > 1
        && Math.min(a[3], b[3]) - Math.max(a[1], b[1]) > 1;
    const bounds = (q) => [Math.min(...q.map((p) => p[0])), Math.min(...q.map((p) => p[1])),
                           Math.max(...q.map((p) => p[0])), Math.max(...q.map((p) => p[1]))];
    const bands = outlines.map(band);
    bands.forEach((o, i) => {
        const inner = [o[0] + 2 * o[4], o[1] + 2 * o[4], o[2] - 2 * o[4], o[3] - 2 * o[4]];
        for (const w of words) {
            if (!(w.compareDocumentPosition(outlines[i]) & Node.DOCUMENT_POSITION_FOLLOWING)) continue;
            for (const r of lines(w).map(bounds)) {
                const inside = r[0] >= inner[0] && r[1] >= inner[1] && r[2] <= inner[2] && r[3] <= inner[3];
                if (overlap(o, r) && !inside) {
                    bad.push('outline over words: ' + w.textContent.trim().slice(0, 30) + ' (outline of '
                             + (outlines[i].closest('[data-mark]')?.getAttribute('data-mark') || '?') + ')');
                }
            }
        }
        for (let j = i + 1; j < bands.length; j++) {
            const p = bands[j];
            const nested = (o[0] <= p[0] && o[1] <= p[1] && o[2] >= p[2] && o[3] >= p[3])
                || (p[0] <= o[0] && p[1] <= o[1] && p[2] >= o[2] && p[3] >= o[3]);
            if (!nested && overlap(o, p)) bad.push('outline over outline: ' + i + '/' + j);
        }
    });
    return bad;
}"""

def table_fits(tv: Any, name: str) -> None:
    tv.evaluate(SETTLED)
    fit = tv.evaluate(TABLE_FIT)
    shot(tv, name)
    assert not fit["out"] and not fit["cut"], (name, fit)
    assert fit["smallest"] >= 17.9, (name, fit["smallest"], fit["where"])


def phone_fits(page: Any, name: str) -> None:
    fit = page.evaluate(PHONE_FIT)
    shot(page, name)
    assert fit["scroll"] <= fit["width"] and not fit["out"], (name, fit)


@pytest.mark.parametrize(("game", "players", "lang", "options"), CASES, ids=[c[0] for c in CASES])
def test_from_start_through_every_setup_step_to_the_first_play(
        server: str, browser: Any, host_key: str, service: Any, game: str, players: int, lang: str,
        options: dict[str, Any]) -> None:
    table = start_from_the_host_page(browser, server, host_key, game, players, lang, options)
    service.set_auto(table, False)   # the test steps the table screen with Next
    setup = service.public(table)["setup"]
    steps = setup["steps"]
    assert setup["step"] == 0 and len(steps) >= 3

    phones = []
    for seat in range(players):
        page = context(browser, f"{lang}-{lang.upper()}", 360, 740, mobile=True)
        shared.sit(page, server, table, seat, NAMES[seat])
        phones.append(page)
    tv = context(browser, "en-US", 1280, 720, mobile=False)
    tv.goto(f"{server}/table/{table}")
    assert tv.evaluate("document.documentElement.lang") == lang

    for index, step in enumerate(steps):
        title = tv.locator(f'#setup .setup-title[data-key="{step["key"]}"]')
        title.wait_for()
        assert title.inner_text() == translate(step["title"], lang)
        assert tv.locator("#setup .setup-lines li").count() == len(step["lines"])
        if step["marks"]:   # every mark these games declare is one their drawing knows
            assert tv.locator("#game-area .setup-mark").count() >= 1, step
        if game in WORDED:   # each mark the step names: outlined, and said in a word (never colour alone)
            for mark in step["marks"]:
                drawn = tv.locator(f'#game-area [data-mark="{mark}"]')
                assert drawn.count() >= 1, (step["key"], mark)
                assert any(t.strip() for t in drawn.all_text_contents()), (step["key"], mark)
        assert tv.locator("#resolution").is_hidden()
        assert tv.locator("#auto").is_hidden() and tv.locator("#next").is_visible()   # G3: the table's pace
        table_fits(tv, f"setup-{game}-step-{index + 1}")
        # who has still to press Ready, named at every step (issue 37, G2), nobody ready yet
        waiting = tv.locator("#setup .setup-waiting").inner_text()
        assert waiting.endswith(", ".join(NAMES[:players]) + "."), (index, waiting)
        if index + 1 < len(steps):
            tv.locator("#next").click()
    assert service.public(table)["setup"]["step"] == len(steps) - 1
    tv.locator("#next").click()   # the last step stays until everyone is ready
    assert service.public(table)["setup"]["step"] == len(steps) - 1

    parts = [service.seat_view(table, seat)["setup"]["part"] for seat in range(players)]
    secrets = [[translate(line, lang) for line in part if str(line.get("msgid", "")).startswith(SECRET[game])]
               for part in parts] if game in SECRET else []
    if secrets:   # the secret is in exactly one seat's part, and on that seat's phone alone
        assert sum(1 for lines in secrets if lines) == 1, secrets
    for seat, page in enumerate(phones):
        part = parts[seat]
        box = page.locator("#setup-part")
        box.wait_for()
        assert box.locator(".setup-own li").count() == len(part)
        assert translate(part[0], lang) in box.inner_text()
        for owner, lines in enumerate(secrets):
            for line in lines:
                assert (line in page.locator("body").inner_text()) == (owner == seat), (seat, line)
        assert page.locator("#controls button.action").count() == 0   # nothing to play yet
        phone_fits(page, f"setup-{game}-phone-{seat}")
        # Ready on the first screen of a 740-px phone (G1: a first game's "Now:" lesson pushed it
        # below the fold on the phone of the seat to play first)
        ready = page.evaluate(READY_BOTTOM)
        assert ready <= 740, (seat, ready)
        box.locator(".setup-ready-button").tap()
        if seat + 1 < players:
            box.locator(".setup-ready-button[disabled]").wait_for()
            tv.locator("#setup .setup-ready", has_text=NAMES[seat]).wait_for()

    tv.locator("#setup").wait_for(state="hidden")
    assert service.public(table)["setup"] is None
    for page in phones:
        page.locator("#setup-part").wait_for(state="hidden")

    # the first play, from the phone of the seat the game awaits: the game is open
    state = service.state_of(table)
    seat = next(s for s in state.awaiting if s >= 0)
    action = service.seat_view(table, seat)["legal_actions"][0]
    version = service.public(table)["version"]
    play = "async (a) => (await TC.api('POST', TC.tableApi(TC.page.table) + '/actions', {action: a})).status"
    status = phones[seat].evaluate(play, action)
    assert status == 200
    assert service.public(table)["version"] > version
    if game != "jaws":   # Jaws declares its steps only before the shark has chosen its start
        assert len(engines.get(game).setup_steps(service.state_of(table))) >= 1   # declared from any state
    tv.locator("#events li").first.wait_for()
    # told up to the first play (as Next would): the start's own event, before it, is the telling's
    while service.public(table)["story"]["waiting"]:
        service.advance(table)
    story = service.public(table)["story"]
    tv.locator(f'#events li.current[data-id="{story["steps"][story["at"]]["id"]}"]').wait_for()
    table_fits(tv, f"setup-{game}-first-play")


def test_everyone_ready_early_the_table_screen_still_shows_every_step_before_the_game_opens(
        server: str, browser: Any, service: Any) -> None:
    """Issue 37, G7: "Jaws nl, 4 players, TV on step 5 of 6; all four phones press Ready. The game
    opened; step 6 'De haai' (the 4 ability tiles, the shark tracker) was never shown on the TV."
    And G3: Auto on (the default) moves no step. Jaws in Dutch, three phones press Ready on the first
    step: the TV says everyone is ready and Next shows the rest; each step is shown, the last one
    is the shark's abilities for the whole table (JW2), and Next there opens the game."""
    table = service.create_table("jaws", 3, {"setting_up": True, "acts": "1"}, seed=3, lang="nl")["table"]
    phones = []
    for seat in range(3):
        page = context(browser, "nl-NL", 360, 740, mobile=True)
        shared.sit(page, server, table, seat, NAMES[seat])
        phones.append(page)
    tv = context(browser, "nl-NL", 1280, 720, mobile=False)
    tv.goto(f"{server}/table/{table}")
    tv.locator('#setup .setup-title[data-key="board"]').wait_for()
    assert service.public(table)["story"]["auto"] and tv.locator("#auto").is_hidden()
    for page in phones:
        page.locator("#setup-part .setup-ready-button").tap()
        page.locator("#setup-part .setup-ready-button[disabled]").wait_for()
    tv.locator("#setup .setup-waiting", has_text="Iedereen is klaar: Volgende toont de stappen").wait_for()
    for page in phones:
        page.locator("#status", has_text="Iedereen is klaar: het spel begint zodra").wait_for()
    steps = service.public(table)["setup"]["steps"]
    assert service.public(table)["setup"]["step"] == 0   # open neither by the Ready nor by Auto
    for index in range(1, len(steps)):
        tv.locator("#next").click()
        tv.locator(f'#setup .setup-title[data-key="{steps[index]["key"]}"]').wait_for()
    abilities = tv.locator("#setup .setup-lines").inner_text()
    for name in ("Vreetlust:", "Uitwijkmanoeuvre:", "Uit het zicht:", "Turbo:"):
        assert name in abilities, abilities
    assert "visvinder" in abilities and "verrekijker" in abilities and "niet daar" in abilities
    tv.locator("#setup .setup-waiting", has_text="Iedereen is klaar: Volgende start het spel.").wait_for()
    table_fits(tv, "setup-jaws-abilities")
    assert service.public(table)["setup"] is not None   # the last step is there to be done
    tv.locator("#next").click()
    tv.locator("#setup").wait_for(state="hidden")
    assert service.public(table)["setup"] is None
    phones[0].locator("#setup-part").wait_for(state="hidden")   # the shark chooses its start now


@pytest.mark.parametrize(("game", "options"), [("laser-chess", {}), ("jaws", {"acts": "1"})])
def test_a_first_games_phones_have_ready_on_their_first_screen_and_no_lesson_yet(
        server: str, browser: Any, service: Any, game: str, options: dict[str, Any]) -> None:
    """Issue 37, G1: "During setting up, the awaited phone shows the first turn's 'Now:' lesson above
    the setup part and pushes Ready below the fold (Laser Chess de, Blue: y=853; Jaws shark: 893)."
    A first game in German: every phone's Ready is on its first 740 px, and no "Jetzt:" lesson."""
    options = {**options, "setting_up": True, "first_game": True}
    table = service.create_table(game, 3 if game == "jaws" else 2, options, seed=3, lang="de")["table"]
    for seat in range(service.public(table)["players"]):
        page = context(browser, "de-DE", 360, 740, mobile=True)
        shared.sit(page, server, table, seat, NAMES[seat])
        page.locator("#setup-part .setup-ready-button").wait_for()
        # measured in one step of the page (a redraw between two calls would measure a button gone)
        ready, lesson = page.evaluate("""() => [document.querySelector('#setup-part .setup-ready-button')
            .getBoundingClientRect().bottom, document.getElementById('lesson-now').hidden]""")
        assert ready <= 740 and lesson, (seat, ready, lesson)
        page.context.close()


@pytest.mark.parametrize(("game", "players", "lang", "options"), [
    ("jaws", 4, "nl", {"acts": "1"}), ("jaws", 3, "de", {"acts": "1"}), ("jaws", 3, "de", {"acts": "2"}),
    ("loch-ness", 4, "de", {}), ("loch-ness", 3, "nl", {"advanced": True}),
    ("sharks-with-lasers", 4, "nl", {"specials": True}), ("sharks-with-lasers", 3, "de", {"specials": True}),
    ("fzzzt", 4, "de", {}), ("fzzzt", 3, "nl", {}),
    ("laser-chess", 2, "nl", {}), ("laser-chess", 2, "de", {}),
], ids=["jaws-1-nl", "jaws-1-de", "jaws-2", "loch-ness-de", "loch-ness-nl-advanced", "sharks-nl", "sharks-de",
        "fzzzt-de", "fzzzt-nl", "laser-chess-nl", "laser-chess-de"])
def test_before_anyone_sits_every_setup_step_fits_with_its_buttons_and_the_join_codes(
        server: str, browser: Any, service: Any, game: str, players: int, lang: str,
        options: dict[str, Any]) -> None:
    """Issue 37, JW1: "before every seat is taken, the TV's Back/Next/Skip/Auto row is hidden at steps
    5-6 (side column 624 px of content in 531 px, QR code still shown); the same for Act 2 step 3."
    The table screen opened before any phone: at every step the step's words, Back and Next and the
    join codes are all on the 1280x720 screen, nothing cut, nothing under 18 px."""
    table = service.create_table(game, players, {**options, "setting_up": True}, seed=3, lang=lang)["table"]
    tv = context(browser, "en-US", 1280, 720, mobile=False)
    tv.goto(f"{server}/table/{table}")
    steps = service.public(table)["setup"]["steps"]
    said: list[str] = []
    covered: list[tuple[int, str]] = []
    for index, step in enumerate(steps):
        tv.locator(f'#setup .setup-title[data-key="{step["key"]}"]').wait_for()
        assert tv.locator(".qr-row img").count() >= 1   # the seats are free: the codes are there
        for button in ("#back", "#next"):
            box = tv.locator(button).bounding_box()
            assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 720, (index, button, box)
        table_fits(tv, f"setup-{game}-{lang}-free-seats-step-{index + 1}")
        covered += [(index + 1, problem) for problem in tv.evaluate(MARKS_CLEAR)]
        said.append(tv.locator("#setup").inner_text())
        if index + 1 < len(steps):
            tv.locator("#next").click()
    tv.context.close()
    # G5 (issue 37, point 1): with the companion dealing (digital chance, the default) no step tells
    # the table to shuffle real cards whose order the companion then contradicts; only Jaws' Act 2
    # resurface deck is real here (a digital one needs a box profile holding all 16 cards)
    told = re.findall(r"\b(?:Shuffle|Schud|Mischt)\b", " ".join(said))
    assert len(told) == (1 if options.get("acts") == "2" else 0), (game, lang, told)
    assert not covered, (game, lang, [f"{i}: {p}" for i, p in covered])
