"""Structured commands: what a player asks the table to do, as small validated values.

Slash commands, buttons and the console all produce these values; the table runs them. Nothing
is turned back into text on the way, so an option value can never become another command.
``build(cls, **raw)`` makes a command from raw option values and checks every field against its
declared type: text must be text (and short), numbers must be whole numbers in their range, a
square must parse, an enum value must be one of its choices. Anything else is refused with a
sentence saying which field is wrong and why; nothing runs.

Commands every system shares are here; each system adds its own in its bot package.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, TypeVar, get_args, get_origin

from rules.core.board import Player, Square
from rules.core.errors import ParseError

MAX_TEXT = 200  # characters in any text field (Discord caps option text at 6,000)
MAX_CHOICE_TEXT = 2000  # a team list or a deck list chosen before play
MAX_DIGITS = 6  # whole numbers players type are small; more digits is not a count

C = TypeVar("C", bound="Command")


@dataclass(frozen=True, slots=True)
class Command:
    """A request to the table. ``name`` is what players call it, for messages."""

    name: ClassVar[str] = "command"
    # Commands that only look (answered privately, change nothing).
    looks: ClassVar[bool] = False
    # The system whose command this is ("" for the commands every system shares): a table of
    # another system refuses it.
    system: ClassVar[str] = ""
    # Commands only the console table has (Discord has its own flow for these, e.g. an undo
    # the opponent approves): the service refuses them.
    console_only: ClassVar[bool] = False


def bounded(low: int, high: int) -> dict[str, Any]:
    """Field metadata: a whole number from ``low`` to ``high``."""
    return {"range": (low, high)}


def at_most(words: Sequence[str], n: int, say: str) -> None:
    """Refuse the console words beyond the ``n`` a command takes (never ignore them)."""
    if len(words) > n:
        raise ParseError(f"'{words[n][:20]}' is not part of that command: say {say}")


def only(words: Sequence[str], known: set[str], say: str) -> None:
    """Refuse a console word that is not one of ``known`` (never ignore it)."""
    for w in words:
        if w.lower() not in known:
            raise ParseError(f"'{w[:20]}' is not part of that command: say {say}")


def parse_int(value: object, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise ParseError(f"{what} must be a whole number")
    if isinstance(value, str):
        t = value.strip()
        digits = t.lstrip("+-")
        if not digits or not digits.isascii() or not digits.isdigit() or len(digits) > MAX_DIGITS:
            raise ParseError(f"'{value[:20]}' is not a whole number for {what}")
        value = int(t)
    if not low <= value <= high:
        raise ParseError(f"{what} must be from {low} to {high}, not {value}")
    return value


def parse_text(value: object, what: str, limit: int = MAX_TEXT) -> str:
    if not isinstance(value, str):
        raise ParseError(f"{what} must be text")
    t = value.strip()
    if not t:
        raise ParseError(f"say which {what}")
    if len(t) > limit or any(not c.isprintable() for c in t):
        raise ParseError(f"that {what} is not one I can read")
    return t


def parse_enum(kind: type[enum.Enum], value: object, what: str) -> enum.Enum:
    if isinstance(value, kind):
        return value
    if isinstance(value, str):
        for member in kind:
            if value.strip().lower() in (str(member.value).lower(), member.name.lower()):
                return member
    choices = ", ".join(str(m.value) for m in kind)
    raise ParseError(f"'{str(value)[:30]}' is not a {what}: choose one of {choices}")


# Parsers for value types fields may have, by type (systems add their own with `parser_for`).
PARSERS: dict[type, Callable[[Any], Any]] = {Square: Square.parse, Player: Player.parse}


def parser_for(kind: type) -> Callable[[Callable[[Any], Any]], Callable[[Any], Any]]:
    def register(fn: Callable[[Any], Any]) -> Callable[[Any], Any]:
        PARSERS[kind] = fn
        return fn

    return register


def _convert(
    tp: Any, value: object, what: str, meta: Any, parsers: Mapping[type, Callable[[Any], Any]]
) -> Any:
    if get_origin(tp) in (typing.Union, types.UnionType):
        args = [a for a in get_args(tp) if a is not type(None)]
        if value is None:
            if len(args) < len(get_args(tp)):
                return None
            raise ParseError(f"say which {what}")
        return _convert(args[0], value, what, meta, parsers)
    if value is None:
        raise ParseError(f"say which {what}")
    if get_origin(tp) is tuple:
        (inner, _) = get_args(tp)
        if not isinstance(value, tuple | list) or len(value) > 25:
            raise ParseError(f"{what} must be a short list")
        return tuple(_convert(inner, v, what, meta, parsers) for v in value)
    if tp is bool:
        if isinstance(value, bool):
            return value
        raise ParseError(f"{what} must be yes or no")
    if tp is int:
        low, high = meta.get("range", (-(2**31), 2**31 - 1))
        return parse_int(value, what, low, high)
    if tp is str:
        return parse_text(value, what)
    parse = parsers.get(tp) or PARSERS.get(tp)
    if parse is None and isinstance(tp, type) and issubclass(tp, enum.Enum):
        return parse_enum(tp, value, what)
    if parse is None:
        raise TypeError(f"no parser for {tp!r}")
    if isinstance(value, tp):
        return value
    if not isinstance(value, str):
        raise ParseError(f"{what} must be text")
    return parse(parse_text(value, what))


_FIELDS: dict[type, tuple[tuple[str, Any, Any, bool], ...]] = {}


def _fields(cls: type) -> tuple[tuple[str, Any, Any, bool], ...]:
    found = _FIELDS.get(cls)
    if found is None:
        found = _FIELDS[cls] = _read_fields(cls)
    return found


def _read_fields(cls: type) -> tuple[tuple[str, Any, Any, bool], ...]:
    hints = typing.get_type_hints(cls)
    out = []
    for f in dataclasses.fields(cls):
        has_default = f.default is not dataclasses.MISSING
        out.append((f.name, hints[f.name], f.metadata, has_default))
    return tuple(out)


def build(
    cls: type[C], *, parsers: Mapping[type, Callable[[Any], Any]] | None = None, **raw: object
) -> C:
    """The command ``cls`` from raw values, each checked against its field's type. Fields left
    out take their defaults; an unknown field is refused. ``parsers`` overrides how a type is
    read for this call (e.g. ``{Square: Board(5, 3).parse}`` for a smaller board)."""
    known = {name for name, *_ in _fields(cls)}
    unknown = sorted(set(raw) - known)
    if unknown:
        raise ParseError(f"{cls.name} takes no {', '.join(unknown)}")
    kwargs: dict[str, Any] = {}
    for name, tp, meta, has_default in _fields(cls):
        what = name.replace("_", " ")
        if name not in raw:
            if not has_default:
                raise ParseError(f"say which {what}")
            continue
        kwargs[name] = _convert(tp, raw[name], what, meta, parsers or {})
    return cls(**kwargs)


# ---- commands every system's table has ----
@dataclass(frozen=True, slots=True)
class Help(Command):
    """The table's help: the game's system, or (``game``) another's (`help chess28`)."""

    name: ClassVar[str] = "help"
    looks: ClassVar[bool] = True
    console_only: ClassVar[bool] = True
    game: str = ""


