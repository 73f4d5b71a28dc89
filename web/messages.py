"""The catalogues' source: every msgid the code uses, and the Dutch and German PO files.

Every sentence a person reads is a whole literal msgid somewhere in the code (see
:mod:`engines.text`); this module finds them all with Babel's extraction machinery and one
extraction method per kind of source, and keeps ``web/translations/<lang>/LC_MESSAGES/messages.po``
up to date with Babel's ``Catalog.update`` (new msgids empty, changed ones fuzzy, gone ones
obsolete)::

    python -m web.messages update    # (or ./setup.sh translations) extract, then update nl and de
    python -m web.messages check     # what is missing, fuzzy, stale or has other placeholders

Where the msgids are:

- Python (:func:`extract_python`): the literal argument of the calls in :data:`CALLS` (``Text``,
  every ``Refusal``, ``story``, an engine's ``say``, ``plural``'s two forms, an ``Option``'s help,
  ``N_`` for a word picked from a table at run time, ...);
- templates (``t("...")``, Jinja's own extractor);
- page scripts (:func:`extract_script`: ``TC.T``/``T``, both forms of ``TC.TN``, ``TC.N``);
- game data (:func:`extract_json`: the fields of a card that are printed words, :data:`JSON_FIELDS`).

>>> def found(code): return [m for _, _, m, _ in extract_python(io.BytesIO(code), (), (), {})]
>>> found(b'raise IllegalAction("No {x}." if a else "None {x}.", x=1)')
['No {x}.', 'None {x}.']
>>> found(b'plural(n, "{count} card", "{count} cards")')
[('{count} card', '{count} cards')]
"""

from __future__ import annotations

import ast
import io
import json
import re
import sys
from collections.abc import Collection, Iterable, Iterator, Mapping
from pathlib import Path
from typing import IO, Any

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract
from babel.messages.pofile import read_po, unescape, write_po

from engines.text import LANGUAGES as ALL_LANGUAGES
from web import catalogues
from web.catalogues import DOMAIN, TRANSLATIONS, page_scripts, script_messages
from web.catalogues import STATIC as STATIC

ROOT = Path(__file__).resolve().parents[1]
LANGUAGES = tuple(lang for lang in ALL_LANGUAGES if lang != "en")
"""The catalogues kept beside English (the msgids): Dutch and German, the rulebooks' languages."""
PROJECT = "Table Companion"

Result = tuple[int, str | None, str | tuple[str, ...], list[str]]

# name of the called function or class -> which arguments are msgids: a position (0-based, for
# a method call without its object) or a keyword's name. A name may differ between a method call
# (``t.say(kind, msgid)``) and a plain one (web's ``say(msgid)``, never a literal): "attr"/"name"
# say which.
CALLS: dict[str, tuple[int | str, ...] | dict[str, tuple[int | str, ...]]] = {
    "Text": (0, "msgid"),
    "N_": (0,),                     # engines.text.N_: a msgid in a table, picked at run time
    "translate": (0,),
    # every Refusal (the rules', the service's, the web's and the hardware's)
    **dict.fromkeys(("Refusal", "IllegalAction", "ServiceError", "BadRequest", "Unauthorized",
                     "NotFound", "Conflict", "Unavailable", "TooManyGuesses", "TooManyStreams",
                     "CrossSite", "NotJSON", "HardwareError", "UnknownDevice", "BadFault", "NotMocked",
                     "PinProblem"), (0,)),
    "ConfigError": {"attr": (1,), "name": (1,)},   # hardware.config: ConfigError(key, msgid)
    "story": (1,),
    "tell": (2,),                                   # Jaws' Act 2: tell(p, kind, msgid), tell_shark(...)
    "tell_shark": (2,),
    "_fail": (1,),                                  # Jaws' box profile: _fail(where, msgid)
    "say": {"attr": (1,)},                          # Working.say: t.say(kind, msgid), a game's story step
    "drawn": (1,),
    "label": (0,),
    "_t": (0,),
    "Option": (2, "help"),
    "Field": ("refusal",),
    "parse_square": (2, "what"),
}
PLURALS: dict[str, tuple[int, int]] = {"plural": (1, 2)}
"""``plural(count, one, many)``: both forms are one catalogue entry (msgid and msgid_plural)."""

JSON_FIELDS: dict[str, tuple[str, ...]] = {
    "engines/sharks_with_lasers/cards.json": ("name", "effect"),
    "engines/jaws/cards.json": ("title", "text"),
    "engines/jaws/abilities.json": ("title", "text"),
}
"""Game data whose fields are printed words: each such field of every object is a msgid."""


def _name(func: ast.expr) -> tuple[str, str] | None:
    if isinstance(func, ast.Name):
        return func.id, "name"
    if isinstance(func, ast.Attribute):
        return func.attr, "attr"
    return None


