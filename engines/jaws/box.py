"""A box profile: the printed numbers of one copy of Jaws that no public source gives.

The boat tiles' hits, the 16 resurface cards, the 22 gear cards, the wound tracks, the faces of the
red dice and the Act 1 -> Act 2 carry-over table are entered by the table (docs/jaws.md, "The box
profile"): as they are turned, at setup, or in the host's editor. So are the printed titles of the 24
event and ability cards in a Dutch or German box (``titles``; the catalogues' are the project's own
wording) and the letter that box's board prints for the east beach (``east``: E, the default, or O),
typed in the host's editor. The companion keeps them per box
and hands them to a game as its ``box`` option (JSON); a game asks the table for whatever its box
lacks, and the companion learns what was entered (:func:`merge`). Nothing here is a printed number:
the bounds below only catch typing mistakes.

>>> b = parse({"name": "Ours", "dice": [0, 0, 1, 1, 2, 3], "wounds": {"shark": 12}})
>>> b.faces, b.tracks, b.name
((0, 0, 1, 1, 2, 3), (0, 0, 0, 12), 'Ours')
>>> problems({"resurface": [{"zone": "9", "evade": 1, "dice": 2, "shake_off": False}]})[0].params["field"]
'zone'
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from engines.core import IllegalAction
from engines.jaws.common import HERE
from engines.text import LANGUAGES, N_, Text

FORMAT = "jaws-box/1"
ZONE_NAMES = ("1", "2", "3", "4", "5", "6", "7", "8")
OWNERS = ("brody", "hooper", "quint", "crew")
KINDS = ("melee", "ranged", "entangle", "bait", "ammo", "cage")
WEAPONS = ("melee", "ranged", "entangle")
TRACKS = ("brody", "hooper", "quint", "shark")
RESURFACE_CARDS = 16  # the component list (HIGH)
GEAR_CARDS = 22  # the component list (HIGH)
OWN_CARDS = 2  # "each crew member gets their two own gear cards" (rulebook, Act 2 setup: HIGH)
CREW_DECK = GEAR_CARDS - 3 * OWN_CARDS  # 16: the crew's shared deck (HIGH: 22 less 3 x 2)
ABILITY_CARDS = 16
DICE_IN_BOX = 3
KNOWN_CARRY = {7: (8, 5)}  # rulebook, Act 2 setup, its example: 7 eaten -> 8 ability cards, 5 gear cards
ALONE = (6, 7)  # rulebook, "playing Act 2 alone": the shark 6 ability cards, the crew 7 gear cards
MAX_NAME = 40
MAX_TEXT = 200
MAX_TITLE = 60  # a card title the table typed (the longest English one has 26 characters)
TITLED = tuple(lang for lang in LANGUAGES if lang != "en")  # whose boxes' titles we do not know
EVENT_CARDS = 16
EAST = ("E", "O")  # what a board may print for the east beach (Ost, oost); E is the default
_KEYS = ("format", "name", "tiles", "resurface", "gear", "wounds", "dice", "carry", "titles", "east")


@lru_cache(maxsize=1)
def title_cards() -> tuple[str, ...]:
    """The 24 cards whose titles a box prints: the event cards "1" to "16", then the shark's 8 kinds of
    ability card by code (abilities.json)."""
    kinds = json.loads((HERE / "abilities.json").read_text(encoding="utf-8"))["kinds"]
    return (*(str(n) for n in range(1, EVENT_CARDS + 1)), *(str(k["code"]) for k in kinds))


WHERE = {
    "tile": N_("Boat tile {number}"),
    "resurface": N_("Resurface card {number}"),
    "gear": N_("Gear card {number}"),
    "wounds": N_("The wound tracks"),
    "dice": N_("The dice faces"),
    "carry": N_("The carry-over for {number} swimmers eaten"),
    "profile": N_("The box profile"),
}


@dataclass(frozen=True)
class Tile:
    """A boat tile's numbers: hits that damage it, hits that destroy it at once, and on its damaged
    side the hits that destroy it."""

    damage: int
    destroy: int
    damaged: int

    def to_json(self) -> dict[str, int]:
        return {"damage": self.damage, "destroy": self.destroy, "damaged": self.damaged}


@dataclass(frozen=True)
class Resurface:
    """A resurface card: the zone (0-7) where the shark comes up, its evade value, its dice and
    whether it shows the shake-off symbol."""

    zone: int
    evade: int
    dice: int
    shake: bool
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash((self.zone, self.evade, self.dice, self.shake)))

    def __hash__(self) -> int:  # made once: the playouts count cards in Counters many times a step
        return self._hash

    def to_json(self) -> dict[str, Any]:
        return {
            "zone": ZONE_NAMES[self.zone],
            "evade": self.evade,
            "dice": self.dice,
            "shake_off": self.shake,
        }

    def word(self) -> str:
        """The card as one word of the notation: ``3:2:2:s`` (zone, evade, dice, shake-off)."""
        return f"{ZONE_NAMES[self.zone]}:{self.evade}:{self.dice}:{'s' if self.shake else '-'}"


@dataclass(frozen=True)
class Gear:
    """A gear card as far as the rules use it: whose it is, its kind, dice and +1 symbol, whether it
    is discarded after an attack, whether it lets its user move the target chip, and (an entangle
    weapon) what it does to the shark while attached. ``text`` is the card's own words."""

    name: str
    owner: str
    kind: str
    dice: int = 0
    plus_one: bool = False
    discard: bool = False
    retarget: bool = False
    evade: int = 0
    shark_dice: int = 0
    text: str = ""
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        values = (self.name, self.owner, self.kind, self.dice, self.plus_one, self.discard, self.retarget)
        object.__setattr__(self, "_hash", hash((*values, self.evade, self.shark_dice, self.text)))

    def __hash__(self) -> int:  # made once: the playouts count gear cards in Counters
        return self._hash

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "owner": self.owner,
            "kind": self.kind,
            "dice": self.dice,
            "plus_one": self.plus_one,
            "discard": self.discard,
            "retarget": self.retarget,
            "evade": self.evade,
            "shark_dice": self.shark_dice,
            "text": self.text,
        }

    @property
    def weapon(self) -> bool:
        return self.kind in WEAPONS


