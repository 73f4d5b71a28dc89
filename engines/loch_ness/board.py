"""The board as data: spaces, neighbours, sites, Nessie's start and the endgame route, checked.

The printed board is lost (docs/data/loch-ness.md), so the table transcribes its own copy once in
this schema (the host page's map editor writes it) and the companion checks it, naming every
problem in one sentence. One sample board ships, marked as a placeholder.

A board (JSON)::

    {"schema": "loch-ness-board/1", "name": "Our board", "placeholder": false, "note": "",
     "spaces": [
       {"id": "H", "label": "Harbour", "terrain": "harbour", "x": 2, "y": 4, "adjacent": ["F"]},
       {"id": "F", "label": "Before the harbour", "terrain": "front", "x": 2, "y": 3,
        "adjacent": ["H", "w1"]},
       {"id": "w1", "label": "Bay", "terrain": "water", "x": 2, "y": 2, "adjacent": ["F", "i1"],
        "site": 1, "mark": "IV"},
       {"id": "i1", "label": "Isle", "terrain": "island", "x": 3, "y": 2, "adjacent": ["w1"], "site": 2}],
     "nessie": "w1", "route": ["w1", "F"], "decks": {...}}

- ``terrain``: ``water`` (lake water), ``island``, ``harbour`` (one), ``front`` (the one water space
  in front of the harbour). ``adjacent`` is symmetric: water spaces are sailed between, an island
  is reached by mooring from a water space next to it, the harbour touches only the front.
- ``site``: how many discovery cards lie there (0: none; a water site is a dive site, fed by the
  water deck; an island site is fed by the land deck; "sommige lokaties hebben twee kaartjes nodig").
- ``mark``: ``IV`` or ``III``, the spaces where Nessie starts the endgame with 4 or 3 players.
- ``nessie``: the space with her picture; ``route``: her endgame route from IV to the front.
- ``decks`` (optional): the card composition (engines/loch_ness/decks.py); left out, the defaults.

>>> b = sample_board()
>>> b.placeholder, b.ids[b.harbour], b.ids[b.front], b.ids[b.iv], b.ids[b.iii], len(b.route) - 1
(True, 'H', 'F', 'w12', 'w9', 8)
>>> [str(p) for p in check_board('{"spaces": [')[1]]
['The board is not valid JSON: it breaks at line 1, column 13.']
"""

from __future__ import annotations

import json
import math
import re
from collections import deque
from functools import cache
from itertools import pairwise
from pathlib import Path
from typing import Any

from engines.loch_ness.actions import Move
from engines.loch_ness.decks import Decks, check_decks, default_decks
from engines.loch_ness.words import TERRAINS
from engines.text import Text

SCHEMA = "loch-ness-board/1"
SAMPLE_NAME = "Sample board (placeholder)"   # the one board that is a placeholder; any other is a table's own
MAX_SPACES = 200
ID = re.compile(r"[A-Za-z0-9_-]{1,16}")
KEYS = frozenset({"schema", "name", "placeholder", "note", "spaces", "nessie", "route", "decks"})
SPACE_KEYS = frozenset({"id", "label", "terrain", "x", "y", "adjacent", "site", "mark"})
Reach = tuple[tuple[int, int, int], ...]   # (destination, via or -1, steps)


