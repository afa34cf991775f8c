"""The interface every game system implements, and the end of a game as a value.

A system is one rulebook's referee. The bot never looks inside a system's state: it asks the
system. In the spirit of OpenSpiel's games, a system offers a state, the player who must decide,
the legal actions, and ``apply`` (which returns the next state and what happened); every die and
card draw an action makes is recorded with it, so ``replay`` rebuilds the game from its log.

To add a system: subclass ``GameSystem`` in the system's own package, implement the abstract
methods, and register it in the bot's registry (``bot/systems.py``); see
``docs/adding-a-system.md``.
"""

from __future__ import annotations

import json
import random
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar, Generic, TypeVar

from rules.core import chance, history
from rules.core.actions import Action
from rules.core.board import Player
from rules.core.dice import Dice
from rules.core.errors import ReplayError
from rules.core.history import Event, Step

# What a won game is worth to the AI's search; a system's evaluation of an unfinished position
# (``GameSystem.evaluate``) is on the same scale, so a share of a win is a share of this.
WIN = 1000.0

S = TypeVar("S")  # a system's immutable game state
C = TypeVar("C")  # a system's game configuration (teams, decks, variant switches)


@dataclass(frozen=True, slots=True)
class Result:
    """How a game ended: the winner (None for a draw), a short reason code, the sentence a
    player reads, and the scores when the rules count points."""

    winner: Player | None
    reason: str
    text: str
    scores: tuple[int, int] | None = None


