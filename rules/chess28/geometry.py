"""Squares, paths, lines of fire, Push Back squares and Scattering on the 8x8 board.

Under Warp Reality the left and right board edges count as adjacent: every step wraps around
from file h to file a (``wrap``).
"""

from __future__ import annotations

from rules.chess28.state import BOARD
from rules.core.board import AROUND, Square

# The Scatter chart: D8 faces 1-8 as steps, 1-3 being nearest the chosen edge (North here).
SCATTER: dict[int, tuple[int, int]] = {
    1: (-1, 1),
    2: (0, 1),
    3: (1, 1),
    4: (1, 0),
    5: (1, -1),
    6: (0, -1),
    7: (-1, -1),
    8: (-1, 0),
}


# The board's squares and size as plain values: ``step`` and ``distance`` run a few hundred
# times for each list of legal actions, so they skip the general Board methods.
_SQUARES = BOARD.squares
_FILES, _RANKS = BOARD.files, BOARD.ranks


def step(sq: Square, df: int, dr: int, wrap: bool = False) -> Square | None:
    f, r = sq.file + df, sq.rank + dr
    if wrap:
        f %= _FILES
    if 0 <= f < _FILES and 0 <= r < _RANKS:
        return _SQUARES[f + _FILES * r]
    return None


def delta(a: Square, b: Square, wrap: bool = False) -> tuple[int, int]:
    """The offset from ``a`` to ``b`` (the shorter way round when the edges wrap)."""
    df = b.file - a.file
    if wrap and abs(df) > BOARD.files // 2:
        df -= BOARD.files if df > 0 else -BOARD.files
    return df, b.rank - a.rank


def distance(a: Square, b: Square, wrap: bool = False) -> int:
    """Steps a King would take from ``a`` to ``b`` (the same as ``delta``'s larger part)."""
    df = abs(b.file - a.file)
    if wrap and df > _FILES // 2:
        df = _FILES - df
    dr = abs(b.rank - a.rank)
    return df if df > dr else dr


def neighbours(sq: Square, wrap: bool = False) -> list[Square]:
    out = (step(sq, df, dr, wrap) for df, dr in AROUND)
    return [n for n in out if n is not None and n != sq]


def _sign(v: int) -> int:
    return (v > 0) - (v < 0)


def push_squares(target: Square, source: Square, wrap: bool = False) -> list[Square]:
    """The three squares opposite the source of a Push Back (fewer at the board's edge): the
    square straight away from the source and the two beside it."""
    df, dr = delta(source, target, wrap)
    away = (_sign(df), _sign(dr))
    i = AROUND.index(away)
    out = []
    for turn in (-1, 0, 1):
        sq = step(target, *AROUND[(i + turn) % 8], wrap)
        if sq is not None and sq != target:
            out.append(sq)
    return out


def scatter_square(sq: Square, face: int, wrap: bool = False) -> Square | None:
    """Where a D8 roll of ``face`` on the Scatter chart sends a model (None: off the board)."""
    return step(sq, *SCATTER[face], wrap)


def line(sq: Square, df: int, dr: int, reach: int, wrap: bool = False) -> list[Square]:
    """The squares from ``sq`` outward in one direction, up to ``reach`` of them."""
    out: list[Square] = []
    cur: Square | None = sq
    for _ in range(reach):
        assert cur is not None
        cur = step(cur, df, dr, wrap)
        if cur is None or cur == sq or cur in out:
            break
        out.append(cur)
    return out


def edge_squares() -> list[Square]:
    last_f, last_r = BOARD.files - 1, BOARD.ranks - 1
    return [s for s in BOARD.squares if s.file in (0, last_f) or s.rank in (0, last_r)]
