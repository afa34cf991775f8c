"""The Set 1 card catalogue, read from the data file the project ships (``data/set1.csv``).

Names, costs, Attack, Health and Material Values are the published facts; each card's text is
our own wording. Movement is data too: a card's ``movement`` column may list its own steps and
slides (see ``battlefield.parse_movement``); empty means its chess piece's default (CTG-2).
Cards are found by name, alias or misspelling with the same fuzzy matching as the tarot look-up.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from pathlib import Path

from rapidfuzz import fuzz, process, utils

from rules.core.errors import ParseError

DATA = Path(__file__).with_name("data") / "set1.csv"


class Suit(StrEnum):
    SPADES = "spades"
    HEARTS = "hearts"
    CLUBS = "clubs"
    DIAMONDS = "diamonds"
    NEUTRAL = "neutral"


class CardType(StrEnum):
    KING = "king"
    PIECE = "piece"
    ACTION = "action"
    EQUIP = "equip"
    STATIC = "static"
    TRADE = "trade"  # a Tactic that can only be burned (Value!)

    @property
    def is_tactic(self) -> bool:
        return self not in (CardType.KING, CardType.PIECE)


@dataclass(frozen=True, slots=True)
class Card:
    name: str
    aliases: tuple[str, ...]
    suit: Suit
    type: CardType
    piece: str  # pawn, knight, bishop, rook, queen, king ("" for a Tactic)
    cost: int
    attack: int
    health: int
    material: int
    keywords: frozenset[str]
    limit: int  # copies allowed in a deck
    movement: str  # "" for the piece's default movement
    effect: str  # the key of the card's effect in ``effects`` ("" for none)
    text: str

    @property
    def is_piece(self) -> bool:
        return self.type is CardType.PIECE

    @property
    def is_pawn(self) -> bool:
        return self.piece == "pawn"

    @property
    def first_move(self) -> bool:
        return "first_move" in self.keywords

    @property
    def piercing(self) -> bool:
        return "piercing" in self.keywords

    def describe(self) -> str:
        if self.type is CardType.KING:
            return f"{self.name} (King, {self.suit.title()}): Health {self.health}. {self.text}"
        if self.is_piece:
            return (
                f"{self.name} ({self.suit.title()} {self.piece}): cost {self.cost}, Attack "
                f"{self.attack}, Health {self.health}, Material {self.material}. "
                f"Moves {self.moves_text()}. {self.text}"
            )
        kind = "Tactic" if self.type is CardType.TRADE else f"{self.type.title()} Tactic"
        return f"{self.name} ({kind}): cost {self.cost}, Material {self.material}. {self.text}"

    def moves_text(self) -> str:
        """How the piece moves, in words: its chess piece's way on the small battlefield, or
        the steps and slides its own ``movement`` lists."""
        if not self.movement:
            return PIECE_MOVES.get(self.piece, "as its piece does")
        legs = []
        for part in (p.strip() for p in self.movement.split(";") if p.strip()):
            kind, delta, *only = part.split()
            dx, dy = delta.split(",")
            what = f" ({only[0]} only)" if only else ""
            legs.append(f"{kind} {dx} across, {dy} forward{what}")
        return "by its own legs: " + "; ".join(legs)


# How each chess piece moves on the battlefield (CTG-2; ``battlefield.DEFAULT_MOVEMENT``).
PIECE_MOVES = {
    "pawn": "one square forward, and attacks one square diagonally forward",
    "knight": "in an L (two squares one way and one the other), jumping over pieces",
    "bishop": "any number of squares diagonally, until a piece is in the way",
    "rook": "any number of squares straight, until a piece is in the way",
    "queen": "any number of squares straight or diagonally, until a piece is in the way",
}


def _int(text: str) -> int:
    return int(text) if text.strip() else 0


@cache
def cards() -> tuple[Card, ...]:
    with DATA.open(encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f, delimiter="|"))
    return tuple(
        Card(
            name=r["name"].strip(),
            aliases=tuple(a.strip() for a in r["aliases"].split(",") if a.strip()),
            suit=Suit(r["suit"]),
            type=CardType(r["type"]),
            piece=r["piece"].strip(),
            cost=_int(r["cost"]),
            attack=_int(r["attack"]),
            health=_int(r["health"]),
            material=_int(r["material"]),
            keywords=frozenset(r["keywords"].split()),
            limit=_int(r["limit"]),
            movement=r["movement"].strip(),
            effect=r["effect"].strip(),
            text=r["text"].strip(),
        )
        for r in rows
    )


@cache
def by_name() -> dict[str, Card]:
    return {c.name: c for c in cards()}


def card(name: str) -> Card:
    """The card with exactly this catalogue name."""
    return by_name()[name]


def _norm(text: str) -> str:
    return str(utils.default_process(text))


@cache
def _names() -> dict[str, str]:
    out: dict[str, str] = {}
    for c in cards():
        for n in (c.name, *c.aliases):
            out[_norm(n)] = c.name
    return out


def lookup(text: str) -> tuple[Card | None, tuple[Card, ...]]:
    """The card a name, alias or misspelling means (or None), and the nearest other cards."""
    key = _norm(text)
    if not key:
        return None, ()
    names = _names()
    if key in names:
        return by_name()[names[key]], ()
    ranked: list[tuple[Card, float]] = []
    for name, score, _ in process.extract(key, list(names), scorer=fuzz.WRatio, limit=8):
        c = by_name()[names[name]]
        if all(c is not o for o, _ in ranked):
            ranked.append((c, float(score)))
    if not ranked:
        return None, ()
    best, score = ranked[0]
    # A clear winner: a good score, ahead of the next card.
    if score >= 86 and (len(ranked) == 1 or score - ranked[1][1] >= 3):
        return best, tuple(c for c, _ in ranked[1:3])
    return None, tuple(c for c, _ in ranked[:3])


def find(text: str) -> Card:
    """The card ``text`` names, or a ParseError suggesting the nearest cards."""
    found, near = lookup(text)
    if found is not None:
        return found
    hint = ", ".join(c.name for c in near)
    raise ParseError(f"no card called '{text[:40]}'" + (f"; did you mean {hint}?" if hint else ""))


def autocomplete(prefix: str, limit: int = 25) -> list[Card]:
    """Cards for a partly typed name, best first."""
    key = _norm(prefix)
    if not key:
        return list(cards()[:limit])
    out = [c for c in cards() if any(_norm(n).startswith(key) for n in (c.name, *c.aliases))]
    for name, _, _ in process.extract(key, list(_names()), scorer=fuzz.WRatio, limit=limit):
        c = by_name()[_names()[name]]
        if c not in out:
            out.append(c)
    return out[:limit]
