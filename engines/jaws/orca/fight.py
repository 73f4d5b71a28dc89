"""Act 2, the fight: the crew attacks (phase 5), the rolls, the shark attacks (phase 6) (rulebook,
"Phase 5", "Phase 6"); the round's end, wounds and the game's end are :mod:`engines.jaws.orca.round`'s.

Phase 5: each crew member whose chip is on the shark's space may attack (or hold back), in any order.

A roll is the companion's (digital dice: the box's faces, the table's own seeded generator) or the
roller's (physical dice: the roller enters the hits). Phase 6: Ramming Speed first (the shark may
move to a water space next to it, +2 hits); the shark attacks a boat space next to it or a crew
member in the water in or next to its space; crew members holding a shark cage may play it before
the shark rolls; Maul Again rerolls; the boat space is damaged (flipped) or destroyed (removed: its
zone becomes one water space) and the crew on it fall into that zone's water; Big Mouth, Domino
Effect, Making Waves, Second Helping; then one extra die against every crew member in the water in
or next to the shark's space. A crew member at the end of the wound track is eliminated; the game
ends at once when the shark is, when the whole crew is, or when the Orca is destroyed.
"""

from __future__ import annotations

import engines.jaws.words as words
from engines.jaws.common import ROLES
from engines.jaws.orca.layout import DAMAGED, DESTROYED, INTACT, ZONES, neighbours
from engines.jaws.orca.round import end_round, finish, wound
from engines.jaws.orca.tell import tell
from engines.jaws.orca.voyage import (
    BIG_MOUTH,
    DOMINO_EFFECT,
    EXTRA_STRENGTH,
    MAKING_WAVES,
    MAUL_AGAIN,
    RAMMING_SPEED,
    ROLL_BITE,
    ROLL_CREW,
    ROLL_EXTRA,
    ROLL_SECOND,
    SECOND_HELPING,
    SHARK,
    Act2,
    Voyage,
)
from engines.text import N_, Text, plural

# --------------------------------------------------------------------------- rolls


def start_roll(p: Voyage, purpose: str, who: int, dice: int, bonus: int) -> None:
    a = p.orca()
    a.roll = [purpose, who, dice, bonus]
    if dice <= 0:
        a.dice = []
        finish_roll(p, 0)
    elif a.dice_mode == "digital":
        a.dice = []
        for _ in range(dice):
            face, a.rng = a.rng.below(6)
            a.dice.append(a.faces[face])
        finish_roll(p, sum(a.dice))
    else:
        a.phase = "roll"
        if who == SHARK:
            tell(
                p,
                "roll_asked",
                plural(
                    dice,
                    # one line for both tables: the engine does not know who plays the shark, and a
                    # computer's dice are rolled and entered by the crew (companion.tables.readers_now)
                    "The shark rolls {count} red die: the shark's player enters the hits (the crew, "
                    "when the computer plays the shark).",
                    "The shark rolls {count} red dice: the shark's player enters the hits (the crew, "
                    "when the computer plays the shark).",
                ),
                count=dice,
                who="shark",
            )
        else:
            tell(
                p,
                "roll_asked",
                plural(
                    dice,
                    "{role} rolls {count} red die and enters the hits.",
                    "{role} rolls {count} red dice and enters the hits.",
                ),
                count=dice,
                who=ROLES[who],
                words={"role": words.role(who)},
            )


def roller(a: Act2) -> int:
    """Who rolls the pending roll: a crew member (0-2) or the shark (3)."""
    return int(a.roll[1])


def max_hits(a: Act2) -> int:
    """The most hits the pending roll can show (the box's largest face, else 3 a die: a bound that only
    catches typing mistakes)."""
    return int(a.roll[2]) * (max(a.faces) if a.faces else 3)


