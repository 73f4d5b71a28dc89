"""A power cut resumes the table's moment (issue 42, point 6), in Debian's chromium.

A real ``companion serve`` (its own process, loopback) is killed with SIGKILL and started again on
the same data directory and port, as the unit restarts it. Before the cut, a phone is half-way
through a play it has not sent (a Laser Chess piece picked up, a Fzzzt! bid half built, a Sharks
with Lasers card tapped before its target, a Jaws Speed Burst half tapped, Jaws Act 2's boat tile
numbers half typed, a Loch Ness boat set sailing), and the table screen is part-way through
telling the table's story. After the restart both pages find the companion again by themselves:
the table screen shows the same step with the same lines under it, the phone the same view with
its composition, within 15 s of the service listening again; and a phone reloaded then gets the
composition back from its own storage (localStorage), a table screen reloaded the same step.
Finishing the play drops what the phone kept.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import engines
from companion.service import Service
from tests.companion.server import HOST_KEY, ServerProcess, call
from tests.companion.test_story import play_to_the_resolution
from tests.waits import page_pause, until
from tests.web import test_browser as shared
from tests.web.test_browser_jaws import tap_space

pytestmark = shared.pytestmark
browser, no_script_errors = shared.browser, shared.no_script_errors

BACK_SECONDS = 15.0   # both pages back, from the service listening again

# The page noticed the cut (its connection line went from "live" to retrying) and is live again.
NOTICE_CUT = """() => {
    window.__cut = false;
    const conn = document.getElementById('conn');
    new MutationObserver(() => { if (!conn.classList.contains('live')) window.__cut = true; })
        .observe(conn, { attributes: true });
}"""
BACK = "() => window.__cut && document.getElementById('conn').classList.contains('live')"
KEPT = """(table) => Object.keys(localStorage).filter((k) => k.startsWith('tc-draft|' + table + '|'))"""


class Companion:
    """``companion serve`` in a process of its own, and the JSON API as the host and the phones."""

    def __init__(self, data: Path) -> None:
        self.server = ServerProcess(data).start()

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.server.port}"

    def api(self, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
        status, data = call(self.server.port, method, path, body, token=token, host_key=HOST_KEY)
        assert status < 400, (method, path, status, data)
        return data

    def table(self, game: str, players: int, options: dict[str, Any] | None = None,
              seed: int = 7) -> tuple[str, list[str]]:
        """A table with Auto off (the test moves the story) and every seat taken: its id and tokens."""
        made = self.api("POST", "/api/tables", {"game": game, "players": players, "options": options or {},
                                                "seed": seed})
        table = made["table"]
        tokens = [self.api("POST", f"/api/tables/{table}/seats/{s}", {"name": f"P{s + 1}"})["token"]
                  for s in range(players)]
        self.api("POST", f"/api/tables/{table}/auto", {"on": False})
        return table, tokens

    def view(self, table: str, token: str) -> Any:
        return self.api("GET", f"/api/tables/{table}/view", token=token)

    def public(self, table: str) -> Any:
        return self.api("GET", f"/api/tables/{table}")

    def act(self, table: str, token: str, action: dict[str, Any]) -> Any:
        clean = {k: v for k, v in action.items() if k not in ("text", "label")}
        return self.api("POST", f"/api/tables/{table}/actions", {"action": clean}, token=token)

    def next(self, table: str, times: int) -> None:
        for _ in range(times):
            self.api("POST", f"/api/tables/{table}/next")

    def tell(self, table: str) -> None:
        """Next until the table has told everything: a phone is asked with the step that tells
        what its turn follows from (docs/web.md, "No phone ahead of the table")."""
        while self.public(table)["story"]["waiting"]:
            self.api("POST", f"/api/tables/{table}/next")


@pytest.fixture(scope="module")
def companion(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Companion]:
    one = Companion(tmp_path_factory.mktemp("power-cut"))
    try:
        yield one
    finally:
        one.server.kill()


def phone_at(browser: Any, companion: Companion, table: str, token: str) -> Any:
    """A 360-px phone that held this seat before (its seat cookie): the page opens on the seat."""
    page = shared.phone(browser)
    page.context.add_cookies([{"name": f"seat_{table}", "value": token, "url": companion.base}])
    page.goto(f"{companion.base}/play/{table}")
    page.locator("#seat").wait_for(state="visible")
    return page


def screen_at(browser: Any, companion: Companion, table: str) -> Any:
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    context.set_default_timeout(8000)
    page = shared.watch(context.new_page())
    with page.expect_response(lambda r: "/api/rules/" in r.url):   # its steps' "Why?" needs them
        page.goto(f"{companion.base}/table/{table}")
    page.locator("#conn.live").wait_for()
    return page


def moment(tv: Any, phone: Any) -> dict[str, Any]:
    """What the table screen and the phone show: the step told now with the lines under it, the
    phone's version and its game part in words."""
    return {"step": tv.locator("#events li.current").get_attribute("data-id"),
            "told": tv.locator("#resolution").inner_text() + "\n" + tv.locator("#events").inner_text(),
            "version": phone.locator("#seat").get_attribute("data-version"),
            "phone": phone.locator("#game-ui").inner_text()}


