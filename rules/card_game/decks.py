"""Deck construction: a King plus 30 cards of the King's suit and neutral cards, at most 3 copies
of a piece card (1 of a Queen), at most 2 of a Tactic (1 of Counter!). Every problem with a list
is reported at once. The ready-made starter decks, one per suit."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from rules.card_game.catalogue import Card, CardType, Suit, card, find
from rules.core.errors import InvalidTeam, ParseError

DECK_SIZE = 30  # not counting the King (the official deck builder counts 31 with it)

STARTERS: dict[str, str] = {
    "Spades starter": (
        "King of Spades; 3 Spade Pawn; 3 Spade Knight; 2 Spade Rook; 2 Spade Bishop; "
        "1 Queen of Spades; 3 Pawn; 3 Knight; 1 Rook; 1 Bishop; 2 Fork; 2 Pin; 2 Skew; "
        "1 The London; 2 Advance!; 2 Value!"
    ),
    "Hearts starter": (
        "King of Hearts; 3 Heart Pawn; 3 Heart Knight; 2 Heart Rook; 2 Heart Bishop; "
        "1 Queen of Hearts; 3 Pawn; 3 Knight; 2 Rook; 2 Castle; 2 Fortify; 1 Sicilian Defense; "
        "2 Pin; 1 Kings Gambit; 1 Reinforcements; 2 Thinking"
    ),
    "Clubs starter": (
        "King of Clubs; 3 Club Pawn; 3 Club Knight; 2 Club Rook; 2 Club Bishop; 1 Queen of Clubs; "
        "3 Pawn; 3 Knight; 1 Rook; 1 Bishop; 2 Double Attack; 2 Lockdown; 1 Pawn's Gambit; "
        "2 Promotion; 2 Blunder; 2 Advantage!"
    ),
    "Diamonds starter": (
        "King of Diamonds; 3 Diamond Pawn; 3 Diamond Knight; 2 Diamond Rook; 2 Diamond Bishop; "
        "1 Queen of Diamonds; 3 Pawn; 3 Knight; 2 Bishop; 1 Counter!; 2 Bong Cloud; 2 Opening!; "
        "2 Value!; 2 Advance!; 1 Skew; 1 Fortify"
    ),
}


@dataclass(frozen=True, slots=True)
class Deck:
    """A King and the 30 cards of the deck (card names, in list order)."""

    king: str
    cards: tuple[str, ...]

    @property
    def suit(self) -> Suit:
        return card(self.king).suit

    def text(self) -> str:
        counts = Counter(self.cards)
        seen: list[str] = []
        for n in self.cards:
            if n not in seen:
                seen.append(n)
        return "; ".join([self.king, *(f"{counts[n]} {n}" for n in seen)])

    def describe(self) -> str:
        pieces = sum(1 for n in self.cards if card(n).is_piece)
        return (
            f"{self.king} with {len(self.cards)} cards "
            f"({pieces} pieces, {len(self.cards) - pieces} Tactics)"
        )

    def problems(self) -> list[str]:
        out: list[str] = []
        king = card(self.king)
        if king.type is not CardType.KING:
            out.append(f"{self.king} is not a King: a deck is led by one King")
        if len(self.cards) != DECK_SIZE:
            out.append(f"a deck has {DECK_SIZE} cards besides the King, not {len(self.cards)}")
        counts = Counter(self.cards)
        for name, n in counts.items():
            c = card(name)
            if c.type is CardType.KING:
                out.append(f"{name} is a King: only the leading King goes with a deck")
                continue
            if c.suit not in (Suit.NEUTRAL, king.suit):
                out.append(
                    f"{name} is a {c.suit.title()} card: a {king.suit.title()} deck takes only "
                    f"{king.suit.title()} and neutral cards"
                )
            if n > c.limit:
                what = "a Queen" if c.piece == "queen" else ("a piece" if c.is_piece else "it")
                out.append(f"{n} copies of {name}: at most {c.limit} of {what} in a deck")
        return out

    def validate(self) -> Deck:
        problems = self.problems()
        if problems:
            raise InvalidDeck(problems)
        return self


class InvalidDeck(InvalidTeam):
    """A deck list breaks the deck-building rules; ``problems`` lists every reason."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__(problems)
        self.args = ("This deck is not legal: " + "; ".join(problems),)

    def __str__(self) -> str:
        return str(self.args[0])


ENTRY = re.compile(r"^\s*(?:(\d{1,2})\s*[x×]?\s+)?(.+?)\s*$")


def starter_named(text: str) -> str | None:
    """The starter deck ``text`` names, in any case, by its name or its suit alone ("Clubs
    starter", "clubs", "club deck"); None for any other text (a deck is never one word)."""
    words = text.strip().lower().split()
    if words and words[-1] in ("starter", "deck"):
        words = words[:-1]
    if len(words) != 1:
        return None
    suit = words[0].removesuffix("s")
    return next((name for name in STARTERS if name.lower().split()[0] == suit + "s"), None)


def parse_deck(text: str) -> Deck:
    """A legal deck from text like ``King of Spades; 3 Spade Pawn; 2 Fork`` (or a starter's
    name). Names may be misspelt; every problem (unknown names, deck rules) is reported at once."""
    named = starter_named(text)
    if named is not None:
        text = STARTERS[named]
    entries = [e for e in re.split(r"[;\n]", text) if e.strip()]
    if not entries:
        raise ParseError("a deck lists its King and its cards, like 'King of Spades; 3 Pawn'")
    king: str | None = None
    names: list[str] = []
    problems: list[str] = []
    for entry in entries:
        m = ENTRY.match(entry)
        assert m is not None
        count = int(m.group(1) or 1)
        try:
            c: Card = find(m.group(2))
        except ParseError as e:
            problems.append(str(e))
            continue
        if c.type is CardType.KING and king is None and m.group(1) is None:
            king = c.name
            continue
        names.extend([c.name] * count)
    if king is None:
        problems.append("name the deck's King first, like 'King of Spades; ...'")
        raise InvalidDeck(problems)
    deck = Deck(king, tuple(names))
    problems.extend(deck.problems())
    if problems:
        raise InvalidDeck(problems)
    return deck


def starter(suit: str) -> Deck:
    return parse_deck(STARTERS[f"{suit.title()} starter"])
