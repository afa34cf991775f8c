"""Game Setup: reveal the Kings, choose the first player fairly (a die), shuffle and draw 5;
each player may put up to 2 cards on the bottom of their deck, in the order chosen, and draw
back to 5. Both start at 0 Material."""

from __future__ import annotations

from rules.card_game import zones
from rules.card_game.state import Phase, Side, Work
from rules.core.board import Player
from rules.core.dice import Dice

OPENING_HAND = 5
MULLIGAN_MAX = 2


def shuffle(cards: list[int], dice: Dice) -> list[int]:
    """Fisher-Yates with the injected dice, so the order is recorded and replays."""
    out = list(cards)
    for i in range(len(out) - 1, 0, -1):
        j = dice.roll(i + 1) - 1
        out[i], out[j] = out[j], out[i]
    return out


def begin(w: Work, dice: Dice) -> None:
    for p in Player:
        deck = w.config.decks[p]
        cards = [p * 100 + i for i in range(1, len(deck.cards) + 1)]
        w.sides[p] = Side(deck=tuple(shuffle(cards, dice)))
        w.say("king", f"{p.title} reveals the {deck.king}.", player=p.title, king=deck.king)
    w.first = Player.WHITE if dice.roll(2) == 1 else Player.BLACK
    w.say("first", f"{w.first.title} goes first (decided by a die).", player=w.first.title)
    for p in (w.first, w.first.other):
        zones.draw(w, p, OPENING_HAND)
    w.phase, w.active = Phase.MULLIGAN, w.first


def mulligan(w: Work, cid: int) -> None:
    p = w.active
    zones.take_from_hand(w, p, cid)
    side = w.side(p)
    w.edit(p, deck=(*side.deck, cid), mulliganed=side.mulliganed + 1)
    w.say("mulligan", f"{p.title} puts a card on the bottom of their deck.", player=p.title)


def keep(w: Work) -> bool:
    """End the mulligan of the player deciding; True once both have kept."""
    p = w.active
    missing = OPENING_HAND - len(w.side(p).hand)
    if missing:
        zones.draw(w, p, missing)
    else:
        w.say("keep", f"{p.title} keeps their hand.", player=p.title)
    if p is w.first:
        w.active = p.other
        return False
    w.active = w.first
    return True