def power_cut(companion: Companion, table: str, tv: Any, phone: Any, check: Any, *,
              telling: bool = True) -> None:
    """Cut the power with the composition made (``check(phone)`` asserts it is there), and see
    both pages come back to the same moment by themselves within BACK_SECONDS of the service
    listening, then again after each is reloaded (the composition from the phone's storage).
    ``telling``: the table screen is part-way through its story (else it has told it all: a phone
    composing a play that follows from the last change is asked only once the table has told it)."""
    check(phone)
    story = companion.public(table)["story"]
    assert (story["waiting"] > 0) == telling
    # both pages at the step the table is at (the phone follows the telling a stream message later)
    if story["at"] >= 0:
        tv.locator(f'#events li.current[data-id="{story["steps"][story["at"]]["id"]}"]').wait_for()
    phone.locator(f'#seat[data-told="{story["at"]}"]').wait_for()
    before = moment(tv, phone)
    for page in (tv, phone):
        page.evaluate(NOTICE_CUT)
    listening = companion.server.power_cut()
    for page in (tv, phone):
        page.wait_for_function(BACK, timeout=BACK_SECONDS * 1000)
    tv.locator(f'#events li.current[data-id="{before["step"]}"]').wait_for(timeout=BACK_SECONDS * 1000)
    # the phone may be back a moment before the screen: it shows the game as of now until the screen
    # is back, then it is held back again to the screen's step (a stream message after the screen's)
    until(lambda: moment(tv, phone) == before, BACK_SECONDS, pause=page_pause(phone))
    took = time.monotonic() - listening
    assert took <= BACK_SECONDS, f"back {took:.1f} s after the service listened again"
    assert moment(tv, phone) == before
    check(phone)
    phone.reload()
    phone.locator("#seat").wait_for(state="visible")
    tv.reload()
    tv.locator("#events li.current").wait_for()
    # the step's "Why?" comes once the screen has the game's rules (a request of its own)
    until(lambda: moment(tv, phone) == before, BACK_SECONDS, pause=page_pause(tv))
    assert moment(tv, phone) == before
    check(phone)


def test_laser_chess_a_piece_picked_up_and_the_told_step(browser: Any, companion: Companion) -> None:
    table, tokens = companion.table("laser-chess", 2, seed=3)
    tv = screen_at(browser, companion, table)
    for _ in range(2):   # two moves each, told on the table screen
        for seat in (0, 1):
            companion.tell(table)
            legal = companion.view(table, tokens[seat])["legal_actions"]
            companion.act(table, tokens[seat], next(a for a in legal if a["type"] == "move"))
    companion.tell(table)
    blue = phone_at(browser, companion, table, tokens[0])
    move = next(a for a in companion.view(table, tokens[0])["legal_actions"] if a["type"] == "move")
    blue.locator(f'#board .hit[data-square="{move["from"]}"]').tap()

    def picked(page: Any) -> None:
        page.locator(f'#controls .lc-move[data-to="{move["to"]}"]').wait_for()
        assert page.locator("#board .hit.target").count() >= 1

    power_cut(companion, table, tv, blue, picked, telling=False)
    # the power goes again just as the move is confirmed: it never reached the table, and the
    # piece is still picked up, to send once the companion is back
    blue.evaluate(NOTICE_CUT)
    companion.server.kill()
    blue.locator(f'#controls .lc-move[data-to="{move["to"]}"]').tap()
    shared.confirm(blue)
    blue.locator("#refusal", has_text="Could not reach the table").wait_for()
    picked(blue)
    companion.server.power_cut()
    blue.wait_for_function(BACK, timeout=BACK_SECONDS * 1000)
    picked(blue)
    blue.locator(f'#controls .lc-move[data-to="{move["to"]}"]').tap()
    shared.confirm(blue)
    blue.locator("#status", has_text="The table is showing").wait_for()   # the move, being told
    assert companion.public(table)["view"]["last_move"]["notation"] == move["notation"]
    assert blue.evaluate(KEPT, table) == [], "a play sent leaves nothing kept"
    tv.context.close()
    blue.context.close()


