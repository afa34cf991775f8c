"""Every decision a Chess28 player makes, as an action value with a JSON form."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from rules.core.actions import Action, decode_action
from rules.core.board import Player, Square


@dataclass(frozen=True, slots=True)
class RollOff(Action):
    """Roll for the First Player (re-rolling ties), deal the Gambit Cards and roll for terrain."""

    name: ClassVar[str] = "roll_off"


@dataclass(frozen=True, slots=True)
class ChooseMode(Action):
    """Choose the game mode ("pinata", "last-standing" or "random") and Desperation."""

    name: ClassVar[str] = "choose_mode"
    mode: str
    desperation: bool = False


@dataclass(frozen=True, slots=True)
class PlaceChest(Action):
    name: ClassVar[str] = "place_chest"
    square: Square


@dataclass(frozen=True, slots=True)
class PlaceTerrain(Action):
    """A small piece on ``square``; a large one on ``square`` and ``extra``, the square
    north or east of it."""

    name: ClassVar[str] = "place_terrain"
    kind: str
    square: Square
    extra: Square | None = None


@dataclass(frozen=True, slots=True)
class Deploy(Action):
    name: ClassVar[str] = "deploy"
    unit: str
    square: Square
    facing: str


@dataclass(frozen=True, slots=True)
class Move(Action):
    name: ClassVar[str] = "move"
    unit: str
    square: Square
    facing: str


@dataclass(frozen=True, slots=True)
class Charge(Action):
    """Move, then (a decision) make a Melee Attack or not."""

    name: ClassVar[str] = "charge"
    unit: str
    square: Square
    facing: str


@dataclass(frozen=True, slots=True)
class Melee(Action):
    name: ClassVar[str] = "melee"
    unit: str
    target: Square


@dataclass(frozen=True, slots=True)
class Shoot(Action):
    """A Ranged Attack in one of the weapon's directions (fl f fr l r bl b br)."""

    name: ClassVar[str] = "shoot"
    unit: str
    direction: str


@dataclass(frozen=True, slots=True)
class Shove(Action):
    name: ClassVar[str] = "shove"
    unit: str
    terrain: Square
    square: Square


@dataclass(frozen=True, slots=True)
class Dig(Action):
    name: ClassVar[str] = "dig"
    unit: str


@dataclass(frozen=True, slots=True)
class Emerge(Action):
    """A dug-in model comes back onto an edge square (Dig)."""

    name: ClassVar[str] = "emerge"
    unit: str
    square: Square
    facing: str


@dataclass(frozen=True, slots=True)
class Retreat(Action):
    """Fall Back!: the model is placed anywhere on its Backline."""

    name: ClassVar[str] = "retreat"
    unit: str
    square: Square
    facing: str


@dataclass(frozen=True, slots=True)
class Refresh(Action):
    """Move a Drained model back to the Dead Pile, in place of an activation."""

    name: ClassVar[str] = "refresh"
    unit: str


@dataclass(frozen=True, slots=True)
class PlayGambit(Action):
    """Play a Gambit Card from your hand during your turn (draining a dead model)."""

    name: ClassVar[str] = "gambit"
    card: int
    unit: str = ""
    other: str = ""
    direction: str = ""


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    name: ClassVar[str] = "end_turn"


@dataclass(frozen=True, slots=True)
class Choose(Action):
    """An answer to the open decision: one of its options."""

    name: ClassVar[str] = "choose"
    option: str


@dataclass(frozen=True, slots=True)
class Concede(Action):
    name: ClassVar[str] = "concede"
    player: Player


TYPES: dict[str, type[Action]] = {
    c.name: c
    for c in (
        ChooseMode,
        RollOff,
        PlaceChest,
        PlaceTerrain,
        Deploy,
        Move,
        Charge,
        Melee,
        Shoot,
        Shove,
        Dig,
        Emerge,
        Retreat,
        Refresh,
        PlayGambit,
        EndTurn,
        Choose,
        Concede,
    )
}
DECODERS: dict[str, Callable[[Any], Any]] = {
    "square": Square.parse,
    "target": Square.parse,
    "terrain": Square.parse,
    "extra": lambda v: None if v is None else Square.parse(v),
    "player": Player.parse,
    "card": int,
}


def action_from_dict(d: Mapping[str, Any]) -> Action:
    return decode_action(TYPES, DECODERS, d)
