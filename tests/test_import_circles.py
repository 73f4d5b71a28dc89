"""No import circle inside any package (docs/architecture.md, "layers"): each package reads
top-down. Every import counts, wherever it stands: at the top, under ``if TYPE_CHECKING:``, or
inside a function (an import moved into a function still ties the two modules together).

A subpackage is one module of its parent (``engines/jaws/`` is ``jaws`` among ``engines``'s
modules) and is checked on its own as well.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("web", "hardware", "companion")   # engines/ joins when its own redesign (issue 25) lands


def packages() -> list[Path]:
    return [p.parent for name in PACKAGES for p in sorted((ROOT / name).rglob("__init__.py"))
            if "static" not in p.parts and "templates" not in p.parts]


def members(package: Path) -> dict[str, Path]:
    """Module name -> the files that make it (a subpackage: every file under it)."""
    out = {p.stem: p for p in package.glob("*.py") if p.stem != "__init__"}
    out |= {p.name: p for p in package.iterdir() if (p / "__init__.py").is_file()}
    return out


def imported(path: Path, dotted: str, names: set[str]) -> set[str]:
    """The modules of ``dotted`` (a package) that the file at ``path`` imports."""
    found: set[str] = set()
    module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = module.rsplit(".", node.level)[0]   # "__init__" counts as a module's name here
                base = f"{parent}.{base}" if base else parent
            targets = [base, *(f"{base}.{a.name}" for a in node.names)]
        else:
            continue
        for target in targets:
            if target.startswith(dotted + "."):
                name = target[len(dotted) + 1:].split(".")[0]
                if name in names:
                    found.add(name)
    return found


def graph(package: Path) -> dict[str, set[str]]:
    dotted = ".".join(package.relative_to(ROOT).parts)
    mods = members(package)
    out: dict[str, set[str]] = {}
    for name, where in mods.items():
        files = sorted(where.rglob("*.py")) if where.is_dir() else [where]
        out[name] = set().union(*(imported(f, dotted, set(mods)) for f in files)) - {name}
    return out


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while (w := stack.pop()) != v:
                group.append(w)
            group.append(v)
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def test_the_check_sees_a_circle() -> None:
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


@pytest.mark.parametrize("package", packages(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_import_circle_inside_a_package(package: Path) -> None:
    edges = graph(package)
    assert circles(edges) == []
    assert edges   # the scan saw the package's modules
