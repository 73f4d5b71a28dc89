"""The working position of Loch Ness: plain lists that one ``_apply`` copies and changes.

A :class:`~engines.loch_ness.state.LochNessState` never changes: each action copies its
:class:`Table` (:meth:`engines.core.Working.copy`), the rule functions of
:mod:`engines.loch_ness.play` and :mod:`engines.loch_ness.town` change the copy, and the copy is
wrapped in a new state.

Boats are numbered ``seat * 3 + k`` (``k`` 0-2, shown as boat 1-3). A boat's ``pos`` is a space
index, :data:`RESERVE` (not on the board yet) or :data:`OFF` (eaten or sunk this turn: it goes
back to the harbour at the end of the turn). A moored boat's ``pos`` is its island and ``via`` the
water space it moored from. Tools are codes (:data:`engines.loch_ness.words.TOOLS`); in the
advanced version a capital letter is a tool that has been shown ("dit gereedschap blijft dicht in de
boot liggen tot je het gebruikt"). Face-down cards lie bottom first (the top is the last), ``?``
for a real card the companion has not seen (physical chance).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from engines.core import DIGITAL, Event, Working
from engines.loch_ness.board import Board
from engines.loch_ness.decks import Decks
from engines.loch_ness.words import FINDS, TOOLS
from engines.rng import Rng

RESERVE = -1
OFF = -2
BOATS = 3
START_REPUTATION = 5
BAGPIPES = 3


@dataclass(slots=True, eq=False)
class Table(Working):
    """Everything about one moment of a game, in plain lists."""

    board: Board
    n: int
    advanced: bool
    chance: str                      # digital | physical
    decks: Decks
    rng: Rng
    rep: list[int]
    pipes: list[int]
    chests: list[int]                # treasure chests brought home, not yet spent
    pos: list[int]
    via: list[int]
    tools: list[list[str]]
    finds: list[list[str]]
    side: list[bool]                 # on its side after a fight
    acted: list[bool]                # has had its action this turn
    town: list[bool]                 # looked around in town this turn (may not sail out again)
    down: list[list[str]]            # per space: face-down cards, bottom first
    placer: list[list[int]]          # per space: who placed each face-down card (advanced), else -1
    up: list[list[str]]              # per space: face-up cards
    piles: list[list[str]]           # the water pile and the land pile, top last
    supply: list[int]                # base: the open tool supply, per TOOLS
    stacks: list[list[str]]          # advanced: the face-down tool stacks, top last
    hands: list[list[str]]           # advanced placement: each player's coloured cards (kind+back)
    shown_out: list[int]             # discovery cards turned face up so far, per FINDS (public)
    nessie: int
    phase: str = "turn"              # place | turn | over
    start: int = 0                   # the start player
    seat: int = 0                    # whose turn (or placement) it is
    seen: int = 0                    # Nessie cards turned
    end: int = 0                     # 0 playing, 1 the end is in sight, 2 the last turns
    left: int = 0                    # last turns still to play
    chest_used: bool = False
    step: str = "act"                # act | moved | explore | card | draw | town | thief | defend
    boat: int = -1                   # the boat of a moved/explore/card/draw/town step
    partner: int = -1                # a second boat looking around in town with it
    fought: bool = False             # this move's boat attacked or stole
    looked: bool = False             # this move's boat observed Nessie
    took: list[int] = field(default_factory=list)     # per boat: tools taken in this town visit
    picked: list[int] = field(default_factory=list)   # per boat: the stack chosen (advanced), -1
    gives: int = 0                   # tools handed between two boats in this town visit
    target: int = -1                 # the robbed or attacked boat while its owner or the thief decides
    armed: bool = False              # the attacker showed a weapon (while the defender decides)
    turning: int = -1                # the site whose card is awaited from the explorer (physical)
    events: list[Event] = field(default_factory=list)
    quiet: bool = False              # True: tell no story (fast simulations)
    per_step: ClassVar[tuple[str, ...]] = ("events",)

    @property
    def players(self) -> int:
        return self.n

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

    def has(self, boat: int, tool: str) -> bool:
        return tool in self.tools[boat] or tool.upper() in self.tools[boat]

    def water_of(self, boat: int) -> int:
        """The water space a boat lies on: its own, or the one it moored from."""
        p = self.pos[boat]
        return self.via[boat] if p >= 0 and self.board.terrain[p] == "island" else p

    def site_of(self, boat: int) -> int:
        """The site the boat is at (its island, or the dive site it floats on), else -1."""
        p = self.pos[boat]
        return p if p >= 0 and self.board.site[p] else -1

    def boats_of(self, seat: int) -> range:
        return range(seat * BOATS, seat * BOATS + BOATS)


def new_table(board: Board, decks: Decks, players: int, advanced: bool, chance: str, rng: Rng) -> Table:
    """The table before any card is laid: one boat per player in the harbour, reputation 5,
    three bagpipe tokens each, Nessie on her picture."""
    boats = players * BOATS
    spaces = len(board.ids)
    pos = [RESERVE] * boats
    for seat in range(players):
        pos[seat * BOATS] = board.harbour
    return Table(board=board, n=players, advanced=advanced, chance=chance, decks=decks, rng=rng,
                 rep=[START_REPUTATION] * players, pipes=[BAGPIPES] * players, chests=[0] * players,
                 pos=pos, via=[-1] * boats, tools=[[] for _ in range(boats)],
                 finds=[[] for _ in range(boats)], side=[False] * boats, acted=[False] * boats,
                 town=[False] * boats, down=[[] for _ in range(spaces)],
                 placer=[[] for _ in range(spaces)], up=[[] for _ in range(spaces)], piles=[[], []],
                 supply=[0] * len(TOOLS), stacks=[], hands=[[] for _ in range(players)],
                 shown_out=[0] * len(FINDS), nessie=board.nessie, took=[0] * boats, picked=[-1] * boats)


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
    for _ in range(t.board.site[site] - len(t.down[site])):
        if not pile:
            missing += 1
            continue
        t.down[site].append(pile.pop())
        t.placer[site].append(-1)
    return missing


__all__ = ["BAGPIPES", "BOATS", "OFF", "RESERVE", "START_REPUTATION", "Table", "deal", "new_table",
           "shuffled"]