def _literals(node: ast.expr | None) -> list[str]:
    """The msgids an argument may be: a literal, or either literal of ``"a" if x else "b"``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _literals(node.body) + _literals(node.orelse)
    return []


def _argument(call: ast.Call, where: int | str) -> list[str]:
    if isinstance(where, int):
        return _literals(call.args[where]) if where < len(call.args) else []
    return next((_literals(k.value) for k in call.keywords if k.arg == where), [])


def extract_python(fileobj: IO[bytes], keywords: Collection[str], comment_tags: Collection[str],
                   options: Mapping[str, Any]) -> Iterator[Result]:
    """Babel extraction method for our Python: the msgid arguments of :data:`CALLS` and
    :data:`PLURALS`, found in the syntax tree (so keyword arguments and nesting are understood)."""
    tree = ast.parse(fileobj.read())
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or (found := _name(node.func)) is None:
            continue
        name, style = found
        if name in PLURALS:
            ones, manys = (_argument(node, i) for i in PLURALS[name])
            if len(ones) == len(manys) == 1:
                yield node.lineno, "ngettext", (ones[0], manys[0]), []
            continue
        spec = CALLS.get(name)
        if isinstance(spec, dict):
            spec = spec.get(style, ())
        for where in spec or ():
            msgids = [m for m in _argument(node, where) if m]
            for msgid in msgids:
                yield node.lineno, None, msgid, []
            if msgids:
                break


def extract_script(fileobj: IO[bytes], keywords: Collection[str], comment_tags: Collection[str],
                   options: Mapping[str, Any]) -> Iterator[Result]:
    """Babel extraction method for the page scripts (see :func:`script_messages`)."""
    for lineno, message in script_messages(fileobj.read().decode("utf-8")):
        yield lineno, ("ngettext" if isinstance(message, tuple) else None), message, []


def extract_json(fileobj: IO[bytes], keywords: Collection[str], comment_tags: Collection[str],
                 options: Mapping[str, Any]) -> Iterator[Result]:
    """Babel extraction method for game data: the fields named in ``options["fields"]``."""
    fields = set(str(options.get("fields", "")).split(","))

    def walk(value: Any) -> Iterator[str]:
        if isinstance(value, dict):
            for key, sub in value.items():
                if key in fields and isinstance(sub, str):
                    yield sub
                else:
                    yield from walk(sub)
        elif isinstance(value, list):
            for sub in value:
                yield from walk(sub)

    for msgid in walk(json.load(fileobj)):
        yield 0, None, msgid, []


def sources() -> Iterator[tuple[Path, str, dict[str, str]]]:
    """(file, extraction method, options) for every file that holds msgids."""
    for package in ("engines", "web", "hardware", "companion"):
        for path in sorted((ROOT / package).rglob("*.py")):
            yield path, "web.messages:extract_python", {}
    for path in sorted((ROOT / "web" / "templates").rglob("*.html")):
        yield path, "jinja2.ext:babel_extract", {"trimmed": "false"}
    for path in page_scripts():
        yield path, "web.messages:extract_script", {}
    for name, fields in JSON_FIELDS.items():
        yield ROOT / name, "web.messages:extract_json", {"fields": ",".join(fields)}


def template() -> Catalog:
    """Every msgid in use, with where it is used: the catalogue template (``messages.pot``)."""
    catalog = Catalog(project=PROJECT, version="1", charset="utf-8", fuzzy=False)
    keywords = {**DEFAULT_KEYWORDS, "t": (1,)}
    for path, method, options in sources():
        where = str(path.relative_to(ROOT))
        with path.open("rb") as fileobj:
            for lineno, message, _comments, _context in extract(method, fileobj, keywords, options=options):
                catalog.add(message, None, [(where, lineno)], flags=_flags(message))
    return catalog


def _flags(message: str | tuple[str, ...]) -> tuple[str, ...]:
    text = message if isinstance(message, str) else message[0]
    return ("python-brace-format",) if PLACEHOLDER.search(text) else ()


PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)[^{}]*\}")


def placeholders(text: str) -> set[str]:
    """The names of a template's ``{placeholders}``.

    >>> sorted(placeholders("{seat} moved the {piece!s} to {square}."))
    ['piece', 'seat', 'square']
    """
    return set(PLACEHOLDER.findall(text))


def po_path(lang: str) -> Path:
    return catalogues.po_path(lang, TRANSLATIONS)


def read(lang: str) -> Catalog:
    with po_path(lang).open("rb") as fileobj:
        return previous_ids(read_po(fileobj, locale=lang, domain=DOMAIN))


def previous_ids(catalog: Catalog) -> Catalog:
    """``catalog`` with each entry's ``#| msgid`` lines as its ``previous_id``, not as comments.

    Babel writes a fuzzy entry's old msgid as ``#| msgid "..."`` but reads those lines back as
    translator comments (``"| msgid ..."``), which every later update kept and rewrapped, beside
    entries long since checked. Here they become the previous msgid again, kept only while the
    entry is fuzzy (a person still has to compare the two); a checked entry drops it.

    >>> c = Catalog(); _ = c.add("Ability", "Vaardigheid", user_comments=['| msgid "Lit"'])
    >>> _ = c.add("New", "Nieuw", flags=["fuzzy"], user_comments=['| msgid "Old"', "keep"])
    >>> [(m.user_comments, m.previous_id) for m in previous_ids(c) if m.id]
    [([], []), (['keep'], ['Old'])]
    """
    for message in catalog:
        if not message.id:
            continue
        old = " ".join(c[1:].strip() for c in message.user_comments if c.startswith("|"))
        message.user_comments = [c for c in message.user_comments if not c.startswith("|")]
        message.previous_id = _previous(old) if message.fuzzy else []
    return catalog


_PO_STRING = re.compile(r'"((?:[^"\\]|\\.)*)"')


def _previous(comment: str) -> list[str]:
    """The msgid (and msgid_plural) of a ``#| msgid "..." #| msgid_plural "..."`` comment."""
    found: list[str] = []
    for part in re.split(r"\bmsgid_plural\b", comment.removeprefix("msgid").strip(), maxsplit=1):
        found.append("".join(unescape(f'"{s}"') for s in _PO_STRING.findall(part)))
    return [f for f in found if f]


