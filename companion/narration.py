"""The table hears its story: each stop the table screen tells, spoken (docs/narration.md).

:class:`Narrator` is the service's part for it (``OpenTable.narration`` holds a table's setting). It
only ever speaks what the table screen shows: the sentences of the story's public steps (events
visible to all, in the table screen's language, with the seats' names), never a view or an event
of one seat. For each stop it makes a *clip*: the stop's sentences as a person says them
(:func:`companion.speech.speakable`), spoken by the voice (companion/speech.py), named by a hash
of the voice, language, speed and words, and cached.

* **Ahead.** Whenever the story changes (:meth:`Narrator.told`, called by the Teller), the shown stop
  and the next :data:`AHEAD` are queued to a worker thread and synthesised before they are shown, so
  a step's sound starts as soon as it is shown.
* **Where it is heard** (the host's setting, :meth:`Narrator.configure`): ``off``; ``screen``: the
  table screen's page plays the clip (the public payload's ``story.voice`` names it;
  ``GET /api/tables/<t>/speech/<clip>`` serves it); ``pi``: the Pi's own output (ALSA), started here
  when the stop is shown, cut short by the next.
* **Auto waits for the sentence** (:meth:`Narrator.seconds`: the Teller's ``due``); Next cuts it short.
"""

from __future__ import annotations

import hashlib
import logging
import os
import shutil
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from typing import Any

from companion.speech import (
    NORMAL_WPM,
    SYNTH_SECONDS,
    Player,
    Voice,
    VoiceFailed,
    duration,
    louder,
    speakable,
)
from companion.store import Store
from companion.story import Chapter, Story
from companion.tables import OpenTable, Tables
from companion.worker import Worker
from engines.text import Text, plural, translate
from web.service import BadRequest, NotFound

log = logging.getLogger("companion.narration")

OUTPUTS = ("off", "screen", "pi")
AHEAD = 12                   # stops synthesised ahead of the one shown
CACHE_BYTES = 12 << 20       # clips kept (about 4 minutes of speech at 22 kHz)
KNOWN_CLIPS = 1024           # clips whose words are remembered (served on demand)
TAIL_SECONDS = 0.4           # after a sentence ends, before Auto shows the next stop


def _said(t: OpenTable, chapter: Chapter, index: int, lang: str) -> str:
    """What the table screen shows at the stop that ends with step ``index``: its steps' sentences."""
    first = chapter.first_step(chapter.stop_of(index))
    lines = []
    for i in range(first, index + 1):
        say = chapter.step(i).get("say")
        if isinstance(say, Mapping):
            lines.append(translate(Text.from_json(say), lang, lambda s: t.name(s, lang)))
    outcome = chapter.after.outcome if index == len(chapter.steps) - 1 else None
    if outcome is not None:   # who won: the screen shows the outcome from the chapter's last stop
        say = outcome.get("say")
        if isinstance(say, Mapping):
            ending = translate(Text.from_json(say), lang, lambda s: t.name(s, lang))
        elif outcome.get("winners"):
            winners = [t.name(s, lang) for s in outcome["winners"]]
            ending = translate(plural(len(winners), "Winner: {names}.", "Winners: {names}.",
                                      names=", ".join(winners)), lang)
        else:
            ending = translate("A draw.", lang)
        if not any(ending.strip() in line for line in lines):
            lines.append(ending)
    return " ".join(line.strip() for line in lines if line.strip())


def default_player(speaker: Player | bool | None) -> Player | None:
    """The Pi's output: ``True``: aplay, when it is installed (its device from
    ``COMPANION_ALSA_DEVICE``, else ALSA's default: HDMI or the jack); ``False``/None: none."""
    if isinstance(speaker, Player):
        return speaker
    if speaker is True and shutil.which("aplay"):
        return Player(device=os.environ.get("COMPANION_ALSA_DEVICE") or None)
    return None


