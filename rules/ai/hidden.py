"""What a player cannot see, resampled: the AI decides from its own side of the table.

A determinizer takes a state and the player who is thinking, and returns a state in which every
card that player cannot see has been dealt again at random, consistently with what they can see
(how many cards each hand and deck holds, which cards are out in the open). It reads the unseen
cards only as one pool, sorted, so the result depends on what is hidden only through what is
public: two states that differ only in their secrets give the same samples for the same seed.

Systems without secrets need none. Wargame Chess and d20 explorer chess draw their cards and
tiles with recorded rolls from face-down piles kept as sorted sets, so their states hold no
order to hide: those draws are chance outcomes like dice.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from typing import Any

from rules.core.board import Player


def _card_game(state: Any, player: Player, rng: random.Random) -> Any:
    """Chess: The Card Game: the opponent's hand and deck are one pool of unseen cards, and the
    player's own deck order is unknown to them too."""
    sides = list(state.sides)
    for seat in Player:
        side = sides[seat]
        if seat is player:
            deck = sorted(side.deck)
            rng.shuffle(deck)
            sides[seat] = dataclasses.replace(side, deck=tuple(deck))
        else:
            pool = sorted((*side.hand, *side.deck))
            rng.shuffle(pool)
            n = len(side.hand)
            sides[seat] = dataclasses.replace(side, hand=tuple(pool[:n]), deck=tuple(pool[n:]))
    return dataclasses.replace(state, sides=tuple(sides), history=())


def _chess28(state: Any, player: Player, rng: random.Random) -> Any:
    """Chess28: the opponent's gambit cards and the deck's order are one pool of unseen cards
    (the player's own hand is known to them)."""
    other = player.other
    theirs = state.hands[other]
    pool = sorted((*theirs, *state.deck))
    rng.shuffle(pool)
    n = len(theirs)
    hands = list(state.hands)
    hands[other] = tuple(pool[:n])
    return dataclasses.replace(state, hands=tuple(hands), deck=tuple(pool[n:]), history=())


DETERMINIZERS: dict[str, Callable[[Any, Player, random.Random], Any]] = {
    "chess28": _chess28,
    "card-game": _card_game,
}


def has_secrets(system_id: str) -> bool:
    return system_id in DETERMINIZERS


def determinize(system_id: str, state: Any, player: Player, rng: random.Random) -> Any:
    """A state consistent with what ``player`` sees, its secrets dealt again from ``rng``."""
    fn = DETERMINIZERS.get(system_id)
    return state if fn is None else fn(state, player, rng)
