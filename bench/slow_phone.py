"""A phone joining a seat, as a person meets it (issue 41): the companion served in its own process
as its systemd unit runs it (``companion serve``, ``PYTHONOPTIMIZE=2``, mock pins), and each run a
new mobile browser context (390x844, touch, a cold cache: a phone that joins for the first time)
in Debian's chromium with its CPU throttled (4x and 6x: a low-end Android).

Per game and rate, the median and the worst of ``--runs`` loads of:
- ``drawn``: from the navigation's start to the seat's page on the screen (``#seat`` shown with
  its payload's version, its view and its controls, visible, and the frame after it painted: the
  task after the next animation frame);
- ``painted``: the page's first paint (First Contentful Paint): anything on the screen before the
  seat (a page that holds its first frame until the seat is drawn paints it with the seat);
- ``task before``: the longest task on the page's main thread before it was drawn (a tap in a long
  task waits for its end; before the first paint there is nothing on the screen to tap);
- ``task after``: the longest in the first 2 s after it was drawn;
- ``tap``: a tap on a legal play (the game's first drawn target: a token, a card, a button) to the
  frame that answers it (the Event Timing API's duration of the tap: from the touch to the next
  paint after its handlers ran; Chromium rounds it to 8 ms).

Long tasks are the Long Tasks API's (over 50 ms); "-" is none. Noisy under load: compare figures
taken in the same minutes (``--runs 5`` of five games at two rates takes about three minutes).

Usage: .venv/bin/python bench/slow_phone.py [--runs 5] [--rates 4,6] [--game ID] [--profile DIR]
       [--cpu N] [--root CHECKOUT]   (``--root`` serves another checkout: a version before a change,
                                      measured with the same bench in the same minutes)

``--profile DIR`` writes a Chrome trace of one 6x load per game (``DIR/<game>.json``: open it in
Chrome's Performance panel or https://ui.perfetto.dev) and prints where the main thread's time went
before the seat was drawn (docs/web.md, "A slow phone's first second").

``--cpu N`` traces N loads per game at 6x and prints, instead, the main thread's CPU time from the
phone's last script (``phone.js``) to the end of the page's first frame and the most of it in one
task, median and worst: a task's thread time leaves out the moments another process had the core,
so two versions compare in fewer loads than by the wall clock on a shared machine (docs/web.md,
"The fourth look"); and what that time was, median of each: the scripts (their run, the seat's
drawing), the style, the layout and the paint (each its own time: a style a script forces counts
as style; docs/web.md, "The sixth look").
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
KEY = "bench-host-key"
# where a tap on a legal play lands, per kind of drawing: the first one drawn and visible
TAP_TARGETS = ("#seat .hit.selectable", "#seat .hit.target", "#seat .target", "#seat button.fz-pick",
               "#seat button.big:not(.secondary):not([disabled])")
AFTER_MS = 2000
# A point on the screen where a finger lands on the first target drawn (a drawn space's shape is not
# its box: the point must hit the target itself), scrolled into view; null: none.
FIND_TAP = """(selectors) => {
  for (const selector of selectors) {
    for (const e of document.querySelectorAll(selector)) {
      e.scrollIntoView({block: 'center'});
      const r = e.getBoundingClientRect();
      if (!r.width || !r.height) continue;
      for (let i = 1; i < 8; i++) for (let j = 1; j < 8; j++) {
        const x = r.left + r.width * i / 8, y = r.top + r.height * j / 8;
        const hit = document.elementFromPoint(x, y);
        if (hit && (hit === e || e.contains(hit))) return [x, y];
      }
    }
  }
  return null;
}"""
# Before the page's scripts: the page's long tasks, and when #seat is first shown with a version.
WATCH = """(AFTER_MS) => {
  window.__long = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__long.push([e.startTime, e.duration]);
  }).observe({type: 'longtask', buffered: true});
  window.__taps = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__taps.push([e.name, e.startTime, e.duration]);
  }).observe({type: 'event', durationThreshold: 16, buffered: true});
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__taps.push([e.name, e.startTime, e.duration]);
  }).observe({type: 'first-input', buffered: true});
  window.__drawn = null;
  window.__painted = null;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.name === 'first-contentful-paint') window.__painted = e.startTime;
    }
  }).observe({type: 'paint', buffered: true});
  // waited for through CDP (Runtime.evaluate, awaitPromise), not Playwright's own waiting, whose
  // helper script, compiled in the page, would be a long task of the page's in the window measured
  window.__over = new Promise((resolve) => { window.__watched = resolve; });
  let seen = false;
  const look = () => {   // the seat's first frame: after the frame that follows its drawing is painted
    const seat = document.getElementById('seat');
    if (seen || !seat || seat.hidden || !seat.dataset.version) return;
    seen = true;
    // on the screen: a page may keep itself hidden until it is drawn (its style, in that frame's own work)
    requestAnimationFrame(function onFrame() {
      if (!seat.checkVisibility()) { requestAnimationFrame(onFrame); return; }
      const after = new MessageChannel();
      after.port1.onmessage = () => {
        window.__drawn = performance.now();
        setTimeout(window.__watched, AFTER_MS + 50);   // the window after it, over
      };
      after.port2.postMessage(null);
    });
  };
  new MutationObserver(look).observe(document, {subtree: true, attributes: true, childList: true,
                                                attributeFilter: ['hidden', 'data-version']});
}"""


@dataclass
class Load:
    drawn: float
    painted: float     # the first contentful paint
    before: float      # the longest task before the seat was drawn (0: none over 50 ms)
    after: float       # the longest in the first 2 s after
    tap: float | None  # None: no legal play to tap on this seat's first screen


class Companion:
    """``companion serve`` in its own process, as the unit runs it, on a free loopback port."""

    def __init__(self, data: str, root: Path = ROOT) -> None:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        env = {**os.environ, "PYTHONOPTIMIZE": "2", "GPIOZERO_PIN_FACTORY": "mock", "PYTHONUNBUFFERED": "1"}
        self.base = f"http://127.0.0.1:{port}"
        self.proc = subprocess.Popen(   # the unit's `companion serve`, from the checkout ``root``
            [sys.executable, "-m", "companion", "serve", "--data", data, "--host-key", KEY,
             "--port", str(port), "--bind", "127.0.0.1"],
            cwd=root, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(300):
            try:
                self.call("GET", "/api/games")
                return
            except OSError:
                time.sleep(0.1)
        raise SystemExit("the companion did not answer in 30 s")

    def call(self, method: str, path: str, body: Any = None, host: bool = False) -> Any:
        headers = {"Content-Type": "application/json", **({"X-Host-Key": KEY} if host else {})}
        request = urllib.request.Request(self.base + path, method=method, headers=headers,
                                         data=None if body is None else json.dumps(body).encode())
        with urllib.request.urlopen(request, timeout=30) as answer:
            return json.loads(answer.read() or b"null")

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(timeout=30)


def players(game: dict[str, Any]) -> int:
    """Two for the duels and the auction (the old bench's tables), three for the rest."""
    least = int(game["min_players"])
    return max(least, 2) if game["id"] in ("laser-chess", "fzzzt") else max(least, 3)


def new_seat(companion: Companion, game: dict[str, Any], seed: int) -> tuple[str, str]:
    """A new table of ``game``, every seat claimed: the table and the token of the first seat whose
    play is awaited (the phone that joins)."""
    asked = {"game": game["id"], "players": players(game), "seed": seed}
    table = companion.call("POST", "/api/tables", asked, host=True)
    seats = f"/api/tables/{table['table']}/seats"
    tokens = [companion.call("POST", f"{seats}/{s}", {"name": f"P{s + 1}"})["token"]
              for s in range(len(table["seats"]))]
    me = next((s for s in table["awaiting"] if s >= 0), 0)
    return table["table"], tokens[me]


# what --cpu reads from a trace: tasks with their thread time, the scripts, the first paint
CPU_CATEGORIES = ["toplevel", "devtools.timeline", "v8.execute", "blink.user_timing", "loading"]


def measure(browser: Any, companion: Companion, game: dict[str, Any], rate: int, seed: int,
            trace: Path | None = None, categories: list[str] | None = None) -> Load:
    table, token = new_seat(companion, game, seed)
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2,
                              is_mobile=True, has_touch=True)
    ctx.add_cookies([{"name": f"seat_{table}", "value": token, "url": companion.base}])
    page = ctx.new_page()
    cdp = ctx.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
    page.add_init_script(f"({WATCH})({AFTER_MS})")
    if trace is not None:
        browser.start_tracing(page=page, path=str(trace), screenshots=False, categories=categories)
    page.goto(f"{companion.base}/play/{table}", wait_until="commit")
    cdp.send("Runtime.evaluate", {"expression": "window.__over", "awaitPromise": True, "timeout": 60000})
    if trace is not None:
        browser.stop_tracing()
    drawn = float(page.evaluate("() => window.__drawn"))
    painted = float(page.evaluate("() => window.__painted") or drawn)
    tasks = page.evaluate("() => window.__long")
    before = max((d for s, d in tasks if s < drawn), default=0.0)
    after = max((d for s, d in tasks if drawn <= s < drawn + AFTER_MS), default=0.0)
    tap: float | None = None
    point = page.evaluate(FIND_TAP, list(TAP_TARGETS))
    if point is not None:
        taps = int(page.evaluate("() => window.__taps.length"))
        page.touchscreen.tap(point[0], point[1])
        page.wait_for_function(f"() => window.__taps.length > {taps}", timeout=10000)
        page.wait_for_timeout(300)   # the tap's other events (pointerup, click) are reported too
        tap = max(d for _, _, d in page.evaluate("() => window.__taps")[taps:])
    ctx.close()
    companion.call("POST", f"/api/tables/{table}/end", {}, host=True)
    return Load(drawn, painted, before, after, tap)


