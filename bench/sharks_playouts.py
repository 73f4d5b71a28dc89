"""Complete random games of Sharks with Lasers per second, for 2 and 4 players, with and without
the special cards.

Two figures per line:
- ``fast``: ``engines.sharks_with_lasers.fast.simulate``, one working table changed in place with no
  story told: what a searching bot uses. The goal is at least 200 four-player games per second.
- ``door``: ``engines.playout.random_playout`` through ``State.apply`` (a copy, the legality check
  and every event per action): what the companion's ``selfplay`` does.

Usage: .venv/bin/python bench/sharks_playouts.py [--games N]
"""

from __future__ import annotations

import argparse
import time

from engines.playout import random_playout
from engines.rng import Rng
from engines.sharks_with_lasers import GAME
from engines.sharks_with_lasers.fast import simulate


def rate(players: int, specials: bool, games: int, door: bool) -> tuple[float, float]:
    options = {"specials": specials}
    starts = [GAME.start(players=players, seed=seed, options=options) for seed in range(games)]
    plies = 0
    begin = time.perf_counter()
    for seed, start in enumerate(starts):
        if door:
            plies += random_playout(GAME, players, seed, options, max_plies=5000).plies
        else:
            end = simulate(start.table, Rng.from_seed(seed))
            assert end.phase == "over"
    seconds = time.perf_counter() - begin
    return games / seconds, plies / max(games, 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    print(f"{'players':>7} {'specials':>8} {'fast games/s':>13} {'door games/s':>13} {'plies/game':>10}")
    for players in (2, 4):
        for specials in (False, True):
            fast, _ = rate(players, specials, args.games, door=False)
            door, plies = rate(players, specials, max(10, args.games // 5), door=True)
            print(f"{players:>7} {specials!s:>8} {fast:>13.0f} {door:>13.0f} {plies:>10.0f}")


if __name__ == "__main__":
    main()
