"""The legal actions of Loch Ness and how each one is applied.

Internally an action is a small tuple (``("move", boat, dest, via, steps)``), which the fast
simulation (:mod:`engines.loch_ness.fast`) draws and applies directly; the door shows each as a
JSON dict with a ``notation`` and a ``label`` (:func:`as_dict`). Steps of a turn:

- ``place``: the advanced placement round (a card from your colour on a site);
- ``act``: each boat may move or look around (town, an island, a dive site); a treasure chest
  buys one more boat action; the bagpipes or "end turn" end the turn;
- ``moved``: after a move, take face-up finds, attack or rob a boat, or observe Nessie;
- ``explore``: after turning the site's top card, take what may be taken; of two cards the bottom
  one is turned (``bottom``) only once the top one is settled;
- ``thief`` / ``defend``: the robbed or attacked player (not the player whose turn it is) shows a
  thief or a weapon, or does not;
- ``card`` / ``draw`` (physical chance): the explorer enters the card turned, the thief the card drawn;
- ``town``: hand in (done on arrival), return, pick and swap tools.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from engines.loch_ness import play, town
from engines.loch_ness.placing import open_slots, place
from engines.loch_ness.table import (
    BOATS,
    LAST_TURNS,
    MAX_FINDS,
    MAX_TOOLS,
    MOTOR_MOVE,
    MOVE,
    SECOND_TOOL_COST,
    TOOLS_PER_VISIT,
    Table,
    Tool,
)
from engines.loch_ness.words import (
    BINOCULARS,
    DIVING_SUIT,
    FIND_CODE,
    FIND_WORD,
    FINDS,
    MOTOR,
    THIEF,
    TOOL_WORD,
    TOOLS,
    WEAPON,
    find_phrase,
    tool_phrase,
)
from engines.text import Text

Act = tuple[Any, ...]
DONE: list[Act] = [("done",)]
SETTLING = ("moved", "explore")
"""The steps after a move or an exploration, which end by themselves once only "done" is left."""


def remaining(t: Table) -> dict[str, int]:
    """Discovery cards of each kind not yet turned face up: public knowledge (the composition is in
    the rules, every turned card was shown to all)."""
    counts = dict.fromkeys(FINDS, 0)
    for g in t.decks.in_play(t.players):
        counts[g.kind] += g.count
    return {k: counts[k] - t.turned_up[i] for i, k in enumerate(FINDS)}


def explorable(t: Table, boat: int, p: int) -> bool:
    """Whether the boat at ``p`` (on the board) may explore: a site with a card face down, or one it
    may take; under water only with a diving suit."""
    board = t.board
    if not board.site[p] or (board.terrain[p] == "water" and not t.has(boat, DIVING_SUIT)):
        return False
    return bool(t.face_down[p]) or any(play.can_take(t, boat, c) for c in t.face_up[p])


def legal(t: Table, seat: int) -> list[Act]:
    if t.phase == "over" or seat != t.actor:
        return []
    return _deciding(t, seat)


def _deciding(t: Table, seat: int) -> list[Act]:
    """The legal actions of ``seat``, the player who decides now in a game not over."""
    if t.phase == "place":
        return [("place", card, s) for card in sorted(set(t.hands[seat])) for s in open_slots(t)]
    step = t.step
    if step == "act":
        return _act(t, seat)
    if step == "town":
        return _town(t, seat)
    if step in SETTLING:
        return _after(t, step)
    if step in ("thief", "defend"):   # the robbed or attacked player: show the tool, or not
        shown = t.has(t.target, THIEF if step == "thief" else WEAPON)
        return ([(step, True)] if shown else []) + [(step, False)]
    if step == "card":
        return [("turned", k) for k, left in remaining(t).items() if left > 0]
    if step == "draw":
        target = t.target
        out: list[Act] = [("drawn", c) for c in sorted(set(t.finds[target]))]
        return out + ([("drawn", "tool")] if t.tools[target] else [])
    raise ValueError(f"no such step: {step}")


def _act(t: Table, seat: int) -> list[Act]:
    board = t.board
    harbour = board.harbour
    where, acted, on_side = t.where, t.acted, t.on_side
    out: list[Act] = []
    for b in range(seat * BOATS, seat * BOATS + BOATS):
        p = where[b]
        if p < 0 or acted[b] or on_side[b]:
            continue
        steps = MOTOR_MOVE if t.has(b, MOTOR) else MOVE
        if p != harbour:
            out += board.moves(b, p, t.nessie, steps)
            if explorable(t, b, p):
                out.append(("explore", b))
            continue
        if not (t.looked_in_town[b] or t.stage == LAST_TURNS):
            out += board.moves(b, p, t.nessie, steps)
        out.append(("town", b))
    if t.chests[seat] and not t.chest_used and not out:   # "Einde van de beurt": once no boat can act
        out += [("chest", b) for b in t.boats_of(seat) if t.where[b] >= 0 and t.acted[b] and not t.on_side[b]]
    if t.bagpipes[seat] and t.stage != LAST_TURNS:
        out += [("bagpipe", s) for s in board.lake[t.nessie]]
    out.append(("end",))
    return out


def _after(t: Table, step: str) -> list[Act]:
    b = t.step_boat
    out: list[Act] = []
    p = t.where[b]
    last: Act = ("bottom",) if step == "explore" and t.turning_site >= 0 else ("done",)
    if p < 0:
        return [last]
    if t.board.site[p] and t.face_up[p]:
        out += [("take", c) for c in sorted(set(t.face_up[p])) if play.can_take(t, b, c)]
    if step == "moved" and not t.fought and not t.observed and p != t.board.harbour:
        for o in _others_at(t, p):
            out.append(("attack", o, False))
            if t.has(b, WEAPON):
                out.append(("attack", o, True))
            if t.has(b, THIEF) and len(t.finds[b]) < MAX_FINDS:
                out.append(("steal", o))
        if (t.stage != LAST_TURNS and t.has(b, BINOCULARS) and len(t.finds[b]) < MAX_FINDS
                and t.nessie in t.board.nbrs[p]):
            out.append(("observe",))
    out.append(last)
    return out


def _others_at(t: Table, p: int) -> list[int]:
    """The other players' boats on space ``p``."""
    where = t.where
    if where.count(p) < 2:
        return []
    mine = t.seat * BOATS
    return [o for o in range(len(where)) if where[o] == p and not mine <= o < mine + BOATS]


