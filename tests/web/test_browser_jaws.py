"""Jaws in a real browser: the shark's phone and two crew phones play two rounds by taps, the
1280x720 table screen tells every answer, and the shark's phone reloads mid-turn and keeps its
secret view (its space, this turn's plan) while no other page ever holds it.

Rulebook, phase 2 (translated): "You do NOT tell the crew which actions you take ... Once you have
thought through your whole turn, note it on the movement plan. Then announce that you have
finished and tell the crew: swimmers eaten, motion sensors, abilities." Fish finder: "The shark
must now say where it is in relation to the fish finder." Quint, throw a barrel: "The shark must
now say whether it is in this space."

Three players: seat 0 the shark, seat 1 Brody and Quint (one phone, two tabs), seat 2 Hooper. The
real event deck (physical chance): the host enters cards 9 and 3. Screenshots go to
test-artifacts/ (jaws-*.png).
"""

from __future__ import annotations

from typing import Any

from engines import TABLE
from tests.waits import page_pause, until
from tests.web import test_browser as shared

pytestmark = shared.pytestmark
server, browser, no_script_errors = shared.server, shared.browser, shared.no_script_errors
phone, shot, watch = shared.phone, shared.shot, shared.watch

NAMES = ["Sharky", "Bea", "Hal"]


def claim(page: Any, base: str, table: str, seat: int) -> None:
    shared.sit(page, base, table, seat, NAMES[seat])


confirm = shared.confirm


def changes(service: Any, table: str) -> int:
    """A count that moves with every play: the highest version any seat's phone sees (each reader
    has its own, and the shark's secret taps move only the shark's)."""
    players = int(service.public(table)["players"])
    return max(int(service.seat_view(table, s)["version"]) for s in range(players))


def settle(service: Any, table: str, version: int, page: Any) -> int:
    """Wait until a play arrived (``version``: :func:`changes` before it) and ``page``, when it is
    the phone of the seat that played it, shows it; the new count."""
    arrived = until(lambda: changes(service, table) > version, 5.0, every=0.025, pause=page_pause(page))
    assert arrived, "the play did not arrive"
    tokens = [c["value"] for c in page.context.cookies() if c["name"] == f"seat_{table}"]
    if tokens:
        shown = int(service.seat_view(table, service.seat_of(table, tokens[0]))["version"])
        page.wait_for_function("(v) => +document.getElementById('seat').dataset.version >= v", arg=shown)
    return changes(service, table)


# Where a player's thumb lands on a water space: on its name (the bounding box's centre of an open
# sea space, two sectors wide, lies in the coastal water in front of it).
NAME_AT = """(space) => {
    const t = [...document.querySelectorAll('#board text.space-name')].find((x) => x.textContent === space);
    if (!t) return null;
    const r = t.getBoundingClientRect();
    return [r.x + r.width / 2, r.y + r.height / 2];
}"""


def tap_space(page: Any, space: str) -> None:
    target = page.locator(
        f'#board path.target[data-space="{space}"], #board path.target[data-land="{space}"]'
    ).first
    from playwright.sync_api import Error as PlaywrightError

    # Another phone joining or beating redraws the board; a thumb simply lands on the new drawing,
    # so the scroll is tried again on the space as drawn now (the locator finds it afresh).
    for attempt in range(5):
        try:
            target.scroll_into_view_if_needed()
            break
        except PlaywrightError as error:
            if "not attached" not in str(error) or attempt == 4:
                raise
    where = page.evaluate(NAME_AT, space) if target.get_attribute("data-space") else None
    if where is None:
        target.tap()
    else:
        page.touchscreen.tap(*where)


def button(page: Any, text: str) -> Any:
    return page.locator("#controls button.big", has_text=text).first


def play(service: Any, table: str, page: Any, text: str, sure: bool = False) -> None:
    """Tap the play (and say yes), and wait for the companion's answer to it and the phone to show
    it (a version alone may move with a step the table told meanwhile, Auto being on)."""
    version = changes(service, table)
    with page.expect_response(lambda r: r.request.method == "POST"
                              and r.url.endswith("/actions?packed=1")) as answer:   # the pages' form
        button(page, text).tap()
        if sure:
            confirm(page)
    assert answer.value.ok, answer.value.text()
    settle(service, table, version, page)


