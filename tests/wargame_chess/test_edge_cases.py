"""The rules' last edge cases (issue 11): each test failed before its fix."""

from __future__ import annotations

import pytest

from rules.core.errors import IllegalAction
from rules.wargame_chess.actions import (
    Activate,
    Attack,
    Choose,
    Curse,
    GiveTokens,
    Move,
    SetCannotBeSlain,
    Slay,
    Summon,
)
from rules.wargame_chess.board import Player, Square
from rules.wargame_chess.engine import check
from rules.wargame_chess.faith import pool_of
from rules.wargame_chess.scenario import scenario
from rules.wargame_chess.state import Token
from tests.helpers import kinds, step
from tests.wargame_chess.test_tarot_cards import deal

W, B = Player.WHITE, Player.BLACK
sq = Square.parse


def test_the_bone_pool_is_assembled_at_the_start_of_the_game() -> None:
    s = scenario("Kh1 Pa2", "Kh8")
    before = pool_of(s, W)
    s, _ = step(s, Summon(W, "Knight", sq("c3")))  # a piece type the team did not start with
    assert pool_of(s, W) == before


def test_death_offers_only_pieces_that_can_be_slain() -> None:
    s = scenario("Kh1 Pa2 Pb2", "Kh8 Pa7 Pb7")
    s, _ = step(s, Slay(W, "Black P2"))  # Black has more slain: White slays one of its own
    s, _ = step(s, SetCannotBeSlain(W, "White P1", True))
    s, _ = deal(s, 13)
    assert s.pending is not None and s.pending.player is W
    assert "White P1" not in s.pending.options
    assert set(s.pending.options) == {"White K1", "White P2"}


def test_justice_does_not_slay_a_piece_that_cannot_be_slain() -> None:
    s = scenario("Kc1 Qd4 Ph1", "Pe5 Kh8")
    s, _ = step(s, Curse(B, "White K1"))
    s, _ = step(s, Curse(B, "White Q1"))
    s, _ = step(s, SetCannotBeSlain(W, "White K1", True))
    s, _ = deal(s, 8)
    s, _ = step(s, Activate("White Q1"))
    s, _ = step(s, Attack("White Q1", sq("e5")), [8, 8, 1, 1])
    # Every eligible piece (the slayer Queen, the higher King) is Cursed, so one is slain: the
    # King cannot be slain, so it is not a valid target; only the Queen is.
    assert s.pending is not None and s.pending.options == ("White Q1",)


def test_judgement_does_not_announce_a_mounted_advantage_it_prevents() -> None:
    s = scenario("Nd4 Kh1", "Pe6 Pf7 Kh8")
    s, _ = step(s, GiveTokens(W, "White N1", Token.ADVANTAGE, 1))
    s, _ = deal(s, 20)
    s, _ = step(s, Activate("White N1"))
    s, ev = step(s, Attack("White N1", sq("e6")), [2, 5, 4, 4])
    assert "mounted" not in kinds(ev) and "mounted_prevented" in kinds(ev)
    assert not any("has Mounted Advantage" in e.text for e in ev)


def test_check_says_illegal_for_a_piece_that_does_not_exist() -> None:
    s = scenario("Kh1 Pa2", "Kh8")
    with pytest.raises(IllegalAction, match="no piece"):
        check(s, Activate("White Z9"))
    with pytest.raises(IllegalAction, match="no piece"):
        check(s, Slay(W, "Nobody"))


def test_a_hierophant_blessing_that_only_cancels_a_curse_offers_no_curse() -> None:
    from rules.wargame_chess.state import Decision

    s = scenario("Bc1 Kh1", "Bc8 Kh8")
    s, _ = step(s, Curse(B, "White B1"))  # White's Bishop is Cursed
    s, _ = deal(s, 5)
    assert not s.piece("White B1").blessed and not s.piece("White B1").cursed  # cancelled
    assert s.piece("Black B1").blessed
    # Only Black's Bishop was just Blessed: only Black places a Curse (R70).
    assert s.pending is not None and s.pending.decision is Decision.CHOOSE
    assert s.pending.player is B
    s, _ = step(s, Choose("White K1"))
    assert s.pending is None


