"""How to start (D20-1) and how the pieces move (D20-5)."""

from __future__ import annotations

import pytest

from rules.core.board import Player, Square
from rules.core.dice import ScriptedDice
from rules.core.errors import IllegalAction, NotYourDecision
from rules.d20_chess.actions import Move, Pass
from rules.d20_chess.movement import destinations
from rules.d20_chess.pieces import Kind
from rules.d20_chess.system import SYSTEM
from tests.d20_chess.helpers import EMPTY_DECK, play, position, where


def squares(state, sq: str) -> set[str]:  # type: ignore[no-untyped-def]
    piece = state.at(Square.parse(sq))
    return {str(s) for s in destinations(state, piece)}


def test_the_start_is_kings_on_e1_and_e8_and_pawns_everywhere_else() -> None:
    s = SYSTEM.new_game({})
    assert where(s, "e1") == "wK" and where(s, "e8") == "bK"
    for rank, colour in (("1", "w"), ("2", "w"), ("7", "b"), ("8", "b")):
        for f in "abcdefgh":
            if f + rank not in ("e1", "e8"):
                assert where(s, f + rank) == colour + "P", f + rank
    assert len(s.pieces) == 32 and all(where(s, f"{f}{r}") == "-" for f in "ah" for r in "3456")
    assert s.to_act is Player.WHITE and s.pile == tuple(range(32))
    # A back-rank Pawn has not moved yet either: two squares on its first move.
    s = play(s, "a2", "a4", 1)
    s = play(s, "h7", "h5", 1)
    assert squares(s, "a1") == {"a2", "a3"}


def test_the_standard_army_switch_sets_up_the_usual_chess_army() -> None:
    s = SYSTEM.new_game({"standard_army": True})
    assert [where(s, f + "1") for f in "abcdefgh"] == [
        "wR",
        "wN",
        "wB",
        "wQ",
        "wK",
        "wB",
        "wN",
        "wR",
    ]
    assert [where(s, f + "8") for f in "abcdefgh"] == [
        "bR",
        "bN",
        "bB",
        "bQ",
        "bK",
        "bB",
        "bN",
        "bR",
    ]
    assert all(where(s, f + "7") == "bP" for f in "abcdefgh")


def test_a_pawn_steps_one_or_two_on_its_first_move_and_attacks_diagonally_forward() -> None:
    s = position("wPe2* bPd3 wPf3 bPe4 wKa1 bKh8", EMPTY_DECK)
    assert squares(s, "e2") == {"e3", "d3"}  # e4 is blocked two ahead; f3 is a friend
    s = position("wPe2* bKh8 wKa1", EMPTY_DECK)
    assert squares(s, "e2") == {"e3", "e4"}
    s = position("wPe3 bPe4 bKh8 wKa1", EMPTY_DECK)
    assert squares(s, "e3") == set()  # it cannot attack straight ahead
    s = position("bPd7* wPc6 wPd5 bKh8 wKa1", EMPTY_DECK)
    assert squares(s, "d7") == {"d6", "c6"}  # Black's pawns go down the board


def test_a_pawn_that_has_moved_steps_one() -> None:
    s = position("wPe2* wKa1 bKh8", EMPTY_DECK)
    s = play(s, "e2", "e3")
    assert s.at(Square.parse("e3")).moved  # type: ignore[union-attr]
    s = play(s, "h8", "g8")
    assert squares(s, "e3") == {"e4"}


def test_the_other_pieces_move_as_in_chess() -> None:
    s = position("wRa1 wPa4 bPd1 wKh1 bKh8 wNb1 wBc1 wQd4 bPf6", EMPTY_DECK)
    assert squares(s, "a1") == {"a2", "a3"}  # blocked by its own pawn on a4 and the knight
    assert squares(s, "b1") == {"a3", "c3", "d2"}
    assert squares(s, "c1") == {"b2", "a3", "d2", "e3", "f4", "g5", "h6"}
    q = squares(s, "d4")
    assert {"d1", "f6", "a7", "d8", "g1", "b4", "h4"} <= q
    assert not {"g7", "a4", "a1", "h8"} & q  # blocked, or its own pieces
    assert squares(s, "h1") == {"g1", "g2", "h2"}


