"""Why an action is refused, in the rules' words.

A crew seat's refusal depends only on what the crew may know (never on the shark's space, plan
or powers); the shark's own refusals speak of its own secrets, and only the shark reads them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import engines.jaws.words as words
from engines.core import TABLE, IllegalAction
from engines.jaws.amity import phrases, rules, shark
from engines.jaws.amity.data import BEACH_ORDER, BURST, EVADE, FRENZY, HIDE, POWER_CODES
from engines.jaws.amity.town import ACTIVE, CLOSED, DONE, FOUND, LOOKED, THREW, Town
from engines.jaws.common import BRODY, HOOPER, QUINT, ROLES


def explain(p: Town, seat: int, action: Mapping[str, Any]) -> IllegalAction:
    if seat == TABLE:
        return IllegalAction(
            "Enter the event card that was turned: one not turned since the deck was shuffled."
        )
    if p.phase == "start":
        return IllegalAction("The shark chooses its secret start: one of the 12 water spaces.")
    if p.phase == "choice":
        return IllegalAction("Choose one of the spaces the event card allows.")
    if p.phase == "shark":
        return _shark(p, action)
    if p.phase == "crew":
        return _crew(p, seat, action)
    return IllegalAction("That is not a legal play right now.")


def _space(p: Town, value: object) -> int:
    return p.board.index.get(value, -1) if isinstance(value, str) else -1


def _shark(p: Town, action: Mapping[str, Any]) -> IllegalAction:
    pl = p.plan
    kind = action.get("type")
    left = shark.actions_this_round(p) - pl.used
    board = p.board
    if p.eaten + sum(pl.eaten) + 2 * pl.michael >= p.goal and kind not in ("back", "end"):
        return IllegalAction("Your swimmer track reaches its goal: end your turn to announce it.")
    if kind in ("move", "eat", "frenzy", "burst") and left <= 0:
        return IllegalAction("You have used all your actions this round.")
    if kind in ("frenzy", "burst", "evade", "hide"):
        code = POWER_CODES.index(str(kind))
        if pl.power >= 0:
            return IllegalAction("You have already played an ability this round.")
        if not p.powers >> code & 1:
            return IllegalAction(
                "You have already used {power}: each ability works once per game.", power=phrases.power(code)
            )
    if kind == "move":
        to = _space(p, action.get("to"))
        if to < 0 or to not in board.water_spaces:
            return IllegalAction("The shark cannot swim over land.")
        return IllegalAction("The shark swims one space at a time, to a water space next to its own.")
    if kind in ("eat", "frenzy"):
        if board.beach_slot(pl.pos) < 0:
            return IllegalAction("Swimmers are only at the beaches: there is nobody to eat here.")
        return IllegalAction("There is no swimmer left in your space to eat.")
    if kind == "burst":
        return IllegalAction(
            "A Speed Burst swims up to 3 spaces through the water, each next to the one before."
        )
    if kind == "knock":
        if p.effect != "knock":
            return IllegalAction("Only Ben Gardner's Boat lets the shark knock a captain into the water.")
        return IllegalAction("You can knock over only a captain whose boat you swam through this turn.")
    if kind == "back":
        return IllegalAction("There is no step to take back.")
    return IllegalAction("Now you plan your turn: move, eat, play an ability, or end the turn.")


def _crew(p: Town, seat: int, action: Mapping[str, Any]) -> IllegalAction:
    role = action.get("role")
    if role not in ROLES:
        return IllegalAction("Say which crew member acts: Brody, Hooper or Quint.")
    r = ROLES.index(str(role))
    refused = _crew_turn(p, seat, r, action)
    if refused is not None:
        return refused
    why = _CREW.get(str(action.get("type")))
    refused = why(p, r, action) if why is not None else None
    return refused if refused is not None else IllegalAction("That is not a legal play right now.")


def _crew_turn(p: Town, seat: int, r: int, action: Mapping[str, Any]) -> IllegalAction | None:
    """Why this crew member may not act at all now (whatever the action), if so."""
    kind = action.get("type")
    who = words.role(r)
    if p.seats[r + 1] != seat:
        return IllegalAction("You do not play {role}.", role=who)
    active = next((x for x in range(3) if p.turns[x] == ACTIVE), -1)
    if active >= 0 and active != r:
        return IllegalAction(
            "{other} is taking a turn: one crew member finishes before the next begins.",
            other=words.role(active),
        )
    if p.turns[r] == DONE:
        return IllegalAction("{role} has already taken a turn this round.", role=who)
    if kind == "end":
        return IllegalAction("That is not a legal play right now.")
    if p.wet[r]:
        return IllegalAction("{role} is in the water and must first climb back aboard (2 actions).", role=who)
    dock_kind = kind == "deliver" or (kind == "collect" and action.get("from") == "dock")
    if dock_kind and p.effect == "docks_closed":
        return IllegalAction(
            "The docks are under repair this round: no barrels are dropped or picked up there."
        )
    if rules.actions_left(p, r) <= 0 and not (dock_kind and p.effect == "harbor_master"):
        return IllegalAction("{role} has no actions left this round.", role=who)
    return None


# Why a crew action is refused, by its type, once the crew member may act: (position, role, action) ->
# the refusal, or None for "That is not a legal play right now."


def _climb(p: Town, r: int, action: Mapping[str, Any]) -> IllegalAction | None:
    return IllegalAction("{role} is aboard already.", role=words.role(r))


def _move(p: Town, r: int, action: Mapping[str, Any]) -> IllegalAction | None:
    to = _space(p, action.get("to"))
    if r == BRODY:
        if to < 0 or to not in p.board.land_spaces:
            return IllegalAction("Brody moves over land only.")
        return IllegalAction("Brody moves one space at a time, to a land space next to his own.")
    if to < 0 or to not in p.board.water_spaces:
        return IllegalAction("{role} cannot sail over land.", role=words.role(r))
    if r == HOOPER:
        return IllegalAction("Hooper's boat moves up to 2 spaces through the water in one action.")
    return IllegalAction("Quint moves one space at a time, to a water space next to his own.")


def _rescue(p: Town, r: int, action: Mapping[str, Any]) -> IllegalAction | None:
    if action.get("swimmer") == "michael" and r != BRODY:
        return IllegalAction("Only Brody can rescue Michael.")
    if p.board.beach_slot(p.pos[r]) < 0:
        return IllegalAction("Swimmers are only at the beaches.")
    return IllegalAction("There is no swimmer to rescue in {role}'s space.", role=words.role(r))


def _binoculars(p: Town, r: int, action: Mapping[str, Any]) -> IllegalAction | None:
    if r != BRODY:
        return IllegalAction("Only Brody has the binoculars.")
    if p.flags[r] & LOOKED:
        return IllegalAction("Brody has already used the binoculars this round.")
    return IllegalAction("Brody can use the binoculars only on one of the 4 beaches.")


def _finder(p: Town, r: int, action: Mapping[str, Any]) -> IllegalAction | None:
    if r != HOOPER:
        return IllegalAction("Only Hooper has the fish finder.")
    if p.flags[r] & FOUND:
        return IllegalAction("Hooper has already used the fish finder this round.")
    return None


def _close(p: Town, r: int, action: Mapping[str, Any]) -> IllegalAction | None:
    if r != BRODY:
        return IllegalAction("Only Brody closes a beach.")
    if p.effect == "fourth_of_july":
        return IllegalAction("Beaches cannot be closed this round (The Fourth of July).")
    if p.flags[r] & CLOSED:
        return IllegalAction("Brody has already closed a beach this round.")
    if p.pos[r] not in p.board.offices:
        return IllegalAction("Brody closes a beach only from the police station or the mayor's office.")
    beach = action.get("beach")
    if beach in BEACH_ORDER and BEACH_ORDER.index(str(beach)) == p.closed:
        return IllegalAction("That beach is closed already; the tile can only move to another beach.")
    return IllegalAction("Only a beach with no swimmer at it can be closed.")


def _throw(p: Town, r: int, action: Mapping[str, Any]) -> IllegalAction | None:
    if r != QUINT:
        return IllegalAction("Only Quint throws barrels.")
    if p.flags[r] & THREW:
        return IllegalAction("Quint throws only one barrel per round.")
    if not p.on_boat[QUINT]:
        return IllegalAction("Quint has no barrel aboard the Orca.")
    return IllegalAction("Quint throws a barrel only into his own space or a water space next to it.")


def _deliver(p: Town, r: int, action: Mapping[str, Any]) -> IllegalAction | None:
    if r != BRODY:
        return IllegalAction("Only Brody delivers barrels to the docks.")
    if not p.on_boat[BRODY]:
        return IllegalAction("Brody carries no barrel.")
    return IllegalAction("Brody delivers a barrel only at a dock.")


def _give(p: Town, r: int, action: Mapping[str, Any]) -> IllegalAction | None:
    if r != HOOPER:
        return IllegalAction("Only Hooper hands his barrels to Quint.")
    if not p.on_boat[HOOPER]:
        return IllegalAction("Hooper has no barrel aboard.")
    return IllegalAction("Hooper hands barrels to Quint only in the same space.")


def _collect(p: Town, r: int, action: Mapping[str, Any]) -> IllegalAction | None:
    source = action.get("from")
    if r == BRODY:
        if source != "shop":
            return IllegalAction("Brody picks up barrels only at the Shop.")
        if p.on_boat[BRODY]:
            return IllegalAction("Brody carries only one barrel at a time.")
        if p.pos[r] != p.board.shop:
            return IllegalAction("Brody picks up barrels only at the Shop.")
        return IllegalAction("There is no barrel left at the Shop.")
    if source == "shop":
        return IllegalAction("Only Brody picks up barrels at the Shop.")
    if source == "hooper" and r != QUINT:
        return IllegalAction("Only Quint collects barrels from Hooper's boat.")
    return IllegalAction("There are not that many barrels to collect here.")


_CREW: dict[str, Callable[[Town, int, Mapping[str, Any]], IllegalAction | None]] = {
    "climb": _climb, "move": _move, "rescue": _rescue, "binoculars": _binoculars, "finder": _finder,
    "close": _close, "throw": _throw, "deliver": _deliver, "give": _give, "collect": _collect,
}
"""Each crew action's refusals in the rules' words (a new crew action: one function, one entry)."""


__all__ = ["BURST", "EVADE", "FRENZY", "HIDE", "explain"]
