"""Laser Chess bot against a random player: issue 2 asks for at least 95 wins in 100 games.

Run: .venv/bin/python bench/laser_chess_bot.py [--games 100] [--seconds 0.05]

The bot gets a time budget per move (its stop() is a deadline); the random player picks a
uniformly random legal action. Setups rotate through all six, the bot alternates colours.
A game still running after --max-plies counts as not won. Prints one line per game and
the total, with the depths the bot reached.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import engines
from engines.core import RandomBot
from engines.laser_chess import SETUPS


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=0.05, help="bot time per move")
    parser.add_argument("--max-plies", type=int, default=400)
    args = parser.parse_args()

    game = engines.get("laser-chess")
    bot, rnd = game.bot(), RandomBot()
    setups = sorted(SETUPS)
    wins, depths = 0, []
    start = time.perf_counter()
    for n in range(args.games):
        setup = setups[n % len(setups)]
        state = game.start(players=2, seed=n, options={"setup": setup})
        bot_seat = n % 2
        while state.outcome is None and state.ply < args.max_plies:
            seat = state.to_move
            if seat == bot_seat:
                deadline = time.perf_counter() + args.seconds
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
    print(f"bot won {wins} of {args.games} games against a random player (goal >= 95%) in "
          f"{time.perf_counter() - start:.0f} s; bot depth median {depths[len(depths) // 2]}, "
          f"min {depths[0]}, max {depths[-1]} at {args.seconds:g} s per move")


if __name__ == "__main__":
    main()
