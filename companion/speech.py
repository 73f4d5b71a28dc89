"""The table's voice: sentences to sound, offline (docs/narration.md).

A :class:`Voice` turns a sentence in a language into WAV bytes. :class:`Espeak` runs Debian's
``espeak-ng`` (apt; it speaks English, Dutch and German on any Pi, offline, in a few milliseconds a
sentence); :class:`Piper` runs a Piper voice file the host placed in ``<data_dir>/voices/<lang>.onnx``
when the ``piper`` program is on the PATH (:func:`pick_voice`). Both are programs run with
:mod:`subprocess`: nothing to install from PyPI.

:func:`speakable` is the text handed to the voice: the sentence the table screen shows, with its
numbers and board squares written out as a person says them in that language ("auf Feld 7" ->
"auf Feld sieben", "c4" -> "ze vier") and the screen's signs left out. :class:`Player` plays a clip on
the Pi's own audio output (ALSA, ``aplay``), one at a time: a new clip cuts the one playing short.
"""

from __future__ import annotations

import array
import contextlib
import io
import json
import logging
import os
import re
import shutil
import subprocess
import sys
import threading
import wave
from collections.abc import Sequence
from pathlib import Path
from typing import ClassVar, Protocol

log = logging.getLogger("companion.speech")

SYNTH_SECONDS = 10.0        # a voice that takes longer than this on one sentence has failed
NORMAL_WPM = 165            # espeak-ng's words a minute at speed 100 (its default 175 is hurried for a table)


class Voice(Protocol):
    """What speaks: ``name`` (part of each clip's identity), and a sentence to WAV bytes."""

    name: str

    def speaks(self, lang: str) -> bool: ...

    def synthesise(self, text: str, lang: str, speed: int) -> bytes:
        """``text`` spoken in ``lang`` at ``speed`` percent of the voice's normal pace, as WAV (16-bit)."""
        ...


class VoiceFailed(RuntimeError):
    """The speech program is missing or failed: the table goes on without sound."""


