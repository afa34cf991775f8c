"""Chess: The Card Game's table commands as values (see ``bot.commands``). Squares are text,
read on the 5x3 battlefield by the table (the shared square parser is the 8x8 board's)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from bot.commands import Command

SYSTEM = "card-game"


@dataclass(frozen=True, slots=True)
class Hand(Command):
    """Show your hand (privately)."""

    name: ClassVar[str] = "hand"
    system: ClassVar[str] = SYSTEM
    looks: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class CardInfo(Command):
    """Look a card up by name or misspelling, with its picture."""

    name: ClassVar[str] = "card"
    system: ClassVar[str] = SYSTEM
    looks: ClassVar[bool] = True
    card: str


@dataclass(frozen=True, slots=True)
class Play(Command):
    """Play a card from the hand; ``at`` (the console's `play pawn c1`) answers the card's
    first question with that square, both or neither."""

    name: ClassVar[str] = "play"
    system: ClassVar[str] = SYSTEM
    card: str
    at: str | None = None


@dataclass(frozen=True, slots=True)
class Deal(Command):
    """Game Setup: reveal the Kings, shuffle and deal (the first action of a game)."""

    name: ClassVar[str] = "deal"
    system: ClassVar[str] = SYSTEM


@dataclass(frozen=True, slots=True)
class Burn(Command):
    name: ClassVar[str] = "burn"
    system: ClassVar[str] = SYSTEM
    card: str


@dataclass(frozen=True, slots=True)
class Mulligan(Command):
    name: ClassVar[str] = "mulligan"
    system: ClassVar[str] = SYSTEM
    card: str


@dataclass(frozen=True, slots=True)
class Keep(Command):
    """End the mulligan and draw back to 5."""

    name: ClassVar[str] = "keep"
    system: ClassVar[str] = SYSTEM


@dataclass(frozen=True, slots=True)
class Done(Command):
    """End the Material Phase (burn no more cards)."""

    name: ClassVar[str] = "done"
    system: ClassVar[str] = SYSTEM


@dataclass(frozen=True, slots=True)
class Move(Command):
    name: ClassVar[str] = "move"
    system: ClassVar[str] = SYSTEM
    start: str
    to: str


@dataclass(frozen=True, slots=True)
class AttackKing(Command):
    name: ClassVar[str] = "attack"
    system: ClassVar[str] = SYSTEM
    start: str


@dataclass(frozen=True, slots=True)
class King(Command):
    """Use your King's ability."""

    name: ClassVar[str] = "king"
    system: ClassVar[str] = SYSTEM


@dataclass(frozen=True, slots=True)
class Choose(Command):
    """Answer the open choice by its option (a square, a card, a word)."""

    name: ClassVar[str] = "choose"
    system: ClassVar[str] = SYSTEM
    option: str


@dataclass(frozen=True, slots=True)
class Trigger(Command):
    """Resolve (or decline) a waiting ability, by the card's name (or the first one)."""

    name: ClassVar[str] = "trigger"
    system: ClassVar[str] = SYSTEM
    use: bool = True
    card: str | None = None


@dataclass(frozen=True, slots=True)
class Pass(Command):
    """Close your combat window, or let an opponent's Tactic resolve."""

    name: ClassVar[str] = "pass"
    system: ClassVar[str] = SYSTEM


@dataclass(frozen=True, slots=True)
class EndTurn(Command):
    name: ClassVar[str] = "end"
    system: ClassVar[str] = SYSTEM
