"""Jaws, Act 2 in a real browser: the shark chooses on its phone (and changes its mind), bait makes it
show a chip it did not choose, two crew phones enter their gear, board, prepare and attack (entering
the hits of the real dice), and the 1280x720 table screen steps through phases 4 to 6, never showing
the shark before the step that brings it up.

Rulebook, phase 2 (translated): "The shark secretly chooses one of the 3 resurface cards by laying a
big resurface chip face down." Bait: "The shark must then reveal a resurface chip it did NOT choose."
Phase 4: "The shark reveals the resurface chip it chose ... Put the shark on the water space of the
chosen zone." Phase 5: "Every crew member whose target chip lies on the right zone may attack."

Three players: seat 0 the shark, seat 1 Brody and Quint (one phone, two tabs), seat 2 Hooper. Act 2
alone, the test fixture's box (made-up numbers), the companion's resurface deck, real dice.
Screenshots go to test-artifacts/ (jaws-orca-*.png).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engines import translate
from tests.companion.test_story import tell_all
from tests.waits import page_pause, until
from tests.web import test_browser as shared
from tests.web.test_browser_fit import PHONE_FIT
from tests.web.test_browser_jaws import changes, claim, confirm, settle
from web.service import Conflict

pytestmark = shared.pytestmark
server, browser, no_script_errors = shared.server, shared.browser, shared.no_script_errors
phone, shot, watch = shared.phone, shared.shot, shared.watch

BOX = json.dumps(json.loads((Path(__file__).resolve().parents[1] / "fixtures" / "jaws_box.json")
                            .read_text(encoding="utf-8"))["profile"])


class Telling:
    """How a test tells what the table has still to tell before a phone is asked (a phone is
    asked with the step that tells what its turn follows from: docs/web.md, "No phone ahead of the
    table"): straight through the companion, or (``tv``) by the table screen's Next, each step
    kept in ``told`` with the shark's wound track as the screen drew it."""

    def __init__(self, service: Any, table: str, tv: Any = None) -> None:
        self.service, self.table, self.tv = service, table, tv
        self.told: list[tuple[dict[str, Any], str]] = []

    def __call__(self) -> None:
        if self.tv is None:
            tell_all(self.service, self.table)
        else:
            self.told += step_through(self.service, self.table, self.tv)


def tap(service: Any, table: str, page: Any, locator: Any, sure: bool = False,
        tell: Telling | None = None) -> None:
    (tell or Telling(service, table))()
    version = changes(service, table)
    locator.tap()
    if sure:
        confirm(page)
    settle(service, table, version, page)


def big(page: Any, text: str) -> Any:
    return page.locator("#controls button.big", has_text=text).first


def orca(service: Any, table: str) -> Any:
    return service.public(table)["view"]["orca"]


def no_choice_shown(page: Any) -> None:
    """A page that is not the shark's shows nothing of its choice or its hand."""
    text = page.locator("body").inner_text()
    assert "Your secret choice" not in text and "Your ability cards" not in text
    assert page.locator(".orca-chip.mine").count() == 0


def test_the_shark_chooses_bait_forces_a_reveal_the_crew_attacks_and_the_table_steps_through(
        server: str, browser: Any, service: Any) -> None:
    options = {"acts": "2", "box": BOX, "resurface": "digital"}
    table = service.create_table("jaws", 3, options, seed=31)["table"]
    service.set_auto(table, False)   # the test steps the table screen with Next
    shark, crew, hooper = phone(browser), phone(browser), phone(browser)
    for page, seat in ((shark, 0), (crew, 1), (hooper, 2)):
        claim(page, server, table, seat)
    tv_ctx = browser.new_context(viewport={"width": 1280, "height": 720})
    tv = watch(tv_ctx.new_page())
    tv.goto(f"{server}/table/{table}")
    tv.locator("#game-area svg.orca-map").wait_for(state="visible")

    # setup: the crew's phones enter the gear from the crew's deck (one tap each: the box knows them)
    assert orca(service, table)["phase"] == "gear"
    for _ in range(7):
        page = crew if orca(service, table)["reading"]["crew"] % 2 == 0 else hooper
        tell_all(service, table)
        page.locator(".orca-reading .orca-offers button").first.wait_for()
        tap(service, table, page, page.locator(".orca-reading .orca-offers button").first)
    for page, role, space in ((crew, "Brody", "b3"), (hooper, "Hooper", "b2"), (crew, "Quint", "b4")):
        if page is crew:
            page.locator(".jaws-tabs button", has_text=role).tap()
        spot = page.locator(f'#board polygon.target[data-space="{space}"]').first
        tap(service, table, page, spot, sure=True)
    assert orca(service, table)["phase"] == "decide"
    shot(shark, "jaws-orca-shark-choice")
    fits_a_360_px_phone(shark, "the shark's choice")
    fits_a_360_px_phone(crew, "a crew phone with two tabs")

    # phase 2: the shark taps option B with a card, changes its mind to option A, and locks
    tap(service, table, shark, shark.locator('.orca-choose button[data-chip="B"]'))
    hand = service.state_of(table).view(0)["secret"]["orca"]["hand"]
    tap(service, table, shark, shark.locator(f'.orca-hand button[data-card="{hand[0]}"]'))
    tap(service, table, shark, shark.locator('.orca-choose button[data-chip="A"]'))
    assert service.state_of(table).view(0)["secret"]["orca"]["choice"]["chip"] == "A"
    assert "Your secret choice: chip A" in shark.locator("#controls").inner_text()
    for page in (crew, hooper, tv):
        no_choice_shown(page)
    tap(service, table, shark, shark.locator("#orca-lock"), sure=True)
    zone = orca(service, table)["options"][0]["zone"]

    # phase 3: Brody plays bait; the shark must show a chip it did not choose (A is not offered)
    crew.locator(".jaws-tabs button", has_text="Brody").tap()
    tap(service, table, crew, big(crew, "play bait"), sure=True)
    tell_all(service, table)
    shark.locator("#controls button.big", has_text="Show chip").first.wait_for()
    shown = shark.locator("#controls button.big", has_text="Show chip").all_text_contents()
    assert len(shown) == 2 and not any("Show chip A" in s for s in shown)
    tap(service, table, shark, big(shark, "Show chip C"), sure=True)
    assert orca(service, table)["shark"]["baited"] == "C"

    # Brody (phone 1) and Hooper (phone 2) take their guns and aim at the shark's zone; Quint aims
    # wherever his first weapon reaches
    for page, role in ((crew, "Brody"), (hooper, "Hooper"), (crew, "Quint")):
        if page is crew:
            page.locator(".jaws-tabs button", has_text=role).tap()
        weapons = page.locator("#controls .orca-member button.big", has_text="Choose")
        gun = weapons.filter(has_text="ranged weapon")
        tap(service, table, page, gun.first if role != "Quint" else weapons.first)
        aims = page.locator("#controls .orca-aims button")
        aim = aims.filter(has=page.locator(f'xpath=self::*[@data-notation="{role.lower()} target {zone}"]'))
        tap(service, table, page, aim if role != "Quint" else aims.first)
        if page is crew:
            no_choice_shown(page)
        fits_a_360_px_phone(page, f"{role} prepares")
        tap(service, table, page, big(page, "ready"), sure=True)
        shot(page, f"jaws-orca-crew-{role.lower()}")

    # phase 4 on the table screen, one step at a time (the story's Next): the steps told before the
    # last "ready" are told quickly here; the change it caused is stepped through on the table
    # screen. Until the table has shown the resurfacing, the crew's attack waits (Jaws holds for it).
    assert orca(service, table)["shark"]["surfaced"] == f"w{zone}"
    tell_all_but_the_newest_change(service, table)
    steps = newest_change(service, table)
    types = [s["event"]["type"] for s in steps]
    assert types[0] == "ready" and "surfaced" in types, types
    crew.locator("#telling", has_text="The table is showing Act 2, round 1:").wait_for()
    with pytest.raises(Conflict, match="still showing Act 2, round 1"):
        service.act(table, 1, {"type": "attack", "role": "brody"})
    seen, preparing = [], []
    for k, step in enumerate(steps):
        if k:
            tv.locator("#next").click()
        tv.locator(f'#events li.current[data-id="{step["id"]}"]').wait_for()
        tv.locator("#resolution .resolution-count", has_text=f"{k + 1} of {len(steps)}").wait_for()
        up = tv.locator("#game-area .orca-shark").count() > 0
        chosen = tv.locator("#game-area .orca-options li.chosen").count()
        phase = tv.locator("#game-area .jaws-phase").inner_text()
        seen.append((step["event"]["type"], up, chosen, phase))
        preparing.append(tv.locator("#game-area .orca-track-row .badge", has_text="preparing").count())
        if step["event"]["type"] == "surfaced":
            shot(tv, "jaws-orca-table-surfaced")
    first = types.index("surfaced")
    assert all(not up and not chosen for _, up, chosen, _ in seen[:first]), seen   # nothing before its step
    assert all(up and chosen == 1 for _, up, chosen, _ in seen[first:]), seen
    assert "Phase 3" in seen[0][3] and "Phase 4" in seen[first][3], seen
    assert preparing == [0] * len(steps), preparing     # from the last "ready" on, nobody prepares
    assert translate(steps[first]["event"]["say"]).startswith("The shark resurfaces by chip A")
    assert "The shark resurfaces by chip A" in " ".join(tv.locator("#events li").all_text_contents())
    assert tv.locator('#game-area .orca-options li.chosen[data-chip="A"]').count() == 1
    crew.locator("#telling").wait_for(state="hidden")

    # phase 5: Brody's and Hooper's phones attack, each entering the hits of the real dice it rolled;
    # the table screen shows the shark's wounds only at the step that tells them
    assert orca(service, table)["phase"] == "attack"
    wounds_before = orca(service, table)["shark"]["wounds"]
    stepped = Telling(service, table, tv)   # each phone asked once the table screen has told it
    for page, role in ((crew, "brody"), (hooper, "hooper")):
        if page is crew:
            page.locator(".jaws-tabs button", has_text="Brody").tap()
        tap(service, table, page, page.locator(f'#controls button[data-notation="{role} attack"]'), sure=True,
            tell=stepped)
        assert orca(service, table)["phase"] == "roll" and orca(service, table)["roll"]["who"] == role
        no_choice_shown(page)
        stepped()
        page.locator(".orca-reading .orca-offers.hits button").first.wait_for()
        fits_a_360_px_phone(page, f"{role}'s hits")
        tap(service, table, page, page.locator(".orca-reading .orca-offers.hits button").last, tell=stepped)
        if orca(service, table)["phase"] == "ammo":
            tap(service, table, page, page.locator("#controls .orca-member button.big").first, tell=stepped)
    for _ in range(4):                            # anyone else on target holds back
        if orca(service, table)["phase"] != "attack":
            break
        hold = crew.locator('#controls button[data-notation$=" hold"]').first
        tap(service, table, crew, hold, tell=stepped)
    wounds_after = orca(service, table)["shark"]["wounds"]
    assert wounds_after > wounds_before
    stepped()
    told = stepped.told
    hits = [i for i, (ev, _) in enumerate(told) if ev["type"] == "crew_hit"]
    assert hits, [ev["type"] for ev, _ in told]
    shark_track = [track for _, track in told]
    before_hit = told[hits[0] - 1][1] if hits[0] else shark_track[0]
    assert f"{wounds_before} of" in before_hit, told                 # not yet wounded before its step
    assert f"{wounds_after} of" in shark_track[-1], told

    # phase 6: the shark attacks on its phone and enters its own hits; then the extra attacks. The
    # table screen steps through them; the next round waits until it has shown the shark dive.
    stepped = Telling(service, table, tv)
    for _ in range(12):
        phase = orca(service, table)["phase"]
        if phase in ("turn", "decide", "over"):
            break
        if phase == "roll":
            stepped()
            shark.locator(".orca-reading .orca-offers.hits button").first.wait_for()
            hits = shark.locator(".orca-reading .orca-offers.hits button").nth(1)
            tap(service, table, shark, hits, tell=stepped)
        elif 0 in service.state_of(table).awaiting:
            tap(service, table, shark, shark.locator("#controls button.big").first, sure=True, tell=stepped)
        else:
            seat = service.state_of(table).awaiting[0]
            page = crew if seat == 1 else hooper
            tap(service, table, page, page.locator("#controls .orca-member button.big").first, sure=True,
                tell=stepped)
    if orca(service, table)["phase"] == "decide":
        shark.locator("#telling", has_text="The table is showing").wait_for()
        with pytest.raises(Conflict, match="still showing"):
            service.act(table, 0, {"type": "lock"})
    stepped()
    told = stepped.told
    said = [translate(ev["say"]) for ev, _ in told]
    dived = next(i for i, text in enumerate(said) if text.startswith("The shark dives into the deep"))
    assert said[0].startswith("The shark rolls"), said                          # its attack, then
    assert any(ev["type"] in ("tile_held", "tile_damaged", "tile_destroyed", "bitten")   # what it did
               for ev, _ in told[:dived]), said
    assert "The shark dives into the deep" in " ".join(tv.locator("#events li").all_text_contents())
    shot(tv, "jaws-orca-table-round-end")
    shot(shark, "jaws-orca-shark-phone")
    fits_a_360_px_phone(shark, "the next round")


def newest_change(service: Any, table: str) -> list[dict[str, Any]]:
    """The public steps of the newest change (the story's last chapter)."""
    steps = [s for s in service.public(table)["story"]["steps"] if not s.get("private")]
    return [s for s in steps if s["chapter"] == steps[-1]["chapter"]]


def tell_all_but_the_newest_change(service: Any, table: str) -> None:
    """The table's Next up to the first step of the newest change (the steps before it told)."""
    for _ in range(300):
        story = service.public(table)["story"]
        newest = newest_change(service, table)
        current = story["steps"][story["at"]] if story["at"] >= 0 else None
        if current is not None and current["id"] == newest[0]["id"]:
            return
        service.advance(table)
    raise AssertionError("the story did not reach the newest change")


def step_through(service: Any, table: str, tv: Any) -> list[tuple[dict[str, Any], str]]:
    """The table screen's Next, tapped until everything is told: each step's event and the shark's
    wound track as the table screen drew it then."""
    out = []
    for _ in range(80):
        story = service.public(table)["story"]
        if not story["waiting"]:
            return out
        tv.locator("#next").click()

        def moved(story: dict[str, Any] = story) -> dict[str, Any] | None:
            now = service.public(table)["story"]
            on = now["at"] >= 0 and now["steps"][now["at"]]["id"] != story["steps"][story["at"]]["id"]
            return now if on else None

        now = until(moved, 2.0, every=0.02, pause=page_pause(tv)) or service.public(table)["story"]
        step = now["steps"][now["at"]]
        tv.locator(f'#events li.current[data-id="{step["id"]}"]').wait_for()
        out.append((step["event"], tv.locator("#game-area .orca-track-row.shark .orca-track").inner_text()))
    raise AssertionError("the story did not end")


def fits_a_360_px_phone(page: Any, moment: str) -> None:
    """Issue 15: a phone 360 px wide never scrolls sideways and nothing sticks out of it."""
    fit = page.evaluate(PHONE_FIT)
    assert fit["scroll"] <= fit["width"] and not fit["out"], (moment, fit)


def test_the_host_types_the_printed_card_titles_and_the_east_beach_into_the_box_profile(
        server: str, browser: Any, host_key: str, service: Any) -> None:
    """Issue 24, item 4: "let the box profile hold the printed titles once the table has typed them
    ... Likewise whether the German board prints 'E' or 'O' for the east beach." The host page's
    profile editor has a field per card for the chosen language (our wording as its hint) and the
    east beach's letter (E, said to be the default); what the host types is checked and saved."""
    service.keeping.save_profile("jaws", "Kiste", json.loads(BOX))
    host_ctx = browser.new_context(viewport={"width": 1280, "height": 900}, locale="de-DE")
    host = watch(host_ctx.new_page())
    host.goto(f"{server}/host?key={host_key}")
    host.locator("#jp-status", has_text="Deutsch: gedruckte Titel 0 von 24, Oststrand E (Standard)"
                 ).wait_for()
    host.locator("#jp-printed summary").click()
    assert host.locator("#jp-title-lang").input_value() == "de"
    field = host.locator("#jp-title-10")
    assert field.get_attribute("placeholder") == "Die USS Indianapolis"
    assert host.locator("label[for='jp-title-big_mouth']").inner_text().startswith("Spezialfähigkeitskarte: ")
    field.fill("Die Indianapolis")
    host.select_option("#jp-east", "O")
    host.locator("#jp-status", has_text="Deutsch: gedruckte Titel 1 von 24, Oststrand O").wait_for()
    shot(host, "jaws-host-printed-titles")
    host.click("#jp-save")
    keeping = service.keeping
    until(lambda: keeping.profile("jaws", "Kiste")["profile"].get("titles"), 4.0, pause=page_pause(host))
    kept = service.keeping.profile("jaws", "Kiste")["profile"]
    assert kept["titles"] == {"de": {"10": "Die Indianapolis"}} and kept["east"] == {"de": "O"}
    host.select_option("#jp-title-lang", "nl")
    assert field.input_value() == "" and field.get_attribute("placeholder") == "De USS Indianapolis"
    assert host.locator("#jp-east").input_value() == ""
    host_ctx.close()


def test_the_host_imports_a_box_profile_starts_a_table_on_it_and_enters_what_the_table_shows(
        server: str, browser: Any, host_key: str, service: Any, tmp_path: Path) -> None:
    """Issue 12: "a box profile kept per box ... (host can name, view, correct, export as JSON, import
    one)"; a table started on it offers its cards as one tap; bad input is one sentence naming the
    field and nothing is stored. "`digital` dice are offered only once the box profile holds the dice
    faces": the start form offers them for the complete profile only, and switching to a profile
    without the faces puts the dice back to physical."""
    host_ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    host = watch(host_ctx.new_page())
    host.goto(f"{server}/host?key={host_key}")
    host.locator("#jaws-profiles").wait_for(state="visible")
    exported = tmp_path / "our-box.json"
    exported.write_text(json.dumps({**json.loads(BOX), "name": "Our box"}), encoding="utf-8")
    host.set_input_files("#jp-import", str(exported))
    host.locator("#jp-open-which option[value='Our box']").wait_for(state="attached")
    assert [p["name"] for p in service.keeping.list_profiles("jaws")] == ["Our box"]
    assert "resurface cards 16 of 16" in host.locator("#jp-status").inner_text()
    host.locator("#jaws-profiles details.jp-json summary").click()
    broken = {"name": "Our box", "tiles": {"3": {"damage": 4, "destroy": 2, "damaged": 1}}}
    host.fill("#jp-json", json.dumps(broken))
    host.locator("#jp-problems li").first.wait_for()
    assert "Boat tile 3" in host.locator("#jp-problems").inner_text()
    host.click("#jp-save")
    host.locator("#refusal").wait_for(state="visible")
    assert "Boat tile 3" in host.locator("#refusal").inner_text()
    assert service.keeping.profile("jaws", "Our box")["status"]["tiles"] == 8       # nothing stored
    shot(host, "jaws-orca-host-profile")

    service.keeping.save_profile("jaws", "No dice", {k: v for k, v in json.loads(BOX).items() if k != "dice"})
    host.select_option("#game", "jaws")
    host.locator("#jp-choice option[value='No dice']").wait_for(state="attached")
    digital_dice = '[data-option="dice"] option[value="digital"]'
    digital_deck = '[data-option="resurface"] option[value="digital"]'
    host.select_option("#jp-choice", "Our box")     # (locators wait: the page's CSP forbids eval)
    host.locator(digital_dice + ":enabled").wait_for(state="attached")
    host.select_option('[data-option="dice"]', "digital")
    host.select_option("#jp-choice", "No dice")
    host.locator(digital_dice + ":disabled").wait_for(state="attached")
    host.locator(digital_deck + ":enabled").wait_for(state="attached")       # its 16 cards are known
    assert host.locator('[data-option="dice"]').input_value() == "physical"
    gate = host.locator('.option[data-name="dice"] .jp-gate')
    assert gate.is_visible() and "dice faces" in gate.inner_text()
    host.select_option("#jp-choice", "Our box")
    host.locator(digital_dice + ":enabled").wait_for(state="attached")
    assert not gate.is_visible()
    host.select_option('[data-option="dice"]', "digital")
    assert "Our box" in host.locator('[data-option="box"]').input_value()
    host.select_option('[data-option="acts"]', "2")
    host.fill("#players", "2")
    if host.locator("#opt-setting_up").count():   # this test plays at once: no setting up (issue 26)
        host.uncheck("#opt-setting_up")
    host.click("#start")
    host.locator("#manage").wait_for(state="visible")
    table = host.locator("#manage-title").inner_text().rsplit("·", 1)[1].strip()
    assert service.public(table)["view"]["orca"]["phase"] == "gear"
    assert service.public(table)["view"]["orca"]["dice"]["mode"] == "digital"
    offer = host.locator("#chance .orca-reading .orca-offers button").first
    offer.wait_for()
    version = changes(service, table)
    offer.click()
    settle(service, table, version, host)
    assert service.public(table)["view"]["orca"]["reading"]["crew"] == 1
