"""The capture roll (D20-4): d20 + the attacker's Attack + its side's initiative + the attack
bonus of the attacker's square - the defender's Defence - the defence bonus of the defender's
square. More than 10 captures; otherwise the attacker goes back and the turn ends. A natural 1
is a critical failure: the attacker is captured instead. The exact odds are a small sum.
``resolve`` carries out an attack for a player's piece and for the Dragon alike."""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from rules.core.board import Square
from rules.core.dice import Dice
from rules.core.history import Event
from rules.d20_chess.pieces import Kind, Piece, attack, defence, worth
from rules.d20_chess.promotion import gain_xp
from rules.d20_chess.state import INITIATIVE, Outcome, State
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


def king_lost(state: State, king: Piece, by: str) -> State:
    """``king`` is captured (``by`` a piece, or "" for its own critical failure): its side
    loses (D20-5)."""
    assert king.owner is not None
    winner = king.owner.other
    if by == "the Dragon":  # (the Dragon is nobody's: the winner did not capture it)
        text = f"{winner.title} wins: {king.owner.title}'s King was captured by the Dragon"
    elif by:
        text = f"{winner.title} wins: {by} captured {king.owner.title}'s King"
    else:
        text = f"{winner.title} wins: {king.owner.title}'s King fell on its own critical failure"
    return replace(state, outcome=Outcome(winner, "king", text))


def remove(state: State, key: str) -> State:
    return replace(state, pieces=tuple(p for p in state.pieces if p.key != key))


def move_to(state: State, key: str, sq: Square) -> State:
    pieces = tuple(replace(p, square=sq, moved=True) if p.key == key else p for p in state.pieces)
    return replace(state, pieces=pieces)


def resolve(
    state: State, attacker: Piece, defender: Piece, dice: Dice, events: list[Event]
) -> tuple[State, bool]:
    """Roll an attack and carry out its result: the new state, and whether the defender was
    captured (the attacker then stands on its square). A capture earns half the captured
    piece's value in XP, the defender's included after a critical failure (D20-6)."""
    r = roll(state, attacker, defender, dice)
    who = attacker.label[:1].upper() + attacker.label[1:]
    head = f"{who} attacks {defender.label}: {r.text}"
    data = (
        ("from", str(attacker.square)),
        ("to", str(defender.square)),
        ("face", r.face),
        ("total", r.total),
    )
    if r.critical:
        events.append(
            Event("critical", f"{head}. A natural 1: {attacker.label} is captured!", data)
        )
        state = remove(state, attacker.key)
        if attacker.kind is Kind.KING:
            return king_lost(state, attacker, ""), False
        half = Fraction(worth(attacker.kind), 2)
        why = f"the failed attack of the {attacker.kind.value}"
        return gain_xp(state, defender.key, half, why, events), False
    if not r.captures:
        events.append(Event("repelled", f"{head}: not more than 10, the attacker goes back.", data))
        return state, False
    events.append(Event("captured", f"{head}: captured!", data))
    state = move_to(remove(state, defender.key), attacker.key, defender.square)
    if defender.kind is Kind.KING:
        return king_lost(state, defender, f"the {attacker.kind.value}"), True
    half = Fraction(worth(defender.kind), 2)
    article = "the" if defender.owner is None else "a"  # (there is one Dragon)
    return gain_xp(
        state, attacker.key, half, f"capturing {article} {defender.kind.value}", events
    ), True
