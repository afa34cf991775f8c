import pytest

from rules.core.errors import InvalidTeam, ParseError
from rules.wargame_chess.pieces import CommonRule, Kind
from rules.wargame_chess.teams import STANDARD, Faction, PieceOption, TeamList, Upgrade


def test_point_costs() -> None:
    assert Kind.PAWN.cost == 1
    assert Kind.QUEEN.cost == 3
    for k in (Kind.KING, Kind.BISHOP, Kind.KNIGHT, Kind.ROOK, Kind.JOKER):
        assert k.cost == 2


def test_piece_dice() -> None:
    assert Kind.PAWN.dice == (2, 4)
    assert Kind.KNIGHT.dice == Kind.ROOK.dice == Kind.BISHOP.dice == (2, 6)
    assert Kind.QUEEN.dice == (2, 8)
    assert Kind.KING.dice == (2, 10)
    assert Kind.JOKER.dice == (1, 20)


def test_standard_rank_order_wc1() -> None:
    assert [o.kind for o in STANDARD.options] == [
        Kind.KING,
        Kind.QUEEN,
        Kind.ROOK,
        Kind.BISHOP,
        Kind.KNIGHT,
        Kind.JOKER,
        Kind.PAWN,
    ]
    assert STANDARD.rank_of("King") < STANDARD.rank_of("Rook") < STANDARD.rank_of("Pawn")


def test_exactly_fourteen_points() -> None:
    assert TeamList.parse("K Q R 2N 3P").validate().points == 14
    with pytest.raises(InvalidTeam, match="exactly 14 points; this one is 13"):
        TeamList.parse("K Q R 2N 2P").validate()
    with pytest.raises(InvalidTeam, match="this one is 16"):
        TeamList.parse("K Q 2R 2N 3P").validate()


def test_quantity_ranges() -> None:
    problems = TeamList.parse("2K 2Q 2B 1P").problems()
    assert any("King (0-1): you have 2" in p for p in problems)
    assert any("Queen (0-1): you have 2" in p for p in problems)


def test_invalid_team_lists_every_problem() -> None:
    with pytest.raises(InvalidTeam) as e:
        TeamList.parse("3R 2K").validate()
    assert len(e.value.problems) >= 3  # rooks, kings, points


def test_parse_forms() -> None:
    a = TeamList.parse("king, queen, 2 rooks, knight, 3 pawns")
    b = TeamList.parse("K Q 2R N 3P")
    assert a == b
    assert dict(a.pieces) == {"King": 1, "Queen": 1, "Rook": 2, "Knight": 1, "Pawn": 3}
    with pytest.raises(ParseError, match="not a piece"):
        TeamList.parse("K dragon")


FACTION = Faction(
    name="Test Order",
    options=(
        PieceOption("Warlord", Kind.KING, 1, 1),
        PieceOption("Paladin", Kind.KNIGHT, 0, 2, legendary=True),
        PieceOption("Squire", Kind.KNIGHT, 0, 2),
        PieceOption("Jester", Kind.JOKER, 0, 2),
        PieceOption("Mime", Kind.JOKER, 0, 2),
        PieceOption("Militia", Kind.PAWN, 0, 10),
        PieceOption("Serf", Kind.PAWN, 0, 8, rules=frozenset()),
    ),
    upgrades=(Upgrade("Banners", 2),),
)


def test_only_one_option_per_piece_type_except_jokers() -> None:
    t = TeamList(FACTION, (("Warlord", 1), ("Paladin", 1), ("Squire", 1), ("Militia", 8)))
    assert any("only one Knight option" in p for p in t.problems())
    t2 = TeamList(FACTION, (("Warlord", 1), ("Jester", 1), ("Mime", 1), ("Militia", 8)))
    assert t2.problems() == []


def test_chess_set_caps_pawns() -> None:
    t = TeamList(FACTION, (("Warlord", 1), ("Militia", 10), ("Paladin", 1)))
    assert any("only 8 Pawn" in p for p in t.problems())


def test_upgrades_count_towards_points() -> None:
    t = TeamList(FACTION, (("Warlord", 1), ("Militia", 8), ("Jester", 1)), ("Banners",))
    assert t.points == 14 and t.problems() == []
    dup = TeamList(FACTION, (("Warlord", 1), ("Militia", 6), ("Jester", 1)), ("Banners", "Banners"))
    assert any("taken twice" in p for p in dup.problems())


def test_faction_round_trips_as_data() -> None:
    assert Faction.from_dict(FACTION.to_dict()) == FACTION
    assert FACTION.option("serf").common_rules == frozenset()
    assert FACTION.option("militia").common_rules == {CommonRule.EN_PASSANT, CommonRule.PROMOTION}


def test_a_word_that_is_no_piece_is_answered_with_the_pieces_letters() -> None:
    with pytest.raises(ParseError, match=r"'white' is not a piece .* K Q R B N J P.* like K Q R"):
        TeamList.parse("white")


def test_a_game_names_the_side_whose_team_is_not_legal() -> None:
    """Both lists are checked and each problem says whose list it is (White's first)."""
    from rules.wargame_chess.system import SYSTEM

    with pytest.raises(InvalidTeam) as black:
        SYSTEM.new_config({"teams": ("K Q R 2N 3P", "K 2B 2N J 3P")})
    assert str(black.value) == (
        "These teams are not legal: Black: a team is exactly 14 points; this one is 15"
    )
    with pytest.raises(InvalidTeam) as both:
        SYSTEM.new_config({"teams": ("K Q R 2N 3X", "K Q R 2N 4P")})
    assert both.value.problems[0].startswith("White: 'X' is not a piece"), both.value.problems
    assert both.value.problems[1] == "Black: a team is exactly 14 points; this one is 15"
