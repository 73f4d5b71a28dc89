"""No phone is wider than its screen (issue 36, point 4): "the shark's movement-plan table makes the
page 401 px and pushes 'Bestätigen' past the edge" (J5), "'Geschlossen' covers land labels" (J10),
"Sharks' start row is crowded" (S8). Every game is played whole (seeded; the plays made for the
seats through the companion, every step told), with a 360-px phone in German and one in Dutch
following it (the languages with the longest words; the fit tests open English phones). Each phone
checks itself every time its page changes (a MutationObserver: no round trip per step, so a whole
game costs seconds): the page no wider than the screen, nothing outside it, and in the game's
drawing no words under other words or under a token."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.waits import patience_ms, until
from tests.web import test_browser as shared
from tests.web.test_browser_fit import advance
from tests.web.test_browser_table_walk import GEOMETRY, TOKENS

pytestmark = shared.pytestmark
server, browser, no_script_errors = shared.server, shared.browser, shared.no_script_errors
shot, watch = shared.shot, shared.watch

BOX = json.dumps(json.loads((Path(__file__).resolve().parents[1] / "fixtures" / "jaws_box.json")
                 .read_text(encoding="utf-8"))["profile"])

# Installed in every phone before its page's scripts run: after each change of the page (once the
# change's task is over), what sticks out of the 360-px screen and, in a drawing (svg), words under
# words or under a token; each problem kept once, with the payload version it was drawn for.
WATCH = """(() => {
  const TOKENS = '""" + TOKENS + """';
  const seen = new Set();
  window.__walk = {problems: [], checks: 0};
  const cls = (e) => typeof e.className === 'string' ? e.className : e.className.baseVal;
  const name = (e) => (e.id || cls(e) || e.tagName) + ' "' + (e.textContent || '').trim().slice(0, 30) + '"';
  const shown = (e) => !e.closest('[hidden], .sheet') && getComputedStyle(e).visibility !== 'hidden';
  const folded = (e) => e.closest('details:not([open])') && !e.closest('summary');
  """ + GEOMETRY + """
  const check = () => {
    const seat = document.getElementById('seat');
    if (!seat || seat.hidden) return;
    window.__walk.checks++;
    const bad = [];
    const width = document.documentElement.clientWidth, wide = document.scrollingElement.scrollWidth;
    if (wide > width) bad.push('page ' + wide + ' px wide');
    for (const e of seat.querySelectorAll('*')) {
      const r = e.getBoundingClientRect();
      if (!r.width || !r.height || (r.right <= width + 0.5 && r.left >= -0.5)) continue;
      if (e.parentElement && e.parentElement.closest('.board-zoom')) continue;   // a board in its frame
      if (shown(e) && !folded(e)) {   // (asked only of what sticks out: each asks for its style)
        bad.push('outside: ' + name(e) + ' ' + Math.round(r.left) + '..' + Math.round(r.right));
      }
    }
    for (const svg of seat.querySelectorAll('svg')) {
      if (!shown(svg) || !svg.getBoundingClientRect().width) continue;
      const texts = [...svg.querySelectorAll('text')].filter((t) => shown(t) && t.textContent.trim());
      const boxes = texts.map(drawn);
      for (let i = 0; i < texts.length; i++) {
        for (let j = i + 1; j < texts.length; j++) {
          if (!meets(boxes[i], boxes[j], 2)) continue;
          bad.push('words over words: ' + name(texts[i]) + ' / ' + name(texts[j]));
        }
      }
      for (const t of [...svg.querySelectorAll(TOKENS)].filter(shown)) {
        const shapes = [...t.querySelectorAll('path, rect, circle')].map(drawn);
        texts.forEach((e, i) => {
          if (t.contains(e) || e.closest(TOKENS)) return;
          if (!shapes.some((s) => meets(boxes[i], s, 2))) return;
          bad.push('token over words: ' + name(t) + ' / ' + name(e));
        });
      }
    }
    for (const b of bad) {
      if (seen.has(b)) continue;
      seen.add(b);
      window.__walk.problems.push('v' + seat.dataset.version + ': ' + b);
    }
  };
  // once per task that changed the page (a payload drawn): the page as that payload left it, after
  // the microtasks its drawing queued (a drawing that places its labels once it is on the page)
  let due = false;
  new MutationObserver(() => {
    if (due) return;
    due = true;
    Promise.resolve().then(() => { due = false; check(); });
  }).observe(document, {
    subtree: true, childList: true, characterData: true, attributes: true,
    attributeFilter: ['hidden', 'class', 'style']});
})();"""

LANGS = ["de", "nl"]   # seat 0 (Jaws' shark: J5, J10) in German; the longest words, English's are shorter
CREW = ["Sharky", "Bea", "Hal"]
WALKS = {   # players, options, the plays at most (Laser Chess' random players may never end it)
    "fzzzt": (3, {}, 400),
    "sharks-with-lasers": (3, {}, 400),
    "jaws": (3, {"box": BOX, "resurface": "digital"}, 1500),
    "loch-ness": (3, {}, 3000),
    "laser-chess": (2, {}, 120),
}


# Games whose phones still cover words (issue 36, points 3 and 4): none now. A game listed here has
# its phones checked for width at every step and what covers words only listed, strictly: the day
# it is clear, the test says to take it out.
STILL_COVERED: set[str] = set()


@pytest.mark.slow   # a whole game each: started first (tests/conftest.py)
@pytest.mark.parametrize("game", sorted(WALKS))
def test_every_phone_fits_360_px_at_every_step_of_a_whole_game(
        server: str, browser: Any, service: Any, game: str) -> None:
    players, options, most = WALKS[game]
    table = service.create_table(game, players, options, seed=5)["table"]
    service.set_auto(table, False)
    phones = []
    tokens = [service.claim_seat(table, seat, CREW[seat]) for seat in range(players)]
    for seat, token in enumerate(tokens[:len(LANGS)]):   # a phone in German, one in Dutch
        ctx = browser.new_context(viewport={"width": 360, "height": 740}, device_scale_factor=2,
                                  is_mobile=True, has_touch=True, locale=LANGS[seat])
        ctx.add_init_script(WATCH)
        ctx.add_cookies([{"name": f"seat_{table}", "value": token, "url": server}])
        page = watch(ctx.new_page())
        page.goto(f"{server}/play/{table}?lang={LANGS[seat]}")
        page.locator("#seat").wait_for()
        phones.append(page)
    plays = 0
    found: dict[int, list[str]] = {}
    while plays < most:
        state = service.state_of(table)
        if state.outcome is not None or not state.awaiting:
            break
        advance(service, table, 1, seed=plays, tell=False)
        plays += 1
        while service.public(table)["story"]["waiting"]:   # each step told: the phones follow it
            service.advance(table)
    if game != "laser-chess":
        assert service.state_of(table).outcome is not None, (game, plays)
    version = max(service.seat_view(table, seat)["version"] for seat in range(players))
    for seat, page in enumerate(phones):
        # a phone that checked itself after every drawing of a whole game may be that far behind
        page.wait_for_function("(v) => +document.getElementById('seat').dataset.version >= v",
                               arg=service.seat_view(table, seat)["version"], timeout=patience_ms(40))
        walked = page.evaluate("() => window.__walk")
        if walked["problems"]:
            shot(page, f"phone-walk-{game}-{LANGS[seat]}")
        assert walked["checks"] >= plays // 2, (game, seat, plays, walked["checks"])
        covering = [p for p in walked["problems"] if " over words: " in p]
        wide = [p for p in walked["problems"] if p not in covering]
        assert not wide, (game, LANGS[seat], plays, version, wide[:12])
        found[seat] = covering
    for page in phones:
        page.context.close()
    # the companion lets every stream of the table go before the next game (or the server's end): a
    # stream that was far behind holds a buffer until its task sees its phone gone (bounded: no assert)
    until(lambda: not service.tables.get(table).subs, 10)
    covered = [(LANGS[seat], problems[:6]) for seat, problems in found.items() if problems]
    if game in STILL_COVERED:   # strict: the day they are clear this fails and the game leaves the list
        assert covered, f"{game}'s phones cover no words now: take it out of STILL_COVERED"
        pytest.xfail(f"issue 36, point 3/4: {covered}")
    assert not covered, (game, covered)
