"""Loch Ness (an unpublished Dutch design): three boats each hunt Nessie's traces, 3 or 4 players.

>>> import engines
>>> game = engines.get("loch-ness")
>>> state = game.start(players=4, seed=7)
>>> state.awaiting, state.view(None)["board"]["placeholder"], state.view(None)["sites"]["I2"]["down"]
((0,), True, 2)
>>> game.load(state.notation()) == state
True
"""

from engines.loch_ness.game import GAME, LochNess
from engines.loch_ness.state import LochNessState

__all__ = ["GAME", "LochNess", "LochNessState"]
