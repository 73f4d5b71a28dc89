"""A real browser and Loch Ness: the host draws a six-space board in the map editor (terrain by
clicks, neighbours by the grid button and by dragging, sites, marks, Nessie, her route), sees the
problems go as it draws, saves it under a name and starts a table on it."""

from __future__ import annotations

import json
from typing import Any

from tests.engines.loch_ness.test_board import SIX
from tests.waits import page_pause, until
from tests.web import test_browser as shared

# the browser fixtures and helpers of test_browser.py, shared (chromium launched once per module)
pytestmark = shared.pytestmark
server, browser, no_script_errors = shared.server, shared.browser, shared.no_script_errors
phone, shot, watch = shared.phone, shared.shot, shared.watch


def cell(page: Any, x: int, y: int) -> None:
    page.locator(f'#ln-canvas [data-cell="{x},{y}"]').click()


def tool(page: Any, name: str) -> None:
    page.locator(f'.ln-tool[data-tool="{name}"]').click()


def space(page: Any, sid: str) -> Any:
    return page.locator(f'#ln-canvas [data-space="{sid}"]')


def draw_six(host: Any) -> None:
    """The board of tests/engines/loch_ness/test_board.py (SIX), drawn by hand."""
    host.click("#ln-new")
    host.fill("#ln-cols", "3")
    host.dispatch_event("#ln-cols", "change")
    host.fill("#ln-rows", "3")
    host.dispatch_event("#ln-rows", "change")
    for terrain, cells in (("harbour", [(0, 2)]), ("front", [(1, 2)]), ("water", [(1, 1), (2, 2), (2, 1)]),
                           ("island", [(2, 0)])):
        tool(host, terrain)
        for x, y in cells:
            cell(host, x, y)
    assert host.locator("#ln-canvas [data-space]").count() == 6
    host.locator("#ln-problems li").first.wait_for()        # a board without sites or a route has problems
    host.click("#ln-connect-grid")
    tool(host, "connect")                                    # w1 (1,1) and w2 (2,2) touch diagonally
    space(host, "w1").hover()
    host.mouse.down()
    space(host, "w2").hover()
    host.mouse.up()
    tool(host, "site")
    for sid in ("w1", "w2", "i1", "i1"):
        space(host, sid).click()
    tool(host, "IV")
    space(host, "w3").click()
    tool(host, "III")
    space(host, "w2").click()
    tool(host, "nessie")
    space(host, "w3").click()
    tool(host, "route")
    for sid in ("w3", "w2", "F"):
        space(host, sid).click()