def test_no_castling_no_en_passant_and_no_check() -> None:
    s = position("wKe1* wRh1* bKe8 bRe7", EMPTY_DECK)
    assert "g1" not in squares(s, "e1")
    assert "e2" in squares(s, "e1")  # moving next to an attacked square is allowed: no check
    s = position("wPe5 bPd7* wKa1 bKh8", EMPTY_DECK, to_act=Player.BLACK)
    s = play(s, "d7", "d5")
    assert squares(s, "e5") == {"e6"}  # no en passant onto d6


def test_a_move_is_checked_and_a_refused_one_changes_nothing() -> None:
    s = position("wPe2* wKa1 bKh8 bPh7", EMPTY_DECK)
    dice = ScriptedDice([])
    for bad, reason in (
        (Move(Square.parse("e2"), Square.parse("e5")), "cannot move to e5"),
        (Move(Square.parse("d2"), Square.parse("d3")), "no piece on d2"),
        (Move(Square.parse("h7"), Square.parse("h6")), "not White's"),
        (Pass(), "cannot pass"),
    ):
        with pytest.raises(IllegalAction, match=reason):
            SYSTEM.apply(s, bad, dice)
    with pytest.raises(NotYourDecision, match="White's decision"):
        SYSTEM.apply(s, Move(Square.parse("h7"), Square.parse("h6")), dice, player=Player.BLACK)
    assert s.history == () and where(s, "e2") == "wP"


def _why(s, origin: str, to: str) -> str:  # type: ignore[no-untyped-def]
    with pytest.raises(IllegalAction) as refused:
        SYSTEM.apply(s, Move(Square.parse(origin), Square.parse(to)), ScriptedDice([]))
    return str(refused.value)


def test_a_refused_move_says_why_in_the_words_of_how_the_piece_moves() -> None:
    """A new player's illegal moves (this variant's Pawns start on the back rank and never
    attack straight ahead) are refused with the reason, not only "cannot move there"."""
    s = position("wPe2* bPe3 wPc3 wRa1 wPa2 wKh1 bKh8 wNb1 wQd1 De5", EMPTY_DECK)
    cases = {
        ("e2", "e3"): "a Pawn attacks only diagonally forward, never straight ahead",
        ("e2", "e4"): "the way is blocked by Black Pawn on e3",
        ("c3", "c5"): "a Pawn moves two squares only on its first move",
        ("c3", "d4"): "diagonally only to attack an enemy piece or the Dragon",
        ("c3", "c2"): "one square straight forward (two on its first move)",
        ("a1", "a5"): "the way is blocked by White Pawn on a2",
        ("a1", "b3"): "a Rook moves along ranks and files",
        ("d1", "e3"): "a Queen moves along ranks, files and diagonals",
        ("d1", "h5"): "the way is blocked by White Pawn on e2",
        ("b1", "b3"): "a Knight jumps two squares one way and one to the side",
        ("h1", "h3"): "a King moves one square in any direction",
        ("h1", "h1"): "it is there already",
        ("a1", "a2"): "White Pawn on a2 stands there",
    }
    for (origin, to), reason in cases.items():
        said = _why(s, origin, to)
        assert said.startswith("White ") and f"cannot move to {to}: " in said, said
        assert reason in said, (origin, to, said)
    s = position("wKa1 bKh8 wBc1 wPe3 De5", EMPTY_DECK)
    assert "the way is blocked by White Pawn on e3" in _why(s, "c1", "f4")
    assert "the way is blocked by the Dragon on e5" in _why(
        position("wKa1 bKh8 wRe1 De5", EMPTY_DECK), "e1", "e7"
    )


def test_a_side_with_no_move_passes() -> None:
    s = position("wPa3 bPa4 bKh8", EMPTY_DECK)
    assert SYSTEM.legal_actions(s) == [Pass()]
    s, events = SYSTEM.apply(s, Pass(), ScriptedDice([]))
    assert s.to_act is Player.BLACK and "passes" in events[0].text


def test_pieces_are_numbered_once_and_keep_their_key() -> None:
    s = SYSTEM.new_game({"standard_army": True})
    assert len({p.key for p in s.pieces}) == 32
    assert {p.kind for p in s.pieces} == {
        Kind.PAWN,
        Kind.KNIGHT,
        Kind.BISHOP,
        Kind.ROOK,
        Kind.QUEEN,
        Kind.KING,
    }
