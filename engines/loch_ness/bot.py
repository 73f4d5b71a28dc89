"""A Loch Ness bot that plays from its own view only.

``choose`` reads nothing but ``state.view(seat)`` and ``state.legal_actions(seat)`` (what the seat's
phone gets), so it cannot use a face-down card, another player's hidden tool or the order of a pile:
two positions that differ only in facts hidden from this seat give the same choice for the same seed
(tests/engines/loch_ness/test_bot.py proves it).

Its plan, one action at a time, each legal action scored and the best taken (ties broken by the
seed):

- explore a site with face-down cards (unless the bot laid a bad card there itself), take every find
  it can, observe Nessie when it can;
- a boat with two finds, or any find once the end is in sight, sails home; in the harbour it looks
  around in town and takes a camera, a diving suit, a shovel or a motor it lacks (a second tool only
  while its reputation is comfortable);
- otherwise it sails toward the nearest site it can explore or take from, keeping off Nessie's
  neighbours unless it carries binoculars;
- robbed or attacked, it shows a thief or a weapon whenever it has one;
- it plays the bagpipes when Nessie can eat an opponent's boat carrying more points than the 2 the
  owner gets for the story, robs boats with finds, and attacks only with a weapon;
- in the placement round it lays its good finds near the harbour and its octopus, activists and Nessie
  far away.

Physical chance: the bot cannot see a real card, so it enters the first choice offered; a table that
seats the bot in physical mode should play digital (docs/loch-ness.md).
"""

from __future__ import annotations

from collections import deque
from typing import Any

from engines.core import Action, BotChoice, IllegalAction, Seat, State, StopSignal
from engines.rng import Rng

VALUE = {"tracks": 6, "nest": 4, "egg_shells": 1, "young_monster": 8, "treasure_chest": 3, "observation": 6}
BAD = {"octopus", "activists", "nessie"}
WANTED = ("camera", "diving_suit", "shovel", "motor", "binoculars", "thief", "weapon")


def distances(board: dict[str, Any], start: str) -> dict[str, int]:
    """Boat steps from ``start`` to every space (islands and the harbour end a path)."""
    spaces = {s["id"]: s for s in board["spaces"]}
    dist = {start: 0}
    todo = deque([start])
    while todo:
        u = todo.popleft()
        if u != start and spaces[u]["terrain"] in ("island", "harbour"):
            continue
        for v in spaces[u]["adjacent"]:
            if v not in dist:
                dist[v] = dist[u] + 1
                todo.append(v)
    return dist


class ExplorerBot:
    def choose(self, state: State, seat: Seat, stop: StopSignal, seed: int) -> BotChoice:
        actions = state.legal_actions(seat)
        if not actions:
            raise IllegalAction("There is nothing to play.")
        view = state.view(seat)
        plan = _Plan(view, seat)
        scored = [(plan.score(a), i) for i, a in enumerate(actions)]
        best = max(s for s, _ in scored)
        top = [i for s, i in scored if s == best]
        pick, _ = Rng.from_seed(seed).choice(top)
        return BotChoice(actions[pick], {"score": best})


