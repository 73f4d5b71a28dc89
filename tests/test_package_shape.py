"""Every game package has the one shape (docs/engines.md, "One package shape"), read from the source
with ``ast`` and from the registered games: a newcomer who copies whichever game they opened first
copies the same pattern.

- ``__init__`` re-exports exactly three names: ``GAME``, the Game class, the State class;
- the Game subclass and ``GAME`` live in ``<pkg>/game.py``, the State class in ``<pkg>/state.py``;
- ``setting_up.steps(state)`` / ``setting_up.part(state, seat)`` and ``lessons.teach``, declared on
  the Game (``state_type``, ``setting_up``, ``teaching``) and answered by ``engines.core.Game``'s
  hooks, which no game writes again;
- no module named ``setup.py`` (setting up the real box is ``setting_up``);
- a story step is told through ``Working.say`` / ``Working.record``: no module of a game imports
  ``story`` or appends to an events list by hand.

Beside them, two checks of size that keep one class from becoming the house: no class in the four
rooms has more than 40 methods of its own, and no companion module declares, under
``if TYPE_CHECKING:``, methods it borrows from another part of a class split across files.

The ``*_PENDING`` sets name what does not have the shape yet, each entry a test that is expected to
fail (strict: once it passes, the test fails until the entry is removed).
"""

from __future__ import annotations

import ast
import importlib
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType

import pytest

import engines
from engines import Game

ROOT = Path(__file__).resolve().parents[1]
ROOMS = ("engines", "companion", "web", "hardware")
MAX_METHODS = 40

SHAPE_PENDING: set[tuple[str, str]] = set()
"""(game id, check) pairs a game being reshaped does not pass yet (each one a strict xfail)."""

CLASS_SIZE_PENDING: set[str] = set()
"""Classes (``module.Class``) over :data:`MAX_METHODS` methods that are being split."""

BORROWED_STUBS_PENDING: set[str] = set()
"""Companion classes that declare another part's methods under ``if TYPE_CHECKING:``, being turned
into collaborators (docs/architecture.md)."""


# --------------------------------------------------------------------------- reading a package

def package_of(game: Game) -> ModuleType:
    """The package that registered ``game`` (its Game class's module, or that module's package)."""
    module = sys.modules[type(game).__module__]
    if hasattr(module, "__path__"):
        return module
    return sys.modules[module.__name__.rpartition(".")[0]]


def folder_of(package: ModuleType) -> Path:
    return Path(next(iter(package.__path__)))


def sources(folder: Path) -> Iterator[tuple[Path, ast.Module]]:
    for path in sorted(folder.rglob("*.py")):
        if "__pycache__" not in path.parts:
            yield path, ast.parse(path.read_text(encoding="utf-8"))


def state_class(game: Game) -> type:
    return type(game.start(players=game.min_players, seed=0))


def submodule(package: ModuleType, name: str) -> ModuleType | None:
    try:
        return importlib.import_module(f"{package.__name__}.{name}")
    except ModuleNotFoundError:
        return None


def relative(path: Path) -> str:
    return str(path.relative_to(ROOT))


def dotted(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts)


# --------------------------------------------------------------------------- the checks, per game

def check_exports(game: Game) -> list[str]:
    """``__init__``: a docstring whose doctest starts a game, then only ``from <pkg>.game import
    GAME, <Game>``, ``from <pkg>.state import <State>`` and ``__all__`` of those three names."""
    package = package_of(game)
    name = package.__name__
    wanted = {"GAME", type(game).__name__, state_class(game).__name__}
    problems = []
    if set(getattr(package, "__all__", ())) != wanted or len(package.__all__) != 3:
        problems.append(f"{name}.__all__ is {getattr(package, '__all__', None)}, not {sorted(wanted)}")
    tree = ast.parse((folder_of(package) / "__init__.py").read_text(encoding="utf-8"))
    doc = ast.get_docstring(tree) or ""
    if ">>> " not in doc or ".start(" not in doc:
        problems.append(f"{name}/__init__.py: its docstring has no doctest that starts a game")
    allowed = {f"{name}.game": {"GAME", type(game).__name__}, f"{name}.state": {state_class(game).__name__},
               "__future__": {"annotations"}}
    for node in tree.body:
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            continue                                           # the docstring
        names = {a.name for a in node.names} if isinstance(node, ast.ImportFrom) else None
        if isinstance(node, ast.ImportFrom) and names and names <= allowed.get(node.module or "", set()):
            continue
        if isinstance(node, ast.Assign) and [ast.unparse(t) for t in node.targets] == ["__all__"]:
            continue
        problems.append(f"{name}/__init__.py line {node.lineno}: {ast.unparse(node)[:80]}")
    return problems


