"""Models as data: chart text (ASCII and the rules' symbols), the custom-model builder's cost
tables pinned exactly, the starter roster and parties."""

from __future__ import annotations

import pytest

from rules.chess28 import models as M
from rules.chess28.charts import Chart, Facing, Icon, orient, pivot
from rules.chess28.models import Ability, ModelDef
from rules.chess28.roster import READY_MADE, ROSTER, Party
from rules.core.errors import InvalidTeam, ParseError

BASE = "T; move ^/A; attack x/A; fight 1; defence 1; hp 1"  # 1 + 1 + 0 + 0 + 5 = 7


def cost(text: str) -> int:
    return ModelDef.parse(text).cost


def test_the_builder_tables_are_the_rulebook_numbers() -> None:
    assert M.STAT_COST == {0: -1, 1: 0, 2: 3, 3: 5, 4: 8, 5: 12, 6: 16, 7: 20}
    assert M.HP_COST == {1: 5, 2: 10, 3: 18, 4: 25, 5: 32}
    assert M.RANGED_ARROW_COST == {2: 2, 3: 4, 4: 7, 5: 12}
    assert (M.HOLLOW_ARROW_COST, M.HOLLOW_CIRCLE_COST, M.CIRCLE_HEART_MULTIPLIER) == (1, 2, 4)
    assert (M.SWORD_ADJACENT_COST, M.SWORD_FURTHER_COST) == (1, 2)
    assert {a.value: c for a, c in M.ABILITY_COST.items()} == {
        "Leap": 6,
        "Incorporeal": 4,
        "Barge": 5,
        "Stubborn": 5,
        "Chill Grasp": 10,
        "Dig": 10,
        "Fancy Footwork": 10,
        "Bloodlust": 5,
    }


def test_each_part_of_a_model_is_priced_by_the_tables() -> None:
    assert cost(BASE) == 7
    assert cost(BASE.replace("move ^/A", "move <^>/.A.")) == 9  # three hollow arrows
    assert cost(BASE.replace("move ^/A", "move o^o/.A.")) == 11  # two circles and an arrow
    assert cost(BASE.replace("move ^/A", "move o^o/.@.")) == 7 - 1 + 5 * 4  # ● heart: x4
    assert cost(BASE.replace("attack x/A", "attack x/x/A")) == 9  # a sword two squares away
    assert cost(BASE.replace("attack x/A", "attack xxx/xAx/xxx")) == 14
    for strength, price in ((2, 2), (3, 4), (4, 7), (5, 12)):
        weapon = f"; shoot fl f fr range 4 strength {strength}"
        assert cost(BASE + weapon) == 7 + 3 * price
    for value, price in M.STAT_COST.items():
        assert cost(BASE.replace("fight 1", f"fight {value}")) == 7 + price
        assert cost(BASE.replace("defence 1", f"defence {value}")) == 7 + price
    for value, price in M.HP_COST.items():
        assert cost(BASE.replace("hp 1", f"hp {value}")) == 2 + price
    for ability, price in M.ABILITY_COST.items():
        assert cost(f"{BASE}; {ability.value}") == 7 + price


def test_the_roster_is_priced_and_the_ready_made_parties_total_300() -> None:
    prices = {m.name: m.cost for m in ROSTER.values()}
    assert prices == {
        "Shieldbearer": 37,
        "Lancer": 28,
        "Slinger": 28,
        "Wisp": 38,
        "Brute": 51,
        "Duelist": 43,
        "Sapper": 33,
        "Vaulter": 32,
        "Outrider": 27,
        "Crossbow": 22,
    }
    for text in READY_MADE.values():
        assert Party.parse(text).validate().points == 300
    assert any(m.weapon for m in ROSTER.values()) and any(
        m.move.free_heart for m in ROSTER.values()
    )


