"""Act 2's core steps as the JSON actions of the contract, and back; the table's readings checked.

Each action has a ``type``, its fields by name, a ``notation`` and a ``label``:

- the shark: ``surface`` (``chip`` A/B/C, ``card`` an ability or null), ``lock``, ``reveal``
  (``chip``), ``ram`` (``to`` a water space or null), ``bite`` (``tile`` or ``crew``), ``maul``
  (digital dice: ``reroll``, the dice to roll again, 1-based; physical: ``again``), ``domino``
  (``tile``), ``second`` (``tile`` or null);
- the crew, each with its ``role``: ``place`` (``at``), ``move`` (``to``), ``weapon`` (``card``, a
  gear id), ``target`` (``zone``), ``bait`` (``card``), ``ready``, ``attack``, ``hold``, ``ammo``
  (``use``), ``cage`` (``use``);
- the table's readings (the host, or a reader's phone): ``carry`` (``shark``, ``crew``),
  ``resurface`` (``chip``, ``zone``, ``evade``, ``dice``, ``shake_off``), ``tile``
  (``zone``, ``damage``, ``destroy``, ``damaged``), ``track`` (``who``, ``length``), ``gear``
  (``role``, ``card``: the card's fields), ``drop`` (``role``, ``card``), ``hits``.

A reading need not be one of the listed ones: :func:`reading` checks any entry and names the field
that is wrong.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

import engines.jaws.box as boxes
import engines.jaws.words as words
from engines.core import IllegalAction
from engines.jaws.box import TRACKS, Gear, Resurface
from engines.jaws.common import ROLES
from engines.jaws.orca import boarding
from engines.jaws.orca import fight as orca_attack
from engines.jaws.orca.layout import ZONES
from engines.jaws.orca.legal import Step, next_slot
from engines.jaws.orca.tell import orca_space
from engines.jaws.orca.voyage import CHIPS, SHARK, Act2, Voyage, abilities
from engines.jaws.words import label
from engines.text import N_, Text, plural

READING_TYPES = frozenset(
    {"carry", "resurface", "tile", "track", "gear", "drop", "hits"}
)


def _card_fields(c: Resurface) -> dict[str, Any]:
    return {"zone": boxes.ZONE_NAMES[c.zone], "evade": c.evade, "dice": c.dice, "shake_off": c.shake}


def _card_label(c: Resurface, prefix: str) -> dict[str, Any]:
    zone = boxes.ZONE_NAMES[c.zone]
    if prefix:
        msgid = (
            N_("Card {chip}: zone {zone}, evade {evade}, {dice} dice, shake-off")
            if c.shake
            else N_("Card {chip}: zone {zone}, evade {evade}, {dice} dice")
        )
        return label(msgid, chip=prefix, zone=zone, evade=c.evade, dice=c.dice)
    msgid = (
        N_("Resurface card: zone {zone}, evade {evade}, {dice} dice, shake-off")
        if c.shake
        else N_("Resurface card: zone {zone}, evade {evade}, {dice} dice")
    )
    return label(msgid, zone=zone, evade=c.evade, dice=c.dice)


def gear_word(card: Gear) -> str:
    return json.dumps(card.to_json(), sort_keys=True, separators=(",", ":"), ensure_ascii=True).replace(
        " ", "\\u0020"
    )


# --------------------------------------------------------------------------- steps as JSON actions: a table

Fields = dict[str, Any]
_Who = Text | None
# Each kind's fields after ``type`` (and ``role``): (Act 2, the role's word, its name, x, y) -> fields.


def _carry(a: Act2, role: str, who: _Who, x: Any, y: Any) -> Fields:
    return dict(shark=x, crew=y, notation=f"carry {x} {y}",
                label=label("{shark} ability cards, {crew} gear cards", shark=x, crew=y))


def _resurface(a: Act2, role: str, who: _Who, x: Any, y: Any) -> Fields:
    return dict(chip=CHIPS[x], **_card_fields(y), notation=f"resurface {CHIPS[x]} {y.word()}",
                label=_card_label(y, CHIPS[x]))


def _tile(a: Act2, role: str, who: _Who, x: Any, y: Any) -> Fields:
    zone = a.layout.zones[x]
    return dict(
        zone=zone,
        **y.to_json(),
        notation=f"tile {zone} {y.damage}/{y.destroy}/{y.damaged}",
        label=label(
            "Boat tile {zone}: damaged at {damage}, destroyed at {destroy}; damaged side {damaged}",
            zone=zone, damage=y.damage, destroy=y.destroy, damaged=y.damaged,
        ),
    )


def _track(a: Act2, role: str, who: _Who, x: Any, y: Any) -> Fields:
    return dict(who=TRACKS[x], length=y, notation=f"track {TRACKS[x]} {y}",
                label=label(plural(y, "Wound track: {count} wound", "Wound track: {count} wounds")))


def _gear(a: Act2, role: str, who: _Who, x: Any, y: Any) -> Fields:
    return dict(card=x.to_json(), notation=f"gear {role} {gear_word(x)}",
                label=label("{role}: take {card}", role=who, card=words.gear(x)))


def _drop(a: Act2, role: str, who: _Who, x: Any, y: Any) -> Fields:
    return dict(card=x, notation=f"drop {role} {x}",
                label=label("{role}: put back {card}", role=who, card=words.gear(a.gear[x])))


def _hits(a: Act2, role: str, who: _Who, x: Any, y: Any) -> Fields:
    return dict(hits=x, notation=f"hits {x}", label=label(plural(x, "{count} hit", "{count} hits")))


def _place(a: Act2, role: str, who: _Who, x: Any, y: Any) -> Fields:
    o = a.layout
    return dict(at=o.name(x), notation=f"{role} place {o.name(x)}",
                label=label("{role}: board at boat space {zone}", role=who, zone=o.zones[x]))


def _surface(a: Act2, role: str, who: _Who, x: Any, y: Any) -> Fields:
    """A resurface choice names its chip and card and says no words: three chips times the cards in
    the shark's hand, each saying its card's title again (issue 41); the shark's phone draws the
    chips from the options and the cards from the view, which say them once."""
    card = abilities()[y] if y >= 0 else None
    return dict(
        chip=CHIPS[x],
        card=card.code if card else None,
        notation=f"surface {CHIPS[x]}" + (f" {card.code}" if card else ""),
    )


def _lock(a: Act2, role: str, who: _Who, x: Any, y: Any) -> Fields:
    return dict(notation="lock", label=label("Lock your choice: the crew prepares"))


def _move(a: Act2, role: str, who: _Who, x: Any, y: Any) -> Fields:
    o = a.layout
    return dict(to=o.name(x), notation=f"{role} move {o.name(x)}",
                label=label("{role}: move to {space}", role=who, space=orca_space(o, x)))


def _weapon(a: Act2, role: str, who: _Who, x: Any, y: Any) -> Fields:
    return dict(card=x, notation=f"{role} weapon {x}",
                label=label("{role}: choose {card}", role=who, card=words.gear(a.gear[x])))


def _target(a: Act2, role: str, who: _Who, x: Any, y: Any) -> Fields:
    zone = a.layout.zones[x]
    return dict(zone=zone, notation=f"{role} target {zone}",
                label=label("{role}: target zone {zone}", role=who, zone=zone))


def _bait(a: Act2, role: str, who: _Who, x: Any, y: Any) -> Fields:
    return dict(card=x, notation=f"{role} bait", label=label("{role}: play bait", role=who))


_SAYS = {"ready": N_("{role}: ready"), "attack": N_("{role}: attack"), "hold": N_("{role}: hold back")}


def _say(kind: str) -> Callable[[Act2, str, _Who, Any, Any], Fields]:
    def fields(a: Act2, role: str, who: _Who, x: Any, y: Any) -> Fields:
        return dict(notation=f"{role} {kind}", label=label(_SAYS[kind], role=who))

    return fields


def _ammo(a: Act2, role: str, who: _Who, x: Any, y: Any) -> Fields:
    return dict(
        use=bool(x),
        notation=f"{role} ammo {'use' if x else 'keep'}",
        label=label(
            "{role}: discard ammunition, keep the weapon" if x else "{role}: discard the weapon", role=who
        ),
    )


def _cage(a: Act2, role: str, who: _Who, x: Any, y: Any) -> Fields:
    return dict(use=bool(x), notation=f"{role} cage {'use' if x else 'no'}",
                label=label("{role}: play the shark cage" if x else "{role}: no shark cage", role=who))


def _reveal(a: Act2, role: str, who: _Who, x: Any, y: Any) -> Fields:
    option = a.options[x]
    zone = a.layout.zones[option.zone] if option is not None else "?"
    return dict(chip=CHIPS[x], notation=f"reveal {CHIPS[x]}",
                label=label("Show chip {chip} (zone {zone})", chip=CHIPS[x], zone=zone))


def _ram(a: Act2, role: str, who: _Who, x: Any, y: Any) -> Fields:
    o = a.layout
    if x < 0:
        return dict(to=None, notation="ram stay", label=label("Stay where you are"))
    return dict(to=o.name(ZONES + x), notation=f"ram {o.name(ZONES + x)}",
                label=label("Ram: move to water space {zone} (+2 hits)", zone=o.zones[x]))


def _bite(a: Act2, role: str, who: _Who, x: Any, y: Any) -> Fields:
    o = a.layout
    if x < ZONES:
        return dict(tile=o.zones[x], notation=f"bite {o.name(x)}",
                    label=label("Attack boat space {zone}", zone=o.zones[x]))
    return dict(crew=ROLES[x - ZONES], notation=f"bite {ROLES[x - ZONES]}",
                label=label("Attack {role} in the water", role=words.role(x - ZONES)))


def _maul(a: Act2, role: str, who: _Who, x: Any, y: Any) -> Fields:
    if a.dice_mode != "digital":
        return dict(again=bool(x), notation="maul again" if x else "maul keep",
                    label=label("Roll again and enter the new hits") if x else label("Keep the roll"))
    dice = [i + 1 for i in range(len(a.dice)) if x >> i & 1]
    return dict(
        reroll=dice,
        notation="maul " + (".".join(map(str, dice)) or "keep"),
        label=(
            label("Roll again: dice {dice}", dice=", ".join(map(str, dice)))
            if dice
            else label("Keep the roll")
        ),
    )


def _domino(a: Act2, role: str, who: _Who, x: Any, y: Any) -> Fields:
    zone = a.layout.zones[x]
    return dict(tile=zone, notation=f"domino {zone}", label=label("2 hits to boat space {zone}", zone=zone))


def _second(a: Act2, role: str, who: _Who, x: Any, y: Any) -> Fields:
    if x < 0:
        return dict(tile=None, notation="second none", label=label("No second attack"))
    zone = a.layout.zones[x]
    return dict(
        tile=zone, notation=f"second {zone}", label=label("Second attack on boat space {zone}", zone=zone)
    )


TO_JSON: dict[str, Callable[[Act2, str, _Who, Any, Any], Fields]] = {
    "carry": _carry, "resurface": _resurface, "tile": _tile, "track": _track, "gear": _gear, "drop": _drop,
    "hits": _hits, "place": _place, "surface": _surface, "lock": _lock, "move": _move, "weapon": _weapon,
    "target": _target, "bait": _bait, "ready": _say("ready"), "attack": _say("attack"), "hold": _say("hold"),
    "ammo": _ammo, "cage": _cage, "reveal": _reveal, "ram": _ram, "bite": _bite, "maul": _maul,
    "domino": _domino, "second": _second,
}
"""Every step's JSON fields by its kind: a new Act 2 action is one function and one entry here."""


