"""Every word a player reads is translated: sentences whose parameters are words or sentences too.

A Dutch or German phone must never read an English word pasted into its sentence ("Red
verwijderde de Deflector"). The pseudo language ``xx`` below "translates" every msgid by writing
its words in capitals (placeholders kept), the usual pseudo-localisation trick: a sentence that
comes out with a lowercase word other than a square name still holds English that never went
through :func:`engines.text.translate`.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import engines
from engines import IllegalAction
from engines.playout import random_playout
from engines.text import CATALOGUES, Text, translate
from tests.engines.fzzzt.helpers import everyone_bids
from tests.engines.fzzzt.helpers import position as fzzzt_position
from tests.engines.laser_chess.helpers import position
from tests.engines.sharks_with_lasers.helpers import pos as sharks_position
from tests.waits import patience

PSEUDO = "xx"
NAMES = ("ANNA", "BO", "CATO", "DIRK")  # seat names in capitals, so only untranslated words are lowercase
_PLACEHOLDER = re.compile(r"(\{[^}]*\})")
_SQUARE = re.compile(r"\b[a-z][1-9][0-9]?\b")


class PseudoCatalogue(dict[str, str]):
    """A catalogue that knows every msgid: its words in capitals, its placeholders as they are."""

    def get(self, msgid: str, default: Any = None) -> str:
        return "".join(part if _PLACEHOLDER.fullmatch(part) else part.upper()
                       for part in _PLACEHOLDER.split(msgid))


@pytest.fixture
def pseudo() -> Iterator[str]:
    """The ``xx`` language, registered for one test and removed afterwards."""
    saved = CATALOGUES.get(PSEUDO)
    CATALOGUES[PSEUDO] = PseudoCatalogue()
    try:
        yield PSEUDO
    finally:
        if saved is None:
            del CATALOGUES[PSEUDO]
        else:
            CATALOGUES[PSEUDO] = saved


def in_pseudo(text: Text | dict[str, Any]) -> str:
    return translate(text, PSEUDO, seat_name=lambda seat: NAMES[seat])


def english_left(sentence: str) -> list[str]:
    """The words of a pseudo-translated sentence that were not translated (squares are names)."""
    return re.findall(r"[A-Za-z]*[a-z][A-Za-z]*", _SQUARE.sub("", sentence))


# -- the translation function itself -----------------------------------------------------


def test_the_pseudo_language_catches_an_english_word_passed_as_a_parameter(pseudo: str) -> None:
    """The check below is only worth something if it fails on the old way of writing sentences."""
    old = Text("The beam left at {square} heading {direction}.", {"square": "j8", "direction": "north"})
    assert english_left(in_pseudo(old)) == ["north"]
    new = Text("The beam left at {square} heading {direction}.", {"square": "j8", "direction": Text("north")})
    assert in_pseudo(new) == "THE BEAM LEFT AT j8 HEADING NORTH."
    assert english_left(in_pseudo(new)) == []


def test_nested_sentences_use_the_same_language_and_seat_names(pseudo: str) -> None:
    """A word inside a sentence inside a sentence: each level in the phone's language, seats as names."""
    CATALOGUES[pseudo] = {"{seat} says: {what}": "{seat} zegt: {what}",
                          "{owner_seat}'s {piece}": "de {piece} van {owner_seat}",
                          "Deflector": "Spiegel"}
    inner = Text("{owner_seat}'s {piece}", {"owner_seat": 1, "piece": Text("Deflector")})
    text = Text("{seat} says: {what}", {"seat": 0, "what": inner})
    assert in_pseudo(text) == "ANNA zegt: de Spiegel van BO"
    # the JSON form (what events and payloads carry) reads the same, and stays JSON
    assert in_pseudo(text.to_json()) == "ANNA zegt: de Spiegel van BO"
    assert text.to_json()["params"]["what"] == {
        "msgid": "{owner_seat}'s {piece}",
        "params": {"owner_seat": 1, "piece": {"msgid": "Deflector", "params": {}}},
    }
    # an unknown language still falls back to English all the way down
    assert translate(text, "tlh", seat_name=lambda s: NAMES[s]) == "ANNA says: BO's Deflector"


# -- Laser Chess -----------------------------------------------------------------------------


KINGS = {"e1": "K", "f8": "k"}


