"""The board: squares, directions and layouts (rules as data, see ``layouts.json``).

Squares are named like chess squares: a letter for the column (``a`` is the
side with the red "Left" sign) and a number for the row (row 1 touches the
boat, the last row touches the beach). Inside, a square is an ``int``
``row * width + column``. Directions are ``N`` (toward the beach, the way every
agent faces), ``E`` (right), ``S`` (toward the boat) and ``W`` (left).

A layout's text form, used by the ``board`` option and the position notation::

    name:WIDTHxHEIGHT:WEST-EAST:START_ZONE:WHITE.GREY.BLACK
    3-4p:9x9:open-open:a1-i1:c5S.e5S.g5S

``WEST``/``EAST`` is ``open`` (open water: sharks wrap round to the other side)
or ``wall`` (a closed side: a shark turns round there, as at the boat). The start
zone is a rectangle ``a1-i1`` or a list ``a1+c1+e1``.

>>> lay = parse_layout("mini:5x6:open-wall:a1-e1:b3S.c3S.d3N")
>>> lay.width, lay.height, square_name(lay, lay.sharks[2][0]), "NESW"[lay.sharks[2][1]]
(5, 6, 'd3', 'N')
>>> parse_layout("bad:5x6:open-open:a1-e1:b3S.c3S.z9S")
Traceback (most recent call last):
...
engines.core.IllegalAction: The board layout puts the black shark on z9, which is not on a 5 by 6 board.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engines.core import IllegalAction
from engines.text import N_, Text

N, E, S, W = 0, 1, 2, 3
DIRS = "NESW"
DX = (0, 1, 0, -1)
DY = (1, 0, -1, 0)
SHARKS = ("white", "grey", "black")
SIDES = ("open", "wall")
MAX_SIZE = 26


@dataclass(frozen=True)
class Layout:
    """One board: its size, its two sides, the agents' start zone and the sharks' start."""

    name: str
    width: int
    height: int
    west: str
    east: str
    start_zone: tuple[int, ...]
    sharks: tuple[tuple[int, int], ...]  # (square, facing) for white, grey, black

    def text(self) -> str:
        zone = "+".join(square_name(self, sq) for sq in self.start_zone)
        sharks = ".".join(f"{square_name(self, sq)}{DIRS[f]}" for sq, f in self.sharks)
        return f"{self.name}:{self.width}x{self.height}:{self.west}-{self.east}:{zone}:{sharks}"

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "width": self.width, "height": self.height,
                "edges": {"N": "beach", "S": "boat", "W": self.west, "E": self.east},
                "start_zone": [square_name(self, sq) for sq in self.start_zone],
                "text": self.text()}


def square_name(layout: Layout, sq: int) -> str:
    return f"{chr(97 + sq % layout.width)}{sq // layout.width + 1}"


_SQUARE = re.compile(r"^([a-z])(\d{1,2})$")


def parse_square(layout: Layout | tuple[int, int], text: str, what: str = N_("square")) -> int:
    """A square's number from its name; refuses one that is not on the board.

    ``what`` names the thing placed there, a phrase that is a msgid of its own ("the white shark")."""
    width, height = (layout.width, layout.height) if isinstance(layout, Layout) else layout
    match = _SQUARE.match(text)
    if not match:
        raise IllegalAction("{what} {square} is not a square name like c5.", what=Text(what), square=text)
    x, y = ord(match[1]) - 97, int(match[2]) - 1
    if not (0 <= x < width and 0 <= y < height):
        raise IllegalAction("The board layout puts {what} on {square}, which is not on a {width} by "
                            "{height} board.", what=Text(what), square=text, width=width, height=height)
    return y * width + x


def _zone(size: tuple[int, int], text: str) -> tuple[int, ...]:
    if "-" in text:
        first, last = text.split("-", 1)
        a, b = parse_square(size, first, "the start zone"), parse_square(size, last, "the start zone")
        w = size[0]
        xs = range(min(a % w, b % w), max(a % w, b % w) + 1)
        ys = range(min(a // w, b // w), max(a // w, b // w) + 1)
        return tuple(sorted(y * w + x for y in ys for x in xs))
    return tuple(sorted({parse_square(size, part, "the start zone") for part in text.split("+") if part}))


_SHARK_OBJECT = {"white": N_("the white shark"), "grey": N_("the grey shark"), "black": N_("the black shark")}
_NEEDS_FACING = {"white": N_("The white shark needs a square and a facing, like c5S."),
                 "grey": N_("The grey shark needs a square and a facing, like c5S."),
                 "black": N_("The black shark needs a square and a facing, like c5S.")}


def parse_layout(text: str) -> Layout:
    """A layout from its text form, checked; a bad one is refused with the reason."""
    parts = text.split(":")
    if len(parts) != 5:
        raise IllegalAction("A board layout has five parts separated by colons: "
                            "name:9x9:open-open:a1-i1:c5S.e5S.g5S.")
    name, size_text, sides, zone_text, shark_text = parts
    if not re.fullmatch(r"[A-Za-z0-9_-]{1,20}", name):
        raise IllegalAction("A board layout's name uses letters, digits, - and _ only.")
    size = re.fullmatch(r"(\d{1,2})x(\d{1,2})", size_text)
    if not size:
        raise IllegalAction("A board size is written like 9x9 (columns x rows).")
    width, height = int(size[1]), int(size[2])
    if not (3 <= width <= MAX_SIZE and 3 <= height <= MAX_SIZE):
        raise IllegalAction("A board must be between 3 and {most} squares wide and long.", most=MAX_SIZE)
    west, _, east = sides.partition("-")
    if west not in SIDES or east not in SIDES:
        raise IllegalAction("Each side of the board is open (water) or wall, not {sides}.", sides=sides)
    zone = _zone((width, height), zone_text)
    if not zone:
        raise IllegalAction("The board layout has no start zone for the agents.")
    shark_parts = shark_text.split(".")
    if len(shark_parts) != 3:
        raise IllegalAction("The board layout must place the white, grey and black shark.")
    sharks = []
    for colour, part in zip(SHARKS, shark_parts, strict=True):
        if len(part) < 3 or part[-1] not in DIRS:
            raise IllegalAction(_NEEDS_FACING[colour])
        sharks.append((parse_square((width, height), part[:-1], _SHARK_OBJECT[colour]), DIRS.index(part[-1])))
    squares = [sq for sq, _ in sharks]
    if len(set(squares)) != 3:
        raise IllegalAction("Two sharks cannot start on the same square.")
    if len(set(zone) - set(squares)) < 4:
        raise IllegalAction("The start zone needs at least four squares free of sharks.")
    return Layout(name, width, height, west, east, zone, tuple(sharks))


def _load_named() -> dict[str, Layout]:
    data = json.loads((Path(__file__).parent / "layouts.json").read_text(encoding="utf-8"))
    out = {}
    for name, spec in data["layouts"].items():
        sharks = ".".join(spec["sharks"][c] for c in SHARKS)
        out[name] = parse_layout(f"{name}:{spec['width']}x{spec['height']}:{spec['west']}-{spec['east']}:"
                                 f"{spec['start_zone']}:{sharks}")
    return out


NAMED: dict[str, Layout] = _load_named()


def layout_for(option: str, players: int) -> Layout:
    """The layout the ``board`` option names: ``auto``, a layout name, or a layout text."""
    if option == "auto":
        return NAMED["2p"] if players == 2 else NAMED["3-4p"]
    if option in NAMED:
        return NAMED[option]
    if ":" not in option:
        raise IllegalAction("There is no board called {name}; choose auto, {names}, or write a layout.",
                            name=option, names=", ".join(NAMED))
    return parse_layout(option)
