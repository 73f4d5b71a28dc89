"""The working position of Loch Ness: plain lists that each action copies and changes.

A :class:`~engines.loch_ness.state.LochNessState` never changes: each action copies its
:class:`Table` (:meth:`engines.core.Working.copy`), the rule functions of
:mod:`engines.loch_ness.play` and :mod:`engines.loch_ness.town` change the copy, and the copy is
wrapped in a new state.

Boats are numbered ``seat * 3 + k`` (``k`` 0-2, shown as boat 1-3). A boat's ``where`` is a space
index, :data:`RESERVE` (not on the board yet) or :data:`OFF` (eaten or sunk this turn: it goes
back to the harbour at the end of the turn). A moored boat's ``where`` is its island and
``moored_from`` the water space it moored from. A boat's tools are :class:`Tool` values; the
supply and the stacks hold tool kinds (codes of :data:`engines.loch_ness.words.TOOLS`). Face-down
cards lie bottom first (the top is the last), ``?`` for a real card the companion has not seen
(physical chance).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum
from typing import ClassVar, NamedTuple

from engines.core import DIGITAL, Event, Working
from engines.loch_ness.board import Board
from engines.loch_ness.decks import Decks
from engines.loch_ness.words import FINDS, TOOLS
from engines.rng import Rng

RESERVE = -1
OFF = -2

# --------------------------------------------------------------------------- the rulebook's numbers
# The one place each is written. Sentences that quote one (explain.py, lessons.py, the events)
# spell it out in words; tests/engines/loch_ness/test_rules.py holds them to these values.

MIN_PLAYERS, MAX_PLAYERS = 3, 4
BOATS = 3
"""Boats per player."""
START_REPUTATION = 5
BAGPIPES = 3
"""Bagpipe tokens per player at the start."""
MOVE = 3
"""Spaces a boat moves at most; mooring at an island counts as one."""
MOTOR_MOVE = 4
"""Spaces a boat with a motor aboard moves at most."""
MAX_FINDS = 3
"""Discovery cards (observations included) a boat carries at most."""
MAX_TOOLS = 3
"""Tools aboard one boat at most."""
TOOLS_PER_VISIT = 2
"""Tools a boat takes at most in one look around town."""
SECOND_TOOL_COST = 2
"""Reputation the second of those costs."""
EATEN_POINTS = 2
"""Reputation for the story of a boat Nessie eats (not in the last turns)."""
ACTIVISTS_COST = 1
"""Reputation the environmental activists cost (never below 0)."""
SIGHTINGS = 3
"""Nessie cards turned before the end is in sight."""
LAST_TURNS_EACH = 2
"""Turns each player has once Nessie attacks the harbour."""
STACKS = {3: 2, 4: 3}
"""Advanced: face-down tool stacks, by the number of players."""


class Stage(IntEnum):
    """How near the end the game is ("Einde van het spel"); the notation writes the number."""

    PLAYING = 0
    IN_SIGHT = 1       # Nessie seen three times, or no card to fill a site: she attacks next round
    LAST_TURNS = 2     # Nessie swims to the harbour; every player has two more turns

    @property
    def word(self) -> str:
        """The stage in the views (``endgame.stage``): ``playing``, ``in_sight``, ``last_turns``."""
        return self.name.lower()


PLAYING, IN_SIGHT, LAST_TURNS = Stage.PLAYING, Stage.IN_SIGHT, Stage.LAST_TURNS
"""The stages by plain names, for the rules' hot paths: in Python 3.11 ``Stage.LAST_TURNS`` is an
enum look-up on every read (about 3 times a module global's cost), and the fast path reads the
stage at every boat action."""


class Tool(NamedTuple):
    """A tool card aboard a boat: its kind (a code of :data:`~engines.loch_ness.words.TOOLS`) and
    whether every player knows it. Base game: always, the tools come from the open supply.
    Advanced: taken face down from a stack, it is shown when used ("dit gereedschap blijft dicht in
    de boot liggen tot je het gebruikt") and stays shown."""

    kind: str
    shown: bool

    def code(self, advanced: bool) -> str:
        """Its letter in the notation: the kind, a capital letter once shown in the advanced version."""
        return self.kind.upper() if self.shown and advanced else self.kind

    @staticmethod
    def of_code(code: str, advanced: bool) -> Tool:
        """The tool a notation letter stands for (:meth:`code` read back)."""
        kind = code.lower()
        if kind not in TOOLS or (code.isupper() and not advanced):   # base: no tool is ever hidden
            raise ValueError(code)
        return _TOOL[kind, code.isupper() or not advanced]


_TOOL = {(kind, shown): Tool(kind, shown) for kind in TOOLS for shown in (False, True)}
"""The fourteen tools (one value each, so a kit's ``in`` finds them by identity first)."""
HIDDEN_AND_SHOWN = {kind: (_TOOL[kind, False], _TOOL[kind, True]) for kind in TOOLS}
"""Each kind's two tools, hidden and shown: :meth:`Table.has` is ``hidden in kit or shown in kit``
(the fast path spells it out where it runs for every boat of every decision)."""


@dataclass(slots=True, eq=False)
class Table(Working):
    """Everything about one moment of a game, in plain lists indexed by seat, boat or space."""

    board: Board
    players: int
    advanced: bool
    chance: str                      # digital | physical
    decks: Decks
    rng: Rng
    reputation: list[int]            # per seat
    bagpipes: list[int]              # per seat: bagpipe tokens left
    chests: list[int]                # per seat: treasure chests brought home, not yet spent
    where: list[int]                 # per boat: its space, RESERVE or OFF
    moored_from: list[int]           # per boat: the water space a moored boat moored from, else -1
    tools: list[list[Tool]]          # per boat
    finds: list[list[str]]           # per boat: discovery cards and observations aboard
    on_side: list[bool]              # per boat: knocked on its side in a fight
    acted: list[bool]                # per boat: has had its action this turn
    looked_in_town: list[bool]       # per boat: looked around in town this turn (may not sail out)
    face_down: list[list[str]]       # per space: face-down cards, bottom first
    laid_by: list[list[int]]         # per space: who laid each face-down card (advanced), else -1
    face_up: list[list[str]]         # per space: face-up cards
    piles: list[list[str]]           # the water pile and the land pile, top last
    supply: list[int]                # base: the open tool supply, per TOOLS
    stacks: list[list[str]]          # advanced: the face-down tool stacks, top last
    hands: list[list[str]]           # advanced placement: each player's coloured cards (kind+back)
    turned_up: list[int]             # discovery cards turned face up so far, per FINDS (public)
    nessie: int                      # her space
    phase: str = "turn"              # place | turn | over
    start_player: int = 0
    seat: int = 0                    # whose turn (or placement) it is
    sightings: int = 0               # Nessie cards turned
    stage: Stage = PLAYING
    turns_left: int = 0              # last turns still to play (Stage.LAST_TURNS)
    chest_used: bool = False         # a treasure chest was spent this turn
    step: str = "act"                # act | moved | explore | card | draw | town | thief | defend
    step_boat: int = -1              # the boat of a moved/explore/card/draw/town step
    town_partner: int = -1           # a second boat looking around in town with it
    fought: bool = False             # this move's boat attacked or stole
    observed: bool = False           # this move's boat observed Nessie
    tools_taken: list[int] = field(default_factory=list)    # per boat: tools taken in this town visit
    stack_picked: list[int] = field(default_factory=list)   # per boat: the stack chosen (advanced), -1
    tools_handed: int = 0            # tools handed between two boats in this town visit
    target: int = -1                 # the robbed or attacked boat while its owner or the thief decides
    attacker_armed: bool = False     # the attacker showed a weapon (while the defender decides)
    turning_site: int = -1           # the site whose card is awaited from the explorer (physical)
    settled: int = 0                 # the explored site's first face-up cards, settled before its
    #                                  bottom card was turned: no longer the explorer's to take
    events: list[Event] = field(default_factory=list)
    quiet: bool = False              # True: tell no story (fast simulations)
    per_step: ClassVar[tuple[str, ...]] = ("events",)

    # -- reading ------------------------------------------------------------------

    @property
    def actor(self) -> int:
        """Who decides now: the robbed or attacked player while they choose whether to show a thief
        or a weapon (steps ``thief``, ``defend``), else the player whose turn it is."""
        return self.target // BOATS if self.step in ("thief", "defend") else self.seat

    def sid(self, space: int) -> str:
        return self.board.ids[space]

    def owner(self, boat: int) -> int:
        return boat // BOATS

    def has(self, boat: int, kind: str) -> bool:
        """Whether the boat carries a tool of this kind, shown or not."""
        hidden, shown = HIDDEN_AND_SHOWN[kind]   # (one look-up, two identity tests)
        kit = self.tools[boat]
        return hidden in kit or shown in kit

    @staticmethod
    def tool(kind: str, shown: bool) -> Tool:
        """The tool of this kind, hidden or shown (one value each)."""
        return _TOOL[kind, shown]

    def new_tool(self, kind: str) -> Tool:
        """A tool taken in town: shown in the base game (the supply is open), hidden in the advanced."""
        return _TOOL[kind, not self.advanced]

    def water_of(self, boat: int) -> int:
        """The water space a boat lies on: its own, or the one it moored from."""
        p = self.where[boat]
        return self.moored_from[boat] if p >= 0 and self.board.terrain[p] == "island" else p

    def site_of(self, boat: int) -> int:
        """The site the boat is at (its island, or the dive site it floats on), else -1."""
        p = self.where[boat]
        return p if p >= 0 and self.board.site[p] else -1

    def boats_of(self, seat: int) -> range:
        return range(seat * BOATS, seat * BOATS + BOATS)


def new_table(board: Board, decks: Decks, players: int, advanced: bool, chance: str, rng: Rng) -> Table:
    """The table before any card is laid: one boat per player in the harbour, reputation 5,
    three bagpipe tokens each, Nessie on her picture."""
    boats = players * BOATS
    spaces = len(board.ids)
    where = [RESERVE] * boats
    for seat in range(players):
        where[seat * BOATS] = board.harbour
    return Table(board=board, players=players, advanced=advanced, chance=chance, decks=decks, rng=rng,
                 reputation=[START_REPUTATION] * players, bagpipes=[BAGPIPES] * players,
                 chests=[0] * players, where=where, moored_from=[-1] * boats,
                 tools=[[] for _ in range(boats)], finds=[[] for _ in range(boats)],
                 on_side=[False] * boats, acted=[False] * boats, looked_in_town=[False] * boats,
                 face_down=[[] for _ in range(spaces)], laid_by=[[] for _ in range(spaces)],
                 face_up=[[] for _ in range(spaces)], piles=[[], []], supply=[0] * len(TOOLS), stacks=[],
                 hands=[[] for _ in range(players)], turned_up=[0] * len(FINDS), nessie=board.nessie,
                 tools_taken=[0] * boats, stack_picked=[-1] * boats)


def shuffled(t: Table, items: list[str]) -> list[str]:
    """The companion shuffles (digital); real cards stay unseen (``?``) in physical mode."""
    if t.chance != DIGITAL:
        return ["?"] * len(items)
    out, t.rng = t.rng.shuffled(sorted(items))
    return out


def deal(t: Table, site: int) -> int:
    """Fill an empty site from the pile of its back; how many cards were missing."""
    pile = t.piles[0 if t.board.back[site] == "water" else 1]
    missing = 0
    for _ in range(t.board.site[site] - len(t.face_down[site])):
        if not pile:
            missing += 1
            continue
        t.face_down[site].append(pile.pop())
        t.laid_by[site].append(-1)
    return missing


__all__ = [
    "ACTIVISTS_COST",
    "BAGPIPES",
    "BOATS",
    "EATEN_POINTS",
    "IN_SIGHT",
    "LAST_TURNS",
    "LAST_TURNS_EACH",
    "MAX_FINDS",
    "MAX_PLAYERS",
    "MAX_TOOLS",
    "MIN_PLAYERS",
    "MOTOR_MOVE",
    "MOVE",
    "OFF",
    "PLAYING",
    "RESERVE",
    "SECOND_TOOL_COST",
    "SIGHTINGS",
    "STACKS",
    "START_REPUTATION",
    "TOOLS_PER_VISIT",
    "Stage",
    "Table",
    "Tool",
    "deal",
    "new_table",
    "shuffled",
]
