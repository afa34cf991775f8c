"""Plug-in points for rules that are in force for a while: tarot cards, faction rules, ...

A ``GameEffect`` is registered under a name; a game lists the names in force in
``GameState.effects``. The engine asks every effect in force at fixed moments:

- passive questions: extra roll effects for a roll, whether a piece may spend an Advantage token,
  whether it can be slain, whether it can be Cursed or Blessed;
- triggers: start and end of a turn, start and end of a Re/Activation, between Activations,
  a piece slain.

Triggers receive the engine's transaction (``rules.wargame_chess.transaction.Transaction``) and
change the game only through its methods, so their changes are events like any other and replay
exactly.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rules.wargame_chess.dice import RollResult
    from rules.wargame_chess.state import Piece, RollEffect
    from rules.wargame_chess.transaction import Transaction


class GameEffect:
    name: str = "effect"

    # ---- passive questions ----
    def roll_effects(
        self, tx: Transaction, piece: Piece, opponent: Piece | None
    ) -> Iterable[RollEffect]:
        return ()

    def may_spend_advantage(self, tx: Transaction, piece: Piece) -> bool:
        return True

    def can_be_slain(self, tx: Transaction, piece: Piece) -> bool:
        return True

    def can_be_cursed(self, tx: Transaction, piece: Piece) -> bool:
        return True

    def can_be_blessed(self, tx: Transaction, piece: Piece) -> bool:
        return True

    def opponent_picks_activation(self, tx: Transaction) -> bool:
        return False

    # ---- triggers ----
    def on_turn_start(self, tx: Transaction) -> None:
        return None

    def on_turn_end(self, tx: Transaction) -> None:
        return None

    def on_activation_start(self, tx: Transaction, piece_key: str) -> None:
        return None

    def on_activation_end(self, tx: Transaction, piece_key: str) -> None:
        return None

    def on_slain(self, tx: Transaction, slain_key: str, slayer_key: str | None) -> None:
        return None

    def after_attack_slays(
        self, tx: Transaction, attacker_key: str, defender_key: str, attack_roll: RollResult
    ) -> None:
        """After an Attack slays and the attacker has taken the square."""
        return None

    def between_activations(self, tx: Transaction, last_piece: str) -> None:
        """After a Re/Activation ends and before the next player goes (or the turn ends)."""
        return None


REGISTRY: dict[str, GameEffect] = {}


def register(effect: GameEffect) -> GameEffect:
    REGISTRY[effect.name] = effect
    return effect


def effects_in_force(names: Iterable[str]) -> list[GameEffect]:
    return [REGISTRY[n] for n in names if n in REGISTRY]
