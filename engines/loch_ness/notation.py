"""The Loch Ness position notation: one line of ``key=value`` words that round-trips.

    loch n=4 adv=0 chance=digital rng=... tools=7,6,7,6,7,6,6 phase=turn start=0 seat=0
      rep=5,5,5,5 pipes=3,3,3,3 chests=0,0,0,0 nessie=w4 seen=0 end=0 left=0 chest=0
      step=act boat=- partner=- fought=0 looked=0 gives=0 target=- turning=- armed=0 settled=0
      out=0,0,0,0,0,0,0,0
      boats=H//,-//,-//|... sites=w1:Y/-/,I2:TN/--/ piles=YOC|TNE supply=7,6,7,6,7,6,6
      stacks= hands=| board=sample

(on one line; ``board`` comes last, it may hold spaces).

- ``boats``: per seat (``|``) three boats (``,``), each ``where/tools/finds/flags``: ``where`` is a
  space id, ``I2@w5`` (moored at I2 from w5), ``-`` (not on the board yet) or ``x`` (taken off
  this turn, ``x@w5`` if it was moored); tools are codes (``mscbdtw``; advanced: a capital letter
  has been shown, :meth:`~engines.loch_ness.table.Tool.code`), finds are codes (``TNEYCV``);
  flags: ``s`` on its side, ``a`` acted this turn, ``t`` looked around in town this turn, ``k1``
  tools taken in this visit, ``p2`` the stack looked at.
- ``sites``: each site with cards, ``id:down/placers/up`` (face-down bottom first, ``?`` unseen;
  who laid each face-down card, ``-`` = the pile; face-up cards).
- ``piles``: the water pile and the land pile, top last; ``stacks``: the advanced tool stacks;
  ``hands``: the advanced placement hands (kind+back pairs, ``Yw``); ``out``: cards turned so far
  per kind (``TNEYCAOX``).
- ``board``: ``sample`` or the board's JSON (engines/loch_ness/board.py).

The keys are short and fixed (stored games and tests hold them); the :class:`Table` field each one
loads, where the names differ: ``n`` players, ``adv`` advanced, ``start``
start_player, ``rep`` reputation, ``pipes`` bagpipes, ``seen`` sightings, ``end`` stage (0-2,
:class:`~engines.loch_ness.table.Stage`), ``left`` turns_left, ``chest`` chest_used, ``boat``
step_boat, ``partner`` town_partner, ``looked`` observed, ``gives`` tools_handed, ``turning``
turning_site, ``armed`` attacker_armed, ``settled`` settled (the explored site's face-up cards settled
before its bottom card was turned), ``out`` turned_up.

**The notation holds every secret** (face-down cards, hidden tools): for logs, tests and bug
reports, never for a phone.
"""

from __future__ import annotations

from engines.core import CHANCE_MODES, IllegalAction
from engines.loch_ness.board import Board, BoardError, board_from_text, sample_board
from engines.loch_ness.decks import Decks
from engines.loch_ness.table import BOATS, MAX_PLAYERS, MIN_PLAYERS, OFF, RESERVE, Stage, Table, Tool
from engines.loch_ness.words import FINDS, TOOLS
from engines.rng import Rng

KEYS = ("n", "adv", "chance", "rng", "tools", "phase", "start", "seat", "rep", "pipes", "chests", "nessie",
        "seen", "end", "left", "chest", "step", "boat", "partner", "fought", "looked", "gives", "target",
        "turning", "armed", "settled", "out", "boats", "sites", "piles", "supply", "stacks", "hands", "board")
PHASES = ("place", "turn", "over")
STEPS = ("act", "moved", "explore", "card", "draw", "town", "thief", "defend")
OPTIONAL = {"armed": "0", "settled": "0"}
"""Keys a stored position may lack, and the value each then loads as."""


def _ints(values: list[int]) -> str:
    return ",".join(map(str, values))


