"""Issue 23.3 in a real browser: while the 1280x720 table screen tells a Sharks with Lasers round,
the phone whose turn opens the next round plays its first card face down at once. The play is
sealed (companion/sealing.py): the phone says so and shows its hand without the card, while the
table screen and the other phones show nothing of it, not even a new version, until the table has
told the round; then it is played and every phone sees the card face down on its target.
"""

from __future__ import annotations

import random
from typing import Any

import engines
from tests.companion.test_story import play_to_the_resolution, tell_all
from tests.waits import page_pause, patience_ms, until
from tests.web import test_browser as shared

pytestmark = shared.pytestmark
server, browser, no_script_errors = shared.server, shared.browser, shared.no_script_errors
phone, shot, watch, confirm = shared.phone, shared.shot, shared.watch, shared.confirm

NAMES = ["Ann", "Bas", "Cor"]


def lines(page: Any) -> list[tuple[str, str]]:
    """The page's list of events: each line's identity and words."""
    found: list[tuple[str, str]] = [tuple(x) for x in page.locator("#events li").evaluate_all(
        "(items) => items.map((li) => [li.dataset.id || '', li.textContent])")]
    return found


def versions(pages: list[Any]) -> list[str | None]:
    return [p.locator("#seat").get_attribute("data-version") for p in pages]


def test_a_phone_plans_its_first_card_while_the_table_tells_the_round(server: str, browser: Any,
                                                                        service: Any) -> None:
    table = service.create_table("sharks-with-lasers", 3, {}, seed=5)["table"]
    service.set_auto(table, False)   # the test steps with Next
    phones = [phone(browser) for _ in range(3)]
    for seat, page in enumerate(phones):
        shared.sit(page, server, table, seat, NAMES[seat])
    seat, resolving = play_to_the_resolution(service, table, random.Random(1))
    tell_all(service, table)
    tv_ctx = browser.new_context(viewport={"width": 1280, "height": 720})
    tv = watch(tv_ctx.new_page())
    tv.goto(f"{server}/table/{table}")
    tv.locator("#board svg.swl-board").wait_for(state="visible")
    service.act(table, seat, resolving)              # the round is resolved: the table tells it
    shown = service.public(table)["story"]["shown"]   # the round's first stop (not the last one told before)
    count = f"{shown['stop'] + 1} of {shown['stops']}"
    tv.locator("#resolution .resolution-count", has_text=count).wait_for()
    assert tv.locator("#resolution .resolution-count").inner_text() == count

    state = service.state_of(table)
    first = state.awaiting[0]
    sealed = engines.get("sharks-with-lasers").pacing.sealed
    card = next(a for a in state.legal_actions(first) if a["type"] in sealed and a["type"] != "pass")
    eager = phones[first]
    others = [p for s, p in enumerate(phones) if s != first]
    eager.locator("#telling", has_text="You may play now: your play stays sealed").wait_for()
    eager.locator("#status", has_text="Your turn.").wait_for()
    cards = eager.locator(".swl-card").count()
    for page in others:
        page.locator("#telling", has_text="The table is showing round 1: 1 of").wait_for()
        page.locator(".swl-following").wait_for()                       # their boards follow the table
    # the planning phone plans on the board after the round (its own): not the table's first step
    assert eager.locator(".swl-following").count() == 0
    assert eager.locator(".swl-replay-say").inner_text().startswith("Last round:")
    seen = versions(others)
    public = service.public(table)["version"]
    listed = [lines(page) for page in [*others, tv]]
    shot(eager, "sealed-phone-may-play")

    eager.locator(f'.swl-card[data-card="{card["card"]}"]').first.tap()
    eager.locator(f'.swl-target[data-target="{card.get("shark") or "agent"}"]').tap()
    confirm(eager)
    eager.locator("#telling", has_text="Your play is sealed: nobody sees it").wait_for()
    assert eager.locator("#refusal").inner_text().strip() == ""
    assert eager.locator(".swl-card").count() == cards - 1            # the card left its hand
    shot(eager, "sealed-phone-sealed")
    tv.wait_for_timeout(patience_ms(0.6))   # time for anything pushed to arrive (nothing may)
    assert service.public(table)["version"] == public
    assert versions(others) == seen
    assert tv.locator("#resolution .resolution-count").inner_text() == count
    assert [lines(page) for page in [*others, tv]] == listed       # not a line more anywhere

    # The table tells the round with Next; then the card is played, and everyone is told.
    def told() -> bool:
        if not service.public(table)["story"]["hold"]:
            return True
        tv.locator("#next").click()
        return False

    assert until(told, 10.0, every=0.06, pause=page_pause(tv)), "the table never told the round"
    name = NAMES[first]
    for page, before in zip([*others, tv], listed, strict=True):
        def new(page: Any = page, before: Any = before) -> list[Any]:
            return [line for line in lines(page) if line not in before]

        assert until(lambda: any(f"{name} plays a card face down" in text for _, text in new()), 5.0,
                     pause=page_pause(page)), f"the sealed card was not told: {new()}"
    eager.locator("#telling").wait_for(state="hidden")
    eager.locator("#status", has_text="Not your turn").wait_for()
    assert eager.locator(".swl-card").count() == cards - 1
    assert first not in service.state_of(table).awaiting
    for ctx in (tv_ctx, *(p.context for p in phones)):
        ctx.close()
