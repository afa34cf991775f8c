import pytest

from rules.core.errors import IllegalAction
from rules.wargame_chess.actions import Activate, Attack, Move
from rules.wargame_chess.board import Square
from rules.wargame_chess.engine import check, destinations, legal_actions, targets
from rules.wargame_chess.scenario import scenario
from tests.helpers import step


def dests(state, key):  # type: ignore[no-untyped-def]
    return sorted(str(s) for s in destinations(state, state.piece(key)))


def tgts(state, key):  # type: ignore[no-untyped-def]
    return sorted(str(s) for s in targets(state, state.piece(key)))


def test_pawn_moves_orthogonally_and_attacks_diagonally_wc14() -> None:
    s = scenario("Pd4", "Pe5 Pd5 Kh8")
    assert dests(s, "White P1") == ["c4", "d3", "e4"]  # d5 is occupied; backwards is allowed
    assert tgts(s, "White P1") == ["e5"]  # d5 is straight ahead: not an Attack square


def test_pawn_attacks_backwards_diagonally_too() -> None:
    s = scenario("Pd4", "Pc3 Kh8")
    assert tgts(s, "White P1") == ["c3"]


def test_rook_slides_and_is_blocked_by_pieces_and_trees() -> None:
    s = scenario("Ra1 Pa3", "Pe1 Kh8", trees="c1")
    assert dests(s, "White R1") == ["a2", "b1"]
    assert tgts(s, "White R1") == []  # the Tree on c1 hides e1


def test_rook_attacks_first_enemy_in_line() -> None:
    s = scenario("Ra1", "Pa5 Pa7 Kh8")
    assert tgts(s, "White R1") == ["a5"]


def test_bishop_and_queen_lines() -> None:
    s = scenario("Bc1 Qd1", "Kh8 Ph6")
    assert "h6" in tgts(s, "White B1")
    assert dests(s, "White B1") == ["a3", "b2", "d2", "e3", "f4", "g5"]
    q = dests(s, "White Q1")
    assert "d8" in q and "h5" in q and "c1" not in q


def test_knight_jumps_over_pieces_and_trees() -> None:
    s = scenario("Nb1 Pb2 Pc2", "Kh8 Pc3", trees="a2 d2 a3")
    # d2 holds a Tree, a3 a Tree, c3 an enemy: no Move, one Attack, jumping the Pawns.
    assert dests(s, "White N1") == []
    assert tgts(s, "White N1") == ["c3"]


def test_king_steps_one_square() -> None:
    s = scenario("Ke1", "Ke8 Pd2")
    assert dests(s, "White K1") == ["d1", "e2", "f1", "f2"]
    assert tgts(s, "White K1") == ["d2"]


def test_joker_three_steps_around_obstacles_and_no_attack() -> None:
    s = scenario("Ja1 Kh1", "Kh8 Pb1", trees="a2 b2")
    # Only route: none (a1's neighbours are a2, b2 (trees) and b1 (a piece)).
    assert dests(s, "White J1") == []
    s2 = scenario("Jd4 Kh1", "Kh8 Pd5", trees="c4 e4")
    d = dests(s2, "White J1")
    assert "d7" in d  # three steps: c5? no, d4->c5->c6->d7
    assert "d8" not in d  # four steps away
    assert "d4" not in d  # ending where it started is not a Move
    assert tgts(s2, "White J1") == []


def test_piece_that_cannot_move_may_stay_wc20() -> None:
    s = scenario("Ja1 Kh1", "Kh8 Pb1", trees="a2 b2")
    s, _ = step(s, Activate("White J1"))
    assert legal_actions(s) == [Move("White J1", Square.parse("a1"))]
    s, ev = step(s, Move("White J1", Square.parse("a1")))
    assert "cannot Move and stays on a1" in ev[0].text


def test_staying_is_refused_when_a_move_exists() -> None:
    s = scenario("Pd4", "Kh8")
    s, _ = step(s, Activate("White P1"))
    with pytest.raises(IllegalAction, match="already on d4"):
        check(s, Move("White P1", Square.parse("d4")))


def test_only_fools_endeavour_pieces_left_loses() -> None:
    from rules.wargame_chess.actions import Slay
    from rules.wargame_chess.board import Player

    s = scenario("Ja1 Ph2", "Kh8 Pb1", trees="a2 b2")
    s, _ = step(s, Slay(Player.BLACK, "White P1"))  # only the Joker is left
    assert s.is_over and s.outcome is not None
    assert s.outcome.winner is not None and s.outcome.winner.title == "Black"
    assert "Fool's Endeavour" in s.outcome.describe()


def test_readable_blocked_path_message() -> None:
    s = scenario("Bc1", "Kh8", trees="d2")
    s, _ = step(s, Activate("White B1"))
    with pytest.raises(IllegalAction) as e:
        check(s, Move("White B1", Square.parse("e3")))
    assert str(e.value) == "B1 cannot reach e3: the path is blocked by a Tree on d2"


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (Move("White N1", Square.parse("e5")), "N1 Moves in an L"),
        (Attack("White N1", Square.parse("e2")), "no piece on e2"),
        (Attack("White N1", Square.parse("f3")), "it is an ally"),
        (Move("White N1", Square.parse("f3")), "occupied by White P1"),
    ],
)
def test_readable_illegal_move_messages(action: object, message: str) -> None:
    s = scenario("Ng1 Pf3", "Kh8")
    s, _ = step(s, Activate("White N1"))
    with pytest.raises(IllegalAction, match=message):
        check(s, action)  # type: ignore[arg-type]
