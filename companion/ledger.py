"""A table as its log makes it: the replay, the digital draws, and going back to the last commit.

A game is ``(game id, players, options, seed)`` plus its log, so a replay gives exactly the table
that was played. Digital chance is drawn with the table's own :class:`engines.rng.Rng`, advanced
once per draw still in the history, so a replay (or an undo followed by the same move) draws the
same die again: undo cannot be used to re-roll.
"""

from __future__ import annotations

from companion import teaching
from companion.store import LogRow, SeatRow, TableRow
from companion.story import CONTEXT, Chapter, Story, chapters_from_log, snapshot
from companion.tables import OpenTable, Telling, effective_rows, logged, table_rng
from engines import TABLE, Event, Game, State, Text, event
from engines.core import DIGITAL
from engines.playout import chance_pick
from engines.rng import Rng

MAX_DRAWS = 10_000   # draws in a row before a game that never stops asking is cut off


def closing(row: TableRow) -> list[Event]:
    """The story's last chapter of a table the host ended: the next game set up, or the end."""
    if row.next_table is not None:
        return [event("next_game", table=row.next_table, say=Text("The next game is set up."))]
    return [event("table_ended", say=Text("The host ended this table."))]


def replay(row: TableRow, game: Game, seats: list[SeatRow], rows: list[LogRow], *,
           story_from: int | None = None) -> OpenTable:
    """The table as its log makes it; with ``story_from``, also the story's chapters from that log
    position on (a restart: companion/story.py), the host's closing one of an ended table, and the
    last chapter's events as the last change's (a table read back is told as it was left). Chapters
    from ``story_from`` that tell fewer than CONTEXT steps before the shown one (changes with no
    public step: a shark's secret moves) are read again from the start, so the screen comes back
    with the lines it showed under its step."""
    chapters, state, rng = _told(row, game, rows, story_from)
    table = OpenTable(row, game, seats, state, rng, rows, telling=Telling(Story(snapshot(state, row.ended))))
    if chapters:
        table.telling.story.restore(chapters, row.shown, row.step)
        if story_from and table.telling.story.told() < CONTEXT:
            return replay(row, game, seats, rows, story_from=0)
        if row.ended or state.outcome is not None:
            table.heard.tell(list(chapters[-1].events))
    return table


def whole_story(t: OpenTable) -> Story:
    """Every chapter of the table's log from its start, the cursor where the table's is (looking
    back: companion/story.py ``Story.looking_back``). The chapters are made again only when the log
    has grown or the table ended since (``Telling.whole``), not at every look."""
    made_for = (len(t.log), t.row.ended)
    if t.telling.whole is None or t.telling.whole[0] != made_for:
        chapters, state, _ = _told(t.row, t.game, t.log, 0)
        t.telling.whole = (made_for, chapters, snapshot(state, t.row.ended))
    _, chapters, end = t.telling.whole
    story = Story(end)
    story.locate(chapters, t.row.shown, t.row.step)
    return story


def _told(row: TableRow, game: Game, rows: list[LogRow], story_from: int | None
          ) -> tuple[list[Chapter], State, Rng]:
    """The state and draws the log makes and, with ``story_from``, its chapters from there (with
    the host's closing one of an ended table)."""
    start = game.start(row.players, row.seed, row.options)
    rng = table_rng(row.seed)

    def step(state: State, r: LogRow) -> State:
        nonlocal rng
        if r.kind == "chance":
            _, rng = chance_pick(state, rng)
        return state.apply(TABLE if r.seat is None else r.seat, r.data)

    effective = effective_rows(rows)
    if story_from is None:
        state = start
        for r in effective:
            state = step(state, r)
        return [], state, rng
    chapters, state = chapters_from_log(game, start, effective, step, story_from, row.salt,
                                        teaching.retold(row, game))
    if row.ended and chapters:
        key = f"{len(rows)}~{row.version}"   # as the service named it (companion/telling.py, note)
        chapters.append(Chapter.make(key, len(rows), closing(row), chapters[-1].after, snapshot(state, True),
                                     game, row.salt))
    return chapters, state, rng


def rebuild(t: OpenTable) -> None:
    """Back to exactly what the stored log makes (a change that could not be stored)."""
    fresh = replay(t.row, t.game, t.seats, t.log)
    t.state, t.rng = fresh.state, fresh.rng


def draw(t: OpenTable, next_idx: int, events: list[Event]) -> list[LogRow]:
    """Digital chance: draw while the table awaits it (a reading is never drawn); the new log rows,
    not yet stored, their events added to ``events``."""
    rows: list[LogRow] = []
    if t.row.chance != DIGITAL:
        return rows
    for _ in range(MAX_DRAWS):
        if TABLE not in t.state.awaiting or t.state.reading is not None:
            break
        action, t.rng = chance_pick(t.state, t.rng)
        t.state = t.state.apply(TABLE, action)
        events.extend(t.state.events)
        rows.append(LogRow(next_idx + len(rows), "chance", None, logged(action)))
    return rows
