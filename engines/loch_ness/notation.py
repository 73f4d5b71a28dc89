"""The Loch Ness position notation: one line of ``key=value`` words that round-trips.

    loch n=4 adv=0 chance=digital rng=... tools=7,6,7,6,7,6,6 phase=turn start=0 seat=0
      rep=5,5,5,5 pipes=3,3,3,3 chests=0,0,0,0 nessie=w4 seen=0 end=0 left=0 chest=0
      step=act boat=- partner=- fought=0 looked=0 gives=0 target=- turning=- armed=0 out=0,0,0,0,0,0,0,0
      boats=H//,-//,-//|... sites=w1:Y/-/,I2:TN/--/ piles=YOC|TNE supply=7,6,7,6,7,6,6
      stacks= hands=| board=sample

(on one line; ``board`` comes last, it may hold spaces).

- ``boats``: per seat (``|``) three boats (``,``), each ``where/tools/finds/flags``: ``where`` is a
  space id, ``I2@w5`` (moored at I2 from w5), ``-`` (not on the board yet) or ``x`` (taken off
  this turn, ``x@w5`` if it was moored); tools are codes (``mscbdtw``, a capital letter has been
  shown), finds are codes (``TNEYCV``); flags: ``s`` on its side, ``a`` acted this turn, ``t``
  looked around in town this turn, ``k1`` tools taken in this visit, ``p2`` the stack looked at.
- ``sites``: each site with cards, ``id:down/placers/up`` (face-down bottom first, ``?`` unseen;
  who laid each face-down card, ``-`` = the pile; face-up cards).
- ``piles``: the water pile and the land pile, top last; ``stacks``: the advanced tool stacks;
  ``hands``: the advanced placement hands (kind+back pairs, ``Yw``); ``out``: cards turned so far
  per kind (``TNEYCAOX``).
- ``board``: ``sample`` or the board's JSON (engines/loch_ness/board.py).

**The notation holds every secret** (face-down cards, hidden tools): for logs, tests and bug
reports, never for a phone.
"""

from __future__ import annotations

from engines.core import CHANCE_MODES, IllegalAction
from engines.loch_ness.board import Board, BoardError, board_from_text, sample_board
from engines.loch_ness.decks import Decks
from engines.loch_ness.table import BOATS, OFF, RESERVE, Table
from engines.loch_ness.words import FINDS, TOOLS
from engines.rng import Rng

KEYS = ("n", "adv", "chance", "rng", "tools", "phase", "start", "seat", "rep", "pipes", "chests", "nessie",
        "seen", "end", "left", "chest", "step", "boat", "partner", "fought", "looked", "gives", "target",
        "turning", "armed", "out", "boats", "sites", "piles", "supply", "stacks", "hands", "board")
PHASES = ("place", "turn", "over")
STEPS = ("act", "moved", "explore", "card", "draw", "town", "thief", "defend")
OPTIONAL = {"armed": "0"}   # positions written before the field was added


def _ints(values: list[int]) -> str:
    return ",".join(map(str, values))


def _opt(value: int, ids: tuple[str, ...] | None = None) -> str:
    if value < 0:
        return "-"
    return ids[value] if ids is not None else str(value)


def _boat(t: Table, b: int) -> str:
    ids = t.board.ids
    p = t.pos[b]
    where = "-" if p == RESERVE else "x" if p == OFF else ids[p]
    if t.via[b] >= 0:
        where += "@" + ids[t.via[b]]
    flags = ("s" if t.side[b] else "") + ("a" if t.acted[b] else "") + ("t" if t.town[b] else "")
    if t.took[b]:
        flags += f"k{t.took[b]}"
    if t.picked[b] >= 0:
        flags += f"p{t.picked[b]}"
    return f"{where}/{''.join(t.tools[b])}/{''.join(t.finds[b])}/{flags}"


