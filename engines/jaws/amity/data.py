"""The Amity board and the event cards, loaded from ``amity.json`` and ``cards.json`` and checked.

Both files hold what the rulebook's lost pictures showed, each datum with its confidence and
source. The table corrects them with the ``map`` and ``cards`` options (a JSON object naming only
what differs); a correction is checked like the files themselves (both graphs symmetric and
connected, the docks and beaches on both, ...) and refused with the reason.

>>> board = amity()
>>> [board.names[i] for i in board.water[board.index["1"]]]
['2', '3', 'N', '5']
>>> board.is_beach(board.index["N"]), board.is_dock(board.index["8"])
(True, True)
>>> amity('{"start": {"brody": "6"}}').start
(5, 4, 7)
>>> deck()[7].effect, deck()[11].alert
('michael', ('N', 'E', 'S'))
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any

from engines.core import IllegalAction
from engines.jaws.common import HERE, ROLES
from engines.text import Text

BEACH_ORDER = ("N", "E", "S", "W")
# the shark's four powers (its ability cards in Act 1)
FRENZY, EVADE, HIDE, BURST = 0, 1, 2, 3
POWER_LETTERS = "FEHB"  # Feeding Frenzy, Evasive Moves, Out of Sight, Speed Burst
POWER_CODES = ("frenzy", "evade", "hide", "burst")
ALL_POWERS = 0b1111
EFFECTS = (
    "knock",
    "extra_any",
    "docks_closed",
    "mayor",
    "wrong_shark",
    "fourth_of_july",
    "michael",
    "harbor_master",
    "extra_hooper",
    "extra_quint",
    "alert",
    "hoax",
    "helicopter",
)


@lru_cache(maxsize=4)
def _raw(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((HERE / name).read_text(encoding="utf-8"))
    return data


@dataclass(frozen=True, eq=False)  # one object per correction (amity() is cached): compared by identity
class Board:
    """The Amity map as numbers: space ``i`` is ``names[i]``; the water spaces come first."""

    names: tuple[str, ...]
    index: dict[str, int]
    water: tuple[tuple[int, ...], ...]  # per space: water neighbours (empty for land-only spaces)
    land: tuple[tuple[int, ...], ...]  # per space: land neighbours (empty for water-only spaces)
    water_spaces: tuple[int, ...]
    land_spaces: tuple[int, ...]
    beaches: tuple[int, ...]  # in the order N, E, S, W
    docks: tuple[int, ...]
    offices: tuple[int, ...]  # the police station and the mayor's office
    police: int
    mayor: int
    shop: int
    start: tuple[int, int, int]  # brody, hooper, quint
    barrels: int  # tokens in the box
    quint_barrels: int  # on the Orca at the start; the rest are in the Shop
    swimmers: int  # tokens in the box, Michael among them
    near2: tuple[tuple[int, ...], ...]  # water spaces within 1 or 2 steps (Hooper's move)
    text: str  # the correction given ("" = the file as shipped)

    def is_beach(self, space: int) -> bool:
        return space in self.beaches

    def is_dock(self, space: int) -> bool:
        return space in self.docks

    def beach_slot(self, space: int) -> int:
        """The beach's place in N, E, S, W (0-3), or -1."""
        return self.beaches.index(space) if space in self.beaches else -1

    def to_json(self) -> dict[str, Any]:
        """The board for the screens (the same object each time: read it, never change it)."""
        return self._json

    @cached_property
    def _json(self) -> dict[str, Any]:
        raw = _corrected(self.text)
        return {
            "spaces": list(self.names),
            "water_spaces": [self.names[i] for i in self.water_spaces],
            "land_spaces": [self.names[i] for i in self.land_spaces],
            "water": {self.names[i]: [self.names[j] for j in self.water[i]] for i in self.water_spaces},
            "land": {self.names[i]: [self.names[j] for j in self.land[i]] for i in self.land_spaces},
            "beaches": [self.names[i] for i in self.beaches],
            "docks": [self.names[i] for i in self.docks],
            "police": self.names[self.police],
            "mayor": self.names[self.mayor],
            "shop": self.names[self.shop],
            "correction": self.text,
            "drawing": raw["drawing"],
            "confidence": {key: raw_conf for key, raw_conf in _confidences(self.text).items()},
        }


@dataclass(frozen=True)
class Card:
    number: int
    title: str
    swimmers: tuple[int, int, int, int]  # N, E, S, W
    effect: str
    text: str
    alert: tuple[str, ...] = ()
    confidence: str = "MED"

    def rule(self, east: str | Text = "E") -> Text:
        """The card's rule as a sentence; ``east`` is the east beach as the box prints it, where the
        rule names it (``{east}``: the Shark Alert cards)."""
        return Text(self.text, {"east": east} if "{east}" in self.text else {})

    def to_json(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "title": Text(self.title).to_json(),
            "text": self.rule().to_json(),
            "swimmers": dict(zip(BEACH_ORDER, self.swimmers, strict=True)),
            "effect": self.effect,
            "alert": list(self.alert),
            "confidence": self.confidence,
        }


