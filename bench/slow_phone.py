"""The phone page on a slow phone: Debian's chromium with the CPU throttled (4x and 6x: a low-end
Android), a 390x844 phone at a seat of each game.

Two figures per game and rate, the median of ``--runs`` loads:
- ``ready``: from the navigation's start to the seat's page drawn (``#seat`` shown with the
  payload's version: its view and its controls);
- ``play``: from another seat's play (posted to the companion) to this page showing it.

The companion runs in this process (waitress on 127.0.0.1, its real service on a temporary
directory), as the browser tests run it. Noisy under load: compare figures taken in the same minute.

Usage: .venv/bin/python bench/slow_phone.py [--runs 5] [--rates 4,6] [--game ID]
"""

from __future__ import annotations

import argparse
import logging
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import engines  # noqa: E402
from companion.service import Service  # noqa: E402
from engines import TABLE  # noqa: E402
from web import create_app  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
KEY = "bench-host-key"
# when #seat is shown with a version, and each time the version moves: the page's own clock
WATCH = """() => {
  window.__marks = [];
  const look = () => {
    const seat = document.getElementById('seat');
    if (!seat || seat.hidden || !seat.dataset.version) return;
    const last = window.__marks[window.__marks.length - 1];
    if (!last || last.v !== seat.dataset.version)
      window.__marks.push({v: seat.dataset.version, t: performance.now(), at: Date.now()});
  };
  new MutationObserver(look).observe(document, {subtree: true, attributes: true, childList: true,
                                                attributeFilter: ['hidden', 'data-version']});
}"""


def serve(service: Service) -> tuple[str, Any]:
    from waitress.server import create_server

    app = create_app(service, public_url="http://127.0.0.1")
    app.config.update(SSE_KEEPALIVE=0.5)   # a closed page's stream ends soon (as in the browser tests)
    srv: Any = create_server(app, host="127.0.0.1", port=0, threads=32)
    threading.Thread(target=srv.run, daemon=True).start()
    return f"http://127.0.0.1:{srv.effective_port}", srv


def players(game: engines.Game) -> int:
    return max(game.min_players, 2)


def other_play(service: Service, table: str, me: int) -> tuple[int, dict[str, Any]] | None:
    state = service.state_of(table)
    for seat in state.awaiting:
        if seat not in (me, TABLE):
            legal = state.legal_actions(seat)
            if legal:
                return seat, legal[0]
    return None


def measure(browser: Any, base: str, service: Service, game: engines.Game, rate: int,
            seed: int) -> tuple[float, float | None]:
    table = service.create_table(game.id, players(game), {}, seed=seed)["table"]
    tokens = [service.claim_seat(table, s, f"P{s + 1}") for s in range(players(game))]
    state = service.state_of(table)
    # this phone: a seat that is not the first awaited, so another seat's play can reach it
    waiting = [s for s in state.awaiting if s != TABLE]
    me = next((s for s in range(players(game)) if s not in waiting[:1]), 0)
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2,
                              is_mobile=True, has_touch=True)
    ctx.add_cookies([{"name": f"seat_{table}", "value": tokens[me], "url": base}])
    page = ctx.new_page()
    cdp = ctx.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
    page.add_init_script(f"({WATCH})()")
    page.goto(f"{base}/play/{table}")
    page.wait_for_function("() => window.__marks && window.__marks.length > 0", timeout=30000)
    ready = float(page.evaluate("() => window.__marks[0].t"))   # since the navigation's start
    play_ms: float | None = None
    found = other_play(service, table, me)
    if found is not None:
        page.wait_for_timeout(300)   # the stream is open
        seat, action = found
        marks = int(page.evaluate("() => window.__marks.length"))
        sent = time.time() * 1000
        service.act(table, seat, action)
        try:
            page.wait_for_function(f"() => window.__marks.length > {marks}", timeout=5000)
            play_ms = float(page.evaluate(f"() => window.__marks[{marks}].at")) - sent
        except Exception:
            play_ms = None   # a change this seat does not see
    ctx.close()
    service.end_table(table)
    return ready, play_ms


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--rates", default="4,6")
    parser.add_argument("--game", default=None)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    logging.getLogger("waitress").setLevel(logging.ERROR)   # "task queue depth": the bench's own load

    with tempfile.TemporaryDirectory() as data, sync_playwright() as pw:
        service = Service(Path(data), KEY, think_seconds=0.0)
        base, _srv = serve(service)
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=[
            "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"])
        print(f"{'game':<20} {'CPU':>4} {'ready ms (median)':>18} {'play ms (median)':>17}")
        try:
            for game in engines.GAMES.values():
                if args.game and game.id != args.game:
                    continue
                for rate in (int(r) for r in args.rates.split(",")):
                    found = [measure(browser, base, service, game, rate, seed) for seed in range(args.runs)]
                    ready = statistics.median(r for r, _ in found)
                    plays = [p for _, p in found if p is not None]
                    play = f"{statistics.median(plays):.0f}" if plays else "-"
                    print(f"{game.id:<20} {str(rate) + 'x':>4} {ready:>18.0f} {play:>17}", flush=True)
        finally:
            browser.close()
            service.stop()   # the server's threads end with the process


if __name__ == "__main__":
    main()
