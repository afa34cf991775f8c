import pytest

from rules.core.errors import GameOver, IllegalAction
from rules.wargame_chess.actions import (
    Activate,
    ChooseTrees,
    Concede,
    DecideTreeOrder,
    Deploy,
    EndOnPoints,
    Move,
    RollTrees,
)
from rules.wargame_chess.board import Player, Square, in_board_half
from rules.wargame_chess.engine import check, legal_actions, new_game
from rules.wargame_chess.scenario import scenario
from rules.wargame_chess.state import EndReason, Phase, Terrain, Zone
from rules.wargame_chess.teams import TeamList, Upgrade
from tests.helpers import step

W, B = Player.WHITE, Player.BLACK
sq = Square.parse
WHITE_TEAM = TeamList.parse("K Q R 2N 3P")
BLACK_TEAM = TeamList.parse("K 2B 2N J 2P")


def trees(state):  # type: ignore[no-untyped-def]
    return sorted(str(s) for s, t in state.terrain if t is Terrain.TREE)


def test_labels_are_distinct_per_team() -> None:
    s = new_game(WHITE_TEAM, BLACK_TEAM, tree_first=W)
    labels = [p.label for p in s.pieces_of(W, zone=None)]
    assert labels == ["K1", "Q1", "R1", "N1", "N2", "P1", "P2", "P3"]
    assert len({p.key for p in s.pieces}) == len(s.pieces)


def test_coin_flip_for_tree_order() -> None:
    s = new_game(WHITE_TEAM, BLACK_TEAM)
    assert s.phase is Phase.TREE_ORDER and legal_actions(s) == [DecideTreeOrder()]
    s1, _ = step(s, DecideTreeOrder(), [2])
    assert s1.tree_first is B and s1.phase is Phase.TREES and s1.decider is B


def test_tree_rolls_d4_rank_from_own_back_rank_d8_file_wc4() -> None:
    s = new_game(WHITE_TEAM, BLACK_TEAM, tree_first=B)
    # Black: D4=1 is Black's back rank (8); D8=3 is file c. Then d7, then a duplicate re-rolled.
    s, ev = step(s, RollTrees(), [1, 3, 2, 4, 1, 3, 4, 8])
    assert trees(s) == ["c8", "d7", "h5"]
    assert any("rolling again" in e.text for e in ev)
    assert s.phase is Phase.TREE_CHOICE and s.decider is W


@pytest.mark.parametrize(
    ("mode", "expected_white"),
    [("mirror", ["c1", "d2", "h4"]), ("mirror and flip", ["a4", "e2", "f1"])],
)
def test_second_player_mirrors_wc5(mode: str, expected_white: list[str]) -> None:
    s = new_game(WHITE_TEAM, BLACK_TEAM, tree_first=B)
    s, _ = step(s, RollTrees(), [1, 3, 2, 4, 4, 8])
    s, _ = step(s, ChooseTrees(mode))
    white_trees = sorted(str(x) for x, _ in s.terrain if in_board_half(W, x))
    assert white_trees == expected_white
    assert s.phase is Phase.DEPLOY


def test_second_player_rolls_randomly() -> None:
    s = new_game(WHITE_TEAM, BLACK_TEAM, tree_first=B)
    s, _ = step(s, RollTrees(), [1, 3, 2, 4, 4, 8])
    s, _ = step(s, ChooseTrees("random"), [1, 1, 1, 2, 4, 5])
    assert trees(s) == ["a1", "b1", "c8", "d7", "e4", "h5"]
    with pytest.raises(IllegalAction):
        check(s, ChooseTrees("mirror"))


def test_unknown_tree_mode_is_refused() -> None:
    s = new_game(WHITE_TEAM, BLACK_TEAM, tree_first=B)
    s, _ = step(s, RollTrees(), [1, 3, 2, 4, 4, 8])
    with pytest.raises(IllegalAction, match="not a Tree setup"):
        check(s, ChooseTrees("sideways"))


def deploy_all(s, player):  # type: ignore[no-untyped-def]
    while s.phase is Phase.DEPLOY and s.to_act is player:
        s, _ = step(s, legal_actions(s)[0])
    return s