def _town(t: Table, seat: int) -> list[Act]:
    b, q = t.step_boat, t.town_partner
    out: list[Act] = []
    harbour, where = t.board.harbour, t.where
    if q < 0 and where[seat * BOATS:seat * BOATS + BOATS].count(harbour) > 1:   # another boat in town
        out += [("join", o) for o in t.boats_of(seat)
                if o != b and where[o] == harbour and not t.acted[o] and not t.on_side[o]]
    stacks = range(len(t.stacks)) if t.advanced else range(-1, 0)
    for x in (b, q) if q >= 0 else (b,):
        kit = t.tools[x]
        if kit:
            out += _returns(x, tuple(kit), stacks)
        taken = t.tools_taken[x]
        if len(kit) >= MAX_TOOLS or taken >= TOOLS_PER_VISIT or (
                taken and t.reputation[seat] < SECOND_TOOL_COST):
            continue
        if not t.advanced:
            out += [("tool", x, c) for c, left in zip(TOOLS, t.supply, strict=True) if left]
        elif t.stack_picked[x] < 0:
            if t.tools_taken[x] == 0:
                out += [("stack", x, k) for k in stacks if t.stacks[k]]
        else:
            stack = t.stacks[t.stack_picked[x]]
            choices = sorted(set(stack),
                             key=TOOLS.index) if t.chance == "digital" else list(TOOLS) if stack else []
            out += [("tool", x, c) for c in choices]
    if q >= 0 and t.tools_handed < town.MAX_GIVES:
        for x, y in ((b, q), (q, b)):
            if len(t.tools[y]) < MAX_TOOLS:
                out += [("give", x, y, c) for c in _kinds(tuple(t.tools[x]))]
    out.append(("done",))
    return out


