"""Fixtures shared by every test directory (web/ builds its ``app``/``client`` on ``service``).

- ``fake_game``: registers the hidden-information test game (tests/fakegame.py) into
  ``engines.GAMES`` for one test only.
- ``service``: a real :class:`companion.service.Service` on a temporary data directory,
  with the fake game registered and no hardware; closed after the test.
- ``chromium``: one Debian chromium (through Playwright) for the whole run; the browser tests
  (marked ``browser``) run last, after every other test, so Playwright's event loop is never
  open while another test runs. Each test opens its own contexts and closes them; each context
  and page it opens waits ``patience(BROWSER_WAIT)`` for anything by default (tests/waits.py).
  A browser test that fails leaves a screenshot of each of its pages in test-artifacts/.

The waits' factor is measured once, before the first test (tests/waits.py), and printed in the
header.
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import engines
from companion.service import Service
from tests import fakegame, waits

HOST_KEY = "test-host-key"
# The browser tests' chromium: Debian's chromium-headless-shell, the build Playwright itself runs
# headless tests in: the same Blink and V8 as /usr/bin/chromium, without the full browser's window
# and compositor (about a third of the CPU per page, and the suite is CPU-bound on two cores).
# TC_CHROMIUM names another (TC_CHROMIUM=/usr/bin/chromium: the whole browser); the full browser
# when the shell is missing.
HEADLESS_SHELL = "/usr/bin/chromium-headless-shell"
CHROMIUM = os.environ.get("TC_CHROMIUM") or (HEADLESS_SHELL if os.access(HEADLESS_SHELL, os.X_OK)
                                             else "/usr/bin/chromium")
BROWSER_WAIT = 8.0   # seconds a page gets, on a quiet machine, for each thing a test waits for
ARTIFACTS = Path(__file__).resolve().parents[1] / "test-artifacts"

# The command line speaks the terminal's language (companion.terminal): the tests read English
# unless one asks for another, whatever the developer's own terminal speaks.
for _key in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
    os.environ.pop(_key, None)
os.environ["LANG"] = "C.UTF-8"


@pytest.fixture
def fake_game(monkeypatch: pytest.MonkeyPatch) -> fakegame.GuessGame:
    monkeypatch.setitem(engines.GAMES, fakegame.GAME.id, fakegame.GAME)
    return fakegame.GAME


@pytest.fixture
def host_key() -> str:
    return HOST_KEY


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return tmp_path / "data"


@pytest.fixture
def service(fake_game: fakegame.GuessGame, data_dir: Path) -> Iterator[Service]:
    # the computer thinks fast and Auto tells at 0.4 of a table's pace (the tests assert
    # what comes, in which order, never in how many seconds)
    svc = Service(data_dir, HOST_KEY, think_seconds=0.05, reading_pace=0.4)
    try:
        yield svc
    finally:
        svc.close()


def pytest_configure(config: pytest.Config) -> None:
    # once, before any test loads the machine; the run's subprocesses (a bench) wait alike
    os.environ.setdefault(waits.VARIABLE, f"{waits.measure():.2f}")


def pytest_report_header(config: pytest.Config) -> str:
    return waits.described()


OFFLINE = os.environ.get("COMPANION_OFFLINE") == "1"   # in tools/offline.py's namespace: loopback only
NETWORK_PART = os.environ.get("COMPANION_TESTS") == "network"   # setup.sh's part that may reach out


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The browser tests last, so they share one chromium (``chromium``) and nothing else runs
    while Playwright's loop is open (asyncio.run would refuse to start).

    ``./setup.sh test`` runs the suite in two parts: the tests marked ``network`` (they fetch the
    Pi's wheels and a Debian root) with the network, then every other test offline; a test marked
    ``network`` skips offline, saying why."""
    if NETWORK_PART:
        config.hook.pytest_deselected(items=[i for i in items if not i.get_closest_marker("network")])
        items[:] = [i for i in items if i.get_closest_marker("network")]
    elif OFFLINE:
        for item in items:
            if item.get_closest_marker("network"):
                item.add_marker(pytest.mark.skip(reason="needs the network: ./setup.sh test runs it "
                                                        "before the offline part"))
    # and, within each part, the files holding a test marked ``slow`` first, browser files or not
    # (the axe pass over every page in every language is two minutes alone, the table screen's and
    # the phones' whole-game walks more than one each: started last, the other worker sat idle
    # through them), then the files with the most tests: the workers of ``-n 2 --dist loadfile``
    # take a whole file each, so the long ones start early and the run ends on short ones
    def file_of(item: pytest.Item) -> str:
        return item.nodeid.split("::")[0]

    count: dict[str, int] = {}
    slow: set[str] = set()
    for item in items:
        count[file_of(item)] = count.get(file_of(item), 0) + 1
        if item.get_closest_marker("slow"):
            slow.add(file_of(item))
    items.sort(key=lambda item: (file_of(item) not in slow, item.get_closest_marker("browser") is not None,
                                 -count[file_of(item)], file_of(item)))


class PatientBrowser:
    """The run's chromium, whose every new context and page waits ``patience(BROWSER_WAIT)`` for
    a locator, a navigation or a URL unless a test says otherwise; the rest is Playwright's."""

    def __init__(self, browser: Any) -> None:
        self._browser = browser

    def new_context(self, **options: Any) -> Any:
        context = self._browser.new_context(**options)
        context.set_default_timeout(waits.patience_ms(BROWSER_WAIT))
        return context

    def new_page(self, **options: Any) -> Any:
        page = self._browser.new_page(**options)
        page.set_default_timeout(waits.patience_ms(BROWSER_WAIT))
        return page

    def __getattr__(self, name: str) -> Any:
        return getattr(self._browser, name)


_RUNNING: list[Any] = []   # the run's chromium once launched: a failed test's pages are shot from it


@pytest.fixture(scope="session")
def chromium() -> Iterator[Any]:
    """Debian's chromium, launched once for the run (each launch costs about a second)."""
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, timeout=waits.patience_ms(30), args=[
            "--no-sandbox", "--disable-gpu", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--no-first-run"])
        _RUNNING.append(browser)
        try:
            yield PatientBrowser(browser)
        finally:
            _RUNNING.clear()
            browser.close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """A browser test that failed leaves a screenshot of every page it had open in test-artifacts/
    (<test>-<page>.png), as they were when it failed. (The pictures a test names, ``shot`` in
    tests/web/test_browser.py, are taken only with TEST_SHOTS=1: each costs the run a page's PNG.)"""
    outcome = yield
    report = outcome.get_result()   # type: ignore[attr-defined]
    if report.when != "call" or not report.failed or not _RUNNING:
        return
    ARTIFACTS.mkdir(exist_ok=True)
    name = re.sub(r"[^A-Za-z0-9_.-]+", "-", item.name)
    pages = [page for context in _RUNNING[0].contexts for page in context.pages]
    for number, page in enumerate(pages):
        with contextlib.suppress(Exception):   # a page already closed or crashed: the others still
            page.screenshot(path=str(ARTIFACTS / f"failed-{name}-{number}.png"), full_page=True,
                            timeout=waits.patience_ms(5))
