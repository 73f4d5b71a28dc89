"""Each game's rules page (issue 37, point 6: "a rules page reachable from every phone and the TV:
the rules in the project's words, searchable, offline"): every lesson of the game, each with its
rulebook section, in the reader's language; a back link only to this companion's own pages."""

from __future__ import annotations

import html
import re

import pytest
from flask.testing import FlaskClient

import engines
from engines.text import translate
from web.i18n import load_catalogues

GAMES = ["laser-chess", "fzzzt", "sharks-with-lasers", "jaws", "loch-ness"]


def words(page: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


@pytest.mark.parametrize("lang", ["en", "nl", "de"])
@pytest.mark.parametrize("game_id", GAMES)
def test_the_rules_page_holds_every_lesson_with_its_section_in_the_readers_language(
        client: FlaskClient, game_id: str, lang: str) -> None:
    game = engines.get(game_id)
    answer = client.get(f"/rules/{game_id}?lang={lang}")
    assert answer.status_code == 200
    page = words(answer.get_data(as_text=True))
    load_catalogues()
    assert len(game.rules()) >= 4
    for lesson in game.rules():
        for text in (lesson.title, lesson.text, lesson.section):
            assert " ".join(translate(text, lang).split()) in page, (lesson.key, text.msgid)
    assert answer.headers["Content-Security-Policy"].startswith("default-src 'self'")   # nothing from outside


def test_an_unknown_game_has_no_rules_page(client: FlaskClient) -> None:
    answer = client.get("/rules/chess-with-dragons")
    assert answer.status_code == 404 and "Traceback" not in answer.get_data(as_text=True)


@pytest.mark.parametrize(("back", "shown"), [("/table/abc", True), ("//evil.example/x", False),
                                            ("https://evil.example/", False), ("/\\evil.example", False)])
def test_the_back_link_goes_only_to_this_companions_pages(
        client: FlaskClient, back: str, shown: bool) -> None:
    page = client.get("/rules/jaws", query_string={"back": back}).get_data(as_text=True)
    assert ('id="rules-back"' in page) == shown
    assert not re.search(r'href="(?:https?:)?[/\\\\]{2}', page)   # no link leaves this companion


@pytest.mark.parametrize("game_id", GAMES)
def test_the_rules_answer_names_for_each_kind_of_step_the_rules_behind_it(
        client: FlaskClient, game_id: str) -> None:
    """Issue 37, point 6: "every told step on the TV ... offers 'Why?': the rule that decided it, in
    the project's own words ... with the rulebook's section". The JSON the table screen reads: the
    rules in the asked language and, for each kind of step, rules that are there."""
    answer = client.get(f"/api/rules/{game_id}?lang=de")
    assert answer.status_code == 200
    data = answer.get_json()
    keys = {rule["key"] for rule in data["rules"]}
    assert keys == {lesson.key for lesson in engines.get(game_id).rules()}
    load_catalogues()
    assert all(rule["text"] == translate(lesson.text, "de")
               for rule, lesson in zip(data["rules"], engines.get(game_id).rules(), strict=True))
    assert data["why"], game_id
    assert all(found and set(found) <= keys for found in data["why"].values()), game_id
