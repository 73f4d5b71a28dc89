"""The host page on a 360-px phone (issue 35, point 5): "It is 560 px wide with a Jaws box profile
(the tile table) and 383 px with the Loch Ness map editor; the start form's select boxes cut their
own text ('digital (der Companion zieh'); option values show raw ('Welche Akte: both', 'Standard:
auto')." In English, Dutch and German, with a Jaws box profile open and the map editor open, for
every game's start form with tonight's four people planned into its seats: the page never scrolls
sideways, nothing sticks out of it, no words are cut, each select box shows all of its chosen
words, and no option's value is shown raw.

And the host's list of tables (point 6): "two identical rows, 'Loch Ness · läuft · Anna, Bernd,
Daan, Femke' (the base table and the advanced one)". Each row says what tells it apart: its
options in words and when it started, as a local time.
"""

from __future__ import annotations

import json
import re
from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

import engines
from tests.web import test_browser as shared
from tests.web.test_browser_fit import PHONE_FIT, SETTLED
from tests.web.test_browser_jaws_fit import CLIPPED

pytestmark = shared.pytestmark
server, browser, no_script_errors = shared.server, shared.browser, shared.no_script_errors
shot, watch = shared.shot, shared.watch

BOX = json.loads((Path(__file__).resolve().parents[1] / "fixtures" / "jaws_box.json")
                 .read_text(encoding="utf-8"))

# Each visible select whose chosen words need more room than its box shows: the words laid out in
# the select's font at the width its text gets (less the arrow of a select drawn by the system),
# against the height its text gets.
SELECTS_CUT = """() => {
    const cut = [];
    for (const s of document.querySelectorAll('select')) {
        const r = s.getBoundingClientRect();
        if (!r.width || s.closest('[hidden]')) continue;
        if (s.closest('details:not([open])') && !s.closest('summary')) continue;
        const chosen = s.options[s.selectedIndex];
        if (!chosen) continue;
        const cs = getComputedStyle(s);
        const px = (v) => parseFloat(v) || 0;
        const arrow = cs.appearance === 'none' ? 0 : 24;
        const probe = document.createElement('div');
        probe.textContent = chosen.text;
        Object.assign(probe.style, { position: 'absolute', visibility: 'hidden', font: cs.font,
            letterSpacing: cs.letterSpacing, whiteSpace: 'normal', overflowWrap: cs.overflowWrap,
            width: (s.clientWidth - px(cs.paddingLeft) - px(cs.paddingRight) - arrow) + 'px' });
        document.body.append(probe);
        const lines = probe.getBoundingClientRect().height;
        const wide = probe.scrollWidth > probe.clientWidth + 1;
        probe.remove();
        const room = s.clientHeight - px(cs.paddingTop) - px(cs.paddingBottom);
        if (lines > room + 1 || wide) cut.push((s.id || s.dataset.option) + ': ' + chosen.text);
    }
    return cut;
}"""

# Words a host reads on the start form: every option's label, default mark, help and choices.
FORM_WORDS = """() => [...document.querySelectorAll('#start-form .option')]
    .filter((o) => o.getBoundingClientRect().width)
    .map((o) => [o.dataset.name, [o.innerText, ...[...o.querySelectorAll('option')].map((x) => x.text),
        ...[...o.querySelectorAll('input')].map((x) => x.value + ' ' + x.placeholder)].join(' | ')])"""


def host_page(browser: Any, server: str, host_key: str, lang: str) -> Any:
    ctx = browser.new_context(viewport={"width": 360, "height": 740}, device_scale_factor=2,
                              is_mobile=True, has_touch=True)
    page = watch(ctx.new_page())
    page.goto(f"{server}/host?key={host_key}")
    page.goto(f"{server}/host?lang={lang}")
    page.locator("#game option").first.wait_for(state="attached")
    page.locator("#jaws-profiles .jp-table").first.wait_for()        # the saved profile, open
    page.locator("#ln-canvas svg").wait_for()                         # the map editor
    return page


