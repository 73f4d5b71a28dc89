"""Fzzzt! speed: random games per second, and the best-widget search on the largest hands.

Issue 6 asks for the best-assignment search to stay under 50 ms for any real hand.
The largest hand a game can produce is one player owning every production unit
(10) and every robot card (36 robots and 2 upgrades), with robots already put on
units at each of the five clean-ups. This script times:

1. random playouts (digital chance) to a scored end, per player count;
2. the widget search on end-of-game hands from those playouts (real hands);
3. the search on the extreme hand: all units, all robots, and random pinnings
   (0 to 5 robots per unit, each fitting the unit), plus random large subsets;
4. optionally (--bot-games N) the bot against random bidders.

Prints one line per figure. No peer exists to compare with.

    .venv/bin/python bench/fzzzt.py [--games 20] [--extreme 200] [--bot-games 0]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import engines
from engines import RandomBot
from engines.core import Bot
from engines.fzzzt.cards import card_table
from engines.fzzzt.scoring import best_widgets
from engines.fzzzt.state import FzzztState
from engines.fzzzt.table import widgets_for
from engines.playout import random_playout
from engines.rng import Rng

GAME = engines.get("fzzzt")
CARDS = card_table("")


def bench_playouts(games: int) -> list[FzzztState]:
    finals = []
    for players in (2, 3, 4):
        start = time.perf_counter()
        plies = 0
        for seed in range(games):
            result = random_playout(GAME, players, seed, max_plies=5000)
            assert result.finished
            plies += result.plies
            assert isinstance(result.final, FzzztState)
            finals.append(result.final)
        took = time.perf_counter() - start
        print(f"random playouts, {players} players: {games / took:7.1f} games/s "
              f"({plies / games:.0f} actions per game, {plies / took:,.0f} actions/s)")
    return finals


def bench_real_hands(finals: list[FzzztState]) -> None:
    worst, worst_size = 0.0, (0, 0)
    for final in finals:
        for seat in range(final.n):
            took = _timed(lambda: widgets_for(final, seat))  # noqa: B023 (called at once)
            if took > worst:
                robots = sum(1 for c in final.owned(seat) if CARDS[c].is_robot)
                worst, worst_size = took, (len(final.units[seat]), robots)
    print(f"widget search on {sum(f.n for f in finals)} real end-of-game hands: worst "
          f"{worst * 1000:.2f} ms ({worst_size[0]} units, {worst_size[1]} robots)")


def _timed(run: Callable[[], object], repeat: int = 3) -> float:
    """The best of ``repeat`` runs: the machine is shared, so a single run may include others' load."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def bench_extreme(trials: int) -> None:
    units = [(c.id, c.symbols, c.points) for c in CARDS.values() if c.kind == "unit"]
    robots = [c for c in CARDS.values() if c.is_robot]
    rng = Rng.from_seed(6)
    start = time.perf_counter()
    best_widgets(units, {}, [(c.id, c.symbols) for c in robots])
    print(f"widget search, every unit and every robot, nothing pinned: "
          f"{(time.perf_counter() - start) * 1000:.2f} ms")
    worst, total, label = 0.0, 0.0, ""
    for trial in range(trials):
        shuffled, rng = rng.shuffled(robots)
        pinned: dict[str, list[tuple[str, str]]] = {}
        used: set[str] = set()
        for uid, syms, _ in units:
            count, rng = rng.below(6)
            fitting = [c for c in shuffled if c.id not in used and set(c.symbols) & set(syms)]
            for card in fitting[:count]:
                pinned.setdefault(uid, []).append((card.id, card.symbols))
                used.add(card.id)
        keep, rng = rng.below(10)       # every robot, or up to nine fewer
        free = [(c.id, c.symbols) for c in shuffled if c.id not in used][keep if trial % 2 else 0:]
        took = _timed(lambda: best_widgets(units, pinned, free))  # noqa: B023 (called at once)
        total += took
        if took > worst:
            worst, label = took, f"{sum(map(len, pinned.values()))} pinned, {len(free)} free robots"
    print(f"widget search, every unit, {trials} random pinnings of the largest hands (best of 3 runs "
          f"each): mean {total / trials * 1000:.2f} ms, worst {worst * 1000:.2f} ms ({label}); goal < 50 ms")


def bench_bot(games: int) -> None:
    for players in (2, 3, 4):
        wins = 0
        for seed in range(games):
            seat = seed % players
            bots: list[Bot] = [RandomBot() for _ in range(players)]
            bots[seat] = GAME.bot()
            state = GAME.start(players=players, seed=700 + seed)
            step = 0
            while state.awaiting:
                who = state.awaiting[0]
                choice = bots[who].choose(state, who, lambda: False, seed * 1000 + step)
                state = state.apply(who, choice.action)
                step += 1
            assert state.outcome is not None
            wins += seat in state.outcome["winners"]
        print(f"bot against random bidders, {players} players: won {wins} of {games} "
              f"(a random player expects {games / players:.0f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--extreme", type=int, default=200)
    parser.add_argument("--bot-games", type=int, default=0)
    args = parser.parse_args()
    finals = bench_playouts(args.games)
    bench_real_hands(finals)
    bench_extreme(args.extreme)
    if args.bot_games:
        bench_bot(args.bot_games)


if __name__ == "__main__":
    main()
