"""Dice sources. Randomness is always injected: a rule never rolls from a global generator.

``RecordingDice`` wraps any source and records each (sides, face) it gives, so a game's log can
replay it exactly through ``ScriptedDice``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Protocol

from rules.core.errors import ReplayError


class Dice(Protocol):
    """Anything that can roll one die with ``sides`` faces, giving 1..sides."""

    def roll(self, sides: int) -> int: ...


class RandomDice:
    """Seeded dice for tests and simulations."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def roll(self, sides: int) -> int:
        return self._rng.randint(1, sides)


class SystemDice:
    """Dice from the operating system's randomness, for rolls that matter."""

    def __init__(self) -> None:
        self._rng = random.SystemRandom()

    def roll(self, sides: int) -> int:
        return self._rng.randint(1, sides)


class ScriptedDice:
    """Dice that give recorded faces in order; used for replays and worked examples."""

    def __init__(self, faces: Iterable[int | tuple[int, int]]) -> None:
        self._faces: list[int | tuple[int, int]] = list(faces)
        self._pos = 0

    def roll(self, sides: int) -> int:
        if self._pos >= len(self._faces):
            raise ReplayError(f"a D{sides} was rolled but no recorded result is left")
        item = self._faces[self._pos]
        self._pos += 1
        if isinstance(item, tuple):
            rec_sides, face = item
            if rec_sides != sides:
                raise ReplayError(f"the log has a D{rec_sides} where a D{sides} is rolled now")
        else:
            face = item
        if not 1 <= face <= sides:
            raise ReplayError(f"{face} is not a face of a D{sides}")
        return face

    @property
    def remaining(self) -> int:
        return len(self._faces) - self._pos


class RecordingDice:
    """Wraps a dice source and records every (sides, face) it gives."""

    def __init__(self, inner: Dice) -> None:
        self.inner = inner
        self.rolls: list[tuple[int, int]] = []

    def roll(self, sides: int) -> int:
        face = self.inner.roll(sides)
        if not 1 <= face <= sides:
            raise ValueError(f"dice source gave {face} for a D{sides}")
        self.rolls.append((sides, face))
        return face
