"""The rules for totalling a Wargame Chess piece's roll (the dice sources are in the core).

A roll is resolved in the order of ruling WC-9: Advantage/Disadvantage first (double the higher or
lower die), then +X/-X bonuses, then "would be less/greater than X, becomes X" clamps.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from rules.core.dice import Dice, RandomDice, RecordingDice, ScriptedDice, SystemDice
from rules.core.errors import ParseError

__all__ = [
    "Dice",
    "ModKind",
    "Mode",
    "Modifier",
    "RandomDice",
    "RecordingDice",
    "RollResult",
    "RollSpec",
    "ScriptedDice",
    "SystemDice",
    "ordered_modifiers",
]


class ModKind(StrEnum):
    PLUS = "plus"  # +X or -X (a negative value)
    AT_LEAST = "at_least"  # "would be less than X, becomes X"
    AT_MOST = "at_most"  # "would be greater than X, becomes X"


@dataclass(frozen=True, slots=True)
class Modifier:
    kind: ModKind
    value: int
    source: str = ""

    def apply(self, total: int) -> int:
        if self.kind is ModKind.PLUS:
            return total + self.value
        if self.kind is ModKind.AT_LEAST:
            return max(total, self.value)
        return min(total, self.value)

    def describe(self) -> str:
        src = f" ({self.source})" if self.source else ""
        if self.kind is ModKind.PLUS:
            return f"{self.value:+d}{src}"
        if self.kind is ModKind.AT_LEAST:
            return f"at least {self.value}{src}"
        return f"at most {self.value}{src}"

    @classmethod
    def parse(cls, text: str, source: str = "") -> Modifier:
        """'+3', '-2', '>=5' / 'min 5' (at least), '<=7' / 'max 7' (at most)."""
        t = text.strip().lower().replace(" ", "")
        if not t.isascii() or sum(c.isdigit() for c in t) > 4:
            raise ParseError(f"'{text[:20]}' is not a modifier: use +2, -1, min 5 or max 7")
        try:
            if t.startswith((">=", "min")):
                return cls(ModKind.AT_LEAST, int(t.lstrip(">=").removeprefix("min")), source)
            if t.startswith(("<=", "max")):
                return cls(ModKind.AT_MOST, int(t.lstrip("<=").removeprefix("max")), source)
            if t[:1] in "+-":
                return cls(ModKind.PLUS, int(t), source)
        except ValueError:
            pass
        raise ParseError(f"'{text}' is not a modifier: use +2, -1, min 5 or max 7")


def _modifier_order(m: Modifier) -> int:
    return 0 if m.kind is ModKind.PLUS else 1


def ordered_modifiers(mods: Iterable[Modifier]) -> tuple[Modifier, ...]:
    """Bonuses before clamps (WC-9); otherwise in the order given."""
    return tuple(sorted(mods, key=_modifier_order))


class Mode(StrEnum):
    NORMAL = "normal"
    ADVANTAGE = "Advantage"
    DISADVANTAGE = "Disadvantage"


@dataclass(frozen=True, slots=True)
class RollSpec:
    """Everything that decides how a roll is totalled, except the faces themselves."""

    count: int
    sides: int
    advantage: int = 0  # instances of Advantage on the roll (tokens, Mounted Advantage, ...)
    disadvantage: int = 0
    prevent_advantage: bool = False
    prevent_disadvantage: bool = False
    modifiers: tuple[Modifier, ...] = ()

    @property
    def mode(self) -> Mode:
        """Net Advantage or Disadvantage after prevention and one-for-one cancelling (WC-10)."""
        if self.count < 2:
            return Mode.NORMAL  # a single die (Jokers) can never be at Dis/Advantage
        adv = 0 if self.prevent_advantage else self.advantage
        dis = 0 if self.prevent_disadvantage else self.disadvantage
        if adv > dis:
            return Mode.ADVANTAGE
        if dis > adv:
            return Mode.DISADVANTAGE
        return Mode.NORMAL

    @property
    def dice_text(self) -> str:
        return f"{self.count}D{self.sides}"

    def base(self, faces: Sequence[int]) -> int:
        mode = self.mode
        if mode is Mode.ADVANTAGE:
            return 2 * max(faces)
        if mode is Mode.DISADVANTAGE:
            return 2 * min(faces)
        return sum(faces)

    def total(self, faces: Sequence[int]) -> int:
        t = self.base(faces)
        for m in ordered_modifiers(self.modifiers):
            t = m.apply(t)
        return t

    def resolve(self, faces: Sequence[int]) -> RollResult:
        return RollResult(self, tuple(faces), self.total(faces))

    def roll(self, dice: Dice) -> RollResult:
        return self.resolve([dice.roll(self.sides) for _ in range(self.count)])


@dataclass(frozen=True, slots=True)
class RollResult:
    """A roll that explains itself: '2D6 [3, 5] at Advantage: 10, +3 (tarot): 13'."""

    spec: RollSpec
    faces: tuple[int, ...]
    total: int

    def explain(self) -> str:
        spec = self.spec
        text = f"{spec.dice_text} {list(self.faces)}"
        mode = spec.mode
        base = spec.base(self.faces)
        if mode is not Mode.NORMAL:
            text += f" at {mode.value}: {base}"
        else:
            text += f": {base}"
        t = base
        for m in ordered_modifiers(spec.modifiers):
            new = m.apply(t)
            if m.kind is ModKind.PLUS or new != t:
                text += f", {m.describe()}: {new}"
            t = new
        return text
