"""Wargame Chess's table commands as values (see ``bot.commands``), and the console's words for
them. The slash commands build the same values with ``bot.commands.build``."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import ClassVar

from bot.commands import Command, bounded, parser_for
from rules.core.board import Square
from rules.wargame_chess.state import Token

parser_for(Token)(Token.parse)


class TreeMode(StrEnum):
    MIRROR = "mirror"
    FLIP = "flip"
    RANDOM = "random"


class Mark(StrEnum):
    BLESS = "bless"
    CURSE = "curse"
    SLAY = "slay"
    SCATTER = "scatter"


class Keep(StrEnum):
    TURN = "turn"
    GAME = "game"
    DISCARD = "discard"


@dataclass(frozen=True, slots=True)
class Trees(Command):
    """Flip for the Tree order, roll Trees, or (the second player) choose their setup."""

    name: ClassVar[str] = "trees"
    system: ClassVar[str] = "wargame-chess"
    mode: TreeMode | None = None


@dataclass(frozen=True, slots=True)
class Deploy(Command):
    name: ClassVar[str] = "deploy"
    system: ClassVar[str] = "wargame-chess"
    piece: str
    square: Square


@dataclass(frozen=True, slots=True)
class DeployAuto(Command):
    name: ClassVar[str] = "deploy auto"
    system: ClassVar[str] = "wargame-chess"


@dataclass(frozen=True, slots=True)
class Activate(Command):
    name: ClassVar[str] = "activate"
    system: ClassVar[str] = "wargame-chess"
    piece: str


@dataclass(frozen=True, slots=True)
class Move(Command):
    """Move a piece, Activating it first when nothing is Activating."""

    name: ClassVar[str] = "move"
    system: ClassVar[str] = "wargame-chess"
    piece: str
    square: Square


@dataclass(frozen=True, slots=True)
class Attack(Command):
    """Attack with a piece, Activating it first when nothing is Activating."""

    name: ClassVar[str] = "attack"
    system: ClassVar[str] = "wargame-chess"
    piece: str
    square: Square


@dataclass(frozen=True, slots=True)
class UseToken(Command):
    name: ClassVar[str] = "spend or keep"
    system: ClassVar[str] = "wargame-chess"
    spend: bool


@dataclass(frozen=True, slots=True)
class CombatMove(Command):
    name: ClassVar[str] = "combat"
    system: ClassVar[str] = "wargame-chess"
    piece: str
    square: Square


@dataclass(frozen=True, slots=True)
class MoveAside(Command):
    name: ClassVar[str] = "aside"
    system: ClassVar[str] = "wargame-chess"
    square: Square


@dataclass(frozen=True, slots=True)
class Promote(Command):
    name: ClassVar[str] = "promote"
    system: ClassVar[str] = "wargame-chess"
    piece: str


@dataclass(frozen=True, slots=True)
class Castle(Command):
    name: ClassVar[str] = "castle"
    system: ClassVar[str] = "wargame-chess"
    piece: str


@dataclass(frozen=True, slots=True)
class Decline(Command):
    name: ClassVar[str] = "decline"
    system: ClassVar[str] = "wargame-chess"


@dataclass(frozen=True, slots=True)
class Tokens(Command):
    """Give (a positive count) or remove (a negative count) tokens: an adjustment."""

    name: ClassVar[str] = "tokens"
    system: ClassVar[str] = "wargame-chess"
    piece: str
    token: Token
    count: int = field(default=1, metadata=bounded(-20, 20))


@dataclass(frozen=True, slots=True)
class MarkPiece(Command):
    """Bless, Curse, slay or Scatter a piece: an adjustment."""

    name: ClassVar[str] = "mark"
    system: ClassVar[str] = "wargame-chess"
    piece: str
    mark: Mark


@dataclass(frozen=True, slots=True)
class Place(Command):
    name: ClassVar[str] = "place"
    system: ClassVar[str] = "wargame-chess"
    piece: str
    square: Square


@dataclass(frozen=True, slots=True)
class Summon(Command):
    """Bring a new piece of one of your faction's options onto a square (a Summon rule)."""

    name: ClassVar[str] = "summon"
    system: ClassVar[str] = "wargame-chess"
    option: str
    square: Square


@dataclass(frozen=True, slots=True)
class TakeOff(Command):
    name: ClassVar[str] = "takeoff"
    system: ClassVar[str] = "wargame-chess"
    piece: str


@dataclass(frozen=True, slots=True)
class Redeploy(Command):
    name: ClassVar[str] = "redeploy"
    system: ClassVar[str] = "wargame-chess"
    piece: str
    square: Square


@dataclass(frozen=True, slots=True)
class RollModifier(Command):
    """A +X/-X, min or max on a piece's next roll."""

    name: ClassVar[str] = "modifier"
    system: ClassVar[str] = "wargame-chess"
    piece: str
    value: str  # "+2", "-1", "min 5", "max 7": the rules engine reads it


@dataclass(frozen=True, slots=True)
class Divinate(Command):
    """Deal three tarot cards (``preferred`` card names), or make a dealt card active."""

    name: ClassVar[str] = "divinate"
    system: ClassVar[str] = "wargame-chess"
    preferred: tuple[str, ...] = ()
    switch: str | None = None


@dataclass(frozen=True, slots=True)
class ChooseOption(Command):
    """Answer a card's choice with one of its options."""

    name: ClassVar[str] = "choose"
    system: ClassVar[str] = "wargame-chess"
    option: str


@dataclass(frozen=True, slots=True)
class DrawCards(Command):
    name: ClassVar[str] = "cards draw"
    system: ClassVar[str] = "wargame-chess"
    count: int = field(default=1, metadata=bounded(1, 54))
    keep: Keep = Keep.TURN


@dataclass(frozen=True, slots=True)
class DiscardCard(Command):
    name: ClassVar[str] = "cards discard"
    system: ClassVar[str] = "wargame-chess"
    card: str


@dataclass(frozen=True, slots=True)
class DiscardTarot(Command):
    name: ClassVar[str] = "tarot discard"
    system: ClassVar[str] = "wargame-chess"
    card: str


@dataclass(frozen=True, slots=True)
class ReadBones(Command):
    name: ClassVar[str] = "bones"
    system: ClassVar[str] = "wargame-chess"
    keep: bool = False


@dataclass(frozen=True, slots=True)
class Companion(Command):
    """The table companion at the console (roll, resolve, odds, tarot, cards, bones and rules
    look-ups without a game): Discord has its own slash commands for these, which never come
    through the table."""

    name: ClassVar[str] = "companion"
    system: ClassVar[str] = "wargame-chess"
    looks: ClassVar[bool] = True
    verb: str
    args: tuple[str, ...] = ()
