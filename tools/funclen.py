"""Functions over 60 lines in the project's Python: a report, read from the source with ``ast``.

Walks engines/, web/, hardware/, companion/, bench/ and tools/ (never tests/ nor a virtualenv) and
prints every function longer than the limit (its ``def`` line to its last line, decorators not
counted): length, file and line, and its name (``Class.method``, ``outer.<locals>.inner``).

A long function may be *search code* (a bot's search, Fzzzt's best-assignment search), which may
stay long if it says why: a comment or docstring line holding the marker ``search code:`` just
above the ``def`` (above its decorators), in its signature or docstring, or before its first
statement. Those are listed apart and not counted against ``--max``.

    .venv/bin/python tools/funclen.py [--limit 60] [--max N]

Exits 0 (it is a report) unless ``--max N`` is given and more than N functions that are not search
code are too long: then 1.
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = ("engines", "web", "hardware", "companion", "bench", "tools")
MARKER = "search code:"
LIMIT = 60

Function = ast.FunctionDef | ast.AsyncFunctionDef


@dataclass(frozen=True)
class Long:
    length: int
    file: str
    line: int
    name: str
    search: bool

    def __str__(self) -> str:
        return f"{self.length:5d}  {self.file}:{self.line}  {self.name}"


def python_files(root: Path = ROOT) -> Iterator[Path]:
    for folder in FOLDERS:
        for path in sorted((root / folder).rglob("*.py")):
            parts = path.relative_to(root).parts
            if not any(p.startswith(".") or p in ("tests", "__pycache__", "node_modules") for p in parts):
                yield path


def _functions(tree: ast.AST, prefix: str = "") -> Iterator[tuple[str, Function]]:
    """Every function with its qualified name, methods and nested functions too."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            yield prefix + node.name, node
            yield from _functions(node, f"{prefix}{node.name}.<locals>.")
        elif isinstance(node, ast.ClassDef):
            yield from _functions(node, f"{prefix}{node.name}.")
        else:
            yield from _functions(node, prefix)


def is_search_code(node: Function, lines: Sequence[str]) -> bool:
    """Whether the function says it is search code: see the module's docstring."""
    first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
    above = first - 2                       # 0-based index of the line just above
    while above >= 0 and lines[above].strip().startswith("#"):
        if MARKER in lines[above]:
            return True
        above -= 1
    body = node.body
    head = body[0]
    if (isinstance(head, ast.Expr) and isinstance(head.value, ast.Constant)
            and isinstance(head.value.value, str)):
        if MARKER in head.value.value:
            return True
        end = body[1].lineno - 1 if len(body) > 1 else (head.end_lineno or head.lineno)
    else:
        end = head.lineno - 1
    return any(MARKER in line for line in lines[node.lineno - 1:end])


def long_functions(root: Path = ROOT, limit: int = LIMIT) -> list[Long]:
    """Every function over ``limit`` lines under the project's folders, longest first."""
    found = []
    for path in python_files(root):
        text = path.read_text(encoding="utf-8")
        lines = text.splitlines()
        for name, node in _functions(ast.parse(text)):
            length = (node.end_lineno or node.lineno) - node.lineno + 1
            if length > limit:
                found.append(Long(length, str(path.relative_to(root)), node.lineno, name,
                                  is_search_code(node, lines)))
    return sorted(found, key=lambda f: (-f.length, f.file, f.line))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--limit", type=int, default=LIMIT, help="the longest a function may be")
    parser.add_argument("--max", type=int, default=None,
                        help="exit 1 when more functions than this, not search code, are too long")
    args = parser.parse_args(argv)
    found = long_functions(limit=args.limit)
    rest = [f for f in found if not f.search]
    search = [f for f in found if f.search]
    print(f"Functions over {args.limit} lines, not search code: {len(rest)}")
    for f in rest:
        print(f)
    print(f"Search code (may stay long, says why): {len(search)}")
    for f in search:
        print(f)
    if args.max is not None and len(rest) > args.max:
        print(f"{len(rest)} functions over {args.limit} lines is more than {args.max}.")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
