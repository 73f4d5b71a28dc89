"""Every game's pages fit their screens (issue 15, points 4 and 8), checked for every registered
game, so a new game is checked the moment it is registered.

- A 360-px phone (the narrowest common one): the page never scrolls sideways, nothing sticks out
  of it, buttons are at least 40 px tall, and a board's tap targets are at least 40 px unless the
  board already spans the whole width the page gives it (then it cannot be drawn any larger).
- A 1280x720 table screen (a TV across the table): nothing sticks out of the screen or is cut off
  inside a box that would have to be scrolled (nobody can scroll a TV), and the smallest text,
  HTML or drawn in an SVG, is at least 18 px.

Each game is looked at after a few random plays and near its end, as the seats and the table see it.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import engines
from engines import TABLE
from engines.loch_ness.bot import ExplorerBot
from tests.web import test_browser as shared

pytestmark = shared.pytestmark
server, browser, no_script_errors = shared.server, shared.browser, shared.no_script_errors
phone, shot, watch = shared.phone, shared.shot, shared.watch

# What sticks out sideways on a phone: every visible element's box against the viewport (a board
# drawn at 44 px a square in its own frame that scrolls sideways, TC.zoomBoard: the frame fits, the
# board in it scrolls).
PHONE_FIT = """() => {
    const width = document.documentElement.clientWidth;
    const name = (e) => e.id || e.className.baseVal || e.className || e.tagName;
    const out = [];
    for (const e of document.querySelectorAll('body *')) {
        const r = e.getBoundingClientRect();
        if (!r.width || !r.height || getComputedStyle(e).visibility === 'hidden') continue;
        if (e.closest('[hidden], .sheet')) continue;
        if (e.closest('details:not([open])') && !e.closest('summary')) continue;
        if (e.parentElement && e.parentElement.closest('.board-zoom')) continue;
        if (r.right > width + 0.5 || r.left < -0.5) {
            out.push(name(e) + ' ' + Math.round(r.left) + '..' + Math.round(r.right));
        }
    }
    return {scroll: document.scrollingElement.scrollWidth, width: width, out: out.slice(0, 8)};
}"""

# Tap targets: buttons (height) and a board's squares (the smaller side), and the board's width.
TARGETS = """() => {
    const small = [];
    for (const b of document.querySelectorAll('#seat button, #claim button')) {
        const r = b.getBoundingClientRect();
        const words = (b.textContent || '').trim().slice(0, 30);
        if (r.width && r.height && r.height < 39.5) small.push(words + ' ' + Math.round(r.height));
    }
    const hits = [...document.querySelectorAll('#board .hit')]
        .map((h) => h.getBoundingClientRect()).filter((r) => r.width);
    const board = document.querySelector('#board svg');
    const box = document.querySelector('#board');
    return {small: small,
            hit: hits.length ? Math.min(...hits.map((r) => Math.min(r.width, r.height))) : null,
            board: board ? board.getBoundingClientRect().width : 0, room: box ? box.clientWidth : 0};
}"""

# On the table screen: what leaves the screen, what is cut off inside a box, the smallest text.
TABLE_FIT = """() => {
    const W = innerWidth, H = innerHeight;
    const out = [], cut = [], titled = [];
    const cls = (e) => typeof e.className === 'string' ? e.className : e.className.baseVal;
    const name = (e) => e.id || cls(e) || e.tagName;
    let smallest = 999, where = '';
    for (const e of document.querySelectorAll('body *')) {
        if (e.closest('[hidden]')) continue;
        const r = e.getBoundingClientRect();
        if (!r.width || !r.height) continue;
        if (r.right > W + 1 || r.bottom > H + 1 || r.left < -1 || r.top < -1) {
            out.push(name(e) + ' ' + [r.left, r.top, r.right, r.bottom].map(Math.round));
        }
        const style = getComputedStyle(e);
        const scrolls = ['auto', 'scroll', 'hidden', 'clip'].includes(style.overflowY);
        if (scrolls && e.scrollHeight > e.clientHeight + 2 && e.tagName !== 'svg') {
            cut.push(name(e) + ' ' + e.scrollHeight + '>' + e.clientHeight);
        }
        const own = [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
        if (!own) continue;
        if (style.textTransform === 'capitalize') titled.push(e.textContent.trim().slice(0, 30));
        let size = parseFloat(style.fontSize);
        if (e instanceof SVGElement && e.getScreenCTM) {   // drawn text: its size on the screen
            const m = e.getScreenCTM();
            size *= Math.hypot(m.a, m.b);
        }
        if (size < smallest) { smallest = size; where = name(e) + ': ' + e.textContent.trim().slice(0, 30); }
    }
    return {out: out.slice(0, 8), cut: cut.slice(0, 8), smallest: smallest, where: where, titled: titled};
}"""


# The page's fonts loaded, what the drawings measure after the first frame measured (TC.measure runs
# in the order asked), and two frames drawn: what was laid out last is on the screen.
SETTLED = """() => document.fonts.ready.then(() => new Promise((done) =>
    (window.TC && TC.measure ? TC.measure : (f) => f())(() =>
        requestAnimationFrame(() => requestAnimationFrame(done)))))"""


def games() -> list[str]:
    """Every registered game, and the test game drawn by the generic page (no script of its own)."""
    return sorted({*engines.GAMES, "fake-guess"})


def player(service: Any, table: str) -> ExplorerBot | None:
    """Who plays the seats in a walked game: Loch Ness' bot (a random player wanders the lake for
    thousands of plays, never reaching the end), else None: random plays."""
    return ExplorerBot() if service.public(table)["game"] == "loch-ness" else None


def one_play(state: Any, rng: random.Random, bot: ExplorerBot | None, back: bool = True) -> Any:
    """The next play of a walked game: the table's chance entered as the companion would, a seat's
    by the bot or at random (``back``: going back among them)."""
    seat = state.awaiting[0]
    if seat == TABLE:
        return rng.choice(state.chance_outcomes())[0]
    if bot is not None:
        return bot.choose(state, seat, lambda: False, rng.randrange(1 << 30)).action
    return rng.choice([a for a in state.legal_actions(seat) if back or a["type"] != "back"])


def advance(service: Any, table: str, plies: int, seed: int, tell: bool = True) -> None:
    """Random plays (Loch Ness: its bot, ``player``); ``tell``: the story told to its end, else the
    screen still shows the first step it has not moved past."""
    rng = random.Random(seed)
    bot = player(service, table)
    for _ in range(plies):
        state = service.state_of(table)
        if state.outcome is not None or not state.awaiting:
            break
        while service.public(table)["story"]["hold"]:   # a game that waits for the table: "Next"
            service.advance(table)
        service.act(table, state.awaiting[0], one_play(state, rng, bot))
    while tell and service.public(table)["story"]["waiting"]:
        service.advance(table)


@pytest.mark.parametrize("game_id", games())
def test_every_games_phone_fits_a_360_px_phone_without_sideways_scrolling(
        server: str, browser: Any, service: Any, game_id: str) -> None:
    game = engines.get(game_id)
    players = game.min_players
    table = service.create_table(game_id, players, {}, seed=3)["table"]
    service.set_auto(table, False)
    pages = [phone(browser) for _ in range(min(players, 2))]
    for seat, page in enumerate(pages):
        page.goto(f"{server}/play/{table}")
        page.locator("#claim").wait_for(state="visible")
        fit = page.evaluate(PHONE_FIT)
        assert fit["scroll"] <= fit["width"] and not fit["out"], (game_id, "claim", fit)
        page.locator(f'#seat-buttons button[data-seat="{seat}"]').tap()
        page.locator("#seat").wait_for(state="visible")
    for moment, plies in (("early", 6), ("later", 40)):
        advance(service, table, plies, seed=plies)
        version = service.public(table)["version"]
        for seat, page in enumerate(pages):
            page.wait_for_function("(v) => +document.getElementById('seat').dataset.version >= v",
                                   arg=version)
            fit = page.evaluate(PHONE_FIT)
            assert fit["scroll"] <= fit["width"], (game_id, moment, seat, fit)
            assert not fit["out"], (game_id, moment, seat, fit)
            targets = page.evaluate(TARGETS)
            assert not targets["small"], (game_id, moment, seat, targets)
            if targets["hit"] is not None and targets["hit"] < 39.5:   # a board too wide for 40-px squares
                assert targets["board"] >= targets["room"] - 2, (game_id, moment, seat, targets)
            # "What you can see" (issue 15, point 7): a game that draws its view shows no raw dump;
            # a game drawn by the generic page gets its view in words, not codes
            details = page.locator("#view-details")
            if game.page.script:
                assert details.is_hidden(), (game_id, details.inner_text())
            else:
                # the game's words for its fields, or its raw keys in code type under a line that says so
                terms = page.locator("#view dt:not(.raw-key)").all_text_contents()
                raw = page.locator("#view dt.raw-key").all_text_contents()
                assert terms or raw
                assert all("_" not in t for t in terms), terms
                assert not raw or page.locator("#view .raw-note").count() == 1
                assert "notation" not in raw + terms and "visible_to" not in raw   # codes for tools: left out
            shot(page, f"fit-phone-{game_id}-{moment}-{seat}")
    for page in pages:
        page.context.close()


@pytest.mark.parametrize("game_id", games())
def test_every_games_table_screen_fits_1280x720_and_reads_across_the_table(
        server: str, browser: Any, service: Any, game_id: str) -> None:
    """Issue 15, point 8: at 1280x720 nothing sticks out of the screen or is cut off in a box that
    would have to be scrolled (nobody scrolls a TV), and the smallest text is at least 18 px;
    early, later, and at the end of the game (the score sheets)."""
    game = engines.get(game_id)
    table = service.create_table(game_id, game.max_players, {}, seed=5)["table"]
    service.set_auto(table, False)
    for seat in range(game.max_players):
        service.claim_seat(table, seat, ["Anna", "Bram", "Clara", "Daan"][seat % 4])
    ctx = browser.new_context(viewport={"width": 1280, "height": 720})
    tv = watch(ctx.new_page())
    for moment, plies in (("start", 0), ("early", 8), ("later", 60), ("end", 3000)):
        # The screen is opened after the plays (the last change told to its end), as a table screen
        # switched on or reloaded then sees it. It is not open while they are made: a random game to
        # its end is thousands of changes no table makes unseen, and each one drawn on an open screen
        # (its whole untold story in every payload) took minutes without showing anything more.
        tv.goto("about:blank")
        advance(service, table, plies, seed=plies)
        tv.goto(f"{server}/table/{table}")
        tv.locator("#game-area:not([hidden]), #generic-view:not([hidden])").first.wait_for()
        story = service.public(table)["story"]
        if story["at"] >= 0:   # the newest payload drawn: its shown step is the current line
            tv.locator(f'#events li.current[data-id="{story["steps"][story["at"]]["id"]}"]').wait_for()
        tv.evaluate(SETTLED)
        fit = tv.evaluate(TABLE_FIT)
        shot(tv, f"fit-table-{game_id}-{moment}")
        assert not fit["out"], (game_id, moment, fit)
        assert not fit["cut"], (game_id, moment, fit)
        assert fit["smallest"] >= 17.9, (game_id, moment, fit["smallest"], fit["where"])
        assert not fit["titled"], (game_id, moment, fit["titled"])   # "Step 1 Of 2": no title case
    assert service.state_of(table).outcome is not None   # the last look was at the game's end
    ctx.close()


# Three boxes a table screen could hold, fitted by the page's own TC.fit at 18 px (as table.js fits
# them), and each again by the rule itself, tried the slow way: a pixel at a time from the box's own
# size, stopping where it fits, at 18 px, or where a smaller text inside would go under 18 px; then
# the older lines (data-fit="drop") gone, the last first, until it fits.
FIT_BOXES = """() => {
    // built through the DOM (the pages' CSP refuses style attributes written as HTML)
    const make = (lines) => {
        const box = document.createElement('div');
        box.style.cssText = 'width: 300px; height: 120px; overflow: hidden; font-size: 26px; '
            + 'line-height: 1.2';
        for (const [words, drop, badge] of lines) {
            const p = box.appendChild(document.createElement('p'));
            p.style.margin = '0';
            p.textContent = words;
            if (drop) p.setAttribute('data-fit', 'drop');
            if (badge) {
                const b = p.appendChild(document.createElement('span'));
                b.style.fontSize = '0.8em';
                b.textContent = ' ' + badge;
            }
        }
        document.body.append(box);
        return box;
    };
    const over = (b) => b.scrollHeight > b.clientHeight || b.scrollWidth > b.clientWidth;
    const result = (b) => ({size: parseFloat(getComputedStyle(b).fontSize), over: over(b),
                            lines: [...b.querySelectorAll('p')].map((p) => p.textContent)});
    const slowly = (lines) => {
        const b = make(lines);
        const badge = b.querySelector('span');
        let size = 26;
        while (over(b) && size > 18) {
            b.style.fontSize = (size - 1) + 'px';
            if (badge && parseFloat(getComputedStyle(badge).fontSize) < 17.99) {
                b.style.fontSize = size + 'px';
                break;
            }
            size -= 1;
        }
        const drops = [...b.querySelectorAll('[data-fit=drop]')];
        while (over(b) && drops.length) drops.pop().remove();
        const out = result(b);
        b.remove();
        return out;
    };
    const fitted = (lines) => {
        const b = make(lines);
        TC.fit(b, 18);
        const out = result(b);
        b.remove();
        return out;
    };
    const words = 'Brody hits the shark with the harpoon, two barrels now';
    const cases = {
        tight: [[words + ' ' + words]],                                   // fits some pixels down
        long: [[words + ' ' + words], ['older line one', true], ['older line two', true]],  // 18, less a line
        badge: [[words + ' ' + words + ' ' + words, false, '22 of 64']],  // its badge sets the floor
    };
    return Object.fromEntries(Object.entries(cases).map(([k, lines]) => [k, [fitted(lines), slowly(lines)]]));
}"""


def test_a_table_screen_box_keeps_the_largest_text_that_fits_and_nothing_under_18_px(
        server: str, browser: Any) -> None:
    """A box on the table screen that would scroll (nobody scrolls a TV) gets the text size the rule
    gives when every size is tried a pixel at a time: the largest at which it fits (not smaller: the
    table reads it from across the room); a box that fits at no size keeps 18 px and lets its older
    lines go, the last first; a box with a smaller text in it (a badge sized in em) shrinks only as
    far as that text stays at 18 px. TC.fit finds it trying fewer sizes (each a layout on the Pi)."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 720})
    page = watch(ctx.new_page())
    page.goto(f"{server}/")
    page.wait_for_function("() => window.TC && TC.fit")
    boxes = page.evaluate(FIT_BOXES)
    for name, (fitted, slowly) in boxes.items():
        assert fitted == slowly, (name, fitted, slowly)
    tight, long, badge = (boxes[name][1] for name in ("tight", "long", "badge"))
    # the cases are what they say: some pixels down; 18 px and one older line gone; the badge's floor
    assert 18 < tight["size"] < 26 and not tight["over"], tight
    assert long["size"] == 18 and len(long["lines"]) == 2 and not long["over"], long
    assert badge["size"] == 23 and badge["over"], badge   # its badge 18.4 px; at 22 px it would be 17.6
    ctx.close()


