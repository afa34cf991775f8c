"""One small exception tree. Every message is written for a player to read."""

from __future__ import annotations


class RulesError(Exception):
    """Base of every error the rules engine raises on purpose."""


class ParseError(RulesError):
    """Text from a player (a square, a piece, a team list) could not be understood."""


class InvalidTeam(RulesError):
    """A team list breaks the team-building rules. ``problems`` lists every reason."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("This team is not legal: " + "; ".join(problems))


class IllegalAction(RulesError):
    """The action is not allowed now. The game state is unchanged."""


class NotYourDecision(IllegalAction):
    """Someone other than the player who must decide tried to act."""


class GameOver(IllegalAction):
    """The game has ended; no further game actions are possible."""


class ReplayError(RulesError):
    """An event log does not replay to a consistent game."""
