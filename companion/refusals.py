"""Why a play is refused before the rules look at it: the table, the game's end, whose turn it is.

Read under the table's lock; each refusal is a Conflict in the players' words, and nothing changes.
"""

from __future__ import annotations

from companion.tables import OpenTable
from engines import TABLE
from engines.core import DIGITAL, PHYSICAL
from web.service import Conflict


def refuse_turn(t: OpenTable, seat: int) -> None:
    """``seat`` (or ``TABLE``, the host) may not play now: Conflict saying why."""
    state = t.state
    if t.row.ended:
        raise Conflict("This table has ended.")
    if state.outcome is not None or not state.awaiting:
        raise Conflict("The game is over.")
    if seat in state.awaiting:
        if seat == TABLE and t.row.chance == DIGITAL and state.reading is None:
            raise Conflict("The companion draws the dice and cards at this table.")
        return
    if seat == TABLE:
        raise Conflict("The table has nothing to resolve right now.")
    if TABLE in state.awaiting:
        if t.row.chance == PHYSICAL:
            raise Conflict("The host has to enter what the dice or cards showed first.")
        raise Conflict("The table has to resolve something first.")
    others = [s for s in state.awaiting if s != TABLE]
    if len(others) == 1:
        raise Conflict("It is {seat}'s turn.", seat=others[0])
    raise Conflict("You have played; waiting for the others.")
