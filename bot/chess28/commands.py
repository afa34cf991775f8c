"""Chess28's table commands as values (see ``bot.commands``). Slash commands build them with
``bot.commands.build``; the console's words (``bot.chess28.words``) build the same values."""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from bot.commands import Command, parser_for
from rules.chess28.charts import Facing
from rules.chess28.state import kinds_text
from rules.core.board import Square
from rules.core.errors import ParseError

SYSTEM = "chess28"


class TerrainChoice(StrEnum):
    """A terrain piece's kinds as the rules log them: one, or several joined by "+"."""

    BLOCKING = "blocking"
    PERILOUS = "perilous"
    MOVEABLE = "moveable"
    BLOCKING_PERILOUS = "blocking+perilous"
    BLOCKING_MOVEABLE = "blocking+moveable"
    PERILOUS_MOVEABLE = "perilous+moveable"
    ALL = "blocking+perilous+moveable"

    @property
    def label(self) -> str:
        """In words, for a menu: "Blocking and Moveable"."""
        return kinds_text(self.value.title())

    @classmethod
    def parse(cls, text: str) -> TerrainChoice:
        """One kind, or several joined by "+" in any order ("moveable+blocking")."""
        words = [w.strip().lower() for w in text.split("+")]
        order = [k.value for k in (cls.BLOCKING, cls.PERILOUS, cls.MOVEABLE)]
        if all(w in order for w in words) and len(set(words)) == len(words):
            return cls("+".join(w for w in order if w in words))
        raise ParseError(
            f"'{text[:30]}' is not a kind of terrain: blocking, perilous or moveable, or "
            "several joined by + (such as blocking+moveable)"
        )


parser_for(TerrainChoice)(TerrainChoice.parse)


@dataclass(frozen=True, slots=True)
class Target:
    """What an attack is aimed at, as typed: a square (e5) or a model by its label (B2, W3).
    The board shows labels in capitals and squares in small letters, so "B2" is Black's model
    B2 and "b2" the square; a White label can be no square, so "w3" is a model too. Which
    square a label stands on is the game's to say (``bot.chess28.table``)."""

    label: str | None
    square: Square | None

    @classmethod
    def parse(cls, text: str) -> Target:
        word = text.strip()
        label = word.upper() if re.fullmatch(r"[Ww][0-9]{1,2}|B[0-9]{1,2}", word) else None
        try:
            square: Square | None = Square.parse(word)
        except ParseError:
            if label is None:
                raise ParseError(
                    f"'{word[:20]}' is not a square or a model: say a square like e5, or a "
                    "model's label like B2"
                ) from None
            square = None
        return cls(label, square)

    @classmethod
    def at(cls, square: Square) -> Target:
        return cls(None, square)

    def __str__(self) -> str:
        return self.label or str(self.square)


parser_for(Target)(Target.parse)


class Direction(StrEnum):
    FL = "fl"
    F = "f"
    FR = "fr"
    L = "l"
    R = "r"
    BL = "bl"
    B = "b"
    BR = "br"


class ModeChoice(StrEnum):
    PINATA = "pinata"
    LAST_STANDING = "last-standing"
    RANDOM = "random"


@dataclass(frozen=True, slots=True)
class ChooseMode(Command):
    """The game mode, when the game was made without one (White chooses)."""

    name: ClassVar[str] = "mode"
    system: ClassVar[str] = SYSTEM
    mode: ModeChoice
    desperation: bool = False


@dataclass(frozen=True, slots=True)
class RollOff(Command):
    name: ClassVar[str] = "roll off"
    system: ClassVar[str] = SYSTEM


@dataclass(frozen=True, slots=True)
class PlaceChest(Command):
    name: ClassVar[str] = "chest"
    system: ClassVar[str] = SYSTEM
    square: Square


@dataclass(frozen=True, slots=True)
class PlaceTerrain(Command):
    """A small piece on ``square``, or a large one on ``square`` and ``extra`` (side by side)."""

    name: ClassVar[str] = "terrain"
    system: ClassVar[str] = SYSTEM
    kind: TerrainChoice
    square: Square
    extra: Square | None = None


@dataclass(frozen=True, slots=True)
class TerrainRandom(Command):
    """Place a terrain piece at random: a kind, size and square chosen by a die among every
    legal placement (the placement is logged, as if named)."""

    name: ClassVar[str] = "terrain random"
    system: ClassVar[str] = SYSTEM


