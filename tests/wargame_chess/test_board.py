import pytest

from rules.core.errors import ParseError
from rules.wargame_chess.board import (
    ALL_SQUARES,
    Player,
    Square,
    deployment_zone,
    in_board_half,
    mirror,
    rank_from_own_side,
)


def test_square_parse_and_format_round_trip() -> None:
    for sq in ALL_SQUARES:
        assert Square.parse(str(sq)) == sq
    assert str(Square.parse("E4")) == "e4"
    assert Square.parse("a1") == Square(0, 0)
    assert Square.parse("h8") == Square(7, 7)


@pytest.mark.parametrize("bad", ["", "i1", "a9", "a0", "e44", "4e", "xx"])
def test_bad_squares_are_refused_clearly(bad: str) -> None:
    with pytest.raises(ParseError, match="not a square"):
        Square.parse(bad)


def test_neighbours_in_scatter_order() -> None:
    e4 = Square.parse("e4")
    assert [str(s) for s in e4.neighbours()] == ["e5", "f5", "f4", "f3", "e3", "d3", "d4", "d5"]
    assert len(Square.parse("a1").neighbours()) == 3
    assert Square.parse("a1").is_adjacent(Square.parse("b2"))
    assert not Square.parse("a1").is_adjacent(Square.parse("a1"))


def test_halves_and_deployment_zones() -> None:
    assert {str(s)[1] for s in deployment_zone(Player.WHITE)} == {"1", "2"}
    assert {str(s)[1] for s in deployment_zone(Player.BLACK)} == {"7", "8"}
    assert in_board_half(Player.WHITE, Square.parse("h4"))
    assert not in_board_half(Player.WHITE, Square.parse("h5"))
    assert in_board_half(Player.BLACK, Square.parse("a5"))
    # WC-4: rank 1 is the player's own back rank.
    assert rank_from_own_side(Player.WHITE, 1) == 0
    assert rank_from_own_side(Player.BLACK, 1) == 7
    assert rank_from_own_side(Player.BLACK, 4) == 4


def test_mirror_and_flip_wc5() -> None:
    assert str(mirror(Square.parse("b3"))) == "b6"
    assert str(mirror(Square.parse("b3"), flip=True)) == "g6"