@cache
def _returns(boat: int, kit: tuple[Tool, ...], stacks: range) -> tuple[Act, ...]:
    """Putting back each kind of tool aboard, on each stack (base: the open supply, ``-1``)."""
    return tuple(("return", boat, tool, k) for tool in _kinds(kit) for k in stacks)


@cache
def _kinds(kit: tuple[Tool, ...]) -> tuple[str, ...]:
    """The kinds of tool aboard, in the order of :data:`TOOLS` (cached: a boat holds at most three)."""
    return tuple(sorted({x.kind for x in kit}, key=TOOLS.index))


# --------------------------------------------------------------------------- applying


def apply(t: Table, seat: int, a: Act) -> None:
    _APPLY[a[0]](t, seat, a)
    settle(t)


def settle(t: Table) -> None:
    """A step with nothing left to choose but "done" ends by itself (a move into open water with
    nobody near, an island whose cards were all taken)."""
    while t.phase == "turn" and t.step in SETTLING and _after(t, t.step) == DONE:
        play.done(t)


def apply_listed(t: Table, seat: int, a: Act) -> list[Act]:
    """:func:`apply`, then ``legal(t, t.actor)``: the same two, for the fast simulation, with the
    list that :func:`settle` looks at kept as the next one instead of made twice."""
    _APPLY[a[0]](t, seat, a)
    while t.phase != "over":
        acts = _deciding(t, t.actor)
        if acts != DONE or t.step not in SETTLING or t.phase != "turn":
            return acts
        play.done(t)
    return []


def _bagpipe_and_end(t: Table, space: int) -> None:
    play.bagpipe(t, space)
    play.end_turn(t)


_APPLY: dict[str, Callable[[Table, int, Act], None]] = {
    "place": lambda t, seat, a: place(t, seat, a[1], a[2]),
    "move": lambda t, seat, a: play.move(t, a[1], a[2], a[3], a[4]),
    "explore": lambda t, seat, a: play.explore(t, a[1]),
    "town": lambda t, seat, a: town.enter(t, a[1]),
    "chest": lambda t, seat, a: play.spend_chest(t, a[1]),
    "bagpipe": lambda t, seat, a: _bagpipe_and_end(t, a[1]),
    "end": lambda t, seat, a: play.end_turn(t),
    "take": lambda t, seat, a: play.take(t, a[1]),
    "attack": lambda t, seat, a: play.attack(t, a[1], a[2]),
    "steal": lambda t, seat, a: play.steal(t, a[1]),
    "thief": lambda t, seat, a: play.thief_shown(t, a[1]),
    "defend": lambda t, seat, a: play.defended(t, a[1]),
    "observe": lambda t, seat, a: play.observe(t),
    "done": lambda t, seat, a: play.done(t),
    "bottom": lambda t, seat, a: play.turn_bottom(t),
    "turned": lambda t, seat, a: play.turned(t, a[1]),
    "drawn": lambda t, seat, a: play.robbed(t, t.target, a[1]),
    "join": lambda t, seat, a: town.join(t, a[1]),
    "return": lambda t, seat, a: town.return_tool(t, a[1], a[2], a[3]),
    "stack": lambda t, seat, a: town.pick_stack(t, a[1], a[2]),
    "tool": lambda t, seat, a: town.take_tool(t, a[1], a[2]),
    "give": lambda t, seat, a: town.give(t, a[1], a[2], a[3]),
}
"""Each kind of action and the rule that applies it (its fields unpacked)."""


# --------------------------------------------------------------------------- as the door shows them


def _boat(b: int) -> int:
    return b % BOATS + 1


def label(msgid: str, **params: Any) -> dict[str, Any]:
    """A button's sentence (a msgid the catalogue extractor finds by this function's name)."""
    return Text(msgid, params).to_json()


