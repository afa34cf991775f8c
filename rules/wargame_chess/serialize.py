"""A game as JSON: its configuration and its event log (each action with the dice it rolled).

Loading replays the log through the engine, so a saved game can never hold a state the rules
could not reach. ``version`` lets later formats read older saves.
"""

from __future__ import annotations

import json
from typing import Any

from rules.core.errors import ReplayError
from rules.wargame_chess.actions import action_from_dict
from rules.wargame_chess.engine import replay
from rules.wargame_chess.state import FORMAT_VERSION, GameConfig, GameState

FORMAT = "wargame-chess"


def game_to_dict(state: GameState) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "config": state.config.to_dict(),
        "log": [
            {"action": s.action.to_dict(), "rolls": [list(r) for r in s.rolls]}
            for s in state.history
        ],
    }


def game_from_dict(d: dict[str, Any]) -> GameState:
    if d.get("format") != FORMAT:
        raise ReplayError("this is not a Wargame Chess game file")
    version = d.get("version")
    if not isinstance(version, int) or version > FORMAT_VERSION:
        raise ReplayError(f"game file version {version} is newer than this bot understands")
    config = GameConfig.from_dict(d["config"])
    steps = [
        (action_from_dict(s["action"]), [(int(a), int(b)) for a, b in s["rolls"]]) for s in d["log"]
    ]
    return replay(config, steps)


def dumps(state: GameState) -> str:
    return json.dumps(game_to_dict(state), separators=(",", ":"))


def loads(text: str) -> GameState:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise ReplayError(f"the game file is not valid JSON: {e.msg}") from None
    return game_from_dict(data)
