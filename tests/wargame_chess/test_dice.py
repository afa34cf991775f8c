import pytest

from rules.core.errors import ParseError, ReplayError
from rules.wargame_chess.dice import Mode, Modifier, ModKind, RollSpec, ScriptedDice


def spec(count: int = 2, sides: int = 6, **kw: object) -> RollSpec:
    return RollSpec(count, sides, **kw)  # type: ignore[arg-type]


def test_plain_roll_sums() -> None:
    assert spec().total([3, 5]) == 8


def test_advantage_doubles_the_higher_die() -> None:
    assert spec(advantage=1).total([3, 5]) == 10


def test_disadvantage_doubles_the_lower_die() -> None:
    assert spec(disadvantage=1).total([3, 5]) == 6


def test_instances_cancel_one_for_one() -> None:
    assert spec(advantage=1, disadvantage=1).mode is Mode.NORMAL
    assert spec(advantage=2, disadvantage=1).mode is Mode.ADVANTAGE
    assert spec(advantage=1, disadvantage=3).mode is Mode.DISADVANTAGE
    assert spec(advantage=1, disadvantage=1).total([2, 6]) == 8


def test_prevention() -> None:
    assert spec(advantage=1, prevent_advantage=True).mode is Mode.NORMAL
    assert spec(disadvantage=1, prevent_disadvantage=True).mode is Mode.NORMAL
    # Prevented Advantage cannot cancel Disadvantage.
    assert spec(advantage=1, disadvantage=1, prevent_advantage=True).mode is Mode.DISADVANTAGE


def test_single_die_is_never_at_advantage() -> None:
    j = spec(1, 20, advantage=3)
    assert j.mode is Mode.NORMAL
    assert j.total([7]) == 7


def test_worked_example_plus_x_bishop() -> None:
    # Bishops get +X where X is the number of tarot cards dealt (3): a roll of 7 becomes 10.
    bishop = spec(modifiers=(Modifier(ModKind.PLUS, 3, "tarot cards dealt"),))
    assert bishop.total([3, 4]) == 10


def test_worked_example_clamp_pawn() -> None:
    # A total below the number of slain pieces (5) becomes 5: a Pawn's 2 becomes 5.
    pawn = spec(2, 4, modifiers=(Modifier(ModKind.AT_LEAST, 5, "slain pieces"),))
    assert pawn.total([1, 1]) == 5
    assert pawn.total([3, 4]) == 7


def test_order_is_advantage_then_bonus_then_clamp_wc9() -> None:
    # [2,3] at Advantage = 6; +1 = 7; at most 6 = 6. Clamp listed first still applies last.
    s = spec(
        advantage=1,
        modifiers=(Modifier(ModKind.AT_MOST, 6), Modifier(ModKind.PLUS, 1)),
    )
    assert s.total([2, 3]) == 6
    assert "at Advantage: 6" in s.resolve([2, 3]).explain()


def test_result_explains_itself() -> None:
    r = spec(advantage=1, modifiers=(Modifier(ModKind.PLUS, 3, "tarot"),)).resolve([3, 5])
    assert r.explain() == "2D6 [3, 5] at Advantage: 10, +3 (tarot): 13"


def test_modifier_parse() -> None:
    assert Modifier.parse("+3") == Modifier(ModKind.PLUS, 3)
    assert Modifier.parse("-2") == Modifier(ModKind.PLUS, -2)
    assert Modifier.parse("min 5") == Modifier(ModKind.AT_LEAST, 5)
    assert Modifier.parse("<=7") == Modifier(ModKind.AT_MOST, 7)
    with pytest.raises(ParseError):
        Modifier.parse("lots")


def test_scripted_dice_check_sides() -> None:
    d = ScriptedDice([(6, 4), 3])
    assert d.roll(6) == 4
    with pytest.raises(ReplayError):
        d.roll(2)  # 3 is not a face of a D2
    with pytest.raises(ReplayError, match="D6"):
        ScriptedDice([(6, 1)]).roll(8)
