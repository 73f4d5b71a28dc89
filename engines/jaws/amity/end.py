"""Act 1 ends: the shark reached its goal or the crew attached the second barrel.

The game ends with it (Act 1 alone), or Act 2 begins with its result carried over
(:func:`engines.jaws.orca.setup.start`): the one place where Act 1 leads into Act 2.
"""

from __future__ import annotations

from engines.core import story
from engines.jaws.orca import setup as orca_setup
from engines.jaws.position import Position


def finish(p: Position, winner: str) -> None:
    """Act 1 ends: the game ends with it (Act 1 alone), or Act 2 begins with its result carried over."""
    p.phase, p.winner = "over", winner
    if not p.quiet:
        _tell_end(p, winner)
    if p.acts == "both":
        orca_setup.start(p)


def _tell_end(p: Position, winner: str) -> None:
    if winner == "shark":
        p.events.append(
            story(
                "act_over",
                "The swimmer track reached {track}: the shark wins Act 1.",
                winner="shark",
                track=p.eaten,
            )
        )
    else:
        p.events.append(
            story(
                "act_over",
                "The second barrel is attached: the crew wins Act 1.",
                winner="crew",
                track=p.eaten,
            )
        )
    p.events.append(
        story("revealed", "The shark's secret path is revealed, round by round.", trail=list(p.trail))
    )
