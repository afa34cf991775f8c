"""Exact odds: checked against enumerating every face of every die."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from itertools import product

from rules.chess28 import actions as A
from rules.chess28.odds import combat_wound_odds, kill_chance, wound_odds
from rules.chess28.state import Combat
from rules.chess28.system import SYSTEM
from tests.chess28.helpers import PLAIN, position, sq


def brute(fight: int, defence: int, chill: bool, iron: bool) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    total = 6 ** (fight + defence)
    for faces in product(range(1, 7), repeat=fight + defence):
        att, dfc = faces[:fight], faces[fight:]
        hits = sum(2 if f == 6 else 1 for f in att if f >= 4)
        unsavable = 2 * att.count(6) if chill else 0
        saves = sum(1 for f in dfc if f >= (2 if iron else 5))
        w = max(0, hits - unsavable - saves) + unsavable
        out[w] = out.get(w, Fraction(0)) + Fraction(1, total)
    return dict(sorted(out.items()))


def test_one_die_against_none() -> None:
    assert wound_odds(1, 0) == {0: Fraction(1, 2), 1: Fraction(1, 3), 2: Fraction(1, 6)}


def test_the_odds_are_exact_for_every_small_combat() -> None:
    for fight, defence in ((1, 1), (2, 1), (2, 2), (3, 2), (1, 3)):
        for chill in (False, True):
            for iron in (False, True):
                assert wound_odds(fight, defence, chill, iron) == brute(fight, defence, chill, iron)
                assert sum(wound_odds(fight, defence, chill, iron).values()) == 1


def test_kill_chance_counts_wounds_reaching_the_hp_left() -> None:
    odds = wound_odds(1, 0)
    assert kill_chance(odds, 1) == Fraction(1, 2) and kill_chance(odds, 2) == Fraction(1, 6)


def test_the_odds_of_an_attack_in_play_count_supports() -> None:
    s = position([(PLAIN, "d4", "N"), (PLAIN, "c4", "N")], [(PLAIN, "d5", "S")])
    odds = SYSTEM.odds(s, A.Melee("W1", sq("d5")))
    assert odds is not None
    # Fight 2 + 1 support = 3 dice; Defence 1; the target has 2 HP.
    expected = wound_odds(3, 1)
    assert odds["kill"] == kill_chance(expected, 2)
    assert odds["0 wounds"] == expected[0]
    assert SYSTEM.odds(s, A.EndTurn()) is None


def test_a_combat_under_way_has_the_odds_of_the_dice_it_has_still_to_roll() -> None:
    fresh = Combat("W1", "B1", sq("d5"), True, fight=3, defence=2)
    assert combat_wound_odds(fresh, False, False) == wound_odds(3, 2)
    # Attack dice 6, 4, 1: three hits; two Defence dice still to roll, each saving on 5+.
    rolled = replace(fresh, attack_dice=(6, 4, 1))
    want: dict[int, Fraction] = {}
    for faces in product(range(1, 7), repeat=2):
        w = 3 - sum(1 for f in faces if f >= 5)
        want[w] = want.get(w, Fraction(0)) + Fraction(1, 36)
    assert (
        combat_wound_odds(rolled, False, False)
        == want
        == {1: Fraction(1, 9), 2: Fraction(4, 9), 3: Fraction(4, 9)}
    )
    # Chill Grasp: the 6's two hits cannot be saved, so at least two wounds.
    assert min(combat_wound_odds(rolled, True, False)) == 2
    # Both rolled: the one result; Moment of Glory before the roll: every die hits.
    assert combat_wound_odds(replace(rolled, defence_dice=(5, 2)), False, False) == {2: 1}
    glory = combat_wound_odds(replace(fresh, glory=True), False, False)
    assert glory == {1: Fraction(1, 9), 2: Fraction(4, 9), 3: Fraction(4, 9)}


def test_the_odds_of_a_model_on_a_square_are_those_of_the_attack_it_can_make() -> None:
    """`/chess28 odds` gave melee figures for a Crossbow's target six squares away, an attack
    the rules do not allow: a square out of reach is refused, a shot's target gets the
    shot's odds, a square in the Melee Range the melee's."""
    import pytest

    from bot.chess28 import commands as C
    from bot.chess28.table import _odds
    from bot.chess28.text import percent
    from rules.core.errors import RulesError

    bow = "Bow; move ^/A; attack x/A; fight 1; defence 2; hp 2; shoot f range 6 strength 4"
    s = position([(bow, "d2", "N")], [(PLAIN, "d7", "S"), (PLAIN, "c3", "S")])
    shot = _odds(s, C.Odds(unit="W1", target=C.Target.at(sq("d7")))).text
    assert shot.startswith("W1 Bow shooting (f) at d7:"), shot
    want = SYSTEM.odds(s, A.Shoot("W1", "f"))
    assert want is not None and f"- kill: {percent(want['kill'])}" in shot
    with pytest.raises(RulesError, match="cannot attack c3 from where it stands"):
        _odds(
            s, C.Odds(unit="W1", target=C.Target.at(sq("c3")))
        )  # beside it, not in its sword square
    close = position([(bow, "d2", "N")], [(PLAIN, "d3", "S"), (PLAIN, "h8", "S")])
    text = _odds(close, C.Odds(unit="W1", target=C.Target.at(sq("d3")))).text
    assert text.startswith("W1 Bow attacking d3:"), text


def test_a_square_both_in_melee_range_and_shot_gets_both_odds() -> None:
    """A review's Spear (a sword mark two squares ahead, a weapon firing that way): the odds
    named only the melee, 11% to kill, and not the shot offered beside it, 69%."""
    from bot.chess28 import commands as C
    from bot.chess28.table import _odds
    from bot.chess28.text import percent

    spear = "Spear; move ^/A; attack x/./A; fight 1; defence 2; hp 2; shoot f range 4 strength 4"
    s = position([(spear, "d2", "N")], [(PLAIN, "d4", "S")])
    text = _odds(s, C.Odds(unit="W1", target=C.Target.at(sq("d4")))).text
    melee, shot = SYSTEM.odds(s, A.Melee("W1", sq("d4"))), SYSTEM.odds(s, A.Shoot("W1", "f"))
    assert melee is not None and shot is not None and melee["kill"] != shot["kill"]
    assert "W1 Spear attacking d4:" in text and "W1 Spear shooting (f) at d4:" in text, text
    assert (
        f"- kill: {percent(melee['kill'])}" in text and f"- kill: {percent(shot['kill'])}" in text
    )


def test_an_attacks_target_may_be_a_models_label_in_capitals() -> None:
    """`odds W9 B2` took "B2" as the square b2: a label in capitals (as the board shows them)
    names the model wherever it stands, small letters the square, and a White label, which
    can be no square, the model in any case. A label of no model in the game is refused
    (unless it is also a square)."""
    import pytest

    from bot.chess28.table import _action, _odds
    from bot.chess28.words import parse
    from rules.core.board import Player
    from rules.core.errors import ParseError, RulesError

    s = position([(PLAIN, "d2", "N")], [(PLAIN, "h8", "S"), (PLAIN, "d3", "S")])
    by_label = _odds(s, parse("odds", ["W1", "B2"])).text  # type: ignore[arg-type]
    by_square = _odds(s, parse("odds", ["W1", "d3"])).text  # type: ignore[arg-type]
    assert by_label.startswith("W1 Plain attacking B2 on d3:"), by_label
    assert by_label.split("\n")[1:] == by_square.split("\n")[1:]
    with pytest.raises(RulesError, match="cannot attack b2 from where it stands"):
        _odds(s, parse("odds", ["W1", "b2"]))  # type: ignore[arg-type]
    assert _action(s, parse("melee", ["W1", "B2"]), Player.WHITE) == A.Melee("W1", sq("d3"))
    black = replace(s, to_act=Player.BLACK)
    assert _action(black, parse("melee", ["B2", "w1"]), Player.BLACK) == A.Melee("B2", sq("d2"))
    with pytest.raises(RulesError, match="there is no model W9 in this game"):
        _action(s, parse("melee", ["W1", "W9"]), Player.WHITE)
    # a label that is no model's but is a square is that square
    assert _action(s, parse("melee", ["W1", "B7"]), Player.WHITE) == A.Melee("W1", sq("b7"))
    with pytest.raises(ParseError, match="'z9' is not a square or a model"):
        parse("melee", ["W1", "z9"])


def test_a_charges_attack_question_takes_a_label_too() -> None:
    """A review: right after a Charge, `melee W1 B2` answered the question with the square b2
    (the model B1 there), not the model B2 (C28-31)."""
    from bot.chess28 import commands as C
    from bot.table import Table
    from rules.core.dice import RandomDice
    from tests.chess28.helpers import act

    s = position([(PLAIN, "c4", "S")], [(PLAIN, "b2", "N"), (PLAIN, "d2", "N")])
    s, _ = act(s, A.Charge("W1", sq("c3"), "S"))
    assert s.pending is not None and set(s.pending.options) >= {"b2", "d2"}
    t = Table(RandomDice(1), s, "chess28")
    assert t.plugin.parse("melee", ["W1", "B2"], t) == C.Choose("d2")
    assert t.plugin.parse("melee", ["W1", "b2"], t) == C.Choose("b2")
    assert t.plugin.parse("melee", ["B2"], t) == C.Choose("d2")
