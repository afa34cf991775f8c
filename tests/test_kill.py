"""kill -9 of one bot process under load, two processes on one PostgreSQL database (each a
tests/proc_driver.py subprocess clicking the same games): the other keeps serving, a process
started again serves the same games' current buttons, and no acknowledged action is lost or
applied twice."""

from __future__ import annotations

import asyncio
import signal
import sys
from pathlib import Path

from bot.service import GameService
from rules.wargame_chess.dice import RandomDice
from tests.conftest import Databases
from tests.test_backends import live_game

ROOT = Path(__file__).resolve().parent.parent
GAMES = 24  # so the drivers cannot play them all to the end first (a game: ~300 clicks)


class Driver:
    """One bot process and the answers it has given."""

    def __init__(self, proc: asyncio.subprocess.Process) -> None:
        self.proc = proc
        self.acks: list[tuple[int, int, int]] = []  # (game, version, steps)
        self.refused = 0
        self.texts: list[str] = []
        self.errors: list[str] = []
        self.ready = asyncio.Event()
        self.reader = asyncio.create_task(self._read())

    @classmethod
    async def start(cls, url: str, seed: int, games: list[int], seconds: float = 60) -> Driver:
        proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "tests.proc_driver",
            url,
            str(seconds),
            str(seed),
            *map(str, games),
            cwd=ROOT,
            stdout=asyncio.subprocess.PIPE,
        )
        d = cls(proc)
        await asyncio.wait_for(d.ready.wait(), 60)
        return d

    async def _read(self) -> None:
        assert self.proc.stdout is not None
        async for line in self.proc.stdout:
            words = line.decode().split()
            if words == ["ready"]:
                self.ready.set()
            elif words and words[0] == "ack":
                game, version, steps = map(int, words[1:])
                self.acks.append((game, version, steps))
            elif words[:1] == ["error"]:
                self.errors.append(" ".join(words[1:]))
            elif words[:1] == ["refused"]:
                self.texts.append(" ".join(words[1:]))
                self.refused += 1

    async def acks_reach(self, n: int, timeout: float = 60) -> None:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while len(self.acks) < n:
            assert loop.time() < deadline, (len(self.acks), self.texts[-5:], self.errors[-3:])
            assert self.proc.returncode is None, "the process ended"
            await asyncio.sleep(0.02)

    async def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        await self.proc.wait()
        await self.reader  # what it printed before it died was acknowledged


async def test_kill_9_of_one_process_loses_no_acknowledged_action(pg: Databases) -> None:
    url = await pg.url("shared")
    assert url is not None
    store = await pg.store("shared")
    await store.open()
    svc = GameService(store, dice=lambda: RandomDice(3), render=False)
    games = [await live_game(svc, channel=500 + i) for i in range(GAMES)]

    a = await Driver.start(url, 1, games)
    b = await Driver.start(url, 2, games)
    try:
        await a.acks_reach(40)
        await a.kill()  # in the middle of its clicks and group commits
        assert a.proc.returncode == -signal.SIGKILL
        seen = len(b.acks)
        await b.acks_reach(seen + 40)  # the other process keeps serving
        again = await Driver.start(url, 3, games)  # the killed process, started again
        await again.acks_reach(20)  # the same games' current buttons work there
        await again.kill()
    finally:
        for d in (a, b):
            if d.proc.returncode is None:
                await d.kill()

    acks = a.acks + b.acks + again.acks
    assert a.errors + b.errors + again.errors == []
    assert b.refused + a.refused > 0  # the processes did click the same buttons
    for game_id in games:
        row = await store.game(game_id)
        assert row is not None
        events = await store.events(game_id)
        # Each step logged once, in order, with no gap: nothing applied twice.
        assert [e["seq"] for e in events] == list(range(len(events)))
        stored = await svc.stored_state(game_id)
        assert stored is not None
        assert len(svc.plugin(row).rules.history(stored)) == len(events)
        mine = [x for x in acks if x[0] == game_id]
        for _, version, steps in mine:  # every acknowledged action is in the store
            assert row.version >= version and len(events) >= steps
        # Each version was acknowledged to one process only.
        assert len({v for _, v, _ in mine}) == len(mine)
    await store.close()
