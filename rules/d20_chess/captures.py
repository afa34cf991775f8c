"""The capture roll (D20-4): d20 + the attacker's Attack + its side's initiative + the attack
bonus of the attacker's square - the defender's Defence - the defence bonus of the defender's
square. More than 10 captures; otherwise the attacker goes back and the turn ends. A natural 1
is a critical failure: the attacker is captured instead. The exact odds are a small sum."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from rules.core.dice import Dice
from rules.d20_chess.pieces import Piece, attack, defence
from rules.d20_chess.state import INITIATIVE, State
from rules.d20_chess.tiles import Effect

DIE = 20
NEEDED = 10  # the total must be more than this
CRITICAL = 1


@dataclass(frozen=True, slots=True)
class Modifiers:
    """The parts of a capture roll other than the die, named for the log."""

    attack: int
    initiative: int
    attack_bonus: int
    defence: int
    defence_bonus: int

    @property
    def total(self) -> int:
        return self.attack + self.initiative + self.attack_bonus - self.defence - self.defence_bonus

    def explain(self, face: int) -> str:
        text = f"d20 {face} + attack {self.attack} + initiative {self.initiative}"
        if self.attack_bonus:
            text += f" {_signed(self.attack_bonus)} square"
        text += f" - defence {self.defence}"
        if self.defence_bonus:
            text += f" {_signed(-self.defence_bonus)} square"
        return f"{text} = {face + self.total}"


def _signed(n: int) -> str:
    return f"+ {n}" if n >= 0 else f"- {-n}"


def modifiers(state: State, attacker: Piece, defender: Piece) -> Modifiers:
    init = INITIATIVE if attacker.owner is None else state.initiative[attacker.owner]
    return Modifiers(
        attack(attacker.kind),
        init,
        state.bonus(attacker.square, Effect.ATTACK),
        defence(defender.kind),
        state.bonus(defender.square, Effect.DEFENCE),
    )


@dataclass(frozen=True, slots=True)
class Roll:
    face: int
    total: int
    text: str

    @property
    def critical(self) -> bool:
        return self.face == CRITICAL

    @property
    def captures(self) -> bool:
        return not self.critical and self.total > NEEDED


def roll(state: State, attacker: Piece, defender: Piece, dice: Dice) -> Roll:
    mods = modifiers(state, attacker, defender)
    face = dice.roll(DIE)
    return Roll(face, face + mods.total, mods.explain(face))


def odds(mods: Modifiers) -> dict[str, Fraction]:
    """The exact chance of each outcome: captured, repelled, critical failure."""
    wins = sum(1 for face in range(2, DIE + 1) if face + mods.total > NEEDED)
    return {
        "capture": Fraction(wins, DIE),
        "repelled": Fraction(DIE - 1 - wins, DIE),
        "critical failure": Fraction(1, DIE),
    }
