"""Jaws: random games per second (Act 1; Act 2), the shark bot's thinking time, and the bots' strength.

Figures (goals from issues 11 and 28, on the development machine; a Pi is about 3 times slower):
- ``fast``: complete random Act 1 games per second through ``engines.jaws.fast.simulate`` (one
  working position changed in place, no story told). Goal: at least 500.
- complete random Act 2 games per second, the same way, with the test fixture's box profile (made-up
  numbers, tests/fixtures/jaws_box.json: never a real box's) and the companion's deck and dice, and
  with the table's readings drawn at random (physical). Goal: at least 200 (a random crew wanders:
  700-800 plays a game, two thirds of them preparing).
- the shark bot's time for a whole turn (every step it plans, from the event card to its "end"),
  mean and worst. Goal: under 0.3 s.
- strength over ``--games`` games each (two players: seat 0 the shark, seat 1 the whole crew):
  the shark bot against the crew bot wins at least twice as often as a random-legal shark does;
  the crew bot against the shark bot wins at least twice as often as a random-legal crew does.

Usage: .venv/bin/python bench/jaws.py [--games N] [--runs 3]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path
from typing import Any

from engines import TABLE, RandomBot
from engines.jaws import GAME
from engines.jaws.fast import simulate
from engines.playout import chance_pick
from engines.rng import Rng

SHARK = 0
FIXTURE = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "jaws_box.json"


def random_games(games: int, players: int, options: dict[str, Any] | None = None) -> float:
    options = {"acts": "1"} if options is None else options
    starts = [GAME.start(players=players, seed=seed, options=options).position for seed in range(games)]
    begin = time.perf_counter()
    for seed, start in enumerate(starts):
        end = simulate(start, Rng.from_seed(seed))
        assert end.phase == "over"
    return games / (time.perf_counter() - begin)


def match(shark: Any, crew: Any, seed: int, turns: list[float] | None = None) -> bool:
    """One two-player game of Act 1; True if the shark won. ``turns`` collects the shark bot's turn times."""
    state = GAME.start(players=2, seed=seed, options={"acts": "1"})
    rng = Rng.from_seed(seed ^ 0xBE7C4)
    thinking = 0.0
    for ply in range(5000):
        if not state.awaiting:
            break
        seat = state.awaiting[0]
        if seat == TABLE:
            action, rng = chance_pick(state, rng)
        else:
            bot = shark if seat == SHARK else crew
            begin = time.perf_counter()
            action = bot.choose(state, seat, lambda: False, seed * 100_003 + ply).action
            if seat == SHARK:
                thinking += time.perf_counter() - begin
                if action["type"] in ("end", "start") and turns is not None:
                    turns.append(thinking)
                if action["type"] in ("end", "start"):
                    thinking = 0.0
        state = state.apply(seat, action)
    assert state.outcome is not None, f"seed {seed} did not finish"
    return state.outcome["winners"] == [SHARK]


def rate(shark: Any, crew: Any, games: int, turns: list[float] | None = None) -> float:
    return sum(match(shark, crew, seed, turns) for seed in range(games)) / games


def verdict(value: float, goal: float) -> str:
    return f"(goal >= {goal:g}: {'met' if value >= goal else 'NOT met'})"


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--runs", type=int, default=1, help="each speed is the median of this many runs")
    args = parser.parse_args()
    median = f", median of {args.runs} runs" if args.runs > 1 else ""
    for players in (2, 4):
        speed = statistics.median(random_games(500, players) for _ in range(args.runs))
        print(f"random Act 1 games/s, {players} players (fast path{median}): {speed:.0f} "
              f"{verdict(speed, 500)}")
    box = json.dumps(json.loads(FIXTURE.read_text(encoding="utf-8"))["profile"])
    for mode in ("digital", "physical"):
        options = {"acts": "2", "box": box, "resurface": mode, "dice": mode}
        speed = statistics.median(random_games(100, 2, options) for _ in range(args.runs))
        print(f"random Act 2 games/s, 2 players, {mode} deck and dice, the test fixture's box (fast path"
              f"{median}): {speed:.0f} {verdict(speed, 200)}")
    bot, rnd = GAME.bot(), RandomBot()
    turns: list[float] = []
    bot_v_bot = rate(bot, bot, args.games, turns)
    print(
        f"shark bot, whole turn: mean {1000 * sum(turns) / len(turns):.1f} ms, "
        f"95% under {1000 * sorted(turns)[int(0.95 * len(turns))]:.1f} ms, worst {1000 * max(turns):.1f} ms "
        f"over {len(turns)} turns (a worst far above the rest: the machine was busy elsewhere)"
    )
    rnd_shark = rate(rnd, bot, args.games)
    rnd_crew = rate(bot, rnd, args.games)
    print(f"shark wins, shark bot v crew bot:      {bot_v_bot:.3f}")
    print(
        f"shark wins, random shark v crew bot:   {rnd_shark:.3f}   "
        f"ratio {bot_v_bot / max(rnd_shark, 1 / args.games):.1f} (goal >= 2; a 0 counts as 1 game)"
    )
    print(f"crew wins,  crew bot v shark bot:      {1 - bot_v_bot:.3f}")
    print(
        f"crew wins,  random crew v shark bot:   {1 - rnd_crew:.3f}   "
        f"ratio {(1 - bot_v_bot) / max(1 - rnd_crew, 1 / args.games):.1f} (goal >= 2; a 0 counts as 1 game)"
    )


if __name__ == "__main__":
    main()
