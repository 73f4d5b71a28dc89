"""Act 2's setup, up to the crew boarding the Orca (rulebook, "2. Akt: Vorbereitung"), with the
box's numbers the table enters.

In order: the carry-over from Act 1 (as many ability cards for the shark and gear cards for the
crew as the swimmer track shows; Act 2 alone: 6 and 7), then whatever the box profile lacks of
what the real game needs (the boat tiles, the wound tracks), then the shark's ability hand (dealt
by the companion: the 16 cards are known), the gear (each crew member's own two cards, from the
profile or entered; the crew's share, entered), and each crew member's mover on a boat space of
their choice. Digital dice and a digital deck come only from a profile that holds them
(:func:`engines.jaws.box.check_modes`), so the table never types them in here.
"""

from __future__ import annotations

import engines.jaws.words as words
from engines.jaws.box import OWN_CARDS, OWNERS, TRACKS, Gear, Tile
from engines.jaws.common import ROLES
from engines.jaws.orca.round import new_round
from engines.jaws.orca.tell import tell, tell_shark
from engines.jaws.orca.voyage import Act2, Voyage, abilities, carry_over
from engines.text import Text, plural


def start(p: Voyage, eaten: int) -> None:
    """Act 2 begins: after Act 1 (both acts), with the swimmers ``eaten`` on Act 1's track, or at once
    (Act 2 alone: ``eaten`` is -1)."""
    a = Act2.new(p.layout, p.box, p.deck_mode, p.dice_mode, p.rng)
    a.eaten = eaten
    box = p.box
    a.specs = list(box.tiles)
    a.tracks = list(box.tracks)
    a.faces = list(box.faces)
    if a.deck_mode == "digital":
        a.draw = list(box.resurface)
    found = carry_over(box, a.eaten)
    if found is not None:
        a.carry = list(found)
    p.act2, p.act, p.phase = a, 2, "orca"
    tell(
        p,
        "act2",
        "Act 2: the Orca. Turn the board over and build the Orca from its 8 boat tiles.",
        eaten=a.eaten,
    )
    if found is not None:
        _tell_carry(p)
    proceed(p)


def _tell_carry(p: Voyage) -> None:
    a = p.orca()
    if a.eaten < 0:
        tell(
            p,
            "carry",
            "Act 2 alone: the shark gets {shark} ability cards, the crew {crew} gear cards.",
            shark=a.carry[0],
            crew=a.carry[1],
        )
    else:
        tell(
            p,
            "carry",
            "The swimmer track shows {eaten}: the shark gets {shark} ability cards, the crew "
            "{crew} gear cards.",
            eaten=min(a.eaten, 9),
            shark=a.carry[0],
            crew=a.carry[1],
        )


def proceed(p: Voyage) -> None:
    """On to the next setup step the table has to make, or to round 1."""
    a = p.orca()
    if not a.carry:
        a.phase = "carry"
    elif any(t is None for t in a.specs):
        a.phase = "tiles"
    elif not all(a.tracks):
        a.phase = "tracks"
    else:
        if not a.hand and not a.adeck:
            _deal(p)
        if not gear_complete(a):
            a.phase = "gear"
        elif any(a.at[r] < 0 for r in a.alive()):
            a.phase = "place"
        else:
            new_round(p)


def _deal(p: Voyage) -> None:
    """The shark's hand (shuffled by the companion, from the 16 known cards), the resurface deck
    shuffled (digital), each crew member's own cards where the profile knows them."""
    a = p.orca()
    pile = [kind for kind, card in enumerate(abilities()) for _ in range(card.copies)]
    pile, a.rng = a.rng.shuffled(pile)
    n = a.carry[0]
    a.hand, a.adeck = sorted(pile[:n]), pile[n:]
    a.shown = len(a.hand)
    if a.deck_mode == "digital":
        a.draw, a.rng = a.rng.shuffled(a.draw)
    tell(
        p,
        "dealt",
        plural(n, "The shark takes {count} ability card.", "The shark takes {count} ability cards."),
        count=n,
    )
    if not p.quiet and a.hand:
        titles = [a.box.title(abilities()[k].code, abilities()[k].title) for k in a.hand]
        listed = titles[0]
        for t in titles[1:]:
            listed = Text("{list}, {item}", {"list": listed, "item": t})
        tell_shark(
            p,
            "hand",
            "Your ability cards: {list}.",
            hand=[abilities()[k].code for k in a.hand],
            words={"list": listed},
        )
    for r in range(3):
        own = p.box.own(r)
        if len(own) == OWN_CARDS:
            for card in own:
                _take(a, r, card)
            tell(
                p,
                "own_gear",
                "{role} takes his own gear cards.",
                role=ROLES[r],
                words={"role": words.role(r)},
            )


