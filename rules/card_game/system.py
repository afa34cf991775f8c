"""Chess: The Card Game behind the shared ``GameSystem`` interface."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from rules.card_game import ai as ai_terms
from rules.card_game import engine
from rules.card_game.actions import from_dict
from rules.card_game.decks import STARTERS, parse_deck
from rules.card_game.state import RULES_REVISION, TURN_LIMIT, Config, GameState
from rules.core.actions import Action
from rules.core.board import Player
from rules.core.dice import Dice
from rules.core.errors import each_side
from rules.core.history import Event, Step
from rules.core.system import GameSystem, Result

DEFAULT_DECKS = ("Spades starter", "Hearts starter")


class CardGame(GameSystem[GameState, Config]):
    id = "card-game"
    name = "Chess: The Card Game"
    secrets = True

    def new_config(self, options: Mapping[str, Any]) -> Config:
        texts = options.get("decks") or DEFAULT_DECKS
        decks = each_side(texts, lambda t: parse_deck(STARTERS.get(t, t)), "decks")
        limit = int(options.get("turn_limit", TURN_LIMIT))
        revision = int(options.get("revision", RULES_REVISION))
        return Config((decks[0], decks[1]), limit, revision)

    def initial_state(self, config: Config) -> GameState:
        return GameState(config)

    def config_of(self, state: GameState) -> Config:
        return state.config

    def config_to_dict(self, config: Config) -> dict[str, Any]:
        return {
            "decks": [d.text() for d in config.decks],
            "turn_limit": config.turn_limit,
            "revision": config.revision,
        }

    def config_from_dict(self, d: Mapping[str, Any]) -> Config:
        revision = int(d.get("revision", 1))  # (saved before revisions: the first rules)
        return self.new_config(
            {"decks": tuple(d["decks"]), "turn_limit": d["turn_limit"], "revision": revision}
        )

    def action_from_dict(self, d: Mapping[str, Any]) -> Action:
        return from_dict(d)

    def decider(self, state: GameState) -> Player | None:
        return engine.decider(state)

    def legal_actions(self, state: GameState) -> Sequence[Action]:
        return engine.legal_actions(state)

    def check(self, state: GameState, action: Action, *, player: Player | None = None) -> None:
        engine.check(state, action, player=player)

    def apply(
        self, state: GameState, action: Action, dice: Dice, *, player: Player | None = None
    ) -> tuple[GameState, list[Event]]:
        return engine.apply(state, action, dice, player=player)

    def history(self, state: GameState) -> tuple[Step, ...]:
        return state.history

    def result(self, state: GameState) -> Result | None:
        o = state.outcome
        if o is None:
            return None
        return Result(o.winner, o.reason, o.text[:1].upper() + o.text[1:])

    # ---- the AI (its terms: ``ai.py`` beside this module) ----
    def evaluate(self, state: GameState, player: Player) -> float:
        return ai_terms.evaluate(state, player)

    def material(self, state: GameState, player: Player) -> float:
        return ai_terms.material(state, player)

    def determinize(self, state: GameState, player: Player, rng: random.Random) -> GameState:
        return ai_terms.determinize(state, player, rng)


SYSTEM = CardGame()
