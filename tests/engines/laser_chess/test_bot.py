"""The bot: legal answers under any stop signal, reports its depth, and beats a random player.

The 100-game "at least 95 wins" check runs here with a small node budget (a few seconds, marked
slow) and in bench/laser_chess_bot.py with a time budget per move (it takes minutes).
"""

from __future__ import annotations

import tracemalloc

import pytest

from engines.core import RandomBot
from engines.laser_chess import board as B
from engines.laser_chess.bot import SLOT_BYTES, TABLE_SIZE, WIN, evaluate
from engines.laser_chess.game import SETUPS
from engines.laser_chess.state import LaserChessState
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


@pytest.mark.parametrize("table_size", [TABLE_SIZE, 1])
def test_takes_a_win_in_one(table_size: int) -> None:
    """Moving the Deflector off j3 opens Blue's beam onto the red King on j6 (nothing else does);
    with a table of one slot too."""
    state = position({"e1": "K", "j6": "k", "j3": "FNW", "b7": "fNE"})
    choice = GAME.bot(table_size=table_size).choose(state, 0, node_budget(4), seed=3)
    after = state.apply(0, choice.action)
    assert after.outcome is not None and after.outcome["winners"] == [0]


@pytest.mark.parametrize("table_size", [TABLE_SIZE, 1])
def test_does_not_shoot_its_own_king(table_size: int) -> None:
    """A quiet position where the Laser turn would hit its own King on e1: the bot never plays it."""
    state = position({"e1": "K", "f8": "k", "c4": "FNE", "c6": "fSW"})
    for seed in range(5):
        choice = GAME.bot(table_size=table_size).choose(state, 0, node_budget(3), seed=seed)
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


def _midgame(game_no: int) -> LaserChessState:
    """A position some random plies into a game, from each setup in turn, house rules now and then."""
    setups = sorted(SETUPS)
    options = {"setup": setups[game_no % len(setups)], "king_rotation": game_no % 3 == 0,
               "swap_onto_restricted": game_no % 4 == 0}
    state = GAME.start(players=2, seed=game_no, options=options)
    rnd = RandomBot()
    while state.ply < 8 + game_no % 5 * 6:
        after = state.apply(state.to_move, rnd.choose(state, state.to_move, lambda: True,
                                                      seed=game_no * 100 + state.ply).action)
        if after.outcome is not None:
            break
        state = after
    return state


def _plain(state: LaserChessState, board: bytes, colour: int, depth: int, ply: int, alpha: int,
           beta: int) -> int:
    """Plain alpha-beta: every move played and fired, every leaf evaluated on its own board."""
    best = -WIN - 1
    for move in B.generate(board, colour, state.king_rotation, state.swap_onto_restricted):
        after, hit, removed = B.play(board, colour, move)
        if B.kind_of(removed) == B.KING:
            score = WIN - ply if B.colour_of(removed) != colour else ply - WIN
        elif depth == 1:
            score = -evaluate(after, 1 - colour, hit < 0)
        else:
            score = -_plain(state, after, 1 - colour, depth - 1, ply + 1, -beta, -max(alpha, best))
        best = max(best, score)
        if best >= beta:
            break
    return best if best > -WIN - 1 else 0


@pytest.mark.parametrize(("depth", "games", "table_size"),
                         [(2, range(12), TABLE_SIZE), (3, range(12, 16), TABLE_SIZE), (3, range(16, 20), 7)])
def test_the_search_scores_a_position_as_plain_alpha_beta_does(depth: int, games: range,
                                                               table_size: int) -> None:
    """The bot scores most leaves without playing them (a move that touches no beam leaves both
    beams as they were); the value it finds is still the one of playing and firing every move,
    with a table of 7 slots (its positions replacing each other all the time) too."""
    for game_no in games:
        state = _midgame(game_no)
        choice = GAME.bot(max_depth=depth, table_size=table_size).choose(state, state.to_move,
                                                                         lambda: False, seed=game_no)
        reached = choice.info["depth"]       # less only when a forced result was found
        assert reached == depth or abs(choice.info["score"]) >= WIN - 100
        expected = _plain(state, state.board, state.to_move, reached, 0, -WIN - 1, WIN + 1)
        assert choice.info["score"] == expected, state.notation()


def test_reaches_depth_five_from_ace_in_under_200_000_nodes() -> None:
    """Issue 28 asks for depth 5 in 1 s from Ace; the figure is bench/laser_chess_bot.py's (time is
    too noisy to assert on a shared machine). The tree's size is not: 145,554 nodes today (with the
    table's default 50,000 slots), about a third of a second here, and a change to the move ordering
    that doubles it fails here."""
    state = GAME.start(players=2, seed=0, options={"setup": "ace"})
    choice = GAME.bot(max_depth=5).choose(state, 0, lambda: False, seed=0)
    assert choice.info["depth"] == 5
    assert choice.info["nodes"] < 200_000


def test_a_search_holds_its_table_of_table_size_slots_and_no_more() -> None:
    """Issue 28 (memory): the transposition table is ``table_size`` slots of SLOT_BYTES, made when
    a search starts and dropped when it answers. A search that looks at nine times as many
    positions as the table has slots holds no more than the table and the line it is on (the
    boards of its plies, its killer and history moves), and nothing once it has answered: a bot
    kept from move to move, or after its game, keeps no table."""
    state = GAME.start(players=2, seed=0, options={"setup": "ace"})
    bot = GAME.bot(max_depth=4, table_size=2_000)
    bot.choose(state, 0, lambda: False, seed=0)   # the board's move tables are made once, before
    tracemalloc.start()
    try:
        choice = bot.choose(state, 0, lambda: False, seed=0)
        held, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert choice.info["depth"] == 4 and choice.info["nodes"] > 9 * 2_000
    assert peak < 2_000 * SLOT_BYTES + 64_000
    assert held < 2_000 * SLOT_BYTES // 4


def test_the_moves_near_a_beam_are_every_move_that_touches_it() -> None:
    """The bot's leaves generate only the moves of tokens next to a beam (board.generate's near)."""
    for game_no in range(12):
        state = _midgame(game_no)
        rules = {"king_rotation": state.king_rotation, "swap_onto_restricted": state.swap_onto_restricted}
        every = B.generate(state.board, state.to_move, **rules)
        for colour in (B.BLUE, B.RED):
            beam, _ = B.fire(state.board, colour)
            near = B.generate(state.board, state.to_move, **rules, near=beam)
            assert set(near) <= set(every)
            assert {m for m in every if m[4] & beam} <= set(near)
