"""The game as an immutable value, and ``Work``: a mutable copy an action changes before it is
frozen again (so a refused action changes nothing).

Every card in a game has a number: seat * 100 + its place in the deck list, the King being 0.
The deck's order, the hands and the cards put back by a mulligan are in the state like
everything else; what each player may see is decided by the table's views.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum

from rules.card_game.catalogue import Card, card
from rules.card_game.decks import Deck
from rules.core.board import Player, Square
from rules.core.history import Event, Step

TURN_LIMIT = 100  # turns in all (50 each) before the game is a draw (ruling CG-20)
# The rules revision new games are played under: 1, as first built (games saved without the
# key); 2 (2026-11-27), the Counter! window on public facts alone (CG-17), fights a window
# changed (CG-12), Take for defenders and Pawn's Gambit in a Showdown (CG-13), King of Clubs'
# boost (CG-16), King of Hearts, Thinking and the Material Phase (CG-24); 3 (2026-11-27), the
# Kings of Spades and Hearts work with 2 or 3 Material, not paid for and then undone (CG-25),
# a Showdown's piece enters the square its defender was moved off (CG-12), Diamond Rook
# offers a Pawn from each pile (CG-26), and a readied piece sent back to hand leaves the King
# of Spades' effect for the next (CG-27); 4 (2026-11-28), a Tactic played through Thinking
# is answerable with Counter! (CG-17), a piece Promotion plays uses the King of Spades' effect
# up (CG-27), the King of Hearts' draw is a trigger its player may decline (CG-13), The
# London's +1 Attack is not for a Showdown's piece (CG-11), and a card that cannot be played
# after all is taken back unnamed (Blunder on a full battlefield is not offered); 5
# (2026-11-28), a player with no card in hand (a public count) is not asked in a fight's
# window nor to answer a Tactic with Counter! (CG-12, CG-17).
# A game keeps its revision, so games saved before replay as they were played.
RULES_REVISION = 5


@dataclass(frozen=True)
class Config:
    decks: tuple[Deck, Deck]
    turn_limit: int = TURN_LIMIT
    revision: int = RULES_REVISION
    # Each seat's cards by number (the King first), looked up on every rule.
    cards: tuple[tuple[Card, ...], ...] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        seats = tuple(tuple(card(n) for n in (d.king, *d.cards)) for d in self.decks)
        object.__setattr__(self, "cards", seats)


class Phase(StrEnum):
    SETUP = "setup"
    MULLIGAN = "mulligan"
    BURN = "material"  # the Material Phase: burn up to 3 cards
    MAIN = "play and move"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Unit:
    """A piece on the battlefield."""

    cid: int
    owner: Player
    square: Square
    damage: int = 0
    atk_bonus: int = 0
    hp_bonus: int = 0
    equips: tuple[int, ...] = ()
    actions: int = 0  # actions left this turn: 0 means Tired
    follow_up: bool = False  # moved into the enemy Base this action: may still attack the King
    boosted: bool = False  # has had a +Attack or +Health boost (a - change is not one)

    @property
    def tired(self) -> bool:
        return self.actions <= 0 and not self.follow_up


@dataclass(frozen=True, slots=True)
class Side:
    """One player's cards, King and Material."""

    hand: tuple[int, ...] = ()
    deck: tuple[int, ...] = ()  # top first
    captured: tuple[int, ...] = ()
    burn: tuple[int, ...] = ()
    statics: tuple[int, ...] = ()  # the Tactic Zone
    king_damage: int = 0
    material: int = 0
    mulliganed: int = 0  # cards put back in the mulligan
    burned: int = 0  # cards burned for Material this turn
    king_used: bool = False  # the King's ability this turn


@dataclass(frozen=True, slots=True)
class Trigger:
    """A triggered ability waiting to be resolved (or declined) by its controller."""

    owner: Player
    source: int  # the card whose ability it is
    effect: str
    subject: int | None = None  # a unit or card it concerns


@dataclass(frozen=True, slots=True)
class Program:
    """An ability or card being resolved, with the choices made so far and the open choice.

    ``kind`` is "hand" (a card played from hand), "king" (the King's ability) or "trigger".
    A card from hand is paid for when it is ``committed``; before that it may be cancelled.
    ``respond`` marks a Tactic the opponent may now answer (Counter!)."""

    owner: Player
    source: int
    effect: str
    kind: str
    choices: tuple[str, ...] = ()
    committed: bool = False
    respond: bool = False
    prompt: str = ""
    options: tuple[tuple[str, str], ...] = ()
    subject: int | None = None


