"""Squares on boards of any size, and the two seats at the table.

Squares are small immutable values with a parse/format pair, in the spirit of python-chess:
``str(square) == "e4"``. Files count from 0 (a) and ranks from 0 (rank 1). A ``Board`` is a
board's size: it parses, lists and steps between its squares (``Board(5, 3)`` has a1..e3).
``Square.parse``, ``Square.at``, ``offset`` and ``neighbours`` are the shortcuts for the standard
8x8 chessboard (``CHESSBOARD``), the board most systems here are played on.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from functools import cache
from typing import NamedTuple

from rules.core.errors import ParseError

LETTERS = "abcdefghijklmnopqrstuvwxyz"
FILES = LETTERS[:8]

# The eight neighbours, clockwise from north as the first seat sees the board.
AROUND: tuple[tuple[int, int], ...] = (
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
)


class Player(IntEnum):
    """The two seats. White (the first seat) sits at rank 1, Black at the far rank."""

    WHITE = 0
    BLACK = 1

    @property
    def other(self) -> Player:
        return Player.BLACK if self is Player.WHITE else Player.WHITE

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


class Square(NamedTuple):
    # A named tuple, not a dataclass: squares are the keys of every board's dict, and a tuple's
    # hash and equality run in C (a dataclass's are Python functions), which makes every engine
    # and the pictures' scenes measurably faster. Squares still compare and sort by (file, rank).
    file: int
    rank: int

    @classmethod
    def parse(cls, text: str) -> Square:
        """A square of the 8x8 chessboard, like 'e4'."""
        return CHESSBOARD.parse(text)

    @classmethod
    def at(cls, file: int, rank: int) -> Square | None:
        """The chessboard square at (file, rank), or None when that is off the board."""
        if 0 <= file < 8 and 0 <= rank < 8:
            return _CHESS_SQUARES[file + 8 * rank]
        return None

    def __str__(self) -> str:
        return f"{LETTERS[self.file]}{self.rank + 1}"

    def __repr__(self) -> str:
        return f"Square({self})"

    @property
    def index(self) -> int:  # type: ignore[override]  # (a tuple's index(value) is not used)
        """The place of a chessboard square in a1, b1, ..., h8 order."""
        return self.file + 8 * self.rank

    def offset(self, df: int, dr: int) -> Square | None:
        return Square.at(self.file + df, self.rank + dr)

    def neighbours(self) -> tuple[Square, ...]:
        """The (up to) eight adjacent chessboard squares, clockwise from north."""
        return _chess_neighbours(self.index)

    def is_adjacent(self, other: Square) -> bool:
        return self != other and self.distance(other) == 1

    def distance(self, other: Square) -> int:
        """Steps a King would take between the two squares (any board)."""
        return max(abs(self.file - other.file), abs(self.rank - other.rank))


@dataclass(frozen=True, slots=True)
class Board:
    """A rectangular board: ``files`` columns (a, b, ...) by ``ranks`` rows (1, 2, ...)."""

    files: int
    ranks: int

    def __post_init__(self) -> None:
        if not (1 <= self.files <= len(LETTERS) and 1 <= self.ranks <= 99):
            raise ValueError(f"a board is 1-{len(LETTERS)} files by 1-99 ranks")

    @property
    def squares(self) -> tuple[Square, ...]:
        return _squares(self.files, self.ranks)

    def contains(self, sq: Square) -> bool:
        return 0 <= sq.file < self.files and 0 <= sq.rank < self.ranks

    def at(self, file: int, rank: int) -> Square | None:
        if 0 <= file < self.files and 0 <= rank < self.ranks:
            return self.squares[file + self.files * rank]
        return None

    def parse(self, text: str) -> Square:
        t = text.strip().lower()
        last_file = LETTERS[self.files - 1]
        if len(t) >= 2 and t[0] in LETTERS[: self.files] and t[1:].isascii() and t[1:].isdigit():
            rank = int(t[1:])
            if 1 <= rank <= self.ranks and t[1] != "0":
                sq = self.at(LETTERS.index(t[0]), rank - 1)
                assert sq is not None
                return sq
        raise ParseError(
            f"'{text}' is not a square: use a file a-{last_file} and a rank 1-{self.ranks}, "
            f"like {self.example}"
        )

    @property
    def example(self) -> str:
        return str(Square(self.files // 2, (self.ranks - 1) // 2))

    def offset(self, sq: Square, df: int, dr: int) -> Square | None:
        return self.at(sq.file + df, sq.rank + dr)

    def neighbours(self, sq: Square) -> tuple[Square, ...]:
        """The adjacent squares on this board, clockwise from north."""
        out = (self.offset(sq, df, dr) for df, dr in AROUND)
        return tuple(n for n in out if n is not None)


@cache
def _squares(files: int, ranks: int) -> tuple[Square, ...]:
    return tuple(Square(i % files, i // files) for i in range(files * ranks))


CHESSBOARD = Board(8, 8)
_CHESS_SQUARES = CHESSBOARD.squares
ALL_SQUARES: tuple[Square, ...] = _CHESS_SQUARES


@cache
def _chess_neighbours(index: int) -> tuple[Square, ...]:
    return CHESSBOARD.neighbours(_CHESS_SQUARES[index])
