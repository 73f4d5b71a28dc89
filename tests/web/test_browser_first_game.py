"""A first game, taught (issue 26, point 3), in a real browser: the host page offers "First game"
in one line; a Laser Chess table with it on, the table screen in German at 1280x720 and two phones
at 360 px (German and Dutch). The table screen shows the first lesson, naming its rulebook section,
and the phone whose turn it is says what it may do, its plays outlined; the first shot brings the
laser's lessons (what it does, which side it takes) with the move's last step, and the next play of
that kind brings none again.
Screenshots go to test-artifacts/ (first-game-*.png)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web import test_browser as shared
from tests.web.test_browser_fit import SETTLED, TABLE_FIT, advance
from tests.web.test_browser_languages import check_screen, context
from tests.web.test_browser_table_walk import COVERED

pytestmark = shared.pytestmark
server, browser, no_script_errors = shared.server, shared.browser, shared.no_script_errors


def phone(browser: Any, locale: str) -> Any:
    return context(browser, locale, 360, 740)


def quiet_move(service: Any, table: str, seat: int) -> dict[str, Any]:
    """A move of ``seat`` that captures nothing (no lesson on the pieces yet)."""
    state = service.state_of(table)
    return next(a for a in state.legal_actions(seat)
                if a["type"] == "move" and not state.apply(seat, a).view(None)["removed"])


def tap_move(page: Any, action: dict[str, Any]) -> None:
    page.locator(f'#board .hit[data-square="{action["from"]}"]').tap()
    page.locator(f'#board .hit[data-square="{action["to"]}"]').tap()
    shared.confirm(page)


def read_pages(tv: Any) -> str:
    """A lesson's words on the table screen, its pages turned with Next when the side holds it in
    pages (G4), back on its first page at the end."""
    read, turned = [tv.locator("#lesson").inner_text()], 0
    while tv.locator("#lesson .lesson-more").count():
        turn_page(tv, "#next")
        read.append(tv.locator("#lesson").inner_text())
        turned += 1
    for _ in range(turned):
        turn_page(tv, "ArrowLeft")   # back, as the left arrow key steps back
    return "\n".join(read)


def turn_page(tv: Any, how: str) -> None:
    page = tv.locator("#lesson .lesson-one").get_attribute("data-page")
    if how.startswith("#"):
        tv.locator(how).click()
    else:
        tv.keyboard.press(how)
    tv.wait_for_function("(p) => document.querySelector('#lesson .lesson-one')?.dataset.page !== p", arg=page)


def tell_all(service: Any, table: str) -> None:
    """The table's "next" until everything is told (as the Next button would)."""
    while service.public(table)["story"]["waiting"]:
        service.advance(table)


def test_first_game_in_german_shows_each_lesson_once(server: str, browser: Any, service: Any,
                                                     host_key: str) -> None:
    host = context(browser, "de-DE", 1280, 720, mobile=False)
    host.goto(f"{server}/host?key={host_key}")
    host.locator("#game option[value=laser-chess]").wait_for(state="attached")
    host.select_option("#game", "laser-chess")
    line = host.locator("#options .option", has=host.locator('input[data-option="first_game"]'))
    assert "Erste Partie" in line.inner_text() and not line.locator("input").is_checked()   # off by default
    host.context.close()

    table = service.create_table("laser-chess", 2, {"first_game": True}, seed=3, lang="de")["table"]
    tv = context(browser, "en-US", 1280, 720, mobile=False)   # the table's language, not the browser's
    tv.goto(f"{server}/table/{table}")
    lesson = tv.locator("#lesson")
    lesson.locator(".lesson-title").first.wait_for()
    read = read_pages(tv)   # with both seats still free the side holds the lessons in pages (G4)
    assert "Erste Partie: Jeder Zug: eine Aktion" in read
    assert "Anleitung: Spielverlauf, 1 und 2" in read
    assert "blau-weißen" in read   # the German edition's own words

    anna, bo = phone(browser, "de-DE"), phone(browser, "nl-NL")
    shared.sit(anna, server, table, 0, "Anna")
    shared.sit(bo, server, table, 1, "Bo")
    now = anna.locator("#lesson-now")
    now.locator(".lesson-title", has_text="Jetzt: Jeder Zug: eine Aktion").wait_for()
    assert "Spielverlauf" in now.inner_text() and "umrandet" in now.inner_text()
    assert "first-game" in (anna.locator("#game-ui").get_attribute("class") or "")
    assert bo.locator("#lesson-now").is_hidden()   # not Bo's turn: nothing to do now
    tv.locator("#seats", has_text="Bo").wait_for()
    for page, lang, name in ((tv, "de", "first-game-table-de"), (anna, "de", "first-game-phone-de")):
        check_screen(page, lang, name)

    # Anna's move: the laser fires for the first time; its lessons come with the move's last step:
    # what the laser does, and which side the beam takes (the beam meets the pieces: before any capture)
    tap_move(anna, quiet_move(service, table, 0))
    tell_all(service, table)
    lesson.locator(".lesson-title", has_text="Erste Partie: Der Laser feuert").wait_for()
    read = read_pages(tv)
    assert "Erste Partie: Welche Seite der Strahl trifft" in read
    assert "Jeder Zug" not in read   # the first lessons are not told again
    assert "Anleitung: Spielverlauf, 3" in read
    bo.locator("#lesson-now .lesson-title", has_text="Nu: Elke beurt: één actie").wait_for()
    check_screen(bo, "nl", "first-game-phone-nl")
    check_screen(tv, "de", "first-game-table-de-laser")

    # Bo's move: the laser fires again: the next play of that kind brings no lesson at all
    tap_move(bo, quiet_move(service, table, 1))
    tell_all(service, table)
    story = service.public(table)["story"]
    tv.locator(f'#events li.current[data-id="{story["steps"][story["at"]]["id"]}"]').wait_for()
    lesson.wait_for(state="hidden")
    anna.locator("#lesson-now").wait_for()   # Anna's turn again: what she may do now
    shared.shot(tv, "first-game-table-de-again")
    for page in (anna, bo, tv):
        page.context.close()