def test_fzzzt_a_bid_half_built(browser: Any, companion: Companion) -> None:
    table, tokens = companion.table("fzzzt", 3, seed=7)
    tv = screen_at(browser, companion, table)
    chief = companion.public(table)["view"]["chief"]
    page = phone_at(browser, companion, table, tokens[chief])
    hand = companion.view(table, tokens[chief])["view"]["you"]["hand"]
    chosen = hand[:2]
    for card in chosen:
        page.locator(f'.fz-pick[data-card="{card["id"]}"]').tap()
        page.locator(f'.fz-pick.chosen[data-card="{card["id"]}"]').wait_for()

    def half_built(p: Any) -> None:
        for card in chosen:
            p.locator(f'.fz-pick.chosen[data-card="{card["id"]}"]').wait_for()
        assert p.locator(".fz-pick.chosen").count() == len(chosen)
        assert p.locator(".fz-power-line").get_attribute("data-power") == str(sum(c["power"] for c in chosen))

    power_cut(companion, table, tv, page, half_built)
    page.locator("#fz-bid").tap()
    shared.confirm(page)
    page.locator(".fz-mybid").wait_for()
    assert page.evaluate(KEPT, table) == []
    tv.context.close()
    page.context.close()


def test_sharks_a_card_tapped_before_its_target(browser: Any, companion: Companion) -> None:
    table, tokens = companion.table("sharks-with-lasers", 3, seed=7)
    tv = screen_at(browser, companion, table)
    programming = ("agent", "shark", "spy")
    for _ in range(20):   # the placements and the pre-round specials, until a seat programs
        seat = companion.public(table)["awaiting"][0]
        legal = companion.view(table, tokens[seat])["legal_actions"]
        if any(a["type"] in programming for a in legal):
            break
        companion.act(table, tokens[seat], legal[0])
    public = companion.public(table)
    companion.next(table, max(0, public["story"]["waiting"] - 2))   # two steps still to tell
    seat = public["awaiting"][0]
    card = next(a for a in companion.view(table, tokens[seat])["legal_actions"] if a["type"] in programming)
    page = phone_at(browser, companion, table, tokens[seat])
    page.locator(f'.swl-card[data-card="{card["card"]}"]').first.tap()

    def tapped(p: Any) -> None:
        p.locator(".swl-targets .swl-target").first.wait_for()
        assert p.locator(".swl-card.chosen").count() == 1
        assert p.locator(".swl-card.chosen").get_attribute("data-card") == card["card"]

    power_cut(companion, table, tv, page, tapped)
    tv.context.close()
    page.context.close()


class Recorded:
    """A reference companion (in-process, never cut) whose plays are written down, to be made the
    same on the real one: the plays up to a Sharks round's resolution, found on its states."""

    def __init__(self, service: Service) -> None:
        self.service = service
        self.plays: list[tuple[int, dict[str, Any]]] = []

    def state_of(self, table: str) -> Any:
        return self.service.state_of(table)

    def act(self, table: str, seat: int, action: dict[str, Any]) -> Any:
        self.plays.append((seat, action))
        return self.service.act(table, seat, action)


def test_sharks_a_round_being_told_with_a_play_sealed_for_after_it(browser: Any, companion: Companion,
                                                                     tmp_path: Path) -> None:
    """The table screen part-way through a round's resolution, and the next round's first card
    already played, sealed (docs/web.md "Sealed plays"): after the cut the screen finds the same
    step of the resolution, and the card is still sealed, not played over the telling."""
    table, tokens = companion.table("sharks-with-lasers", 2, seed=5)
    tv = screen_at(browser, companion, table)
    reference = Service(tmp_path / "reference", HOST_KEY)
    try:
        twin = reference.create_table("sharks-with-lasers", 2, {}, seed=5)["table"]
        recorded = Recorded(reference)
        seat, resolving = play_to_the_resolution(recorded, twin, random.Random(1))  # type: ignore[arg-type]
        after = reference.state_of(twin).apply(seat, resolving)
    finally:
        reference.close()
    # the next round's first card, as a client of the API seals it (a phone is asked only once the
    # table has told the round: docs/web.md, "No phone ahead of the table")
    first = after.awaiting[0]
    sealable = engines.get("sharks-with-lasers").pacing.sealed
    card = next(a for a in after.legal_actions(first) if a["type"] in sealable and a["type"] != "pass")
    for who, action in [*recorded.plays, (seat, resolving)]:
        companion.act(table, tokens[who], action)
    companion.next(table, 2)   # the resolution's first steps told; the rest to tell
    public = companion.public(table)
    assert public["story"]["hold"] and public["story"]["waiting"] > 2, public["story"]
    assert companion.act(table, tokens[first], card)["sealed"] == 1
    page = phone_at(browser, companion, table, tokens[first])

    def sealed(p: Any) -> None:
        p.locator(".telling-hold", has_text="Your play is sealed").wait_for()

    power_cut(companion, table, tv, page, sealed)
    assert companion.view(table, tokens[first])["sealed"] == 1
    tv.context.close()
    page.context.close()