def _take(a: Act2, r: int, card: Gear) -> int:
    a.gear.append(card)
    gid = len(a.gear) - 1
    a.kit[r].append(gid)
    return gid


def own_count(a: Act2, r: int) -> int:
    return sum(1 for g in a.kit[r] if a.gear[g].owner == OWNERS[r])


def crew_count(a: Act2) -> int:
    return sum(1 for r in range(3) for g in a.kit[r] if a.gear[g].owner == "crew")


def gear_complete(a: Act2) -> bool:
    return all(own_count(a, r) == OWN_CARDS for r in range(3)) and crew_count(a) == a.carry[1]


def may_take(a: Act2, r: int, card: Gear) -> bool:
    if card.owner == "crew":
        return crew_count(a) < a.carry[1]
    return card.owner == OWNERS[r] and own_count(a, r) < OWN_CARDS


# --------------------------------------------------------------------------- the table's entries


def enter_carry(p: Voyage, shark: int, crew: int) -> None:
    a = p.orca()
    a.carry = [shark, crew]
    a.entered.append("carry")
    _tell_carry(p)
    proceed(p)


def enter_tile(p: Voyage, zone: int, spec: Tile) -> None:
    a = p.orca()
    a.specs[zone] = spec
    a.entered.append(f"tile:{zone}")
    tell(
        p,
        "tile_numbers",
        "Boat tile {zone}: {damage} hits damage it, {destroy} destroy it; damaged, {damaged} destroy it.",
        zone=a.layout.zones[zone],
        damage=spec.damage,
        destroy=spec.destroy,
        damaged=spec.damaged,
    )
    proceed(p)


def enter_track(p: Voyage, who: int, length: int) -> None:
    a = p.orca()
    a.tracks[who] = length
    a.entered.append(f"track:{who}")
    if who == 3:
        tell(p, "track", "The shark's wound track ends after {count} wounds.", who=TRACKS[who], count=length)
    else:
        tell(
            p,
            "track",
            "{role}'s wound track ends after {count} wounds.",
            who=TRACKS[who],
            count=length,
            words={"role": words.role(who)},
        )
    proceed(p)


def enter_gear(p: Voyage, r: int, card: Gear) -> None:
    a = p.orca()
    gid = _take(a, r, card)
    a.entered.append(f"gear:{gid}")
    tell(
        p,
        "gear_in",
        "{role} takes a gear card: {card}.",
        role=ROLES[r],
        card=gid,
        words={"role": words.role(r), "card": words.gear(card)},
    )
    proceed(p)


def drop_gear(p: Voyage, r: int, gid: int) -> None:
    a = p.orca()
    a.kit[r].remove(gid)
    if f"gear:{gid}" in a.entered:
        a.entered.remove(f"gear:{gid}")
    tell(
        p,
        "gear_out",
        "{role} puts a gear card back (entered by mistake): {card}.",
        role=ROLES[r],
        card=gid,
        words={"role": words.role(r), "card": words.gear(a.gear[gid])},
    )
    proceed(p)


def place(p: Voyage, r: int, zone: int) -> None:
    a = p.orca()
    a.at[r] = zone
    tell(
        p,
        "placed",
        "{role} boards the Orca at boat space {zone}.",
        role=ROLES[r],
        zone=a.layout.zones[zone],
        words={"role": words.role(r)},
    )
    proceed(p)
