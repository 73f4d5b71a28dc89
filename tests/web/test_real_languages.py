"""Random games of every game, read in Dutch and in German: no English word on any phone or on the
table screen.

Every payload a phone or the table screen gets during random games (its view, the events it may
see, its button labels, the outcome, the seats' names), translated as the web sends it, and every
label of the page scripts: no word of it may be an English word of the companion's vocabulary
(every word of every msgid), except the proper names (game titles, the special cards' printed
names, the product's name) and the words Dutch or German write the same way (listed below, each
a real word of that language).

The same games also try plays each engine must refuse, and every refusal is read the same way
(issue 38, point 4: "Dutch and German sentences built from parts (a name, a place, a count) are
checked rendered, not only as msgids"); and every sentence, rendered with its names, places and
counts, is held against the glossary (docs/glossary/*.toml): no wrong variant it names.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from babel.messages.catalog import Catalog

import engines
from engines.core import Refusal, events_for
from engines.playout import random_playout
from engines.text import Text, translate
from tests.fakegame import GuessGame
from tests.web.test_glossary import SOFT_HYPHEN, _wrong, glossaries
from web import messages
from web.i18n import catalogue, load_catalogues, localize_payload, name_lookup, seat_names

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
    "both": {"land",   # het land / das Land ("De haai kan niet over land zwemmen.")
             "laser", "agent", "robot", "widget", "widgets", "start", "computer", "hand", "west", "fzzzt",
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
           "maul",   # das Maul (our German title "Großes Maul")
           "so"},    # "nicht so viele Fässer" (Jaws' refusal to collect more barrels than there are)
}


# Refusals of a malformed play (an API client's, or a typed notation) name the play's JSON fields and
# kinds as they must be sent: those words stay English in every language.
API_WORDS = {
    "Laser Chess has no play called {kind}; a turn is a move, a swap, a rotate, or declare_draw.":
        {"move", "swap", "rotate", "declare", "draw"},
    'A move needs "from" and "to" squares, a1 to j8 (for example e1e2).': {"from", "to"},
    'A rotation needs a "square" (a1 to j8) and a "turn" (cw or ccw).': {"square", "turn", "cw", "ccw"},
    'A rotation turns "cw" (clockwise) or "ccw" (anticlockwise).': {"cw", "ccw"},
}
# Words a refusal may carry until its engine says it otherwise: none now (the rendered check found
# a Sharks card play without a shark refused as "There is no shark called None": it now asks for one).
REPORTED: dict[str, set[str]] = {}


@pytest.fixture(scope="module")
def english() -> set[str]:
    """The English vocabulary: every word of every msgid the companion can show."""
    load_catalogues()
    words: set[str] = set()
    for message in template():
        if message.id:
            for text in (message.id,) if isinstance(message.id, str) else message.id:
                words.update(w.lower() for w in WORD.findall(PLACEHOLDER.sub(" ", text)))
    return words


@functools.cache
def template() -> Catalog:
    """The msgids the companion can show (extracted from the code once for this file)."""
    return messages.template()


def english_words(text: str, lang: str, english: set[str]) -> list[str]:
    for name in PROPER:
        text = text.replace(name, " ")
    text = SQUARE.sub(" ", PLACEHOLDER.sub(" ", text))
    allowed = SAME_WORD["both"] | SAME_WORD[lang]
    return [w for w in WORD.findall(text)
            if len(w) > 1 and w.lower() in english and w.lower() not in allowed
            and not re.fullmatch(r"[IVX]+", w)]


def texts(value: Any) -> Iterator[str]:
    """Each sentence of a localized payload, as it reads."""
    return (text for _, text in sentences(value))


def localized(state: engines.State, seats: list[dict[str, Any]], lang: str) -> Iterator[dict[str, Any]]:
    """What the table screen and each phone asked to play get of ``state``, as the web sends it in
    ``lang``: the view, the events each may see, the outcome, the labels of (at most 40) plays."""
    for who in [None, *state.awaiting]:
        if who is not None and who < 0:
            continue
        payload = {"seats": seats, "view": state.view(who), "events": events_for(state.events, who),
                   "outcome": state.outcome,
                   "legal_actions": state.legal_actions(who)[:40] if who is not None else []}
        yield localize_payload(payload, lang)


def test_the_check_finds_an_english_word_left_in_a_dutch_sentence(english: set[str]) -> None:
    """The check below is worth something only if it fails on a sentence left half English."""
    assert english_words("Speler 2 moved de Deflector naar e4.", "nl", english) == ["moved"]
    assert english_words("Spieler 2 zog den Deflektor nach e4.", "de", english) == []
    assert english_words("Speel Shark Freeze op de witte haai", "nl", english) == []


GAMES = [game for game in engines.GAMES.values() if type(game).__module__.startswith("engines.")]
NOPE = {"type": "__nope__"}


@dataclass
class Played:
    """A game's random playouts: every state a step led to, and what the engine refused on the way."""
    states: list[tuple[engines.State, list[dict[str, Any]]]] = field(default_factory=list)
    refusals: dict[str, Text] = field(default_factory=dict)   # one of each sentence, by its JSON
    refused_kinds: dict[str, set[str]] = field(default_factory=dict)   # each sentence's kinds of play