def _write(path: Path, catalog: Catalog) -> None:
    """A PO file as Babel writes it: sorted by msgid and without line numbers, so that two
    branches that each add msgids (or move code) rarely touch the same lines; an old msgid
    (``#| msgid``) only beside a fuzzy entry."""
    path.parent.mkdir(parents=True, exist_ok=True)
    for message in catalog:
        if message.id and not message.fuzzy:
            message.previous_id = []   # only a fuzzy entry still needs its old msgid beside it
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, sort_output=True, include_lineno=False, include_previous=True)
    path.write_bytes(buffer.getvalue())


def new_catalog(lang: str) -> Catalog:
    catalog = Catalog(locale=lang, domain=DOMAIN, project=PROJECT, version="1", charset="utf-8",
                      copyright_holder="the Table Companion's authors", fuzzy=False,
                      last_translator="the Table Companion's authors", language_team=lang)
    # The language's English name from the code itself: a Catalog's locale is optional (Babel types
    # it so), and a code Babel names no language for still gets a header.
    language = Locale.parse(lang).english_name or lang
    catalog.header_comment = (f"# {language} translations of the {PROJECT}: every "
                              "sentence and word a person reads.\n# Kept by `python -m web.messages "
                              "update`; see docs/translating.md.")
    return catalog


def update() -> dict[str, list[str]]:
    """Extract, then update every language's PO file (a new language gets a new one); what each
    still lacks. Changed msgids come back fuzzy with their old translation, for a person to check."""
    pot = template()
    for lang in LANGUAGES:
        catalog = read(lang) if po_path(lang).exists() else new_catalog(lang)
        catalog.update(pot, no_fuzzy_matching=False, update_header_comment=False, update_creation_date=False)
        catalog.obsolete.clear()   # git keeps the history; a stale entry is only noise for translators
        _write(po_path(lang), catalog)
    return {lang: list(problems(lang, pot)) for lang in LANGUAGES}


def problems(lang: str, pot: Catalog | None = None) -> Iterator[str]:
    """Every reason the ``lang`` catalogue is not complete for the code as it is: a msgid in use
    with no translation, a fuzzy or stale entry, or a translation whose placeholders differ."""
    pot = pot if pot is not None else template()
    catalog = read(lang)
    wanted = {m.id for m in pot if m.id}
    for message in catalog:
        if not message.id:
            continue
        key = message.id
        ident = key if isinstance(key, str) else key[0]
        if key not in wanted:
            yield f"{lang}: stale (no longer in the code): {ident!r}"
            continue
        strings = [message.string] if isinstance(message.string, str) else list(message.string or [""])
        if not all(strings):
            yield f"{lang}: not translated: {ident!r}"
            continue
        if message.fuzzy:
            yield f"{lang}: fuzzy (check and remove the flag): {ident!r}"
        sources_ = [key] if isinstance(key, str) else list(key)
        need = set().union(*(placeholders(s) for s in sources_))
        for string in strings:
            if placeholders(string) != need and not (
                    not isinstance(key, str) and placeholders(string) == need - {"count"}):
                yield (f"{lang}: placeholders differ in {ident!r}: {sorted(placeholders(string))} "
                       f"instead of {sorted(need)}")
    have = {m.id for m in catalog if m.id}
    for key in sorted(wanted - have, key=lambda k: k if isinstance(k, str) else k[0]):
        ident = key if isinstance(key, str) else key[0]
        yield f"{lang}: missing (run python -m web.messages update): {ident!r}"


def _report(lines: Iterable[str]) -> int:
    count = 0
    for line in lines:
        print(line)
        count += 1
    return count


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    command = args[0] if args else "check"
    if command == "update":
        missing = update()
        for lang, lines in missing.items():
            print(f"{lang}: {len(lines)} to do")
        return 0
    if command == "check":
        pot = template()
        return 1 if sum(_report(problems(lang, pot)) for lang in LANGUAGES) else 0
    print("usage: python -m web.messages update|check", file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
