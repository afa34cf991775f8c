"""Chance outcomes of an action, for search: every way the dice can fall, with exact odds.

``enumerate_outcomes`` runs an apply once per sequence of faces it can ask for, depth first,
with an odometer of scripted faces: a run asks for dice in order, each asked die starts at 1, and
the next run turns the last die that is not at its top face up by one (dropping the dice after
it, since what is asked next may depend on it). Each run's probability is the product of
1/sides of its dice, so the probabilities are exact Fractions summing to 1. Runs that end in the
same state (its history aside) are merged.

``sample_outcomes`` estimates the same from seeded random dice when there are too many runs.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Hashable
from fractions import Fraction
from typing import Any, TypeVar, cast

from rules.core.dice import RandomDice

S = TypeVar("S")

# The most runs an exact enumeration makes before giving up (a shuffle has far too many).
DEFAULT_LIMIT = 5000
# The most dice one run may ask for: a rule that rolls again until something fits (placing
# Trees) would otherwise ask for 1s for ever.
MAX_DICE = 200


class TooManyOutcomes(Exception):
    """The action rolls more dice sequences than the limit allows to enumerate. Not a rules
    error, so that no rule can mistake it for a refusal."""


class _Odometer:
    """Dice that give ``faces`` in order, then 1 for every further die, noting the sides."""

    __slots__ = ("faces", "pos", "sides")

    def __init__(self, faces: list[int]) -> None:
        self.faces = faces
        self.sides: list[int] = []
        self.pos = 0

    def roll(self, sides: int) -> int:
        if self.pos < len(self.faces):
            face = self.faces[self.pos]
        else:
            if self.pos >= MAX_DICE:
                raise TooManyOutcomes(f"more than {MAX_DICE} dice in one run")
            face = 1
            self.faces.append(face)
        self.sides.append(sides)
        self.pos += 1
        return face


class Key:
    """What identifies a position (see ``merge_key``): the state's fields but its log, compared
    field by field, its hash worked out once (a state's deep hash is what a search does most)."""

    __slots__ = ("_hash", "parts")

    def __init__(self, parts: tuple[Any, ...]) -> None:
        self.parts = parts
        self._hash = hash(parts)

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Key):
            return NotImplemented
        return self._hash == other._hash and self.parts == other.parts

    def __repr__(self) -> str:
        return f"Key({self._hash:#x})"


_KEY_ATTR = "_merge_key"  # where a state with a __dict__ keeps its key once worked out
_FIELDS: dict[type, tuple[str, ...] | None] = {}  # per class: the fields of its key
# A game's configuration rarely changes and is deep (decks, parties): its hash is worked out
# once per object and kept here (by identity, the object held so that the id stays its own).
_CONFIG_HASHES: dict[int, tuple[Any, int]] = {}
_MAX_CONFIGS = 256


class _Hashed:
    """A part compared as itself, hashed with a hash already known."""

    __slots__ = ("_hash", "value")

    def __init__(self, value: Any, h: int) -> None:
        self.value = value
        self._hash = h

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, _Hashed):
            return NotImplemented
        return self.value is other.value or (
            self._hash == other._hash and bool(self.value == other.value)
        )


def _config_part(config: Any) -> _Hashed:
    hit = _CONFIG_HASHES.get(id(config))
    if hit is None or hit[0] is not config:
        if len(_CONFIG_HASHES) >= _MAX_CONFIGS:
            _CONFIG_HASHES.clear()
        hit = (config, hash(config))
        _CONFIG_HASHES[id(config)] = hit
    return _Hashed(config, hit[1])


def _key_fields(cls: type) -> tuple[str, ...] | None:
    if cls not in _FIELDS:
        names = [f.name for f in dataclasses.fields(cls)] if dataclasses.is_dataclass(cls) else []
        _FIELDS[cls] = tuple(n for n in names if n != "history") if "history" in names else None
    return _FIELDS[cls]


def merge_key(state: Any) -> Hashable:
    """What makes two outcomes the same position: the state without its history (which records
    the dice), when the state is a hashable dataclass with a ``history`` field; else its
    identity. Worked out once per state object (kept in its ``__dict__`` when it has one)."""
    d = getattr(state, "__dict__", None)
    if d is not None:
        cached = d.get(_KEY_ATTR)
        if cached is not None:
            return cast(Hashable, cached)
    names = _key_fields(type(state))
    if names is None:
        return id(state)
    parts = tuple(
        _config_part(getattr(state, n)) if n == "config" else getattr(state, n) for n in names
    )
    try:
        key: Hashable = Key(parts)
    except TypeError:
        return id(state)
    if d is not None:
        d[_KEY_ATTR] = key
    return key


def merge_outcomes(runs: list[tuple[Fraction, S]]) -> list[tuple[Fraction, S]]:
    """The outcomes with equal positions (``merge_key``) made one, their probabilities added."""
    merged: dict[Hashable, list[Any]] = {}
    for p, s in runs:
        k = merge_key(s)
        if k in merged:
            merged[k][0] += p
        else:
            merged[k] = [p, s]
    return [(p, s) for p, s in merged.values()]


class Scripted:
    """Dice whose first rolls give ``faces`` (each checked against the sides expected of it),
    then whatever ``inner`` gives. For a system that knows which faces of its first dice lead
    to equivalent positions: it plays out one face of each class, weighted by how many faces
    the class holds, and enumerates the dice after them."""

    __slots__ = ("faces", "inner", "used")

    def __init__(self, faces: list[tuple[int, int]], inner: Any) -> None:
        self.faces = faces  # (sides expected, face)
        self.inner = inner
        self.used = 0

    def roll(self, sides: int) -> int:
        if self.used < len(self.faces):
            expected, face = self.faces[self.used]
            self.used += 1
            if sides != expected:
                raise ValueError(f"a D{sides} was rolled where a D{expected} was scripted")
            return face
        return int(self.inner.roll(sides))


def enumerate_outcomes(
    apply: Callable[[Any], S], *, limit: int = DEFAULT_LIMIT
) -> list[tuple[Fraction, S]]:
    """Every outcome of ``apply(dice)`` with its exact probability (equal states merged).
    Raises ``TooManyOutcomes`` after ``limit`` runs."""
    runs: list[tuple[Fraction, S]] = []
    faces: list[int] = []
    while True:
        if len(runs) >= limit:
            raise TooManyOutcomes(f"more than {limit} dice sequences to enumerate")
        dice = _Odometer(faces)
        state = apply(dice)
        used, sides = dice.pos, dice.sides
        p = Fraction(1)
        for n in sides:
            p /= n
        runs.append((p, state))
        if len(runs) == 1 and 1 / p > limit:
            # the dice of the first run alone make more sequences than the limit (a tile
            # drawn from a pile of 32 after a d20): give up at once rather than after ``limit``
            raise TooManyOutcomes(f"more than {limit} dice sequences to enumerate")
        faces = dice.faces[:used]
        i = used - 1
        while i >= 0 and faces[i] >= sides[i]:
            i -= 1
        if i < 0:
            break
        faces = [*faces[:i], faces[i] + 1]
    return merge_outcomes(runs)


def sample_outcomes(
    apply: Callable[[Any], S], rng: random.Random, samples: int
) -> list[tuple[Fraction, S]]:
    """An estimate of the outcomes from ``samples`` runs with seeded random dice: each
    distinct state weighted by how often it came up."""
    runs = [(Fraction(1, samples), apply(RandomDice(rng.getrandbits(64)))) for _ in range(samples)]
    return merge_outcomes(runs)