@dataclass(frozen=True)
class Box:
    """A profile, checked: what the table has entered so far (0 or ``None`` where it has not)."""

    name: str = ""
    tiles: tuple[Tile | None, ...] = (None,) * 8
    resurface: tuple[Resurface, ...] = ()
    gear: tuple[Gear, ...] = ()
    tracks: tuple[int, ...] = (0, 0, 0, 0)
    faces: tuple[int, ...] = ()
    carry: tuple[tuple[int, int, int], ...] = ()  # (eaten, ability cards, gear cards)
    titles: tuple[tuple[str, str, str], ...] = ()  # (language, card, its printed title), sorted
    east: tuple[tuple[str, str], ...] = ()  # (language, the letter its board prints for E), sorted

    def title(self, card: str, english: str) -> Text:
        """A card's title as a sentence names it: our wording (``english``, translated), or in each
        language the table typed it in, the box's own words (:attr:`Text.printed`).

        >>> str(Box(titles=(("de", "2", "Amity in den Nachrichten"),)).title("2", "Amity Island in the News"))
        'Amity Island in the News'
        >>> Box(titles=(("de", "2", "Amity in den Nachrichten"),)).title("2", "x").printed
        {'de': 'Amity in den Nachrichten'}
        """
        return Text(english, printed={lang: said for lang, key, said in self.titles if key == card})

    def east_letters(self) -> dict[str, str]:
        """The languages whose board prints another letter than E for the east beach: {"de": "O"}."""
        return {lang: letter for lang, letter in self.east if letter != "E"}

    def carry_for(self, eaten: int) -> tuple[int, int] | None:
        known = {e: (s, c) for e, s, c in self.carry}
        return known.get(eaten) or KNOWN_CARRY.get(eaten)

    def own(self, role: int) -> list[Gear]:
        return [g for g in self.gear if g.owner == OWNERS[role]]

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"format": FORMAT, "name": self.name}
        out["tiles"] = {ZONE_NAMES[z]: t.to_json() for z, t in enumerate(self.tiles) if t is not None}
        out["resurface"] = [c.to_json() for c in self.resurface]
        out["gear"] = [g.to_json() for g in self.gear]
        out["wounds"] = {who: n for who, n in zip(TRACKS, self.tracks, strict=True) if n}
        if self.faces:
            out["dice"] = list(self.faces)
        out["carry"] = {str(e): {"shark": s, "crew": c} for e, s, c in self.carry}
        if self.titles:
            out["titles"] = {
                lang: {card: said for lg, card, said in self.titles if lg == lang}
                for lang in dict.fromkeys(lang for lang, _, _ in self.titles)
            }
        if self.east:
            out["east"] = dict(self.east)
        return out

    def status(self) -> dict[str, Any]:
        """How complete the profile is, part by part (the host's list and the table screen)."""
        own = sum(1 for g in self.gear if g.owner != "crew")
        crew = sum(1 for g in self.gear if g.owner == "crew")
        return {
            "tiles": sum(1 for t in self.tiles if t is not None),
            "tiles_of": 8,
            "resurface": len(self.resurface),
            "resurface_of": RESURFACE_CARDS,
            "own_gear": own,
            "own_gear_of": 3 * OWN_CARDS,
            "crew_gear": crew,
            "crew_gear_of": CREW_DECK,
            "wounds": sum(1 for n in self.tracks if n),
            "wounds_of": 4,
            "dice": bool(self.faces),
            "carry": sorted({e for e, _, _ in self.carry} | set(KNOWN_CARRY)),
            "digital_deck": len(self.resurface) == RESURFACE_CARDS,
            "digital_dice": bool(self.faces),
            "titles": {lang: sum(1 for lg, _, _ in self.titles if lg == lang) for lang in TITLED},
            "titles_of": len(title_cards()),
            # the east beach's letter per language; "default": nobody has said what that board prints
            "east": {
                lang: {"letter": dict(self.east).get(lang, "E"), "default": lang not in dict(self.east)}
                for lang in TITLED
            },
        }


