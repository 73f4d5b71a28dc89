"""Act 2's part of the working position and its notation.

A :class:`Voyage` is what Act 2 reads of a game: the shared part (:class:`engines.jaws.position.Position`),
Act 2's options (the Orca's layout, how the resurface deck and the dice are drawn, the companion's
own draws) and, once Act 2 has begun, :class:`Act2`: the Orca at one moment, the mutable half of
the state pattern (:class:`engines.core.Working`), copied with the position at every step. Act 2's
notation is one compact JSON word (``act2=...``) beside the options' words; a key left out keeps its
start value, so a test writes only what matters::

    jaws acts=2 act=2 phase=orca players=2 roles=S/BHQ act2={"phase":"bite","tiles":"iiddiixi"}

The shark's ability cards (16 = 8 kinds x 2, MED) are data: ``abilities.json``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, fields
from functools import lru_cache
from typing import Any, Self

import engines.jaws.box as boxes
from engines.core import Working
from engines.jaws.box import (
    ALONE,
    TRACKS,
    Box,
    Gear,
    Resurface,
    Tile,
    gear,
    resurface,
    tile,
)
from engines.jaws.common import HERE, ROLES
from engines.jaws.orca import layout as orcas
from engines.jaws.orca.layout import DESTROYED, ZONES, Layout
from engines.jaws.position import Acts, Position
from engines.rng import Rng

PHYSICAL, DIGITAL = "physical", "digital"
SHARK = 3  # the shark's place in the wound tracks (after Brody, Hooper, Quint)
CHIPS = "ABC"
TILE_LETTERS = "idx"  # intact, damaged, destroyed
# a pending roll: [purpose, who (role, or SHARK), dice, bonus hits]
ROLL_CREW, ROLL_BITE, ROLL_SECOND, ROLL_EXTRA, ROLL_DOMINO = "crew", "bite", "second", "extra", "domino"
PHASES = (
    "carry",
    "tiles",
    "tracks",
    "gear",
    "place",  # setup
    "turn",
    "decide",
    "prep",
    "bait",  # phases 1-3
    "attack",
    "roll",
    "ammo",
    "ram",
    "bite",
    "cage",
    "maul",
    "domino",
    "second",  # phases 4-6
    "over",
)
# the phases where the table (the host, or a reader's phone) enters what the real game shows
READINGS = frozenset({"carry", "tiles", "tracks", "gear", "turn", "roll"})


@dataclass(frozen=True)
class Ability:
    code: str
    title: str
    text: str
    copies: int


@lru_cache(maxsize=1)
def abilities() -> tuple[Ability, ...]:
    raw = json.loads((HERE / "abilities.json").read_text(encoding="utf-8"))
    return tuple(Ability(k["code"], k["title"], k["text"], int(k["copies"])) for k in raw["kinds"])


def ability_code(kind: int) -> str:
    return abilities()[kind].code


(
    EXTRA_STRENGTH,
    SECOND_HELPING,
    MAUL_AGAIN,
    BIG_MOUTH,
    RAMMING_SPEED,
    DOMINO_EFFECT,
    HARD_TARGET,
    MAKING_WAVES,
) = range(8)


def _tiles_list() -> list[Tile | None]:
    return [None] * ZONES


@dataclass(eq=False)
class Act2(Working):
    """Everything about Act 2 at one moment, secrets included (never sent to a phone as is)."""

    layout: Layout
    box: Box
    deck_mode: str
    dice_mode: str
    rng: Rng
    eaten: int = -1  # Act 1's swimmer track; -1 when Act 2 is played alone
    phase: str = "carry"
    round: int = 0
    # the numbers of this box, given by the profile or entered at this table
    carry: list[int] = field(default_factory=list)  # [ability cards, gear cards] once known
    specs: list[Tile | None] = field(default_factory=_tiles_list)
    tracks: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    faces: list[int] = field(default_factory=list)
    entered: list[str] = field(default_factory=list)  # what the table entered here (the companion learns it)
    # the resurface deck: digital, the draw pile (top first) and the discard pile; physical, the
    # cards turned since the deck was last shuffled
    draw: list[Resurface] = field(default_factory=list)
    discard: list[Resurface] = field(default_factory=list)
    turned: list[Resurface] = field(default_factory=list)
    most: list[Resurface] = field(default_factory=list)  # the most cards turned in one pass (learning)
    options: list[Resurface | None] = field(default_factory=lambda: [None, None, None])
    # the shark
    hand: list[int] = field(default_factory=list)  # ability kinds (secret)
    adeck: list[int] = field(default_factory=list)  # the rest of the ability deck (secret)
    shown: int = 0  # the hand's size as the crew sees it (as the round began)
    chip: int = -1  # its secret choice: 0-2 (A-C), and the ability card under the chip (-1: none)
    card: int = -1
    locked: bool = False
    baited: int = -1  # the chip the shark showed for the bait
    surfaced: int = -1  # the zone whose water space the shark is in (phases 4-6)
    played: int = -1  # the ability card revealed this round
    wounds: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    # the boat and the crew
    tiles: list[int] = field(default_factory=lambda: [0] * ZONES)
    out: list[bool] = field(default_factory=lambda: [False, False, False])
    at: list[int] = field(default_factory=lambda: [-1, -1, -1])  # spaces (engines.jaws.orca)
    gear: list[Gear] = field(default_factory=list)  # every gear card of this game, by id
    kit: list[list[int]] = field(default_factory=lambda: [[], [], []])  # per member: the ids held
    moved: list[int] = field(default_factory=lambda: [0, 0, 0])
    weapon: list[int] = field(default_factory=lambda: [-1, -1, -1])
    target: list[int] = field(default_factory=lambda: [-1, -1, -1])
    ready: list[bool] = field(default_factory=lambda: [False, False, False])
    attached: list[list[int]] = field(
        default_factory=list
    )  # [gear id, role] of entangle weapons on the shark
    bait: bool = False
    decided: list[int] = field(default_factory=lambda: [0, 0, 0])  # phase 5: 1 attacked, 2 held back
    caged: list[bool] = field(default_factory=lambda: [False, False, False])
    asked: list[bool] = field(default_factory=lambda: [False, False, False])  # the shark cage was offered
    roll: list[Any] = field(default_factory=list)  # a pending roll: [purpose, who, dice, bonus]
    dice: list[int] = field(default_factory=list)  # the last digital roll, die by die (Maul Again)
    hits: int = 0
    bite: int = -1  # the shark's target this round: a zone's tile (0-7), or 8 + a crew member
    rammed: bool = False
    mauled: bool = False
    helped: bool = False  # Second Helping's attack made (or declined)
    offered: bool = False  # the shark cage was offered this round
    domino: int = -1  # Domino Effect: the tile whose neighbour takes 2 hits, while the shark chooses it
    extra: list[int] = field(default_factory=list)  # crew members still to get an extra attack
    winner: str = ""

    # -- small facts ---------------------------------------------------------------

    def alive(self) -> list[int]:
        out = self.out
        return [r for r in (0, 1, 2) if not out[r]]

    def evade(self) -> int:
        """The shark's evade value now: its card's (Hard Target: 3), changed by attached gear."""
        chosen = self.options[self.chip] if self.chip >= 0 else None
        base = 3 if self.played == HARD_TARGET else chosen.evade if chosen is not None else 0
        return max(0, base + sum(self.gear[g].evade for g, _ in self.attached))

    def shark_dice(self) -> int:
        chosen = self.options[self.chip] if self.chip >= 0 else None
        base = chosen.dice if chosen is not None else 0
        return max(0, base + sum(self.gear[g].shark_dice for g, _ in self.attached))

    def holds(self, r: int, kind: str) -> list[int]:
        return [g for g in self.kit[r] if self.gear[g].kind == kind]

    def in_water(self, r: int) -> bool:
        return self.at[r] >= ZONES

    def boat_left(self) -> int:
        return sum(1 for t in self.tiles if t != DESTROYED)

    # -- notation --------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in fields(self):
            if f.name in _OPTIONS or f.name in Working.per_step:
                continue
            value = getattr(self, f.name)
            out[f.name] = _encode(f.name, value)
        return out

    def notation(self) -> str:
        return json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"), ensure_ascii=True).replace(
            " ", "\\u0020"
        )

    @classmethod
    def new(cls, layout: Layout, box: Box, deck_mode: str, dice_mode: str, rng: Rng) -> Act2:
        return cls(layout=layout, box=box, deck_mode=deck_mode, dice_mode=dice_mode, rng=rng)

    @classmethod
    def load(cls, text: str, layout: Layout, box: Box, deck_mode: str, dice_mode: str, rng: Rng) -> Act2:
        """From its notation; a key left out keeps its start value."""
        data = json.loads(text)
        if not isinstance(data, dict):
            raise ValueError(text)
        a = cls.new(layout, box, deck_mode, dice_mode, rng)
        names = {f.name for f in fields(cls)} - set(_OPTIONS)
        for key, value in data.items():
            if key not in names:
                raise ValueError(key)
            setattr(a, key, _decode(key, value, getattr(a, key)))
        if a.phase not in PHASES:
            raise ValueError(a.phase)
        if len(a.tiles) != ZONES or len(a.at) != 3 or len(a.wounds) != 4 or len(a.options) != 3:
            raise ValueError("sizes")
        return a


_OPTIONS = ("layout", "box", "deck_mode", "dice_mode")


def _encode(name: str, value: Any) -> Any:
    if name == "rng":
        return str(value)
    if name == "tiles":
        return "".join(TILE_LETTERS[t] for t in value)
    if name == "specs":
        return [t.to_json() if t is not None else None for t in value]
    if name in ("draw", "discard", "turned", "most"):
        return [c.word() for c in value]
    if name == "options":
        return [c.word() if c is not None else None for c in value]
    if name == "gear":
        return [g.to_json() for g in value]
    return value


def _card(word: str) -> Resurface:
    zone, evade, dice, shake = word.split(":")
    return resurface({"zone": zone, "evade": int(evade), "dice": int(dice), "shake_off": shake == "s"}, "")


def _decode(name: str, value: Any, default: Any) -> Any:
    if name == "rng":
        return Rng.parse(str(value))
    if name == "tiles":
        return [TILE_LETTERS.index(c) for c in str(value)]
    if name == "specs":
        return [tile(t, z + 1) if t is not None else None for z, t in enumerate(value)]
    if name in ("draw", "discard", "turned", "most"):
        return [_card(w) for w in value]
    if name == "options":
        return [_card(w) if w is not None else None for w in value]
    if name == "gear":
        return [gear(g, i + 1) for i, g in enumerate(value)]
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise ValueError(name)
        return value
    if isinstance(default, int):
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(name)
        return value
    if isinstance(default, str):
        return str(value)
    if isinstance(default, list):
        if not isinstance(value, list):
            raise ValueError(name)
        return [list(v) if isinstance(v, list) else v for v in value]
    return value


def learned(a: Act2) -> Box:
    """What the table entered at this table (not what its profile already gave): a profile of its own."""
    tiles = tuple(a.specs[z] if f"tile:{z}" in a.entered else None for z in range(ZONES))
    tracks = tuple(a.tracks[i] if f"track:{i}" in a.entered else 0 for i in range(4))
    faces = ()  # the dice faces come only from the host's editor (digital dice need them at the start)
    carry = ((min(a.eaten, 9), a.carry[0], a.carry[1]),) if "carry" in a.entered and a.eaten >= 0 else ()
    gear = tuple(a.gear[int(e[5:])] for e in a.entered if e.startswith("gear:"))
    return Box(a.box.name, tiles, tuple(a.most), gear, tracks, faces, carry)


def carry_over(box: Box, eaten: int) -> tuple[int, int] | None:
    """How many ability cards the shark and gear cards the crew get (rulebook, Act 2 setup: as many as
    the swimmer track shows; Act 2 alone: 6 and 7). ``None``: the table must read it off the board."""
    if eaten < 0:
        return ALONE
    return box.carry_for(min(eaten, 9))


@dataclass(eq=False, kw_only=True)
class Voyage(Position):
    """What Act 2 reads of a game: the shared part, Act 2's options, and Act 2 once it has begun."""

    layout: Layout = field(default_factory=orcas.orca)  # the Orca's zones, with the table's corrections
    deck_mode: str = PHYSICAL  # the resurface deck: PHYSICAL (the table enters each card) or DIGITAL
    dice_mode: str = PHYSICAL  # the red dice: PHYSICAL (the roller enters the hits) or DIGITAL
    rng: Rng = field(default_factory=lambda: Rng.from_seed(0))  # Act 2's own draws (digital deck and dice)
    act2: Act2 | None = None  # Act 2, once it has begun

    def copy(self) -> Self:
        new = super().copy()
        if new.act2 is not None:
            new.act2 = new.act2.copy()
        return new

    def orca(self) -> Act2:
        """Act 2's working position (only asked once Act 2 has begun)."""
        assert self.act2 is not None
        return self.act2

    def voyage_words(self) -> list[str]:
        """Act 2's words of the notation: its options (and the box profile) unless Act 1 is played
        alone, then Act 2 itself once it has begun."""
        words = []
        if self.acts is not Acts.AMITY:
            if self.layout.text:
                words.append(f"orca={self.layout.text}")
            if self.box != Box():
                words.append(f"box={boxes.canonical(self.box)}")
            words.append(f"deck={self.deck_mode} dice={self.dice_mode} rng={self.rng}")
        if self.act2 is not None:
            words.append(f"act2={self.act2.notation()}")
        return words


