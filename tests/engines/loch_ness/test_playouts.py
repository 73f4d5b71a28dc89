"""Random games keep the contract (``check_playouts``) for 3 and 4 players, base and advanced, digital
and physical; random games reach the end; the notation round-trips."""

from __future__ import annotations

from typing import Any

import pytest

from engines.loch_ness import GAME, LochNessState
from engines.loch_ness.fast import simulate
from engines.rng import Rng
from tests.engines.conformance import check_playouts, check_state

CASES = [(players, advanced, chance) for players in (3, 4) for advanced in (False, True)
         for chance in ("digital", "physical")]


@pytest.mark.parametrize(("players", "advanced", "chance"), CASES)
def test_random_games_keep_the_contract(players: int, advanced: bool, chance: str) -> None:
    """Uniformly random play wanders the lake for thousands of turns, so the contract is checked on the
    first 250 actions of several games (every view, action and event JSON-able, ``apply`` never
    changing the old state, the notation round-tripping, the same seed giving the same game)."""
    options = {"advanced": advanced, "chance": chance}
    finals = check_playouts(GAME, players, range(3), options, max_plies=250, must_finish=False,
                            roundtrip_every=3)
    assert all(f.players == players for f in finals)


@pytest.mark.parametrize(("players", "advanced", "chance"), CASES)
def test_random_games_reach_the_final_count(players: int, advanced: bool, chance: str) -> None:
    """Whole random games (engines.loch_ness.fast: a kind of action first, then one of it) end with a
    winner, and the final position round-trips and keeps the contract."""
    for seed in range(4):
        start = GAME.start(players=players, seed=seed, options={"advanced": advanced, "chance": chance})
        end, plies = simulate(start.table, Rng.from_seed(seed))
        assert end.phase == "over", f"seed {seed}: no end after {plies} actions"
        end.quiet = False
        final = LochNessState(GAME, end)
        check_state(GAME, final)
        assert final.outcome is not None and final.outcome["winners"]
        assert GAME.load(final.notation()) == final


def test_the_bot_plays_whole_games_through_the_door() -> None:
    bot = GAME.bot()
    for players, advanced in ((3, False), (4, True)):
        state: Any = GAME.start(players=players, seed=11, options={"advanced": advanced})
        plies = 0
        while state.awaiting and plies < 3000:
            seat = state.awaiting[0]
            state = state.apply(seat, bot.choose(state, seat, lambda: False, plies).action)
            plies += 1
        assert state.outcome is not None, plies


def test_the_notation_round_trips_mid_game_and_names_its_fields() -> None:
    state = GAME.start(players=4, seed=5, options={"advanced": True, "chance": "physical"})
    text = state.notation()
    assert text.startswith("loch n=4 adv=1 chance=physical ") and text.endswith(" board=sample")
    assert GAME.load(text) == state and GAME.load(text).notation() == text
