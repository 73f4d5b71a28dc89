"""The host page's virtual hardware panel in German and in Dutch, on a 390-px phone, in a real
browser: every word on it (device kinds, states, faults, the display's caption and what the display
says, the beam check, the buttons) in the host's language, and nothing sticking out.

Driven as tests/hardware/test_host_panel.py drives it: chromium, every request answered by the
Flask test client of the real app, as the host; the example rig on mock pins, with a Laser Chess
table in the host's language, one shot fired and a sensor stuck lit.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from typing import Any

import pytest

from companion.hardware_link import HardwareLink
from companion.service import Service
from engines.text import translate
from hardware import Rig
from tests.conftest import CHROMIUM
from tests.hardware.conftest import FakeClock
from tests.hardware.test_host_panel import ORIGIN
from tests.hardware.test_link_races import BLUE_MOVE
from tests.waits import patience
from tests.web.test_browser import shot
from tests.web.test_browser_languages import OVERFLOWS, vocabulary
from tests.web.test_real_languages import english_words

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not os.access(CHROMIUM, os.X_OK), reason="Debian's chromium is not installed"),
]

# What the panel shows as the config writes it: a device's name quoted in its default label
# ("Taste „next“"), the display's driver; everything else is a word for the host.
AS_WRITTEN = re.compile(r"[‘„][^’“]*[’“]|(?i:\b(?:ssd|sh)1\d{3}\b)")


@pytest.fixture(params=["de", "nl"])
def lang(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def phone_host_page(service: Service, host_key: str, lang: str, chromium: Any) -> Iterator[Any]:
    """The host page on a 390-px phone whose browser asks for ``lang``, served by the test client."""
    from web import create_app

    client = create_app(service).test_client()
    errors: list[str] = []

    def serve(route: Any) -> None:
        request = route.request
        reply = client.open(request.url.removeprefix(ORIGIN), method=request.method,
                            data=request.post_data_buffer,
                            headers={"X-Host-Key": host_key,
                                     "Accept-Language": request.headers.get("accept-language", ""),
                                     "Content-Type": request.headers.get("content-type", "")})
        try:
            body, status = reply.get_data(), reply.status_code
            headers = {k: v for k, v in reply.headers.items() if k.lower() != "content-length"}
        finally:
            reply.close()
        route.fulfill(status=status, body=body, headers=headers)

    context = chromium.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2,
                                   is_mobile=True, has_touch=True,
                                   locale={"de": "de-DE", "nl": "nl-NL"}[lang])
    try:
        page = context.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
        page.route(f"{ORIGIN}/**", serve)
        yield page
    finally:
        context.close()
    assert errors == []


def test_the_hardware_panel_speaks_the_hosts_language_and_fits_a_phone(
        service: Service, clean_rig: Rig, link: HardwareLink, clock: FakeClock, lang: str,
        phone_host_page: Any) -> None:
    """A German or Dutch host reads the whole panel in their language: each device's kind, state
    and default label ("Taste von Platz 1"), a sensor's exit and fault, the fault choices, the
    buttons (Press, Hold 2 s, Inject), the status display's caption and what the display says (the
    table's language), the beam check; at 390 px nothing runs out of its box."""
    table = service.create_table("laser-chess", 2, {"setup": "ace"}, seed=1, lang=lang)["table"]
    service.act(table, 0, BLUE_MOVE)
    assert link.wait_idle(patience(5))
    clock.tick()
    clean_rig.press("seat0")            # Blue fires: the panel shows the beam check
    assert link.wait_idle(patience(5))
    clean_rig.inject_fault("j5e", "stuck-lit")

    page = phone_host_page
    page.goto(f"{ORIGIN}/host")
    panel = page.locator("#hardware")
    page.locator('#devices [data-device="j5e"]', has_text=translate("stuck lit", lang)).wait_for()
    page.locator("#beam-check", has_text="j8").wait_for()
    page.locator("#display-caption", has_text=translate("Status display", lang)).wait_for()
    assert page.evaluate("document.documentElement.lang") == lang

    text = panel.inner_text()
    say = {msgid: translate(msgid, lang) for msgid in (
        "Seat {number} button", "Press", "Inject", "sensor", "button", "led", "laser", "Released", "Fault")}
    assert translate("Seat {number} button", lang, number=1) in text
    assert translate("Hold {seconds} s", lang, seconds=2) in text
    for msgid in ("Press", "Inject", "Released", "Fault"):
        assert say[msgid] in text, msgid
    sensor = page.locator('#devices [data-device="j5e"]').inner_text()
    east = translate("east", lang)
    assert translate("watches {square} {direction}", lang, square="j5", direction=east) in sensor
    options = page.locator('#devices [data-device="j5e"] select option').all_inner_texts()
    assert options == [translate(m, lang) for m in ("none", "stuck lit", "stuck dark")]
    # what the status display says is in the table's language too (the shot's verdict, for a while)
    caption = page.locator("#display-caption").inner_text()
    assert any(translate(m, lang) in caption for m in ("Beam check", "Waiting:")), caption

    shot(page, f"lang-{lang}-hardware-panel")
    left = sorted(set(english_words(AS_WRITTEN.sub(" ", text), lang, vocabulary())))
    assert left == [], left
    assert page.evaluate(OVERFLOWS) == []
