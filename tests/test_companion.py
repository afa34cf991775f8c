"""The table companion: dice expressions, table Attacks, odds, decks, bones and roll statistics."""

import random
import re
from fractions import Fraction

import pytest

from bot import companion as C
from rules.core.errors import RulesError
from rules.wargame_chess.cards import parse_card
from rules.wargame_chess.dice import Modifier, RandomDice, RollSpec, ScriptedDice, SystemDice
from rules.wargame_chess.odds import attack_odds
from rules.wargame_chess.pieces import Kind
from rules.wargame_chess.tarot import find_card


def test_expressions_use_injected_dice_and_log_every_face() -> None:
    r = C.roll_expression("4d6kh3+2", ScriptedDice([6, 1, 5, 3]))
    assert r.total == 16
    assert r.faces == [(6, 6), (6, 1), (6, 5), (6, 3)]  # the dropped 1 is still logged
    assert "4d6kh3" in r.text and "16" in r.text


@pytest.mark.parametrize(
    ("expr", "faces", "total"),
    [
        ("1d20+5", [12], 17),
        ("2d6rr1", [1, 4, 3], 7),  # the 1 is rerolled (to a 3)
        ("1d6e6", [6, 2], 8),  # exploding six
        ("4d6k>4", [5, 2, 6, 1], 11),  # keep dice above 4
        ("1d20 >= 15", [16], 1),  # a comparison gives 1 (true) or 0
        ("1d8 [fire] + 2", [3], 5),  # labels (annotations) are allowed
    ],
)
def test_expression_forms(expr: str, faces: list[int], total: int) -> None:
    assert C.roll_expression(expr, ScriptedDice(faces)).total == total


@pytest.mark.parametrize(
    ("expr", "words"),
    [
        ("1000000d6", "at most 1000 dice"),
        ("1d1e1", "more than 1000 dice"),
        ("(" * 30 + "1" + ")" * 30, "nests too deeply"),
        ("1d6+" * 60 + "1", "too long"),
        ("2d", "could not roll"),
        ("", "give a dice expression"),
        ("1d6!", "exploding dice are written with e"),
        ("2D10!!", "like 1d6e6 or 2d10e10"),
        ("4d6kh3!", "exploding dice are written with e"),
    ],
)
def test_expression_bombs_and_nonsense_get_clear_errors(expr: str, words: str) -> None:
    with pytest.raises(RulesError, match=words):
        C.roll_expression(expr, RandomDice(1))


# What the parser's own errors look like ("Unexpected input ... expected DICE_VALUE, got ..."):
# none of it may reach a player.
GRAMMAR_WORDS = ("expected", "token", "unexpected", "<", ">", "$END", "DICE_VALUE", "_WS", "LPAR")


def _examples(message: str) -> list[str]:
    """The valid expressions a message offers: what follows 'like', split on ', ' and ' or '
    (but not inside brackets)."""
    found = re.findall(r"\blike ([^;]+)", message)
    return [x.strip() for f in found for x in re.split(r",\s(?![^()]*\))|\sor\s", f) if x.strip()]


def assert_plain(expr: str, message: str) -> None:
    # the player's own text, quoted back, may hold anything: check only our words
    told = message.replace(f"'{expr.strip()[:60]}'", "''", 1)
    for word in GRAMMAR_WORDS:
        if word not in expr:
            assert word.lower() not in told.lower(), (expr, message)
    examples = _examples(told)
    assert examples, f"no example of a valid roll in {message!r}"
    for example in examples:  # every example offered really rolls
        C.roll_expression(example, RandomDice(1))


