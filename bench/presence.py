"""A phone that drops, and comes back (issue 35, point 7): how long the table screen takes to mark
its seat "away", and how long the phone takes to be back in its seat with what it was composing.

A real ``companion serve`` (loopback) and Debian's chromium: a 1280x720 table screen and a 360-px
phone holding a Laser Chess seat, a piece picked up (its move not sent). Each trial:

- **Wi-Fi drops**: the phone's browser goes offline (Playwright's ``set_offline``: nothing reaches
  the companion, and nothing closes the phone's stream on the companion's side, as a dropped Wi-Fi
  does). Measured: from then until the table screen shows the seat "⚠ away". Goal: 5 s.
- **Wi-Fi is back**: the browser goes online. Measured: until the table screen no longer shows the
  seat away and the phone's connection line is live, the piece still picked up. Goal: 2 s.
- **The page closes**: the phone's page is closed, then opened again (its seat cookie): the first
  measured until "away", the second until it is back in its seat (the piece still picked up, from
  the phone's own storage).

Printed: each figure's every trial, its median and its worst, and the goal; the last line is JSON.
The figures are wall-clock on whatever machine runs them: tests never assert them
(``tests/web/test_browser_presence.py`` plays one trial of each and checks what a player sees).

Usage: .venv/bin/python bench/presence.py [--trials 5]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.companion.server import HOST_KEY, ServerProcess, call

CHROMIUM = "/usr/bin/chromium"
AWAY_GOAL, BACK_GOAL = 5.0, 2.0
AWAY = '#seats li[data-seat="{seat}"] .presence.away'
LIVE = "#conn.live"


class Table:
    """A Laser Chess table on a companion of its own, its seats taken, Auto off."""

    def __init__(self, server: ServerProcess) -> None:
        self.server = server
        self.base = f"http://127.0.0.1:{server.port}"
        made = self.api("POST", "/api/tables", {"game": "laser-chess", "players": 2, "seed": 3})
        self.id: str = made["table"]
        self.tokens = [self.api("POST", f"/api/tables/{self.id}/seats/{s}", {"name": f"P{s + 1}"})["token"]
                       for s in range(2)]

    def api(self, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
        status, data = call(self.server.port, method, path, body, token=token, host_key=HOST_KEY)
        if status >= 400:
            raise RuntimeError(f"{method} {path}: {status} {data}")
        return data

    def move(self) -> dict[str, Any]:
        """Blue's first legal move (the one the phone picks up)."""
        legal = self.api("GET", f"/api/tables/{self.id}/view", token=self.tokens[0])["legal_actions"]
        return dict(next(a for a in legal if a["type"] == "move"))


def screen(browser: Any, table: Table, timeout_ms: float) -> Any:
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    context.set_default_timeout(timeout_ms)
    page = context.new_page()
    page.goto(f"{table.base}/table/{table.id}")
    page.locator(LIVE).wait_for()
    return page


def phone(browser: Any, table: Table, timeout_ms: float) -> Any:
    """Blue's phone (its seat cookie), a piece picked up: its move's target shown, not sent."""
    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    context.set_default_timeout(timeout_ms)
    context.add_cookies([{"name": f"seat_{table.id}", "value": table.tokens[0], "url": table.base}])
    page = context.new_page()
    open_seat(page, table)
    pick_up(page, table)
    return page


def pick_up(page: Any, table: Table) -> None:
    move = table.move()
    page.locator(f'#board .hit[data-square="{move["from"]}"]').tap()
    composing(page, move)


def open_seat(page: Any, table: Table) -> None:
    page.goto(f"{table.base}/play/{table.id}")
    page.locator("#seat").wait_for(state="visible")
    page.locator(LIVE).wait_for()


def composing(page: Any, move: dict[str, Any]) -> None:
    """The piece is still picked up: its move to the target square is offered, not sent."""
    page.locator(f'#controls .lc-move[data-to="{move["to"]}"]').wait_for()


def drop_and_back(tv: Any, blue: Any, table: Table) -> tuple[float, float]:
    """Blue's Wi-Fi drops, then comes back: (seconds until the screen shows blue away, seconds
    from the Wi-Fi back until the screen shows blue at the table and the phone is live again
    with the piece still picked up)."""
    move = table.move()
    tv.locator(AWAY.format(seat=0)).wait_for(state="detached")
    gone = time.monotonic()
    blue.context.set_offline(True)
    tv.locator(AWAY.format(seat=0)).wait_for()
    away = time.monotonic() - gone
    blue.locator("#conn:not(.live)").wait_for()   # the phone knows it is cut off
    back = time.monotonic()
    blue.context.set_offline(False)
    tv.locator(AWAY.format(seat=0)).wait_for(state="detached")
    blue.locator(LIVE).wait_for()
    returned = time.monotonic() - back
    composing(blue, move)
    return away, returned


def close_and_reopen(tv: Any, blue: Any, table: Table) -> tuple[float, float, Any]:
    """Blue's page closes, then opens again: (seconds until away, seconds until back, the new page)."""
    context = blue.context
    gone = time.monotonic()
    blue.close(run_before_unload=True)   # as a tab closes: the page hears it (pagehide)
    tv.locator(AWAY.format(seat=0)).wait_for()
    away = time.monotonic() - gone
    again = context.new_page()
    back = time.monotonic()
    open_seat(again, table)
    tv.locator(AWAY.format(seat=0)).wait_for(state="detached")
    returned = time.monotonic() - back
    composing(again, table.move())   # the piece still picked up: kept in the phone's own storage
    return away, returned, again


def summary(name: str, values: list[float], goal: float) -> str:
    worst = max(values)
    return (f"{name}: " + ", ".join(f"{v:.2f}" for v in values)
            + f" s; median {statistics.median(values):.2f} s, worst {worst:.2f} s "
            f"(goal <= {goal:g} s: {'met' if worst <= goal else 'NOT met'})")


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--trials", type=int, default=5)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    figures: dict[str, list[float]] = {name: [] for name in
                                       ("wifi_away", "wifi_back", "closed_away", "reopened_back")}
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        server = ServerProcess(Path(tmp) / "data").start()
        browser = pw.chromium.launch(executable_path=CHROMIUM)
        try:
            table = Table(server)
            tv, blue = screen(browser, table, 30_000), phone(browser, table, 30_000)
            for _ in range(args.trials):
                away, back = drop_and_back(tv, blue, table)
                figures["wifi_away"].append(away)
                figures["wifi_back"].append(back)
                away, back, blue = close_and_reopen(tv, blue, table)
                figures["closed_away"].append(away)
                figures["reopened_back"].append(back)
        finally:
            browser.close()
            server.kill()
    print(summary("Wi-Fi drops -> the table screen shows the seat away", figures["wifi_away"], AWAY_GOAL))
    print(summary("Wi-Fi back -> the phone back in its seat, composing", figures["wifi_back"], BACK_GOAL))
    print(summary("page closed -> away", figures["closed_away"], AWAY_GOAL))
    print(summary("page opened again -> back in its seat", figures["reopened_back"], BACK_GOAL))
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
