"""Core actions (tuples of numbers) as the JSON actions of the contract, and back.

Each JSON action has a ``type``, its fields by name, a one-line ``notation`` and a ``label`` (a
sentence for a big button). The shark's: ``start``, ``move``, ``eat``, ``frenzy``, ``burst``,
``evade``, ``hide``, ``knock``, ``back``, ``end``. The crew's carry their ``role``: ``move``,
``rescue``, ``collect``, ``deliver``, ``give``, ``throw``, ``binoculars``, ``close``, ``finder``,
``climb``, ``end``. A card's choice is ``choose``; the table's turned card is ``card``.

>>> from engines.jaws import GAME
>>> s = GAME.start(players=3, seed=1)
>>> to_json(s.position, ("start", -1, 8, 0))["notation"]
'start N'
>>> from_json(s.position, {"type": "collect", "role": "quint", "from": "dock", "count": 2})
('collect', 2, 1, 2)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import engines.jaws.words as words
from engines.jaws.amity import phrases, shark
from engines.jaws.amity.data import BEACH_ORDER
from engines.jaws.amity.town import SOURCES, Step, Town
from engines.jaws.common import ROLES
from engines.text import N_, Text, plural

# --------------------------------------------------------------------------- steps as JSON actions: tables

Fields = dict[str, Any]
# The shark's fields after ``type``, with its ``notation`` (its ``label`` is shark.describe's).


def _shark_space(p: Town, a: Step) -> Fields:
    kind, x = a[0], a[2]
    return {"to" if kind == "move" else "space": p.name(x), "notation": f"{kind} {p.name(x)}"}


def _shark_eat(p: Town, a: Step) -> Fields:
    return {"swimmer": "michael", "notation": "eat michael"} if a[2] else {"notation": "eat"}


def _shark_burst(p: Town, a: Step) -> Fields:
    path = [p.name(s) for s in a[2]]
    return {"path": path, "notation": "burst " + "-".join(path)}


def _shark_knock(p: Town, a: Step) -> Fields:
    return {"captain": ROLES[a[2]], "notation": f"knock {ROLES[a[2]]}"}


def _shark_plain(p: Town, a: Step) -> Fields:
    return {"notation": a[0]}


SHARK_TO_JSON: dict[str, Callable[[Town, Step], Fields]] = {
    "start": _shark_space, "move": _shark_space, "eat": _shark_eat, "burst": _shark_burst,
    "knock": _shark_knock,
}
"""The shark's steps with fields; any other (``frenzy``, ``evade``, ``hide``, ``back``, ``end``): its name."""

# A crew member's fields after ``type`` and ``role``: (position, the role's word, its name, x, n) -> fields.


def _crew_move(p: Town, role: str, who: Text, x: Any, n: int) -> Fields:
    if x == p.board.shop:
        said = words.label("{role}: go into the Shop", role=who)
    else:
        said = words.label("{role}: move to {space}", role=who, space=phrases.place(p.board, x, p.box))
    return dict(to=p.name(x), notation=f"{role} move {p.name(x)}", label=said)


def _crew_rescue(p: Town, role: str, who: Text, x: Any, n: int) -> Fields:
    if x:
        return dict(swimmer="michael", notation=f"{role} rescue michael",
                    label=words.label("{role}: rescue Michael", role=who))
    return dict(notation=f"{role} rescue", label=words.label("{role}: rescue a swimmer", role=who))


def _crew_collect(p: Town, role: str, who: Text, x: Any, n: int) -> Fields:
    msgid = plural(
        n, "{role}: collect {count} barrel from {source}", "{role}: collect {count} barrels from {source}"
    )
    return {
        "from": SOURCES[x],
        "count": n,
        "notation": f"{role} collect {SOURCES[x]} {n}",
        "label": words.label(msgid, role=who, count=n, source=phrases.source(x)),
    }


def _crew_throw(p: Town, role: str, who: Text, x: Any, n: int) -> Fields:
    said = words.label("{role}: throw a barrel at {space}", role=who, space=phrases.place(p.board, x, p.box))
    return dict(at=p.name(x), notation=f"{role} throw {p.name(x)}", label=said)


def _crew_close(p: Town, role: str, who: Text, x: Any, n: int) -> Fields:
    return dict(beach=BEACH_ORDER[x], notation=f"{role} close {BEACH_ORDER[x]}",
                label=words.label("{role}: close {beach}", role=who, beach=phrases.beach(x, p.box)))


