"""The card game's rules revision 4 (2026-11-28, from a read of the rulebook against the
engine). Each test checks the rule in a new game and the old rule in a game made before it
(a saved game replays as it was played)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.card_game import actions as A
from rules.card_game.battlefield import GRID, SQUARES
from rules.card_game.state import GameState
from rules.core.errors import IllegalAction
from tests.card_game.helpers import B, Build, W, act, events, hands, pick, texts

sq = GRID.parse


def old(s: GameState) -> GameState:
    return replace(s, config=replace(s.config, revision=3))


def test_a_tactic_played_through_thinking_may_be_countered() -> None:
    """Counter! answers "a Tactic your opponent plays": Thinking's Tactic is asked its target
    first, and Thinking is then played naming it, so the opponent sees what Counter! would
    stop. Countered, neither happens. (Before: Thinking was committed blind and its Tactic,
    named afterwards, could not be answered.)"""
    b = Build(counters=True)
    counter = b.add(B, "Counter!")
    rook = b.unit(B, "Rook", "c3")
    pin = b.add(W, "Pin", "burn")
    think = b.add(W, "Thinking")
    start = b.state(material=(10, 10))
    s = act(start, A.PlayCard(think), A.Choose(str(pin)))
    assert s.program is not None and not s.program.committed  # Pin's target: may still cancel
    s, ev = events(s, A.Choose(str(rook)))
    assert s.program is not None and s.program.respond, "the Counter! window is open"
    assert "White plays Thinking (Pin from their Burn pile) on Black Rook on c3." in texts(ev)
    let = act(s, A.Pass())
    assert let.unit(rook).damage == 3 and let.side(W).material == 10 - 2 - 3
    assert pin in let.side(W).burn and think in let.side(W).burn
    stopped = act(s, A.PlayCard(counter))
    while stopped.program is not None and stopped.program.options:
        stopped = act(stopped, A.Choose(stopped.program.options[0][0]))
    assert stopped.unit(rook).damage == 0 and pin in stopped.side(W).burn
    # A game made before: Thinking commits before its Tactic is chosen a target, and the
    # Tactic's play opens no window.
    s = act(old(start), A.PlayCard(think), A.Choose(str(pin)))
    assert s.program is not None and s.program.committed and s.program.respond
    s = act(s, A.Pass(), A.Choose(str(rook)))
    assert s.program is None and s.unit(rook).damage == 3


def test_a_piece_promotion_plays_uses_up_the_king_of_spades() -> None:
    """The King of Spades readies "the next piece you play this turn"; Promotion plays a
    piece (ready by its own text): it is that next piece (CG-27). The Knight after it enters
    tired; in a game made before, the effect stayed and readied it too."""
    b = Build(white_king="King of Spades")
    b.unit(W, "Pawn", "c1")
    b.add(W, "Rook")
    knight = b.add(W, "Knight")
    promo = b.add(W, "Promotion")
    for start, tired in (
        (b.state(material=(10, 0)), True),
        (old(b.state(material=(10, 0))), False),
    ):
        s = act(start, A.UseKing())
        s = pick(pick(act(s, A.PlayCard(promo)), "Pawn"), "Rook")
        s = pick(act(s, A.PlayCard(knight)), "a1")
        assert s.unit(knight).tired is tired


def test_a_card_that_cannot_be_played_is_never_named() -> None:
    """Blunder on a battlefield with no empty square: it is not offered. A card taken back
    after its questions (nothing fits a later one) is not named in the log: it is still in
    the hand, and hands are secret. In a game made before, Blunder was offered, asked for a
    piece, and then said "Blunder does nothing" to both players."""
    b = Build()
    for square in SQUARES:
        b.unit(W if square.rank == 0 else B, "Rook", str(square))
    blunder = b.add(W, "Blunder")
    s = b.state()
    from rules.card_game.engine import legal_actions

    assert A.PlayCard(blunder) not in legal_actions(s)
    was = act(old(s), A.PlayCard(blunder))
    assert was.program is not None
    was, ev = events(was, A.Choose(was.program.options[0][0]))
    assert "Blunder does nothing" in texts(ev) and blunder in was.side(W).hand


def test_the_king_of_hearts_draw_may_be_declined() -> None:
    """Every trigger is optional (CG-13): the King of Hearts' marked piece captured, its
    player is asked before drawing (the draw runs the deck down towards Exhaustion)."""
    b = Build(white_king="King of Hearts")
    bishop = b.unit(B, "Bishop", "c3")
    b.add(W, "Pawn", "deck")
    start = b.state(material=(5, 0))
    s = act(start, A.UseKing(), A.Choose(str(bishop)))
    assert s.unit(bishop) is None and len(s.side(W).hand) == 0
    assert s.triggers and s.triggers[0].owner is W
    assert len(act(s, A.Resolve(0, True)).side(W).hand) == 1
    assert len(act(s, A.Resolve(0, False)).side(W).hand) == 0
    before = act(old(start), A.UseKing(), A.Choose(str(bishop)))
    assert not before.triggers and len(before.side(W).hand) == 1


def test_the_london_is_for_pieces_on_the_board_not_a_showdowns() -> None:
    """The London: "your pieces on the board have +1 Attack"; a Showdown's piece is not on the
    board until it wins the square (CG-11): a 4-Attack Knight deals 4."""
    b = Build()
    hands(b)  # (a card in each hand: an empty hand's windows are skipped)
    b.add(W, "The London", "statics")
    b.unit(B, "Heart Rook", "c1")
    knight = b.add(W, "Knight")
    start = b.state(material=(10, 10))
    s = act(start, A.PlayCard(knight), A.Choose("c1"))
    _, ev = events(s, A.Pass(), A.Pass())
    assert "deals 4 damage" in texts(ev), texts(ev)
    s = act(old(start), A.PlayCard(knight), A.Choose("c1"))
    _, ev = events(s, A.Pass(), A.Pass())
    assert "deals 5 damage" in texts(ev), texts(ev)


def test_thinkings_tactic_sees_thinking_as_played() -> None:
    """Thinking's Tactic is asked its questions before Thinking leaves the hand: Opening!
    must not offer to burn Thinking itself, and Advantage! counts both costs as paid (it
    needs more Material than the opponent once they are)."""
    b = Build()
    b.add(W, "Opening!", "burn")
    b.add(W, "Pin", "burn")
    think = b.add(W, "Thinking")
    b.add(W, "Knight")
    s = pick(act(b.state(material=(10, 10)), A.PlayCard(think)), "Opening")
    assert s.program is not None and s.program.options
    labels = [label for _, label in s.program.options]
    assert "Burn Knight" in labels and not any("Thinking" in x for x in labels), labels
    b = Build()
    b.add(W, "Advantage!", "burn")
    think = b.add(W, "Thinking")
    b.add(W, "Pin", "deck")
    b.add(W, "Fork", "deck")
    s = act(b.state(material=(7, 2)), A.PlayCard(think))  # after both 2s: 3, more than 2
    s = pick(pick(s, "Advantage"), "Draw")
    assert s.program is None and s.side(W).material == 3 and len(s.side(W).hand) == 2
    with pytest.raises(IllegalAction, match="Thinking has nothing to act on now"):
        act(b.state(material=(6, 2)), A.PlayCard(think))  # 2 is not more than 2


def test_a_card_given_up_before_it_is_paid_for_is_not_named() -> None:
    """The guard behind the Blunder fix: a card from hand whose effect finds nothing to do
    before it is committed goes back unnamed ("takes the card back"); it is still in the
    hand, unpaid. (No card reaches this in play now: each asks nothing it cannot answer.)"""
    from rules.card_game.engine import counterable
    from rules.card_game.programs import run
    from rules.card_game.state import Program, Work

    b = Build()
    for square in SQUARES:
        b.unit(W if square.rank == 0 else B, "Rook", str(square))
    blunder = b.add(W, "Blunder")
    enemy = next(u.cid for u in b.state().units if u.owner is B)
    for start, named in ((b.state(), False), (old(b.state()), True)):
        w = Work(start)  # (before revision 4: the enemy chosen, no square left to go to)
        w.program = Program(
            W, blunder, "blunder", "hand", choices=() if not named else (str(enemy),)
        )
        run(w, counterable)
        said = " ".join(e.text for e in w.events)
        assert ("Blunder" in said) is named, said
        assert w.program is None and blunder in w.side(W).hand
        if not named:
            assert "White takes the card back: it cannot be played now." in said
