"""The catalogues at run time, without Babel: each language's PO file read into a plain dict, and
the page scripts' labels.

Babel keeps the PO files (:mod:`web.messages`: extraction, update, check); the companion only
reads them, once at start. Babel's parser, its catalogue objects and the CLDR data it loads
would stay in memory for the whole evening (a few MB on a Pi) for what is, in the end, a
msgid -> translation mapping; :func:`read_catalogue` builds that mapping straight from the file,
as ``gettext`` would from the compiled ``.mo`` file (:class:`Catalogue`), so nothing compiled is
kept beside the PO files. ``tests/web/test_catalogues.py`` holds it to what Babel compiles.

What is left out, as gettext's compiler leaves it out: the header, obsolete entries (``#~``),
fuzzy entries (a person has still to check them) and entries not (wholly) translated: the
English is shown for them.

>>> po = '''msgid ""
... msgstr ""
... "Plural-Forms: nplurals=2; plural=(n != 1);\\\\n"
...
... msgid "Next"
... msgstr "Volgende"
...
... #, fuzzy
... msgid "Old"
... msgstr "Oud"
...
... msgid "{count} card"
... msgid_plural "{count} cards"
... msgstr[0] "{count} kaart"
... msgstr[1] "{count} "
... "kaarten"
... '''
>>> nl = parse_po(po.splitlines())
>>> nl.gettext("Next"), nl.gettext("Old"), nl.ngettext("{count} card", "{count} cards", 3)
('Volgende', 'Old', '{count} kaarten')
"""

from __future__ import annotations

import gettext
import json
import re
import sys
import threading
from collections.abc import Callable, Iterable
from pathlib import Path

import engines

TRANSLATIONS = Path(__file__).parent / "translations"
STATIC = Path(__file__).parent / "static"
SHARED_SCRIPTS = ("common.js", "phone.js", "table.js", "host.js", "index.js", "pair.js", "follow.js",
                  "pair-codes.js", "rules.js")
"""The pages' own scripts; each game's script is the one its ``Game.page`` declares."""
DOMAIN = "messages"

Key = str | tuple[str, int]


def po_path(lang: str, directory: Path = TRANSLATIONS) -> Path:
    return directory / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


class Catalogue:
    """One language's translations as gettext holds them (``gettext.GNUTranslations`` answers
    the same): a msgid to its translation, a plural entry's forms under ``(msgid, form)``, and
    ``plural``, the PO file's ``Plural-Forms`` rule (which form a number takes)."""

    def __init__(self, messages: dict[Key, str], plural: Callable[[int], int]) -> None:
        self.messages = messages
        self.plural = plural

    def gettext(self, message: str, /) -> str:
        return self.messages.get(message, message)

    def ngettext(self, msgid1: str, msgid2: str, n: int, /) -> str:
        found = self.messages.get((msgid1, self.plural(n)))
        if found is None:
            return msgid1 if n == 1 else msgid2
        return found


_ESCAPE = re.compile(r'\\([\\trn"])')
_ESCAPED = {"n": "\n", "t": "\t", "r": "\r"}


def _unescape(quoted: str) -> str:
    """A PO string's text: ``"a \\"b\\"\\n"`` -> ``a "b"`` and a new line (Babel's ``unescape``)."""
    return _ESCAPE.sub(lambda m: _ESCAPED.get(m[1], m[1]), quoted.strip()[1:-1])


def _plural_rule(header: str) -> tuple[int, Callable[[int], int]]:
    """The number of forms and the rule of a header's ``Plural-Forms`` (gettext's own reading of
    it); English's (two forms, ``n != 1``) when it has none."""
    for line in header.split("\n"):
        name, _, value = line.partition(":")
        if name.strip().lower() == "plural-forms":
            fields = dict(part.strip().partition("=")[::2] for part in value.split(";") if "=" in part)
            return int(fields.get("nplurals", 2)), gettext.c2py(fields.get("plural", "(n != 1)"))
    return 2, lambda n: int(n != 1)


