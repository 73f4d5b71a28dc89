"""The rules page's search on a slow phone (issue 37, point 6: "a search answers in under 100 ms on
the phone at 6x CPU throttling"): Debian's chromium, a 390x844 phone, the CPU throttled through
CDP, each game's rules page in Dutch and German.

Per game, language and rate, over ``--queries`` words typed one key at a time (each key one search,
as a person types): the median and worst of
- ``search``: the page's own time for one search (``window.__rulesSearchMs``: the words made plain,
  every rule matched, shown or hidden, the count written);
- ``answer``: from the key pressed to the next frame drawn with its result (the search and the
  layout and paint it causes), measured in the page (a key event's time stamp to requestAnimationFrame).

The companion runs in this process (waitress on 127.0.0.1), as the browser tests run it.

Usage: .venv/bin/python bench/rules_search.py [--rates 1,6] [--queries 6] [--game ID]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.slow_phone import serve  # noqa: E402
from companion.service import Service  # noqa: E402

GAMES = ("laser-chess", "fzzzt", "sharks-with-lasers", "jaws", "loch-ness")
WORDS = {"nl": ["laser", "kaart", "boot", "haai", "punten", "beurt", "schiet", "zwemmer"],
         "de": ["laser", "karte", "boot", "hai", "punkte", "zug", "schwimmer", "spiegel"]}
# each key's answer: the key event's time stamp to the first frame after the search ran
WATCH = """() => {
  window.__answers = [];
  document.getElementById('rules-search').addEventListener('input', (ev) => {
    const at = ev.timeStamp;
    requestAnimationFrame(() => requestAnimationFrame(() => window.__answers.push(performance.now() - at)));
  });
}"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rates", default="1,6")
    parser.add_argument("--queries", type=int, default=6)
    parser.add_argument("--game", choices=GAMES)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    from tests.conftest import CHROMIUM
    with tempfile.TemporaryDirectory() as data, sync_playwright() as pw:
        service = Service(Path(data), "bench-host-key", think_seconds=0.0)
        base, _srv = serve(service)
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        print(f"{'game':<20}{'lang':<6}{'rate':>5}{'rules':>7}{'search med':>12}{'worst':>8}"
              f"{'answer med':>12}{'worst':>8}  (ms)")
        for game in [args.game] if args.game else GAMES:
            for lang in ("nl", "de"):
                for rate in [float(r) for r in args.rates.split(",")]:
                    row = measure(browser, base, game, lang, rate, WORDS[lang][: args.queries])
                    print(f"{game:<20}{lang:<6}{rate:>5g}{row['rules']:>7}{row['search'][0]:>12.1f}"
                          f"{row['search'][1]:>8.1f}{row['answer'][0]:>12.1f}{row['answer'][1]:>8.1f}")
        browser.close()
        service.stop()   # the server's threads end with the process


def measure(browser: Any, base: str, game: str, lang: str, rate: float, words: list[str]) -> dict[str, Any]:
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = ctx.new_page()
    cdp = ctx.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
    page.goto(f"{base}/rules/{game}?lang={lang}")
    page.locator("#rules-list").wait_for()
    page.evaluate(WATCH)
    searches: list[float] = []
    for word in words:
        page.fill("#rules-search", "")
        for key in word:
            page.keyboard.type(key)
            searches.append(float(page.evaluate("() => window.__rulesSearchMs")))
    page.wait_for_function(f"() => window.__answers.length >= {sum(len(w) for w in words)}")
    answers = [float(a) for a in page.evaluate("() => window.__answers")]
    rules = page.locator("#rules-list > li.rule").count()
    ctx.close()
    return {"rules": rules, "search": (statistics.median(searches), max(searches)),
            "answer": (statistics.median(answers), max(answers))}


if __name__ == "__main__":
    main()
