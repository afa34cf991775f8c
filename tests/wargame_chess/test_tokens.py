import pytest

from rules.core.errors import IllegalAction
from rules.wargame_chess.actions import (
    Activate,
    Bless,
    Curse,
    Decline,
    GiveTokens,
    Move,
    RemoveTokens,
)
from rules.wargame_chess.board import Player, Square
from rules.wargame_chess.dice import ScriptedDice
from rules.wargame_chess.engine import Transaction, check
from rules.wargame_chess.scenario import scenario
from rules.wargame_chess.state import GameState, Token
from tests.helpers import step

W, B = Player.WHITE, Player.BLACK
ADV, DIS = Token.ADVANTAGE, Token.DISADVANTAGE


def started(white: str = "Pa2 Pb2 Pc2 Kh1", black: str = "Ph7 Kh8") -> GameState:
    """A position after the first Activation of the game (Blessings can spread)."""
    s = scenario(white, black)
    s, _ = step(s, Activate("White K1"))
    s, _ = step(s, Move("White K1", Square.parse("g1")))
    assert s.started
    return s


def tokens(s: GameState, key: str) -> tuple[int, int]:
    p = s.piece(key)
    return p.advantage, p.disadvantage


def test_opposite_tokens_cancel_on_receipt() -> None:
    # 4 Disadvantage then 3 Advantage leaves 1 Disadvantage.
    s = started()
    s, _ = step(s, GiveTokens(W, "White P1", DIS, 4))
    s, ev = step(s, GiveTokens(W, "White P1", ADV, 3))
    assert tokens(s, "White P1") == (0, 1)
    assert "3 cancel out" in ev[0].text


def test_blessing_situation_1() -> None:
    """A gains 3 Advantage; Blessed B and C gain 1 each, and nothing more."""
    s = started()
    s, _ = step(s, Bless(W, "White P2"))
    s, _ = step(s, Bless(W, "White P3"))
    s, _ = step(s, GiveTokens(W, "White P1", ADV, 3))
    assert tokens(s, "White P1") == (3, 0)
    assert tokens(s, "White P2") == (1, 0)
    assert tokens(s, "White P3") == (1, 0)


def test_blessing_situation_2() -> None:
    """Two separate gains by A (its own rule, then B's rule): B and C gain one for each."""
    s = started()
    s, _ = step(s, Bless(W, "White P2"))
    s, _ = step(s, Bless(W, "White P3"))
    s, _ = step(s, GiveTokens(W, "White P1", ADV, 1))  # A's own rule
    s, _ = step(s, GiveTokens(W, "White P1", ADV, 1))  # B's rule gives A a token
    assert tokens(s, "White P1") == (2, 0)
    assert tokens(s, "White P2") == (2, 0)
    assert tokens(s, "White P3") == (2, 0)


def test_blessed_piece_gaining_spreads_to_the_others_only() -> None:
    s = started()
    s, _ = step(s, Bless(W, "White P2"))
    s, _ = step(s, Bless(W, "White P3"))
    s, _ = step(s, GiveTokens(W, "White P2", ADV, 2))
    assert tokens(s, "White P2") == (2, 0)  # no feedback from P3's Blessing
    assert tokens(s, "White P3") == (1, 0)
    assert tokens(s, "White P1") == (0, 0)


def test_curses_spread_disadvantage_and_not_to_enemies() -> None:
    s = started()
    s, _ = step(s, Curse(B, "White P2"))
    s, _ = step(s, Curse(W, "Black P1"))
    s, _ = step(s, GiveTokens(B, "White P1", DIS, 2))
    assert tokens(s, "White P2") == (0, 1)
    assert tokens(s, "Black P1") == (0, 0)


def test_spreading_happens_even_when_the_gain_is_cancelled_wc13() -> None:
    s = started()
    s, _ = step(s, GiveTokens(W, "White P1", DIS, 1))
    s, _ = step(s, Bless(W, "White P2"))
    s, _ = step(s, GiveTokens(W, "White P1", ADV, 1))
    assert tokens(s, "White P1") == (0, 0)
    assert tokens(s, "White P2") == (1, 0)


def test_no_spreading_before_the_first_activation() -> None:
    s = scenario("Pa2 Pb2 Kh1", "Kh8")
    s, _ = step(s, Bless(W, "White P2"))
    s, _ = step(s, GiveTokens(W, "White P1", ADV, 1))
    assert tokens(s, "White P2") == (0, 0)


def test_blessing_and_curse_cancel() -> None:
    s = started()
    s, _ = step(s, Bless(W, "White P1"))
    s, ev = step(s, Curse(B, "White P1"))
    p = s.piece("White P1")
    assert not p.blessed and not p.cursed
    assert "cancel out" in ev[0].text
    s, _ = step(s, Curse(B, "White P1"))
    s, _ = step(s, Bless(W, "White P1"))
    p = s.piece("White P1")
    assert not p.blessed and not p.cursed


def test_no_double_blessing_or_curse() -> None:
    s = started()
    s, _ = step(s, Bless(W, "White P1"))
    with pytest.raises(IllegalAction, match="already Blessed"):
        check(s, Bless(W, "White P1"))
    s, _ = step(s, Curse(W, "White P2"))
    with pytest.raises(IllegalAction, match="already Cursed"):
        check(s, Curse(W, "White P2"))


def test_reactivation_token_spreads_through_curses_wc13() -> None:
    s = scenario("Pa2 Pb2", "Ph7 Pg7 Pf7")
    s, _ = step(s, Curse(B, "White P2"))
    for w, b in (("White P1", "Black P1"), ("White P2", "Black P2")):
        s, _ = step(s, Activate(w))
        s, _ = step(s, Move(w, s.piece(w).square.offset(0, 1)))  # type: ignore[union-attr]
        s, _ = step(s, Decline())  # no second En Passant Move
        s, _ = step(s, Activate(b))
        s, _ = step(s, Move(b, s.piece(b).square.offset(0, -1)))  # type: ignore[union-attr]
        s, _ = step(s, Decline())
    # White has no fresh pieces, Black still has P3: White must Reactivate.
    s, ev = step(s, Activate("White P1"))
    assert tokens(s, "White P1") == (0, 1)
    assert tokens(s, "White P2") == (0, 1)  # Cursed ally
    assert any("Reactivation" in e.text for e in ev)


def test_remove_tokens_refuses_what_is_not_there() -> None:
    s = started()
    with pytest.raises(IllegalAction, match="has no Advantage tokens"):
        check(s, RemoveTokens(W, "White P1", ADV, 1))


def test_joker_tokens_removed_at_end_of_turn() -> None:
    s = scenario("Ja2 Kh1", "Kh8")
    s, _ = step(s, GiveTokens(B, "White J1", DIS, 2))
    s, _ = step(s, Activate("White J1"))
    s, _ = step(s, Move("White J1", Square.parse("a3")))
    s, _ = step(s, Activate("Black K1"))
    s, _ = step(s, Move("Black K1", Square.parse("g8")))
    assert tokens(s, "White J1") == (0, 2)
    s, _ = step(s, Activate("White K1"))
    s, ev = step(s, Move("White K1", Square.parse("g1")))
    assert s.turn == 2
    assert tokens(s, "White J1") == (0, 0)
    assert any("Fool's Endeavour" in e.text for e in ev)


def test_give_tokens_transaction_is_not_applied_before_freeze() -> None:
    s = started()
    tx = Transaction(s, ScriptedDice([]))
    tx.give_tokens("White P1", ADV, 2, "test")
    assert tokens(s, "White P1") == (0, 0)  # the state itself never changes
    assert tx.piece("White P1").advantage == 2
