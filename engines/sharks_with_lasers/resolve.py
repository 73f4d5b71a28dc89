"""Phase III: figures that move, push, wrap and turn, lasers, deaths (on a :class:`Table`).

Every function here changes the table it is given and appends the events that
tell the table screen what happened, one step each, with a ``say`` sentence.
Figures are numbered: an agent by its seat, a shark by ``10 + shark index``
(white 10, grey 11, black 12).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engines.sharks_with_lasers.board import DIRS, DX, DY, SHARKS, E, N, W
from engines.sharks_with_lasers.cards import CARDS
from engines.sharks_with_lasers.table import Table
from engines.sharks_with_lasers.words import SIDES, card_name, compass, side
from engines.sharks_with_lasers.words import shark as shark_phrase
from engines.text import N_

SHARK0 = 10


def is_shark(fig: int) -> bool:
    return fig >= SHARK0


def pos(t: Table, fig: int) -> int | None:
    return t.sharks[fig - SHARK0][0] if fig >= SHARK0 else t.agents[fig]


def occupancy(t: Table) -> dict[int, int]:
    occ = {sq: seat for seat, sq in enumerate(t.agents) if sq is not None}
    for i, (sq, _) in enumerate(t.sharks):
        occ[sq] = SHARK0 + i
    return occ


def step(t: Table, sq: int, d: int, shark: bool) -> tuple[int | None, str]:
    """The next square from ``sq`` going ``d``: (square, "wrap") across open water for a shark,
    (None, edge kind) at an edge the figure cannot cross."""
    lay = t.layout
    x, y = sq % lay.width + DX[d], sq // lay.width + DY[d]
    if 0 <= x < lay.width and 0 <= y < lay.height:
        return y * lay.width + x, ""
    edge = "beach" if y >= lay.height else "boat" if y < 0 else (lay.west if x < 0 else lay.east)
    if shark and edge == "open":
        return (y % lay.height) * lay.width + x % lay.width, "wrap"
    return None, edge


def _fig_params(fig: int) -> dict[str, Any]:
    if is_shark(fig):
        return {"figure": "shark", "shark": SHARKS[fig - SHARK0]}
    return {"figure": "agent", "seat": fig}


_STORY = {  # one whole sentence per figure kind, so a translation can order its words freely
    ("wrapped", "shark"): N_("{shark} swims off into open water at {square} and comes back at {to}."),
    ("wrapped", "agent"): N_("{seat}'s agent swims off into open water at {square} and comes back at {to}."),
    ("pushed", "shark"): N_("{shark} is pushed from {square} to {to}."),
    ("pushed", "agent"): N_("{seat}'s agent is pushed from {square} to {to}."),
    ("moved", "shark"): N_("{shark} moves from {square} to {to}."),
    ("moved", "agent"): N_("{seat}'s agent moves from {square} to {to}."),
}


def turn_shark(t: Table, index: int, quarter_turns: int, why: str = "") -> None:
    shark = t.sharks[index]
    was = shark[1]
    shark[1] = (shark[1] + quarter_turns) % 4
    if t.quiet:
        return
    t.say("turned", _TURNED[why], words={"shark": shark_phrase(index), "facing": compass(DIRS[shark[1]])},
        shark=SHARKS[index], facing=DIRS[shark[1]], square=t.sq(shark[0]), edge=why, was=DIRS[was])


# one whole sentence per edge (the edge's article and case differ by language)
_TURNED = {"": N_("{shark} turns to face {facing}."),
           "beach": N_("{shark} meets the beach and turns round to face {facing}."),
           "boat": N_("{shark} meets the boat and turns round to face {facing}."),
           "wall": N_("{shark} meets the wall and turns round to face {facing}.")}
_PUSH_STOPS = {"beach": N_("The push stops at the beach: nothing else moves."),
               "boat": N_("The push stops at the boat: nothing else moves."),
               "wall": N_("The push stops at the wall: nothing else moves.")}
_AGENT_STUCK = {"beach": N_("{seat}'s agent is at the beach and cannot move {side}."),
                "boat": N_("{seat}'s agent is at the boat and cannot move {side}."),
                "": N_("{seat}'s agent is at the edge of the board and cannot move {side}.")}


def pushes(t: Table, mover: int, other: int) -> bool:
    """Whether ``mover`` pushes ``other`` aside (True) or they meet teeth first (False)."""
    if is_shark(mover) == is_shark(other):
        return True
    agent = other if is_shark(mover) else mover
    return t.gear[agent] == "k"  # Shark Cage: shark and agent push like two agents


def move(t: Table, fig: int, d: int) -> bool:
    """Move a figure one square in direction ``d`` with every collision rule; True if it moved."""
    start = pos(t, fig)
    assert start is not None
    walked = _walk(t, fig, d, start)
    if walked is None:
        return False
    chain, targets, wraps, eaten = walked
    victim, eater, died_on = -1, -1, None
    if eaten is not None:
        eater, victim = (eaten[0], eaten[1]) if is_shark(eaten[0]) else (eaten[1], eaten[0])
        if victim == chain[-1]:   # an agent swims (or is pushed) into a shark's mouth
            chain.pop()
            wraps.pop()
            target = targets.pop()
            t.say("moved", "{seat}'s agent swims from {square} into the shark on {to}.",
                figure="agent", seat=victim, square=t.sq(pos(t, victim)), to=t.sq(target), dir=DIRS[d])
            t.agents[victim] = None
            died_on = target
    _shift(t, fig, d, chain, targets, wraps)
    if victim >= 0:
        kill(t, victim, "eaten", SHARKS[eater - SHARK0], died_on)
    return victim != fig


Walk = tuple[list[int], list[int], list[bool], tuple[int, int] | None]
"""The figures that move (the mover first, then those it pushes), their squares, whether each wraps
round the board, and the (mover, figure) that meet teeth first, if any."""


def _walk(t: Table, fig: int, d: int, start: int) -> Walk | None:
    """Who moves where when ``fig`` moves one square in direction ``d``; None (told why) if nothing moves."""
    occ = occupancy(t)
    chain, targets, wraps = [fig], [], []
    cur, cur_sq = fig, start
    while True:
        nsq, edge = step(t, cur_sq, d, is_shark(cur))
        if nsq is None:
            _blocked(t, cur, cur_sq, d, edge, pushing=len(chain) > 1)
            return None
        if nsq == start:
            t.say("blocked", "The row is full: nothing moves.")
            return None
        targets.append(nsq)
        wraps.append(edge == "wrap")
        other = occ.get(nsq)
        if other is None:
            return chain, targets, wraps, None
        if not pushes(t, cur, other):
            return chain, targets, wraps, (cur, other)
        chain.append(other)
        cur, cur_sq = other, nsq


def _blocked(t: Table, cur: int, cur_sq: int, d: int, edge: str, *, pushing: bool) -> None:
    """The figure ``cur`` on ``cur_sq`` cannot go on in direction ``d`` (``edge`` says what stops it)."""
    if is_shark(cur):
        turn_shark(t, cur - SHARK0, 2, edge)
        if pushing:
            t.say("blocked", _PUSH_STOPS[edge], edge=edge)
    elif not pushing:
        at = edge if edge in ("beach", "boat") else ""
        t.say("blocked", _AGENT_STUCK[at], words={"side": side(d)},
            seat=cur, edge=at or "edge of the board", side=SIDES[d], square=t.sq(cur_sq))
    else:
        t.say("blocked", "That push would shove {seat}'s agent off the board, so nothing moves.",
            seat=cur, square=t.sq(cur_sq))


def _shift(t: Table, fig: int, d: int, chain: list[int], targets: list[int], wraps: list[bool]) -> None:
    """Every figure of the chain onto its square, the farthest first, each step told."""
    for f, tsq, wrapped in reversed(list(zip(chain, targets, wraps, strict=True))):
        frm = pos(t, f)
        if is_shark(f):
            t.sharks[f - SHARK0][0] = tsq
        else:
            t.agents[f] = tsq
        if t.quiet:
            continue
        params = {**_fig_params(f), "square": t.sq(frm), "to": t.sq(tsq), "dir": DIRS[d]}
        figure = params["figure"]
        words = {"shark": shark_phrase(f - SHARK0)} if is_shark(f) else {}
        if wrapped:
            t.say("wrapped", _STORY["wrapped", figure], words=words, pushed=f != fig, **params)
        elif f != fig:
            t.say("pushed", _STORY["pushed", figure], words=words, **params)
        else:
            t.say("moved", _STORY["moved", figure], words=words, **params)


def kill(t: Table, seat: int, how: str, shark: str, square: int | None = None) -> None:
    """An agent dies: off to the boat, the death counter turns (it stops at three).

    The events name the square it died on (``square``, when the agent has already left the
    board for the shark's mouth; else where it stands) and the counter what it was, so the
    table screen can step back through a resolution from the board after it."""
    where = t.agents[seat] if square is None else square
    t.agents[seat] = None
    at = "" if where is None else t.sq(where)
    if how == "eaten":
        t.say("eaten", "{shark} eats {seat}'s agent!", words={"shark": shark_phrase(shark)},
            seat=seat, shark=shark, square=at)
    else:
        t.say("fried", "{laser} fries {seat}'s agent!", words={"laser": shark_phrase(shark, "laser")},
            seat=seat, shark=shark, square=at)
    before = t.deaths[seat]
    t.deaths[seat] = min(3, before + 1)
    if t.deaths[seat] != before:
        t.say("counter", "{seat}'s death counter turns to {count}.", seat=seat, count=t.deaths[seat],
            was=before)
    else:
        t.say("counter", "{seat}'s death counter stays at three.", seat=seat, count=3, was=3)
    alive = [s for s in range(t.players) if t.deaths[s] < 3]
    if len(alive) == 1 and not t.is_over:
        t.winner = (alive[0], "deaths")
        t.phase = "over"
        t.beams = []
        t.pending = ()
        t.say("winner", "Every other player has lost three agents: {seat} wins!", seat=alive[0])


def fire(t: Table, origin: int, d: int, shark: int, ultra: bool = False) -> None:
    """A laser beam from ``origin`` going ``d``: drawn square by square to what it hits."""
    occ = occupancy(t)
    path: list[int] = []
    sq = origin
    name = SHARKS[shark]
    beam = "ultra" if ultra else "laser"

    def drawn(hit: str, msgid: str, **extra: Any) -> None:
        if t.quiet:
            return
        words = {"shark": shark_phrase(shark), "laser": shark_phrase(shark, "laser"),
                 "of_shark": shark_phrase(shark, "of")}
        if "target" in extra:
            words["target"] = shark_phrase(extra["target"], "object")
        t.say("beam", msgid, words=words, shark=name, beam=beam, dir=DIRS[d], square=t.sq(origin),
            squares=[t.sq(s) for s in path], hit=hit, **extra)

    while True:
        nsq, _ = step(t, sq, d, False)
        if nsq is None:
            drawn("edge", "{laser} crosses the water and hits nothing.")
            return
        path.append(nsq)
        sq = nsq
        fig = occ.get(nsq)
        if fig is None or (ultra and is_shark(fig)):
            continue
        if is_shark(fig):
            drawn("shark", "{laser} hits {target} on {to} (sharks are not hurt).",
                  target=SHARKS[fig - SHARK0], to=t.sq(nsq))
            return
        if not ultra:
            _hits_agent(t, fig, nsq, d, shark, drawn)
            return
        if not _ultra_goes_through(t, fig, nsq, drawn, name):
            return
        path = []            # the beam is drawn anew from the agent it went through
        origin = nsq


Drawn = Callable[..., None]
"""Tells the beam drawn so far: ``drawn(hit, msgid, **fields)`` (see :func:`fire`)."""


def _ultra_goes_through(t: Table, fig: int, nsq: int, drawn: Drawn, name: str) -> bool:
    """The Ultra-Power Laserbeam reaches agent ``fig`` on ``nsq``: True if it goes on through."""
    if t.gear[fig] == "h" and t.uses[fig]:
        t.uses[fig] = 0
        drawn("agent", "The Ultra-Power Shield on {seat}'s agent stops the Ultra-Power Laserbeam.",
              seat=fig, to=t.sq(nsq))
        t.say("shield", "{seat}'s Ultra-Power Shield is spent against the Ultra-Power Laserbeam.",
            seat=fig, card="h")
        return False
    drawn("agent", "The Ultra-Power Laserbeam {of_shark} goes through {seat}'s agent.",
          seat=fig, to=t.sq(nsq))
    kill(t, fig, "fried", name)
    return not t.is_over


def _hits_agent(t: Table, fig: int, nsq: int, d: int, shark: int, drawn: Drawn) -> None:
    """The laser of ``shark``, going ``d``, stops at agent ``fig`` on ``nsq``: a shield, a deflector's
    choice, or death."""
    gear, uses = t.gear[fig], t.uses[fig]
    if gear == "S" and uses:
        t.uses[fig] = 0
        drawn("agent", "{laser} hits {seat}'s agent on {to}.", seat=fig, to=t.sq(nsq))
        t.say("shield", "{seat}'s shield stops the laser and is turned a quarter: spent.",
            seat=fig, card="S")
        return
    if gear == "h":
        drawn("agent", "{laser} hits {seat}'s agent on {to}.", seat=fig, to=t.sq(nsq))
        t.say("shield", "{seat}'s Ultra-Power Shield stops the laser.", seat=fig, card="h")
        return
    if gear == "d" and uses:
        drawn("agent", "{laser} reaches {seat}'s Laser Blast Deflector on {to}.",
              seat=fig, to=t.sq(nsq))
        t.pending = ("deflect", fig, nsq, d, shark)
        t.say("choice", "{seat} chooses where the Laser Blast Deflector sends the beam.", seat=fig)
        return
    drawn("agent", "{laser} hits {seat}'s agent on {to}.", seat=fig, to=t.sq(nsq))
    kill(t, fig, "fried", SHARKS[shark])


def drain_beams(t: Table) -> None:
    """Fire the beams still queued, until they are done, a choice is awaited, or the game ends."""
    while t.beams and not t.pending and not t.is_over:
        origin, d, shark = t.beams.pop(0)
        fire(t, origin, d, shark)


# --------------------------------------------------------------------------- card effects


def shark_card(t: Table, shark: int, code: str) -> None:
    """What one card played on a shark does to it (its shark face, or a special)."""
    card = CARDS[code]
    sq, facing = t.sharks[shark]
    effect = card.shark if not card.special else card.name
    fig = SHARK0 + shark
    if effect == "forward":
        move(t, fig, facing)
    elif effect == "turn_left":
        turn_shark(t, shark, 3)
    elif effect == "turn_right":
        turn_shark(t, shark, 1)
    elif effect == "turn_around":
        turn_shark(t, shark, 2)
    elif effect == "laser":
        t.beams.append((sq, facing, shark))
    elif effect == "Sharkcellerator":
        move(t, fig, facing)
        if not t.is_over:
            move(t, fig, t.sharks[shark][1])
    elif effect in ("Deadly Diagonal Left", "Deadly Diagonal Right"):
        first, second = (3, 1) if effect.endswith("Left") else (1, 3)
        turn_shark(t, shark, first)
        move(t, fig, t.sharks[shark][1])
        if t.is_over:
            return
        turn_shark(t, shark, second)
        if not t.is_over:
            move(t, fig, t.sharks[shark][1])
    elif effect == "Ultra-Power Laserbeam":
        fire(t, sq, facing, shark, ultra=True)
    elif effect == "Beserk Fire":
        for quarter in (0, 2, 3, 1):   # ahead, behind, left, right
            t.beams.append((sq, (facing + quarter) % 4, shark))
    elif effect == "Shark Freeze":
        t.say("frozen", "Shark Freeze: every card played on {shark} after it is blank.",
            words={"shark": shark_phrase(shark, "object")}, shark=SHARKS[shark])
    drain_beams(t)


def diagonal_target(t: Table, seat: int, code: str) -> int | None:
    sq = t.agents[seat]
    if sq is None:
        return None
    side = W if code == "l" else E
    lay = t.layout
    x, y = sq % lay.width + DX[side], sq // lay.width + 1
    if 0 <= x < lay.width and y < lay.height:
        return y * lay.width + x
    return None


def agent_card(t: Table, seat: int, slot: int, code: str) -> None:
    """What a card on an agent does when its turn in phase III comes."""
    card = CARDS[code]
    if t.agents[seat] is None:
        t.say("lost", "{seat}'s agent is dead: the card is lost.", seat=seat, card=code)
        return
    if card.when == "agent_first":
        if slot == 1:
            t.say("no_effect", "{name} only works as the first action: too late, no effect.",
                words={"name": card_name(code)}, seat=seat, card=code)
            return
        if code in ("l", "r"):
            target = diagonal_target(t, seat, code)
            if target is None:
                t.say("blocked", "{seat}'s agent cannot swim diagonally off the board.", seat=seat)
                return
            other = occupancy(t).get(target)
            if other is None:
                frm = t.agents[seat]
                t.agents[seat] = target
                t.say("moved", "{seat}'s agent moves diagonally from {square} to {to}.", seat=seat,
                    figure="agent", square=t.sq(frm), to=t.sq(target), dir="NW" if code == "l" else "NE")
            elif is_shark(other) and t.gear[seat] != "k":
                frm = t.agents[seat]
                t.agents[seat] = None
                t.say("moved", "{seat}'s agent swims from {square} into the shark on {to}.",
                    figure="agent", seat=seat, square=t.sq(frm), to=t.sq(target),
                    dir="NW" if code == "l" else "NE")
                kill(t, seat, "eaten", SHARKS[other - SHARK0], target)
            else:
                t.pending = ("push", seat, code)
                t.say("choice", "{seat} chooses which way the figure on {to} is pushed.", seat=seat,
                    to=t.sq(target))
            return
        return  # protections were raised when the cards were turned over
    effect = card.agent
    if effect == "forward":
        move(t, seat, N)
    elif effect == "left":
        move(t, seat, W)
    elif effect == "right":
        move(t, seat, E)
    elif effect == "shield" and slot == 1:
        t.say("no_effect", "A shield played second is too late: no effect.", seat=seat, card=code)
    elif effect == "nothing":
        t.say("no_effect", "{seat}'s card has no effect.", seat=seat, card=code)


def finish_push(t: Table, seat: int, code: str, d: int) -> None:
    """The diagonal push chosen: move the figure in the way, then step in if the square is free."""
    target = diagonal_target(t, seat, code)
    assert target is not None
    other = occupancy(t).get(target)
    if other is not None:
        move(t, other, d)
    if t.is_over or t.agents[seat] is None:
        return
    if occupancy(t).get(target) is None:
        frm = t.agents[seat]
        t.agents[seat] = target
        t.say("moved", "{seat}'s agent moves diagonally from {square} to {to}.", seat=seat, figure="agent",
            square=t.sq(frm), to=t.sq(target), dir="N" + ("W" if code == "l" else "E"))
    else:
        t.say("blocked", "The square stays taken, so {seat}'s agent does not move.", seat=seat)


def raise_gear(t: Table) -> None:
    """Cards are turned over: first-action protections take hold."""
    uses = {"S": 1, "h": 1, "k": 0, "d": 2}
    for seat in range(t.players):
        first = t.on_agent[seat][:1]
        if first and first[0] in uses and t.agents[seat] is not None:
            t.gear[seat] = first[0]
            t.uses[seat] = uses[first[0]]
            t.say("gear", "{seat}'s agent is protected by {name}.", words={"name": card_name(first[0])},
                seat=seat, card=first[0])