def where_the_time_went(trace: Path) -> list[tuple[str, float]]:
    """The main thread's time by kind of work in a Chrome trace (ms, the largest first)."""
    events = json.loads(trace.read_text())
    events = events["traceEvents"] if isinstance(events, dict) else events
    main = {(e["pid"], e["tid"]) for e in events
            if e.get("name") == "thread_name" and e.get("args", {}).get("name") == "CrRendererMain"}
    kinds: collections.Counter[str] = collections.Counter()
    for e in events:
        if (e.get("pid"), e.get("tid")) in main and e.get("ph") == "X" and e.get("dur"):
            name = e["name"]
            if name in ("EvaluateScript", "v8.compile", "v8.compileModule", "FunctionCall", "ParseHTML",
                        "Layout", "UpdateLayoutTree", "Paint", "ParseAuthorStyleSheet", "TimerFire",
                        "EventDispatch", "v8.parseOnBackground", "GCEvent", "MajorGC", "MinorGC",
                        "PrePaint", "Layerize", "ResourceReceivedData", "XHRReadyStateChange"):
                kinds[name] += e["dur"] / 1000
    return [(name, float(ms)) for name, ms in kinds.most_common(12)]


# The kinds of a first frame's work (trace event names): each event's own thread time goes to its
# kind, less what an event of these kinds inside it took (a style forced by a script is style).
KINDS = {"EvaluateScript": "scripts", "FunctionCall": "scripts", "TimerFire": "scripts",
         "UpdateLayoutTree": "style", "Layout": "layout", "PrePaint": "paint", "Paint": "paint",
         "Layerize": "paint"}