def said_on_tv(tv: Any, sentence: str) -> None:
    """The table screen tells ``sentence`` (stepping on by a tap until it shows)."""

    def said() -> bool:
        if sentence in " ".join(tv.locator("#events li").all_text_contents()):
            return True
        tv.locator("#resolution").click(force=True) if tv.locator("#resolution").is_visible() else None
        return False

    assert until(said, 3.0, every=0.25, pause=page_pause(tv)), (
        f"the table screen never said {sentence!r}: {tv.locator('#events li').all_text_contents()}"
    )


def no_shark_secret(page: Any) -> None:
    """A page that is not the shark's: no secret mover, no plan, no 'You ...' sentence of the shark's."""
    assert page.locator(".shark-mover.secret").count() == 0
    text = page.locator("body").inner_text()
    assert "You swim to" not in text and "Your plan this turn" not in text and "movement record" not in text


def test_a_shark_and_two_crew_phones_play_two_rounds_and_the_table_screen_tells_the_answers(
    server: str, browser: Any, service: Any
) -> None:
    table = service.create_table("jaws", 3, {"chance": "physical"}, seed=7)["table"]
    tv_ctx = browser.new_context(viewport={"width": 1280, "height": 720})
    tv = watch(tv_ctx.new_page())
    tv.goto(f"{server}/table/{table}")
    tv.locator("#game-area svg.jaws-map").wait_for(state="visible")
    assert (
        tv.locator("#game-area path.water").count() == 12 and tv.locator("#game-area path.land").count() == 9
    )
    shark, crew, hooper = (phone(browser) for _ in range(3))
    for seat, page in enumerate((shark, crew, hooper)):
        claim(page, server, table, seat)

    # The secret start: tapped on the shark's phone, confirmed, seen nowhere else.
    shark.locator('#board path.target[data-space="N"]').wait_for()
    version = changes(service, table)
    tap_space(shark, "N")
    confirm(shark)
    settle(service, table, version, shark)
    service.act(table, TABLE, {"type": "card", "card": 9})  # the host enters the turned card
    shark.locator(".shark-mover.secret").wait_for()

    # Round 1, the shark: swim to 1, then 2, take the 2 back, play Out of Sight, end and announce.
    for space in ("1", "2"):
        version = changes(service, table)
        tap_space(shark, space)
        settle(service, table, version, shark)
    shark.locator(".jaws-plan li").nth(1).wait_for()
    assert shark.locator(".jaws-plan li").all_text_contents() == ["Swim to space 1", "Swim to space 2"]
    play(service, table, shark, "Take back the last step")
    play(service, table, shark, "Play Out of Sight")
    assert shark.locator(".jaws-plan li").all_text_contents() == ["Swim to space 1", "Play Out of Sight"]
    shot(shark, "jaws-shark-phone")
    for page in (crew, hooper, tv):
        no_shark_secret(page)
    version = changes(service, table)
    button(shark, "End the turn and announce it").tap()
    assert "An ability was used" in shark.locator("#sheet-detail").text_content()
    confirm(shark)
    settle(service, table, version, shark)
    said_on_tv(tv, "The shark used an ability.")

    # Round 1, the crew: Hooper's fish finder (Out of Sight makes it say "neither"), Quint's barrel.
    hooper.locator("#controls button.big", has_text="use the fish finder").wait_for()
    play(service, table, hooper, "use the fish finder", sure=True)
    said_on_tv(tv, "Fish finder at space 5: the shark is neither here nor nearby.")
    assert tv.locator("#game-area .badge-answer").count() >= 1
    play(service, table, hooper, "Hooper: end the turn", sure=True)
    crew.locator(".jaws-tabs button", has_text="Quint").tap()
    play(service, table, crew, "throw a barrel at space E", sure=True)
    said_on_tv(tv, "Quint throws a barrel at space E: no shark there. "
                   "The barrel floats with its motion sensor.")
    shot(tv, "jaws-table-answers")
    play(service, table, crew, "Quint: end the turn", sure=True)
    crew.locator(".jaws-tabs button", has_text="Brody").tap()
    version = changes(service, table)
    tap_space(crew, "S")  # Brody walks to the south beach
    settle(service, table, version, crew)
    play(service, table, crew, "Brody: end the turn", sure=True)
    assert service.public(table)["view"]["round"] == 2

    # Round 2: the shark swims to N, the phone reloads mid-turn: its secret view is still there.
    service.act(table, TABLE, {"type": "card", "card": 3})
    shark.locator('#board path.target[data-space="N"]').wait_for()
    version = changes(service, table)
    tap_space(shark, "N")
    settle(service, table, version, shark)
    shark.reload()
    shark.locator(".shark-mover.secret").wait_for()
    assert shark.locator(".jaws-plan li").all_text_contents() == ["Swim to space N"]
    assert "Your movement record" in shark.locator("#controls").text_content()
    assert shark.locator(".jaws-record tr").count() == 2  # the header and round 1
    play(service, table, shark, "Eat a swimmer")
    version = changes(service, table)
    button(shark, "End the turn and announce it").tap()
    confirm(shark)
    settle(service, table, version, shark)
    said_on_tv(tv, "The shark ate 1 swimmer at N. Its swimmer track is at 1.")
    said_on_tv(tv, "No motion sensor went off.")
    for page in (crew, hooper, tv):
        no_shark_secret(page)

    # Hooper moves by a tap on the map and asks again: the answer is true this time.
    version = changes(service, table)
    tap_space(hooper, "1")
    settle(service, table, version, hooper)
    play(service, table, hooper, "use the fish finder", sure=True)
    said_on_tv(tv, "Fish finder at space 1: the shark is nearby.")
    possible = service.public(table)["view"]["shark"]["possible"]
    assert "N" in possible and "1" not in possible
    shot(tv, "jaws-table-round-2")
    shot(hooper, "jaws-crew-phone")


