"""The shark's turn (phase 2): a secret plan of up to 3 actions and one power, told at its end.

While the shark plans, nothing public changes: the plan lives in ``Town.steps`` and its summary
:class:`Plan`; the swimmers it eats are still on the board for everyone else. Only :func:`commit`
(the shark's "end") changes the board and tells the crew what the rules say the shark announces:
how many swimmers it ate at which beach, which motion sensors went off (not when, not in which
order), whether it used an ability (never which), and which captains it knocked into the water.
Those announcements always come as the same events in the same order, whatever the plan was.
"""

from __future__ import annotations

from functools import lru_cache

import engines.jaws.words as words
from engines.jaws.amity import belief, phrases
from engines.jaws.amity.data import BEACH_ORDER, BURST, EVADE, FRENZY, HIDE, POWER_CODES, Board, burst_paths
from engines.jaws.amity.end import finish
from engines.jaws.amity.town import Plan, Step, Town, fresh, replan, step, step_text
from engines.jaws.common import HOOPER, QUINT, ROLES
from engines.text import Text


@lru_cache(maxsize=16)
def _moves(board: Board) -> tuple[tuple[Step, ...], ...]:
    return tuple(tuple(("move", -1, n, 0) for n in board.water[here]) for here in range(len(board.names)))


def actions_this_round(p: Town) -> int:
    return 4 if p.effect == "wrong_shark" else 3


def legal(p: Town) -> list[Step]:
    pl: Plan = p.plan
    out: list[Step] = []
    if p.eaten + sum(pl.eaten) + 2 * pl.michael >= p.goal:  # the act ends the moment it is told
        if p.steps:
            out.append(("back", -1, 0, 0))
        out.append(("end", -1, 0, 0))
        return out
    left = actions_this_round(p) - pl.used
    pos = pl.pos
    board = p.board
    slot = board.beach_slot(pos)
    free = pl.power < 0
    if left > 0:
        out += _moves(board)[pos]
        if slot >= 0:
            regular = p.swimmers[slot] - pl.eaten[slot]
            michael = p.michael == slot and not pl.michael
            if regular > 0:
                out.append(("eat", -1, 0, 0))
            if michael:
                out.append(("eat", -1, 1, 0))
            if free and p.powers >> FRENZY & 1 and (regular > 0 or michael):
                out.append(("frenzy", -1, 0, 0))
        if free and p.powers >> BURST & 1:
            out.extend(("burst", -1, path, 0) for path in burst_paths(board, pos))
    if free and p.powers >> EVADE & 1:
        out.append(("evade", -1, 0, 0))
    if free and p.powers >> HIDE & 1:
        out.append(("hide", -1, 0, 0))
    if p.effect == "knock":
        for captain in (HOOPER, QUINT):
            if not p.wet[captain] and captain not in pl.knocked and p.pos[captain] in pl.path[1:]:
                out.append(("knock", -1, captain, 0))
    if p.steps:
        out.append(("back", -1, 0, 0))
    out.append(("end", -1, 0, 0))
    return out


def play(p: Town, s: Step) -> None:
    """One step of the shark's secret plan (or ``back``: take the last one back). Each step is told
    to the shark alone."""
    if s[0] == "back":
        p.steps.pop()
        p.plan = replan(p)
        p.say("took_back", "You took back your last step.", visible_to=[p.seats[0]])
        return
    p.steps.append(s)
    p.plan = step(p, p.plan, s)
    if not p.quiet:
        _tell_step(p, s)


def _tell_step(p: Town, s: Step) -> None:
    """A step of the plan, as the shark's phone tells it to the shark alone."""
    me, name, board, kind = [p.seats[0]], p.name, p.board, s[0]
    if kind == "move":
        p.say("swam", "You swim to {space}.", visible_to=me, space=name(s[2]),
              words={"space": phrases.place(board, s[2], p.box)})
    elif kind == "burst":
        p.say("swam", "Speed Burst: you swim to {space}.", visible_to=me, space=name(s[2][-1]),
              words={"space": phrases.place(board, s[2][-1], p.box)}, path=[name(x) for x in s[2]])
    elif kind == "eat":
        p.say("ate", "You eat Michael." if s[2] else "You eat a swimmer.", visible_to=me,
              space=name(p.plan.pos))
    elif kind == "frenzy":
        p.say("ate", "Feeding Frenzy: you eat every swimmer at {space}.", visible_to=me,
              space=name(p.plan.pos), words={"space": phrases.place(board, p.plan.pos, p.box)})
    elif kind in ("evade", "hide"):
        p.say("power", "You play {power}.", visible_to=me, power=kind,
              words={"power": phrases.power(POWER_CODES.index(kind))})
    elif kind == "knock":
        p.say("knock", "You knock {captain} into the water.", visible_to=me, captain=ROLES[s[2]],
              words={"captain": words.role(s[2])})


