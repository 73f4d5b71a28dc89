"""What everyone may know of Act 2 (the ``orca`` part of every view), and the shark's own part.

The shark's secret choice (its chip and the ability card under it) and its hand are only in the
shark's ``secret``; until phase 4 nothing public depends on them: not the options, not the hand's
size (shown as the round began), not the evade value (shown once the shark is up).
"""

from __future__ import annotations

from typing import Any

from engines.jaws.box import OWN_CARDS, RESURFACE_CARDS, TRACKS
from engines.jaws.common import ROLES
from engines.jaws.orca import actions as orca_actions
from engines.jaws.orca import boarding
from engines.jaws.orca import fight as orca_attack
from engines.jaws.orca import legal as orca_legal
from engines.jaws.orca.layout import TILE_WORDS, ZONES, spaces_json
from engines.jaws.orca.prepare import reaches
from engines.jaws.orca.voyage import CHIPS, SHARK, Act2, Voyage, abilities


def public(p: Voyage) -> dict[str, Any]:
    a = p.orca()
    o = a.layout
    return {
        "phase": a.phase,
        "round": a.round,
        "layout": o.to_json(),
        "tiles": [_tile(a, z) for z in range(ZONES)],
        "spaces": spaces_json(o, tuple(a.tiles)),
        "crew": [_member(p, r) for r in range(3)],
        "gear": [{"id": i, **g.to_json()} for i, g in enumerate(a.gear)],
        "shark": _shark(p, a),
        "options": [_option(a, i) for i in range(len(a.options))],
        "deck": {
            "mode": a.deck_mode,
            "left": len(a.draw),
            "discard": len(a.discard),
            "turned": len(a.turned),
            "of": RESURFACE_CARDS,
        },
        "dice": {"mode": a.dice_mode, "faces": list(a.faces) or None},
        "roll": _roll(p, a),
        "reading": _reading(p, a),
        "domino": o.zones[a.domino] if a.domino >= 0 else None,
        "carry": {"eaten": a.eaten if a.eaten >= 0 else None, "shark": a.carry[0], "crew": a.carry[1]}
        if a.carry
        else {"eaten": a.eaten if a.eaten >= 0 else None},
        "box": {"name": a.box.name, "status": a.box.status()},
        "winner": a.winner or None,
        "abilities": [
            {
                "code": k.code,
                "title": a.box.title(k.code, k.title).to_json(),
                "text": {"msgid": k.text, "params": {}},
                "copies": k.copies,
            }
            for k in abilities()
        ],
    }


def _tile(a: Act2, z: int) -> dict[str, Any]:
    s = a.specs[z]
    numbers = {"damage": s.damage, "destroy": s.destroy, "damaged": s.damaged} if s else {}
    return {"zone": a.layout.zones[z], "state": TILE_WORDS[a.tiles[z]], **numbers}


def _shark(p: Voyage, a: Act2) -> dict[str, Any]:
    up = a.surfaced >= 0
    return {
        "seat": p.seats[0],
        "wounds": a.wounds[SHARK],
        "track": a.tracks[SHARK] or None,
        "hand": a.shown,
        "surfaced": a.layout.name(ZONES + a.surfaced) if up else None,
        "attached": [{"card": g, "by": ROLES[r]} for g, r in a.attached],
        "evade": a.evade() if up else None,
        "dice": a.shark_dice() if up else None,
        "played": abilities()[a.played].code if a.played >= 0 else None,
        "locked": a.locked,
        "baited": CHIPS[a.baited] if a.baited >= 0 else None,
        "bite": _bite(a),
        "rammed": a.rammed,
    }


def _option(a: Act2, i: int) -> dict[str, Any] | None:
    c = a.options[i]
    if c is None:
        return None
    zone = a.layout.zones[c.zone]
    return {"chip": CHIPS[i], "zone": zone, "evade": c.evade, "dice": c.dice, "shake_off": c.shake}


