"""Act 2: who is awaited, what each may do (core steps, as :mod:`engines.jaws.amity.rules` has for Act 1),
the table's readings, and the one place that applies a step.

Core steps are tuples ``(kind, role, x, y)``: ``role`` a crew member (0-2) or -1; ``x``, ``y``
numbers, or the value the table entered (a :class:`~engines.jaws.box.Resurface` card, a
:class:`~engines.jaws.box.Tile`, a :class:`~engines.jaws.box.Gear` card, the dice faces).

**Readings.** Where the real game shows something the companion cannot know (a resurface card
turned face up, the hits of the real red dice, a boat tile's numbers, the gear in front of each
crew member), the table (``TABLE``) is awaited for a *reading*: the host enters it, or a phone of
:func:`readers` does (the crew for what lies on the table, the roller for the dice). No chance mode
draws a reading. ``legal(TABLE)`` lists what the table may enter with one tap (the cards this box
is known to hold, the possible hits); the door takes any entry the rules allow
(:mod:`engines.jaws.orca.actions`). :func:`chance` gives random playouts something to enter.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from engines.core import TABLE
from engines.jaws.box import OWN_CARDS, RESURFACE_CARDS, WEAPONS, Gear, Resurface, Tile, _multiset_max
from engines.jaws.orca import boarding, prepare
from engines.jaws.orca import fight as orca_attack
from engines.jaws.orca import round as orca_round
from engines.jaws.orca.layout import DESTROYED, ZONES, neighbours
from engines.jaws.orca.voyage import READINGS, SHARK, Act2, Voyage

Step = tuple[Any, ...]


# --------------------------------------------------------------------------- who acts


def readers(p: Voyage) -> tuple[int, ...] | None:
    """The seats that may enter the table's reading now (besides the host), or None: no reading."""
    a = p.orca()
    if a.phase not in READINGS:
        return None
    if a.phase == "roll":
        who = orca_attack.roller(a)
        return (p.seats[0],) if who == SHARK else (p.seats[who + 1],)
    return tuple(sorted(set(p.seats[1:])))


def awaiting(p: Voyage) -> tuple[int, ...]:
    a = p.orca()
    ph = a.phase
    seats = p.seats
    if ph in READINGS:
        return (TABLE,)
    if ph in ("decide", "bait", "ram", "bite", "maul", "domino", "second"):
        return (seats[0],)
    if ph == "place":
        return _crew_seats(p, [r for r in a.alive() if a.at[r] < 0])
    if ph == "prep":
        return _crew_seats(p, unready(a))
    if ph == "attack":
        return _crew_seats(p, _attackers(a))
    if ph == "ammo":
        return (seats[orca_attack.roller(a) + 1],)
    if ph == "cage":
        return _crew_seats(p, [r for r in range(3) if a.asked[r]])
    return ()


def _crew_seats(p: Voyage, members: list[int]) -> tuple[int, ...]:
    return tuple(sorted({p.seats[r + 1] for r in members}))


def unready(a: Act2) -> list[int]:
    """The crew members still preparing (phase 3)."""
    out, ready = a.out, a.ready
    return [r for r in (0, 1, 2) if not out[r] and not ready[r]]


def _attackers(a: Act2) -> list[int]:
    return [r for r in a.alive() if a.target[r] == a.surfaced and not a.decided[r]]


def mine(p: Voyage, seat: int, members: list[int]) -> list[int]:
    return [r for r in members if p.seats[r + 1] == seat]


# --------------------------------------------------------------------------- legal steps


def legal(p: Voyage, seat: int) -> list[Step]:
    if seat == TABLE:
        return offers(p) if p.orca().phase in READINGS else []
    if seat not in awaiting(p):
        return []
    return legal_now(p, seat)


