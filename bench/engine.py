"""Engine benchmark: random full games per second, the cost of legal_actions and apply, and
exact odds against a Monte-Carlo baseline; with python-chess installed (pip install '.[bench]'),
random full games of ordinary chess as a second baseline in the same run.

    python bench/engine.py [--games 200]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.wargame_chess.dice import RandomDice, RollSpec
from rules.wargame_chess.engine import apply, legal_actions, new_game
from rules.wargame_chess.odds import _distribution, _slay, attack_odds
from rules.wargame_chess.pieces import Kind
from rules.wargame_chess.state import GameState
from rules.wargame_chess.teams import TeamList

TEAMS = [
    TeamList.parse("K Q R 2N 3P"),
    TeamList.parse("K 2B 2N J 2P"),
    TeamList.parse("K Q R B N 3P"),
    TeamList.parse("K 8P 2J"),
]


def play(seed: int) -> tuple[GameState, int]:
    rng = random.Random(seed)
    dice = RandomDice(seed)
    s = new_game(TEAMS[seed % 4], TEAMS[(seed + 1) % 4])
    n = 0
    while not s.is_over:
        s, _ = apply(s, rng.choice(legal_actions(s)), dice)
        n += 1
    return s, n


def bench_games(games: int) -> list[GameState]:
    t = time.perf_counter()
    states = []
    actions = 0
    for i in range(games):
        s, n = play(i)
        states.append(s)
        actions += n
    dt = time.perf_counter() - t
    print(
        f"wargame chess: {games} random full games in {dt:.2f}s = "
        f"{games / dt:.1f} games/s, "
        f"{actions / games:.0f} actions/game, {actions / dt:,.0f} actions/s"
    )
    return states


def bench_legal(states: list[GameState]) -> None:
    positions: list[GameState] = []
    for s in states[:20]:
        # rebuild intermediate positions cheaply by replaying a prefix
        from rules.wargame_chess.engine import replay

        hist = s.history
        for cut in range(0, len(hist), max(1, len(hist) // 25)):
            positions.append(replay(s.config, ((h.action, h.rolls) for h in hist[:cut])))
    times = []
    for p in positions:
        t = time.perf_counter()
        legal_actions(p)
        times.append(time.perf_counter() - t)
    times.sort()
    print(
        f"legal_actions over {len(positions)} positions: median "
        f"{statistics.median(times) * 1e6:.0f} us, "
        f"p95 {times[int(len(times) * 0.95)] * 1e6:.0f} us"
    )


def bench_odds() -> None:
    kinds = list(Kind)
    specs = []
    for a in kinds:
        n, s = a.dice
        for adv, dis in ((0, 0), (1, 0), (0, 1)):
            specs.append(RollSpec(n, s, adv, dis))
    pairs = [(x, y) for x in specs for y in specs]
    _distribution.cache_clear()
    _slay.cache_clear()
    t = time.perf_counter()
    for x, y in pairs:
        attack_odds(x, y)
    cold = (time.perf_counter() - t) / len(pairs)
    t = time.perf_counter()
    for _ in range(10):
        for x, y in pairs:
            attack_odds(x, y)
    warm = (time.perf_counter() - t) / (10 * len(pairs))
    # Baseline: a Monte-Carlo estimate good to about +-1% (10,000 samples) of one pair.
    x, y = RollSpec(2, 8, 1, 0), RollSpec(2, 6)
    rng = random.Random(0)
    t = time.perf_counter()
    hits = sum(
        x.total([rng.randint(1, 8), rng.randint(1, 8)])
        > y.total([rng.randint(1, 6), rng.randint(1, 6)])
        for _ in range(10_000)
    )
    mc = time.perf_counter() - t
    exact = float(attack_odds(x, y).slay)
    print(
        f"exact odds for {len(pairs)} attacker/defender pairs: cold {cold * 1e6:.0f} us/pair, "
        f"cached {warm * 1e6:.1f} us/pair"
    )
    print(
        f"baseline Monte-Carlo (10,000 samples, one pair): {mc * 1e3:.1f} ms "
        f"-> estimate {hits / 10_000:.3f} vs exact {exact:.3f}; "
        f"exact cold is {mc / cold:.0f}x faster"
    )


def bench_python_chess(games: int) -> None:
    try:
        import chess
    except ImportError:
        print("python-chess not installed: skipping the ordinary-chess baseline")
        return
    rng = random.Random(0)
    t = time.perf_counter()
    moves = 0
    for _ in range(games):
        b = chess.Board()
        while not b.is_game_over(claim_draw=True) and b.fullmove_number < 200:
            b.push(rng.choice(list(b.legal_moves)))
            moves += 1
    dt = time.perf_counter() - t
    print(
        f"baseline python-chess: {games} random full games in {dt:.2f}s = "
        f"{games / dt:.1f} games/s, "
        f"{moves / dt:,.0f} moves/s"
    )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    args = ap.parse_args()
    states = bench_games(args.games)
    bench_python_chess(max(10, args.games // 4))
    bench_legal(states)
    bench_odds()


if __name__ == "__main__":
    main()
