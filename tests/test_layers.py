"""The rooms' doors (docs/architecture.md, "four rooms"), read from the source with ``ast``:
``engines/`` imports only the standard library and itself; ``web/`` never imports ``companion``
or ``hardware`` (it gets a service object instead). ``hardware/`` has its own check beside it
(tests/hardware/test_layers.py)."""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def imports(package: str) -> Iterator[tuple[str, str]]:
    """``(file, top-level module)`` for every absolute import in the package, subpackages too."""
    for path in sorted((ROOT / package).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module or ""]
            else:
                continue
            for name in names:
                yield str(path.relative_to(ROOT)), name.split(".")[0]


def test_engines_import_only_the_standard_library_and_themselves() -> None:
    found = list(imports("engines"))
    offenders = [f"{file}: {name}" for file, name in found
                 if name != "engines" and name not in sys.stdlib_module_names]
    assert offenders == []
    assert len({file for file, _ in found}) >= 10  # the scan saw the package and its games


def test_web_never_imports_companion_or_hardware() -> None:
    found = list(imports("web"))
    offenders = [f"{file}: {name}" for file, name in found if name in ("companion", "hardware")]
    assert offenders == []
    assert {"flask", "engines"} <= {name for _, name in found}  # the scan saw the package
