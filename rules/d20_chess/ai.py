"""What the AI's search needs from d20 explorer chess: how good a position looks to one player.

``evaluate``: piece values, experience, Pawns' advance, pieces closing on the enemy King and a
King's nearness to the Dragon; ``material``: the piece values alone (the greedy baseline's
measure). The piece values are the usual chess values (``D20_VALUES``: a Queen 9), a measure
of worth for the search, not the game's Attack and Defence table (its Queen 8), which only
decides the capture rolls. Both from ``player``'s side, zero-sum; a finished game is scored by
``rules.ai.evaluation.evaluate``.
"""

from __future__ import annotations

from typing import Any

from rules.core.board import Player
from rules.d20_chess.pieces import Kind

# d20 explorer chess: pieces by kind (the King is the game, so it is scored by the result);
# experience towards promotion is worth a little.
D20_VALUES = {"Pawn": 1.0, "Knight": 3.0, "Bishop": 3.0, "Rook": 5.0, "Queen": 9.0, "King": 0.0}
D20_XP = 0.5
D20_ADVANCE = 0.05  # per rank a Pawn has advanced
# The game is won by taking the King: each piece is worth a little more the closer it stands
# to the enemy King (per square nearer, counted from 7), and a King near the Dragon is in danger.
D20_HUNT = 0.08
D20_DRAGON_NEAR_KING = -0.4


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
    return total


def _d20_material(state: Any, player: Player) -> float:
    return sum(
        _D20_BY_KIND.get(p.kind, 0.0) * (1 if p.owner is player else -1)
        for p in state.pieces
        if p.owner is not None
    )
