"""The table hears its story (issue 39, docs/narration.md): each stop spoken in the table's language,
made ahead, heard on the table screen or from the Pi, and never a word of anyone's secret."""

from __future__ import annotations

import array
import io
import os
import re
import shutil
import sys
import wave
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import engines
from companion.narration import Narrator
from companion.service import Service
from companion.speech import Espeak, Player, duration, pick_voice, speakable
from engines import TABLE
from engines.rng import Rng
from engines.text import Text, translate
from tests.waits import until
from web.service import BadRequest

HOST = "k" * 32
needs_espeak = pytest.mark.skipif(shutil.which("espeak-ng") is None,
                                  reason="apt's espeak-ng is not installed")


class Recording:
    """A voice that keeps every text handed to it (and answers a short real WAV)."""

    name = "recording"

    def __init__(self) -> None:
        self.said: list[tuple[str, str]] = []

    def speaks(self, lang: str) -> bool:
        return True

    def synthesise(self, text: str, lang: str, speed: int) -> bytes:
        self.said.append((lang, text))
        out = io.BytesIO()
        with wave.open(out, "wb") as w:
            w.setnchannels(1)
            w.setsampwidth(2)
            w.setframerate(8000)
            w.writeframes(array.array("h", [1000, -1000] * 800).tobytes())   # 0.2 s
        return out.getvalue()


def loudness(wav_bytes: bytes) -> tuple[float, float]:
    """(seconds, RMS of the samples) of a 16-bit clip."""
    with wave.open(io.BytesIO(wav_bytes)) as w:
        assert w.getsampwidth() == 2
        samples = array.array("h", w.readframes(w.getnframes()))
    rms = (sum(s * s for s in samples) / max(1, len(samples))) ** 0.5
    return duration(wav_bytes), rms


def play(service: Service, table: str, seed: int, plies: int) -> Iterator[None]:
    """Random legal plays, the table's whole story told (Next) after each."""
    rng = Rng.from_seed(seed)
    for _ in range(plies):
        state = service.state_of(table)
        awaiting = [s for s in state.awaiting if s != TABLE]
        if not awaiting:
            return
        seat, rng = rng.choice(awaiting)
        action, rng = rng.choice(state.legal_actions(seat))
        service.act(table, seat, action)
        while service.tables.get(table).telling.story.waiting():
            service.advance(table)
            yield


@pytest.fixture
def told(data_dir: Path) -> Iterator[tuple[Service, Recording]]:
    voice = Recording()
    svc = Service(data_dir, HOST, think_seconds=0.05, reading_pace=0.4, voice=voice, speaker=False)
    yield svc, voice
    svc.close()


# -- sound ------------------------------------------------------------------------------------

SENTENCES = {
    "en": "The grey shark's laser hits the agent of Anna on d4.",
    "nl": "De laser van de grijze haai raakt de agent van Anna op d4.",
    "de": "Der Laser des grauen Hais trifft den Agenten von Anna auf d4.",
}


@needs_espeak
@pytest.mark.parametrize("lang", sorted(SENTENCES))
def test_a_step_is_spoken_as_speech_in_each_language(lang: str) -> None:
    text = speakable(SENTENCES[lang], lang)
    wav_bytes = Espeak().synthesise(text, lang, 100)
    seconds, rms = loudness(wav_bytes)
    words = len(text.split())
    assert rms > 500                                 # not silence
    assert 0.15 * words < seconds < 0.8 * words      # a plausible time for its words
    slower = duration(Espeak().synthesise(text, lang, 60))
    assert slower > seconds * 1.3                    # the host's speed is heard


