"""The host page's forms keep what the host typed (issue 36, point 2): the start form's game, number
of players, options ticked and typed and seed survive the host switching the page's language (the
page is drawn again in German) and the list of tables changing under it (another table started
from elsewhere); a table started from the form leaves the next form new. Jaws' box profile being
corrected survives the same switch until it is saved.
"""

from __future__ import annotations

from typing import Any

from tests.web import test_browser as shared

pytestmark = shared.pytestmark
server, browser, no_script_errors = shared.server, shared.browser, shared.no_script_errors
shot, watch = shared.shot, shared.watch


def form(page: Any) -> dict[str, Any]:
    return page.evaluate("""() => ({game: document.getElementById('game').value,
        players: document.getElementById('players').value, seed: document.getElementById('seed').value,
        lang: document.getElementById('table-lang').value,
        options: Object.fromEntries([...document.querySelectorAll('#start-form [data-option]')]
            .map((i) => [i.dataset.option, i.type === 'checkbox' ? i.checked : i.value]))})""")


def test_the_start_form_survives_a_language_switch_and_a_table_started_elsewhere(
        server: str, browser: Any, host_key: str, service: Any) -> None:
    ctx = browser.new_context(viewport={"width": 390, "height": 840})
    host = watch(ctx.new_page())
    host.goto(f"{server}/host?key={host_key}")
    host.goto(f"{server}/host?lang=en")
    host.locator("#game option").first.wait_for(state="attached")
    host.select_option("#game", "loch-ness")
    host.locator('#start-form [data-option="advanced"]').check()
    host.fill("#players", "3")
    host.select_option("#table-lang", "nl")
    host.locator("#start-form details.advanced, #start-form details").first.evaluate("(d) => d.open = true")
    host.fill("#seed", "4242")
    typed = form(host)
    assert typed["game"] == "loch-ness" and typed["options"]["advanced"] is True and typed["seed"] == "4242"

    service.create_table("laser-chess", 2, {}, seed=1)   # the list changes under the form
    host.locator("#tables li, #tables .table-row").first.wait_for()
    assert form(host) == typed

    host.locator('.lang-switch a[hreflang="de"]').click()   # the page again, in German
    host.locator('html[lang="de"]').wait_for(state="attached")
    host.locator("#game option").first.wait_for(state="attached")
    host.locator('#start-form [data-option="advanced"]').wait_for(state="attached")
    assert form(host) == typed
    assert "Der weiße Hai" in host.locator("#game").inner_text()   # the game list in the host's words

    host.locator("#start").click()   # started: the new table is the form's, and the next form is new
    host.locator("#manage:not([hidden])").wait_for()
    made = [t for t in service.list_tables() if t["game"] == "loch-ness"]
    assert len(made) == 1 and made[0]["players"] == 3 and made[0]["lang"] == "nl"
    host.reload()
    host.locator("#game option").first.wait_for(state="attached")
    assert form(host)["seed"] == ""
    ctx.close()


def test_the_box_profile_being_typed_survives_a_language_switch_until_it_is_saved(
        server: str, browser: Any, host_key: str, service: Any) -> None:
    """Jaws' box profile editor (the host page): the JSON corrected and the name typed, not yet
    saved, come back as they were when the page comes again in another language; saved, the next
    page opens the saved profile."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    host = watch(ctx.new_page())
    host.goto(f"{server}/host?key={host_key}")
    host.goto(f"{server}/host?lang=en")
    host.locator("#jp-json").wait_for(state="attached")
    host.locator("#jp-status").wait_for(state="attached")
    host.locator("details.jp-json").evaluate("(d) => d.open = true")
    typed = '{\n "name": "Our box"\n}'
    host.fill("#jp-json", typed)
    host.fill("#jp-name", "Our box")
    host.locator('.lang-switch a[hreflang="de"]').click()
    host.locator('html[lang="de"]').wait_for(state="attached")
    host.wait_for_function("() => (document.getElementById('jp-json') || {value: ''})"
                           ".value.includes('Our box')")
    assert host.locator("#jp-json").input_value() == typed
    assert host.locator("#jp-name").input_value() == "Our box"
    host.locator("#jp-save").click()
    host.wait_for_function("() => [...document.querySelectorAll('#jp-open-which option')]"
                           ".some((o) => o.value === 'Our box')")
    host.reload()
    host.locator("#jp-name").wait_for(state="attached")
    host.wait_for_function("() => document.getElementById('jp-open-which').value === 'Our box'")
    assert host.locator("#jp-name").input_value() == "Our box"   # the saved one, opened
    ctx.close()


def test_the_loch_ness_board_being_drawn_survives_a_language_switch(
        server: str, browser: Any, host_key: str, service: Any) -> None:
    """Loch Ness' map editor (the host page): a board begun (a new one, one water space drawn), its
    name typed and a deck counted, not yet saved, comes back as it was when the page comes again
    in another language."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    host = watch(ctx.new_page())
    host.goto(f"{server}/host?key={host_key}")
    host.goto(f"{server}/host?lang=en")
    host.locator("#ln-canvas svg").wait_for()
    host.locator("#ln-new").click()
    host.locator('#ln-canvas [data-cell="1,1"]').click()   # the first tool paints lake water
    host.locator('#ln-canvas [data-space]').first.wait_for()
    host.fill("#ln-name", "Our lake")
    host.locator("details.ln-decks").evaluate("(d) => d.open = true")
    deck = host.locator("#ln-decks input[data-deck]").first
    key = deck.get_attribute("data-deck")
    deck.fill("9")
    spaces = host.locator("#ln-canvas [data-space]").count()
    host.locator('.lang-switch a[hreflang="de"]').click()
    host.locator('html[lang="de"]').wait_for(state="attached")
    host.wait_for_function("() => (document.getElementById('ln-name') || {value: ''}).value === 'Our lake'")
    assert host.locator("#ln-canvas [data-space]").count() == spaces == 1
    assert host.locator(f'#ln-decks input[data-deck="{key}"]').input_value() == "9"
    ctx.close()
