"""Render benchmark: a mid-game board with tokens, highlights, terrain and a tarot spread, to
PNG, against the usual chess-bot pipeline (python-chess's SVG board at the same pixel size,
rasterised with cairosvg) measured in the same run.

    pip install '.[bench]'   # python-chess and cairosvg for the baseline
    python bench/render.py [--runs 60]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.wargame_chess.render import BOARD_PX, board_png
from bot.wargame_chess.samples import midgame
from rules.wargame_chess.dice import RandomDice
from rules.wargame_chess.engine import apply, legal_actions
from rules.wargame_chess.state import GameState


def timed(fn: Callable[[int], bytes], runs: int) -> tuple[list[float], int]:
    """Time ``fn(i)`` for i in range(runs): each call renders a different position, so text
    that changes from move to move is drawn fresh. One warm-up call first, as in a running bot."""
    fn(0)
    times = []
    size = 0
    for i in range(runs):
        t = time.perf_counter()
        size = max(size, len(fn(i)))
        times.append((time.perf_counter() - t) * 1000)
    times.sort()
    return times, size


def positions(n: int) -> list[GameState]:
    """The mid-game sample, then n-1 positions that follow it in a seeded random game."""
    rng = random.Random(7)
    dice = RandomDice(7)
    s = midgame()
    out = [s]
    while len(out) < n and not s.is_over:
        s, _ = apply(s, rng.choice(legal_actions(s)), dice)
        out.append(s)
    return out


def report(name: str, times: list[float], size: int) -> float:
    med = statistics.median(times)
    p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
    print(f"{name}: median {med:.1f} ms, p95 {p95:.1f} ms, PNG {size / 1024:.0f} KB")
    return med


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=60)
    args = ap.parse_args()
    states = positions(args.runs + 1)
    ours = report(
        f"wargame-gm board + tracker (Pillow), {len(states)} successive positions",
        *timed(lambda i: board_png(states[i % len(states)]), args.runs),
    )
    try:
        import cairosvg
        import chess
        import chess.svg
    except ImportError:
        print("python-chess or cairosvg missing (pip install '.[bench]'): no baseline")
        return
    rng = random.Random(7)
    board = chess.Board("r1bqk2r/pp3ppp/2n1pn2/3p4/1bPP4/2N1PN2/PP3PPP/R1BQKB1R w KQkq - 0 1")
    boards = []
    for _ in range(args.runs + 1):
        move = rng.choice(list(board.legal_moves))
        board.push(move)
        boards.append((board.copy(), move))
        if board.is_game_over():
            board = chess.Board()

    def baseline(i: int) -> bytes:
        b, move = boards[i % len(boards)]
        dests = chess.SquareSet(m.to_square for m in b.legal_moves)
        svg = chess.svg.board(b, size=BOARD_PX, lastmove=move, squares=dests)
        return bytes(cairosvg.svg2png(bytestring=svg.encode()))

    base = report(
        f"baseline python-chess chess.svg.board {BOARD_PX}px + cairosvg, same count",
        *timed(baseline, args.runs),
    )
    print(f"speed-up: {base / ours:.1f}x (target: at least 10x)")


if __name__ == "__main__":
    main()
