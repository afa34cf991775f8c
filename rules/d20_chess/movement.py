"""How the pieces move (D20-5): as in chess, without check, castling or en passant. A move
onto an enemy piece or the Dragon is an attack, decided by the capture roll (``captures``)."""

from __future__ import annotations

from rules.core.board import AROUND, CHESSBOARD, Player, Square
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


def _rays(lines: tuple[tuple[int, int], ...]) -> dict[Square, tuple[tuple[Square, ...], ...]]:
    """For each square, the squares along each line from it, nearest first."""
    out = {}
    for sq in CHESSBOARD.squares:
        rays = []
        for df, dr in lines:
            ray = []
            to = sq.offset(df, dr)
            while to is not None:
                ray.append(to)
                to = to.offset(df, dr)
            if ray:
                rays.append(tuple(ray))
        out[sq] = tuple(rays)
    return out


def _jumps(steps: tuple[tuple[int, int], ...]) -> dict[Square, tuple[Square, ...]]:
    return {
        sq: tuple(t for df, dr in steps if (t := sq.offset(df, dr)) is not None)
        for sq in CHESSBOARD.squares
    }


# Worked out once: the lines and jumps from every square (legal actions are listed often).
_LINE_RAYS = {kind: _rays(lines) for kind, lines in LINES.items()}
_JUMPS = {
    Kind.KNIGHT: _jumps(KNIGHT_JUMPS),
    Kind.KING: _jumps(AROUND),
    Kind.DRAGON: _jumps(AROUND),
}


def _index(sq: Square) -> int:
    return sq.index


def destinations(state: State, piece: Piece) -> list[Square]:
    """Every square ``piece`` may move to or attack, in a1..h8 order: along its lines up to and
    including the first piece in the way, its jumps, or the Pawn's steps; never onto its own
    side's pieces."""
    board = state.board
    owner = piece.owner
    sq = piece.square
    kind = piece.kind
    out: list[Square] = []
    rays = _LINE_RAYS.get(kind)
    if rays is not None:
        for ray in rays[sq]:
            for to in ray:
                there = board.get(to)
                if there is None:
                    out.append(to)
                    continue
                if there.owner is not owner:
                    out.append(to)
                break
    elif kind in _JUMPS:
        for to in _JUMPS[kind][sq]:
            there = board.get(to)
            if there is None or there.owner is not owner:
                out.append(to)
    elif kind is Kind.PAWN and owner is not None:
        out.extend(_pawn(board, piece, forward(owner)))
    out.sort(key=_index)
    return out


def _pawn(board: dict[Square, Piece], piece: Piece, ahead: int) -> list[Square]:
    sq = piece.square
    out = []
    one = sq.offset(0, ahead)
    if one is not None and one not in board:
        out.append(one)
        two = sq.offset(0, 2 * ahead)
        if not piece.moved and two is not None and two not in board:
            out.append(two)
    for df in (-1, 1):
        diag = sq.offset(df, ahead)
        if diag is not None and is_enemy(piece, board.get(diag)):
            out.append(diag)
    return out


_HOW = {
    Kind.KNIGHT: "a Knight jumps two squares one way and one to the side",
    Kind.BISHOP: "a Bishop moves along diagonals",
    Kind.ROOK: "a Rook moves along ranks and files",
    Kind.QUEEN: "a Queen moves along ranks, files and diagonals",
    Kind.KING: "a King moves one square in any direction",
    Kind.DRAGON: "the Dragon moves one square in any direction",
}


def why_not_to(state: State, piece: Piece, to: Square) -> str:
    """Why ``piece`` may not move to (or attack) ``to``, a square not among its
    ``destinations``: in the words of how it moves."""
    sq, board = piece.square, state.board
    if to == sq:
        return "it is there already"
    there = board.get(to)
    if there is not None and there.owner is piece.owner:
        return f"{there.label} stands there (a piece never attacks its own side)"
    df, dr = to.file - sq.file, to.rank - sq.rank
    if piece.kind is Kind.PAWN and piece.owner is not None:
        ahead = forward(piece.owner)
        if df == 0 and dr in (ahead, 2 * ahead):
            if there is not None and dr == ahead:
                return "a Pawn attacks only diagonally forward, never straight ahead"
            one = sq.offset(0, ahead)
            if dr == 2 * ahead and one is not None and one in board:
                return f"the way is blocked by {board[one].label}"
            if dr == 2 * ahead and piece.moved:
                return "a Pawn moves two squares only on its first move"
            return "a Pawn attacks only diagonally forward, never straight ahead"
        if abs(df) == 1 and dr == ahead:
            return "a Pawn moves diagonally only to attack an enemy piece or the Dragon there"
        return (
            "a Pawn moves one square straight forward (two on its first move) and attacks one "
            "square diagonally forward"
        )
    steps = max(abs(df), abs(dr))
    for ldf, ldr in LINES.get(piece.kind, ()):
        if (ldf * steps, ldr * steps) != (df, dr):
            continue  # (not along this line)
        for k in range(1, steps):
            between = sq.offset(ldf * k, ldr * k)
            if between is not None and between in board:
                return f"the way is blocked by {board[between].label}"
    return _HOW.get(piece.kind, "it cannot move there")
