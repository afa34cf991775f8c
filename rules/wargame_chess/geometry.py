"""Move and Attack geometry for every piece type, with blocking by pieces and terrain.

Functions take a board map (square -> piece) and a terrain map; they never change anything.
Rooks, Bishops and Queens slide and cannot pass through pieces or terrain; Knights jump;
Pawns Move one square orthogonally and Attack one square diagonally (in any direction, WC-14);
Kings step one square; Jokers take up to three steps through unoccupied squares and cannot Attack.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.wargame_chess.board import (
    DIAGONAL,
    KNIGHT_JUMPS,
    ORTHOGONAL,
    SCATTER_DIRECTIONS,
    Square,
    Terrain,
)
from rules.wargame_chess.pieces import Kind
from rules.wargame_chess.state import Piece

Board = Mapping[Square, Piece]
TerrainMap = Mapping[Square, Terrain]
Paths = dict[Square, tuple[Square, ...]]

_SLIDES: dict[Kind, tuple[tuple[int, int], ...]] = {
    Kind.ROOK: ORTHOGONAL,
    Kind.BISHOP: DIAGONAL,
    Kind.QUEEN: SCATTER_DIRECTIONS,
}
_STEPS_MOVE: dict[Kind, tuple[tuple[int, int], ...]] = {
    Kind.PAWN: ORTHOGONAL,
    Kind.KING: SCATTER_DIRECTIONS,
    Kind.KNIGHT: KNIGHT_JUMPS,
}
_STEPS_ATTACK: dict[Kind, tuple[tuple[int, int], ...]] = {
    Kind.PAWN: DIAGONAL,
    Kind.KING: SCATTER_DIRECTIONS,
    Kind.KNIGHT: KNIGHT_JUMPS,
}


def occupant_text(board: Board, terrain: TerrainMap, sq: Square) -> str | None:
    """'a Tree on d4', 'White P3 on d4', or None when the square is unoccupied."""
    if sq in terrain:
        return f"a {terrain[sq].display} on {sq}"
    p = board.get(sq)
    if p is not None:
        return f"{p.key} on {sq}"
    return None


def is_free(board: Board, terrain: TerrainMap, sq: Square, ignore: str | None = None) -> bool:
    if sq in terrain:
        return False
    p = board.get(sq)
    return p is None or p.key == ignore


def move_paths(piece: Piece, board: Board, terrain: TerrainMap) -> Paths:
    """Every square ``piece`` can end a Move on, with the squares it passes through."""
    start = piece.square
    assert start is not None
    out: Paths = {}
    if piece.kind is Kind.JOKER:
        return _joker_paths(piece, board, terrain)
    slides = _SLIDES.get(piece.kind)
    if slides is not None:
        for df, dr in slides:
            path: list[Square] = []
            sq = start.offset(df, dr)
            while sq is not None and is_free(board, terrain, sq):
                path.append(sq)
                out[sq] = tuple(path)
                sq = sq.offset(df, dr)
        return out
    for df, dr in _STEPS_MOVE[piece.kind]:
        sq = start.offset(df, dr)
        if sq is not None and is_free(board, terrain, sq):
            out[sq] = (sq,)
    return out


def _joker_paths(piece: Piece, board: Board, terrain: TerrainMap) -> Paths:
    start = piece.square
    assert start is not None
    # Breadth-first over up to three steps; the starting square is free once the Joker leaves.
    frontier: dict[Square, tuple[Square, ...]] = {start: ()}
    best: Paths = {}
    for _ in range(3):
        nxt: dict[Square, tuple[Square, ...]] = {}
        for sq, path in frontier.items():
            for n in sq.neighbours():
                if n in nxt or not is_free(board, terrain, n, ignore=piece.key):
                    continue
                nxt[n] = (*path, n)
                if n != start and n not in best:
                    best[n] = nxt[n]
        frontier = nxt
    return best


def attack_paths(piece: Piece, board: Board, terrain: TerrainMap) -> Paths:
    """Every square holding an enemy that ``piece`` can Attack, with the path to it."""
    start = piece.square
    assert start is not None
    out: Paths = {}
    if piece.kind is Kind.JOKER:
        return out
    slides = _SLIDES.get(piece.kind)
    if slides is not None:
        for df, dr in slides:
            path: list[Square] = []
            sq = start.offset(df, dr)
            while sq is not None and is_free(board, terrain, sq):
                path.append(sq)
                sq = sq.offset(df, dr)
            if sq is not None and sq not in terrain:
                target = board.get(sq)
                if target is not None and target.owner is not piece.owner:
                    out[sq] = (*path, sq)
        return out
    for df, dr in _STEPS_ATTACK[piece.kind]:
        sq = start.offset(df, dr)
        if sq is None or sq in terrain:
            continue
        target = board.get(sq)
        if target is not None and target.owner is not piece.owner:
            out[sq] = (sq,)
    return out


def can_attack(piece: Piece, sq: Square, board: Board, terrain: TerrainMap) -> bool:
    """Whether ``piece`` can Attack the square ``sq`` (exactly when ``attack_paths`` lists
    it), checking that square alone: for asking about one target, say the Faction Leader."""
    start = piece.square
    if start is None or piece.kind is Kind.JOKER or sq in terrain:
        return False
    target = board.get(sq)
    if target is None or target.owner is piece.owner:
        return False
    slides = _SLIDES.get(piece.kind)
    if slides is None:
        return (sq.file - start.file, sq.rank - start.rank) in _STEPS_ATTACK[piece.kind]
    line = _line_to(start, sq, slides)
    return line is not None and all(is_free(board, terrain, s) for s in line[:-1])


def _line_to(start: Square, to: Square, dirs: tuple[tuple[int, int], ...]) -> list[Square] | None:
    df = (to.file > start.file) - (to.file < start.file)
    dr = (to.rank > start.rank) - (to.rank < start.rank)
    if (df, dr) not in dirs:
        return None
    squares: list[Square] = []
    sq: Square | None = start
    while sq is not None and sq != to:
        sq = sq.offset(df, dr)
        if sq is None:
            return None
        squares.append(sq)
    if sq != to:
        return None
    # Lines must be straight: orthogonal or exactly diagonal.
    if df and dr and abs(to.file - start.file) != abs(to.rank - start.rank):
        return None
    return squares


_GEOMETRY_TEXT: dict[Kind, tuple[str, str]] = {
    Kind.PAWN: ("one square vertically or horizontally", "one square diagonally"),
    Kind.KNIGHT: ("in an L (two squares one way, one the other)", "in an L"),
    Kind.BISHOP: ("diagonally", "diagonally"),
    Kind.ROOK: ("vertically or horizontally", "vertically or horizontally"),
    Kind.QUEEN: ("in a straight line", "in a straight line"),
    Kind.KING: ("one square in any direction", "one square in any direction"),
    Kind.JOKER: ("up to three steps to adjacent squares", "never (Jokers cannot Attack)"),
}


def explain_move(piece: Piece, to: Square, board: Board, terrain: TerrainMap) -> str:
    """Why ``piece`` cannot Move to ``to`` (assumes it indeed cannot)."""
    start = piece.square
    assert start is not None
    label = piece.label
    if to == start:
        return f"{label} is already on {to}; it may stay only when it cannot Move at all"
    occ = occupant_text(board, terrain, to)
    slides = _SLIDES.get(piece.kind)
    if slides is not None:
        line = _line_to(start, to, slides)
        if line is None:
            return (
                f"{label} Moves {_GEOMETRY_TEXT[piece.kind][0]}; {to} is not in line with {start}"
            )
        for sq in line[:-1]:
            blocker = occupant_text(board, terrain, sq)
            if blocker:
                return f"{label} cannot reach {to}: the path is blocked by {blocker}"
        return f"{label} cannot end its Move on {to}: it is occupied by {occ}"
    if piece.kind is Kind.JOKER:
        far = max(abs(to.file - start.file), abs(to.rank - start.rank)) > 3
        if occ and not far:  # (out of reach said first: its reason holds whatever is there)
            return f"{label} cannot end its Move on {to}: it is occupied by {occ}"
        return f"{label} cannot reach {to} in three steps through unoccupied squares"
    deltas = _STEPS_MOVE[piece.kind]
    if (to.file - start.file, to.rank - start.rank) not in deltas:
        return f"{label} Moves {_GEOMETRY_TEXT[piece.kind][0]}; {to} is not such a square"
    return f"{label} cannot Move to {to}: it is occupied by {occ}"


def explain_attack(piece: Piece, target: Square, board: Board, terrain: TerrainMap) -> str:
    """Why ``piece`` cannot Attack ``target`` (assumes it indeed cannot)."""
    start = piece.square
    assert start is not None
    label = piece.label
    if piece.kind is Kind.JOKER:
        return f"{label} is a Joker, and Jokers cannot Attack"
    victim = board.get(target)
    if target == start:
        return f"{label} stands on {target}: a piece Attacks another square"
    if victim is None and target not in terrain:
        return f"there is no piece on {target} for {label} to Attack"
    slides = _SLIDES.get(piece.kind)
    if (
        slides is None
        and (target.file - start.file, target.rank - start.rank) not in (_STEPS_ATTACK[piece.kind])
    ):  # (out of reach said first: its reason holds whatever stands there)
        return f"{label} Attacks {_GEOMETRY_TEXT[piece.kind][1]}; {target} is not such a square"
    if slides is not None and _line_to(start, target, slides) is None:
        return (
            f"{label} Attacks {_GEOMETRY_TEXT[piece.kind][1]}; {target} is not in line with {start}"
        )
    if target in terrain:
        return f"{label} cannot Attack {target}: it holds a {terrain[target].display}, not an enemy"
    if victim is None:
        return f"there is no piece on {target} for {label} to Attack"
    if victim.owner is piece.owner:
        return f"{label} cannot Attack {victim.key}: it is an ally"
    if slides is not None:
        line = _line_to(start, target, slides) or []
        for sq in line[:-1]:
            blocker = occupant_text(board, terrain, sq)
            if blocker:
                return f"{label} cannot reach {target}: the path is blocked by {blocker}"
    return (
        f"{label} Attacks {_GEOMETRY_TEXT[piece.kind][1]}; it cannot reach {victim.key} on {target}"
    )


def free_adjacent(
    board: Board, terrain: TerrainMap, sq: Square, ignore: tuple[str, ...] = ()
) -> list[Square]:
    """Unoccupied squares adjacent to ``sq``; pieces named in ``ignore`` count as absent."""
    out = []
    for n in sq.neighbours():
        if n in terrain:
            continue
        p = board.get(n)
        if p is None or p.key in ignore:
            out.append(n)
    return out