def _opt(value: int, ids: tuple[str, ...] | None = None) -> str:
    if value < 0:
        return "-"
    return ids[value] if ids is not None else str(value)


def _boat(t: Table, b: int) -> str:
    ids = t.board.ids
    p = t.where[b]
    where = "-" if p == RESERVE else "x" if p == OFF else ids[p]
    if t.moored_from[b] >= 0:
        where += "@" + ids[t.moored_from[b]]
    flags = ("s" if t.on_side[b] else "") + ("a" if t.acted[b] else "") + ("t" if t.looked_in_town[b] else "")
    if t.tools_taken[b]:
        flags += f"k{t.tools_taken[b]}"
    if t.stack_picked[b] >= 0:
        flags += f"p{t.stack_picked[b]}"
    kit = "".join(x.code(t.advanced) for x in t.tools[b])
    return f"{where}/{kit}/{''.join(t.finds[b])}/{flags}"


def dump(t: Table) -> str:
    ids = t.board.ids
    seats = [",".join(_boat(t, b) for b in t.boats_of(s)) for s in range(t.players)]
    sites = [f"{ids[s]}:{''.join(t.face_down[s])}/{''.join('-' if p < 0 else str(p) for p in t.laid_by[s])}/"
             f"{''.join(t.face_up[s])}" for s in t.board.sites if t.face_down[s] or t.face_up[s]]
    board = "sample" if t.board is sample_board() else t.board.text
    f = {"n": str(t.players), "adv": str(int(t.advanced)), "chance": t.chance, "rng": str(t.rng),
         "tools": _ints(list(t.decks.tools)), "phase": t.phase, "start": str(t.start_player),
         "seat": str(t.seat), "rep": _ints(t.reputation), "pipes": _ints(t.bagpipes),
         "chests": _ints(t.chests), "nessie": ids[t.nessie], "seen": str(t.sightings),
         "end": str(int(t.stage)), "left": str(t.turns_left), "chest": str(int(t.chest_used)),
         "step": t.step, "boat": _opt(t.step_boat), "partner": _opt(t.town_partner),
         "fought": str(int(t.fought)), "looked": str(int(t.observed)), "gives": str(t.tools_handed),
         "target": _opt(t.target), "turning": _opt(t.turning_site, ids),
         "armed": str(int(t.attacker_armed)), "settled": str(t.settled), "out": _ints(t.turned_up),
         "boats": "|".join(seats),
         "sites": ",".join(sites), "piles": "|".join("".join(p) for p in t.piles),
         "supply": _ints(t.supply), "stacks": "|".join("".join(s) for s in t.stacks),
         "hands": "|".join("".join(h) for h in t.hands), "board": board}
    return "loch " + " ".join(f"{k}={f[k]}" for k in KEYS)


def _split(text: str, sep: str) -> list[str]:
    return text.split(sep) if text else []


def _space(ids: dict[str, int], text: str) -> int:
    return -1 if text == "-" else ids[text]


def _num(text: str) -> int:
    return -1 if text == "-" else int(text)


def load(text: str) -> Table:
    if not isinstance(text, str) or not text.startswith("loch "):
        raise IllegalAction('A Loch Ness position starts with "loch ".')
    body, eq, board_text = text[len("loch "):].partition(" board=")
    if not eq:
        raise IllegalAction("The Loch Ness position lacks the field {field}.", field="board")
    f: dict[str, str] = {"board": board_text}
    for token in body.split(" "):
        key, eq, value = token.partition("=")
        if not eq or key not in KEYS:
            raise IllegalAction("The Loch Ness position has a field {field} that is not understood.",
                                field=key)
        f[key] = value
    f = {**OPTIONAL, **f}
    missing = [k for k in KEYS if k not in f]
    if missing:
        raise IllegalAction("The Loch Ness position lacks the field {field}.", field=missing[0])
    try:
        board = sample_board() if board_text == "sample" else board_from_text(board_text)
    except BoardError as exc:
        raise IllegalAction("The Loch Ness position's board is not valid: {problem}",
                            problem=exc.text) from None
    try:
        return _build(f, board)
    except (ValueError, KeyError, IndexError):
        raise IllegalAction("The Loch Ness position is malformed.") from None


