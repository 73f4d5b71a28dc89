"""The immutable Loch Ness state: the door, refusals in the rules' words, views, notation.

The top of the rules: it reads the table, the rules, the notation, the views and the refusals
(:mod:`engines.loch_ness.explain`) below it; only the bot and the game (the package) sit above.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from engines.core import TABLE, Action, Game, IllegalAction, Outcome, Seat, View, WorkingState, outcome
from engines.loch_ness import rules
from engines.loch_ness.actions import Act
from engines.loch_ness.explain import explain
from engines.loch_ness.notation import dump
from engines.loch_ness.play import points_text, score
from engines.loch_ness.table import Table
from engines.loch_ness.views import view
from engines.loch_ness.words import FIND_CODE, FIND_WORD, TOOL_CODE
from engines.text import Text


@dataclass(frozen=True, eq=False)   # equal when the notations are (engines.core.State)
class LochNessState(WorkingState[Table]):
    """One moment of a game of Loch Ness. Never changes: :meth:`apply` makes a new one from a copy
    of its working table (the one state pattern, :class:`engines.core.WorkingState`)."""

    _game: Game
    _w: Table

    @property
    def table(self) -> Table:
        """A copy of the working position (for the bot, the bench and tests)."""
        return self._w.copy()

    @cached_property
    def awaiting(self) -> tuple[Seat, ...]:
        return () if self._w.phase == "over" else (self._w.actor,)

    def _final(self) -> Outcome:
        t = self._w
        sheets = [score(t, s) for s in range(t.players)]
        best = max(int(str(s["halves"])) for s in sheets)
        winners = [s for s in range(t.players) if sheets[s]["halves"] == best]
        points = points_text(best)
        if len(winners) == 1:
            reason = Text("{seat} has the best reputation: {points}.", {"seat": winners[0], "points": points})
        else:
            reason = Text("A shared win: {count} players have the best reputation, {points}.",
                          {"count": len(winners), "points": points})
        return outcome(winners, reason, {str(s): sheets[s] for s in range(t.players)})

    @cached_property
    def _legal(self) -> tuple[int, list[Act], list[Action]]:
        seat = self._w.actor
        acts = rules.legal(self._w, seat)
        return seat, acts, [rules.as_dict(self._w, a) for a in acts]

    def legal_actions(self, seat: Seat) -> list[Action]:
        if seat == TABLE or seat not in self.awaiting:
            return []
        return list(self._legal[2])

    def _step(self, w: Table, seat: Seat, action: Action) -> None:
        _, acts, dicts = self._legal
        index = next((i for i, d in enumerate(dicts) if d is action), None)
        if index is None:
            index = dicts.index(action)
        rules.apply(w, seat, acts[index])

    def _dump(self) -> str:
        return dump(self._w)

    def view(self, seat: Seat | None) -> View:
        return view(self._w, seat)

    # -- the door -------------------------------------------------------------

    def normalize(self, seat: Seat, action: Mapping[str, Any]) -> Mapping[str, Any]:
        """Finds and tools by word or code, any case; a boat number as text."""
        given = dict(action)
        for key in ("card", "tool"):
            value = given.get(key)
            if isinstance(value, str):
                word = value.strip().lower().replace(" ", "_")
                if key == "card" and word in FIND_CODE:
                    given[key] = FIND_WORD[FIND_CODE[word]]
                elif key == "card" and value in FIND_CODE.values():
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
        return explain(self._w, seat, action)
