"""Activating a piece: who may Activate which piece, Reactivation's Disadvantage token, and the
Promotion offer when a Pawn Activates in the enemy deployment zone.
"""

from __future__ import annotations

from rules.core.errors import IllegalAction
from rules.wargame_chess import actions as A
from rules.wargame_chess.board import (
    in_deployment_zone,
)
from rules.wargame_chess.checks import require_phase
from rules.wargame_chess.moves import promotion_choices
from rules.wargame_chess.pieces import CommonRule
from rules.wargame_chess.state import (
    ActivationInfo,
    Decision,
    GameState,
    Pending,
    Phase,
    Piece,
    Token,
    Zone,
)
from rules.wargame_chess.transaction import Handler, Transaction, Validator, peek
from rules.wargame_chess.turns import end_activation


def activatable(state: GameState) -> tuple[list[Piece], bool]:
    """The pieces ``state.to_act`` may Activate now, and whether that is a Reactivation."""
    mine = [p for p in state.pieces if p.owner is state.to_act and p.zone is Zone.BOARD]
    fresh = [p for p in mine if not p.activated]
    if fresh:
        return fresh, False
    return mine, True


def _v_activate(state: GameState, a: A.Action) -> None:
    assert isinstance(a, A.Activate)
    require_phase(state, Phase.PLAY, "Activating")
    if state.pending is not None:
        raise IllegalAction(f"finish the current decision first: {state.pending.decision.value}")
    p = state.piece(a.piece)
    if p.owner is not state.to_act:
        raise IllegalAction(f"it is {state.to_act.title}'s Activation, and {p.key} is not theirs")
    if p.zone is not Zone.BOARD:
        raise IllegalAction(f"{p.key} is not on the board")
    choices, _ = activatable(state)
    if p not in choices:
        names = ", ".join(c.label for c in choices)
        raise IllegalAction(f"{p.label} has already Activated this turn; Activate one of: {names}")


def _h_activate(tx: Transaction, a: A.Action) -> None:
    assert isinstance(a, A.Activate)
    piece = tx.piece(a.piece)
    assert piece.square is not None
    reactivation = piece.activated
    tx.started = True
    tx.update(
        piece.key,
        activated=True,
        activations=piece.activations + (0 if reactivation else 1),
    )
    verb = "Reactivates" if reactivation else "Activates"
    picker = tx.state.activation_picker
    chosen = "" if picker is None else f" (chosen by {picker.title}: The High Priestess)"
    tx.emit(
        "activated",
        f"{piece.owner.title} {verb} {piece.label} on {piece.square}{chosen}",
        piece=piece.key,
        reactivation=reactivation,
        square=str(piece.square),
    )
    if reactivation and piece.disadvantage == 0:
        tx.give_tokens(piece.key, Token.DISADVANTAGE, 1, "Reactivation")
    en_passant = not reactivation and piece.activations == 0 and piece.has(CommonRule.EN_PASSANT)
    tx.activation = ActivationInfo(piece.key, reactivation, piece.square, 0, en_passant)
    for e in tx.active_effects():
        e.on_activation_start(tx, piece.key)
    if tx.outcome is not None:
        return
    piece = tx.piece(piece.key)
    if piece.zone is not Zone.BOARD:  # an effect took it off the board
        end_activation(tx)
        return
    opp_zone = piece.square is not None and in_deployment_zone(piece.owner.other, piece.square)
    if piece.has(CommonRule.PROMOTION) and opp_zone:
        tx.pending = Pending(Decision.PROMOTION, piece.owner, piece.key)
        state_now = peek(tx)
        if promotion_choices(state_now, piece):
            return
    tx.pending = Pending(Decision.ACT, piece.owner, piece.key)


# The actions this section referees: a validator (read-only) and a handler for each.
RULES: dict[type[A.Action], tuple[Validator, Handler]] = {
    A.Activate: (_v_activate, _h_activate),
}
