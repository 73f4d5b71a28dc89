"""The examples in web/'s docstrings run (pytest's testpaths do not collect web/ itself)."""

from __future__ import annotations

import doctest

import pytest

import web.i18n
import web.qr


@pytest.mark.parametrize("module", [web.i18n, web.qr])
def test_docstring_examples(module: object) -> None:
    result = doctest.testmod(module)  # type: ignore[arg-type]
    assert result.attempted > 0 and result.failed == 0
