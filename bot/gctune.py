"""Keep garbage-collection pauses short in a long-running bot.

A bot holds every live game's state in memory: hundreds of thousands of long-lived objects
(pieces, steps, events). CPython's full collections walk all of them; with 1000 live games one
was measured at 50-320 ms (bench/interactions.py), stalling every interaction queued behind it.
Game states are immutable and free of reference cycles, so reference counting frees them when
they are dropped; the cyclic collector gains nothing by walking them again and again.

So: full collections run a tenth as often as CPython's default (the young generations keep
their thresholds: raising those made each young collection long, 67 ms for one), and after
each one the survivors move to the permanent generation (`gc.freeze`), so the next walks only
what was created since. An object that was frozen and later dies inside a reference cycle
would never be freed, so every `THAW_EVERY` seconds the permanent generation is handed back
(`gc.unfreeze`) and the next full collection walks everything once.
"""

from __future__ import annotations

import gc
import time
from typing import Any

THAW_EVERY = 600.0

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
    gc.set_threshold(700, 10, 100)
    gc.callbacks.append(after_collection)
    gc.collect()  # start-up garbage out; what is alive now is frozen by the callback
