"""How the pieces move (D20-5): as in chess, without check, castling or en passant. A move
onto an enemy piece or the Dragon is an attack, decided by the capture roll (``captures``)."""

from __future__ import annotations

from collections.abc import Iterator

from rules.core.board import Player, Square
from rules.d20_chess.pieces import Kind, Piece
from rules.d20_chess.state import State

ROOK_LINES = ((0, 1), (1, 0), (0, -1), (-1, 0))
BISHOP_LINES = ((1, 1), (1, -1), (-1, -1), (-1, 1))
KNIGHT_JUMPS = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))
LINES = {
    Kind.ROOK: ROOK_LINES,
    Kind.BISHOP: BISHOP_LINES,
    Kind.QUEEN: ROOK_LINES + BISHOP_LINES,
}


def forward(player: Player) -> int:
    return 1 if player is Player.WHITE else -1


def far_rank(player: Player) -> int:
    return 7 if player is Player.WHITE else 0


def is_enemy(piece: Piece, other: Piece | None) -> bool:
    """An enemy of ``piece``: the other side's pieces and the Dragon."""
    return other is not None and other.owner is not piece.owner


def _steps(state: State, piece: Piece) -> Iterator[Square]:
    sq = piece.square
    if piece.kind in LINES:
        for df, dr in LINES[piece.kind]:
            to = sq.offset(df, dr)
            while to is not None:
                yield to
                if state.at(to) is not None:
                    break
                to = to.offset(df, dr)
    elif piece.kind is Kind.KNIGHT:
        yield from (t for df, dr in KNIGHT_JUMPS if (t := sq.offset(df, dr)) is not None)
    elif piece.kind in (Kind.KING, Kind.DRAGON):
        yield from sq.neighbours()
    elif piece.kind is Kind.PAWN and piece.owner is not None:
        yield from _pawn(state, piece, forward(piece.owner))


def _pawn(state: State, piece: Piece, ahead: int) -> Iterator[Square]:
    sq = piece.square
    one = sq.offset(0, ahead)
    if one is not None and state.at(one) is None:
        yield one
        two = sq.offset(0, 2 * ahead)
        if not piece.moved and two is not None and state.at(two) is None:
            yield two
    for df in (-1, 1):
        diag = sq.offset(df, ahead)
        if diag is not None and is_enemy(piece, state.at(diag)):
            yield diag


def destinations(state: State, piece: Piece) -> list[Square]:
    """Every square ``piece`` may move to or attack, in a1..h8 order."""
    board = state.board
    out = set()
    for to in _steps(state, piece):
        there = board.get(to)
        if there is None or there.owner is not piece.owner:
            out.add(to)
    return sorted(out, key=lambda s: s.index)
