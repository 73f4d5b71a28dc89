"""Offline forever: the companion needs nothing past the table, whatever the year.

- A scripted evening of all five games (tests/offline_checks.py: a real ``companion serve``, the
  JSON API, every page once per table) in a network namespace with loopback only
  (tools/offline.py): nothing past loopback answers there, and the evening is whole.
- The same evening, and a part of the suite, with the clock ten years ahead (libfaketime, apt's
  ``faketime``): tables, seat cookies and host sessions keep their times.
- A fresh install from a wheelhouse (``./setup.sh wheelhouse DIR``, made online once; ``./setup.sh
  test`` keeps one in the cache) with the network off: ``WHEELHOUSE=DIR ./setup.sh run`` builds a
  new virtual environment from it alone and serves.

``./setup.sh test`` runs the whole suite in such a namespace too (tools/offline.py); these tests
make their own, so they hold however the suite is run. Each is bounded in time.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from tools.offline import namespace_command

ROOT = Path(__file__).resolve().parents[1]
NAMESPACE = namespace_command()
needs_namespace = pytest.mark.skipif(NAMESPACE is None, reason="this machine gives no network namespace "
                                                               "(unshare -n or -rn is refused)")
needs_faketime = pytest.mark.skipif(shutil.which("faketime") is None, reason="libfaketime is not "
                                    "installed (apt's faketime; ./setup.sh test installs it)")
AHEAD = "+10y"
# The wall clock ten years ahead, as on a Pi whose clock was set wrong; its monotonic clock still
# counts from boot (libfaketime would shift that too, and every timed wait the kernel keeps, a
# Condition.wait(timeout), would then last ten years). tests/faketime_site mends time.sleep there.
SITE = ROOT / "tests" / "faketime_site"
AHEAD_ENV = {"FAKETIME_DONT_FAKE_MONOTONIC": "1",
             "PYTHONPATH": os.pathsep.join(filter(None, [str(SITE), os.environ.get("PYTHONPATH")]))}
CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "table-companion"
# The tests that run again ten years ahead, bounded: kill -9 at random points (the store; its WAL
# tests read no clock), host sessions and the key throttle, box profiles and boards kept with their
# times. (tests/companion/test_service.py and tests/web/test_api.py pass so too: too long for every run.)
AHEAD_TESTS = ["tests/companion/test_durability.py::test_sigkill_at_random_points_loses_no_accepted_play",
               "tests/web/test_host_devices.py",
               "tests/web/test_key_guesses.py", "tests/web/test_profiles.py", "tests/web/test_boards.py"]


def offline(*command: str) -> list[str]:
    return [sys.executable, "-m", "tools.offline", *command]


def check(prefix: list[str], *args: str, timeout: float = 300) -> dict[str, Any]:
    """``tests/offline_checks.py`` run after ``prefix`` (the namespace, the clock): what it told."""
    ahead = AHEAD_ENV if prefix[:1] == ["faketime"] else {}
    done = subprocess.run([*prefix, sys.executable, "-m", "tests.offline_checks", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=timeout, check=False,
                          env={**os.environ, **ahead, "GPIOZERO_PIN_FACTORY": "mock"})
    lines = done.stdout.strip().splitlines()
    assert lines, done.stdout + done.stderr
    told: dict[str, Any] = json.loads(lines[-1])
    assert done.returncode == 0 and told["errors"] == [], done.stdout + done.stderr
    return told


def the_evening_is_whole(told: dict[str, Any]) -> None:
    games = told["games"]
    assert set(games) == {"laser-chess", "fzzzt", "sharks-with-lasers", "jaws", "loch-ness"}
    assert all(game["plays"] >= 10 for game in games.values()), games
    assert told["pages"] == 9 * len(games)
    assert told["outside"] == []


@needs_namespace
@pytest.mark.slow
def test_a_scripted_evening_of_all_five_games_needs_nothing_past_loopback() -> None:
    told = check(offline(), "evening")
    the_evening_is_whole(told)


@needs_namespace
@needs_faketime
@pytest.mark.slow
def test_the_evening_holds_with_the_clock_ten_years_ahead() -> None:
    """The companion, its store and its cookies all read the clock: ten years ahead, a table's
    ``created`` is that clock's now and a seat cookie still lasts a month from it."""
    told = check(["faketime", "-f", AHEAD, *offline()], "evening")
    the_evening_is_whole(told)
    assert told["year"] >= time.gmtime().tm_year + 9
    for game in told["games"].values():
        assert abs(game["created_vs_now"]) < 120 and 29.9 <= game["cookie_days"] <= 30.1, game


@needs_faketime
@pytest.mark.slow
def test_the_store_host_sessions_and_kept_boards_pass_their_tests_ten_years_ahead() -> None:
    done = subprocess.run(["faketime", "-f", AHEAD, sys.executable, "-m", "pytest", "-q", "-p",
                           "no:cacheprovider", "-m", "not browser and not slow", *AHEAD_TESTS],
                          cwd=ROOT, capture_output=True, text=True, timeout=900, check=False,
                          env={**os.environ, **AHEAD_ENV, "GPIOZERO_PIN_FACTORY": "mock"})
    summary = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else done.stderr
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert re.search(r"\b(\d{2,}) passed\b", summary) and "skipped" not in summary, summary


def wheelhouse() -> Path:
    """The wheelhouse of this machine's requirements/run.txt: $COMPANION_WHEELHOUSE, else the one
    ``./setup.sh test`` keeps; skipped, saying how to make one, where it is missing or stale."""
    where = Path(os.environ.get("COMPANION_WHEELHOUSE") or CACHE / "wheelhouse")
    want = subprocess.run([sys.executable, "tools/lock.py", "here", "run"], cwd=ROOT, capture_output=True,
                          text=True, timeout=60, check=True).stdout
    held = where / "requirements-run.txt"
    if not held.is_file() or held.read_text(encoding="utf-8") != want:
        pytest.skip(f"no wheelhouse of this requirements/run.txt in {where}: ./setup.sh test makes one "
                    f"(online), or ./setup.sh wheelhouse {where} run")
    return where


@needs_namespace
@pytest.mark.slow
def test_a_fresh_install_from_a_wheelhouse_with_the_network_off(tmp_path: Path) -> None:
    """``WHEELHOUSE=DIR ./setup.sh run`` in a namespace with loopback only: a new virtual
    environment from the wheelhouse alone (pip asks no index, the machine's pip configuration
    left out), the lock's exact versions checked, and the companion serves its first page."""
    wheels = wheelhouse()
    told = check(offline(), "install", str(tmp_path / "venv"), str(wheels), str(tmp_path / "data"),
                 timeout=700)
    said = "\n".join(told["said"])
    assert told["page"] == 200, said
    assert "installing the companion and requirements/run.txt (hashes checked)" in said
    assert (tmp_path / "venv" / ".installed-run").is_file()
