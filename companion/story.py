"""The table's story: the steps the table screen has shown and the ones it has still to tell.

A change (a play with the draws it caused, an undo, the end of the table, a note from the
hardware) is a :class:`Chapter`; its *steps* are its public events with a sentence, told one at a
time on the table screen. The :class:`Story` keeps the chapters in order with a cursor on the
step being shown now: a new chapter is **appended** (it never replaces one the table has not
finished), and the cursor only moves on the table's "next" (a tap, a button, Auto). When the
table has told everything, a new chapter's first step is shown at once.

Each chapter carries the public state before and after it (:class:`Snapshot`), so the screen can
draw every panel as of the step it shows: before the chapter until its last step, after it from
its last step (docs/web.md, "The table's story"). Every event gets an identity, ``"<tag>.<i>"``,
the same in every payload and after a restart, so a phone lists each event once. The tag is the
chapter's key keyed with the table's salt (HMAC): a key counts log rows, and the number of plays
between two public changes (a shark's planning taps) is nobody's business but the player's.

Chapter keys: ``"0"`` for the table's start (its first draws), ``str(first log row + 1)`` for a
change that appended log rows, ``"<rows>~<version>"`` for one that did not (an undo appends a row
of its own). The cursor is stored with the table (chapter key and step) and the chapters are
rebuilt from the log at start (:func:`chapters_from_log`), so a power cut loses no untold step.

A Story is used under its table's lock and replaced whole (``copy`` then change), so a write that
fails leaves the old one in place.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from engines import Event, Game, State
from engines.core import Lesson, may_see
from engines.text import Text, translate

CONTEXT = 8       # steps already told that a payload still carries (the lines under the current one)
AHEAD = 60        # untold steps a payload carries at most (the rest follow as the cursor moves)
UNWATCHED = 0     # steps kept, besides the newest change, for a table screen gone beyond its grace
CHARS_PER_SECOND = 30.0   # the shown sentence, read at the table while the board moves
LOOK_SECONDS = 0.5        # to find what moved on the board, besides reading
LINE_SECONDS = 0.35       # each line told with it (a step's other events: the board shows them too)
LONGEST_STEP = 6.0        # Auto never waits longer than this on one step
LONGEST_LESSON = 20.0     # ... nor than this on a step that a first game's lesson comes with
GLANCE_SECONDS = 0.8      # a step that only hands the play to a secret answer, once the answer waits


@dataclass(frozen=True)
class Snapshot:
    """The public state at a point of the story: what the table screen draws there."""

    view: dict[str, Any]
    awaiting: list[int]
    outcome: dict[str, Any] | None

    def to_json(self) -> dict[str, Any]:
        return {"view": self.view, "awaiting": self.awaiting, "outcome": self.outcome}


def snapshot(state: State, ended: bool = False) -> Snapshot:
    outcome = state.outcome
    return Snapshot(state.view(None), [] if ended else list(state.awaiting),
                    None if outcome is None else dict(outcome))


def is_step(ev: Event) -> bool:
    """A public event with a sentence: one step the table tells."""
    return ev.get("visible_to") == "all" and bool(ev.get("say"))


def tag(salt: str, key: str) -> str:
    """A chapter's public name: its key keyed with the table's salt (the key itself without one)."""
    if not salt:
        return key
    return hmac.new(salt.encode(), key.encode(), hashlib.sha256).hexdigest()[:12]


@dataclass(frozen=True)
class Chapter:
    key: str
    row: int                       # the order of chapters (log rows before it)
    events: tuple[Event, ...]      # every event of the change, each with its "id"
    before: Snapshot
    after: Snapshot
    title: Text | None = None      # "round 3": what the phones say the table is showing
    hold: bool = False             # the next play waits until this chapter has been told
    steps: tuple[int, ...] = field(default=())   # indexes of the public steps in ``events``
    tag: str = ""                  # its public name (:func:`tag`): what payloads call it
    stops: tuple[int, ...] = field(default=())   # the steps Auto and "next" stop on (:func:`stops`)
    lessons: tuple[dict[str, Any], ...] = field(default=())
    """A first game's lessons this change brings (``Lesson.to_json``), each shown from the step where
    its phase begins (``Lesson.begins``; else the change's last step, where the board shows the
    state after it) to the end of the change; a change with no public step gets one that names the
    lesson, so the table shows it."""
    lesson_steps: tuple[int, ...] = field(default=())   # where each lesson is first shown (a step index)
    glance: bool = False           # its last step only says a seat now plays in secret (Pacing.brief)

    @staticmethod
    def make(key: str, row: int, events: Iterable[Event], before: Snapshot, after: Snapshot,
             game: Game | None, salt: str = "", lessons: Sequence[Lesson] = ()) -> Chapter:
        name = tag(salt, key)
        events = list(events)
        if lessons and not any(is_step(ev) for ev in events):
            events += [{"type": "lesson", "visible_to": "all", "key": lesson.key,
                        "say": Text("First game: {title}", {"title": lesson.title}).to_json()}
                       for lesson in lessons]
        tagged = tuple({**ev, "id": f"{name}.{i}"} for i, ev in enumerate(events))
        steps = tuple(i for i, ev in enumerate(tagged) if is_step(ev))
        title = game.chapter_title(before.view) if game is not None else None
        hold = game is not None and any(ev.get("type") in game.pacing.hold for ev in tagged)
        together = game.pacing.together if game is not None else frozenset()
        last = len(steps) - 1
        starts = tuple(next((n for n, i in enumerate(steps) if tagged[i].get("type") in lesson.begins), last)
                       for lesson in lessons)
        glance = game is not None and bool(steps) and tagged[steps[-1]].get("type") in game.pacing.brief
        return Chapter(key, row, tagged, before, after, title, hold, steps, name,
                       stops([tagged[i] for i in steps], together),
                       tuple(lesson.to_json() for lesson in lessons), starts, glance)

    def step(self, index: int) -> Event:
        return self.events[self.steps[index]]

    def stop_of(self, index: int) -> int:
        """The stop (0-based) the step ``index`` is told in."""
        return next((k for k, last in enumerate(self.stops) if last >= index), len(self.stops) - 1)

    def first_step(self, stop: int) -> int:
        """The first step told in ``stop``."""
        return self.stops[stop - 1] + 1 if stop > 0 else 0

    def lessons_at(self, index: int, *, new: bool = False) -> list[dict[str, Any]]:
        """The lessons shown with step ``index`` (from where each begins to the chapter's end);
        ``new``: only those first shown at the stop of ``index``."""
        stop = self.stop_of(index)
        return [lesson for lesson, start in zip(self.lessons, self.lesson_steps, strict=True)
                if start <= index and (not new or self.stop_of(start) == stop)]


def _msgid(ev: Event) -> object:
    say = ev.get("say")
    return say.get("msgid") if isinstance(say, dict) else say


def stops(steps: list[Event], together: frozenset[str]) -> tuple[int, ...]:
    """Which steps the table stops on: steps that show nothing new on their own are told with the
    step after them (the game's ``Pacing.together``: a card turned over, told with what it does),
    and a run of steps of one kind and one sentence (four agents' cards turned, eight boat tiles'
    numbers) is told as one. A stop is its last step: the board shows every step told in it."""
    out: list[int] = []
    for i, ev in enumerate(steps):
        if i + 1 < len(steps):
            nxt = steps[i + 1]
            if ev.get("type") in together:
                continue
            if ev.get("type") == nxt.get("type") and _msgid(ev) == _msgid(nxt):
                continue
        out.append(i)
    return tuple(out)


def chapter_row(key: str) -> int:
    """The log position a chapter key stands at (``"12"``, ``"12~30"`` -> 12); -1 if none."""
    head = key.split("~", 1)[0]
    return int(head) if head.isdigit() else -1


class Story:
    """The chapters in order, and the step being shown: ``pos`` = (chapter index, step index)."""

    def __init__(self, end: Snapshot) -> None:
        self.chapters: list[Chapter] = []
        self.pos: tuple[int, int] | None = None
        self.end = end          # the public state after the last chapter (the newest)

    def copy(self) -> Story:
        out = Story(self.end)
        out.chapters, out.pos = list(self.chapters), self.pos
        return out

    # -- reading ------------------------------------------------------------------

    def current(self) -> tuple[Chapter, int] | None:
        if self.pos is None:
            return None
        c, i = self.pos
        return self.chapters[c], i

    def cursor(self) -> tuple[str, int]:
        """What is stored: the chapter key and step shown; ``("", 0)`` before any step."""
        now = self.current()
        return ("", 0) if now is None else (now[0].key, now[1])

    def _untold(self) -> Iterator[tuple[Chapter, int]]:
        """The stops still to tell, in order (a stop: its last step)."""
        start_c, start_i = (0, -1) if self.pos is None else self.pos
        for c in range(start_c, len(self.chapters)):
            chapter = self.chapters[c]
            for i in chapter.stops:
                if c > start_c or i > start_i:
                    yield chapter, i

    def ahead(self, count: int) -> list[tuple[Chapter, int]]:
        """The shown stop and the next ``count`` still to tell, in order (a stop: its last step):
        what the table will hear next (companion/narration.py makes it ahead)."""
        now = self.current()
        out = [] if now is None else [now]
        for stop in self._untold():
            if len(out) > count:
                break
            out.append(stop)
        return out

    def told(self) -> int:
        """How many steps the chapters kept have told before the shown one."""
        if self.pos is None:
            return 0
        c, i = self.pos
        return i + sum(len(chapter.steps) for chapter in self.chapters[:c])

    def waiting(self) -> int:
        """How many stops the table has still to tell after the one it shows."""
        return sum(1 for _ in self._untold())

    def holding(self) -> bool:
        """A chapter the game holds plays for has steps still to tell."""
        return any(chapter.hold for chapter, _ in self._untold())

    def as_of(self) -> tuple[Chapter, int, Snapshot] | None:
        """While the table has steps still to tell: the shown chapter, the shown step and the
        public state as of it, as the table screen draws it (before the chapter until its last
        step, after it from there). None once everything is told: the state of now is the told one."""
        now = self.current()
        if now is None or self.waiting() == 0:
            return None
        chapter, i = now
        return chapter, i, chapter.after if i >= len(chapter.steps) - 1 else chapter.before

    def since(self) -> list[Snapshot]:
        """The public states the table has still to show after the one :meth:`as_of` gives, in
        order (the last one is the state of now); empty once everything is told."""
        if self.pos is None or self.waiting() == 0:
            return []
        c, i = self.pos
        shown = self.chapters[c]
        later = [chapter.after for chapter in self.chapters[c + 1:]]
        return [shown.after, *later] if i < len(shown.steps) - 1 else later

    def untold(self) -> set[str]:
        """The identities of the public events the table has still to tell: those after the shown
        step in its chapter, and every public event of the chapters after it."""
        if self.pos is None or self.waiting() == 0:
            return set()
        c, i = self.pos
        shown = self.chapters[c]
        later = list(shown.events[shown.steps[i] + 1:])
        for chapter in self.chapters[c + 1:]:
            later += chapter.events
        return {ev["id"] for ev in later if ev.get("visible_to") == "all"}

    def before(self, c: int) -> Snapshot:
        return self.chapters[c].before

    def restore(self, chapters: list[Chapter], key: str, step: int) -> None:
        """At start: the chapters rebuilt from the log (from a little before the stored cursor, for
        the lines under it) and the stored cursor (:meth:`locate`)."""
        self.locate(chapters, key, step)
        self._trim()

    def locate(self, chapters: list[Chapter], key: str, step: int) -> None:
        """These chapters, and the stored cursor found in them again by its chapter's key. A chapter
        that is not in the log (a note, an undo) was shown, so the next chapter from the log comes
        up; with none, everything was told."""
        self.chapters = list(chapters)
        self.pos = None
        if not chapters:
            return
        self.end = chapters[-1].after
        found = next((c for c, ch in enumerate(chapters) if ch.key == key), None)
        if found is not None and chapters[found].steps:
            shown = chapters[found]
            self.pos = (found, shown.stops[shown.stop_of(min(max(step, 0), len(shown.steps) - 1))])
        else:
            told_until = chapter_row(key) if found is None else chapters[found].row
            later = [c for c, ch in enumerate(chapters) if ch.steps and ch.row > told_until]
            earlier = [c for c, ch in enumerate(chapters) if ch.steps and ch.row <= told_until]
            if later:
                self.pos = (later[0], chapters[later[0]].stops[0])
            elif earlier:
                self.pos = (earlier[-1], len(chapters[earlier[-1]].steps) - 1)

    def told_stops(self) -> list[tuple[int, int]]:
        """Every stop told so far, in order, the shown one last: (chapter index, its last step)."""
        if self.pos is None:
            return []
        c, i = self.pos
        return [(k, last) for k, chapter in enumerate(self.chapters[:c + 1]) for last in chapter.stops
                if k < c or last <= i]

    def looking_back(self, stop: int) -> Story:
        """The story as it stood when the told ``stop`` (an index of :meth:`told_stops`) was shown:
        a table looking back at a step it has seen (docs/web.md "Looking back"). Nothing after the
        shown stop's chapter is in it, so it tells nothing the table has not been told."""
        told = self.told_stops()
        out = Story(self.end)
        if not told:
            return out
        c, i = told[min(max(stop, 0), len(told) - 1)]
        shown = self.pos[0] if self.pos is not None else c
        out.chapters, out.pos = self.chapters[:shown + 1], (c, i)
        out.end = out.chapters[-1].after
        out._trim()
        return out

    # -- changing (on a copy, under the table's lock) -------------------------------

    def add(self, chapter: Chapter, keep: int | None = None, *, read: bool = True) -> None:
        """Append a change; shown at once if the table had told everything before it, and the
        step shown has had its time (``read``; else Auto shows the new one when it is due): never
        over a glance either (that stop has its glance first, :meth:`reading_seconds`).

        ``keep``: no table screen is open, so at most that many steps wait for one to come back;
        older ones count as told (nobody was there to be shown them; memory stays bounded)."""
        now = self.current()
        fresh = self.waiting() == 0 and (now is None or (read and not now[0].glance))
        self.chapters.append(chapter)
        self.end = chapter.after
        if fresh and chapter.steps:
            self.pos = (len(self.chapters) - 1, chapter.stops[0])
        if keep is not None:   # always the newest change whole, however long
            newest = next((len(ch.steps) for ch in reversed(self.chapters) if ch.steps), 0)
            for _ in range(max(0, self.waiting() - max(keep, newest))):
                self.next()
        self._trim()

    def next(self) -> bool:
        """Show the next step; False when there is none (nothing changes)."""
        for chapter, i in self._untold():
            self.pos = (self.chapters.index(chapter), i)
            return True
        return False

    def drop(self, keys: set[str]) -> None:
        """Take out chapters an undo took back (the newest ones); the shown step moves back to
        the last step before them, which the table has told."""
        shown = self.current()
        kept = [ch for ch in self.chapters if ch.key not in keys]
        if len(kept) == len(self.chapters):
            return
        self.chapters = kept
        if shown is None or shown[0].key not in keys:
            self.pos = None if shown is None else (kept.index(shown[0]), shown[1])
            return
        self.pos = None
        for c in range(len(kept) - 1, -1, -1):
            if kept[c].steps:
                self.pos = (c, len(kept[c].steps) - 1)
                break

    def _trim(self) -> None:
        """Forget chapters told long ago: keep the shown one and enough before it for the CONTEXT
        lines a payload carries under the shown step."""
        if self.pos is None:
            keep = len(self.chapters) - 1 if self.chapters else 0   # nothing shown: the newest only
            self.chapters = self.chapters[keep:]
            return
        c, i = self.pos
        told, first = i, c
        while first > 0 and told < CONTEXT:
            first -= 1
            told += len(self.chapters[first].steps)
        if first > 0:
            self.chapters = self.chapters[first:]
            self.pos = (c - first, i)

    # -- the payload's "story" ------------------------------------------------------

    def to_json(self, seat: int | None, *, auto: bool, hold: bool, screen: bool,
                looking: bool = False) -> dict[str, Any]:
        """What a screen (``seat`` None) or a phone gets: told context, the shown step, the steps
        still to tell (each public step with its chapter, index and count; a phone also gets its
        own private lines, told at once), and for the screen the states around the shown step."""
        shown = (-1, -1) if self.pos is None else self.pos
        entries: list[dict[str, Any]] = []
        public: list[int] = []          # where each public step is in ``entries``
        at = -1
        for c, chapter in enumerate(self.chapters):
            n = 0
            for ev in chapter.events:
                if is_step(ev):
                    if (c, n) == shown:
                        at = len(public)
                    public.append(len(entries))
                    entries.append({"id": ev["id"], "chapter": chapter.tag, "index": n,
                                    "count": len(chapter.steps), "stop": chapter.stop_of(n),
                                    "stops": len(chapter.stops), "told": (c, n) <= shown, "event": ev})
                    n += 1
                elif seat is not None and ev.get("say") and may_see(ev, seat):
                    entries.append({"id": ev["id"], "chapter": chapter.tag, "told": True, "private": True,
                                    "event": ev})
        lo = max(0, at - CONTEXT) if public else 0
        if at >= 0:   # the whole chapter being shown, however long: its earlier steps are drawn too
            lo = min(lo, at - shown[1])
        hi = (max(at, -1) + AHEAD) if public else -1
        start = public[lo] if lo > 0 else 0
        place = {where: n for n, where in enumerate(public)}
        steps = [e for n, e in enumerate(entries) if n >= start and (e.get("private") or place[n] <= hi)]
        shown_id = entries[public[at]]["id"] if at >= 0 else None
        now = self.current()
        out: dict[str, Any] = {
            "steps": steps, "at": next((k for k, e in enumerate(steps) if e["id"] == shown_id), -1),
            "waiting": self.waiting(), "auto": auto, "hold": hold, "screen": screen, "looking": looking,
            "title": now[0].title.to_json() if now is not None and now[0].title is not None else None,
        }
        if seat is None:
            out["shown"] = None if now is None else {
                "chapter": now[0].tag, "index": now[1], "count": len(now[0].steps),
                "stop": now[0].stop_of(now[1]), "stops": len(now[0].stops),
                "before": now[0].before.to_json(), "after": now[0].after.to_json(),
                "lessons": now[0].lessons_at(now[1])}
        return out

    def reading_seconds(self, least: float) -> float:
        """How long Auto leaves the shown stop up: what it shows. ``least`` (the game's
        ``Pacing.step_seconds``), more for a longer sentence to read, and a little more for each
        line told with it; never more than :data:`LONGEST_STEP`. Less while more than 4 stops
        wait: Auto catches up with a quick table. A chapter's last stop that only hands the play
        to a secret answer (``Chapter.glance``) is told at a glance once the answer waits after
        it: :data:`GLANCE_SECONDS`."""
        now = self.current()
        if now is None:
            return least
        chapter, i = now
        waiting = self.waiting()
        if chapter.glance and i == len(chapter.steps) - 1 and waiting and not chapter.lessons_at(i, new=True):
            return min(GLANCE_SECONDS, least) / max(1, waiting / 4)
        say = chapter.step(i).get("say")
        text = translate(Text.from_json(say), "en") if isinstance(say, dict) else ""
        lines = i - chapter.first_step(chapter.stop_of(i))
        reading = max(least, LOOK_SECONDS + len(text) / CHARS_PER_SECOND)
        lessons = chapter.lessons_at(i, new=True)
        if lessons:   # a first game's lesson is read whole, however quick the table
            lesson_text = " ".join(translate(Text.from_json(lesson[part]), "en")
                                   for lesson in lessons for part in ("title", "text"))
            return min(LONGEST_LESSON, reading + LINE_SECONDS * lines + len(lesson_text) / CHARS_PER_SECOND)
        return min(LONGEST_STEP, reading + LINE_SECONDS * lines) / max(1, waiting / 4)


def chapters_from_log(game: Game, start: State, rows: list[Any], replay: Callable[[State, Any], State],
                      from_row: int, salt: str = "",
                      teach: Callable[[str, State], Sequence[Lesson]] | None = None
                      ) -> tuple[list[Chapter], State]:
    """The log's chapters from ``from_row`` on (a restart): ``rows`` are the effective log rows,
    ``replay(state, row)`` applies one; ``teach(key, state after)`` gives the lessons the chapter
    told (a first game). Returns the chapters and the final state."""
    chapters: list[Chapter] = []
    state = start
    group_key, group_row, events, before = "0", 0, list(start.events), None
    if from_row <= 0:
        before = snapshot(start)   # the start: nothing before it but the empty table

    def close(after_state: State) -> None:
        if before is not None:
            lessons = teach(group_key, after_state) if teach is not None else ()
            chapters.append(Chapter.make(group_key, group_row, events, before, snapshot(after_state), game,
                                         salt, lessons))

    for row in rows:
        if row.kind == "action":
            close(state)
            group_row = row.idx + 1
            group_key, events = str(group_row), []
            before = snapshot(state) if group_row >= from_row else None
        state = replay(state, row)
        events.extend(state.events)
    close(state)
    return chapters, state
