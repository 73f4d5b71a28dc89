"""Laser Chess speed: perft(3) from Ace against python-chess perft(4) (the bot's depth in 1 s is
bench/laser_chess_bot.py's figure).

Run: .venv/bin/python bench/laser_chess_perft.py [--repeat N]

Both perfts apply every leaf: Laser Chess builds each leaf position and fires its beam
(engines/laser_chess/board.py `perft`), python-chess pushes every leaf move (push/pop, no
bulk counting). Nodes per second = leaves / seconds; the best of N runs is reported for
each, measured in the same run so that the ratio is fair on a shared machine.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engines.laser_chess import board as B
from engines.laser_chess.game import setup_board


def chess_perft(board, depth: int) -> int:  # type: ignore[no-untyped-def]
    if depth == 0:
        return 1
    nodes = 0
    for move in board.legal_moves:
        board.push(move)
        nodes += chess_perft(board, depth - 1)
        board.pop()
    return nodes


def plain_perft(board: bytes, colour: int, depth: int) -> int:
    """perft with B.play per child: a full trace of every beam, no reuse (for comparison)."""
    if depth == 0:
        return 1
    nodes = 0
    for move in B.generate(board, colour):
        after, _, removed = B.play(board, colour, move)
        if removed >> 3 == B.KING:
            nodes += depth == 1
        else:
            nodes += plain_perft(after, 1 - colour, depth - 1)
    return nodes


def best_rate(run, repeat: int) -> tuple[int, float]:  # type: ignore[no-untyped-def]
    best = float("inf")
    nodes = 0
    for _ in range(repeat):
        start = time.perf_counter()
        nodes = run()
        best = min(best, time.perf_counter() - start)
    return nodes, best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    ace = setup_board("ace")
    lc_nodes, lc_time = best_rate(lambda: B.perft(ace, B.BLUE, 3), args.repeat)
    lc_rate = lc_nodes / lc_time
    print(f"laser-chess perft(3) from ace: {lc_nodes} nodes in {lc_time:.3f} s = {lc_rate:,.0f} nodes/s")
    plain_nodes, plain_time = best_rate(lambda: plain_perft(ace, B.BLUE, 3), 1)
    print(f"  the same without reusing the parent's beam (every leaf traced from its laser): "
          f"{plain_nodes / plain_time:,.0f} nodes/s")

    try:
        import chess
    except ImportError:
        print("python-chess is not installed (pip install chess): no ratio")
        chess_rate = None
    else:
        chess_nodes, chess_time = best_rate(lambda: chess_perft(chess.Board(), 4), args.repeat)
        chess_rate = chess_nodes / chess_time
        print(f"python-chess {chess.__version__} perft(4), every leaf pushed: {chess_nodes} nodes in "
              f"{chess_time:.3f} s = {chess_rate:,.0f} nodes/s")
        print(f"ratio (laser-chess / python-chess nodes per second): {lc_rate / chess_rate:.2f}"
              "  (goal >= 2.0)")


if __name__ == "__main__":
    main()