def cpu_to_first_frame(trace: Path) -> tuple[float, float, dict[str, float]]:
    """The main thread's CPU time (ms) from the task that runs ``phone.js`` to the end of the frame
    after it (the page's first: its scripts hold it), the most of it in one task, and that time by
    kind (``KINDS``). A task's thread time is what the page's own work took of the core, whoever
    else had it meanwhile."""
    events = json.loads(trace.read_text())
    events = events["traceEvents"] if isinstance(events, dict) else events
    main = {(e["pid"], e["tid"]) for e in events
            if e.get("name") == "thread_name" and e.get("args", {}).get("name") == "CrRendererMain"}
    own = sorted((e for e in events if (e.get("pid"), e.get("tid")) in main and e.get("ph") == "X"
                  and "tdur" in e), key=lambda e: (e["ts"], -e["dur"]))
    script = min(e["ts"] for e in events if e.get("name") == "EvaluateScript"
                 and "phone.js" in str(e.get("args", {}).get("data", {})))
    tasks, end, start = [], -1, None
    for e in own:
        if e["name"] != "ThreadControllerImpl::RunTask" or e["ts"] < end:
            continue   # not a task, or a task run inside another (counted in it)
        end = e["ts"] + e["dur"]
        if end < script:
            continue
        start = e["ts"] if start is None else start
        tasks.append(e["tdur"] / 1000)
        if e.get("args", {}).get("src_func") == "ScheduledActionSendBeginMainFrame":
            break      # the frame: style, layout and paint of the seat
    kinds: dict[str, float] = dict.fromkeys(("scripts", "style", "layout", "paint"), 0.0)
    if start is None:
        return 0.0, 0.0, kinds
    stack: list[dict[str, Any]] = []   # the open events of KINDS, innermost last
    for e in (e for e in own if e["name"] in KINDS and start <= e["ts"] < end):
        while stack and e["ts"] >= stack[-1]["ts"] + stack[-1]["dur"]:
            stack.pop()
        kinds[KINDS[e["name"]]] += e["tdur"] / 1000
        if stack:
            kinds[KINDS[stack[-1]["name"]]] -= e["tdur"] / 1000
        stack.append(e)
    return sum(tasks), max(tasks, default=0.0), kinds


