"""Small positions for the d20 explorer chess tests."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules.core.board import Player, Square
from rules.core.dice import ScriptedDice
from rules.d20_chess.pieces import Kind, Piece
from rules.d20_chess.state import DRAGON_KEY, Config, State
from rules.d20_chess.system import SYSTEM
from rules.d20_chess.tiles import parse_deck

KINDS = {k.letter: k for k in Kind}


def position(text: str, config: Config | None = None, **fields: Any) -> State:
    """Pieces as words like ``wKe1 bPd5 D e4`` (w/b, a piece letter, a square; "De4" is the
    Dragon). Every piece counts as having moved unless its word ends with "*"."""
    config = config or Config()
    pieces = []
    for n, word in enumerate(text.split()):
        fresh = word.endswith("*")
        word = word.rstrip("*")
        if word[0] == "D":
            pieces.append(Piece(DRAGON_KEY, Kind.DRAGON, None, Square.parse(word[1:]), moved=True))
            continue
        owner = Player.WHITE if word[0] == "w" else Player.BLACK
        sq = Square.parse(word[2:])
        pieces.append(Piece(f"{word[0]}{n}", KINDS[word[1]], owner, sq, moved=not fresh))
    state = State(config, tuple(pieces), pile=tuple(range(len(config.deck.tiles))))
    if any(p.kind is Kind.DRAGON for p in pieces):
        state = replace(state, lair=Square.parse("a8"), dragon_out=True)
    return replace(state, **fields)


def deck(*tiles: dict[str, Any]) -> Config:
    return Config(deck=parse_deck({"name": "Test deck", "tiles": list(tiles)}))


EMPTY_DECK = deck({"name": "Nothing", "effect": "empty", "count": 1})


def play(state: State, origin: str, to: str, *faces: int) -> State:
    """Apply one move with these dice faces, and check every face was used."""
    from rules.d20_chess.actions import Move

    dice = ScriptedDice(faces)
    new, _ = SYSTEM.apply(state, Move(Square.parse(origin), Square.parse(to)), dice)
    assert dice.remaining == 0, "a face was not used"
    return new


def where(state: State, sq: str) -> str:
    p = state.at(Square.parse(sq))
    if p is None:
        return "-"
    if p.owner is None:
        return "D"
    return ("w" if p.owner is Player.WHITE else "b") + p.kind.letter


LAIR_AND_HILL = deck(
    {"name": "Lair", "effect": "lair"}, {"name": "Hill", "effect": "attack", "amount": 2}
)
