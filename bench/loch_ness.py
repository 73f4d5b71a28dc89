"""Loch Ness speed: random games per second on the sample board, 3 and 4 players, base and advanced.

Figures per line:
- ``fast``: ``engines.loch_ness.fast.simulate`` with its default random player (``eager``: a kind
  of action first, every find taken when it can be, boats with finds sailing home half the time),
  one working table changed in place with no story told. The goal is at least 200 four-player
  games per second.
- ``kinds``: the same with the plainer random player (``pick``: a kind of action, then one of it),
  whose boats wander: games per second over those that end within 20 000 actions, and how many do.
- ``door``: the eager player's games through ``State.apply`` (a copy of the position, the legality
  check, every event told): what a table at the companion costs per game.
- ``bot``: ``ExplorerBot`` in every seat, through the door.

No peer exists to compare with (the game is unpublished).

Usage: .venv/bin/python bench/loch_ness.py [--games N] [--runs 3]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engines.loch_ness import GAME, LochNessState, rules
from engines.loch_ness.fast import Draws, eager, pick, simulate
from engines.rng import Rng

GOAL = 200
"""Four-player base games per second on the fast path (issue 28)."""


def fast(players: int, advanced: bool, games: int, policy: object) -> tuple[float, float, int]:
    """(games per second over the finished ones, actions per game, games finished)."""
    options = {"advanced": advanced}
    starts = [GAME.start(players=players, seed=seed, options=options).table for seed in range(games)]
    plies = finished = 0
    spent = 0.0
    for seed, t in enumerate(starts):
        begin = time.perf_counter()
        end, n = simulate(t, Rng.from_seed(seed), policy=policy)   # type: ignore[arg-type]
        took = time.perf_counter() - begin
        if end.phase == "over":
            finished += 1
            plies += n
            spent += took
    return finished / spent if spent else 0.0, plies / max(finished, 1), finished


def door(players: int, advanced: bool, games: int) -> float:
    begin = time.perf_counter()
    for seed in range(games):
        state = GAME.start(players=players, seed=seed, options={"advanced": advanced})
        draws = Draws(Rng.from_seed(seed))
        while state.awaiting:
            t = state._w
            action = eager(t, rules.legal(t, t.actor), draws)
            state = state.apply(t.actor, rules.as_dict(t, action))
        assert isinstance(state, LochNessState)
    return games / (time.perf_counter() - begin)


def bot(players: int, advanced: bool, games: int) -> float:
    player = GAME.bot()
    begin = time.perf_counter()
    for seed in range(games):
        state = GAME.start(players=players, seed=seed, options={"advanced": advanced})
        ply = 0
        while state.awaiting:
            seat = state.awaiting[0]
            state = state.apply(seat, player.choose(state, seat, lambda: False, ply).action)
            ply += 1
    return games / (time.perf_counter() - begin)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--runs", type=int, default=1, help="the goal's figure: the median of this many runs")
    args = parser.parse_args()
    goal_runs: list[float] = []
    print(f"{'players':>7} {'version':>8} {'fast games/s':>13} {'actions':>8} {'kinds games/s':>14} "
          f"{'ended':>7} {'door games/s':>13} {'bot games/s':>12}")
    for players in (3, 4):
        for advanced in (False, True):
            rate, plies, _ = fast(players, advanced, args.games, eager)
            kinds, _, ended = fast(players, advanced, max(10, args.games // 4), pick)
            through = door(players, advanced, max(5, args.games // 20))
            bots = bot(players, advanced, max(5, args.games // 20))
            version = "advanced" if advanced else "base"
            if (players, advanced) == (4, False):
                goal_runs = [rate]   # the goal's row: its first run
            print(f"{players:>7} {version:>8} {rate:>13.0f} {plies:>8.0f} {kinds:>14.0f} "
                  f"{ended:>3}/{max(10, args.games // 4):<3} {through:>13.0f} {bots:>12.1f}")
    goal_runs += [fast(4, False, args.games, eager)[0] for _ in range(args.runs - 1)]
    goal = statistics.median(goal_runs)
    median = f", median of {args.runs} runs" if args.runs > 1 else ""
    print(f"4 players base, fast{median}: {goal:.0f} games/s "
          f"(goal >= {GOAL}: {'met' if goal >= GOAL else 'NOT met'})")


if __name__ == "__main__":
    main()
