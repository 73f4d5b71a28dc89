"""The host page in plain words (issue 15, point 6), on a 390-px phone: the running tables come
first; every option has a label a host understands, its default in words, its choices in words;
the expert fields (the seed, a card-value correction, a board written out) wait behind "Advanced";
a free seat the table waits for says it is still free; and "Next game with the same seats" asks
before it ends a game still being played."""

from __future__ import annotations

import re
from typing import Any

import engines
from tests.waits import page_pause, until
from tests.web import test_browser as shared

pytestmark = shared.pytestmark
server, browser, no_script_errors = shared.server, shared.browser, shared.no_script_errors
shot, watch = shared.shot, shared.watch


def test_the_host_page_says_everything_in_words_and_asks_before_ending_a_game(
        server: str, browser: Any, host_key: str, service: Any) -> None:
    ended = service.create_table("fake-guess", 2, {}, seed=1)["table"]
    service.end_table(ended)
    running = service.create_table("laser-chess", 2, {}, seed=1)["table"]
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2,
                              is_mobile=True, has_touch=True)
    host = watch(ctx.new_page())
    host.goto(f"{server}/host?key={host_key}")
    host.locator(f'#tables button[data-table="{running}"]').wait_for()
    # the running table first: above the whole form on a phone; ended ones folded away
    tables = host.locator("#tables-card").bounding_box()
    form = host.locator("#new-table").bounding_box()
    assert tables["y"] < form["y"]
    assert host.locator(f'#tables button[data-table="{ended}"]').count() == 0
    assert host.locator(f'#tables-ended button[data-table="{ended}"]').count() == 1
    assert host.locator("#ended-tables").get_attribute("open") is None

    for game in engines.GAMES.values():
        host.select_option("#game", game.id)
        shown = host.locator("#new-table").inner_text()
        for option in game.option_spec:
            row = host.locator(f'.option[data-name="{option.name}"]')
            assert row.locator(".option-label").text_content() == option.label, option.name
            if "_" in option.name:   # an identifier, raw or with spaces, is not a label
                assert option.name not in shown and option.name.replace("_", " ") not in shown.lower()
            for choice in option.choices:
                words = option.choice_labels[choice]
                assert row.locator(f'option[value="{choice}"]').text_content().startswith(words)
            if option.advanced:   # behind "Advanced", closed
                assert row.locator("xpath=ancestor::details[@id='advanced']").count() == 1
                assert not row.is_visible()
            if option.default == "":
                assert row.locator(".default-mark").text_content() == "default: none"
        assert not re.search(r"\b\w+_\w+\b", host.locator("#options").inner_text()), game.id
    assert not host.locator("#seed").is_visible()          # the seed, too, waits behind "Advanced"
    host.locator("#advanced summary").tap()
    host.locator("#seed").wait_for(state="visible")
    host.select_option("#game", "fzzzt")
    host.locator('.option[data-name="card_overrides"]').wait_for(state="visible")
    assert host.evaluate("document.scrollingElement.scrollWidth") <= 390   # no sideways scrolling
    shot(host, "host-phone-options")

    # the running table: nobody sits yet, and the page says the seats are still free
    host.locator(f'#tables button[data-table="{running}"]').tap()
    status = host.locator("#manage-status")
    status.wait_for()
    assert "Player 1 (seat still free)" in status.inner_text()
    assert "scan the code, or for you to seat a bot" in status.inner_text()
    # "Next game with the same seats" on a running game asks first; Cancel changes nothing
    host.locator("#next-game").scroll_into_view_if_needed()
    shot(host, "host-phone-manage")
    host.locator("#next-game").tap()
    host.locator("#sheet").wait_for(state="visible")
    assert "ends" in host.locator("#sheet-detail").inner_text()
    host.locator("#sheet-cancel").tap()
    assert service.public(running)["ended"] is False and service.public(running)["next_table"] is None
    host.locator("#next-game").tap()
    host.locator("#sheet-ok").tap()
    until(lambda: service.public(running)["next_table"], 5.0, every=0.1, pause=page_pause(host))
    assert service.public(running)["ended"] is True
    ctx.close()


def test_the_host_page_enters_the_real_card_the_computer_turned(server: str, browser: Any,
                                                               host_key: str, service: Any) -> None:
    """Issue 15, point 10: with the real cards the computer cannot see which conveyor card it
    turned; the host page asks in words and enters it for it."""
    from engines import TABLE

    table = service.create_table("fzzzt", 3, {"chance": "physical"}, seed=3)["table"]
    service.act(table, TABLE, {"type": "mechanics", "numbers": [2, 1, 3]})   # seat 1 is chief
    service.seat_bot(table, 1)
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    host = watch(ctx.new_page())
    host.goto(f"{server}/host?key={host_key}")
    host.locator(f'#tables button[data-table="{table}"]').tap()
    request = host.locator('#chance .request[data-request-seat="1"]')
    request.wait_for()
    assert request.locator("h3").inner_text() == "Enter the conveyor card Computer 2 turned over."
    shot(host, "host-phone-enters-for-the-computer")
    offered = service.seat_view(table, TABLE)["requests"][0]["legal_actions"]
    index, card = next((i, a) for i, a in enumerate(offered) if a["card"].startswith("R5"))
    assert len(offered) > 12     # every kind of card still in the deck: one list, then Enter
    request.locator("select").select_option(str(index))
    request.locator("button", has_text="Enter").tap()
    host.locator("#sheet-ok").tap()
    request.wait_for(state="detached")
    assert [c["id"] for c in service.public(table)["view"]["conveyor"]["open"]] == [card["card"]]
    ctx.close()
