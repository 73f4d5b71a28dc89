"""Act 2, a round's phases 2 to 4 (rulebook, "2. Akt" phases 2-4): the shark's secret choice, the
crew's preparation, the shark resurfacing; phase 5 follows in :mod:`engines.jaws.orca.fight`.

2. The shark chooses one resurface card in secret (a chip A/B/C) and may put an ability card under
   it; it may change its mind until it locks the choice, which starts the crew's preparation.
3. The crew prepares: each member moves up to 2 spaces (water to boat costs 2), chooses a weapon,
   places a target chip (a melee or entangle weapon reaches only the water space its user is in or
   one next to it), may play bait once per round (the shark then shows a chip it did not choose),
   and says ready.
4. The shark resurfaces: its chip, its card's zone, its ability card; a shake-off symbol shakes off
   every entangle weapon; target chips elsewhere go back.
"""

from __future__ import annotations

from functools import lru_cache

import engines.jaws.words as words
from engines.jaws.common import ROLES
from engines.jaws.orca.fight import to_attacks
from engines.jaws.orca.layout import ZONES, Layout, Tiles, near_water, neighbours, neighbours_all
from engines.jaws.orca.tell import orca_space, tell, tell_shark
from engines.jaws.orca.voyage import CHIPS, Act2, Voyage, abilities
from engines.text import N_, Text


def choose(p: Voyage, chip: int, card: int) -> None:
    a = p.orca()
    a.chip, a.card = chip, card
    option = a.options[chip]
    assert option is not None
    if p.quiet:  # a playout: no words made for a story nobody reads
        return
    if card >= 0:
        tell_shark(
            p,
            "chose",
            "Your choice: chip {chip} (zone {zone}) with {card}. You may change it until you lock it.",
            chip=CHIPS[chip],
            zone=a.layout.zones[option.zone],
            ability=abilities()[card].code,
            words={"card": a.box.title(abilities()[card].code, abilities()[card].title)},
        )
    else:
        tell_shark(
            p,
            "chose",
            "Your choice: chip {chip} (zone {zone}), no ability card. You may change it until you lock it.",
            chip=CHIPS[chip],
            zone=a.layout.zones[option.zone],
        )


def lock(p: Voyage) -> None:
    a = p.orca()
    a.locked = True
    a.phase = "prep"
    tell_shark(p, "locked", "Your choice is locked.")
    tell(
        p,
        "locked",
        "The shark has made its secret choice. The crew prepares: move, choose a weapon, place "
        "the target chips.",
    )


def moves(a: Act2, r: int) -> tuple[int, ...]:
    """The spaces crew member ``r`` may move to now (water to boat costs 2 of the 2 moves)."""
    here = a.at[r]
    left = 2 - a.moved[r]
    if left <= 0 or here < 0:
        return ()
    return _walks(a.layout, tuple(a.tiles))[here][min(left, 2) - 1]


@lru_cache(maxsize=4096)
def _walks(o: Layout, tiles: Tiles) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    """Per space: where a crew member there may move with 1 move left and with 2 (a table)."""
    links = neighbours_all(o, tiles)
    return tuple(
        (tuple(s for s in links[here] if not here >= ZONES > s), links[here]) for here in range(2 * ZONES)
    )


def reaches(a: Act2, r: int, zone: int) -> bool:
    """Whether ``r``'s weapon may aim at ``zone``: a ranged weapon anywhere, a melee or entangle weapon
    only at the water space its user is in or one next to it."""
    if a.weapon[r] < 0:
        return False
    if a.gear[a.weapon[r]].kind == "ranged":
        return True
    water = ZONES + zone
    return a.at[r] == water or water in neighbours(a.layout, tuple(a.tiles), a.at[r])


ALL_ZONES = tuple(range(ZONES))


def aims(a: Act2, r: int) -> tuple[int, ...]:
    """Every zone ``r``'s weapon may aim at now (:func:`reaches`, zone by zone), from a table."""
    w = a.weapon[r]
    if w < 0:
        return ()
    if a.gear[w].kind == "ranged":
        return ALL_ZONES
    here = a.at[r]
    if here < 0:
        return tuple(z for z in ALL_ZONES if reaches(a, r, z))
    return near_water(a.layout, tuple(a.tiles))[here]


def move(p: Voyage, r: int, space: int) -> None:
    a = p.orca()
    here = a.at[r]
    a.moved[r] += 2 if here >= ZONES > space else 1
    a.at[r] = space
    if p.quiet:  # a playout: no words made for a story nobody reads
        return
    tell(
        p,
        "moved2",
        "{role} moves to {space}.",
        role=ROLES[r],
        space=a.layout.name(space),
        words={"role": words.role(r), "space": orca_space(a.layout, space)},
    )