def legal_now(p: Voyage, seat: int) -> list[Step]:
    a = p.orca()
    ph = a.phase
    out: list[Step] = []
    if ph == "decide":
        out = _decide(a)
    elif ph == "place":
        for r in mine(p, seat, [r for r in a.alive() if a.at[r] < 0]):
            out += [("place", r, z, 0) for z in range(ZONES) if a.tiles[z] != DESTROYED]
    elif ph == "prep":
        for r in mine(p, seat, unready(a)):
            out += prep_steps(a, r)
    elif ph == "bait":
        out = [("reveal", -1, chip, 0) for chip in range(3) if chip != a.chip]
    elif ph == "attack":
        for r in mine(p, seat, _attackers(a)):
            out += [("attack", r, 0, 0), ("hold", r, 0, 0)]
    elif ph == "ammo":
        r = orca_attack.roller(a)
        out = [("ammo", r, 1, 0), ("ammo", r, 0, 0)]
    elif ph == "ram":
        water = ZONES + a.surfaced
        out = [("ram", -1, s - ZONES, 0) for s in neighbours(a.layout, tuple(a.tiles), water) if s >= ZONES]
        out.append(("ram", -1, -1, 0))
    elif ph == "bite":
        out = [("bite", -1, t, 0) for t in orca_attack.targets(a)]
    elif ph == "cage":
        for r in mine(p, seat, [r for r in range(3) if a.asked[r]]):
            out += [("cage", r, 1, 0), ("cage", r, 0, 0)]
    elif ph == "maul":
        if a.dice_mode == "digital":
            out = [("maul", -1, mask, 0) for mask in range(1 << len(a.dice))]
        else:
            out = [("maul", -1, 0, 0), ("maul", -1, 1, 0)]
    elif ph == "domino":
        out = [("domino", -1, y, 0) for y in orca_attack.domino_choices(a)]
    elif ph == "second":
        out = [("second", -1, t, 0) for t in orca_attack.targets(a) if t < ZONES]
        out.append(("second", -1, -1, 0))
    return out


def _decide(a: Act2) -> list[Step]:
    """The shark's secret choice: every chip with no card or a kind in its hand, but the one chosen
    now, and the lock once a chip is chosen."""
    kinds = tuple(sorted(set(a.hand)))
    out = list(_surfaces(kinds))
    chip, card = a.chip, a.card
    if 0 <= chip < 3 and (card == -1 or card in kinds):
        del out[chip * (len(kinds) + 1) + (kinds.index(card) + 1 if card >= 0 else 0)]
    if chip >= 0:
        out.append(("lock", -1, 0, 0))
    return out


@lru_cache(maxsize=256)
def _surfaces(kinds: tuple[int, ...]) -> tuple[Step, ...]:
    """Every chip with no card or with one of these kinds, chip by chip (kept once made)."""
    return tuple(("surface", -1, chip, card) for chip in range(3) for card in (-1, *kinds))


def prep_steps(a: Act2, r: int) -> list[Step]:
    """Crew member ``r``'s preparation: move, a weapon, the target chip, bait, ready."""
    out: list[Step] = [("move", r, s, 0) for s in prepare.moves(a, r)]
    gear, w = a.gear, a.weapon[r]
    armed, bait = False, -1
    for g in a.kit[r]:
        kind = gear[g].kind
        if kind in WEAPONS:
            armed = True
            if g != w:
                out.append(("weapon", r, g, 0))
        elif kind == "bait" and bait < 0:
            bait = g
    t = a.target[r]
    zones = prepare.aims(a, r)  # the target chip goes where the chosen weapon reaches from here
    out += [("target", r, z, 0) for z in zones if z != t]
    if not a.bait and bait >= 0:
        out.append(("bait", r, bait, 0))
    if not armed or (t >= 0 and t in zones):
        out.append(("ready", r, 0, 0))  # a member left without any weapon can only say ready
    return out


# --------------------------------------------------------------------------- the table's readings


