"""The Fzzzt! position notation: one line of ``key=value`` fields that round-trips.

Cards are ids (see cards.json), joined by ``,``; per-seat fields join seats by
``|``; ``-`` is "no bid yet". For example, the start of a 2-player game::

    fzzzt n=2 chance=digital bidding=in_turn rng=... round=1 phase=bid chief=1 mech=2,1
      hands=M2,R1BO,R2Na,R3Ca|M1,R1BC,R2Oa,R3Na piles=| bids=-|- units=| pins=|
      deck=... down=7 open=R5N turn=0 done= last= fix=

(on one line). ``pins`` lists ``unit:robot:round``; ``last`` is the last auction,
``card;winner;chief before;bids``; ``fix`` is the table's card corrections (JSON).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar, get_args

from engines.core import CHANCE_MODES, IllegalAction
from engines.fzzzt.cards import card_table
from engines.fzzzt.table import Bid, FzzztTable, Last, Phase, Pin
from engines.rng import Rng

PHASES: tuple[Phase, ...] = get_args(Phase)
S = TypeVar("S", bound=FzzztTable)
KEYS = ("n", "chance", "bidding", "rng", "round", "phase", "chief", "mech", "hands", "piles", "bids", "units",
        "pins", "deck", "down", "open", "turn", "done", "last", "fix")


def _ids(items: tuple[str, ...] | list[str]) -> str:
    return ",".join(items)


def _bid(b: Bid) -> str:
    return "-" if b is None else _ids(b)


def dump(s: FzzztTable) -> str:
    last = ""
    if s.last is not None:
        card, winner, chief, bids = s.last
        last = f"{card};{winner};{chief};" + "|".join(_bid(b) for b in bids)
    fields = {
        "n": str(s.n), "chance": s.chance, "bidding": s.bidding, "rng": str(s.rng), "round": str(s.round),
        "phase": s.phase,
        "chief": str(s.chief), "mech": _ids([str(m) for m in s.mechanics]),
        "hands": "|".join(_ids(h) for h in s.hands), "piles": "|".join(_ids(p) for p in s.piles),
        "bids": "|".join(_bid(b) for b in s.bids), "units": "|".join(_ids(u) for u in s.units),
        "pins": "|".join(_ids([f"{u}:{c}:{r}" for u, c, r in p]) for p in s.pins),
        "deck": _ids(s.deck), "down": str(s.face_down), "open": _ids(s.open), "turn": str(s.to_turn),
        "done": _ids([str(x) for x in s.done]), "last": last, "fix": s.overrides,
    }
    return "fzzzt " + " ".join(f"{k}={fields[k]}" for k in KEYS)


def _split(text: str) -> list[str]:
    return [x for x in text.split(",") if x]


def _seats(text: str, n: int) -> list[str]:
    parts = text.split("|")
    if len(parts) != n:
        raise IllegalAction("A Fzzzt! position needs one entry per player in each seat field.")
    return parts


def _parse_bid(text: str) -> Bid:
    return None if text == "-" else tuple(_split(text))


def load(text: str, kind: Callable[..., S]) -> S:
    """The position ``text`` names, made by ``kind`` from its fields (the table, or the state made
    of it)."""
    if not isinstance(text, str) or not text.startswith("fzzzt "):
        raise IllegalAction('A Fzzzt! position starts with "fzzzt ".')
    body, _, fix = text[len("fzzzt "):].partition(" fix=")
    f: dict[str, str] = {"fix": fix}
    for token in body.split(" "):
        key, eq, value = token.partition("=")
        if not eq or key not in KEYS:
            raise IllegalAction("The Fzzzt! position has a field {field} that is not understood.", field=key)
        f[key] = value
    missing = [k for k in KEYS if k not in f]
    if missing:
        raise IllegalAction("The Fzzzt! position lacks the field {field}.", field=missing[0])
    try:
        n = int(f["n"])
        if (not 2 <= n <= 4 or f["chance"] not in CHANCE_MODES or f["phase"] not in PHASES
                or f["bidding"] not in ("in_turn", "simultaneous")):
            raise ValueError
        cards = card_table(f["fix"])
        pins: list[list[Pin]] = []
        for part in _seats(f["pins"], n):
            seat_pins = []
            for item in _split(part):
                u, c, r = item.split(":")
                seat_pins.append((u, c, int(r)))
            pins.append(seat_pins)
        last: Last | None = None
        if f["last"]:
            card, winner, chief, bids = f["last"].split(";")
            last = (card, int(winner), int(chief), tuple(_parse_bid(b) for b in _seats(bids, n)))
        state = kind(
            n=n, chance=f["chance"], overrides=f["fix"], rng=Rng.parse(f["rng"]), round=int(f["round"]),
            phase=f["phase"], chief=int(f["chief"]), mechanics=[int(m) for m in _split(f["mech"])],
            hands=[_split(h) for h in _seats(f["hands"], n)],
            piles=[_split(p) for p in _seats(f["piles"], n)],
            bids=[_parse_bid(b) for b in _seats(f["bids"], n)],
            units=[_split(u) for u in _seats(f["units"], n)], pins=pins,
            deck=_split(f["deck"]), face_down=int(f["down"]), open=_split(f["open"]), to_turn=int(f["turn"]),
            done=[int(x) for x in _split(f["done"])], last=last, bidding=f["bidding"])
    except IllegalAction:
        raise
    except ValueError:
        raise IllegalAction("The Fzzzt! position is malformed.") from None
    every = [*state.deck, *state.open, *(c for z in (*state.hands, *state.piles, *state.units) for c in z),
             *(c for b in state.bids if b for c in b), *(c for p in state.pins for _, c, _ in p)]
    if any(c not in cards for c in every) or len(every) != len(set(every)):
        raise IllegalAction("The Fzzzt! position names a card that does not exist, or one card twice.")
    if len(state.mechanics) != n or not 0 <= state.chief < n:
        raise IllegalAction("The Fzzzt! position is malformed.")
    if state.phase != "over" and not state.awaiting:
        # the game would wait for nobody and never end: say which wait is impossible
        if state.phase == "cleanup":
            raise IllegalAction("In this clean-up position nobody can put a card on a production unit, "
                                "so nobody would be asked to act: the clean-up is already over.")
        raise IllegalAction("In this Fzzzt! position nobody is asked to act, yet the game is not over.")
    return state