class Board:
    """A checked board: spaces by index, neighbours, sites, the route; immutable once made."""

    def __init__(self, data: dict[str, Any], decks: Decks | None) -> None:
        self.data = data                          # canonical JSON-able form
        self.text = json.dumps(data, sort_keys=True, separators=(",", ":"))
        self.name: str = data["name"]
        self.placeholder: bool = data["placeholder"]
        spaces = data["spaces"]
        self.ids: tuple[str, ...] = tuple(s["id"] for s in spaces)
        self.index: dict[str, int] = {sid: i for i, sid in enumerate(self.ids)}
        self.terrain: tuple[str, ...] = tuple(s["terrain"] for s in spaces)
        self.site: tuple[int, ...] = tuple(s["site"] for s in spaces)
        self.nbrs: tuple[tuple[int, ...], ...] = tuple(
            tuple(sorted(self.index[o] for o in s["adjacent"])) for s in spaces)
        self.harbour = self.terrain.index("harbour")
        self.front = self.terrain.index("front")
        self.sites: tuple[int, ...] = tuple(i for i, n in enumerate(self.site) if n)
        self.dive_sites: tuple[int, ...] = tuple(s for s in self.sites if self.terrain[s] == "water")
        self.back: tuple[str, ...] = tuple("land" if t == "island" else "water" for t in self.terrain)
        self.lake: tuple[tuple[int, ...], ...] = tuple(
            tuple(o for o in nb if self.terrain[o] == "water") for nb in self.nbrs)
        self.nessie = self.index[data["nessie"]]
        self.route: tuple[int, ...] = tuple(self.index[r] for r in data["route"])
        marks = [s.get("mark", "") for s in spaces]
        self.iv, self.iii = marks.index("IV"), marks.index("III")
        self.decks = decks or default_decks()
        self.home: tuple[int, ...] = self._distances(self.harbour)
        """Boat steps from each space to the harbour (Nessie aside)."""
        self._reach: dict[tuple[int, int, int], Reach] = {}
        self._moves: dict[tuple[int, int, int, int], tuple[Move, ...]] = {}
        self._move: dict[tuple[int, int, int, int], Move] = {}   # one value per move

    def _distances(self, goal: int) -> tuple[int, ...]:
        dist = {goal: 0}
        todo = deque([goal])
        while todo:
            u = todo.popleft()
            if u != goal and self.terrain[u] in ("island", "harbour"):
                continue
            for v in self.nbrs[u]:
                if v not in dist:
                    dist[v] = dist[u] + 1
                    todo.append(v)
        return tuple(dist.get(i, len(self.ids)) for i in range(len(self.ids)))

    def route_from(self, players: int) -> tuple[int, ...]:
        """Nessie's endgame path: from the IV space (III with 3 players) to the front."""
        start = self.iv if route_mark(players) == "IV" else self.iii
        return self.route[self.route.index(start):]

    def reach(self, start: int, nessie: int, steps: int) -> Reach:
        """Where a boat at ``start`` can end within ``steps``, never on or through Nessie.

        Boats sail over water (and the front); mooring at an island costs a step and ends the move
        ("in plaats daarvan meert het aan aan de kust. Dit telt ook als een van de drie vakjes"),
        and so does entering the harbour. A moored boat's first step takes it to a water space next
        to its island. Islands are returned with the water space they are moored from.
        """
        key = (start, nessie, steps)
        found = self._reach.get(key)
        if found is not None:
            return found
        terrain, nbrs = self.terrain, self.nbrs
        dist: dict[int, int] = {}
        ends: dict[tuple[int, int], int] = {}
        todo: deque[int] = deque()
        if terrain[start] in ("island", "harbour"):
            for o in nbrs[start]:
                if o != nessie and terrain[o] in ("water", "front"):
                    dist[o] = 1
                    todo.append(o)
        else:
            dist[start] = 0
            todo.append(start)
        while todo:
            u = todo.popleft()
            d = dist[u]
            if d >= steps:
                continue
            for v in nbrs[u]:
                if v in (nessie, start):
                    continue
                t = terrain[v]
                if t in ("island", "harbour"):
                    k = (v, u if t == "island" else -1)
                    if k not in ends or ends[k] > d + 1:
                        ends[k] = d + 1
                elif v not in dist:
                    dist[v] = d + 1
                    todo.append(v)
        out = [(v, -1, d) for v, d in dist.items() if v != start]
        out += [(v, via, d) for (v, via), d in ends.items()]
        result = tuple(sorted(out))
        self._reach[key] = result
        return result

    def moves(self, boat: int, start: int, nessie: int, steps: int) -> tuple[Move, ...]:
        """The move actions of a boat: cached, few starts."""
        key = (boat, start, nessie, steps)
        found = self._moves.get(key)
        if found is None:
            made = []
            for dest, via, d in self.reach(start, nessie, steps):
                move = self._move.get(fields := (boat, dest, via, d))
                if move is None:   # (a named tuple's constructor costs several plain tuples)
                    move = self._move[fields] = Move(boat, dest, via, d)
                made.append(move)
            found = self._moves[key] = tuple(made)
        return found

    def to_json(self) -> dict[str, Any]:
        return self.data


# --------------------------------------------------------------------------- checking


def route_mark(players: int) -> str:
    """The mark of the space where Nessie starts her endgame route: IV with 4 players, III with 3."""
    return "IV" if players >= 4 else "III"


def _number(value: object) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value) if math.isfinite(value) and abs(value) <= 10_000 else None


def _parse(data: object) -> tuple[object, list[Text]]:
    if isinstance(data, str | bytes):
        try:
            return json.loads(data), []
        except json.JSONDecodeError as exc:
            return None, [Text("The board is not valid JSON: it breaks at line {line}, column {column}.",
                               {"line": exc.lineno, "column": exc.colno})]
        except (UnicodeDecodeError, RecursionError):
            return None, [Text("The board is not valid JSON: it cannot be read.")]
    return data, []