def _wrong_plays(state: engines.State, recent: list[tuple[int, Any]]) -> Iterator[tuple[int, object]]:
    """Plays the rules must refuse, by the awaited seats and one seat not awaited: a play of no
    kind, another seat's play, a play named by a garbled notation, a legal play with one part bent
    (a square, a card, a count: out of range, or as a play a few steps ago had it), plays made a
    few steps ago."""
    awaited = [s for s in state.awaiting if s >= 0]
    idle = [s for s in range(state.players) if s not in state.awaiting][:1]
    legal = {s: list({a["type"]: a for a in reversed(state.legal_actions(s))}.values())   # one of each kind
             for s in awaited}
    for seat in [*awaited, *idle]:
        yield seat, NOPE
        for other in awaited:
            if other != seat:
                yield from ((seat, action) for action in legal[other])
        for action in legal.get(seat, []):
            yield seat, {"type": action["type"], "notation": "z99?"}
            yield from ((seat, bent) for bent in _bent(action, [a for _, a in recent]))
    yield from recent
    if not state.awaiting:
        yield 0, NOPE
    yield state.players, NOPE      # a seat the table does not have
    yield engines.TABLE, NOPE       # the table's own seat (chance, readings)


def _bent(action: dict[str, Any], recent: list[Any]) -> Iterator[dict[str, Any]]:
    plain = {k: v for k, v in action.items() if k not in ("notation", "label")}
    for key, value in plain.items():
        if key == "type":
            continue
        stale = [a[key] for a in recent if isinstance(a, dict) and key in a and a[key] != value]
        odd = (not value if isinstance(value, bool) else 99 if isinstance(value, int)
               else "z9" if isinstance(value, str) else [] if value else None)
        yield from ({**plain, key: other} for other in [*stale[:1], odd])


@functools.cache
def played(game_id: str) -> Played:
    """Three random games with the game's variants on, the same for every language."""
    game = engines.GAMES[game_id]
    out = Played()
    history: list[tuple[int, Any]] = []

    def collect(_before: engines.State, seat: int, action: Any, after: engines.State) -> None:
        seats = [{"seat": s, "name": "", "named": False, "bot": s == 1} for s in range(game.max_players)]
        out.states.append((after, seats))
        history.append((seat, action))
        for who, play in _wrong_plays(after, [history[i] for i in (-3, -8) if len(history) >= -i]):
            try:
                after.apply(who, play)
            except Refusal as exc:
                said = json.dumps(exc.text.to_json(), sort_keys=True, default=str)
                out.refusals.setdefault(said, exc.text)
                if isinstance(play, dict) and isinstance(play.get("type"), str):
                    out.refused_kinds.setdefault(said, set()).add(play["type"])

    options: dict[str, Any] = {opt["name"]: True for opt in game.options if opt["type"] == "bool"}
    for seed in range(3):
        players = game.min_players + seed % (game.max_players - game.min_players + 1)
        history.clear()
        random_playout(game, players, seed, options=options, max_plies=220, on_step=collect)
    return out