def test_second_tree_player_deploys_first_and_activates_first_wc6() -> None:
    s = new_game(WHITE_TEAM, BLACK_TEAM, tree_first=B)
    s, _ = step(s, RollTrees(), [1, 3, 2, 4, 4, 8])
    s, _ = step(s, ChooseTrees("mirror"))
    assert s.to_act is W  # White set Trees second, so White deploys first
    with pytest.raises(IllegalAction, match="outside your deployment zone"):
        check(s, Deploy("White K1", sq("e3")))
    with pytest.raises(IllegalAction, match="has a Tree"):
        check(s, Deploy("White K1", sq("c1")))
    with pytest.raises(IllegalAction, match="White is deploying"):
        check(s, Deploy("Black K1", sq("e8")))
    s = deploy_all(s, W)
    assert s.phase is Phase.DEPLOY and s.to_act is B
    s = deploy_all(s, B)
    assert s.phase is Phase.PLAY and s.turn == 1
    assert s.first_activator is W and s.to_act is W


def test_players_alternate_and_reactivation_is_forced() -> None:
    s = scenario("Pa2 Kh1", "Kh8 Pa7 Pb7")
    s, _ = step(s, Activate("White P1"))
    with pytest.raises(IllegalAction, match="finish the current decision first"):
        check(s, Activate("White K1"))
    s, _ = step(s, Move("White P1", sq("a3")))
    s, _ = step(s, legal_actions(s)[-1])  # decline the second Move
    with pytest.raises(IllegalAction, match="Black's Activation"):
        check(s, Activate("White K1"))
    s, _ = step(s, Activate("Black K1"))
    s, _ = step(s, Move("Black K1", sq("g8")))
    s, _ = step(s, Activate("White K1"))
    s, _ = step(s, Move("White K1", sq("g1")))
    s, _ = step(s, Activate("Black P1"))
    s, _ = step(s, Move("Black P1", sq("a6")))
    s, _ = step(s, legal_actions(s)[-1])
    # White has activated everything, Black still has P2: White must Reactivate.
    assert s.to_act is W
    acts = legal_actions(s)
    assert {a.piece for a in acts} == {"White P1", "White K1"}  # type: ignore[attr-defined]
    s, ev = step(s, Activate("White K1"))
    assert "Reactivates" in ev[0].text
    assert s.piece("White K1").disadvantage == 1


def test_reactivated_piece_with_a_disadvantage_token_gets_no_second_one() -> None:
    from rules.wargame_chess.actions import GiveTokens
    from rules.wargame_chess.state import Token

    s = scenario("Kh1", "Kh8 Pa7")
    s, _ = step(s, GiveTokens(B, "White K1", Token.DISADVANTAGE, 1))
    s, _ = step(s, Activate("White K1"))
    s, _ = step(s, Move("White K1", sq("g1")))
    s, _ = step(s, Activate("Black K1"))
    s, _ = step(s, Move("Black K1", sq("g8")))
    s, _ = step(s, Activate("White K1"))
    assert s.piece("White K1").disadvantage == 1


def test_turn_ends_when_all_pieces_activated_and_the_other_player_starts() -> None:
    s = scenario("Kh1", "Kh8")
    s, _ = step(s, Activate("White K1"))
    s, _ = step(s, Move("White K1", sq("g1")))
    s, ev = step(s, Activate("Black K1"))
    s, ev = step(s, Move("Black K1", sq("g8")))
    assert s.turn == 2
    # Black had the last Activation of turn 1, so White Activates first in turn 2.
    assert s.first_activator is W and s.to_act is W
    assert not s.piece("White K1").activated
    assert [e.kind for e in ev][-2:] == ["turn_end", "turn_start"]


