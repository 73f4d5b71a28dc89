"""Issue 37, point 6, a first slice: "every told step on the TV offers 'Why?': the rule that decided
it, in the project's own words, with the rulebook's section". As data: each game's ``lessons.WHY``
maps every public event type (the ``"type"`` of a step the table screen tells) to the lessons of that
game's ``lessons.ALL`` that explain the rule behind it, the most relevant first; a lesson carries the
project's words and the rulebook's section. A type no lesson explains maps to ``()`` and is named in
``lessons.NO_RULE`` (rare: a correction of what the host entered, not a step of play).

Checked here, for every game:

- every lesson ``WHY`` names is one of the game's lessons, and reads in nl and de;
- every public event type the seeded random games tell (a few options each, a few seconds a game) has
  its lessons in ``WHY`` (or is in ``NO_RULE``);
- every public event type the engine's source can tell (a static scan of the calls that build events:
  ``event``, ``story``, ``say``, ``record`` and Jaws' ``tell``) is in ``WHY``, and ``WHY`` names no
  type the source never tells.
"""

from __future__ import annotations

import ast
import random
import time
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import engines
from engines import TABLE
from engines.core import Event, events_for
from engines.fzzzt import lessons as fzzzt
from engines.jaws import lessons as jaws
from engines.laser_chess import lessons as laser_chess
from engines.loch_ness import lessons as loch_ness
from engines.loch_ness.bot import ExplorerBot
from engines.sharks_with_lasers import lessons as sharks
from engines.text import translate
from web import messages

LESSONS: dict[str, ModuleType] = {
    "laser-chess": laser_chess, "fzzzt": fzzzt, "sharks-with-lasers": sharks, "loch-ness": loch_ness,
    "jaws": jaws,
}
"""Each game's lessons module: ``ALL``, ``WHY`` and ``NO_RULE``."""

# (players, options, seed, plays at most, the game's own bot for the seats): tables that reach every
# part of a game: the real cards, simultaneous bids, the special cards, Loch Ness' two versions (its
# explorer bot finishes a game, random boats rob and attack more), Jaws' two acts and each act alone
Table = tuple[int, dict[str, Any], int, int, bool]
PLAYOUTS: dict[str, list[Table]] = {
    "laser-chess": [(2, {}, seed, 400, False) for seed in range(4)],
    "fzzzt": [(2, {}, 0, 400, False), (4, {"chance": "physical"}, 1, 400, False),
              (3, {"bidding": "simultaneous"}, 2, 400, False)],
    "sharks-with-lasers": [(players, options, seed, 600, False) for seed in range(2) for players in (2, 4)
                           for options in ({"specials": True}, {}, {"specials": True, "chance": "physical"})],
    "loch-ness": [(players, options, seed, 3000, bot) for seed in range(2) for players in (3, 4)
                  for options in ({"advanced": True}, {}) for bot in (True, False)],
    "jaws": [(players, options, seed, 3000, False) for seed in range(2) for players in (2, 4)
             for options in ({}, {"acts": "2"}, {"acts": "1"})],
}
BUDGET = 4.0
"""Seconds of play per game at most (the plays are bounded too; a slow machine plays less)."""

EMITTERS = {"event": 0, "story": 0, "say": 0, "record": 0, "tell": 1, "tell_shark": 1}
"""The calls that build an event, and the position of the event type among their arguments."""
PRIVATE = {"tell_shark"}
"""Emitters whose events only a seat sees (Jaws: the shark's phone)."""
WRAPPERS = {"tell", "tell_shark"}
"""Functions that pass on an event type they are given (``kind``): their callers name it."""


def _told(events: Iterable[Event]) -> set[str]:
    return {str(ev.get("type")) for ev in events_for(events, None)}


@cache
def played_kinds(game: str) -> frozenset[str]:
    """The public event types the seeded random games of ``PLAYOUTS`` tell on the table screen."""
    g = engines.get(game)
    told: set[str] = set()
    until = time.monotonic() + BUDGET
    for players, options, seed, most, use_bot in PLAYOUTS[game]:
        state = g.start(players, seed, options)
        rng = random.Random(seed)
        bot = ExplorerBot() if use_bot else None
        told |= _told(state.events)
        for _ in range(most):
            if state.outcome is not None or not state.awaiting or time.monotonic() > until:
                break
            seat = state.awaiting[0]
            if seat == TABLE:
                action = rng.choice(state.chance_outcomes())[0]
            elif bot is not None:
                action = bot.choose(state, seat, lambda: False, rng.randrange(1 << 30)).action
            else:
                action = rng.choice(state.legal_actions(seat))
            state = state.apply(seat, action)
            told |= _told(state.events)
    return frozenset(told)


def _private(call: ast.Call, name: str) -> bool:
    """Whether the event is for some seats only (``visible_to`` a list of seats, or the shark's)."""
    if name in PRIVATE:
        return True
    shown = next((k.value for k in call.keywords if k.arg == "visible_to"), None)
    return shown is not None and not (isinstance(shown, ast.Constant) and shown.value == "all")


