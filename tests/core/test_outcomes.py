"""``outcomes``: every chance outcome of an action with its exact probability, summing to 1 and
agreeing with each system's own exact odds."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest

from rules.card_game.system import SYSTEM as CARDS
from rules.core.board import Player
from rules.core.chance import TooManyOutcomes, enumerate_outcomes, sample_outcomes
from rules.core.dice import RandomDice
from rules.core.system import GameSystem
from rules.d20_chess.system import SYSTEM as D20
from rules.wargame_chess.state import Zone
from rules.wargame_chess.system import SYSTEM as WARGAME


def test_enumeration_exploding_die() -> None:
    """A D6 that explodes on 6 once: totals 1-5 at 1/6 each, 7-12 at 1/36 each."""

    def roll(dice: Any) -> int:
        a = dice.roll(6)
        return a + dice.roll(6) if a == 6 else a

    got = {s: p for p, s in enumerate_outcomes(roll)}
    want = {t: Fraction(1, 6) for t in range(1, 6)} | {t: Fraction(1, 36) for t in range(7, 13)}
    assert got == want
    assert sum(got.values()) == 1


def test_enumeration_merges_equal_results_and_limits() -> None:
    got = enumerate_outcomes(lambda d: (d.roll(4) + d.roll(4)) % 2)
    assert sorted((s, p) for p, s in got) == [(0, Fraction(1, 2)), (1, Fraction(1, 2))]
    with pytest.raises(TooManyOutcomes):
        enumerate_outcomes(lambda d: d.roll(20) + d.roll(20), limit=100)

    def reroll_until_six(d: Any) -> int:  # a rule that rolls until something fits
        while d.roll(6) != 6:
            pass
        return 6

    with pytest.raises(TooManyOutcomes):
        enumerate_outcomes(reroll_until_six)


def test_sampling_estimates_with_weights_summing_to_one() -> None:
    got = sample_outcomes(lambda d: d.roll(2), random.Random(1), 50)
    assert sum(p for p, _ in got) == 1
    assert {s for _, s in got} == {1, 2}


def _positions(system: GameSystem[Any, Any], seed: int, wanted: int) -> list[tuple[Any, Any]]:
    """(state, action) pairs from random games where the system gives exact odds."""
    rng = random.Random(seed)
    found: list[tuple[Any, Any]] = []
    while len(found) < wanted:
        s = system.new_game({})
        while system.result(s) is None and len(found) < wanted:
            acts = list(system.legal_actions(s))
            with_odds = [a for a in acts if system.odds(s, a)]
            if with_odds:
                found.append((s, rng.choice(with_odds)))
            s, _ = system.apply(s, rng.choice(acts), RandomDice(rng.getrandbits(32)))
    return found


def _wargame_slain(before: Any, action: Any, after: Any) -> bool:
    defender = before.board[action.target]
    return bool(after.by_key[defender.key].zone is not Zone.BOARD)


def test_wargame_attack_outcomes_match_its_odds() -> None:
    for state, action in _positions(WARGAME, 3, 4):
        odds = WARGAME.odds(state, action)
        assert odds is not None
        fast = WARGAME.outcomes(state, action)
        assert sum(p for p, _ in fast) == 1
        slain = sum(p for p, s in fast if _wargame_slain(state, action, s))
        assert slain == odds["slays"]
    # the generic enumeration (every die of the Attack) agrees exactly with the odds too
    state, action = _positions(WARGAME, 5, 1)[0]
    generic = GameSystem.outcomes(WARGAME, state, action)
    assert sum(p for p, _ in generic) == 1
    odds = WARGAME.odds(state, action)
    assert odds is not None
    assert sum(p for p, s in generic if _wargame_slain(state, action, s)) == odds["slays"]


def _took(s: Any, attacker: str, defender: str, to: Any) -> bool:
    """The defender is gone and the attacker stands in its place (or took the King)."""
    gone = all(q.key != defender for q in s.pieces)
    there = any(q.key == attacker and q.square == to for q in s.pieces)
    return gone and (there or s.outcome is not None)


def test_d20_capture_outcomes_match_its_odds() -> None:
    for state, action in _positions(D20, 4, 6):
        odds = D20.odds(state, action)
        assert odds is not None
        outs = D20.outcomes(state, action)
        assert sum(p for p, _ in outs) == 1
        attacker, defender = state.at(action.origin), state.at(action.to)

        captured = sum(p for p, s in outs if _took(s, attacker.key, defender.key, action.to))
        assert captured == odds["capture"]


def test_card_game_actions_are_certain_and_the_shuffle_too_many() -> None:
    s0 = CARDS.new_game({})
    with pytest.raises(TooManyOutcomes):
        CARDS.outcomes(s0, CARDS.legal_actions(s0)[0], limit=50)
    s, _ = CARDS.apply(s0, CARDS.legal_actions(s0)[0], RandomDice(2))
    for a in CARDS.legal_actions(s):
        outs = CARDS.outcomes(s, a)
        assert [p for p, _ in outs] == [1]
        assert outs[0][1] == CARDS.apply(s, a, RandomDice(0), player=CARDS.decider(s))[0]
    assert CARDS.decider(s) in tuple(Player)
