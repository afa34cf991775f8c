"""d20 explorer chess behind the shared ``GameSystem`` interface."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from typing import Any

from rules.core import chance
from rules.core.actions import Action
from rules.core.board import Player, Square
from rules.core.dice import Dice
from rules.core.errors import RulesError
from rules.core.history import Event, Step
from rules.core.system import GameSystem, Result
from rules.d20_chess import ai as ai_terms
from rules.d20_chess import turn
from rules.d20_chess.actions import Move, action_from_dict
from rules.d20_chess.captures import CRITICAL, DIE, NEEDED, modifiers
from rules.d20_chess.captures import odds as capture_odds
from rules.d20_chess.pieces import Piece
from rules.d20_chess.setup import initial_state
from rules.d20_chess.state import DEFAULT_TURN_LIMIT, MAX_TURN_LIMIT, Config, State
from rules.d20_chess.tiles import HOUSE_DECK, Deck, Tile, deck_from_dict, parse_deck

SWITCHES = ("standard_army", "wide_exploration")
OPTIONS = (*SWITCHES, "turn_limit", "deck")


class D20Chess(GameSystem[State, Config]):
    id = "d20-chess"
    name = "d20 explorer chess"

    # ---- making a game ----
    def new_config(self, options: Mapping[str, Any]) -> Config:
        problems = [
            f"'{k}' is not a d20 explorer chess option" for k in options if k not in OPTIONS
        ]
        for k in SWITCHES:
            if not isinstance(options.get(k, False), bool):
                problems.append(f"{k.replace('_', ' ')} is a yes-or-no switch")
        limit = options.get("turn_limit", DEFAULT_TURN_LIMIT)
        if (
            isinstance(limit, bool)
            or not isinstance(limit, int)
            or not 1 <= limit <= MAX_TURN_LIMIT
        ):
            problems.append(f"the turn limit must be a whole number from 1 to {MAX_TURN_LIMIT}")
        deck = options.get("deck") or HOUSE_DECK
        if not isinstance(deck, Deck):
            try:
                deck = parse_deck(deck)
            except RulesError as e:
                problems.append(str(e))
        if problems:
            raise RulesError("; ".join(problems))
        return Config(
            bool(options.get("standard_army", False)),
            bool(options.get("wide_exploration", False)),
            limit,
            deck,
        )

    def initial_state(self, config: Config) -> State:
        return initial_state(config)

    def config_of(self, state: State) -> Config:
        return state.config

    def config_to_dict(self, config: Config) -> dict[str, Any]:
        return {
            "standard_army": config.standard_army,
            "wide_exploration": config.wide_exploration,
            "turn_limit": config.turn_limit,
            "deck": config.deck.to_dict(),
        }

    def config_from_dict(self, d: Mapping[str, Any]) -> Config:
        deck = d.get("deck")
        return self.new_config(
            {
                "standard_army": d.get("standard_army", False),
                "wide_exploration": d.get("wide_exploration", False),
                "turn_limit": d.get("turn_limit", DEFAULT_TURN_LIMIT),
                "deck": HOUSE_DECK if deck is None else deck_from_dict(deck),
            }
        )

    def action_from_dict(self, d: Mapping[str, Any]) -> Action:
        return action_from_dict(d)

    # ---- playing ----
    def decider(self, state: State) -> Player | None:
        return turn.decider(state)

    def legal_actions(self, state: State) -> Sequence[Action]:
        return turn.legal_actions(state)

    def check(self, state: State, action: Action, *, player: Player | None = None) -> None:
        turn.check(state, action, player=player)

    def apply(
        self, state: State, action: Action, dice: Dice, *, player: Player | None = None
    ) -> tuple[State, list[Event]]:
        return turn.apply(state, action, dice, player=player)

    def apply_fast(self, state: State, action: Action, dice: Dice) -> State:
        return turn.apply(state, action, dice, checked=True)[0]

    def outcomes(
        self, state: State, action: Action, *, limit: int = chance.DEFAULT_LIMIT
    ) -> list[tuple[Fraction, State]]:
        """Played out by classes of faces rather than face by face: a capture's d20 matters
        only as a natural 1, a capture or repelled, and a tile drawn from the pile only as the
        tile it is (identical tiles are interchangeable: one of them stands for all, so a
        position is given once for each kind of tile, weighted by how many lie in the pile).
        The dice after those (the Dragon's) are enumerated."""
        prefixes = _face_classes(state, action)
        if prefixes is None:
            return super().outcomes(state, action, limit=limit)
        found: list[tuple[Fraction, State]] = []
        for faces, weight in prefixes:

            def play(dice: Dice, faces: Faces = faces) -> State:
                return self.apply_fast(state, action, chance.Scripted(faces, dice))

            runs = chance.enumerate_outcomes(play, limit=limit)
            found += [(weight * p, s) for p, s in runs]
        return chance.merge_outcomes(found)

    def history(self, state: State) -> tuple[Step, ...]:
        return state.history

    def result(self, state: State) -> Result | None:
        o = state.outcome
        return None if o is None else Result(o.winner, o.reason, o.text)

    def odds(self, state: State, action: Action) -> Mapping[str, Fraction] | None:
        """The exact chances of an attack's outcomes; None for a move onto an empty square."""
        if not isinstance(action, Move):
            return None
        attacker, defender = state.at(action.origin), state.at(action.to)
        if attacker is None or defender is None:
            return None
        return capture_odds(modifiers(state, attacker, defender))

    # ---- the AI (its terms: ``ai.py`` beside this module) ----
    def evaluate(self, state: State, player: Player) -> float:
        return ai_terms.evaluate(state, player)

    def material(self, state: State, player: Player) -> float:
        return ai_terms.material(state, player)


SYSTEM = D20Chess()


Faces = list[tuple[int, int]]  # (sides, face) of the dice scripted first


def _draws(state: State, piece: Piece, sq: Square) -> list[tuple[Faces, Fraction]]:
    """The tile drawn when ``piece`` arrives on ``sq``: one face for each kind of tile in the
    pile (its first copy) with the share of the pile it stands for; ``[([], 1)]`` when no die
    is rolled (an explored square, the Dragon, a pile of one or none)."""
    pile = state.pile
    if piece.owner is None or not state.is_unexplored(sq) or len(pile) <= 1:
        return [([], Fraction(1))]
    first: dict[Tile, tuple[int, int]] = {}
    for pos, index in enumerate(pile):
        tile = state.config.deck.tiles[index]
        face, count = first.get(tile, (pos + 1, 0))
        first[tile] = (face, count + 1)
    n = len(pile)
    return [([(n, face)], Fraction(count, n)) for face, count in first.values()]


def _face_classes(state: State, action: Action) -> list[tuple[Faces, Fraction]] | None:
    """The classes of the dice a move rolls first (the capture roll, the tile drawn), each
    with one face sequence and its probability; None when the move is not one of those."""
    if not isinstance(action, Move) or state.over or state.offers:
        return None
    attacker = state.at(action.origin)
    if attacker is None:
        return None
    defender = state.at(action.to)
    if defender is None:
        return _draws(state, attacker, action.to)
    total = modifiers(state, attacker, defender).total
    wins = [f for f in range(CRITICAL + 1, DIE + 1) if f + total > NEEDED]
    fails = [f for f in range(CRITICAL + 1, DIE + 1) if f + total <= NEEDED]
    found: list[tuple[Faces, Fraction]] = [([(DIE, CRITICAL)], Fraction(1, DIE))]
    if fails:
        found.append(([(DIE, fails[0])], Fraction(len(fails), DIE)))
    if wins:
        arrived = replace(attacker, square=action.to)
        for tile_faces, share in _draws(state, arrived, action.to):
            found.append(([(DIE, wins[0]), *tile_faces], Fraction(len(wins), DIE) * share))
    return found
