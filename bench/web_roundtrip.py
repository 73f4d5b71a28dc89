"""Web round trip: 8 phones and 1 table screen on SSE over loopback.

Starts ``companion serve`` in a subprocess (mock pins, a fresh data directory),
seats eight players at an eight-seat "Closest Guess" table (the test game,
widened to eight seats here), opens nine Server-Sent Event streams (eight seats
and the public table screen), then plays a bounded number of picks. For each
POSTed pick it measures the time until EVERY stream has shown the new version.

Printed: p50 / p99 / max of that round trip, the server's CPU time per pick
(its own user + system time: what a loaded machine changes least), the server's
resident memory after the picks (and right after the table was seated), the
time from process start to the first answered request,
and, in the same run, the request throughput of our ``GET /api/tables/<t>``
next to a bare waitress "hello" endpoint (same thread count), with their
ratio; and what a restart costs: replaying a table with a long log. With
``--runs N`` (default 3) each figure is the median of N runs, each its own
server.

The server runs from compiled bytecode, as an installed companion does (pip
compiles it at install): the project's modules are compiled first
(:func:`compile_modules`), since a checkout's Python may be told not to write
bytecode (``PYTHONDONTWRITEBYTECODE``), and a server that compiles its modules
at every start keeps some 2 MB of the compiler's leftovers.

Goals on a quiet 2-core machine (issue 28; a Raspberry Pi 4 runs this Python
about three times slower): p99 < 15 ms, RSS < 50 MB, GET >= 0.4x bare
waitress, ready < 2 s.

    .venv/bin/python bench/web_roundtrip.py [--actions 200] [--requests 400] [--runs 3]
"""

from __future__ import annotations

import argparse
import compileall
import contextlib
import gc
import http.client
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.companion.server import ServerProcess  # noqa: E402
from tests.fakegame import GuessGame, GuessState  # noqa: E402

SEATS = 8


class EightGuess(GuessGame):
    id = "bench-guess"
    max_players = 8
    option_spec = ()

    def _start(self, players: int, seed: int, options: dict[str, Any]) -> Any:
        words = tuple(f"secret-{seed}-{s}" for s in range(players))
        return GuessState(players, 10_000, 1, words, None, (None,) * players, (0,) * players)


GAME = EightGuess()


@dataclass
class Seated:
    server: ServerProcess
    api: Any            # tests.companion.server.Client
    table: str
    tokens: list[str]
    streams: list[Any]  # tests.companion.server.Stream: the table screen's, then each seat's
    ready: float        # seconds from start to the first answered request

HELLO = """
import sys
from waitress import create_server
def app(environ, start_response):
    start_response("200 OK", [("Content-Type", "text/plain"), ("Content-Length", "5")])
    return [b"hello"]
server = create_server(app, host="127.0.0.1", port=0, threads=32)
print(f"listening on http://127.0.0.1:{server.effective_port}/", flush=True)
server.run()
"""


GOALS = {"roundtrip_ms_p99": 15.0, "server_rss_mb": 50.0, "ratio_ours_to_bare": 0.4, "ready_s": 2.0}


