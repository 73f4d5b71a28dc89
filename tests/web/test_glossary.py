"""Every catalogue says the words the players' rulebooks print.

``docs/glossary/<game>.toml`` holds, per game and language, each printed term, the wrong variants a
catalogue has used for it and the rulebook line that prints it (format: the head of jaws.toml).
A wrong variant fails in every entry of that game's code (or in every entry, ``scope = "all"``), and
an entry named in ``msgids`` fails unless it says the printed term (``scope = "msgids"``: only
those entries are searched for the wrong variants); each failure names the entry,
the wrong word, the printed one and the rulebook line.
"""

from __future__ import annotations

import re
import tomllib
from collections import defaultdict
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.messages.catalog import Catalog

from web import messages

GLOSSARY = messages.ROOT / "docs" / "glossary"


def glossaries() -> dict[str, dict[str, list[dict[str, Any]]]]:
    """game -> language -> its terms."""
    return {path.stem: tomllib.loads(path.read_text(encoding="utf-8"))
            for path in sorted(GLOSSARY.glob("*.toml"))}


def games_of(pot: Catalog, games: Iterable[str]) -> dict[str, set[str]]:
    """msgid (a plural's first form) -> the games whose code uses it (engines/<game>/, its page scripts)."""
    names = sorted(games, key=len, reverse=True)
    found: dict[str, set[str]] = defaultdict(set)
    for message in pot:
        if not message.id:
            continue
        key = message.id if isinstance(message.id, str) else message.id[0]
        for where, _line in message.locations:
            parts = Path(where).parts
            if parts[:1] == ("engines",) and len(parts) > 2:
                found[key].add(parts[1].replace("_", "-"))
            elif parts[:3] == ("web", "static", "games"):
                found[key].update(next(([g] for g in names if parts[3].startswith(g)), []))
    return found


def _wrong(variant: str, case: bool) -> re.Pattern[str]:
    return re.compile(rf"(?<![\w-]){re.escape(variant)}(?!\w)", 0 if case else re.IGNORECASE)


SOFT_HYPHEN = "\u00ad"


def findings(catalog: Catalog, lang: str, used_by: dict[str, set[str]],
             terms: dict[str, dict[str, list[dict[str, Any]]]]) -> Iterator[str]:
    """Why ``catalog`` (language ``lang``) does not say what the rulebooks print, one line each."""
    entries: dict[str, list[str]] = {}
    for message in catalog:
        if message.id:
            key = message.id if isinstance(message.id, str) else message.id[0]
            strings = [message.string] if isinstance(message.string, str) else list(message.string or ())
            entries[key] = [text.replace(SOFT_HYPHEN, "") for text in strings]   # where a label may break
    for game, languages in terms.items():
        for term in languages.get(lang, []):
            printed, rule = term["printed"], term["rule"]
            patterns = [(w, _wrong(w, term.get("case", False))) for w in term.get("wrong", [])]
            scope = term.get("scope", "game")
            for key, strings in entries.items():
                if not (scope == "all" or key in term.get("msgids", [])
                        or (scope == "game" and game in used_by.get(key, set()))):
                    continue
                for wrong, pattern in patterns:
                    if any(pattern.search(s) for s in strings):
                        yield (f"{lang} {key!r}: says {wrong!r} where the rulebook prints {printed!r} "
                               f"({rule}): {strings[0]!r}")
            for key in term.get("msgids", []):
                if key not in entries:
                    yield f"{lang} {key!r}: no such entry, but the {game} glossary names it for {printed!r}"
                elif not all(printed.casefold() in s.casefold() for s in entries[key]):
                    yield f"{lang} {key!r}: should say {printed!r} ({rule}), says {entries[key][0]!r}"


@pytest.fixture(scope="module")
def used_by() -> dict[str, set[str]]:
    return games_of(messages.template(), glossaries())


def test_every_glossary_term_names_its_printed_word_its_rulebook_line_and_real_entries() -> None:
    for game, languages in glossaries().items():
        assert set(languages) <= set(messages.LANGUAGES), game
        for terms in languages.values():
            for term in terms:
                assert term["printed"] and term["rule"], term
                assert term.get("scope", "game") in ("game", "all", "msgids"), term
                assert term.get("msgids") or term.get("scope") != "msgids", term
                assert set(term) <= {"printed", "wrong", "rule", "msgids", "scope", "case"}, term


@pytest.mark.parametrize("lang", messages.LANGUAGES)
def test_the_catalogue_says_the_words_the_rulebooks_print(lang: str, used_by: dict[str, set[str]]) -> None:
    problems = list(findings(messages.read(lang), lang, used_by, glossaries()))
    assert problems == [], "\n".join(problems)


def test_a_wrong_variant_is_found_and_named_with_its_rulebook_line(used_by: dict[str, set[str]]) -> None:
    catalog = Catalog(locale="de")
    catalog.add("Mayor", "Bürgermeister")
    catalog.add("land card", "Landkarte")
    found = list(findings(catalog, "de", used_by, {k: v for k, v in glossaries().items()
                                                   if k in ("jaws", "loch-ness")}))
    assert ("de 'Mayor': says 'Bürgermeister' where the rulebook prints 'Bürgermeisteramt' "
            "(jaws.de.txt:240): 'Bürgermeister'") in found
    assert any(f.startswith("de 'land card': says 'Landkarte'") for f in found)
    assert "de 'Police': no such entry, but the jaws glossary names it for 'Polizeistation'" in found
