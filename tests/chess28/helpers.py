"""Building Chess28 positions for tests: models on squares, terrain, hands, whose turn."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules.chess28 import actions as A
from rules.chess28.charts import Facing
from rules.chess28.engine import apply, legal_actions
from rules.chess28.models import ModelDef
from rules.chess28.roster import ROSTER, Party
from rules.chess28.state import (
    GameConfig,
    GameState,
    Mode,
    Phase,
    Terrain,
    TerrainKind,
    Unit,
    Zone,
    terrain_kinds,
)
from rules.core.board import Player, Square
from rules.core.dice import ScriptedDice
from rules.core.history import Event

W, B = Player.WHITE, Player.BLACK

# A plain test model: moves one square any way with a free pivot, swords all round.
PLAIN = "Plain; move ooo/oAo/ooo; attack xxx/xAx/xxx; fight 2; defence 1; hp 2"


def model(text: str) -> ModelDef:
    return ROSTER[text.lower()] if text.lower() in ROSTER else ModelDef.parse(text)


def sq(text: str) -> Square:
    return Square.parse(text)


def position(
    white: list[tuple[str, str, str]],
    black: list[tuple[str, str, str]],
    *,
    terrain: list[tuple[str, str]] = (),  # type: ignore[assignment]
    chests: dict[Player, str] | None = None,
    to_act: Player = W,
    hands: tuple[tuple[int, ...], tuple[int, ...]] = ((), ()),
    dead: dict[Player, list[str]] | None = None,
    mode: Mode = Mode.LAST_STANDING,
    **changes: Any,
) -> GameState:
    """White's and Black's models as (model, square, facing); keys are W1.. and B1.. in order,
    then each side's dead models."""
    units: list[Unit] = []
    parties = []
    for player, side in ((W, white), (B, black)):
        letter = player.title[0]
        models = [model(m) for m, _, _ in side]
        for i, ((_, square, facing), m) in enumerate(zip(side, models, strict=True), 1):
            units.append(Unit(f"{letter}{i}", player, m, Zone.BOARD, sq(square), Facing(facing)))
        for j, name in enumerate((dead or {}).get(player, []), len(side) + 1):
            m = model(name)
            models.append(m)
            units.append(Unit(f"{letter}{j}", player, m, Zone.DEAD, died=j))
        entries = tuple((m, 1) for m in models) or ((model(PLAIN), 1),)
        parties.append(Party(entries))
    config = GameConfig((parties[0], parties[1]), mode)
    pieces = []
    for k, where in terrain:  # "d4", or "d4 e4" for a large piece
        first, *extra = (sq(w) for w in where.split())
        kind, *also = terrain_kinds(k)  # "blocking", or several kinds: "blocking+moveable"
        pieces.append(Terrain(kind, first, extra=extra[0] if extra else None, also=tuple(also)))
    for owner, s in (chests or {}).items():
        pieces.append(Terrain(TerrainKind.CHEST, sq(s), owner))
    state = GameState(
        config,
        tuple(units),
        phase=Phase.PLAY,
        to_act=to_act,
        terrain=tuple(pieces),
        hands=hands,
        turn=1,
        mode=mode,
    )
    return replace(state, **changes)


def act(state: GameState, action: A.Action, rolls: list[int] = ()) -> tuple[GameState, list[Event]]:  # type: ignore[assignment]
    """Apply with exactly these dice (all must be used)."""
    dice = ScriptedDice(rolls)
    new, events = apply(state, action, dice)
    assert dice.remaining == 0, f"{dice.remaining} scripted rolls left unused"
    return new, events


def choose(state: GameState, option: str, rolls: list[int] = ()) -> GameState:  # type: ignore[assignment]
    return act(state, A.Choose(option), rolls)[0]


def texts(events: list[Event]) -> str:
    return "\n".join(e.text for e in events)


def options(state: GameState) -> tuple[str, ...]:
    assert state.pending is not None, "no open decision"
    return state.pending.options


__all__ = ["legal_actions"]
