"""The Pi in Act 2, as the shark or as crew members: plain rules of thumb, from the seat's view alone.

**The shark** picks the resurface option with the most dice, the best evade and (with entangle
weapons on it) a shake-off, near the weakest part of the boat or a crew member in the water; puts
an ability card under its chip when the card fits that option; shows the least telling chip for the
bait; bites a crew member in the water before the boat, the weakest boat space first.

**The crew** spread their target chips over the shark's options (bait first, to narrow them), prefer
a loaded ranged weapon, walk a melee weapon into reach, attack unless the shark's evade makes the
shot hopeless, keep a gun with ammunition, and climb into the shark cage when the shark comes for
them.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engines.core import Action
from engines.rng import Rng

View = Mapping[str, Any]
ROLES = ("brody", "hooper", "quint")


def choose(view: View, legal: Sequence[Action], rng: Rng) -> tuple[Action, dict[str, Any]]:
    if view.get("my_roles") == ["shark"]:
        return _shark(view, legal, rng), {}
    return _crew(view, legal, rng), {}


def _find(legal: Sequence[Action], **fields: object) -> Action | None:
    return next((a for a in legal if all(a.get(k) == v for k, v in fields.items())), None)


# --------------------------------------------------------------------------- the shark


def _tile_weakness(orca: View, zone: str) -> float:
    tile = next(t for t in orca["tiles"] if t["zone"] == zone)
    if tile["state"] == "destroyed":
        return 0.0
    need = tile.get("damaged", 3) if tile["state"] == "damaged" else tile.get("damage", 3)
    crew = sum(1 for c in orca["crew"] if c["at"] == "b" + zone)
    return 3.0 / max(1, int(need)) + crew


def _option_value(orca: View, option: View) -> float:
    water = "w" + option["zone"]
    near = orca["spaces"].get(water, [])
    boat = max((_tile_weakness(orca, s[1:]) for s in near if s.startswith("b")), default=0.0)
    swimmers = sum(
        1
        for c in orca["crew"]
        if not c["out"] and c["at"] and c["at"].startswith("w") and (c["at"] == water or c["at"] in near)
    )
    shake = 2.0 if option["shake_off"] and orca["shark"]["attached"] else 0.0
    return float(option["dice"]) * 1.5 + float(option["evade"]) + boat + 2 * swimmers + shake


CARD_FIT: dict[str, Callable[[View], float]] = {
    "hard_target": lambda o: 2.5 - float(o["evade"]),
    "maul_again": lambda o: 0.5 * float(o["dice"]),
    "extra_strength": lambda o: 0.8,
    "domino_effect": lambda o: 0.8,
    "big_mouth": lambda o: 0.6,
    "making_waves": lambda o: 0.7,
    "second_helping": lambda o: 1.0,
    "ramming_speed": lambda o: 0.9,
}


def _shark(view: View, legal: Sequence[Action], rng: Rng) -> Action:
    orca = view["orca"]
    phase = orca["phase"]
    if phase == "decide":
        secret = view["secret"]["orca"]
        options = orca["options"]
        scored = []
        for i, option in enumerate(options):
            noise, rng = rng.below(100)
            scored.append((_option_value(orca, option) + noise / 200, i))
        best = options[max(scored)[1]]
        card = None
        if secret["hand"]:
            fits = sorted(
                ((CARD_FIT[c](best) if c in CARD_FIT else 0.0, c) for c in set(secret["hand"])), reverse=True
            )
            if fits[0][0] >= 0.8 or len(secret["hand"]) > 4:
                card = fits[0][1]
        if secret["choice"] is not None:  # chosen once: lock it (the crew may prepare)
            return _find(legal, type="lock") or legal[0]
        return _find(legal, type="surface", chip=best["chip"], card=card) or legal[0]
    if phase == "bait":
        return legal[-1]
    if phase == "ram":
        moves = [a for a in legal if a.get("to")]
        if moves:
            return max(
                moves,
                key=lambda a: _option_value(
                    orca, {"zone": a["to"][1:], "dice": 0, "evade": 0, "shake_off": False}
                ),
            )
        return legal[-1]
    if phase in ("bite", "second", "domino"):
        crew = [a for a in legal if a.get("crew")]
        if crew:
            return crew[0]
        tiles = [a for a in legal if a.get("tile")]
        if tiles:
            return max(tiles, key=lambda a: _tile_weakness(orca, a["tile"]))
        return legal[-1]
    if phase == "maul":
        dice = view["secret"]["orca"]["dice"]
        if dice:
            zeros = [i + 1 for i, d in enumerate(dice) if d == 0]
            return _find(legal, type="maul", reroll=zeros) or legal[0]
        return _find(legal, type="maul", again=True) or legal[0]
    return legal[0]


# --------------------------------------------------------------------------- the crew


def _path(spaces: View, start: str, goals: set[str]) -> list[str]:
    """The shortest way (by spaces) from ``start`` to one of ``goals``."""
    seen = {start: ""}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        if here in goals:
            out = []
            while here != start:
                out.append(here)
                here = seen[here]
            return out[::-1]
        for nxt in spaces.get(here, []):
            if nxt not in seen:
                seen[nxt] = here
                todo.append(nxt)
    return []


def _crew(view: View, legal: Sequence[Action], rng: Rng) -> Action:
    orca = view["orca"]
    phase = orca["phase"]
    roles = [r for r in ROLES if any(a.get("role") == r for a in legal)]
    role = roles[0] if roles else ""
    mine = [a for a in legal if a.get("role") == role] or list(legal)
    me = next((c for c in orca["crew"] if c["role"] == role), None)
    if phase == "place":
        spots = {"brody": "b3", "hooper": "b6", "quint": "b1"}
        return _find(mine, at=spots.get(role, "")) or mine[0]
    if phase == "prep" and me is not None:
        return _prep(orca, mine, me)
    if phase == "attack" and me is not None:
        weapon = orca["gear"][me["weapon"]] if me["weapon"] is not None else None
        evade = orca["shark"]["evade"] or 0
        if weapon is None or weapon["kind"] == "entangle" or weapon["dice"] * 2 + weapon["plus_one"] > evade:
            return _find(mine, type="attack") or mine[0]
        return _find(mine, type="hold") or mine[0]
    if phase == "ammo":
        return _find(mine, type="ammo", use=True) or mine[0]
    if phase == "cage":
        bite = orca["shark"]["bite"]
        use = bite == role or (me is not None and me["in_water"])
        return _find(mine, type="cage", use=use) or mine[0]
    return mine[0]


def _prep(orca: View, mine: Sequence[Action], me: View) -> Action:
    bait = _find(mine, type="bait")
    if bait is not None and orca["shark"]["baited"] is None:
        return bait
    gear = orca["gear"]
    if me["weapon"] is None:
        weapons = [a for a in mine if a["type"] == "weapon"]
        ranged = [a for a in weapons if gear[a["card"]]["kind"] == "ranged"]
        if weapons:
            return (ranged or weapons)[0]
    options = [o for o in orca["options"] if o and o["chip"] != orca["shark"]["baited"]]
    index = ROLES.index(me["role"])
    wanted = options[index % len(options)]["zone"] if options else None
    if wanted is not None and me["target"] != wanted:
        aim = _find(mine, type="target", zone=wanted)
        if aim is not None:
            return aim
        way = _path(orca["spaces"], me["at"], {"w" + wanted, *orca["spaces"].get("w" + wanted, [])})
        if way:
            step = _find(mine, type="move", to=way[0])
            if step is not None:
                return step
        if me["target"] is None:
            others = [
                a for a in mine if a["type"] == "target" and any(o["zone"] == a["zone"] for o in options)
            ]
            fallback = others or [a for a in mine if a["type"] == "target"]
            if fallback:
                return fallback[0]
    return _find(mine, type="ready") or mine[0]