@needs_espeak
def test_the_pi_speaks_the_shown_step_without_a_sound_card(data_dir: Path, tmp_path: Path) -> None:
    """The Pi's output: each stop shown starts its clip (recorded here as aplay would receive it)."""
    record = tmp_path / "heard"
    record.mkdir()
    # each clip kept once it has all come (a clip cut short by the next stop, its player stopped
    # before it was handed the sound, is not heard: no file, never an empty or half one)
    grab = ("import os, sys, pathlib, time; d = pathlib.Path(sys.argv[1]); n = time.monotonic_ns(); "
            "b = sys.stdin.buffer.read(); b and (d / f'{n}.part').write_bytes(b); "
            "b and os.replace(d / f'{n}.part', d / f'{n}.wav')")
    player = Player(command=[sys.executable, "-c", grab, str(record)])
    svc = Service(data_dir, HOST, think_seconds=0.05, reading_pace=0.4, speaker=player)
    try:
        table = svc.create_table("sharks-with-lasers", 2, {}, seed=5, lang="nl")["table"]
        svc.narration.configure(table, "pi", volume=50)
        heard = 0
        for _ in zip(range(4), play(svc, table, 2, 80), strict=False):   # each stop shown is heard
            assert until(lambda: len(list(record.glob("*.wav"))) > heard, 10)   # noqa: B023
            heard = len(list(record.glob("*.wav")))
        assert heard >= 4 and player.failed == 0
        for heard in record.glob("*.wav"):
            seconds, rms = loudness(heard.read_bytes())
            assert seconds > 0.5 and rms > 200
    finally:
        svc.close()


def test_a_table_without_a_screen_follows_the_story_by_ear(data_dir: Path) -> None:
    """No table screen, the Pi speaking: the story is told by itself at Auto, stop by stop, each
    spoken (no Next pressed), and the phones wait behind the stop being spoken as behind a screen."""
    player = Player(command=["sh", "-c", "cat >/dev/null"])
    svc = Service(data_dir, HOST, think_seconds=0.05, reading_pace=0.05, voice=Recording(), speaker=player)
    try:
        table = svc.create_table("sharks-with-lasers", 2, {}, seed=5, lang="de")["table"]
        assert svc.public(table)["story"]["screen"] is False
        svc.narration.configure(table, "pi")
        assert svc.public(table)["story"]["screen"] is True
        t, rng, most = svc.tables.get(table), Rng.from_seed(3), 0
        for _ in range(120):
            assert until(lambda: not svc.telling.holding(t), 20)   # the telling ends by itself
            state = svc.state_of(table)
            awaiting = [s for s in state.awaiting if s != TABLE]
            if not awaiting or most >= 4:
                break
            seat, rng = rng.choice(awaiting)
            action, rng = rng.choice(state.legal_actions(seat))
            svc.act(table, seat, action)
            most = max(most, t.telling.story.waiting())
        assert most >= 4                                       # a change of many stops was told
        assert until(lambda: not t.telling.story.waiting(), 20)   # by Auto alone: nobody pressed Next
        assert until(lambda: player.played >= most + 1, 10)    # each stop spoken (the last one too)
        assert player.failed == 0
    finally:
        svc.close()


@pytest.mark.skipif(shutil.which("aplay") is None, reason="alsa-utils' aplay is not installed")
def test_aplay_plays_to_a_null_sink() -> None:
    player = Player(device="null")
    player.play(Recording().synthesise("x", "en", 100))
    assert until(lambda: not player.playing(), 10)
    assert player.played == 1 and player.failed == 0


def test_a_piper_voice_file_placed_by_the_host_speaks_its_language(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """A ``piper`` program on the PATH and ``voices/nl.onnx`` in the data folder: Dutch is spoken
    by Piper (its raw samples at the voice's rate, made a WAV), the other languages by espeak-ng.
    The program here is a stand-in that answers a tone as long as the text, slower at a larger
    length scale, as piper does."""
    bin_dir, voices = tmp_path / "bin", tmp_path / "data" / "voices"
    bin_dir.mkdir()
    voices.mkdir(parents=True)
    (voices / "nl.onnx").write_bytes(b"model")
    (voices / "nl.onnx.json").write_text('{"audio": {"sample_rate": 16000}}')
    piper = bin_dir / "piper"
    piper.write_text(f"#!{sys.executable}\n" + (
        "import sys, array\n"
        "scale = float(sys.argv[sys.argv.index('--length_scale') + 1])\n"
        "words = len(sys.stdin.read().split())\n"
        "tone = array.array('h', [3000, -3000] * int(1600 * words * scale))\n"
        "assert '--output_raw' in sys.argv and sys.argv[sys.argv.index('--model') + 1].endswith('nl.onnx')\n"
        "sys.stdout.buffer.write(tone.tobytes())\n"))
    piper.chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_dir}:{os.environ['PATH']}")
    voice = pick_voice(tmp_path / "data")
    assert voice.name == "piper" and voice.speaks("nl") and voice.speaks("de")
    clip = voice.synthesise("vijf woorden van de haai", "nl", 100)
    with wave.open(io.BytesIO(clip)) as w:
        assert w.getframerate() == 16000
    assert duration(clip) == pytest.approx(5 * 0.2)
    assert duration(voice.synthesise("vijf woorden van de haai", "nl", 50)) == pytest.approx(5 * 0.4)
    if shutil.which("espeak-ng"):   # German has no file: espeak-ng speaks it
        assert loudness(voice.synthesise("Der Hai.", "de", 100))[1] > 500
    assert pick_voice(tmp_path / "elsewhere").name == "espeak-ng"


