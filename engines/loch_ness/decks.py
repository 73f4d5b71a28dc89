"""The two decks: 45 tool cards and 50 discovery cards, checked against the rulebook's totals.

The rulebook's contents list prints only totals ("45 gereedschapskaarten (6 van 4 soorten, 7 van 3
andere soorten)", "50 ontdekkingskaarten (7 per kleur = 28, verder water- en landkaartjes)"). Which
tools have 7 copies, the water/land split and the kinds per card are unknown: ``decks.json`` holds
DEFAULT guesses, a board may carry its own ``decks``, and the option ``tools_with_seven`` corrects
the tool split at the table.

A discovery group is ``{"kind", "back": "water"|"land", "colour": 0 (none) or 1-4, "count",
"iv": true if the cards are marked IV}``; ``"colour": [1, 2, 3, 4]`` is short for one group per
colour with that count each.

>>> d = default_decks()
>>> sum(d.tools), sum(g.count for g in d.groups), sum(g.count for g in d.in_play(3))
(45, 50, 43)
>>> [str(p) for p in check_decks({"tools": {"motor": 8}, "discoveries": []})[1]][:1]
['The tool cards add up to 8; the rulebook has 45 (6 of four kinds and 7 of the three others).']
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from engines.loch_ness.words import BACKS, FIND_CODE, FIND_WORD, FINDS, TOOL_CODE, TOOL_WORD, TOOLS
from engines.text import Text

TOOL_TOTAL = 45
SIX, SEVEN = 6, 7
SEVENS = 3
"""Tool kinds with SEVEN cards; the other four have SIX (which ones, the rulebook does not say)."""
TOOL_SPLIT = sorted([SIX] * (len(TOOLS) - SEVENS) + [SEVEN] * SEVENS)
DISCOVERY_TOTAL = 50
PER_COLOUR = 7
COLOURS = 4


@dataclass(frozen=True)
class Group:
    """``count`` discovery cards of one kind, back and colour."""

    kind: str        # a code of FINDS
    back: str        # water | land
    colour: int      # 0: no colour; 1-4: a player's colour (the advanced placement)
    count: int
    iv: bool = False  # marked IV: left out with 3 players

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": FIND_WORD[self.kind], "back": self.back, "colour": self.colour,
                               "count": self.count}
        if self.iv:
            out["iv"] = True
        return out


@dataclass(frozen=True)
class Decks:
    tools: tuple[int, ...]          # copies per tool, in the order of TOOLS
    groups: tuple[Group, ...]

    def in_play(self, players: int) -> tuple[Group, ...]:
        """The discovery groups used: "Met 3 spelers worden de kaartjes die gemarkeerd zijn met IV
        niet gebruikt"."""
        return tuple(g for g in self.groups if not (g.iv and players < 4))

    def cards(self, players: int, back: str | None = None, colour: int | None = None) -> list[str]:
        """Every card in play as ``kind+back`` codes (``Yw``), optionally of one back or colour."""
        return [g.kind + g.back[0] for g in self.in_play(players)
                if (back is None or g.back == back) and (colour is None or g.colour == colour)
                for _ in range(g.count)]

    def to_json(self) -> dict[str, Any]:
        return {"tools": {TOOL_WORD[c]: n for c, n in zip(TOOLS, self.tools, strict=True)},
                "discoveries": [g.to_json() for g in self.groups]}

    def with_sevens(self, kinds: tuple[str, ...]) -> Decks:
        """These decks with 7 copies of ``kinds`` (tool codes) and 6 of the others."""
        return Decks(tuple(SEVEN if c in kinds else SIX for c in TOOLS), self.groups)


def _whole(value: object, low: int, high: int) -> int | None:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        return None
    return value


def check_tools(data: object) -> tuple[tuple[int, ...] | None, list[Text]]:
    if not isinstance(data, dict):
        return None, [Text("The tool cards must be an object of tool kinds and their counts.")]
    counts = dict.fromkeys(TOOLS, 0)
    for name, value in data.items():
        code = TOOL_CODE.get(name) if isinstance(name, str) else None
        if code is None:
            return None, [Text("There is no tool called {name}; the tools are {tools}.",
                               {"name": str(name), "tools": ", ".join(TOOL_WORD.values())})]
        count = _whole(value, 0, TOOL_TOTAL)
        if count is None:
            return None, [Text("The count of {tool} must be a whole number from 0 to 45.", {"tool": name})]
        counts[code] = count
    tools = tuple(counts[c] for c in TOOLS)
    if sum(tools) != TOOL_TOTAL:
        return None, [Text("The tool cards add up to {count}; the rulebook has 45 (6 of four kinds and 7 "
                           "of the three others).", {"count": sum(tools)})]
    if sorted(tools) != TOOL_SPLIT:
        return None, [Text("The rulebook has 6 cards of four tool kinds and 7 of the three others; these "
                           "decks have {counts}.",
                           {"counts": ", ".join(f"{TOOL_WORD[c]} {n}" for c, n in zip(TOOLS, tools,
                                                                                      strict=True))})]
    return tools, []


