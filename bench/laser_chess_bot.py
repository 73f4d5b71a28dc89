"""Laser Chess bot: the depth it reaches in 1 s from Ace (issue 28: goal 5), and its strength.

Run: .venv/bin/python bench/laser_chess_bot.py [--runs 3] [--seconds 1.0] [--games 0] [--table-size N]

Depth: the bot thinks from Ace's first position with a deadline ``--seconds`` away (its stop()
is the deadline, as the companion calls it), ``--runs`` times; each run prints the depth it
completed, its nodes and nodes per second (the positions it scored; the moves of one node that
touch no beam share one score and count once), then the median run and the goal. The depth is
a search's last *completed* depth, so a loaded machine may show one less: measure on a quiet one.
Then one search to depth 5 without a deadline: its CPU time, which the load hardly moves.
Then the memory (issue 28): the process's peak RSS before and after those searches, and the
transposition table's size (``--table-size``, the bot's default unless given: its slots and bytes,
made by each search and dropped when it answers).

Strength (``--games N``, issue 2: at least 95 wins in 100): the bot against a random player with
``--move-seconds`` per move. Setups rotate through all six, the bot alternates colours; a game
still running after --max-plies counts as not won. Prints one line per game, then the total.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import engines
from engines.core import RandomBot
from engines.laser_chess.bot import SLOT_BYTES, TABLE_SIZE
from engines.laser_chess.game import SETUPS

GOAL_DEPTH = 5


def peak_rss_mb() -> float:
    """The process's peak resident memory so far (Linux gives ru_maxrss in kB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def depth_runs(runs: int, seconds: float, table_size: int) -> None:
    game = engines.get("laser-chess")
    state = game.start(players=2, seed=0, options={"setup": "ace"})
    before = peak_rss_mb()
    results = []
    for run in range(runs):
        deadline = time.perf_counter() + seconds
        start = time.perf_counter()
        choice = game.bot(table_size=table_size).choose(state, 0, lambda d=deadline: time.perf_counter() >= d,
                                                        seed=run)
        took = time.perf_counter() - start
        info = choice.info
        results.append((info["depth"], info["nodes"], info["nodes"] / took))
        print(f"run {run + 1}: depth {info['depth']}, {info['nodes']:,} nodes, {info['nodes'] / took:,.0f} "
              f"nodes/s, plays {choice.action['notation']} (answered after {took:.2f} s)", flush=True)
    depth = statistics.median_low(r[0] for r in results)
    rate = statistics.median(r[2] for r in results)
    print(f"bot depth in {seconds:g} s from ace: {depth} (median of {runs} runs; goal >= {GOAL_DEPTH}: "
          f"{'met' if depth >= GOAL_DEPTH else 'NOT met'}), {rate:,.0f} nodes/s")
    cpu, wall = time.process_time(), time.perf_counter()
    choice = game.bot(max_depth=GOAL_DEPTH, table_size=table_size).choose(state, 0, lambda: False, seed=0)
    print(f"depth {GOAL_DEPTH} from ace without a deadline: {time.process_time() - cpu:.2f} s of CPU "
          f"({time.perf_counter() - wall:.2f} s wall), {choice.info['nodes']:,} nodes (the load hardly "
          "moves the CPU figure)")
    print(f"memory: peak RSS {peak_rss_mb():.1f} MB after those searches ({before:.1f} MB before them); "
          f"the table: {table_size:,} entries of {SLOT_BYTES} bytes = {table_size * SLOT_BYTES / 1e6:.1f} MB "
          "a search, dropped when it answers")


def games_against_random(games: int, seconds: float, max_plies: int, table_size: int) -> None:
    game = engines.get("laser-chess")
    bot, rnd = game.bot(table_size=table_size), RandomBot()
    setups = sorted(SETUPS)
    wins, depths = 0, []
    start = time.perf_counter()
    for n in range(games):
        setup = setups[n % len(setups)]
        state = game.start(players=2, seed=n, options={"setup": setup})
        bot_seat = n % 2
        while state.outcome is None and state.ply < max_plies:
            seat = state.to_move
            if seat == bot_seat:
                deadline = time.perf_counter() + seconds
                choice = bot.choose(state, seat, lambda d=deadline: time.perf_counter() >= d,
                                    seed=n * 1000 + state.ply)
                depths.append(choice.info["depth"])
            else:
                choice = rnd.choose(state, seat, lambda: True, seed=n * 1000 + state.ply)
            state = state.apply(seat, choice.action)
        won = state.outcome is not None and state.outcome["winners"] == [bot_seat]
        wins += won
        result = state.outcome["reason"] if state.outcome else "no result"
        print(f"game {n:3d} {setup:9s} bot={'blue' if bot_seat == 0 else 'red '} plies={state.ply:3d} "
              f"{'WIN ' if won else 'lost'} {result}", flush=True)
    depths.sort()
    print(f"bot won {wins} of {games} games against a random player (goal >= 95%) in "
          f"{time.perf_counter() - start:.0f} s; bot depth median {depths[len(depths) // 2]}, "
          f"min {depths[0]}, max {depths[-1]} at {seconds:g} s per move, table of {table_size:,} entries; "
          f"peak RSS {peak_rss_mb():.1f} MB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=3, help="runs of the depth figure")
    parser.add_argument("--seconds", type=float, default=1.0, help="the bot's time for the depth figure")
    parser.add_argument("--games", type=int, default=0, help="games against a random player (issue 2: 100)")
    parser.add_argument("--move-seconds", type=float, default=0.05, help="bot time per move in those games")
    parser.add_argument("--max-plies", type=int, default=400)
    parser.add_argument("--table-size", type=int, default=TABLE_SIZE,
                        help=f"the bot's transposition table entries (default {TABLE_SIZE:,})")
    args = parser.parse_args()
    if args.runs:
        depth_runs(args.runs, args.seconds, args.table_size)
    if args.games:
        games_against_random(args.games, args.move_seconds, args.max_plies, args.table_size)


if __name__ == "__main__":
    main()