@dataclass(frozen=True, slots=True)
class Combat:
    """A fight between ``attacker`` and ``defender`` (None: the enemy King), in its windows."""

    attacker: int
    defender: int | None
    origin: Square | None  # where the attacker came from (None: from hand, a Showdown)
    target: Square | None  # the defender's square (None: the King)
    showdown: bool = False
    stage: str = "initiator"  # then "defender"
    incoming: Unit | None = None  # a Showdown's piece, off the board until it wins


@dataclass(frozen=True, slots=True)
class Outcome:
    winner: Player | None
    reason: str
    text: str


@dataclass(frozen=True)
class GameState:
    config: Config
    sides: tuple[Side, Side] = (Side(), Side())
    units: tuple[Unit, ...] = ()
    first: Player = Player.WHITE
    active: Player = Player.WHITE
    turn: int = 0
    phase: Phase = Phase.SETUP
    program: Program | None = None
    triggers: tuple[Trigger, ...] = ()
    combat: Combat | None = None
    next_ready: bool = False  # King of Spades: the next piece played this turn enters ready
    hunted: tuple[int, ...] = ()  # King of Hearts: pieces whose capture this turn draws a card
    outcome: Outcome | None = None
    history: tuple[Step, ...] = field(default=(), compare=True)

    def side(self, p: Player) -> Side:
        return self.sides[p]

    def card(self, cid: int) -> Card:
        return card_of(self.config, cid)

    def unit(self, cid: int) -> Unit | None:
        for u in self.units:
            if u.cid == cid:
                return u
        return None

    def at(self, sq: Square) -> Unit | None:
        for u in self.units:
            if u.square == sq:
                return u
        return None


def owner_of(cid: int) -> Player:
    return Player(cid // 100)


def card_of(config: Config, cid: int) -> Card:
    return config.cards[cid // 100][cid % 100]


class Work:
    """A mutable copy of a state while an action is applied."""

    def __init__(self, s: GameState) -> None:
        self.config = s.config
        self.sides = list(s.sides)
        self.units: dict[int, Unit] = {u.cid: u for u in s.units}
        self.first, self.active, self.turn, self.phase = s.first, s.active, s.turn, s.phase
        self.program = s.program
        self.triggers = list(s.triggers)
        self.combat = s.combat
        self.next_ready = s.next_ready
        self.hunted = list(s.hunted)
        self.outcome = s.outcome
        self.events: list[Event] = []

    def copy(self) -> Work:
        other = Work.__new__(Work)
        other.__dict__.update(self.__dict__)
        other.sides = list(self.sides)
        other.units = dict(self.units)
        other.triggers = list(self.triggers)
        other.hunted = list(self.hunted)
        other.events = list(self.events)
        return other

    def restore(self, other: Work) -> None:
        self.__dict__.update(other.copy().__dict__)

    def freeze(self, history: tuple[Step, ...]) -> GameState:
        return GameState(
            config=self.config,
            sides=(self.sides[0], self.sides[1]),
            units=tuple(sorted(self.units.values(), key=lambda u: (u.square.rank, u.square.file))),
            first=self.first,
            active=self.active,
            turn=self.turn,
            phase=self.phase,
            program=self.program,
            triggers=tuple(self.triggers),
            combat=self.combat,
            next_ready=self.next_ready,
            hunted=tuple(self.hunted),
            outcome=self.outcome,
            history=history,
        )

    # ---- reading ----
    def card(self, cid: int) -> Card:
        return card_of(self.config, cid)

    def side(self, p: Player) -> Side:
        return self.sides[p]

    def at(self, sq: Square) -> Unit | None:
        for u in self.units.values():
            if u.square == sq:
                return u
        return None

    def units_of(self, p: Player) -> list[Unit]:
        return sorted(
            (u for u in self.units.values() if u.owner is p),
            key=lambda u: (u.square.rank, u.square.file),
        )

    def all_units(self) -> list[Unit]:
        return sorted(self.units.values(), key=lambda u: (u.square.rank, u.square.file))

    # ---- writing ----
    def say(self, kind: str, text: str, **data: object) -> None:
        self.events.append(Event(kind, text, tuple(data.items())))

    def edit(self, p: Player, **changes: object) -> Side:
        self.sides[p] = replace(self.sides[p], **changes)  # type: ignore[arg-type]
        return self.sides[p]

    def set_unit(self, u: Unit) -> None:
        self.units[u.cid] = u
