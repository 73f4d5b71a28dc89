"""The Jaws bots: legal, deterministic, and blind to everything their seat may not know."""

from __future__ import annotations

from typing import Any

import pytest

from engines import TABLE, RandomBot, State
from engines.jaws import GAME
from engines.playout import chance_pick
from engines.rng import Rng
from tests.engines.jaws.helpers import CREW, SHARK, crew_phase, play, shark_phase
from tests.engines.jaws.orca_helpers import FIXTURE_TEXT


class Blindfold:
    """A state that shows a bot only what the contract says its seat may see."""

    def __init__(self, state: State) -> None:
        self._state = state

    def view(self, seat: int | None) -> dict[str, Any]:
        return self._state.view(seat)

    def legal_actions(self, seat: int) -> list[dict[str, Any]]:
        return self._state.legal_actions(seat)


def game(
    shark: Any,
    crew: Any,
    seed: int,
    players: int = 2,
    blind: bool = False,
    options: dict[str, Any] | None = None,
) -> State:
    state = GAME.start(players=players, seed=seed, options={"acts": "1"} if options is None else options)
    rng = Rng.from_seed(seed)
    for ply in range(6000):
        if not state.awaiting:
            break
        seat = state.awaiting[0]
        if seat == TABLE:
            action, rng = chance_pick(state, rng)
        else:
            bot = shark if seat == SHARK else crew
            seen: Any = Blindfold(state) if blind else state
            action = bot.choose(seen, seat, lambda: False, seed * 7919 + ply).action
        state = state.apply(seat, action)
    return state


def test_the_bots_play_whole_games_with_nothing_but_their_seats_view() -> None:
    """The bots are handed the whole state but read only ``view(seat)`` and ``legal_actions(seat)``:
    with every other door shut (a blindfold), they still play every seat to the end."""
    bot = GAME.bot()
    for seed, players in ((1, 2), (2, 3), (3, 4)):
        end = game(bot, bot, seed, players, blind=True)
        assert end.outcome is not None
        assert end.notation() == game(bot, bot, seed, players).notation()  # the same game, blind or not


def test_the_bots_play_both_acts_through_to_the_orca() -> None:
    """Issue 12: a whole game, Act 1 into Act 2, with the Pi in every seat (the test fixture's box,
    the companion's deck and dice; the gear the table enters drawn at random)."""
    bot = GAME.bot()
    options = {"acts": "both", "box": FIXTURE_TEXT, "resurface": "digital", "dice": "digital"}
    for seed, players in ((1, 2), (4, 3)):
        end = game(bot, bot, seed, players, blind=True, options=options)
        assert end.outcome is not None and end.view(None)["act"] == 2
        assert end.notation() == game(bot, bot, seed, players, options=options).notation()


@pytest.mark.parametrize(
    "hidden", [{"shark": "4"}, {"shark": "W", "powers": "EB"}, {"shark": "N", "powers": "F"}]
)
def test_the_crew_bot_chooses_the_same_whatever_the_shark_secretly_did(hidden: dict[str, str]) -> None:
    """Two states that differ only in the shark's secret (its space, its powers, the one it played)
    give the crew bot the same choice for the same seed."""
    bot = GAME.bot()
    base = crew_phase(shark="1", swim="N2.E0.S1.W0")
    other = crew_phase(swim="N2.E0.S1.W0", **hidden)
    assert base.view(CREW) == other.view(CREW) and base.notation() != other.notation()
    state_a, state_b = base, other
    for ply in range(8):
        if CREW not in state_a.awaiting:
            break
        a = bot.choose(state_a, CREW, lambda: False, 99 + ply).action
        b = bot.choose(state_b, CREW, lambda: False, 99 + ply).action
        assert a == b
        if a["type"] in ("finder", "throw", "binoculars"):
            break  # an answer may now differ: that is the rules, not a leak
        state_a, state_b = state_a.apply(CREW, a), state_b.apply(CREW, b)


def test_the_shark_bot_plans_from_its_own_tracker_alone() -> None:
    """The shark may know the whole table and its own tracker, nothing more exists in Act 1 that it
    may not see (the event deck's order is in no state at all); its choice through the blindfold
    is the one it makes with the whole state, and it is legal."""
    bot = GAME.bot()
    for state in (
        shark_phase(shark="N", swim="N2.E1.S0.W0"),
        shark_phase(shark="4", float="8:1", barrels="0.0.1.3.0.0"),
    ):
        first = bot.choose(state, SHARK, lambda: False, 5).action
        assert first == bot.choose(Blindfold(state), SHARK, lambda: False, 5).action  # type: ignore[arg-type]
        assert first["notation"] in {x["notation"] for x in state.legal_actions(SHARK)}


def test_the_shark_bot_eats_when_nobody_can_reach_it() -> None:
    state = play(shark_phase(shark="W", swim="N0.E0.S0.W3", crew="E.E.E"), SHARK)
    bot = GAME.bot()
    steps = []
    while SHARK in state.awaiting and len(steps) < 8:
        action = bot.choose(state, SHARK, lambda: False, 1).action
        steps.append(action["notation"])
        state = state.apply(SHARK, action)
    assert steps.count("eat") + steps.count("frenzy") >= 2 and steps[-1] == "end"


def test_the_crew_bot_throws_at_a_shark_the_fish_finder_found() -> None:
    state = play(shark_phase(shark="4", crew="7.2.8"), SHARK, "end")
    state = play(state, CREW, "hooper move 4", "hooper finder")
    bot = GAME.bot()
    for _ in range(6):
        action = bot.choose(state, CREW, lambda: False, 3).action
        state = state.apply(CREW, action)
        if action["type"] == "throw":
            assert action["at"] == "4"
            break
    assert state.view(None)["shark"]["barrels"] == 1


def test_the_bot_shark_beats_a_random_shark_against_the_crew_bot() -> None:
    """A small version of bench/jaws.py's strength check (the bench plays 200 games each)."""
    bot, rnd = GAME.bot(), RandomBot()
    smart = sum(game(bot, bot, seed).outcome["winners"] == [SHARK] for seed in range(8))  # type: ignore[index]
    blind = sum(game(rnd, bot, seed).outcome["winners"] == [SHARK] for seed in range(8))  # type: ignore[index]
    assert smart >= 2 * blind and smart >= 4
