"""AI benchmark: seeded matches of the AI against a uniform random player and the one-ply
greedy player (the ``easy`` level: best immediate expected evaluation with exact odds), colours
alternating, for every system. Reports wins, draws and losses with 95% confidence intervals
(Wilson), game length in actions, and the AI's time per decision (median, p95; decisions with
one legal action are not counted).

    python bench/ai.py [--games 20] [--systems wargame-chess,d20-chess,card-game]
                       [--level hard] [--opponents random,greedy] [--time-limit 1.0]

Keep runs short on a shared machine: --games is per system and opponent.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.ai.players import AIPlayer, RandomPlayer
from rules.core.board import Player
from rules.core.dice import RandomDice
from rules.core.system import GameSystem

MAX_ACTIONS = 4000  # a game longer than this is stopped and counted as a draw


def _systems() -> dict[str, GameSystem[Any, Any]]:
    from bot import systems  # the registry: every system built

    return {k: p.rules for k, p in systems.SYSTEMS.items()}


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% confidence interval of a proportion k/n (Wilson's score interval)."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, centre - half), min(1.0, centre + half))


def play(
    system: GameSystem[Any, Any], white: Any, black: Any, seed: int
) -> tuple[Player | None, int]:
    """One game with seeded dice: the winner (None for a draw) and its length in actions."""
    state = system.new_game({})
    dice = RandomDice(seed)
    n = 0
    while system.result(state) is None and n < MAX_ACTIONS:
        who = system.decider(state)
        p = white if who is Player.WHITE else black
        action = p.act(system, state)
        state, _ = system.apply(state, action, dice)
        n += 1
    result = system.result(state)
    return (None if result is None else result.winner), n


def match(
    system: GameSystem[Any, Any], ai: AIPlayer, opponent: Any, games: int, seed: int
) -> dict[str, Any]:
    wins = draws = losses = 0
    lengths: list[int] = []
    for g in range(games):
        ai_seat = Player.WHITE if g % 2 == 0 else Player.BLACK
        white, black = (ai, opponent) if ai_seat is Player.WHITE else (opponent, ai)
        winner, n = play(system, white, black, seed + g)
        lengths.append(n)
        if winner is None:
            draws += 1
        elif winner is ai_seat:
            wins += 1
        else:
            losses += 1
    return {
        "wins": wins,
        "draws": draws,
        "losses": losses,
        "lengths": lengths,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--games", type=int, default=20, help="games per system and opponent")
    ap.add_argument("--systems", default="", help="comma-separated ids (default: all)")
    ap.add_argument("--level", default="hard")
    ap.add_argument("--opponents", default="random,greedy")
    ap.add_argument("--time-limit", type=float, default=None, help="seconds per decision")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    found = _systems()
    ids = [s for s in args.systems.split(",") if s] or list(found)
    print(
        f"AI level {args.level}, {args.games} games per pairing, colours alternating, seed "
        f"{args.seed}; 95% intervals (Wilson) on the AI's win rate"
    )
    for sid in ids:
        system = found[sid]
        for opp_name in [o for o in args.opponents.split(",") if o]:
            ai = _TimedAI(args.level, args.seed, args.time_limit)
            opponent: Any = (
                RandomPlayer(args.seed + 7) if opp_name == "random" else AIPlayer("easy", 99)
            )
            t0 = time.perf_counter()
            r = match(system, ai, opponent, args.games, args.seed * 1000)
            wall = time.perf_counter() - t0
            n = args.games
            lo, hi = wilson(r["wins"], n)
            times = ai.times
            med, p95 = _median_p95(times)
            turn_med, turn_p95 = _median_p95(ai.turns)
            print(
                f"{sid:14} vs {opp_name:6}: W {r['wins']:3} D {r['draws']:3} L {r['losses']:3}"
                f"  win {r['wins'] / n:5.1%} [{lo:5.1%}, {hi:5.1%}]"
                f"  length median {statistics.median(r['lengths']):.0f} actions"
                f"  decision median {med:.3f}s p95 {p95:.3f}s max {max(times, default=0):.3f}s"
                f" ({len(times)} decisions, {wall:.0f}s wall);"
                f" per run of its own decisions (an Activation) median {turn_med:.3f}s"
                f" p95 {turn_p95:.3f}s",
                flush=True,
            )
    return 0


def _median_p95(xs: list[float]) -> tuple[float, float]:
    if not xs:
        return 0.0, 0.0
    return statistics.median(xs), sorted(xs)[int(0.95 * (len(xs) - 1))]


class _TimedAI(AIPlayer):
    """The AI under test, timing its own decisions (only those with a real choice)."""

    def __init__(self, level_name: str, seed: int, time_limit: float | None) -> None:
        super().__init__(level_name, seed, time_limit)
        self.times: list[float] = []
        # a run of the AI's consecutive decisions (an Activation in Wargame Chess, a move and
        # its promotion in d20 explorer chess, a whole turn in the card game): total seconds
        self.turns: list[float] = []
        self._next_step = -1

    def act(self, system: GameSystem[Any, Any], state: Any) -> Any:
        many = len(system.legal_actions(state)) > 1
        step = len(system.history(state))
        t = time.perf_counter()
        action = super().act(system, state)
        took = time.perf_counter() - t
        if many:
            self.times.append(took)
        if step == self._next_step and self.turns:
            self.turns[-1] += took
        else:
            self.turns.append(took)
        self._next_step = step + 1
        return action


if __name__ == "__main__":
    raise SystemExit(main())