def test_the_high_priestess_log_and_prompt_say_who_chose() -> None:
    from bot.wargame_chess.table import prompt

    s = scenario("Kh1 Pa2", "Kh8 Pa7")
    s, _ = deal(s, 2)
    assert "Black chooses which of White's pieces Activates" in prompt(s)
    s, ev = step(s, Activate("White P1"))
    assert "White Activates P1 on a2 (chosen by Black: The High Priestess)" in [e.text for e in ev]


@pytest.mark.parametrize(("first", "turn_after"), [("The Tower first", 1), ("The Star first", 2)])
def test_the_tower_and_the_star_in_one_activation_both_happen_in_the_chosen_order(
    first: str, turn_after: int
) -> None:
    from rules.wargame_chess.actions import Move
    from rules.wargame_chess.state import Decision

    s = scenario("Kh1 Pa2", "Kh8 Pa7")
    s, _ = step(s, Activate("White K1"))
    s, _ = deal(s, 16)  # The Tower: takes effect when the Activation ends
    s, _ = deal(s, 17, by=B)  # then The Star, in the same Activation
    s, _ = step(s, Move("White K1", sq("g1")))
    assert s.pending is not None and s.pending.decision is Decision.CHOOSE
    assert s.pending.player is W  # whose Activation it was chooses the order (R72)
    assert set(s.pending.options) == {"The Tower first", "The Star first"}
    s, ev = step(s, Choose(first))
    texts = [e.text for e in ev]
    assert any("Every piece now counts as having Activated" in t for t in texts)
    assert any("No piece counts as having Activated" in t for t in texts)
    # The Tower then The Star: nobody has Activated, the turn goes on. The Star then The
    # Tower: everybody has, so the turn ends.
    assert s.turn == turn_after


def test_a_discarded_tarot_card_is_reshuffled_at_the_end_of_the_turn() -> None:
    from rules.wargame_chess.actions import DiscardTarot, Move

    s = scenario("Kh1", "Kh8")
    s, _ = deal(s, 19)  # The Sun, active
    assert s.faith.tarot_active == 19
    with pytest.raises(IllegalAction, match="only a dealt tarot card"):
        check(s, DiscardTarot(W, next(c for c in range(22) if c not in s.faith.tarot_dealt)))
    s, ev = step(s, DiscardTarot(B, 19))
    assert s.faith.tarot_active is None and s.faith.tarot_discard == (19,)
    assert 19 not in s.faith.tarot_deck and "no card is active now" in ev[0].text
    s, _ = step(s, Activate("White K1"))
    s, _ = step(s, Move("White K1", sq("g1")))
    s, _ = step(s, Activate("Black K1"))
    s, _ = step(s, Move("Black K1", sq("g8")))  # the turn ends
    assert s.turn == 2 and s.faith.tarot_discard == () and 19 in s.faith.tarot_deck


def test_tarot_discard_at_the_console() -> None:
    from bot.table import Table
    from rules.core.dice import RandomDice

    t = Table(RandomDice(3))
    for line in ("game new", "trees", "trees", "trees flip", "deploy auto", "deploy auto"):
        assert t.run(line).ok
    assert t.run("divinate").ok
    card = t.state.faith.tarot_dealt[0]
    from rules.wargame_chess.tarot import BY_NUMBER

    r = t.run(f"tarot discard {BY_NUMBER[card].name}")
    assert r.ok, r.text
    assert card in t.state.faith.tarot_discard