def finish_roll(p: Voyage, hits: int) -> None:
    a = p.orca()
    a.hits = hits
    purpose = a.roll[0]
    if a.dice_mode == "digital" and a.dice:
        tell(
            p,
            "rolled",
            plural(hits, "The dice show {faces}: {count} hit.", "The dice show {faces}: {count} hits."),
            count=hits,
            faces=" ".join(map(str, a.dice)),
            dice=list(a.dice),
        )
    elif a.dice_mode != "digital":
        tell(
            p, "rolled", plural(hits, "Entered: {count} hit.", "Entered: {count} hits."), count=hits, dice=[]
        )
    if purpose == ROLL_CREW:
        _crew_result(p)
    elif purpose == ROLL_BITE:
        if a.played == MAUL_AGAIN and not a.mauled:
            a.phase = "maul"
            tell(p, "maul_asked", "Maul Again: the shark may roll dice again; the new result is final.")
        else:
            apply_bite(p)
    elif purpose == ROLL_SECOND:
        _hit_tile(p, a.bite, hits, "second")
        if p.phase != "over":
            start_extras(p)
    else:
        r = a.extra.pop(0)
        tell(
            p,
            "extra_hit",
            plural(hits, "Extra attack on {role}: {count} hit.", "Extra attack on {role}: {count} hits."),
            role=ROLES[r],
            count=hits,
            words={"role": words.role(r)},
        )
        wound(p, r, hits)
        if p.phase != "over":
            _next_extra(p)


# --------------------------------------------------------------------------- phase 5: the crew attacks


def to_attacks(p: Voyage) -> None:
    a = p.orca()
    if p.phase == "over":
        return
    if any(a.target[r] == a.surfaced and not a.decided[r] for r in a.alive()):
        a.phase = "attack"
        return
    to_phase6(p)


def attack(p: Voyage, r: int) -> None:
    a = p.orca()
    a.decided[r] = 1
    card = a.gear[a.weapon[r]]
    if card.kind == "entangle":
        gid = a.weapon[r]
        a.kit[r].remove(gid)
        a.weapon[r] = -1
        a.attached.append([gid, r])
        tell(
            p,
            "entangled",
            "{role} attaches {card} to the shark. It stays until the shark shakes it off.",
            role=ROLES[r],
            card=gid,
            words={"role": words.role(r), "card": words.gear(card)},
        )
        to_attacks(p)
        return
    tell(
        p,
        "attacks",
        "{role} attacks with {card}: {dice} dice against evade {evade}.",
        role=ROLES[r],
        dice=card.dice,
        evade=a.evade(),
        words={"role": words.role(r), "card": words.gear(card)},
    )
    start_roll(p, ROLL_CREW, r, card.dice, 1 if card.plus_one else 0)


def hold(p: Voyage, r: int) -> None:
    a = p.orca()
    a.decided[r] = 2
    tell(p, "held", "{role} holds back and does not attack.", role=ROLES[r], words={"role": words.role(r)})
    to_attacks(p)


# --------------------------------------------------------------------------- phase 5: a crew attack's result


def _crew_result(p: Voyage) -> None:
    a = p.orca()
    r, bonus = roller(a), int(a.roll[3])
    total = a.hits + bonus
    evade = a.evade()
    wounds = total - evade if total > evade else 0
    msgid = (
        plural(
            wounds,
            "{role}: {total} hits against evade {evade}: the shark takes {count} wound.",
            "{role}: {total} hits against evade {evade}: the shark takes {count} wounds.",
        )
        if wounds
        else N_("{role}: {total} hits against evade {evade}: the shark is not wounded.")
    )
    tell(
        p,
        "crew_hit",
        msgid,
        role=ROLES[r],
        total=total,
        evade=evade,
        count=wounds,
        plus=bonus,
        words={"role": words.role(r)},
    )
    wound(p, SHARK, wounds)
    if p.phase == "over":
        return
    card = a.gear[a.weapon[r]]
    if card.discard:
        if a.holds(r, "ammo"):
            a.phase = "ammo"
            return
        _discard_weapon(p, r)
    to_attacks(p)


def _discard_weapon(p: Voyage, r: int) -> None:
    a = p.orca()
    gid = a.weapon[r]
    a.kit[r].remove(gid)
    a.weapon[r] = -1
    tell(
        p,
        "discarded",
        "{role} discards the weapon used: {card}.",
        role=ROLES[r],
        card=gid,
        words={"role": words.role(r), "card": words.gear(a.gear[gid])},
    )


