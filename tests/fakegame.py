"""A tiny hidden-information game for the platform's tests: "Closest Guess".

It exists so that companion/ and web/ can be tested before (and besides) the
real engines, and it is the canary game of the leak harness. Rules:

- Start: every seat is dealt a secret word (only its owner sees it: a string
  canary for leak tests).
- Each round the table rolls a die (chance, 1-3; public). Then every seat
  secretly picks a number 1-4 (simultaneous: the table screen only shows who
  has picked). When the last pick is in, all picks are revealed and each seat
  whose pick is closest to the die scores a point.
- After ``rounds`` rounds (option, default 2) the highest score wins (ties share).

It is registered into ``engines.GAMES`` only inside tests (the ``fake_game``
fixture in tests/conftest.py), or by ``companion serve --extra-game
tests.fakegame:GAME`` for the subprocess tests.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any

from engines.core import (
    TABLE,
    Action,
    Event,
    Game,
    IllegalAction,
    Option,
    Outcome,
    PageAssets,
    Seat,
    State,
    View,
)
from engines.core import event as make_event
from engines.core import outcome as make_outcome
from engines.rng import Rng
from engines.text import Text

WORDS = ("amber-falcon", "cobalt-otter", "crimson-lynx", "ivory-heron", "jade-badger", "onyx-marten")
DIE = (1, 2, 3)
PICKS = (1, 2, 3, 4)


@dataclass(frozen=True)
class GuessState(State):
    n: int
    rounds: int
    round: int                       # 1-based; the round being played
    words: tuple[str, ...]           # secret, one per seat
    die: int | None                  # None: the table has to roll
    picks: tuple[int | None, ...]    # secret until the reveal
    scores: tuple[int, ...]
    last_events: tuple[str, ...] = ()  # canonical JSON of events (hashable)

    @property
    def game(self) -> Game:
        return GAME

    @property
    def players(self) -> int:
        return self.n

    @property
    def awaiting(self) -> tuple[Seat, ...]:
        if self.round > self.rounds:
            return ()
        if self.die is None:
            return (TABLE,)
        return tuple(s for s in range(self.n) if self.picks[s] is None)

    @property
    def events(self) -> list[Event]:
        return [json.loads(e) for e in self.last_events]

    @property
    def outcome(self) -> Outcome | None:
        if self.round <= self.rounds:
            return None
        best = max(self.scores)
        winners = [s for s in range(self.n) if self.scores[s] == best]
        return make_outcome(winners, Text("The closest guesser wins with {points} points.", {"points": best}),
                            {str(s): self.scores[s] for s in range(self.n)})

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.awaiting != (TABLE,):
            return super().chance_outcomes()
        return [({"type": "roll", "value": v, "notation": f"roll{v}",
                  "label": Text("The die shows {value}", {"value": v}).to_json()}, 1 / len(DIE))
                for v in DIE]

    def legal_actions(self, seat: Seat) -> list[Action]:
        if seat not in self.awaiting or seat == TABLE:
            return []
        return [{"type": "pick", "number": p, "notation": f"pick{p}",
                 "label": Text("Pick {number}", {"number": p}).to_json()} for p in PICKS]

    def view(self, seat: Seat | None) -> View:
        out: View = {
            "round": self.round, "rounds": self.rounds, "die": self.die,
            "picked": [p is not None for p in self.picks], "scores": list(self.scores),
        }
        if seat is not None and 0 <= seat < self.n:
            out["word"] = self.words[seat]
            out["my_pick"] = self.picks[seat]
        return out

    def notation(self) -> str:
        return json.dumps({"n": self.n, "rounds": self.rounds, "round": self.round,
                           "words": list(self.words), "die": self.die, "picks": list(self.picks),
                           "scores": list(self.scores), "events": list(self.last_events)},
                          sort_keys=True)

    def _apply(self, seat: Seat, action: Action) -> State:
        if seat == TABLE:
            value = action["value"]
            ev = make_event("roll", value=value, say=Text("The die shows {value}.", {"value": value}))
            return replace(self, die=value, last_events=(_j(ev),))
        number = action["number"]
        picks = list(self.picks)
        picks[seat] = number
        events = [
            make_event("picked", seat=seat, say=Text("{seat} has picked.", {"seat": seat})),
            make_event("my_pick", visible_to=[seat], number=number,
                       say=Text("You picked {number}.", {"number": number})),
        ]
        if any(p is None for p in picks):
            return replace(self, picks=tuple(picks), last_events=tuple(_j(e) for e in events))
        assert self.die is not None
        best = min(abs(p - self.die) for p in picks if p is not None)
        scores = tuple(sc + (1 if abs(p - self.die) == best else 0)  # type: ignore[operator]
                       for sc, p in zip(self.scores, picks, strict=True))
        events.append(make_event("reveal", picks=picks, say=Text("The picks are revealed.")))
        return replace(self, round=self.round + 1, die=None, picks=(None,) * self.n, scores=scores,
                       last_events=tuple(_j(e) for e in events))

    def explain_illegal(self, seat: Seat, action: Any) -> IllegalAction:
        return IllegalAction("Pick a number from 1 to 4.")


def _j(ev: Event) -> str:
    return json.dumps(ev, sort_keys=True)


class GuessGame(Game):
    id = "fake-guess"
    title = "Closest Guess"
    min_players = 2
    max_players = 3
    option_spec = (Option("rounds", 2, "How many rounds to play.", minimum=1, maximum=9, label="Rounds"),)
    chance_modes = ("digital", "physical")   # the die: drawn by the companion or rolled at the table
    # no page script: the generic view, with words for some of its fields (the others are raw data)
    page = PageAssets(words={"round": "Round", "rounds": "Rounds", "die": "Die", "scores": "Scores",
                             "pick": "Pick a number"})

    def _start(self, players: int, seed: int, options: dict[str, Any]) -> State:
        words, _ = Rng.from_seed(seed).shuffled(WORDS)
        return GuessState(players, options["rounds"], 1, tuple(words[:players]), None,
                          (None,) * players, (0,) * players)

    def load(self, text: str) -> State:
        try:
            d = json.loads(text)
            return GuessState(d["n"], d["rounds"], d["round"], tuple(d["words"]), d["die"],
                              tuple(d["picks"]), tuple(d["scores"]), tuple(d["events"]))
        except (ValueError, KeyError, TypeError) as exc:
            raise IllegalAction("That is not a Closest Guess position.") from exc


GAME = GuessGame()
