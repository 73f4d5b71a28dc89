"""The immutable game state: the door, the views, the notation."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from engines.core import TABLE, Action, Game, IllegalAction, Outcome, Seat, View, WorkingState, outcome
from engines.sharks_with_lasers import preround, rounds
from engines.sharks_with_lasers.board import DIRS, SHARKS
from engines.sharks_with_lasers.cards import CARDS, special_deck
from engines.sharks_with_lasers.table import Table
from engines.sharks_with_lasers.words import as_protection, card_name, on_shark
from engines.text import N_, Text


@dataclass(frozen=True, eq=False)   # equal when the notations are (engines.core.State)
class SharksState(WorkingState[Table]):
    """One moment of a game of Sharks with Lasers. Never changes; :meth:`apply` makes a new one
    from a copy of its working position (the one state pattern, :class:`engines.core.WorkingState`)."""

    _game: Game
    _w: Table

    # -- the contract ----------------------------------------------------------

    @property
    def table(self) -> Table:
        """A copy of the working position (for the bot and tests)."""
        return self._w.copy()

    @cached_property
    def awaiting(self) -> tuple[Seat, ...]:
        return rounds.awaiting(self._w)

    def _final(self) -> Outcome:
        t = self._w
        seat, reason = t.winner
        scores = {"deaths": list(t.deaths),
                  "rows": [None if a is None else a // t.layout.width + 1 for a in t.agents]}
        if reason == "beach":
            text = Text("{seat}'s agent reached the beach alive and passes the field test.", {"seat": seat})
        else:
            text = Text("Every other player lost three agents: {seat} passes the field test.", {"seat": seat})
        return outcome([seat], text, scores)

    def legal_actions(self, seat: Seat) -> list[Action]:
        if seat == TABLE:
            return []
        return rounds.legal(self._w, seat)

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        found = rounds.chance(self._w)
        if not found:
            raise IllegalAction("Nothing is left to chance at the moment.")
        return found

    def _step(self, w: Table, seat: Seat, action: Action) -> None:
        rounds.apply(w, seat, action)

    def _dump(self) -> str:
        return self._w.notation()

    # -- the door -------------------------------------------------------------

    def normalize(self, seat: Seat, action: Mapping[str, Any]) -> Mapping[str, Any]:
        """The two specials a seat enters, taken in any order."""
        cards = action.get("cards")
        if (action.get("type") == "specials" and isinstance(cards, list)
                and all(isinstance(c, str) for c in cards)):
            return {**action, "cards": sorted(cards)}
        return action

    # -- refusals in the rules' words ----------------------------------------

    def explain_illegal(self, seat: Seat, action: Mapping[str, Any]) -> IllegalAction:
        t = self._w
        kind = action.get("type")
        if t.phase == "deal":   # depends on the action alone, never on what another seat entered
            return IllegalAction("Choose the two special cards you drew, by name, from the deck's cards.")
        phase_says = {"setup": N_("Now you place your agent."), "place": N_("Now you place your agent."),
                      "pre": N_("Now you play a card before the round or say done."),
                      "play": N_("Now you play a card or pass."),
                      "choice": N_("Now you make the choice the card gives you.")}
        if t.phase == "play" and kind in ("agent", "shark", "spy"):
            code = action.get("card")
            if not isinstance(code, str) or code not in CARDS:
                return IllegalAction("There is no such card.")
            card = CARDS[code]
            if code not in t.hands[seat]:
                return IllegalAction("You do not hold {name}.", name=card_name(code))
            if kind == "agent":
                if len(t.on_agent[seat]) >= 2:
                    return IllegalAction("You cannot play more than two cards on your agent in a round.")
                if not card.on_agent():
                    return IllegalAction("{name} is not played on an agent.", name=card_name(code))
            if kind in ("shark", "spy") and action.get("shark") not in SHARKS:
                return IllegalAction("Choose the white, grey or black shark.")
            if kind == "shark" and not card.on_shark():
                return IllegalAction("{name} is not played on a shark.", name=card_name(code))
            if kind == "spy" and card.when != "face_up":
                return IllegalAction("Only Shark Spy lets you look at a stack.")
        if t.phase == "play" and seat == t.passed:
            return IllegalAction("You passed: you take no more actions this round.")
        if kind == "place" and t.phase in ("setup", "place"):
            return IllegalAction("An agent is placed on a free square of the start zone.")
        if t.phase == "pre" and kind in preround.CODES:
            return preround.explain(t, seat, action)
        if t.phase in phase_says:
            return IllegalAction(phase_says[t.phase])
        return IllegalAction("That is not a legal play right now.")

    # -- views -----------------------------------------------------------------

    def view(self, seat: Seat | None) -> View:
        t = self._w
        resolving = t.phase in ("resolve", "choice")
        shown_stack = _shown_stack_cards(t, seat)
        out: View = {
            "game": "sharks-with-lasers",
            "phase": t.phase,
            "to_act": list(self.awaiting),
            "round": t.round,
            "start_seat": t.start,
            "passed": t.passed if t.passed >= 0 else None,
            "board": t.layout.to_json(),
            "agents": [{"seat": s, "square": _square(t, t.agents[s]), "facing": "N", "deaths": t.deaths[s],
                        "hand_count": len(t.hands[s]), "cards_on_agent": len(t.on_agent[s]),
                        "agent_cards": (list(t.on_agent[s]) if s == seat else
                                        _shown_agent_cards(t, s) if resolving else None),
                        "protection": _protection(t, s),
                        "passed": t.phase == "play" and t.passed == s,
                        "last_action_due": s in t.queue and t.phase == "play" and t.passed >= 0}
                       for s in range(t.players)],
            "sharks": [{"shark": SHARKS[i], "square": _square(t, p), "facing": DIRS[f]}
                       for i, (p, f) in enumerate(t.sharks)],
            "stacks": [{"shark": SHARKS[i], "count": len(stack),
                        "cards": [{"seat": s, "card": c if (i, j) in shown_stack else None,
                                   "label": on_shark(c).to_json() if (i, j) in shown_stack else None}
                                  for j, (s, c) in enumerate(stack)]}
                       for i, stack in enumerate(t.stacks)],
            "discard": list(t.discard),
            "pending": _pending(t),
            "outcome": self.outcome,
        }
        if t.phase == "deal":   # public: the deck's composition, for the seats entering what they drew
            out["deck_faces"] = [CARDS[c].to_json() for c in sorted(set(special_deck()))]
        if seat is not None and 0 <= seat < t.players:
            out["seat"] = seat
            out["hand"] = [CARDS[c].to_json() for c in t.hands[seat]]
            out["my_agent_cards"] = list(t.on_agent[seat])
            out["my_agent_card_faces"] = [CARDS[c].to_json() for c in t.on_agent[seat]]  # for the phone
        return out


# the protections that can be used up: a shield turned a quarter, a deflector after its two
# deflections (the Ultra-Power Shield still stops every normal laser after it stopped an Ultra-Power
# Laserbeam, and a Shark Cage holds all round: neither is called spent)
_USED_UP = frozenset({"S", "d"})


def _protection(t: Table, seat: int) -> dict[str, Any] | None:
    """A seat's first-action protection: its card (code and name), what is left of it, and whether
    it is spent, so a screen says it in words."""
    code = t.gear[seat]
    if not code:
        return None
    return {"card": code, "uses_left": t.uses[seat], "label": as_protection(code).to_json(),
            "spent": code in _USED_UP and t.uses[seat] == 0}


def _shown_agent_cards(t: Table, seat: int) -> list[str | None]:
    """A seat's agent cards as the table sees them in phase III: the pile is turned over at the
    start, which shows the first card; the second lies under it until its own step (``None``)."""
    cards = t.on_agent[seat]
    second_done = ("agent", seat, 1) in rounds.steps(t)[:t.pc]
    return [c if j == 0 or second_done else None for j, c in enumerate(cards)]


def _shown_stack_cards(t: Table, seat: Seat | None) -> set[tuple[int, int]]:
    """Which stack cards ``seat`` may see: its own, those a Shark Spy showed it, those resolved."""
    shown: set[tuple[int, int]] = set()
    if t.phase in ("resolve", "choice"):
        for kind, who, slot in rounds.steps(t)[:t.pc]:
            if kind == "shark":
                shown.add((who, slot))
    for i, stack in enumerate(t.stacks):
        for j, (s, _) in enumerate(stack):
            if s == seat:
                shown.add((i, j))
    for spy, i, count in t.spies:
        if spy == seat:
            shown |= {(i, j) for j in range(count)}
    return shown


def _square(t: Table, sq: int | None) -> str | None:
    return None if sq is None else t.sq(sq)


def _pending(t: Table) -> dict[str, Any] | None:
    if not t.pending:
        return None
    if t.pending[0] == "deflect":
        return {"kind": "deflect", "seat": t.pending[1], "square": t.sq(int(t.pending[2])),
                "dir": DIRS[int(t.pending[3])], "shark": SHARKS[int(t.pending[4])]}
    return {"kind": "push", "seat": t.pending[1], "card": t.pending[2]}