def ammo(p: Voyage, r: int, use: bool) -> None:
    a = p.orca()
    if use:
        spent = a.holds(r, "ammo")[0]
        a.kit[r].remove(spent)
        tell(
            p,
            "ammo",
            "{role} discards ammunition instead and keeps the weapon.",
            role=ROLES[r],
            words={"role": words.role(r)},
        )
    else:
        _discard_weapon(p, r)
    to_attacks(p)


# --------------------------------------------------------------------------- phase 6


def to_phase6(p: Voyage) -> None:
    a = p.orca()
    if a.played == RAMMING_SPEED:  # asked once: phase 6 begins once a round
        a.phase = "ram"
        tell(p, "ram_asked", "Ramming Speed: the shark may move to a water space next to it for 2 more hits.")
        return
    _to_bite(p)


def ram(p: Voyage, zone: int) -> None:
    a = p.orca()
    a.rammed = zone >= 0  # only a move gives the 2 hits
    if zone >= 0:
        a.surfaced = zone
        tell(
            p,
            "rammed",
            "The shark rams: it moves to the water space of zone {zone} (+2 hits).",
            zone=a.layout.zones[zone],
        )
    else:
        tell(p, "rammed", "The shark stays where it is.")
    _to_bite(p)


def targets(a: Act2) -> list[int]:
    """What the shark may attack: a boat space next to its water space (0-7), or a crew member in the
    water in or next to its space (8 + the member)."""
    water = ZONES + a.surfaced
    near = neighbours(a.layout, tuple(a.tiles), water)
    boat = [s for s in near if s < ZONES]
    swimmers = [ZONES + r for r in a.alive() if a.at[r] >= ZONES and (a.at[r] == water or a.at[r] in near)]
    return boat + swimmers


def _to_bite(p: Voyage) -> None:
    a = p.orca()
    if targets(a):
        a.phase = "bite"
        return
    a.bite = -1
    tell(p, "no_bite", "Nothing is within the shark's reach to attack.")
    _to_cage(p)


def bite(p: Voyage, target: int) -> None:
    a = p.orca()
    a.bite = target
    if target < ZONES:
        tell(p, "bite", "The shark attacks boat space {zone}.", zone=a.layout.zones[target], target="tile")
    else:
        r = target - ZONES
        tell(
            p,
            "bite",
            "The shark attacks {role} in the water.",
            role=ROLES[r],
            target="crew",
            words={"role": words.role(r)},
        )
    _to_cage(p)


def _to_cage(p: Voyage) -> None:
    a = p.orca()
    if not a.offered:
        a.offered = True
        holders = [r for r in a.alive() if a.holds(r, "cage")]
        if holders:
            a.asked = [r in holders for r in range(3)]
            a.phase = "cage"
            tell(p, "cage_asked", "Before the shark rolls, a crew member may play the shark cage.")
            return
    _after_cage(p)


def cage(p: Voyage, r: int, use: bool) -> None:
    a = p.orca()
    a.asked[r] = False
    if use:
        a.kit[r].remove(a.holds(r, "cage")[0])
        a.caged[r] = True
        tell(
            p,
            "caged",
            "{role} climbs into the shark cage: he cannot be wounded this round.",
            role=ROLES[r],
            words={"role": words.role(r)},
        )
    if not any(a.asked):
        _after_cage(p)


def _after_cage(p: Voyage) -> None:
    a = p.orca()
    if a.bite >= 0:
        start_roll(p, ROLL_BITE, SHARK, a.shark_dice(), 2 if a.rammed else 0)
    else:
        start_extras(p)


