"""A real browser: the host starts a Laser Chess table, two phones claim seats and play the
first moves by tapping, and the table screen draws the beam. Screenshots go to test-artifacts/.

Debian's chromium, driven by Playwright; the app is served by waitress on 127.0.0.1 in a thread.
"""

from __future__ import annotations

import os
import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import CHROMIUM
from tests.waits import page_pause, patience, patience_ms, until

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not os.access(CHROMIUM, os.X_OK), reason="Debian's chromium is not installed"),
]


@pytest.fixture
def server(app: Any, service: Any) -> Iterator[str]:
    from waitress.server import create_server

    app.config.update(SSE_KEEPALIVE=0.5, SSE_MAX_SECONDS=patience(60.0))
    srv: Any = create_server(app, host="127.0.0.1", port=0, threads=16, channel_timeout=30,
                                channel_request_lookahead=5)
    thread = threading.Thread(target=srv.run, name="waitress-browser-test", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{srv.effective_port}"
    finally:
        # Stopped as `companion serve` stops: the service ends every open stream at once (pages
        # the test left open included), then the server lets its running requests finish.
        service.stop()
        srv.task_dispatcher.shutdown(timeout=patience(5))
        # End the loop from inside it (an empty map ends waitress's loop), then close its sockets
        # here: closing them while its poll() runs in the other thread fails there (EBADF).
        sockets: list[Any] = []

        def empty() -> None:   # in the loop: every socket it holds then (one accepted late too)
            sockets.extend(srv._map.values())
            srv._map.clear()

        srv.trigger.pull_trigger(empty)
        thread.join(timeout=patience(5))
        for each in sockets:
            each.close()


@pytest.fixture
def browser(chromium: Any) -> Iterator[Any]:
    """The run's chromium (tests/conftest.py); the contexts a test opened are closed after it, so
    no page it left open goes on polling or reconnecting during the next test."""
    yield chromium
    for context in chromium.contexts:
        context.close()


PAGE_ERRORS: list[str] = []


def watch(page: Any) -> Any:
    """Collect the page's script errors and console errors: a page that throws is broken.

    Failed loads are expected here (refusals are 4xx, one test cuts the stream on purpose)."""
    page.on("pageerror", lambda exc: PAGE_ERRORS.append(f"{page.url}: {exc}"))
    page.on("console", lambda msg: PAGE_ERRORS.append(f"{page.url}: {msg.text}")
            if msg.type == "error" and "Failed to load resource" not in msg.text else None)
    return page


@pytest.fixture(autouse=True)
def no_script_errors() -> Iterator[None]:
    PAGE_ERRORS.clear()
    yield
    assert PAGE_ERRORS == []


def phone(browser: Any) -> Any:
    context = browser.new_context(viewport={"width": 360, "height": 740}, device_scale_factor=2,
                                  is_mobile=True, has_touch=True)
    return watch(context.new_page())


SHOTS = os.environ.get("TEST_SHOTS") == "1"


def shot(page: Any, name: str) -> None:
    """A picture of the page in test-artifacts/<name>.png, for a person to look at: taken with
    TEST_SHOTS=1 (each costs the run a page's PNG; a failed test's pages are shot anyway, by
    tests/conftest.py)."""
    if not SHOTS:
        return
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def sit(page: Any, base: str, table: str, seat: int, name: str) -> None:
    """A phone opens the table's page and takes ``seat`` under ``name`` (the other browser tests)."""
    page.goto(f"{base}/play/{table}")
    page.locator("#claim").wait_for(state="visible")
    page.fill("#name", name)
    page.locator(f'#seat-buttons button[data-seat="{seat}"]').tap()
    page.locator("#seat").wait_for(state="visible")


def confirm(page: Any) -> None:
    """Answer the page's "are you sure?" sheet with yes."""
    page.locator("#sheet").wait_for(state="visible")
    page.locator("#sheet-ok").tap()
    page.locator("#sheet").wait_for(state="hidden")


def claim(page: Any, base: str, table: str, seat: int, name: str) -> None:
    page.goto(f"{base}/play/{table}")
    page.locator("#claim").wait_for(state="visible")
    # blank, with the first free seat's name as its hint: left so, every screen names it in its language
    assert page.locator("#name").input_value() == ""
    assert page.locator("#name").get_attribute("placeholder")   # "Player 1" (or "Speler 1", "Spieler 1")
    page.fill("#name", name)
    page.locator(f'#seat-buttons button[data-seat="{seat}"]').tap()
    page.locator("#seat").wait_for(state="visible")


def tap_square(page: Any, square: str) -> None:
    page.locator(f'#board .hit[data-square="{square}"]').tap()


# Laser Chess: every pixel of a restricted square's corner mark, and whether a token is drawn there too.
MARKS_UNDER_TOKENS = """() => {
    const clashes = [];
    document.querySelectorAll('#board svg.laser-board .restricted-corner').forEach((mark) => {
        const square = mark.closest('[data-square]').dataset.square;
        const box = mark.getBoundingClientRect();
        for (let x = Math.floor(box.left); x <= box.right; x++) {
            for (let y = Math.floor(box.top); y <= box.bottom; y++) {
                const here = document.elementsFromPoint(x + 0.5, y + 0.5);
                if (here.includes(mark) && here.some((e) => e.closest('[data-token]'))) clashes.push(square);
            }
        }
    });
    return [...new Set(clashes)];
}"""


def test_host_two_phones_and_the_table_screen_play_laser_chess(server: str, browser: Any, host_key: str,
                                                              service: Any) -> None:
    # The host starts a Laser Chess table.
    host_ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    host = watch(host_ctx.new_page())
    host.goto(f"{server}/host?key={host_key}")
    host.locator("#game option[value=laser-chess]").wait_for(state="attached")
    host.select_option("#game", "laser-chess")
    assert host.locator("#options .option").count() >= 2  # the game's options with their help
    assert "default" in host.locator("#options").inner_text()
    if host.locator("#opt-setting_up").count():   # this test plays at once: no setting up (issue 26)
        host.uncheck("#opt-setting_up")
    host.click("#start")
    host.locator("#manage").wait_for(state="visible")
    table = host.locator("#manage-title").inner_text().rsplit("·", 1)[1].strip()
    assert service.public(table)["game"] == "laser-chess"
    service.set_auto(table, False)   # the test steps the table screen with Next

    # The table screen (a 1280x720 TV) and two phones.
    tv_ctx = browser.new_context(viewport={"width": 1280, "height": 720})
    tv = watch(tv_ctx.new_page())
    tv.goto(f"{server}/table/{table}")
    tv.locator("#board svg").wait_for(state="visible")
    blue, red = phone(browser), phone(browser)
    claim(blue, server, table, 0, "Anna")
    shot(blue, "phone-blue-seated")
    red.goto(f"{server}/play/{table}")
    red.locator("#claim").wait_for(state="visible")
    assert red.locator('#seat-buttons button[data-seat="0"]').is_disabled()  # Anna has it
    red.fill("#name", "Bo")
    red.locator('#seat-buttons button[data-seat="1"]').tap()
    red.locator("#seat").wait_for(state="visible")
    tv.locator("#seats", has_text="Bo").wait_for()
    assert red.evaluate(MARKS_UNDER_TOKENS) == []  # Red's board is drawn turned round: same rule
    assert "Your turn." in blue.locator("#status").inner_text()
    assert "Anna" in red.locator("#status").inner_text()

    # Blue taps a token, sees its targets, taps one, confirms: the move is made and the laser fires.
    legal = service.seat_view(table, 0)["legal_actions"]
    move = next(a for a in legal if a["type"] == "move")
    tap_square(blue, move["from"])
    assert blue.locator("#board .hit.target").count() >= 1
    # at 360 px the page does not scroll sideways: the board, at 44 px a square (a thumb's), scrolls
    # in its own frame, which fits, and shows the tapped token and its targets; its legend under it;
    # the tapped token's moves are big buttons too
    assert blue.evaluate("document.scrollingElement.scrollWidth") <= 360
    frame = blue.locator("#board .board-zoom").bounding_box()
    assert frame["x"] >= 0 and frame["x"] + frame["width"] <= 360
    target = blue.locator("#board .hit.target").first.bounding_box()
    assert min(target["width"], target["height"]) >= 43.5
    for square in (move["from"], move["to"]):   # in view, not behind the frame's edge
        box = blue.locator(f'#board .hit[data-square="{square}"]').bounding_box()
        left, right = frame["x"] - 0.5, frame["x"] + frame["width"] + 0.5
        assert box["x"] >= left and box["x"] + box["width"] <= right, square
    button = blue.locator(f'#controls .lc-move[data-to="{move["to"]}"]').bounding_box()
    assert button["height"] >= 44
    assert blue.locator("#board .lc-legend-item").count() == 2
    # restricted squares (ace has tokens on a4, a5, j4, j5) are marked where no token is drawn
    assert blue.locator('#board [data-token="a5"]').count() == 1
    assert blue.locator("#board svg.laser-board .restricted-corner").count() == 18
    assert blue.evaluate(MARKS_UNDER_TOKENS) == []
    assert blue.locator("#controls button.rotate").count() >= 1
    shot(blue, "phone-blue-selected")
    tap_square(blue, move["to"])
    blue.locator("#sheet").wait_for(state="visible")
    assert move["from"] in blue.locator("#sheet-title").inner_text()
    shot(blue, "phone-blue-confirm")
    blue.locator("#sheet-ok").tap()
    # while the table screen tells the move, Blue's phone says so (not whose turn comes after it)
    blue.locator("#status", has_text="The table is showing move 1: 1 of 2.").wait_for()
    assert service.public(table)["view"]["last_move"]["notation"] == move["notation"]

    # Every screen follows; the table screen says the move ("1 of 2") with no beam yet, and draws
    # the beam when Next reaches the laser's step.
    tv.locator("#resolution", has_text="1 of 2").wait_for()
    assert tv.locator("#board polyline.beam").count() == 0
    assert tv.locator("#outcome").is_hidden()

    # Red is asked once the table has fired Blue's laser, not before: what Red may do follows from
    # what the beam took (docs/web.md, "No phone ahead of the table").
    red.locator("#telling", has_text="The table is showing move 1: 1 of 2.").wait_for()
    assert "Your turn." not in red.locator("#status").inner_text()
    assert red.locator("#controls button.rotate").count() == 0
    # a beam that removes a token: before its step the token still stands and is not listed as removed
    hit = {"square": "c4", "color": "red", "piece": "deflector", "facing": "NE"}
    steps = tv.evaluate("""(hit) => {
        const view = {board: [], removed: [hit], last_beam: {path: ['j1', 'j2']}};
        const events = [{type: 'move'}, {type: 'laser', removed: hit}];
        return [0, 1].map((index) => {
            const now = LaserBoard.asOfStep(view, {index: index, events: events});
            return [now.beam !== null, now.view.board.map((t) => t.square), now.removed.length];
        });
    }""", hit)
    assert steps == [[False, ["c4"], 0], [True, [], 1]]
    tv.locator("#next").click()
    tv.locator("#resolution", has_text="2 of 2").wait_for()
    tv.locator("#board polyline.beam").wait_for(state="attached")
    blue_said = tv.locator("#events li.current").inner_text()
    red.locator("#status", has_text="Your turn.").wait_for()
    blue.locator("#status", has_text="Bo").wait_for()

    # Red answers with a rotation (the laser's turn included), by tapping; the table tells it.
    rotate = next(a for a in service.seat_view(table, 1)["legal_actions"] if a["type"] == "rotate")
    tap_square(red, rotate["square"])
    red.locator(f'#controls button.rotate[data-turn="{rotate["turn"]}"]').tap()
    red.locator("#sheet").wait_for(state="visible")
    red.locator("#sheet-ok").tap()
    red.locator("#status", has_text="The table is showing move 2: 1 of 2.").wait_for()
    assert service.public(table)["view"]["last_move"]["notation"] == rotate["notation"]
    tv.locator("#events li.current", has_text="Bo").wait_for()
    tv.locator("#resolution .resolution-count", has_text="1 of 2").wait_for()
    story = service.public(table)["story"]                          # Blue's steps told before it
    told = [s["event"]["type"] for s in story["steps"] if s["told"]]
    assert told[-3:-1] == ["move", "laser"] and blue_said, told
    tv.locator("#next").click()
    tv.locator("#turn", has_text="Anna").wait_for()
    blue.locator("#status", has_text="Your turn.").wait_for()

    # A refusal on the phone says why: Bo tries to play again on his stale screen.
    stale = red.evaluate("""async () => {
        const r = await fetch(location.pathname.replace('/play/', '/api/tables/') + '/actions', {
            method: 'POST', headers: {'Content-Type': 'application/json'},
            body: JSON.stringify({action: {type: 'declare_draw', notation: 'draw'}})});
        return [r.status, (await r.json()).error];
    }""")
    assert stale[0] == 409 and "Anna" in stale[1]

    # Bo's phone page is closed (a phone put away): once the grace for a quick reconnect has passed
    # (shortened here) the table screen and the host page mark him away, in words and a shape, and
    # the host is told he can free the seat; nothing in the game moves. Reopened, he is back.
    service.presence.grace = 0.5
    version = service.public(table)["version"]
    assert tv.locator("#seats .presence.away").count() == 0
    red_ctx = red.context
    red.close()
    away = tv.locator('#seats li[data-seat="1"] .presence.away')
    away.wait_for()
    assert away.inner_text() == "⚠ away" and "Bo" in tv.locator('#seats li[data-seat="1"]').inner_text()
    assert tv.locator('#seats li[data-seat="0"] .presence').count() == 0  # Anna is still here
    host.locator('#seats li[data-seat="1"] .presence.away', has_text="⚠ away").wait_for()
    assert "free the seat" in host.locator('#seats li[data-seat="1"]').inner_text()
    assert host.locator('#seats li[data-seat="0"] .presence.connected').inner_text() == "● connected"
    assert service.public(table)["version"] == version  # presence is not a game change
    shot(host, "host-seat-away")
    red = watch(red_ctx.new_page())
    red.goto(f"{server}/play/{table}")  # the seat cookie brings him back to his seat
    red.locator("#seat").wait_for(state="visible")
    away.wait_for(state="detached")
    host.locator('#seats li[data-seat="1"] .presence.connected').wait_for()
    shot(host, "host-seat-back")

    # After several more moves (the step panel and the event list grown, pieces perhaps removed) the
    # join QR code and its caption still lie wholly inside the 1280x720 table screen.
    for ply in range(8):   # played straight to the companion (the phones wait for the telling)
        game = service.state_of(table)
        if game.outcome is not None:
            break
        seat = game.awaiting[0]
        legal = game.legal_actions(seat)
        moves = [a for a in legal if a["type"] in ("move", "rotate")]
        service.act(table, seat, moves[(ply * 7) % len(moves)])
    tv.locator("#resolution").wait_for(state="visible")
    tv.locator("#events li.current").wait_for()
    tv.locator("#next").click()  # the next step: a beam, and what it removed
    layout = tv.evaluate("""() => [...document.querySelectorAll('main, aside, .side-scroll, .qr-row')].map(
        (e) => [e.className || e.tagName, Math.round(e.getBoundingClientRect().top),
                Math.round(e.getBoundingClientRect().height), e.scrollTop, e.scrollHeight])""")
    for selector in ("#join-qr", ".qr-row figcaption >> nth=0"):
        box = tv.locator(selector).bounding_box()
        assert box is not None and box["width"] > 0, selector
        assert box["x"] >= 0 and box["x"] + box["width"] <= 1280, (selector, box, layout)
        assert box["y"] >= 0 and box["y"] + box["height"] <= 720, (selector, box, layout)
    assert tv.evaluate("document.scrollingElement.scrollHeight") <= 720  # the page itself does not scroll
    assert tv.locator("#join-qr").bounding_box()["width"] >= 120  # still big enough to scan from a chair

    shot(tv, "table-screen")
    shot(red, "phone-red")
    shot(blue, "phone-blue-second-turn")
    shot(host, "host")

    # Next game with the same seats: the phones and the table screen follow without a new claim.
    host.click("#next-game")
    host.locator("#sheet").wait_for(state="visible")   # the game is still being played: the host is asked
    host.locator("#sheet-ok").click()
    blue.wait_for_url(re.compile(rf"/play/(?!{table})\w+$"))
    new_table = blue.url.rsplit("/", 1)[1]
    blue.locator("#status", has_text="Your turn.").wait_for()
    assert "Anna" in blue.locator("#who").inner_text() and blue.locator("#claim").is_hidden()
    tv.wait_for_url(f"**/table/{new_table}")
    assert service.public(new_table)["seats"][1]["name"] == "Bo"

    # The host frees Bo's seat: his phone says so and offers the free seats again.
    red.wait_for_url(f"**/play/{new_table}")
    red.locator("#seat").wait_for(state="visible")
    service.free_seat(new_table, 1)
    red.locator("#claim").wait_for(state="visible")
    assert "freed" in red.locator("#refusal").inner_text()
    assert not red.locator('#seat-buttons button[data-seat="1"]').is_disabled()
    for ctx in (host_ctx, tv_ctx, blue.context, red.context):
        ctx.close()


def test_a_phone_plays_a_hidden_information_game_with_generic_buttons(server: str, browser: Any,
                                                                     make_table: Any, service: Any) -> None:
    """Generic controls from legal_actions; and a phone whose stream is blocked keeps up by polling."""
    t = make_table()  # the fake game: a secret word each, then secret picks
    t.claim(1, "Bo")
    page = phone(browser)
    page.route("**/stream*", lambda route: route.abort())  # a proxy or a flaky Wi-Fi that breaks SSE
    page.goto(f"{server}/play/{t.id}")
    page.locator("#claim").wait_for(state="visible")
    page.locator('#seat-buttons button[data-seat="0"]').tap()  # no name typed: "Player 1"
    page.locator("#seat").wait_for(state="visible")
    assert "Player 1" in page.locator("#who").inner_text()
    assert page.locator("#view-details").get_attribute("open") is not None  # the view is the game here
    word = service.seat_view(t.id, 0)["view"]["word"]
    assert word in page.locator("#view").inner_text()  # its own secret, readable
    assert service.seat_view(t.id, 1)["view"]["word"] not in page.content()  # never Bo's
    page.locator("#controls button.action", has_text="Pick 2").tap()
    assert page.locator("#sheet-title").inner_text() == "Pick 2"
    page.locator("#sheet-cancel").tap()  # thought better of it: nothing is sent
    assert service.public(t.id)["view"]["picked"] == [False, False]
    page.locator("#controls button.action", has_text="Pick 3").tap()
    page.locator("#sheet-ok").tap()
    page.locator("#events", has_text="You picked 3.").wait_for()
    assert service.public(t.id)["view"]["picked"] == [True, False]
    assert "Bo" in page.locator("#status").inner_text()
    shot(page, "phone-generic-game")
    # Bo plays from his own phone; this phone has no stream, so polling must bring round 2.
    assert t.act(1, {"type": "pick", "notation": "pick1"}).status_code == 200
    page.locator("#status", has_text="Your turn.").wait_for(timeout=patience_ms(6))
    assert "retrying" in page.locator("#conn").inner_text()
    # A reload brings the phone back to its seat with its cookie, not to the claim screen.
    page.reload()
    page.locator("#seat").wait_for(state="visible")
    assert page.locator("#claim").is_hidden() and "Player 1" in page.locator("#who").inner_text()
    # The last round: the outcome, in words, with the winner's name.
    assert t.act(1, {"type": "pick", "notation": "pick4"}).status_code == 200
    page.locator("#controls button.action", has_text="Pick 1").tap()
    page.locator("#sheet-ok").tap()
    page.locator("#outcome").wait_for(state="visible")
    outcome = service.public(t.id)["outcome"]
    winners = {0: "Player 1", 1: "Bo"}
    assert page.locator("#outcome").inner_text().startswith(
        "Winner: " + ", ".join(winners[s] for s in outcome["winners"]))
    assert page.locator("#status").inner_text() == "The game is over."
    shot(page, "phone-generic-outcome")
    page.context.close()


def test_host_virtual_hardware_panel_presses_buttons_and_injects_faults(server: str, browser: Any,
                                                                        host_key: str, service: Any) -> None:
    from gpiozero.pins.mock import MockFactory

    from companion.hardware_link import attach
    from hardware import build
    from hardware.config import example_rig

    factory = MockFactory()
    rig = build(example_rig(), pin_factory=factory)
    try:
        attach(service, rig)
        created = service.create_table("laser-chess", 2, {})
        ctx = browser.new_context(viewport={"width": 1280, "height": 900})
        host = watch(ctx.new_page())
        host.goto(f"{server}/host?key={host_key}")
        panel = host.locator("#hardware")
        panel.wait_for(state="visible")
        sensor = next(d for d in rig.status()["devices"] if d["kind"] == "sensor")
        where = f'.device-sensor[data-device="{sensor["name"]}"]'
        card = host.locator(where)
        card.wait_for()
        assert card.locator(".state").inner_text().endswith(": Dark")
        square, direction = sensor["watches"].split(":")
        compass = {"N": "north", "E": "east", "S": "south", "W": "west"}[direction]
        assert f"watches {square} {compass}" in card.inner_text()
        card.locator("select").select_option("stuck-lit")
        card.locator("button", has_text="Inject").click()
        host.locator(f'{where} .state[data-state="lit"]').wait_for()  # the sensor now reads lit
        assert "Fault: stuck lit" in host.locator(where).locator("div.muted").inner_text()
        move = next(a for a in service.state_of(created["table"]).legal_actions(0) if a["type"] == "move")
        service.act(created["table"], 0, move)    # the move, then its beam: a step for "next" to show
        step = service.public(created["table"])["step"]
        host.locator('.device-button[data-device="next"] button', has_text="Press").click()
        until(lambda: service.public(created["table"])["step"] > step, 5.0, pause=page_pause(host))
        assert service.public(created["table"])["step"] == step + 1  # the table's next button
        assert host.locator(".device-led").count() >= 2
        shot(host, "host-hardware-panel")
        ctx.close()
    finally:
        rig.close()
        factory.reset()


def test_the_table_screen_shows_no_winner_before_the_step_that_wins(server: str, browser: Any,
                                                                     service: Any) -> None:
    """Issue 15: "in Laser Chess the winner box appears at step 1 of 3, before the beam is drawn".
    Every panel draws the state as of the step shown: until the laser's step has hit the King, no
    winner anywhere on the table screen; at the last step, the winner in words."""
    import random

    import engines

    game = engines.get("laser-chess")
    table = service.create_table("laser-chess", 2, {}, seed=1)["table"]
    service.set_auto(table, False)
    rnd = random.Random(4)
    winning = None
    for _ in range(600):   # random moves that do not end the game, until one that would is there
        state = service.state_of(table)
        seat = state.awaiting[0]
        actions = [a for a in state.legal_actions(seat) if a["type"] != "declare_draw"]
        ends = [a for a in actions if state.apply(seat, a).outcome is not None]
        if ends:
            winning = (seat, ends[0])
            break
        service.act(table, seat, rnd.choice(actions))
    assert winning is not None and game.id == "laser-chess"
    tv_ctx = browser.new_context(viewport={"width": 1280, "height": 720})
    tv = watch(tv_ctx.new_page())
    tv.goto(f"{server}/table/{table}")
    tv.locator("#board svg").wait_for()
    while service.public(table)["story"]["waiting"]:
        service.advance(table)
    service.act(table, *winning)
    total = service.public(table)["story"]["steps"][-1]["count"]
    assert total >= 2
    for k in range(total):
        tv.locator("#resolution .resolution-count", has_text=f"{k + 1} of {total}").wait_for()
        step_id = service.public(table)["story"]["steps"][-total + k]["id"]
        tv.locator(f'#events li.current[data-id="{step_id}"]').wait_for()
        page_text = tv.locator("body").inner_text()
        if k < total - 1:
            assert tv.locator("#outcome").is_hidden() and "Winner" not in page_text, (k, page_text)
            assert "The game is over." not in tv.locator("#turn").inner_text()
            service.advance(table)
    tv.locator("#outcome", has_text="Winner: ").wait_for()
    assert tv.locator("#board polyline.beam").count() == 1      # the beam that won it, drawn
    shot(tv, "laser-chess-table-winner-at-the-last-step")
    tv_ctx.close()