def cpu_s(pid: int) -> float:
    """The process's user + system CPU time so far, in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def throughput(port: int, path: str, count: int) -> float:
    """Sequential requests (a new connection each, as phones do), per second."""
    start = time.perf_counter()
    for _ in range(count):
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        conn.request("GET", path)
        resp = conn.getresponse()
        resp.read()
        conn.close()
        assert resp.status == 200
    return count / (time.perf_counter() - start)


def first_answer(server: ServerProcess, started: float) -> float:
    api = server.client()
    while True:
        try:
            api.request("GET", "/api/games", timeout=2)
            return time.perf_counter() - started
        except OSError:
            time.sleep(0.01)


def replay_ms(plies: int) -> tuple[int, float]:
    """Restart cost: open a store holding one fake-guess table with ``plies`` plays, replay it."""
    import engines
    from companion.service import Service
    engines.GAMES[GAME.id] = GAME
    with tempfile.TemporaryDirectory() as tmp:
        svc = Service(tmp, "bench-host-key")
        table = svc.create_table(GAME.id, SEATS, {}, seed=5)["table"]
        for i in range(plies):
            svc.act(table, i % SEATS, {"type": "pick", "notation": f"pick{1 + i % 4}"})
        svc.close()
        start = time.perf_counter()
        again = Service(tmp, "bench-host-key")
        took = (time.perf_counter() - start) * 1000
        rows = len(again.store.log(table))
        again.close()
    return rows, took


@contextlib.contextmanager
def seated_table(data: Path) -> Iterator[Seated]:
    """Our server with the eight-seat table, every seat claimed and nine streams open (eight
    phones, each from a loopback address of its own, and the table screen); killed on exit."""
    started = time.perf_counter()
    # as the systemd unit and ./setup.sh run start it (ServerProcess: -OO, two malloc arenas)
    server = ServerProcess(data, "--extra-game", "bench.web_roundtrip:GAME").start()
    streams: list[Any] = []
    try:
        ready = first_answer(server, started)
        api = server.client()
        table = api.request("POST", "/api/tables", {"game": "bench-guess", "players": SEATS, "seed": 1},
                            host=True)["table"]
        tokens = [api.request("POST", f"/api/tables/{table}/seats/{s}", {"name": f"P{s + 1}"})["token"]
                  for s in range(SEATS)]
        try:
            # each phone from a loopback address of its own, as each is a machine at a real table
            streams = [api.stream(table)] + [api.stream(table, t, source=f"127.0.0.{2 + s}")
                                             for s, t in enumerate(tokens)]
        except AssertionError:
            print("".join(server.output[-40:]), file=sys.stderr)
            raise
        yield Seated(server, api, table, tokens, streams, ready)
    finally:
        for stream in streams:
            stream.close()
        server.kill()


def serve_and_play(actions: int, requests: int) -> dict[str, Any] | None:
    """Our server with 8 seats and a screen on streams: the picks' round trips, its memory, its
    start-up and its GET throughput; None if a stream missed a change."""
    with tempfile.TemporaryDirectory() as tmp, seated_table(Path(tmp) / "data") as seated:
        assert seated.server.proc is not None
        pid = seated.server.proc.pid
        cpu = cpu_s(pid)
        memory_start = rss_mb(pid)
        latencies = play(seated.api, seated.table, seated.tokens, seated.streams, actions)
        if latencies is None:
            return None
        cpu = cpu_s(pid) - cpu
        memory = rss_mb(pid)
        ours = throughput(seated.server.port, f"/api/tables/{seated.table}", requests)
        return {"latencies": latencies, "streams": len(seated.streams), "memory": memory,
                "memory_start": memory_start,
                "ready": seated.ready, "ours": ours, "cpu_ms": 1000 * cpu / actions}


def play(api: Any, table: str, tokens: list[str], streams: list[Any], actions: int) -> list[float] | None:
    """Each pick's time until every stream showed it, in ms; None if a stream missed one.

    The bench's own cycle collector is held off while it times the picks: this one process plays
    nine phones and keeps every frame their streams received, and a full collection of it (40 to
    60 ms) stalled its stream readers, which the server never caused; a phone is a machine of its
    own. Collected before the picks and again after."""
    gc.collect()
    gc.disable()
    try:
        return _timed_picks(api, table, tokens, streams, actions)
    finally:
        gc.enable()


def _timed_picks(api: Any, table: str, tokens: list[str], streams: list[Any],
                 actions: int) -> list[float] | None:
    latencies = []
    for i in range(actions):
        seat = i % SEATS
        body = {"action": {"type": "pick", "notation": f"pick{1 + i % 4}"}}
        t0 = time.perf_counter()
        reply = api.request("POST", f"/api/tables/{table}/actions", body, token=tokens[seat])
        arrivals = [s.wait_version(reply["version"], timeout=10) for s in streams]
        if any(a is None for a in arrivals):
            print("a stream missed a change", file=sys.stderr)
            return None
        latencies.append((max(a for a in arrivals if a is not None) - t0) * 1000)
    return latencies


def bare_throughput(requests: int) -> float:
    """A bare waitress "hello" endpoint's requests per second (the same thread count)."""
    hello = subprocess.Popen([sys.executable, "-c", HELLO], stdout=subprocess.PIPE, text=True)
    try:
        assert hello.stdout is not None
        line = hello.stdout.readline()
        port = int(line.rsplit(":", 1)[1].strip().strip("/"))
        return throughput(port, "/", requests)
    finally:
        hello.kill()
        hello.wait(10)
        if hello.stdout is not None:
            hello.stdout.close()