def test_jaws_a_speed_burst_half_tapped(browser: Any, companion: Companion) -> None:
    table, tokens = companion.table("jaws", 3, seed=7)
    tv = screen_at(browser, companion, table)
    companion.act(table, tokens[0], {"type": "start", "space": "N"})
    for _ in range(10):   # round 1: every turn ended at once, each told on the table screen
        public = companion.public(table)
        if public["view"]["round"] == 2 and public["awaiting"] == [0]:
            break
        seat = public["awaiting"][0]
        companion.tell(table)
        legal = companion.view(table, tokens[seat])["legal_actions"]
        companion.act(table, tokens[seat], next(a for a in legal if a["type"] == "end"))
    companion.tell(table)   # the shark is asked once the table has told the round's end
    shark = phone_at(browser, companion, table, tokens[0])
    shark.locator("#controls button.big", has_text="Speed Burst: swim up to 3 spaces").tap()
    tap_space(shark, "1")

    def half_tapped(p: Any) -> None:
        p.locator(".jaws-head", has_text="Speed Burst").wait_for()
        assert p.locator("#board polyline.shark-path").count() == 1      # N → 1, drawn
        p.locator("#controls button.big", has_text="Swim the Speed Burst").wait_for()

    power_cut(companion, table, tv, shark, half_tapped, telling=False)
    tap_space(shark, "2")
    shark.locator("#controls button.big", has_text="Swim the Speed Burst").tap()
    shark.locator(".jaws-plan li").first.wait_for()
    assert companion.view(table, tokens[0])["view"]["secret"]["space"] == "2"
    assert shark.evaluate(KEPT, table) == []
    tv.context.close()
    shark.context.close()


def test_jaws_act_2_boat_tile_numbers_half_typed(browser: Any, companion: Companion) -> None:
    table, tokens = companion.table("jaws", 3, {"acts": "2"}, seed=31)
    reading = companion.public(table)["view"]["orca"]["reading"]
    assert reading["what"] == "tiles", reading
    tv, crew = screen_at(browser, companion, table), phone_at(browser, companion, table, tokens[1])
    crew.locator(".orca-reading .orca-form").first.wait_for()
    typed = {"#orca-t1-damage": "3", "#orca-t1-destroy": "5", "#orca-t2-damage": "2"}
    for field, value in typed.items():
        crew.locator(field).fill(value)

    def half_typed(p: Any) -> None:
        for field, value in typed.items():
            assert p.locator(field).input_value() == value, field
        assert p.locator("#orca-t2-destroy").input_value() == ""

    power_cut(companion, table, tv, crew, half_typed)
    tv.context.close()
    crew.context.close()


def test_loch_ness_a_boat_set_sailing(browser: Any, companion: Companion) -> None:
    table, tokens = companion.table("loch-ness", 3, seed=4)
    tv, anna = screen_at(browser, companion, table), phone_at(browser, companion, table, tokens[0])
    anna.locator('[data-sail="1"]').tap()

    def sailing(p: Any) -> None:
        p.locator("#board .ln-target").first.wait_for()
        assert p.locator('[data-sail="1"]').get_attribute("class").split().count("primary") == 1

    power_cut(companion, table, tv, anna, sailing)
    anna.locator('#board .ln-target[data-target="w13"]').tap()
    shared.confirm(anna)
    companion.tell(table)   # her phone shows the boat where the table has shown it
    anna.locator("#controls .ln-boat-card", has_text="at w13").wait_for()
    assert anna.evaluate(KEPT, table) == []
    tv.context.close()
    anna.context.close()
