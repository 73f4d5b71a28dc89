"""The table screen looks back at steps it has told (issue 36, point 7; J6: "the shark's whole path
at the end of Act 1 stands 3 s and is gone"). Through the real page: ◀ beside the step's count,
the left arrow key, Next, a tap and the right arrow key forward, "Back to now" and Escape; the step
drawn as the screen drew it then; Auto and new steps wait while the table looks."""

from __future__ import annotations

from typing import Any

from tests.waits import patience_ms, until
from tests.web import test_browser as shared
from tests.web.test_browser_fit import advance
from tests.web.test_browser_phone_walk import BOX

pytestmark = shared.pytestmark
server, browser, no_script_errors = shared.server, shared.browser, shared.no_script_errors
watch = shared.watch

DEFENDER = '#game-area [data-token="f1"]'


def shown_line(service: Any, table: str, tv: Any) -> str:
    """The line of the step the table shows now, once the screen has drawn it."""
    story = service.public(table)["story"]
    line = tv.locator(f'#events li.current[data-id="{story["steps"][story["at"]]["id"]}"]')
    line.wait_for()
    return str(line.text_content())


def move(service: Any, table: str) -> None:
    state = service.state_of(table)
    seat = state.awaiting[0]
    service.act(table, seat, next(a for a in state.legal_actions(seat)   # one that does not end the game
                                  if a["type"] == "move" and state.apply(seat, a).outcome is None))


def tell(service: Any, table: str, tv: Any) -> list[str]:
    """Next until all is told; each stop's line as the screen showed it."""
    lines = [shown_line(service, table, tv)]
    while service.public(table)["story"]["waiting"]:
        service.advance(table)
        lines.append(shown_line(service, table, tv))
    return lines


def looking_at(tv: Any, stop: int, stops: int) -> str:
    """The screen looking back at ``stop`` (1-based) of ``stops``: its current line."""
    tv.locator(".resolution-count", has_text=f"Looking back: step {stop} of {stops}").wait_for(
        timeout=patience_ms(10))
    return str(tv.locator("#events li.current").text_content())


def test_the_table_screen_looks_back_at_every_told_step_and_the_game_waits_for_it(
        server: str, browser: Any, service: Any) -> None:
    """Laser Chess: Blue turns its Laser and the beam takes its own Defender on f1; two more moves
    are told. The screen looks back step by step to Blue's turn, where the Defender stands on f1
    again, as the screen drew it then; every step's line is the one it showed. Meanwhile the
    companion holds Auto, and a move made now is not shown behind the table's back; "Back to now"
    is where the table was, and Next then tells the move."""
    table = service.create_table("laser-chess", 2, {}, seed=3)["table"]
    service.set_auto(table, False)
    tv = watch(browser.new_context(viewport={"width": 1280, "height": 720}).new_page())
    tv.goto(f"{server}/table/{table}")
    tv.locator("#game-area svg").first.wait_for(state="visible")
    turn = next(a for a in service.state_of(table).legal_actions(0) if a["notation"] == "j1-")
    service.act(table, 0, turn)
    lines = tell(service, table, tv)
    for _ in range(2):
        move(service, table)
        lines += tell(service, table, tv)
    stops = len(lines)
    assert stops >= 6 and tv.locator(DEFENDER).count() == 0

    tv.keyboard.press("ArrowLeft")
    assert looking_at(tv, stops - 1, stops) == lines[-2]
    assert service.public(table)["story"]["looking"] is True   # asked before the old step was drawn
    for stop in range(stops - 2, 0, -1):
        tv.locator("#look-back").click()
        assert looking_at(tv, stop, stops) == lines[stop - 1]
    assert tv.locator(DEFENDER).count() == 1               # Blue's turn, before its laser fired
    assert tv.locator("#look-back").is_disabled()          # nothing before the first step
    shared.shot(tv, "table-looking-back")

    live = service.public(table)
    move(service, table)                                    # a move while the table looks back
    after = service.public(table)
    assert after["story"]["waiting"] > 0 and after["story"]["at"] == live["story"]["at"]
    assert looking_at(tv, 1, stops) == lines[0]             # the screen stays where the table looks

    tv.locator("#game-area").click()                        # a tap goes forward
    assert looking_at(tv, 2, stops) == lines[1]
    tv.locator(DEFENDER).wait_for(state="detached")         # the laser's step
    tv.keyboard.press("ArrowRight")
    assert looking_at(tv, 3, stops) == lines[2]

    tv.locator("#now").click()                              # back to now: where the table was
    tv.locator(".resolution-count", has_text="Looking back").wait_for(state="detached")
    assert shown_line(service, table, tv) == lines[-1]
    assert until(lambda: service.public(table)["story"]["looking"] is False, 10)   # told on its way back
    tv.locator("#next").click()                             # and the move waiting is told
    tv.locator("#events li.current", has_text=lines[-1]).wait_for(state="detached")
    assert service.public(table)["story"]["at"] != live["story"]["at"]

    tv.keyboard.press("ArrowLeft")
    looking_at(tv, stops, stops + 1)
    tv.keyboard.press("Escape")
    tv.locator(".resolution-count", has_text="Looking back").wait_for(state="detached")
    tv.context.close()


def test_the_end_of_act_1_and_the_sharks_path_come_back_with_one_tap(
        server: str, browser: Any, service: Any) -> None:
    """J6 itself: "the shark's whole path at the end of Act 1 stands 3 s and is gone". A seeded Jaws
    game of both acts played into Act 2; the screen, opened there, looks back one step: the end of
    Act 1 with the shark's path replayed round by round, and its heading says the act is over."""
    table = service.create_table("jaws", 3, {"box": BOX, "resurface": "digital"}, seed=5)["table"]
    service.set_auto(table, False)
    for seat, name in enumerate(["Sharky", "Bea", "Hal"]):
        service.claim_seat(table, seat, name)
    for plays in range(1500):
        if service.public(table)["view"].get("act") == 2:
            break
        advance(service, table, 1, seed=plays)
    assert service.public(table)["view"].get("act") == 2
    tv = watch(browser.new_context(viewport={"width": 1280, "height": 720}).new_page())
    tv.goto(f"{server}/table/{table}")
    tv.locator("#game-area:not([hidden])").wait_for()
    assert tv.locator(".jaws-replay").count() == 0        # Act 2 on the screen: the path is gone
    tv.keyboard.press("ArrowLeft")
    tv.locator(".jaws-replay").wait_for()
    assert "The shark's path, round 1:" in tv.locator(".jaws-replay-say").inner_text()
    assert tv.locator("#game-area polyline.shark-path").count() == 1
    assert tv.locator(".jaws-phase").first.inner_text().endswith("· Act 1 is over")
    tv.context.close()