def test_a_name_taken_after_the_game_started_is_shown_in_the_earlier_lines(server: str, browser: Any,
                                                                         service: Any) -> None:
    """Issue 15: "Player 3 drew mechanic card 1" stayed on the screen after Clara sat down. The
    table screen's lines are said again with today's names (the story carries them, not text)."""
    table = service.create_table("fake-guess", 3, {}, seed=7)["table"]
    service.set_auto(table, False)
    service.claim_seat(table, 0, "Anna")
    service.claim_seat(table, 1, "Bram")
    tv_ctx = browser.new_context(viewport={"width": 1280, "height": 720})
    tv = watch(tv_ctx.new_page())
    tv.goto(f"{server}/table/{table}")
    for seat in (0, 1, 2):
        service.act(table, seat, {"type": "pick", "notation": f"pick{seat + 1}"})
    service.act(table, 0, {"type": "pick", "notation": "pick4"})   # a later change: the earlier lines below
    while service.public(table)["story"]["waiting"]:
        service.advance(table)
    tv.locator("#events li.older", has_text="Player 3").first.wait_for()
    service.claim_seat(table, 2, "Clara")
    tv.locator("#events", has_text="Clara").wait_for()
    assert "Player 3" not in tv.locator("#events").inner_text()
    tv_ctx.close()


