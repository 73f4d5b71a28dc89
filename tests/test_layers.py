"""The rooms' doors (docs/architecture.md, "four rooms"), read from the source with ``ast``:
``engines/`` imports only the standard library and itself; ``web/`` never imports ``companion``
or ``hardware`` (it gets a service object instead). ``hardware/`` has its own check beside it
(tests/hardware/test_layers.py)."""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tools import funclen

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


# --------------------------------------------------------------------------- import circles
# Every package reads top-down (docs/architecture.md, "Layers inside a package"): no module imports one
# that imports it back, however long the way round. Every import counts, wherever it stands: at module
# level, under ``if TYPE_CHECKING:``, relative, or inside a function (an import put off until a call
# hides a circle from Python, not from a reader).

ROOMS = ("engines", "companion", "web", "hardware")


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules() -> dict[str, Path]:
    """Every module of the rooms by dotted name (a package by its ``__init__``)."""
    return {_module_name(path): path for room in ROOMS for path in sorted((ROOT / room).rglob("*.py"))
            if "__pycache__" not in path.parts}


def _targets(name: str, path: Path, known: dict[str, Path]) -> Iterator[str]:
    """The project's modules that the module ``name`` (at ``path``) imports."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            wanted = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*up, base] if base else up)
            wanted = [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names]
        else:
            continue
        for dotted in wanted:
            while dotted and dotted not in known:        # ``import a.b.c`` of a name: its module
                dotted = dotted.rpartition(".")[0]
            if dotted and dotted != name:
                yield dotted


def import_graph() -> dict[str, set[str]]:
    known = _modules()
    return {name: set(_targets(name, path, known)) for name, path in known.items()}


def _packages() -> list[str]:
    return sorted(name for name, path in _modules().items() if path.name == "__init__.py")


def _circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of more than one node (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(edges.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            part = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                part.append(top)
                if top == node:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return sorted(found)


def circles_in(package: str, graph: dict[str, set[str]] | None = None) -> list[list[str]]:
    """The import circles among the modules under ``package``, at any depth, each named relative
    to the package (``__init__`` for the package itself, ``amity.rules`` for a module of a
    subpackage). Modules, not folders, are the nodes: a package's shared modules may sit below a
    subpackage's and a whole-game module above them (Jaws' ``amity.town`` reads ``position`` and
    ``match`` reads ``amity.town``), and that is layers, not a circle."""
    graph = import_graph() if graph is None else graph
    prefix = package + "."

    def member(module: str) -> str | None:
        if module == package:
            return "__init__"
        return module[len(prefix):] if module.startswith(prefix) else None

    edges: dict[str, set[str]] = {}
    for module, targets in graph.items():
        source = member(module)
        if source is None:
            continue
        edges.setdefault(source, set()).update(
            t for t in map(member, targets) if t is not None and t != source)
    return _circles(edges)


def test_the_import_graph_sees_the_rooms() -> None:
    graph = import_graph()
    assert {"engines.core", "engines.fzzzt.state", "web.api", "companion.service"} <= set(graph)
    assert "engines.core" in graph["engines.fzzzt.state"]
    assert "engines.fzzzt.state" in graph["engines.fzzzt"]             # the package's __init__


def test_circles_are_found_and_named() -> None:
    graph = {"p": {"p.a"}, "p.a": {"p.b.x"}, "p.b": set(), "p.b.x": {"p.a"}, "p.c": {"p.a"}}
    assert circles_in("p", graph) == [["a", "b.x"]]
    assert circles_in("p.b", graph) == []
    layered = {"p.shared": {"p.act.data"}, "p.act.rules": {"p.shared", "p.act.data"}, "p.act.data": set()}
    assert circles_in("p", layered) == []


@pytest.mark.parametrize("package", _packages())
def test_no_import_circle_inside(package: str) -> None:
    circles = circles_in(package)
    assert circles == [], f"import circles in {package}: " + "; ".join(" <-> ".join(c) for c in circles)


# --------------------------------------------------------------------------- function length
# Issue 25: no function over 60 lines outside search code; tools/funclen.py reports them.

def test_at_most_ten_long_functions_outside_search_code() -> None:
    found = funclen.long_functions()
    rest = [str(f) for f in found if not f.search]
    assert len(rest) <= 10, "functions over 60 lines:\n" + "\n".join(rest)
    assert funclen.main(["--max", str(len(rest))]) == 0


def test_no_function_over_60_lines_in_the_adapters_the_service_and_the_benches() -> None:
    """Outside the engines' search code the rule has no exceptions left: web/, hardware/,
    companion/, bench/ and tools/ hold none (a function should read as the steps it takes)."""
    found = [str(f) for f in funclen.long_functions() if not f.file.startswith("engines/")]
    assert found == []


def test_search_code_says_why(tmp_path: Path) -> None:
    body = "".join(f"    x = {i}\n" for i in range(61))
    (tmp_path / "engines").mkdir()
    (tmp_path / "engines" / "long.py").write_text(
        f"def plain():\n{body}\n\n"
        f"# search code: a depth-first search reads best whole\ndef marked_above():\n{body}\n\n"
        f'def marked_inside():\n    """A search.\n\n    search code: one loop."""\n{body}\n\n'
        f"def short():\n    return 1\n", encoding="utf-8")
    found = {f.name: f.search for f in funclen.long_functions(tmp_path)}
    assert found == {"plain": False, "marked_above": True, "marked_inside": True}
