"""A value worked out once per game state.

States are immutable, so what is derived from one (its legal actions, say: the menu, the prompt
and the check all ask for them) can be kept on it. The value lives in the state's ``__dict__``
under a key of its own, outside the dataclass fields: it is not compared, hashed, saved or
replayed, and a copy made with ``dataclasses.replace`` starts without it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


def once(state: Any, key: str, compute: Callable[[Any], T]) -> T:
    """``compute(state)``, worked out on the first call for this state and kept under ``key``."""
    kept = state.__dict__
    found: T | None = kept.get(key)
    if found is None:
        found = kept[key] = compute(state)
    return found