@pytest.mark.parametrize(("tokens", "to_move", "seat", "action", "english", "words"), [
    # Rule 4 (movement rules, ThinkFun p.8): "Blue tokens may never move onto red-helix squares"
    ({**KINGS, "b3": "FNE"}, "b", 0, {"type": "move", "from": "b3", "to": "a3"},
     "Blue tokens may never enter a3", "BLUE TOKENS MAY NEVER ENTER a3"),
    # the same rule for the token a swap would displace (a colour word and a piece name)
    ({**KINGS, "a5": "s/", "b4": "FNW"}, "r", 1, {"type": "swap", "from": "a5", "to": "b4"},
     "put the blue Deflector on a5", "PUT THE BLUE DEFLECTOR ON a5"),
    # ... and for red: one whole sentence per colour and token, never an adjective glued in
    ({**KINGS, "j4": "S/", "i5": "dS"}, "b", 0, {"type": "swap", "from": "j4", "to": "i5"},
     "put the red Defender on j4, which red tokens", "PUT THE RED DEFENDER ON j4, WHICH RED TOKENS"),
    # Rule 3: "A Switch may not swap with a King"
    ({**KINGS, "e2": "S/"}, "b", 0, {"type": "swap", "from": "e2", "to": "e1"},
     "not with a King.", "NOT WITH A KING."),
    # a swap onto an empty square names the mover's piece
    ({**KINGS, "e2": "S/"}, "b", 0, {"type": "swap", "from": "e2", "to": "e3"},
     "next to your Switch", "NEXT TO YOUR SWITCH"),
])
def test_a_laser_chess_refusal_reads_entirely_in_the_phones_language(
        pseudo: str, tokens: dict[str, str], to_move: str, seat: int, action: dict[str, str],
        english: str, words: str) -> None:
    """Movement rules (ThinkFun p.8 / German p.14): the refusal names the rule; every word of it,
    piece names and colours included, is in the phone's language (and English still reads as before)."""
    state = position(tokens, to_move=to_move)
    with pytest.raises(IllegalAction) as refused:
        state.apply(seat, action)
    sentence = in_pseudo(refused.value.text)
    assert english_left(sentence) == [], sentence
    assert words in sentence
    assert english in str(refused.value)


def test_a_broken_position_names_the_laser_colour_in_the_phones_language(pseudo: str) -> None:
    """Setup (ThinkFun p.4): each Laser stands in its own corner; a position that moves it is refused."""
    with pytest.raises(IllegalAction) as refused:
        position(KINGS, lasers=("LS", "lS"))
    assert english_left(in_pseudo(refused.value.text)) == []
    assert "BLUE LASER" in in_pseudo(refused.value.text)


def test_every_laser_chess_event_sentence_reads_entirely_in_the_phones_language(pseudo: str) -> None:
    """Turn order (ThinkFun p.8): move or turn one token, then fire your laser. Every sentence the
    table reads out for that (a step, a swap, a turn, the Laser turning, the beam leaving the board,
    a token removed, a King hit) carries no English word once translated, in its JSON form as sent."""
    seen: dict[str, str] = {}

    def collect(_before: engines.State, _seat: int, _action: object, after: engines.State) -> None:
        for ev in after.events:
            if "say" in ev:
                kind = f"{ev['type']}:{ev.get('kind') or ('removed' if ev.get('removed') else '')}"
                if ev["type"] == "laser" and ev.get("exit"):
                    kind = "laser:left the board"
                seen.setdefault(kind, in_pseudo(ev["say"]))
                assert english_left(seen[kind]) == [], seen[kind]

    game = engines.get("laser-chess")
    for seed in range(6):
        random_playout(game, 2, seed, max_plies=200, on_step=collect)
    wanted = {"move:step", "move:swap", "move:rotate", "move:laser_turn", "laser:left the board",
              "laser:removed"}
    assert wanted <= set(seen), sorted(seen)
    assert "HEADING" in seen["laser:left the board"]


# -- Sharks with Lasers ------------------------------------------------------------------------


def _story_kind(ev: dict[str, Any]) -> str:
    """An event's kind, split where one kind tells several sentences (which edge, which figure)."""
    extra = ev.get("hit") or ev.get("figure") or ev.get("edge") or ev.get("target") or ""
    return f"{ev['type']}:{extra}"


