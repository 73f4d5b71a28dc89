"""The rules page through the real pages (issue 37, point 6): reached from a seated phone's header
and from the table screen's side, in the table's language there; the search filters the rules on
the page as words are typed (capitals or not, accents and ß as typed either way) and says when nothing has
all the words; the table screen's link comes back to the table screen."""

from __future__ import annotations

from typing import Any

from tests.web import test_browser as shared
from tests.web.test_browser_first_game import quiet_move, tap_move
from tests.web.test_browser_fit import TABLE_FIT
from tests.web.test_browser_languages import context

pytestmark = shared.pytestmark
server, browser, no_script_errors = shared.server, shared.browser, shared.no_script_errors


def shown(page: Any) -> list[str]:
    return page.evaluate("() => [...document.querySelectorAll('#rules-list > li.rule:not([hidden])')]"
                         ".map((li) => li.dataset.key)")


def test_a_phone_and_the_table_screen_reach_the_rules_and_search_them(
        server: str, browser: Any, service: Any) -> None:
    table = service.create_table("jaws", 3, {}, seed=3, lang="de")["table"]
    phone = context(browser, "nl-NL", 360, 740, mobile=True)
    shared.sit(phone, server, table, 1, "Bo")
    link = phone.locator("header #rules-link")
    assert link.inner_text() == "Spelregels" and link.get_attribute("target") == "_blank"
    box = link.bounding_box()
    assert box is not None and box["height"] >= 44 and box["x"] + box["width"] <= 360
    with phone.context.expect_page() as opened:
        link.tap()
    rules = opened.value
    rules.locator("#rules-list").wait_for()
    everything = shown(rules)
    assert len(everything) >= 10 and rules.locator("h1").inner_text() == "Spelregels: Jaws"
    rules.fill("#rules-search", "verrekijker")
    rules.wait_for_function("() => document.querySelectorAll('#rules-list > li.rule[hidden]').length > 0")
    found = shown(rules)
    assert found and set(found) < set(everything)
    assert all("verrekijker" in rules.locator(f'li.rule[data-key="{k}"]').inner_text().lower() for k in found)
    assert rules.locator("#rules-count").inner_text() == f"{len(found)} van {len(everything)} regels"
    rules.fill("#rules-search", "verrekijker draak")
    rules.locator("#rules-none").wait_for()
    assert shown(rules) == []
    phone.context.close()

    tv = context(browser, "en-US", 1280, 720, mobile=False)
    tv.goto(f"{server}/table/{table}")
    tv.locator("#rules-link").click()
    tv.locator("#rules-list").wait_for()
    assert tv.locator("h1").inner_text() == "Regeln: Der weiße Hai"   # the table's language
    tv.fill("#rules-search", "SCHWIMMER")   # capitals or not
    tv.wait_for_function("() => document.querySelectorAll('#rules-list > li.rule[hidden]').length > 0")
    assert shown(tv)
    tv.locator("#rules-back").click()
    tv.wait_for_url(f"**/table/{table}")
    tv.locator("#title").wait_for()
    tv.context.close()


def test_the_table_screen_says_why_for_the_step_it_shows(server: str, browser: Any, service: Any) -> None:
    """Issue 37, point 6: "every told step on the TV ... offers 'Why?': the rule that decided it, in
    the project's own words in the table's language, with the rulebook's section name". Laser Chess
    in German: after a move, the step told has "Warum?"; it shows the rules behind that kind of step
    where a lesson stands (every word 18 px, nothing cut); Escape puts it away; "?" brings it back."""
    table = service.create_table("laser-chess", 2, {}, seed=3, lang="de")["table"]
    service.set_auto(table, False)
    for seat in range(2):
        service.claim_seat(table, seat, f"P{seat + 1}")
    tv = context(browser, "en-US", 1280, 720, mobile=False)
    tv.goto(f"{server}/table/{table}")
    state = service.state_of(table)
    move = next(a for a in state.legal_actions(state.awaiting[0]) if a["type"] == "move")
    service.act(table, state.awaiting[0], move)
    story = service.public(table)["story"]
    step = story["steps"][story["at"]]
    tv.locator(f'#events li.current[data-id="{step["id"]}"]').wait_for()
    rules = tv.evaluate("async (u) => (await fetch(u)).json()", "/api/rules/laser-chess?lang=de")
    behind = rules["why"][step["event"]["type"]]
    tv.locator("#why").click()
    tv.locator("#lesson .lesson-title").first.wait_for()
    shown = " ".join(tv.locator("#lesson").inner_text().split())
    first = next(r for r in rules["rules"] if r["key"] == behind[0])
    assert f"Warum: {first['title']}" in shown and first["text"].split()[0] in shown
    fit = tv.evaluate(TABLE_FIT)
    shared.shot(tv, "why-laser-chess-de")
    assert fit["smallest"] >= 17.9 and not fit["cut"] and not fit["out"], fit
    tv.keyboard.press("Escape")
    tv.locator("#lesson").wait_for(state="hidden")
    tv.keyboard.press("?")
    tv.locator("#lesson .lesson-title", has_text="Warum:").first.wait_for()
    tv.context.close()