def _unused(known: tuple[Any, ...], used: list[Any], counts: dict[Any, int] | None = None) -> list[Any]:
    """The values of ``known`` not yet used up by ``used`` (multisets), each once; ``counts``: how
    many of each ``known`` holds, if counted already."""
    left = dict(counts) if counts is not None else Counter(known)  # in the order of ``known``
    for v in used:
        left[v] = left.get(v, 0) - 1
    return [v for v, n in left.items() if n > 0]


_COUNTED: dict[int, tuple[tuple[Any, ...], dict[Any, int]]] = {}


def _counted(deck: tuple[Any, ...]) -> dict[Any, int]:
    """How many of each card a box's deck holds, in the deck's order: kept per deck object (a game's
    box never changes), for the few boxes of the last games."""
    entry = _COUNTED.get(id(deck))
    if entry is None or entry[0] is not deck:
        if len(_COUNTED) >= 16:
            _COUNTED.clear()
        entry = _COUNTED[id(deck)] = (deck, dict(Counter(deck)))
    return entry[1]


def next_slot(a: Act2) -> int:
    return next(i for i, c in enumerate(a.options) if c is None)


def offers(p: Voyage) -> list[Step]:
    """What the table may enter with one tap: what this box is known to hold and is not yet used."""
    a = p.orca()
    ph = a.phase
    if ph == "turn":  # the box's cards and those seen in earlier passes through the deck
        slot = next_slot(a)
        deck = a.box.resurface
        if len(deck) >= RESURFACE_CARDS:  # a whole deck: nothing seen is added to it
            cards = _unused(deck, a.turned, _counted(deck))
        else:
            cards = _unused(tuple(_multiset_max(deck, a.most, RESURFACE_CARDS)), a.turned)
        return [("resurface", -1, slot, c) for c in cards]
    if ph == "gear":
        out: list[Step] = []
        alive = a.alive()
        takes: dict[tuple[int, str], bool] = {}  # may_take asks only the card's owner
        held = [a.gear[g] for r in range(3) for g in a.kit[r]]
        for card in _unused(a.box.gear, held, _counted(a.box.gear)):
            for r in alive:
                key = (r, card.owner)
                if key not in takes:
                    takes[key] = boarding.may_take(a, r, card)
                if takes[key]:
                    out.append(("gear", r, card, 0))
        return out
    if ph == "roll":
        return [("hits", -1, n, 0) for n in range(orca_attack.max_hits(a) + 1)]
    return []


@lru_cache(maxsize=1)
def _sample_cards() -> tuple[Resurface, ...]:
    return tuple(
        Resurface(z, e, d, s)
        for z in range(ZONES)
        for e, d, s in ((1, 2, False), (2, 3, True), (0, 1, False))
    )


_SAMPLE_OWN = (Gear("", "", "melee", 2), Gear("", "", "ranged", 2, plus_one=True, discard=True))
_SAMPLE_CREW = (
    Gear("", "crew", "entangle", evade=-1),
    Gear("", "crew", "bait"),
    Gear("", "crew", "ammo"),
    Gear("", "crew", "cage"),
    Gear("", "crew", "ranged", 1, discard=True, retarget=True),
    Gear("", "crew", "melee", 1, plus_one=True),
)