def test_every_sharks_sentence_and_button_reads_entirely_in_the_phones_language(pseudo: str) -> None:
    """Phases I-III (rulebook "SPELVERLOOP", translated): cards are played face down on agents and
    sharks, then turned over and resolved; sharks move, turn at the boat and beach, eat and fire
    lasers; specials (SPECIALE ACTIES) are played before the round or in it. Every sentence told for
    that, the private ones and every button label included, names sharks, edges, facings, sides and
    cards in the phone's language, while the events' data keep the plain values the screens read."""
    seen: dict[str, str] = {}

    def collect(_before: engines.State, _seat: int, _action: object, after: engines.State) -> None:
        for ev in after.events:
            if "say" in ev:
                kind = _story_kind(ev)
                sentence = in_pseudo(ev["say"])
                assert english_left(sentence) == [], (kind, sentence)
                seen.setdefault(kind, sentence)
            if isinstance(ev.get("shark"), str):   # data the table screen reads stays plain
                assert ev["shark"] in ("white", "grey", "black"), ev
            if isinstance(ev.get("facing"), str):
                assert ev["facing"] in "NESW", ev
        for seat in after.awaiting:
            for action in after.legal_actions(seat):
                if "label" in action:
                    label = in_pseudo(action["label"])
                    assert english_left(label) == [], label

    game = engines.get("sharks-with-lasers")
    for seed in range(4):
        random_playout(game, 2 + seed % 3, seed, options={"specials": True}, max_plies=160, on_step=collect)
        collect(game.start(players=2, seed=seed, options={"specials": True}), 0, None,   # the deal
                game.start(players=2, seed=seed, options={"specials": True}))
    physical = game.start(players=2, seed=1, options={"specials": True, "chance": "physical"})
    entered = physical.legal_actions(physical.awaiting[0])[0]
    collect(physical, physical.awaiting[0], entered, physical.apply(physical.awaiting[0], entered))
    wanted = {"moved:shark", "moved:agent", "turned:", "beam:agent", "revealed:agent", "played:agent",
              "dealt:"}
    assert wanted <= set(seen), sorted(seen)
    assert any("THE WHITE SHARK" in s or "THE GREY SHARK" in s or "THE BLACK SHARK" in s
               for s in seen.values()), seen


@pytest.mark.parametrize(("fields", "seat", "action", "words"), [
    # Phase II: "play a card on your agent or on a shark"; a card you do not hold is refused
    ({"phase": "play", "hands": "F/F"}, 0, {"type": "agent", "card": "S"},
     "YOU DO NOT HOLD SHIELD / FIRE LASER"),
    # specials: Shark-o-Porter is played before the round, not on a shark
    ({"phase": "play", "specials": "yes", "hands": "p/F"}, 0,
     {"type": "shark", "card": "p", "shark": "white"},
     "SHARK-O-PORTER IS NOT PLAYED ON A SHARK"),
    # an action of the wrong phase names what to do now
    ({"phase": "play", "hands": "F/F"}, 0, {"type": "place", "square": "a1"}, "NOW YOU PLAY A CARD OR PASS"),
    # Shark Scare: "a shark at most two squares from your agent" (SPECIALE ACTIES)
    ({"phase": "pre", "specials": "yes", "queue": "0", "hands": "e/-", "agents": "a1.g1",
      "sharks": "e9S.f9S.g9S"}, 0, {"type": "scare", "card": "e", "shark": "grey", "dir": "N"},
     "THE GREY SHARK IS MORE THAN TWO SQUARES"),
    # a board layout (the table can correct the board): a square off the board names the shark
    ({"board": "x:5x6:open-open:a1-e1:b3S.c3S.z9S"}, 0, {"type": "pass"}, "PUTS THE BLACK SHARK ON z9"),
    # Tractor Beam: "pulls an agent one square toward you": a compass letter, translated
    ({"phase": "pre", "specials": "yes", "queue": "0", "hands": "t/-", "agents": "a1.c1"}, 0,
     {"type": "tractor", "card": "t", "target_seat": 1, "dir": "E"}, "E IS NOT TOWARD YOU"),
])
def test_a_sharks_refusal_reads_entirely_in_the_phones_language(
        pseudo: str, fields: dict[str, str], seat: int, action: dict[str, Any], words: str) -> None:
    """Refusals name the card, the shark and the way in the phone's language (rulebook SPELVERLOOP and
    SPECIALE ACTIES, translated), and the position is left as it was."""
    before = ""
    with pytest.raises(IllegalAction) as refused:
        state = sharks_position(2, **fields)
        before = state.notation()
        state.apply(seat, action)
    sentence = in_pseudo(refused.value.text)
    assert english_left(sentence) == [], sentence
    assert words in sentence, sentence
    if before:
        assert state.notation() == before


# -- Fzzzt! -----------------------------------------------------------------------------------


def test_every_fzzzt_sentence_and_button_reads_entirely_in_the_phones_language(pseudo: str) -> None:
    """A round (rulebook, translated): conveyor cards are turned, each open card is auctioned with
    bids of robot cards, the highest power wins it (ties: the chief mechanic), and at clean-up robots
    go on production units whose symbol they match. Every sentence and button names cards and their
    symbols (nut, bolt, cog, oil) in the phone's language."""
    seen: dict[str, str] = {}

    def collect(_before: engines.State, _seat: int, _action: object, after: engines.State) -> None:
        for ev in after.events:
            if "say" in ev:
                sentence = in_pseudo(ev["say"])
                assert english_left(sentence) == [], (ev["type"], sentence)
                seen.setdefault(ev["type"], sentence)
        for seat in after.awaiting:
            for action in after.legal_actions(seat)[:40]:
                if "label" in action:
                    label = in_pseudo(action["label"])
                    assert english_left(label) == [], label

    game = engines.get("fzzzt")
    for seed in range(2):
        random_playout(game, 2 + seed, seed, max_plies=120, on_step=collect)
    random_playout(game, 2, 7, options={"chance": "physical"}, max_plies=60, on_step=collect)
    wanted = {"hand", "turned", "bid", "my_bid", "reveal", "assigned", "drew"}
    assert wanted <= set(seen), sorted(seen)
    assert "ROBOT" in seen["my_bid"] and "ROBOT" in seen["hand"]


