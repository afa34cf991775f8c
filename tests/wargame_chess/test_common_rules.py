from dataclasses import replace

import pytest

from rules.core.errors import IllegalAction
from rules.wargame_chess.actions import Activate, Attack, Castle, Decline, GiveTokens, Move, Promote
from rules.wargame_chess.board import Player, Square
from rules.wargame_chess.engine import check, legal_actions
from rules.wargame_chess.pieces import Kind
from rules.wargame_chess.scenario import scenario
from rules.wargame_chess.state import Decision, Token, Zone
from rules.wargame_chess.teams import Faction, PieceOption
from tests.helpers import step

W, B = Player.WHITE, Player.BLACK
sq = Square.parse


# ---- En Passant ----
def test_en_passant_first_activation_moves_twice() -> None:
    s = scenario("Pa2 Kh1", "Kh8 Pa7")
    s, _ = step(s, Activate("White P1"))
    s, _ = step(s, Move("White P1", sq("a3")))
    assert s.pending is not None and s.pending.decision is Decision.SECOND_MOVE
    assert Decline() in legal_actions(s)
    assert not any(isinstance(a, Attack) for a in legal_actions(s))
    s, _ = step(s, Move("White P1", sq("a4")))
    assert s.piece("White P1").square == sq("a4") and s.to_act is B


def test_an_attack_during_en_passant_is_refused_saying_what_may_be_done() -> None:
    s = scenario("Pa2 Kh1 Qb1", "Kh8 Pa7 Pb4")
    s, _ = step(s, Activate("White P1"))
    s, _ = step(s, Move("White P1", sq("a3")))
    with pytest.raises(IllegalAction) as e:
        check(s, Attack("White P1", sq("b4")))
    assert str(e.value) == (
        "that is not the decision now: the game is waiting for the Pawn's second Move (En "
        "Passant): Move again or decline; it cannot Attack now"
    )


def test_en_passant_may_be_declined() -> None:
    s = scenario("Pa2 Kh1", "Kh8 Pa7")
    s, _ = step(s, Activate("White P1"))
    s, _ = step(s, Move("White P1", sq("a3")))
    s, _ = step(s, Decline())
    assert s.piece("White P1").square == sq("a3") and s.to_act is B


def test_no_en_passant_on_later_activations_or_reactivations() -> None:
    s = scenario("Pa2 Kh1", "Kh8 Pa7 Pb7")
    s, _ = step(s, Activate("White P1"))
    s, _ = step(s, Move("White P1", sq("a3")))
    s, _ = step(s, Decline())
    s, _ = step(s, Activate("Black P1"))
    s, _ = step(s, Move("Black P1", sq("a6")))
    s, _ = step(s, Decline())
    s, _ = step(s, Activate("White K1"))
    s, _ = step(s, Move("White K1", sq("g1")))
    s, _ = step(s, Activate("Black P2"))
    s, _ = step(s, Move("Black P2", sq("b6")))
    s, _ = step(s, Decline())
    # White must Reactivate now; turn 1 is not over because Black K1 has not Activated.
    s, _ = step(s, Activate("White P1"))
    s, _ = step(s, Move("White P1", sq("a4")))
    assert s.pending is None  # no second Move on a Reactivation


def test_no_en_passant_for_pawns_without_the_rule() -> None:
    faction = Faction(
        "Serfs",
        (
            PieceOption("Lord", Kind.KING, 0, 1),
            PieceOption("Serf", Kind.PAWN, 0, 8, rules=frozenset()),
        ),
    )
    s = scenario("Pa2 Kh1", "Kh8", faction=faction)
    s, _ = step(s, Activate("White P1"))
    s, _ = step(s, Move("White P1", sq("a3")))
    assert s.pending is None


# ---- Promotion ----
def _slain_queen_position():  # type: ignore[no-untyped-def]
    # A manual slay is the simplest way to put a Queen in White's slain zone.
    from rules.wargame_chess.actions import Slay

    s = scenario("Pb7 Kh1 Qd1 Rc1", "Kh8 Pc5 Nf6")
    s, _ = step(s, Slay(B, "White Q1"))
    return s


def test_promotion_offer_at_start_of_activation_in_the_enemy_zone() -> None:
    s = _slain_queen_position()
    s, _ = step(s, Activate("White P1"))
    assert s.pending is not None and s.pending.decision is Decision.PROMOTION
    assert legal_actions(s) == [Promote("White Q1"), Decline()]
    s, _ = step(s, Promote("White Q1"))
    assert s.piece("White Q1").square == sq("b7")
    assert s.piece("White P1").zone is Zone.REMOVED
    # The Pawn's Activation ends; the Queen has not Activated this turn, so it still may.
    assert s.to_act is B and not s.piece("White Q1").activated


def test_promotion_declined_then_move_or_attack() -> None:
    s = _slain_queen_position()
    s, _ = step(s, Activate("White P1"))
    s, _ = step(s, Decline())
    assert s.pending is not None and s.pending.decision is Decision.ACT


def test_no_promotion_offer_outside_the_zone_or_without_slain_positionals() -> None:
    s = scenario("Pb6 Kh1", "Kh8")
    s, _ = step(s, Activate("White P1"))
    assert s.pending is not None and s.pending.decision is Decision.ACT
    s = scenario("Pb7 Kh1", "Kh8")
    s, _ = step(s, Activate("White P1"))
    assert s.pending is not None and s.pending.decision is Decision.ACT