# Issue 24, item 5: a button's words fit a 360-px phone in every language: at most two lines,
# nothing of a word cut off or running out of its button. (Labels: a card drawn as a button keeps
# its own lines.)
BUTTON_WORDS = """() => {
    const bad = [];
    for (const b of document.querySelectorAll('button, summary, .chip')) {
        if (b.closest('[hidden], .sheet:not(.open), details:not([open]) > :not(summary)')) continue;
        const r = b.getBoundingClientRect();
        if (!r.width || !r.height || getComputedStyle(b).visibility === 'hidden') continue;
        const words = (b.innerText || '').trim();
        // a label, not a card drawn as a button (a card's lines are its own: name, text, numbers)
        if (!words || words.includes('\\n') || b.querySelector('div, p, ul, svg, img')) continue;
        const style = getComputedStyle(b);
        const line = parseFloat(style.lineHeight) || 1.2 * parseFloat(style.fontSize);
        const pad = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom)
            + parseFloat(style.borderTopWidth) + parseFloat(style.borderBottomWidth);
        const lines = Math.round((b.clientHeight - pad + parseFloat(style.borderTopWidth)
            + parseFloat(style.borderBottomWidth)) / line);
        const range = document.createRange();
        range.selectNodeContents(b);
        const inked = range.getBoundingClientRect();
        if (lines > 2 && b.scrollHeight > 0 && inked.height > 2.5 * line) {
            bad.push(words.slice(0, 40) + ': ' + lines + ' lines');
        }
        if (b.scrollWidth > b.clientWidth + 1 || inked.right > r.right + 1 || inked.left < r.left - 1) {
            bad.push(words.slice(0, 40) + ': runs out of its button');
        }
    }
    return bad;
}"""


