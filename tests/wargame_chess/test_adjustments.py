import pytest

from rules.core.errors import IllegalAction, NotYourDecision
from rules.wargame_chess.actions import (
    Activate,
    AddRollEffect,
    Attack,
    GiveTokens,
    PlacePiece,
    PlaceRandomly,
    Redeploy,
    RemovePiece,
    Scatter,
    Slay,
    Summon,
)
from rules.wargame_chess.board import Player, Square
from rules.wargame_chess.dice import ScriptedDice
from rules.wargame_chess.engine import apply, check
from rules.wargame_chess.scenario import scenario
from rules.wargame_chess.state import Token, Until, Zone
from tests.helpers import step

W, B = Player.WHITE, Player.BLACK
sq = Square.parse


def test_every_adjustment_is_an_event_in_the_history() -> None:
    s = scenario("Kh1 Pa2", "Kh8")
    s, ev = step(s, GiveTokens(B, "White P1", Token.ADVANTAGE, 2))
    assert s.history[-1].action == GiveTokens(B, "White P1", Token.ADVANTAGE, 2)
    assert "adjustment by Black" in ev[0].text


def test_adjust_only_as_yourself() -> None:
    s = scenario("Kh1 Pa2", "Kh8")
    with pytest.raises(NotYourDecision):
        apply(s, Slay(B, "White P1"), ScriptedDice([]), player=W)


def test_slay_remove_and_place_back() -> None:
    s = scenario("Kh1 Pa2", "Kh8")
    s, _ = step(s, Slay(B, "White P1"))
    assert s.piece("White P1").zone is Zone.SLAIN
    with pytest.raises(IllegalAction, match="not on the board"):
        check(s, Slay(B, "White P1"))
    s, _ = step(s, PlacePiece(W, "White P1", sq("c3")))
    assert s.piece("White P1").square == sq("c3")
    s, _ = step(s, RemovePiece(W, "White P1"))
    assert s.piece("White P1").zone is Zone.REMOVED


def test_redeploy_into_own_zone_wc7() -> None:
    s = scenario("Kh1 Pd5", "Kh8")
    with pytest.raises(IllegalAction, match="deployment zone"):
        check(s, Redeploy(W, "White P1", sq("d4")))
    s, _ = step(s, Redeploy(W, "White P1", sq("d2")))
    assert s.piece("White P1").square == sq("d2")
    # A piece already in the zone may stay where it is.
    s, ev = step(s, Redeploy(W, "White P1", sq("d2")))
    assert "stays on d2" in ev[0].text


def test_redeploy_into_a_full_zone_uses_the_nearest_free_squares_of_the_half() -> None:
    full = " ".join(f"P{f}{r}" for f in "abcdefgh" for r in "12")
    s = scenario(full.replace("Ph1", "Kh1") + " Nd5", "Kh8")
    with pytest.raises(IllegalAction):
        check(s, Redeploy(W, "White N1", sq("a4")))
    s, _ = step(s, Redeploy(W, "White N1", sq("a3")))
    assert s.piece("White N1").square == sq("a3")


def test_summon_respects_caps_wc2() -> None:
    s = scenario("Kh1 Na1 Nb1", "Kh8")
    with pytest.raises(IllegalAction, match="at most 2 Knight"):
        check(s, Summon(W, "Knight", sq("c3")))
    with pytest.raises(IllegalAction, match="at most 1 King"):
        check(s, Summon(W, "King", sq("c3")))
    s, _ = step(s, Summon(W, "Queen", sq("d1")))
    assert s.piece("White Q1").square == sq("d1")
    assert not s.piece("White Q1").activated


def test_summon_label_is_new_after_a_slain_piece() -> None:
    s = scenario("Kh1 Na1 Nb1", "Kh8")
    s, _ = step(s, Slay(B, "White N2"))
    s, _ = step(s, Summon(W, "Knight", sq("c3")))
    assert s.piece("White N3").square == sq("c3")


def test_scatter_rolls_a_d8_and_rerolls_occupied_squares_wc8() -> None:
    s = scenario("Kh1 Pd4", "Kh8 Pd5")
    # 1 = north (d5, occupied: re-roll), 3 = east (e4).
    s, ev = step(s, Scatter(B, "White P1"), [1, 3])
    assert s.piece("White P1").square == sq("e4")
    assert "D8=3" in ev[-1].text


def test_random_placement_rank_then_file() -> None:
    s = scenario("Kh1 Pd4", "Kh8")
    s, _ = step(s, Slay(B, "White P1"))
    # rank 8 file h is occupied by Black's King: re-roll; then rank 3 file c.
    s, _ = step(s, PlaceRandomly(W, "White P1"), [8, 8, 3, 3])
    assert s.piece("White P1").square == sq("c3")


def test_roll_effect_modifier_and_duration() -> None:
    s = scenario("Pd4 Kh1", "Pe5 Kh8")
    s, _ = step(s, AddRollEffect(W, "White P1", "modifier", Until.NEXT_ROLL, "+3"))
    s, _ = step(s, Activate("White P1"))
    s, ev = step(s, Attack("White P1", sq("e5")), [1, 1, 2, 2])
    rolled = next(e for e in ev if e.kind == "rolled" and e.get("piece") == "White P1")
    assert rolled.get("total") == 5
    assert s.piece("Black P1").zone is Zone.SLAIN
    with pytest.raises(IllegalAction, match="not a roll effect"):
        check(s, AddRollEffect(W, "White P1", "luck", Until.GAME))
    with pytest.raises(IllegalAction, match="not a modifier"):
        check(s, AddRollEffect(W, "White P1", "modifier", Until.GAME, "lots"))


def test_no_moving_pieces_by_hand_during_an_attack() -> None:
    s = scenario("Pd4 Kh1", "Pe5 Kh8")
    s, _ = step(s, GiveTokens(W, "White P1", Token.ADVANTAGE, 1))
    s, _ = step(s, Activate("White P1"))
    s, _ = step(s, Attack("White P1", sq("e5")))
    with pytest.raises(IllegalAction, match="finish resolving the current Attack"):
        check(s, Slay(W, "Black P1"))


def test_illegal_actions_change_nothing() -> None:
    s = scenario("Pd4 Kh1", "Pe5 Kh8")
    before = s
    with pytest.raises(IllegalAction):
        apply(s, Attack("White P1", sq("e5")), ScriptedDice([]))
    with pytest.raises(IllegalAction):
        apply(s, Slay(W, "Black K1"), ScriptedDice([]), player=B)
    assert s == before and s.history == ()


def test_summon_only_options_can_be_summoned_and_show_in_the_summon_zone() -> None:
    from rules.wargame_chess.pieces import Kind
    from rules.wargame_chess.teams import Faction, PieceOption, summon_only

    faction = Faction(
        "Necromancers",
        (
            PieceOption("King", Kind.KING, 0, 1),
            PieceOption("Risen Knight", Kind.KNIGHT, 0, 0),
            PieceOption("Pawn", Kind.PAWN, 0, 8),
        ),
    )
    assert [o.name for o in summon_only(faction)] == ["Risen Knight"]
    s = scenario("Kh1 Pa2", "Kh8", faction=faction)
    s, _ = step(s, Summon(W, "Risen Knight", sq("c3")))
    assert s.piece("White N1").option == "Risen Knight"
    s, _ = step(s, Summon(W, "Risen Knight", sq("d3")))
    with pytest.raises(IllegalAction, match="at most 2 Risen Knight"):
        check(s, Summon(W, "Risen Knight", sq("e3")))  # a chess set has two Knights