def raw_values(client: Any, lang: str) -> dict[tuple[str, str], set[str]]:
    """Per game and option, the values a host must never read as they are sent: each choice and
    each default that is a word of the code ("both", "auto", "in_turn"), unless the option's own
    words for its choices, in this language, say that word too ("digital (der Companion zieht)")."""
    out: dict[tuple[str, str], set[str]] = {}
    for game in client.get(f"/api/games?lang={lang}").get_json()["games"]:
        for option in game["options"] + game.get("table_options", []):
            values = {v for v in (*option.get("choices", ()), option["default"])
                      if isinstance(v, str) and re.fullmatch(r"[a-z][a-z_]+", v)}
            said = set(re.findall(r"\w+", " ".join((option.get("choice_texts") or {}).values())))
            out[(game["id"], option["name"])] = values - said
    return out


@pytest.mark.parametrize("lang", ["en", "nl", "de"])
def test_the_host_page_fits_a_360_px_phone_with_the_box_profile_and_map_editor_open(
        server: str, browser: Any, host_key: str, service: Any, app: Any, lang: str) -> None:
    client = app.test_client()
    saved = client.put("/api/games/jaws/profiles/Our%20box", json={"profile": BOX["profile"]},
                       headers={"X-Host-Key": host_key})
    assert saved.status_code == 200, saved.get_json()
    raw = raw_values(client, lang)
    tonight = service.create_table("sharks-with-lasers", 4, {}, seed=2, lang=lang)["table"]
    for seat, name in enumerate(("Anna-Katharina", "Bernd", "Daan", "Femke")):
        service.claim_seat(tonight, seat, name)
    page = host_page(browser, server, host_key, lang)
    # tonight's people, each ticked with a seat in the chosen game's words (Jaws: its roles)
    page.locator(f'#start-people option[value="{tonight}"]').wait_for(state="attached")
    page.select_option("#start-people", tonight)
    page.locator("#start-plan-people li select").first.wait_for()
    page.select_option("#ln-open-which", index=0)                     # the sample board: its whole grid
    page.locator("#ln-open").click()
    page.locator("#ln-canvas svg .ln-space").first.wait_for()
    page.locator("#jp-printed summary").click()                      # the printed titles, typed in
    page.locator("#jp-titles input").first.wait_for()
    for game in engines.GAMES.values():
        page.select_option("#game", game.id)
        for option in game.option_spec[:1]:                             # its form, drawn
            page.locator(f'#options .option[data-name="{option.name}"]').first.wait_for()
        page.evaluate(SETTLED)
        fit = page.evaluate(PHONE_FIT)
        assert fit["scroll"] <= 360 and fit["out"] == [], (lang, game.id, fit)
        assert page.evaluate(CLIPPED) == [], (lang, game.id)
        assert page.evaluate(SELECTS_CUT) == [], (lang, game.id)
        for name, words in page.evaluate(FORM_WORDS):
            shown = set(re.findall(r"\w+", words)) & raw.get((game.id, name), set())
            assert not shown, (lang, game.id, name, words)
    shot(page, f"host-360-{lang}")
    page.context.close()


def test_two_tables_of_one_game_say_what_tells_them_apart_in_the_hosts_list(
        server: str, browser: Any, host_key: str, service: Any) -> None:
    base = service.create_table("loch-ness", 3, {}, seed=1, lang="de")["table"]
    advanced = service.create_table("loch-ness", 3, {"advanced": True}, seed=1, lang="de")["table"]
    for table in (base, advanced):
        for seat, name in enumerate(("Anna", "Bernd", "Daan")):
            service.claim_seat(table, seat, name)
    ctx = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True,
                              locale="de-DE", timezone_id="Europe/Berlin")
    page = watch(ctx.new_page())
    page.goto(f"{server}/host?key={host_key}")
    page.goto(f"{server}/host?lang=de")
    rows = {t: page.locator(f'#tables button[data-table="{t}"]') for t in (base, advanced)}
    for row in rows.values():
        row.wait_for()
    said = {t: row.inner_text() for t, row in rows.items()}
    assert said[base] != said[advanced]
    assert "Version für Fortgeschrittene" in said[advanced] and "Fortgeschrittene" not in said[base]
    for table in (base, advanced):
        assert said[table].splitlines()[0].startswith("Loch Ness · ")
        created = next(t["created"] for t in service.list_tables() if t["table"] == table)
        local = datetime.fromtimestamp(created, ZoneInfo("Europe/Berlin")).strftime("%H:%M")
        assert "gestartet " in said[table] and local in said[table], said[table]
    fit = page.evaluate(PHONE_FIT)
    assert fit["scroll"] <= 360 and fit["out"] == [], fit
    ctx.close()
