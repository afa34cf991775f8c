"""Combat: to hit (4+, a 6 is two hits), to save (5+), wounds and death, supports, Push Back
(the rulebook's examples), the Heroic Fortune re-roll, Ranged Attacks, abilities, chests."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from rules.chess28 import actions as A
from rules.chess28.combat import ranged_target, shoot_targets
from rules.chess28.engine import legal_actions
from rules.chess28.geometry import delta, distance, push_squares, scatter_square, step
from rules.chess28.models import direction_vector
from rules.chess28.state import Mode, Phase, Zone
from rules.chess28.system import SYSTEM
from rules.core.board import Square
from rules.core.errors import IllegalAction
from tests.chess28.helpers import PLAIN, B, W, act, choose, model, options, position, sq, texts

ONE = "One; move ^/A; attack x/A; fight 2; defence 1; hp 3"  # only the square in front
TOUGH = "Tough; move ^/A; attack x/A; fight 1; defence 1; hp 5"


def duel(**kw):  # type: ignore[no-untyped-def]
    return position([(ONE, "d4", "N")], [(TOUGH, "d5", "S")], **kw)


def test_fours_and_fives_hit_once_a_six_twice_and_fives_save() -> None:
    s, ev = act(duel(), A.Melee("W1", sq("d5")), [6, 3, 5])
    # Fight 2: a 6 (two hits) and a 3 (miss); Defence 1: a 5 saves one.
    assert "2 hits, 1 save: 1 wound" in texts(ev)
    assert s.unit("B1").wounds == 1
    s, ev = act(duel(), A.Melee("W1", sq("d5")), [4, 5, 4])  # a 4 does not save
    assert "2 hits, 0 saves: 2 wounds" in texts(ev)
    s, ev = act(duel(), A.Melee("W1", sq("d5")), [1, 3, 6])
    assert "0 hits, 1 save: 0 wounds" in texts(ev)
    assert s.unit("B1").square == sq("d5"), "no hits: no push back"


def test_a_model_dies_at_its_hp_and_goes_to_the_dead_pile() -> None:
    s = position([(ONE, "d4", "N"), (PLAIN, "a1", "N")], [(PLAIN, "d5", "S"), (PLAIN, "h8", "S")])
    s, ev = act(s, A.Melee("W1", sq("d5")), [6, 1, 1])
    b1 = s.unit("B1")
    assert b1.zone is Zone.DEAD and b1.square is None and "Dead" in texts(ev)
    assert s.at(sq("d5")) is None


def test_the_last_side_with_models_standing_wins() -> None:
    s = position([(ONE, "d4", "N")], [(PLAIN, "d5", "S")], mode=Mode.LAST_STANDING)
    s, _ = act(s, A.Melee("W1", sq("d5")), [6, 1, 1])
    assert s.phase is Phase.OVER and s.winner is W and "Black has no models left" in s.reason
    result = SYSTEM.result(s)
    assert result is not None and result.reason == "last_standing"


def test_supports_add_to_fight_and_defence() -> None:
    s = position(
        [(ONE, "d4", "N"), (PLAIN, "c4", "N")],  # c4's swords reach d5: +1 Fight
        [(TOUGH, "d5", "S"), (PLAIN, "e5", "S")],  # e5's swords reach d4: +1 Defence
    )
    s, ev = act(s, A.Melee("W1", sq("d5")), [1, 1, 1, 1, 1])
    assert "3 dice against Defence 2" in texts(ev)
    assert "supported by W2" in texts(ev) and "defended by B2" in texts(ev)


def test_push_back_follows_the_rulebook_examples() -> None:
    # A straight above the target: the three squares below it.
    assert sorted(map(str, push_squares(sq("d4"), sq("d5")))) == ["c3", "d3", "e3"]
    # A diagonally above-right: left, below-left and below.
    assert sorted(map(str, push_squares(sq("d4"), sq("e5")))) == ["c3", "c4", "d3"]
    # At the board's edge fewer squares are left.
    assert sorted(map(str, push_squares(sq("a4"), sq("b4")))) == []
    assert sorted(map(str, push_squares(sq("a4"), sq("b5")))) == ["a3"]


def test_the_pushed_models_opponent_picks_the_square_and_facing_is_kept() -> None:
    s, _ = act(duel(), A.Melee("W1", sq("d5")), [4, 1, 1])
    assert s.pending is not None and s.pending.kind == "push" and s.pending.chooser is W
    assert options(s) == ("c6", "d6", "e6")
    s = choose(s, "e6")
    b1 = s.unit("B1")
    assert b1.square == sq("e6") and b1.facing.value == "S"
    # A saved hit still pushes back.
    s, ev = act(duel(), A.Melee("W1", sq("d5")), [4, 1, 6])
    assert "0 wounds" in texts(ev) and s.pending is not None and s.pending.kind == "push"


def test_with_no_free_square_the_pushed_model_takes_a_wound_instead() -> None:
    blocked = position(
        [(ONE, "d4", "N"), (ONE, "c6", "N"), (ONE, "e6", "N")],
        [(TOUGH, "d5", "S")],
        terrain=[("blocking", "d6")],
    )
    s, ev = act(blocked, A.Melee("W1", sq("d5")), [4, 1, 6])
    assert "nowhere to be Pushed Back" in texts(ev) and "Rule of Carnage" in texts(ev)
    assert s.unit("B1").wounds == 1 and s.unit("B1").square == sq("d5")


def test_a_single_free_square_is_used_without_asking() -> None:
    s = position(
        [(ONE, "d4", "N"), (ONE, "c6", "N")], [(TOUGH, "d5", "S")], terrain=[("blocking", "d6")]
    )
    s, _ = act(s, A.Melee("W1", sq("d5")), [4, 1, 1])
    assert s.pending is None and s.unit("B1").square == sq("e6")


def test_scatter_uses_the_d8_chart_nearest_the_edge_first() -> None:
    assert [str(scatter_square(sq("d4"), f)) for f in range(1, 9)] == [
        "c5",
        "d5",
        "e5",
        "e4",
        "e3",
        "d3",
        "c3",
        "c4",
    ]
    assert scatter_square(sq("a8"), 1) is None


def test_stubborn_needs_two_hits_to_be_pushed_in_melee() -> None:
    s = position([(ONE, "d4", "N")], [("Shieldbearer", "d5", "S")])
    s, ev = act(s, A.Melee("W1", sq("d5")), [4, 1, 1, 1, 1])
    assert "Stubborn" in texts(ev) and s.unit("B1").square == sq("d5")
    s = position([(ONE, "d4", "N")], [("Shieldbearer", "d5", "S")])
    s, ev = act(s, A.Melee("W1", sq("d5")), [4, 4, 6, 6, 6])
    assert s.pending is not None and s.pending.kind == "push"


def test_barge_moves_into_the_pushed_models_square() -> None:
    s = position([("Lancer", "d4", "N")], [(TOUGH, "d5", "S")])
    s, _ = act(s, A.Melee("W1", sq("d5")), [4, 1, 1, 1])
    s = choose(s, "d6")
    assert options(s) == ("barge d5", "stay")
    s = choose(s, "barge d5")
    assert s.unit("W1").square == sq("d5")


def test_fancy_footwork_gives_a_free_move_after_a_push() -> None:
    s = position([("Duelist", "d4", "N")], [(TOUGH, "e5", "S")])
    s, _ = act(s, A.Melee("W1", sq("e5")), [4, 1, 1, 1, 1])
    s = choose(s, "f6")
    assert s.pending is not None and s.pending.kind == "footwork" and "stay" in options(s)
    s = choose(s, "c5 W")
    assert s.unit("W1").square == sq("c5") and s.unit("W1").facing.value == "W"


def test_chill_grasp_an_attack_that_rolls_a_6_cannot_be_saved() -> None:
    """ "Attacks that roll a 6 cannot be saved": every hit of such an attack gets through (the
    Rule of Carnage, ruling C28-21, rules revision 5); a game made before counts each 6's two
    hits only. The exact odds agree with each reading."""
    from rules.chess28.odds import action_odds

    cold = "Cold; move ^/A; attack x/A; fight 2; defence 1; hp 2; chill grasp"
    s = position(
        [(cold, "d4", "N")], [("Tough; move ^/A; attack x/A; fight 1; defence 2; hp 5", "d5", "S")]
    )
    old = replace(s, config=replace(s.config, revision=4))
    after, ev = act(s, A.Melee("W1", sq("d5")), [6, 4, 5, 5])
    said = "3 hits (none may be saved: Chill Grasp, a 6 rolled; Rule of Carnage), 2 saves: 3 wounds"
    assert said in texts(ev), texts(ev)
    assert after.unit("B1").wounds == 3
    after, ev = act(old, A.Melee("W1", sq("d5")), [6, 4, 5, 5])
    assert "3 hits (2 of them past any save: Chill Grasp), 2 saves: 2 wounds" in texts(ev)
    assert after.unit("B1").wounds == 2
    # 2 dice: a 6 on either (11/36) makes every hit sure: 6+6 four, 6+4/5 three (twice 1/6 x
    # 1/3), 6+1..3 two (twice 1/6 x 1/2). Without a 6 a save may stop a hit.
    odds = action_odds(s, A.Melee("W1", sq("d5")))
    assert odds is not None and odds["4 wounds"] == Fraction(1, 36)
    assert odds["3 wounds"] == Fraction(1, 9)  # (only a 6 and a 4 or 5: 2/18)
    before = action_odds(old, A.Melee("W1", sq("d5")))
    assert before is not None and before["4 wounds"] == Fraction(1, 36)
    assert before["3 wounds"] == Fraction(1, 9) * Fraction(4, 9)  # (the 4-5's hit unsaved)


def test_bloodlust_gives_one_free_melee_attack_after_a_kill() -> None:
    s = position(
        [("Brute", "d4", "N")], [(PLAIN, "d5", "S"), (PLAIN, "e5", "S"), (PLAIN, "h8", "S")]
    )
    # Fight 5 against Defence 1, +1 from B2 beside it.
    s, ev = act(s, A.Melee("W1", sq("d5")), [6, 6, 1, 1, 1, 1, 1])
    assert "Defence 2" in texts(ev) and s.unit("B1").zone is Zone.DEAD
    assert s.pending is not None and s.pending.kind == "bloodlust" and "e5" in options(s)
    s = choose(s, "e5", [6, 6, 1, 1, 1, 1])
    # Black now has a dead model: it may drain it to re-roll its defence.
    assert s.pending is not None and s.pending.kind == "reroll_defence" and s.pending.chooser is B
    assert "saves change nothing" not in s.pending.text  # (the attack hit)
    s = choose(s, "keep")
    assert s.unit("B2").zone is Zone.DEAD
    assert s.pending is None, "Bloodlust is once per turn"


def test_a_defence_reroll_after_no_hits_says_it_changes_nothing() -> None:
    """A walkthrough drained a dead model to re-roll saves against an attack that had not hit:
    the choice stays (the rules offer it), and now says so."""
    s = position([("Brute", "d4", "N")], [(PLAIN, "d5", "S")], dead={B: [PLAIN]})
    s, _ = act(s, A.Melee("W1", sq("d5")), [1, 1, 1, 1, 1, 1])
    assert s.pending is not None and s.pending.kind == "reroll_defence", s.pending
    assert s.pending.text.endswith("no attack die hit, so the saves change nothing")


def test_heroic_fortune_drains_a_dead_model_to_reroll_all_dice_once() -> None:
    s = position([(ONE, "d4", "N")], [(TOUGH, "d5", "S")], dead={W: [PLAIN, PLAIN]})
    s, _ = act(s, A.Melee("W1", sq("d5")), [1, 1])
    assert s.pending is not None and s.pending.kind == "reroll_attack"
    s = choose(s, "re-roll", [6, 4, 1])
    drained = [u for u in s.units if u.zone is Zone.DRAINED]
    assert [u.key for u in drained] == ["W2"], "the longest-dead model is drained"
    assert s.unit("B1").wounds == 3  # 6 and 4: three hits, no save
    assert s.pending is not None and s.pending.kind == "push", "no second re-roll is offered"


def test_ranged_attacks_hit_the_first_model_in_line_never_adjacent_or_friendly() -> None:
    shooter = "Bow; move ^/A; attack x/A; fight 1; defence 1; hp 2; shoot f range 4 strength 3"
    s = position([(shooter, "d2", "N")], [(PLAIN, "d5", "S")])
    assert shoot_targets(s, s.unit("W1")) == {"f": sq("d5")}
    s = position([(shooter, "d2", "N")], [(PLAIN, "d7", "S")])
    assert shoot_targets(s, s.unit("W1")) == {}, "out of Range 4"
    s = position([(shooter, "d2", "N")], [(PLAIN, "d3", "S"), (PLAIN, "d5", "S")])
    assert shoot_targets(s, s.unit("W1")) == {}, "an adjacent model blocks and cannot be shot"
    s = position([(shooter, "d2", "N"), (PLAIN, "d4", "N")], [(PLAIN, "d5", "S")])
    assert shoot_targets(s, s.unit("W1")) == {}, "a friend first"
    s = position([(shooter, "d2", "N")], [(PLAIN, "d5", "S")], terrain=[("blocking", "d4")])
    assert shoot_targets(s, s.unit("W1")) == {}, "Blocking terrain stops the shot"
    u = s.unit("W1")
    assert ranged_target(s, u, direction_vector(u.facing, "f"), 10) is None
    s = position([(shooter, "d2", "N")], [(TOUGH, "d5", "S")])
    s, ev = act(s, A.Shoot("W1", "f"), [4, 4, 4, 1])
    assert "Ranged Attack" in texts(ev) and "3 dice" in texts(ev) and s.unit("B1").wounds == 3
    assert options(s) == ("c6", "d6", "e6"), "pushed away from the shooter"


def test_a_treasure_chest_has_defence_4_3_hp_and_is_never_pushed() -> None:
    s = position(
        [("Brute", "d6", "N")], [(PLAIN, "a8", "S")], chests={B: "d7", W: "d1"}, mode=Mode.PINATA
    )
    s, ev = act(s, A.Melee("W1", sq("d7")), [6, 4, 1, 1, 1, 1, 1, 1, 1])
    assert "5 dice against Defence 4" in texts(ev) and "(3/3)" in texts(ev)
    assert s.phase is Phase.OVER and s.winner is W and "Treasure Chest" in s.reason
    result = SYSTEM.result(s)
    assert result is not None and result.reason == "chest_destroyed"
    s = position(  # more damage than it has HP left: it reads 3/3, not 4/3
        [("Brute", "d6", "N")], [(PLAIN, "a8", "S")], chests={B: "d7", W: "d1"}, mode=Mode.PINATA
    )
    s, ev = act(s, A.Melee("W1", sq("d7")), [6, 6, 1, 1, 1, 1, 1, 1, 1])
    assert "takes 4 damage (3/3)" in texts(ev), texts(ev)


def test_a_party_of_one_model_says_one_model() -> None:
    from rules.chess28.roster import Party

    assert Party(((model("Slinger"), 1),)).describe().endswith(" points, 1 model)")


def test_a_chest_cannot_be_attacked_while_an_enemy_model_shares_its_square() -> None:
    s = position(
        [("Brute", "d6", "N")], [(PLAIN, "d7", "S")], chests={B: "d7", W: "d1"}, mode=Mode.PINATA
    )
    s, ev = act(s, A.Melee("W1", sq("d7")), [1, 1, 1, 1, 1, 1])
    assert "on B1 Plain" in texts(ev)
    s = position(
        [("Brute", "d6", "N"), (PLAIN, "d7", "N")],
        [(PLAIN, "a8", "S")],
        chests={B: "d7", W: "d1"},
        mode=Mode.PINATA,
    )
    assert A.Melee("W1", sq("d7")) in legal_actions(s), "a friend on it does not protect it"


def test_a_model_cannot_attack_outside_its_melee_range() -> None:
    with pytest.raises(IllegalAction, match="Melee Range"):
        act(position([(ONE, "d4", "N")], [(TOUGH, "e5", "S")]), A.Melee("W1", sq("e5")))


def test_a_push_into_perilous_terrain_wounds() -> None:
    s = position(
        [(ONE, "d4", "N"), (ONE, "c6", "N"), (ONE, "e6", "N")],
        [(TOUGH, "d5", "S")],
        terrain=[("perilous", "d6")],
    )
    s, ev = act(s, A.Melee("W1", sq("d5")), [4, 1, 1])
    assert s.unit("B1").square == sq("d6") and s.unit("B1").wounds == 2  # one hit, one peril
    assert "Perilous" in texts(ev)


def test_a_drained_model_cannot_be_drained_again() -> None:
    s = position([(ONE, "d4", "N")], [(TOUGH, "d5", "S")], hands=((6, 14), ()), dead={W: [PLAIN]})
    s, _ = act(s, A.PlayGambit(6, "W1"))
    assert s.unit("W2").zone is Zone.DRAINED
    with pytest.raises(IllegalAction, match="dead model to drain"):
        act(s, A.PlayGambit(14))


def test_barge_and_fancy_footwork_are_ordered_by_the_player_whose_turn_it_is() -> None:
    both = "Both; move ooo/oAo/ooo; attack x/A; fight 1; defence 1; hp 3; barge; fancy footwork"
    s = position([(both, "d4", "N")], [(TOUGH, "d5", "S")])
    s, _ = act(s, A.Melee("W1", sq("d5")), [4, 1])
    s = choose(s, "d6")
    assert s.pending is not None and s.pending.kind == "order" and s.pending.chooser is W
    first_footwork = choose(s, "Fancy Footwork first")
    assert first_footwork.pending is not None and first_footwork.pending.kind == "footwork"
    first_footwork = choose(first_footwork, "c4 N")
    assert options(first_footwork) == ("barge d5", "stay"), "then Barge, from its new square"
    first_barge = choose(s, "Barge first")
    assert first_barge.pending is not None and first_barge.pending.kind == "barge"


@pytest.mark.parametrize("wrap", [False, True])
def test_distance_is_the_larger_part_of_the_offset_the_short_way_round(wrap: bool) -> None:
    squares = [Square(f, r) for f in range(8) for r in range(8)]
    for a in squares:
        for b in squares:
            df, dr = delta(a, b, wrap)
            assert distance(a, b, wrap) == max(abs(df), abs(dr))
    # a1 to h1: seven files apart, one when the left and right edges are joined
    assert distance(sq("a1"), sq("h1"), wrap) == (1 if wrap else 7)
    assert distance(sq("b2"), sq("g8"), wrap) == 6


def test_a_step_off_the_board_is_none_unless_the_edges_wrap() -> None:
    assert step(sq("h4"), 1, 0) is None
    assert step(sq("h4"), 1, 0, wrap=True) == sq("a4")
    assert step(sq("a1"), -1, 0, wrap=True) == sq("h1")
    assert step(sq("e8"), 0, 1, wrap=True) is None  # ranks never wrap
    assert step(sq("e4"), -2, 3) == sq("c7")


def test_a_kill_by_a_push_into_perilous_terrain_is_the_attackers_for_bloodlust() -> None:
    """Ruling C28-22, a push's wound counts: the Brute's push sends B1 (1 HP left) into
    Perilous terrain, the wound there kills it, and the Brute may use Bloodlust."""
    from dataclasses import replace as with_

    frail = "Frail; move ^/A; attack x/A; fight 1; defence 1; hp 2"
    s = position(
        [("Brute", "d4", "N")],
        [(frail, "d5", "S"), (PLAIN, "c6", "S"), (PLAIN, "e6", "S"), (PLAIN, "c5", "S")],
        terrain=[("perilous", "d6")],
    )
    s = s.with_unit(with_(s.unit("B1"), wounds=1))
    s, ev = act(s, A.Melee("W1", sq("d5")), [4, 1, 1, 1, 1, 5, 1])  # one hit, saved: pushed
    assert s.unit("B1").zone is Zone.DEAD, texts(ev)
    assert s.pending is not None and s.pending.kind == "bloodlust", texts(ev)


def test_no_heroic_fortune_for_no_dice() -> None:
    """A Defence of 0 rolls no dice: from rules revision 4 no re-roll is offered for them
    (ruling C28-17); a game of an earlier revision offered one, and still does."""
    zero = "Zero; move ^/A; attack x/A; fight 1; defence 0; hp 3"
    s = position([(ONE, "d4", "N")], [(zero, "d5", "S")], dead={B: [PLAIN]})
    s2, ev = act(s, A.Melee("W1", sq("d5")), [5, 5])
    assert "Black rolls defence: no dice." in texts(ev)
    assert s2.pending is None or s2.pending.kind != "reroll_defence"
    old = replace(s, config=replace(s.config, revision=3))
    s3, _ = act(old, A.Melee("W1", sq("d5")), [5, 5])
    assert s3.pending is not None and s3.pending.kind == "reroll_defence"


def test_a_shot_the_weapon_cannot_fire_says_which_ways_it_fires() -> None:
    """A forward-only Crossbow told to shoot backwards was answered with a list of possible
    reasons (out of range, blocked, ...) instead of the one that held."""
    bow = "Bow; move ^/A; attack x/A; fight 1; defence 2; hp 2; shoot f range 6 strength 4"
    s = position([(bow, "d2", "N")], [(PLAIN, "d7", "S"), (PLAIN, "d1", "N")])
    with pytest.raises(IllegalAction, match="weapon does not fire b: it fires f"):
        act(s, A.Shoot("W1", "b"))
    assert A.Shoot("W1", "f") in legal_actions(s)  # forward, it has a target


def test_a_charge_whose_attack_is_declined_says_so() -> None:
    s = position([(PLAIN, "d4", "N")], [(PLAIN, "d6", "S")])
    s, _ = act(s, A.Charge("W1", sq("d5"), "N"))
    assert s.pending is not None and s.pending.kind == "charge"
    s, ev = act(s, A.Choose("no attack"))
    assert texts(ev).startswith("W1 Plain makes no attack after its Charge.\n"), texts(ev)
    assert s.unit("B1").wounds == 0
