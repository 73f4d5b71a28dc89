"""Jaws at a real table (issue 29): the 1280x720 table screen in English, Dutch and German, both
acts, cuts none of its words; a phone with two crew members goes on to the second; an event card's
choice stands with its rule; Act 2 says one thing to a phone and fits 360 px; numbers read right.

"At 1280x720 in German the middle column hides what does not fit: the event card stops
mid-sentence, Quint's row sometimes disappears from the crew list, and the land labels are clipped
('germeister', 'Polize' for Bürgermeisteramt and Polizeistation)."
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engines import TABLE
from tests.web import test_browser as shared

pytestmark = shared.pytestmark
server, browser, no_script_errors = shared.server, shared.browser, shared.no_script_errors
phone, shot, watch = shared.phone, shared.shot, shared.watch

BOX = json.dumps(json.loads((Path(__file__).resolve().parents[1] / "fixtures" / "jaws_box.json")
                            .read_text(encoding="utf-8"))["profile"])

def dutch_phone(browser: Any, width: int = 360, height: int = 740) -> Any:
    ctx = browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=2,
                              is_mobile=True, has_touch=True, locale="nl-NL")
    return watch(ctx.new_page())


def test_a_phone_with_two_crew_members_goes_on_to_the_second_when_the_first_is_done(
        server: str, browser: Any, service: Any) -> None:
    """"After Brody ends, the phone says 'Jouw beurt.' and 'Brody is klaar voor deze ronde.' with
    no button; the player has to find the Quint tab." Seat 1 plays Brody and Quint, in Dutch."""
    table = service.create_table("jaws", 3, {}, seed=7)["table"]
    service.set_auto(table, False)
    service.act(table, 0, {"type": "start", "space": "N"})
    end = next(a for a in service.seat_view(table, 0)["legal_actions"] if a["type"] == "end")
    service.act(table, 0, end)
    while service.public(table)["story"]["waiting"]:
        service.advance(table)
    crew = dutch_phone(browser)
    shared.sit(crew, server, table, 1, "Bea")
    crew.locator("#controls button.big", has_text="Brody: beurt beëindigen").wait_for()
    assert crew.locator(".jaws-tabs .tab.selected").inner_text().endswith("Brody")
    crew.locator("#controls button.big", has_text="Brody: beurt beëindigen").tap()
    shared.confirm(crew)
    crew.locator(".jaws-tabs .tab.selected", has_text="Quint").wait_for()
    assert crew.locator("#controls button.big", has_text="Quint").count() >= 1
    assert "klaar" not in crew.locator(".jaws-head").inner_text()
    shot(crew, "jaws-crew-phone-goes-on-to-quint")
    crew.context.close()


def test_an_event_cards_choice_stands_with_the_cards_rule(server: str, browser: Any, service: Any) -> None:
    """"'De gebeurteniskaart laat de bemanning kiezen.' with buttons 'N kiezen'...'W kiezen', while
    the card's text is 600 px further down." Card 4 (Mayor Vaughn Steps In) on a Dutch 360-px phone."""
    table = service.create_table("jaws", 3, {"chance": "physical"}, seed=7)["table"]
    service.set_auto(table, False)
    service.act(table, 0, {"type": "start", "space": "N"})
    service.act(table, TABLE, {"type": "card", "card": 4})
    assert service.public(table)["view"]["phase"] == "choice"
    crew = dutch_phone(browser)
    shared.sit(crew, server, table, 1, "Bea")
    first = crew.locator("#controls button.big", has_text="N kiezen")
    first.wait_for()
    rule = crew.locator(".jaws-card-text")
    assert rule.count() == 1                                  # said once, where the choice is
    assert "strand" in rule.inner_text()                      # in Dutch
    assert "null" not in crew.locator("#controls").inner_text()
    # scrolled and measured in one step of the page: a redraw (another phone's arrival) between
    # Playwright's calls would measure buttons no longer in the page
    said, button = crew.evaluate("""() => {
      const button = [...document.querySelectorAll('#controls button.big')]
        .find(b => b.textContent.includes('N kiezen'));
      button.scrollIntoView({block: 'nearest'});
      const box = e => { const r = e.getBoundingClientRect(); return {y: r.y, height: r.height}; };
      return [box(document.querySelector('.jaws-card-text')), box(button)];
    }""")
    assert said["y"] >= 0 and said["y"] + said["height"] <= button["y"], (said, button)
    assert button["y"] - (said["y"] + said["height"]) < 60     # right above the buttons, on the same screen
    shot(crew, "jaws-crew-phone-event-choice")
    crew.context.close()