def _member(p: Voyage, r: int) -> dict[str, Any]:
    a = p.orca()
    o = a.layout
    return {
        "role": ROLES[r],
        "seat": p.seats[r + 1],
        "at": o.name(a.at[r]) if a.at[r] >= 0 else None,
        "in_water": a.at[r] >= ZONES,
        "wounds": a.wounds[r],
        "track": a.tracks[r] or None,
        "out": a.out[r],
        "kit": list(a.kit[r]),
        "moves_left": max(0, 2 - a.moved[r]),
        "weapon": a.weapon[r] if a.weapon[r] >= 0 else None,
        "target": o.zones[a.target[r]] if a.target[r] >= 0 else None,
        "ready": a.ready[r],
        "attack": ("attacked", "held")[a.decided[r] - 1] if a.decided[r] else None,
        "caged": a.caged[r],
        "reach": [
            o.zones[z] for z in range(ZONES) if a.weapon[r] >= 0 and a.at[r] >= 0 and _reaches(a, r, z)
        ],
    }


def _reaches(a: Act2, r: int, z: int) -> bool:
    return reaches(a, r, z)


def _bite(a: Act2) -> str | None:
    if a.bite < 0:
        return None
    return a.layout.name(a.bite) if a.bite < ZONES else ROLES[a.bite - ZONES]


def _roll(p: Voyage, a: Act2) -> dict[str, Any] | None:
    if not a.roll:
        return None
    who = orca_attack.roller(a)
    return {
        "for": a.roll[0],
        "who": "shark" if who == SHARK else ROLES[who],
        "dice": a.roll[2],
        "bonus": a.roll[3],
        "max": orca_attack.max_hits(a),
        "against": ROLES[a.extra[0]] if a.extra else None,
        "seat": orca_actions.roller_seat(p, a),
    }


def _offer(action: dict[str, Any]) -> dict[str, Any]:
    """A reading's one-tap entry as the view offers it: a resurface card without its label, which
    the page says from the card's own fields (zone, evade, dice; web/static/games/jaws-orca.js
    offerWords): a box holds 16 of them, said in the view before and after a change (issue 41). The
    table's legal play keeps its label."""
    if action["type"] == "resurface":
        return {key: value for key, value in action.items() if key != "label"}
    return action


def _reading(p: Voyage, a: Act2) -> dict[str, Any] | None:
    readers = orca_legal.readers(p)
    if readers is None:
        return None
    o = a.layout
    out: dict[str, Any] = {
        "what": a.phase,
        "readers": list(readers),
        "offers": [_offer(orca_actions.to_json(p, s)) for s in orca_legal.offers(p)],
    }
    if a.phase == "carry":
        out["eaten"] = min(a.eaten, 9)
    elif a.phase == "tiles":
        out["missing"] = [o.zones[z] for z, t in enumerate(a.specs) if t is None]
    elif a.phase == "tracks":
        out["missing"] = [TRACKS[i] for i, n in enumerate(a.tracks) if not n]
    elif a.phase == "gear":
        out.update(
            own={ROLES[r]: boarding.own_count(a, r) for r in range(3)},
            own_of=OWN_CARDS,
            crew=boarding.crew_count(a),
            crew_of=a.carry[1],
            entered=[int(e[5:]) for e in a.entered if e.startswith("gear:")],
        )
    elif a.phase == "turn":
        out["chip"] = CHIPS[orca_legal.next_slot(a)]
    elif a.phase == "roll":
        out["roll"] = _roll(p, a)
    return out


def secret(p: Voyage) -> dict[str, Any]:
    """The shark's own Act 2: its hand and its secret choice."""
    a = p.orca()
    chosen = a.options[a.chip] if a.chip >= 0 else None
    return {
        "hand": [abilities()[k].code for k in a.hand],
        "choice": {
            "chip": CHIPS[a.chip],
            "zone": a.layout.zones[chosen.zone] if chosen else None,
            "card": abilities()[a.card].code if a.card >= 0 else None,
        }
        if a.chip >= 0
        else None,
        "dice": list(a.dice) if a.phase == "maul" else [],
    }