@pytest.mark.parametrize("lang", ["nl", "de"])
@pytest.mark.parametrize("game_id", sorted(engines.GAMES))
def test_every_games_buttons_fit_a_360_px_phone_in_dutch_and_german(
        server: str, browser: Any, service: Any, game_id: str, lang: str) -> None:
    """German words are long, Dutch ones too: every button on a seat's page reads on at most two
    lines and no word runs out of its button, early in the game and later, in both languages."""
    game = engines.get(game_id)
    table = service.create_table(game_id, game.min_players, {}, seed=5)["table"]
    service.set_auto(table, False)
    context = browser.new_context(viewport={"width": 360, "height": 740}, device_scale_factor=2,
                                  is_mobile=True, has_touch=True, locale=lang)
    page = watch(context.new_page())
    try:
        page.goto(f"{server}/play/{table}")
        page.locator("#claim").wait_for(state="visible")
        assert page.evaluate("document.documentElement.lang") == lang
        assert page.evaluate(BUTTON_WORDS) == [], (game_id, lang, "claim")
        page.locator('#seat-buttons button[data-seat="0"]').tap()
        page.locator("#seat").wait_for(state="visible")
        for moment, plies in (("early", 0), ("later", 12)):
            advance(service, table, plies, seed=plies + 1)
            version = service.public(table)["version"]
            page.wait_for_function("(v) => +document.getElementById('seat').dataset.version >= v",
                                   arg=version)
            page.evaluate(SETTLED)
            assert page.evaluate(BUTTON_WORDS) == [], (game_id, lang, moment)
            shot(page, f"buttons-{lang}-{game_id}-{moment}")
    finally:
        context.close()