def weapon(p: Voyage, r: int, gid: int) -> None:
    a = p.orca()
    a.weapon[r] = gid
    if p.quiet:  # a playout: no words made for a story nobody reads
        return
    tell(
        p,
        "weapon",
        "{role} chooses a weapon: {card}.",
        role=ROLES[r],
        card=gid,
        words={"role": words.role(r), "card": words.gear(a.gear[gid])},
    )


def target(p: Voyage, r: int, zone: int) -> None:
    a = p.orca()
    a.target[r] = zone
    if p.quiet:  # a playout: no words made for a story nobody reads
        return
    tell(
        p,
        "target",
        "{role} puts the target chip on the water space of zone {zone}.",
        role=ROLES[r],
        zone=a.layout.zones[zone],
        words={"role": words.role(r)},
    )


def ready(p: Voyage, r: int) -> None:
    a = p.orca()
    a.ready[r] = True
    tell(p, "ready", "{role} is ready.", role=ROLES[r], words={"role": words.role(r)})
    if all(a.ready[x] for x in a.alive()):
        surface(p)


def bait(p: Voyage, r: int, gid: int) -> None:
    a = p.orca()
    a.kit[r].remove(gid)
    a.bait = True
    a.phase = "bait"
    tell(
        p,
        "bait",
        "{role} plays bait: the shark must show a chip it did not choose.",
        role=ROLES[r],
        words={"role": words.role(r)},
    )


def reveal(p: Voyage, chip: int) -> None:
    a = p.orca()
    a.baited = chip
    a.phase = "prep"
    card = a.options[chip]
    assert card is not None
    tell(
        p,
        "shown",
        "The shark shows chip {chip}: it will not resurface by card {chip} (zone {zone}).",
        chip=CHIPS[chip],
        zone=a.layout.zones[card.zone],
    )


def surface(p: Voyage) -> None:
    a = p.orca()
    card = a.options[a.chip]
    assert card is not None
    a.surfaced = card.zone
    if a.deck_mode == "digital":
        a.discard.extend(c for i, c in enumerate(a.options) if i != a.chip and c is not None)
    msgid = (
        N_("The shark resurfaces by chip {chip}: zone {zone}, evade {evade}, {dice} dice, shake-off.")
        if card.shake
        else N_("The shark resurfaces by chip {chip}: zone {zone}, evade {evade}, {dice} dice.")
    )
    tell(
        p,
        "surfaced",
        msgid,
        chip=CHIPS[a.chip],
        zone=a.layout.zones[card.zone],
        evade=card.evade,
        dice=card.dice,
        shake_off=card.shake,
    )
    _play_ability(p, a)
    if card.shake and a.attached:
        count = len(a.attached)
        a.attached = []
        tell(p, "shaken", "Shake-off! The shark shakes off every entangle weapon ({count}).", count=count)
    _retarget(p, a)
    _on_target(p, a)
    to_attacks(p)


def _play_ability(p: Voyage, a: Act2) -> None:
    """The ability card under the shark's chip, played as it resurfaces (or none)."""
    if a.card < 0:
        tell(p, "ability2", "It plays no ability card.", ability=None)
        return
    a.played = a.card
    a.hand.remove(a.card)
    a.shown = len(a.hand)
    kind = abilities()[a.card]
    tell(
        p,
        "ability2",
        "It plays an ability card: {title}. {text}",
        ability=kind.code,
        words={"title": a.box.title(kind.code, kind.title), "text": Text(kind.text)},
    )


def _retarget(p: Voyage, a: Act2) -> None:
    """A weapon that may retarget moves its target chip onto the shark from a zone next to it."""
    for r in a.alive():
        t, w = a.target[r], a.weapon[r]
        if (
            t >= 0
            and t != a.surfaced
            and w >= 0
            and a.gear[w].retarget
            and (ZONES + a.surfaced) in neighbours(a.layout, tuple(a.tiles), ZONES + t)
        ):
            a.target[r] = a.surfaced
            tell(
                p,
                "retarget",
                "{role}'s weapon lets him move his target chip onto the shark.",
                role=ROLES[r],
                words={"role": words.role(r)},
            )


def _on_target(p: Voyage, a: Act2) -> None:
    """Target chips elsewhere go back; who is on target is told."""
    on = [r for r in a.alive() if a.target[r] == a.surfaced]
    for r in a.alive():
        if a.target[r] != a.surfaced:
            a.target[r] = -1
    if on:
        tell(
            p,
            "on_target",
            "On target: {roles}.",
            roles=[ROLES[r] for r in on],
            words={"roles": words.roles(on)},
        )
    else:
        tell(p, "on_target", "Nobody's target chip is on the shark.", roles=[])
