"""The sixteen Gambit Cards: their names, playing-card values and when each may be played.

Effects are refereed in ``gambits`` (cards played in your turn) and ``combat`` (the windows:
the start of a combat, a wound, a removal). The text here is the project's own wording.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rules.core.errors import ParseError


class Timing(StrEnum):
    TURN = "during your turn"
    ANY = "during any turn"
    COMBAT_START = "at the start of your combat, during your turn"
    WOUND = "when a model of yours would receive wounds"
    REMOVAL = "when a model of yours would be removed as dead"


@dataclass(frozen=True, slots=True)
class Card:
    number: int
    title: str
    playing_card: str
    timing: Timing
    effect: str


CARDS: tuple[Card, ...] = (
    Card(
        1,
        "Vault",
        "A♣",
        Timing.TURN,
        "A friendly model's next Move or Charge treats every "
        "square of its Move Chart as a free pivot (◯).",
    ),
    Card(
        2,
        "Dash",
        "2",
        Timing.TURN,
        "A friendly model's next Move or Charge may instead go any distance in one straight line.",
    ),
    Card(3, "Castle", "3", Timing.TURN, "Two friendly models trade squares, keeping facings."),
    Card(
        4,
        "Warp Reality",
        "4",
        Timing.TURN,
        "Until the turn ends, the left and right board "
        "edges touch: moves, lines of fire and pushes wrap around.",
    ),
    Card(
        5,
        "Awe",
        "5",
        Timing.TURN,
        "Choose a friendly model: every model next to it is Pushed Back "
        "from it, one at a time in the order you pick.",
    ),
    Card(6, "Haste", "6", Timing.TURN, "A friendly model may be activated again this turn."),
    Card(
        7,
        "Moment of Glory",
        "7",
        Timing.COMBAT_START,
        "Skip your attack roll: every attack die is a hit.",
    ),
    Card(
        8,
        "Relentless",
        "8",
        Timing.WOUND,
        "The wounds a model of yours is about to take are cancelled.",
    ),
    Card(
        9,
        "Fall Back!",
        "9",
        Timing.TURN,
        "Until the turn ends, your models may take the "
        "Retreat action: go to any square of your Backline.",
    ),
    Card(
        10,
        "Last Gasp",
        "10",
        Timing.REMOVAL,
        "A friendly model about to die makes one Melee Attack first.",
    ),
    Card(
        11,
        "Iron Skin",
        "J",
        Timing.ANY,
        "A friendly model saves hits on 2+ until it next suffers a wound.",
    ),
    Card(
        12,
        "Fortify",
        "Q",
        Timing.TURN,
        "Up to 3 HP of models from your Dead or Drained Pile return as Reinforcements.",
    ),
    Card(
        13,
        "Mystic Bolt",
        "K",
        Timing.TURN,
        "A friendly model makes a free Ranged Attack (↖ ⬆ ↗, Range 10, Strength 4).",
    ),
    Card(
        14,
        "Carpe Diem",
        "A♠",
        Timing.TURN,
        "Activate three more models this turn (still each only once).",
    ),
    Card(
        15,
        "Sacrifice",
        "A♦",
        Timing.TURN,
        "A friendly model on the enemy Backline trades "
        "places with a model of your Dead or Drained Pile.",
    ),
    Card(
        16,
        "Desiccate",
        "A♥",
        Timing.ANY,
        "Every model in your Drained Pile goes back to your Dead Pile.",
    ),
)
BY_NUMBER = {c.number: c for c in CARDS}
BY_TITLE = {c.title.lower().rstrip("!"): c for c in CARDS}

VAULT, DASH, CASTLE, WARP, AWE, HASTE, GLORY, RELENTLESS = range(1, 9)
FALL_BACK, LAST_GASP, IRON_SKIN, FORTIFY, BOLT, CARPE_DIEM, SACRIFICE, DESICCATE = range(9, 17)
BOLT_RANGE, BOLT_STRENGTH, BOLT_DIRECTIONS = 10, 4, ("fl", "f", "fr")
FORTIFY_HP = 3
PLAYABLE_IN_TURN = frozenset(c.number for c in CARDS if c.timing in (Timing.TURN, Timing.ANY))


def find_card(text: str) -> Card:
    t = text.strip().lower().rstrip("!")
    if t.isdigit() and int(t) in BY_NUMBER:
        return BY_NUMBER[int(t)]
    if t in BY_TITLE:
        return BY_TITLE[t]
    by_word = [c for c in CARDS if t in c.title.lower().rstrip("!").split()]
    if len(by_word) == 1:  # "bolt" for Mystic Bolt
        return by_word[0]
    names = ", ".join(c.title for c in CARDS)
    raise ParseError(f"'{text[:30]}' is not a Gambit Card: the cards are {names}")
