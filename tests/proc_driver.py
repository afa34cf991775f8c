"""One bot process without Discord, for tests/test_kill.py: a store and a GameService on a
PostgreSQL database, several players clicking the first choice of random games at once, as long
as it is told to. Each action the service acknowledges (what a player would be told) is printed
as ``ack GAME VERSION STEPS`` once the answer is in hand; refusals as ``refused TEXT``, failures
as ``error TEXT``.

    python -m tests.proc_driver URL SECONDS SEED GAME_ID...
"""

from __future__ import annotations

import asyncio
import random
import sys
import time

from bot.service import GameService
from bot.store_pg import PgStore
from rules.wargame_chess.dice import RandomDice

PLAYERS = 6  # clicks in flight at once in this process


async def main(url: str, seconds: float, seed: int, game_ids: list[int]) -> None:
    store = PgStore(url, pool_size=4)
    await store.open()
    svc = GameService(store, dice=lambda: RandomDice(seed), render=False)
    end = time.monotonic() + seconds
    print("ready", flush=True)

    async def player(n: int) -> None:
        rng = random.Random(seed * 100 + n)
        while time.monotonic() < end:
            try:
                await click(rng.choice(game_ids))
            except Exception as e:  # reported, and the test fails on it
                print("error", repr(e)[:200].replace("\n", " "), flush=True)

    async def click(game_id: int) -> None:
        row = await store.game(game_id)
        if row is None or row.status != "live":
            await asyncio.sleep(0.01)
            return
        state = await svc.state_of(row)
        if state is None or state.decider is None:
            return
        ans = await svc.choose(game_id, row.version, svc.user_of(row, state.decider), 0)
        if ans.ok and ans.version is not None and ans.state is not None:
            steps = len(svc.plugin(row).rules.history(ans.state))
            print(f"ack {game_id} {ans.version} {steps}", flush=True)
        else:
            print("refused", ans.text[:60].replace("\n", " "), flush=True)

    await asyncio.gather(*(player(n) for n in range(PLAYERS)))
    await store.close()


if __name__ == "__main__":
    url, seconds, seed, *ids = sys.argv[1:]
    asyncio.run(main(url, float(seconds), int(seed), [int(i) for i in ids]))