def _ints_of(text: str) -> list[int]:
    return [int(x) for x in _split(text, ",")]


def _build(f: dict[str, str], board: Board) -> Table:
    n = int(f["n"])
    if not MIN_PLAYERS <= n <= MAX_PLAYERS or f["chance"] not in CHANCE_MODES or f["phase"] not in PHASES \
            or f["step"] not in STEPS:
        raise ValueError
    ids = board.index
    tools = tuple(_ints_of(f["tools"]))
    if len(tools) != len(TOOLS):
        raise ValueError
    t = Table(board=board, players=n, advanced=f["adv"] == "1", chance=f["chance"],
              decks=Decks(tools, board.decks.groups), rng=Rng.parse(f["rng"]),
              reputation=_ints_of(f["rep"]), bagpipes=_ints_of(f["pipes"]), chests=_ints_of(f["chests"]),
              where=[], moored_from=[], tools=[], finds=[], on_side=[], acted=[], looked_in_town=[],
              face_down=[[] for _ in board.ids], laid_by=[[] for _ in board.ids],
              face_up=[[] for _ in board.ids], piles=[list(p) for p in f["piles"].split("|")],
              supply=_ints_of(f["supply"]), stacks=[list(s) for s in _split(f["stacks"], "|")],
              hands=[[h[i:i + 2] for i in range(0, len(h), 2)] for h in f["hands"].split("|")],
              turned_up=_ints_of(f["out"]), nessie=ids[f["nessie"]], phase=f["phase"],
              start_player=int(f["start"]), seat=int(f["seat"]), sightings=int(f["seen"]),
              stage=Stage(int(f["end"])), turns_left=int(f["left"]), chest_used=f["chest"] == "1",
              step=f["step"], step_boat=_num(f["boat"]), town_partner=_num(f["partner"]),
              fought=f["fought"] == "1", observed=f["looked"] == "1", tools_handed=int(f["gives"]),
              target=_num(f["target"]), turning_site=_space(ids, f["turning"]),
              attacker_armed=f["armed"] == "1", settled=int(f["settled"]))
    seats = f["boats"].split("|")
    if any(len(per_seat) != n for per_seat in (seats, t.reputation, t.bagpipes, t.chests, t.hands)):
        raise ValueError
    for seat_boats in seats:
        boats = seat_boats.split(",")
        if len(boats) != BOATS:
            raise ValueError
        for token in boats:
            where, kit, finds, flags = token.split("/")
            place, _, via = where.partition("@")
            t.where.append(RESERVE if place == "-" else OFF if place == "x" else ids[place])
            t.moored_from.append(ids[via] if via else -1)
            if set(finds) - set(FINDS + "V"):
                raise ValueError
            t.tools.append([Tool.of_code(c, t.advanced) for c in kit])
            t.finds.append(list(finds))
            t.on_side.append("s" in flags)
            t.acted.append("a" in flags)
            t.looked_in_town.append("t" in flags)
            t.tools_taken.append(int(flags.split("k")[1][:1]) if "k" in flags else 0)
            t.stack_picked.append(int(flags.split("p")[1][:1]) if "p" in flags else -1)
    for token in _split(f["sites"], ","):
        sid, _, rest = token.partition(":")
        down, placers, up = rest.split("/")
        s = ids[sid]
        if len(placers) != len(down) or not board.site[s]:
            raise ValueError
        t.face_down[s], t.face_up[s] = list(down), list(up)
        t.laid_by[s] = [-1 if p == "-" else int(p) for p in placers]
    if len(t.piles) != 2 or len(t.supply) != len(TOOLS) or len(t.turned_up) != len(FINDS):
        raise ValueError
    return t
