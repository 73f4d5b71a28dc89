"""Why a Loch Ness play is refused, in the rules' words, from what the seat may know (never another
seat's secret).

First what the moment asks for (the placement round, a card to enter, a boat in town or with a step
to finish), then a boat that cannot do what was asked, then one sentence per kind of play
(:data:`_BY_KIND`). A new kind of play gets its sentence, or a small function, on a line there.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engines.core import IllegalAction, Seat
from engines.loch_ness.table import BOATS, LAST_TURNS, Table
from engines.loch_ness.words import DIVING_SUIT, FIND_CODE
from engines.text import N_

Why = Callable[[Table, Seat, Mapping[str, Any]], IllegalAction]


def explain(t: Table, seat: Seat, action: Mapping[str, Any]) -> IllegalAction:
    """Why ``action`` is not one of ``seat``'s legal plays on ``t``."""
    kind = action.get("type")
    waiting = _what_the_moment_asks(t, kind, action.get("card"))
    if waiting is not None:
        return waiting
    boat = action.get("boat")
    if kind in ("move", "explore", "town") and isinstance(boat, int) and 1 <= boat <= BOATS:
        return _boat(t, seat * BOATS + boat - 1, boat, action)
    if kind in ("move", "explore", "town"):
        return IllegalAction("Say which of your boats: 1, 2 or 3.")
    why = _BY_KIND.get(kind) if isinstance(kind, str) else None
    if why is None:
        return IllegalAction("That is not a legal play right now.")
    return IllegalAction(why) if isinstance(why, str) else why(t, seat, action)


def _left_on_top(t: Table, card: object) -> bool:
    """Whether ``card`` (a find's word) lies face up only among the cards the explorer settled
    before turning the bottom one."""
    site = t.site_of(t.step_boat)
    code = FIND_CODE.get(card) if isinstance(card, str) else None
    if site < 0 or code is None:
        return False
    up = t.face_up[site]
    return code in up[:t.settled] and code not in up[t.settled:]


def _what_the_moment_asks(t: Table, kind: object, card: object = None) -> IllegalAction | None:
    if t.phase == "place":
        return IllegalAction("Lay one of your own colour's cards face down on a site that still has "
                             "room.")
    step = t.step
    if step == "card":
        return IllegalAction("First say which card you turned on {site}.", site=t.board.ids[t.turning_site])
    if step == "thief":
        return IllegalAction("Boat {boat} is being robbed: show a thief aboard it, or show none.",
                             boat=t.target % BOATS + 1)
    if step == "defend":
        return IllegalAction("Boat {boat} is attacked: show a weapon aboard it, or show none.",
                             boat=t.target % BOATS + 1)
    if step == "draw":
        return IllegalAction("First say which card you drew from the robbed boat.")
    if step == "town" and kind not in ("join", "return", "stack", "tool", "give", "done"):
        return IllegalAction("Your boat is looking around in town: hand tools back, take tools, or say "
                             "done.")
    if step == "explore" and t.turning_site >= 0 and kind not in ("take", "bottom"):
        return IllegalAction("Take the top card or leave it, then turn the bottom card on {site}: the "
                             "explorer looks at both.", site=t.board.ids[t.turning_site])
    if step == "explore" and t.settled and kind == "take" and _left_on_top(t, card):
        return IllegalAction("The top card on {site} was settled before the bottom card was turned: a "
                             "card left there stays face up for a later visit.",
                             site=t.board.ids[t.site_of(t.step_boat)])
    if step in ("moved", "explore") and kind not in ("take", "attack", "steal", "observe", "done"):
        return IllegalAction("Finish with this boat first: take finds, fight, observe, or say done.")
    return None


def _boat(t: Table, b: int, boat: int, action: Mapping[str, Any]) -> IllegalAction:
    """Boat ``b`` (the player's ``boat``, 1-3) asked to move, explore or look around in town."""
    if t.where[b] < 0:
        return IllegalAction("Boat {boat} is not on the board.", boat=boat)
    if t.on_side[b]:
        return IllegalAction("Boat {boat} lies on its side and is put upright in your next turn.",
                             boat=boat)
    if t.acted[b]:
        return IllegalAction("Boat {boat} has had its action this turn.", boat=boat)
    if action.get("type") == "move":
        return _move(t, b, boat, action)
    if action.get("type") == "explore":
        return _explore(t, b, boat)
    return IllegalAction("Only a boat in the harbour can look around in town.")


def _move(t: Table, b: int, boat: int, action: Mapping[str, Any]) -> IllegalAction:
    if t.where[b] == t.board.harbour and t.looked_in_town[b]:
        return IllegalAction("A boat that looked around in town may not sail out straight away.")
    if t.where[b] == t.board.harbour and t.stage == LAST_TURNS:
        return IllegalAction("Nessie is attacking: boats in the harbour may not sail out any "
                             "more.")
    if action.get("to") == t.board.ids[t.nessie]:
        return IllegalAction("No boat may sail onto or through Nessie's space.")
    return IllegalAction("Boat {boat} cannot reach that space this turn: three spaces (four with "
                         "a motor), mooring counts as one, never through Nessie.", boat=boat)


def _explore(t: Table, b: int, boat: int) -> IllegalAction:
    site = t.site_of(b)
    if site < 0:
        return IllegalAction("There is nothing to explore where boat {boat} lies.", boat=boat)
    if t.board.terrain[site] == "water" and not t.has(b, DIVING_SUIT):
        return IllegalAction("Exploring under water needs a diving suit aboard.")
    return IllegalAction("There is nothing left here that boat {boat} can turn or take.",
                         boat=boat)


def _bagpipe(t: Table, seat: Seat, action: Mapping[str, Any]) -> IllegalAction:
    if t.stage == LAST_TURNS:
        return IllegalAction("No bagpipes in the last turns.")
    if not t.bagpipes[seat]:
        return IllegalAction("You have no bagpipe tokens left.")
    return IllegalAction("The bagpipes move Nessie to a lake space next to hers, never in front of "
                         "the harbour.")


_IN_TOWN = N_("In town a boat takes one or two tools (the second costs 2 reputation), at "
              "most 3 aboard, from what is left.")

_BY_KIND: dict[str, str | Why] = {
    "take": N_("A find goes aboard only with the right tool (a camera for tracks and a "
               "young "
               "monster, a shovel for a nest, a diving suit under water), and a boat "
               "carries "
               "at most 3 finds."),
    "steal": N_("To rob a boat of another colour here you need a thief aboard and room for "
                "a "
                "find, and you may not both attack and rob."),
    "attack": N_("You can attack a boat of another colour where your boat ended its move, "
                 "once."),
    "observe": N_("Observing Nessie needs binoculars, a space next to hers and room for a "
                  "find, "
                  "and not after a fight."),
    "bagpipe": _bagpipe,
    "chest": N_("A treasure chest is spent at the end of the turn, once none of your boats has "
                "its own action left: one boat that has acted gets another action, once a turn."),
    **dict.fromkeys(("tool", "stack", "return", "give", "join"), _IN_TOWN),
}
"""Each kind of play: the sentence that says why it is refused, or the function that finds it."""
