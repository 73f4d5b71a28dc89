"""Positions built by hand for Loch Ness rule tests, on the sample board::

    y\\x  0     1     2     3     4
    0    w1    w2    I1    w3    w4        sites: w1 w3 w6 w8 w11 w13 (one card), w15 (two),
    1    I2    w5    w6    w7    I3               I1 I3 I4 (one), I2 (two)
    2    w8    w9    I4    w10   w11       Nessie starts on w4
    3    w12   w13   F     w14   w15       route: w12 (IV) w8 w9 (III) w5 w6 w7 w10 w14 F
                     H
"""

from __future__ import annotations

from typing import Any

from engines.loch_ness import GAME, LochNessState
from engines.loch_ness.table import BOATS, OFF, RESERVE, Table, Tool

__all__ = ["GAME", "OFF", "RESERVE", "at", "boat", "cleared", "event_types", "said", "state"]


def cleared(players: int = 4, *, advanced: bool = False, chance: str = "digital", seed: int = 1,
            options: dict[str, Any] | None = None) -> Table:
    """The start of a game (seat 0 to play) with every site empty and every pile kept aside:
    a test lays the cards it needs."""
    opts = {"advanced": advanced, "chance": chance, **(options or {})}
    t = GAME.start(players=players, seed=seed, options=opts).table
    assert t.phase == "turn" or advanced
    for s in t.board.sites:
        t.face_down[s], t.laid_by[s], t.face_up[s] = [], [], []
    t.events = []
    return t


def at(t: Table, space: str) -> int:
    return t.board.index[space]


def boat(t: Table, seat: int, number: int, where: str | None, *, via: str | None = None, tools: str = "",
         finds: str = "", side: bool = False) -> int:
    """Put boat ``number`` (1-3) of ``seat`` on ``where`` (None: not on the board), with ``tools`` in
    the notation's letters (advanced: a capital letter is a shown tool)."""
    b = seat * BOATS + number - 1
    t.where[b] = RESERVE if where is None else at(t, where)
    t.moored_from[b] = at(t, via) if via else -1
    t.tools[b] = [Tool.of_code(c, t.advanced) for c in tools]
    t.finds[b], t.on_side[b] = list(finds), side
    return b


def state(t: Table) -> LochNessState:
    return LochNessState(GAME, t)


def event_types(st: LochNessState, seat: int | None = None) -> list[str]:
    from engines.core import events_for
    return [e["type"] for e in events_for(st.events, seat)]


def said(st: LochNessState, seat: int | None = None) -> list[str]:
    """Every sentence the seat (None: the table screen) reads for the last action."""
    from engines.core import events_for
    from engines.text import translate
    return [translate(e["say"]) for e in events_for(st.events, seat) if "say" in e]
