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

from collections.abc import Mapping
from typing import Any

import engines.jaws.words as words
from engines.jaws.amity import shark
from engines.jaws.amity.data import BEACH_ORDER
from engines.jaws.common import ROLES
from engines.jaws.position import SOURCES, Position, Step
from engines.text import N_, Text, plural


def to_json(p: Position, a: Step) -> dict[str, Any]:
    kind, r, x, n = a
    name = p.name
    if kind == "card":
        card = p.cards[x]
        return {
            "type": "card",
            "card": x,
            "notation": f"card {x}",
            "label": words.label("Event card {number}: {title}", number=x, title=Text(card.title)),
        }
    if kind == "choose":
        return {
            "type": "choose",
            "space": name(x),
            "notation": f"choose {name(x)}",
            "label": words.label("Choose {space}", space=words.place(p.board, x)),
        }
    if r < 0:  # the shark
        out: dict[str, Any] = {"type": kind}
        if kind in ("start", "move"):
            out["to" if kind == "move" else "space"] = name(x)
            text = f"{kind} {name(x)}"
        elif kind == "eat":
            if x:
                out["swimmer"] = "michael"
            text = "eat michael" if x else "eat"
        elif kind == "burst":
            out["path"] = [name(s) for s in x]
            text = "burst " + "-".join(out["path"])
        elif kind == "knock":
            out["captain"] = ROLES[x]
            text = f"knock {ROLES[x]}"
        else:
            text = kind
        out["notation"] = text
        out["label"] = shark.describe(p, a).to_json()
        return out
    role = ROLES[r]
    out = {"type": kind, "role": role}
    who = words.role(r)
    if kind == "move":
        out["to"] = name(x)
        text, label = (
            f"{role} move {name(x)}",
            words.label("{role}: move to {space}", role=who, space=words.place(p.board, x)),
        )
    elif kind == "rescue":
        if x:
            out["swimmer"] = "michael"
        text = f"{role} rescue michael" if x else f"{role} rescue"
        label = (
            words.label("{role}: rescue Michael", role=who)
            if x
            else words.label("{role}: rescue a swimmer", role=who)
        )
    elif kind == "collect":
        out["from"], out["count"] = SOURCES[x], n
        text = f"{role} collect {SOURCES[x]} {n}"
        label = words.label(
            plural(
                n,
                "{role}: collect {count} barrel from {source}",
                "{role}: collect {count} barrels from {source}",
            ),
            role=who,
            count=n,
            source=words.source(x),
        )
    elif kind == "throw":
        out["at"] = name(x)
        text, label = (
            f"{role} throw {name(x)}",
            words.label("{role}: throw a barrel at {space}", role=who, space=name(x)),
        )
    elif kind == "close":
        out["beach"] = BEACH_ORDER[x]
        text, label = (
            f"{role} close {BEACH_ORDER[x]}",
            words.label("{role}: close {beach}", role=who, beach=words.beach(x)),
        )
    else:
        text = f"{role} {kind}"
        label = words.label(
            {
                "deliver": N_("{role}: deliver the barrel to this dock"),
                "give": N_("{role}: hand all barrels to Quint"),
                "binoculars": N_("{role}: look through the binoculars"),
                "finder": N_("{role}: use the fish finder"),
                "climb": N_("{role}: climb back aboard (2 actions)"),
                "end": N_("{role}: end the turn"),
            }[kind],
            role=who,
        )
    out["notation"], out["label"] = text, label
    return out


def from_json(p: Position, d: Mapping[str, Any]) -> Step:
    """A legal JSON action (already matched at the door) as a core action."""
    kind = d["type"]
    idx = p.board.index
    if kind == "card":
        return ("card", -1, int(d["card"]), 0)
    if kind == "choose":
        return ("choose", -1, idx[d["space"]], 0)
    role = d.get("role")
    if role is None:
        if kind == "start":
            return ("start", -1, idx[d["space"]], 0)
        if kind == "move":
            return ("move", -1, idx[d["to"]], 0)
        if kind == "eat":
            return ("eat", -1, 1 if d.get("swimmer") == "michael" else 0, 0)
        if kind == "burst":
            return ("burst", -1, tuple(idx[s] for s in d["path"]), 0)
        if kind == "knock":
            return ("knock", -1, ROLES.index(d["captain"]), 0)
        return (kind, -1, 0, 0)
    r = ROLES.index(role)
    if kind == "move":
        return ("move", r, idx[d["to"]], 0)
    if kind == "rescue":
        return ("rescue", r, 1 if d.get("swimmer") == "michael" else 0, 0)
    if kind == "collect":
        return ("collect", r, SOURCES.index(d["from"]), int(d["count"]))
    if kind == "throw":
        return ("throw", r, idx[d["at"]], 0)
    if kind == "close":
        return ("close", r, BEACH_ORDER.index(d["beach"]), 0)
    return (kind, r, 0, 0)
