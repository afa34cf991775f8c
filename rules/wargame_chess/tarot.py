"""The 22 Major Arcana: numbers, every name the rules give, effect text in our own words, and a
forgiving look-up by name, number, Roman numeral or misspelling.

Numbering follows the order of the rules' table (the Marseille order: Justice is VIII and
Strength XI). Five cards lost their option lists in our copy of the rules; they are in the deck
but marked as resolved at the table (ruling WC-31), and their effects are never invented.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rapidfuzz import fuzz, process, utils

from rules.core.errors import ParseError
from rules.wargame_chess.cards import parse_card

ROMAN = (
    "0", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X",
    "XI", "XII", "XIII", "XIV", "XV", "XVI", "XVII", "XVIII", "XIX", "XX", "XXI",
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class TarotCard:
    number: int
    name: str
    aliases: tuple[str, ...]
    immediate: str = ""
    passive: str = ""
    complete: bool = True
    note: str = ""

    @property
    def numeral(self) -> str:
        return ROMAN[self.number]

    @property
    def title(self) -> str:
        return f"{self.numeral} · {self.name}"

    @property
    def all_names(self) -> tuple[str, ...]:
        return (self.name, *self.aliases)

    def describe(self) -> str:
        parts = [self.title]
        if self.aliases:
            parts.append("Also called: " + ", ".join(self.aliases))
        if not self.complete:
            parts.append(AT_THE_TABLE)
        if self.immediate:
            parts.append("Immediate: " + self.immediate)
        if self.passive:
            parts.append("Passive: " + self.passive)
        if self.note:
            parts.append(self.note)
        return "\n".join(parts)


AT_THE_TABLE = (
    "Resolved at the table: our copy of the rules lost this card's options, so the bot applies "
    "no automatic effect. Agree on it with your opponent and use manual adjustments."
)

CARDS: tuple[TarotCard, ...] = (
    TarotCard(
        0, "The Fool", ("The Madman",),
        immediate="Every Joker card of the playing-card deck is turned face up.",
        passive="Joker pieces cannot be slain.",
    ),
    TarotCard(
        1, "The Magician", ("The Juggler", "Illness"),
        passive=(
            "When an Attack rolled at Advantage slays, the attacker's player may swap the "
            "attacker for a slain piece of their own team that ranks higher."
        ),
    ),
    TarotCard(
        2, "The High Priestess", ("Faith", "The Popess"),
        passive=(
            "Whenever a player is to pick the piece they Activate, their opponent picks it for "
            "them. Reactivations are picked as usual."
        ),
        note="Minchiate decks: use the Faith trump for this card.",
    ),
    TarotCard(
        3, "The Empress", ("Night", "Day"),
        immediate="The highest-ranked piece of the team with more slain pieces is Cursed.",
        passive="A piece next to a Tree cannot become Cursed.",
    ),
    TarotCard(4, "The Emperor", ("Protection",), complete=False),
    TarotCard(
        5, "The Hierophant", ("The Pope",),
        immediate=(
            "Every Bishop is Blessed. Then, for each of their Bishops Blessed this way, each "
            "player may Curse one piece without a faith-mechanic rule."
        ),
    ),
    TarotCard(
        6, "The Lovers", (),
        immediate=(
            "Beginning with the player who made this card active, each player Blesses one enemy "
            "piece and then Curses one of their own."
        ),
    ),
    TarotCard(
        7, "The Chariot", ("Dissension",),
        immediate="The player with fewer pieces on the board has every Curse removed from them.",
        passive=(
            "Pieces of the player with fewer pieces on the board cannot be Cursed; the Blessed "
            "pieces of the player with more cannot be Cursed either."
        ),
    ),
    TarotCard(
        8, "Justice", (),
        passive=(
            "When an enemy piece slays one of yours, Curse the slayer or one of its allies of "
            "equal or higher rank; if they are all Cursed already, slay one of them instead."
        ),
    ),
    TarotCard(
        9, "The Hermit", ("The Sage", "Traitor"),
        immediate=(
            "Each team's highest-ranked Blessed piece gains an Advantage token; then every piece "
            "with no piece or terrain next to it gains a Disadvantage token."
        ),
    ),
    TarotCard(10, "Wheel of Fortune", ("Fortune",), complete=False),
    TarotCard(11, "Strength", ("Sovereign",), complete=False),
    TarotCard(12, "The Hanged Man", ("Prudence", "The People"), complete=False),
    TarotCard(
        13, "Death", ("Morality",),
        immediate=(
            "The player with fewer slain pieces slays one of their own pieces. On a tie, each "
            "player instead gives one enemy piece a Disadvantage token, beginning with the player "
            "who made this card active."
        ),
    ),
    TarotCard(
        14, "Temperance", (),
        immediate=(
            "Beginning with the player who made this card active, each player may pick a piece "
            "of theirs carrying a token and remove one token from it; if they do, every enemy "
            "piece loses one token of that kind too."
        ),
    ),
    TarotCard(
        15, "The Devil", (),
        passive="A piece is Cursed at the start of its Activation.",
    ),
    TarotCard(
        16, "The Tower", ("House of God", "House of the Devil"),
        immediate="Once the current Re/Activation ends, every piece counts as Activated this turn.",
    ),
    TarotCard(
        17, "The Star", ("Desolation",),
        immediate=(
            "Once the current Re/Activation ends, no piece counts as Activated this turn any more."
            " (In games made with the revised Star option, each player instead makes one of"
            " their Activated pieces fresh.)"
        ),
    ),
    TarotCard(18, "The Moon", ("Water",), complete=False),
    TarotCard(
        19, "The Sun", ("Fire",),
        passive="A piece is Blessed at the start of its Activation.",
    ),
    TarotCard(
        20, "Judgement", ("The Fires",),
        passive="No roll can be at Advantage, and no Advantage token can be spent.",
    ),
    TarotCard(
        21, "The World", ("Earth",),
        immediate=(
            "Each player may redeploy all of their pieces, which then lose every Curse and "
            "Disadvantage token. If both do, they take turns placing one piece at a time."
        ),
    ),
)  # fmt: skip

BY_NUMBER = {c.number: c for c in CARDS}
INCOMPLETE = frozenset(c.number for c in CARDS if not c.complete)


def _norm(text: str) -> str:
    t = utils.default_process(text)
    return re.sub(r"^the\s+", "", t)


_NAMES: dict[str, int] = {}
for _c in CARDS:
    for _n in _c.all_names:
        _NAMES[_norm(_n)] = _c.number
_CHOICES = list(_NAMES)


@dataclass(frozen=True, slots=True)
class Lookup:
    card: TarotCard | None
    score: float
    suggestions: tuple[TarotCard, ...]


def lookup(text: str) -> Lookup:
    """Best match for a card name, alias, number (16), Roman numeral (XVI) or misspelling."""
    t = text.strip()
    if t.isascii() and t.isdigit() and len(t) <= 3 and int(t) in BY_NUMBER:
        return Lookup(BY_NUMBER[int(t)], 100.0, ())
    if t.upper() in ROMAN:
        return Lookup(BY_NUMBER[ROMAN.index(t.upper())], 100.0, ())
    key = _norm(t)
    if not key:
        return Lookup(None, 0.0, ())
    if key in _NAMES:
        return Lookup(BY_NUMBER[_NAMES[key]], 100.0, ())
    matches = process.extract(key, _CHOICES, scorer=fuzz.WRatio, limit=8)
    ranked: list[tuple[TarotCard, float]] = []
    for name, score, _ in matches:
        card = BY_NUMBER[_NAMES[name]]
        if all(card is not c for c, _ in ranked):
            ranked.append((card, float(score)))
    best, score = ranked[0]
    suggestions = tuple(c for c, _ in ranked[:3])
    if score >= 80:
        return Lookup(best, score, suggestions[1:])
    return Lookup(None, score, suggestions)


def _playing_card(text: str) -> str | None:
    """The playing card ``text`` names, if it names one by its suit (a Minor Arcana name)."""
    if not re.search(
        r"\b(cups|wands|batons|rods|swords|pentacles|coins|hearts|spades|clubs|"
        r"diamonds)\b",
        text,
        re.I,
    ):
        return None
    try:
        return parse_card(text).name
    except ParseError:
        return None


def find_card(text: str) -> TarotCard:
    """The card ``text`` names, or a ParseError that suggests the nearest cards."""
    res = lookup(text)
    t = text.strip()
    if res.card is not None and (res.score >= 100 or not _playing_card(t)):
        return res.card
    if not t:
        raise ParseError("name a tarot card: The Fool, its number 0, or a Roman numeral like XVI")
    if (t.isascii() and t.isdigit()) or re.fullmatch(r"[IVXLC]+", t.upper()):
        raise ParseError(f"no tarot card is numbered {t[:10]}: the Major Arcana run 0 to 21 (XXI)")
    card = _playing_card(t)
    if card is not None:
        raise ParseError(
            f"'{t[:30]}' is a Minor Arcana card (the playing-card deck's {card}), not one of "
            "the 22 Major Arcana: draw it from the playing-card deck"
        )
    hint = ", ".join(c.name for c in res.suggestions)
    raise ParseError(f"no tarot card called '{text}'" + (f"; did you mean {hint}?" if hint else ""))


def autocomplete(prefix: str, limit: int = 25) -> list[TarotCard]:
    """Cards for a partly typed name or number, best first (for slash-command autocomplete)."""
    p = prefix.strip()
    if not p:
        return list(CARDS[:limit])
    direct = lookup(p)
    out: list[TarotCard] = [direct.card] if direct.card else []
    key = _norm(p)
    for c in CARDS:
        if c not in out and any(_norm(n).startswith(key) for n in c.all_names):
            out.append(c)
    for name, _, _ in process.extract(key, _CHOICES, scorer=fuzz.WRatio, limit=limit):
        c = BY_NUMBER[_NAMES[name]]
        if c not in out:
            out.append(c)
    return out[:limit]
