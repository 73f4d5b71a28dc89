"""Stopping: how long ``companion serve`` takes to end on Ctrl-C / SIGTERM with streams open.

Starts ``companion serve`` in a subprocess (mock pins, a fresh data directory), seats the
players of a table, opens a stream per seat plus table screens, then sends the signal and
measures the time until the process has exited (the issue's goal: under a second, whatever is
connected). Printed per signal: the median and the worst of ``--runs`` stops.

    .venv/bin/python bench/stop.py [--runs 5] [--screens 2]  (6 streams: the per-address cap on loopback)
"""

from __future__ import annotations

import argparse
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.companion.server import ServerProcess  # noqa: E402


def one_stop(signum: int, screens: int) -> float:
    with tempfile.TemporaryDirectory() as data, ServerProcess(Path(data)) as srv:
        client = srv.client()
        table = client.request("POST", "/api/tables", {"game": "sharks-with-lasers", "players": 4, "seed": 1},
                               host=True)["table"]
        tokens = [client.request("POST", f"/api/tables/{table}/seats/{s}", {"name": f"P{s}"})["token"]
                  for s in range(4)]
        streams = [client.stream(table, t) for t in tokens] + [client.stream(table) for _ in range(screens)]
        for stream in streams:
            stream.wait_version(1)
        assert srv.proc is not None
        started = time.perf_counter()
        srv.proc.send_signal(signum)
        srv.proc.wait(timeout=30)
        took = time.perf_counter() - started
        for stream in streams:
            stream.close()
        return took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--screens", type=int, default=2)
    args = parser.parse_args()
    for name, signum in (("Ctrl-C (SIGINT)", signal.SIGINT), ("SIGTERM", signal.SIGTERM)):
        times = [one_stop(signum, args.screens) for _ in range(args.runs)]
        median = statistics.median(times) * 1000
        print(f"{name:16} with {4 + args.screens} streams open: median {median:6.0f} ms, "
              f"worst {max(times) * 1000:6.0f} ms  (goal: under 1000 ms)")


if __name__ == "__main__":
    main()
