"""The game's configuration (variant switches and the deck) and its immutable state."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property

from rules.core.board import Player, Square
from rules.core.errors import IllegalAction
from rules.core.history import Step
from rules.d20_chess.pieces import Kind, Piece
from rules.d20_chess.tiles import HOUSE_DECK, Deck, Effect, Tile

INITIATIVE = 5  # the initiative bonus every side starts with (and the Dragon's, always)
DEFAULT_TURN_LIMIT = 100  # full turns (both sides moved) before the game is drawn
MAX_TURN_LIMIT = 500
DRAGON_KEY = "D"


@dataclass(frozen=True, slots=True)
class Config:
    """Variant switches: ``standard_army`` (the usual chess army instead of Kings and Pawns),
    ``wide_exploration`` (the literal "3rd to 7th rank"), the turn limit and the tile deck."""

    standard_army: bool = False
    wide_exploration: bool = False
    turn_limit: int = DEFAULT_TURN_LIMIT
    deck: Deck = HOUSE_DECK

    @property
    def explored_ranks(self) -> range:
        """Rank indices (0 = rank 1) of the squares that are explored (D20-2)."""
        return range(2, 7) if self.wide_exploration else range(2, 6)


@dataclass(frozen=True, slots=True)
class Outcome:
    winner: Player | None
    reason: str
    text: str


@dataclass(frozen=True)
class State:
    config: Config
    pieces: tuple[Piece, ...]
    to_act: Player = Player.WHITE
    moves: int = 0  # moves made so far by both sides
    # Explored squares and the tile placed there (None: the pile was empty when it was explored).
    explored: tuple[tuple[Square, int | None], ...] = ()
    pile: tuple[int, ...] = ()  # the deck indices of the tiles not drawn yet
    initiative: tuple[int, int] = (INITIATIVE, INITIATIVE)
    lair: Square | None = None  # where the Dragon's lair was found
    dragon_out: bool = False  # the Dragon has come out onto the board at least once
    # Pieces (by key) whose owner must now choose whether to promote, first one first.
    offers: tuple[str, ...] = ()
    events_done: bool = False  # this turn's events (the Dragon) have been carried out
    outcome: Outcome | None = None
    history: tuple[Step, ...] = ()

    # ---- looking things up ----
    @cached_property
    def board(self) -> dict[Square, Piece]:
        return {p.square: p for p in self.pieces}

    def at(self, sq: Square) -> Piece | None:
        return self.board.get(sq)

    def piece(self, key: str) -> Piece:
        for p in self.pieces:
            if p.key == key:
                return p
        raise IllegalAction(f"there is no piece {key} on the board")

    def side(self, player: Player) -> Iterator[Piece]:
        return (p for p in self.pieces if p.owner is player)

    @property
    def dragon(self) -> Piece | None:
        return next((p for p in self.pieces if p.kind is Kind.DRAGON), None)

    @property
    def dragon_waking(self) -> bool:
        """The lair is found but the Dragon has not come out yet."""
        return self.lair is not None and not self.dragon_out

    @cached_property
    def tiles(self) -> dict[Square, int | None]:
        return dict(self.explored)

    def tile_at(self, sq: Square) -> Tile | None:
        index = self.tiles.get(sq)
        return None if index is None else self.config.deck.tiles[index]

    def is_unexplored(self, sq: Square) -> bool:
        return sq.rank in self.config.explored_ranks and sq not in self.tiles

    def bonus(self, sq: Square, effect: Effect) -> int:
        """The lasting attack or defence bonus of a square (0 when it has none)."""
        tile = self.tile_at(sq)
        return tile.amount if tile is not None and tile.effect is effect else 0

    @property
    def turn(self) -> int:
        """The current full turn, counting from 1."""
        return self.moves // 2 + 1

    @property
    def over(self) -> bool:
        return self.outcome is not None
