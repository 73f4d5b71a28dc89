"""Laser Chess (ThinkFun; Khet 2.0): two lasers, mirrors, and a King to hit.

Seat 0 is Blue (moves first, laser at j1), seat 1 is Red (laser at a8). A turn
is one action (a step, a rotation, a Switch swap, or turning the Laser) and
then the mover's laser fires as part of the same action.

>>> import engines
>>> game = engines.get("laser-chess")
>>> state = game.start(players=2, seed=0)
>>> len(state.legal_actions(0))
77
>>> after = state.apply(0, {"type": "move", "from": "h2", "to": "h3"})
>>> after.events[1]["exit"]
{'square': 'j8', 'direction': 'N'}
>>> game.load(after.notation()) == after
True
"""

from __future__ import annotations

from engines.laser_chess.game import GAME, LaserChess
from engines.laser_chess.state import LaserChessState

__all__ = ["GAME", "LaserChess", "LaserChessState"]
