import pytest

from rules.core.errors import IllegalAction, NotYourDecision
from rules.wargame_chess.actions import (
    Activate,
    AddRollEffect,
    Attack,
    CombatMove,
    GiveTokens,
    MoveAside,
    SetCannotBeSlain,
    UseToken,
)
from rules.wargame_chess.board import Player, Square
from rules.wargame_chess.engine import check, legal_actions
from rules.wargame_chess.scenario import scenario
from rules.wargame_chess.state import Decision, EndReason, Token, Until, Zone
from tests.helpers import kinds, step

W, B = Player.WHITE, Player.BLACK
sq = Square.parse


def attack(state, attacker, target, rolls=()):  # type: ignore[no-untyped-def]
    state, _ = step(state, Activate(attacker))
    return step(state, Attack(attacker, sq(target)), rolls)


def rolled(events, key):  # type: ignore[no-untyped-def]
    return next(e for e in events if e.kind == "rolled" and e.get("piece") == key)


def test_greater_total_slays_and_attacker_takes_the_square() -> None:
    s = scenario("Pd4 Kh1", "Pe5 Kh8")
    s, ev = attack(s, "White P1", "e5", [4, 4, 1, 1])
    assert s.piece("Black P1").zone is Zone.SLAIN
    assert s.piece("White P1").square == sq("e5")
    assert "slain" in kinds(ev)
    assert s.to_act is B and s.pending is None


def test_equal_total_goes_to_the_defender_who_chooses_combat_movement() -> None:
    s = scenario("Pd4 Kh1", "Pe5 Kh8")
    s, _ = attack(s, "White P1", "e5", [2, 2, 1, 3])
    assert s.pending is not None
    assert s.pending.decision is Decision.COMBAT_MOVEMENT and s.pending.player is B
    opts = legal_actions(s)
    # The attacker's own square d4 is free again, and adjacent to e5.
    assert CombatMove("White P1", sq("d4")) in opts
    assert CombatMove("Black P1", sq("f6")) in opts
    assert all(isinstance(a, CombatMove) for a in opts)


def test_combat_movement_placing_the_attacker_gives_it_disadvantage() -> None:
    s = scenario("Pd4 Kh1", "Pe5 Kh8")
    s, _ = attack(s, "White P1", "e5", [1, 1, 3, 3])
    s, _ = step(s, CombatMove("White P1", sq("e4")))
    p = s.piece("White P1")
    assert p.square == sq("e4") and p.disadvantage == 1
    assert s.piece("Black P1").square == sq("e5")


def test_combat_movement_defender_steps_aside_and_gains_advantage() -> None:
    s = scenario("Pd4 Kh1", "Pe5 Kh8")
    s, _ = attack(s, "White P1", "e5", [1, 1, 3, 3])
    s, _ = step(s, CombatMove("Black P1", sq("f6")))
    assert s.piece("Black P1").square == sq("f6")
    assert s.piece("Black P1").advantage == 1
    assert s.piece("White P1").square == sq("e5")


def test_only_the_defenders_player_decides_combat_movement() -> None:
    s = scenario("Pd4 Kh1", "Pe5 Kh8")
    s, _ = attack(s, "White P1", "e5", [1, 1, 3, 3])
    from rules.wargame_chess.dice import ScriptedDice
    from rules.wargame_chess.engine import apply

    with pytest.raises(NotYourDecision, match="Black's decision"):
        apply(s, CombatMove("White P1", sq("e4")), ScriptedDice([]), player=W)
    with pytest.raises(IllegalAction, match="not an unoccupied square next to e5"):
        check(s, CombatMove("White P1", sq("a1")))


def test_no_free_square_attacker_returns_with_disadvantage_wc18() -> None:
    # h8's neighbours g8, g7 and h7 are all occupied, and the Knight's start g6 is not adjacent.
    s = scenario("Ng6 Kc1", "Kc8 Ph8 Pg8 Pg7 Ph7")
    s, ev = attack(s, "White N1", "h8", [1, 1, 4, 4])
    assert s.pending is None
    n = s.piece("White N1")
    assert n.square == sq("g6") and n.disadvantage == 1
    assert any("returns to g6" in e.text for e in ev)


def test_adjacent_attacker_can_always_be_put_back_on_its_own_square() -> None:
    s = scenario("Ra2 Kh1 Pb2", "Pa3 Kh8 Pb3 Pb4 Pa4")
    s, _ = attack(s, "White R1", "a3", [1, 1, 4, 4])
    assert legal_actions(s) == [CombatMove("White R1", sq("a2")), CombatMove("Black P1", sq("a2"))]


def test_attacker_may_spend_advantage_token_and_defender_must_spend_disadvantage() -> None:
    s = scenario("Pd4 Kh1", "Pe5 Kh8")
    s, _ = step(s, GiveTokens(W, "White P1", Token.ADVANTAGE, 1))
    s, _ = step(s, GiveTokens(B, "Black P1", Token.DISADVANTAGE, 2))
    s, _ = step(s, Activate("White P1"))
    s, _ = step(s, Attack("White P1", sq("e5")))
    assert s.pending is not None and s.pending.decision is Decision.ATTACKER_TOKEN
    assert s.pending.player is W
    s, ev = step(s, UseToken(True), [1, 3, 4, 2])
    a = rolled(ev, "White P1")
    d = rolled(ev, "Black P1")
    assert a.get("mode") == "Advantage" and a.get("total") == 6
    assert d.get("mode") == "Disadvantage" and d.get("total") == 4
    assert s.piece("Black P1").zone is Zone.SLAIN
    assert s.piece("White P1").advantage == 0


