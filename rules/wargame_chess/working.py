"""The working copy of a game while one action is applied: reading the position, writing
changes and events, rolling dice, and freezing the result into the next immutable state.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules.wargame_chess import actions as A
from rules.wargame_chess.board import (
    Player,
    Square,
    Terrain,
)
from rules.wargame_chess.dice import Dice, RecordingDice
from rules.wargame_chess.effects import effects_in_force
from rules.wargame_chess.geometry import (
    is_free,
)
from rules.wargame_chess.state import (
    COUNT_POINTS,
    EffectStep,
    Event,
    GameState,
    Phase,
    Piece,
    Step,
    Zone,
)


class WorkingCopy:
    """Working copy of a state while one action is applied. Rules change the game through the
    methods of ``Transaction`` (this class and the rules sections built on it) only. If anything
    raises, the working copy is dropped and nothing changed."""

    def __init__(self, state: GameState, dice: Dice) -> None:
        self.state = state
        self.config = state.config
        self.pieces: dict[str, Piece] = dict(state.by_key)
        self.terrain: dict[Square, Terrain] = dict(state.terrain)
        self.phase = state.phase
        self.turn = state.turn
        self.tree_first = state.tree_first
        self.to_act = state.to_act
        self.first_activator = state.first_activator
        self.last_activator = state.last_activator
        self.started = state.started
        self.activation = state.activation
        self.attack = state.attack
        self.pending = state.pending
        self.effects = state.effects
        self.outcome = state.outcome
        self.faith = state.faith
        self.events: list[Event] = []
        self.dice = RecordingDice(dice)
        self._board: dict[Square, Piece] | None = None
        self.leaders_slain: set[Player] = set()
        self.swapping = False  # one piece taking another's place: the end is judged after

    # ---- reading ----
    def board(self) -> dict[Square, Piece]:
        if self._board is None:
            self._board = {
                p.square: p for p in self.pieces.values() if p.zone is Zone.BOARD and p.square
            }
        return self._board

    def piece(self, key: str) -> Piece:
        return self.pieces[key]

    def on_board(self, player: Player | None = None) -> list[Piece]:
        return [
            p
            for p in self.pieces.values()
            if p.zone is Zone.BOARD and (player is None or p.owner is player)
        ]

    def allies(self, piece: Piece) -> list[Piece]:
        return [p for p in self.on_board(piece.owner) if p.key != piece.key]

    def free(self, sq: Square, ignore: str | None = None) -> bool:
        return is_free(self.board(), self.terrain, sq, ignore)

    def active_effects(self) -> list[Any]:
        names = self.effects
        if self.faith.tarot_active is not None:
            names = (*names, f"tarot:{self.faith.tarot_active}")
        return effects_in_force(names)

    def enqueue(self, *steps: EffectStep) -> None:
        """Queue ``steps`` last, but ahead of the end of turn 10's count of the points (what a
        rule applied meanwhile queues, a Divination's card, resolves before the game is
        scored; revision 6, R93)."""
        q = self.faith.queue
        at = len(q)
        if not all(s.kind == COUNT_POINTS for s in steps):
            at = next((i for i, s in enumerate(q) if s.kind == COUNT_POINTS), len(q))
        self.faith = replace(self.faith, queue=(*q[:at], *steps, *q[at:]))

    # ---- writing ----
    def emit(self, kind: str, text: str, **data: Any) -> None:
        self.events.append(Event(kind, text, tuple(data.items())))

    def set(self, piece: Piece) -> Piece:
        self.pieces[piece.key] = piece
        self._board = None
        return piece

    def update(self, key: str, **changes: Any) -> Piece:
        return self.set(replace(self.pieces[key], **changes))

    def roll(self, sides: int) -> int:
        return self.dice.roll(sides)

    def relocate(self, key: str, sq: Square) -> None:
        self.update(key, square=sq)

    # ---- freezing ----
    def freeze(self, action: A.Action) -> GameState:
        s = self.state
        return GameState(
            config=s.config,
            phase=self.phase,
            pieces=tuple(self.pieces.values()),
            terrain=tuple(sorted(self.terrain.items())),
            turn=self.turn,
            tree_first=self.tree_first,
            to_act=self.to_act,
            first_activator=self.first_activator,
            last_activator=self.last_activator,
            started=self.started,
            activation=self.activation,
            attack=self.attack,
            pending=self.pending,
            effects=self.effects,
            outcome=self.outcome,
            faith=self.faith,
            activation_picker=self._activation_picker(),
            history=(*s.history, Step(action, tuple(self.dice.rolls), tuple(self.events))),
        )

    def _activation_picker(self) -> Player | None:
        """The opponent picks the piece to Activate while an effect says so (not for
        Reactivations)."""
        if self.phase is not Phase.PLAY or self.pending is not None:
            return None
        if not any(e.opponent_picks_activation(self) for e in self.active_effects()):
            return None
        fresh = any(not p.activated for p in self.on_board(self.to_act))
        return self.to_act.other if fresh else None