def maul(p: Voyage, mask: int) -> None:
    """Maul Again: digital dice, ``mask`` says which dice roll again (0: keep them all); physical,
    ``mask`` 1 means the shark rolls again and enters the new total."""
    a = p.orca()
    a.mauled = True
    if not mask:
        tell(p, "mauled", "The shark keeps its roll.")
        apply_bite(p)
        return
    if a.dice_mode != "digital":
        a.phase = "roll"
        tell(p, "mauled", "The shark rolls again: the shark's player enters the new hits, all dice together "
                          "(the crew, when the computer plays the shark).")
        return
    for i in range(len(a.dice)):
        if mask >> i & 1:
            face, a.rng = a.rng.below(6)
            a.dice[i] = a.faces[face]
    a.hits = sum(a.dice)
    tell(
        p,
        "mauled",
        plural(
            a.hits,
            "Maul Again: the dice now show {faces}: {count} hit.",
            "Maul Again: the dice now show {faces}: {count} hits.",
        ),
        count=a.hits,
        faces=" ".join(map(str, a.dice)),
        dice=list(a.dice),
    )
    apply_bite(p)


def apply_bite(p: Voyage) -> None:
    a = p.orca()
    total = a.hits + int(a.roll[3])
    if a.bite < ZONES:
        _hit_tile(p, a.bite, total, "main")
        if p.phase == "over" or a.phase == "domino":
            return
        _after_tile(p)
        return
    r = a.bite - ZONES
    tell(
        p,
        "bitten",
        plural(total, "The shark bites {role}: {count} hit.", "The shark bites {role}: {count} hits."),
        role=ROLES[r],
        count=total,
        words={"role": words.role(r)},
    )
    wound(p, r, total)
    if p.phase != "over":
        start_extras(p)


def _after_tile(p: Voyage) -> None:
    a = p.orca()
    if a.played == SECOND_HELPING and not a.helped:
        a.helped = True
        if any(t < ZONES for t in targets(a)):
            a.phase = "second"
            tell(p, "second_asked", "Second Helping: the shark may attack the boat again with 2 dice.")
            return
    start_extras(p)


def second(p: Voyage, zone: int) -> None:
    a = p.orca()
    if zone < 0:
        tell(p, "second", "The shark makes no second attack.")
        start_extras(p)
        return
    a.bite = zone
    tell(
        p,
        "second",
        "Second Helping: the shark attacks boat space {zone} with 2 dice.",
        zone=a.layout.zones[zone],
    )
    start_roll(p, ROLL_SECOND, SHARK, 2, 0)


def domino(p: Voyage, zone: int) -> None:
    a = p.orca()
    a.domino = -1
    _hit_tile(p, zone, 2, "domino")
    if p.phase != "over":
        _after_tile(p)


def _hit_tile(p: Voyage, z: int, hits: int, cause: str) -> None:
    """``hits`` on boat space ``z``: damaged (flipped) or destroyed (removed) as its numbers say."""
    a = p.orca()
    before = a.tiles[z]
    after = _tile_after(a, z, hits)
    if after == before:
        tell(
            p,
            "tile_held",
            plural(hits, "Boat space {zone} holds ({count} hit).", "Boat space {zone} holds ({count} hits)."),
            zone=a.layout.zones[z],
            count=hits,
            cause=cause,
        )
        return
    on = [r for r in a.alive() if a.at[r] == z]
    a.tiles[z] = after
    _tell_tile(p, z, hits, cause, before)
    if a.played == BIG_MOUTH and not _big_mouth(p, on):
        return
    _fall(p, on, z)
    if a.boat_left() == 0:
        finish(p, "shark", Text("The Orca is destroyed: the shark wins."))
        return
    if a.played == MAKING_WAVES:
        _making_waves(p)
    if a.played == DOMINO_EFFECT and cause == "main":
        _domino_effect(p, z)


def _tile_after(a: Act2, z: int, hits: int) -> int:
    """Boat space ``z``'s state after ``hits``, as its tile's numbers say (Extra Strength: no damaged)."""
    spec = a.specs[z]
    assert spec is not None
    before = a.tiles[z]
    if before == INTACT:
        after = DESTROYED if hits >= spec.destroy else DAMAGED if hits >= spec.damage else INTACT
        return DESTROYED if after == DAMAGED and a.played == EXTRA_STRENGTH else after
    if before == DAMAGED and hits >= spec.damaged:
        return DESTROYED
    return before