def chance(p: Voyage) -> list[tuple[Step, float]]:
    """Entries for a random playout to make while a reading is awaited (uniform over a sample of what
    the table might enter; the exact distribution of the hits when the dice faces are known)."""
    a = p.orca()
    ph = a.phase
    steps: list[Step]
    if ph == "roll":
        dist = _hits(tuple(a.faces) if a.faces else tuple(range(3)), int(a.roll[2]))
        return [(("hits", -1, n, 0), pr) for n, pr in dist]
    known = offers(p)
    if known and ph in ("turn", "gear"):
        steps = known
    elif ph == "carry":
        steps = [("carry", -1, s, c) for s, c in ((5, 8), (6, 7), (8, 5), (9, 4))]
    elif ph == "turn":
        steps = [("resurface", -1, next_slot(a), c) for c in _sample_cards()]
    elif ph == "tiles":
        z = next(i for i, t in enumerate(a.specs) if t is None)
        steps = [("tile", -1, z, t) for t in (Tile(2, 4, 2), Tile(3, 5, 2), Tile(2, 5, 3))]
    elif ph == "tracks":
        who = next(i for i, n in enumerate(a.tracks) if not n)
        steps = [("track", -1, who, n) for n in ((10, 12) if who == SHARK else (6, 7, 8))]
    else:  # gear
        lacking = [r for r in a.alive() if boarding.own_count(a, r) < OWN_CARDS]
        if lacking:
            r = lacking[0]
            own = _SAMPLE_OWN[boarding.own_count(a, r)]
            steps = [
                (
                    "gear",
                    r,
                    Gear("", ("brody", "hooper", "quint")[r], own.kind, own.dice, own.plus_one, own.discard),
                    0,
                )
            ]
        else:
            steps = [("gear", r, card, 0) for r in a.alive() for card in _SAMPLE_CREW]
    return [(s, 1 / len(steps)) for s in steps]


@lru_cache(maxsize=64)
def _hits(faces: tuple[int, ...], dice: int) -> tuple[tuple[int, float], ...]:
    dist = {0: 1.0}
    for _ in range(dice):
        nxt: dict[int, float] = {}
        for total, pr in dist.items():
            for f in faces:
                nxt[total + f] = nxt.get(total + f, 0.0) + pr / len(faces)
        dist = nxt
    return tuple(sorted(dist.items()))


# --------------------------------------------------------------------------- applying a step


Apply = Callable[[Voyage, int, Any, Any], None]  # (position, role, a, b)

APPLY: dict[str, Apply] = {
    "carry": lambda p, r, x, y: boarding.enter_carry(p, x, y),
    "tile": lambda p, r, x, y: boarding.enter_tile(p, x, y),
    "track": lambda p, r, x, y: boarding.enter_track(p, x, y),
    "gear": lambda p, r, x, y: boarding.enter_gear(p, r, x),
    "drop": lambda p, r, x, y: boarding.drop_gear(p, r, x),
    "place": lambda p, r, x, y: boarding.place(p, r, x),
    "resurface": lambda p, r, x, y: orca_round.enter_option(p, x, y),
    "hits": lambda p, r, x, y: orca_attack.finish_roll(p, x),
    "surface": lambda p, r, x, y: prepare.choose(p, x, y),
    "lock": lambda p, r, x, y: prepare.lock(p),
    "move": lambda p, r, x, y: prepare.move(p, r, x),
    "weapon": lambda p, r, x, y: prepare.weapon(p, r, x),
    "target": lambda p, r, x, y: prepare.target(p, r, x),
    "bait": lambda p, r, x, y: prepare.bait(p, r, x),
    "ready": lambda p, r, x, y: prepare.ready(p, r),
    "reveal": lambda p, r, x, y: prepare.reveal(p, x),
    "attack": lambda p, r, x, y: orca_attack.attack(p, r),
    "hold": lambda p, r, x, y: orca_attack.hold(p, r),
    "ammo": lambda p, r, x, y: orca_attack.ammo(p, r, bool(x)),
    "ram": lambda p, r, x, y: orca_attack.ram(p, x),
    "bite": lambda p, r, x, y: orca_attack.bite(p, x),
    "cage": lambda p, r, x, y: orca_attack.cage(p, r, bool(x)),
    "maul": lambda p, r, x, y: orca_attack.maul(p, x),
    "domino": lambda p, r, x, y: orca_attack.domino(p, x),
    "second": lambda p, r, x, y: orca_attack.second(p, x),
}
"""What each Act 2 step does, by its kind: a new step is one entry here (its legality in
:func:`legal_now`)."""


def apply(p: Voyage, seat: int, s: Step) -> None:
    kind, r, x, y = s
    if kind not in APPLY:
        raise ValueError(kind)
    APPLY[kind](p, r, x, y)
