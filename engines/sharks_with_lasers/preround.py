"""Special cards played before the round (before phase I): Shark-o-Porter, Tractor Beam, Shark
Scare and Current Generator: the choices they offer and what they do.

Rulings (notes 1.3): "toward / away from you" means your own agent, which must be on the board;
Shark Scare needs the shark within two squares; Current Generator moves white, grey, black in
turn, each one square toward the beach with the normal rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core import Action, IllegalAction
from engines.sharks_with_lasers import resolve
from engines.sharks_with_lasers.board import DIRS, SHARKS, E, N, S, W, parse_square
from engines.sharks_with_lasers.resolve import SHARK0
from engines.sharks_with_lasers.table import Table
from engines.sharks_with_lasers.words import card_name, compass, label, side
from engines.sharks_with_lasers.words import shark as shark_phrase

_PORTER_LABEL = label("Shark-o-Porter")


def actions(t: Table, seat: int) -> list[Action]:
    """Pre-round specials this seat can play now, and "done"."""
    out: list[Action] = []
    hand = set(t.hands[seat])
    occ = resolve.occupancy(t)
    own = t.agents[seat]
    w = t.layout.width
    if "p" in hand:
        empty = [t.sq(sq) for sq in range(w * t.layout.height) if sq not in occ]
        for name in SHARKS:
            out += [{"type": "porter", "card": "p", "shark": name, "square": sq,
                     "notation": f"porter {name} {sq}",
                     "label": _PORTER_LABEL if t.quiet else    # a silent simulation shows no buttons
                     label("Shark-o-Porter: {shark} to {square}", shark=shark_phrase(name, "object"),
                           square=sq)}
                    for sq in empty]
    if "g" in hand:
        out.append({"type": "current", "card": "g", "notation": "current",
                    "label": label("Current Generator: every shark one square toward the beach")})
    if own is not None and "t" in hand:
        for other, sq in enumerate(t.agents):
            if other == seat or sq is None:
                continue
            for d in _toward(w, sq, own):
                out.append({"type": "tractor", "card": "t", "target_seat": other, "dir": DIRS[d],
                            "notation": f"tractor {other} {DIRS[d]}",
                            "label": label("Tractor Beam: pull {target_seat}'s agent {side}",
                                           target_seat=other, side=side(d))})
    if own is not None and "e" in hand:
        for i, (sq, _) in enumerate(t.sharks):
            dx, dy = sq % w - own % w, sq // w - own // w
            if max(abs(dx), abs(dy)) > 2:
                continue
            for d in _toward(w, own, sq):
                out.append({"type": "scare", "card": "e", "shark": SHARKS[i], "dir": DIRS[d],
                            "notation": f"scare {SHARKS[i]} {DIRS[d]}",
                            "label": label("Shark Scare: {shark} {side}", shark=shark_phrase(i, "object"),
                                           side=side(d))})
    out.append({"type": "done", "notation": "done", "label": label("Play no more cards before the round")})
    return out


def _toward(width: int, frm: int, to: int) -> list[int]:
    """Directions along a row or column that bring a figure on ``frm`` closer to ``to``."""
    dx, dy = to % width - frm % width, to // width - frm // width
    out = []
    if dy:
        out.append(N if dy > 0 else S)
    if dx:
        out.append(E if dx > 0 else W)
    return out


def play(t: Table, seat: int, action: Action) -> None:
    """A pre-round special played: its effect on the board (the card goes to the discard pile)."""
    kind = action["type"]
    code = action["card"]
    t.hands[seat].remove(code)
    t.discard.append(code)
    t.say("revealed", "{seat} plays {name}.", words={"name": card_name(code)}, seat=seat, card=code,
        label=card_name(code).to_json(), target="pre")
    if kind == "porter":
        index = SHARKS.index(action["shark"])
        frm = t.sharks[index][0]
        t.sharks[index][0] = parse_square(t.layout, action["square"])
        t.say("moved", "{shark} is teleported from {square} to {to}.", words={"shark": shark_phrase(index)},
            figure="shark",
            shark=action["shark"], square=t.sq(frm), to=action["square"], dir="")
    elif kind == "current":
        for i in range(3):
            if t.phase != "over":
                resolve.move(t, SHARK0 + i, N)
    elif kind == "tractor":
        resolve.move(t, int(action["target_seat"]), DIRS.index(action["dir"]))
    elif kind == "scare":
        resolve.move(t, SHARK0 + SHARKS.index(action["shark"]), DIRS.index(action["dir"]))


CODES = {"porter": "p", "tractor": "t", "scare": "e", "current": "g"}


def explain(t: Table, seat: int, action: Mapping[str, Any]) -> IllegalAction:
    """Why a pre-round special cannot be played like that (the action is not a legal one)."""
    code = CODES[str(action["type"])]
    name = card_name(code)
    if code not in t.hands[seat]:
        return IllegalAction("You do not hold {name}.", name=name)
    own = t.agents[seat]
    w = t.layout.width
    if code == "p":
        shark, square = action.get("shark"), action.get("square")
        if shark not in SHARKS:
            return _no_shark(shark)
        try:
            sq = parse_square(t.layout, str(square))
        except ValueError:
            return IllegalAction("{square} is not a square on this board.", square=str(square))
        if sq in resolve.occupancy(t):
            return IllegalAction("{square} is not an empty square: Shark-o-Porter puts a shark on a free "
                                 "square.", square=t.sq(sq))
        return IllegalAction("Shark-o-Porter names a shark and an empty square.")
    if code == "g":
        return IllegalAction("Current Generator is played on its own: every shark moves one square.")
    if own is None:
        return IllegalAction("{name} needs your agent on the board.", name=name)
    d = action.get("dir")
    if code == "t":
        other = action.get("target_seat")
        if other not in range(t.players) or isinstance(other, bool) or other == seat:
            return IllegalAction("Tractor Beam pulls another player's agent.")
        assert isinstance(other, int)
        if t.agents[other] is None:
            return IllegalAction("{target_seat}'s agent is not on the board.", target_seat=other)
        return IllegalAction("Tractor Beam pulls an agent one square toward your agent, along a row or "
                             "a column: {dir} is not toward you.", dir=_way(d))
    shark = action.get("shark")
    if shark not in SHARKS:
        return _no_shark(shark)
    sq = t.sharks[SHARKS.index(shark)][0]
    if max(abs(sq % w - own % w), abs(sq // w - own // w)) > 2:
        return IllegalAction("{shark} is more than two squares from your agent: Shark Scare "
                             "cannot reach it.", shark=shark_phrase(str(shark)))
    return IllegalAction("Shark Scare drives the shark one square away from your agent: {dir} is not "
                         "away from you.", dir=_way(d))


def _way(d: object) -> object:
    """A direction the player gave, as a word when it is a compass letter (else as they wrote it)."""
    return compass(d) if isinstance(d, str) and d in DIRS else str(d)


def _no_shark(shark: object) -> IllegalAction:
    if shark is None:   # the play names no shark at all: ask for one, never say "None"
        return IllegalAction("This card needs a shark: choose white, grey or black.")
    return IllegalAction("There is no shark called {shark}: choose white, grey or black.", shark=str(shark))
