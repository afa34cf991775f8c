"""A sensible automatic deployment a player can accept instead of placing every piece."""

from __future__ import annotations

from rules.wargame_chess.actions import Deploy
from rules.wargame_chess.board import Player, Square, rank_from_own_side
from rules.wargame_chess.pieces import Kind
from rules.wargame_chess.setup import free_deploy_squares
from rules.wargame_chess.state import GameState, Zone

_FILE_ORDER = (3, 4, 2, 5, 1, 6, 0, 7)  # d, e, c, f, b, g, a, h
_BACK_ORDER = (Kind.KING, Kind.QUEEN, Kind.BISHOP, Kind.KNIGHT, Kind.ROOK, Kind.JOKER)


def suggest_deployment(state: GameState, player: Player) -> list[Deploy]:
    """Positionals on the back rank (King and Queen in the middle, Rooks at the edges), Pawns in
    front; anything that does not fit goes to the remaining free squares of the zone."""
    free = set(free_deploy_squares(state, player))
    back = [Square.at(f, rank_from_own_side(player, 1)) for f in _FILE_ORDER]
    front = [Square.at(f, rank_from_own_side(player, 2)) for f in _FILE_ORDER]
    reserve = [p for p in state.pieces if p.owner is player and p.zone is Zone.RESERVE]
    positionals = sorted(
        (p for p in reserve if p.kind is not Kind.PAWN), key=lambda p: _BACK_ORDER.index(p.kind)
    )
    pawns = [p for p in reserve if p.kind is Kind.PAWN]
    out: list[Deploy] = []
    for pieces, preferred in ((positionals, back + front), (pawns, front + back)):
        for p in pieces:
            sq = next((s for s in preferred if s is not None and s in free), None)
            if sq is None:
                sq = min(free)
            free.discard(sq)
            out.append(Deploy(p.key, sq))
    return out