def _run(cmd: Sequence[str], text: str) -> bytes:
    try:
        done = subprocess.run(list(cmd), input=text.encode("utf-8"), capture_output=True,
                              timeout=SYNTH_SECONDS, check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise VoiceFailed(f"{cmd[0]}: {exc}") from exc
    if done.returncode != 0 or not done.stdout:
        raise VoiceFailed(f"{cmd[0]} failed: {done.stderr.decode(errors='replace').strip()[:200]}")
    return done.stdout


def fixed_wav(raw: bytes) -> bytes:
    """A WAV written to a pipe has no sizes in its header (espeak-ng writes 0x7fffffff): the same
    sound with a header that says how long it is, so a browser and :mod:`wave` read it right."""
    at = raw.find(b"fmt ")
    data = raw.find(b"data")
    if raw[:4] != b"RIFF" or at < 0 or data < 0:
        raise VoiceFailed("the voice gave no WAV")
    channels = int.from_bytes(raw[at + 10:at + 12], "little")
    rate = int.from_bytes(raw[at + 12:at + 16], "little")
    width = int.from_bytes(raw[at + 22:at + 24], "little") // 8
    pcm = raw[data + 8:]
    pcm = pcm[:len(pcm) - len(pcm) % max(1, width * channels)]
    out = io.BytesIO()
    with wave.open(out, "wb") as w:
        w.setnchannels(channels)
        w.setsampwidth(width)
        w.setframerate(rate)
        w.writeframes(pcm)
    return out.getvalue()


def duration(wav_bytes: bytes) -> float:
    """The clip's length in seconds."""
    with wave.open(io.BytesIO(wav_bytes)) as w:
        return float(w.getnframes()) / float(w.getframerate() or 1)


def louder(wav_bytes: bytes, volume: int) -> bytes:
    """The clip at ``volume`` percent (0-100) of its loudness (16-bit samples; the Pi's output)."""
    if volume >= 100:
        return wav_bytes
    with wave.open(io.BytesIO(wav_bytes)) as w:
        params, frames = w.getparams(), w.readframes(w.getnframes())
    if params.sampwidth != 2:
        return wav_bytes
    samples = array.array("h", frames)
    if sys.byteorder != "little":
        samples.byteswap()
    scale = max(0, volume) / 100.0
    samples = array.array("h", (int(s * scale) for s in samples))
    if sys.byteorder != "little":
        samples.byteswap()
    out = io.BytesIO()
    with wave.open(out, "wb") as w:
        w.setparams(params)
        w.writeframes(samples.tobytes())
    return out.getvalue()


class Espeak:
    """Debian's espeak-ng: the default voice, in every language of the table."""

    name = "espeak-ng"
    VOICES: ClassVar[dict[str, str]] = {"en": "en-gb", "nl": "nl", "de": "de"}

    def __init__(self, program: str = "espeak-ng") -> None:
        self.program = program

    def available(self) -> bool:
        return shutil.which(self.program) is not None

    def speaks(self, lang: str) -> bool:
        return lang in self.VOICES

    def synthesise(self, text: str, lang: str, speed: int) -> bytes:
        wpm = max(80, min(450, round(NORMAL_WPM * speed / 100)))
        return fixed_wav(_run([self.program, "-v", self.VOICES.get(lang, "en-gb"), "-s", str(wpm),
                               "-b", "1", "--stdout"], text))


class Piper:
    """A Piper voice file per language (``<dir>/<lang>.onnx``, with its ``.onnx.json`` beside it),
    spoken by the ``piper`` program (raw 16-bit mono samples at the voice's rate, made a WAV here);
    the languages without a file are left to ``fallback``."""

    name = "piper"

    def __init__(self, folder: Path, fallback: Voice, program: str = "piper") -> None:
        self.folder, self.fallback, self.program = folder, fallback, program

    def model(self, lang: str) -> Path | None:
        path = self.folder / f"{lang}.onnx"
        return path if path.is_file() else None

    def speaks(self, lang: str) -> bool:
        return self.model(lang) is not None or self.fallback.speaks(lang)

    @staticmethod
    def rate(model: Path) -> int:
        """The voice's sample rate, from its ``.onnx.json`` (22050 when it does not say)."""
        try:
            config = json.loads(Path(f"{model}.json").read_text(encoding="utf-8"))
            return int(config["audio"]["sample_rate"])
        except (OSError, ValueError, KeyError, TypeError):
            return 22050

    def synthesise(self, text: str, lang: str, speed: int) -> bytes:
        model = self.model(lang)
        if model is None:
            return self.fallback.synthesise(text, lang, speed)
        scale = f"{100 / max(50, min(200, speed)):.2f}"   # piper's length scale: 2 is half as fast
        pcm = _run([self.program, "--model", str(model), "--length_scale", scale, "--output_raw"], text)
        out = io.BytesIO()
        with wave.open(out, "wb") as w:
            w.setnchannels(1)
            w.setsampwidth(2)
            w.setframerate(self.rate(model))
            w.writeframes(pcm[:len(pcm) - len(pcm) % 2])
        return out.getvalue()


def pick_voice(data_dir: Path | None) -> Voice:
    """Piper where the host placed a voice file (``<data_dir>/voices/<lang>.onnx``) and ``piper`` is
    installed; espeak-ng for every other language."""
    default = Espeak()
    folder = data_dir / "voices" if data_dir is not None else None
    if folder is not None and shutil.which("piper") and any(folder.glob("*.onnx")):
        return Piper(folder, default)
    return default


# -- the words said ---------------------------------------------------------------------------

def _split(words: str) -> list[str]:
    return words.split()


_ONES = {
    "en": _split("zero one two three four five six seven eight nine ten eleven twelve thirteen "
          "fourteen fifteen sixteen seventeen eighteen nineteen"),
    "nl": _split("nul één twee drie vier vijf zes zeven acht negen tien elf twaalf dertien veertien vijftien "
          "zestien zeventien achttien negentien"),
    "de": _split("null eins zwei drei vier fünf sechs sieben acht neun zehn elf zwölf dreizehn "
          "vierzehn fünfzehn sechzehn siebzehn achtzehn neunzehn"),
}
_TENS = {
    "en": _split("_ _ twenty thirty forty fifty sixty seventy eighty ninety"),
    "nl": _split("_ _ twintig dertig veertig vijftig zestig zeventig tachtig negentig"),
    "de": _split("_ _ zwanzig dreißig vierzig fünfzig sechzig siebzig achtzig neunzig"),
}
_HUNDRED = {"en": "hundred", "nl": "honderd", "de": "hundert"}
_LETTERS = {   # a board's columns and a map's spaces ("c4", "w9"), as the letter is named aloud
    "en": dict(zip("abcdefghijklmnopqrstuvwxyz", _split(
        "ay bee see dee ee eff gee aitch eye jay kay el em en oh pee cue ar ess tee you vee double-you ex "
        "why zed"), strict=True)),
    "nl": dict(zip("abcdefghijklmnopqrstuvwxyz", _split(
        "aa bee cee dee ee ef gee haa ie jee kaa el em en oo pee kuu er es tee uu vee wee iks ei zet"),
        strict=True)),
    "de": dict(zip("abcdefghijklmnopqrstuvwxyz", _split(
        "a be ze de e eff ge ha i jott ka ell emm enn o pe ku er ess te u fau we iks üpsilon zett"),
        strict=True)),
}


def number_words(n: int, lang: str) -> str:
    """``n`` (0-999; larger ones as digits, one by one) in words, as said in ``lang``."""
    lang = lang if lang in _ONES else "en"
    ones, tens = _ONES[lang], _TENS[lang]
    if n < 0:
        return {"en": "minus ", "nl": "min ", "de": "minus "}[lang] + number_words(-n, lang)
    if n < 20:
        return ones[n]
    if n < 100:
        t, o = divmod(n, 10)
        if o == 0:
            return tens[t]
        if lang == "en":
            return f"{tens[t]}-{ones[o]}"
        unit = "ein" if (lang == "de" and o == 1) else ("een" if o == 1 else ones[o])
        joint = "und" if lang == "de" else ("ën" if unit.endswith("e") else "en")
        return f"{unit}{joint}{tens[t]}"
    if n < 1000:
        h, rest = divmod(n, 100)
        head = _HUNDRED[lang] if h == 1 and lang != "en" else f"{number_words(h, lang)} {_HUNDRED[lang]}"
        if lang == "en":
            return head + (f" and {number_words(rest, lang)}" if rest else "")
        return head + (number_words(rest, lang) if rest else "")
    return " ".join(ones[int(d)] for d in str(n))


_SQUARE = re.compile(r"(?<![\w-])([a-zA-Z])(\d{1,3})(?!\w)")
_NUMBER = re.compile(r"(?<![\w.,])(\d+)(?![\d])")
_SIGNS = re.compile(r"[☠○●✕✓★⚡→←↑↓◀▶·•…]")
_ONE_BEFORE = {"de": "ein", "nl": "één", "en": "one"}


def speakable(text: str, lang: str) -> str:
    """The sentence as a person at the table says it in ``lang``: board squares ("c4") as the
    letter's name and the number, numbers in words ("auf Feld 7" -> "auf Feld sieben", "2 Rufpunkte"
    -> "zwei Rufpunkte", German "1 Rufpunkt" -> "ein Rufpunkt"), the screen's signs (☠, ●, ▶) left
    out. Names are left as they are: the voice reads them in the table's language.

    >>> speakable("Der Laser trifft c4: 2 Rufpunkte.", "de")
    'Der Laser trifft ze vier: zwei Rufpunkte.'
    >>> speakable("Boot 1 fährt auf Feld 17.", "de")
    'Boot eins fährt auf Feld siebzehn.'
    """
    lang = lang if lang in _ONES else "en"
    letters = _LETTERS[lang]
    text = _SQUARE.sub(lambda m: f"{letters[m.group(1).lower()]} {number_words(int(m.group(2)), lang)}", text)

    def number(m: re.Match[str]) -> str:
        n = int(m.group(1))
        after = text[m.end():m.end() + 2]
        if n == 1 and lang == "de" and re.match(r" [A-ZÄÖÜ]", after):
            return _ONE_BEFORE["de"]   # "1 Rufpunkt": ein Rufpunkt (a noun after it), else "eins"
        return number_words(n, lang)

    text = _NUMBER.sub(number, text)
    text = _SIGNS.sub(" ", text)
    return re.sub(r"\s+", " ", text).strip()


# -- the Pi's own output ------------------------------------------------------------------------

class Player:
    """Plays one clip at a time through the Pi's audio output (``aplay``, ALSA: HDMI or the jack; a
    device by ``device``, e.g. ``"null"`` for a machine without a sound card). A new clip, or
    :meth:`stop`, cuts the one playing short. ``command`` replaces aplay (a test records instead)."""

    def __init__(self, command: Sequence[str] | None = None, device: str | None = None) -> None:
        if command is None:
            command = ["aplay", "-q"] + (["-D", device] if device else []) + ["-"]
        self.command = list(command)
        self._lock = threading.Lock()
        self._proc: subprocess.Popen[bytes] | None = None
        self.played = 0   # clips handed to the output (the bench and the tests read it)
        self.failed = 0   # clips the output refused (no such device, a broken clip)

    def play(self, wav_bytes: bytes) -> None:
        """Start ``wav_bytes`` now (in the background); the one playing stops."""
        with self._lock:
            self._stop_locked()
            try:
                proc = subprocess.Popen(self.command, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL, start_new_session=True,
                                        env={**os.environ, "LC_ALL": "C"})
            except OSError as exc:
                log.warning("cannot play the step's sound: %s", exc)
                return
            self._proc = proc
            self.played += 1
        threading.Thread(target=self._feed, args=(proc, wav_bytes), name="companion-speaker",
                         daemon=True).start()

    def _feed(self, proc: subprocess.Popen[bytes], wav_bytes: bytes) -> None:
        try:
            if proc.stdin is not None:
                proc.stdin.write(wav_bytes)
                proc.stdin.close()
        except (BrokenPipeError, OSError, ValueError):
            pass
        if proc.wait() not in (0, -15):   # (-15: cut short by the next clip)
            self.failed += 1

    def playing(self) -> bool:
        with self._lock:
            return self._proc is not None and self._proc.poll() is None

    def stop(self) -> None:
        with self._lock:
            self._stop_locked()

    def _stop_locked(self) -> None:
        if self._proc is not None and self._proc.poll() is None:
            self._proc.terminate()
            try:
                self._proc.wait(timeout=1)
            except subprocess.TimeoutExpired:
                self._proc.kill()
        if self._proc is not None and self._proc.stdin is not None:
            with contextlib.suppress(OSError, ValueError):
                self._proc.stdin.close()
        self._proc = None
