from fractions import Fraction

import pytest

from rules.core.errors import IllegalAction
from rules.wargame_chess.actions import GiveTokens
from rules.wargame_chess.board import Player, Square
from rules.wargame_chess.dice import RollSpec
from rules.wargame_chess.engine import attack_odds_now, token_targets
from rules.wargame_chess.odds import attack_odds
from rules.wargame_chess.scenario import scenario
from rules.wargame_chess.state import Terrain, Token
from tests.helpers import step

W, B = Player.WHITE, Player.BLACK
sq = Square.parse


def test_in_game_odds_include_mounted_advantage() -> None:
    s = scenario("Nd4 Kh1", "Pe6 Pf7 Kh8")
    got = attack_odds_now(s, "White N1", sq("e6"))
    assert got.slay == attack_odds(RollSpec(2, 6, advantage=1), RollSpec(2, 4)).slay
    lone = scenario("Nd4 Kh1", "Pe6 Kh8")
    assert (
        attack_odds_now(lone, "White N1", sq("e6")).slay
        == attack_odds(RollSpec(2, 6), RollSpec(2, 4)).slay
    )


def test_in_game_odds_compare_spending_a_token() -> None:
    s = scenario("Pd4 Kh1", "Pe5 Kh8")
    s, _ = step(s, GiveTokens(W, "White P1", Token.ADVANTAGE, 1))
    s, _ = step(s, GiveTokens(W, "Black P1", Token.DISADVANTAGE, 1))
    keep = attack_odds_now(s, "White P1", sq("e5"))
    spend = attack_odds_now(s, "White P1", sq("e5"), attacker_spends=True)
    assert keep.slay == attack_odds(RollSpec(2, 4), RollSpec(2, 4, disadvantage=1)).slay
    assert spend.slay > keep.slay
    assert spend.slay + spend.held == Fraction(1)
    with pytest.raises(IllegalAction):
        attack_odds_now(s, "White P1", sq("a5"))


def test_own_jokers_are_a_token_target_only_when_nothing_else_is() -> None:
    s = scenario("Ja1 Pb2 Kh1", "Jh8 Ka8")
    targets = token_targets(s, W, s.pieces)
    assert {p.key for p in targets} == {"White P1", "White K1", "Black J1", "Black K1"}
    only_jokers = token_targets(s, W, [s.piece("White J1")])
    assert [p.key for p in only_jokers] == ["White J1"]


@pytest.mark.parametrize("kind", [Terrain.HOLE, Terrain.WATER, Terrain.TREE])
def test_holes_and_water_block_like_trees(kind: Terrain) -> None:
    from rules.wargame_chess.engine import destinations

    s = scenario("Ra1 Kh1", "Kh8", terrain={"a3": kind})
    assert sorted(str(x) for x in destinations(s, s.piece("White R1")) if x.file == 0) == ["a2"]
