"""A game without its own drawing, as a player sees it: the pages' generic view and buttons.

The view's field names and the action types are the engine's own (English) keys. Where the game
declares words for them (``Game.page.words``) the phone and the table screen show those words in
the reader's language; every other key is shown as it is, in code type, under a line that says
in the reader's language that it is the game's raw data. Checked in a real browser with the test
game (tests/fakegame.py: words for round, rounds, die, scores and its one action type; none for
picked, word and my_pick), whose own sentences get German words for this test.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from engines.text import CATALOGUES, Translations, translate
from tests.web import test_browser as shared
from tests.web.test_browser_languages import OVERFLOWS, claim, context, vocabulary
from tests.web.test_real_languages import english_words

pytestmark = shared.pytestmark
server, browser, no_script_errors = shared.server, shared.browser, shared.no_script_errors

RAW_NOTE = "The game's raw data: names in code type are its own, not translated."
# the test game's own sentences and words in German (a real game's are in the PO files)
GERMAN = {
    "Round": "Runde", "Rounds": "Runden", "Die": "Würfel", "Scores": "Punkte",
    "Pick a number": "Wähle eine Zahl", "Pick {number}": "Nimm die {number}",
    "The die shows {value}.": "Der Würfel zeigt {value}.",
    "The die shows {value}": "Der Würfel zeigt {value}",
    "{seat} has picked.": "{seat} hat gewählt.", "You picked {number}.": "Du hast die {number} gewählt.",
    "The picks are revealed.": "Die Wahl wird aufgedeckt.",
    "The closest guesser wins with {points} points.": "Wer am nächsten liegt, gewinnt mit {points} Punkten.",
}


class WithTestWords:
    """The German catalogue and the test game's words over it."""

    def __init__(self, base: Translations, extra: dict[str, str]) -> None:
        self.base, self.extra = base, extra
        self.plural = getattr(base, "plural", lambda n: int(n != 1))

    def gettext(self, message: str) -> str:
        return self.extra.get(message) or self.base.gettext(message)

    def ngettext(self, one: str, many: str, n: int) -> str:
        return self.base.ngettext(one, many, n)


@pytest.fixture
def german_test_game(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    base = CATALOGUES["de"]
    assert isinstance(base, Translations)
    monkeypatch.setitem(CATALOGUES, "de", WithTestWords(base, GERMAN))
    yield


def visible_words(page: Any) -> str:
    """The page's visible text without what is shown as written: the raw keys in code type."""
    return str(page.evaluate("""() => {
        const copy = document.body.cloneNode(true);
        copy.querySelectorAll('code, .raw-key, script, [hidden]').forEach((e) => e.remove());
        document.body.append(copy); copy.style.position = 'absolute';
        const text = copy.innerText; copy.remove(); return text; }"""))


def test_a_phone_and_the_table_screen_read_the_generic_view_in_german(
        server: str, browser: Any, service: Any, german_test_game: None) -> None:
    """What a German player sees of a game without its own drawing: the declared field names and
    the action group in German, the undeclared ones raw in code type under a German line that says
    so; the table screen alike; no English word elsewhere, nothing sticking out at 390 px."""
    table = service.create_table("fake-guess", 2, {}, seed=1, lang="de")["table"]
    anna, bo = context(browser, "de-DE"), context(browser, "de-DE")
    claim(anna, server, table, 0, "Anna")
    claim(bo, server, table, 1, "Bo")
    anna.locator("#controls button.action").first.wait_for()

    view = anna.locator("#view")
    terms = view.locator("dt").all_inner_texts()
    assert {"Runde", "Runden", "Würfel", "Punkte"} <= set(terms)
    assert sorted(view.locator("dt.raw-key code").all_inner_texts()) == ["my_pick", "picked", "word"]
    assert view.locator(".raw-note").inner_text() == translate(RAW_NOTE, "de")
    assert anna.locator("#controls h3").all_inner_texts() == ["Wähle eine Zahl"]
    assert anna.locator("#controls button.action").first.inner_text() == "Nimm die 1"

    anna.locator("#controls button.action").first.tap()
    anna.locator("#sheet-ok").tap()
    bo.locator("#events li", has_text="Anna hat gewählt.").wait_for()

    tv = context(browser, "en-US", 1280, 720, mobile=False)   # the table's language, not the browser's
    tv.goto(f"{server}/table/{table}")
    tv.locator("#generic-view dt").first.wait_for()
    assert tv.locator("#generic-view .raw-note").inner_text() == translate(RAW_NOTE, "de")
    assert "Runde" in tv.locator("#generic-view dt").all_inner_texts()

    for page, name in ((anna, "phone-anna"), (bo, "phone-bo"), (tv, "table")):
        shared.shot(page, f"lang-de-generic-{name}")
        left = sorted(set(english_words(visible_words(page), "de", vocabulary())))
        assert left == [], left
        assert page.evaluate(OVERFLOWS) == []
        page.context.close()


def test_in_english_the_raw_keys_are_said_to_be_raw_too(server: str, browser: Any, service: Any) -> None:
    """The line and the code type do not depend on the language: an English phone reads the
    declared words ("Round") and the raw keys under the same line, in English."""
    table = service.create_table("fake-guess", 2, {}, seed=2)["table"]
    phone = context(browser, "en-US")
    claim(phone, server, table, 0, "Ann")
    phone.locator("#view dt").first.wait_for()
    assert "Round" in phone.locator("#view dt").all_inner_texts()
    assert phone.locator("#view .raw-note").inner_text() == RAW_NOTE
    assert "picked" in phone.locator("#view dt.raw-key code").all_inner_texts()
    phone.context.close()