def _tell_tile(p: Voyage, z: int, hits: int, cause: str, before: int) -> None:
    a = p.orca()
    spec = a.specs[z]
    assert spec is not None
    zone = a.layout.zones[z]
    if a.tiles[z] == DESTROYED:
        tell(
            p,
            "tile_destroyed",
            plural(
                hits,
                "{count} hit: boat space {zone} is destroyed. Its zone is one water space now.",
                "{count} hits: boat space {zone} is destroyed. Its zone is one water space now.",
            ),
            zone=zone,
            count=hits,
            cause=cause,
            extra_strength=before == INTACT and hits < spec.destroy,
        )
    else:
        tell(
            p,
            "tile_damaged",
            plural(
                hits,
                "{count} hit: boat space {zone} is damaged. Turn its tile over.",
                "{count} hits: boat space {zone} is damaged. Turn its tile over.",
            ),
            zone=zone,
            count=hits,
            cause=cause,
        )


def _big_mouth(p: Voyage, on: list[int]) -> bool:
    """Big Mouth: a wound to each crew member on the hit space; False if that ended the game."""
    for r in on:
        tell(p, "big_mouth", "Big Mouth: {role} takes 1 wound.", role=ROLES[r], words={"role": words.role(r)})
        wound(p, r, 1)
        if p.phase == "over":
            return False
    return True


def _fall(p: Voyage, on: list[int], z: int) -> None:
    """The crew members on a hit space (not eliminated) fall into its zone's water."""
    a = p.orca()
    for r in on:
        if not a.out[r]:
            a.at[r] = ZONES + z
            tell(
                p,
                "fell",
                "{role} falls into the water of zone {zone}.",
                role=ROLES[r],
                zone=a.layout.zones[z],
                words={"role": words.role(r)},
            )


def _making_waves(p: Voyage) -> None:
    a = p.orca()
    for r in a.alive():
        if 0 <= a.at[r] < ZONES:
            a.at[r] += ZONES
            tell(
                p,
                "fell",
                "Making Waves: {role} falls into the water of zone {zone}.",
                role=ROLES[r],
                zone=a.layout.zones[a.at[r] - ZONES],
                words={"role": words.role(r)},
            )


def _domino_effect(p: Voyage, z: int) -> None:
    """Domino Effect: 2 hits to the one boat space next to ``z``, or the shark chooses which."""
    a = p.orca()
    near = [y for y in a.layout.boat[z] if a.tiles[y] != DESTROYED]
    if len(near) == 1:
        tell(p, "domino", "Domino Effect: 2 hits go to boat space {zone}.", zone=a.layout.zones[near[0]])
        _hit_tile(p, near[0], 2, "domino")
    elif near:
        a.domino = z
        a.phase = "domino"
        tell(p, "domino_asked", "Domino Effect: the shark chooses a boat space next to it for 2 hits.")


def domino_choices(a: Act2) -> list[int]:
    return [y for y in a.layout.boat[a.domino] if a.tiles[y] != DESTROYED] if a.domino >= 0 else []


def start_extras(p: Voyage) -> None:
    a = p.orca()
    water = ZONES + a.surfaced
    near = neighbours(a.layout, tuple(a.tiles), water)
    a.extra = [
        r for r in a.alive() if a.at[r] >= ZONES and (a.at[r] == water or a.at[r] in near) and not a.caged[r]
    ]
    if a.extra:
        tell(
            p,
            "extras",
            "Extra attacks: one die against each crew member in the water in or next to the "
            "shark's space: {roles}.",
            roles=[ROLES[r] for r in a.extra],
            words={"roles": words.roles(a.extra)},
        )
    _next_extra(p)


def _next_extra(p: Voyage) -> None:
    a = p.orca()
    if a.extra:
        start_roll(p, ROLL_EXTRA, SHARK, 1, 0)
    else:
        end_round(p)


# --------------------------------------------------------------------------- wounds and the end