def test_at_the_end_of_the_act_the_table_screen_replays_the_sharks_path_round_by_round(
    server: str, browser: Any, service: Any
) -> None:
    """Issue 11: "At the end of Act 1 it replays the shark's whole secret path round by round (the
    moment the table has waited for)." A game played to its end through the service; the table
    screen shows round 1's path first, and ▶ steps to the next round."""
    from engines.rng import Rng

    table = service.create_table("jaws", 2, {"acts": "1"}, seed=12)["table"]
    rng = Rng.from_seed(5)
    while (state := service.state_of(table)).awaiting:
        seat = state.awaiting[0]
        actions = [a for a in state.legal_actions(seat) if a["type"] != "back"]
        action, rng = rng.choice(actions)
        service.act(table, seat, action)
    trail = service.public(table)["view"]["replay"]
    assert len(trail) >= 2
    tv_ctx = browser.new_context(viewport={"width": 1280, "height": 720})
    tv = watch(tv_ctx.new_page())
    tv.goto(f"{server}/table/{table}")
    tv.locator("#game-area svg.jaws-map").wait_for()
    say = tv.locator(".jaws-replay-say")
    assert say.count() == 0 or "revealed" in " ".join(tv.locator("#events li").all_text_contents())

    def revealed() -> bool:   # the path only from the step that reveals it
        if say.count():
            return True
        tv.locator("#events").click()
        return False

    until(revealed, 1.0, every=0.1, pause=page_pause(tv))
    say.wait_for()
    assert "The shark's secret path is revealed" in " ".join(tv.locator("#events li").all_text_contents())
    first = " → ".join(trail[0]["path"])
    assert f"round {trail[0]['round']}: {first}" in say.text_content()
    assert tv.locator("#game-area polyline.shark-path").count() == (1 if len(trail[0]["path"]) > 1 else 0)
    assert tv.locator("#game-area .shark-mover").count() == 1  # where it ended, shown to all
    tv.locator(".jaws-replay button", has_text="▶").click()
    assert f"round {trail[1]['round']}:" in say.text_content()
    shot(tv, "jaws-table-replay")