def commit(p: Town) -> None:
    """The shark ends its turn: the board changes and the crew is told what the rules say."""
    pl: Plan = p.plan
    board = p.board
    before = _before(p) if not p.quiet else None
    michael_slot = p.michael if pl.michael else -1
    for slot in range(4):
        p.swimmers[slot] -= pl.eaten[slot]
    if pl.michael:
        p.michael = -1
    gain = sum(pl.eaten) + 2 * pl.michael
    p.eaten += gain
    sensors = [] if pl.power == EVADE else sorted({s for s in pl.path if p.floating[s]})
    if pl.power >= 0:
        p.powers &= ~(1 << pl.power)
        p.power = pl.power
    for captain in pl.knocked:
        p.wet[captain] = True
    start, p.shark = p.shark, pl.pos
    steps, p.steps = p.steps, []
    p.plan = fresh(p.shark)
    if not p.quiet:
        _tell(p, pl, gain, michael_slot, sensors, before)
        p.trail.append(
            {
                "round": p.round,
                "from": board.names[start],
                "to": board.names[pl.pos],
                "path": [board.names[s] for s in pl.path],
                "steps": [step_text(p, s) for s in steps],
                "eaten": list(pl.eaten),
                "michael": pl.michael,
                "power": POWER_CODES[pl.power] if pl.power >= 0 else None,
            }
        )
    if p.eaten >= p.goal:
        finish(p, "shark")
        return
    p.phase = "crew"


def _before(p: Town) -> dict[str, object]:
    """The public board as the shark's turn began: what the crew reasons from (engines.jaws.amity.belief)."""
    names = p.board.names
    return {
        "swimmers": list(p.swimmers),
        "michael": BEACH_ORDER[p.michael] if p.michael >= 0 else None,
        "floating": [names[i] for i, n in enumerate(p.floating) if n],
        "boats": {ROLES[c]: names[p.pos[c]] for c in (HOOPER, QUINT) if not p.wet[c]},
        "knock": p.effect == "knock",
        "actions": actions_this_round(p),
    }


def _tell(
    p: Town, pl: Plan, gain: int, michael_slot: int, sensors: list[int], before: dict[str, object] | None
) -> None:
    """What the shark's end announces, always the same events in the same order; its record for
    the crew's reasoning (:mod:`engines.jaws.amity.belief`)."""
    names = p.board.names
    michael = BEACH_ORDER[michael_slot] if michael_slot >= 0 else None
    _tell_eaten(p, pl, gain, michael_slot)
    spaces = [names[s] for s in sensors]
    if spaces:
        p.say("sensors", "Motion sensors went off at {spaces}.", spaces=", ".join(spaces), at=spaces,
              words={"spaces": phrases.listed(p.board, sensors, p.box)})
    else:
        p.say("sensors", "No motion sensor went off.", spaces="", at=[])
    if pl.power >= 0:
        p.say("ability", "The shark used an ability.", used=True)
    else:
        p.say("ability", "The shark used no ability.", used=False)
    for captain in sorted(pl.knocked):
        p.say("knocked", "The shark knocked {captain} into the water.", captain=ROLES[captain],
              words={"captain": words.role(captain)})
    record = {
        "round": p.round,
        "card": p.card,
        "before": before,
        "eaten": list(pl.eaten),
        "michael": michael,
        "sensors": [names[s] for s in sensors],
        "ability": pl.power >= 0,
        "knocked": [ROLES[c] for c in sorted(pl.knocked)],
        "answers": [],
    }
    p.records.append(record)
    p.hyps = belief.after_turn(p.board, belief.new_round(p.hyps or belief.initial(p.board)), record)


def _tell_eaten(p: Town, pl: Plan, gain: int, michael_slot: int) -> None:
    eaten = dict(zip(BEACH_ORDER, pl.eaten, strict=True))
    michael = BEACH_ORDER[michael_slot] if michael_slot >= 0 else None
    if gain:
        p.say("shark_ate", "The shark ate {list}. Its swimmer track is at {track}.", eaten=eaten,
              michael=michael, gain=gain, track=p.eaten, goal=p.goal,
              words={"list": phrases.eaten_list(pl.eaten, michael_slot, p.box)})
    else:
        p.say("shark_ate", "The shark ate no swimmer this round. Its swimmer track is at {track}.",
              eaten=eaten, michael=michael, gain=0, track=p.eaten, goal=p.goal)


def describe(p: Town, s: Step) -> Text:
    """A plan step as the shark's phone says it."""
    kind = s[0]
    if kind == "move":
        return Text("Swim to {space}", {"space": phrases.place(p.board, s[2], p.box)})
    if kind == "burst":
        return Text(
            "Speed Burst to {space} (via {path})",
            {"space": phrases.place(p.board, s[2][-1], p.box), "path": phrases.path(p.board, s[2], p.box)},
        )
    if kind == "eat":
        return Text("Eat Michael") if s[2] else Text("Eat a swimmer")
    if kind == "frenzy":
        return Text("Feeding Frenzy: eat every swimmer here")
    if kind == "evade":
        return Text("Play Evasive Moves")
    if kind == "hide":
        return Text("Play Out of Sight")
    if kind == "knock":
        return Text("Knock {captain} into the water", {"captain": words.role(s[2])})
    if kind == "back":
        return Text("Take back the last step")
    if kind == "end":
        return Text("End the turn and announce it")
    if kind == "start":
        return Text("Start at {space}", {"space": phrases.place(p.board, s[2], p.box)})
    raise ValueError(kind)
