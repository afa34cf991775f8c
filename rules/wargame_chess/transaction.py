"""The transaction: a mutable working copy; nothing reaches a state unless the action completes.

Rules change the game only through a ``Transaction``, so every change is an event and every die
is recorded. ``peek`` gives a read-only state of the transaction for the shared queries.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from rules.wargame_chess.dice import RollResult, RollSpec
from rules.wargame_chess.placement import Placement
from rules.wargame_chess.state import (
    GameState,
    Piece,
    RollEffect,
    RollEffectKind,
    Token,
    Until,
)


class Transaction(Placement):
    """The working copy with every rules section's changes (see ``working``, ``victory``,
    ``tokens``, ``placement``), plus rolling a piece's dice."""

    # ---- rolling a piece's dice ----
    def roll_spec(
        self, piece: Piece, spent: Token | None, extra_advantage: int, opponent: Piece | None
    ) -> RollSpec:
        n, sides = piece.kind.dice
        adv = extra_advantage + (1 if spent is Token.ADVANTAGE else 0)
        dis = 1 if spent is Token.DISADVANTAGE else 0
        prevent_adv = prevent_dis = False
        mods = []
        effects: list[RollEffect] = list(piece.roll_effects)
        for e in self.active_effects():
            effects.extend(e.roll_effects(self, piece, opponent))
        for fx in effects:
            if fx.kind is RollEffectKind.ADVANTAGE:
                adv += 1
            elif fx.kind is RollEffectKind.DISADVANTAGE:
                dis += 1
            elif fx.kind is RollEffectKind.PREVENT_ADVANTAGE:
                prevent_adv = True
            elif fx.kind is RollEffectKind.PREVENT_DISADVANTAGE:
                prevent_dis = True
            elif fx.modifier is not None:
                mods.append(fx.modifier)
        return RollSpec(n, sides, adv, dis, prevent_adv, prevent_dis, tuple(mods))

    def roll_piece(self, piece: Piece, spec: RollSpec, purpose: str) -> RollResult:
        result = spec.roll(self.dice)
        left = tuple(fx for fx in piece.roll_effects if fx.until is not Until.NEXT_ROLL)
        if left != piece.roll_effects:
            self.update(piece.key, roll_effects=left)
        self.emit(
            "rolled",
            f"{piece.key} {purpose}: {result.explain()}",
            piece=piece.key,
            purpose=purpose,
            dice=spec.dice_text,
            faces=list(result.faces),
            mode=spec.mode.value,
            total=result.total,
        )
        return result


def peek(tx: Transaction) -> GameState:
    """A read-only snapshot of the transaction, for queries shared with legal_actions."""
    return replace(
        tx.state,
        pieces=tuple(tx.pieces.values()),
        terrain=tuple(tx.terrain.items()),
        attack=tx.attack,
        activation=tx.activation,
        pending=tx.pending,
        effects=tx.effects,
    )


# A rules section's pair for one action type: a validator reads the state and raises
# ``IllegalAction``; a handler changes the transaction.
Validator = Callable[[GameState, Any], None]
Handler = Callable[[Transaction, Any], None]
