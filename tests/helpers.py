"""Small helpers for engine tests: apply actions with scripted dice and read the events."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rules.wargame_chess.actions import Action
from rules.wargame_chess.dice import ScriptedDice
from rules.wargame_chess.engine import apply
from rules.wargame_chess.state import Event, GameState


def step(
    state: GameState, action: Action, rolls: Iterable[int] = ()
) -> tuple[GameState, list[Event]]:
    """Apply one action with exactly the given die faces; fail if any face is left unused."""
    dice = ScriptedDice(list(rolls))
    new, events = apply(state, action, dice)
    assert dice.remaining == 0, f"{dice.remaining} scripted rolls were not used"
    return new, events


def texts(events: Iterable[Event]) -> list[str]:
    return [e.text for e in events]


def kinds(events: Iterable[Event]) -> list[str]:
    return [e.kind for e in events]


def command(text: str) -> Any:
    """A console line parsed into the structured command it means, as if a game were going
    on (for service tests that drive a game the way a slash command would)."""
    from bot.table import Table
    from rules.wargame_chess.system import SYSTEM

    return Table(ScriptedDice([]), state=SYSTEM.new_game({})).parse(text)
