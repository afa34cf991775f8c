"""The card game's rules revision 5 (2026-11-28, from a new player's game at the console): a
player with no card in hand is not asked in a fight's window nor to answer a Tactic with
Counter! (the number of cards in a hand is public, so skipping them tells nothing). Each test
checks the rule in a new game and the old rule in a game made before it."""

from __future__ import annotations

from dataclasses import replace

from rules.card_game import actions as A
from rules.card_game.battlefield import GRID
from rules.card_game.engine import decider
from rules.card_game.state import GameState
from tests.card_game.helpers import B, Build, W, act, events, texts

sq = GRID.parse


def old(s: GameState) -> GameState:
    return replace(s, config=replace(s.config, revision=4))


def test_an_empty_hands_fight_window_is_skipped() -> None:
    """A fight asks the attacker's window, then the defender's: with no card in either hand
    the damage is dealt at once; a hand with a card is still asked, whatever the card."""
    b = Build()
    knight = b.unit(W, "Knight", "b1")  # 4/3
    pawn = b.unit(B, "Diamond Pawn", "c3")  # 1/2
    start = b.state()
    s, ev = events(start, A.Move(knight, sq("c3")))
    assert s.combat is None and pawn in s.side(B).captured, texts(ev)
    assert "deals 4 damage" in texts(ev)
    asked = act(old(start), A.Move(knight, sq("c3")))  # revision 4: both windows asked
    assert asked.combat is not None and decider(asked) is W
    b.add(B, "Pawn")  # Black holds a card: White's window is skipped, Black's is asked
    s = act(b.state(), A.Move(knight, sq("c3")))
    assert s.combat is not None and s.combat.stage == "defender" and decider(s) is B
    s, ev = events(s, A.Pass())
    assert s.combat is None and "deals 4 damage" in texts(ev)


def test_no_counter_window_for_an_empty_hand() -> None:
    """CG-17: the answer window opens on public facts alone (3 Material, Counter! in no
    public pile); an empty hand, also public, cannot hold Counter!, so it is not asked."""
    b = Build(counters=True)
    castle = b.add(W, "Castle")
    start = b.state(material=(10, 10))
    s = act(start, A.PlayCard(castle))
    assert s.program is None  # resolved: nobody could answer it
    asked = act(old(start), A.PlayCard(castle))
    assert asked.program is not None and asked.program.respond and decider(asked) is B
    b.add(B, "Pawn")
    s = act(b.state(material=(10, 10)), A.PlayCard(castle))
    assert s.program is not None and s.program.respond and decider(s) is B
