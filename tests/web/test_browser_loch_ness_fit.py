"""Loch Ness' table screen at 1280x720, in English, Dutch and German, with three and four players:
"a plain Loch Ness table in Dutch cuts off its side panel right at Start: 547 px of content in a
506 px box, with setting up off too; the game's long opening event cannot be shrunk or dropped by
the page's fitting." Nothing is cut, at Start and after some plays: each part gets the room its
words need (the map may shrink; the event list may show fewer older lines, never a cut sentence),
and nothing is under 18 px.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.web import test_browser as shared
from tests.web.test_browser_fit import SETTLED, TABLE_FIT, advance
from tests.web.test_browser_jaws_fit import CLIPPED

pytestmark = shared.pytestmark
server, browser, no_script_errors = shared.server, shared.browser, shared.no_script_errors
phone, shot, watch = shared.phone, shared.shot, shared.watch


def seated_table(service: Any, browser: Any, players: int, lang: str,
                 options: dict[str, Any]) -> tuple[str, Any, Any]:
    """A Loch Ness table in ``lang`` with every seat named (Auto off) and a TV page at 1280x720."""
    table = service.create_table("loch-ness", players, options, seed=7, lang=lang)["table"]
    service.set_auto(table, False)
    for seat, name in enumerate(["Nessa", "Bram", "Clara", "Dirk"][:players]):
        service.claim_seat(table, seat, name)
    ctx = browser.new_context(viewport={"width": 1280, "height": 720})
    return table, ctx, watch(ctx.new_page())


# four boats crowd the lake and the side more than three: four players in every language, three in
# the longest one
# four players in Dutch: every step of a whole game in tests/web/test_browser_table_walk.py
@pytest.mark.parametrize(("players", "lang"), [(4, "en"), (4, "de"), (3, "de")])
def test_the_table_screen_cuts_none_of_its_words(server: str, browser: Any, service: Any,
                                                  lang: str, players: int) -> None:
    table, ctx, tv = seated_table(service, browser, players, lang, {})
    # Start: the long opening step ("A discovery card lies face down on every site; ...") shown
    # first, then the turn; later a change shown part-way (its step and "more after these") and told
    for moment, count, tell in (("start", 0, False), ("start-told", 0, True), ("early", 3, False),
                                ("early-told", 0, True), ("later", 12, False), ("late", 40, True),
                                ("end", 3000, True)):
        tv.goto("about:blank")   # closed while the plays are made (each one drawn is slow: test_browser_fit)
        advance(service, table, count, seed=count, tell=tell)   # Loch Ness: its bot in every seat
        tv.goto(f"{server}/table/{table}")
        tv.locator("#game-area:not([hidden])").wait_for()
        story = service.public(table)["story"]
        if story["at"] >= 0:   # the newest payload drawn: its shown step is the current line
            tv.locator(f'#events li.current[data-id="{story["steps"][story["at"]]["id"]}"]').wait_for()
        tv.evaluate(SETTLED)
        fit = tv.evaluate(TABLE_FIT)
        cut = tv.evaluate(CLIPPED)
        shot(tv, f"loch-ness-table-fit-{players}-{lang}-{moment}")
        where = (players, lang, moment)
        assert not cut, f"{where}: {cut}"
        assert not fit["out"] and not fit["cut"], f"{where}: {fit}"
        assert fit["smallest"] >= 17.9, (where, fit["smallest"], fit["where"])
        # every player keeps a row on the reputation track; the shown step is there in full
        assert tv.locator(".ln-track li").count() == players, where
        if story["at"] >= 0:
            assert tv.locator("#events li.current").count() == 1, where
    assert service.state_of(table).outcome is not None   # the last look was at the game's end
    ctx.close()


@pytest.mark.parametrize(("players", "lang"), [(4, "en"), (4, "nl"), (4, "de"), (3, "nl")])
def test_every_setting_up_step_cuts_none_of_its_words(server: str, browser: Any, service: Any,
                                                      lang: str, players: int) -> None:
    """Setting up on: each step's words, and the word on each thing it marks (the board's over the
    map's corner, the tool cards' in the panel), whole; the map's drawn text still 18 px."""
    table, ctx, tv = seated_table(service, browser, players, lang, {"setting_up": True})
    steps = service.public(table)["setup"]["steps"]
    for index, step in enumerate(steps):
        service.setup.set_setup(table, step=index)
        tv.goto(f"{server}/table/{table}")
        tv.locator(f'#setup .setup-title[data-key="{step["key"]}"]').wait_for()
        tv.evaluate(SETTLED)
        fit = tv.evaluate(TABLE_FIT)
        cut = tv.evaluate(CLIPPED)
        shot(tv, f"loch-ness-table-fit-setup-{players}-{lang}-{index + 1}")
        where = (players, lang, step["key"])
        assert not cut, f"{where}: {cut}"
        assert not fit["out"] and not fit["cut"], f"{where}: {fit}"
        assert fit["smallest"] >= 17.9, (where, fit["smallest"], fit["where"])
        assert tv.locator("#game-area .setup-mark").count() >= (1 if step["marks"] else 0), where
    ctx.close()
