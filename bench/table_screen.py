"""What the table screen's own page does for each step it tells: seeded games of every game (its
bot plays each seat, the table's chance drawn as the companion would), the story told a step at a
time with one table screen open at 1280x720, as the kiosk's Chromium on the Pi shows it. Per game:
the steps told, the time from a step asked for (the host's "Next") to its line current on the
screen, median and worst, and the screen's fitting (``TC.fitAll``, ``TC.fit`` in common.js: the
text of each box that would scroll made to fit) per step, the JS time it took in the page.

``--static CHECKOUT`` tells the same games again on the same screen served with another checkout's
``web/static`` (the pages' scripts and styles before a change; this checkout's server and
templates), and prints the ratio of the fitting's time: a change to the screen's scripts measured
in the same minutes. 1x CPU (the machine's own speed); a Pi's is slower.

Usage: .venv/bin/python bench/table_screen.py [--steps N] [--lang nl] [--game ID] [--static DIR]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from waitress.server import create_server  # type: ignore[import-untyped]

import engines
from companion.service import Service
from engines import TABLE
from engines.playout import chance_pick
from engines.rng import Rng
from web import create_app

CHROMIUM = "/usr/bin/chromium"
KEY = "bench-host-key"
NAMES = ["Anna", "Bram", "Clara", "Dirk"]
# the page's fitting, timed where table.js calls it (by name, so a wrapper sees every call)
TIME_FITTING = """() => {
  window.__fit = 0;
  const fitAll = TC.fitAll;
  TC.fitAll = function (root, min) {
    const t = performance.now();
    try { return fitAll(root, min); } finally { window.__fit += performance.now() - t; }
  };
}"""


@contextmanager
def served(static: Path | None) -> Iterator[tuple[Service, str]]:
    """A companion's service and web app in this process (the tests' quick telling: Auto off, the
    host asks each step), on a loopback port; ``static``: another checkout's pages' files."""
    with tempfile.TemporaryDirectory() as data:
        service = Service(Path(data), KEY, think_seconds=0.05, reading_pace=0.4)
        app = create_app(service, host_key=KEY)
        if static is not None:
            app.static_folder = str(static / "web" / "static")
        server: Any = create_server(app, host="127.0.0.1", port=0, threads=8)
        thread = threading.Thread(target=server.run, daemon=True)
        thread.start()
        try:
            yield service, f"http://127.0.0.1:{server.effective_port}"
        finally:
            service.stop()
            server.task_dispatcher.shutdown(timeout=5)
            server.trigger.pull_trigger(lambda: server._map.clear())   # ends its loop from inside
            thread.join(timeout=5)
            service.close()


def tell(service: Service, screen: Any, table: str, steps: int, seed: int) -> tuple[list[float], float]:
    """Up to ``steps`` steps of a seeded game told on ``screen``: each step's ms from "Next" to its
    line current there, and the screen's fitting time over them (ms)."""
    game = engines.get(str(service.public(table)["game"]))
    bot, rng = game.bot(), Rng.from_seed(seed)
    waits: list[float] = []
    screen.evaluate(TIME_FITTING)
    for n in range(5000):
        while service.public(table)["story"]["waiting"] and len(waits) < steps:
            start = time.perf_counter()
            service.advance(table)
            story = service.public(table)["story"]
            screen.locator(f'#events li.current[data-id="{story["steps"][story["at"]]["id"]}"]').wait_for()
            waits.append((time.perf_counter() - start) * 1000)
        state = service.state_of(table)
        if len(waits) >= steps or not state.awaiting:
            break
        seat = state.awaiting[0]
        if seat == TABLE:
            action, rng = chance_pick(state, rng)
        else:
            action = bot.choose(state, seat, lambda: True, seed + n).action
        service.act(table, seat, action)
    return waits, float(screen.evaluate("window.__fit"))


def one_game(browser: Any, static: Path | None, game: str, lang: str,
             steps: int) -> tuple[list[float], float]:
    """One game told on a new table screen (its own server): the steps' ms and the fitting's ms."""
    with served(static) as (service, base):
        players = min(4, engines.get(game).max_players)
        table = service.create_table(game, players, {}, seed=7, lang=lang)["table"]
        service.set_auto(table, False)
        for seat in range(players):
            service.claim_seat(table, seat, NAMES[seat])
        context = browser.new_context(viewport={"width": 1280, "height": 720})
        try:
            screen = context.new_page()
            screen.goto(f"{base}/table/{table}")
            screen.locator("#game-area:not([hidden])").wait_for()
            return tell(service, screen, table, steps, seed=7)
        finally:
            context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--steps", type=int, default=150, help="steps told per game (default 150)")
    parser.add_argument("--lang", default="de", help="the table's language (default de: the longest words)")
    parser.add_argument("--game", help="one game's id (default: every game)")
    parser.add_argument("--static", type=Path, help="another checkout whose web/static to compare with")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright  # the dev install's (./setup.sh test)

    games = [args.game] if args.game else sorted(engines.GAMES)
    compared = "   (--static's fitting ms a step · this one's / that)" if args.static else ""
    print(f"{'game':<20} {'steps':>5} {'step ms':>14} {'fitting ms a step':>18}   (median / worst){compared}")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        try:
            for game in games:
                waits, fit = one_game(browser, None, game, args.lang, args.steps)
                line = (f"{game:<20} {len(waits):>5} {statistics.median(waits):>6.1f} / {max(waits):>5.1f}"
                        f" {fit / len(waits):>18.1f}")
                if args.static:
                    _, before = one_game(browser, args.static, game, args.lang, args.steps)
                    line += f"   {before / len(waits):.1f} · {fit / before:.2f}"
                print(line, flush=True)
        finally:
            browser.close()


if __name__ == "__main__":
    main()