def read_options(f: dict[str, str]) -> tuple[Layout, Box, str, str]:
    """Act 2's options (and the box profile) from a notation's words: the Orca's layout with the
    table's corrections, the box, how the deck and the dice are drawn (checked against the box)."""
    layout = orcas.orca(orcas.check_text(f.get("orca", "")))
    box = boxes.read(f.get("box", ""))
    deck_mode, dice_mode = f.get("deck", PHYSICAL), f.get("dice", PHYSICAL)
    if deck_mode not in (PHYSICAL, DIGITAL) or dice_mode not in (PHYSICAL, DIGITAL):
        raise ValueError(deck_mode)
    boxes.check_modes(box, deck_mode, dice_mode)
    return layout, box, deck_mode, dice_mode


def read_voyage(p: Voyage, f: dict[str, str]) -> None:
    """Act 2's words of a notation into ``p`` (the act already read): its draws and Act 2 itself,
    there exactly when the act is 2."""
    if "rng" in f:
        p.rng = Rng.parse(f["rng"])
    if "act2" in f:
        p.act2 = Act2.load(f["act2"], p.layout, p.box, p.deck_mode, p.dice_mode, p.rng)
        if p.act != 2:
            raise ValueError("act2")
    elif p.act == 2:
        raise ValueError("act2")


__all__ = ["ROLES", "TRACKS", "Act2", "Voyage", "abilities", "carry_over"]
