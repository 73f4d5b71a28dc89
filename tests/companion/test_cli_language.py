"""The command line speaks the terminal's language: `companion serve`'s banner, a config refusal
and `companion selftest`'s report in Dutch and in German, as a host at a Dutch or German terminal
reads them (real processes, and the selftest through ``cli.main`` as the shell calls it).

Each line is checked with the real-language test's word check (tests/web/test_real_languages.py):
no English word of the companion's vocabulary is left, once what the host typed or the machine
names is taken out (paths, addresses, config keys and device names, as written).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from companion import cli, terminal
from engines.text import Text, plural, translate
from hardware.config import example_rig
from tests.companion.server import ServerProcess
from tests.waits import patience
from tests.web.test_browser_languages import vocabulary
from tests.web.test_real_languages import english_words

ROOT = Path(__file__).resolve().parents[2]
LOCALES = {"de": "de_DE.UTF-8", "nl": "nl_BE.UTF-8"}


def speaking(lang: str) -> dict[str, str]:
    """The environment of a terminal set to ``lang`` (nothing else set that would win over LANG)."""
    return {"LANG": LOCALES[lang], "LC_ALL": "", "LC_MESSAGES": "", "LANGUAGE": ""}


# what the host typed or the machine names, left as written: URLs, paths, keys, device names
AS_WRITTEN = re.compile(r"https?://\S+|(?<![\w.])/[^\s:;,)]+|\b\w+(?:\.\w+)+\b|--[a-z-]+|\b(?:seat\d|next|j5e)\b"
                        r"|(?i:\b(?:ssd|sh)1\d{3}\b)|[‘„][^’“]*[’“]|'[^']*'")


def english_in(lines: list[str], lang: str) -> dict[str, list[str]]:
    found = {}
    for line in lines:
        left = english_words(AS_WRITTEN.sub(" ", line), lang, vocabulary())
        if left:
            found[line] = left
    return found


@pytest.mark.parametrize(("env", "lang"), [
    ({"LANG": "de_DE.UTF-8"}, "de"), ({"LANG": "de_AT.UTF-8@euro"}, "de"), ({"LANG": "nl_BE.UTF-8"}, "nl"),
    ({"LANG": "nl_NL"}, "nl"), ({"LANG": "fr_FR.UTF-8"}, "en"), ({"LANG": "en_GB.UTF-8"}, "en"), ({}, "en"),
    ({"LANG": "de_DE.UTF-8", "LC_ALL": "C.UTF-8"}, "en"),            # LC_ALL wins, and C is English
    ({"LANG": "de_DE.UTF-8", "LC_MESSAGES": "nl_NL.UTF-8"}, "nl"),   # the messages' category first
    ({"LANG": "en_US.UTF-8", "LANGUAGE": "fr:de:nl"}, "de"),         # LANGUAGE's first we have
    ({"LANG": "C", "LANGUAGE": "de"}, "en"),                         # ... but never over C (gettext)
])
def test_the_terminal_language_comes_from_the_standard_environment(env: dict[str, str], lang: str) -> None:
    """As every gettext program reads it: LC_ALL, LC_MESSAGES, LANG; then LANGUAGE unless C."""
    assert terminal.language(env) == lang


def test_the_check_catches_an_english_line() -> None:
    """The word check below finds an English sentence left in a German terminal, and passes
    what is written as typed (paths, addresses, device names)."""
    assert english_in(["  Daten:  /var/lib/companion", "  lauscht auf http://127.0.0.1:8080/"], "de") == {}
    assert english_in(["Table Companion is ready in 0.41 s."], "de") != {}


@pytest.mark.parametrize("lang", ["de", "nl"])
def test_the_serve_banner_speaks_the_terminals_language(tmp_path: Path, lang: str) -> None:
    """A host who starts `companion serve` at a German or Dutch terminal reads the banner in it,
    and the last line still ends with the address it listens on (scripts wait for it)."""
    with ServerProcess(tmp_path / "data", env=speaking(lang)) as server:
        banner = [line.rstrip("\n") for line in server.banner]
    ready = translate("Table Companion is ready in {seconds} s.", lang, seconds="@").split("@")
    assert banner[0].startswith(ready[0]) and banner[0].endswith(ready[1]), banner[0]
    assert any(translate("host page", lang) + ":" in line for line in banner), banner
    assert banner[-1].strip() == translate("listening on {url}", lang, url=f"http://127.0.0.1:{server.port}/")
    assert english_in(banner, lang) == {}
    assert len(banner) >= 6


@pytest.mark.parametrize("lang", ["de", "nl"])
def test_a_config_refusal_speaks_the_terminals_language(tmp_path: Path, lang: str) -> None:
    """A mistake in the config file is one sentence in the host's language, naming the key as
    written; nothing starts."""
    path = tmp_path / "c.toml"
    path.write_text('port = "eighty"\n[wifi]\nssid = "Spiele"\n')
    run = subprocess.run([sys.executable, "-m", "companion", "serve", "--config", str(path),
                          "--data", str(tmp_path / "d")], capture_output=True, text=True,
                         timeout=patience(60), cwd=ROOT, env={**os.environ, **speaking(lang)})
    assert run.returncode == 2 and "Traceback" not in run.stderr
    said = translate("expected a whole number from {low} to {high}, got {value!r}.", lang,
                     low=1, high=65535, value="eighty")
    assert run.stderr.strip() == f"companion: {path}: port: {said}"
    assert english_in([run.stderr.replace(f"{path}: port: ", "")], lang) == {}   # the key as written


@pytest.mark.parametrize("lang", ["de", "nl"])
def test_the_selftest_report_speaks_the_terminals_language(
        tmp_path: Path, lang: str, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """`companion selftest` on the example rig (mock pins): the store's line, one line per device
    and the verdict, in the host's language; the device names as the config writes them."""
    for key, value in speaking(lang).items():
        monkeypatch.setenv(key, value)
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "mock")
    monkeypatch.setattr(cli, "is_pi", lambda: False)
    assert cli.main(["selftest", "--data", str(tmp_path / "data")]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split()[:2] == [translate("ok", lang), translate("store", lang)]
    assert [line.split()[1] for line in lines[1:3]] == [translate("display", lang), translate("laser", lang)]
    rig = example_rig()
    count = 1 + 1 + len(rig.buttons) + len(rig.leds) + len(rig.sensors)   # the display and the laser too
    assert lines[-1] == translate(plural(count, "{count} device ok ({pins})",
                                         "all {count} devices ok ({pins})", pins=Text("mock pins")), lang)
    assert english_in(lines, lang) == {}
    assert len(lines) > 10


def test_help_and_argparse_refusals_speak_the_terminals_language(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """`companion --help` and a mistyped number: argparse's own words too, then English again for
    the next caller in this process (argparse is shared)."""
    for key, value in speaking("de").items():
        monkeypatch.setenv(key, value)
    with pytest.raises(SystemExit):
        cli.main(["serve", "--port", "achtzig"])
    err = capsys.readouterr().err
    assert "Aufruf: companion serve" in err and "Fehler: Argument --port" in err
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    out = capsys.readouterr().out
    assert "Tischdienst" in out and "Optionen" in out
    import argparse
    assert argparse._("usage: ") == "usage: "   # type: ignore[attr-defined]
