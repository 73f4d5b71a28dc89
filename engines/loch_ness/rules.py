"""The legal actions of Loch Ness and how each one is applied.

Internally an action is a small named tuple (:mod:`engines.loch_ness.actions`, ``Move(boat, dest,
via, steps)``), which the fast simulation (:mod:`engines.loch_ness.fast`) draws and applies
directly; the door shows each as a JSON dict with a ``notation`` and a ``label`` (:func:`as_dict`).
Steps of a turn:

- ``place``: the advanced placement round (a card from your colour on a site);
- ``act``: each boat may move or look around (town, an island, a dive site); a treasure chest
  buys one more boat action; the bagpipes or "end turn" end the turn;
- ``moved``: after a move, take face-up finds, attack or rob a boat, or observe Nessie;
- ``explore``: after turning the site's top card, take what may be taken; of two cards the bottom
  one is turned (``bottom``) only once the top one is settled, and a top card left is then no
  longer the explorer's to take;
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
from engines.loch_ness.actions import (
    BOTTOM,
    DONE,
    END,
    OBSERVE,
    Act,
    Attack,
    Bagpipe,
    Bottom,
    Chest,
    Done,
    Drawn,
    EndTurn,
    Explore,
    GiveTool,
    Join,
    Move,
    Observe,
    PickStack,
    Place,
    ReturnTool,
    ShowThief,
    ShowWeapon,
    Steal,
    Take,
    TakeTool,
    Town,
    Turned,
)
from engines.loch_ness.placing import open_slots, place
from engines.loch_ness.table import (
    BOATS,
    HIDDEN_AND_SHOWN,
    LAST_TURNS,
    MAX_FINDS,
    MAX_PLAYERS,
    MAX_TOOLS,
    MOTOR_MOVE,
    MOVE,
    SECOND_TOOL_COST,
    STACKS,
    TOOLS_PER_VISIT,
    Table,
    Tool,
)
from engines.loch_ness.words import (
    BINOCULARS,
    DIVING_SUIT,
    FIND_WORD,
    FINDS,
    MOTOR,
    PHOTOGRAPHED,
    THIEF,
    TOOL_WORD,
    TOOLS,
    WEAPON,
    aboard_phrase,
    find_phrase,
    tool_phrase,
)
from engines.text import Text

ONLY_DONE: list[Act] = [DONE]
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
        return [Place(card, s) for card in sorted(set(t.hands[seat])) for s in open_slots(t)]
    step = t.step
    if step == "act":
        return _act(t, seat)
    if step == "town":
        return _town(t, seat)
    if step in SETTLING:
        return _after(t, step)
    if step == "thief":   # the robbed player: show a thief, or not
        return _SHOW_THIEF[:] if t.has(t.target, THIEF) else _SHOW_THIEF[1:]
    if step == "defend":   # the attacked player: show a weapon, or not
        return _SHOW_WEAPON[:] if t.has(t.target, WEAPON) else _SHOW_WEAPON[1:]
    if step == "card":
        return [Turned(k) for k, left in remaining(t).items() if left > 0]
    if step == "draw":
        target = t.target
        out: list[Act] = [Drawn(c) for c in sorted(set(t.finds[target]))]
        return out + ([Drawn("tool")] if t.tools[target] else [])
    raise ValueError(f"no such step: {step}")


def _act(t: Table, seat: int) -> list[Act]:
    board = t.board
    harbour, site = board.harbour, board.site
    where, acted, on_side, tools = t.where, t.acted, t.on_side, t.tools
    hidden_motor, shown_motor = HIDDEN_AND_SHOWN[MOTOR]
    out: list[Act] = []
    for b in range(seat * BOATS, seat * BOATS + BOATS):
        p = where[b]
        if p < 0 or acted[b] or on_side[b]:
            continue
        # t.has(b, MOTOR), spelled out: this runs for every boat of every decision of the fast path
        kit = tools[b]
        steps = MOTOR_MOVE if hidden_motor in kit or shown_motor in kit else MOVE
        if p != harbour:
            out += board.moves(b, p, t.nessie, steps)
            if site[p] and explorable(t, b, p):   # (most spaces are no site: no call)
                out.append(_EXPLORE[b])
            continue
        if not (t.looked_in_town[b] or t.stage == LAST_TURNS):
            out += board.moves(b, p, t.nessie, steps)
        out.append(_TOWN[b])
    if t.chests[seat] and not t.chest_used and not out:   # "Einde van de beurt": once no boat can act
        out += [_CHEST[b] for b in t.boats_of(seat) if t.where[b] >= 0 and t.acted[b] and not t.on_side[b]]
    if t.bagpipes[seat] and t.stage != LAST_TURNS:
        out += _bagpipes(board.lake[t.nessie])
    out.append(END)
    return out


# The actions the fast path lists at nearly every step, made once (a named tuple's constructor is a
# Python call, several times a plain tuple's cost): per boat, per card, per kind of tool.
_BOATS = range(MAX_PLAYERS * BOATS)
_EXPLORE, _TOWN, _JOIN, _CHEST, _STEAL = (tuple(make(b) for b in _BOATS)
                                          for make in (Explore, Town, Join, Chest, Steal))
_ATTACK = tuple((Attack(b, False), Attack(b, True)) for b in _BOATS)   # without, with a weapon
_SHOW_THIEF: list[Act] = [ShowThief(True), ShowThief(False)]
_SHOW_WEAPON: list[Act] = [ShowWeapon(True), ShowWeapon(False)]
_TAKE = {card: Take(card) for card in FINDS}
_TAKE_TOOL = tuple(tuple(TakeTool(b, kind) for kind in TOOLS) for b in _BOATS)
_PICK_STACK = tuple(tuple(PickStack(b, k) for k in range(max(STACKS.values()))) for b in _BOATS)


@cache
def _bagpipes(lake: tuple[int, ...]) -> tuple[Bagpipe, ...]:
    return tuple(Bagpipe(s) for s in lake)


def _after(t: Table, step: str) -> list[Act]:
    b = t.step_boat
    out: list[Act] = []
    p = t.where[b]
    last: Act = BOTTOM if step == "explore" and t.turning_site >= 0 else DONE
    if p < 0:
        return [last]
    up = t.face_up[p]
    if t.board.site[p] and len(up) > t.settled:
        out += [_TAKE[c] for c in sorted(set(up[t.settled:] if t.settled else up)) if play.can_take(t, b, c)]
    if step == "moved" and not t.fought and not t.observed and p != t.board.harbour:
        for o in _others_at(t, p):
            out.append(_ATTACK[o][False])
            if t.has(b, WEAPON):
                out.append(_ATTACK[o][True])
            if t.has(b, THIEF) and len(t.finds[b]) < MAX_FINDS:
                out.append(_STEAL[o])
        if (t.stage != LAST_TURNS and t.has(b, BINOCULARS) and len(t.finds[b]) < MAX_FINDS
                and t.nessie in t.board.nbrs[p]):
            out.append(OBSERVE)
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
        out += [_JOIN[o] for o in t.boats_of(seat)
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
            out += [take for take, left in zip(_TAKE_TOOL[x], t.supply, strict=True) if left]
        elif t.stack_picked[x] < 0:
            if t.tools_taken[x] == 0:
                out += [_PICK_STACK[x][k] for k in stacks if t.stacks[k]]
        else:
            stack = t.stacks[t.stack_picked[x]]
            choices = sorted(set(stack),
                             key=TOOLS.index) if t.chance == "digital" else list(TOOLS) if stack else []
            out += [_TAKE_TOOL[x][TOOLS.index(c)] for c in choices]
    if q >= 0 and t.tools_handed < town.MAX_GIVES:
        for x, y in ((b, q), (q, b)):
            if len(t.tools[y]) < MAX_TOOLS:
                out += [GiveTool(x, y, c) for c in _kinds(tuple(t.tools[x]))]
    out.append(DONE)
    return out


@cache
def _returns(boat: int, kit: tuple[Tool, ...], stacks: range) -> tuple[ReturnTool, ...]:
    """Putting back each kind of tool aboard, on each stack (base: the open supply, ``-1``)."""
    return tuple(ReturnTool(boat, tool, k) for tool in _kinds(kit) for k in stacks)


@cache
def _kinds(kit: tuple[Tool, ...]) -> tuple[str, ...]:
    """The kinds of tool aboard, in the order of :data:`TOOLS` (cached: a boat holds at most three)."""
    return tuple(sorted({x.kind for x in kit}, key=TOOLS.index))


# --------------------------------------------------------------------------- applying


def apply(t: Table, seat: int, a: Act) -> None:
    _RULES[type(a)](t, seat, a)
    settle(t)


def settle(t: Table) -> None:
    """A step with nothing left to choose but "done" ends by itself (a move into open water with
    nobody near, an island whose cards were all taken)."""
    while t.phase == "turn" and t.step in SETTLING and _after(t, t.step) == ONLY_DONE:
        play.done(t)


def apply_listed(t: Table, seat: int, a: Act) -> list[Act]:
    """:func:`apply`, then ``legal(t, t.actor)``: the same two, for the fast simulation, with the
    list that :func:`settle` looks at kept as the next one instead of made twice."""
    _RULES[type(a)](t, seat, a)
    while t.phase != "over":
        step = t.step   # (t.actor, spelled out: once an action)
        acts = _deciding(t, t.target // BOATS if step == "thief" or step == "defend" else t.seat)
        if acts != ONLY_DONE or step not in SETTLING or t.phase != "turn":
            return acts
        play.done(t)
    return []


def _pipe_and_end(t: Table, space: int) -> None:
    play.bagpipe(t, space)
    play.end_turn(t)


_RULES: dict[type, Callable[[Table, int, Any], None]] = {
    Move: lambda t, seat, a: play.move(t, a.boat, a.dest, a.via, a.steps),
    Done: lambda t, seat, a: play.done(t),
    EndTurn: lambda t, seat, a: play.end_turn(t),
    Town: lambda t, seat, a: town.enter(t, a.boat),
    TakeTool: lambda t, seat, a: town.take_tool(t, a.boat, a.tool),
    PickStack: lambda t, seat, a: town.pick_stack(t, a.boat, a.stack),
    Explore: lambda t, seat, a: play.explore(t, a.boat),
    Attack: lambda t, seat, a: play.attack(t, a.target, a.weapon),
    Take: lambda t, seat, a: play.take(t, a.card),
    Bagpipe: lambda t, seat, a: _pipe_and_end(t, a.space),
    ShowWeapon: lambda t, seat, a: play.defended(t, a.shown),
    Place: lambda t, seat, a: place(t, seat, a.card, a.site),
    Bottom: lambda t, seat, a: play.turn_bottom(t),
    Observe: lambda t, seat, a: play.observe(t),
    Steal: lambda t, seat, a: play.steal(t, a.target),
    Chest: lambda t, seat, a: play.spend_chest(t, a.boat),
    ShowThief: lambda t, seat, a: play.thief_shown(t, a.shown),
    ReturnTool: lambda t, seat, a: town.return_tool(t, a.boat, a.tool, a.stack),
    GiveTool: lambda t, seat, a: town.give(t, a.src, a.dst, a.tool),
    Join: lambda t, seat, a: town.join(t, a.boat),
    Turned: lambda t, seat, a: play.turned(t, a.card),
    Drawn: lambda t, seat, a: play.robbed(t, t.target, a.card),
}
"""The rule that applies each kind of action, by its type (one look-up: the fast path applies
about 75,000 actions a second)."""


# --------------------------------------------------------------------------- as the door shows them


def _boat(b: int) -> int:
    return b % BOATS + 1


def label(msgid: str, **params: Any) -> dict[str, Any]:
    """A button's sentence (a msgid the catalogue extractor finds by this function's name)."""
    return Text(msgid, params).to_json()


def as_dict(t: Table, a: Act) -> dict[str, Any]:
    """The JSON form of an action: what a phone sends, with its notation and a button label."""
    match a:
        case Move():
            return _move(t, a)
        case Explore() | Town() | Chest() | Join():
            return _boat_acts(a)
        case Take() | Turned():
            return _card(a)
        case Attack() | Steal():
            return _fight(a)
        case ShowThief() | ShowWeapon():
            return _show(t, a)
        case ReturnTool():
            return _return(a)
        case PickStack():
            return _stack(a)
        case TakeTool():
            return _tool(t, a)
        case GiveTool():
            return _give(a)
        case Drawn():
            return _drawn(a)
        case Bagpipe():
            return _bagpipe(t, a)
        case Place():
            return _place(t, a)
        case Bottom():
            return {"type": "bottom", "notation": "bottom",
                    "label": label("Turn the bottom card on {site}", site=t.board.ids[t.turning_site])}
        case EndTurn():
            return {"type": "end_turn", "notation": "end", "label": label("End my turn")}
        case Observe():
            return {"type": "observe", "notation": "observe", "label": label("Observe Nessie")}
        case Done():
            return {"type": "done", "notation": "done", "label": label("Done")}


# --------------------------------------------------------------------------- the JSON codec, per kind
# One small function per kind of action (dispatched by :func:`as_dict`): a new kind of action gets
# its function and its case there.


def _place(t: Table, a: Place) -> dict[str, Any]:
    card, site = a.card, t.board.ids[a.site]
    return {"type": "place", "card": FIND_WORD[card[0]], "back": "water" if card[1] == "w" else "land",
            "site": site, "notation": f"place {card}@{site}",
            "label": label("Lay {card} face down on {site}", card=find_phrase(card[0]), site=site)}


def _move(t: Table, a: Move) -> dict[str, Any]:
    ids = t.board.ids
    b, dest, via = _boat(a.boat), ids[a.dest], a.via
    out: dict[str, Any] = {"type": "move", "boat": b, "to": dest}
    if via >= 0:
        out["via"] = ids[via]
        out.update(notation=f"move {b} {dest}@{ids[via]}",
                   label=label("Boat {boat}: moor at {to} from {via}", boat=b, to=dest, via=ids[via]))
    elif t.board.terrain[a.dest] == "harbour":
        out.update(notation=f"move {b} {dest}", label=label("Boat {boat}: sail into the harbour", boat=b))
    else:
        out.update(notation=f"move {b} {dest}", label=label("Boat {boat}: sail to {to}", boat=b, to=dest))
    return out


def _boat_acts(a: Explore | Town | Chest | Join) -> dict[str, Any]:
    kind, b = a.kind, _boat(a.boat)
    said = {"explore": label("Boat {boat}: explore here", boat=b),
            "town": label("Boat {boat}: look around in town", boat=b),
            "chest": label("Spend a treasure chest: boat {boat} acts once more", boat=b),
            "join": label("Boat {boat}: look around in town too", boat=b)}[kind]
    return {"type": kind, "boat": b, "notation": f"{kind} {b}", "label": said}


def _bagpipe(t: Table, a: Bagpipe) -> dict[str, Any]:
    space = t.board.ids[a.space]
    return {"type": "bagpipe", "to": space, "notation": f"bagpipe {space}",
            "label": label("Play the bagpipes: Nessie to {space}, and end the turn", space=space)}


def _card(a: Take | Turned) -> dict[str, Any]:
    kind, card = a.kind, a.card
    if kind != "take":
        said = label("I turned {card}", card=find_phrase(card))
    elif card in PHOTOGRAPHED:
        said = label("Photograph the young monster and take the photo aboard")
    else:
        said = label("Take {card} aboard", card=find_phrase(card))
    return {"type": kind, "card": FIND_WORD[card], "notation": f"{kind} {card}", "label": said}


def _fight(a: Attack | Steal) -> dict[str, Any]:
    seat, b = a.target // BOATS, _boat(a.target)
    out: dict[str, Any] = {"type": a.kind, "target_seat": seat, "target_boat": b}
    if isinstance(a, Attack):
        out["weapon"] = a.weapon
        out.update(notation=f"attack {seat + 1}/{b}" + ("+w" if a.weapon else ""),
                   label=label("Attack {target_seat}'s boat {target}, showing a weapon", target_seat=seat,
                               target=b) if a.weapon else
                   label("Attack {target_seat}'s boat {target}", target_seat=seat, target=b))
    else:
        out.update(notation=f"steal {seat + 1}/{b}",
                   label=label("Rob {target_seat}'s boat {target}", target_seat=seat, target=b))
    return out


def _show(t: Table, a: ShowThief | ShowWeapon) -> dict[str, Any]:
    kind, shown, b = a.kind, a.shown, _boat(t.target)
    if kind == "thief":
        said = (label("Show the thief on boat {boat}: the robbery fails", boat=b) if shown
                else label("Show no thief: the robbery goes on"))
    else:
        said = (label("Show the weapon on boat {boat}", boat=b) if shown else label("Show no weapon"))
    return {"type": kind, "show": shown, "notation": f"{kind} {'+' if shown else '-'}", "label": said}


def _drawn(a: Drawn) -> dict[str, Any]:
    card = a.card
    if card == "tool":
        return {"type": "drawn", "card": "tool", "notation": "drawn tool",
                "label": label("I drew a tool (it goes back)")}
    return {"type": "drawn", "card": FIND_WORD[card], "notation": f"drawn {card}",
            "label": label("I drew {card}", card=aboard_phrase(card))}


def _return(a: ReturnTool) -> dict[str, Any]:
    b, tool, k = _boat(a.boat), a.tool, a.stack
    out: dict[str, Any] = {"type": "return", "boat": b, "tool": TOOL_WORD[tool]}
    if k >= 0:
        out.update(stack=k + 1, notation=f"return {b} {tool} {k + 1}",
                   label=label("Boat {boat}: put back on stack {stack}: {tool}", boat=b,
                               tool=tool_phrase(tool), stack=k + 1))
    else:
        out.update(notation=f"return {b} {tool}",
                   label=label("Boat {boat}: put back: {tool}", boat=b, tool=tool_phrase(tool)))
    return out


def _stack(a: PickStack) -> dict[str, Any]:
    b, k = _boat(a.boat), a.stack + 1
    return {"type": "stack", "boat": b, "stack": k, "notation": f"stack {b} {k}",
            "label": label("Boat {boat}: look through stack {stack}", boat=b, stack=k)}


def _tool(t: Table, a: TakeTool) -> dict[str, Any]:
    b, tool = _boat(a.boat), a.tool
    cost = t.tools_taken[a.boat] > 0
    return {"type": "tool", "boat": b, "tool": TOOL_WORD[tool], "cost": SECOND_TOOL_COST if cost else 0,
            "notation": f"tool {b} {tool}",
            "label": label("Boat {boat}: take for 2 reputation: {tool}", boat=b, tool=tool_phrase(tool))
            if cost else label("Boat {boat}: take: {tool}", boat=b, tool=tool_phrase(tool))}


def _give(a: GiveTool) -> dict[str, Any]:
    src, dst, tool = _boat(a.src), _boat(a.dst), a.tool
    return {"type": "give", "from": src, "to": dst, "tool": TOOL_WORD[tool],
            "notation": f"give {src}>{dst} {tool}",
            "label": label("From boat {boat} to boat {other}: {tool}", tool=tool_phrase(tool), boat=src,
                           other=dst)}
