"""Every game's first round played on the phones with a keyboard alone (issue 40, point 4): no tap,
no click, no mouse. Each phone whose play the game awaits moves its focus with Tab to one of the
controls of its game (its buttons, and the squares and spaces of its drawing that a finger would
tap: a piece, a target), a board's squares with the arrow keys once Tab is on the board (a board is
one Tab stop: Tab leaves it, Shift+Tab comes back to the same square), and presses Enter; the
confirmation sheet takes Enter on its focused Confirm. Which control is picked is seeded (a player
trying things), so the round is a real one: every seat's play made and accepted by the companion.
Where the focus is must be seen (an outline or a stroke that the page draws for it)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import engines
from tests.web import test_browser as shared
from tests.web.test_browser_phone_walk import BOX

pytestmark = shared.pytestmark
server, browser, no_script_errors = shared.server, shared.browser, shared.no_script_errors
watch = shared.watch

ROUNDS = {   # players, options
    "laser-chess": (2, {}),
    "fzzzt": (3, {}),
    "sharks-with-lasers": (3, {}),
    "jaws": (2, {"acts": "1"}),
    "jaws-act2": (3, {"acts": "2", "box": BOX, "resurface": "digital"}),
    "loch-ness": (3, {}),
}

# The controls of the game's part of the page that play (not a link away, not "Why?"), in the order
# Tab meets them; each marked with its place, so the test can ask Tab to reach it.
CONTROLS = """() => {
    const all = [...document.querySelectorAll('#game-ui :is(button, [role=button], [tabindex="0"])')]
        .filter((e) => !e.disabled && !e.closest('[hidden]') && e.getClientRects().length
                && getComputedStyle(e).visibility !== 'hidden'
                && !e.matches('.why, .why-button, .board-zoom'));
    all.forEach((e, i) => e.setAttribute('data-kb', i));
    return all.map((e) => (e.getAttribute('aria-label') || e.textContent || '').trim().slice(0, 40));
}"""

# Whether the focused element shows it: an outline, or (an SVG shape) a stroke of its own.
FOCUS_SEEN = """() => {
    const e = document.activeElement, s = getComputedStyle(e);
    if (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2) return true;
    return e instanceof SVGElement && s.stroke !== 'none' && parseFloat(s.strokeWidth) >= 3;
}"""


# Installed before the page's scripts: the plays this phone sent and how many the companion took.
PLAYS = """(() => {
  window.__plays = {sent: 0, answered: 0, taken: 0};
  const fetch = window.fetch;
  window.fetch = async function (url, init) {
    const play = /[/]actions([?]|$)/.test(String(url)) && init && init.method === 'POST';
    if (play) window.__plays.sent++;
    try {
      const r = await fetch.apply(this, arguments);
      if (play && r.ok) window.__plays.taken++;
      return r;
    } finally {
      if (play) window.__plays.answered++;
    }
  };
})();"""


# Before Enter: how the focused control is known (its tag and data-* attributes, else its label,
# else its words), and the plays sent so far.
NAMED = """() => {
    document.querySelectorAll('[data-kb]').forEach((e) => e.removeAttribute('data-kb'));   // the test's marks
    const e = document.activeElement, tag = e.tagName.toLowerCase();
    const data = [...e.attributes].filter((a) => a.name.startsWith('data-'));
    const names = data.length ? data : [...e.attributes].filter((a) => a.name === 'aria-label');
    const words = e.textContent.trim();
    window.__pressed = names.length
        ? [tag + names.map((a) => `[${a.name}="${CSS.escape(a.value)}"]`).join(''), null]
        : [tag, words];
    return window.__plays.sent;
}"""

# After it: "kept" when the control pressed is on the page and has the focus, "gone" when it is not
# on the page or no longer takes the focus (Clear with nothing left to clear, a space that is no
# longer a target); false when it is there, still a control, and the focus is elsewhere.
KEPT = """() => {
    const [selector, words] = window.__pressed;
    const found = [...document.querySelectorAll('#seat ' + selector)]
        .filter((e) => (words === null || e.textContent.trim() === words) && !e.disabled && e.tabIndex >= 0);
    if (found.length !== 1) return 'gone';
    return found[0] === document.activeElement ? 'kept' : false;
}"""


# Where the focus is, for the control marked i: "there"; "board" when it is on another square of the
# drawing that holds it (the arrows go on from there); else "away". With "board": the arrow toward it
# (its main way first, the other when that way goes nowhere), and how many of the board's squares are
# in the Tab order (one: the board is one stop).
WHERE = """([i, tried]) => {
    const e = document.activeElement, target = document.querySelector(`[data-kb="${i}"]`);
    if (e === target) return {at: 'there'};
    const board = target && target.ownerSVGElement;
    if (!board || !e || e.ownerSVGElement !== board) return {at: 'away'};
    const c = (n) => {
        const r = n.getBoundingClientRect();
        return [r.left + r.width / 2, r.top + r.height / 2];
    };
    const [dx, dy] = [c(target)[0] - c(e)[0], c(target)[1] - c(e)[1]];
    const ways = [dx > 0 ? 'ArrowRight' : 'ArrowLeft', dy > 0 ? 'ArrowDown' : 'ArrowUp'];
    if (Math.abs(dy) > Math.abs(dx)) ways.reverse();
    if (Math.abs(dx) < 2) ways.splice(ways.indexOf(dx > 0 ? 'ArrowRight' : 'ArrowLeft'), 1);
    if (Math.abs(dy) < 2) ways.splice(ways.indexOf(dy > 0 ? 'ArrowDown' : 'ArrowUp'), 1);
    return {at: 'board', way: ways[tried % ways.length],
            stops: board.querySelectorAll('.pressable[tabindex="0"]').length};
}"""

# The focused element, known again after a key: the same node (a board drawn again is another).
FOCUSED = ("() => { window.__was = document.activeElement;"
           " return document.activeElement?.outerHTML.slice(0, 80); }")
SAME = "() => document.activeElement === window.__was"
LEFT_BOARD = ("() => !document.activeElement.ownerSVGElement"
              " || document.activeElement.ownerSVGElement !== window.__was.ownerSVGElement")


def tab_to(page: Any, index: int, boards: list[int]) -> None:
    """Tab until the control marked ``index`` has the focus, the arrows on the board that holds it;
    it must be reachable. The first time a board is met, Tab leaves it in one stop and Shift+Tab
    comes back to the square it left (``boards`` counts it)."""
    tried = 0
    keys: list[str] = []
    for _ in range(400):
        if not page.evaluate("() => !!document.querySelector('[data-kb]')"):
            page.evaluate(CONTROLS)   # drawn again meanwhile (another seat's play): marked again
        where = page.evaluate(WHERE, [index, tried])
        if where["at"] == "there":
            seen = page.evaluate(FOCUS_SEEN)
            assert seen, page.evaluate("() => document.activeElement.outerHTML.slice(0, 120)")
            return
        if where["at"] == "board":
            assert where["stops"] == 1, where   # the board is one Tab stop
            if not boards[0]:
                page.evaluate(FOCUSED)
                page.keyboard.press("Tab")
                assert page.evaluate(LEFT_BOARD), "Tab stayed on the board"
                page.keyboard.press("Shift+Tab")
                assert page.evaluate(SAME), "Shift+Tab did not come back to the board's square"
                boards[0] += 1
            keys.append(page.evaluate(FOCUSED) + " " + where["way"])
            if keys[-1] in keys[:-1]:   # round in a circle (spaces that are not a grid): the other way
                tried += 1
                where = page.evaluate(WHERE, [index, tried])
                keys[-1] = keys[-1].rsplit(" ", 1)[0] + " " + where["way"]
            page.keyboard.press(where["way"])
            tried = tried + 1 if page.evaluate(SAME) else 0   # that way went nowhere: the other
            continue
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab and the arrows never reached control {index}: " + "\n".join(keys[-12:]))


@pytest.mark.parametrize("walk", sorted(ROUNDS))
def test_a_first_round_is_played_with_a_keyboard_alone(server: str, browser: Any, service: Any,
                                                       walk: str) -> None:
    game = walk.removesuffix("-act2")
    players, options = ROUNDS[walk]
    table = service.create_table(game, players, options, seed=3)["table"]
    service.set_auto(table, False)
    phones = []
    for seat in range(players):
        ctx = browser.new_context(viewport={"width": 360, "height": 740}, device_scale_factor=2)
        ctx.add_init_script(PLAYS)
        ctx.add_cookies([{"name": f"seat_{table}", "value": service.claim_seat(table, seat, f"P{seat}"),
                          "url": server}])
        page = watch(ctx.new_page())
        page.goto(f"{server}/play/{table}")
        page.locator("#seat").wait_for(state="visible")
        phones.append(page)
    rng = random.Random(7)
    played: set[int] = set()
    presses = 0
    focus_kept = 0
    boards = [0]   # a board met, passed with one Tab and come back to
    while len(played) < players:
        state = service.state_of(table)
        assert state.outcome is None
        while service.public(table)["story"]["waiting"] or service.public(table)["story"]["hold"]:
            service.advance(table)
        if state.awaiting == (engines.TABLE,):   # the table's chance, drawn as the companion would
            service.act(table, engines.TABLE, rng.choice(state.chance_outcomes())[0])
            continue
        awaited = [s for s in state.awaiting if s >= 0 and s not in played] or list(state.awaiting)
        assert awaited and awaited[0] >= 0, (walk, state.awaiting)
        seat = awaited[0]
        page = phones[seat]
        version = service.seat_view(table, seat)["version"]
        page.wait_for_function("(v) => +document.getElementById('seat').dataset.version >= v", arg=version)
        labels = page.evaluate(CONTROLS)
        assert labels, (walk, seat, "no control to play with")
        tab_to(page, rng.randrange(len(labels)), boards)
        sent = page.evaluate(NAMED)
        page.keyboard.press("Enter")
        presses += 1
        unsent = page.evaluate("(sent) => window.__plays.sent === sent", sent)
        if unsent and not page.locator("#sheet").is_visible():
            # nothing sent, no sheet: a choice (a piece picked up, a card put in the bid); the page is
            # drawn again, and the control pressed, drawn again too, keeps the focus
            kept = page.evaluate(KEPT)
            assert kept, (walk, seat, labels)
            focus_kept += kept == "kept"
        if page.locator("#sheet").is_visible():
            assert page.evaluate("() => document.activeElement.id") == "sheet-ok"
            page.keyboard.press("Enter")
            page.locator("#sheet").wait_for(state="hidden")
        # a play sent (at once, or from the sheet) is answered before the next key
        page.wait_for_function("() => window.__plays.answered === window.__plays.sent")
        if page.evaluate("() => window.__plays.taken"):
            played.add(seat)
        assert presses < 80 * players, (walk, played, labels)
    print(f"\n{walk}: a round of {players} seats in {presses} key plays; the focus kept through "
          f"{focus_kept} redraws")
    if walk != "fzzzt":   # every other game has a board a finger taps
        assert boards[0], (walk, "no board met")


# the focused element, as a player would hear it: its tag, id, classes and words
HEARD = """() => { const e = document.activeElement;
    return {tag: e.tagName.toLowerCase(), id: e.id, cls: e.getAttribute('class') || '',
            words: e.textContent.trim(), disabled: !!e.disabled}; }"""


def tab_until(page: Any, check: str, back: bool = False) -> None:
    """Tab (or Shift+Tab) until ``check`` (a function of the focused element) holds."""
    for _ in range(80):
        if page.evaluate(f"() => ({check})(document.activeElement)"):
            return
        page.keyboard.press("Shift+Tab" if back else "Tab")
    raise AssertionError(f"Tab never reached {check}")


def test_the_focus_goes_to_what_took_the_place_of_a_control_that_went_away(
        server: str, browser: Any, service: Any) -> None:
    """Issue 40: a control that goes away leaves the focus where a keyboard or screen-reader player
    expects it, never at the top of the page. Fzzzt!'s bid: "Bid 2 cards" becoming "Bid 3 cards" (a
    third card put in by a tap) keeps the focus on the bid; Clear, switched off once pressed (and the
    bid with it), hands it to the hand's heading, from which Tab goes on to the first card."""
    table = service.create_table("fzzzt", 3, {}, seed=3)["table"]
    service.set_auto(table, False)
    while service.public(table)["story"]["waiting"]:
        service.advance(table)
    seat = next(s for s in service.state_of(table).awaiting if s >= 0)
    ctx = browser.new_context(viewport={"width": 360, "height": 740}, device_scale_factor=2)
    token = service.claim_seat(table, seat, "Ann")
    ctx.add_cookies([{"name": f"seat_{table}", "value": token, "url": server}])
    page = watch(ctx.new_page())
    page.goto(f"{server}/play/{table}")
    page.locator(".fz-pick").first.wait_for()
    for card in (0, 1):   # two cards in the bid, with the keyboard
        tab_until(page, f"(e) => e === document.querySelectorAll('.fz-pick')[{card}]")
        page.keyboard.press("Enter")
    tab_until(page, "(e) => e.id === 'fz-bid'")
    assert page.evaluate(HEARD)["words"] == "Bid 2 cards"
    page.evaluate("() => document.querySelector('.fz-pick:not(.chosen)').click()")   # a tap on a third
    assert page.evaluate(HEARD)["words"] == "Bid 3 cards"
    assert page.evaluate(HEARD)["id"] == "fz-bid"
    tab_until(page, "(e) => e.textContent.trim() === 'Clear'", back=True)
    page.keyboard.press("Enter")
    assert page.locator("#fz-bid").is_disabled()
    focused = page.evaluate(HEARD)
    assert (focused["tag"], focused["words"]) == ("h3", "Your hand: tap cards to build your bid"), focused
    page.keyboard.press("Tab")
    assert "fz-pick" in page.evaluate(HEARD)["cls"]
