"""What happened: events for players to read, steps for the log, and replay from the log.

Every system's ``apply`` returns the events of one action; its state keeps one ``Step`` per action
with the dice that action rolled, so ``replay`` rebuilds the identical game from the log.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, TypeVar

from rules.core.actions import Action
from rules.core.dice import Dice, ScriptedDice
from rules.core.errors import IllegalAction, ReplayError

S = TypeVar("S")


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, for players to read and for the renderer to draw.

    ``kind`` is a short machine name ("moved", "rolled", "slain", ...); ``data`` holds
    JSON-friendly details (piece keys, squares as text, dice faces, totals).
    """

    kind: str
    text: str
    data: tuple[tuple[str, Any], ...] = ()

    def get(self, name: str, default: Any = None) -> Any:
        for k, v in self.data:
            if k == name:
                return v
        return default


@dataclass(frozen=True, slots=True)
class Step:
    """One applied action, the dice it rolled (sides, face) in order, and what happened."""

    action: Action
    rolls: tuple[tuple[int, int], ...]
    events: tuple[Event, ...]


def replay(
    state: S,
    apply: Callable[[S, Action, Dice], tuple[S, list[Event]]],
    steps: Iterable[tuple[Action, Iterable[tuple[int, int]]]],
) -> S:
    """Apply each logged action to ``state`` with exactly the dice it rolled: every recorded
    roll must be used, and no other may be asked for."""
    for i, (action, rolls) in enumerate(steps):
        dice = ScriptedDice(list(rolls))
        try:
            state, _ = apply(state, action, dice)
        except IllegalAction as e:
            raise ReplayError(f"step {i + 1} ({action.name}) is not legal: {e}") from e
        if dice.remaining:
            raise ReplayError(f"step {i + 1} ({action.name}) left {dice.remaining} rolls unused")
    return state