def compile_modules() -> None:
    """The bytecode of every module the server imports from this checkout (written beside them
    in ``__pycache__``, which git ignores), as ``./setup.sh`` writes it for the service: plain and
    -OO (the venv's own packages were compiled when ``./setup.sh`` installed them)."""
    for package in ("engines", "web", "hardware", "companion", "bench", "tests"):
        compileall.compile_dir(ROOT / package, quiet=1, optimize=[0, 2])


def report(figures: dict[str, Any]) -> None:
    print(json.dumps(figures))

    def goal(key: str, below: bool = True) -> str:
        met = figures[key] < GOALS[key] if below else figures[key] >= GOALS[key]
        return f"(goal {'<' if below else '>='} {GOALS[key]:g}: {'met' if met else 'NOT met'})"

    runs = f", median of {figures['runs']} runs" if figures["runs"] > 1 else ""
    print(f"round trip (POST -> all {figures['streams']} streams{runs}): "
          f"p50 {figures['roundtrip_ms_p50']} ms, p99 {figures['roundtrip_ms_p99']} ms "
          f"{goal('roundtrip_ms_p99')}")
    print(f"server CPU per pick: {figures['server_cpu_ms_per_pick']} ms (user + system, every thread)")
    print(f"server RSS {figures['server_rss_mb']} MB after the picks {goal('server_rss_mb')}, "
          f"{figures['server_rss_start_mb']} MB before them; "
          f"ready in {figures['ready_s']} s {goal('ready_s')}")
    print(f"GET /api/tables/<t>: {figures['public_get_per_s']}/s; bare waitress hello: "
          f"{figures['bare_waitress_hello_per_s']}/s; ratio {figures['ratio_ours_to_bare']} "
          f"{goal('ratio_ours_to_bare', below=False)}")
    print(f"restart: replaying a table of {figures['restart_replay_rows']} log rows took "
          f"{figures['restart_replay_ms']} ms (snapshots are not needed below ~1 s)")


def one_run(actions: int, requests: int) -> dict[str, Any] | None:
    run = serve_and_play(actions, requests)
    if run is None:
        return None
    bare = bare_throughput(requests)
    latencies = run["latencies"]
    cuts = statistics.quantiles(latencies, n=100)
    return {
        "roundtrip_ms_p50": statistics.median(latencies), "roundtrip_ms_p99": cuts[98],
        "roundtrip_ms_max": max(latencies), "server_cpu_ms_per_pick": run["cpu_ms"],
        "server_rss_mb": run["memory"], "server_rss_start_mb": run["memory_start"], "ready_s": run["ready"],
        "public_get_per_s": run["ours"],
        "bare_waitress_hello_per_s": bare, "ratio_ours_to_bare": run["ours"] / bare,
        "streams": run["streams"],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--actions", type=int, default=200)
    parser.add_argument("--requests", type=int, default=400)
    parser.add_argument("--runs", type=int, default=3, help="each figure is the median of this many runs")
    args = parser.parse_args()

    compile_modules()
    runs = []
    for _ in range(max(1, args.runs)):
        run = one_run(args.actions, args.requests)
        if run is None:
            return 1
        runs.append(run)
    log_rows, replay = replay_ms(1000)
    digits = {"public_get_per_s": 0, "bare_waitress_hello_per_s": 0, "server_rss_mb": 1,
              "server_rss_start_mb": 1, "ready_s": 2, "streams": 0}
    figures: dict[str, Any] = {"actions": args.actions, "runs": len(runs)}
    for key in runs[0]:
        value = statistics.median(r[key] for r in runs)
        figures[key] = round(value, digits.get(key, 2)) if digits.get(key, 2) else round(value)
    figures.update(restart_replay_rows=log_rows, restart_replay_ms=round(replay, 1))
    report(figures)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