def german_phone(browser: Any) -> Any:
    ctx = browser.new_context(viewport={"width": 360, "height": 740}, device_scale_factor=2,
                              is_mobile=True, has_touch=True, locale="de-DE")
    return watch(ctx.new_page())


def test_a_card_title_in_our_own_words_carries_a_question_mark_that_says_so(
        server: str, browser: Any, service: Any) -> None:
    """Issue 24, item 4: "The 24 Jaws event and ability card titles in nl/de are the project's own
    wording ... Mark them as such in the pages (a small '?' that says so)." A Dutch phone's event card
    (Act 1) and a German shark's ability cards (Act 2) each show a "?" whose tooltip says so in the
    reader's language; an English phone, reading the box's own titles, shows none."""
    table = service.create_table("jaws", 3, {"chance": "physical"}, seed=7)["table"]
    service.set_auto(table, False)
    service.act(table, 0, {"type": "start", "space": "N"})
    service.act(table, TABLE, {"type": "card", "card": 10})
    crew, english = dutch_phone(browser), phone(browser)
    shared.sit(crew, server, table, 1, "Bea")
    shared.sit(english, server, table, 2, "Hal")
    mark = crew.locator(".jaws-card-title .own-title")
    mark.wait_for()
    assert mark.inner_text() == "?"
    said = "Onze eigen vertaling: op je gedrukte kaart kan een andere titel staan."
    assert mark.get_attribute("title") == said
    assert "De USS Indianapolis" in crew.locator(".jaws-card-title").inner_text()
    english.locator(".jaws-card-title", has_text="The USS Indianapolis").wait_for()
    assert english.locator(".own-title").count() == 0
    shot(crew, "jaws-card-title-our-wording")
    crew.context.close()
    english.context.close()

    act2 = service.create_table("jaws", 3, {"acts": "2", "box": BOX, "resurface": "digital"}, seed=8)["table"]
    for _ in range(7):
        offer = service.seat_view(act2, TABLE)["legal_actions"][0]
        service.act(act2, 2, {"type": "gear", "notation": offer["notation"]})
    for seat, role in ((1, "brody"), (2, "hooper"), (1, "quint")):
        service.act(act2, seat, {"type": "place", "role": role, "at": "b3"})
    hand = service.state_of(act2).view(0)["secret"]["orca"]["hand"]
    shark = german_phone(browser)
    shared.sit(shark, server, act2, 0, "Sharky")
    shark.locator(".orca-hand button[data-card] .own-title").first.wait_for()
    assert shark.locator(".orca-hand button[data-card] .own-title").count() == len(set(hand))
    assert shark.locator(".orca-hand-list li .own-title").count() == len(hand)
    assert shark.locator(".own-title").first.get_attribute("title") == (
        "Unsere eigene Übersetzung: Auf deiner gedruckten Karte kann ein anderer Titel stehen.")
    shot(shark, "jaws-ability-titles-our-wording")
    shark.context.close()