def test_cannot_promote_into_a_legendary_piece() -> None:
    from rules.wargame_chess.actions import Slay

    faction = Faction(
        "Legends",
        (
            PieceOption("King", Kind.KING, 0, 1),
            PieceOption("Hero", Kind.QUEEN, 0, 1, legendary=True),
            PieceOption("Pawn", Kind.PAWN, 0, 8),
        ),
    )
    s = scenario("Pb7 Kh1 Qd1", "Kh8", faction=faction)
    s, _ = step(s, Slay(B, "White Q1"))
    s, _ = step(s, Activate("White P1"))
    assert s.pending is not None and s.pending.decision is Decision.ACT


def test_promoted_piece_counts_as_activated_if_it_activated_earlier_this_turn() -> None:
    from rules.wargame_chess.actions import Slay

    s = scenario("Pb7 Kh1 Qd1", "Kh8 Pa7 Pg7")
    s, _ = step(s, Activate("White Q1"))
    s, _ = step(s, Move("White Q1", sq("d2")))
    s, _ = step(s, Slay(B, "White Q1"))
    s, _ = step(s, Activate("Black P1"))
    s, _ = step(s, Move("Black P1", sq("a6")))
    s, _ = step(s, Decline())
    s, _ = step(s, Activate("White P1"))
    s, _ = step(s, Promote("White Q1"))
    assert s.piece("White Q1").activated


def test_promote_into_an_illegal_piece_is_refused() -> None:
    s = _slain_queen_position()
    s, _ = step(s, Activate("White P1"))
    with pytest.raises(IllegalAction, match="it is not slain"):
        check(s, Promote("White R1"))


# ---- Castle ----
def test_castle_with_lower_ranked_ally_gives_it_advantage() -> None:
    s = scenario("Ra1 Nc2 Kh1", "Kh8")
    s, _ = step(s, Activate("White R1"))
    s, _ = step(s, Move("White R1", sq("b1")))
    assert s.pending is not None and s.pending.decision is Decision.CASTLE
    s, _ = step(s, Castle("White N1"))
    assert s.piece("White R1").square == sq("c2")
    assert s.piece("White N1").square == sq("b1")
    assert s.piece("White N1").advantage == 1


def test_castle_with_higher_ranked_ally_removes_a_disadvantage_token() -> None:
    s = scenario("Ra1 Qc2 Kh1", "Kh8")
    s, _ = step(s, GiveTokens(B, "White Q1", Token.DISADVANTAGE, 2))
    s, _ = step(s, Activate("White R1"))
    s, _ = step(s, Move("White R1", sq("b1")))
    s, _ = step(s, Castle("White Q1"))
    assert s.piece("White Q1").disadvantage == 1
    assert s.piece("White Q1").advantage == 0


def test_castle_gives_an_own_joker_a_token_only_when_it_is_the_only_partner() -> None:
    """A player gives their own Joker a token by choice only when it is the only legal target
    (ruling R21): with a Pawn beside the Rook too, the Joker is no Castle partner."""
    s = scenario("Ra1 Jc2 Pb2 Kh1", "Kh8")
    s, _ = step(s, Activate("White R1"))
    s, _ = step(s, Move("White R1", sq("b1")))
    castles = {a.with_piece for a in legal_actions(s) if isinstance(a, Castle)}
    assert castles == {"White P1"}
    with pytest.raises(IllegalAction, match="your own Joker a token by choice"):
        check(s, Castle("White J1"))
    far = scenario("Ra1 Jf5 Pb2 Kh1", "Kh8")  # a Joker not beside the Rook: not adjacent
    far, _ = step(far, Activate("White R1"))
    far, _ = step(far, Move("White R1", sq("b1")))
    with pytest.raises(IllegalAction, match="only with an adjacent non-Rook ally"):
        check(far, Castle("White J1"))
    alone = scenario("Ra1 Jc2 Kh1", "Kh8")  # the Joker alone beside the Rook: it may
    alone, _ = step(alone, Activate("White R1"))
    alone, _ = step(alone, Move("White R1", sq("b1")))
    assert {a.with_piece for a in legal_actions(alone) if isinstance(a, Castle)} == {"White J1"}
    old = scenario("Ra1 Jc2 Pb2 Kh1", "Kh8")  # a game made under rules revision 2 offered both
    old = replace(old, config=replace(old.config, revision=2))
    old, _ = step(old, Activate("White R1"))
    old, _ = step(old, Move("White R1", sq("b1")))
    assert {a.with_piece for a in legal_actions(old) if isinstance(a, Castle)} == {
        "White P1",
        "White J1",
    }


def test_no_castle_with_rooks_or_when_alone() -> None:
    s = scenario("Ra1 Rc2 Kh1", "Kh8")
    s, _ = step(s, Activate("White R1"))
    s, _ = step(s, Move("White R1", sq("b1")))
    assert s.pending is None  # the only neighbour is a Rook


# ---- Faction Leader / Fool's Endeavour are in test_attack and test_moves ----
def test_losing_all_but_jokers_loses() -> None:
    s = scenario("Pd4 Kh1", "Pe5 Ja8")
    s, _ = step(s, Activate("White P1"))
    s, _ = step(s, Attack("White P1", sq("e5")), [4, 4, 1, 1])
    assert s.outcome is not None and s.outcome.winner is W
    assert "Fool's Endeavour" in s.outcome.describe()
