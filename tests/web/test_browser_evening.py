"""An evening of games in a real browser (issue 23): three games in a row on one TV bookmarked on
``/table/current``; a phone that held a seat comes back to it by the new QR code; the phones' list
of tables says each table's state; every banner wraps within a 360-px phone in Dutch."""

from __future__ import annotations

from typing import Any

from tests.waits import patience_ms
from tests.web import test_browser as shared

pytestmark = shared.pytestmark
server, browser, no_script_errors = shared.server, shared.browser, shared.no_script_errors
phone, shot, watch = shared.phone, shared.shot, shared.watch

WIDE = "() => [document.scrollingElement.scrollWidth, document.documentElement.clientWidth]"


def pick(number: int) -> dict[str, str]:
    return {"type": "pick", "notation": f"pick{number}"}


def finish(service: Any, table: str) -> None:
    """Both seats pick: a one-round game is over."""
    for seat, number in ((0, 2), (1, 3)):
        service.act(table, seat, pick(number))
    assert service.public(table)["outcome"] is not None


def on_screen(tv: Any, table: str) -> None:
    """The TV, still on /table/current, shows ``table`` (its join code is that table's)."""
    tv.locator(f'#join-qr[src="/qr/join/{table}.svg"]').wait_for(timeout=patience_ms(12))
    assert tv.url.endswith("/table/current")


def test_an_evening_of_three_games_on_one_table_screen(server: str, browser: Any, service: Any) -> None:
    first = service.create_table("fake-guess", 2, {"rounds": 1}, seed=7)["table"]
    tv_ctx = browser.new_context(viewport={"width": 1280, "height": 720})
    tv = watch(tv_ctx.new_page())
    tv.goto(f"{server}/table/current")
    on_screen(tv, first)

    # Anna's phone takes a seat, then is put away (closed) while the game is played
    anna = phone(browser)
    anna.goto(f"{server}/play/{first}")
    anna.fill("#name", "Anna")
    anna.locator('#seat-buttons button[data-seat="0"]').tap()
    anna.locator("#seat").wait_for(state="visible")
    context = anna.context
    anna.close()
    service.claim_seat(first, 1, "Bo")
    finish(service, first)

    # game 2: "Next game with the same seats"; the TV follows on its own
    second = service.next_game(first)["table"]
    on_screen(tv, second)
    # Anna's phone comes back by the new table's QR code (its own address, no ?from=): her seat
    anna = watch(context.new_page())
    anna.goto(f"{server}/play/{second}")
    anna.locator("#seat").wait_for(state="visible")
    assert "Anna" in anna.locator("#who").inner_text()
    assert anna.locator("#dead-end").is_hidden() and anna.locator("#claim").is_hidden()
    shot(anna, "evening-phone-back-in-its-seat")
    finish(service, second)

    # game 3 from the host form (a new table, not the next game): the TV follows it too
    third = service.create_table("fake-guess", 2, {"rounds": 1}, seed=9)["table"]
    on_screen(tv, third)
    shot(tv, "evening-tv-third-game")
    context.close()
    tv_ctx.close()


def test_the_list_of_tables_says_each_tables_state_newest_first(server: str, browser: Any,
                                                                 service: Any) -> None:
    waiting = service.create_table("fake-guess", 2, {"rounds": 1}, seed=1)["table"]
    service.claim_seat(waiting, 0, "Anna")
    won = service.create_table("fake-guess", 2, {"rounds": 1}, seed=2)["table"]
    service.claim_seat(won, 0, "Anna")
    service.claim_seat(won, 1, "Bo")
    finish(service, won)
    winner = service.public(won)["outcome"]["winners"][0]
    playing = service.create_table("fake-guess", 2, {"rounds": 1}, seed=3)["table"]
    service.claim_seat(playing, 0, "Cas")
    service.claim_seat(playing, 1, "Dirk")
    service.act(playing, 0, pick(1))
    page = phone(browser)
    page.goto(server + "/")
    page.locator(f'#tables li[data-table="{playing}"]').wait_for()
    open_lines = page.locator("#tables li")
    listed = [open_lines.nth(i).get_attribute("data-table") for i in range(open_lines.count())]
    assert listed == [playing, waiting]                     # the newest first
    state = page.locator(f'#tables li[data-table="{playing}"] .table-state')
    assert state.inner_text() == "Playing: Dirk to play."
    assert page.locator(f'#tables li[data-table="{waiting}"] .table-state').inner_text() == \
        "Waiting for players: 1 seat free."
    finished = page.locator(f'#finished li[data-table="{won}"] .table-state')
    assert finished.inner_text() == f"Finished: {['Anna', 'Bo'][winner]} won."
    assert page.locator("#finished-box h2").inner_text() == "Finished tables"
    shot(page, "evening-list-of-tables")
    page.context.close()


def test_every_banner_wraps_within_a_360px_phone_in_dutch(server: str, browser: Any, service: Any) -> None:
    table = service.create_table("fake-guess", 2, {}, seed=7)["table"]
    context = browser.new_context(viewport={"width": 360, "height": 740}, device_scale_factor=2,
                                  is_mobile=True, has_touch=True, locale="nl-NL")
    page = watch(context.new_page())
    page.route("**/stream*", lambda route: route.abort())   # the stream is down: the page polls
    page.goto(f"{server}/play/{table}")
    page.locator('#seat-buttons button[data-seat="0"]').tap()
    page.locator("#seat").wait_for(state="visible")
    page.locator("#conn.polling").wait_for()
    assert page.locator("#conn").inner_text() == "○ Verbinding verbroken: opnieuw proberen…"
    assert page.evaluate(WIDE) == [360, 360]
    # a refusal (the longest sentence a phone shows as a banner) wraps too
    page.evaluate("() => window.TC.showRefusal('" + "Verbindingsonderbreking " * 12 + "')")
    assert page.evaluate(WIDE) == [360, 360]
    box = page.locator("#refusal").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360
    shot(page, "evening-banner-360-nl")
    context.close()