def figures(values: list[float]) -> str:
    if not values:
        return "-"
    return f"{statistics.median(values):.0f} / {max(values):.0f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--rates", default="4,6")
    parser.add_argument("--game", default=None)
    parser.add_argument("--profile", type=Path, default=None)
    parser.add_argument("--cpu", type=int, default=0,
                        help="traced loads per game at 6x: the main thread's CPU time to the first frame")
    parser.add_argument("--root", type=Path, default=ROOT,
                        help="the checkout to serve (a version before a change, in the same minutes)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as data, sync_playwright() as pw:
        companion = Companion(data, args.root)
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=[
            "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"])
        try:
            games = [g for g in companion.call("GET", "/api/games")["games"] if args.game in (None, g["id"])]
            if args.profile:
                args.profile.mkdir(parents=True, exist_ok=True)
                for game in games:
                    path = args.profile / f"{game['id']}.json"
                    load = measure(browser, companion, game, 6, 99, trace=path)
                    work = ", ".join(f"{name} {ms:.0f}" for name, ms in where_the_time_went(path))
                    print(f"{game['id']}: drawn at {load.drawn:.0f} ms; main thread (ms): {work}", flush=True)
                return
            if args.cpu:
                print(f"{'game':<20} {'CPU to frame ms':>16} {'in one task ms':>15}   "
                      "(6x, main thread, median / worst; of it, medians: scripts, style, layout, paint)")
                with tempfile.TemporaryDirectory() as traces:
                    for game in games:
                        cpu = []
                        for seed in range(args.cpu):
                            path = Path(traces) / f"{game['id']}-{seed}.json"
                            measure(browser, companion, game, 6, seed, trace=path, categories=CPU_CATEGORIES)
                            cpu.append(cpu_to_first_frame(path))
                        total, most = [c[0] for c in cpu], [c[1] for c in cpu]
                        kinds = " · ".join(f"{kind} {statistics.median(c[2][kind] for c in cpu):.0f}"
                                           for kind in cpu[0][2])
                        print(f"{game['id']:<20} {figures(total):>16} {figures(most):>15}   {kinds}",
                              flush=True)
                return
            print(f"{'game':<20} {'CPU':>4} {'painted ms':>12} {'drawn ms':>12} {'task before':>12} "
                  f"{'task after':>12} {'tap ms':>10}   (median / worst)")
            for game in games:
                for rate in (int(r) for r in args.rates.split(",")):
                    loads = [measure(browser, companion, game, rate, seed) for seed in range(args.runs)]
                    print(f"{game['id']:<20} {str(rate) + 'x':>4} {figures([x.painted for x in loads]):>12} "
                          f"{figures([x.drawn for x in loads]):>12} "
                          f"{figures([x.before for x in loads]):>12} {figures([x.after for x in loads]):>12} "
                          f"{figures([x.tap for x in loads if x.tap is not None]):>10}", flush=True)
        finally:
            browser.close()
            companion.stop()


if __name__ == "__main__":
    main()
