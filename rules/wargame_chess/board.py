"""The Wargame Chess board: terrain, board halves, deployment zones and the Tree mirror.

White's board half is ranks 1-4 and its deployment zone ranks 1-2; Black's are ranks 5-8 and 7-8.
Squares and seats come from the shared core (``rules.core.board``).
"""

from __future__ import annotations

from enum import StrEnum

from rules.core.board import ALL_SQUARES, AROUND, FILES, Player, Square

__all__ = [
    "ALL_SQUARES",
    "DIAGONAL",
    "FILES",
    "KNIGHT_JUMPS",
    "ORTHOGONAL",
    "SCATTER_DIRECTIONS",
    "Player",
    "Square",
    "Terrain",
]


class Terrain(StrEnum):
    TREE = "tree"
    HOLE = "hole"
    WATER = "water"

    @property
    def display(self) -> str:
        return self.value.capitalize()


# Scatter numbering (WC-8): 1=N, 2=NE, 3=E, 4=SE, 5=S, 6=SW, 7=W, 8=NW, from White's view.
SCATTER_DIRECTIONS: tuple[tuple[int, int], ...] = AROUND
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