def test_a_fzzzt_refusal_names_cards_and_symbols_in_the_phones_language(pseudo: str) -> None:
    """Clean-up: "The symbol on the robot must match one of the unit's symbols" (rulebook,
    translated): the refusal names the robot and the unit, symbols included, in the phone's language."""
    state = fzzzt_position(2, hands=[["R2Na"], ["R1N"]], piles=[["R2Oa", "R3Na", "Fa"], []],
                           units=[["PO", "PNB"], []], open=["R1B"],
                           deck=["R5N", "R5B", "R5C", "R5O", "R4N", "R4B", "R4C", "R4O", "Ua"])
    state = everyone_bids(state, {0: ["R2Na"], 1: ["R1N"]})
    with pytest.raises(IllegalAction) as refused:
        state.apply(0, {"type": "assign", "unit": "PO", "card": "R3Na"})
    sentence = in_pseudo(refused.value.text)
    assert english_left(sentence) == [], sentence
    assert sentence == "ROBOT 3 NUT HAS NO SYMBOL THAT UNIT OIL (3) NEEDS.", sentence
    assert str(refused.value) == "robot 3 nut has no symbol that unit oil (3) needs."


# -- the phone pages' TC.T ---------------------------------------------------------------------

_COMMON_JS = Path(__file__).resolve().parents[2] / "web" / "static" / "common.js"
_NODE_HARNESS = """
const fs = require("fs");
global.window = {};
global.document = {addEventListener: function () {},
  getElementById: function () { return {textContent: JSON.stringify({catalogue: {"north": "noord"}})}; }};
eval(fs.readFileSync(process.argv[1], "utf8"));
const TC = window.TC;
console.log(JSON.stringify([
  TC.T("The beam left at {square} heading {direction}.",
       {square: "j8", direction: {msgid: "north", params: {}}}),
  TC.T("{a} and {b}", {a: {msgid: "{n} cards", params: {n: 3}, text: "3 kaarten"}, b: 4}),
  TC.T("{a} and {b}", {a: {msgid: "{n} cards", params: {n: 3}}, b: "{b}"}),
]));
"""


def test_a_page_label_renders_a_nested_sentence_parameter_not_object_object() -> None:
    """A label whose parameter is a word or sentence ({msgid, params}) that arrived without its
    translated "text" reads as that word in the page's catalogue, never "[object Object]"."""
    node = shutil.which("node") or shutil.which("nodejs")
    if node is None:
        pytest.skip("node is not installed")
    done = subprocess.run([node, "-e", _NODE_HARNESS, str(_COMMON_JS)], capture_output=True, text=True,
                          timeout=patience(30), check=True)
    assert json.loads(done.stdout) == ["The beam left at j8 heading noord.", "3 kaarten and 4",
                                       "3 cards and {b}"]


def test_the_table_opens_a_sentence_in_its_sentence_start_form() -> None:
    """Walk-through J9: "'der Tisch ist noch am Zug.' starts a sentence in lower case". The table as
    a seat (engines.TABLE) is "the table" inside a sentence and "The table" where it opens one, in
    each language's word order (the translated template decides where the sentence starts)."""
    CATALOGUES["xx"] = {"the table": "der Tisch", "The table": "Der Tisch",
                        "{seat} is still to act.": "{seat} ist noch am Zug.",
                        "Waiting for {seat}.": "Warten auf {seat}. {seat} gibt ein."}
    try:
        def name(seat: int) -> str:
            return translate("the table", "xx") if seat < 0 else "Anna"
        assert translate(Text("{seat} is still to act.", {"seat": engines.TABLE}), "xx", name) == (
            "Der Tisch ist noch am Zug.")
        assert translate(Text("{seat} is still to act.", {"seat": engines.TABLE})) == (
            "The table is still to act.")
        assert translate(Text("Waiting for {seat}.", {"seat": engines.TABLE}), "xx", name) == (
            "Warten auf der Tisch. Der Tisch gibt ein.")
        assert translate(Text("{seat} is still to act.", {"seat": 0}), "xx", name) == "Anna ist noch am Zug."
    finally:
        del CATALOGUES["xx"]