def test_a_party_totals_at_most_300_points() -> None:
    assert Party.parse("Brute").points == 51
    with pytest.raises(InvalidTeam, match="more than 300"):
        Party.parse("6 Brute").validate()
    p = Party.parse("Iron Vanguard")
    assert p.text() == READY_MADE["Iron Vanguard"]
    custom = Party.parse("2 {Ghoul; move ^/A; attack x/A; fight 2; defence 1; hp 1}, Brute")
    assert custom.points == 2 * 10 + 51 and Party.parse(custom.text()) == custom
    for bad, words in (
        ("Dragon", "not in the roster"),
        ("{Ghoul; move ^/A", "not closed"),
        ("", "at least one"),
    ):
        with pytest.raises(ParseError, match=words):
            Party.parse(bad)


def test_charts_read_ascii_and_the_rules_symbols_alike() -> None:
    ascii_chart = Chart.parse(".^./<A>/.v.")
    pretty = Chart.parse("·△·\n◁▲▷\n·▽·")
    assert ascii_chart == pretty and ascii_chart.text() == ".^./<A>/.v."
    assert ascii_chart.pretty() == "·△·\n◁▲▷\n·▽·"
    assert Chart.parse("🗡🗡🗡/·▲·", "attack") == Chart.parse("xxx/.A.", "attack")
    assert set(ascii_chart.marks) == {
        (0, 1, Icon.FRONT),
        (-1, 0, Icon.LEFT),
        (1, 0, Icon.RIGHT),
        (0, -1, Icon.BACK),
    }


@pytest.mark.parametrize(
    ("text", "kind", "words"),
    [
        ("^/.", "move", "exactly one heart"),
        ("A/A", "move", "exactly one heart"),
        ("^^/A", "move", "as long as"),
        ("x/A", "move", "cannot be in a move chart"),
        ("^/A", "attack", "cannot be in a attack chart"),
        ("x/@", "attack", "always follows the facing"),
        ("A", "move", "marks no squares"),
        ("........../A", "move", "at most 9"),
    ],
)
def test_a_malformed_chart_is_refused_clearly(text: str, kind: str, words: str) -> None:
    with pytest.raises(ParseError, match=words):
        Chart.parse(text, kind)


def test_a_model_reads_and_writes_its_card_as_text() -> None:
    for m in ROSTER.values():
        assert ModelDef.parse(m.text()) == m
    m = ModelDef.parse(
        "Archer; move ^/A; attack x/A; fight 1; defence 1; hp 2; "
        "shoot f,fr range 5 strength 2; leap"
    )
    assert m.weapon == M.Weapon(("f", "fr"), 5, 2) and m.abilities == (Ability.LEAP,)
    for bad, words in (
        ("Nameless", "write a model"),
        (
            "X; move ^/A; attack x/A; fight 9; defence 1; hp 1",
            "fight is a whole number from 0 to 7",
        ),
        ("X; move ^/A; attack x/A; fight 1; defence 1; hp 6", "hp is a whole number from 1 to 5"),
        ("X; move ^/A; attack x/A; fight 1; defence 1", "needs its hp"),
        (
            "X; move ^/A; attack x/A; fight 1; defence 1; hp 1; flying",
            "not a common special ability",
        ),
        (
            "X; move ^/A; attack x/A; fight 1; defence 1; hp 1; shoot up range 3 strength 3",
            "not a direction",
        ),
        (
            "X; move ^/A; attack x/A; fight 1; defence 1; hp 1; shoot f range 3 strength 6",
            "strength is 2, 3, 4 or 5",
        ),
    ):
        with pytest.raises(ParseError, match=words):
            ModelDef.parse(bad)


def test_charts_turn_with_the_facing_and_arrows_set_the_new_facing() -> None:
    assert orient(Facing.N, 0, 1) == (0, 1)
    assert orient(Facing.E, 0, 1) == (1, 0) and orient(Facing.E, 1, 0) == (0, -1)
    assert orient(Facing.S, 1, 2) == (-1, -2)
    assert orient(Facing.W, 0, 1) == (-1, 0)
    assert pivot(Icon.RIGHT, Facing.N, Facing.N) == (Facing.E,)
    assert pivot(Icon.BACK, Facing.E, Facing.E) == (Facing.W,)
    assert pivot(Icon.FREE, Facing.N, Facing.N) == tuple(Facing)
    assert pivot(Icon.ONWARD, Facing.S, Facing.W) == (Facing.W,)
