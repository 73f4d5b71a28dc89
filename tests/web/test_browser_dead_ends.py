"""No dead ends on a phone (issue 15, point 5): every state a phone can land in says in words what
it is and what to do. A full table (who sits where, that the host can free a seat, and the seat
comes up by itself once freed); an ended table (its result, and the next game when the host set
one up); a seat the host freed; a companion that cannot be reached (and it tries again)."""

from __future__ import annotations

from typing import Any

from tests.web import test_browser as shared

pytestmark = shared.pytestmark
server, browser, no_script_errors = shared.server, shared.browser, shared.no_script_errors
phone, shot, watch = shared.phone, shared.shot, shared.watch


def pick(number: int) -> dict[str, str]:
    return {"type": "pick", "notation": f"pick{number}"}


def test_a_full_table_says_who_sits_there_and_a_freed_seat_comes_up_by_itself(
        server: str, browser: Any, service: Any) -> None:
    table = service.create_table("fake-guess", 2, {}, seed=7)["table"]
    service.claim_seat(table, 0, "Anna")
    service.claim_seat(table, 1, "Bo")
    page = phone(browser)
    page.goto(f"{server}/play/{table}")
    dead = page.locator("#dead-end")
    dead.wait_for(state="visible")
    assert page.locator("#dead-title").inner_text() == "Every seat at this table is taken."
    said = page.locator("#dead-say").inner_text()
    assert "Sitting: Anna, Bo." in said and "ask the host to free that seat" in said
    assert page.locator("#claim").is_hidden()
    assert page.locator(f'#dead-links a[href="/table/{table}"]').inner_text() == "Watch the table screen"
    shot(page, "phone-table-full")
    service.free_seat(table, 1)               # the host frees Bo's seat: it comes up by itself
    page.locator('#seat-buttons button[data-seat="1"]:not([disabled])').wait_for()
    assert dead.is_hidden()
    page.context.close()


def test_an_ended_table_shows_its_result_and_the_way_to_the_next_game(server: str, browser: Any,
                                                                     service: Any) -> None:
    table = service.create_table("fake-guess", 2, {"rounds": 1}, seed=7)["table"]
    for seat, number in ((0, 2), (1, 3)):
        service.claim_seat(table, seat, ["Anna", "Bo"][seat])
        service.act(table, seat, pick(number))
    assert service.public(table)["outcome"] is not None
    nxt = service.next_game(table)["table"]
    page = phone(browser)
    page.goto(f"{server}/play/{table}")         # an old link: not a seat of this phone
    page.locator("#dead-end").wait_for(state="visible")
    assert page.locator("#dead-title").inner_text() == "This table has ended."
    said = page.locator("#dead-say").inner_text()
    assert "Winner: " in said and "The host has set up the next game." in said
    link = page.locator(f'#dead-links a[href="/play/{nxt}"]')
    assert link.inner_text() == "Join the next game"
    shot(page, "phone-table-ended")
    link.tap()
    page.locator("#dead-title", has_text="Every seat at this table is taken.").wait_for()  # same seats
    # a table the host simply ended: it says so, and where the tables are
    other = service.create_table("fake-guess", 2, {}, seed=8)["table"]
    service.end_table(other)
    page.goto(f"{server}/play/{other}")
    page.locator("#dead-title", has_text="This table has ended.").wait_for()
    assert "It ended before anyone won." in page.locator("#dead-say").inner_text()
    assert page.locator('#dead-links a[href="/"]').inner_text() == "See the tables"
    page.context.close()


def test_a_freed_seat_says_so_above_the_seats_still_free(server: str, browser: Any, service: Any) -> None:
    table = service.create_table("fake-guess", 2, {}, seed=7)["table"]
    page = phone(browser)
    page.goto(f"{server}/play/{table}")
    page.locator('#seat-buttons button[data-seat="0"]').tap()
    page.locator("#seat").wait_for(state="visible")
    service.free_seat(table, 0)
    page.locator("#claim").wait_for(state="visible")
    assert page.locator("#refusal").inner_text() == "The host freed this seat."
    assert not page.locator('#seat-buttons button[data-seat="0"]').is_disabled()
    page.context.close()


def test_a_companion_that_cannot_be_reached_says_so_and_tries_again(server: str, browser: Any,
                                                                    service: Any) -> None:
    table = service.create_table("fake-guess", 2, {}, seed=7)["table"]
    page = phone(browser)
    cut = {"on": True}

    def maybe(route: Any) -> None:
        if cut["on"]:
            route.abort()
        else:
            route.continue_()

    page.route("**/api/**", maybe)           # the Wi-Fi dropped just as the page came
    page.goto(f"{server}/play/{table}")
    page.locator("#dead-title", has_text="The companion cannot be reached.").wait_for()
    said = page.locator("#dead-say").inner_text()
    assert "on the table's Wi-Fi" in said and "tries again by itself" in said
    shot(page, "phone-unreachable")
    cut["on"] = False                        # back: the page finds the table without a tap
    page.locator("#claim").wait_for(state="visible")
    assert page.locator("#dead-end").is_hidden()
    page.context.close()