def test_a_title_typed_into_the_box_profile_reads_as_printed_with_no_question_mark(
        server: str, browser: Any, service: Any) -> None:
    """Issue 24, item 4: "let the box profile hold the printed titles once the table has typed them,
    so from then on the phones show the box's own words." A Dutch box's event card 10 and a German
    box's 8 ability cards, typed into the profile: the Dutch phone reads its card's title as typed,
    with no "?"; the German shark's hand reads every ability card as typed, with no "?"."""
    box = json.loads(BOX)
    abilities = json.loads((Path(__file__).resolve().parents[2] / "engines" / "jaws" / "abilities.json")
                           .read_text(encoding="utf-8"))["kinds"]
    box["titles"] = {"nl": {"10": "De Indianapolis (doos)"},
                     "de": {k["code"]: f"Karte {i + 1} der Schachtel" for i, k in enumerate(abilities)}}
    table = service.create_table("jaws", 3, {"chance": "physical", "box": json.dumps(box)}, seed=7)["table"]
    service.set_auto(table, False)
    service.act(table, 0, {"type": "start", "space": "N"})
    service.act(table, TABLE, {"type": "card", "card": 10})
    crew = dutch_phone(browser)
    shared.sit(crew, server, table, 1, "Bea")
    crew.locator(".jaws-card-title", has_text="De Indianapolis (doos)").wait_for()
    assert crew.locator(".jaws-card-title .own-title").count() == 0
    crew.context.close()

    act2 = service.create_table("jaws", 3, {"acts": "2", "box": json.dumps(box), "resurface": "digital"},
                                seed=8)["table"]
    for _ in range(7):
        offer = service.seat_view(act2, TABLE)["legal_actions"][0]
        service.act(act2, 2, {"type": "gear", "notation": offer["notation"]})
    for seat, role in ((1, "brody"), (2, "hooper"), (1, "quint")):
        service.act(act2, seat, {"type": "place", "role": role, "at": "b3"})
    shark = german_phone(browser)
    shared.sit(shark, server, act2, 0, "Sharky")
    shark.locator(".orca-hand-list li", has_text="der Schachtel").first.wait_for()
    hand = service.state_of(act2).view(0)["secret"]["orca"]["hand"]
    assert shark.locator(".orca-hand-list li", has_text="der Schachtel").count() == len(hand)
    assert shark.locator(".own-title").count() == 0
    shot(shark, "jaws-ability-titles-as-printed")
    shark.context.close()


def test_the_east_beach_reads_o_on_a_german_phone_when_the_box_prints_o(
        server: str, browser: Any, service: Any) -> None:
    """Issue 24, item 4: "whether the German board prints 'E' or 'O' for the east beach: the table
    chooses it in the box profile ... used wherever the beach letter appears." A German phone at a
    table whose box prints O: the map's label, the card's rule and the told step say O; an English
    phone at the same table reads E."""
    box = json.dumps({"east": {"de": "O"}})
    table = service.create_table("jaws", 3, {"chance": "physical", "box": box}, seed=7)["table"]
    service.set_auto(table, False)
    service.act(table, 0, {"type": "start", "space": "N"})
    service.act(table, TABLE, {"type": "card", "card": 11})
    crew, english = german_phone(browser), phone(browser)
    shared.sit(crew, server, table, 1, "Bea")
    shared.sit(english, server, table, 2, "Hal")
    crew.locator(".jaws-card-text", has_text="an N, O und S").wait_for()
    names = crew.locator(".space-name").all_text_contents()
    assert "O" in names and "E" not in names, names
    english.locator(".jaws-card-text", has_text="at N, E and S").wait_for()
    assert "E" in english.locator(".space-name").all_text_contents()
    shot(crew, "jaws-east-beach-o")
    crew.context.close()
    english.context.close()


def test_act2_tells_a_phone_asked_to_enter_a_card_one_thing(server: str, browser: Any, service: Any) -> None:
    """"'Niet jouw beurt: we wachten op de tafel.' stands above a form that asks this very phone to
    enter card A." The crew's phones may enter the turned resurface card: theirs says so; the shark's
    phone, not asked, waits."""
    from tests.web.test_browser_compositions import act2_at_the_first_resurface_card

    table = act2_at_the_first_resurface_card(service)
    crew, shark = dutch_phone(browser), dutch_phone(browser)
    shared.sit(crew, server, table, 1, "Bea")
    shared.sit(shark, server, table, 0, "Sharky")
    crew.locator(".orca-reading .orca-form").wait_for()
    status = crew.locator("#status").inner_text()
    assert "Niet jouw beurt" not in status and "voer hieronder in" in status, status
    assert "kaart A" in crew.locator(".orca-reading-head").inner_text()
    assert "Niet jouw beurt" in shark.locator("#status").inner_text()
    assert shark.locator(".orca-reading").count() == 0
    crew.context.close()
    shark.context.close()