@dataclass(frozen=True, slots=True)
class NewGame(Command):
    """Start a game at the console: a system id and its own words (teams, decks, switches)."""

    name: ClassVar[str] = "game new"
    console_only: ClassVar[bool] = True
    game: str = ""  # the system's id ("" for the default one)
    words: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class ShowBoard(Command):
    name: ClassVar[str] = "board"
    looks: ClassVar[bool] = True
    view: Player | None = None


@dataclass(frozen=True, slots=True)
class ShowStatus(Command):
    name: ClassVar[str] = "status"
    looks: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class AISeats(Command):
    """The console's AI switch (issue 17): which seats the AI plays ("white", "black", "both",
    "off") and at which level."""

    name: ClassVar[str] = "ai"
    console_only: ClassVar[bool] = True
    seats: str = ""  # "": say who the AI plays, change nothing
    level: str = ""


@dataclass(frozen=True, slots=True)
class Hint(Command):
    """The AI's suggestion for the decision now (only in games made with hints)."""

    name: ClassVar[str] = "hint"
    looks: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class LookUpTerm(Command):
    """The console's `rules <term>` in its system's glossary, for a system whose own words do
    not read `rules` (Discord has `/rules`)."""

    name: ClassVar[str] = "rules"
    looks: ClassVar[bool] = True
    console_only: ClassVar[bool] = True
    term: str | None = None


@dataclass(frozen=True, slots=True)
class ListActions(Command):
    """The legal choices numbered, a page from ``start`` (0: every one)."""

    name: ClassVar[str] = "actions"
    looks: ClassVar[bool] = True
    start: int = field(default=1, metadata=bounded(0, 100_000))


@dataclass(frozen=True, slots=True)
class PickAction(Command):
    """The n-th choice of ``actions`` (counting from 1)."""

    name: ClassVar[str] = "a numbered choice"
    number: int = field(default=1, metadata=bounded(1, 100_000))


@dataclass(frozen=True, slots=True)
class ShowLog(Command):
    """What happened lately (the last LOG_ACTIONS actions), or, at the console, all game."""

    name: ClassVar[str] = "log"
    looks: ClassVar[bool] = True
    every: bool = False


@dataclass(frozen=True, slots=True)
class RollDice(Command):
    """Any dice (`roll 1d20`, `roll 2d6+1`) at a table whose system has no `roll` of its own:
    the companion's dice for players of every system (the console; Discord has `/roll`)."""

    name: ClassVar[str] = "roll"
    looks: ClassVar[bool] = True
    console_only: ClassVar[bool] = True
    expression: str = "1d20"


@dataclass(frozen=True, slots=True)
class Export(Command):
    name: ClassVar[str] = "export"
    looks: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class Undo(Command):
    """Take back the last action at once (the console; in Discord the opponent approves)."""

    name: ClassVar[str] = "undo"
    console_only: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class Concede(Command):
    name: ClassVar[str] = "concede"
