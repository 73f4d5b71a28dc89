"""Jaws' Act 2 read in Dutch and in German: random games of the Orca (the test fixture's box, the
companion's deck and dice, and the table's readings too), every phone and the table screen, with no
English word left (tests/web/test_real_languages.py reads Act 1 and the other games)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

import engines
from engines.core import events_for
from engines.playout import random_playout
from tests.engines.jaws.orca_helpers import FIXTURE
from tests.web.test_real_languages import english, english_words, localized, texts
from web import messages

__all__ = ["english"]


@pytest.mark.parametrize("lang", messages.LANGUAGES)
@pytest.mark.parametrize("mode", ["digital", "physical"])
def test_a_random_game_of_act_2_reads_without_an_english_word(lang: str, mode: str,
                                                              english: set[str]) -> None:
    game = engines.get("jaws")
    found: dict[str, str] = {}
    shown = 0

    def collect(_before: engines.State, _seat: int, _action: object, after: engines.State) -> None:
        nonlocal shown
        seats = [{"seat": s, "name": "", "named": False, "bot": s == 1} for s in range(after.players)]
        for out in localized(after, seats, lang):
            for text in [*texts(out), *(s["name"] for s in out["seats"])]:
                shown += 1
                for word in english_words(text, lang, english):
                    found.setdefault(word, text)

    # the fixture's gear cards unnamed: a card's name is what a group typed, in its own language
    box = {**FIXTURE, "gear": [{**card, "name": ""} for card in FIXTURE["gear"]]}
    options: dict[str, Any] = {"acts": "2", "box": json.dumps(box), "resurface": mode, "dice": mode}
    for seed in range(2):
        random_playout(game, 2 + seed, seed, options=options, max_plies=400, on_step=collect)
    assert found == {}
    assert shown > 1000



PLACES = {
    # lang: (a numbered space, the Shop as the crew's moves say it, as a choice says it, never said)
    "de": ("auf Feld 5", ("in den Shop", "im Shop"), "Den Shop wählen", r"\bnach (Feld )?\w+\b|auf Shop\b"),
    "nl": ("naar vak 5", ("naar de winkel", "in de winkel"), "De winkel kiezen", r"\bWinkel\b|op winkel\b"),
}


@pytest.mark.parametrize("lang", sorted(PLACES))
def test_the_crews_moves_name_a_space_and_the_shop_as_the_rulebook_does(lang: str) -> None:
    """Issue 24, item 2: "Brody fliegt nach Shop.", "Brody bleibt auf Shop.", "Brody gaat naar
    Winkel.": a place reaches a sentence as a phrase with its own preposition and article, "auf
    Feld 5", "im Shop", "naar vak 5", "in de winkel" (jaws.de.txt:61, 220)."""
    from engines import TABLE, translate
    from tests.engines.jaws.helpers import CREW, SHARK, crew_phase, play

    space, shop, choose_shop, never = PLACES[lang]
    start = crew_phase()
    said: list[str] = []

    def read(state: engines.State, seat: int) -> None:
        said.extend(translate(ev["say"], lang) for ev in state.events if "say" in ev)
        said.extend(translate(a["label"], lang) for a in state.legal_actions(seat) if "label" in a)

    read(start, CREW)
    read(play(start, CREW, "brody move 5"), CREW)
    read(play(start, CREW, "brody move Shop"), CREW)
    heli = engines.get("jaws").start(players=3, seed=1, options={"roles": "S/BQ/H"})
    heli = play(play(heli, SHARK, "start 1"), TABLE, "card 16")    # Brody flies to any island space
    read(heli, 1)
    read(play(heli, 1, "choose Shop"), 1)
    moves = [s for s in said if s.startswith("Brody")]
    assert any(space in s for s in moves), moves                  # a move's label and its event
    assert sum(any(p in s for p in shop) for s in moves) >= 3, moves   # the move, its label, the flight
    assert choose_shop in said, said
    for sentence in said:
        assert not re.search(never, sentence), sentence