_SAYS = {
    "deliver": N_("{role}: deliver the barrel to this dock"),
    "give": N_("{role}: hand all barrels to Quint"),
    "binoculars": N_("{role}: look through the binoculars"),
    "finder": N_("{role}: use the fish finder"),
    "climb": N_("{role}: climb back aboard (2 actions)"),
    "end": N_("{role}: end the turn"),
}


def _crew_say(kind: str) -> Callable[[Town, str, Text, Any, int], Fields]:
    def fields(p: Town, role: str, who: Text, x: Any, n: int) -> Fields:
        return dict(notation=f"{role} {kind}", label=words.label(_SAYS[kind], role=who))

    return fields


CREW_TO_JSON: dict[str, Callable[[Town, str, Text, Any, int], Fields]] = {
    "move": _crew_move, "rescue": _crew_rescue, "collect": _crew_collect, "throw": _crew_throw,
    "close": _crew_close, **{kind: _crew_say(kind) for kind in _SAYS},
}
"""Every crew action's JSON fields by its kind: a new crew action is one function and one entry here."""


def to_json(p: Town, a: Step) -> dict[str, Any]:
    kind, r, x, n = a
    if kind == "card":
        title = p.box.title(str(x), p.cards[x].title)
        return {"type": "card", "card": x, "notation": f"card {x}",
                "label": words.label("Event card {number}: {title}", number=x, title=title)}
    if kind == "choose":
        return {"type": "choose", "space": p.name(x), "notation": f"choose {p.name(x)}",
                "label": words.label("Choose the Shop") if x == p.board.shop
                else words.label("Choose {space}", space=phrases.place(p.board, x, p.box))}
    if r < 0:  # the shark
        fields = SHARK_TO_JSON.get(kind, _shark_plain)(p, a)
        return {"type": kind, **fields, "label": shark.describe(p, a).to_json()}
    role = ROLES[r]
    return {"type": kind, "role": role, **CREW_TO_JSON[kind](p, role, words.role(r), x, n)}


# --------------------------------------------------------------------------- JSON actions as steps: a table


def _card(p: Town, r: int, d: Mapping[str, Any]) -> Step:
    return ("card", -1, int(d["card"]), 0)


def _choose(p: Town, r: int, d: Mapping[str, Any]) -> Step:
    return ("choose", -1, p.board.index[d["space"]], 0)


def _start(p: Town, r: int, d: Mapping[str, Any]) -> Step:
    return ("start", -1, p.board.index[d["space"]], 0)


def _move(p: Town, r: int, d: Mapping[str, Any]) -> Step:
    return ("move", r, p.board.index[d["to"]], 0)


def _swimmer(p: Town, r: int, d: Mapping[str, Any]) -> Step:  # the shark eats, a crew member rescues
    return (d["type"], r, 1 if d.get("swimmer") == "michael" else 0, 0)


def _burst(p: Town, r: int, d: Mapping[str, Any]) -> Step:
    return ("burst", -1, tuple(p.board.index[s] for s in d["path"]), 0)


def _knock(p: Town, r: int, d: Mapping[str, Any]) -> Step:
    return ("knock", -1, ROLES.index(d["captain"]), 0)


def _collect(p: Town, r: int, d: Mapping[str, Any]) -> Step:
    return ("collect", r, SOURCES.index(d["from"]), int(d["count"]))


def _throw(p: Town, r: int, d: Mapping[str, Any]) -> Step:
    return ("throw", r, p.board.index[d["at"]], 0)


def _close(p: Town, r: int, d: Mapping[str, Any]) -> Step:
    return ("close", r, BEACH_ORDER.index(d["beach"]), 0)


FROM_JSON: dict[str, Callable[[Town, int, Mapping[str, Any]], Step]] = {
    "card": _card, "choose": _choose, "start": _start, "move": _move, "eat": _swimmer, "rescue": _swimmer,
    "burst": _burst, "knock": _knock, "collect": _collect, "throw": _throw, "close": _close,
}
"""Each JSON action with fields, by its type (the shark's and the crew's types differ but for ``move``
and ``end``); any other is its type and role alone."""


def from_json(p: Town, d: Mapping[str, Any]) -> Step:
    """A legal JSON action (already matched at the door) as a core action."""
    kind = d["type"]
    role = d.get("role")
    r = -1 if role is None or kind in ("card", "choose") else ROLES.index(role)
    read = FROM_JSON.get(kind)
    return read(p, r, d) if read is not None else (kind, r, 0, 0)
