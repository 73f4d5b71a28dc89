"""Choosing the language: each phone its own, the table screen the host's choice.

A phone follows its browser (``Accept-Language``) and has an EN / NL / DE switch on every page,
remembered in a cookie; the host picks the table screen's language when creating a table and can
change it; phones at one table read different languages at the same moment, and the names of
seats nobody named are said in each reader's words.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from flask.testing import FlaskClient

from engines.text import CATALOGUES

WORDS = {"nl": {"Player {number}": "Speler {number}", "Computer {number}": "Computer {number}",
                "Waiting for {names}.": "We wachten op {names}."},
         "de": {"Player {number}": "Spieler {number}", "Computer {number}": "Computer {number}",
                "Host": "Spielleitung"}}


@pytest.fixture
def words(monkeypatch: pytest.MonkeyPatch) -> None:
    """Small Dutch and German catalogues: these tests are about choosing, not the words."""
    for lang, table in WORDS.items():
        monkeypatch.setitem(CATALOGUES, lang, table)


def page_data(html: str) -> dict[str, Any]:
    found = re.search(r'<script id="tc-data" type="application/json">(.*?)</script>', html, re.S)
    assert found is not None
    return dict(json.loads(found.group(1)))


def switch(html: str) -> list[tuple[str, bool]]:
    """The language switch's links: (language, whether it is the current one)."""
    nav = re.search(r'<nav class="lang-switch".*?</nav>', html, re.S)
    if nav is None:
        return []
    return [(code, "aria-current" in tag)
            for tag, code in re.findall(r'(<a [^>]*hreflang="(\w+)"[^>]*>)', nav.group(0))]


def test_every_phone_page_has_the_language_switch_and_the_table_screen_has_none(
        client: FlaskClient, make_table: Any, host: dict[str, str]) -> None:
    """EN / NL / DE on the join page, a seat's page, the host page, the host's sign-in and an
    error page, the current one marked; the table screen speaks the table's language instead."""
    t = make_table()
    pages = ["/", f"/play/{t.id}", "/host", "/play/no-such-table"]
    for url in pages:
        html = client.get(url, headers={**host, "Accept-Language": "de"}).get_data(as_text=True)
        assert switch(html) == [("en", False), ("nl", False), ("de", True)], url
    client.get("/host?lang=nl", headers=host)   # switched: the phone keeps it
    later = client.get("/", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert switch(later)[1] == ("nl", True)
    assert switch(client.get(f"/table/{t.id}").get_data(as_text=True)) == []


def test_the_switch_is_remembered_per_phone_and_an_api_call_changes_nothing(
        client: FlaskClient, make_table: Any) -> None:
    t = make_table()
    first = client.get(f"/play/{t.id}?lang=de")
    assert "lang=de" in first.headers["Set-Cookie"]
    assert page_data(first.get_data(as_text=True))["lang"] == "de"
    again = client.get(f"/play/{t.id}", headers={"Accept-Language": "nl"})
    assert page_data(again.get_data(as_text=True))["lang"] == "de"
    api = client.get(f"/api/tables/{t.id}?lang=nl")
    assert "Set-Cookie" not in api.headers   # a stream's or a poll's language is that answer's only
    assert page_data(client.get(f"/play/{t.id}").get_data(as_text=True))["lang"] == "de"


def test_the_table_screen_speaks_the_language_the_host_chose_and_follows_a_change(
        client: FlaskClient, host: dict[str, str], words: None) -> None:
    created = client.post("/api/tables", json={"game": "fake-guess", "players": 2, "lang": "de"},
                          headers=host).get_json()
    table = created["table"]
    screen = client.get(f"/table/{table}", headers={"Accept-Language": "nl"})
    assert page_data(screen.get_data(as_text=True))["lang"] == "de"
    assert "Set-Cookie" not in screen.headers
    changed = client.post(f"/api/tables/{table}/language", json={"lang": "nl"}, headers=host)
    assert changed.status_code == 200 and changed.get_json()["lang"] == "nl"
    assert page_data(client.get(f"/table/{table}").get_data(as_text=True))["lang"] == "nl"
    refused = client.post(f"/api/tables/{table}/language", json={"lang": "fr"}, headers=host)
    assert refused.status_code == 400 and client.get(f"/api/tables/{table}").get_json()["lang"] == "nl"
    stranger = client.post(f"/api/tables/{table}/language", json={"lang": "en"})
    assert stranger.status_code in (401, 403)


def test_a_table_made_without_a_language_takes_the_hosts(client: FlaskClient, host: dict[str, str]) -> None:
    created = client.post("/api/tables", json={"game": "fake-guess", "players": 2},
                          headers={**host, "Accept-Language": "nl-BE,nl;q=0.9"})
    assert created.status_code == 201 and created.get_json()["lang"] == "nl"


def test_two_phones_read_one_table_in_their_own_languages_at_the_same_moment(
        client: FlaskClient, make_table: Any, host: dict[str, str], words: None) -> None:
    """Anna reads Dutch, the other phone German; the seat nobody named is "Speler 2" to one and
    "Spieler 2" to the other, and the bot "Computer 3" to both: names are facts, words are said
    when shown."""
    t = make_table(players=3)
    t.claim(0, "Anna")
    client.post(f"/api/tables/{t.id}/seats/1", json={"name": ""})
    client.post(f"/api/tables/{t.id}/seats/2/bot", headers=host)
    nl = client.get(f"/api/tables/{t.id}", headers={"Accept-Language": "nl"}).get_json()
    de = client.get(f"/api/tables/{t.id}", headers={"Accept-Language": "de"}).get_json()
    assert [s["name"] for s in nl["seats"]] == ["Anna", "Speler 2", "Computer 3"]
    assert [s["name"] for s in de["seats"]] == ["Anna", "Spieler 2", "Computer 3"]
    assert [s["named"] for s in de["seats"]] == [True, False, False]
    as_table = client.get(f"/api/tables/{t.id}/view?as=table", headers={**host, "Accept-Language": "de"})
    assert as_table.get_json()["name"] == "Spielleitung"


def test_the_host_button_is_named_in_the_phones_words(client: FlaskClient, service: Any) -> None:
    """A button with its default label ("Next button") is said around its name in each language;
    the names the host page asks a phone to hold read whole in Dutch and German."""
    from engines.text import Text
    from web.i18n import load_catalogues

    load_catalogues()
    service.pairing.set_button(Text("{name} button", {"name": "next"}), 2.0)
    nl = client.get("/host", headers={"Accept-Language": "nl"}).get_data(as_text=True)
    de = client.get("/host", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert "Houd de knop ‘next’ 2 seconden ingedrukt." in nl
    assert "Halte die Taste „next“ 2 Sekunden gedrückt." in de


def test_a_sentence_said_again_is_said_with_its_own_parameters() -> None:
    """Each sentence is said once per language and remembered by its JSON form: a parameter of
    ``True``, ``1`` or ``1.0``, or the same ones in another order, is another sentence, said in
    its own words, however often it comes again (web/i18n.py's memo)."""
    from engines.text import translate
    from web.i18n import localize

    sentences = [{"msgid": "{count} points, {name}", "params": {"count": value, "name": name}}
                 for value in (1, True, 1.0, 2) for name in ("Anna", "Ben")]
    sentences.append({"msgid": "{count} points, {name}", "params": {"name": "Anna", "count": 1}})
    for _ in range(2):   # the second round is said from the memo
        said = [localize(sentence, "en")["text"] for sentence in sentences]
        assert said == [translate(sentence, "en") for sentence in sentences]
    assert len(set(said[:-1])) == len(said) - 1
