"""Chess28 as a game system of the shared interface (``rules.core.system``).

Chess28 Core Rules System © 2024 Mike Hutchinson (https://planetsmashergames.com), CC BY 4.0.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from rules.chess28 import actions as A
from rules.chess28 import ai as ai_terms
from rules.chess28 import engine
from rules.chess28.odds import action_odds
from rules.chess28.roster import READY_MADE, Party
from rules.chess28.state import DEFAULT_TURN_LIMIT, GameConfig, GameState, Mode, Phase
from rules.core.actions import Action
from rules.core.board import Player
from rules.core.dice import Dice
from rules.core.errors import ParseError, each_side
from rules.core.history import Event, Step
from rules.core.system import GameSystem, Result

RESOLVING = frozenset(
    {
        "charge",
        "glory",
        "reroll_attack",
        "defence_window",
        "reroll_defence",
        "push",
        "last_gasp",
        "relentless",
        "bloodlust",
    }
)
DEFAULT_PARTIES = (READY_MADE["Iron Vanguard"], READY_MADE["Night Parade"])


class Chess28(GameSystem[GameState, GameConfig]):
    id = "chess28"
    name = "Chess28"
    secrets = True

    def new_config(self, options: Mapping[str, Any]) -> GameConfig:
        """Options: ``parties`` (White's and Black's, as text; ready-made when left out),
        ``mode`` ("pinata" or "last-standing"; left out, White chooses it as the first setup
        step), ``desperation``, ``turn_limit``."""
        texts = options.get("parties") or DEFAULT_PARTIES
        if len(texts) != 2:
            raise ParseError("give two parties: White's and Black's")
        white, black = each_side(texts, lambda t: Party.parse(str(t)).validate(), "parties")
        mode_text = str(options.get("mode") or "").lower()
        try:
            mode = Mode(mode_text) if mode_text else None
        except ValueError:
            raise ParseError(f"'{mode_text[:20]}' is not a mode: pinata or last-standing") from None
        limit = options.get("turn_limit", DEFAULT_TURN_LIMIT)
        if not isinstance(limit, int) or not 2 <= limit <= 400:
            raise ParseError("the turn limit is a whole number from 2 to 400")
        return GameConfig((white, black), mode, bool(options.get("desperation", False)), limit)

    def initial_state(self, config: GameConfig) -> GameState:
        return engine.initial_state(config)

    def config_of(self, state: GameState) -> GameConfig:
        return state.config

    def config_to_dict(self, config: GameConfig) -> dict[str, Any]:
        return config.to_dict()

    def config_from_dict(self, d: Mapping[str, Any]) -> GameConfig:
        return GameConfig.from_dict(dict(d))

    def action_from_dict(self, d: Mapping[str, Any]) -> Action:
        return A.action_from_dict(d)

    def decider(self, state: GameState) -> Player | None:
        return state.decider

    def resolving(self, state: GameState) -> bool:
        """The questions an attack asks once declared (the target of a Charge, Moment of
        Glory, re-rolls, Iron Skin, where the pushed model goes, Last Gasp, Relentless,
        Bloodlust): part of the attack, not a new decision, for the AI's search."""
        p = state.pending
        return p is not None and p.kind in RESOLVING

    def setting_up(self, state: GameState) -> bool:
        """The game mode, the first player, the chests, terrain and deployment."""
        return state.phase not in (Phase.PLAY, Phase.OVER)

    def legal_actions(self, state: GameState) -> Sequence[Action]:
        return engine.legal_actions(state)

    def check(self, state: GameState, action: Action, *, player: Player | None = None) -> None:
        engine.check(state, action, player=player)

    def apply(
        self, state: GameState, action: Action, dice: Dice, *, player: Player | None = None
    ) -> tuple[GameState, list[Event]]:
        return engine.apply(state, action, dice, player=player)

    def apply_fast(self, state: GameState, action: Action, dice: Dice) -> GameState:
        return engine.apply(state, action, dice, checked=True)[0]

    def history(self, state: GameState) -> tuple[Step, ...]:
        return state.history

    def result(self, state: GameState) -> Result | None:
        if state.phase is not Phase.OVER:
            return None
        code = state.reason_code or "other"
        if state.winner is None:
            return Result(None, code, f"A draw: {state.reason}")
        return Result(state.winner, code, f"{state.winner.title} wins: {state.reason}")

    def odds(self, state: GameState, action: Action) -> Mapping[str, Fraction] | None:
        return action_odds(state, action)

    # ---- the AI (its terms: ``ai.py`` beside this module) ----
    def evaluate(self, state: GameState, player: Player) -> float:
        return ai_terms.evaluate(state, player)

    def material(self, state: GameState, player: Player) -> float:
        return ai_terms.material(state, player)

    def determinize(self, state: GameState, player: Player, rng: random.Random) -> GameState:
        return ai_terms.determinize(state, player, rng)


SYSTEM = Chess28()
