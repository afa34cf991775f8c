"""The base of every system's actions: small immutable values with a JSON form.

A system's actions subclass ``Action`` with a unique ``name`` and plain fields (text, numbers,
squares, seats, enums, tuples); ``to_dict`` writes them for the log and ``decode_action`` reads
them back through the system's own table of action types.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from enum import Enum
from typing import Any, ClassVar

from rules.core.board import Player, Square
from rules.core.errors import ParseError


@dataclass(frozen=True, slots=True)
class Action:
    name: ClassVar[str] = "action"
    adjustment: ClassVar[bool] = False

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"type": self.name}
        for f in fields(self):
            v = getattr(self, f.name)
            if isinstance(v, Square):
                v = str(v)
            elif isinstance(v, Player):
                v = v.title
            elif isinstance(v, Enum):
                v = v.value
            elif isinstance(v, tuple):
                v = list(v)
            d[f.name] = v
        return d


def decode_action(
    types: Mapping[str, type[Action]],
    decoders: Mapping[str, Callable[[Any], Any]],
    d: Mapping[str, Any],
) -> Action:
    """Read an action written by ``to_dict``: ``decoders`` turn a field's JSON value back into
    its type by field name (e.g. "square": Square.parse); lists become tuples."""
    try:
        cls = types[d["type"]]
    except (KeyError, TypeError):
        raise ParseError(f"unknown action {d.get('type')!r}") from None
    kwargs = {}
    for f in fields(cls):
        if f.name not in d:
            continue
        v = d[f.name]
        dec = decoders.get(f.name)
        if dec is not None:
            v = dec(v)
        elif isinstance(v, list):
            v = tuple(v)
        kwargs[f.name] = v
    return cls(**kwargs)
