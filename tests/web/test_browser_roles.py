"""Roles are said where people choose a seat (issue 35, point 4): "Jaws' join page reads 'Platz 1
nehmen / Platz 2 nehmen'; only the host form's help says seat 1 is the shark." Every join button
and every seat on the table screen says the seat's role in the game's words: Jaws' shark and the
crew members a seat plays (as the table's roles deal them, not by seat number), another game's
colour; in English, Dutch and German.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.web import test_browser as shared

pytestmark = shared.pytestmark
server, browser, no_script_errors = shared.server, shared.browser, shared.no_script_errors
watch = shared.watch

CLAIM = {"en": "Claim seat {n}", "nl": "Neem plaats {n}", "de": "Platz {n} nehmen"}
SEAT = {"en": "Seat {n}", "nl": "Plaats {n}", "de": "Platz {n}"}
SHARK = {"en": "The shark", "nl": "De haai", "de": "Der Hai"}
AND = {"en": "and", "nl": "en", "de": "und"}


def join_buttons(browser: Any, server: str, table: str, lang: str) -> list[str]:
    ctx = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    page = watch(ctx.new_page())
    page.goto(f"{server}/play/{table}?lang={lang}")
    page.locator("#claim").wait_for(state="visible")
    texts: list[str] = page.locator("#seat-buttons button").all_inner_texts()
    ctx.close()
    return texts


def screen_seats(browser: Any, server: str, table: str) -> list[str]:
    ctx = browser.new_context(viewport={"width": 1280, "height": 720})
    tv = watch(ctx.new_page())
    tv.goto(f"{server}/table/{table}")
    tv.locator("#seats .seat-role").first.wait_for()
    texts: list[str] = tv.locator("#seats li .seat-role").all_inner_texts()
    ctx.close()
    return texts


@pytest.mark.parametrize("lang", ["en", "nl", "de"])
def test_jaws_join_buttons_and_table_screen_say_who_is_the_shark_and_who_the_crew(
        server: str, browser: Any, service: Any, lang: str) -> None:
    brody_quint = f"Brody {AND[lang]} Quint"
    three = service.create_table("jaws", 3, {}, seed=1, lang=lang)["table"]     # auto: S/BQ/H
    claim = CLAIM[lang]
    assert join_buttons(browser, server, three, lang) == [
        claim.format(n=1) + " · " + SHARK[lang], claim.format(n=2) + " · " + brody_quint,
        claim.format(n=3) + " · Hooper"]
    assert screen_seats(browser, server, three) == [SHARK[lang], brody_quint, "Hooper"]

    # the roles as the host dealt them: the shark on seat 2; a seat already taken says its role too
    dealt = service.create_table("jaws", 3, {"roles": "H/S/BQ"}, seed=1, lang=lang)["table"]
    service.claim_seat(dealt, 0, "Anna")
    buttons = join_buttons(browser, server, dealt, lang)
    assert buttons[0].startswith(SEAT[lang].format(n=1) + " · Hooper · Anna")
    assert buttons[1:] == [claim.format(n=2) + " · " + SHARK[lang], claim.format(n=3) + " · " + brody_quint]

    two = service.create_table("jaws", 2, {}, seed=1, lang=lang)["table"]      # one seat plays the crew
    crew = f"Brody, Hooper {AND[lang]} Quint"
    assert join_buttons(browser, server, two, lang)[1] == claim.format(n=2) + " · " + crew


def test_a_colour_game_says_each_seats_colour_on_the_table_screen_too(server: str, browser: Any,
                                                                    service: Any) -> None:
    table = service.create_table("loch-ness", 3, {}, seed=1, lang="de")["table"]
    assert join_buttons(browser, server, table, "nl")[:2] == ["Neem plaats 1 · Rode boten",
                                                              "Neem plaats 2 · Blauwe boten"]
    assert screen_seats(browser, server, table)[:2] == ["Rote Boote", "Blaue Boote"]
