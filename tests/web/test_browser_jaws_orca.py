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

from engines import translate
from tests.web import test_browser as shared
from tests.web.test_browser_jaws import claim, confirm, settle

pytestmark = shared.pytestmark
server, browser, no_script_errors = shared.server, shared.browser, shared.no_script_errors
phone, shot, watch = shared.phone, shared.shot, shared.watch

BOX = json.dumps(json.loads((Path(__file__).resolve().parents[1] / "fixtures" / "jaws_box.json")
                            .read_text(encoding="utf-8"))["profile"])


def tap(service: Any, table: str, page: Any, locator: Any, sure: bool = False) -> None:
    version = int(service.public(table)["version"])
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
    shark, crew, hooper = phone(browser), phone(browser), phone(browser)
    for page, seat in ((shark, 0), (crew, 1), (hooper, 2)):
        claim(page, server, table, seat)
    tv_ctx = browser.new_context(viewport={"width": 1280, "height": 720})
    tv_ctx.set_default_timeout(8000)
    tv = watch(tv_ctx.new_page())
    tv.goto(f"{server}/table/{table}")
    tv.locator("#game-area svg.orca-map").wait_for(state="visible")

    # setup: the crew's phones enter the gear from the crew's deck (one tap each: the box knows them)
    assert orca(service, table)["phase"] == "gear"
    for _ in range(7):
        page = crew if orca(service, table)["reading"]["crew"] % 2 == 0 else hooper
        page.locator(".orca-reading .orca-offers button").first.wait_for()
        tap(service, table, page, page.locator(".orca-reading .orca-offers button").first)
    for page, role, space in ((crew, "Brody", "b3"), (hooper, "Hooper", "b2"), (crew, "Quint", "b4")):
        if page is crew:
            page.locator(".jaws-tabs button", has_text=role).tap()
        spot = page.locator(f'#board polygon.target[data-space="{space}"]').first
        tap(service, table, page, spot, sure=True)
    assert orca(service, table)["phase"] == "decide"
    shot(shark, "jaws-orca-shark-choice")

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
        tap(service, table, page, big(page, "ready"), sure=True)
        shot(page, f"jaws-orca-crew-{role.lower()}")

    # phase 4 on the table screen: the shark comes up only at the step that says so
    assert orca(service, table)["shark"]["surfaced"] == f"w{zone}"
    events = [translate(e["say"]) for e in service.public(table)["events"] if "say" in e]
    assert any(t.startswith("The shark resurfaces by chip A") for t in events)
    assert tv.locator("#game-area .orca-shark").count() == 0            # the first step: the last "ready"
    for _ in range(10):
        if tv.locator("#game-area .orca-shark").count():
            break
        tv.locator("#resolution").click(force=True)
        tv.wait_for_timeout(150)
    assert "The shark resurfaces by chip A" in " ".join(tv.locator("#events li").all_text_contents())
    shot(tv, "jaws-orca-table-surfaced")

    # phase 5: Brody's and Hooper's phones attack, each entering the hits of the real dice it rolled
    assert orca(service, table)["phase"] == "attack"
    for page, role in ((crew, "brody"), (hooper, "hooper")):
        if page is crew:
            page.locator(".jaws-tabs button", has_text="Brody").tap()
        tap(service, table, page, page.locator(f'#controls button[data-notation="{role} attack"]'), sure=True)
        assert orca(service, table)["phase"] == "roll" and orca(service, table)["roll"]["who"] == role
        no_choice_shown(page)
        page.locator(".orca-reading .orca-offers.hits button").first.wait_for()
        tap(service, table, page, page.locator(".orca-reading .orca-offers.hits button").last)
        if orca(service, table)["phase"] == "ammo":
            tap(service, table, page, page.locator("#controls .orca-member button.big").first)
    for _ in range(4):                            # anyone else on target holds back
        if orca(service, table)["phase"] != "attack":
            break
        tap(service, table, crew, crew.locator('#controls button[data-notation$=" hold"]').first)

    # phase 6: the shark attacks on its phone and enters its own hits; then the extra attacks
    for _ in range(12):
        phase = orca(service, table)["phase"]
        if phase in ("turn", "decide", "over"):
            break
        if phase == "roll":
            shark.locator(".orca-reading .orca-offers.hits button").first.wait_for()
            tap(service, table, shark, shark.locator(".orca-reading .orca-offers.hits button").nth(1))
        elif 0 in service.public(table)["awaiting"]:
            tap(service, table, shark, shark.locator("#controls button.big").first, sure=True)
        else:
            seat = service.public(table)["awaiting"][0]
            page = crew if seat == 1 else hooper
            tap(service, table, page, page.locator("#controls .orca-member button.big").first, sure=True)
    said = " ".join(tv.locator("#events li").all_text_contents())
    for _ in range(14):
        said = " ".join(tv.locator("#events li").all_text_contents())
        if "The shark dives" in said:
            break
        tv.locator("#resolution").click(force=True)
        tv.wait_for_timeout(150)
    assert "The shark dives into the deep" in said
    shot(tv, "jaws-orca-table-round-end")
    shot(shark, "jaws-orca-shark-phone")


