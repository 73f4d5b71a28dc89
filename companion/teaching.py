"""A first game, taught: the table option "First game" and the lessons a table tells.

With "First game" on, the first time a phase or a kind of decision comes (``Game.lessons`` of the
state after each play), its lesson rides with that play's chapter of the story (companion/story.py):
the table screen shows it with the chapter's last step, where the board shows the state after the
play, never before the step that reveals it. Each lesson's key is told once per table: the keys told
are stored with the table (``TableRow.lessons``, with the chapter that told each), so a restart
tells none again and the rebuilt story shows each where it was; "Next game" carries them to the new
table of the same seats. The phone of a seat whose turn it is gets the lesson for what it may do
now (:func:`now`). Lessons are public (``engines.core.public_lessons``): every reader may get them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from companion.store import TableRow
from companion.tables import OpenTable
from engines import TABLE, Game, State
from engines.core import Lesson
from engines.text import N_
from web.service import BadRequest

FIRST_GAME = "first_game"
FIRST_GAME_OPTION: dict[str, Any] = {
    "name": FIRST_GAME, "type": "bool", "default": False, "label": N_("First game"),
    "help": N_("The table screen explains each phase the first time it comes, and the phone whose turn "
               "it is says what it may do."),
}


def first_game_option(options: Any) -> tuple[Any, bool]:
    """A new table's options without ``first_game``, and whether it is on (default off)."""
    if not isinstance(options, Mapping) or FIRST_GAME not in options:
        return options, False
    value = options[FIRST_GAME]
    if not isinstance(value, bool):
        raise BadRequest("Option first_game must be true or false.")
    return {k: v for k, v in options.items() if k != FIRST_GAME}, value


def due(table: OpenTable) -> list[Lesson]:
    """The lessons the table's state brings that the table has not told yet (none with the option off)."""
    if not table.row.first_game:
        return []
    out: list[Lesson] = []
    for lesson in table.game.lessons(table.state):
        if lesson.key not in table.row.lessons and all(lesson.key != o.key for o in out):
            out.append(lesson)
    return out


def told(table: OpenTable, lessons: Sequence[Lesson], chapter: str) -> dict[str, str] | None:
    """The table's told lessons with ``lessons`` told in ``chapter``; None when nothing is new."""
    if not lessons:
        return None
    return {**table.row.lessons, **{lesson.key: chapter for lesson in lessons}}


def carried(row: TableRow) -> dict[str, str]:
    """What a next game of the same seats has told already: every key, in no chapter of its own."""
    return dict.fromkeys(row.lessons, "")


def retold(row: TableRow, game: Game) -> Callable[[str, State], Sequence[Lesson]] | None:
    """For a restart (companion/story.py ``chapters_from_log``): each chapter's lessons, as stored."""
    if not row.first_game or not row.lessons:
        return None

    def teach(chapter: str, state: State) -> list[Lesson]:
        return [lesson for lesson in game.lessons(state) if row.lessons.get(lesson.key) == chapter]

    return teach


def now(table: OpenTable, seat: int) -> dict[str, Any] | None:
    """For the phone of ``seat`` whose turn it is: the lesson for what it may do now (the game's last
    lesson for the state: its decision), whether or not the table has told it; else None."""
    state = table.state
    if (not table.row.first_game or table.row.ended or seat == TABLE or seat not in state.awaiting
            or state.outcome is not None):
        return None
    lessons = table.game.lessons(state)
    return lessons[-1].to_json() if lessons else None
