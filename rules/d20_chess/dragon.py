"""The Dragon, an NPC (house rule, D20-3): Attack 11, Defence 11. Its lair is one of the tiles.
After each move, once everything the move caused is settled, the Dragon acts once:

1. Just woken: it comes out onto its lair if that square is empty, else onto the first empty
   square around the lair, clockwise from north as White sees the board. If all are full it
   waits and tries again after the next move.
2. On the board, next to one or more pieces of either side: it attacks the easiest prey, the
   one with the lowest Defence (the first in a1..h8 order on a tie), with the capture roll
   (initiative 5, and its square's attack bonus). Captured: the Dragon takes the square. Not
   captured: it stays. A natural 1: the Dragon is captured itself, and the piece it attacked
   gains the XP.
3. Otherwise it steps one square (like a King) towards the nearest piece (the first in a1..h8
   order on a tie): to the empty square around it closest to that piece, the first clockwise
   from north on a tie. With no empty square around it, it stays.

The Dragon never explores a square, can be attacked like any enemy piece, and is gone for good
once captured. If it captures a King, that King's side loses."""

from __future__ import annotations

from dataclasses import replace

from rules.core.board import Square
from rules.core.dice import Dice
from rules.core.history import Event
from rules.d20_chess.captures import move_to, resolve
from rules.d20_chess.pieces import Kind, Piece, defence
from rules.d20_chess.state import DRAGON_KEY, State


def emerge_square(state: State) -> Square | None:
    lair = state.lair
    assert lair is not None
    for sq in (lair, *lair.neighbours()):
        if state.at(sq) is None:
            return sq
    return None


def target_of(state: State, dragon: Piece) -> Piece | None:
    near = [p for sq in dragon.square.neighbours() if (p := state.at(sq)) is not None]
    if not near:
        return None
    return min(near, key=lambda p: (defence(p.kind), p.square.index))


def step_of(state: State, dragon: Piece) -> Square | None:
    others = [p for p in state.pieces if p.owner is not None]
    if not others:
        return None
    goal = min(others, key=lambda p: (dragon.square.distance(p.square), p.square.index)).square
    free = [sq for sq in dragon.square.neighbours() if state.at(sq) is None]
    if not free:
        return None
    return min(free, key=goal.distance)  # min keeps the first (clockwise) on a tie


def dragon_acts(state: State, dice: Dice, events: list[Event]) -> State:
    if state.dragon_waking:
        sq = emerge_square(state)
        if sq is None:
            events.append(Event("dragon", "The Dragon waits in its lair: every way out is full."))
            return state
        events.append(Event("dragon", f"The Dragon comes out of its lair onto {sq}!"))
        woken = Piece(DRAGON_KEY, Kind.DRAGON, None, sq)
        return replace(state, pieces=(*state.pieces, woken), dragon_out=True)
    dragon = state.dragon
    if dragon is None:
        return state
    target = target_of(state, dragon)
    if target is None:
        sq = step_of(state, dragon)
        if sq is None:
            return state
        events.append(Event("dragon", f"The Dragon moves from {dragon.square} to {sq}."))
        return move_to(state, dragon.key, sq)
    return resolve(state, dragon, target, dice, events)[0]
