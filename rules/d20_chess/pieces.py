"""The pieces and the rulebook's table of values, read from ``piece_values.json``."""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from importlib import resources
from typing import Any

from rules.core.board import Player, Square
from rules.core.errors import ParseError


class Kind(Enum):
    PAWN = "Pawn"
    KNIGHT = "Knight"
    BISHOP = "Bishop"
    ROOK = "Rook"
    QUEEN = "Queen"
    KING = "King"
    DRAGON = "Dragon"

    @property
    def letter(self) -> str:
        return "N" if self is Kind.KNIGHT else self.value[0]

    @classmethod
    def parse(cls, text: str) -> Kind:
        t = text.strip().lower()
        for k in cls:
            if t in (k.value.lower(), k.letter.lower()):
                return k
        raise ParseError(f"'{text[:20]}' is not a piece: say Knight, Bishop, Rook or Queen")


@dataclass(frozen=True, slots=True)
class Values:
    attack: int
    defence: int


def load_values(data: dict[str, Any]) -> dict[Kind, Values]:
    """The values table from its JSON form: every kind named, two whole numbers each."""
    table = data.get("values")
    if not isinstance(table, dict):
        raise ParseError("the piece values file has no 'values' table")
    out: dict[Kind, Values] = {}
    for kind in Kind:
        pair = table.get(kind.value)
        if (
            not isinstance(pair, list)
            or len(pair) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in pair)
        ):
            raise ParseError(f"the piece values table needs [attack, defence] for {kind.value}")
        out[kind] = Values(pair[0], pair[1])
    return out


def read_json(name: str) -> dict[str, Any]:
    text = resources.files(__package__ or "rules.d20_chess").joinpath(name).read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


VALUES: dict[Kind, Values] = load_values(read_json("piece_values.json"))
# The pieces a piece may promote to (D20-7): never the King or the Dragon.
PROMOTABLE = (Kind.KNIGHT, Kind.BISHOP, Kind.ROOK, Kind.QUEEN)


def attack(kind: Kind) -> int:
    return VALUES[kind].attack


def defence(kind: Kind) -> int:
    return VALUES[kind].defence


def worth(kind: Kind) -> int:
    """A piece's value for XP and promotion: its Defence (the King's 10, D20-6; for the other
    pieces the two columns agree)."""
    return VALUES[kind].defence


@dataclass(frozen=True, slots=True)
class Piece:
    """A piece on the board. ``owner`` is None for the Dragon. ``key`` never changes (a promoted
    piece keeps it)."""

    key: str
    kind: Kind
    owner: Player | None
    square: Square
    xp: Fraction = Fraction(0)
    moved: bool = False

    @property
    def side(self) -> str:
        return "the Dragon" if self.owner is None else self.owner.title

    @property
    def label(self) -> str:
        if self.owner is None:
            return f"the Dragon on {self.square}"
        return f"{self.owner.title} {self.kind.value} on {self.square}"


def xp_text(xp: Fraction) -> str:
    """XP with its half shown as ½ (3½)."""
    whole = int(xp)
    half = "½" if xp - whole else ""
    return f"{whole}{half}" if whole or not half else "½"
