"""How good a position looks to one player: a finished game by its result, an unfinished one by
its system's own evaluation.

Each system scores its positions itself (``GameSystem.evaluate``, and ``GameSystem.material``
for the greedy baseline; the terms live in each system's ``ai`` module, e.g.
``rules/wargame_chess/ai.py``), from ``player``'s side and zero-sum, but for one term: Chess28's
pull towards the enemy in last side standing counts for ``player``'s models only (the search
always evaluates from its own player's side). Finished games score ``WIN`` (plus the margin,
so a bigger win is preferred) or ``-WIN``; a draw scores 0. Only what ``player`` can see is
read: the card game counts hands by their size, never their cards.
"""

from __future__ import annotations

from typing import Any

from rules.core.board import Player
from rules.core.system import WIN, GameSystem

__all__ = ["WIN", "evaluate"]


def evaluate(
    system: GameSystem[Any, Any], state: Any, player: Player, material_only: bool = False
) -> float:
    """The value of ``state`` to ``player``: the result when the game is over (a win is worth
    ``WIN`` plus the margin), else the system's evaluation (0 when it has none), or with
    ``material_only`` its material alone."""
    margin = system.material(state, player) if material_only else system.evaluate(state, player)
    result = system.result(state)
    if result is None:
        return margin
    if result.winner is None:
        return 0.0
    return WIN + margin if result.winner is player else -WIN + margin