def check_groups(data: object) -> tuple[tuple[Group, ...] | None, list[Text]]:
    shape = Text("The discovery cards must be a list of groups, each with a kind, a back (water or land), "
                 "a colour (0 for none, 1 to 4) and a count.")
    if not isinstance(data, list) or len(data) > 200:
        return None, [shape]
    merged: dict[tuple[str, str, int, bool], int] = {}
    for item in data:
        if not isinstance(item, dict) or set(item) - {"kind", "back", "colour", "count", "iv"}:
            return None, [shape]
        name = item.get("kind")
        kind = FIND_CODE.get(name) if isinstance(name, str) else None
        if kind is None or kind not in FINDS:
            return None, [Text("There is no discovery card called {name}; the kinds are {kinds}.",
                               {"name": str(item.get("kind")),
                                "kinds": ", ".join(FIND_WORD[c] for c in FINDS)})]
        back = item.get("back")
        if back not in BACKS:
            return None, [Text("A discovery card's back is water or land, not {back}.", {"back": str(back)})]
        colours = item.get("colour", 0)
        colours = colours if isinstance(colours, list) else [colours]
        count = _whole(item.get("count"), 0, DISCOVERY_TOTAL)
        if count is None:
            return None, [Text("The count of {kind} cards must be a whole number from 0 to 50.",
                               {"kind": FIND_WORD[kind]})]
        iv = item.get("iv", False)
        if not isinstance(iv, bool):
            return None, [Text('"iv" is true for cards marked IV, else false.')]
        for colour in colours:
            if _whole(colour, 0, COLOURS) is None:
                return None, [Text("A colour is 0 (none) or 1 to 4, not {colour}.", {"colour": str(colour)})]
            key = (kind, str(back), int(colour), iv)
            merged[key] = merged.get(key, 0) + count
    groups = tuple(Group(k, b, c, n, iv) for (k, b, c, iv), n in sorted(
        merged.items(), key=lambda kv: (kv[0][2], FINDS.index(kv[0][0]), kv[0][1], kv[0][3])) if n)
    total = sum(g.count for g in groups)
    if total != DISCOVERY_TOTAL:
        return None, [Text("The discovery cards add up to {count}; the rulebook has 50 (7 of each of the 4 "
                           "colours, the rest water and land cards).", {"count": total})]
    for colour in range(1, COLOURS + 1):
        have = sum(g.count for g in groups if g.colour == colour)
        if have != PER_COLOUR:
            return None, [Text("Colour {colour} has {count} discovery cards; the rulebook has 7 of each "
                               "colour.",
                               {"colour": colour, "count": have})]
    return groups, []


def check_decks(data: object) -> tuple[Decks | None, list[Text]]:
    """The decks of a board (or the defaults' file), or the problems, each one sentence."""
    if not isinstance(data, dict) or set(data) - {"tools", "discoveries"}:
        return None, [Text("The decks must be an object with tools and discoveries.")]
    base = default_decks() if data.get("tools") is None or data.get("discoveries") is None else None
    problems: list[Text] = []
    tools: tuple[int, ...] | None = base.tools if base and data.get("tools") is None else None
    if tools is None:
        tools, found = check_tools(data.get("tools"))
        problems += found
    groups = base.groups if base and data.get("discoveries") is None else None
    if groups is None:
        groups, found = check_groups(data.get("discoveries"))
        problems += found
    if problems or tools is None or groups is None:
        return None, problems
    return Decks(tools, groups), []


@cache
def default_decks() -> Decks:
    raw = json.loads((Path(__file__).parent / "decks.json").read_text(encoding="utf-8"))
    tools, p1 = check_tools(raw["tools"])
    groups, p2 = check_groups(raw["discoveries"])
    assert tools is not None and groups is not None, (p1, p2)
    return Decks(tools, groups)


def parse_sevens(text: str) -> tuple[str, ...] | None:
    """``"shovel,thief,weapon"`` as tool codes, or None when it does not name three different tools.

    >>> parse_sevens("camera, motor,diving_suit"), parse_sevens("motor,motor,camera")
    (('c', 'd', 'm'), None)
    """
    names = [w.strip() for w in text.replace(";", ",").split(",") if w.strip()]
    codes = {TOOL_CODE.get(n.replace(" ", "_").lower()) for n in names}
    if len(names) != SEVENS or None in codes or len(codes) != SEVENS:
        return None
    return tuple(sorted(c for c in codes if c is not None))


__all__ = ["Decks", "Group", "check_decks", "default_decks", "parse_sevens"]