def test_act2s_resurface_card_form_fits_a_360_px_phone(server: str, browser: Any, service: Any) -> None:
    """"Act 2's resurface-card form does not fit 360 px: the page becomes 522 px wide ('3
    dobbelstenen' is off screen) and the 'Afschudsymbool' checkbox stands apart from its label.\""""
    from tests.waits import page_pause, until
    from tests.web.test_browser_compositions import act2_at_the_first_resurface_card
    from tests.web.test_browser_fit import PHONE_FIT, SETTLED

    table = act2_at_the_first_resurface_card(service)
    crew = dutch_phone(browser)
    shared.sit(crew, server, table, 1, "Bea")
    crew.locator(".orca-reading .orca-form").wait_for()
    # measured once the page is on its stream and the table has it present (each redraws the form)
    crew.locator("#conn.live").wait_for()
    assert until(lambda: service.public(table)["seats"][1].get("connected"), 10.0, pause=page_pause(crew))
    crew.evaluate(SETTLED)
    fit = crew.evaluate(PHONE_FIT)
    assert fit["scroll"] <= 360 and not fit["out"], fit
    three = crew.locator('.orca-dice-pick button[data-dice="3"]')
    assert "3 dobbelstenen" in three.inner_text()
    box = three.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 360, box
    tick = crew.locator("#orca-shake").bounding_box()
    label = crew.locator("label.field", has=crew.locator("#orca-shake"))
    words = label.locator("span").bounding_box()
    assert label.inner_text().strip() == "Afschudsymbool"
    middle = tick["y"] + tick["height"] / 2
    assert words["y"] <= middle <= words["y"] + words["height"], (tick, words)   # on the same line
    assert 0 <= words["x"] - (tick["x"] + tick["width"]) <= 16, (tick, words)    # right beside it
    shot(crew, "jaws-orca-resurface-form-360")
    crew.context.close()


def test_numbers_read_right_in_dutch(server: str, browser: Any, service: Any) -> None:
    """"Opgegeten zwemmers: 8 van 7", "1 dobbelstenen" (twice), "beschadigd vernietigen 2 hem"."""
    from engines import translate
    from tests.web.test_browser_compositions import act2_at_the_first_resurface_card

    # a track past its goal (Michael counts 2: at 6 of 7 he makes 8) says why
    table = service.create_table("jaws", 3, {}, seed=7, lang="nl")["table"]
    ctx = browser.new_context(viewport={"width": 1280, "height": 720})
    tv = watch(ctx.new_page())
    tv.goto(f"{server}/table/{table}")
    tv.locator("#game-area svg.jaws-map").wait_for()
    said = tv.evaluate("""async (url) => {
        const p = await (await fetch(url)).json();
        p.view.shark.track = p.view.shark.goal + 1;
        const root = document.createElement('div'), side = document.createElement('div');
        document.body.append(root);
        GameUI.jaws.table.render(root, p, {event: null, events: [], index: -1, side: side});
        const text = root.querySelector('.jaws-eaten').textContent;
        root.remove();
        return text;
    }""", f"/api/tables/{table}")
    goal = service.public(table)["view"]["shark"]["goal"]
    assert f"{goal + 1} van {goal}" not in said and "meer dan de" in said, said
    ctx.close()

    # one die is "1 dobbelsteen", on the offers and the options
    table = act2_at_the_first_resurface_card(service)
    crew = dutch_phone(browser)
    shared.sit(crew, server, table, 1, "Bea")
    crew.locator(".orca-reading .orca-offers button").first.wait_for()
    offers = crew.locator(".orca-reading .orca-offers").inner_text()
    assert "1 dobbelsteen" in offers and "1 dobbelstenen" not in offers, offers
    one = next(b for b in crew.locator(".orca-offers button").all() if "1 dobbelsteen" in b.inner_text())
    one.tap()
    crew.locator(".orca-options li", has_text="1 dobbelsteen").wait_for()
    assert "1 dobbelstenen" not in crew.locator("body").inner_text()
    crew.context.close()

    # a boat tile's numbers in a Dutch sentence that reads
    sentence = ("Boat tile {zone}: {damage} hits damage it, {destroy} destroy it; "
                "damaged, {damaged} destroy it.")
    tile = translate(sentence, "nl", zone=3, damage=2, destroy=4, damaged=2)
    assert "beschadigd vernietigen 2 hem" not in tile and "2 treffers hem" in tile, tile