def test_keeping_the_advantage_token() -> None:
    s = scenario("Pd4 Kh1", "Pe5 Kh8")
    s, _ = step(s, GiveTokens(W, "White P1", Token.ADVANTAGE, 2))
    s, _ = step(s, Activate("White P1"))
    s, _ = step(s, Attack("White P1", sq("e5")))
    s, ev = step(s, UseToken(False), [1, 3, 1, 1])
    assert rolled(ev, "White P1").get("mode") == "normal"
    assert s.piece("White P1").advantage == 2


def test_defender_token_decision_goes_to_the_defender() -> None:
    s = scenario("Pd4 Kh1", "Pe5 Kh8")
    s, _ = step(s, GiveTokens(B, "Black P1", Token.ADVANTAGE, 1))
    s, _ = step(s, Activate("White P1"))
    s, _ = step(s, Attack("White P1", sq("e5")))
    assert s.pending is not None and s.pending.decision is Decision.DEFENDER_TOKEN
    assert s.pending.player is B and s.decider is B


def test_joker_defender_cannot_spend_tokens() -> None:
    s = scenario("Pd4 Kh1", "Je5 Kh8")
    s, _ = step(s, GiveTokens(W, "Black J1", Token.ADVANTAGE, 2))
    s, ev = attack(s, "White P1", "e5", [4, 4, 20])
    assert s.piece("Black J1").advantage == 2
    assert rolled(ev, "Black J1").get("dice") == "1D20"


def test_mounted_advantage_needs_another_enemy_next_to_the_shared_square_wc23() -> None:
    s = scenario("Nd4 Kh1", "Pe6 Pf7 Kh8")
    s, ev = attack(s, "White N1", "e6", [2, 5, 1, 1])
    assert "mounted" in kinds(ev)
    assert rolled(ev, "White N1").get("total") == 10


def test_no_mounted_advantage_alone_or_against_knights() -> None:
    s = scenario("Nd4 Kh1", "Pe6 Kh8")
    s, ev = attack(s, "White N1", "e6", [2, 5, 1, 1])
    assert "mounted" not in kinds(ev)
    s = scenario("Nd4 Kh1", "Ne6 Pf7 Kh8")
    s, ev = attack(s, "White N1", "e6", [2, 5, 1, 1])
    assert "mounted" not in kinds(ev)


def test_knight_example_prevented_advantage_token_still_spent() -> None:
    """Rules example 1: Advantage prevented; Mounted Advantage inhibited; the token is spent
    for nothing."""
    s = scenario("Nd4 Kh1", "Pe6 Pf7 Kh8")
    s, _ = step(s, GiveTokens(W, "White N1", Token.ADVANTAGE, 1))
    s, _ = step(s, AddRollEffect(B, "White N1", "prevent Advantage", Until.END_OF_TURN))
    s, _ = step(s, Activate("White N1"))
    s, _ = step(s, Attack("White N1", sq("e6")))
    assert s.pending is not None and s.pending.decision is Decision.ATTACKER_TOKEN
    s, ev = step(s, UseToken(True), [2, 5, 1, 1])
    assert rolled(ev, "White N1").get("mode") == "normal"
    assert rolled(ev, "White N1").get("total") == 7
    assert s.piece("White N1").advantage == 0


def test_knight_example_disadvantage_cancels_mounted_then_token_gives_advantage() -> None:
    """Rules example 2: Disadvantage cancels Mounted Advantage; spending the token makes the
    roll go from normal to Advantage."""
    s = scenario("Nd4 Kh1", "Pe6 Pf7 Kh8")
    s, _ = step(s, GiveTokens(W, "White N1", Token.ADVANTAGE, 1))
    s, _ = step(s, AddRollEffect(B, "White N1", "Disadvantage", Until.NEXT_ROLL))
    s2, _ = step(s, Activate("White N1"))
    s2, _ = step(s2, Attack("White N1", sq("e6")))
    _, ev_kept = step(s2, UseToken(False), [2, 5, 1, 1])
    assert rolled(ev_kept, "White N1").get("mode") == "normal"
    spent, ev_spent = step(s2, UseToken(True), [2, 5, 1, 1])
    assert rolled(ev_spent, "White N1").get("mode") == "Advantage"
    # The next-roll effect is used up by the roll.
    assert spent.piece("White N1").roll_effects == ()


def test_cannot_be_slain_piece_is_placed_aside_wc19() -> None:
    s = scenario("Pd4 Kh1", "Pe5 Kh8")
    s, _ = step(s, SetCannotBeSlain(B, "Black P1", True))
    s, _ = attack(s, "White P1", "e5", [4, 4, 1, 1])
    assert s.pending is not None and s.pending.decision is Decision.MOVE_ASIDE
    assert s.pending.player is B
    s, _ = step(s, MoveAside(sq("f5")))
    assert s.piece("Black P1").square == sq("f5")
    assert s.piece("Black P1").zone is Zone.BOARD
    assert s.piece("White P1").square == sq("e5")


def test_slaying_the_king_loses_the_game_immediately() -> None:
    s = scenario("Qd1 Pa2 Pb2", "Kd8 Pa7")
    s, _ = attack(s, "White Q1", "d8", [8, 8, 1, 1])
    assert s.is_over and s.outcome is not None
    assert s.outcome.winner is W and s.outcome.reason is EndReason.LEADER_SLAIN
    assert legal_actions(s) == []


def test_taking_the_last_piece_wins() -> None:
    s = scenario("Qd1 Pa2", "Nd8")
    s, _ = attack(s, "White Q1", "d8", [8, 8, 1, 1])
    assert s.outcome is not None and s.outcome.winner is W
    assert s.outcome.reason is EndReason.NO_PIECES