def scan(package: Path) -> tuple[set[str], set[str], list[str]]:
    """The event types the package's source can tell: (public, seen by some seats only, calls whose
    type is not a literal outside a wrapper)."""
    public: set[str] = set()
    private: set[str] = set()
    unnamed: list[str] = []
    for path in sorted(package.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        inside = {id(n): f.name for f in ast.walk(tree) if isinstance(f, ast.FunctionDef)
                  for n in ast.walk(f)}   # the innermost function around a call (walked last)
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            f = node.func
            name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
            at = EMITTERS.get(name)
            if at is None or len(node.args) <= at:
                continue
            kind = node.args[at]
            if isinstance(kind, ast.Constant) and isinstance(kind.value, str):
                (private if _private(node, name) else public).add(kind.value)
            elif inside.get(id(node)) not in WRAPPERS:
                unnamed.append(f"{path.name}:{node.lineno} {ast.unparse(node)[:60]}")
    return public, private, unnamed


@cache
def source_kinds(game: str) -> frozenset[str]:
    package = Path(LESSONS[game].__file__ or "").parent
    public, _private_only, unnamed = scan(package)
    assert unnamed == [], f"{game}: an event type the scan cannot read: {unnamed}"
    return frozenset(public)


def unexplained(why: Mapping[str, tuple[str, ...]], no_rule: frozenset[str],
                kinds: Iterable[str]) -> list[str]:
    """The event types among ``kinds`` with no "Why?": not in ``why`` with a lesson, nor in ``no_rule``."""
    return sorted(k for k in set(kinds) if not why.get(k) and k not in no_rule)


@pytest.mark.parametrize("game", list(LESSONS))
def test_every_why_names_lessons_the_game_has(game: str) -> None:
    """"every told step on the TV ... offers 'Why?': the rule that decided it, in the project's own
    words, with the rulebook's section": each type's lessons are keys of the game's ``ALL`` (each
    with its section), none twice; a type with no lesson is in ``NO_RULE``, and that stays rare."""
    module = LESSONS[game]
    keys = {lesson.key: lesson for lesson in module.ALL}
    why: Mapping[str, tuple[str, ...]] = module.WHY
    no_rule: frozenset[str] = module.NO_RULE
    for kind, named in why.items():
        assert set(named) <= set(keys), f"{game}: {kind} names {set(named) - set(keys)}, not in ALL"
        assert len(set(named)) == len(named), f"{game}: {kind} names a lesson twice"
        assert all(keys[key].section.msgid for key in named)
        assert (named == ()) == (kind in no_rule), f"{game}: {kind}: no lesson iff in NO_RULE"
    assert no_rule <= set(why)
    assert len(no_rule) * 10 <= len(why), f"{game}: NO_RULE is for the rare step no rule decides"


@pytest.mark.parametrize("game", list(LESSONS))
def test_every_step_a_played_game_tells_on_the_tv_has_a_why(game: str) -> None:
    """"every told step on the TV ... offers 'Why?'": the seeded random games (several options, a
    few seconds each game) tell no public event type that ``WHY`` leaves without a lesson."""
    told = played_kinds(game)
    assert "game_over" in told or "winner" in told, f"{game}: the playouts never reached an end"
    assert unexplained(LESSONS[game].WHY, LESSONS[game].NO_RULE, told) == []


@pytest.mark.parametrize("game", list(LESSONS))
def test_every_step_the_rules_can_tell_has_a_why(game: str) -> None:
    """"every told step on the TV ... offers 'Why?'", the rare ones too: every public event type the
    engine's source can tell is in ``WHY`` (or ``NO_RULE``), and ``WHY`` names no type it never
    tells. What only a seat's phone tells (a hand, the shark's secret swim) is not the TV's."""
    kinds = source_kinds(game)
    assert played_kinds(game) <= kinds, f"{game}: the scan missed {played_kinds(game) - kinds}"
    module = LESSONS[game]
    assert unexplained(module.WHY, module.NO_RULE, kinds) == []
    assert sorted(set(module.WHY) - kinds) == [], f"{game}: WHY names types the game never tells"


@pytest.mark.parametrize("lang", ["nl", "de"])
def test_the_why_reads_in_dutch_and_german(lang: str) -> None:
    """"the rule that decided it, in the project's own words, with the rulebook's section", in the
    edition's language: every lesson a "Why?" names has its title, text and section translated (no
    entry missing, empty or fuzzy), read through the project's translation function."""
    from web.i18n import load_catalogues

    load_catalogues()
    catalogue = messages.read(lang)
    missing = []
    for game, module in LESSONS.items():
        named = {key for keys in module.WHY.values() for key in keys}
        for lesson in (lesson for lesson in module.ALL if lesson.key in named):
            for text in (lesson.title, lesson.text, lesson.section):
                entry = catalogue.get(text.msgid)
                if entry is None or not entry.string or entry.fuzzy:
                    missing.append(f"{game}/{lesson.key}: {text.msgid!r}")
                elif text.msgid != "Start":   # Sharks' section "Start" is Dutch as printed
                    assert translate(text, lang) != text.msgid, f"{game}/{lesson.key} reads English"
    assert missing == []


def test_a_step_left_out_of_why_is_caught() -> None:
    """The checks are not empty: Fzzzt!'s auction result ("reveal", told every auction) taken out of
    ``WHY`` is caught by both the played games and the source scan."""
    without = {k: v for k, v in fzzzt.WHY.items() if k != "reveal"}
    assert unexplained(without, fzzzt.NO_RULE, played_kinds("fzzzt")) == ["reveal"]
    assert unexplained(without, fzzzt.NO_RULE, source_kinds("fzzzt")) == ["reveal"]
    assert unexplained({**fzzzt.WHY, "reveal": ()}, fzzzt.NO_RULE, ["reveal"]) == ["reveal"]