def parse_po(lines: Iterable[str]) -> Catalogue:
    """The translations of a PO file's lines (see the module's text for what is left out)."""
    entries: list[tuple[bool, dict[str, str]]] = []
    fields: dict[str, str] = {}
    fuzzy, field = False, ""

    def close() -> None:
        nonlocal fuzzy, fields, field
        if "msgid" in fields:
            entries.append((fuzzy, fields))
        fuzzy, fields, field = False, {}, ""

    for line in lines:
        line = line.strip()
        if not line:
            continue
        if line.startswith("#"):
            if "msgid" in fields:           # a comment begins the next entry
                close()
            if line.startswith("#,") and "fuzzy" in (flag.strip() for flag in line[2:].split(",")):
                fuzzy = True
            continue                        # comments, old msgids (#|) and obsolete entries (#~)
        if line.startswith('"'):
            fields[field] += _unescape(line)
            continue
        keyword, _, rest = line.partition(" ")
        if keyword in ("msgid", "msgctxt") and ("msgid" in fields or keyword in fields):
            close()                         # an entry without a blank line before it
        field = keyword
        fields[field] = _unescape(rest)
    close()

    header = next((f.get("msgstr", "") for _, f in entries if f["msgid"] == "" and "msgctxt" not in f), "")
    forms, rule = _plural_rule(header)
    messages: dict[Key, str] = {}
    for is_fuzzy, f in entries:
        msgid = f["msgid"]
        if not msgid or is_fuzzy:
            continue
        if "msgctxt" in f:
            msgid = f"{f['msgctxt']}\x04{msgid}"
        msgid = sys.intern(msgid)           # one string for every language's catalogue
        if "msgid_plural" in f:
            strings = [f.get(f"msgstr[{i}]", "") for i in range(forms)]
            if all(strings):                # half a plural is no translation: English instead
                messages.update(((msgid, i), s) for i, s in enumerate(strings))
        elif f.get("msgstr"):
            messages[msgid] = f["msgstr"]
    return Catalogue(messages, rule)


class CatalogueFile:
    """A language's :class:`Catalogue`, read from its PO file the first time a sentence is asked of
    it: an evening in English never reads the Dutch and German files (their msgids, translations
    and plural forms are some 1.7 MB in memory). Answers as gettext's translations do."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()
        self._read: Catalogue | None = None

    def catalogue(self) -> Catalogue:
        read = self._read
        if read is None:
            with self._lock:   # two requests in a new language read the file once
                if self._read is None:
                    self._read = read_catalogue(self.path)
                read = self._read
        return read

    @property
    def plural(self) -> Callable[[int], int]:
        return self.catalogue().plural

    def gettext(self, message: str, /) -> str:
        return self.catalogue().gettext(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int, /) -> str:
        return self.catalogue().ngettext(msgid1, msgid2, n)


def read_catalogue(path: Path) -> Catalogue:
    with path.open(encoding="utf-8") as lines:
        return parse_po(lines)


_SCRIPT_CALL = re.compile(r'\b(?:TC\.)?(T|N)\("((?:[^"\\]|\\.)*)"')
_SCRIPT_PLURAL = re.compile(r'\b(?:TC\.)?TN\([^,]+,\s*"((?:[^"\\]|\\.)*)",\s*"((?:[^"\\]|\\.)*)"')


def script_messages(text: str) -> list[tuple[int, str | tuple[str, str]]]:
    """(line, msgid or (one, many)) of every label a page script shows: ``TC.T("...")`` (or its
    local alias ``T``), ``TC.N("...")`` for a label picked at run time, and ``TC.TN(n, one, many)``.

    >>> script_messages('T("Next");\\nTC.TN(n, "{count} card", "{count} cards"); N("Blue")')
    [(1, 'Next'), (2, 'Blue'), (2, ('{count} card', '{count} cards'))]
    """
    def line(pos: int) -> int:
        return text.count("\n", 0, pos) + 1

    found: list[tuple[int, str | tuple[str, str]]] = [
        (line(m.start()), json.loads(f'"{m.group(2)}"')) for m in _SCRIPT_CALL.finditer(text)]
    found += [(line(m.start()), (json.loads(f'"{m.group(1)}"'), json.loads(f'"{m.group(2)}"')))
              for m in _SCRIPT_PLURAL.finditer(text)]
    return found


def page_scripts() -> list[Path]:
    """The shared page scripts and every registered game's declared scripts (its parts, its page
    script, its host page part)."""
    games = [STATIC / "games" / name for g in engines.GAMES.values()
             for name in (*g.page.parts, g.page.script, g.page.host_script) if name]
    return [*(STATIC / name for name in SHARED_SCRIPTS), *games]