def _spaces(raw: object, problems: list[Text]) -> list[dict[str, Any]]:
    """Each space in canonical form (missing fields defaulted); shape problems appended."""
    if not isinstance(raw, list) or not 3 <= len(raw) <= MAX_SPACES:
        problems.append(Text("A board needs a list of 3 to 200 spaces."))
        return []
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    for number, s in enumerate(raw, start=1):
        if not isinstance(s, dict):
            problems.append(Text("Space number {number} is not an object with an id and a terrain.",
                                 {"number": number}))
            continue
        sid = s.get("id")
        if not isinstance(sid, str) or not ID.fullmatch(sid):
            problems.append(Text("Space number {number} needs an id of 1 to 16 letters, digits, - or _.",
                                 {"number": number}))
            continue
        if sid in seen:
            problems.append(Text("Two spaces are called {space}.", {"space": sid}))
            continue
        seen.add(sid)
        out.append(_space(s, sid, problems))
    return out


def _space(s: dict[str, Any], sid: str, problems: list[Text]) -> dict[str, Any]:
    """The space ``sid`` in canonical form, each field checked (a bad one defaulted, its problem
    appended)."""
    extra = sorted(set(s) - SPACE_KEYS)
    if extra:
        problems.append(Text("Space {space} has a field {field} that is not understood.",
                             {"space": sid, "field": extra[0]}))
    terrain = s.get("terrain")
    if terrain not in TERRAINS:
        problems.append(Text("Space {space} has the terrain {terrain}; it must be water, island, harbour "
                             "or front.", {"space": sid, "terrain": str(terrain)}))
        terrain = "water"
    x, y = _number(s.get("x")), _number(s.get("y"))
    if x is None or y is None:
        problems.append(Text("Space {space} needs a position: x and y numbers.", {"space": sid}))
    label = s.get("label", sid)
    if not isinstance(label, str) or len(label) > 40:
        problems.append(Text("The label of space {space} must be text of at most 40 characters.",
                             {"space": sid}))
        label = sid
    adjacent = s.get("adjacent", [])
    if not isinstance(adjacent, list) or not all(isinstance(a, str) for a in adjacent):
        problems.append(Text("The neighbours of space {space} must be a list of space ids.",
                             {"space": sid}))
        adjacent = []
    site = s.get("site", 0)
    if isinstance(site, bool) or site not in (0, 1, 2):
        problems.append(Text("Space {space} takes 0, 1 or 2 discovery cards, not {count}.",
                             {"space": sid, "count": str(site)}))
        site = 0
    if site and terrain in ("harbour", "front"):
        problems.append(Text("Space {space} is not lake water or an island, so it cannot be a site.",
                             {"space": sid}))
        site = 0
    mark = s.get("mark", "")
    if mark not in ("", "IV", "III"):
        problems.append(Text("Space {space} has the mark {mark}; a space is marked IV, III or nothing.",
                             {"space": sid, "mark": str(mark)}))
        mark = ""
    space: dict[str, Any] = {"id": sid, "label": label or sid, "terrain": terrain, "x": x or 0.0,
                             "y": y or 0.0, "adjacent": sorted(set(adjacent)), "site": site}
    for key in ("x", "y"):
        if float(space[key]).is_integer():
            space[key] = int(space[key])
    if mark:
        space["mark"] = mark
    return space


def _graph(spaces: list[dict[str, Any]], problems: list[Text]) -> None:
    by_id = {s["id"]: s for s in spaces}
    for s in spaces:
        for o in s["adjacent"]:
            other = by_id.get(o)
            if o == s["id"]:
                problems.append(Text("Space {space} lists itself as a neighbour.", {"space": o}))
            elif other is None:
                problems.append(Text("Space {space} lists {other} as a neighbour, but there is no space "
                                     "{other}.",
                                     {"space": s["id"], "other": o}))
            elif s["id"] not in other["adjacent"]:
                problems.append(Text("Space {space} lists {other} as a neighbour, but {other} does not list "
                                     "{space}: neighbours go both ways.", {"space": s["id"], "other": o}))
            elif s["terrain"] == "island" and other["terrain"] == "island" and s["id"] < o:
                problems.append(Text("Islands {space} and {other} are neighbours; a boat reaches an island "
                                     "only from the water.", {"space": s["id"], "other": o}))
        if s["terrain"] == "island" and not any(
                by_id.get(o, {}).get("terrain") in ("water", "front") for o in s["adjacent"]):
            problems.append(Text("Island {space} has no water space next to it, so no boat can moor there.",
                                 {"space": s["id"]}))