def check_modes(box: Box, deck_mode: str, dice_mode: str) -> None:
    """Digital draws only from what the profile holds: digital dice once it holds the dice's faces, a
    digital resurface deck once it holds all 16 cards. IllegalAction naming what is missing and how to
    get it; the table never has to type a whole deck or the dice's faces in to start a game."""
    if dice_mode == "digital" and not box.faces:
        raise IllegalAction(
            "Digital dice need your box's dice faces in its box profile: enter them in the host page's "
            "box profile, or play with the real dice (physical)."
        )
    if deck_mode == "digital" and len(box.resurface) < RESURFACE_CARDS:
        raise IllegalAction(
            "The digital resurface deck needs all 16 resurface cards in your box profile, which knows "
            "{known}: play with the real cards (physical) and the companion learns each card turned, "
            "or enter them in the host page's box profile.",
            known=len(box.resurface),
        )


# --------------------------------------------------------------------------- checking


class _Problem(Exception):
    def __init__(self, text: Text) -> None:
        super().__init__(str(text))
        self.text = text


WHERE_ONE = {
    "tile": N_("The boat tile"),
    "resurface": N_("The resurface card"),
    "gear": N_("The gear card"),
    "carry": N_("The carry-over"),
}


def _where(kind: str, number: int | str = "") -> Text:
    if number == "" and kind in WHERE_ONE:
        return Text(WHERE_ONE[kind])
    return Text(WHERE[kind], {"number": number} if number != "" else {})


def _fail(where: Text, msgid: str, **params: Any) -> _Problem:
    return _Problem(Text(msgid, {"where": where, **params}))