def to_json(p: Voyage, s: Step) -> dict[str, Any]:
    kind, r, x, y = s
    if kind not in TO_JSON:
        raise ValueError(kind)
    out: dict[str, Any] = {"type": kind}
    if r >= 0:
        out["role"] = ROLES[r]
    out.update(TO_JSON[kind](p.orca(), ROLES[r] if r >= 0 else "", words.role(r) if r >= 0 else None, x, y))
    return out


# --------------------------------------------------------------------------- JSON actions as steps: a table

_Read = Callable[[Act2, int, Mapping[str, Any]], Step]
# Each kind's step from its JSON fields: (Act 2, the role's index or -1, the action) -> the step.


def _place_from(a: Act2, r: int, d: Mapping[str, Any]) -> Step:
    return ("place", r, a.layout.space(d["at"]), 0)


def _surface_from(a: Act2, r: int, d: Mapping[str, Any]) -> Step:
    codes = [k.code for k in abilities()]
    return ("surface", -1, CHIPS.index(d["chip"]), codes.index(d["card"]) if d.get("card") else -1)


def _move_from(a: Act2, r: int, d: Mapping[str, Any]) -> Step:
    return ("move", r, a.layout.space(d["to"]), 0)


def _card_from(a: Act2, r: int, d: Mapping[str, Any]) -> Step:  # a weapon, bait
    return (d["type"], r, int(d["card"]), 0)


