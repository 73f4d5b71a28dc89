"""The catalogues as the companion reads them at run time (web/catalogues.py, no Babel) say what
Babel and gettext would say from the same PO files; and serving loads no Babel."""

from __future__ import annotations

import gettext
import io
import subprocess
import sys
from pathlib import Path

import pytest
from babel import Locale
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from web import messages
from web.catalogues import read_catalogue
from web.i18n import PLURAL_TAGS

ROOT = Path(__file__).resolve().parents[2]


def compiled_by_babel(lang: str) -> gettext.GNUTranslations:
    """The PO file compiled the way the companion used to at start: Babel, fuzzy entries and
    half-translated plurals left out, read back by gettext."""
    with messages.po_path(lang).open("rb") as fileobj:
        catalog = read_po(fileobj, locale=lang)
    for message in list(catalog):
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.id and not all(strings):
            catalog.delete(message.id)
    compiled = io.BytesIO()
    write_mo(compiled, catalog, use_fuzzy=False)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


@pytest.mark.parametrize("lang", messages.LANGUAGES)
def test_every_sentence_reads_as_gettext_reads_babels_compiled_catalogue(lang: str) -> None:
    ours = read_catalogue(messages.po_path(lang))
    theirs = compiled_by_babel(lang)
    expected = {key: text for key, text in theirs._catalog.items() if key != ""}   # not the header
    assert ours.messages == expected
    assert [ours.plural(n) for n in range(200)] == [theirs.plural(n) for n in range(200)]
    for msgid in ("Next", "Player {number}", "No such msgid, English it stays."):
        assert ours.gettext(msgid) == theirs.gettext(msgid)
    for n in (0, 1, 2, 21):
        assert ours.ngettext("{count} card", "{count} cards", n) == theirs.ngettext(
            "{count} card", "{count} cards", n)


def test_a_fuzzy_an_obsolete_and_a_half_translated_entry_stay_english(tmp_path: Path) -> None:
    po = tmp_path / "messages.po"
    po.write_text("\n".join([
        'msgid ""', 'msgstr ""', '"Language: pl\\n"',
        '"Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) '
        '? 1 : 2);\\n"', "",
        "#, fuzzy", 'msgid "Next"', 'msgstr "Dalej"', "",
        '#~ msgid "Gone"', '#~ msgstr "Nie ma"', "",
        'msgid "{count} card"', 'msgid_plural "{count} cards"', 'msgstr[0] "{count} karta"',
        'msgstr[1] "{count} karty"', 'msgstr[2] ""', "",
        'msgid "{count} token"', 'msgid_plural "{count} tokens"', 'msgstr[0] "{count} żeton"',
        'msgstr[1] "{count} żetony"', 'msgstr[2] "{count} "', '"żetonów"', "",
        "# a translator's note", 'msgid "Say \\"hi\\"\\tnow"', 'msgstr "Powiedz \\"cześć\\"\\tteraz"', ""]),
        encoding="utf-8")
    pl = read_catalogue(po)
    assert pl.gettext("Next") == "Next" and pl.gettext("Gone") == "Gone"
    assert pl.ngettext("{count} card", "{count} cards", 3) == "{count} cards"
    assert [pl.ngettext("{count} token", "{count} tokens", n) for n in (1, 3, 5)] == [
        "{count} żeton", "{count} żetony", "{count} żetonów"]
    assert pl.gettext('Say "hi"\tnow') == 'Powiedz "cześć"\tteraz'


@pytest.mark.parametrize("lang", ("en", *messages.LANGUAGES))
def test_the_pages_plural_categories_are_cldrs_for_each_language(lang: str) -> None:
    """A page script picks a plural form by the browser's CLDR category (``Intl.PluralRules``):
    :data:`web.i18n.PLURAL_TAGS` maps each to the PO file's form, worked out here from Babel's CLDR
    rule and the catalogue's ``Plural-Forms`` (a new language: write the line this asks for)."""
    rule = Locale.parse(lang).plural_form
    pick = read_catalogue(messages.po_path(lang)).plural if lang != "en" else (lambda n: int(n != 1))
    found: dict[str, int] = {}
    for n in range(200):
        found.setdefault(rule(n), int(pick(n)))
    expected = dict(sorted(found.items(), key=lambda item: item[1]))
    assert PLURAL_TAGS.get(lang) == expected, f'web/i18n.py PLURAL_TAGS needs "{lang}": {expected},'


def test_serving_loads_no_babel() -> None:
    """Babel (its parser, its CLDR data) is for keeping the catalogues, not for serving them: a
    companion that has built its web app and read its catalogues has not imported it."""
    code = ("import sys, companion.cli, companion.service, web, web.i18n\n"
            "web.i18n.load_catalogues()\n"
            "print(sorted({m.split('.')[0] for m in sys.modules} & {'babel'}))\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]", out.stderr


@pytest.mark.parametrize("lang", ("en", *messages.LANGUAGES))
def test_the_banners_numbers_are_written_as_babel_writes_them(lang: str) -> None:
    """The start banner's seconds (``companion serve``) in each language's own way, CLDR's, with no
    Babel loaded: :data:`companion.cli.NUMBER_SYMBOLS` says what Babel would."""
    from babel.numbers import format_decimal, get_decimal_symbol, get_group_symbol

    from companion.cli import NUMBER_SYMBOLS, number
    symbols = (get_decimal_symbol(lang), get_group_symbol(lang))
    assert NUMBER_SYMBOLS.get(lang) == symbols, f'companion/cli.py NUMBER_SYMBOLS needs "{lang}": {symbols},'
    for value in (0.0, 0.4321, 1.5, 2.0, 3.14159, 12.3456, 999.9996, 1234.5, 1234567.891):
        assert number(value, lang, 2) == format_decimal(value, "0.00", locale=lang)
        assert number(value, lang) == format_decimal(value, locale=lang)
