"""The actions of Loch Ness as the rules hold them: one small value per kind.

:func:`engines.loch_ness.rules.legal` lists them, :func:`engines.loch_ness.rules.apply` applies
them and :func:`engines.loch_ness.rules.as_dict` writes each as the JSON dict a phone sends (the
fixed contract: ``{"type": "move", "boat": 1, "to": "w5"}``). The fast path
(:mod:`engines.loch_ness.fast`) draws and applies them directly, so they are named tuples: compared
in C, read by attribute. Making one is a Python call, several times a plain tuple's cost, so the
ones listed at nearly every step are made once (``Board.moves``, the tables in ``rules.py``).

Boats, spaces and stacks are indices (a boat ``seat * 3 + k``, a space of
:attr:`engines.loch_ness.board.Board.ids`, a stack from 0, ``-1`` for the base game's open supply);
cards and tools are codes (:mod:`engines.loch_ness.words`). Each value ends with its ``kind``, the
JSON ``type`` it is written as (``end``: ``end_turn``): two kinds with the same fields, such as
:class:`Explore` and :class:`Town`, never compare equal.
"""

from __future__ import annotations

from typing import Literal, NamedTuple, TypeAlias


class Place(NamedTuple):
    """Advanced placement round: a card from the player's hand face down on a site."""

    card: str                       # kind + back, e.g. "Yw"
    site: int
    kind: Literal["place"] = "place"


class Move(NamedTuple):
    """A boat sails to ``dest`` in ``steps`` spaces; ``via`` the water it moors from (an island), else -1."""

    boat: int
    dest: int
    via: int
    steps: int
    kind: Literal["move"] = "move"


class Explore(NamedTuple):
    boat: int
    kind: Literal["explore"] = "explore"


class Town(NamedTuple):
    """A boat in the harbour looks around in town."""

    boat: int
    kind: Literal["town"] = "town"


class Chest(NamedTuple):
    """A treasure chest spent: the boat acts once more."""

    boat: int
    kind: Literal["chest"] = "chest"


class Bagpipe(NamedTuple):
    """A bagpipe token: Nessie to ``space``, and the turn ends."""

    space: int
    kind: Literal["bagpipe"] = "bagpipe"


class EndTurn(NamedTuple):
    kind: Literal["end"] = "end"


class Take(NamedTuple):
    """A face-up find taken aboard the boat of the step."""

    card: str
    kind: Literal["take"] = "take"


class Attack(NamedTuple):
    target: int
    weapon: bool                    # the attacker shows a weapon
    kind: Literal["attack"] = "attack"


class Steal(NamedTuple):
    target: int
    kind: Literal["steal"] = "steal"


class ShowThief(NamedTuple):
    """The robbed player shows a thief aboard (the robbery fails), or not."""

    shown: bool
    kind: Literal["thief"] = "thief"


class ShowWeapon(NamedTuple):
    """The attacked player shows a weapon aboard, or not."""

    shown: bool
    kind: Literal["defend"] = "defend"


class Observe(NamedTuple):
    kind: Literal["observe"] = "observe"


class Done(NamedTuple):
    """The boat of the step is done (after a move, an exploration, a look around town)."""

    kind: Literal["done"] = "done"


class Bottom(NamedTuple):
    """The top card settled, the explorer turns the bottom one."""

    kind: Literal["bottom"] = "bottom"


class Turned(NamedTuple):
    """Physical chance: the card the explorer turned."""

    card: str
    kind: Literal["turned"] = "turned"


class Drawn(NamedTuple):
    """Physical chance: what the thief drew from the robbed boat, a find or ``"tool"``."""

    card: str
    kind: Literal["drawn"] = "drawn"


class Join(NamedTuple):
    """A second boat of the player looks around in town too (the two may swap tools)."""

    boat: int
    kind: Literal["join"] = "join"


class ReturnTool(NamedTuple):
    boat: int
    tool: str
    stack: int
    kind: Literal["return"] = "return"


class PickStack(NamedTuple):
    """Advanced: the stack a boat looks through for its tools."""

    boat: int
    stack: int
    kind: Literal["stack"] = "stack"


class TakeTool(NamedTuple):
    boat: int
    tool: str
    kind: Literal["tool"] = "tool"


class GiveTool(NamedTuple):
    """A tool handed from one boat in town to the other."""

    src: int
    dst: int
    tool: str
    kind: Literal["give"] = "give"


Act: TypeAlias = (Place | Move | Explore | Town | Chest | Bagpipe | EndTurn | Take | Attack | Steal
                  | ShowThief | ShowWeapon | Observe | Done | Bottom | Turned | Drawn | Join | ReturnTool
                  | PickStack | TakeTool | GiveTool)
"""Every action the rules know."""

END, OBSERVE, DONE, BOTTOM = EndTurn(), Observe(), Done(), Bottom()
"""The actions without fields, one value each."""