# --------------------------------------------------------------------------- the map


_MAP_KEYS = (
    "spaces",
    "beaches",
    "docks",
    "police",
    "mayor",
    "water",
    "land",
    "start",
    "barrels",
    "swimmers",
    "drawing",
)


def _overrides(text: str, what: str) -> dict[str, Any]:
    if not text:
        return {}
    try:
        data = json.loads(text)
    except ValueError:
        data = None
    if not isinstance(data, dict):
        if what == "map":
            raise IllegalAction(
                "The map correction must be a JSON object, such as {example}.",
                example='{"start": {"brody": "6"}}',
            )
        raise IllegalAction(
            "The cards correction must be a JSON object, such as {example}.", example='{"7": {"E": 1}}'
        )
    return data


@lru_cache(maxsize=32)
def _corrected(text: str) -> dict[str, Any]:
    raw = {key: value["value"] for key, value in _raw("amity.json").items() if isinstance(value, dict)}
    for key, value in _overrides(text, "map").items():
        if key not in _MAP_KEYS:
            raise IllegalAction("The map has no datum {name}.", name=str(key))
        if key in ("start", "barrels") and isinstance(value, dict) and isinstance(raw[key], dict):
            value = {**raw[key], **value}
        raw[key] = value
    return raw


def _confidences(text: str) -> dict[str, str]:
    out = {
        key: str(value["confidence"]) for key, value in _raw("amity.json").items() if isinstance(value, dict)
    }
    for key in _overrides(text, "map"):
        out[key] = "TABLE"  # corrected at this table
    return out


def _names(value: object, what: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) and v and " " not in v for v in value):
        raise IllegalAction('The map\'s "{what}" must be a list of space names.', what=what)
    return list(value)


def _graph(value: object, what: str, names: list[str]) -> dict[str, list[str]]:
    if not isinstance(value, dict):
        raise IllegalAction('The map\'s "{what}" graph must be an object of space: neighbours.', what=what)
    graph = {}
    for space, near in value.items():
        if space not in names:
            raise IllegalAction(
                'The map\'s "{what}" graph names {space}, which is not a space.', what=what, space=space
            )
        for other in _names(near, what):
            if other not in names:
                raise IllegalAction(
                    'The map\'s "{what}" graph names {space}, which is not a space.', what=what, space=other
                )
            if other == space:
                raise IllegalAction(
                    'In the map\'s "{what}" graph, {space} borders itself.', what=what, space=space
                )
        graph[space] = list(near)
    for space, near in graph.items():
        for other in near:
            if space not in graph.get(other, []):
                raise IllegalAction(
                    'The map\'s "{what}" graph is not symmetric: {a} borders {b} but not the other way.',
                    what=what,
                    a=space,
                    b=other,
                )
    start = next(iter(graph), None)
    seen = {start} if start is not None else set()
    todo = [start] if start is not None else []
    while todo:
        for other in graph[todo.pop()]:
            if other not in seen:
                seen.add(other)
                todo.append(other)
    if seen != set(graph):
        raise IllegalAction(
            'The map\'s "{what}" graph is not connected: {spaces} cannot be reached.',
            what=what,
            spaces=", ".join(sorted(set(graph) - seen)),
        )
    return graph


