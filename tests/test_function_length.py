"""No function over 60 lines (issue 25): a function should fit on a screen, and read as the steps
it takes. The engines' search code is left out of this rule, and engines/ joins the check when
its own redesign lands."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("web", "hardware", "companion", "bench")
LONGEST = 60


def test_no_function_is_over_60_lines() -> None:
    long, seen = [], 0
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    seen += 1
                    lines = (node.end_lineno or node.lineno) - node.lineno + 1
                    if lines > LONGEST:
                        long.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name} ({lines} lines)")
    assert long == []
    assert seen > 100   # the scan saw the packages
