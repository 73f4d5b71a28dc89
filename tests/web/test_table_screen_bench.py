"""bench/table_screen.py runs, at its smallest, and prints its figures: a few steps of a Fzzzt!
game told on a table screen, compared with the screen's scripts served from a checkout (this one:
the comparison's path, not its figure). The times it prints are not asserted (a loaded machine
changes them); what is asserted is that it tells the steps it was asked for and says each figure."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.waits import patience
from tests.web import test_browser as shared

pytestmark = shared.pytestmark
ROOT = Path(__file__).resolve().parents[2]


def test_the_table_screen_bench_tells_steps_and_prints_the_fittings_time() -> None:
    done = subprocess.run([sys.executable, "bench/table_screen.py", "--game", "fzzzt", "--steps", "6",
                           "--static", str(ROOT)], cwd=ROOT, capture_output=True, text=True,
                          timeout=patience(120))
    assert done.returncode == 0, done.stdout + done.stderr
    header, line = done.stdout.strip().splitlines()[-2:]
    assert "fitting ms a step" in header and "--static" in header, done.stdout
    game, steps, median, _, worst, fitting, before, _, ratio = line.split()
    assert (game, steps) == ("fzzzt", "6"), line
    assert 0 < float(median) <= float(worst) and float(fitting) > 0 and float(before) > 0, line
    assert float(ratio) > 0, line
