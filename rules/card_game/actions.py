"""Every decision a player makes, as an action value (with its JSON form for the log)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from rules.card_game.battlefield import GRID
from rules.core.actions import Action, decode_action
from rules.core.board import Player, Square


@dataclass(frozen=True, slots=True)
class Begin(Action):
    """Reveal the Kings, shuffle, choose the first player at random and draw 5 each."""

    name: ClassVar[str] = "begin"


@dataclass(frozen=True, slots=True)
class Mulligan(Action):
    """Put one card from your opening hand on the bottom of your deck (up to 2)."""

    name: ClassVar[str] = "mulligan"
    card: int


@dataclass(frozen=True, slots=True)
class KeepHand(Action):
    """End your mulligan and draw back to 5."""

    name: ClassVar[str] = "keep"


@dataclass(frozen=True, slots=True)
class Burn(Action):
    """Burn a card from your hand for its Material Value (up to 3 a turn)."""

    name: ClassVar[str] = "burn"
    card: int


@dataclass(frozen=True, slots=True)
class StopBurning(Action):
    name: ClassVar[str] = "stop_burning"


@dataclass(frozen=True, slots=True)
class PlayCard(Action):
    """Play a piece or a Tactic from your hand (its choices follow)."""

    name: ClassVar[str] = "play"
    card: int


@dataclass(frozen=True, slots=True)
class UseKing(Action):
    """Use your King's ability (once a turn)."""

    name: ClassVar[str] = "king"


@dataclass(frozen=True, slots=True)
class Move(Action):
    """A ready unit moves; into an enemy's square it attacks."""

    name: ClassVar[str] = "move"
    unit: int
    square: Square


@dataclass(frozen=True, slots=True)
class AttackKing(Action):
    """A unit in the enemy Base attacks the enemy King."""

    name: ClassVar[str] = "attack_king"
    unit: int


@dataclass(frozen=True, slots=True)
class Choose(Action):
    """Answer the open choice of an ability or card."""

    name: ClassVar[str] = "choose"
    option: str


@dataclass(frozen=True, slots=True)
class Resolve(Action):
    """Resolve (or decline) one of your waiting triggered abilities."""

    name: ClassVar[str] = "trigger"
    index: int
    use: bool = True


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Close your combat window, or let an opponent's Tactic resolve."""

    name: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    name: ClassVar[str] = "end_turn"


@dataclass(frozen=True, slots=True)
class Concede(Action):
    name: ClassVar[str] = "concede"
    player: Player


TYPES: dict[str, type[Action]] = {
    c.name: c
    for c in (
        Begin,
        Mulligan,
        KeepHand,
        Burn,
        StopBurning,
        PlayCard,
        UseKing,
        Move,
        AttackKing,
        Choose,
        Resolve,
        Pass,
        EndTurn,
        Concede,
    )
}


def from_dict(d: Mapping[str, Any]) -> Action:
    return decode_action(TYPES, {"square": GRID.parse, "player": Player.parse}, d)
