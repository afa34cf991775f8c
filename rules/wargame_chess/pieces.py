"""Piece types: dice, point costs, letters, chess-set counts and common rules."""

from __future__ import annotations

from enum import StrEnum

from rules.core.errors import ParseError


class Kind(StrEnum):
    PAWN = "pawn"
    KNIGHT = "knight"
    BISHOP = "bishop"
    ROOK = "rook"
    QUEEN = "queen"
    KING = "king"
    JOKER = "joker"

    @property
    def display(self) -> str:
        return self.value.capitalize()

    @property
    def letter(self) -> str:
        return LETTERS[self]

    @property
    def dice(self) -> tuple[int, int]:
        """(number of dice, sides) this piece type rolls."""
        return DICE[self]

    @property
    def dice_text(self) -> str:
        n, s = DICE[self]
        return f"{n}D{s}"

    @property
    def cost(self) -> int:
        return COSTS[self]

    @property
    def is_positional(self) -> bool:
        return self is not Kind.PAWN

    @classmethod
    def parse(cls, text: str) -> Kind:
        t = text.strip().lower().rstrip("s") if len(text.strip()) > 1 else text.strip().lower()
        for k in cls:
            if t in (k.value, k.letter.lower()):
                return k
        raise ParseError(
            f"'{text}' is not a piece type: use pawn, knight, bishop, rook, queen, king or joker"
        )


LETTERS: dict[Kind, str] = {
    Kind.PAWN: "P",
    Kind.KNIGHT: "N",
    Kind.BISHOP: "B",
    Kind.ROOK: "R",
    Kind.QUEEN: "Q",
    Kind.KING: "K",
    Kind.JOKER: "J",
}

DICE: dict[Kind, tuple[int, int]] = {
    Kind.PAWN: (2, 4),
    Kind.KNIGHT: (2, 6),
    Kind.ROOK: (2, 6),
    Kind.BISHOP: (2, 6),
    Kind.QUEEN: (2, 8),
    Kind.KING: (2, 10),
    Kind.JOKER: (1, 20),
}

COSTS: dict[Kind, int] = {
    Kind.PAWN: 1,
    Kind.KNIGHT: 2,
    Kind.BISHOP: 2,
    Kind.ROOK: 2,
    Kind.JOKER: 2,
    Kind.KING: 2,
    Kind.QUEEN: 3,
}

# How many of each piece a standard chess set gives one side. Jokers are separate tokens
# ("2 or more small items"), so the set does not cap them (see docs/rulings.md).
CHESS_SET: dict[Kind, int | None] = {
    Kind.PAWN: 8,
    Kind.KNIGHT: 2,
    Kind.BISHOP: 2,
    Kind.ROOK: 2,
    Kind.QUEEN: 1,
    Kind.KING: 1,
    Kind.JOKER: None,
}


class CommonRule(StrEnum):
    EN_PASSANT = "En Passant"
    PROMOTION = "Promotion"
    CASTLE = "Castle"
    MOUNTED_ADVANTAGE = "Mounted Advantage"
    FACTION_LEADER = "Faction Leader"
    FOOLS_ENDEAVOUR = "Fool's Endeavour"


DEFAULT_RULES: dict[Kind, frozenset[CommonRule]] = {
    Kind.PAWN: frozenset({CommonRule.EN_PASSANT, CommonRule.PROMOTION}),
    Kind.ROOK: frozenset({CommonRule.CASTLE}),
    Kind.KNIGHT: frozenset({CommonRule.MOUNTED_ADVANTAGE}),
    Kind.BISHOP: frozenset(),
    Kind.QUEEN: frozenset(),
    Kind.KING: frozenset({CommonRule.FACTION_LEADER}),
    Kind.JOKER: frozenset({CommonRule.FOOLS_ENDEAVOUR}),
}

# Label order when a team is listed (and the order the Standard faction ranks pieces).
STANDARD_RANK: tuple[Kind, ...] = (
    Kind.KING,
    Kind.QUEEN,
    Kind.ROOK,
    Kind.BISHOP,
    Kind.KNIGHT,
    Kind.JOKER,
    Kind.PAWN,
)