def test_last_activator_decides_who_goes_first_next_turn() -> None:
    s = scenario("Kh1 Pa2", "Kh8")
    s, _ = step(s, Activate("White K1"))
    s, _ = step(s, Move("White K1", sq("g1")))
    s, _ = step(s, Activate("Black K1"))
    s, _ = step(s, Move("Black K1", sq("g8")))
    s, _ = step(s, Activate("White P1"))
    s, _ = step(s, Move("White P1", sq("a3")))
    s, _ = step(s, legal_actions(s)[-1])
    assert s.turn == 2 and s.first_activator is B


def _play_to_the_end(s):  # type: ignore[no-untyped-def]
    while not s.is_over:
        s, _ = step(s, legal_actions(s)[0])
    return s


def test_game_ends_after_turn_10_on_points() -> None:
    s = scenario("Kh1 Qa1", "Kh8 Ra8", trees="")
    s = _play_to_the_end(s)
    assert s.turn == 10 and s.outcome is not None
    assert s.outcome.reason is EndReason.POINTS
    assert s.outcome.points == (5, 4) and s.outcome.winner is W


def test_equal_points_is_a_draw() -> None:
    s = scenario("Kh1", "Ka8")
    s = _play_to_the_end(s)
    assert s.outcome is not None and s.outcome.winner is None and s.outcome.points == (2, 2)


def test_upgrades_count_in_points() -> None:
    from rules.wargame_chess.teams import STANDARD, Faction

    f = Faction("Up", STANDARD.options, (Upgrade("Banner", 3),))
    s = scenario("Kh1", "Ka8", faction=f)
    cfg = s.config
    teams = (TeamList(f, cfg.teams[0].pieces, ("Banner",)), cfg.teams[1])
    from dataclasses import replace

    from rules.wargame_chess.engine import initial_state

    s = initial_state(replace(cfg, teams=teams))
    s, _ = step(s, EndOnPoints(B))
    assert s.outcome is not None and s.outcome.points == (5, 2) and s.outcome.winner is W
    assert s.outcome.reason is EndReason.ABANDONED
    assert s.outcome.describe().endswith("(White 5, Black 2)")  # each side's points named


def test_concede_and_no_actions_after_the_end() -> None:
    s = scenario("Kh1", "Ka8")
    s, _ = step(s, Concede(W))
    assert s.outcome is not None and s.outcome.winner is B
    with pytest.raises(GameOver):
        check(s, Activate("Black K1"))


def test_pieces_returned_to_the_board_keep_their_activation() -> None:
    from rules.wargame_chess.actions import PlacePiece, Slay

    s = scenario("Kh1 Nb1 Pa2", "Kh8 Pa7 Pb7")
    s, _ = step(s, Activate("White N1"))
    s, _ = step(s, Move("White N1", sq("c3")))
    s, _ = step(s, Slay(B, "White N1"))
    s, _ = step(s, PlacePiece(W, "White N1", sq("b1")))
    assert s.piece("White N1").activated and s.piece("White N1").zone is Zone.BOARD


def test_turn_ends_when_the_last_fresh_piece_is_slain_between_activations() -> None:
    from rules.wargame_chess.actions import Slay

    s = scenario("Kh1 Pa2", "Kh8")
    s, _ = step(s, Activate("White K1"))
    s, _ = step(s, Move("White K1", sq("g1")))
    s, _ = step(s, Activate("Black K1"))
    s, _ = step(s, Move("Black K1", sq("g8")))
    assert s.turn == 1 and s.to_act is W  # White's P1 is still to Activate
    s, ev = step(s, Slay(B, "White P1"))
    assert s.turn == 2, "nobody had anything left to Activate, so turn 1 ended"
    assert [e.kind for e in ev][-2:] == ["turn_end", "turn_start"]


def test_a_move_before_the_trees_says_where_the_game_stands() -> None:
    from rules.core.errors import IllegalAction
    from rules.wargame_chess.actions import Move
    from rules.wargame_chess.board import Square
    from rules.wargame_chess.engine import check
    from rules.wargame_chess.system import SYSTEM

    s = SYSTEM.new_game({})
    with pytest.raises(IllegalAction) as e:
        check(s, Move("White N1", Square.parse("c3")))
    assert str(e.value) == (
        "that is not possible now: the game is still deciding who sets up Trees first"
    )
