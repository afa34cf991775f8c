"""Wargame Chess rules revision 5 (2026-11-28, from a read of the rulebook against the engine
with server factions): every Joker is a Joker, whatever its faction kept; The Hierophant does
not Curse a piece with a faith mechanic rule; The Magician brings back only a piece there is
room for. Each test checks the rule in a new game and the old rule in a game made before (a
saved game replays as it was played)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from rules.wargame_chess.actions import (
    Activate,
    Attack,
    GiveTokens,
    Move,
    PlacePiece,
    Slay,
    Summon,
    UseToken,
)
from rules.wargame_chess.board import Player, Square
from rules.wargame_chess.faction_file import read_faction
from rules.wargame_chess.scenario import scenario
from rules.wargame_chess.state import GameState, Token, Zone
from tests.helpers import step
from tests.wargame_chess.test_tarot_cards import deal

W, B = Player.WHITE, Player.BLACK
sq = Square.parse
WARDENS = read_faction(
    (Path(__file__).parents[2] / "docs" / "factions" / "lantern-wardens.toml").read_text()
)
SEERS = read_faction(
    """
name = "Seers"
[[piece]]
name = "Seer King"
type = "king"
quantity = "0-1"
[[piece]]
name = "Oracle Bishop"
type = "bishop"
quantity = "0-2"
  [[piece.rule]]
  name = "Foresight"
  when = "start of activation"
  faith = "major arcana"
  text = "Divinate."
[[piece]]
name = "Plain Joker"
type = "joker"
quantity = "0-2"
loses = ["Fool's Endeavour"]
[[piece]]
name = "Pawn"
type = "pawn"
quantity = "0-8"
"""
)


def old(s: GameState) -> GameState:
    return replace(s, config=replace(s.config, revision=4))


def test_the_hierophant_curses_no_piece_with_a_faith_mechanic_rule() -> None:
    """The Hierophant: each player may Curse a piece "that does not have a faith mechanic
    rule": a faction's Bishop with a Major Arcana rule is not offered (before revision 5 it
    was)."""
    s = scenario("Kh1 Bc1 Pa2", "Kh8 Bc8 Pa7", faction=SEERS)
    now, _ = deal(s, 5)
    assert now.pending is not None
    assert "White B1" not in now.pending.options and "Black B1" not in now.pending.options
    assert "White P1" in now.pending.options and "Black K1" in now.pending.options
    before, _ = deal(old(s), 5)
    assert before.pending is not None and "White B1" in before.pending.options


def test_a_joker_without_fools_endeavour_is_still_a_joker() -> None:
    """The rulebook removes the tokens "on all Jokers" at the end of the turn, and The Fool
    says "Jokers cannot be slain": a faction's Joker that lost Fool's Endeavour is a Joker."""
    s = scenario("Kh1 Je4", "Kh8 Pa7", faction=SEERS)
    turn = [
        Activate("White K1"),
        Move("White K1", sq("g1")),
        Activate("Black K1"),
        Move("Black K1", sq("g8")),
        Activate("White J1"),
        Move("White J1", sq("e5")),
        Activate("Black P1"),
        Move("Black P1", sq("a6")),
    ]
    for start, left in ((s, 0), (old(s), 2)):
        t, _ = step(start, GiveTokens(W, "White J1", Token.ADVANTAGE, 2))
        for a in turn:
            t, _ = step(t, a)
        if t.pending is not None:  # (En Passant: the Pawn's second Move, declined)
            from rules.wargame_chess.actions import Decline

            t, _ = step(t, Decline())
        assert t.turn == 2 and t.piece("White J1").advantage == left
    fool = scenario("Kh1 Pd4", "Kh8 Je5 Pa7", faction=SEERS)
    for start, stays in ((fool, True), (old(fool), False)):
        t, _ = deal(start, 0)
        t, _ = step(t, Activate("White P1"))
        t, _ = step(t, Attack("White P1", sq("e5")), [4, 4, 1])
        assert (t.piece("Black J1").zone is Zone.BOARD) is stays


def test_the_magician_brings_back_only_a_piece_there_is_room_for() -> None:
    """A faction's two Knight options cannot be on the board together (WC-2, R5): with the
    Wick Knight back on the board, The Magician does not offer the slain Moth Knight."""
    s = scenario("Kh1 Na1 Pd4", "Kh8 Pe5", faction=WARDENS)
    s, _ = step(s, Slay(B, "White N1"))
    s, _ = step(s, Summon(W, "Moth Knight", sq("b1")))
    s, _ = step(s, Slay(B, "White N2"))
    s, _ = step(s, PlacePiece(W, "White N1", sq("a1")))  # the Wick Knight is back
    s, _ = step(s, GiveTokens(W, "White P1", Token.ADVANTAGE, 1))
    for start, offered in ((s, False), (old(s), True)):
        t, _ = deal(start, 1)
        t, _ = step(t, Activate("White P1"))
        t, _ = step(t, Attack("White P1", sq("e5")))
        t, _ = step(t, UseToken(True), [4, 4, 1, 1])
        options = t.pending.options if t.pending is not None else ()
        assert ("White N2" in options) is offered, options


def test_the_picture_says_when_a_player_must_reactivate() -> None:
    """The board picture's status line said "to Activate" when the player had to Reactivate
    (every piece of theirs already Activated, the other side's not)."""
    from bot.wargame_chess.render import _status_line

    s = scenario("Kh1", "Kh8 Pa7")
    assert _status_line(s) == "Turn 1 of 10 · White to Activate"
    for a in (
        Activate("White K1"),
        Move("White K1", sq("g1")),
        Activate("Black K1"),
        Move("Black K1", sq("g8")),
    ):
        s, _ = step(s, a)
    assert _status_line(s) == "Turn 1 of 10 · White to Reactivate"