def test_a_play_the_rules_refuse_says_why_on_the_phone(server: str, browser: Any, service: Any) -> None:
    """Issue 37, point 6: "every refusal on a phone ... offers 'Why?': the rule that decided it".
    Laser Chess in German: Anna's phone hears nothing more (its stream and polls cut), her move is
    made meanwhile from elsewhere, and she taps it again: the rules refuse it (it is not her turn
    now), the sentence says so, and "Warum?" opens the rules of a move under it."""
    table = service.create_table("laser-chess", 2, {}, seed=3, lang="de")["table"]
    service.set_auto(table, False)
    service.claim_seat(table, 1, "Bo")
    anna = context(browser, "de-DE", 360, 740, mobile=True)
    shared.sit(anna, server, table, 0, "Anna")
    anna.route("**/stream*", lambda route: route.abort())       # from now on the phone hears nothing:
    anna.route("**/view?*", lambda route: route.abort())        # no stream, no poll, the page's own
    anna.reload()                                                # first payload only
    anna.locator("#seat").wait_for(state="visible")
    move = quiet_move(service, table, 0)
    service.act(table, 0, move)   # Anna's own move, from another device: her phone does not know
    tap_move(anna, move)
    anna.locator("#refusal #why").wait_for()
    rules = anna.evaluate("async (u) => (await fetch(u)).json()", "/api/rules/laser-chess?lang=de")
    titles = [next(r["title"] for r in rules["rules"] if r["key"] == k) for k in rules["plays"]["move"]]
    assert anna.locator("#refusal .why-rules").is_hidden()
    anna.locator("#why").tap()
    shown = anna.locator("#refusal .why-rules").inner_text()
    shared.shot(anna, "why-phone-laser-chess-de")
    assert all(f"Warum: {title}" in shown for title in titles) and "Anleitung:" in shown
    box = anna.locator("#refusal").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360
    anna.context.close()


def test_a_told_line_on_the_phone_says_why_and_stays_open(server: str, browser: Any, service: Any) -> None:
    """Issue 37, point 6: "every automatic answer ... offers 'Why?'" on the phones too: each told
    line of a phone's events (a move, a beam, an answer) has "Warum?", which opens the rules of that
    kind of step under it and stays open while the game goes on."""
    table = service.create_table("laser-chess", 2, {}, seed=3, lang="de")["table"]
    service.set_auto(table, False)
    service.claim_seat(table, 1, "Bo")
    anna = context(browser, "de-DE", 360, 740, mobile=True)
    shared.sit(anna, server, table, 0, "Anna")
    service.act(table, 0, quiet_move(service, table, 0))
    while service.public(table)["story"]["waiting"]:
        service.advance(table)
    line = anna.locator("#events li", has=anna.locator(".why-line")).first
    line.wait_for()
    line.locator(".why-line").tap()
    line.locator(".why-rules h3").first.wait_for()
    kept = line.get_attribute("data-id")
    assert "Warum:" in line.locator(".why-rules").inner_text()
    service.act(table, 1, quiet_move(service, table, 1))   # Bo plays: the list is drawn again
    while service.public(table)["story"]["waiting"]:
        service.advance(table)
    anna.locator("#events li").nth(2).wait_for()
    assert anna.locator(f'#events li[data-id="{kept}"] .why-rules').is_visible()
    shared.shot(anna, "why-phone-events-de")
    box = anna.locator(f'#events li[data-id="{kept}"]').bounding_box()
    assert box is not None and box["x"] + box["width"] <= 360
    anna.context.close()