def dump(t: Table) -> str:
    ids = t.board.ids
    seats = [",".join(_boat(t, b) for b in t.boats_of(s)) for s in range(t.n)]
    sites = [f"{ids[s]}:{''.join(t.down[s])}/{''.join('-' if p < 0 else str(p) for p in t.placer[s])}/"
             f"{''.join(t.up[s])}" for s in t.board.sites if t.down[s] or t.up[s]]
    board = "sample" if t.board is sample_board() else t.board.text
    f = {"n": str(t.n), "adv": str(int(t.advanced)), "chance": t.chance, "rng": str(t.rng),
         "tools": _ints(list(t.decks.tools)), "phase": t.phase, "start": str(t.start), "seat": str(t.seat),
         "rep": _ints(t.rep), "pipes": _ints(t.pipes), "chests": _ints(t.chests), "nessie": ids[t.nessie],
         "seen": str(t.seen), "end": str(t.end), "left": str(t.left), "chest": str(int(t.chest_used)),
         "step": t.step, "boat": _opt(t.boat), "partner": _opt(t.partner), "fought": str(int(t.fought)),
         "looked": str(int(t.looked)), "gives": str(t.gives), "target": _opt(t.target),
         "turning": _opt(t.turning, ids), "armed": str(int(t.armed)), "out": _ints(t.shown_out),
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


def _build(f: dict[str, str], board: Board) -> Table:
    n = int(f["n"])
    if n not in (3,
                 4) or f["chance"] not in CHANCE_MODES or f["phase"] not in PHASES or f["step"] not in STEPS:
        raise ValueError
    ids = board.index
    tools = tuple(int(x) for x in _split(f["tools"], ","))
    if len(tools) != len(TOOLS):
        raise ValueError
    t = Table(board=board, n=n, advanced=f["adv"] == "1", chance=f["chance"], decks=Decks(tools,
                                                                                          board.decks.groups),
              rng=Rng.parse(f["rng"]), rep=[int(x) for x in _split(f["rep"], ",")],
              pipes=[int(x) for x in _split(f["pipes"], ",")], chests=[int(x) for x in _split(f["chests"],
                                                                                              ",")],
              pos=[], via=[], tools=[], finds=[], side=[], acted=[], town=[],
              down=[[] for _ in board.ids], placer=[[] for _ in board.ids], up=[[] for _ in board.ids],
              piles=[list(p) for p in f["piles"].split("|")], supply=[int(x) for x in _split(f["supply"],
                                                                                             ",")],
              stacks=[list(s) for s in _split(f["stacks"], "|")],
              hands=[[h[i:i + 2] for i in range(0, len(h), 2)] for h in f["hands"].split("|")],
              shown_out=[int(x) for x in _split(f["out"], ",")], nessie=ids[f["nessie"]], phase=f["phase"],
              start=int(f["start"]), seat=int(f["seat"]), seen=int(f["seen"]), end=int(f["end"]),
              left=int(f["left"]), chest_used=f["chest"] == "1", step=f["step"], boat=_num(f["boat"]),
              partner=_num(f["partner"]), fought=f["fought"] == "1", looked=f["looked"] == "1",
              gives=int(f["gives"]), target=_num(f["target"]), turning=_space(ids, f["turning"]),
              armed=f["armed"] == "1")
    seats = f["boats"].split("|")
    if len(seats) != n or len(t.rep) != n or len(t.pipes) != n or len(t.chests) != n or len(t.hands) != n:
        raise ValueError
    for seat_boats in seats:
        boats = seat_boats.split(",")
        if len(boats) != BOATS:
            raise ValueError
        for token in boats:
            where, kit, finds, flags = token.split("/")
            place, _, via = where.partition("@")
            t.pos.append(RESERVE if place == "-" else OFF if place == "x" else ids[place])
            t.via.append(ids[via] if via else -1)
            if set(kit) - set(TOOLS + TOOLS.upper()) or set(finds) - set(FINDS + "V"):
                raise ValueError
            t.tools.append(list(kit))
            t.finds.append(list(finds))
            t.side.append("s" in flags)
            t.acted.append("a" in flags)
            t.town.append("t" in flags)
            t.took.append(int(flags.split("k")[1][:1]) if "k" in flags else 0)
            t.picked.append(int(flags.split("p")[1][:1]) if "p" in flags else -1)
    for token in _split(f["sites"], ","):
        sid, _, rest = token.partition(":")
        down, placers, up = rest.split("/")
        s = ids[sid]
        if len(placers) != len(down) or not board.site[s]:
            raise ValueError
        t.down[s], t.up[s] = list(down), list(up)
        t.placer[s] = [-1 if p == "-" else int(p) for p in placers]
    if len(t.piles) != 2 or len(t.supply) != len(TOOLS) or len(t.shown_out) != len(FINDS):
        raise ValueError
    return t
