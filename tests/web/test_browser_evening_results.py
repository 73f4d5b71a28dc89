"""The evening's results in a real browser: the page in German fits a 360-px phone and a 1280x720
TV without sideways scrolling, long names included; the finished table screen shows tonight's games
under its outcome, with the link to the page."""

from __future__ import annotations

from typing import Any

from tests.waits import patience_ms
from tests.web import test_browser as shared

pytestmark = shared.pytestmark
server, browser, no_script_errors = shared.server, shared.browser, shared.no_script_errors
phone, shot, watch = shared.phone, shared.shot, shared.watch

WIDE = "() => [document.scrollingElement.scrollWidth, document.documentElement.clientWidth]"


def evening(service: Any) -> str:
    """Two finished games and one the host ended, in German; long names. The last one's id."""
    tables = []
    for seed, names in ((1, ("Annemarie-Friederike", "Bo")), (2, ("Daan", "Femke van der Heijden-S"))):
        table = service.create_table("fake-guess", 2, {"rounds": 1}, seed=seed, lang="de")["table"]
        for seat, name in enumerate(names):
            service.claim_seat(table, seat, name)
        for seat, number in ((0, 2), (1, 3)):
            service.act(table, seat, {"type": "pick", "notation": f"pick{number}"})
        tables.append(table)
    cut = service.create_table("fake-guess", 3, {"rounds": 2}, seed=3, lang="de")["table"]
    service.end_table(cut)
    return str(tables[-1])


def test_the_evening_page_fits_a_phone_and_a_tv_in_german(server: str, browser: Any, service: Any) -> None:
    last = evening(service)
    for name, size in (("phone", {"width": 360, "height": 740}), ("tv", {"width": 1280, "height": 720})):
        page = watch(browser.new_context(viewport=size).new_page())
        page.goto(f"{server}/evening")
        assert page.locator("h1").inner_text() == "Die Ergebnisse des Abends"
        assert page.locator(".evening-game").count() == 3
        assert "Nicht zu Ende gespielt" in page.locator('.evening-game[data-state="unfinished"]').inner_text()
        wide, client = page.evaluate(WIDE)
        assert wide <= client, f"{name}: {wide} px wide in a {client} px window"
        shot(page, f"evening-results-{name}-de")
        page.context.close()

    tv = watch(browser.new_context(viewport={"width": 1280, "height": 720}).new_page())
    tv.goto(f"{server}/table/{last}")
    panel = tv.locator("#evening-panel")
    panel.wait_for(state="visible", timeout=patience_ms(12))
    tv.locator("#evening-lines li").nth(1).wait_for(timeout=patience_ms(5))
    lines = tv.locator("#evening-lines li").all_inner_texts()   # the others: this one's is above
    assert [line.split(": ")[1] for line in lines] == ["Vorbei", "Nicht zu Ende gespielt"]
    assert lines[0].endswith(" hat gewonnen.") and panel.is_visible()
    assert tv.locator("#evening-panel a").get_attribute("href") == "/evening"
    shot(tv, "evening-results-on-the-finished-table-screen")
    tv.context.close()