def _count(value: object, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise IllegalAction(
            'The map\'s "{what}" must be a whole number from {low} to {high}.', what=what, low=low, high=high
        )
    return value


@lru_cache(maxsize=32)
def amity(text: str = "") -> Board:
    """The board, with the table's correction ``text`` (a JSON object; "" = as shipped)."""
    raw = _corrected(text)
    names = _names(raw["spaces"], "spaces")
    water = _graph(raw["water"], "water", names)
    land = _graph(raw["land"], "land", names)
    beaches = _names(raw["beaches"], "beaches")
    if len(beaches) != 4:
        raise IllegalAction("Amity has four beaches, N, E, S and W, in that order.")
    docks = _names(raw["docks"], "docks")
    for space in beaches + docks:
        if space not in water or space not in land:
            raise IllegalAction("{space} must lie on both the water and the land graph.", space=space)
    police, mayor = raw["police"], raw["mayor"]
    for space in (police, mayor):
        if space not in land:
            raise IllegalAction("{space} must be a land space.", space=str(space))
    shops = [n for n in names if n not in water]
    if len(shops) != 1 or shops[0] not in land:
        raise IllegalAction("Exactly one space, the Shop, is land only.")
    start = raw["start"]
    if not isinstance(start, dict) or set(start) != set(ROLES):
        raise IllegalAction("The start spaces name Brody, Hooper and Quint.")
    if start["brody"] not in land or start["hooper"] not in water or start["quint"] not in water:
        raise IllegalAction("Brody starts on land, Hooper and Quint on the water.")
    barrels = raw["barrels"]
    total = _count(barrels.get("total") if isinstance(barrels, dict) else None, "barrels", 2, 20)
    quint = _count(barrels.get("quint"), "barrels on the Orca", 0, total)
    swimmers = _count(raw["swimmers"], "swimmers", 2, 60)
    order = sorted(water, key=names.index) + sorted((n for n in names if n not in water), key=names.index)
    index = {n: i for i, n in enumerate(order)}
    size = len(order)
    w = tuple(tuple(index[o] for o in water.get(n, [])) for n in order)
    lnd = tuple(tuple(index[o] for o in land.get(n, [])) for n in order)
    near2 = tuple(
        tuple(sorted({j for j in w[i]} | {k for j in w[i] for k in w[j]} - {i})) for i in range(size)
    )
    return Board(
        tuple(order),
        index,
        w,
        lnd,
        tuple(i for i, n in enumerate(order) if n in water),
        tuple(i for i, n in enumerate(order) if n in land),
        tuple(index[b] for b in beaches),
        tuple(index[d] for d in docks),
        (index[police], index[mayor]),
        index[police],
        index[mayor],
        index[shops[0]],
        (index[start["brody"]], index[start["hooper"]], index[start["quint"]]),
        total,
        quint,
        swimmers,
        near2,
        text,
    )


# --------------------------------------------------------------------------- the event cards


@lru_cache(maxsize=32)
def deck(text: str = "") -> dict[int, Card]:
    """The 16 event cards by number, with the table's correction ``text`` (a JSON object such as
    ``{"7": {"E": 1}}``: per card number the beach counts that differ)."""
    cards = {}
    for c in _raw("cards.json")["cards"]:
        n, e, s, w = (int(c["swimmers"][b]) for b in BEACH_ORDER)
        cards[int(c["number"])] = Card(
            int(c["number"]),
            c["title"],
            (n, e, s, w),
            c["effect"],
            c["text"],
            tuple(c.get("alert", ())),
            c["confidence"],
        )
    for key, change in _overrides(text, "cards").items():
        number = int(key) if isinstance(key, str) and key.isdigit() else -1
        if number not in cards:
            raise IllegalAction("There is no event card {number}.", number=str(key))
        if not isinstance(change, dict) or not set(change) <= {*BEACH_ORDER, "alert"}:
            raise IllegalAction(
                "A card correction gives swimmers per beach (N, E, S, W) or the alert beaches."
            )
        card = cards[number]
        fixed = list(card.swimmers)
        for slot, beach in enumerate(BEACH_ORDER):
            if beach in change:
                value = change[beach]
                if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 9:
                    raise IllegalAction("A card places 0 to 9 swimmers on a beach.")
                fixed[slot] = value
        alert = card.alert
        if "alert" in change:
            if card.effect != "alert":
                raise IllegalAction("Only the Shark Alert! cards place extra swimmers.")
            alert = tuple(_names(change["alert"], "alert beaches"))
            if not set(alert) <= set(BEACH_ORDER):
                raise IllegalAction("A card places swimmers only at N, E, S and W.")
        cards[number] = Card(
            number,
            card.title,
            (fixed[0], fixed[1], fixed[2], fixed[3]),
            card.effect,
            card.text,
            alert,
            "TABLE",
        )
    for card in cards.values():
        if card.effect not in EFFECTS:
            raise IllegalAction("Event card {number} has an unknown effect.", number=card.number)
    return cards


def check_text(value: str, what: str) -> str:
    """A correction as one word of the notation (compact JSON, no spaces), checked."""
    if not value:
        return ""
    data = _overrides(value, what)
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    if " " in text:
        raise IllegalAction("A space name or a card correction may not contain blanks.")
    if what == "map":
        amity(text)
    else:
        deck(text)
    return text


def override_keys(text: str) -> Mapping[str, Any]:
    return _overrides(text, "map")


@lru_cache(maxsize=64)
def burst_paths(board: Board, start: int) -> tuple[tuple[int, ...], ...]:
    """Speed Burst: every way to swim 1, 2 or 3 spaces in one action, never into a space twice."""
    out: list[tuple[int, ...]] = []

    def walk(path: tuple[int, ...]) -> None:
        for nxt in board.water[path[-1] if path else start]:
            if nxt == start or nxt in path:
                continue
            longer = (*path, nxt)
            out.append(longer)
            if len(longer) < 3:
                walk(longer)

    walk(())
    return tuple(out)
