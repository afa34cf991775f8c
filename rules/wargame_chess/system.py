"""Wargame Chess as a game system of the shared interface (``rules.core.system``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from rules.core.actions import Action
from rules.core.board import Player
from rules.core.dice import Dice
from rules.core.errors import ParseError
from rules.core.history import Event, Step
from rules.core.system import GameSystem, Result
from rules.wargame_chess import actions as A
from rules.wargame_chess import engine
from rules.wargame_chess.faction_file import team_from_choice
from rules.wargame_chess.state import FORMAT_VERSION, GameConfig, GameState

DEFAULT_TEAMS = ("K Q R 2N 3P", "K Q B 2N 3P")


class WargameChess(GameSystem[GameState, GameConfig]):
    id = "wargame-chess"
    name = "Wargame Chess"
    format_version = FORMAT_VERSION

    def new_config(self, options: Mapping[str, Any]) -> GameConfig:
        """Options: ``teams`` (White's and Black's team lists as text, or a data-defined
        faction with its list as ``faction_file.team_choice`` keeps it; ready-made ones when
        left out), ``tree_first`` (a seat, or a coin flip when left out), ``revised_star``."""
        texts = options.get("teams") or DEFAULT_TEAMS
        if len(texts) != 2:
            raise ParseError("give two team lists: White's and Black's")
        white, black = (team_from_choice(t).validate() for t in texts)
        tree_first = options.get("tree_first")
        return GameConfig(
            teams=(white, black),
            tree_first=None if tree_first is None else Player(tree_first),
            # (challenges stored before game systems were plugins say "star_one_each")
            star_one_each=bool(options.get("revised_star", options.get("star_one_each", False))),
        )

    def initial_state(self, config: GameConfig) -> GameState:
        return engine.initial_state(config)

    def config_of(self, state: GameState) -> GameConfig:
        return state.config

    def config_to_dict(self, config: GameConfig) -> dict[str, Any]:
        return config.to_dict()

    def config_from_dict(self, d: Mapping[str, Any]) -> GameConfig:
        return GameConfig.from_dict(dict(d))

    def action_from_dict(self, d: Mapping[str, Any]) -> Action:
        return A.action_from_dict(dict(d))

    def decider(self, state: GameState) -> Player | None:
        return state.decider

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
        return Result(o.winner, o.reason.name.lower(), o.describe(), o.points)

    def odds(self, state: GameState, action: Action) -> Mapping[str, Fraction] | None:
        """An Attack's exact chance to slay, with the tokens spent as the rules force them
        (Disadvantage always; Advantage kept)."""
        if not isinstance(action, A.Attack):
            return None
        slay = engine.attack_odds_now(state, action.piece, action.target).slay
        return {"slays": slay, "fails": 1 - slay}


SYSTEM = WargameChess()
