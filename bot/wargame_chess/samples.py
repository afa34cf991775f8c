"""Sample positions for the README images, golden-image tests and the render benchmark."""

from __future__ import annotations

from rules.wargame_chess.actions import Activate, Attack, Bless, Curse, Divinate, GiveTokens, Move
from rules.wargame_chess.board import Player, Square, Terrain
from rules.wargame_chess.dice import ScriptedDice
from rules.wargame_chess.engine import apply
from rules.wargame_chess.scenario import scenario
from rules.wargame_chess.state import GameState, Token

W, B = Player.WHITE, Player.BLACK


def _do(s: GameState, action: object, rolls: list[int] | None = None) -> GameState:
    s, _ = apply(s, action, ScriptedDice(rolls or []))  # type: ignore[arg-type]
    return s


def midgame() -> GameState:
    """A mid-game position with tokens, Blessings, Curses, terrain, a dealt tarot spread, an
    Attack just resolved, and the next piece about to Move (highlights)."""
    s = scenario(
        "Kd1 Qe2 Rb3 Bc4 Nf3 Nd5 Pa4 Pg4 Ph3 Jh1",
        "Ke8 Qd8 Rh7 Bf6 Nb8 Pe5 Pc6 Pb5 Pf5 Jg8",
        trees="c3 f4 g6",
        terrain={"a6": Terrain.HOLE, "d6": Terrain.WATER},
    )
    s = _do(s, GiveTokens(W, "White N2", Token.ADVANTAGE, 2))
    s = _do(s, GiveTokens(B, "White B1", Token.DISADVANTAGE, 1))
    s = _do(s, GiveTokens(B, "Black Q1", Token.ADVANTAGE, 1))
    s = _do(s, Bless(W, "White Q1"))
    s = _do(s, Curse(W, "Black R1"))
    s = _do(s, Bless(B, "Black K1"))
    deck = sorted(s.faith.tarot_deck)
    s = _do(s, Divinate(B), [deck.index(19) + 1, 9, 14])
    s = _do(s, Activate("White N1"))
    s = _do(s, Attack("White N1", Square.parse("e5")), [5, 6, 1, 2])
    s = _do(s, Activate("Black B1"))
    return s


def opening() -> GameState:
    s = scenario(
        "Ra1 Nb1 Bc1 Qd1 Ke1 Pa2 Pb2 Pc2 Pd2 Pe2",
        "Ra8 Nb8 Bc8 Qd8 Ke8 Pa7 Pb7 Pc7 Pd7 Pe7",
        trees="g3 b4 h2 g6 b5 h7",
    )
    s = _do(s, Activate("White P4"))
    s = _do(s, Move("White P4", Square.parse("d3")))
    return s
