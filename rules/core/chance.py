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


def merge_key(state: Any) -> Hashable:
    """What makes two outcomes the same: the state without its history (which records the
    dice), when the state is a hashable dataclass with a ``history`` field; else its identity."""
    if (
        dataclasses.is_dataclass(state)
        and not isinstance(state, type)
        and any(f.name == "history" for f in dataclasses.fields(state))
    ):
        stripped = dataclasses.replace(state, history=())
        try:
            hash(stripped)
        except TypeError:
            return id(state)
        return cast(Hashable, stripped)
    return id(state)


def _merge(runs: list[tuple[Fraction, S]]) -> list[tuple[Fraction, S]]:
    merged: dict[Hashable, list[Any]] = {}
    for p, s in runs:
        k = merge_key(s)
        if k in merged:
            merged[k][0] += p
        else:
            merged[k] = [p, s]
    return [(p, s) for p, s in merged.values()]


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
    return _merge(runs)


def sample_outcomes(
    apply: Callable[[Any], S], rng: random.Random, samples: int
) -> list[tuple[Fraction, S]]:
    """An estimate of the outcomes from ``samples`` runs with seeded random dice: each
    distinct state weighted by how often it came up."""
    runs = [(Fraction(1, samples), apply(RandomDice(rng.getrandbits(64)))) for _ in range(samples)]
    return _merge(runs)