def _target_from(a: Act2, r: int, d: Mapping[str, Any]) -> Step:
    return ("target", r, a.layout.zone(d["zone"]), 0)


def _use_from(a: Act2, r: int, d: Mapping[str, Any]) -> Step:  # ammunition, the shark cage
    return (d["type"], r, 1 if d["use"] else 0, 0)


def _reveal_from(a: Act2, r: int, d: Mapping[str, Any]) -> Step:
    return ("reveal", -1, CHIPS.index(d["chip"]), 0)


def _ram_from(a: Act2, r: int, d: Mapping[str, Any]) -> Step:
    return ("ram", -1, a.layout.space(d["to"]) - ZONES if d.get("to") else -1, 0)


def _bite_from(a: Act2, r: int, d: Mapping[str, Any]) -> Step:
    if d.get("tile") is not None:
        return ("bite", -1, a.layout.zone(d["tile"]), 0)
    return ("bite", -1, ZONES + ROLES.index(d["crew"]), 0)


def _maul_from(a: Act2, r: int, d: Mapping[str, Any]) -> Step:
    if "reroll" in d:
        return ("maul", -1, sum(1 << (i - 1) for i in d["reroll"]), 0)
    return ("maul", -1, 1 if d["again"] else 0, 0)


def _tile_from(a: Act2, r: int, d: Mapping[str, Any]) -> Step:  # Domino Effect, Second Helping
    return (d["type"], -1, a.layout.zone(d["tile"]) if d.get("tile") is not None else -1, 0)


