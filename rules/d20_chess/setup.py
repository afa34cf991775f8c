"""How to start (D20-1): Kings on e1 and e8, every other square of the two home ranks a Pawn;
or, as a variant switch, the standard chess army. The tile pile starts with the whole deck: a
tile is drawn from it with a die when a square is explored (see ``exploration``)."""

from __future__ import annotations

from rules.core.board import Player, Square
from rules.d20_chess.pieces import Kind, Piece
from rules.d20_chess.state import Config, State

BACK_RANK = (
    Kind.ROOK,
    Kind.KNIGHT,
    Kind.BISHOP,
    Kind.QUEEN,
    Kind.KING,
    Kind.BISHOP,
    Kind.KNIGHT,
    Kind.ROOK,
)
KING_FILE = 4  # e


def home_kind(config: Config, file: int, home_row: int) -> Kind:
    """The piece that starts on a file of a side's home rank (0: the back rank, 1: the one in
    front of it)."""
    if home_row == 1:
        return Kind.PAWN
    if config.standard_army:
        return BACK_RANK[file]
    return Kind.KING if file == KING_FILE else Kind.PAWN


def initial_state(config: Config) -> State:
    pieces: list[Piece] = []
    for player in Player:
        letter = "w" if player is Player.WHITE else "b"
        for home_row in (0, 1):
            rank = home_row if player is Player.WHITE else 7 - home_row
            for file in range(8):
                kind = home_kind(config, file, home_row)
                key = f"{letter}{len(pieces) % 16 + 1}"
                pieces.append(Piece(key, kind, player, Square(file, rank)))
    return State(config, tuple(pieces), pile=tuple(range(len(config.deck.tiles))))