def _harbour(spaces: list[dict[str, Any]], problems: list[Text]) -> tuple[str, str] | None:
    harbours = [s for s in spaces if s["terrain"] == "harbour"]
    fronts = [s for s in spaces if s["terrain"] == "front"]
    if not harbours:
        problems.append(Text("The board has no harbour."))
    elif len(harbours) > 1:
        problems.append(Text("The board has {count} harbours; it needs exactly one.",
                             {"count": len(harbours)}))
    if not fronts:
        problems.append(Text("The board has no space in front of the harbour (the terrain front)."))
    elif len(fronts) > 1:
        problems.append(Text("The board has {count} spaces in front of the harbour; it needs exactly one.",
                             {"count": len(fronts)}))
    if len(harbours) != 1 or len(fronts) != 1:
        return None
    harbour, front = harbours[0], fronts[0]
    for o in front["adjacent"]:
        if next((x for x in spaces if x["id"] == o), {}).get("terrain") == "island":
            problems.append(Text("Island {space} lies next to the space in front of the harbour: Nessie "
                                 "would surface there and close the harbour, so that space touches only "
                                 "water and the harbour.", {"space": o}))
    if harbour["adjacent"] != [front["id"]]:
        others = [o for o in harbour["adjacent"] if o != front["id"]]
        problems.append(Text("The harbour must touch only the space in front of it ({front}), not {other}.",
                             {"front": front["id"], "other": ", ".join(others) or "nothing"}) if others else
                        Text("The harbour must touch the space in front of it ({front}).",
                             {"front": front["id"]}))
    return harbour["id"], front["id"]


def _reachable(spaces: list[dict[str, Any]], harbour: str, problems: list[Text]) -> None:
    """Every space can be reached by boat from the harbour (islands and the harbour end a move)."""
    by_id = {s["id"]: s for s in spaces}
    seen = {harbour}
    todo = [harbour]
    while todo:
        u = todo.pop()
        if by_id[u]["terrain"] == "island" or (u != harbour and by_id[u]["terrain"] == "harbour"):
            continue
        for o in by_id[u]["adjacent"]:
            if o in by_id and o not in seen and u in by_id[o]["adjacent"]:
                seen.add(o)
                todo.append(o)
    for s in spaces:
        if s["id"] not in seen:
            if s["site"]:
                problems.append(Text("Site {space} cannot be reached by boat from the harbour.",
                                     {"space": s["id"]}))
            else:
                problems.append(Text("Space {space} cannot be reached by boat from the harbour.",
                                     {"space": s["id"]}))


def _nessie_and_route(data: dict[str, Any], spaces: list[dict[str, Any]], front: str | None,
                      problems: list[Text]) -> None:
    by_id = {s["id"]: s for s in spaces}
    nessie = data.get("nessie")
    if not isinstance(nessie, str) or by_id.get(nessie, {}).get("terrain") != "water":
        problems.append(Text("Nessie's start ({space}) must be a lake water space of this board.",
                             {"space": str(nessie)}))
    marked = {m: [s["id"] for s in spaces if s.get("mark") == m] for m in ("IV", "III")}
    for mark, players in (("IV", 4), ("III", 3)):
        if len(marked[mark]) != 1:
            problems.append(Text("Exactly one space must be marked {mark} (where Nessie starts the endgame "
                                 "with {players} players); this board has {count}.",
                                 {"mark": mark, "players": players, "count": len(marked[mark])}))
    route = data.get("route")
    if not isinstance(route, list) or len(route) < 2 or not all(isinstance(r, str) for r in route):
        problems.append(Text("The board needs Nessie's endgame route: the spaces from the one marked IV to "
                             "the one in front of the harbour."))
        return
    for r in route:
        if r not in by_id:
            problems.append(Text("The endgame route names {space}, which is not a space of this board.",
                                 {"space": r}))
            return
    if len(set(route)) != len(route):
        twice = next(r for r in route if route.count(r) > 1)
        problems.append(Text("The endgame route passes {space} twice.", {"space": twice}))
    if len(marked["IV"]) == 1 and route[0] != marked["IV"][0]:
        problems.append(Text("The endgame route must start at the space marked IV ({space}).",
                             {"space": marked["IV"][0]}))
    if front is not None and route[-1] != front:
        problems.append(Text("The endgame route must end at the space in front of the harbour ({space}).",
                             {"space": front}))
    for a, b in pairwise(route):
        if b not in by_id[a]["adjacent"]:
            problems.append(Text("On the endgame route, {space} and {other} are not neighbours.",
                                 {"space": a, "other": b}))
    for r in route[:-1]:
        if by_id[r]["terrain"] != "water":
            problems.append(Text("The endgame route runs through {space}, which is not lake water.",
                                 {"space": r}))
    if len(marked["III"]) == 1 and marked["III"][0] not in route[1:]:
        problems.append(Text("The space marked III ({space}) must lie on the endgame route, after the one "
                             "marked IV.", {"space": marked["III"][0]}))


