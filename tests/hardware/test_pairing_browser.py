"""Becoming the host by the button, in a real browser (Debian's chromium through Playwright).

The phone opens /host without the key: the page asks the companion and shows the prompt; a hold
of the (mock) host button shows its code, and a second hold, while the page says the code is
shown, turns the page into the host page by itself. No socket: every
request is answered by the Flask test client of the real app, cookies passed through as a
browser keeps them.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

from companion.hardware_link import HardwareLink, attach
from companion.pairing import Pairing
from companion.service import Service
from hardware import Rig
from tests.conftest import CHROMIUM, HOST_KEY
from tests.hardware.conftest import FakeClock
from tests.hardware.test_pairing import PROMPT, hold
from tests.waits import page_pause, until

ORIGIN = "http://companion.test"


@pytest.fixture
def phone_page(service: Service, chromium: Any) -> Iterator[tuple[Any, list[bytes]]]:
    """A phone's browser page, and every body the app sent it."""
    from web import create_app

    client = create_app(service).test_client(use_cookies=False)  # the browser keeps the cookies
    errors: list[str] = []
    bodies: list[bytes] = []

    def serve(route: Any) -> None:
        request = route.request
        headers = {k: v for k, v in request.headers.items() if k.lower() in ("cookie", "content-type")}
        reply = client.open(request.url.removeprefix(ORIGIN), method=request.method,
                            data=request.post_data_buffer, headers=headers)
        try:
            body = reply.get_data()
            out = {k: v for k, v in reply.headers.items()
                   if k.lower() not in ("content-length", "set-cookie")}
            cookies = reply.headers.getlist("Set-Cookie")
            if cookies:
                out["set-cookie"] = "\n".join(cookies)
            bodies.append(body)
            route.fulfill(status=reply.status_code, body=body, headers=out)
        finally:
            reply.close()

    page = chromium.new_page(viewport={"width": 412, "height": 860})
    try:
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.route(f"{ORIGIN}/**", serve)
        yield page, bodies
    finally:
        page.context.close()
    assert errors == []


@pytest.mark.browser
@pytest.mark.skipif(not os.access(CHROMIUM, os.X_OK), reason="Debian's chromium is not installed")
def test_a_phone_becomes_the_host_by_a_long_press_without_typing_anything(
        service: Service, clean_rig: Rig, clock: FakeClock, phone_page: tuple[Any, list[bytes]]) -> None:
    """/host without the key shows the prompt and asks, with no code; the host's hold shows the
    phone's code on the page, which says it is shown; the second hold makes it the host page."""
    page, bodies = phone_page
    service.pairing = Pairing(clock=clock)
    link: HardwareLink = attach(service, clean_rig)
    try:
        page.goto(f"{ORIGIN}/host")
        page.locator("#pair-state", has_text=PROMPT).wait_for()
        # the page's POST /api/host/pair has arrived
        assert until(service.pairing.waiting, 5.0, every=0.1, pause=page_pause(page))
        assert page.locator("#pair-code").is_hidden()                 # asking hands out no code
        hold(clean_rig, link, clock, 2.5)                              # shows this phone's code
        code = service.pairing.board()["shown"]
        assert code is not None
        page.locator("#pair-code-value", has_text=code).wait_for()   # this phone's code, in words
        page.locator("#pair-state", has_text=f"The companion shows your code {code} now").wait_for()
        hold(clean_rig, link, clock, 2.5)                              # the hold while it says so
        page.locator("#new-table").wait_for()  # the host page, reached by itself
        assert page.url == f"{ORIGIN}/host"
        assert all(HOST_KEY.encode() not in body for body in bodies)
    finally:
        link.close()