class _Plan:
    def __init__(self, view: dict[str, Any], seat: int) -> None:
        self.view, self.seat = view, seat
        self.board = view["board"]
        self.spaces = {s["id"]: s for s in self.board["spaces"]}
        harbour = next(s["id"] for s in self.board["spaces"] if s["terrain"] == "harbour")
        self.home = distances(self.board, harbour)
        self.me = view["players"][seat]
        self.boats = {b["boat"]: b for b in self.me["boats"]}
        self.placed = {p["site"]: p["card"] for p in view["you"]["placed"]}
        self.late = view["endgame"]["stage"] != "playing"

    def tools(self, boat: int) -> set[str]:
        return {t["tool"] for t in self.boats[boat]["tools"] if t["tool"]}

    def score(self, a: Action) -> float:
        kind = a["type"]
        method = getattr(self, "_" + kind, None)
        return float(method(a)) if method is not None else 0.0

    # -- the placement round ----------------------------------------------------
    def _place(self, a: Action) -> float:
        near = -self.home.get(a["site"], 9)
        return near if a["card"] not in BAD else -near

    # -- a boat's action ----------------------------------------------------------
    def _explore(self, a: Action) -> float:
        site = self.boats[a["boat"]]["where"]
        if self.placed.get(site) in BAD:
            return -5
        return 20 if self.view["sites"].get(site, {}).get("down") else 15

    def _town(self, a: Action) -> float:
        boat = self.boats[a["boat"]]
        return 18 if boat["finds"] or len(boat["tools"]) < 2 else 1

    def _move(self, a: Action) -> float:
        boat = self.boats[a["boat"]]
        to, kit = a["to"], self.tools(a["boat"])
        going_home = len(boat["finds"]) >= 2 or (boat["finds"] and self.late) or (
            not kit and not boat["finds"])
        if going_home:
            return 10 - self.home.get(to, 9)
        nessie_near = self.view["nessie"] in self.spaces[to]["adjacent"] or (
            a.get("via") and self.view["nessie"] in self.spaces[a["via"]]["adjacent"])
        score = 2.0 - (3 if nessie_near and "binoculars" not in kit else 0)
        site = self.view["sites"].get(to)
        if site and (self.spaces[to]["terrain"] == "island" or "diving_suit" in kit):
            if site["down"] and self.placed.get(to) not in BAD:
                score += 8
            score += sum(VALUE.get(c, 0) for c in site["up"]) / 2
        if self.view["endgame"]["stage"] == "last_turns":
            score = 10 - self.home.get(to, 9)
        return score

    def _end_turn(self, a: Action) -> float:
        return 0.5

    def _chest(self, a: Action) -> float:
        return 1 if self.late else -1

    def _bagpipe(self, a: Action) -> float:
        gain = 0.0
        for p in self.view["players"]:
            for b in p["boats"]:
                if b["where"] == a["to"] or b["via"] == a["to"]:
                    worth = sum(VALUE.get(c, 0) for c in b["finds"]) - 2
                    gain += -worth if p["seat"] == self.seat else worth
        return gain - 1

    # -- after a move, after exploring ----------------------------------------------
    def _take(self, a: Action) -> float:
        return 30 + VALUE.get(a["card"], 0)

    def _observe(self, a: Action) -> float:
        return 34

    def _steal(self, a: Action) -> float:
        target = self.view["players"][a["target_seat"]]["boats"][a["target_boat"] - 1]
        return 5 if target["finds"] else -1

    def _attack(self, a: Action) -> float:
        return 3 if a["weapon"] else -2

    def _done(self, a: Action) -> float:
        return 0

    # -- robbed or attacked: a thief or a weapon aboard is always shown ------------------
    def _thief(self, a: Action) -> float:
        return 1 if a["show"] else 0

    def _defend(self, a: Action) -> float:
        return 1 if a["show"] else 0

    # -- town ------------------------------------------------------------------------
    def _tool(self, a: Action) -> float:
        if a["tool"] in self.tools(a["boat"]):
            return -1
        if a["cost"] and self.me["reputation"] < 9:
            return -1
        return 10 - WANTED.index(a["tool"])

    def _stack(self, a: Action) -> float:
        return 5 + float(self.view["stacks"][a["stack"] - 1]) / 100

    def _join(self, a: Action) -> float:
        return 2 if self.boats[a["boat"]]["finds"] else -1

    def _return(self, a: Action) -> float:
        return -1

    def _give(self, a: Action) -> float:
        return -2

    # -- physical entries: the bot cannot see the real card -------------------------------
    def _turned(self, a: Action) -> float:
        return 0

    def _drawn(self, a: Action) -> float:
        return 0