def as_dict(t: Table, a: Act) -> dict[str, Any]:
    """The JSON form of an action: what a phone sends, with its notation and a button label."""
    return _AS_DICT[a[0]](t, a)


# --------------------------------------------------------------------------- the JSON codec, per kind
# One small function per kind of action (the table :data:`_AS_DICT`): a new kind of action gets its
# function and its line there.


def _place(t: Table, a: Act) -> dict[str, Any]:
    card, site = a[1], t.board.ids[a[2]]
    return {"type": "place", "card": FIND_WORD[card[0]], "back": "water" if card[1] == "w" else "land",
            "site": site, "notation": f"place {card}@{site}",
            "label": label("Lay {card} face down on {site}", card=find_phrase(card[0]), site=site)}


def _move(t: Table, a: Act) -> dict[str, Any]:
    ids = t.board.ids
    b, dest, via = _boat(a[1]), ids[a[2]], a[3]
    out: dict[str, Any] = {"type": "move", "boat": b, "to": dest}
    if via >= 0:
        out["via"] = ids[via]
        out.update(notation=f"move {b} {dest}@{ids[via]}",
                   label=label("Boat {boat}: moor at {to} from {via}", boat=b, to=dest, via=ids[via]))
    elif t.board.terrain[a[2]] == "harbour":
        out.update(notation=f"move {b} {dest}", label=label("Boat {boat}: sail into the harbour",
                                                             boat=b))
    else:
        out.update(notation=f"move {b} {dest}", label=label("Boat {boat}: sail to {to}", boat=b,
                                                             to=dest))
    return out


def _boat_acts(t: Table, a: Act) -> dict[str, Any]:
    kind, b = a[0], _boat(a[1])
    said = {"explore": label("Boat {boat}: explore here", boat=b),
            "town": label("Boat {boat}: look around in town", boat=b),
            "chest": label("Spend a treasure chest: boat {boat} acts once more", boat=b),
            "join": label("Boat {boat}: look around in town too", boat=b)}[kind]
    return {"type": kind, "boat": b, "notation": f"{kind} {b}", "label": said}


def _bagpipe(t: Table, a: Act) -> dict[str, Any]:
    space = t.board.ids[a[1]]
    return {"type": "bagpipe", "to": space, "notation": f"bagpipe {space}",
            "label": label("Play the bagpipes: Nessie to {space}, and end the turn", space=space)}


def _end(t: Table, a: Act) -> dict[str, Any]:
    return {"type": "end_turn", "notation": "end", "label": label("End my turn")}


def _card(t: Table, a: Act) -> dict[str, Any]:
    kind, card = a[0], a[1]
    said = (label("Take {card} aboard", card=find_phrase(card)) if kind == "take"
            else label("I turned {card}", card=find_phrase(card)))
    return {"type": kind, "card": FIND_WORD[card], "notation": f"{kind} {card}", "label": said}


def _fight(t: Table, a: Act) -> dict[str, Any]:
    kind, target = a[0], a[1]
    seat, b = target // BOATS, _boat(target)
    out = {"type": kind, "target_seat": seat, "target_boat": b}
    if kind == "attack":
        out["weapon"] = a[2]
        out.update(notation=f"attack {seat + 1}/{b}" + ("+w" if a[2] else ""),
                   label=label("Attack {target_seat}'s boat {target}, showing a weapon",
                               target_seat=seat,
                               target=b) if a[2] else
                   label("Attack {target_seat}'s boat {target}", target_seat=seat, target=b))
    else:
        out.update(notation=f"steal {seat + 1}/{b}",
                   label=label("Rob {target_seat}'s boat {target}", target_seat=seat, target=b))
    return out