@pytest.mark.parametrize(
    ("expr", "problem"),
    [
        ("2d", "needs its number of sides"),
        ("d", "needs its number of sides"),
        ("1d-6", "needs its number of sides"),
        ("1d6+", "ends with '+' and nothing after it"),
        ("1d20>=", "ends with '>=' and nothing after it"),
        ("abc", "starts with a number or dice, not 'abc'"),
        ("((2d6", "opened but never closed"),
        ("2d6)", "never opened"),
        ("4d6kh", "needs a number after it"),
        ("1d6e", "needs a number after it"),
        ("1d6,2", "commas only separate dice inside brackets"),
        ("1d6 * / 2", "'/' follows another sign"),
        ("2d6 + [x]", "a label in square brackets"),
        ("1d0", "cannot roll a 0-sided die"),
        ("2d6/0", "cannot divide by zero"),
        ("", "give a dice expression"),
        ("   ", "give a dice expression"),
        ("1d6+" * 125, "too long"),
        ("x" * 500, "too long"),
    ],
)
def test_malformed_expressions_are_explained_in_plain_words(expr: str, problem: str) -> None:
    with pytest.raises(RulesError) as info:
        C.roll_expression(expr, RandomDice(1))
    message = str(info.value)
    assert problem in message, message
    assert_plain(expr, message)


def test_random_nonsense_never_shows_the_grammar() -> None:
    rng = random.Random(7)
    alphabet = [*"0123456789d+-*/%()<>=!,[]khlpe \"'#.x", "2d6", "kh", "rr", "//"]
    refused = 0
    for _ in range(1500):
        expr = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 12)))
        try:
            C.roll_expression(expr, RandomDice(1))
        except RulesError as e:
            refused += 1
            if "too large" not in str(e):
                assert_plain(expr, str(e))
    assert refused > 500


def test_a_doubled_plus_is_read_as_a_sign() -> None:
    # d20 reads "2d6 ++ 3" as 2d6 + (+3): a valid roll, shown as such, not an error
    r = C.roll_expression("2d6 ++ 3", ScriptedDice([2, 5]))
    assert r.total == 10 and "+3" in r.text


@pytest.mark.parametrize(
    ("expr", "faces", "total"),
    [
        ("2d6+1", [2, 5], 8),
        ("3d6", [1, 2, 3], 6),
        ("d20", [11], 11),
        ("(2d6+1)*2", [1, 1], 6),
        ("(1d6, 1d8)kh1", [2, 7], 7),
        ("  4d6kh3  ", [6, 1, 5, 3], 14),
    ],
)
def test_valid_expressions_still_roll(expr: str, faces: list[int], total: int) -> None:
    assert C.roll_expression(expr, ScriptedDice(faces)).total == total


def test_the_global_random_is_restored_after_a_roll() -> None:
    import d20.expression as E

    before = E.random
    C.roll_expression("1d6", ScriptedDice([3]))
    assert E.random is before
    with pytest.raises(RulesError):
        C.roll_expression("1d1e1", RandomDice(1))
    assert E.random is before


def test_piece_roll_with_advantage_and_modifier() -> None:
    r = C.roll_piece(
        Kind.PAWN, ScriptedDice([1, 3]), advantage=1, modifiers=(Modifier.parse("+1"),)
    )
    assert r.total == 7 and "at Advantage" in r.text and r.faces == [(4, 1), (4, 3)]


def test_table_attack_slays_or_offers_combat_movement() -> None:
    win = C.resolve_attack(C.Side(Kind.KNIGHT), C.Side(Kind.PAWN), ScriptedDice([6, 6, 1, 1]))
    assert "slain" in win.text
    tie = C.resolve_attack(
        C.Side(Kind.PAWN), C.Side(Kind.PAWN, blessed_allies=True), ScriptedDice([2, 2, 1, 3])
    )
    assert "Combat Movement" in tie.text and "has Blessed pieces" in tie.text
    assert "Cursed" not in tie.text


def test_table_attack_tokens() -> None:
    # The defender must spend its Disadvantage token; the attacker keeps its Advantage token.
    r = C.resolve_attack(
        C.Side(Kind.PAWN, advantage_tokens=1, spend_advantage=False),
        C.Side(Kind.PAWN, disadvantage_tokens=2),
        ScriptedDice([1, 3, 4, 2]),
    )
    assert "Defender Pawn spends a Disadvantage token: 2D4 [4, 2] at Disadvantage: 4" in r.text
    assert "spends an Advantage" not in r.text
    with pytest.raises(RulesError, match="cannot Attack"):
        C.resolve_attack(C.Side(Kind.JOKER), C.Side(Kind.PAWN), RandomDice(1))