def test_the_host_draws_a_six_space_board_saves_it_and_starts_a_table_on_it(
        server: str, browser: Any, host_key: str, service: Any) -> None:
    ctx = browser.new_context(viewport={"width": 1280, "height": 1000})
    host = watch(ctx.new_page())
    host.goto(f"{server}/host?key={host_key}")
    host.locator("#ln-editor").wait_for(state="visible")
    host.locator("#ln-placeholder").wait_for(state="visible")      # the sample opens first, marked
    assert host.locator("#ln-canvas [data-space]").count() == 21
    host.fill("#ln-name", "Onze kaart")                              # renamed: the table's own board
    host.dispatch_event("#ln-name", "input")
    host.locator("#ln-placeholder").wait_for(state="hidden")

    draw_six(host)
    host.locator('#ln-status[data-ok="true"]').wait_for()
    assert host.locator("#ln-problems li").count() == 0

    # a misplaced line is one tap from gone: Undo
    tool(host, "connect")
    space(host, "H").hover()
    host.mouse.down()
    space(host, "w2").hover()
    host.mouse.up()
    host.locator('#ln-status[data-ok="false"]').wait_for()
    host.click("#ln-undo")
    host.locator('#ln-status[data-ok="true"]').wait_for()
    assert host.locator('#ln-canvas [data-link="H|w2"]').count() == 0

    # the decks as counts, by the cards' printed names; a wrong total is named, Undo puts it back
    host.locator("details.ln-decks summary").click()
    motor = host.locator('#ln-decks input[data-deck="tool:motor"]')
    assert motor.input_value() == "7" and host.locator("#ln-decks label", has_text="diving suit").count() == 1
    assert host.locator('#ln-decks input[data-deck^="find:"]').count() >= 8
    motor.fill("6")
    host.locator('#ln-status[data-ok="false"]').wait_for()
    host.click("#ln-undo")
    host.locator('#ln-status[data-ok="true"]').wait_for()
    assert motor.input_value() == "7"
    shot(host, "loch-ness-editor-six")
    host.fill("#ln-name", "Kitchen six")
    host.click("#ln-save")
    host.locator("#ln-status", has_text="Saved as Kitchen six.").wait_for()
    saved = service.keeping.board("loch-ness", "Kitchen six")["board"]
    assert {s["id"]: s["terrain"] for s in saved["spaces"]} == {
        "H": "harbour", "F": "front", "w1": "water", "w2": "water", "w3": "water", "i1": "island"}
    assert sorted(next(s for s in saved["spaces"] if s["id"] == "w1")["adjacent"]) == ["F", "w2", "w3"]

    # export gives the board as JSON; an exported file imports again (here the test suite's six)
    host.click("#ln-export")
    assert json.loads(host.locator("#ln-json").input_value())["name"] == "Kitchen six"
    assert host.locator("#ln-download").get_attribute("download") == "Kitchen-six.json"
    host.click("#ln-new")
    host.set_input_files("#ln-import", files=[{"name": "six.json", "mimeType": "application/json",
                                               "buffer": json.dumps(SIX).encode()}])
    host.locator("#ln-name").wait_for()
    assert until(lambda: host.locator("#ln-name").input_value() == "Six spaces", 5.0, every=0.1,
                 pause=page_pause(host))
    host.locator('#ln-status[data-ok="true"]').wait_for()
    assert host.locator("#ln-canvas [data-space]").count() == 6
    host.set_input_files("#ln-import", files=[{"name": "bad.json", "mimeType": "application/json",
                                               "buffer": b'{"spaces": ['}])
    host.locator("#ln-problems li", has_text="The board is not valid JSON: it breaks at line 1").wait_for()

    # a problem shows at once, and a broken board is never saved
    tool(host, "erase")
    space(host, "H").click()
    host.locator("#ln-problems li", has_text="The board has no harbour.").wait_for()
    host.click("#ln-save")
    host.locator("#refusal", has_text="The board has no harbour.").wait_for()
    assert service.keeping.board("loch-ness", "Kitchen six")["board"] == saved

    # the start form offers the saved board; the table starts on it
    host.select_option("#game", "loch-ness")
    host.fill("#players", "3")
    host.locator('#ln-board-choice option[value="Kitchen six"]').wait_for(state="attached")
    assert "placeholder" not in host.locator('#ln-board-choice option[value="Kitchen six"]').inner_text()
    host.select_option("#ln-board-choice", "Kitchen six")
    host.locator("#ln-board-note", has_text="Your own board: Kitchen six.").wait_for()
    assert until(lambda: len(host.locator('[data-option="board"]').input_value()) > 100,   # the board's
                 8.0, every=0.1, pause=page_pause(host))            # JSON is fetched when it is chosen
    if host.locator("#opt-setting_up").count():   # this test plays at once: no setting up (issue 26)
        host.uncheck("#opt-setting_up")
    host.click("#start")
    host.locator("#manage").wait_for(state="visible")
    table = host.locator("#manage-title").inner_text().rsplit("·", 1)[1].strip()
    view = service.public(table)["view"]
    assert view["board"]["name"] == "Kitchen six" and set(view["sites"]) == {"w1", "w2", "i1"}
    assert view["nessie"] == "w3" and view["board"]["placeholder"] is False
    ctx.close()


claim = shared.sit