def test_a_dutch_fzzzt_table_of_four_fits_whatever_the_conveyor_turned_up(
        server: str, browser: Any, service: Any) -> None:
    """Nothing on the table screen is clipped, in any language: a Dutch table of four after the first
    bid, over several deals (a production unit at the head of the conveyor wraps the belt onto a
    second row and leaves the players' boxes less room: "nog geen productie-eenheden" under each
    name went past the bottom of the screen)."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 720})
    tv = watch(ctx.new_page())
    for seed in range(8):
        table = service.create_table("fzzzt", 4, {}, seed=seed, lang="nl")["table"]
        service.set_auto(table, False)
        for seat, name in enumerate(["Anna", "Bram", "Clara", "Daan"]):
            service.claim_seat(table, seat, name)
        advance(service, table, 2, seed=seed)
        tv.goto(f"{server}/table/{table}")
        story = service.public(table)["story"]
        tv.locator(f'#events li.current[data-id="{story["steps"][story["at"]]["id"]}"]').wait_for()
        tv.evaluate(SETTLED)
        fit = tv.evaluate(TABLE_FIT)
        shot(tv, f"fit-table-fzzzt-nl-{seed}")
        assert not fit["out"] and not fit["cut"], (seed, fit)
        assert fit["smallest"] >= 17.9, (seed, fit["smallest"], fit["where"])
    ctx.close()


# The side's row of buttons: each shown control's vertical middle, to see they stand on one line.
ROW_LINE = """() => [...document.querySelectorAll('.side .row > *')]
    .filter((e) => !e.hidden && e.getBoundingClientRect().width)
    .map((e) => { const r = e.getBoundingClientRect(); return [e.id, r.top, r.bottom]; })"""


@pytest.mark.parametrize("lang", ["nl", "de"])
@pytest.mark.parametrize("game_id", sorted(engines.GAMES))
def test_the_table_screens_buttons_and_its_connection_dot_stand_on_one_line_in_dutch_and_german(
        server: str, browser: Any, service: Any, game_id: str, lang: str) -> None:
    """"Volgende" and "Automatisch" left the connection's dot a line of its own on the table screen
    (58 px of a side that gives its older lines away for room), and at the side's widest text (22
    px) "Automatisch" went under "Volgende", the dot under "Weiter": Next, Auto and the dot on one
    line, in Dutch and in German, a game's start (its side's text at full size) and later."""
    game = engines.get(game_id)
    players = min(max(game.min_players, 3), game.max_players)
    table = service.create_table(game_id, players, {}, seed=3, lang=lang)["table"]
    service.set_auto(table, False)
    for seat in range(players):
        service.claim_seat(table, seat, f"P{seat + 1}")
    for moment, plies in (("start", 0), ("later", 2)):
        advance(service, table, plies, seed=1)
        tv = watch(browser.new_context(viewport={"width": 1280, "height": 720}).new_page())
        tv.goto(f"{server}/table/{table}")
        tv.locator("#auto:not([hidden])").wait_for()
        tv.locator("#conn.live").wait_for()   # the dot is drawn once the stream is live (empty before)
        tv.evaluate(SETTLED)
        row = tv.evaluate(ROW_LINE)
        assert {name for name, _, _ in row} >= {"next", "auto", "conn"}, (moment, row)
        middles = [(top + bottom) / 2 for _, top, bottom in row]
        assert max(middles) - min(middles) < 12, (moment, row)
        tv.context.close()