SHARK_PLACES = {
    # lang: the start, a swim, a throw and its answer, Hooper's fish finder (at 5), each space a phrase
    "de": ("Du startest auf Feld 1.", "Auf Feld 2 schwimmen", "Quint: ein Fass auf Feld 4 werfen",
           "Quint wirft ein Fass auf Feld 4: Treffer!", "Fischfinder auf Feld 5:"),
    "nl": ("Je begint op vak 1.", "Naar vak 2 zwemmen", "Quint: een vat op vak 4 gooien",
           "Quint gooit een vat op vak 4: raak!", "Visvinder op vak 5:"),
}


@pytest.mark.parametrize("lang", sorted(SHARK_PLACES))
def test_the_sharks_start_and_swim_and_a_barrel_name_the_space_as_a_phrase(lang: str) -> None:
    """Issue 24, item 2: "Du startest auf 1.", "Je zwemt naar 2": the shark's start, its swims,
    Quint's barrel and Hooper's fish finder say "auf Feld 1", "naar vak 2" (jaws.de.txt:286), never
    a bare number after the preposition nor "Feld" twice."""
    from engines import translate
    from tests.engines.jaws.helpers import CREW, SHARK, crew_phase, play, shark_phase

    start, swim, throw, hit, finder = SHARK_PLACES[lang]
    game = engines.get("jaws").start(players=2, seed=1, options={"roles": "S/BHQ"})
    mine = [translate(ev["say"], lang) for ev in events_for(play(game, SHARK, "start 1").events, SHARK)]
    swims = [translate(a["label"], lang) for a in shark_phase(shark="1").legal_actions(SHARK)]
    crew = crew_phase(shark="4")
    labels = [translate(a["label"], lang) for a in crew.legal_actions(CREW)]
    told = [translate(ev["say"], lang) for notation in ("quint throw 4", "hooper finder")
            for ev in play(crew, CREW, notation).events if "say" in ev]
    assert start in mine, mine
    assert swim in swims, swims
    assert throw in labels, labels
    assert any(s.startswith(hit) for s in told), told
    assert any(s.startswith(finder) for s in told), told
    for sentence in [*mine, *swims, *labels, *told]:
        assert not re.search(r"\b(auf|op|naar) \d\b|Feld Feld|vak vak", sentence), sentence


def test_the_east_beach_reads_as_the_tables_box_prints_it() -> None:
    """Issue 24, item 4: "Likewise whether the German board prints 'E' or 'O' for the east beach."
    A box profile that says its German board prints O: every German sentence, button and card rule
    names the east beach O ("auf Feld O", "an N, O und S"), the view tells the pages the letter; a
    Dutch reader at the same table, whose language the profile says nothing about, reads E (the
    default), and so does every German reader of a box that chose nothing."""
    from engines import TABLE, translate
    from tests.engines.jaws.helpers import CREW, SHARK, play

    def table(box: dict[str, Any]) -> engines.State:
        options = {"roles": "S/BHQ", "box": json.dumps(box)}
        start = engines.get("jaws").start(players=2, seed=1, options=options)
        return play(play(start, SHARK, "start E"), TABLE, "card 11")

    def read(state: engines.State, lang: str) -> list[str]:
        said = [translate(ev["say"], lang) for seat in (SHARK, CREW) for ev in events_for(state.events, seat)]
        said += [translate(a["label"], lang) for a in state.legal_actions(SHARK)]
        return [*said, translate(state.view(CREW)["card"]["text"], lang)]

    ours = play(engines.get("jaws").start(players=2, seed=1, options={
        "roles": "S/BHQ", "box": json.dumps({"east": {"de": "O"}})}), SHARK, "start E")
    assert "Du startest auf Feld O." in [translate(ev["say"], "de") for ev in events_for(ours.events, SHARK)]
    state = table({"east": {"de": "O"}})
    assert state.view(CREW)["map"]["east"] == {"de": "O"}
    german, dutch = read(state, "de"), read(state, "nl")
    assert "Schwimmer gehen ins Wasser: N 1, O 1, S 2, W 2." in german, german
    assert any(s.endswith("an N, O und S.") for s in german), german
    assert not any(re.search(r"\bE\b", s) for s in german), german
    assert "Zwemmers gaan het water in: N 1, E 1, S 2, W 2." in dutch, dutch
    assert any(s.endswith("bij N, E en S elk één zwemmer.") for s in dutch), dutch
    default = read(table({}), "de")
    assert "Schwimmer gehen ins Wasser: N 1, E 1, S 2, W 2." in default
    assert table({}).view(CREW)["map"]["east"] == {}