def test_a_phone_sails_by_tapping_the_map_and_the_table_screen_draws_the_boats(
        server: str, browser: Any, service: Any) -> None:
    """Moving: "A boat may move three spaces" (the ringed spaces on the phone's map); the turn ends
    with a confirmation that says which boats have not acted; the table screen draws every boat."""
    table = service.create_table("loch-ness", 3, {}, seed=4)["table"]
    tv_ctx = browser.new_context(viewport={"width": 1280, "height": 720})
    tv = watch(tv_ctx.new_page())
    tv.goto(f"{server}/table/{table}")
    tv.locator("#game-area svg.ln-map").wait_for(state="visible")
    assert tv.locator("#game-area [data-space]").count() == 21
    assert tv.locator("#game-area .ln-boat").count() == 3            # one boat each, in the harbour
    assert "placeholder" in tv.locator(".ln-status").inner_text()
    assert tv.locator(".ln-track li").count() == 3

    anna = phone(browser)
    claim(anna, server, table, 0, "Anna")
    anna.locator("#controls .ln-boat-card").first.wait_for()
    assert "Your turn" in anna.locator("#controls .status").inner_text()
    # the table screen has told the start (Auto): nothing is drawn again under Anna's taps
    told = until(lambda: not service.public(table)["story"]["waiting"], 20.0, every=0.1,
                 pause=page_pause(anna))
    assert told, "the table screen did not tell the start"
    anna.locator('[data-sail="1"]').tap()
    targets = anna.locator("#board .ln-target")
    assert targets.count() == len({a["to"] for a in service.seat_view(table, 0)["legal_actions"]
                                   if a["type"] == "move"})
    shot(anna, "loch-ness-phone-sailing")
    anna.locator('#board .ln-target[data-target="w13"]').tap()
    anna.locator("#sheet").wait_for(state="visible")
    anna.locator("#sheet-ok").tap()
    anna.locator("#controls .ln-boat-card", has_text="at w13").wait_for()
    assert service.public(table)["view"]["players"][0]["boats"][0]["where"] == "w13"
    tv.locator('#game-area .ln-boat[data-boat="0/1"]').wait_for()
    anna.locator("#ln-end").tap()
    anna.locator("#sheet").wait_for(state="visible")
    anna.locator("#sheet-ok").tap()
    # her turn ended: the next seat's (the phone said "turn" before as well: waited for in the game)
    assert until(lambda: service.public(table)["awaiting"] == [1], 20.0, every=0.1, pause=page_pause(anna))
    tv.locator("#resolution").wait_for(state="visible")
    shot(tv, "loch-ness-table")
    tv_ctx.close()


def _face_off(victim_tools: str) -> Any:
    """Advanced, seat 0 to play: its boat 1 on w9 with a thief and a weapon; seat 1's boat 1 on w13
    with a young monster and one hidden tool."""
    from engines.rng import Rng
    from tests.engines.loch_ness.helpers import boat, cleared
    t = cleared(3, advanced=True)
    t.phase, t.seat, t.hands, t.rng = "turn", 0, [[] for _ in range(3)], Rng.from_seed(2)
    boat(t, 0, 1, "w9", tools="tw")
    boat(t, 1, 1, "w13", tools=victim_tools, finds="Y")
    return t


def _phone_in(browser: Any, locale: str) -> Any:
    context = browser.new_context(viewport={"width": 360, "height": 740}, device_scale_factor=2,
                                  is_mobile=True, has_touch=True, locale=locale)
    return watch(context.new_page())


ASKED = [("nl", "thief", "besteelt je boot 1. Laat je een dief zien"),
         ("de", "defend", "greift dein Boot 1 an und zeigt eine Waffe. Zeigst du auch eine Waffe?"),
         ("en", "thief", "is robbing your boat 1. Show a thief to stop it?")]


def test_the_robbed_and_the_attacked_player_decide_on_their_own_phones(
        server: str, browser: Any, service: Any, monkeypatch: Any) -> None:
    """Stelen (line 93): "... dan mag hij deze laten zien"; Een boot aanvallen (line 99): "Daarna mag
    de verdediger hetzelfde doen." The robbed or attacked player's phone asks, in its language, at
    360 px; the attacker's phone waits and says who decides."""
    from engines.loch_ness import GAME, LochNessState
    for locale, step, question in ASKED:
        t = _face_off("t" if step == "thief" else "w")
        with monkeypatch.context() as patch:
            patch.setattr(GAME, "_start", lambda players, seed, options, t=t: LochNessState(GAME, t.copy()))
            table = service.create_table("loch-ness", 3, {"advanced": True}, seed=1)["table"]
        service.act(table, 0, {"type": "move", "boat": 1, "to": "w13"})
        service.act(table, 0, {"type": "steal", "target_seat": 1, "target_boat": 1} if step == "thief" else
                    {"type": "attack", "target_seat": 1, "target_boat": 1, "weapon": True})
        anna, bert = _phone_in(browser, locale), _phone_in(browser, locale)
        shared.sit(anna, server, table, 0, "Anna")
        shared.sit(bert, server, table, 1, "Bert")
        bert.locator("#controls .status", has_text=question).wait_for()
        anna.locator("#controls .status", has_text="Bert").wait_for()
        assert anna.locator(f'[data-action^="{step} "]').count() == 0
        assert bert.locator(f'[data-action^="{step} "]').count() == 2
        assert bert.evaluate("document.documentElement.scrollWidth") <= 360
        shot(bert, f"loch-ness-phone-{step}-{locale}")
        bert.locator(f'[data-action="{step} +"]').tap()
        shared.confirm(bert)
        anna.locator("#controls .status.your-turn").wait_for()
        boats = service.public(table)["view"]["players"]
        if step == "thief":
            assert boats[1]["boats"][0]["finds"] == ["young_monster"]
        else:
            assert [p["boats"][0]["side"] for p in boats[:2]] == [True, True]
        anna.context.close()
        bert.context.close()