class Narrator:
    def __init__(self, tables: Tables, store: Store, voice: Voice, player: Player | None, *,
                 push: Callable[[OpenTable], None], poke: Callable[[], None] = lambda: None) -> None:
        """``player``: the Pi's output (None: no audio output here, ``pi`` is refused); ``push``:
        every reader of the table hears of a changed setting (a new version of the table, stored);
        ``poke``: the pacer looks again (the Pi speaking tells the story by itself, at Auto)."""
        self.tables, self.store, self.voice, self.player, self._push = tables, store, voice, player, push
        self._poke = poke
        self._lock = threading.Lock()
        self._clips: OrderedDict[str, bytes] = OrderedDict()
        self._size = 0
        self._words: OrderedDict[str, tuple[str, str, int]] = OrderedDict()
        self._making: dict[str, threading.Event] = {}   # clips being synthesised now
        self._worker: Worker[str] = Worker("companion-voice", self._make, join_seconds=2)
        # the Pi's output: each stop shown, in order, made if need be and played off the table's lock
        self._speaker: Worker[tuple[str, int]] = Worker("companion-speaker", self._speak, join_seconds=2)
        self.timings: list[tuple[str, int, float]] = []   # (lang, characters, seconds): the bench reads them

    def close(self) -> None:
        self._worker.close()
        self._speaker.close()
        if self.player is not None:
            self.player.stop()

    def wait_idle(self, timeout: float = 10.0) -> bool:
        """Until no clip is queued or being made (tests, the bench)."""
        end = time.monotonic() + timeout
        if not (self._worker.wait_idle(timeout) and self._speaker.wait_idle(timeout)):
            return False
        while True:
            with self._lock:
                making = list(self._making.values())
            if not making:
                return True
            if not making[0].wait(max(0.0, end - time.monotonic())):
                return False

    # -- clips ------------------------------------------------------------------------------

    def clip(self, text: str, lang: str, speed: int) -> str:
        """The clip's name: the voice, language, speed and words, hashed; remembered for serving."""
        name = hashlib.sha256(f"{self.voice.name}|{lang}|{speed}|{text}".encode()).hexdigest()[:20]
        with self._lock:
            self._words[name] = (text, lang, speed)
            self._words.move_to_end(name)
            while len(self._words) > KNOWN_CLIPS:
                self._words.popitem(last=False)
        return name

    def cached(self, name: str) -> bytes | None:
        with self._lock:
            wav = self._clips.get(name)
            if wav is not None:
                self._clips.move_to_end(name)
            return wav

    def _keep(self, name: str, wav: bytes) -> None:
        with self._lock:
            if name in self._clips:
                return
            self._clips[name] = wav
            self._size += len(wav)
            while self._size > CACHE_BYTES and len(self._clips) > 1:
                _, old = self._clips.popitem(last=False)
                self._size -= len(old)

    def make(self, name: str) -> bytes | None:
        """The clip's sound: from the cache, else synthesised now; None for a clip never named. A clip
        being made already (by the worker ahead, or for the screen's request) is waited for, never made
        twice: on two cores a second synthesis would slow the first."""
        with self._lock:
            wav = self._clips.get(name)
            if wav is not None:
                self._clips.move_to_end(name)
                return wav
            words = self._words.get(name)
            if words is None:
                return None
            making = self._making.get(name)
            if making is None:
                self._making[name] = threading.Event()
        if making is not None:
            making.wait(SYNTH_SECONDS)
            return self.cached(name)
        text, lang, speed = words
        begun = time.perf_counter()
        try:
            wav = self.voice.synthesise(speakable(text, lang), lang, speed)
            self.timings.append((lang, len(text), time.perf_counter() - begun))
            del self.timings[:-2000]
            self._keep(name, wav)
        finally:
            with self._lock:
                done = self._making.pop(name)
            done.set()
        return wav

    def _make(self, name: str) -> None:
        try:
            self.make(name)
        except VoiceFailed as exc:
            log.warning("the voice failed: %s", exc)

    def _speak(self, item: tuple[str, int]) -> None:
        """The Pi says a stop just shown (``(clip, volume)``): the one before it stops."""
        name, volume = item
        try:
            wav = self.make(name)
        except VoiceFailed as exc:
            log.warning("the voice failed: %s", exc)
            return
        if wav is not None and self.player is not None:
            self.player.play(louder(wav, volume))

    # -- the story ----------------------------------------------------------------------------

    def shown_clip(self, t: OpenTable, story: Story | None = None) -> tuple[str, str] | None:
        """The shown stop's (clip, words); None with nothing shown or narration off."""
        story = story or t.telling.story
        now = story.current()
        if t.narration.output == "off" or now is None or not now[0].steps:
            return None
        text = _said(t, now[0], now[1], t.row.lang)
        return (self.clip(text, t.row.lang, t.narration.speed), text) if text else None

    def told(self, t: OpenTable, story: Story, moved: bool) -> None:
        """The story is now ``story`` (under the table's lock): queue the shown stop and the next
        ones; ``moved``: a new stop is shown, so the Pi speaks it (cutting the last one short)."""
        if t.narration.output == "off" or (t.row.ended and not moved):
            return
        shown = self.shown_clip(t, story)
        if shown is not None:
            name = shown[0]
            if moved and t.narration.output == "pi" and self.player is not None:
                t.narration.spoken = name
                self._speaker.put((name, t.narration.volume))
            elif self.cached(name) is None:   # made now, ahead of the queue of the stops to come
                threading.Thread(target=self._make, args=(name,), name="companion-voice-now",
                                 daemon=True).start()
        coming = story.ahead(AHEAD)
        for chapter, index in coming[1:] if story.current() is not None else coming:
            text = _said(t, chapter, index, t.row.lang)
            if text:
                name = self.clip(text, t.row.lang, t.narration.speed)
                if self.cached(name) is None:
                    self._worker.put(name)

    def seconds(self, t: OpenTable) -> float:
        """How long the shown stop is spoken (0 with narration off): Auto waits for it to end."""
        shown = self.shown_clip(t)
        if shown is None:
            return 0.0
        wav = self.cached(shown[0])
        if wav is not None:
            return duration(wav) + TAIL_SECONDS
        words = len(shown[1].split())   # not made yet: the voice's pace
        return words * 60.0 / (NORMAL_WPM * t.narration.speed / 100) + TAIL_SECONDS

    def to_json(self, t: OpenTable) -> dict[str, Any] | None:
        """The public payload's ``story.voice``: the setting, and the shown stop's clip."""
        if t.narration.output == "off":
            return None
        shown = self.shown_clip(t)
        return {**t.narration.to_json(), "clip": shown[0] if shown is not None else None}

    # -- the host's setting and the table screen's clips (web/service.py ``Narration``) ----------

    def settings(self, table: str) -> dict[str, Any]:
        t = self.tables.get(table)
        return {**t.narration.to_json(), "outputs": [o for o in OUTPUTS if o != "pi" or self.player],
                "voice": self.voice.name}

    def configure(self, table: str, output: Any = None, volume: Any = None,
                  speed: Any = None) -> dict[str, Any]:
        """The host's setting: where the table hears its story, how loud and how fast."""
        t = self.tables.get(table)
        if output is not None and (output not in OUTPUTS or (output == "pi" and self.player is None)):
            raise BadRequest("Narration is off, on the table screen or from the companion's own speaker.")
        for value, low, high in ((volume, 0, 100), (speed, 50, 200)):
            if value is not None and (not isinstance(value, int) or isinstance(value, bool)
                                      or not low <= value <= high):
                raise BadRequest("The volume is 0 to 100 and the speed 50 to 200 (per cent).")
        with t.lock:
            n = t.narration
            wanted: dict[str, Any] = {"output": n.output if output is None else output,
                      "volume": n.volume if volume is None else volume,
                      "speed": n.speed if speed is None else speed}
            version = t.row.version + 1   # every screen hears of it: a new version, stored (or nothing)
            self.store.update_table(t.id, version=version, narration=wanted)
            t.row.version, t.row.narration = version, wanted
            n.output, n.volume, n.speed = str(wanted["output"]), int(wanted["volume"]), int(wanted["speed"])
            if n.output != "pi" and self.player is not None:
                self.player.stop()
            self.told(t, t.telling.story, n.output == "pi")
            self._push(t)
        self._poke()
        return self.settings(table)

    def audio(self, table: str, clip: str) -> bytes:
        """A clip of this table's story, as WAV (the table screen's ``<audio>``)."""
        t = self.tables.get(table)
        if t.narration.output == "off":
            raise NotFound("Narration is off at this table.")
        try:
            wav = self.make(clip)
        except VoiceFailed:
            wav = None
        if wav is None:
            raise NotFound("There is no such sound at this table.")
        return wav