@dataclass(frozen=True, slots=True)
class Deploy(Command):
    name: ClassVar[str] = "deploy"
    system: ClassVar[str] = SYSTEM
    unit: str
    square: Square
    facing: Facing


@dataclass(frozen=True, slots=True)
class DeployAuto(Command):
    """Deploy the next model on the first free square of the Backline, facing the enemy."""

    name: ClassVar[str] = "deploy auto"
    system: ClassVar[str] = SYSTEM


@dataclass(frozen=True, slots=True)
class Move(Command):
    """Move (or, with ``charge``, Charge) a model; the facing may be left out when the square
    allows only one."""

    name: ClassVar[str] = "move"
    system: ClassVar[str] = SYSTEM
    unit: str
    square: Square
    facing: Facing | None = None
    charge: bool = False


@dataclass(frozen=True, slots=True)
class Melee(Command):
    name: ClassVar[str] = "melee"
    system: ClassVar[str] = SYSTEM
    unit: str
    target: Target


@dataclass(frozen=True, slots=True)
class Shoot(Command):
    name: ClassVar[str] = "shoot"
    system: ClassVar[str] = SYSTEM
    unit: str
    direction: Direction


@dataclass(frozen=True, slots=True)
class Shove(Command):
    name: ClassVar[str] = "shove"
    system: ClassVar[str] = SYSTEM
    unit: str
    terrain: Square
    square: Square


@dataclass(frozen=True, slots=True)
class Dig(Command):
    name: ClassVar[str] = "dig"
    system: ClassVar[str] = SYSTEM
    unit: str


@dataclass(frozen=True, slots=True)
class Place(Command):
    """Bring a dug-in model back (``emerge``) or, after Fall Back!, ``retreat`` a model."""

    name: ClassVar[str] = "emerge"
    system: ClassVar[str] = SYSTEM
    unit: str
    square: Square
    facing: Facing
    retreat: bool = False


@dataclass(frozen=True, slots=True)
class Refresh(Command):
    name: ClassVar[str] = "refresh"
    system: ClassVar[str] = SYSTEM
    unit: str


@dataclass(frozen=True, slots=True)
class Gambit(Command):
    """Play a Gambit Card in your turn: the card, and the model, partner or direction it asks."""

    name: ClassVar[str] = "gambit"
    system: ClassVar[str] = SYSTEM
    card: str
    unit: str | None = None
    other: str | None = None


@dataclass(frozen=True, slots=True)
class EndTurn(Command):
    name: ClassVar[str] = "end turn"
    system: ClassVar[str] = SYSTEM


@dataclass(frozen=True, slots=True)
class Choose(Command):
    """Answer the open decision (a push-back square, a re-roll, a card window, ...)."""

    name: ClassVar[str] = "choose"
    system: ClassVar[str] = SYSTEM
    option: str


@dataclass(frozen=True, slots=True)
class Odds(Command):
    """Exact odds: of one model's attack on a square, or of a combat by numbers."""

    name: ClassVar[str] = "odds"
    system: ClassVar[str] = SYSTEM
    looks: ClassVar[bool] = True
    unit: str | None = None
    target: Target | None = None
    fight: int | None = None
    defence: int | None = None
    chill: bool = False
    iron: bool = False


@dataclass(frozen=True, slots=True)
class ShowCard(Command):
    """A model's Character Card: charts drawn and its cost broken down."""

    name: ClassVar[str] = "card"
    system: ClassVar[str] = SYSTEM
    looks: ClassVar[bool] = True
    model: str


@dataclass(frozen=True, slots=True)
class DefineModel(Command):
    """Check a model written as text and price it with the custom-model builder."""

    name: ClassVar[str] = "model"
    system: ClassVar[str] = SYSTEM
    looks: ClassVar[bool] = True
    text: str


@dataclass(frozen=True, slots=True)
class ShowReach(Command):
    """The board with one model's reachable squares and the targets of its attacks."""

    name: ClassVar[str] = "reach"
    system: ClassVar[str] = SYSTEM
    looks: ClassVar[bool] = True
    unit: str


@dataclass(frozen=True, slots=True)
class ShowHand(Command):
    name: ClassVar[str] = "hand"
    system: ClassVar[str] = SYSTEM
    looks: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class Lookup(Command):
    """A rules term, a Gambit Card or a roster model."""

    name: ClassVar[str] = "rules"
    system: ClassVar[str] = SYSTEM
    looks: ClassVar[bool] = True
    term: str | None = None
