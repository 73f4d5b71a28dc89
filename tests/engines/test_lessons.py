"""Each game's lessons (Game.lessons, the table option "First game"): every phase of a game brings
its lesson, each lesson names a rulebook section, and lessons are public (read from what everyone
may know, carrying nothing of the state)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any, cast

import pytest

import engines
from engines import TABLE, State
from engines.core import Lesson, events_for
from engines.fzzzt import lessons as fzzzt
from engines.jaws import lessons as jaws
from engines.laser_chess import lessons as laser_chess
from engines.loch_ness import lessons as loch_ness
from engines.sharks_with_lasers import lessons as sharks

# (game, players, options, seed, plays at most): a random game that meets every phase
GAMES: list[tuple[str, int, dict[str, Any], int, int, tuple[Lesson, ...]]] = [
    ("laser-chess", 2, {}, 0, 400, laser_chess.ALL),
    ("fzzzt", 3, {}, 0, 400, fzzzt.ALL),
    ("sharks-with-lasers", 3, {"specials": True}, 0, 600, sharks.ALL),
    ("loch-ness", 3, {"advanced": True}, 0, 4000, loch_ness.ALL),
    ("jaws", 2, {}, 0, 3000, jaws.ALL),
]


class PublicOnly:
    """A state that shows only what everyone may know: the public view, the seats awaited and the
    public events. Asking it anything else (a seat's view, a legal play) fails the test."""

    def __init__(self, state: State) -> None:
        self._state = state
        self.awaiting = state.awaiting
        self.events = events_for(state.events, None)

    def view(self, seat: int | None) -> dict[str, Any]:
        assert seat is None, "a lesson read a seat's view"
        return self._state.view(None)


def _playout(game: str, players: int, options: dict[str, Any], seed: int,
             most: int) -> list[tuple[State, tuple[Lesson, ...]]]:
    g = engines.get(game)
    state = g.start(players, seed, options)
    rng = random.Random(seed)
    out = [(state, g.lessons(state))]
    for _ in range(most):
        if state.outcome is not None or not state.awaiting:
            break
        seat = state.awaiting[0]
        if seat == TABLE:
            action = rng.choice([a for a, _ in state.chance_outcomes()])
        else:
            action = rng.choice(state.legal_actions(seat))
        state = state.apply(seat, action)
        out.append((state, g.lessons(state)))
    return out


@pytest.mark.parametrize(("game", "players", "options", "seed", "most", "every"), GAMES,
                         ids=[g[0] for g in GAMES])
def test_every_phase_brings_its_lesson_and_lessons_are_public(
        game: str, players: int, options: dict[str, Any], seed: int, most: int,
        every: tuple[Lesson, ...]) -> None:
    g = engines.get(game)
    met: list[str] = []
    told: set[str] = set()   # the public event types the game told
    for state, lessons in _playout(game, players, options, seed, most):
        assert g.lessons(cast(State, PublicOnly(state))) == lessons
        met += [lesson.key for lesson in lessons if lesson.key not in met]
        told |= {str(ev.get("type")) for ev in events_for(state.events, None)}
    assert sorted(met) == sorted(lesson.key for lesson in every)
    assert met[0] == every[0].key   # the first lesson is there from the start
    for lesson in every:   # a lesson shown where its phase begins names a step the game tells
        assert not lesson.begins or told & set(lesson.begins), lesson.key


@pytest.mark.parametrize("every", [g[5] for g in GAMES], ids=[g[0] for g in GAMES])
def test_a_lesson_is_two_or_three_sentences_naming_its_section(every: tuple[Lesson, ...]) -> None:
    assert len({lesson.key for lesson in every}) == len(every)
    for lesson in every:
        # the same words at every table: nothing of a state (a hand, a secret start) can ride in them
        assert not lesson.title.params and not lesson.text.params and not lesson.section.params
        sentences = [s for s in lesson.text.msgid.replace("!", ".").split(". ") if s.strip()]
        assert 2 <= len(sentences) <= 4, lesson.key
        assert lesson.section.msgid


def test_the_first_lessons_by_phase() -> None:
    """What a player notices first: each game's opening lesson, and the one after its first play."""
    opening = {}
    for game, players, opts, *_ in GAMES:
        g = engines.get(game)
        opening[game] = [lesson.key for lesson in g.lessons(g.start(players, 1, opts))]
    assert opening == {"laser-chess": ["moves", "turn"], "fzzzt": ["game", "round", "bid"],
                       "sharks-with-lasers": ["goal", "start"], "loch-ness": ["finds", "place"],
                       "jaws": ["goal", "start"]}
    lc = engines.get("laser-chess")
    start = lc.start(2, 1)
    after = start.apply(0, start.legal_actions(0)[0])
    # the first shot: what the laser does and which sides it takes, the decision last
    assert [lesson.key for lesson in lc.lessons(after)] == ["laser", "capture", "turn"]


@pytest.mark.parametrize(("game", "every"), [(g[0], g[5]) for g in GAMES], ids=[g[0] for g in GAMES])
def test_each_game_page_lists_its_lessons(game: str, every: tuple[Lesson, ...]) -> None:
    page = (Path(__file__).resolve().parents[2] / "docs" / f"{game}.md").read_text(encoding="utf-8")
    listed = page.split("## First game: the lessons", 1)[1]
    for lesson in every:
        assert f"| `{lesson.key}` | {lesson.title.msgid} |" in listed