class GameSystem(ABC, Generic[S, C]):
    """One rule system's referee. States and configurations are immutable values."""

    id: ClassVar[str]  # the registry key and the log's "format", e.g. "wargame-chess"
    name: ClassVar[str]  # what players call it, e.g. "Wargame Chess"
    format_version: ClassVar[int] = 1  # the newest log format this code writes and reads
    # whether a state holds what one player may not see (hands, gambit cards, a deck's order):
    # such a system deals it again for the AI in ``determinize``
    secrets: ClassVar[bool] = False

    # ---- making a game ----
    @abstractmethod
    def new_config(self, options: Mapping[str, Any]) -> C:
        """A validated configuration from the players' options (teams or decks by seat,
        variant switches). Raises ``RulesError`` with every problem in words."""

    @abstractmethod
    def initial_state(self, config: C) -> S:
        """The state before the first action."""

    def new_game(self, options: Mapping[str, Any]) -> S:
        return self.initial_state(self.new_config(options))

    @abstractmethod
    def config_of(self, state: S) -> C: ...

    @abstractmethod
    def config_to_dict(self, config: C) -> dict[str, Any]: ...

    @abstractmethod
    def config_from_dict(self, d: Mapping[str, Any]) -> C: ...

    @abstractmethod
    def action_from_dict(self, d: Mapping[str, Any]) -> Action: ...

    # ---- playing ----
    @abstractmethod
    def decider(self, state: S) -> Player | None:
        """The player who must decide now (None once the game is over)."""

    @abstractmethod
    def legal_actions(self, state: S) -> Sequence[Action]:
        """Every action the deciding player may take now, in a stable order."""

    @abstractmethod
    def check(self, state: S, action: Action, *, player: Player | None = None) -> None:
        """Raise ``IllegalAction`` with a readable reason if ``action`` is not allowed now
        (for ``player``, when given). Changes nothing."""

    @abstractmethod
    def apply(
        self, state: S, action: Action, dice: Dice, *, player: Player | None = None
    ) -> tuple[S, list[Event]]:
        """Check, then return the next state and what happened. The state given is unchanged
        whatever happens; the new state's history ends with this action and its rolls."""

    @abstractmethod
    def history(self, state: S) -> tuple[Step, ...]: ...

    @abstractmethod
    def result(self, state: S) -> Result | None:
        """None while the game goes on."""

    def odds(self, state: S, action: Action) -> Mapping[str, Fraction] | None:
        """Exact chances of an action's outcomes where the rules roll dice (outcome -> chance),
        or None when the action rolls nothing or the system does not say."""
        return None

    # ---- search (the AI, hints): chance outcomes with exact odds ----
    def apply_fast(self, state: S, action: Action, dice: Dice) -> S:
        """The next state for an action taken from ``legal_actions(state)``, for search. A
        system may skip re-checking and wording events here; by default it is ``apply``."""
        return self.apply(state, action, dice)[0]

    def resolving(self, state: S) -> bool:
        """Whether the decision now only finishes resolving an action already chosen (keep or
        re-roll the dice, where a pushed model goes): the search then looks through it without
        counting it as a decision of its own, so that an attack, which asks such questions, is
        not seen a decision later than a move, which does not. By default, never."""
        return False

    def setting_up(self, state: S) -> bool:
        """Whether the decision now sets the game up (Trees, terrain, deployment) rather than
        plays it. A deployment is a long run of one player's placements, each with a hundred
        squares or more, where searching the run deeper than one placement costs the easier
        levels seconds a piece; they look one decision ahead there (``Settings.setup_depth``).
        By default, never."""
        return False

    def outcomes(
        self, state: S, action: Action, *, limit: int = chance.DEFAULT_LIMIT
    ) -> list[tuple[Fraction, S]]:
        """Every state ``action`` can lead to with its exact probability (the probabilities sum
        to 1; one entry when it rolls nothing). By default the dice it asks for are enumerated
        (``rules.core.chance``), equal states merged; a system may answer faster. Raises
        ``chance.TooManyOutcomes`` beyond ``limit`` dice sequences (a shuffle)."""
        return chance.enumerate_outcomes(
            lambda dice: self.apply_fast(state, action, dice), limit=limit
        )

    # ---- the AI: how a position looks, what a player cannot see ----
    def evaluate(self, state: S, player: Player) -> float:
        """How good an unfinished position looks to ``player``, on the scale of ``WIN`` (a won
        game), zero-sum: the search's judgement where it stops looking. It reads only what
        ``player`` can see. By default 0: the AI then tells positions apart by results alone."""
        return 0.0

    def material(self, state: S, player: Player) -> float:
        """What each side has, never where it stands or what it threatens, from ``player``'s
        side: the measure of the benchmark's greedy baseline. By default 0."""
        return 0.0

    def determinize(self, state: S, player: Player, rng: random.Random) -> S:
        """For a system with ``secrets``: ``state`` with everything ``player`` cannot see dealt
        again from ``rng``, consistently with what they can see, reading the unseen only as one
        sorted pool (so two states differing only in their secrets give the same samples), and
        without its log. The AI searches these instead of the real state."""
        if self.secrets:
            raise NotImplementedError(f"{self.id} has secrets: it must deal them again for the AI")
        return state

    # ---- the log: replay, undo, files ----
    def replay(self, config: C, steps: Iterable[tuple[Action, Iterable[tuple[int, int]]]]) -> S:
        return history.replay(self.initial_state(config), self._apply_logged, steps)

    def _apply_logged(self, state: S, action: Action, dice: Dice) -> tuple[S, list[Event]]:
        return self.apply(state, action, dice)

    def positions(self, state: S) -> list[tuple[Player | None, S]]:
        """Each action of the log, in order: who decided it and the state it was chosen in
        (``undo`` of the actions from there on), from one replay."""
        seen: list[tuple[Player | None, S]] = []

        def apply(before: S, action: Action, dice: Dice) -> tuple[S, list[Event]]:
            seen.append((self.decider(before), before))
            return self._apply_logged(before, action, dice)

        steps = ((s.action, s.rolls) for s in self.history(state))
        history.replay(self.initial_state(self.config_of(state)), apply, steps)
        return seen

    def undo(self, state: S, steps: int = 1) -> S:
        """The state before the last ``steps`` actions, rebuilt from the log."""
        kept = self.history(state)[: max(0, len(self.history(state)) - steps)]
        return self.replay(self.config_of(state), ((s.action, s.rolls) for s in kept))

    def to_dict(self, state: S) -> dict[str, Any]:
        return {
            "format": self.id,
            "version": self.format_version,
            "config": self.config_to_dict(self.config_of(state)),
            "log": [
                {"action": s.action.to_dict(), "rolls": [list(r) for r in s.rolls]}
                for s in self.history(state)
            ],
        }

    def from_dict(self, d: Mapping[str, Any]) -> S:
        if d.get("format") != self.id:
            raise ReplayError(f"this is not a {self.name} game file")
        version = d.get("version")
        if not isinstance(version, int) or version > self.format_version:
            raise ReplayError(f"game file version {version} is newer than this bot understands")
        config = self.config_from_dict(d["config"])
        steps = [
            (self.action_from_dict(s["action"]), [(int(a), int(b)) for a, b in s["rolls"]])
            for s in d["log"]
        ]
        return self.replay(config, steps)

    def dumps(self, state: S) -> str:
        return json.dumps(self.to_dict(state), separators=(",", ":"))

    def loads(self, text: str) -> S:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise ReplayError(f"the game file is not valid JSON: {e.msg}") from None
        if not isinstance(data, dict):
            raise ReplayError("the game file is not a game")
        return self.from_dict(data)
