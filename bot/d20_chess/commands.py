"""d20 explorer chess's table commands as values (see ``bot.commands``). The console's words and
the ``/d20`` slash commands build the same values."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rapidfuzz import fuzz, process

from bot.commands import Command, parser_for
from rules.core.board import Square
from rules.core.errors import ParseError
from rules.d20_chess.pieces import Kind


@parser_for(Kind)
def _kind(text: str) -> Kind:
    """A piece kind by its name or letter; a misspelling is answered with the nearest name
    ("'knigt' is not a piece (did you mean Knight?)")."""
    try:
        return Kind.parse(text)
    except ParseError as e:
        names = {k.value: k.value.lower() for k in Kind if k is not Kind.DRAGON}
        said = text.strip().lower()
        near = process.extractOne(said, names, scorer=fuzz.ratio, score_cutoff=70)
        if near is None:
            raise
        raise ParseError(f"'{text[:20]}' is not a piece (did you mean {near[2]}?)") from e


SYSTEM = "d20-chess"


@dataclass(frozen=True, slots=True)
class Move(Command):
    """Move a piece; onto an enemy piece or the Dragon, attack it."""

    name: ClassVar[str] = "move"
    system: ClassVar[str] = SYSTEM
    origin: Square
    to: Square


@dataclass(frozen=True, slots=True)
class Promote(Command):
    """Promote the piece asked about, or (``square``) a piece kept unpromoted, before the move."""

    name: ClassVar[str] = "promote"
    system: ClassVar[str] = SYSTEM
    piece: Kind
    square: Square | None = None


@dataclass(frozen=True, slots=True)
class Keep(Command):
    """Do not promote now: the piece keeps its XP."""

    name: ClassVar[str] = "keep"
    system: ClassVar[str] = SYSTEM


@dataclass(frozen=True, slots=True)
class Pass(Command):
    name: ClassVar[str] = "pass"
    system: ClassVar[str] = SYSTEM


@dataclass(frozen=True, slots=True)
class Odds(Command):
    """The exact chances of an attack (changes nothing)."""

    name: ClassVar[str] = "odds"
    looks: ClassVar[bool] = True
    system: ClassVar[str] = SYSTEM
    origin: Square
    to: Square


@dataclass(frozen=True, slots=True)
class Tiles(Command):
    """The tile deck in play, the tiles found so far and how many are left."""

    name: ClassVar[str] = "tiles"
    looks: ClassVar[bool] = True
    system: ClassVar[str] = SYSTEM


@dataclass(frozen=True, slots=True)
class Rules(Command):
    """A rules term explained (the console's ``rules``; Discord has /rules)."""

    name: ClassVar[str] = "rules"
    looks: ClassVar[bool] = True
    system: ClassVar[str] = SYSTEM
    term: str | None = None
