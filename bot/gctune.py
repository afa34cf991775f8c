"""Keep garbage-collection pauses short in a long-running bot.

A bot holds every live game's state in memory: with 1000 live games, a few hundred thousand
long-lived objects (pieces, steps, events). CPython's full collections walk all of them: one
took 280-430 ms in bench/interactions.py, stalling every interaction queued behind it, and they
came every 20 seconds or so, because each Activation replaces part of a game's state, so the
long-lived objects are mostly new ones by then.

Game states are immutable and free of reference cycles (reference counting frees them), so the
cyclic collector only needs to walk each object once. So the bot runs the full collection
itself, every `COLLECT_EVERY` seconds from the event loop (`collector`), instead of letting
CPython run it rarely and long; after each, the survivors move to the permanent generation
(`gc.freeze`), so the next walks only the objects created in between: a few milliseconds. The
young generations keep CPython's thresholds.

An object frozen while alive and later dropped inside a reference cycle (an interaction that was
in flight, say) is not freed while frozen, so every `THAW_EVERY` seconds the permanent
generation is handed back (`gc.unfreeze`) and the next collection walks everything once: one
long pause (200-250 ms with 1000 live games, measured by running the benchmark with a
10-second THAW_EVERY) every ten minutes.
"""

from __future__ import annotations

import asyncio
import gc
import time
from typing import Any

COLLECT_EVERY = 1.0
THAW_EVERY = 600.0
NEVER = 1_000_000  # a generation-2 threshold that CPython never reaches on its own

_installed = False
_last_thaw = time.monotonic()


def after_collection(phase: str, info: dict[str, Any]) -> None:
    global _last_thaw
    if phase != "stop" or info.get("generation") != 2:
        return
    now = time.monotonic()
    if now - _last_thaw >= THAW_EVERY:
        _last_thaw = now
        gc.unfreeze()
    else:
        gc.freeze()


def install() -> None:
    """Idempotent: the tests start many bots in one process."""
    global _installed
    if _installed:
        return
    _installed = True
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, NEVER)
    gc.callbacks.append(after_collection)
    gc.collect()  # start-up garbage out; what is alive now is frozen by the callback


async def collector(every: float = COLLECT_EVERY) -> None:
    """Run the full collection every ``every`` seconds (a task of the bot's event loop)."""
    while True:
        await asyncio.sleep(every)
        gc.collect()