def msgids_in(value: Any) -> Iterator[str]:
    if isinstance(value, dict):
        if isinstance(value.get("msgid"), str):
            yield value["msgid"]
        for sub in value.values():
            yield from msgids_in(sub)
    elif isinstance(value, list):
        for sub in value:
            yield from msgids_in(sub)


Said = tuple[frozenset[str], str]   # a sentence as it reads, and the msgids it is built from


def sentences(value: Any) -> Iterator[Said]:
    """Each sentence of a localized payload as it reads, with the msgids it is built from (its own
    and its parts': a name, a place, a card)."""
    if isinstance(value, dict):
        if isinstance(value.get("msgid"), str) and "text" in value:
            yield frozenset(msgids_in(value)), value["text"]
        for sub in value.values():
            yield from sentences(sub)
    elif isinstance(value, list):
        for sub in value:
            yield from sentences(sub)


@functools.cache
def rendered(game_id: str, lang: str) -> tuple[list[Said], list[Said]]:
    """What the phones and the table screen read in ``lang`` during :func:`played`: the payloads'
    sentences and the seats' names, and the refusals as the web says them (each with its msgids)."""
    shown: list[Said] = []
    names: list[str | None] = []
    for state, seats in played(game_id).states:
        for out in localized(state, seats, lang):
            shown.extend(sentences(out))
            shown.extend((frozenset(), s["name"]) for s in out["seats"])
        names = seat_names({"seats": seats}, lang)
    shown = list(dict.fromkeys(shown))   # each sentence once, as often as the games repeat it
    refused = [(frozenset(msgids_in(text.to_json())), translate(text, lang, name_lookup(names, lang)))
               for text in played(game_id).refusals.values()]
    return shown, refused


@pytest.mark.parametrize("lang", messages.LANGUAGES)
@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_a_random_game_reads_without_an_english_word(game: engines.Game, lang: str,
                                                     english: set[str]) -> None:
    """Every phone (each seat) and the table screen, through a few random games with the game's
    variants on: the sentences, labels, views and seat names the web sends them, and the sentence
    each wrong play is refused with (issue 38, point 4: "sentences built from parts (a name, a
    place, a count) are checked rendered, not only as msgids")."""
    shown, refused = rendered(game.id, lang)
    found: dict[str, str] = {}
    for msgids, text in [*shown, *refused]:
        allowed = set().union(*(API_WORDS.get(m, set()) | REPORTED.get(m, set()) for m in msgids))
        for word in english_words(text, lang, english):
            if word.lower() not in allowed:
                found.setdefault(word, text)
    assert found == {}
    assert len(shown) > 100    # different sentences


@pytest.mark.parametrize("lang", messages.LANGUAGES)
def test_every_page_label_reads_without_an_english_word(lang: str, english: set[str]) -> None:
    """The page scripts' labels (phones, table screen, host page, the games' own page parts)."""
    load_catalogues()
    found = {msgid: text for msgid, text in catalogue(lang).items() if english_words(text, lang, english)}
    assert found == {}


