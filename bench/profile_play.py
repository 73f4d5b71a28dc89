"""Where a play's time goes in the server: py-spy on ``companion serve`` while the web bench plays.

Sets up exactly what ``bench/web_roundtrip.py`` measures (an eight-seat table, every seat's phone
and the table screen on a stream), attaches py-spy (the dev extra's; it samples every thread of
the server, idle ones left out) for the picks only, then prints:

- the share of the samples (each taken from the thread holding the GIL, so CPU work; one that
  only waits, in poll or on a condition, is left out) in each kind of work (the innermost frame
  that names one: SQLite, JSON, HMAC and hashing, the engine's views, the story, the per-reader
  payloads, translation, the status display, Flask, waitress);
- the top functions by inclusive time (on the stack) and by self time (the frame running).

Shares, not milliseconds: the samples count every thread, and this machine is shared, so the
proportions are what to compare between two versions (run both in the same minutes).

    .venv/bin/python bench/profile_play.py [--actions 300] [--rate 200] [--top 25] [--raw out.txt]

py-spy needs to be allowed to read the server's memory (root, or ptrace_scope 0).
"""

from __future__ import annotations

import argparse
import collections
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.web_roundtrip import play, seated_table  # noqa: E402

FRAME = re.compile(r"^(?P<func>.*?) \((?P<file>[^()]*)\)$")

# the kind of work a frame does, by its file (or function); the innermost match names a sample
KINDS: list[tuple[str, re.Pattern[str]]] = [
    ("SQLite (store, commit)", re.compile(r"sqlite3|companion/store\.py")),
    ("JSON (dumps/loads)", re.compile(r"^json/|flask/json|/json/")),
    ("HMAC / hashing", re.compile(r"^hmac\.py|hashlib")),
    ("translation (localize)", re.compile(r"web/i18n\.py|engines/text\.py|gettext")),
    ("fingerprints (audiences)", re.compile(r"companion/audiences\.py")),
    ("the story (chapters, to_json)", re.compile(r"companion/story\.py")),
    ("engine (apply, views, legal)", re.compile(r"^engines/|tests/fakegame|bench/web_roundtrip")),
    ("status display (frames, PIL, QR)", re.compile(r"^hardware/|^PIL/|^segno/|status_screen\.py")),
    ("hardware link", re.compile(r"companion/hardware_link\.py|^gpiozero/")),
    ("payloads, fan-out (service)", re.compile(r"companion/(service|presence|tables|telling)\.py")),
    ("SSE streams (web/stream.py)", re.compile(r"web/stream\.py")),
    ("Flask / werkzeug (request)", re.compile(r"^(flask|werkzeug)/|^web/")),
    ("waitress: a request's thread", re.compile(r"waitress/(task|channel)\.py")),
    ("waitress: the main loop (accept, parse)", re.compile(r"^waitress/|companion/server\.py|socket")),
]


# leaves that wait with the GIL released: py-spy names the GIL's last holder, so an idle moment
# would be counted against the thread that last ran (the main loop's poll, a stream's wait)
WAITING = re.compile(r"^(poll2 \(waitress|Condition\.wait |Event\.wait |Queue\.get )")


def parse(raw: str) -> list[tuple[list[str], int]]:
    """py-spy's raw (collapsed) output: one ``frame;frame;...;leaf count`` line per stack; the
    stacks that only wait are left out."""
    out = []
    for line in raw.splitlines():
        stack, _, count = line.rpartition(" ")
        frames = stack.split(";")
        if stack and count.isdigit() and not WAITING.match(frames[-1]):
            out.append((frames, int(count)))
    return out


def where(frame: str) -> str:
    found = FRAME.match(frame)
    return found["file"] if found else frame


def kind(frames: list[str]) -> str:
    for frame in reversed(frames):
        place = where(frame)
        for name, pattern in KINDS:
            if pattern.search(place):
                return name
    return "other"


def summary(stacks: list[tuple[list[str], int]], top: int) -> str:
    total = sum(n for _, n in stacks) or 1
    kinds: collections.Counter[str] = collections.Counter()
    inclusive: collections.Counter[str] = collections.Counter()
    own: collections.Counter[str] = collections.Counter()
    for frames, n in stacks:
        kinds[kind(frames)] += n
        for frame in set(frames):
            inclusive[frame] += n
        own[frames[-1]] += n
    lines = [f"{total} samples holding the GIL (every thread of the server; waits left out)", "",
             "by kind of work (the innermost frame that names one):"]
    lines += [f"  {100 * n / total:5.1f}%  {name}" for name, n in kinds.most_common()]
    lines += ["", f"top {top} by inclusive time:"]
    lines += [f"  {100 * n / total:5.1f}%  {frame}" for frame, n in inclusive.most_common(top)]
    lines += ["", f"top {top} by self time:"]
    lines += [f"  {100 * n / total:5.1f}%  {frame}" for frame, n in own.most_common(top)]
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--actions", type=int, default=300)
    parser.add_argument("--rate", type=int, default=200, help="samples per second")
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--raw", type=Path, help="also keep py-spy's raw output here")
    args = parser.parse_args()
    spy = shutil.which("py-spy", path=str(Path(sys.executable).parent)) or shutil.which("py-spy")
    if spy is None:
        print("py-spy is not installed (it is in the dev extra: ./setup.sh test)", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        raw = Path(tmp) / "raw.txt"
        with seated_table(Path(tmp) / "data") as seated:
            assert seated.server.proc is not None
            recorder = subprocess.Popen(
                [spy, "record", "--pid", str(seated.server.proc.pid), "--format", "raw", "--gil",
                 "--nolineno", "--rate", str(args.rate), "--output", str(raw)],
                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            time.sleep(1.0)   # py-spy attaches
            started = time.perf_counter()
            latencies = play(seated.api, seated.table, seated.tokens, seated.streams, args.actions)
            took = time.perf_counter() - started
            recorder.send_signal(signal.SIGINT)
            _, errors = recorder.communicate(timeout=30)
        if latencies is None or not raw.exists():
            print(errors, file=sys.stderr)
            return 1
        text = raw.read_text()
        if args.raw is not None:
            args.raw.write_text(text)
    latencies.sort()
    print(f"{args.actions} picks with 9 streams in {took:.1f} s; round trip p50 "
          f"{latencies[len(latencies) // 2]:.1f} ms (while sampled: slower than the bench)")
    print(summary(parse(text), args.top))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
