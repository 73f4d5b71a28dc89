"""The host page's virtual hardware panel, in a real browser: what the host reads about a shot.

Debian's chromium, driven by Playwright. No socket at all: every request the page makes
is answered by the Flask test client of the real app (``page.route``), as the host.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

from companion.hardware_link import HardwareLink
from companion.service import Service
from hardware import Rig
from tests.conftest import CHROMIUM
from tests.hardware.conftest import FakeClock
from tests.hardware.test_link_races import BLUE_MOVE, RED_MOVE, during_the_window
from tests.waits import patience

ORIGIN = "http://companion.test"



@pytest.fixture
def host_page(service: Service, host_key: str, chromium: Any) -> Iterator[Any]:
    """The host page in chromium, every request served by the app's test client."""
    from web import create_app

    client = create_app(service).test_client()
    errors: list[str] = []

    def serve(route: Any) -> None:
        request = route.request
        path = request.url.removeprefix(ORIGIN)
        reply = client.open(path, method=request.method, data=request.post_data_buffer,
                            headers={"X-Host-Key": host_key,
                                     "Content-Type": request.headers.get("content-type", "")})
        try:
            body, status = reply.get_data(), reply.status_code
            headers = {k: v for k, v in reply.headers.items() if k.lower() != "content-length"}
        finally:
            reply.close()  # a static file's handle
        route.fulfill(status=status, body=body, headers=headers)

    page = chromium.new_page(viewport={"width": 1280, "height": 900})
    try:
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
        page.route(f"{ORIGIN}/**", serve)
        yield page
    finally:
        page.context.close()
    assert errors == []


@pytest.mark.browser
@pytest.mark.skipif(not os.access(CHROMIUM, os.X_OK), reason="Debian's chromium is not installed")
def test_a_superseded_beam_check_reads_as_superseded_not_as_a_verdict(
        service: Service, clean_rig: Rig, link: HardwareLink, clock: FakeClock,
        host_page: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Rulebook p.8: each player moves, then fires; a check judges only its own shot.

    Red's move is posted while Blue's shot fires: Blue's check agrees with Blue's own beam,
    but it no longer speaks for the board and the table was not told. The host must read
    that in words (not "agrees · ..." as if the board were confirmed); once Red fires, the
    panel shows Red's own verdict again.
    """
    table = service.create_table("laser-chess", 2, {"setup": "ace"}, seed=1)["table"]
    service.act(table, 0, BLUE_MOVE)
    assert link.wait_idle(patience(5))
    ran = during_the_window(monkeypatch, clean_rig, link, lambda: service.act(table, 1, RED_MOVE))
    clock.tick()
    clean_rig.press("seat0")
    assert link.wait_idle(patience(5)) and ran
    assert link.hardware_status()["last_beam_check"]["superseded"] is True

    host_page.goto(f"{ORIGIN}/host")
    line = host_page.locator("#beam-check", has_text="j8")  # Blue's check is on the panel
    line.wait_for()
    assert line.inner_text() == (
        "Last beam check: superseded by the next move or an undo, not told to the table "
        "(it found: agrees) · The beam left at j8 heading north, as the game says.")
    assert line.get_attribute("data-superseded") == "true"

    clock.tick()
    clean_rig.press("seat1")  # Red fires: a check that speaks for the board again
    assert link.wait_idle(patience(5))
    line = host_page.locator("#beam-check", has_text="a1")
    line.wait_for()  # the panel polls GET /api/hardware every second: Red's check is on it
    assert line.inner_text() == (
        "Last beam check: agrees · The beam left at a1 heading south, as the game says.")
    assert line.get_attribute("data-superseded") == "false"
