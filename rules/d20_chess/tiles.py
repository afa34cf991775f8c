"""The exploration tiles: a deck as data. The project's own house deck ships as
``house_deck.json`` (D20-3); a server may give its own deck in the same form."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from rules.core.errors import RulesError
from rules.d20_chess.pieces import read_json

MAX_TILES = 64
MAX_TEXT = 200


class Effect(Enum):
    EMPTY = "empty"  # nothing happens
    XP = "xp"  # the piece that explores gains XP (once)
    ATTACK = "attack"  # lasting: a piece attacking from this square adds the amount
    DEFENCE = "defence"  # lasting: a piece attacked on this square adds the amount
    INITIATIVE = "initiative"  # the finder's side's initiative changes for the rest of the game
    LAIR = "lair"  # the Dragon wakes

    @property
    def lasting(self) -> bool:
        return self in (Effect.ATTACK, Effect.DEFENCE)


@dataclass(frozen=True, slots=True)
class Tile:
    name: str
    effect: Effect
    amount: int = 0
    text: str = ""

    def summary(self) -> str:
        if self.effect is Effect.XP:
            return f"{self.name} (+{self.amount} XP)"
        if self.effect in (Effect.ATTACK, Effect.DEFENCE):
            return f"{self.name} ({self.effect.value} {self.amount:+d} on this square)"
        if self.effect is Effect.INITIATIVE:
            return f"{self.name} (initiative {self.amount:+d})"
        return self.name


@dataclass(frozen=True, slots=True)
class Deck:
    """A deck: its name and every tile, one entry per physical tile."""

    name: str
    tiles: tuple[Tile, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "tiles": [
                {"name": t.name, "effect": t.effect.value, "amount": t.amount, "text": t.text}
                for t in self.tiles
            ],
        }

    def counts(self) -> list[tuple[Tile, int]]:
        out: dict[Tile, int] = {}
        for t in self.tiles:
            out[t] = out.get(t, 0) + 1
        return list(out.items())


def _text(raw: object, what: str, problems: list[str], required: bool) -> str:
    if (raw is None or raw == "") and not required:
        return ""
    if not isinstance(raw, str) or not raw.strip():
        problems.append(f"{what} must be text")
        return ""
    t = raw.strip()
    if len(t) > MAX_TEXT or not t.isprintable():
        problems.append(f"{what} is too long or not printable")
    return t


def _int(raw: object, what: str, low: int, high: int, problems: list[str]) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int) or not low <= raw <= high:
        problems.append(f"{what} must be a whole number from {low} to {high}")
        return low
    return raw


def _tile(entry: object, n: int, problems: list[str]) -> tuple[Tile, int] | None:
    if not isinstance(entry, Mapping):
        problems.append(f"tile {n} is not a table of name, effect, amount, count")
        return None
    name = _text(entry.get("name"), f"tile {n}'s name", problems, True)
    raw_effect = entry.get("effect")
    effects = {e.value: e for e in Effect}
    if raw_effect not in effects:
        problems.append(f"tile {n}'s effect must be one of {', '.join(effects)}")
        return None
    effect = effects[str(raw_effect)]
    low, high = (1, 20) if effect is Effect.XP else (-10, 10)
    amount = 0
    if effect in (Effect.EMPTY, Effect.LAIR):
        if entry.get("amount", 0) != 0:
            problems.append(f"tile {n} ({effect.value}) takes no amount")
    else:
        amount = _int(entry.get("amount"), f"tile {n}'s amount", low, high, problems)
    count = _int(entry.get("count", 1), f"tile {n}'s count", 1, MAX_TILES, problems)
    text = _text(entry.get("text"), f"tile {n}'s text", problems, False)
    return Tile(name, effect, amount, text), count


def parse_deck(data: object) -> Deck:
    """A deck from its JSON value (a table with a name and a list of tiles, each with a count),
    checked: raises ``RulesError`` naming every problem."""
    if isinstance(data, str):
        try:
            data = json.loads(data)
        except json.JSONDecodeError as e:
            raise RulesError(f"the tile deck is not valid JSON: {e.msg}") from None
    if not isinstance(data, Mapping):
        raise RulesError("a tile deck is a table with a name and a list of tiles")
    problems: list[str] = []
    name = _text(data.get("name", "Server deck"), "the deck's name", problems, True)
    entries = data.get("tiles")
    tiles: list[Tile] = []
    if not isinstance(entries, Sequence) or isinstance(entries, str) or not entries:
        problems.append("the deck needs a non-empty list of tiles")
        entries = []
    for n, entry in enumerate(entries, 1):
        got = _tile(entry, n, problems)
        if got is not None:
            tiles += [got[0]] * got[1]
    if len(tiles) > MAX_TILES:
        problems.append(f"a deck holds at most {MAX_TILES} tiles, not {len(tiles)}")
    if sum(t.effect is Effect.LAIR for t in tiles) > 1:
        problems.append("a deck holds at most one Dragon's lair (there is one Dragon)")
    if problems:
        raise RulesError("That tile deck is not usable: " + "; ".join(problems))
    return Deck(name, tuple(tiles))


def deck_from_dict(d: Mapping[str, Any]) -> Deck:
    """A deck as ``Deck.to_dict`` wrote it (one entry per tile)."""
    return parse_deck({**d, "tiles": [{**t, "count": 1} for t in d.get("tiles", [])]})


HOUSE_DECK: Deck = parse_deck(read_json("house_deck.json"))
