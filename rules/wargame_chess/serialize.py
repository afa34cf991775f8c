"""A game as JSON: its configuration and its event log (each action with the dice it rolled).

Loading replays the log through the engine, so a saved game can never hold a state the rules
could not reach. ``version`` lets later formats read older saves. The format is the shared one of
``rules.core.system.GameSystem``; these are Wargame Chess's shortcuts to it.
"""

from __future__ import annotations

from typing import Any

from rules.wargame_chess.state import GameState
from rules.wargame_chess.system import SYSTEM

FORMAT = SYSTEM.id


def game_to_dict(state: GameState) -> dict[str, Any]:
    return SYSTEM.to_dict(state)


def game_from_dict(d: dict[str, Any]) -> GameState:
    return SYSTEM.from_dict(d)


def dumps(state: GameState) -> str:
    return SYSTEM.dumps(state)


def loads(text: str) -> GameState:
    return SYSTEM.loads(text)
