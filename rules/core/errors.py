"""One small exception tree. Every message is written for a player to read."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

T = TypeVar("T")


class RulesError(Exception):
    """Base of every error the rules engine raises on purpose."""


class ParseError(RulesError):
    """Text from a player (a square, a piece, a team list) could not be understood."""


class InvalidTeam(RulesError):
    """A team list breaks the team-building rules. ``problems`` lists every reason."""

    def __init__(self, problems: list[str], lead: str = "This team is not legal: ") -> None:
        self.problems = problems
        super().__init__(lead + "; ".join(problems))


class IllegalAction(RulesError):
    """The action is not allowed now. The game state is unchanged."""


class NotYourDecision(IllegalAction):
    """Someone other than the player who must decide tried to act."""


class GameOver(IllegalAction):
    """The game has ended; no further game actions are possible."""


class ReplayError(RulesError):
    """An event log does not replay to a consistent game."""


def each_side(texts: Sequence[str], make: Callable[[str], T], what: str) -> list[T]:
    """White's and Black's choices (team lists, parties) made by ``make``; every problem of
    either named by its side ("These teams are not legal: Black: ..."), so a player knows
    which list to fix."""
    made: list[T] = []
    problems: list[str] = []
    for side, text in zip(("White", "Black"), texts, strict=True):
        try:
            made.append(make(text))
        except InvalidTeam as e:
            problems += [f"{side}: {p}" for p in e.problems]
        except RulesError as e:
            problems.append(f"{side}: {e}")
    if problems:
        raise InvalidTeam(problems, f"These {what} are not legal: ")
    return made
