"""The Fzzzt! cards: data from ``cards.json``, corrected by the table before the game.

Every card is a small frozen value with an id (``R2Na`` is the first 2-power Nut
robot, ``PNBCO`` the four-symbol production unit, ``M1`` mechanic number one).
Symbols are letters: N nut, B bolt, C cog (gear), O oil.

>>> deck = card_table("")
>>> deck["R5O"].power, deck["R5O"].points, deck["R5O"].conveyor, deck["R5O"].symbols
(5, 3, 1, 'O')
>>> deck["Ua"].symbols            # the robot upgrade serves any symbol
'NBCO'
>>> card_table('{"R5O": {"points": 4}}')["R5O"].points
4
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache
from importlib import resources
from typing import Any

from engines.core import IllegalAction
from engines.text import N_, Text

SYMBOLS = "NBCO"
SYMBOL_NAMES = {"N": N_("nut"), "B": N_("bolt"), "C": N_("cog"), "O": N_("oil")}
KINDS = ("mechanic", "robot", "upgrade", "fzzzt", "unit")
EDITABLE = ("power", "points", "conveyor", "symbols", "starter")


@dataclass(frozen=True)
class Card:
    id: str
    kind: str
    power: int
    points: int
    conveyor: int
    symbols: str
    confidence: str
    mechanic: int = 0
    starter: int = 0

    @property
    def is_robot(self) -> bool:
        """Counts as a robot card (the upgrade does, the rulebook says)."""
        return self.kind in ("robot", "upgrade")

    @cached_property
    def mask(self) -> int:
        return symbol_mask(self.symbols)

    @property
    def signature(self) -> tuple[str, int, int, int, str]:
        """What a player sees on the card: two cards with one signature are interchangeable."""
        return (self.kind, self.power, self.points, self.conveyor, self.symbols)

    def name(self) -> str:
        """A short English name, e.g. ``robot 2 nut`` or ``unit nut+oil (6)``."""
        return self._name

    @cached_property
    def _name(self) -> str:
        syms = "+".join(SYMBOL_NAMES[s] for s in self.symbols)
        if self.kind == "robot":
            return f"robot {self.power} {syms}"
        if self.kind == "unit":
            return f"unit {syms} ({self.points})"
        if self.kind == "mechanic":
            return f"mechanic {self.mechanic}"
        return {"upgrade": "robot upgrade", "fzzzt": "Fzzzt card"}[self.kind]

    @cached_property
    def phrase(self) -> Text:
        """The card's name inside a sentence, translatable word by word:
        ``robot {power} {symbols}`` with each symbol its own msgid ("nut" is "Mutter" in German).

        >>> from engines.text import translate
        >>> translate(card_table("")["PNO"].phrase)
        'unit nut+oil (6)'
        """
        if self.kind == "robot":
            return Text("robot {power} {symbols}",
                        {"power": self.power, "symbols": symbols_phrase(self.symbols)})
        if self.kind == "unit":
            return Text("unit {symbols} ({points})",
                        {"symbols": symbols_phrase(self.symbols), "points": self.points})
        if self.kind == "mechanic":
            return Text("mechanic {number}", {"number": self.mechanic})
        return Text({"upgrade": N_("robot upgrade"), "fzzzt": N_("Fzzzt card")}[self.kind])

    def to_json(self) -> dict[str, Any]:
        # "label": its name as words each phone reads in its language (the English name() is not sent:
        # no page draws it, and a payload holds every card it names, issue 41)
        return {"id": self.id, "kind": self.kind, "label": self.phrase.to_json(),
                "power": self.power,
                "points": self.points, "conveyor": self.conveyor, "symbols": self.symbols,
                "confidence": self.confidence}


def symbols_phrase(symbols: str) -> Text:
    """Symbol letters as words joined by ``+`` (each word a msgid of its own)."""
    out = Text(SYMBOL_NAMES[symbols[0]])
    for s in symbols[1:]:
        out = Text("{first}+{then}", {"first": out, "then": Text(SYMBOL_NAMES[s])})
    return out


def names_phrase(names: list[Text]) -> Text:
    """Several card names as one list, each translated ("nothing" for none)."""
    if not names:
        return Text("nothing")
    out = names[0]
    for name in names[1:]:
        out = Text("{list}, {name}", {"list": out, "name": name})
    return out


def symbol_mask(symbols: str) -> int:
    return sum(1 << SYMBOLS.index(s) for s in set(symbols))


def _raw_cards() -> list[dict[str, Any]]:
    text = resources.files("engines.fzzzt").joinpath("cards.json").read_text(encoding="utf-8")
    cards: list[dict[str, Any]] = json.loads(text)["cards"]
    return cards


def parse_overrides(text: str) -> dict[str, dict[str, Any]]:
    """The ``card_overrides`` option: JSON ``{"card id": {"points": 4, ...}}``, checked."""
    if not text:
        return {}
    try:
        data = json.loads(text)
    except ValueError:
        raise IllegalAction("The card corrections are not valid JSON.") from None
    if not isinstance(data, dict):
        raise IllegalAction('The card corrections must look like {{"R5O": {{"points": 4}}}}.')
    known = {c["id"]: c for c in _raw_cards()}
    out: dict[str, dict[str, Any]] = {}
    for cid, fields in data.items():
        if cid not in known:
            raise IllegalAction("There is no card {card} to correct.", card=cid)
        if not isinstance(fields, dict) or not fields:
            raise IllegalAction("Say which values of card {card} to correct.", card=cid)
        for key, value in fields.items():
            if key not in EDITABLE:
                raise IllegalAction("Card {card} has no value {field} to correct; choose one of {choices}.",
                                    card=cid, field=key, choices=", ".join(EDITABLE))
            if key == "symbols":
                ok = isinstance(value, str) and len(set(value)) == len(value) and set(value) <= set(SYMBOLS)
                if not ok:
                    raise IllegalAction("Symbols are letters from NBCO (nut, bolt, cog, oil), each once.")
            elif key == "starter":
                if known[cid]["kind"] != "robot" or value not in (0, 1, 2, 3, 4) or isinstance(value, bool):
                    raise IllegalAction("Only a robot can be a starter, of mechanic 1 to 4 (0: none).")
            elif key == "conveyor":
                if value not in (1, 2, 3, 4, 8) or isinstance(value, bool):
                    raise IllegalAction("A conveyor number is 1, 2, 3, 4 or 8.")
            elif isinstance(value, bool) or not isinstance(value, int) or not -20 <= value <= 20:
                raise IllegalAction("The {field} of card {card} must be a whole number.", card=cid, field=key)
        out[cid] = dict(fields)
    return out


@lru_cache(maxsize=64)
def card_table(overrides: str) -> dict[str, Card]:
    """Every card by id, with the table's corrections applied (an empty string: the defaults)."""
    fixes = parse_overrides(overrides)
    table: dict[str, Card] = {}
    for raw in _raw_cards():
        card = Card(id=raw["id"], kind=raw["kind"], power=raw["power"], points=raw["points"],
                    conveyor=raw["conveyor"], symbols=raw["symbols"], confidence=raw["confidence"],
                    mechanic=raw.get("mechanic", 0), starter=raw.get("starter", 0))
        if card.id in fixes:
            card = replace(card, confidence="TABLE", **fixes[card.id])
        table[card.id] = card
    for number in range(1, 5):
        count = sum(1 for c in table.values() if c.starter == number)
        if count != 3:
            raise IllegalAction("Mechanic {number} needs exactly three starter robots, not {count}.",
                                number=number, count=count)
    return table


