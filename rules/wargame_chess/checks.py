"""Checks shared by the validators: the phase and the decision the game is waiting for."""

from __future__ import annotations

from rules.core.errors import IllegalAction
from rules.wargame_chess.state import (
    Decision,
    GameState,
    Pending,
    Phase,
)


def require_phase(state: GameState, phase: Phase, what: str) -> None:
    if state.phase is not phase:
        raise IllegalAction(f"{what} is not possible during {state.phase.value}")


def require_decision(state: GameState, *decisions: Decision) -> Pending:
    require_phase(state, Phase.PLAY, "that")
    p = state.pending
    if p is None or p.decision not in decisions:
        now = "Activate a piece" if p is None else p.decision.value
        raise IllegalAction(f"that is not the decision now: the game is waiting for: {now}")
    return p
