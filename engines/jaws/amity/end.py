"""Act 1 ends: the shark reached its goal or the crew attached the second barrel.

The game ends with it (Act 1 alone), or Act 2 begins with its result carried over: what follows is
the whole game's to say (:meth:`engines.jaws.amity.town.Town.next_act`), so Act 1 never reaches
into Act 2.
"""

from __future__ import annotations

from engines.jaws.amity.town import Town


def finish(p: Town, winner: str) -> None:
    """Act 1 ends: the game ends with it (Act 1 alone), or Act 2 begins with its result carried over."""
    p.phase, p.winner = "over", winner
    if winner == "shark":
        p.say("act_over", "The swimmer track reached {track}: the shark wins Act 1.", winner="shark",
              track=p.eaten)
    else:
        p.say("act_over", "The second barrel is attached: the crew wins Act 1.", winner="crew", track=p.eaten)
    p.say("revealed", "The shark's secret path is revealed, round by round.", trail=list(p.trail))
    p.next_act()