def _int(
    obj: Mapping[str, Any], key: str, where: Text, low: int, high: int, default: int | None = None
) -> int:
    if key not in obj:
        if default is not None:
            return default
        raise _fail(where, "{where}: {field} is missing.", field=key)
    value = obj[key]
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _fail(
            where,
            "{where}: {field} must be a whole number from {low} to {high}.",
            field=key,
            low=low,
            high=high,
        )
    return value


def _bool(obj: Mapping[str, Any], key: str, where: Text, default: bool | None = None) -> bool:
    if key not in obj:
        if default is not None:
            return default
        raise _fail(where, "{where}: {field} is missing.", field=key)
    if not isinstance(obj[key], bool):
        raise _fail(where, "{where}: {field} must be true or false.", field=key)
    return bool(obj[key])


def _str(obj: Mapping[str, Any], key: str, where: Text, limit: int, default: str | None = None) -> str:
    if key not in obj:
        if default is not None:
            return default
        raise _fail(where, "{where}: {field} is missing.", field=key)
    value = obj[key]
    if not isinstance(value, str) or len(value) > limit or not value.isprintable():
        raise _fail(
            where, "{where}: {field} must be text of at most {count} characters.", field=key, count=limit
        )
    return " ".join(value.split())


def _choice(obj: Mapping[str, Any], key: str, where: Text, choices: tuple[str, ...]) -> str:
    if key not in obj:
        raise _fail(where, "{where}: {field} is missing.", field=key)
    value = obj[key]
    if value not in choices:
        raise _fail(
            where, "{where}: {field} must be one of {choices}.", field=key, choices=", ".join(choices)
        )
    return str(value)


def _object(value: object, where: Text, keys: Iterable[str]) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise _fail(where, "{where} must be a JSON object.")
    extra = sorted(set(value) - set(keys))
    if extra:
        raise _fail(where, "{where}: {field} is not one of its fields.", field=extra[0])
    return value


def tile(value: object, number: int | str) -> Tile:
    where = _where("tile", number)
    obj = _object(value, where, ("damage", "destroy", "damaged"))
    damage = _int(obj, "damage", where, 1, 12)
    destroy = _int(obj, "destroy", where, 1, 12)
    damaged = _int(obj, "damaged", where, 1, 12)
    if destroy <= damage:
        raise _fail(
            where,
            "{where}: the hits to destroy it ({destroy}) must be more than the hits to damage it ({damage}).",
            destroy=destroy,
            damage=damage,
        )
    return Tile(damage, destroy, damaged)


def resurface(value: object, number: int | str) -> Resurface:
    where = _where("resurface", number)
    obj = _object(value, where, ("zone", "evade", "dice", "shake_off"))
    zone = obj.get("zone")
    if isinstance(zone, int) and not isinstance(zone, bool):
        zone = str(zone)
    if "zone" not in obj:
        raise _fail(where, "{where}: {field} is missing.", field="zone")
    if zone not in ZONE_NAMES:
        raise _fail(
            where,
            "{where}: {field} must be one of the Orca's zones, {low} to {high}.",
            field="zone",
            low=ZONE_NAMES[0],
            high=ZONE_NAMES[-1],
        )
    evade = _int(obj, "evade", where, 0, 6)
    dice = _int(obj, "dice", where, 1, DICE_IN_BOX)
    card = Resurface(ZONE_NAMES.index(str(zone)), evade, dice, _bool(obj, "shake_off", where))
    return _CARDS.setdefault(card, card)


_CARDS: dict[Resurface, Resurface] = {}
"""Every resurface card read, once (at most 8 x 7 x 3 x 2): equal cards are one object, so counting
them (the playouts do, many times a step) never compares two."""


