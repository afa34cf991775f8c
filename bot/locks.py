"""Locks by key (a game, a channel) that exist only while someone holds or waits for them, so a
bot that has served a million games, or been sent clicks for ids that were never games, keeps no
lock for any of them."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager


class KeyedLocks:
    def __init__(self) -> None:
        self._held: dict[int, tuple[asyncio.Lock, int]] = {}  # key -> (lock, users)

    def __len__(self) -> int:
        return len(self._held)

    @asynccontextmanager
    async def hold(self, key: int) -> AsyncIterator[None]:
        lock, users = self._held.get(key) or (asyncio.Lock(), 0)
        self._held[key] = (lock, users + 1)
        try:
            async with lock:
                yield
        finally:
            lock, users = self._held[key]
            if users == 1:
                del self._held[key]
            else:
                self._held[key] = (lock, users - 1)