# -- the story, spoken ahead ------------------------------------------------------------------

def test_the_coming_stops_are_made_before_they_are_shown(told: tuple[Service, Recording]) -> None:
    svc, voice = told
    table = svc.create_table("sharks-with-lasers", 3, {}, seed=11, lang="de")["table"]
    assert "voice" not in svc.public(table)["story"]          # off: nothing spoken, nothing named
    svc.narration.configure(table, "screen", speed=120)
    rng = Rng.from_seed(4)
    for _ in range(40):   # to the first round's resolution: many stops waiting at once
        state = svc.state_of(table)
        awaiting = [s for s in state.awaiting if s != TABLE]
        seat, rng = rng.choice(awaiting)
        action, rng = rng.choice(state.legal_actions(seat))
        svc.act(table, seat, action)
        if svc.tables.get(table).telling.story.waiting() > 3:
            break
    assert svc.narration.wait_idle()
    t = svc.tables.get(table)
    for _ in range(3):
        svc.advance(table)
        voice_json = svc.public(table)["story"]["voice"]
        assert voice_json["output"] == "screen" and voice_json["speed"] == 120
        assert svc.narration.cached(voice_json["clip"]) is not None     # made before it was shown
        assert svc.narration.audio(table, voice_json["clip"])[:4] == b"RIFF"
        shown = svc.narration.shown_clip(t)
        assert shown is not None and ("de", speakable(shown[1], "de")) in voice.said
    # Auto waits for the sentence to end (the test's reading pace counted)
    clip = svc.narration.cached(svc.public(table)["story"]["voice"]["clip"])
    assert clip is not None
    assert svc.telling.due(t) - t.telling.since >= svc.telling.pace * duration(clip)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_who_won_is_said_with_the_last_stop(told: tuple[Service, Recording], lang: str) -> None:
    """Fzzzt!'s last step counts the scores; the screen shows who won beside it: so does the voice."""
    svc, voice = told
    table = svc.create_table("fzzzt", 2, {}, seed=1, lang=lang)["table"]
    svc.narration.configure(table, "screen")
    for _ in play(svc, table, 1, 2000):
        pass
    outcome = svc.state_of(table).outcome
    assert outcome is not None
    shown = svc.narration.shown_clip(svc.tables.get(table))
    assert shown is not None
    ending = translate(Text.from_json(outcome["say"]), lang)      # "Player 1 wins with 78 points."
    assert shown[1].endswith(ending)
    assert svc.narration.wait_idle()
    assert (lang, speakable(shown[1], lang)) in voice.said   # handed to the voice, in words


def test_the_host_setting_is_checked(told: tuple[Service, Recording]) -> None:
    svc, _ = told
    table = svc.create_table("laser-chess", 2, {}, seed=1)["table"]
    for bad in ({"output": "loud"}, {"output": "pi"}, {"volume": 101}, {"speed": 20}, {"volume": True}):
        with pytest.raises(BadRequest):
            svc.narration.configure(table, **bad)
    assert svc.narration.settings(table)["output"] == "off"
    assert svc.narration.configure(table, "screen", 30, 80)["volume"] == 30


def test_the_setting_survives_a_restart_and_goes_on_to_the_next_game(data_dir: Path) -> None:
    svc = Service(data_dir, HOST, reading_pace=0.4, voice=Recording(), speaker=False)
    table = svc.create_table("jaws", 2, {}, seed=2, lang="nl")["table"]
    svc.narration.configure(table, "screen", volume=35, speed=130)
    svc.close()
    again = Service(data_dir, HOST, reading_pace=0.4, voice=Recording(), speaker=False)   # a power cut
    try:
        kept = again.narration.settings(table)
        assert (kept["output"], kept["volume"], kept["speed"]) == ("screen", 35, 130)
        assert again.public(table)["story"]["voice"]["volume"] == 35
        after = again.next_game(table)["table"]
        assert again.narration.settings(after)["output"] == "screen"
        assert again.narration.settings(after)["speed"] == 130
    finally:
        again.close()