def test_odds_report_is_exact_and_compares_spending() -> None:
    rep = C.odds_report(C.Side(Kind.QUEEN, advantage_tokens=1), C.Side(Kind.KNIGHT))
    exact = attack_odds(RollSpec(2, 8, 1), RollSpec(2, 6)).slay
    assert rep.slay == exact
    assert f"{exact.numerator}/{exact.denominator}" in rep.text
    keep = attack_odds(RollSpec(2, 8), RollSpec(2, 6)).slay
    assert f"keeping it: {float(keep):.1%}" in rep.text
    assert sum(rep.attacker.values()) == Fraction(1)


def test_odds_agree_with_a_large_simulation() -> None:
    a, d = C.Side(Kind.KNIGHT, extra_advantage=1), C.Side(Kind.ROOK, disadvantage_tokens=1)
    p = float(C.odds_report(a, d).slay)
    dice = RandomDice(11)
    n = 20_000
    wins = sum("is slain" in C.resolve_attack(a, d, dice).text for _ in range(n))
    assert abs(wins / n - p) < 4 * (p * (1 - p) / n) ** 0.5


def test_channel_decks() -> None:
    decks = C.new_decks()
    text = C.divinate(decks, ScriptedDice([17, 1, 1]), [find_card("fool")])
    assert decks["tarot_dealt"] == [16, 0, 1] and decks["tarot_active"] == 16
    assert "preferred card was dealt: The Fool" in text
    assert "now the active card" in C.set_active(decks, find_card("fool"))
    with pytest.raises(RulesError, match="not dealt"):
        C.set_active(decks, find_card("sun"))
    C.draw_cards(decks, ScriptedDice([1, 1]), 2)
    assert decks["cards_out"] == [0, 1]
    C.discard_card(decks, parse_card("2 of clubs"))
    with pytest.raises(RulesError, match="has not been drawn"):
        C.discard_card(decks, parse_card("QH"))
    assert "54 cards" in C.shuffle_cards(decks) and len(decks["cards_deck"]) == 54


def test_bones_from_a_team_or_dice() -> None:
    r = C.read_bones("K Q R 2N 3P", ScriptedDice([1, 2, 3, 4]))
    assert r.text == "Bones: D4=1, D6=2, D8=3, D10=4"
    assert C.read_bones("d20 d4", ScriptedDice([20, 1])).faces == [(20, 20), (4, 1)]
    with pytest.raises(RulesError):
        C.read_bones("d7", RandomDice(1))


def test_stats_flag_a_loaded_die() -> None:
    rng = random.Random(3)
    loaded = [(6, 6 if rng.random() < 0.3 else rng.randint(1, 6)) for _ in range(3000)]
    (stats,) = C.die_stats(loaded)
    assert stats.p_value is not None and stats.p_value < 1e-6


def test_stats_test_only_dice_with_enough_rolls_and_never_list_a_huge_dies_faces() -> None:
    faces = [(6, 1 + i % 6) for i in range(29)] + [(50_000_000, 7), (1000, 3)] * 3
    few, big, huge = C.die_stats(faces)
    assert (few.sides, few.rolls, few.p_value) == (6, 29, None)  # 30 wanted: 5 a face
    assert "too few to test" in few.line() and "30 in all" in few.line()
    assert big.p_value is None and "over D100 are not tested" in big.line()
    assert huge.rolls == 3 and huge.p_value is None and len(huge.counts) == 1
    (one,) = C.die_stats([(8, 2)])
    assert one.line().startswith("D8: 1 roll (")
    (tested,) = C.die_stats([(6, 1 + i % 6) for i in range(30)])
    assert tested.p_value == 1.0 and "chi-square p = 1.000" in tested.line()


def test_a_million_system_rolls_of_each_die_show_no_bias() -> None:
    """The operating system's randomness, a million rolls per die type, through the same
    statistics the /rolls stats command shows."""
    assert isinstance(SystemDice()._rng, random.SystemRandom)
    rng = random.SystemRandom()
    for sides in (4, 6, 8, 10, 20):
        faces = [(sides, f) for f in rng.choices(range(1, sides + 1), k=1_000_000)]
        (stats,) = C.die_stats(faces)
        assert stats.rolls == 1_000_000
        assert stats.p_value is not None and stats.p_value > 1e-5, (sides, stats.counts)