def misworded(said: Iterable[Said], game_id: str, lang: str) -> list[str]:
    """The rendered sentences that say a word the glossary calls wrong (docs/glossary/*.toml, read as
    tests/web/test_glossary.py reads them): the game's own terms, the companion's, and every game's
    terms of ``scope = "all"``; a term of ``scope = "msgids"`` only where one of its msgids is a
    part of the sentence (the sentence itself, or a name, place or card in it)."""
    terms = [(term, source) for source, languages in glossaries().items() for term in languages.get(lang, [])
             if source in (game_id, "companion") or term.get("scope") == "all"]
    distinct = {(msgids, text.replace(SOFT_HYPHEN, "")) for msgids, text in said}
    out: list[str] = []
    for term, source in terms:
        only = set(term.get("msgids", [])) if term.get("scope") == "msgids" else None
        for wrong in term.get("wrong", []):
            pattern = _wrong(wrong, term.get("case", False))
            out.extend(f"{game_id} {lang}: {text!r} says {wrong!r} where the rulebook prints "
                       f"{term['printed']!r} ({source}: {term['rule']})"
                       for msgids, text in sorted(distinct)
                       if (only is None or only & msgids) and pattern.search(text))
    return out


def test_the_rendered_check_finds_a_word_the_glossary_calls_wrong() -> None:
    """The glossary check below is worth something only if it fails on a sentence that says a wrong
    variant, in the sentence or in a part put into it."""
    host = (frozenset({"Waiting for the host."}), "Wachten op de gastheer.")   # companion.toml
    assert [f.split(" where ")[0] for f in misworded([host], "fzzzt", "nl")] == [
        "fzzzt nl: 'Wachten op de gastheer.' says 'gastheer'"]
    police = frozenset({"The shark swims to {place}.", "Police"})   # jaws.toml: Polizeistation
    assert misworded([(police, "Der Hai schwimmt zur Polizei.")], "jaws", "de") == [
        "jaws de: 'Der Hai schwimmt zur Polizei.' says 'Polizei' where the rulebook prints "
        "'Polizeistation' (jaws: jaws.de.txt:65)"]
    assert misworded([(frozenset({"Mayor"}), "Die Polizei ist da.")], "jaws", "de") == []  # not the place
    assert misworded([(police, "Der Hai schwimmt zur Polizeistation.")], "jaws", "de") == []


@pytest.mark.parametrize("lang", ["nl", "de"])
@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_a_random_game_says_the_words_the_rulebooks_print(game: engines.Game, lang: str) -> None:
    """Issue 38, point 4: every story step, view, label and refusal of the random games, rendered in
    Dutch and German with its names, places and counts, against the game's glossary: no wrong
    variant the glossary names."""
    shown, refused = rendered(game.id, lang)
    assert misworded([*shown, *refused], game.id, lang) == []


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_a_wrong_play_is_refused_in_a_sentence_of_its_own(game: engines.Game) -> None:
    """The random games try plays each game must refuse (a play of no kind, another seat's play, a
    garbled notation, a play made a few steps ago, a seat the table does not have): each refusal is
    a sentence of the catalogue, read above in Dutch and German like every other sentence."""
    refusals = played(game.id).refusals.values()
    kinds = {text.msgid for text in refusals}
    assert kinds - {"It is not your turn.", "The game is over.", "There is no seat {number} at this table."}
    assert kinds <= msgids()


@functools.cache
def msgids() -> set[str]:
    return {m.id if isinstance(m.id, str) else m.id[0] for m in template() if m.id}


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_every_play_the_rules_refuse_has_its_why(game: engines.Game) -> None:
    """Issue 37, Done when: "a test that every refusal reason ... has its 'why' in en/nl/de". Every
    refusal the random games met for a play of a kind the game has (not a play of no kind) names the
    rules of that kind of play (the phone's "Why?": the lessons module's WHY_PLAY), and those rules
    read in Dutch and German (every lesson is in the catalogues: test_first_game_rules)."""
    why, kinds = game.why_play(), set()
    for said, refused in played(game.id).refused_kinds.items():
        for kind in refused - {NOPE["type"]}:
            kinds.add(kind)
            assert why.get(kind), (game.id, kind, said)
    assert kinds, game.id
