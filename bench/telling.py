"""How long the table screen tells a round at Auto: seeded random games of every game, each change
(a play with the draws it caused) told through the companion's own story (companion/story.py) at
Auto's pace, as the pacer shows it. Per game: the median and the worst time per round, and the
steps (stops at Auto) per round. A round: the changes between two plays of the same game title
(``Game.chapter_title``: "round 3"), or each change for a game without one.

"Told" is the time from the round's first step on the screen to its last one (when plays held for
it open again); the figures are computed, not waited for, so the bench takes a few seconds.

Usage: .venv/bin/python bench/telling.py [--seeds N] [--game ID]
"""

from __future__ import annotations

import argparse
import statistics
from typing import Any

import engines
from companion.story import Chapter, Story, snapshot
from engines import TABLE, Game, State
from engines.playout import random_playout

PLAYERS = {"sharks-with-lasers": 4, "fzzzt": 3, "loch-ness": 3}   # a typical table; else the fewest


def chapters(game: Game, players: int, seed: int, max_plies: int) -> list[Chapter]:
    """The changes of one random game, as the companion makes them (a play, then its draws)."""
    out: list[Chapter] = []
    group: dict[str, Any] = {}

    def close() -> None:
        if group:
            n = len(out) + 1
            after = snapshot(group["after"])
            out.append(Chapter.make(str(n), n, group["events"], group["before"], after, game))

    def on_step(before: State, seat: int, action: Any, after: State) -> None:
        nonlocal group
        if seat != TABLE or not group:
            close()
            group = {"events": [], "before": snapshot(before)}
        group["events"].extend(after.events)
        group["after"] = after

    random_playout(game, players, seed, {}, max_plies=max_plies, on_step=on_step)
    close()
    return out


def told(story: Story, chapter: Chapter, least: float) -> tuple[float, int]:
    """Seconds from the chapter's first step on the screen to its last, and its stops."""
    story.add(chapter)
    seconds, stops = 0.0, 1
    now = story.current()
    if now is not None and now[0] is not chapter and chapter.steps and story.waiting():
        seconds += story.reading_seconds(least)   # a glance (Chapter.glance) comes up first
        story.next()
        now = story.current()
    if now is None or now[0] is not chapter:
        return 0.0, 0
    while story.waiting():
        seconds += story.reading_seconds(least)
        story.next()
        stops += 1
    return seconds, stops


def rounds(game: Game, seeds: int, max_plies: int) -> list[tuple[float, int]]:
    players = PLAYERS.get(game.id, max(game.min_players, 2))
    out: list[tuple[float, int]] = []
    for seed in range(seeds):
        story: Story | None = None
        per: dict[str, list[float]] = {}
        order: list[str] = []
        for n, chapter in enumerate(chapters(game, players, seed, max_plies)):
            if story is None:
                story = Story(chapter.before)
            seconds, stops = told(story, chapter, game.pacing.step_seconds)
            if not stops:
                continue
            key = chapter.title.to_json()["params"].__repr__() if chapter.title is not None else str(n)
            if key not in per:
                per[key] = [0.0, 0]
                order.append(key)
            per[key][0] += seconds
            per[key][1] += stops
        out += [(per[k][0], int(per[k][1])) for k in order]
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=8)
    parser.add_argument("--game", default=None)
    parser.add_argument("--plies", type=int, default=600)
    args = parser.parse_args()
    print(f"{'game':<20} {'rounds':>6} {'median s':>9} {'worst s':>8} "
          f"{'median stops':>13} {'worst stops':>12}")
    for game in engines.GAMES.values():
        if args.game and game.id != args.game:
            continue
        found = rounds(game, args.seeds, args.plies)
        if not found:
            continue
        seconds = [s for s, _ in found]
        stops = [n for _, n in found]
        print(f"{game.id:<20} {len(found):>6} {statistics.median(seconds):>9.1f} {max(seconds):>8.1f} "
              f"{statistics.median(stops):>13.0f} {max(stops):>12}")


if __name__ == "__main__":
    main()
