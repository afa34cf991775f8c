"""``outcomes``: every chance outcome of an action with its exact probability, summing to 1 and
agreeing with each system's own exact odds."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest

from rules.card_game.system import SYSTEM as CARDS
from rules.chess28.system import SYSTEM as CHESS28
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


def _positions(
    system: GameSystem[Any, Any], seed: int, wanted: int, of_interest: Any = None
) -> list[tuple[Any, Any]]:
    """(state, action) pairs from random games, one of the actions ``of_interest(state,
    action)`` picks at each state that has some (by default those the system gives odds of)."""
    rng = random.Random(seed)
    pick = of_interest or (lambda s, a: bool(system.odds(s, a)))
    found: list[tuple[Any, Any]] = []
    while len(found) < wanted:
        s = system.new_game({})
        while system.result(s) is None and len(found) < wanted:
            acts = list(system.legal_actions(s))
            chosen = [a for a in acts if pick(s, a)]
            if chosen:
                found.append((s, rng.choice(chosen)))
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


def _d20_canon(s: Any) -> Any:
    """A d20 position with each tile named by what it is, not by its place in the deck (two
    copies of one tile are interchangeable) and the pile as a multiset."""
    tiles = s.config.deck.tiles
    explored = tuple((sq, None if i is None else tiles[i]) for sq, i in s.explored)
    pile = sorted(repr(tiles[i]) for i in s.pile)
    rest = (s.to_act, s.moves, s.initiative, s.lair, s.dragon_out, s.offers, s.events_done)
    return (s.pieces, explored, tuple(pile), rest, s.outcome)


def _captures_and_explorations(s: Any, a: Any) -> bool:
    to = getattr(a, "to", None)
    return to is not None and (s.at(to) is not None or s.is_unexplored(to))


def test_d20_face_classes_equal_every_face_played_out() -> None:
    """d20 plays one face of each class (a capture's natural 1, capture, repelled; each kind
    of tile in the pile): the same positions, up to which copy of a tile was drawn, with the
    same probabilities as playing out every face of every die."""
    compared = {"capture": 0, "explore": 0}
    for state, action in _positions(D20, 7, 40, _captures_and_explorations):
        fast = D20.outcomes(state, action)
        assert sum(p for p, _ in fast) == 1
        try:
            slow = GameSystem.outcomes(D20, state, action, limit=5000)
        except TooManyOutcomes:
            continue
        want: dict[Any, Fraction] = {}
        for p, s in slow:
            want[_d20_canon(s)] = want.get(_d20_canon(s), Fraction(0)) + p
        got: dict[Any, Fraction] = {}
        for p, s in fast:
            got[_d20_canon(s)] = got.get(_d20_canon(s), Fraction(0)) + p
        assert got == want
        compared["capture" if state.at(action.to) is not None else "explore"] += 1
    assert compared["capture"] >= 3 and compared["explore"] >= 3, compared


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


@pytest.mark.parametrize("system", [D20, WARGAME, CARDS, CHESS28], ids=lambda s: s.id)
def test_apply_fast_gives_the_position_apply_gives(system: GameSystem[Any, Any]) -> None:
    """The search's apply (no second check, no log) lands on the same position as the real
    apply, with the same dice, for every legal action along random games."""
    from rules.core.chance import merge_key

    rng = random.Random(11)
    checked = 0
    for _ in range(2):
        s = system.new_game({})
        for _ in range(60):
            if system.result(s) is not None:
                break
            acts = list(system.legal_actions(s))
            for a in rng.sample(acts, min(3, len(acts))):
                seed = rng.getrandbits(32)
                fast = system.apply_fast(s, a, RandomDice(seed))
                real = system.apply(s, a, RandomDice(seed))[0]
                assert merge_key(fast) == merge_key(real)
                checked += 1
            s, _ = system.apply(s, rng.choice(acts), RandomDice(rng.getrandbits(32)))
    assert checked > 100
