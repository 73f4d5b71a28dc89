"""The immutable game state: the door, refusals in the rules' words, the views.

Secrets: the shark's space, its plan and path, which powers it has left and which it played stay
in ``view(shark)`` and in events only the shark may see. Everyone else's view holds what the
rules announce, and the spaces where the shark may be, worked out from those announcements alone
(:mod:`engines.jaws.amity.belief`). Once the act is over, the shark's whole path is everyone's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from engines.core import (
    PRESENTATION_KEYS,
    TABLE,
    Action,
    Game,
    IllegalAction,
    Outcome,
    Seat,
    View,
    WorkingState,
    outcome,
)
from engines.jaws.amity import actions, belief, explain, rules, shark
from engines.jaws.amity.data import BEACH_ORDER, POWER_CODES
from engines.jaws.amity.phrases import beach
from engines.jaws.amity.town import ACTIVE, CLOSED, DONE, FOUND, LOOKED, THREW, step_text
from engines.jaws.common import BRODY, HOOPER, QUINT, ROLES
from engines.jaws.match import Match
from engines.jaws.orca import actions as orca_actions
from engines.jaws.orca import explain as orca_explain
from engines.jaws.orca import legal as orca_legal
from engines.jaws.orca import view as orca_view
from engines.jaws.orca.voyage import READINGS
from engines.jaws.words import ROLE_NAMES
from engines.text import Text

TURN_WORDS = ("waiting", "active", "done")


@dataclass(frozen=True, eq=False)  # equal when the notations are (engines.core.State)
class JawsState(WorkingState[Match]):
    """One moment of a game of Jaws. Never changes; :meth:`apply` makes a new one from a copy of
    its working position (the one state pattern, :class:`engines.core.WorkingState`)."""

    _game: Game
    _w: Match

    # -- the contract ----------------------------------------------------------

    @property
    def position(self) -> Match:
        """A copy of the working position, secrets and all (for tests, the fast path and the setup
        steps, engines.jaws.setting_up)."""
        return self._w.copy()

    @cached_property
    def awaiting(self) -> tuple[Seat, ...]:
        p = self._w
        if p.act2 is not None:
            return orca_legal.awaiting(p)
        return rules.awaiting(p)

    @property
    def reading(self) -> tuple[Seat, ...] | None:
        """Act 2: while the table enters what the real game shows, the seats that may enter it
        (besides the host); None otherwise (engines.core.State.reading)."""
        p = self._w
        return orca_legal.readers(p) if p.act2 is not None else None

    def _final(self) -> Outcome:
        p = self._w
        if p.act2 is not None:
            return self._outcome2()
        scores = {"swimmers_eaten": p.eaten, "barrels_attached": p.attached, "rounds": p.round}
        if p.winner == "shark":
            return outcome(
                [p.seats[0]],
                Text("The shark ate {count} swimmers and wins Act 1.", {"count": p.eaten}),
                scores,
            )
        crew = sorted(set(p.seats[1:]))
        return outcome(crew, Text("Two barrels are attached to the shark: the crew wins Act 1."), scores)

    def _outcome2(self) -> Outcome:
        p = self._w
        a = p.orca()
        scores = {
            "swimmers_eaten": p.eaten,
            "barrels_attached": p.attached,
            "act1": p.winner or None,
            "rounds": a.round,
            "shark_wounds": a.wounds[3],
            "crew_wounds": a.wounds[:3],
            "boat_tiles_left": a.boat_left(),
        }
        winners = [p.seats[0]] if a.winner == "shark" else sorted(set(p.seats[1:]))
        return outcome(winners, _reason(a.winner, a.boat_left()), scores)

    def legal_actions(self, seat: Seat) -> list[Action]:
        p = self._w
        if p.act2 is not None:
            return [orca_actions.to_json(p, s) for s in orca_legal.legal(p, seat)]
        return [actions.to_json(p, a) for a in rules.legal(p, seat)]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        p = self._w
        if p.act2 is not None:
            if TABLE not in self.awaiting:
                raise IllegalAction("Nothing is left to chance at the moment.")
            return [(orca_actions.to_json(p, s), pr) for s, pr in orca_legal.chance(p)]
        cards = rules.chance(p)
        if not cards:
            raise IllegalAction("Nothing is left to chance at the moment.")
        return [(actions.to_json(p, ("card", -1, n, 0)), 1 / len(cards)) for n in cards]

    def _step(self, w: Match, seat: Seat, action: Action) -> None:
        if w.act2 is not None:
            orca_legal.apply(w, seat, orca_actions.from_json(w, action))
        else:
            rules.apply(w, seat, actions.from_json(w, action))

    def find_legal(self, seat: Seat, action: object) -> Action:
        """Act 2's readings: the table may enter any value the rules allow, not only one listed
        (checked by engines.jaws.orca.actions.reading, which names the field that is wrong)."""
        p = self._w
        if p.act2 is None or seat != TABLE or p.act2.phase not in READINGS or not isinstance(action, Mapping):
            return super().find_legal(seat, action)
        given = dict(action)
        if set(given) - PRESENTATION_KEYS == {"type"} and isinstance(given.get("notation"), str):
            found = [a for a in self.legal_actions(TABLE) if a.get("notation") == given["notation"]]
            if found:
                return found[0]
        if given.get("type") not in orca_actions.READING_TYPES:
            raise self.explain_illegal(seat, given)
        return orca_actions.to_json(p, orca_actions.reading(p, given))

    def _dump(self) -> str:
        return self._w.notation()

    # -- the door -------------------------------------------------------------

    def normalize(self, seat: Seat, action: Mapping[str, Any]) -> Mapping[str, Any]:
        """A crew action without its ``role`` means the crew member this seat is playing (or its
        only one); a Speed Burst path may be written ``"1-2-4"``."""
        p = self._w
        out = dict(action)
        if p.act2 is not None:
            return self._normalize2(seat, out)
        if out.get("type") == "burst" and isinstance(out.get("path"), str):
            out["path"] = out["path"].split("-")
        by_text = set(out) - {"label", "notation"} == {"type"} and isinstance(out.get("notation"), str)
        if (
            seat >= 0
            and seat != p.seats[0]
            and "role" not in out
            and not by_text  # {"type", "notation"} names the action by its text form already
            and out.get("type") not in ("choose", "card")
        ):
            mine = p.seat_roles(seat)
            active = [r for r in mine if p.turns[r] == ACTIVE]
            if active or len(mine) == 1:
                out["role"] = ROLES[(active or mine)[0]]
        return out

    def _normalize2(self, seat: Seat, out: dict[str, Any]) -> dict[str, Any]:
        """Act 2: a crew action without its ``role`` means the seat's only crew member it may be."""
        p = self._w
        by_text = set(out) - {"label", "notation"} == {"type"} and isinstance(out.get("notation"), str)
        if seat >= 0 and seat != p.seats[0] and "role" not in out and not by_text:
            kind = out.get("type")
            mine = {a["role"] for a in self.legal_actions(seat) if a.get("type") == kind and "role" in a}
            if len(mine) == 1:
                out["role"] = mine.pop()
        return out

    def explain_illegal(self, seat: Seat, action: Mapping[str, Any]) -> IllegalAction:
        if self._w.act2 is not None:
            return orca_explain.explain(self._w, seat, action)
        return explain.explain(self._w, seat, action)

    # -- what is known of the shark ------------------------------------------

    @cached_property
    def hypotheses(self) -> frozenset[belief.Hyp]:
        """Every (space, powers left, power this round) the shark may have, from public facts."""
        p = self._w
        return p.hyps if p.hyps is not None else belief.initial(p.board)

    # -- views -----------------------------------------------------------------

    def view(self, seat: Seat | None) -> View:
        p = self._w
        board = p.board
        name = p.name
        card = p.cards[p.card] if p.card else None
        out: View = {
            "game": "jaws",
            "act": p.act,
            "acts": p.acts.value,
            "round": p.round,
            "phase": p.phase,
            "to_act": list(self.awaiting),
            "roles": {"shark": p.seats[0], **{ROLES[r]: p.seats[r + 1] for r in range(3)}},
            # the letter a language's box prints for the east beach, where it is not E ({"de": "O"})
            "map": {**board.to_json(), "east": p.box.east_letters()},
            "card": {
                **card.to_json(),
                "title": p.box.title(str(card.number), card.title).to_json(),
                "text": card.rule(beach(1, p.box)).to_json(),
            }
            if card
            else None,
            "deck": {"left": len(p.cards) - len(p.turned), "turned": list(p.turned)},
            "swimmers": dict(zip(BEACH_ORDER, p.swimmers, strict=True)),
            "michael": BEACH_ORDER[p.michael] if p.michael >= 0 else None,
            "supply": p.supply(),
            "closed": (
                {"beach": BEACH_ORDER[p.closed], "side": "soon" if p.opens_soon else "closed"}
                if p.closed >= 0
                else None
            ),
            "barrels": self._barrels(),
            "crew": [self._crew(r) for r in range(3)],
            "shark": self._shark(),
            "effects": self._effects(),
            "pending": (
                {"what": p.pending, "options": [name(s) for s in p.options], "seats": list(self.awaiting)}
                if p.pending
                else None
            ),
            "rounds": list(p.records),
            "outcome": self.outcome,
        }
        if (p.phase == "over" or p.act == 2) and p.shark >= 0:
            out["replay"] = list(p.trail)
            out["shark"]["space"] = name(p.shark)
        if p.act2 is not None:
            orca = out["orca"] = orca_view.public(p)
            # Act 1's result, when Act 2 followed it (Act 2's own part knows nothing of Act 1)
            orca["act1"] = {"winner": p.winner or None, "eaten": p.eaten} if p.act2.eaten >= 0 else None
        if seat is not None and 0 <= seat < p.players:
            out.update(self._seat(seat))
        return out

    def _barrels(self) -> dict[str, Any]:
        p = self._w
        board, name = p.board, p.name
        return {
            "shop": p.shop,
            "docks": {name(d): p.dock[i] for i, d in enumerate(board.docks)},
            "floating": {name(i): n for i, n in enumerate(p.floating) if n},
            "brody": p.on_boat[BRODY],
            "hooper": p.on_boat[HOOPER],
            "quint": p.on_boat[QUINT],
            "attached": p.attached,
            "total": board.barrels,
        }

    def _shark(self) -> dict[str, Any]:
        """What everyone knows of the shark (its space only once the act is over: :meth:`view`)."""
        p = self._w
        name = p.name
        return {
            "track": p.eaten,
            "goal": p.goal,
            "barrels": p.attached,
            "abilities_used": sum(1 for r in p.records if r.get("ability")),
            "ability_this_round": p.power >= 0 and p.phase in ("crew", "over"),
            "seen": {"space": name(p.seen), "by": p.seen_by} if p.seen >= 0 else None,
            "possible": sorted(
                (name(s) for s in belief.positions(self.hypotheses)), key=p.board.index.__getitem__
            ),
        }

    def _seat(self, seat: int) -> dict[str, Any]:
        """A player's own part of the view: the seat, its roles, and the shark's secret to the shark."""
        p = self._w
        out: dict[str, Any] = {
            "seat": seat,
            "my_roles": ["shark"] if seat == p.seats[0] else [ROLES[r] for r in p.seat_roles(seat)],
        }
        if seat == p.seats[0]:
            out["secret"] = self._secret()
            if p.act2 is not None:
                out["secret"]["orca"] = orca_view.secret(p)
        return out

    def _crew(self, r: int) -> dict[str, Any]:
        p = self._w
        used = p.flags[r]
        return {
            "role": ROLES[r],
            "name": ROLE_NAMES[r],
            "seat": p.seats[r + 1],
            "space": p.name(p.pos[r]),
            "in_water": p.wet[r],
            "turn": TURN_WORDS[p.turns[r]],
            "actions_left": max(0, rules.actions_left(p, r)) if p.turns[r] != DONE else 0,
            "barrels": p.on_boat[r],
            "used": (
                {"binoculars": bool(used & LOOKED), "close": bool(used & CLOSED)}
                if r == BRODY
                else {"finder": bool(used & FOUND)}
                if r == HOOPER
                else {"throw": bool(used & THREW)}
            ),
        }

    def _effects(self) -> dict[str, Any]:
        p = self._w
        e = p.effect
        return {
            "shark_actions": shark.actions_this_round(p),
            "docks_closed": e == "docks_closed",
            "docks_free": e == "harbor_master",
            "no_closing": e == "fourth_of_july",
            "knock": e == "knock",
            "extra": {
                "any": e == "extra_any" and p.any_claim < 0,
                "hooper": e == "extra_hooper",
                "quint": e == "extra_quint",
            },
        }

    def _secret(self) -> dict[str, Any]:
        """The shark's own tracker: never in anyone else's view."""
        p = self._w
        pl = p.plan
        name = p.name
        planning = p.phase == "shark"
        return {
            "space": name(pl.pos) if pl.pos >= 0 else None,
            "start": name(p.shark) if p.shark >= 0 else None,
            "path": [name(s) for s in pl.path] if planning else [],
            "plan": [step_text(p, s) for s in p.steps],
            "plan_said": [shark.describe(p, s).to_json() for s in p.steps],
            "actions_left": shark.actions_this_round(p) - pl.used if planning else 0,
            "eaten": dict(zip(BEACH_ORDER, pl.eaten, strict=True)) if planning else None,
            "michael_eaten": pl.michael if planning else False,
            "powers": [POWER_CODES[i] for i in range(4) if p.powers >> i & 1],
            "power_this_round": (
                POWER_CODES[pl.power]
                if planning and pl.power >= 0
                else POWER_CODES[p.power]
                if p.power >= 0
                else None
            ),
            "trail": list(p.trail),
        }


def _reason(winner: str, tiles_left: int) -> Text:
    if winner == "crew":
        return Text("The shark's wound track reaches its X: the crew wins.")
    if tiles_left == 0:
        return Text("The Orca is destroyed: the shark wins.")
    return Text("The whole crew is eliminated: the shark wins.")


__all__ = ["JawsState"]
