"""Words, not codes (issue 36, point 5), read through the real pages in German, as the evening's
walk-through read them (reviews/walkthrough-evening-2026-11-28.md):

- S2: "the TV's row for Anna still shows the badge '🛡 S'": a spent shield is said by its name and
  that it is spent ("een kwartslag om, om aan te geven dat de kaart gebruikt is"), with a shape of
  its own, never colour alone;
- S3: "your own card shows as '2 · U' or '1 · S'": a card on a stack is said by what it does there;
- S4: "Auswertung: Schritt 8 von 20" beside "2 von 9": the TV counts the steps once;
- J9: "der Tisch ist noch am Zug." starts a sentence in lower case; "■■■■■✖ 6 von 5" counts past
  the track (Jaws: "Wenn der Clip auf der Verwundungsleiste ... das X erreicht"); the wound tracks
  are set in a code font.

One server and one browser (the shared fixtures); each test opens a 1280x720 table screen and at
most one phone, and waits on conditions only.
"""

from __future__ import annotations

import re
from typing import Any

from tests.web import test_browser as shared

pytestmark = shared.pytestmark
server, browser, no_script_errors = shared.server, shared.browser, shared.no_script_errors
watch = shared.watch

# Phase II of round 1, Ann (seat 0) to act with her last action: her shield, turned a quarter, is
# spent; she played "No effect / Turn 180 degrees" on the white shark, Bas a card on the black one.
SHARKS = ("swl players=3 specials=no chance=digital board=3-4p:9x9:open-open:a1+b1+c1+d1+e1+f1+g1+h1+i1:"
          "c5S.e5S.g5S round=1 start=0 phase=play turn=0 queue=0 passed=1 agents=c1.e1.g1 "
          "sharks=c5S.e5S.g5S deaths=0.0.0 hands=FFLRS/FFFLRSSU/FFFLRSSU onagent=S/-/- white=0U grey=- "
          "black=1S spies=- gear=S0/-/- pc=0 beams=- pending=- discard=- deck=- rng=0000000000000005 "
          "winner=-")


def tv_in(browser: Any, server: str, table: str) -> Any:
    context = browser.new_context(viewport={"width": 1280, "height": 720}, locale="de-DE")
    page = watch(context.new_page())
    page.goto(f"{server}/table/{table}")
    return page


def phone_in(browser: Any, server: str, table: str, seat: int, name: str) -> Any:
    context = browser.new_context(viewport={"width": 360, "height": 740}, device_scale_factor=2,
                                  is_mobile=True, has_touch=True, locale="de-DE")
    page = watch(context.new_page())
    shared.sit(page, server, table, seat, name)
    return page


def sharks_table(service: Any, monkeypatch: Any) -> str:
    from engines.sharks_with_lasers.game import GAME
    with monkeypatch.context() as patch:
        patch.setattr(GAME, "_start", lambda players, seed, options: GAME.load(SHARKS))
        table: str = service.create_table("sharks-with-lasers", 3, {}, seed=1, lang="de")["table"]
    service.set_auto(table, False)
    return table


def test_a_spent_shield_is_said_by_its_name_and_drawn_struck_through(
        server: str, browser: Any, service: Any, monkeypatch: Any) -> None:
    table = sharks_table(service, monkeypatch)
    tv = tv_in(browser, server, table)
    badge = tv.locator('.swl-player[data-seat="0"] .swl-protection')
    badge.wait_for()
    assert badge.inner_text().strip() == "Schild: verbraucht"
    assert badge.get_attribute("data-spent") == "true"
    assert badge.locator("svg.icon-shield-spent").count() == 1      # a shape of its own
    assert badge.locator("svg.icon-shield").count() == 0
    for text in tv.locator(".swl-player .badge").all_inner_texts():
        assert not re.search(r"(^|\s)[A-Za-z]$", text.strip()), text   # no code letter
    tv.context.close()


def test_your_own_card_on_a_shark_is_said_by_what_it_does_there(
        server: str, browser: Any, service: Any, monkeypatch: Any) -> None:
    table = sharks_table(service, monkeypatch)
    ann = phone_in(browser, server, table, 0, "Anna")
    white = ann.locator('.swl-stack[data-shark="white"]')
    white.locator(".swl-stack-card", has_text="Um 180 Grad drehen").wait_for()
    assert not re.search(r"·\s*[A-Za-z]\b", white.inner_text()), white.inner_text()
    ann.context.close()


