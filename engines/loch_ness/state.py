"""The immutable Loch Ness state: the door, refusals in the rules' words, views, notation."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from engines.core import TABLE, Action, Event, Game, IllegalAction, Outcome, Seat, State, View, outcome
from engines.loch_ness import rules
from engines.loch_ness.play import points_text, score
from engines.loch_ness.table import BOATS, Table
from engines.loch_ness.words import FIND_CODE, TOOL_CODE
from engines.text import Text


@dataclass(frozen=True, eq=False)   # equal when the notations are (engines.core.State)
class LochNessState(State):
    """One moment of a game of Loch Ness. Never changes: :meth:`apply` makes a new one from a copy
    of its working table (the one state pattern, :class:`engines.core.Working`)."""

    _game: Game
    _t: Table

    @property
    def game(self) -> Game:
        return self._game

    @property
    def players(self) -> int:
        return self._t.n

    @property
    def table(self) -> Table:
        """A copy of the working position (for the bot, the bench and tests)."""
        return self._t.copy()

    @property
    def phase(self) -> str:
        return self._t.phase

    @cached_property
    def awaiting(self) -> tuple[Seat, ...]:
        return () if self._t.phase == "over" else (self._t.seat,)

    @property
    def events(self) -> list[Event]:
        return list(self._t.events)

    @cached_property
    def outcome(self) -> Outcome | None:
        t = self._t
        if t.phase != "over":
            return None
        sheets = [score(t, s) for s in range(t.n)]
        best = max(int(str(s["halves"])) for s in sheets)
        winners = [s for s in range(t.n) if sheets[s]["halves"] == best]
        points = points_text(best)
        if len(winners) == 1:
            reason = Text("{seat} has the best reputation: {points}.", {"seat": winners[0], "points": points})
        else:
            reason = Text("A shared win: {count} players have the best reputation, {points}.",
                          {"count": len(winners), "points": points})
        return outcome(winners, reason, {str(s): sheets[s] for s in range(t.n)})

    @cached_property
    def _legal(self) -> tuple[int, list[tuple[Any, ...]], list[Action]]:
        seat = self._t.seat
        acts = rules.legal(self._t, seat)
        return seat, acts, [rules.as_dict(self._t, a) for a in acts]

    def legal_actions(self, seat: Seat) -> list[Action]:
        if seat == TABLE or seat not in self.awaiting:
            return []
        return list(self._legal[2])

    def _apply(self, seat: Seat, action: Action) -> LochNessState:
        _, acts, dicts = self._legal
        index = next((i for i, d in enumerate(dicts) if d is action), None)
        if index is None:
            index = dicts.index(action)
        t = self._t.copy()
        rules.apply(t, seat, acts[index])
        return LochNessState(self._game, t)

    def notation(self) -> str:
        return self._notation

    @cached_property
    def _notation(self) -> str:
        from engines.loch_ness.notation import dump
        return dump(self._t)

    def view(self, seat: Seat | None) -> View:
        from engines.loch_ness.views import view
        return view(self._t, seat)

    def __repr__(self) -> str:
        return f"<LochNessState {self._notation[:120]}...>"

    # -- the door -------------------------------------------------------------

    def normalize(self, seat: Seat, action: Mapping[str, Any]) -> Mapping[str, Any]:
        """Finds and tools by word or code, any case; a boat number as text."""
        given = dict(action)
        for key in ("card", "tool"):
            value = given.get(key)
            if isinstance(value, str):
                word = value.strip().lower().replace(" ", "_")
                if key == "card" and word in FIND_CODE:
                    from engines.loch_ness.words import FIND_WORD
                    given[key] = FIND_WORD[FIND_CODE[word]]
                elif key == "card" and value in FIND_CODE.values():
                    from engines.loch_ness.words import FIND_WORD
                    given[key] = FIND_WORD[value]
                elif key == "tool" and word in TOOL_CODE:
                    given[key] = word
        for key in ("boat", "target_boat", "from", "to", "stack"):
            value = given.get(key)
            if key != "to" and isinstance(value, str) and value.isdigit():
                given[key] = int(value)
        return given

    def explain_illegal(self, seat: Seat, action: Mapping[str, Any]) -> IllegalAction:
        """Why, in the rules' words, from what this seat may know (never another seat's secret)."""
        t = self._t
        kind = action.get("type")
        if t.phase == "place":
            return IllegalAction("Lay one of your own colour's cards face down on a site that still has "
                                 "room.")
        step = t.step
        if step == "card":
            return IllegalAction("First say which card you turned on {site}.", site=t.board.ids[t.turning])
        if step == "draw":
            return IllegalAction("First say which card you drew from the robbed boat.")
        if step == "town" and kind not in ("join", "return", "stack", "tool", "give", "done"):
            return IllegalAction("Your boat is looking around in town: hand tools back, take tools, or say "
                                 "done.")
        if step in ("moved", "explore") and kind not in ("take", "attack", "steal", "observe", "done"):
            return IllegalAction("Finish with this boat first: take finds, fight, observe, or say done.")
        boat = action.get("boat")
        if kind in ("move", "explore", "town") and isinstance(boat, int) and 1 <= boat <= BOATS:
            b = seat * BOATS + boat - 1
            if t.pos[b] < 0:
                return IllegalAction("Boat {boat} is not on the board.", boat=boat)
            if t.side[b]:
                return IllegalAction("Boat {boat} lies on its side and is put upright in your next turn.",
                                     boat=boat)
            if t.acted[b]:
                return IllegalAction("Boat {boat} has had its action this turn.", boat=boat)
            if kind == "move":
                if t.pos[b] == t.board.harbour and t.town[b]:
                    return IllegalAction("A boat that looked around in town may not sail out straight away.")
                if t.pos[b] == t.board.harbour and t.end == 2:
                    return IllegalAction("Nessie is attacking: boats in the harbour may not sail out any "
                                         "more.")
                if action.get("to") == t.board.ids[t.nessie]:
                    return IllegalAction("No boat may sail onto or through Nessie's space.")
                return IllegalAction("Boat {boat} cannot reach that space this turn: three spaces (four with "
                                     "a motor), mooring counts as one, never through Nessie.", boat=boat)
            if kind == "explore":
                site = t.site_of(b)
                if site < 0:
                    return IllegalAction("There is nothing to explore where boat {boat} lies.", boat=boat)
                if t.board.terrain[site] == "water" and not t.has(b, "d"):
                    return IllegalAction("Exploring under water needs a diving suit aboard.")
                return IllegalAction("There is nothing left here that boat {boat} can turn or take.",
                                     boat=boat)
            return IllegalAction("Only a boat in the harbour can look around in town.")
        if kind == "take":
            return IllegalAction("A find goes aboard only with the right tool (a camera for tracks and a "
                                 "young "
                                 "monster, a shovel for a nest, a diving suit under water), and a boat "
                                 "carries "
                                 "at most 3 finds.")
        if kind == "steal":
            return IllegalAction("To rob a boat of another colour here you need a thief aboard and room for "
                                 "a "
                                 "find, and you may not both attack and rob.")
        if kind == "attack":
            return IllegalAction("You can attack a boat of another colour where your boat ended its move, "
                                 "once.")
        if kind == "observe":
            return IllegalAction("Observing Nessie needs binoculars, a space next to hers and room for a "
                                 "find, "
                                 "and not after a fight.")
        if kind == "bagpipe":
            if t.end == 2:
                return IllegalAction("No bagpipes in the last turns.")
            if not t.pipes[seat]:
                return IllegalAction("You have no bagpipe tokens left.")
            return IllegalAction("The bagpipes move Nessie to a lake space next to hers, never in front of "
                                 "the harbour.")
        if kind == "chest":
            return IllegalAction("A treasure chest brought home gives one boat that has acted another "
                                 "action, "
                                 "once a turn.")
        if kind in ("tool", "stack", "return", "give", "join"):
            return IllegalAction("In town a boat takes one or two tools (the second costs 2 reputation), at "
                                 "most 3 aboard, from what is left.")
        return IllegalAction("That is not a legal play right now.")

