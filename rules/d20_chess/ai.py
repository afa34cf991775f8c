"""What the AI's search needs from d20 explorer chess: how good a position looks to one player.

``evaluate``: piece values, experience, Pawns' advance, pieces closing on the enemy King, a
King's nearness to the Dragon, and the side to move's next attack on a King as a chance of the
game's end; ``material``: the piece values alone (the greedy baseline's measure). The piece
values are the usual chess values (``D20_VALUES``: a Queen 9), a measure of worth for the
search, not the game's Attack and Defence table (its Queen 8), which only decides the capture
rolls. Both from ``player``'s side, zero-sum; a finished game is scored by
``rules.ai.evaluation.evaluate``.
"""

from __future__ import annotations

from typing import Any

from rules.core.board import Player, Square
from rules.core.system import WIN
from rules.d20_chess.captures import modifiers, odds
from rules.d20_chess.movement import destinations, forward
from rules.d20_chess.pieces import Kind, Piece

# d20 explorer chess: pieces by kind (the King is the game, so it is scored by the result);
# experience towards promotion is worth a little.
D20_VALUES = {"Pawn": 1.0, "Knight": 3.0, "Bishop": 3.0, "Rook": 5.0, "Queen": 9.0, "King": 0.0}
D20_XP = 0.5
D20_ADVANCE = 0.05  # per rank a Pawn has advanced
# The game is won by taking the King: each piece is worth a little more the closer it stands
# to the enemy King (per square nearer, counted from 7), and a King near the Dragon is in danger.
D20_HUNT = 0.08
D20_DRAGON_NEAR_KING = -0.4
# A taken King loses the game, and there is no check: where the search stops, the side to
# move may attack the enemy King, so its best such attack counts as its chance to capture
# (times 0.9: the search did not see the roll), a chance of the game's end mixed with the
# position's value. Without it a search that stopped before the reply (a d20 roll's outcomes
# make a wide tree: `hard` often finishes one move) left its King to a 60% capture for a
# Pawn (a new player's game, 2026-11-28).
D20_KING_STRIKE = 0.9


def evaluate(state: Any, player: Player) -> float:
    """The full evaluation of an unfinished game, from ``player``'s side."""
    return _d20(state, player)


def material(state: Any, player: Player) -> float:
    """The pieces' values alone."""
    return _d20_material(state, player)


def _near(a: Any, b: Any) -> int:
    """7 minus the king-move distance between two squares: 6 when next to each other."""
    return 7 - int(max(abs(a.file - b.file), abs(a.rank - b.rank)))


_D20_BY_KIND = {Kind(name): v for name, v in D20_VALUES.items()}


def _d20(state: Any, player: Player) -> float:
    pieces = state.pieces
    kings: dict[Any, Any] = {}
    dragon = None
    for p in pieces:
        if p.owner is None:
            dragon = p.square
        elif p.kind is Kind.KING:
            kings[p.owner] = p.square
    total = 0.0
    for p in pieces:
        owner = p.owner
        if owner is None:
            continue
        kind = p.kind
        v = _D20_BY_KIND.get(kind, 0.0)
        if p.xp:
            v += D20_XP * float(p.xp)
        sq = p.square
        if kind is Kind.PAWN:
            v += D20_ADVANCE * (sq.rank if owner is Player.WHITE else 7 - sq.rank)
        if kind is Kind.KING:
            if dragon is not None:
                v += D20_DRAGON_NEAR_KING * max(0, _near(sq, dragon) - 4)
        else:
            enemy_king = kings.get(Player.BLACK if owner is Player.WHITE else Player.WHITE)
            if enemy_king is not None:
                v += D20_HUNT * _near(sq, enemy_king)
        total += v if owner is player else -v
    return _king_strike(state, player, total)


def _king_strike(state: Any, player: Player, value: float) -> float:
    """``value`` (from ``player``'s side) with the side to move's best attack on the enemy
    King mixed in at its exact chance to capture (``D20_KING_STRIKE``)."""
    if state.over:
        return value
    # (while a promotion is offered, the side that just moved still holds the turn: the other
    # side moves next, once the offer is answered)
    side = state.to_act.other if state.offers else state.to_act
    king = next((p for p in state.side(side.other) if p.kind is Kind.KING), None)
    if king is None:
        return value
    best = 0.0
    for p in state.side(side):
        if _may_reach(p, king.square) and king.square in destinations(state, p):
            best = max(best, float(odds(modifiers(state, p, king))["capture"]))
    if best == 0.0:
        return value
    win = WIN if side is player else -WIN
    return value + D20_KING_STRIKE * best * (win - value)


def _may_reach(piece: Piece, target: Square) -> bool:
    """Whether ``piece`` could attack ``target`` by its kind's geometry alone (a quick test
    before its moves are listed)."""
    df, dr = abs(target.file - piece.square.file), target.rank - piece.square.rank
    kind = piece.kind
    if kind is Kind.KNIGHT:
        return {df, abs(dr)} == {1, 2}
    if kind is Kind.KING:
        return max(df, abs(dr)) == 1
    if kind is Kind.PAWN:
        return df == 1 and piece.owner is not None and dr == forward(piece.owner)
    straight, diagonal = df == 0 or dr == 0, df == abs(dr)
    if kind is Kind.ROOK:
        return straight
    if kind is Kind.BISHOP:
        return diagonal
    return straight or diagonal


def _d20_material(state: Any, player: Player) -> float:
    return sum(
        _D20_BY_KIND.get(p.kind, 0.0) * (1 if p.owner is player else -1)
        for p in state.pieces
        if p.owner is not None
    )