def _show(t: Table, a: Act) -> dict[str, Any]:
    kind, shown, b = a[0], a[1], _boat(t.target)
    if kind == "thief":
        said = (label("Show the thief on boat {boat}: the robbery fails", boat=b) if shown
                else label("Show no thief: the robbery goes on"))
    else:
        said = (label("Show the weapon on boat {boat}", boat=b) if shown else label("Show no weapon"))
    return {"type": kind, "show": shown, "notation": f"{kind} {'+' if shown else '-'}", "label": said}


def _observe(t: Table, a: Act) -> dict[str, Any]:
    return {"type": "observe", "notation": "observe", "label": label("Observe Nessie")}


def _done(t: Table, a: Act) -> dict[str, Any]:
    return {"type": "done", "notation": "done", "label": label("Done")}


def _bottom(t: Table, a: Act) -> dict[str, Any]:
    return {"type": "bottom", "notation": "bottom",
            "label": label("Turn the bottom card on {site}", site=t.board.ids[t.turning_site])}


def _drawn(t: Table, a: Act) -> dict[str, Any]:
    card = a[1]
    if card == "tool":
        return {"type": "drawn", "card": "tool", "notation": "drawn tool",
                "label": label("I drew a tool (it goes back)")}
    return {"type": "drawn", "card": FIND_WORD[card], "notation": f"drawn {card}",
            "label": label("I drew {card}", card=find_phrase(card))}


def _return(t: Table, a: Act) -> dict[str, Any]:
    b, tool, k = _boat(a[1]), a[2], a[3]
    out = {"type": "return", "boat": b, "tool": TOOL_WORD[tool]}
    if k >= 0:
        out.update(stack=k + 1, notation=f"return {b} {tool} {k + 1}",
                   label=label("Boat {boat}: put back on stack {stack}: {tool}", boat=b,
                               tool=tool_phrase(tool), stack=k + 1))
    else:
        out.update(notation=f"return {b} {tool}",
                   label=label("Boat {boat}: put back: {tool}", boat=b, tool=tool_phrase(tool)))
    return out


def _stack(t: Table, a: Act) -> dict[str, Any]:
    b, k = _boat(a[1]), a[2] + 1
    return {"type": "stack", "boat": b, "stack": k, "notation": f"stack {b} {k}",
            "label": label("Boat {boat}: look through stack {stack}", boat=b, stack=k)}


def _tool(t: Table, a: Act) -> dict[str, Any]:
    b, tool = _boat(a[1]), a[2]
    cost = t.tools_taken[a[1]] > 0
    return {"type": "tool", "boat": b, "tool": TOOL_WORD[tool], "cost": SECOND_TOOL_COST if cost else 0,
            "notation": f"tool {b} {tool}",
            "label": label("Boat {boat}: take for 2 reputation: {tool}", boat=b,
                           tool=tool_phrase(tool))
            if cost else label("Boat {boat}: take: {tool}", boat=b, tool=tool_phrase(tool))}


def _give(t: Table, a: Act) -> dict[str, Any]:
    src, dst, tool = _boat(a[1]), _boat(a[2]), a[3]
    return {"type": "give", "from": src, "to": dst, "tool": TOOL_WORD[tool],
            "notation": f"give {src}>{dst} {tool}",
            "label": label("From boat {boat} to boat {other}: {tool}", tool=tool_phrase(tool),
                           boat=src,
                           other=dst)}


_AS_DICT: dict[str, Callable[[Table, Act], dict[str, Any]]] = {
    "place": _place, "move": _move, "explore": _boat_acts, "town": _boat_acts, "chest": _boat_acts,
    "join": _boat_acts, "bagpipe": _bagpipe, "end": _end, "take": _card, "turned": _card,
    "attack": _fight, "steal": _fight, "thief": _show, "defend": _show, "observe": _observe,
    "done": _done, "bottom": _bottom, "drawn": _drawn,
    "return": _return, "stack": _stack, "tool": _tool, "give": _give,
}
"""Each kind of action (an :data:`Act`'s first item) and the function that writes its JSON form."""


WORD_TO_CODE = {**FIND_CODE, **{w: c for c, w in TOOL_WORD.items()}}
