"""bench/soak.py runs, at its smallest, and prints its figures (issue 27). The times it prints are
not asserted here (a loaded machine changes them); what is lost is: nothing, even at this pace."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.waits import patience

ROOT = Path(__file__).resolve().parents[2]


def test_the_soak_bench_plays_an_evening_in_seconds_and_prints_its_figures() -> None:
    done = subprocess.run([sys.executable, "bench/soak.py", "--minutes", "0.1", "--crowd", "20"],
                          cwd=ROOT, capture_output=True, text=True, timeout=patience(180))
    assert done.returncode == 0, done.stdout + done.stderr
    out = done.stdout
    for figure in ("RSS", "before kill -9", "restarted", "crowd: ", "acknowledged plays lost:",
                   "RSS growth after the first game:", "play p50 / p99 outside the crowd burst:",
                   "(goal 0:", "(goal <= 10 MB:", "(goal p99 < 100 ms:"):
        assert figure in out, out
    figures = json.loads(out.strip().splitlines()[-1])
    assert figures["plays_acknowledged"] > 0
    assert figures["lost"] == 0, out
    assert figures["errors"] == [], out
    assert set(figures["p50_p99_ms_by_game"]) <= {"laser-chess", "fzzzt", "sharks-with-lasers", "jaws",
                                                  "loch-ness"}
