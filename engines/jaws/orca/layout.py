"""The Orca (Act 2): its 8 zones, which spaces share a border, and how damage changes that.

Each zone is a boat space (its boat tile) and a water space. The layout is data (``orca.json``):
which tiles share an edge (``boat``), which water spaces a tile borders (``reach``), which water
spaces share an edge (``water``), and which tiles a damaged tile's water space also borders
(``bitten``). All of it is a marked DEFAULT (the board's picture is lost); the table corrects it
with the ``orca`` option, checked like the file.

Spaces are small numbers: zone ``z`` (0-7) has the boat space ``z`` and the water space ``8 + z``;
their names are ``b<zone>`` and ``w<zone>`` (``b3``, ``w3``). A destroyed tile leaves its zone one
big water space: the tile's area joins the water space and borders whatever the area bordered
(rulebook, "Felder und Nachbarschaft").

>>> o = orca()
>>> o.names(neighbours(o, (0,) * 8, o.space("b3")))
['b2', 'b4', 'b7', 'w3']
>>> tiles = [0, 2, 0, 1, 0, 0, 0, 0]            # 2 destroyed, 4 damaged
>>> o.names(neighbours(o, tuple(tiles), o.space("b3")))
['b4', 'b7', 'w2', 'w3', 'w4']
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any

from engines.core import IllegalAction
from engines.jaws.common import HERE

ZONES = 8
INTACT, DAMAGED, DESTROYED = 0, 1, 2
TILE_WORDS = ("intact", "damaged", "destroyed")
_KEYS = ("zones", "boat", "reach", "water", "bitten", "drawing")

Tiles = tuple[int, ...]


@lru_cache(maxsize=1)
def _raw() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((HERE / "orca.json").read_text(encoding="utf-8"))
    return data


@dataclass(frozen=True, eq=False)  # one object per correction (orca() is cached): compared by identity
class Layout:
    """The layout as numbers: zone ``z`` is ``zones[z]``."""

    zones: tuple[str, ...]
    boat: tuple[tuple[int, ...], ...]  # per zone: the tiles sharing an edge with its tile
    reach: tuple[tuple[int, ...], ...]  # per zone: the water spaces its tile borders
    water: tuple[tuple[int, ...], ...]  # per zone: the water spaces sharing an edge with its water space
    bitten: tuple[
        tuple[int, ...], ...
    ]  # per zone: tiles its water space also borders once its tile is damaged
    text: str  # the correction ("" = as shipped)

    def space(self, name: str) -> int:
        """A space by its name (``b3``, ``w3``); -1 if there is none."""
        if len(name) < 2 or name[0] not in "bw" or name[1:] not in self.zones:
            return -1
        return self.zones.index(name[1:]) + (ZONES if name[0] == "w" else 0)

    def name(self, space: int) -> str:
        return ("w" if space >= ZONES else "b") + self.zones[space % ZONES]

    def names(self, spaces: list[int] | tuple[int, ...]) -> list[str]:
        return sorted((self.name(s) for s in spaces), key=lambda n: (n[0], self.zones.index(n[1:])))

    def zone(self, name: str) -> int:
        return self.zones.index(name) if name in self.zones else -1

    def to_json(self) -> dict[str, Any]:
        return self._json

    @cached_property
    def _json(self) -> dict[str, Any]:
        raw = _corrected(self.text)
        z = self.zones
        return {
            "zones": list(z),
            "boat": {z[i]: [z[j] for j in self.boat[i]] for i in range(ZONES)},
            "reach": {z[i]: [z[j] for j in self.reach[i]] for i in range(ZONES)},
            "water": {z[i]: [z[j] for j in self.water[i]] for i in range(ZONES)},
            "bitten": {z[i]: [z[j] for j in self.bitten[i]] for i in range(ZONES)},
            "drawing": raw["drawing"],
            "correction": self.text,
            "confidence": _confidences(self.text),
        }


def _overrides(text: str) -> dict[str, Any]:
    if not text:
        return {}
    try:
        data = json.loads(text)
    except ValueError:
        data = None
    if not isinstance(data, dict):
        raise IllegalAction(
            "The Orca correction must be a JSON object, such as {example}.", example='{"bitten": {}}'
        )
    return data


@lru_cache(maxsize=16)
def _corrected(text: str) -> dict[str, Any]:
    raw = {
        key: value["value"] for key, value in _raw().items() if isinstance(value, dict) and "value" in value
    }
    for key, value in _overrides(text).items():
        if key not in _KEYS:
            raise IllegalAction("The Orca has no datum {name}.", name=str(key))
        raw[key] = value
    return raw


def _confidences(text: str) -> dict[str, str]:
    out = {key: str(value["confidence"]) for key, value in _raw().items() if isinstance(value, dict)}
    for key in _overrides(text):
        out[key] = "TABLE"
    return out


def _zone_graph(value: object, what: str, zones: list[str], symmetric: bool) -> tuple[tuple[int, ...], ...]:
    if not isinstance(value, dict) or not set(value) <= set(zones):
        raise IllegalAction('The Orca\'s "{what}" must be an object of zone: zones.', what=what)
    out: list[tuple[int, ...]] = []
    for zone in zones:
        near = value.get(zone, [])
        if not isinstance(near, list) or not all(isinstance(n, str) and n in zones for n in near):
            raise IllegalAction(
                'The Orca\'s "{what}" names a zone that is not one of {zones}.',
                what=what,
                zones=", ".join(zones),
            )
        if symmetric and zone in near:
            raise IllegalAction('In the Orca\'s "{what}", zone {zone} borders itself.', what=what, zone=zone)
        out.append(tuple(sorted({zones.index(n) for n in near})))
    if symmetric:
        for i, near_i in enumerate(out):
            for j in near_i:
                if i not in out[j]:
                    raise IllegalAction(
                        'The Orca\'s "{what}" is not symmetric: {a} borders {b} but not the other way.',
                        what=what,
                        a=zones[i],
                        b=zones[j],
                    )
    return tuple(out)


@lru_cache(maxsize=16)
def orca(text: str = "") -> Layout:
    """The layout, with the table's correction ``text`` (a JSON object; "" = as shipped), checked:
    8 zones, the tile and water graphs symmetric, each tile borders its own water space, the whole
    connected."""
    raw = _corrected(text)
    zones = raw["zones"]
    if (
        not isinstance(zones, list)
        or len(zones) != ZONES
        or len(set(zones)) != ZONES
        or not all(isinstance(z, str) and z and z.isalnum() for z in zones)
    ):
        raise IllegalAction("The Orca has 8 zones, each named by a word of letters or digits.")
    boat = _zone_graph(raw["boat"], "boat", zones, True)
    reach = _zone_graph(raw["reach"], "reach", zones, False)
    water = _zone_graph(raw["water"], "water", zones, True)
    bitten = _zone_graph(raw["bitten"], "bitten", zones, False)
    for z in range(ZONES):
        if z not in reach[z]:
            raise IllegalAction("Boat tile {zone} must border its own zone's water space.", zone=zones[z])
    if not isinstance(raw["drawing"], dict):
        raise IllegalAction('The Orca\'s "drawing" must be an object.')
    layout = Layout(tuple(zones), boat, reach, water, bitten, text)
    seen, todo = {ZONES}, [ZONES]
    links = neighbours_all(layout, (INTACT,) * ZONES)
    while todo:
        for other in links[todo.pop()]:
            if other not in seen:
                seen.add(other)
                todo.append(other)
    if len(seen) != 2 * ZONES:
        raise IllegalAction(
            "The Orca's spaces are not all connected: {spaces} cannot be reached.",
            spaces=", ".join(layout.names([s for s in range(2 * ZONES) if s not in seen])),
        )
    return layout


@lru_cache(maxsize=4096)
def neighbours_all(o: Layout, tiles: Tiles) -> tuple[tuple[int, ...], ...]:
    """Per space (boat 0-7, water 8-15): the spaces sharing a border with it, for these tile states
    (a destroyed tile's boat space has none: it is no longer a space)."""
    # regions: the tile areas 0-7 and the water areas 8-15, and which of them touch
    touch: list[set[int]] = [set() for _ in range(2 * ZONES)]

    def link(a: int, b: int) -> None:
        touch[a].add(b)
        touch[b].add(a)

    for z in range(ZONES):
        for y in o.boat[z]:
            link(z, y)
        for y in o.reach[z]:
            link(z, ZONES + y)
        for y in o.water[z]:
            link(ZONES + z, ZONES + y)
        if tiles[z] == DAMAGED:
            for y in o.bitten[z]:
                link(y, ZONES + z)

    def space(region: int) -> int:  # a destroyed tile's area is its zone's water space
        return ZONES + region if region < ZONES and tiles[region] == DESTROYED else region

    out: list[set[int]] = [set() for _ in range(2 * ZONES)]
    for region in range(2 * ZONES):
        mine = space(region)
        for other in touch[region]:
            theirs = space(other)
            if theirs != mine:
                out[mine].add(theirs)
    return tuple(
        () if s < ZONES and tiles[s] == DESTROYED else tuple(sorted(out[s])) for s in range(2 * ZONES)
    )


@lru_cache(maxsize=4096)
def near_water(o: Layout, tiles: Tiles) -> tuple[tuple[int, ...], ...]:
    """Per space (boat 0-7, water 8-15): the zones whose water space is this space or shares a border
    with it, for these tile states (where a melee or entangle weapon used from there may aim)."""
    links = neighbours_all(o, tiles)
    return tuple(
        tuple(sorted({n - ZONES for n in (s, *links[s]) if n >= ZONES})) for s in range(2 * ZONES)
    )


@lru_cache(maxsize=1024)
def spaces_json(o: Layout, tiles: Tiles) -> dict[str, list[str]]:
    """Every space there is now with its neighbours, by name (the views; read it, never change it)."""
    links = neighbours_all(o, tiles)
    return {o.name(s): o.names(links[s]) for s in range(2 * ZONES) if s >= ZONES or tiles[s] != DESTROYED}


def neighbours(o: Layout, tiles: Tiles, space: int) -> tuple[int, ...]:
    return neighbours_all(o, tiles)[space]


def check_text(value: str) -> str:
    """A correction as one word of the notation (compact JSON), checked."""
    if not value:
        return ""
    text = json.dumps(_overrides(value), sort_keys=True, separators=(",", ":"))
    if " " in text:
        raise IllegalAction("A zone name in the Orca correction may not contain blanks.")
    orca(text)
    return text
