"""Fzzzt! (Tony Boydell, 2009): secret bids for robots on a conveyor, 2 to 4 players.

>>> import engines
>>> game = engines.get("fzzzt")
>>> state = game.start(players=3, seed=7)
>>> state.phase, state.awaiting == (state.chief,), state.view(None)["conveyor"]["face_down"] < 8
('bid', True, True)
>>> game.load(state.notation()) == state
True
"""

from __future__ import annotations

from engines.fzzzt.game import GAME, Fzzzt
from engines.fzzzt.state import FzzztState

__all__ = ["GAME", "Fzzzt", "FzzztState"]