def test_the_table_screen_counts_the_steps_of_a_resolution_once(
        server: str, browser: Any, service: Any, monkeypatch: Any) -> None:
    table = sharks_table(service, monkeypatch)
    tv = tv_in(browser, server, table)
    tv.locator('.swl-player[data-seat="0"]').wait_for()
    service.act(table, 0, {"type": "pass", "notation": "pass"})     # the last action: the round resolves
    count = tv.locator("#resolution .resolution-count")
    count.wait_for()
    service.advance(table)
    tv.locator("#resolution .resolution-count", has_text=re.compile(r"^2 von \d+$")).wait_for()
    text = tv.locator("#table-screen").inner_text()
    counters = re.findall(r"\d+ von \d+|Schritt \d+", text)
    assert counters == [count.inner_text()], counters
    assert "Runde 1 · Phase III - Aktionen ausführen" in text
    assert tv.locator("#turn").inner_text() == "Jetzt zu sehen: Runde 1."
    tv.context.close()


def orca_table(service: Any) -> str:
    """Jaws, Act 2 alone, told up to where the table is to enter what it shows."""
    table: str = service.create_table("jaws", 2, {"acts": "2"}, seed=3, lang="de")["table"]
    service.set_auto(table, False)
    while service.public(table)["story"]["waiting"]:
        service.advance(table)
    return table


def test_the_table_opens_a_sentence_with_a_capital(server: str, browser: Any, service: Any) -> None:
    tv = tv_in(browser, server, orca_table(service))
    tv.locator("#turn", has_text="ist noch am Zug").wait_for()
    assert tv.locator("#turn").inner_text() == "Der Tisch ist noch am Zug."
    tv.context.close()


def test_a_wound_track_reads_in_words_and_in_the_pages_font(server: str, browser: Any, service: Any) -> None:
    table = orca_table(service)
    tv = tv_in(browser, server, table)
    tv.locator("#game-area .orca-track").first.wait_for()

    # the track of a shark whose clip went past its X: the rulebook's words, not "6 von 5"
    said = tv.evaluate("() => [window.JawsOrca.track(6, 5, true), window.JawsOrca.track(2, 5, true)]")
    assert said[0] == "■■■■■✖  X erreicht" and said[1] == "■■□□□X  2 von 5", said

    # every wound track, on the TV and a crew phone, in the page's own font
    same_font = """() => [...document.querySelectorAll('.orca-track')].map((n) =>
        getComputedStyle(n).fontFamily === getComputedStyle(document.body).fontFamily)"""
    assert tv.evaluate(same_font) and all(tv.evaluate(same_font))
    crew = phone_in(browser, server, table, 1, "Bernd")
    crew.locator(".orca-track").first.wait_for()
    assert all(crew.evaluate(same_font))
    tv.context.close()
    crew.context.close()


def test_a_mechanic_card_is_said_by_its_name_on_the_table_screen(
        server: str, browser: Any, service: Any) -> None:
    """Fzzzt!: the table screen drew a mechanic card as "M2" (a code letter and a number); it is
    "Mechaniker 2", as the box calls it ("4 x Mecanicienkaarten", "kaart nummer 1")."""
    table = service.create_table("fzzzt", 2, {}, seed=4, lang="de")["table"]
    service.set_auto(table, False)
    for _ in range(4):   # seed 4: each seat bids its mechanic in the first auctions
        state = service.state_of(table)
        seat = state.awaiting[0]
        offered = state.legal_actions(seat)
        mechanic = [a for a in offered if a["type"] == "bid" and any(c.startswith("M") for c in a["cards"])]
        service.act(table, seat, (mechanic or offered)[0])
    while service.public(table)["story"]["waiting"]:
        service.advance(table)
    tv = tv_in(browser, server, table)
    chip = tv.locator('.fz-bid[data-seat="0"] .fz-chip.kind-mechanic')
    chip.wait_for()
    assert "Mechaniker 2" in chip.inner_text()
    assert not re.search(r"\bM\d\b", tv.locator("#table-screen").inner_text())
    tv.context.close()