@pytest.mark.parametrize(("game", "lang"), [("loch-ness", "nl"), ("loch-ness", "de"),
                                           ("sharks-with-lasers", "de")])
def test_a_lesson_that_would_shrink_the_drawing_stands_beside_it(
        server: str, browser: Any, service: Any, game: str, lang: str) -> None:
    """Issue 37, G4: "With a First-game lesson on the TV, the game's drawing is zoomed down and its
    text becomes 7-13 px (Loch Ness nl 0.74: 'Gereedschap in voorraad' ~13 px)." Where the side can
    hold it, the lesson stands beside the board, above the step told, and the drawing keeps its words
    at 18 px; nothing is cut."""
    table = service.create_table(game, 3, {"first_game": True}, seed=3, lang=lang)["table"]
    service.set_auto(table, False)
    for seat in range(3):
        service.claim_seat(table, seat, f"P{seat + 1}")
    tv = context(browser, "en-US", 1280, 720, mobile=False)
    tv.goto(f"{server}/table/{table}")
    asides = 0
    for plays in range(4):
        tv.locator("#game-area:not([hidden])").wait_for()
        story = service.public(table)["story"]
        if story["at"] >= 0:
            tv.locator(f'#events li.current[data-id="{story["steps"][story["at"]]["id"]}"]').wait_for()
        tv.evaluate(SETTLED)
        aside = tv.locator(".side-scroll > #lesson:not([hidden]) .lesson-one").count()
        if aside:
            asides += 1
            fit = tv.evaluate(TABLE_FIT)
            assert fit["smallest"] >= 17.9 and not fit["cut"] and not fit["out"], (plays, fit)
            assert tv.locator("#game-area").evaluate("e => e.style.zoom") in ("", "1")
        advance(service, table, 1, seed=plays)
    assert asides >= 1
    tv.context.close()


LESSON_TEXT = """() => [...document.querySelectorAll('#lesson:not([hidden]) .lesson-one')].map((e) => ({
    key: e.dataset.key, page: e.dataset.page || null,
    text: e.querySelector('.lesson-text').textContent,
    more: !!e.querySelector('.lesson-more')}))"""


@pytest.mark.parametrize("lang", ["nl", "de"])
@pytest.mark.parametrize("game", ["laser-chess", "fzzzt", "sharks-with-lasers", "jaws", "loch-ness"])
def test_every_lesson_of_a_first_round_leaves_the_drawing_its_words_at_18_px(
        server: str, browser: Any, service: Any, game: str, lang: str) -> None:
    """Issue 37, G4: "With a First-game lesson on the TV, the game's drawing is zoomed down and its
    text becomes 7-13 px (Jaws' event card, which the rulebook says to read aloud, at 9 px)"; "a
    lesson never shrinks the game's drawing below 18 px text on the TV". Through the first plays of
    every game, at each step with a lesson: every word on the 1280x720 screen at 18 px or more,
    nothing cut, no words over words, the drawing not zoomed; a lesson the side cannot hold whole
    is read in pages with Next, every word of it on some page, and then Next tells the story on."""
    players = 2 if game == "laser-chess" else 3
    table = service.create_table(game, players, {"first_game": True}, seed=3, lang=lang)["table"]
    service.set_auto(table, False)
    for seat in range(players):
        service.claim_seat(table, seat, f"P{seat + 1}")
    tv = context(browser, "en-US", 1280, 720, mobile=False)
    tv.goto(f"{server}/table/{table}")
    seen, done = 0, set()
    for plays in range(25):
        tv.locator("#game-area:not([hidden])").wait_for()
        story = service.public(table)["story"]
        if story["at"] >= 0:
            tv.locator(f'#events li.current[data-id="{story["steps"][story["at"]]["id"]}"]').wait_for()
        tv.evaluate(SETTLED)
        shown = tv.evaluate(LESSON_TEXT)
        told_now = service.public(table)["story"]["shown"] or {}
        keys = tuple(lesson["key"] for lesson in told_now.get("lessons", []))
        if shown and keys in done:   # the same lessons still up while the shark moves: read already
            fit = tv.evaluate(TABLE_FIT)
            assert fit["smallest"] >= 17.9 and not fit["cut"] and not fit["out"], (plays, shown, fit)
        elif shown:
            seen += 1
            done.add(keys)
            told = tv.evaluate("""async (u) => {
                const p = await (await fetch(u)).json();
                return p.story.shown.lessons.map((l) => TC.say(l.text)).join(' ');
            }""", f"/api/tables/{table}?lang={lang}")
            read = []
            while True:
                fit = tv.evaluate(TABLE_FIT)
                assert fit["smallest"] >= 17.9 and not fit["cut"] and not fit["out"], (plays, shown, fit)
                assert tv.locator("#game-area").evaluate("e => e.style.zoom") in ("", "1"), (plays, shown)
                assert not tv.evaluate(COVERED), (plays, shown, tv.evaluate(COVERED))
                read += [one["text"] for one in shown]
                if not shown[-1]["more"]:
                    break
                turn_page(tv, "#next")
                shown = tv.evaluate(LESSON_TEXT)
            assert " ".join(" ".join(read).split()) == " ".join(told.split()), (plays, read, told)
        advance(service, table, 1, seed=plays)
    assert seen >= 1
    tv.context.close()
