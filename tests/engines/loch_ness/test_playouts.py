"""Random games keep the contract (``check_playouts``) for 3 and 4 players, base and advanced, digital
and physical; random games reach the end; the notation round-trips."""

from __future__ import annotations

from typing import Any

import pytest

from engines.loch_ness import GAME, LochNessState, rules
from engines.loch_ness.actions import DONE, Bottom, Done, Explore, ShowThief, ShowWeapon, Take, Town, Turned
from engines.loch_ness.fast import Draws, eager, pick, simulate
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


@pytest.mark.parametrize(("players", "advanced", "chance"), CASES)
def test_the_fast_loop_plays_the_same_games_as_legal_and_apply(players: int, advanced: bool,
                                                                chance: str) -> None:
    """``simulate`` keeps the list that settled a step (``rules.apply_listed``) and draws from one
    changing number (``Draws``): the same game, action for action, as ``legal`` then ``apply`` with
    the players drawing from an ``Rng``."""
    for seed in range(3):
        for policy in (eager, pick):
            start = GAME.start(players=players, seed=seed, options={"advanced": advanced, "chance": chance})
            fast, plies = simulate(start.table.copy(), Rng.from_seed(seed), max_plies=400, policy=policy)
            t, draws, played = start.table.copy(), Draws(Rng.from_seed(seed)), 0
            t.quiet = True
            while t.phase != "over" and played < 400:
                seat = t.actor
                rules.apply(t, seat, policy(t, rules.legal(t, seat), draws))
                played += 1
            kept = ("where", "reputation", "finds", "tools", "face_down", "face_up", "rng")
            assert [plies, *(getattr(fast, k) for k in kept)] == [played, *(getattr(t, k) for k in kept)]


def test_draws_are_the_rngs_numbers() -> None:
    draws, rng = Draws(Rng.from_seed(11)), Rng.from_seed(11)
    for n in (1, 2, 3, 7, 63, 64, 1000, 2**40, 2**63 + 5):
        value, rng = rng.below(n)
        assert draws.below(n) == value
    assert draws.rng == rng
    with pytest.raises(ValueError):
        draws.below(0)


def test_actions_of_two_kinds_never_compare_equal() -> None:
    """The rules compare action lists (a step with nothing left but "done" settles by itself): a
    kind with the same fields as another, Explore(1) and Town(1), Bottom() and Done(), stays apart."""
    assert Explore(1) != Town(1) and Take("T") != Turned("T") and Bottom() != DONE
    assert ShowThief(True) != ShowWeapon(True) and [Done()] == [DONE]