# -- the words -----------------------------------------------------------------------------------

def test_numbers_squares_and_names_read_as_said() -> None:
    assert speakable("Boot 2 fährt auf Feld 7.", "de") == "Boot zwei fährt auf Feld sieben."
    assert speakable("Der Laser trifft c4.", "de") == "Der Laser trifft ze vier."
    assert speakable("Anna bekommt 2 Rufpunkte, Bo 1 Rufpunkt.", "de") == (
        "Anna bekommt zwei Rufpunkte, Bo ein Rufpunkt.")
    assert speakable("Haai 3 zwemt van d5 naar d4: 21 punten.", "nl") == (
        "Haai drie zwemt van dee vijf naar dee vier: eenentwintig punten.")
    assert speakable("Player 2 scores 45 ☠", "en") == "Player two scores forty-five"


@pytest.mark.parametrize("game_id", sorted(g for g in engines.GAMES if g != "fake-guess"))
def test_every_told_sentence_is_handed_over_in_words(told: tuple[Service, Recording], game_id: str) -> None:
    """Seeded games of each game told in each language: the text handed to the voice has no digit,
    no board square and none of the screen's signs; it is the sentence the screen shows."""
    svc, voice = told
    game = engines.get(game_id)
    for lang in ("en", "nl", "de"):
        table = svc.create_table(game_id, game.min_players, {}, seed=7, lang=lang)["table"]
        svc.narration.configure(table, "screen")
        for _ in play(svc, table, 3, 25):
            pass
        assert svc.narration.wait_idle()
    texts = [text for lang, text in voice.said]
    assert len(texts) >= 6
    for text in texts:
        assert not re.search(r"\d", text), text
        assert not re.search(r"(?<![\w-])[a-zA-Z]\d", text), text
        assert not re.search(r"[☠●○✕→▶◀]", text), text
    assert {lang for lang, _ in voice.said} == {"en", "nl", "de"}


# -- no secret is ever spoken --------------------------------------------------------------------

CANARY = "Zilverhaai-Geheim"


@pytest.mark.parametrize("game_id", sorted(g for g in engines.GAMES if g != "fake-guess"))
def test_no_secret_is_ever_spoken(told: tuple[Service, Recording], game_id: str,
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """A secret planted in every seat's hidden information (its view, and a told line only it may
    read, with a sentence) is never in any text spoken, nor in any clip's words."""
    svc, voice = told
    game = engines.get(game_id)
    cls = type(game.start(players=game.min_players, seed=1, options={}))
    events, view = cls.events, cls.view

    def planted_events(self: Any) -> list[dict[str, Any]]:
        mine = [{"type": "secret", "visible_to": [s], "say": {"msgid": "{secret}",
                                                             "params": {"secret": f"{CANARY}-{s}"}}}
                for s in range(self.players)]
        return [*events.fget(self), *mine]   # type: ignore[attr-defined]

    def planted_view(self: Any, seat: int | None) -> Any:
        out = view(self, seat)
        return out if seat is None or seat < 0 else {**out, "secret": f"{CANARY}-{seat}"}

    monkeypatch.setattr(cls, "events", property(planted_events))
    monkeypatch.setattr(cls, "view", planted_view)
    named: list[str] = []
    clip = Narrator.clip
    monkeypatch.setattr(Narrator, "clip", lambda self, text, lang, speed: (named.append(text),
                                                                            clip(self, text, lang, speed))[1])
    for lang in ("en", "nl"):
        table = svc.create_table(game_id, game.min_players, {}, seed=3, lang=lang)["table"]
        svc.narration.configure(table, "screen")
        seat_view = svc.seat_view(table, 0)
        assert CANARY in str(seat_view)                        # the secret is planted and is the seat's
        for _ in play(svc, table, 5, 20):
            assert CANARY not in str(svc.public(table)["story"].get("voice"))
        assert svc.narration.wait_idle()
    assert named and voice.said
    assert not [text for text in named if CANARY in text]
    assert not [text for _, text in voice.said if CANARY in text]
