"""The playing-card deck (the Minor Arcana): 52 cards and two Jokers, with the tarot suits mapped
onto playing-card suits so "Knight of Cups" or "3 of Pentacles" finds its card."""

from __future__ import annotations

import re
from dataclasses import dataclass

from rules.core.errors import ParseError

SUITS = ("Clubs", "Diamonds", "Hearts", "Spades")
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
RANK_NAMES = {"A": "Ace", "J": "Jack", "Q": "Queen", "K": "King"}
JOKERS = ("Red Joker", "Black Joker")

# Minor Arcana suits: Wands/Batons/Rods are Clubs, Cups Hearts, Swords Spades,
# Coins/Pentacles/Disks Diamonds. Pages are removed, so a tarot Knight is the Jack.
TAROT_SUITS = {
    "wands": "Clubs", "batons": "Clubs", "rods": "Clubs", "staves": "Clubs",
    "cups": "Hearts",
    "swords": "Spades",
    "coins": "Diamonds", "pentacles": "Diamonds", "disks": "Diamonds", "discs": "Diamonds",
}  # fmt: skip
_SUIT_WORDS = {s.lower(): s for s in SUITS} | {s.lower()[:-1]: s for s in SUITS} | TAROT_SUITS
_RANK_WORDS = {
    "ace": "A", "a": "A", "one": "A", "1": "A",
    "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7",
    "eight": "8", "nine": "9", "ten": "10",
    "jack": "J", "j": "J", "knave": "J", "knight": "J",
    "queen": "Q", "q": "Q", "king": "K", "k": "K",
} | {str(n): str(n) for n in range(2, 11)}  # fmt: skip


@dataclass(frozen=True, slots=True, order=True)
class PlayingCard:
    """Cards are numbered 0..53: 0-51 by suit then rank, 52 and 53 the Jokers."""

    id: int

    @property
    def is_joker(self) -> bool:
        return self.id >= 52

    @property
    def suit(self) -> str | None:
        return None if self.is_joker else SUITS[self.id // 13]

    @property
    def rank(self) -> str | None:
        return None if self.is_joker else RANKS[self.id % 13]

    @property
    def name(self) -> str:
        if self.is_joker:
            return JOKERS[self.id - 52]
        assert self.rank is not None
        return f"{RANK_NAMES.get(self.rank, self.rank)} of {self.suit}"

    @property
    def short(self) -> str:
        if self.is_joker:
            return "Jkr" + ("R" if self.id == 52 else "B")
        symbol = {"Clubs": "♣", "Diamonds": "♦", "Hearts": "♥", "Spades": "♠"}
        assert self.suit is not None
        return f"{self.rank}{symbol[self.suit]}"

    def __str__(self) -> str:
        return self.name


FULL_DECK: tuple[PlayingCard, ...] = tuple(PlayingCard(i) for i in range(54))


def parse_card(text: str) -> PlayingCard:
    """'Queen of Hearts', 'QH', '10♠', 'Knight of Cups' (Jack of Hearts), 'red joker'."""
    t = text.strip().lower()
    if "joker" in t:
        return PlayingCard(53 if "black" in t else 52)
    if "page" in t:
        raise ParseError("Pages are removed when a tarot Minor Arcana stands in for playing cards")
    t = t.replace("♣", " clubs").replace("♦", " diamonds").replace("♥", " hearts")
    t = t.replace("♠", " spades")
    m = re.fullmatch(r"(10|[2-9akqj])([cdhs])", t.replace(" ", ""))
    if m:
        rank = m.group(1).upper()
        suit = {"c": "Clubs", "d": "Diamonds", "h": "Hearts", "s": "Spades"}[m.group(2)]
        return PlayingCard(SUITS.index(suit) * 13 + RANKS.index(rank))
    words = [w for w in re.split(r"[\s,]+", t) if w and w != "of" and w != "the"]
    rank_s = next((_RANK_WORDS[w] for w in words if w in _RANK_WORDS), None)
    suit_s = next((_SUIT_WORDS[w] for w in words if w in _SUIT_WORDS), None)
    if rank_s is None or suit_s is None:
        raise ParseError(
            f"'{text}' is not a playing card: try 'Queen of Hearts', 'QH' or 'Knight of Cups'"
        )
    return PlayingCard(SUITS.index(suit_s) * 13 + RANKS.index(rank_s))


def jokers_removed(joker_pieces: int) -> int:
    """Joker cards set aside face up at setup: none without Joker pieces, one for one or two
    Joker pieces, both for three or more."""
    if joker_pieces <= 0:
        return 0
    return 1 if joker_pieces <= 2 else 2


def bone_pool(kinds: set[str]) -> tuple[int, ...]:
    """Dice of a bone-reading pool from the piece types on a team: D4 for Pawns, D6 for any
    Knights/Rooks/Bishops, D8 for a Queen, D10 for a King, D20 for Jokers."""
    pool = []
    if "pawn" in kinds:
        pool.append(4)
    if kinds & {"knight", "rook", "bishop"}:
        pool.append(6)
    if "queen" in kinds:
        pool.append(8)
    if "king" in kinds:
        pool.append(10)
    if "joker" in kinds:
        pool.append(20)
    return tuple(pool)
