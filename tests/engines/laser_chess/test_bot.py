"""The bot: legal answers under any stop signal, reports its depth, and beats a random player.

The 100-game "at least 95 wins" check runs here with a small node budget (a few seconds, marked
slow) and in bench/laser_chess_bot.py with a time budget per move (it takes minutes).
"""

from __future__ import annotations

import pytest

from engines.core import RandomBot
from engines.laser_chess import SETUPS
from tests.engines.laser_chess.helpers import GAME, position


def node_budget(calls: int):  # type: ignore[no-untyped-def]
    """A stop signal that says stop after ``calls`` questions (the bot asks every 256 nodes)."""
    asked = [0]

    def stop() -> bool:
        asked[0] += 1
        return asked[0] > calls
    return stop


def test_answers_with_a_legal_action_even_when_told_to_stop_at_once() -> None:
    for setup in SETUPS:
        state = GAME.start(players=2, seed=0, options={"setup": setup})
        choice = GAME.bot().choose(state, 0, lambda: True, seed=1)
        assert choice.action in state.legal_actions(0)
        assert choice.info["depth"] >= 1 and choice.info["nodes"] > 0


def test_reports_depth_nodes_and_score_and_searches_deeper_with_more_budget() -> None:
    state = GAME.start(players=2, seed=0)
    short = GAME.bot().choose(state, 0, node_budget(2), seed=1)
    longer = GAME.bot().choose(state, 0, node_budget(60), seed=1)
    assert set(short.info) == {"depth", "nodes", "score"}
    assert longer.info["depth"] > short.info["depth"]
    assert longer.info["nodes"] > short.info["nodes"]


def test_takes_a_win_in_one() -> None:
    """Moving the Deflector off j3 opens Blue's beam onto the red King on j6 (nothing else does)."""
    state = position({"e1": "K", "j6": "k", "j3": "FNW", "b7": "fNE"})
    choice = GAME.bot().choose(state, 0, node_budget(4), seed=3)
    after = state.apply(0, choice.action)
    assert after.outcome is not None and after.outcome["winners"] == [0]


def test_does_not_shoot_its_own_king() -> None:
    """A quiet position where the Laser turn would hit its own King on e1: the bot never plays it."""
    state = position({"e1": "K", "f8": "k", "c4": "FNE", "c6": "fSW"})
    for seed in range(5):
        choice = GAME.bot().choose(state, 0, node_budget(3), seed=seed)
        assert state.apply(0, choice.action).outcome is None


def test_bot_settings_are_checked() -> None:
    from engines import IllegalAction
    with pytest.raises(IllegalAction, match="no setting"):
        GAME.bot(depth=3)
    with pytest.raises(IllegalAction, match="max_depth"):
        GAME.bot(max_depth=0)
    state = GAME.start(players=2, seed=0)
    choice = GAME.bot(max_depth=2).choose(state, 0, lambda: False, seed=0)
    assert choice.info["depth"] == 2
    with pytest.raises(IllegalAction, match="not your turn"):
        GAME.bot().choose(state, 1, lambda: True, seed=0)


def test_same_seed_same_choice() -> None:
    state = GAME.start(players=2, seed=0, options={"setup": "sophie"})
    a = GAME.bot().choose(state, 0, node_budget(8), seed=9)
    b = GAME.bot().choose(state, 0, node_budget(8), seed=9)
    assert a == b


@pytest.mark.slow
def test_beats_a_random_player_in_at_least_95_of_100_games() -> None:
    """Issue 2: the bot must win at least 95 of 100 games against a random player. Here with a
    small node budget (it stops after ~512 nodes a move, about depth 2) so the hundred games take
    seconds; bench/laser_chess_bot.py plays them with a time budget per move and prints depths.
    Setups rotate through all six, the bot alternates colours; a game still running after 300
    plies counts as not won."""
    bot, rnd = GAME.bot(), RandomBot()
    setups = sorted(SETUPS)
    wins = 0
    for game_no in range(100):
        state = GAME.start(players=2, seed=game_no, options={"setup": setups[game_no % len(setups)]})
        bot_seat = game_no % 2
        while state.outcome is None and state.ply < 300:
            seat = state.to_move
            player = bot if seat == bot_seat else rnd
            stop = node_budget(1) if seat == bot_seat else (lambda: True)
            choice = player.choose(state, seat, stop, seed=game_no * 1000 + state.ply)
            state = state.apply(seat, choice.action)
        wins += state.outcome is not None and state.outcome["winners"] == [bot_seat]
    assert wins >= 95
