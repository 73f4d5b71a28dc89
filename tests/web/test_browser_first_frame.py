"""A phone that holds a seat shows its seat in its first frame (issue 41, a slow phone's first
second): nothing of the page is painted before the seat is drawn, so a slow phone lays its page out
once, with the seat, instead of an empty page first and the seat after it (docs/web.md, "A slow
phone's first second", the third pass)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web import test_browser as shared

pytestmark = shared.pytestmark
server, browser, no_script_errors = shared.server, shared.browser, shared.no_script_errors
phone = shared.phone

GAMES = [("laser-chess", 2), ("fzzzt", 2), ("sharks-with-lasers", 3), ("jaws", 3), ("loch-ness", 3)]

# When the page painted first, and when its seat was first drawn (phone.js marks it).
PAINTS = """() => {
  const seat = performance.getEntriesByName('tc-seat-drawn')[0];
  const paint = performance.getEntriesByType('paint').map((e) => e.startTime);
  return {seat: seat ? seat.startTime : null, first: paint.length ? Math.min(...paint) : null};
}"""


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_a_phone_that_holds_a_seat_paints_nothing_before_its_seat(server: str, browser: Any, service: Any,
                                                                   game: str, players: int) -> None:
    table = service.create_table(game, players, {}, seed=5)["table"]
    service.set_auto(table, False)
    page = phone(browser)
    shared.sit(page, server, table, 0, "Anna")
    page.reload()   # the phone comes again: its page brings its seat's payload
    page.locator("#seat[data-version]").wait_for(state="visible")
    page.wait_for_function("() => performance.getEntriesByType('paint').length > 0")
    painted = page.evaluate(PAINTS)
    assert painted["seat"] is not None, "the seat was not drawn from the page's own payload"
    # the first thing painted is the page with its seat: no frame of the page without it
    assert painted["first"] >= painted["seat"], painted
    assert page.locator("#board *, #controls *").count() > 0
    page.context.close()
