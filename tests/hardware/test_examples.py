"""The recipes in docs/examples run as written (on mock pins here) and say what they did."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.waits import patience

ROOT = Path(__file__).resolve().parents[2]
EXPECTED = {
    "laser.py": "fired for 0.3 s",
    "button.py": "seat 1 pressed",
    "led.py": "blinking, steady, winner",
    "beam_sensor.py": "beam seen at j5, heading east",
    "beam_check.py": "check the token on j5",
    "setup_check.py": "Most likely the Deflector on j5 is missing.",
}


@pytest.mark.parametrize("recipe", sorted(EXPECTED))
def test_the_recipe_runs(recipe: str) -> None:
    done = subprocess.run([sys.executable, str(ROOT / "docs" / "examples" / recipe)], cwd=ROOT,
                          capture_output=True, text=True, timeout=patience(60), check=False)
    assert done.returncode == 0, done.stderr
    assert EXPECTED[recipe] in done.stdout


def test_every_recipe_is_tested() -> None:
    recipes = {p.name for p in (ROOT / "docs" / "examples").glob("*.py") if not p.name.startswith("_")}
    assert recipes == set(EXPECTED)