def gear(value: object, number: int | str) -> Gear:
    where = _where("gear", number)
    obj = _object(
        value,
        where,
        ("name", "owner", "kind", "dice", "plus_one", "discard", "retarget", "evade", "shark_dice", "text"),
    )
    name = _str(obj, "name", where, MAX_NAME, "")
    owner = _choice(obj, "owner", where, OWNERS)
    kind = _choice(obj, "kind", where, KINDS)
    rolls = kind in ("melee", "ranged")
    dice = _int(obj, "dice", where, 0, DICE_IN_BOX, 0)
    if rolls and dice == 0:
        raise _fail(
            where,
            "{where}: a melee or ranged weapon rolls at least 1 die; {field} is missing or 0.",
            field="dice",
        )
    plus_one = _bool(obj, "plus_one", where, False)
    discard = _bool(obj, "discard", where, False)
    retarget = _bool(obj, "retarget", where, False)
    if not rolls and (dice or plus_one or discard or retarget):
        field = "dice" if dice else "plus_one" if plus_one else "discard" if discard else "retarget"
        raise _fail(where, "{where}: only a melee or ranged weapon has {field}.", field=field)
    evade = _int(obj, "evade", where, -3, 3, 0)
    shark_dice = _int(obj, "shark_dice", where, -3, 3, 0)
    if kind != "entangle" and (evade or shark_dice):
        raise _fail(
            where,
            "{where}: only an entangle weapon changes the shark while attached ({field}).",
            field="evade" if evade else "shark_dice",
        )
    return Gear(
        name,
        owner,
        kind,
        dice,
        plus_one,
        discard,
        retarget,
        evade,
        shark_dice,
        _str(obj, "text", where, MAX_TEXT, ""),
    )


def faces(value: object) -> tuple[int, ...]:
    where = _where("dice")
    if (
        not isinstance(value, list)
        or len(value) != 6
        or not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 3 for v in value)
    ):
        raise _fail(where, "{where}: a red die has 6 faces, each 0 to 3 hits.")
    return tuple(value)


def track(value: object, who: str) -> int:
    where = _where("wounds")
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 30:
        raise _fail(
            where, "{where}: {field} must be a whole number from {low} to {high}.", field=who, low=1, high=30
        )
    return value


def carry(eaten: int, shark: object, crew: object) -> tuple[int, int, int]:
    where = _where("carry", eaten)
    obj = {"shark": shark, "crew": crew}
    s = _int(obj, "shark", where, 0, ABILITY_CARDS)
    c = _int(obj, "crew", where, 0, CREW_DECK)
    if eaten in KNOWN_CARRY and (s, c) != KNOWN_CARRY[eaten]:
        raise _fail(
            where,
            "{where}: the rulebook's example gives the shark {shark} ability cards and the crew "
            "{crew} gear cards.",
            shark=KNOWN_CARRY[eaten][0],
            crew=KNOWN_CARRY[eaten][1],
        )
    return eaten, s, c


def _parse(data: object) -> Box:
    where = _where("profile")
    obj = _object(data, where, _KEYS)
    if obj.get("format", FORMAT) != FORMAT:
        raise _fail(where, "{where}: {field} must be {value}.", field="format", value=FORMAT)
    name = _str(obj, "name", where, MAX_NAME, "")
    tiles: list[Tile | None] = [None] * 8
    raw_tiles = obj.get("tiles", {})
    if not isinstance(raw_tiles, dict):
        raise _fail(where, "{where}: {field} must be an object of zone: numbers.", field="tiles")
    for key, value in raw_tiles.items():
        if key not in ZONE_NAMES:
            raise _fail(
                where,
                "{where}: {field} names {value}, which is not one of the Orca's zones.",
                field="tiles",
                value=str(key),
            )
        tiles[ZONE_NAMES.index(key)] = tile(value, key)
    cards = obj.get("resurface", [])
    if not isinstance(cards, list):
        raise _fail(where, "{where}: {field} must be a list.", field="resurface")
    if len(cards) > RESURFACE_CARDS:
        raise _fail(
            where,
            "{where}: a box has {count} resurface cards; this one lists {given}.",
            count=RESURFACE_CARDS,
            given=len(cards),
        )
    deck = tuple(resurface(c, i + 1) for i, c in enumerate(cards))
    raw_gear = obj.get("gear", [])
    if not isinstance(raw_gear, list):
        raise _fail(where, "{where}: {field} must be a list.", field="gear")
    kit = tuple(gear(g, i + 1) for i, g in enumerate(raw_gear))
    check_gear_counts(kit)
    wounds = obj.get("wounds", {})
    if not isinstance(wounds, dict) or not set(wounds) <= set(TRACKS):
        raise _fail(
            where, "{where}: {field} must be an object with brody, hooper, quint and shark.", field="wounds"
        )
    tracks = tuple(track(wounds[w], w) if w in wounds else 0 for w in TRACKS)
    dice = faces(obj["dice"]) if obj.get("dice") is not None else ()
    raw_carry = obj.get("carry", {})
    if not isinstance(raw_carry, dict):
        raise _fail(where, "{where}: {field} must be an object of swimmers eaten: cards.", field="carry")
    rows = []
    for key, value in raw_carry.items():
        if not (isinstance(key, str) and key.isdigit() and 0 <= int(key) <= 9):
            raise _fail(
                where,
                "{where}: {field} names {value}; the swimmer track runs from 0 to 9.",
                field="carry",
                value=str(key),
            )
        row = _object(value, _where("carry", key), ("shark", "crew"))
        rows.append(carry(int(key), row.get("shark"), row.get("crew")))
    return Box(name, tuple(tiles), deck, kit, tracks, dice, tuple(sorted(rows)), _titles(obj), _east(obj))


