"""The capture roll (D20-4), its exact odds, XP (D20-6) and promotion (D20-7)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from rules.core.board import Player, Square
from rules.core.dice import ScriptedDice
from rules.core.errors import IllegalAction, NotYourDecision
from rules.d20_chess.actions import Keep, Move, Promote
from rules.d20_chess.captures import modifiers, odds
from rules.d20_chess.pieces import Kind, attack, defence, worth
from rules.d20_chess.promotion import promotions
from rules.d20_chess.system import SYSTEM
from tests.d20_chess.helpers import EMPTY_DECK, deck, play, position, where

SQ = Square.parse


def test_the_values_table_is_the_rulebooks() -> None:
    table = {k: (attack(k), defence(k)) for k in Kind}
    assert table == {
        Kind.PAWN: (1, 1),
        Kind.KNIGHT: (3, 3),
        Kind.BISHOP: (3, 3),
        Kind.ROOK: (5, 5),
        Kind.QUEEN: (8, 8),
        Kind.KING: (1, 10),
        Kind.DRAGON: (11, 11),
    }


def test_more_than_10_captures_and_the_attacker_takes_the_square() -> None:
    # Pawn against Pawn: d20 + 1 + 5 - 1; a 6 makes 11.
    s = position("wPd2 bPe3 wKa1 bKh8", EMPTY_DECK)
    after = play(s, "d2", "e3", 6)
    assert where(after, "e3") == "wP" and where(after, "d2") == "-"
    assert after.to_act is Player.BLACK
    event = after.history[-1].events[0]
    assert (
        event.kind == "captured"
        and "d20 6 + attack 1 + initiative 5 - defence 1 = 11" in event.text
    )


def test_exactly_10_fails_the_attacker_goes_back_and_the_turn_ends() -> None:
    s = position("wPd2 bPe3 wKa1 bKh8", EMPTY_DECK)
    after = play(s, "d2", "e3", 5)
    assert where(after, "d2") == "wP" and where(after, "e3") == "bP"
    assert after.to_act is Player.BLACK and after.moves == 1
    assert after.history[-1].events[0].kind == "repelled"


def test_a_natural_1_captures_the_attacker_even_when_the_total_would_win() -> None:
    s = position("wQd2 bPe3 wKa1 bKh8", EMPTY_DECK)
    assert modifiers(s, s.at(SQ("d2")), s.at(SQ("e3"))).total + 1 > 10  # type: ignore[arg-type]
    after = play(s, "d2", "e3", 1)
    assert where(after, "d2") == "-" and where(after, "e3") == "bP"
    # The defender gains half the Queen's value.
    assert after.at(SQ("e3")).xp == 4  # type: ignore[union-attr]
    assert after.history[-1].events[0].kind == "critical"


def test_square_bonuses_and_initiative_enter_the_roll() -> None:
    cfg = deck(
        {"name": "Hill", "effect": "attack", "amount": 2},
        {"name": "Wall", "effect": "defence", "amount": 3},
    )
    s = position("wPd4 bPe5 wKa1 bKh8", cfg, explored=((SQ("d4"), 0), (SQ("e5"), 1)), pile=())
    s = replace(s, initiative=(7, 5))
    mods = modifiers(s, s.at(SQ("d4")), s.at(SQ("e5")))  # type: ignore[arg-type]
    assert (mods.attack, mods.initiative, mods.attack_bonus, mods.defence, mods.defence_bonus) == (
        1,
        7,
        2,
        1,
        3,
    )
    assert mods.total == 6  # a 4 makes 10, not enough; a 5 makes 11
    assert where(play(s, "d4", "e5", 4), "e5") == "bP"
    after = play(s, "d4", "e5", 5)
    assert where(after, "e5") == "wP"
    assert "+ 2 square - defence 1 - 3 square = 11" in after.history[-1].events[0].text
    # Swapped: a defence tile under the attacker and an attack tile under the defender count
    # for nothing (1 + 7 - 1).
    s2 = replace(s, explored=((SQ("d4"), 1), (SQ("e5"), 0)))
    assert modifiers(s2, s2.at(SQ("d4")), s2.at(SQ("e5"))).total == 7  # type: ignore[arg-type]


def test_the_odds_are_exact_fractions() -> None:
    s = position("wPd2 bPe3 wKa1 bKh8 wQa2 bKb3", EMPTY_DECK)
    pawn = SYSTEM.odds(s, Move(SQ("d2"), SQ("e3")))
    assert pawn == {
        "capture": Fraction(15, 20),  # 6..20
        "repelled": Fraction(4, 20),  # 2..5
        "critical failure": Fraction(1, 20),
    }
    queen_on_king = SYSTEM.odds(s, Move(SQ("a2"), SQ("b3")))  # 8 + 5 - 10 = 3: 8..20 win
    assert queen_on_king is not None and queen_on_king["capture"] == Fraction(13, 20)
    assert SYSTEM.odds(s, Move(SQ("d2"), SQ("d3"))) is None  # an empty square: no roll
    always = odds(replace(modifiers(s, s.at(SQ("a2")), s.at(SQ("d2"))), defence=-50))  # type: ignore[arg-type]
    assert always["capture"] == Fraction(19, 20) and always["repelled"] == 0
    assert sum(pawn.values()) == 1


def test_capturing_gives_half_the_value_and_halves_are_kept() -> None:
    s = position("wPd2 bPe3 bNc5 wKa1 bKh8", EMPTY_DECK)
    s = play(s, "d2", "e3", 20)
    assert s.at(SQ("e3")).xp == Fraction(1, 2)  # type: ignore[union-attr]
    s = play(s, "h8", "g8")
    s = replace(
        s,
        pieces=tuple(replace(p, square=SQ("d4")) if p.square == SQ("e3") else p for p in s.pieces),
    )
    s = play(s, "d4", "c5", 20)
    piece = s.at(SQ("c5"))
    assert piece is not None and piece.xp == 2  # ½ + 1½
    assert s.offers == (piece.key,)  # 1 + 2 reaches a Knight's or a Bishop's 3


def test_capturing_the_king_wins_and_the_king_is_worth_its_defence() -> None:
    assert worth(Kind.KING) == 10
    s = position("wRe1 bKe8 wKa1", EMPTY_DECK)
    after = play(s, "e1", "e8", 20)
    result = SYSTEM.result(after)
    assert result is not None and result.winner is Player.WHITE and result.reason == "king"
    assert "captured Black's King" in result.text
    assert SYSTEM.legal_actions(after) == [] and SYSTEM.decider(after) is None


def test_a_king_that_fails_critically_loses_the_game() -> None:
    s = position("wKd1 bPe2 bKh8", EMPTY_DECK)
    after = play(s, "d1", "e2", 1)
    result = SYSTEM.result(after)
    assert result is not None and result.winner is Player.BLACK
    assert result.text == "Black wins: White's King fell on its own critical failure"


@pytest.mark.parametrize(
    ("kind", "xp", "offered"),
    [
        (Kind.PAWN, Fraction(3, 2), []),
        (Kind.PAWN, Fraction(2), [Kind.KNIGHT, Kind.BISHOP]),
        (Kind.PAWN, Fraction(4), [Kind.KNIGHT, Kind.BISHOP, Kind.ROOK]),
        (Kind.PAWN, Fraction(7), [Kind.KNIGHT, Kind.BISHOP, Kind.ROOK, Kind.QUEEN]),
        (Kind.KNIGHT, Fraction(3, 2), []),
        (Kind.KNIGHT, Fraction(2), [Kind.ROOK]),  # never sideways to the Bishop
        (Kind.BISHOP, Fraction(5), [Kind.ROOK, Kind.QUEEN]),
        (Kind.ROOK, Fraction(5, 2), []),
        (Kind.ROOK, Fraction(3), [Kind.QUEEN]),
        (Kind.QUEEN, Fraction(20), []),
        (Kind.KING, Fraction(20), []),
    ],
)
def test_promotion_thresholds(kind: Kind, xp: Fraction, offered: list[Kind]) -> None:
    s = position("wPa1", EMPTY_DECK)
    piece = replace(s.pieces[0], kind=kind, xp=xp)
    assert promotions(piece) == offered


def test_promotion_is_a_choice_of_the_owner_that_costs_no_turn() -> None:
    s = position("wPd6 bNe7 wKa1 bKh8 bPh7", EMPTY_DECK)
    s = play(s, "d6", "e7", 20)  # 1½ XP: 2½, not yet
    assert s.offers == () and s.to_act is Player.BLACK
    s = position("wPd6 bRe7 wKa1 bKh8 bPh7", EMPTY_DECK)
    s = play(s, "d6", "e7", 20)  # 2½ XP: 3½ reaches 3
    key = s.at(SQ("e7")).key  # type: ignore[union-attr]
    assert s.offers == (key,) and SYSTEM.decider(s) is Player.WHITE and s.moves == 0
    assert SYSTEM.legal_actions(s) == [Promote(Kind.KNIGHT), Promote(Kind.BISHOP), Keep()]
    with pytest.raises(IllegalAction, match="first decide whether"):
        SYSTEM.apply(s, Move(SQ("a1"), SQ("a2")), ScriptedDice([]))
    with pytest.raises(IllegalAction, match="not to a Queen"):
        SYSTEM.apply(s, Promote(Kind.QUEEN), ScriptedDice([]))
    with pytest.raises(NotYourDecision):
        SYSTEM.apply(s, Keep(), ScriptedDice([]), player=Player.BLACK)
    promoted, _ = SYSTEM.apply(s, Promote(Kind.BISHOP), ScriptedDice([]))
    piece = promoted.at(SQ("e7"))
    assert piece is not None and piece.kind is Kind.BISHOP and piece.xp == 0 and piece.key == key
    assert promoted.to_act is Player.BLACK and promoted.moves == 1  # the same turn, then Black


def test_a_piece_that_does_not_promote_keeps_its_xp_and_is_asked_at_its_next_gain() -> None:
    s = position("wPd6 bRe7 wKa1 bKh8 bPh7 bPf8", EMPTY_DECK)
    s = play(s, "d6", "e7", 20)
    s, _ = SYSTEM.apply(s, Keep(), ScriptedDice([]))
    piece = s.at(SQ("e7"))
    assert piece is not None and piece.kind is Kind.PAWN and piece.xp == Fraction(5, 2)
    assert s.offers == () and s.to_act is Player.BLACK
    s = play(s, "h7", "h6")
    assert s.offers == ()
    s = play(s, "e7", "f8", 20)  # ½ more XP, and 8 for the far end
    assert s.offers == (piece.key,) and s.at(SQ("f8")).xp == 11  # type: ignore[union-attr]
    assert SYSTEM.legal_actions(s)[-2:] == [Promote(Kind.QUEEN), Keep()]


def test_a_pawn_at_the_far_end_gains_8_xp_and_may_become_a_queen() -> None:
    s = position("wPd7 wKa1 bKh6", EMPTY_DECK)
    s = play(s, "d7", "d8")
    piece = s.at(SQ("d8"))
    assert piece is not None and piece.xp == 8
    assert SYSTEM.legal_actions(s)[-2:] == [Promote(Kind.QUEEN), Keep()]
    s, _ = SYSTEM.apply(s, Promote(Kind.QUEEN), ScriptedDice([]))
    assert where(s, "d8") == "wQ" and s.to_act is Player.BLACK
    black = position("bPc2 wKh1 bKa8", EMPTY_DECK, to_act=Player.BLACK)
    black = play(black, "c2", "c1")
    assert black.at(SQ("c1")).xp == 8  # type: ignore[union-attr]


def test_a_piece_kept_unpromoted_may_promote_at_any_of_its_owners_moves() -> None:
    """The rules: a piece whose value + XP reaches a higher piece "can promote", and promoting
    costs no turn. A Pawn kept on the far rank could never promote again (it has no move, so
    gains no XP, and a promotion was only offered when XP was gained); now, at each of its
    owner's moves, its promotions are listed beside the moves, and taking one leaves the move
    still to make. Out of the owner's move, or for a piece that cannot, it is refused."""
    s = position("wKa1 bKh1 wPb7 bPh7", EMPTY_DECK)
    s = play(s, "b7", "b8")
    s, _ = SYSTEM.apply(s, Keep(), ScriptedDice([]))
    assert s.to_act is Player.BLACK and Promote(Kind.QUEEN, SQ("b8")) not in SYSTEM.legal_actions(s)
    with pytest.raises(NotYourDecision):
        SYSTEM.check(s, Promote(Kind.QUEEN, SQ("b8")), player=Player.WHITE)
    s = play(s, "h7", "h6")
    legal = SYSTEM.legal_actions(s)
    assert [a for a in legal if isinstance(a, Promote)] == [
        Promote(k, SQ("b8")) for k in (Kind.KNIGHT, Kind.BISHOP, Kind.ROOK, Kind.QUEEN)
    ]
    assert isinstance(legal[0], Move)  # (the moves first)
    after, events = SYSTEM.apply(s, Promote(Kind.QUEEN, SQ("b8")), ScriptedDice([]))
    assert where(after, "b8") == "wQ" and after.at(SQ("b8")).xp == 0  # type: ignore[union-attr]
    assert after.to_act is Player.WHITE and after.moves == s.moves  # no turn spent
    assert "promotes to a Queen" in " ".join(e.text for e in events)
    assert not any(isinstance(a, Promote) for a in SYSTEM.legal_actions(after))
    after = play(after, "b8", "b1")  # the move is still White's to make
    assert where(after, "b1") == "wQ" and after.to_act is Player.BLACK
    with pytest.raises(IllegalAction, match="cannot promote"):
        SYSTEM.check(s, Promote(Kind.QUEEN, SQ("a1")))  # the King
    with pytest.raises(IllegalAction, match="has no piece on h1"):
        SYSTEM.check(s, Promote(Kind.QUEEN, SQ("h1")))
    with pytest.raises(IllegalAction, match="say which piece promotes: the one on b8"):
        SYSTEM.check(s, Promote(Kind.QUEEN))
    # A saved game's log keeps the square (and an offer's answer, none).
    from rules.d20_chess.actions import action_from_dict

    for a in (Promote(Kind.QUEEN, SQ("b8")), Promote(Kind.ROOK)):
        assert action_from_dict(a.to_dict()) == a
    assert action_from_dict({"type": "promote", "kind": "Queen"}) == Promote(Kind.QUEEN)
