"""What a player cannot see, resampled: the AI decides from its own side of the table.

A system with secrets (``GameSystem.secrets``) deals them again in ``GameSystem.determinize``:
it takes a state and the player who is thinking, and returns a state in which every card that
player cannot see has been dealt again at random, consistently with what they can see (how many
cards each hand and deck holds, which cards are out in the open). It reads the unseen cards only
as one pool, sorted, so the result depends on what is hidden only through what is public: two
states that differ only in their secrets give the same samples for the same seed.

Systems without secrets need none. Wargame Chess and d20 explorer chess draw their cards and
tiles with recorded rolls from face-down piles kept as sorted sets, so their states hold no
order to hide: those draws are chance outcomes like dice.
"""

from __future__ import annotations

import random
from typing import Any

from rules.core.board import Player
from rules.core.system import GameSystem


def has_secrets(system: GameSystem[Any, Any]) -> bool:
    return system.secrets


def determinize(
    system: GameSystem[Any, Any], state: Any, player: Player, rng: random.Random
) -> Any:
    """A state consistent with what ``player`` sees, its secrets dealt again from ``rng``."""
    return system.determinize(state, player, rng) if system.secrets else state
