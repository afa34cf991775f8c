"""Memory after many games: does the bot's resident size stay flat?

Plays N games through the game service (the store on disk, pictures off): each is challenged,
accepted, given teams, set up (Trees, deployment), played for a few random Activations, and
conceded: played to its end. The resident set size (RSS) is printed every 1000 games. The
baseline in the same run is the service's behaviour before eviction (every game it touched kept
in memory with its lock), for a share of the games: its RSS grows with every game, and the
service's own bookkeeping (cached games, locks) is printed for both.

    python bench/memory.py [--games 10000] [--baseline 2000] [--actions 10]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot import service as S
from bot.service import GameService
from bot.store import Store
from bot.wargame_chess import commands as W
from rules.core.dice import RandomDice

TEAMS = ("K Q R 2N 3P", "K 2B 2N J 2P")


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def play(svc: GameService, channel: int, rng: random.Random, actions: int) -> None:
    white, black = 2 * channel, 2 * channel + 1
    ans = await svc.challenge(1, channel, white, black)
    await svc.answer_challenge(ans.game_id or 0, black, True)
    await svc.set_team(channel, white, TEAMS[0])
    await svc.set_team(channel, black, TEAMS[1])
    for cmd in (W.Trees(), W.Trees(W.TreeMode.MIRROR), W.DeployAuto(), W.DeployAuto()):
        row, state = await svc.current(channel)  # type: ignore[misc]
        await svc.execute(channel, svc.user_of(row, state.decider), cmd)
    for _ in range(actions):
        row, state = await svc.current(channel)  # type: ignore[misc]
        if state is None or state.is_over:
            return
        n = len(svc.plugin(row).rules.legal_actions(state))
        await svc.choose(row.id, row.version, svc.user_of(row, state.decider), rng.randrange(n))
    await svc.concede(channel, white)
    await svc.choose(10**9 + channel, 0, white, 0)  # a click on an id that was never a game


async def run(games: int, actions: int, keep_all: bool, label: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(Path(tmp) / "memory.sqlite3")
        await store.open()
        svc = GameService(store, dice=lambda: RandomDice(7), render=False)
        if keep_all:  # the behaviour before eviction, for the baseline
            kept: dict[int, object] = {}
            remember = svc._remember

            def keep(game_id: int, version: int, state: object, over: bool = False) -> None:
                kept[game_id] = state
                remember(game_id, version, state, False)

            svc._remember = keep  # type: ignore[method-assign,assignment]
            S.CACHE_GAMES = 10**9
        rng = random.Random(1)
        t0 = time.perf_counter()
        gc.collect()
        start = rss_mb()
        print(f"{label}: RSS at the start {start:.0f} MB")
        for g in range(1, games + 1):
            await play(svc, 1_000_000 + g, rng, actions)
            if g % 1000 == 0 or g == games:
                gc.collect()
                print(
                    f"{label}: {g:>6} games ended, RSS {rss_mb():.0f} MB "
                    f"(+{rss_mb() - start:.0f}), cached games {len(svc._cache)}, "
                    f"locks {len(svc._locks)}, {time.perf_counter() - t0:.0f}s"
                )
        await store.close()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=10_000)
    ap.add_argument("--baseline", type=int, default=2000)
    ap.add_argument("--actions", type=int, default=10)
    a = ap.parse_args()
    asyncio.run(run(a.games, a.actions, False, "with eviction"))
    if a.baseline:
        asyncio.run(run(a.baseline, a.actions, True, "baseline, every game kept"))


if __name__ == "__main__":
    main()
