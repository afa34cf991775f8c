"""Squares, terrain and board geometry for an 8x8 board.

Squares are small immutable values with a parse/format pair, in the spirit of python-chess:
``Square.parse("e4")`` and ``str(square) == "e4"``. Files are 0..7 (a..h), ranks 0..7 (1..8).
White's board half is ranks 1-4 and its deployment zone ranks 1-2; Black's are ranks 5-8 and 7-8.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum, StrEnum
from functools import cache

from rules.errors import ParseError

FILES = "abcdefgh"


class Player(IntEnum):
    """The two seats. White's back rank is rank 1, Black's is rank 8."""

    WHITE = 0
    BLACK = 1

    @property
    def other(self) -> Player:
        return Player(1 - self.value)

    @property
    def title(self) -> str:
        return "White" if self is Player.WHITE else "Black"

    @classmethod
    def parse(cls, text: str) -> Player:
        t = text.strip().lower()
        if t in ("white", "w", "0"):
            return cls.WHITE
        if t in ("black", "b", "1"):
            return cls.BLACK
        raise ParseError(f"'{text}' is not a player: say White or Black")


class Terrain(StrEnum):
    TREE = "tree"
    HOLE = "hole"
    WATER = "water"

    @property
    def display(self) -> str:
        return self.value.capitalize()


@dataclass(frozen=True, order=True, slots=True)
class Square:
    file: int
    rank: int

    @classmethod
    def parse(cls, text: str) -> Square:
        t = text.strip().lower()
        if len(t) != 2 or t[0] not in FILES or t[1] not in "12345678":
            raise ParseError(f"'{text}' is not a square: use a file a-h and a rank 1-8, like e4")
        return _SQUARES[FILES.index(t[0]) + 8 * (int(t[1]) - 1)]

    @classmethod
    def at(cls, file: int, rank: int) -> Square | None:
        """The square at (file, rank), or None when that is off the board."""
        if 0 <= file < 8 and 0 <= rank < 8:
            return _SQUARES[file + 8 * rank]
        return None

    def __str__(self) -> str:
        return f"{FILES[self.file]}{self.rank + 1}"

    def __repr__(self) -> str:
        return f"Square({self})"

    @property
    def index(self) -> int:
        return self.file + 8 * self.rank

    def offset(self, df: int, dr: int) -> Square | None:
        return Square.at(self.file + df, self.rank + dr)

    def neighbours(self) -> tuple[Square, ...]:
        """The (up to) eight adjacent squares, in Scatter order: N, NE, E, SE, S, SW, W, NW."""
        return _neighbours(self.index)

    def is_adjacent(self, other: Square) -> bool:
        return self != other and max(abs(self.file - other.file), abs(self.rank - other.rank)) == 1

    def distance(self, other: Square) -> int:
        return max(abs(self.file - other.file), abs(self.rank - other.rank))


_SQUARES = tuple(Square(i % 8, i // 8) for i in range(64))

ALL_SQUARES: tuple[Square, ...] = _SQUARES

# Scatter numbering (WC-8): 1=N, 2=NE, 3=E, 4=SE, 5=S, 6=SW, 7=W, 8=NW, from White's view.
SCATTER_DIRECTIONS: tuple[tuple[int, int], ...] = (
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
)
ORTHOGONAL: tuple[tuple[int, int], ...] = ((0, 1), (1, 0), (0, -1), (-1, 0))
DIAGONAL: tuple[tuple[int, int], ...] = ((1, 1), (1, -1), (-1, -1), (-1, 1))
KNIGHT_JUMPS: tuple[tuple[int, int], ...] = (
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
)


@cache
def _neighbours(index: int) -> tuple[Square, ...]:
    sq = ALL_SQUARES[index]
    out = []
    for df, dr in SCATTER_DIRECTIONS:
        n = sq.offset(df, dr)
        if n is not None:
            out.append(n)
    return tuple(out)


def back_rank(player: Player) -> int:
    return 0 if player is Player.WHITE else 7


def rank_from_own_side(player: Player, n: int) -> int:
    """Rank index of the n-th rank counted from ``player``'s back rank (n = 1 is the back rank)."""
    return n - 1 if player is Player.WHITE else 8 - n


def in_board_half(player: Player, square: Square) -> bool:
    return square.rank <= 3 if player is Player.WHITE else square.rank >= 4


def in_deployment_zone(player: Player, square: Square) -> bool:
    return square.rank <= 1 if player is Player.WHITE else square.rank >= 6


def deployment_zone(player: Player) -> tuple[Square, ...]:
    return tuple(s for s in ALL_SQUARES if in_deployment_zone(player, s))


def board_half(player: Player) -> tuple[Square, ...]:
    return tuple(s for s in ALL_SQUARES if in_board_half(player, s))


def mirror(square: Square, flip: bool = False) -> Square:
    """WC-5: mirror maps rank r to 9-r on the same file; flip also maps file f to 9-f."""
    f = 7 - square.file if flip else square.file
    sq = Square.at(f, 7 - square.rank)
    assert sq is not None
    return sq
