"""Exploring (D20-2, D20-3): a piece that moves onto an unexplored square of the middle ranks
draws a tile from the pile and places it there, and the tile takes effect. The pile is shuffled:
drawing its top tile is drawing one of the tiles left at random, which is rolled (a die with as
many faces as tiles left) so the log replays it. Once the pile is empty, a newly explored square
gets no tile."""

from __future__ import annotations

from dataclasses import replace

from rules.core.dice import Dice
from rules.core.history import Event
from rules.d20_chess.pieces import Piece
from rules.d20_chess.promotion import gain_xp
from rules.d20_chess.state import State
from rules.d20_chess.tiles import Effect


def explore(state: State, piece: Piece, dice: Dice, events: list[Event]) -> State:
    """``piece`` has just arrived on its square: explore it if it is unexplored."""
    sq = piece.square
    if piece.owner is None or not state.is_unexplored(sq):
        return state
    if not state.pile:
        events.append(Event("explored", f"{sq} is explored: the pile is empty, no tile is placed."))
        return replace(state, explored=(*state.explored, (sq, None)))
    pick = dice.roll(len(state.pile)) - 1 if len(state.pile) > 1 else 0
    index = state.pile[pick]
    tile = state.config.deck.tiles[index]
    state = replace(
        state,
        explored=(*state.explored, (sq, index)),
        pile=state.pile[:pick] + state.pile[pick + 1 :],
    )
    data = (("square", str(sq)), ("tile", index))
    events.append(Event("explored", f"{piece.label} explores {sq}: {tile.summary()}.", data))
    return trigger(state, piece, index, events)


def trigger(state: State, piece: Piece, index: int, events: list[Event]) -> State:
    tile = state.config.deck.tiles[index]
    owner = piece.owner
    assert owner is not None
    if tile.effect is Effect.XP:
        return gain_xp(state, piece.key, tile.amount, f"the {tile.name}", events)
    if tile.effect is Effect.INITIATIVE:
        init = list(state.initiative)
        init[owner] += tile.amount
        events.append(Event("initiative", f"{owner.title}'s initiative is now {init[owner]}."))
        return replace(state, initiative=(init[0], init[1]))
    if tile.effect is Effect.LAIR and state.lair is None:
        events.append(Event("lair", f"The Dragon's lair is on {piece.square}: the Dragon wakes!"))
        return replace(state, lair=piece.square)
    return state