def test_an_effect_put_in_force_survives_replay_undo_and_loading() -> None:
    from rules.wargame_chess.actions import SetEffect
    from rules.wargame_chess.effects import REGISTRY, GameEffect, register
    from rules.wargame_chess.engine import replay_state, undo
    from rules.wargame_chess.serialize import dumps, loads

    class Sturdy(GameEffect):
        name = "test-sturdy"

        def can_be_slain(self, tx, piece):  # type: ignore[no-untyped-def]
            return False

    if "test-sturdy" not in REGISTRY:
        register(Sturdy())
    s = scenario("Kh1 Pa2", "Kh8")
    with pytest.raises(IllegalAction, match="no rule effect"):
        check(s, SetEffect(W, "no-such-rule"))
    with pytest.raises(IllegalAction, match="no rule effect"):
        check(s, SetEffect(W, "tarot:19"))  # tarot cards come into force by Divination
    s, ev = step(s, SetEffect(W, "test-sturdy"))
    assert s.effects == ("test-sturdy",) and "in force" in ev[0].text
    assert replay_state(s).effects == ("test-sturdy",)
    assert loads(dumps(s)) == s
    assert undo(s).effects == ()
    with pytest.raises(IllegalAction, match="already in force"):
        check(s, SetEffect(B, "test-sturdy"))
    s, _ = step(s, SetEffect(B, "test-sturdy", active=False))
    assert s.effects == () and replay_state(s).effects == ()


def test_a_scenario_that_is_already_won_says_so_and_one_can_take_upgrades() -> None:
    from dataclasses import replace

    from rules.wargame_chess.teams import STANDARD, Upgrade

    with pytest.raises(IllegalAction, match="already over: White wins: Black has no pieces"):
        scenario("Kh1", "")
    with pytest.raises(IllegalAction, match="only Fool's Endeavour"):
        scenario("Kh1", "Ja8")
    faction = replace(STANDARD, name="Upgraded", upgrades=(Upgrade("Banner", 2),))
    s = scenario("Kh1 Pa2", "Kh8", faction=faction, upgrades=(("Banner",), ()))
    assert s.config.teams[W].upgrades == ("Banner",)
    assert s.score(W) == s.points_on_board(W) + 2


def test_a_player_may_concede_during_setup() -> None:
    from bot.table import Table
    from rules.core.dice import RandomDice

    t = Table(RandomDice(5))
    for line in ("game new", "trees", "trees", "trees flip"):
        assert t.run(line).ok
    assert t.state.phase.value == "deployment"
    r = t.run("concede")
    assert r.ok and t.over and "Game over" in r.text and "conceded" in r.text


def test_a_game_made_under_the_first_rules_revision_replays_under_them() -> None:
    """Saved games keep the rules they were made with: a log written before R72 (The Tower and
    The Star in one Activation: the card declared last took effect alone) still replays."""
    from dataclasses import replace

    from rules.wargame_chess.actions import Move
    from rules.wargame_chess.serialize import dumps, game_from_dict, game_to_dict, loads
    from rules.wargame_chess.state import RULES_REVISION

    new = scenario("Kh1 Pa2", "Kh8 Pa7")
    assert new.config.revision == RULES_REVISION == 6
    assert game_to_dict(new)["config"]["revision"] == 6
    old = replace(new, config=replace(new.config, revision=1))
    assert "revision" not in game_to_dict(old)["config"]  # as saves before revisions had it
    s, _ = step(old, Activate("White K1"))
    s, _ = deal(s, 16)
    s, _ = deal(s, 17, by=B)
    s, _ = step(s, Move("White K1", sq("g1")))
    assert s.pending is None and not any(p.activated for p in s.pieces)  # The Star alone
    assert loads(dumps(s)) == s
    data = game_to_dict(s)
    assert game_from_dict(data).config.revision == 1