def check_game_module(game: Game) -> list[str]:
    package = package_of(game)
    where = f"{package.__name__}.game"
    problems = []
    if type(game).__module__ != where:
        problems.append(f"{type(game).__name__} is defined in {type(game).__module__}, not {where}")
    module = submodule(package, "game")
    if module is None or getattr(module, "GAME", None) is not game:
        problems.append(f"{where}.GAME is not the registered game")
    return problems


def check_state_module(game: Game) -> list[str]:
    cls = state_class(game)
    where = f"{package_of(game).__name__}.state"
    return [] if cls.__module__ == where else [f"{cls.__name__} is defined in {cls.__module__}, not {where}"]


def check_setting_up(game: Game) -> list[str]:
    """``setting_up.steps(state)`` and ``setting_up.part(state, seat)`` take the state itself, and
    the game's hooks give exactly what they give."""
    package = package_of(game)
    module = submodule(package, "setting_up")
    if module is None:
        return [f"{package.__name__}.setting_up is missing"]
    missing = [f"{module.__name__}.{n} is missing" for n in ("steps", "part")
               if not callable(getattr(module, n, None))]
    if missing:
        return missing
    state = game.start(players=game.max_players, seed=1)
    problems = []
    if module.steps(state) != game.setup_steps(state):
        problems.append(f"{type(game).__name__}.setup_steps(state) is not {module.__name__}.steps(state)")
    for seat in range(state.players):
        if module.part(state, seat) != game.setup_part(state, seat):
            problems.append(f"{type(game).__name__}.setup_part(state, {seat}) is not {module.__name__}.part")
    return problems


def check_lessons(game: Game) -> list[str]:
    package = package_of(game)
    module = submodule(package, "lessons")
    return [] if module is not None and callable(getattr(module, "teach", None)) else [
        f"{package.__name__}.lessons.teach is missing"]


HOOKS = ("setup_steps", "setup_part", "lessons")
"""The hooks :class:`engines.core.Game` answers from the parts a game declares: none is written again."""


def check_hooks(game: Game) -> list[str]:
    package = package_of(game)
    problems = [f"{type(game).__name__}.{name} is written again (declare the package's part instead)"
                for name in HOOKS if name in vars(type(game))]
    declared = {"state_type": state_class(game), "setting_up": submodule(package, "setting_up"),
                "teaching": submodule(package, "lessons")}
    problems += [f"{type(game).__name__}.{name} is {getattr(game, name)!r}, not {wanted!r}"
                 for name, wanted in declared.items() if getattr(game, name) is not wanted]
    return problems


def check_no_setup_module(game: Game) -> list[str]:
    folder = folder_of(package_of(game))
    return [relative(p) for p in sorted(folder.rglob("setup.py"))]


def story_imports(tree: ast.Module) -> list[int]:
    """Lines that import ``story`` from engines.core (or the core module, to reach it by name)."""
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "engines.core":
            lines += [node.lineno for a in node.names if a.name == "story"]
        elif isinstance(node, ast.Attribute) and node.attr == "story" and ast.unparse(node.value) in (
                "core", "engines.core"):
            lines.append(node.lineno)
    return sorted(lines)


def check_no_story_import(game: Game) -> list[str]:
    return [f"{relative(path)}:{line} imports story (tell it through Working.say)"
            for path, tree in sources(folder_of(package_of(game))) for line in story_imports(tree)]


TOLD = {"events", "happened"}
"""The names a working position's per-step events list goes by."""


def events_by_hand(tree: ast.Module) -> list[int]:
    """Lines that change an events list directly: ``x.events.append(...)`` (or extend, insert),
    ``x.events += ...``."""
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            changed = node.func.value if node.func.attr in ("append", "extend", "insert") else None
        elif isinstance(node, ast.AugAssign):
            changed = node.target
        else:
            continue
        if isinstance(changed, ast.Attribute) and changed.attr in TOLD:
            lines.append(node.lineno)
    return sorted(lines)


def check_no_events_by_hand(game: Game) -> list[str]:
    return [f"{relative(path)}:{line} adds to an events list by hand (use Working.say or .record)"
            for path, tree in sources(folder_of(package_of(game))) for line in events_by_hand(tree)]


