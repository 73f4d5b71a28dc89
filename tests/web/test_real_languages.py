"""Random games of every game, read in Dutch and in German: no English word on any phone or on the
table screen.

Every payload a phone or the table screen gets during random games (its view, the events it may
see, its button labels, the outcome, the seats' names), translated as the web sends it, and every
label of the page scripts: no word of it may be an English word of the companion's vocabulary
(every word of every msgid), except the proper names (game titles, the special cards' printed
names, the product's name) and the words Dutch or German write the same way (listed below, each
a real word of that language).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import engines
from engines.core import events_for
from engines.playout import random_playout
from tests.fakegame import GuessGame
from web import messages
from web.i18n import catalogue, load_catalogues, localize_payload

WORD = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
SQUARE = re.compile(r"\b[a-z]\d{1,2}\b")
ROOT = Path(__file__).resolve().parents[2]


def _proper_names() -> list[str]:
    """Names every edition prints as they are: game titles, the product, Sharks' special cards, and
    Loch Ness's monster."""
    cards = json.loads((ROOT / "engines" / "sharks_with_lasers" / "cards.json").read_text(encoding="utf-8"))
    names = [card["name"] for card in cards["special"]]
    titles = [game.title for game in engines.GAMES.values() if type(game).__module__.startswith("engines.")]
    jaws = ["Brody", "Hooper", "Quint", "Michael", "Amity Island", "Amity", "Ben Gardner", "Frank Silva",
            "Vaughn", "USS Indianapolis", "Orca"]     # Jaws' people, places and ships: names in every edition
    return sorted({*names, *titles, *jaws, "Table Companion", "Ultra-Power Beam",
                   "Nessie", GuessGame.title}, key=len, reverse=True)   # the tests' own game, by its name


PROPER = _proper_names()
SAME_WORD = {
    # written the same in both languages and English, each a word of its own there
    "both": {"laser", "agent", "robot", "widget", "widgets", "start", "computer", "hand", "west", "fzzzt",
             "in", "rest", "display", "sensor", "pin", "led", "json", "id", "qr", "i2c", "gpio", "ok",
             "en", "nl", "de",    # the language switch: EN / NL / DE
             "companion", "docs", "md",    # the device's name; a file named in a help line
             "code",                       # a (QR) code: the same word in Dutch and German
             "die"},   # German's article and Dutch's pronoun (Jaws' Act 2 rolls "1 red die")
    "nl": {"is", "over", "of", "per", "open", "water", "effect", "won", "deflector", "en", "de", "bord",
           "robots", "agenten", "camera", "status", "scan", "extra", "letters", "plan", "later", "info",
           "map", "argument",
           "nest", "monster", "motor", "route", "octopus",   # Loch Ness: een nest, een octopus, de route
           "zone", "stand", "letter",   # Jaws, Act 2: de zone, stand houden, een letter
           "begin",   # "het begin van het eindspel" (English "begin" is in a setting-up line)
           "even"},   # "nu even niets": a Dutch word of its own (English "even" is in a first game's lesson)
    "de": {"was", "an", "diagonal", "digital", "optional", "symbol", "phase", "orange", "upgrade", "agenten",
           "status", "also", "dock", "docks", "shop", "plan",   # Dock, Shop: the Jaws rulebook's words
           "pins", "info",
           "nest", "monster", "motor", "route", "name", "problem",  # Loch Ness: ein Nest
           "zone", "chip", "option", "text", "profile",   # Jaws, Act 2: the rulebook's Zone, Ziel-Chip
           "maul"},   # das Maul (our German title "Großes Maul")
}


@pytest.fixture(scope="module")
def english() -> set[str]:
    """The English vocabulary: every word of every msgid the companion can show."""
    load_catalogues()
    words: set[str] = set()
    for message in messages.template():
        if message.id:
            for text in (message.id,) if isinstance(message.id, str) else message.id:
                words.update(w.lower() for w in WORD.findall(PLACEHOLDER.sub(" ", text)))
    return words


def english_words(text: str, lang: str, english: set[str]) -> list[str]:
    for name in PROPER:
        text = text.replace(name, " ")
    text = SQUARE.sub(" ", PLACEHOLDER.sub(" ", text))
    allowed = SAME_WORD["both"] | SAME_WORD[lang]
    return [w for w in WORD.findall(text)
            if len(w) > 1 and w.lower() in english and w.lower() not in allowed
            and not re.fullmatch(r"[IVX]+", w)]


def texts(value: Any) -> Iterator[str]:
    if isinstance(value, dict):
        if isinstance(value.get("msgid"), str) and "text" in value:
            yield value["text"]
        for sub in value.values():
            yield from texts(sub)
    elif isinstance(value, list):
        for sub in value:
            yield from texts(sub)


def test_the_check_finds_an_english_word_left_in_a_dutch_sentence(english: set[str]) -> None:
    """The check below is worth something only if it fails on a sentence left half English."""
    assert english_words("Speler 2 moved de Deflector naar e4.", "nl", english) == ["moved"]
    assert english_words("Spieler 2 zog den Deflektor nach e4.", "de", english) == []
    assert english_words("Speel Shark Freeze op de witte haai", "nl", english) == []


GAMES = [game for game in engines.GAMES.values() if type(game).__module__.startswith("engines.")]


@pytest.mark.parametrize("lang", messages.LANGUAGES)
@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_a_random_game_reads_without_an_english_word(game: engines.Game, lang: str,
                                                     english: set[str]) -> None:
    """Every phone (each seat) and the table screen, through a few random games with the game's
    variants on: the sentences, labels, views and seat names the web sends them."""
    found: dict[str, str] = {}
    shown = 0

    def collect(_before: engines.State, _seat: int, _action: object, after: engines.State) -> None:
        nonlocal shown
        players = range(game.max_players)
        seats = [{"seat": s, "name": "", "named": False, "bot": s == 1} for s in players]
        for who in [None, *after.awaiting]:
            if who is not None and who < 0:
                continue
            payload = {"seats": seats, "view": after.view(who), "events": events_for(after.events, who),
                       "outcome": after.outcome,
                       "legal_actions": after.legal_actions(who)[:40] if who is not None else []}
            out = localize_payload(payload, lang)
            for text in [*texts(out), *(s["name"] for s in out["seats"])]:
                shown += 1
                for word in english_words(text, lang, english):
                    found.setdefault(word, text)

    options: dict[str, Any] = {opt["name"]: True for opt in game.options if opt["type"] == "bool"}
    for seed in range(3):
        players = game.min_players + seed % (game.max_players - game.min_players + 1)
        random_playout(game, players, seed, options=options, max_plies=220, on_step=collect)
    assert found == {}
    assert shown > 100


@pytest.mark.parametrize("lang", messages.LANGUAGES)
def test_every_page_label_reads_without_an_english_word(lang: str, english: set[str]) -> None:
    """The page scripts' labels (phones, table screen, host page, the games' own page parts)."""
    load_catalogues()
    found = {msgid: text for msgid, text in catalogue(lang).items() if english_words(text, lang, english)}
    assert found == {}
