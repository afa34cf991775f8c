"""Wargame Chess as a game system of the shared interface (``rules.core.system``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from rules.core import chance
from rules.core.actions import Action
from rules.core.board import Player
from rules.core.dice import Dice, RandomDice, ScriptedDice
from rules.core.errors import ParseError, ReplayError, each_side
from rules.core.history import Event, Step
from rules.core.system import GameSystem, Result
from rules.wargame_chess import actions as A
from rules.wargame_chess import ai as ai_terms
from rules.wargame_chess import engine
from rules.wargame_chess.faction_file import team_from_choice
from rules.wargame_chess.state import FORMAT_VERSION, Decision, GameConfig, GameState, Phase

DEFAULT_TEAMS = ("K Q R 2N 3P", "K Q B 2N 3P")
# The questions an Activation asks once its piece has chosen to Move or Attack: part of that
# action, not a new decision, for the AI's search (``resolving``).
RESOLVING = frozenset(
    {
        Decision.ATTACKER_TOKEN,
        Decision.DEFENDER_TOKEN,
        Decision.COMBAT_MOVEMENT,
        Decision.MOVE_ASIDE,
        Decision.SECOND_MOVE,
        Decision.CASTLE,
        Decision.PROMOTION,
    }
)


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
        white, black = each_side(texts, lambda t: team_from_choice(t).validate(), "teams")
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

    def resolving(self, state: GameState) -> bool:
        """An Advantage token spent or kept, Combat Movement, where a piece that cannot be
        slain goes, En Passant's second move, Castling, Promotion: each finishes the Move or
        Attack already chosen."""
        p = state.pending
        return p is not None and p.decision in RESOLVING

    def setting_up(self, state: GameState) -> bool:
        """Tree setup and deployment."""
        return state.phase not in (Phase.PLAY, Phase.OVER)

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
        (Disadvantage always; Advantage kept); for spending or keeping an Advantage token, the
        chance of the Attack it is for, so answered (one still to decide: spent)."""
        slay = _slay_odds(state, action)
        return None if slay is None else {"slays": slay, "fails": 1 - slay}

    def outcomes(
        self, state: GameState, action: Action, *, limit: int = chance.DEFAULT_LIMIT
    ) -> list[tuple[Fraction, GameState]]:
        """For search: an Attack that rolls at once, or the Advantage token decision it waited
        for, has two outcomes, success and failure, at the exact odds of ``odds``; each is
        represented by the first state seeded dice give it (enumerating the four dice of an
        Attack takes a few hundred runs; sampling them would put a few rolls' luck in the
        search's values). Everything else is enumerated exactly by the generic way."""
        if isinstance(action, (A.Attack, A.UseToken)):
            try:  # waiting for an Advantage decision (the defender's), it rolls nothing yet
                return [(Fraction(1), engine.apply(state, action, ScriptedDice([]))[0])]
            except ReplayError:
                pass
        slay = _slay_odds(state, action)  # (odds only once the Attack rolls)
        if slay is not None:
            found: dict[bool, GameState] = {}
            for seed in range(200):
                new, events = engine.apply(state, action, RandomDice(seed))
                hit = next((e.get("success") for e in events if e.kind == "attack_result"), None)
                if hit is None:
                    break  # not a plain Attack roll (an effect took over): enumerate
                found.setdefault(bool(hit), new)
                if len(found) == 2 or slay in (0, 1):
                    wanted = {True: slay, False: 1 - slay}
                    if all(wanted[k] == 0 or k in found for k in wanted):
                        return [(wanted[k], s) for k, s in found.items() if wanted[k]]
        return super().outcomes(state, action, limit=limit)

    # ---- the AI (its terms: ``ai.py`` beside this module) ----
    def evaluate(self, state: GameState, player: Player) -> float:
        return ai_terms.evaluate(state, player)

    def material(self, state: GameState, player: Player) -> float:
        return ai_terms.material(state, player)


def _slay_odds(state: GameState, action: Action) -> Fraction | None:
    """The chance that an Attack, or the Attack an Advantage token is spent or kept for,
    succeeds (None for any other action)."""
    if isinstance(action, A.Attack):
        return engine.attack_odds_now(state, action.piece, action.target).slay
    if isinstance(action, A.UseToken):
        rolling = engine.attack_in_progress_odds(state, action.use)
        return None if rolling is None else rolling[0].slay
    return None


SYSTEM = WargameChess()
