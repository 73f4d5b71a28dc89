"""How Act 2 tells the table what happened: events whose public ones carry the board as it is after
them, so the table screen draws each step as it was (never a result before its step)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.jaws.common import ROLES
from engines.jaws.orca.layout import Layout
from engines.jaws.orca.voyage import SHARK, TILE_LETTERS, Voyage
from engines.text import Text


def board(p: Voyage) -> dict[str, Any]:
    """The public board of Act 2 now: tiles, where the crew is, wounds, the shark when it is up,
    the gear attached to it, the target chips."""
    a = p.orca()
    o = a.layout
    return {
        "tiles": "".join(TILE_LETTERS[t] for t in a.tiles),
        "at": {ROLES[r]: (o.name(a.at[r]) if a.at[r] >= 0 else None) for r in range(3)},
        "wounds": {**{ROLES[r]: a.wounds[r] for r in range(3)}, "shark": a.wounds[SHARK]},
        "out": [ROLES[r] for r in range(3) if a.out[r]],
        "shark": o.name(8 + a.surfaced) if a.surfaced >= 0 else None,
        "attached": [g for g, _ in a.attached],
        "targets": {ROLES[r]: o.zones[a.target[r]] for r in range(3) if a.target[r] >= 0},
        "options": [
            {
                "chip": "ABC"[i],
                "zone": o.zones[c.zone],
                "evade": c.evade,
                "dice": c.dice,
                "shake_off": c.shake,
            }
            if c is not None
            else None
            for i, c in enumerate(a.options)
        ],
        "chip": "ABC"[a.chip] if a.surfaced >= 0 and a.chip >= 0 else None,  # public from phase 4 on
        "played": a.played,
        "hand": a.shown,
    }


def tell(
    p: Voyage, kind: str, msgid: str | Text, *, words: Mapping[str, Text] | None = None, **data: Any
) -> None:
    """A public event, with the board after it (:meth:`~engines.core.Working.say`; in a quiet playout
    not even the board is made)."""
    if not p.quiet:
        p.say(kind, msgid, words=words, board=board(p), **data)


def tell_shark(
    p: Voyage, kind: str, msgid: str | Text, *, words: Mapping[str, Text] | None = None, **data: Any
) -> None:
    """An event for the shark alone (its hand, its secret choice)."""
    p.say(kind, msgid, visible_to=[p.seats[0]], words=words, **data)


def orca_space(layout: Layout, space: int) -> Text:
    """A space of the Orca as a sentence names it: boat space 3, water space 3."""
    zone = layout.zones[space % 8]
    return Text("water space {zone}" if space >= 8 else "boat space {zone}", {"zone": zone})
