"""What a first game of Loch Ness explains (``Game.lessons``, the table option "First game"), in the
words of the Dutch edition's rulebook (loch-ness.nl.txt).

Picked from the public view and the public events only (:func:`engines.core.public_lessons`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core import Event, Lesson, Seat
from engines.text import Text

PLACE = Lesson("place", Text("Laying out the finds"), Text(
    "Each player holds the discovery cards of their own colour. Starting with the player to the left of "
    "the starting player, each player lays one card on a location of their choice, until every "
    "location is filled; some locations need two cards."), Text("Advanced version"))
TURN = Lesson("turn", Text("Each turn: every boat"), Text(
    "Play goes clockwise. In your turn each of your boats has its go: it may move or look around. A "
    "boat moves up to three spaces, four with a motor, and never onto or through Nessie's space."),
    Text("Course of play; Moving"))
TOWN = Lesson("town", Text("Looking around in town"), Text(
    "A boat in the harbour may first hand in discovery cards for reputation points and put back tools; "
    "then it may pick one or two tools, two cost 2 reputation points. A boat holds at most three tools, "
    "and after looking around it may not sail out straight away."), Text("Looking around in town"),
    begins=("town",))
EXPLORE = Lesson("explore", Text("Exploring"), Text(
    "A boat moored at an island may explore it; at a diving site it needs a diving suit aboard. The card "
    "lying there is turned over for everyone to see, and the boat may take it aboard if it has the right "
    "tool: a camera for tracks and a young monster, a shovel for a nest."),
    Text("Looking around outside the harbour"),
    begins=("explores",))
CONFLICT = Lesson("conflict", Text("Robbing and attacking"), Text(
    "A boat that ends in the same area as a boat of another colour may rob it (with a thief aboard) or "
    "attack it, not both. The robbed boat's owner stops the theft by showing a thief of their own; in an "
    "attack, a boat that shows a weapon against one that does not knocks that boat on its side."),
    Text("Stealing; Attacking a boat"),
    begins=("steal", "attack"))
END_TURN = Lesson("end_turn", Text("End of the turn: treasure chests and bagpipes"), Text(
    "When your boats have had their go, your turn ends. A treasure chest brought back to the harbour "
    "gives one boat one more go (one chest a turn). A bagpipe token (three each) moves Nessie to a "
    "neighbouring lake space, never the one before the harbour: every boat there is eaten, and its "
    "owner gets 2 reputation points."), Text("End of the turn"))
ENDGAME = Lesson("endgame", Text("Nessie attacks the harbour"), Text(
    "The end is in sight: Nessie attacks the harbour. Each player has two more turns, and after each "
    "turn Nessie moves on one space and eats every boat on it; no more bagpipes or observations, and "
    "boats in the harbour may no longer sail out."), Text("End of the game"))
ALL = (PLACE, TURN, TOWN, EXPLORE, CONFLICT, END_TURN, ENDGAME)
"""Every lesson, in the order a game meets them (docs/loch-ness.md "First game")."""


def teach(view: Mapping[str, Any], awaiting: tuple[Seat, ...], events: list[Event]) -> tuple[Lesson, ...]:
    out: list[Lesson] = []
    phase, step = view.get("phase"), view.get("step")
    endgame = view.get("endgame") or {}
    if phase == "place":
        out.append(PLACE)
    if phase == "turn":
        if endgame.get("stage") == "last_turns":
            out.append(ENDGAME)
        done = step == "act" and _boats_done(view)   # only the turn's end is left: chests, bagpipes
        out.append({"town": TOWN, "explore": EXPLORE, "card": EXPLORE, "thief": CONFLICT,
                    "defend": CONFLICT}.get(str(step), END_TURN if done else TURN))
    return tuple(out)


def _boats_done(view: Mapping[str, Any]) -> bool:
    """Every boat of the seat to act has had its go (or cannot: sunk, on its side)."""
    turn = view.get("turn")
    players = view.get("players") or []
    boats = next((p.get("boats") or [] for p in players if p.get("seat") == turn), [])
    return bool(boats) and all(b.get("acted") or b.get("side") or b.get("where") is None for b in boats)
