"""Reading a game's setting-up declaration in tests (issue 26): every sentence of a step or a part,
nested parameters included, and those that begin with a given msgid."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engines import SetupStep, Text


def texts(value: Any) -> Iterator[Text]:
    """Every sentence in a step, a part or a sentence's parameters, nested ones too."""
    if isinstance(value, SetupStep):
        yield from texts((value.title, *value.lines, value.section))
    elif isinstance(value, Text):
        yield value
        yield from texts(tuple(value.params.values()))
    elif isinstance(value, tuple | list):
        for item in value:
            yield from texts(item)


def said(value: Any, start: str) -> list[Text]:
    """The sentences in ``value`` whose msgid begins with ``start``."""
    return [t for t in texts(value) if t.msgid.startswith(start)]