FROM_JSON: dict[str, _Read] = {
    "place": _place_from, "surface": _surface_from, "move": _move_from, "weapon": _card_from,
    "bait": _card_from, "target": _target_from, "ammo": _use_from, "cage": _use_from,
    "reveal": _reveal_from, "ram": _ram_from, "bite": _bite_from, "maul": _maul_from,
    "domino": _tile_from, "second": _tile_from,
}
"""Each action with fields, by its type; any other (``lock``, ``ready``, ...) is its type and role."""


def from_json(p: Voyage, d: Mapping[str, Any]) -> Step:
    """A legal JSON action (already matched at the door, or checked by :func:`reading`) as a step."""
    kind = d["type"]
    r = ROLES.index(d["role"]) if "role" in d else -1
    if kind in READING_TYPES:
        return reading(p, d)
    read = FROM_JSON.get(kind)
    return read(p.orca(), r, d) if read is not None else (kind, r, 0, 0)


# --------------------------------------------------------------------------- readings


def _need(d: Mapping[str, Any], key: str) -> Any:
    if key not in d:
        raise IllegalAction('The entry lacks "{field}".', field=key)
    return d[key]


def _role(d: Mapping[str, Any]) -> int:
    role = d.get("role")
    if role not in ROLES:
        raise IllegalAction("Say which crew member: Brody, Hooper or Quint.")
    return ROLES.index(str(role))


def _read_carry(a: Act2, d: Mapping[str, Any]) -> Step:
    _, shark, crew = boxes.entry_carry(max(a.eaten, 0), _need(d, "shark"), _need(d, "crew"))
    return ("carry", -1, shark, crew)


