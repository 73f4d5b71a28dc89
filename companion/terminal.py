"""The command line speaks the terminal's language, chosen the way every gettext program does.

``companion serve``'s banner, ``companion selftest``'s report, ``companion selfplay``'s
messages, the config file's refusals and ``--help`` are msgids like every other sentence,
translated with :func:`engines.text.translate` from the same PO catalogues the pages read. The
language comes from the standard environment, as GNU gettext reads it (``man 3 gettext``):

1. the locale for messages is the first one set of ``LC_ALL``, ``LC_MESSAGES``, ``LANG``;
2. ``C`` or ``POSIX`` (also ``C.UTF-8``), or none set: English, whatever else is set;
3. otherwise ``LANGUAGE``, a list such as ``nl:de``, when it is set (its first language the
   companion has), else that locale's language;
4. a language the companion does not have: English.

>>> language({"LANG": "de_DE.UTF-8"}), language({"LANG": "nl_BE.UTF-8"}), language({"LANG": "fr_FR"})
('de', 'nl', 'en')
>>> language({"LC_ALL": "C.UTF-8", "LANGUAGE": "de"}), language({"LANG": "en_GB", "LANGUAGE": "fr:nl"})
('en', 'nl')
>>> language({"LC_MESSAGES": "nl_NL", "LANG": "de_DE"}), language({})
('nl', 'en')

The systemd unit gets the system's locale (``/etc/default/locale``, what ``raspi-config`` or
``localectl set-locale`` set); see docs/translating.md for how to give the journal another one.
Log lines (``logging``) stay English: they are for whoever debugs, and searchable as written.
"""

from __future__ import annotations

import argparse
import contextlib
import os
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from engines.text import LANGUAGES, N_

ENGLISH_LOCALES = ("C", "POSIX")


def _code(name: str) -> str:
    """``de_AT.UTF-8@euro`` -> ``de``."""
    return name.split(".")[0].split("@")[0].split("_")[0].split("-")[0].strip().lower()


def language(environ: Mapping[str, str] | None = None) -> str:
    """The terminal's language (see the module's text): ``"en"``, ``"nl"`` or ``"de"``."""
    env = os.environ if environ is None else environ
    locale = next((env[key] for key in ("LC_ALL", "LC_MESSAGES", "LANG") if env.get(key)), "")
    if not locale or locale.split(".")[0] in ENGLISH_LOCALES:
        return "en"
    wanted = [part for part in env.get("LANGUAGE", "").split(":") if part] or [locale]
    return next((_code(part) for part in wanted if _code(part) in LANGUAGES), "en")


def load(lang: str) -> None:
    """Make ``lang``'s catalogue ready (the pages' PO files, compiled once); English needs none."""
    if lang != "en":
        from web.i18n import load_catalogues
        load_catalogues()


# argparse's own words (usage, errors, --help's headings): its msgids, which it looks up through
# gettext at the moment it writes them; given to it in the terminal's language by argparse_words.
ARGPARSE = (
    N_("usage: "), N_("options"), N_("positional arguments"), N_("show this help message and exit"),
    N_("%(prog)s: error: %(message)s\n"), N_("argument %(argument_name)s: %(message)s"),
    N_("the following arguments are required: %s"), N_("unrecognized arguments: %s"),
    N_("invalid %(type)s value: %(value)r"), N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("expected one argument"), N_("ambiguous option: %(option)s could match %(matches)s"),
)


@contextlib.contextmanager
def argparse_words(lang: str) -> Iterator[None]:
    """argparse speaks ``lang`` inside the block (its module-level gettext, put back after)."""
    if lang == "en":
        yield
        return
    from engines.text import CATALOGUES, Translations

    table = CATALOGUES.get(lang)
    saved: dict[str, Callable[..., Any]] = {name: getattr(argparse, name) for name in ("_", "ngettext")}

    def gettext(message: str) -> str:
        return table.gettext(message) if isinstance(table, Translations) else message

    def ngettext(one: str, many: str, n: int) -> str:
        return table.ngettext(one, many, n) if isinstance(table, Translations) else (one if n == 1 else many)

    setattr(argparse, "_", gettext)  # noqa: B010 (argparse reads its module global at each use)
    setattr(argparse, "ngettext", ngettext)  # noqa: B010
    try:
        yield
    finally:
        for name, function in saved.items():
            setattr(argparse, name, function)