def _language(key: object, where: Text, what: str) -> str:
    if key not in TITLED:
        choices = ", ".join(TITLED)
        raise _fail(where, "{where}: {field} must be one of {choices}.", field=what, choices=choices)
    return str(key)


def _titles(obj: Mapping[str, Any]) -> tuple[tuple[str, str, str], ...]:
    """``{"de": {"1": "...", "big_mouth": "..."}}``: per language, the titles typed so far (plain
    text, at most :data:`MAX_TITLE` characters; an empty one is no title)."""
    where = _where("profile")
    raw = obj.get("titles", {})
    if not isinstance(raw, dict):
        raise _fail(where, "{where}: {field} must be an object of language: card titles.", field="titles")
    out = []
    for lang, cards in raw.items():
        _language(lang, where, "titles")
        if not isinstance(cards, dict):
            raise _fail(where, "{where}: {field} must be an object of card: title.", field=f"titles.{lang}")
        for card in cards:
            if card not in title_cards():
                raise _fail(
                    where,
                    "{where}: {field} names {value}, which is neither an event card (1 to 16) nor an "
                    "ability card.",
                    field=f"titles.{lang}",
                    value=str(card),
                )
            field = f"titles.{lang}.{card}"
            said = _str({field: cards[card]}, field, where, MAX_TITLE)
            if said:
                out.append((str(lang), str(card), said))
    return tuple(sorted(out))


def _east(obj: Mapping[str, Any]) -> tuple[tuple[str, str], ...]:
    """``{"de": "O"}``: per language, the letter its board prints for the east beach (E or O)."""
    where = _where("profile")
    raw = obj.get("east", {})
    if not isinstance(raw, dict):
        raise _fail(where, "{where}: {field} must be an object of language: letter.", field="east")
    for lang in raw:
        _language(lang, where, "east")
    return tuple(
        sorted((str(lang), _choice({f"east.{lang}": raw[lang]}, f"east.{lang}", where, EAST)) for lang in raw)
    )


def check_gear_counts(kit: Iterable[Gear]) -> None:
    counts = Counter(g.owner for g in kit)
    for owner in OWNERS[:3]:
        if counts[owner] > OWN_CARDS:
            raise _fail(
                _where("profile"),
                "{where}: {who} has {count} gear cards of their own; each crew member has {own}.",
                who=owner,
                count=counts[owner],
                own=OWN_CARDS,
            )
    if counts["crew"] > CREW_DECK:
        raise _fail(
            _where("profile"),
            "{where}: the crew's deck has {own} gear cards; this one lists {count}.",
            own=CREW_DECK,
            count=counts["crew"],
        )