def test_the_host_imports_a_box_profile_starts_a_table_on_it_and_enters_what_the_table_shows(
        server: str, browser: Any, host_key: str, service: Any, tmp_path: Path) -> None:
    """Issue 12: "a box profile kept per box ... (host can name, view, correct, export as JSON, import
    one)"; a table started on it offers its cards as one tap; bad input is one sentence naming the
    field and nothing is stored."""
    host_ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    host_ctx.set_default_timeout(8000)
    host = watch(host_ctx.new_page())
    host.goto(f"{server}/host?key={host_key}")
    host.locator("#jaws-profiles").wait_for(state="visible")
    exported = tmp_path / "our-box.json"
    exported.write_text(json.dumps({**json.loads(BOX), "name": "Our box"}), encoding="utf-8")
    host.set_input_files("#jp-import", str(exported))
    host.locator("#jp-open-which option[value='Our box']").wait_for(state="attached")
    assert [p["name"] for p in service.list_profiles("jaws")] == ["Our box"]
    assert "resurface cards 16 of 16" in host.locator("#jp-status").inner_text()
    host.locator("#jaws-profiles details summary").click()
    broken = {"name": "Our box", "tiles": {"3": {"damage": 4, "destroy": 2, "damaged": 1}}}
    host.fill("#jp-json", json.dumps(broken))
    host.locator("#jp-problems li").first.wait_for()
    assert "Boat tile 3" in host.locator("#jp-problems").inner_text()
    host.click("#jp-save")
    host.locator("#refusal").wait_for(state="visible")
    assert "Boat tile 3" in host.locator("#refusal").inner_text()
    assert service.profile("jaws", "Our box")["status"]["tiles"] == 8       # nothing stored
    shot(host, "jaws-orca-host-profile")

    host.select_option("#game", "jaws")
    host.locator("#jp-choice option[value='Our box']").wait_for(state="attached")
    host.select_option("#jp-choice", "Our box")
    host.wait_for_function("document.querySelector('[data-option=\"box\"]').value.includes('Our box')")
    host.select_option('[data-option="acts"]', "2")
    host.fill("#players", "2")
    host.click("#start")
    host.locator("#manage").wait_for(state="visible")
    table = host.locator("#manage-title").inner_text().rsplit("·", 1)[1].strip()
    assert service.public(table)["view"]["orca"]["phase"] == "gear"
    offer = host.locator("#chance .orca-reading .orca-offers button").first
    offer.wait_for()
    version = int(service.public(table)["version"])
    offer.click()
    settle(service, table, version, host)
    assert service.public(table)["view"]["orca"]["reading"]["crew"] == 1
