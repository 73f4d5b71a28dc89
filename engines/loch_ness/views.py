"""What each seat may see of a Loch Ness position (docs/loch-ness.md gives the shape).

Public: the board, every boat (where, on its side, its finds, how many tools), Nessie and how
often she was seen, the sites (how many cards face down, the face-up ones), the piles' and stacks'
sizes, the open tool supply (base), reputation, bagpipes and chests, the endgame. In the advanced
version a tool is public once it has been shown; until then only its owner sees it, and only the
player who laid a face-down card knows what it is. The companion's own face-down cards (digital)
are nobody's until turned.
"""

from __future__ import annotations

from typing import Any

from engines.loch_ness.board import route_mark
from engines.loch_ness.play import score
from engines.loch_ness.rules import remaining
from engines.loch_ness.table import BOATS, OFF, RESERVE, Table
from engines.loch_ness.words import FIND_WORD, TOOL_WORD, TOOLS


def _where(t: Table, b: int) -> tuple[str | None, str]:
    p = t.where[b]
    if p == RESERVE:
        return None, "reserve"
    if p == OFF:
        return None, "off"
    terrain = t.board.terrain[p]
    state = {"harbour": "harbour", "island": "moored"}.get(terrain, "water")
    return t.board.ids[p], state


def _boat(t: Table, b: int, own: bool) -> dict[str, Any]:
    where, state = _where(t, b)
    kit = t.tools[b]
    if own or not t.advanced:
        tools = [{"tool": TOOL_WORD[x.kind], "shown": x.shown} for x in kit]
    else:   # shown tools by name, hidden ones as a count: never their order
        tools = [{"tool": TOOL_WORD[x.kind], "shown": True} for x in sorted(kit) if x.shown]
        tools += [{"tool": None, "shown": False} for x in kit if not x.shown]
    via = t.moored_from[b]
    return {"boat": b % BOATS + 1, "where": where, "via": t.board.ids[via] if via >= 0 else None,
            "state": state, "side": t.on_side[b], "acted": t.acted[b], "tools": tools, "tool_count": len(kit),
            "finds": [FIND_WORD[c] for c in t.finds[b]]}


def view(t: Table, seat: int | None) -> dict[str, Any]:
    board, ids = t.board, t.board.ids
    own = seat if seat is not None and 0 <= seat < t.players else None
    players = [{"seat": s, "reputation": t.reputation[s], "bagpipes": t.bagpipes[s], "chests": t.chests[s],
                "boats": [_boat(t, b, s == own) for b in t.boats_of(s)]} for s in range(t.players)]
    sites = {ids[s]: {"takes": board.site[s], "deck": board.back[s], "down": len(t.face_down[s]),
                      "up": [FIND_WORD[c] for c in t.face_up[s]]} for s in board.sites}
    route = board.route_from(t.players)
    out: dict[str, Any] = {
        "game": "loch-ness", "board": board.to_json(), "phase": t.phase, "turn": t.seat,
        "start": t.start_player,
        "to_act": [] if t.phase == "over" else [t.actor], "step": t.step, "armed": t.attacker_armed,
        "boat": t.step_boat % BOATS + 1 if t.step_boat >= 0 else None,
        "partner": t.town_partner % BOATS + 1 if t.town_partner >= 0 else None,
        "advanced": t.advanced, "chance": t.chance, "nessie": ids[t.nessie], "sightings": t.sightings,
        "endgame": {"stage": t.stage.word, "turns_left": t.turns_left, "route": [ids[r] for r in route],
                    "start": ids[route[0]], "mark": route_mark(t.players)},
        "players": players, "sites": sites,
        "piles": {"water": len(t.piles[0]), "land": len(t.piles[1])},
        "supply": None if t.advanced else {TOOL_WORD[c]: n for c, n in zip(TOOLS, t.supply, strict=True)},
        "stacks": [len(s) for s in t.stacks] if t.advanced else None,
        "unturned": {FIND_WORD[k]: n for k, n in remaining(t).items()},
        "tool_counts": {TOOL_WORD[c]: n for c, n in zip(TOOLS, t.decks.tools, strict=True)},
        "chest_used": t.chest_used,
        "target": None if t.target < 0 else {"seat": t.target // BOATS, "boat": t.target % BOATS + 1},
        "turning": ids[t.turning_site] if t.turning_site >= 0 else None,
        "hand_counts": [len(h) for h in t.hands] if t.phase == "place" else None,
    }
    if own is not None:
        out["you"] = _you(t, own)
    if t.phase == "over":
        out["scores"] = [score(t, s) for s in range(t.players)]
    return out


def _you(t: Table, seat: int) -> dict[str, Any]:
    ids = t.board.ids
    placed = [{"site": ids[s], "card": FIND_WORD[c], "position": i, "of": len(t.face_down[s])}
              for s in t.board.sites
              for i, (c, p) in enumerate(zip(t.face_down[s], t.laid_by[s], strict=True))
              if p == seat]
    out: dict[str, Any] = {"seat": seat, "placed": placed,
                           "hand": [{"card": FIND_WORD[c[0]], "back": "water" if c[1] == "w" else "land"}
                                    for c in t.hands[seat]]}
    if (t.advanced and t.chance == "digital" and t.phase == "turn" and t.step == "town" and t.seat == seat):
        looking = [b for b in (t.step_boat, t.town_partner) if b >= 0 and t.stack_picked[b] >= 0]
        out["stacks_seen"] = {
            str(b % BOATS + 1): {"stack": t.stack_picked[b] + 1,
                                 "tools": sorted(TOOL_WORD[c] for c in t.stacks[t.stack_picked[b]])}
            for b in looking}
    return out