def problems(data: object) -> list[Text]:
    """What is wrong with a profile (a parsed JSON value), each one sentence naming the field; [] if
    nothing. A profile may be partial: only what it gives is checked."""
    try:
        _parse(data)
    except _Problem as exc:
        return [exc.text]
    return []


def entry(kind: str, value: object, number: int | str = "") -> Any:
    """One thing the table enters (a ``tile``, ``resurface`` card, ``gear`` card, dice ``faces``),
    checked like a profile's; IllegalAction naming the field."""
    try:
        if kind == "tile":
            return tile(value, number)
        if kind == "resurface":
            return resurface(value, number)
        if kind == "gear":
            return gear(value, number)
        return faces(value)
    except _Problem as exc:
        raise IllegalAction(exc.text.msgid, **exc.text.params) from None


def entry_track(value: object, who: str) -> int:
    try:
        return track(value, who)
    except _Problem as exc:
        raise IllegalAction(exc.text.msgid, **exc.text.params) from None


def entry_carry(eaten: int, shark: object, crew: object) -> tuple[int, int, int]:
    try:
        return carry(eaten, shark, crew)
    except _Problem as exc:
        raise IllegalAction(exc.text.msgid, **exc.text.params) from None


def parse(data: object) -> Box:
    """A checked profile; IllegalAction with the first problem."""
    try:
        return _parse(data)
    except _Problem as exc:
        raise IllegalAction(exc.text.msgid, **exc.text.params) from None


def read(text: str) -> Box:
    """The ``box`` option: "" (no profile) or the profile's JSON text."""
    if not text:
        return Box()
    try:
        data = json.loads(text)
    except ValueError as exc:
        line, column = getattr(exc, "lineno", 1), getattr(exc, "colno", 1)
        raise IllegalAction(
            "The box profile is not JSON (line {line}, column {column}).", line=line, column=column
        ) from None
    return parse(data)


def canonical(box: Box) -> str:
    """The profile as one word of the notation: compact JSON, blanks written ``\\u0020``."""
    return json.dumps(box.to_json(), sort_keys=True, separators=(",", ":"), ensure_ascii=True).replace(
        " ", "\\u0020"
    )


def check_text(value: str) -> str:
    if not value:
        return ""
    return canonical(read(value))


# --------------------------------------------------------------------------- learning


def _multiset_max(old: Iterable[Any], new: Iterable[Any], cap: int) -> list[Any]:
    """``old`` plus, for every value, as many more of ``new`` as ``new`` has beyond ``old`` (up to
    ``cap`` in all): a card turned twice in one pass through the deck is two cards."""
    out = list(old)
    if len(out) >= cap:  # full already: nothing of ``new`` is added
        return out
    have = Counter(out)
    for value, count in Counter(new).items():
        for _ in range(count - have[value]):
            if len(out) >= cap:
                return out
            out.append(value)
    return out


def merge(stored: Box, learned: Box) -> Box:
    """``stored`` grown by what a table entered (``learned``): missing numbers filled (never a stored
    one overwritten: corrections are the host's), cards added where the box has room."""
    tiles = tuple(s if s is not None else n for s, n in zip(stored.tiles, learned.tiles, strict=True))
    tracks = tuple(s or n for s, n in zip(stored.tracks, learned.tracks, strict=True))
    deck = tuple(_multiset_max(stored.resurface, learned.resurface, RESURFACE_CARDS))
    kit: list[Gear] = list(stored.gear)
    have = Counter(kit)
    for card, count in Counter(learned.gear).items():
        for _ in range(count - have[card]):
            trial = [*kit, card]
            if len(trial) > GEAR_CARDS:
                break
            try:
                check_gear_counts(trial)
            except _Problem:
                break
            kit = trial
    rows = {e: (e, s, c) for e, s, c in learned.carry}
    rows.update({e: (e, s, c) for e, s, c in stored.carry})
    return Box(
        stored.name or learned.name,
        tiles,
        deck,
        tuple(kit),
        tracks,
        stored.faces or learned.faces,
        tuple(sorted(rows.values())),
        stored.titles,  # typed in the host's editor only: the table's play never changes them
        stored.east,
    )