def _capacity(spaces: list[dict[str, Any]], decks: Decks, problems: list[Text]) -> None:
    sites = [s for s in spaces if s["site"]]
    if not sites:
        problems.append(Text("The board has no sites: give some islands or dive sites discovery cards."))
    need = {t: sum(s["site"] for s in sites if s["terrain"] == t) for t in ("water", "island")}
    have = {"water": len(decks.cards(3, back="water")), "island": len(decks.cards(3, back="land"))}
    if need["water"] > have["water"]:
        problems.append(Text("The dive sites take {count} cards, but only {cards} water cards are in play "
                             "with "
                             "3 players.", {"count": need["water"], "cards": have["water"]}))
    if need["island"] > have["island"]:
        problems.append(Text("The island sites take {count} cards, but only {cards} land cards are in play "
                             "with 3 players.", {"count": need["island"], "cards": have["island"]}))


def check_board(data: object) -> tuple[Board | None, list[Text]]:
    """A board from JSON text or its parsed form, or every problem found, each in one sentence."""
    parsed, problems = _parse(data)
    if problems:
        return None, problems
    if not isinstance(parsed, dict):
        return None, [Text("A board is a JSON object with its spaces, Nessie's start and her endgame route.")]
    extra = sorted(set(parsed) - KEYS)
    if extra:
        problems.append(Text("The board has a field {field} that is not understood.", {"field": extra[0]}))
    if parsed.get("schema", SCHEMA) != SCHEMA:
        problems.append(Text("This board is written for {schema}; the companion reads {ours}.",
                             {"schema": str(parsed.get("schema")), "ours": SCHEMA}))
    name, note = parsed.get("name", "Board"), parsed.get("note", "")
    if not isinstance(name, str) or not 1 <= len(name.strip()) <= 60:
        problems.append(Text("A board's name is text of 1 to 60 characters."))
        name = "Board"
    if not isinstance(note, str) or len(note) > 500:
        problems.append(Text("A board's note is text of at most 500 characters."))
        note = ""
    placeholder = parsed.get("placeholder", False)
    if not isinstance(placeholder, bool):
        problems.append(Text('"placeholder" is true for a made-up board, else false.'))
        placeholder = False
    placeholder = placeholder and name.strip() == SAMPLE_NAME   # a renamed sample is the table's own
    spaces = _spaces(parsed.get("spaces"), problems)
    decks: Decks | None = None
    if parsed.get("decks") is not None:
        decks, found = check_decks(parsed["decks"])
        problems += found
    if not spaces:
        return None, problems
    _graph(spaces, problems)
    ends = _harbour(spaces, problems)
    if ends is not None:
        _reachable(spaces, ends[0], problems)
    _nessie_and_route(parsed, spaces, ends[1] if ends else None, problems)
    _capacity(spaces, decks or default_decks(), problems)
    if problems:
        return None, problems
    out: dict[str, Any] = {"schema": SCHEMA, "name": name.strip(), "placeholder": placeholder, "note": note,
                           "spaces": spaces, "nessie": parsed["nessie"], "route": list(parsed["route"])}
    if decks is not None:
        out["decks"] = decks.to_json()
    return Board(out, decks), []


_BOARDS: dict[str, Board] = {}


def board_from_text(text: str) -> Board:
    """A board from the ``board`` option or a notation (cached: a notation is loaded often);
    raises ValueError with the first problem."""
    found = _BOARDS.get(text)
    if found is not None:
        return found
    board, problems = check_board(text)
    if board is None:
        raise BoardError(problems[0])
    if len(_BOARDS) > 64:
        _BOARDS.clear()
    _BOARDS[text] = board
    return board


class BoardError(ValueError):
    def __init__(self, text: Text) -> None:
        self.text = text
        super().__init__(str(text))


@cache
def sample_board() -> Board:
    """The shipped sample: a made-up 5 x 4 lake, clearly a placeholder for the printed board."""
    return board_from_text((Path(__file__).parent / "sample_board.json").read_text(encoding="utf-8"))


__all__ = ["SCHEMA", "Board", "BoardError", "board_from_text", "check_board", "sample_board"]