def test_the_revised_star_then_the_tower_leaves_everyone_activated() -> None:
    from dataclasses import replace

    from rules.wargame_chess.actions import Move

    s = scenario("Kh1 Pa2", "Kh8 Pa7")
    s = replace(s, config=replace(s.config, star_one_each=True))
    s, _ = step(s, Activate("White K1"))
    s, _ = deal(s, 16)
    s, _ = deal(s, 17, by=B)
    s, _ = step(s, Move("White K1", sq("g1")))
    s, _ = step(s, Choose("The Star first"))
    assert s.turn == 2  # The Tower, last, counted everyone as Activated: the turn ended


def test_the_prompt_says_reactivate_when_the_player_must() -> None:
    from bot import systems
    from bot.table import Table
    from rules.core.dice import RandomDice

    s = scenario("Kh1", "Kh8 Nb8")
    s, _ = step(s, Activate("White K1"))
    s, _ = step(s, Move("White K1", sq("g1")))
    assert "White to Activate" not in Table(RandomDice(1), s, "wargame-chess").prompt()
    s, _ = step(s, Activate("Black K1"))
    s, _ = step(s, Move("Black K1", sq("g8")))
    # White's only piece has Activated and Black's Knight has not: White must Reactivate.
    said = Table(RandomDice(1), s, "wargame-chess").prompt()
    assert said.startswith("White to Reactivate a piece (`activate K1`"), said
    assert "White to Reactivate a piece" in systems.get("wargame-chess").discord_prompt(s)


def test_the_move_or_attack_prompt_names_only_what_the_piece_can_do() -> None:
    """It always suggested `/attack P3`, with no target, even for a piece that had none."""
    from bot import systems

    plugin = systems.get("wargame-chess")
    quiet = scenario("Kh1 Pa2", "Kh8")
    quiet, _ = step(quiet, Activate("White P1"))
    said = plugin.discord_prompt(quiet)
    assert "`/move P1 " in said and "/attack" not in said, said
    near = scenario("Kh1 Nd4", "Kh8 Pe6")
    near, _ = step(near, Activate("White N1"))
    said = plugin.discord_prompt(near)
    assert "`/attack N1 e6`" in said, said


def test_a_bare_piece_letter_that_fits_several_pieces_says_which_it_could_be() -> None:
    """`/move piece:P` with two Pawns said the side had no piece 'P'."""
    from rules.core.errors import ParseError

    s = scenario("Kh1 Pa2 Pb2", "Kh8")
    assert s.find("K", Player.WHITE).key == "White K1"  # (one King: it is that one)
    with pytest.raises(ParseError, match="'P' could be P1, P2: say which"):
        s.find("P", Player.WHITE)


def test_a_refusal_says_first_that_the_square_is_out_of_reach() -> None:
    """A King on d8 told of a Tree on h8 ("not an enemy"), four files away; a Joker told a
    square was occupied when it was beyond three steps."""
    from rules.wargame_chess.geometry import explain_attack, explain_move

    s = scenario("Kd1 Jc1 Rg1", "Kd8", trees="h8")
    king, joker = s.find("White K1"), s.find("White J1")
    said = explain_attack(king, sq("h1"), s.board, s.terrain_map)
    assert said == "there is no piece on h1 for K1 to Attack", said  # (empty: that is why)
    far = scenario("Kd8 Ja8", "Kh8 Rg1")
    said = explain_move(far.find("White J1"), sq("g1"), far.board, far.terrain_map)
    assert said.endswith("cannot reach g1 in three steps through unoccupied squares"), said
    said = explain_move(joker, sq("d1"), s.board, s.terrain_map)
    assert "it is occupied by White K1" in said, said  # (within reach: the occupant is why)
    said = explain_attack(king, sq("d1"), s.board, s.terrain_map)  # (it read "not in line")
    assert said == "K1 stands on d1: a piece Attacks another square", said
    tree = scenario("Kd1", "Kd8", trees="h4")
    said = explain_attack(tree.find("White K1"), sq("h4"), tree.board, tree.terrain_map)
    assert "is not such a square" in said and "Tree" not in said, said