def test_setting_up_names_the_east_beach_as_the_tables_box_prints_it() -> None:
    """Issue 24, item 4, and issue 26: the setup steps a German table reads name the east beach as
    its box prints it ("Die Strände N, O, S und W ..."), and the shark's secret start is a place
    ("auf Feld O" in its own part); a box that chose nothing reads E."""
    from engines import translate
    from tests.engines.jaws.helpers import SHARK, play

    game = engines.get("jaws")

    def said(box: dict[str, Any], lang: str) -> list[str]:
        state = game.start(players=2, seed=1, options={"roles": "S/BHQ", "box": json.dumps(box)})
        chosen = play(state, SHARK, "start E")
        lines = [line for step in game.setup_steps(state) for line in step.lines]
        return [translate(t, lang) for t in [*lines, *game.setup_part(chosen, SHARK)]]

    german = said({"east": {"de": "O"}}, "de")
    assert any(s.startswith("Die Strände N, O, S und W") for s in german), german
    assert any(s.startswith("Dein geheimer Start: Feld O.") for s in german), german
    assert any(s.startswith("Die Strände N, E, S und W") for s in said({}, "de"))
    assert any(s.startswith("De stranden N, E, S en W") for s in said({"east": {"de": "O"}}, "nl"))


def test_the_jaws_pages_carry_the_editions_title(client: Any, make_table: Any, service: Any) -> None:
    """The German edition is "Der weiße Hai" (its rulebook's title, "DER WEISSE HAI ... Anleitung"):
    the German phone page and a German table screen say so, heading and window title; Dutch has no
    edition of its own and keeps "Jaws"."""
    t = make_table("jaws", players=3)
    for lang, title in (("de", "Der weiße Hai"), ("nl", "Jaws"), ("en", "Jaws")):
        html = client.get(f"/play/{t.id}?lang={lang}").get_data(as_text=True)
        assert f'<h1 id="title">{title}</h1>' in html and f"<title>{title}</title>" in html, lang
    service.set_language(t.id, "de")
    html = client.get(f"/table/{t.id}").get_data(as_text=True)
    assert '<h1 id="title">Der weiße Hai</h1>' in html and "<title>Der weiße Hai · " in html


def test_the_lists_of_games_and_tables_say_the_editions_title(client: Any, make_table: Any,
                                                               service: Any) -> None:
    """Issue 36, point 6: "the Jaws title on German screens is 'Jaws', not 'Der weiße Hai'". The
    host's game list, the list of tables (the host page and the start page), tonight's results and
    their page give each game's title in the reader's words beside its msgid."""
    t = make_table("jaws", players=3)
    for lang, title in (("de", "Der weiße Hai"), ("nl", "Jaws"), ("en", "Jaws")):
        games = client.get(f"/api/games?lang={lang}").get_json()["games"]
        assert {g["id"]: g["title_text"] for g in games}["jaws"] == title, lang
        tables = client.get(f"/api/tables?lang={lang}").get_json()["tables"]
        assert [e["title_text"] for e in tables if e["table"] == t.id] == [title], lang
        assert all(e["title"] == "Jaws" for e in tables if e["table"] == t.id)   # the msgid stays
        evening = client.get(f"/api/evening?lang={lang}").get_json()["games"]
        assert [g["title_text"] for g in evening if g["table"] == t.id] == [title], lang
    service.set_language(t.id, "de")   # the evening page speaks as the newest table's screen
    html = client.get("/evening").get_data(as_text=True)
    assert "<h2>Der weiße Hai <span" in html and "<h2>Jaws" not in html