def _read_resurface(a: Act2, d: Mapping[str, Any]) -> Step:
    chip = d.get("chip", CHIPS[next_slot(a)])
    if chip not in tuple(CHIPS) or a.options[CHIPS.index(str(chip))] is not None:
        raise IllegalAction("Card {chip} is already entered; enter the next one.", chip=str(chip))
    card = boxes.entry(
        "resurface",
        {k: v for k, v in d.items() if k in ("zone", "evade", "dice", "shake_off")},
        str(chip),
    )
    return ("resurface", -1, CHIPS.index(str(chip)), card)


def _read_tile(a: Act2, d: Mapping[str, Any]) -> Step:
    zone = a.layout.zone(str(_need(d, "zone")))
    if zone < 0:
        raise IllegalAction(
            "Boat tile {zone}: the Orca's zones are {zones}.",
            zone=str(d["zone"]),
            zones=", ".join(a.layout.zones),
        )
    if a.specs[zone] is not None:
        raise IllegalAction("Boat tile {zone} is entered already.", zone=a.layout.zones[zone])
    spec = boxes.entry(
        "tile",
        {k: v for k, v in d.items() if k in ("damage", "destroy", "damaged")},
        a.layout.zones[zone],
    )
    return ("tile", -1, zone, spec)


def _read_track(a: Act2, d: Mapping[str, Any]) -> Step:
    who = _need(d, "who")
    if who not in TRACKS:
        raise IllegalAction("A wound track is Brody's, Hooper's, Quint's or the shark's.")
    index = TRACKS.index(str(who))
    if a.tracks[index]:
        raise IllegalAction("That wound track is entered already.")
    return ("track", -1, index, boxes.entry_track(_need(d, "length"), str(who)))


def _read_gear(a: Act2, d: Mapping[str, Any]) -> Step:
    r = _role(d)
    card = boxes.entry("gear", _need(d, "card"))
    if not boarding.may_take(a, r, card):
        if card.owner != "crew" and card.owner != ROLES[r]:
            raise IllegalAction(
                "That is {owner}'s own card: it goes to {owner}.",
                owner=words.role(ROLES.index(card.owner)),
            )
        if card.owner == "crew":
            raise IllegalAction(
                "The crew has all its {count} gear cards from the deck already.", count=a.carry[1]
            )
        raise IllegalAction("{role} has both his own gear cards already.", role=words.role(r))
    return ("gear", r, card, 0)


def _read_drop(a: Act2, d: Mapping[str, Any]) -> Step:
    r = _role(d)
    gid = _need(d, "card")
    if gid not in a.kit[r]:
        raise IllegalAction("{role} holds no such gear card.", role=words.role(r))
    return ("drop", r, gid, 0)


def _read_hits(a: Act2, d: Mapping[str, Any]) -> Step:
    hits = _need(d, "hits")
    top = orca_attack.max_hits(a)
    if isinstance(hits, bool) or not isinstance(hits, int) or not 0 <= hits <= top:
        raise IllegalAction("The hits are a whole number from 0 to {high} for this roll.", high=top)
    return ("hits", -1, hits, 0)


READINGS: dict[str, tuple[str, Callable[[Act2, Mapping[str, Any]], Step]]] = {
    "carry": ("carry", _read_carry),
    "tile": ("tiles", _read_tile),
    "tiles": ("tiles", _read_hits),  # as before the table: a "tiles" entry is refused for lacking "hits"
    "track": ("tracks", _read_track),
    "gear": ("gear", _read_gear),
    "drop": ("gear", _read_drop),
    "resurface": ("turn", _read_resurface),
    "hits": ("roll", _read_hits),
}
"""Each reading's type: the phase that asks for it, and its check (a new reading: one entry)."""


def reading(p: Voyage, d: Mapping[str, Any]) -> Step:
    """What the table entered, checked against the rules and this moment of the game; IllegalAction
    naming the field that is wrong (nothing changes)."""
    a = p.orca()
    phase, read = READINGS.get(str(d.get("type")), ("", None))
    if read is None or phase != a.phase:
        raise IllegalAction("The table is not asked for that now.")
    return read(a, d)


def roller_seat(p: Voyage, a: Act2) -> int:
    who = orca_attack.roller(a)
    return p.seats[0] if who == SHARK else p.seats[who + 1]
