"""hardware/ is an adapter: it never imports companion/ or web/ (docs/architecture.md, "four rooms")."""

from __future__ import annotations

import ast
from pathlib import Path

HARDWARE = Path(__file__).resolve().parents[2] / "hardware"


def test_hardware_imports_neither_companion_nor_web() -> None:
    offenders = []
    for path in sorted(HARDWARE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            offenders += [f"{path.name}: {n}" for n in names if n.split(".")[0] in ("companion", "web")]
    assert offenders == []
    assert len(list(HARDWARE.glob("*.py"))) >= 7  # the scan saw the package
