"""What the AI's search needs from Chess: The Card Game: how good a position looks to one
player, and the hidden cards dealt again from what that player can see.

``evaluate``: the Kings' health, units by attack, health and where they stand, cards in hand and
deck, Material; ``material``: the King's health, the units and the hand (the greedy baseline's
measure). Both from ``player``'s side, zero-sum, and both read hands by their size only.
``determinize``: the opponent's hand and deck, and the player's own deck order, dealt again.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from functools import cache
from typing import Any

from rules.card_game.battlefield import base_rank
from rules.card_game.catalogue import Suit
from rules.card_game.decks import STARTERS, Deck, parse_deck
from rules.card_game.state import Config, GameState
from rules.core.board import Player

# Chess: The Card Game: the King's health matters most; a piece on the battlefield is worth its
# attack and remaining health; cards in hand and in the deck, and Material, are options.
CARD_KING_HEALTH = 3.0
CARD_UNIT_ATTACK = 1.0
CARD_UNIT_HEALTH = 0.7
CARD_HAND = 0.8
CARD_DECK = 0.05
CARD_MATERIAL = 0.3
# Where a unit stands: in the enemy Base it may attack the King every turn (the King's health
# is worth CARD_KING_HEALTH a point; a threat, not yet a wound, half of that per Attack point),
# in the Warzone it is on its way.
CARD_KING_THREAT = 1.5
CARD_ADVANCE = 0.3


def evaluate(state: Any, player: Player) -> float:
    """The full evaluation of an unfinished game, from ``player``'s side."""
    return _card_game(state, player)


def material(state: Any, player: Player) -> float:
    """The King's health, the units and the cards in hand alone."""
    return _card_game_material(state, player)


def determinize(state: GameState, player: Player, rng: random.Random) -> GameState:
    """Chess: The Card Game: the opponent's hand and deck are one pool of unseen cards, and the
    player's own deck order is unknown to them too. Which cards the pool holds is the
    opponent's secret (their deck list, until the game ends): they are dealt from what the
    player can know, the ready-made deck of the opponent's King's suit (its King is on the
    battlefield) less the opponent's cards already seen, never from the real list."""
    sides = list(state.sides)
    config = state.config
    for seat in Player:
        side = sides[seat]
        if seat is player:
            deck = sorted(side.deck)
            rng.shuffle(deck)
            sides[seat] = dataclasses.replace(side, deck=tuple(deck))
        else:
            pool = sorted((*side.hand, *side.deck))
            config = _guessed_list(config, seat, pool, rng)
            rng.shuffle(pool)
            n = len(side.hand)
            sides[seat] = dataclasses.replace(side, hand=tuple(pool[:n]), deck=tuple(pool[n:]))
    return dataclasses.replace(state, config=config, sides=(sides[0], sides[1]), history=())


def _guessed_list(config: Config, seat: Player, unseen: list[int], rng: random.Random) -> Config:
    """``config`` with ``seat``'s unseen cards (numbers ``unseen``) named from a guess: the
    ready-made deck of its King's suit, less the cards of it already seen (the names of the
    seen cards are public and kept); short of names, more from that deck."""
    deck = config.decks[seat]
    hidden = {cid % 100 for cid in unseen}  # places in the list (0 is the King)
    seen = Counter(name for i, name in enumerate(deck.cards, 1) if i not in hidden)
    prior = list(_starter(deck.suit).cards)
    left = list((Counter(prior) - seen).elements())
    while len(left) < len(hidden):
        left.append(prior[rng.randrange(len(prior))])
    left.sort()
    rng.shuffle(left)
    names = list(deck.cards)
    for i, name in zip(sorted(hidden), left, strict=False):
        names[i - 1] = name
    guessed = dataclasses.replace(deck, cards=tuple(names))
    decks = (guessed, config.decks[1]) if seat is Player.WHITE else (config.decks[0], guessed)
    return dataclasses.replace(config, decks=decks)


@cache
def _starter(suit: Suit) -> Deck:
    """The ready-made deck of a suit: what a player expects of an opponent's unseen cards."""
    decks = [parse_deck(t) for t in STARTERS.values()]
    return next((d for d in decks if d.suit is suit), decks[0])


def _card_unit(state: Any, u: Any) -> tuple[int, float]:
    """A unit's attack and its worth by attack and remaining health (where it stands aside)."""
    c = state.card(u.cid)
    attack = max(0, c.attack + u.atk_bonus)
    return attack, CARD_UNIT_ATTACK * attack + CARD_UNIT_HEALTH * max(
        0, c.health + u.hp_bonus - u.damage
    )


def _card_game(state: Any, player: Player) -> float:
    total = 0.0
    for seat in Player:
        side = state.side(seat)
        king = state.card(seat * 100)
        v = CARD_KING_HEALTH * max(0, king.health - side.king_damage)
        v += CARD_HAND * len(side.hand) + CARD_DECK * len(side.deck)
        v += CARD_MATERIAL * side.material
        total += v if seat is player else -v
    for u in state.units:
        attack, v = _card_unit(state, u)
        rank = u.square.rank
        if rank == base_rank(u.owner.other):
            v += CARD_KING_THREAT * attack
        elif rank != base_rank(u.owner):
            v += CARD_ADVANCE
        total += v if u.owner is player else -v
    return total


def _card_game_material(state: Any, player: Player) -> float:
    total = 0.0
    for seat in Player:
        side = state.side(seat)
        king = state.card(seat * 100)
        v = CARD_KING_HEALTH * max(0, king.health - side.king_damage) + CARD_HAND * len(side.hand)
        total += v if seat is player else -v
    for u in state.units:
        v = _card_unit(state, u)[1]
        total += v if u.owner is player else -v
    return total
