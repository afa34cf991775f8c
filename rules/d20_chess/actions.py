"""The players' decisions as actions."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from rules.core.actions import Action, decode_action
from rules.core.board import Player, Square
from rules.d20_chess.pieces import Kind


@dataclass(frozen=True, slots=True)
class Move(Action):
    """Move the piece on ``origin`` to ``to``; onto an enemy or the Dragon, an attack."""

    name: ClassVar[str] = "move"
    origin: Square
    to: Square


@dataclass(frozen=True, slots=True)
class Promote(Action):
    """Promote the piece with the open offer, or (``square``) the mover's piece on that square
    that may promote, before its move: promoting costs no turn, so a piece kept unpromoted may
    promote at any of its owner's moves."""

    name: ClassVar[str] = "promote"
    kind: Kind
    square: Square | None = None


@dataclass(frozen=True, slots=True)
class Keep(Action):
    """Do not promote: the piece keeps its XP."""

    name: ClassVar[str] = "keep"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Nothing can move: the turn passes."""

    name: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class Concede(Action):
    name: ClassVar[str] = "concede"
    by: Player


TYPES: dict[str, type[Action]] = {a.name: a for a in (Move, Promote, Keep, Pass, Concede)}
DECODERS = {
    "origin": Square.parse,
    "to": Square.parse,
    "kind": Kind,
    "by": Player.parse,
    "square": lambda v: None if v is None else Square.parse(v),
}


def action_from_dict(d: Mapping[str, Any]) -> Action:
    return decode_action(TYPES, DECODERS, d)
