import random
from fractions import Fraction
from itertools import product

from rules.wargame_chess.dice import Modifier, ModKind, RollSpec
from rules.wargame_chess.odds import attack_odds, distribution, mean


def test_pawn_at_advantage_by_hand() -> None:
    # 2D4 at Advantage: 2*max. P(max=m) = (2m-1)/16 -> totals 2,4,6,8 with 1,3,5,7 / 16.
    d = distribution(RollSpec(2, 4, advantage=1))
    assert d == {2: Fraction(1, 16), 4: Fraction(3, 16), 6: Fraction(5, 16), 8: Fraction(7, 16)}


def test_pawn_at_disadvantage_by_hand() -> None:
    d = distribution(RollSpec(2, 4, disadvantage=1))
    assert d == {2: Fraction(7, 16), 4: Fraction(5, 16), 6: Fraction(3, 16), 8: Fraction(1, 16)}


def test_distributions_sum_to_one_and_means() -> None:
    for sides in (4, 6, 8, 10):
        for adv, dis in ((0, 0), (1, 0), (0, 1)):
            d = distribution(RollSpec(2, sides, adv, dis))
            assert sum(d.values()) == 1
    assert mean(RollSpec(2, 6)) == 7
    assert mean(RollSpec(1, 20)) == Fraction(21, 2)


def test_clamp_in_distribution() -> None:
    d = distribution(RollSpec(2, 4, modifiers=(Modifier(ModKind.AT_LEAST, 5),)))
    assert min(d) == 5
    assert d[5] == Fraction(6 + 4, 16)  # totals 2,3,4 (6 ways) and 5 (4 ways)


def test_slay_probability_pawn_vs_pawn_by_hand() -> None:
    # Plain 2D4 vs 2D4: ties go to the defender. P(A>D) = (1 - P(tie)) / 2.
    tie = sum(Fraction(c, 16) ** 2 for c in (1, 2, 3, 4, 3, 2, 1))
    odds = attack_odds(RollSpec(2, 4), RollSpec(2, 4))
    assert odds.slay == (1 - tie) / 2
    assert odds.held == 1 - odds.slay


def test_slay_matches_brute_force() -> None:
    a = RollSpec(2, 6, advantage=1, modifiers=(Modifier(ModKind.PLUS, 1),))
    d = RollSpec(2, 10, disadvantage=1)
    wins = total = 0
    for fa in product(range(1, 7), repeat=2):
        for fd in product(range(1, 11), repeat=2):
            total += 1
            wins += a.total(fa) > d.total(fd)
    assert attack_odds(a, d).slay == Fraction(wins, total)


def test_exact_odds_agree_with_simulation() -> None:
    a = RollSpec(2, 8, advantage=1)
    d = RollSpec(2, 6)
    p = float(attack_odds(a, d).slay)
    rng = random.Random(1)
    n = 40_000
    hits = sum(
        a.total([rng.randint(1, 8), rng.randint(1, 8)])
        > d.total([rng.randint(1, 6), rng.randint(1, 6)])
        for _ in range(n)
    )
    sigma = (p * (1 - p) / n) ** 0.5
    assert abs(hits / n - p) < 4 * sigma
