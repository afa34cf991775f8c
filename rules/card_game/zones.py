"""Card zones and Material: the deck, hand, Captured and Burn piles, the Tactic Zone, the
Kings' Health, and pieces entering the battlefield."""

from __future__ import annotations

from typing import Protocol

from rules.card_game import keywords
from rules.card_game.catalogue import Card
from rules.card_game.state import Side, Unit, Work
from rules.core.board import Player, Square


class Cards(Protocol):
    """A state or a work copy: whatever can name a card and show a side."""

    def card(self, cid: int) -> Card: ...

    def side(self, p: Player) -> Side: ...


def name(w: Cards, cid: int) -> str:
    return w.card(cid).name


def king_health(w: Cards, p: Player) -> int:
    return max(0, w.card(p * 100).health - w.side(p).king_damage)


def draw(w: Work, p: Player, n: int) -> int:
    side = w.side(p)
    got = side.deck[:n]
    w.edit(p, deck=side.deck[len(got) :], hand=side.hand + got)
    if got:
        many = "a card" if len(got) == 1 else f"{len(got)} cards"
        w.say("drew", f"{p.title} draws {many}.", player=p.title, count=len(got))
    if len(got) < n:
        w.say("deck_empty", f"{p.title}'s deck is empty: nothing more to draw.", player=p.title)
    return len(got)


def take_from_hand(w: Work, p: Player, cid: int) -> None:
    hand = list(w.side(p).hand)
    hand.remove(cid)
    w.edit(p, hand=tuple(hand))


def to_hand(w: Work, p: Player, cid: int, pile: str) -> None:
    """Move a card from a public pile ("captured" or "burn") into its owner's hand."""
    left = tuple(c for c in getattr(w.side(p), pile) if c != cid)
    w.edit(p, **{pile: left, "hand": (*w.side(p).hand, cid)})
    where = "Captured pile" if pile == "captured" else "Burn pile"
    w.say("to_hand", f"{p.title} takes {name(w, cid)} from their {where} into their hand.")


def leave_pile(w: Work, p: Player, cid: int, pile: str) -> None:
    w.edit(p, **{pile: tuple(c for c in getattr(w.side(p), pile) if c != cid)})


def to_burn(w: Work, p: Player, cid: int) -> None:
    w.edit(p, burn=(*w.side(p).burn, cid))


def gain(w: Work, p: Player, n: int, why: str = "") -> None:
    if n <= 0:
        return
    total = w.side(p).material + n
    w.edit(p, material=total)
    w.say("material", f"{p.title} gains {n} Material{why} (now {total}).", player=p.title)


def pay(w: Work, p: Player, n: int) -> None:
    have = w.side(p).material
    assert have >= n, "a cost was not checked"
    w.edit(p, material=have - n)


def hurt_king(w: Work, p: Player, n: int, why: str) -> None:
    w.edit(p, king_damage=w.side(p).king_damage + n)
    w.say(
        "king_hit",
        f"{p.title}'s King suffers {n} damage{why} (Health {king_health(w, p)}).",
        player=p.title,
        amount=n,
    )


def heal_king(w: Work, p: Player, n: int) -> None:
    healed = min(n, w.side(p).king_damage)
    w.edit(p, king_damage=w.side(p).king_damage - healed)
    if not healed:  # (nothing to do: said so, CG-13, not "recovers 0")
        w.say("king_healed", f"{p.title}'s King is at full Health: nothing to recover.")
        return
    w.say(
        "king_healed",
        f"{p.title}'s King recovers {healed} Health (Health {king_health(w, p)}).",
        player=p.title,
    )


SICILIAN = "Sicilian Defense"


def place(w: Work, p: Player, cid: int, sq: Square, *, ready: bool, played: bool) -> Unit:
    """Put a piece onto an empty square. A piece played from hand may trigger Deploy and, with
    Sicilian Defense in its owner's Tactic Zone, enters with +1 Health."""
    c = w.card(cid)
    bonus = 1 if played and any(name(w, s) == SICILIAN for s in w.side(p).statics) else 0
    boosted = bool(bonus) and w.config.revision >= 2  # (Sicilian's +1 Health is a boost: CG-16)
    u = Unit(cid, p, sq, hp_bonus=bonus, actions=1 if ready else 0, boosted=boosted)
    w.set_unit(u)
    state = "ready" if ready else "Tired"
    w.say("entered", f"{p.title}'s {c.name} enters {sq} {state}.", player=p.title, square=str(sq))
    if played:
        keywords.deploy(w, u)
    return u
