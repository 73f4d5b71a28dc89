"""The rules a first game needs (issue 37, point 5): each game's page lists them in a table ("Rules a
first game needs": a rule id, the rule in a few words, its rulebook section in English with the
edition's own name, the lesson ids that teach it, when the table needs it), and here

- every listed rule names lessons that exist in the game's ``lessons.ALL``, and every lesson teaches a
  listed rule;
- every lesson's title, text and section are translated in nl and de (no entry missing, empty or
  fuzzy), and read in en, nl and de through the project's one translation function;
- in the seeded random games of ``test_lessons.py``, and in a few with other options
  (``OTHER_TABLES``: the real cards, no special cards, Loch Ness' base version, Jaws' Act 2 alone),
  each rule's lessons are shown no later than the first state where the rule applies.

"Applies" (the table needs the rule) is read from the public view and the public events of the play
that made a state, one probe per rule in ``NEEDS`` below; the page says the same in words. A rule
about what the first turn offers is needed at the start (state 0); a rule about something that
happens (a tie, a death, a barrel thrown) the first time a state tells it; a rule about the end no
later than the state that ends the game. A rule the seeded game never meets is still checked for its
lessons, but it must be named in ``NOT_MET`` (so a probe that can never fire is seen).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest
from babel.messages.catalog import Catalog

from engines.core import Event, Lesson, events_for
from engines.text import translate
from tests.engines.test_lessons import GAMES, _playout
from web import messages

ROOT = Path(__file__).resolve().parents[2]
Probe = Callable[[int, Mapping[str, Any], set[str], list[Event]], bool]
"""(state's index in the playout, the public view, the public event types, the public events)."""


def start(i: int, view: Mapping[str, Any], kinds: set[str], events: list[Event]) -> bool:
    """Needed from the first state: the first turn offers it."""
    return i == 0


def told(*types: str) -> Probe:
    """Needed the first time a play tells one of these public events."""
    return lambda i, view, kinds, events: bool(kinds & set(types))


def phase(*phases: str, key: str = "phase") -> Probe:
    """Needed the first time the public view is in one of these phases."""
    return lambda i, view, kinds, events: view.get(key) in phases


def either(*probes: Probe) -> Probe:
    return lambda i, view, kinds, events: any(p(i, view, kinds, events) for p in probes)


def _fzzzt_won(prefix: str) -> Probe:
    """An auction of a card whose id starts with ``prefix`` is decided (P: a unit, F: a Fzzzt! card)."""
    return lambda i, view, kinds, events: any(
        ev.get("type") == "reveal" and str(ev.get("card", "")).startswith(prefix) for ev in events)


def _fzzzt_tie(i: int, view: Mapping[str, Any], kinds: set[str], events: list[Event]) -> bool:
    return any(ev.get("type") == "reveal" and ev.get("tie") for ev in events)


def _fzzzt_empty_hand(i: int, view: Mapping[str, Any], kinds: set[str], events: list[Event]) -> bool:
    """A bid asked while a player holds no card (not one who has bid them all)."""
    return view.get("phase") == "bid" and any(not p.get("hand_count") and not p.get("bid_count")
                                              for p in view.get("players") or [])


def _king_hit(i: int, view: Mapping[str, Any], kinds: set[str], events: list[Event]) -> bool:
    return any(ev.get("type") == "laser" and ev.get("king_hit") for ev in events)


def _draw_offered(i: int, view: Mapping[str, Any], kinds: set[str], events: list[Event]) -> bool:
    return bool(view.get("can_declare_draw"))


def _first_shot(i: int, view: Mapping[str, Any], kinds: set[str], events: list[Event]) -> bool:
    return view.get("last_beam") is not None


def _endgame(*stages: str) -> Probe:
    return lambda i, view, kinds, events: (view.get("endgame") or {}).get("stage") in stages


def _orca(*phases: str) -> Probe:
    return lambda i, view, kinds, events: (view.get("act") == 2
                                           and (view.get("orca") or {}).get("phase") in phases)


ACT1 = lambda *phases: lambda i, view, kinds, events: view.get("act") != 2 and view.get("phase") in phases  # noqa: E731

NEEDS: dict[str, dict[str, Probe]] = {
    "laser-chess": {
        "blue-begins": start, "one-action": start, "empty-square": start, "switch-swap": start,
        "colour-squares": start, "laser-fixed": start,
        "laser-fires": told("laser"), "own-pieces": told("laser"),
        "deflector": _first_shot, "defender": _first_shot, "switch-beam": _first_shot,
        "king": told("laser"), "own-king": _king_hit, "draw": _draw_offered,
    },
    "fzzzt": {
        # the first round's first state (with the real cards the host first enters the deal: no rule yet)
        "overview": phase("bid", "turn"), "conveyor": phase("bid", "turn"), "bid": phase("bid"),
        "won": told("reveal"), "unit": _fzzzt_won("P"), "fzzzt-card": _fzzzt_won("F"),
        "tie-chief": _fzzzt_tie, "new-chief": _fzzzt_tie,
        "hand-six": told("cleanup"), "no-cards": either(told("reshuffle"), _fzzzt_empty_hand),
        "assign": phase("cleanup"), "widgets": phase("cleanup"),
        "end": told("game_over"), "score": told("game_over"),
    },
    "sharks-with-lasers": {
        "goal-beach": start, "goal-deaths": start, "round": start, "start": start,
        "play-agent": phase("play"), "play-shark": phase("play"), "pass": phase("play"),
        "agent-cards": phase("play"), "shark-cards": phase("play"),
        "resolve-order": told("round"), "laser-beam": told("beam"),
        "dying": told("fried", "eaten"), "collisions": told("pushed", "blocked"),
        "place-again": phase("place"), "specials": phase("pre"),
    },
    "loch-ness": {
        "place": phase("place"), "finds": either(phase("place"), told("explores")),
        "turn": phase("turn"), "move": phase("turn"),
        "stacks": lambda i, view, kinds, events: bool(view.get("advanced")) and view.get("step") == "town",
        "tools": phase("town", key="step"), "town": phase("town", key="step"),
        "explore": told("explores"), "observe": told("observed"),
        "conflict": either(told("steal", "attack"), phase("thief", "defend", key="step")),
        "chest-bagpipe": told("bagpipe", "chest"), "after": told("new_boat", "home", "refilled"),
        "end-in-sight": _endgame("in_sight", "last_turns"), "last-turns": _endgame("last_turns"),
        "final": told("game_over"),
    },
    "jaws": {
        # Act 1's start (Act 2 played alone begins with the Orca's preparation: `act2`)
        "roles": ACT1("start"), "goals": ACT1("start"), "secret-start": ACT1("start"),
        "act1-end": told("act_over"),
        "event": told("event_card"), "shark-actions": ACT1("shark"), "abilities": ACT1("shark"),
        "crew-actions": ACT1("crew"), "barrels": ACT1("crew"), "binoculars": ACT1("crew"),
        "fish-finder": ACT1("crew"), "close-beach": ACT1("crew"),
        "act2": told("act2"), "options": _orca("decide"), "decide": _orca("decide"),
        "prep": _orca("prep", "bait"), "weapons": _orca("prep", "bait"), "accessories": _orca("prep", "bait"),
        "crew-attack": _orca("attack", "roll", "ammo"), "evade": _orca("attack", "roll", "ammo"),
        "shark-attack": _orca("ram", "bite", "cage", "maul", "domino", "second"),
        "the-end": told("eliminated", "game_over"),
    },
}
"""Per game, per listed rule: when the table first needs it (docs/<game>.md, the table's last column)."""

NOT_MET: dict[str, set[str]] = {game: set() for game in NEEDS} | {"laser-chess": {"draw"}}
OTHER_TABLES: list[tuple[str, int, dict[str, Any], int, int, set[str]]] = [
    ("fzzzt", 2, {"chance": "physical"}, 1, 400, set()),
    ("sharks-with-lasers", 2, {}, 1, 600, {"specials"}),
    ("loch-ness", 4, {}, 5, 4000, {"place", "stacks"}),   # seed 5: a game that ends within 4000 plays
    ("jaws", 2, {"acts": "2"}, 1, 2000, {"roles", "goals", "secret-start", "act1-end", "event",
                                         "shark-actions", "abilities", "crew-actions", "barrels",
                                         "binoculars", "fish-finder", "close-beach"}),
]
"""Other options, played the same way (game, players, options, seed, plays at most, rules not met):
the real cards, no special cards, the base version of Loch Ness, Jaws' Act 2 alone."""
"""Rules the seeded game of test_lessons.py never meets: no position comes three times in Laser Chess's."""

LESSONS = {g[0]: g[5] for g in GAMES}
ROW = re.compile(r"^\| `(?P<rule>[a-z0-9-]+)` \|(?P<words>[^|]+)\|(?P<section>[^|]+)\|(?P<lessons>[^|]+)\|"
                 r"(?P<needs>[^|]+)\|$")


def listed(game: str) -> dict[str, tuple[str, list[str]]]:
    """The page's table: rule id -> (rulebook section, lesson ids)."""
    page = (ROOT / "docs" / f"{game}.md").read_text(encoding="utf-8")
    table = page.split("## Rules a first game needs", 1)[1].split("\n## ", 1)[0]
    rules: dict[str, tuple[str, list[str]]] = {}
    for line in table.splitlines():
        row = ROW.match(line.strip())
        if row:
            assert row["rule"] not in rules, f"{game}: rule {row['rule']} listed twice"
            rules[row["rule"]] = (row["section"].strip(), re.findall(r"`([a-z_]+)`", row["lessons"]))
    return rules


@pytest.mark.parametrize("game", list(NEEDS))
def test_every_listed_rule_names_lessons_that_exist_and_every_lesson_teaches_one(game: str) -> None:
    """Each row names its rulebook section in English and in the edition's words ("Auctions
    ("Veilingen")"), and one or more lessons of ``ALL``; every lesson teaches a listed rule; every
    rule has its probe in ``NEEDS``."""
    rules = listed(game)
    keys = {lesson.key for lesson in LESSONS[game]}
    assert rules, f"{game}: no 'Rules a first game needs' table"
    for rule, (section, lessons) in rules.items():
        assert lessons, f"{game}: rule {rule} has no lesson"
        assert set(lessons) <= keys, f"{game}: rule {rule} names {set(lessons) - keys}, not in lessons.ALL"
        assert re.search(r"\(.+\)", section), f"{game}: rule {rule}: the edition's own section name"
    assert keys <= {key for _, lessons in rules.values() for key in lessons}
    assert set(rules) == set(NEEDS[game]), f"{game}: listed rules and probes differ"


def _catalogue(lang: str) -> Catalog:
    return messages.read(lang)


@pytest.mark.parametrize("lang", ["nl", "de"])
def test_every_lesson_is_translated(lang: str) -> None:
    """A lesson reads in the edition's words: nothing missing, empty or fuzzy, for every lesson of every
    game (its title, its text and its rulebook section)."""
    catalogue = _catalogue(lang)
    missing = []
    for game, every in LESSONS.items():
        for lesson in every:
            for text in (lesson.title, lesson.text, lesson.section):
                entry = catalogue.get(text.msgid)
                if entry is None or not entry.string or entry.fuzzy:
                    missing.append(f"{game}/{lesson.key}: {text.msgid!r}")
    assert missing == []


@pytest.mark.parametrize("lang", ["en", "nl", "de"])
def test_every_lesson_reads_in_each_language(lang: str) -> None:
    """Rendered with the project's translation function (``engines.text.translate``, the catalogues
    loaded as the web app loads them): a lesson in nl or de is not the English text."""
    from engines.text import CATALOGUES
    from web.i18n import load_catalogues

    load_catalogues()
    assert CATALOGUES["nl"] and CATALOGUES["de"]
    for every in LESSONS.values():
        for lesson in every:
            for text in (lesson.title, lesson.text, lesson.section):
                said = translate(text, lang)
                assert said.strip()
                if lang == "en":
                    assert said == text.msgid
                elif text.msgid not in SAME_IN_EVERY_LANGUAGE:
                    assert said != text.msgid, f"{lesson.key}: {text.msgid!r} reads English in {lang}"


SAME_IN_EVERY_LANGUAGE = {"Start"}
"""Msgids whose translation may be the same word (Sharks' section "Start" is Dutch as printed)."""


def _first_shown(states: list[tuple[Any, tuple[Lesson, ...]]]) -> dict[str, int]:
    shown: dict[str, int] = {}
    for i, (_state, lessons) in enumerate(states):
        for lesson in lessons:
            shown.setdefault(lesson.key, i)
    return shown


def _first_needed(game: str, states: list[tuple[Any, tuple[Lesson, ...]]]) -> dict[str, int]:
    needed: dict[str, int] = {}
    for i, (state, _lessons) in enumerate(states):
        view = state.view(None)
        events = events_for(state.events, None)
        kinds = {str(ev.get("type")) for ev in events}
        for rule, probe in NEEDS[game].items():
            if rule not in needed and probe(i, view, kinds, events):
                needed[rule] = i
    return needed


def _late(game: str, states: list[tuple[Any, tuple[Lesson, ...]]]) -> list[str]:
    """Each listed rule whose lesson is shown after the state where the rule first applies (or never)."""
    shown, needed = _first_shown(states), _first_needed(game, states)
    late = []
    for rule, (_section, lessons) in listed(game).items():
        if rule not in needed:
            assert rule in NOT_MET[game], f"{game}: rule {rule} never applied in the seeded game"
            continue
        late += [f"{rule}: needed at state {needed[rule]}, lesson {key} shown at {shown.get(key, 'never')}"
                 for key in lessons if shown.get(key, len(states)) > needed[rule]]
    return late


@pytest.mark.parametrize(("game", "players", "options", "seed", "most"), [g[:5] for g in GAMES],
                         ids=[g[0] for g in GAMES])
def test_each_rule_is_taught_no_later_than_the_table_first_needs_it(
        game: str, players: int, options: dict[str, Any], seed: int, most: int) -> None:
    """The seeded game of test_lessons.py: for every listed rule, each of its lessons is shown in the
    state where the rule first applies or before it ("shown before the table first needs it")."""
    assert _late(game, _playout(game, players, options, seed, most)) == []


@pytest.mark.parametrize(("game", "players", "options", "seed", "most", "unmet"), OTHER_TABLES,
                         ids=[f"{t[0]}-{'-'.join(map(str, t[2].values())) or 'base'}" for t in OTHER_TABLES])
def test_each_rule_is_taught_in_time_with_other_options_too(
        game: str, players: int, options: dict[str, Any], seed: int, most: int, unmet: set[str]) -> None:
    """The same check with the options a first game may well choose instead."""
    states = _playout(game, players, options, seed, most)
    needed = _first_needed(game, states)
    assert not unmet & set(needed), sorted(unmet & set(needed))   # the options leave them out
    NOT_MET[game], before = NOT_MET[game] | unmet, NOT_MET[game]
    try:
        assert _late(game, states) == []
    finally:
        NOT_MET[game] = before


def test_a_teacher_that_drops_a_listed_lesson_fails_the_check() -> None:
    """The check is not empty: Fzzzt!'s teacher without its tie lesson is caught at the first tie."""
    game, players, options, seed, most, _every = GAMES[1]
    states = _playout(game, players, options, seed, most)
    dropped = [(state, tuple(lesson for lesson in lessons if lesson.key != "tie"))
               for state, lessons in states]
    late = _late(game, dropped)
    assert any(line.startswith("tie-chief: ") and line.endswith("shown at never") for line in late)


def test_conveyor_with_the_real_cards_is_taught_before_the_chief_enters_the_first_card() -> None:
    """Fzzzt! with physical chance (issue 37, FZ3: "no lesson for the chief's first decision"):
    "De hoofdmecanicien draait de kaart aan het hoofd van de lopende band [...] om. [...] Het lopende
    bandcijfer op de omgedraaide kaart bepaalt hoeveel kaarten er open gelegd worden" (Bidding rounds:
    Preparation): the first state where the chief mechanic enters a turned card shows the round's
    lesson, the decision last."""
    from engines import TABLE, get

    g = get("fzzzt")
    state = g.start(3, 1, {"chance": "physical"})
    while state.view(None)["phase"] != "turn":
        assert state.awaiting == (TABLE,)   # the host enters the mechanic cards dealt
        state = state.apply(TABLE, state.chance_outcomes()[0][0])
    assert [lesson.key for lesson in g.lessons(state)] == ["game", "round"]