CHECKS: dict[str, Callable[[Game], list[str]]] = {
    "exports": check_exports,
    "game_module": check_game_module,
    "state_module": check_state_module,
    "setting_up": check_setting_up,
    "lessons": check_lessons,
    "hooks": check_hooks,
    "no_setup_module": check_no_setup_module,
    "no_story_import": check_no_story_import,
    "no_events_by_hand": check_no_events_by_hand,
}


def _cases() -> Iterator[object]:
    for game in sorted(engines.GAMES.values(), key=lambda g: g.id):
        for check in CHECKS:
            marks = ([pytest.mark.xfail(strict=True, reason="being reshaped (SHAPE_PENDING)")]
                     if (game.id, check) in SHAPE_PENDING else [])
            yield pytest.param(game, check, id=f"{game.id}-{check}", marks=marks)


@pytest.mark.parametrize(("game", "check"), list(_cases()))
def test_a_game_package_has_the_one_shape(game: Game, check: str) -> None:
    problems = CHECKS[check](game)
    assert problems == [], f"{game.id}: " + "; ".join(problems)


def test_pending_shapes_name_real_games_and_checks() -> None:
    assert {g for g, _ in SHAPE_PENDING} <= set(engines.GAMES)
    assert {c for _, c in SHAPE_PENDING} <= set(CHECKS)


def test_the_checks_see_what_they_look_for() -> None:
    """Each AST check finds its offence in a small source, so a check that cannot fail would show."""
    told = ast.parse("t.events.append(e)\nd.happened += [e]\nt.say('k', 'm')\nx.items.append(1)\n")
    assert events_by_hand(told) == [1, 2]
    imported = ast.parse("from engines.core import TABLE, story\nfrom engines import core\n"
                         "core.story('k', 'm')\n")
    assert story_imports(imported) == [1, 3]


def test_no_engine_module_outside_a_game_adds_to_events_by_hand() -> None:
    """engines/core.py alone builds the events list a step tells (Working.say, Working.record)."""
    found = [f"{relative(path)}:{line}" for path, tree in sources(ROOT / "engines")
             if path.name != "core.py" and path.parent == ROOT / "engines" for line in events_by_hand(tree)]
    assert found == []


# --------------------------------------------------------------------------- size of a class

def class_sizes() -> dict[str, int]:
    """``module.Class`` -> the methods defined in its own body (nested classes counted apart)."""
    out: dict[str, int] = {}
    for room in ROOMS:
        for path, tree in sources(ROOT / room):
            module = dotted(path)
            for node in ast.walk(tree):
                if isinstance(node, ast.ClassDef):
                    out[f"{module}.{node.name}"] = sum(
                        isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef) for n in node.body)
    return out


def test_no_class_has_more_than_forty_methods() -> None:
    """A class of more than 40 methods is a house, not a room: split it into collaborators."""
    sizes = class_sizes()
    large = {name for name, count in sizes.items() if count > MAX_METHODS}
    assert large - CLASS_SIZE_PENDING == set(), {n: sizes[n] for n in large - CLASS_SIZE_PENDING}
    assert CLASS_SIZE_PENDING - large == set(), "split now: remove from CLASS_SIZE_PENDING"
    assert len(sizes) > 100 and max(sizes.values()) > 10   # the scan saw the rooms' classes


def borrowed_stubs(tree: ast.Module) -> list[tuple[str, int]]:
    """(class, line) for each class body holding ``if TYPE_CHECKING:`` with a ``def`` in it."""
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.ClassDef):
            continue
        for block in node.body:
            if (isinstance(block, ast.If)
                    and ast.unparse(block.test) in ("TYPE_CHECKING", "typing.TYPE_CHECKING")
                    and any(isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef) for n in ast.walk(block))):
                found.append((node.name, block.lineno))
    return found


def test_no_companion_part_declares_methods_it_borrows() -> None:
    """A part that needs ``if TYPE_CHECKING:`` stubs of another part's methods is one class split
    across files; a collaborator is given the few things it calls instead."""
    found = {f"{dotted(path)}.{cls}": line for path, tree in sources(ROOT / "companion")
             for cls, line in borrowed_stubs(tree)}
    assert set(found) - BORROWED_STUBS_PENDING == set(), found
    assert BORROWED_STUBS_PENDING - set(found) == set(), "no stubs left: remove from BORROWED_STUBS_PENDING"
    sample = ast.parse("class A:\n    if TYPE_CHECKING:\n        def f(self) -> int: ...\n    x = 1\n")
    assert borrowed_stubs(sample) == [("A", 2)]
