"""Exact odds: the probability distribution of any roll and the chance that an Attack slays.

Everything is an exact ``Fraction`` computed by enumerating faces (at most 20 x 20 outcomes per
die pair), cached per roll specification, so a lookup costs microseconds.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import product

from rules.wargame_chess.dice import RollSpec

Distribution = dict[int, Fraction]


@lru_cache(maxsize=4096)
def _distribution(spec: RollSpec) -> tuple[tuple[int, Fraction], ...]:
    counts: dict[int, int] = {}
    faces_range = range(1, spec.sides + 1)
    n = 0
    for faces in product(faces_range, repeat=spec.count):
        t = spec.total(faces)
        counts[t] = counts.get(t, 0) + 1
        n += 1
    return tuple(sorted((t, Fraction(c, n)) for t, c in counts.items()))


def distribution(spec: RollSpec) -> Distribution:
    """Exact probability of each total of a roll."""
    return dict(_distribution(spec))


def mean(spec: RollSpec) -> Fraction:
    return sum((t * p for t, p in _distribution(spec)), Fraction(0))


@dataclass(frozen=True, slots=True)
class AttackOdds:
    attacker: RollSpec
    defender: RollSpec
    slay: Fraction  # attacker total strictly greater (the Attack succeeds)

    @property
    def held(self) -> Fraction:
        """The defender's total is equal or greater: Combat Movement follows."""
        return 1 - self.slay

    @property
    def attacker_distribution(self) -> Distribution:
        return distribution(self.attacker)

    @property
    def defender_distribution(self) -> Distribution:
        return distribution(self.defender)


@lru_cache(maxsize=4096)
def _slay(attacker: RollSpec, defender: RollSpec) -> Fraction:
    a = _distribution(attacker)
    d = _distribution(defender)
    # P(A > D) with a running cumulative of the defender's distribution.
    total = Fraction(0)
    cum = Fraction(0)
    j = 0
    for ta, pa in a:
        while j < len(d) and d[j][0] < ta:
            cum += d[j][1]
            j += 1
        total += pa * cum
    return total


def attack_odds(attacker: RollSpec, defender: RollSpec) -> AttackOdds:
    return AttackOdds(attacker, defender, _slay(attacker, defender))
