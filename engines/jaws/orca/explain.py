"""Why an Act 2 play is refused, in the rules' words.

A crew seat's refusal depends only on what the crew may know (never on the shark's chip or card);
the shark's own refusals speak of its own secrets, and only the shark reads them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import engines.jaws.words as words
from engines.core import TABLE, IllegalAction
from engines.jaws.common import ROLES
from engines.jaws.orca import prepare
from engines.jaws.orca.voyage import Voyage, abilities

SHARK_TYPES = frozenset({"surface", "lock", "reveal", "ram", "bite", "maul", "domino", "second"})
CREW_TYPES = frozenset(
    {"place", "move", "weapon", "target", "bait", "ready", "attack", "hold", "ammo", "cage"}
)


def explain(p: Voyage, seat: int, action: Mapping[str, Any]) -> IllegalAction:
    a = p.orca()
    kind = action.get("type")
    if seat == TABLE:
        return IllegalAction("The table is not asked for that now.")
    if kind in SHARK_TYPES:
        if seat != p.seats[0]:
            return IllegalAction("Only the shark does that.")
        return _shark(p, action)
    if kind in CREW_TYPES:
        role = action.get("role")
        if role not in ROLES:
            return IllegalAction("Say which crew member acts: Brody, Hooper or Quint.")
        r = ROLES.index(str(role))
        if p.seats[r + 1] != seat:
            return IllegalAction("You do not play {role}.", role=words.role(r))
        return _crew(p, r, action)
    if a.phase == "decide":
        return IllegalAction(
            "The shark is choosing where to resurface; the crew prepares once it has locked its choice."
        )
    return IllegalAction("That is not a legal play right now.")


def _shark(p: Voyage, action: Mapping[str, Any]) -> IllegalAction:
    a = p.orca()
    kind = action.get("type")
    if kind in ("surface", "lock"):
        if a.phase != "decide":
            return IllegalAction("Your choice is locked for this round.")
        if kind == "lock":
            return IllegalAction("Choose a chip first, then lock your choice.")
        card = action.get("card")
        if card is not None and card not in set(_hand_codes(p)):
            return IllegalAction("That ability card is not in your hand.")
        return IllegalAction("Choose chip A, B or C, with one of your ability cards or none.")
    if kind == "reveal":
        return IllegalAction("Show a chip you did not choose.")
    if kind == "bite" and a.phase == "bite":
        return IllegalAction("The shark attacks a boat space next to it, or a crew member in the water on "
                             "its space or next to it; never one on the boat.")
    return IllegalAction("That is not a legal play right now.")


def _hand_codes(p: Voyage) -> list[str]:
    return [abilities()[k].code for k in p.orca().hand]


def _crew(p: Voyage, r: int, action: Mapping[str, Any]) -> IllegalAction:
    a = p.orca()
    kind = action.get("type")
    who = words.role(r)
    if a.out[r]:
        return IllegalAction("{role} is out of the game.", role=who)
    if kind in ("move", "weapon", "target", "bait", "ready"):
        if a.phase == "decide":
            return IllegalAction("The crew prepares once the shark has locked its choice.")
        if a.phase != "prep":
            return IllegalAction("The crew prepares in phase 3 only.")
        if a.ready[r]:
            return IllegalAction("{role} is ready already.", role=who)
        if kind == "move":
            return IllegalAction(
                "{role} has 2 moves a round, to a space next to his; from the water onto the "
                "boat costs both.",
                role=who,
            )
        if kind == "weapon":
            return IllegalAction("{role} chooses a weapon from his own equipment cards (not the one he "
                                 "holds already).", role=who)
        if kind == "bait":
            if a.bait:
                return IllegalAction("Only one bait may be played each round.")
            return IllegalAction("{role} has no bait.", role=who)
        if kind in ("ready", "target"):
            if a.weapon[r] < 0:
                return IllegalAction("{role} chooses a weapon first.", role=who)
            if kind == "ready" and a.target[r] < 0:
                return IllegalAction("{role} puts his target chip on a water space first.", role=who)
            zone = a.layout.zone(str(action.get("zone"))) if kind == "target" else a.target[r]
            if zone < 0:
                return IllegalAction(
                    "The target chip goes on the water space of one of the zones {zones}.",
                    zones=", ".join(a.layout.zones),
                )
            if not prepare.reaches(a, r, zone):
                return IllegalAction(
                    "A melee or entangle weapon reaches only the water space its user is in or "
                    "one next to it: move, or choose another target or weapon."
                )
            if kind == "target" and zone == a.target[r]:
                return IllegalAction("{role}'s target chip lies there already.", role=who)
        return IllegalAction("That is not a legal play right now.")
    if kind in ("attack", "hold"):
        if a.phase != "attack":
            return IllegalAction("The crew attacks in phase 5 only.")
        if a.target[r] != a.surfaced or a.decided[r]:
            return IllegalAction("Only a crew member whose target chip is on the shark's space may attack.")
    if kind == "place" and a.phase == "place":
        return IllegalAction("A crew member boards the Orca on a boat space.")
    return IllegalAction("That is not a legal play right now.")