READABLE = """() => {
    const map = document.querySelector('#game-area svg.ln-map');
    const scale = map.getScreenCTM().a;
    const boats = Array.from(map.querySelectorAll('.ln-boat'));
    return Array.from(map.querySelectorAll('text')).filter(t => (t.textContent || '').trim()).map(t => {
        const b = t.getBoundingClientRect();
        const under = boats.filter(boat => {
            const r = boat.getBoundingClientRect();
            return r.left < b.right && b.left < r.right && r.top < b.bottom && b.top < r.bottom;
        });
        const ctm = t.getScreenCTM();
        return {cls: t.getAttribute('class'), text: t.textContent,
                px: parseFloat(getComputedStyle(t).fontSize) * ctm.a,
                covered: under.filter(boat => !boat.contains(t) &&
                    (boat.compareDocumentPosition(t) & Node.DOCUMENT_POSITION_PRECEDING)).length,
                scale: scale};
    });
}"""


def test_the_table_screen_keeps_every_label_readable_with_boats_on_it(
        server: str, browser: Any, service: Any, monkeypatch: Any) -> None:
    """The table screen at 1280x720: every word and number on the map is at least 18 px, and no boat
    is drawn over a space's name, mark or Nessie's route number (boats on w12, w13 and F)."""
    from engines.loch_ness import GAME, LochNessState
    from tests.engines.loch_ness.helpers import boat, cleared
    t = cleared(4)
    for seat, where in enumerate(("w12", "w13", "F", "w13")):
        boat(t, seat, 1, where)
        boat(t, seat, 2, "w12")
    with monkeypatch.context() as patch:
        patch.setattr(GAME, "_start", lambda players, seed, options: LochNessState(GAME, t.copy()))
        table = service.create_table("loch-ness", 4, {}, seed=1)["table"]
    ctx = browser.new_context(viewport={"width": 1280, "height": 720})
    tv = watch(ctx.new_page())
    tv.goto(f"{server}/table/{table}")
    tv.locator("#game-area svg.ln-map").wait_for(state="visible")
    service.act(table, 0, {"type": "move", "boat": 2, "to": "w8"})
    tv.locator("#resolution").wait_for(state="visible")
    texts = tv.evaluate(READABLE)
    shot(tv, "loch-ness-table-labels")
    small = [(x["cls"], x["text"], round(x["px"], 1)) for x in texts if x["px"] < 18]
    assert small == []
    hidden = [(x["cls"], x["text"]) for x in texts if x["covered"]]
    assert hidden == []
    ctx.close()


def test_the_town_sheet_promises_a_hand_in_only_for_a_boat_with_finds_and_names_a_photo(
        server: str, browser: Any, service: Any, monkeypatch: Any) -> None:
    """Rondkijken in de stad (line 109): "Hierbij kunnen er ontdekkingen ingeleverd worden": a boat
    with finds hands them in; the sheet of a boat without any says so, not that its finds are handed
    in. A young monster aboard is its photo ("een foto maken en deze meenemen op de boot"; the score
    table: "Foto van een jong monster"), on a German phone."""
    from engines.loch_ness import GAME, LochNessState
    from tests.engines.loch_ness.helpers import boat, cleared
    t = cleared(3)
    boat(t, 0, 1, "H")
    boat(t, 0, 2, "H", tools="c", finds="Y")
    with monkeypatch.context() as patch:
        patch.setattr(GAME, "_start", lambda players, seed, options: LochNessState(GAME, t.copy()))
        table = service.create_table("loch-ness", 3, {}, seed=1)["table"]
    anna = _phone_in(browser, "de")
    shared.sit(anna, server, table, 0, "Anna")
    cards = anna.locator("#controls .ln-boat-card")
    cards.nth(1).wait_for()
    assert "Funde: ein Foto von einem jungen Monster" in cards.nth(1).inner_text()
    for number, detail in ((1, "Boot 1 hat keine Funde abzugeben"),
                           (2, "Deine Funde werden gegen Rufpunkte abgegeben.")):
        anna.locator(f'[data-action="town {number}"]').tap()
        anna.locator("#sheet").wait_for(state="visible")
        assert detail in anna.locator("#sheet-detail").inner_text()
        anna.locator("#sheet-cancel").tap()
        anna.locator("#sheet").wait_for(state="hidden")
    anna.context.close()
