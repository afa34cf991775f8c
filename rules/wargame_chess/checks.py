"""Checks shared by the validators: the phase and the decision the game is waiting for."""

from __future__ import annotations

from rules.core.errors import IllegalAction
from rules.wargame_chess.state import (
    Decision,
    GameState,
    Pending,
    Phase,
)

# Where the game stands, as a refusal says it ("... is not possible now: the game is ...")
PHASE_NOW = {
    Phase.TREE_ORDER: "still deciding who sets up Trees first",
    Phase.TREES: "at Tree setup",
    Phase.TREE_CHOICE: "at the choice of the second Tree setup",
    Phase.DEPLOY: "at deployment",
    Phase.PLAY: "in play",
    Phase.OVER: "over",
}
# What the game waits for, as a refusal says it
_WAITING = {
    Decision.PROMOTION: "whether to Promote this Pawn (or decline)",
    Decision.ACT: "the Activated piece's Move or Attack",
    Decision.SECOND_MOVE: "the Pawn's second Move (En Passant): Move again or decline; it "
    "cannot Attack now",
    Decision.CASTLE: "whether to Castle (or decline)",
    Decision.ATTACKER_TOKEN: "the attacker's choice to spend or keep an Advantage token",
    Decision.DEFENDER_TOKEN: "the defender's choice to spend or keep an Advantage token",
    Decision.COMBAT_MOVEMENT: "the defender's player to make the Combat Movement",
    Decision.MOVE_ASIDE: "where to place the piece that cannot be slain",
    Decision.CHOOSE: "a choice for a card's effect",
}


def require_phase(state: GameState, phase: Phase, what: str) -> None:
    if state.phase is not phase:
        raise IllegalAction(f"{what} is not possible now: the game is {PHASE_NOW[state.phase]}")


def require_decision(state: GameState, *decisions: Decision) -> Pending:
    require_phase(state, Phase.PLAY, "that")
    p = state.pending
    if p is None or p.decision not in decisions:
        now = "a piece to be Activated" if p is None else _WAITING[p.decision]
        raise IllegalAction(f"that is not the decision now: the game is waiting for {now}")
    return p
