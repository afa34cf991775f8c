"""``outcomes``: every chance outcome of an action with its exact probability, summing to 1 and
agreeing with each system's own exact odds."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest

from rules.ai.evaluation import WIN, evaluate
from rules.card_game.system import SYSTEM as CARDS
from rules.chess28.system import SYSTEM as CHESS28
from rules.core.board import Player, Square
from rules.core.chance import TooManyOutcomes, enumerate_outcomes, sample_outcomes
from rules.core.dice import RandomDice
from rules.core.system import GameSystem
from rules.d20_chess.system import SYSTEM as D20
from rules.wargame_chess import actions as WA
from rules.wargame_chess import ai as wargame_ai
from rules.wargame_chess.scenario import scenario as wc_scenario
from rules.wargame_chess.state import Decision, Zone
from rules.wargame_chess.system import SYSTEM as WARGAME
from tests.helpers import step


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


def _attack_with_tokens(white: str, black: str, label: str, target: str) -> Any:
    """White's piece ``label`` Attacks ``target``, every piece so labelled holding an Advantage
    token: the attacker's token decision waits."""
    s = wc_scenario(white, black)
    s = replace(
        s, pieces=tuple(replace(p, advantage=1) if p.label == label else p for p in s.pieces)
    )
    s, _ = step(s, WA.Activate(f"White {label}"))
    s, _ = step(s, WA.Attack(f"White {label}", Square.parse(target)))
    assert s.pending.decision is Decision.ATTACKER_TOKEN
    return s


def _token_attack(use_first: bool | None = None) -> tuple[Any, Any]:
    """White's Pawn (an Advantage token) Attacks Black's Pawn (an Advantage token too): the
    attacker's token decision waits, then the defender's."""
    s = _attack_with_tokens("Ke1 Pd4", "Kh8 Pe5", "P1", "e5")
    if use_first is not None:
        s, _ = step(s, WA.UseToken(use_first))
        assert s.pending.decision is Decision.DEFENDER_TOKEN
    return s, s.attack


def test_wargame_an_advantage_token_decision_has_the_attacks_two_outcomes_at_exact_odds() -> None:
    """Spending or keeping an Advantage token rolls the Attack (once no other token decision
    waits): its outcomes are the Attack's success and failure at the exact odds, the same as
    every die enumerated, never a few sampled rolls; a decision that rolls nothing yet has
    one outcome."""
    s, _ = _token_attack()
    for use in (True, False):  # the defender's decision is next: nothing is rolled yet
        outs = WARGAME.outcomes(s, WA.UseToken(use))
        assert len(outs) == 1 and outs[0][0] == 1
        assert outs[0][1].pending.decision is Decision.DEFENDER_TOKEN
    seen = set()
    for first in (True, False):
        s, att = _token_attack(first)
        for use in (True, False):
            action = WA.UseToken(use)
            odds = WARGAME.odds(s, action)
            assert odds is not None
            seen.add(odds["slays"])
            fast = WARGAME.outcomes(s, action)
            assert sum(p for p, _ in fast) == 1 and len(fast) == 2
            slain = sum(p for p, n in fast if n.by_key[att.defender].zone is not Zone.BOARD)
            assert slain == odds["slays"]
            generic = GameSystem.outcomes(WARGAME, s, action, limit=1000)  # 2D4 against 2D4
            assert (
                sum(p for p, n in generic if n.by_key[att.defender].zone is not Zone.BOARD)
                == (odds["slays"])
            )
    assert len(seen) == 4  # each answer of each side's decision counts


def test_wargame_the_evaluation_counts_an_attack_waiting_on_a_token_at_its_odds() -> None:
    """While an Attack waits for a token decision its dice are not rolled: the evaluation is
    the expectation over its result (on the enemy Faction Leader: a win at the chance to slay),
    not the position as if it had missed; the greedy baseline's material likewise."""
    s = _attack_with_tokens("Ke1 Qd4", "Ke5 Pa7", "Q1", "e5")
    slay = float(WARGAME.odds(s, WA.UseToken(True))["slays"])
    assert 0.4 < slay < 1
    value = evaluate(WARGAME, s, Player.WHITE)
    held = wargame_ai._wargame_position(s, Player.WHITE, "")  # as if it had missed
    assert value == pytest.approx(slay * WIN + (1 - slay) * held)
    assert value > held
    assert value == pytest.approx(-evaluate(WARGAME, s, Player.BLACK))
    # after the roll: the win, or a miss worth less than the expectation
    for _, after in WARGAME.outcomes(s, WA.UseToken(True)):
        v = evaluate(WARGAME, after, Player.WHITE)
        assert (v >= WIN) if after.outcome is not None else (v < value)
    points = sum((1 if q.owner is Player.WHITE else -1) * q.points for q in s.board.values())
    assert points > 0
    material = evaluate(WARGAME, s, Player.WHITE, material_only=True)
    assert material == pytest.approx(slay * WIN + (1 - slay) * points)


@pytest.mark.parametrize("system", [WARGAME, CHESS28, D20, CARDS], ids=lambda s: s.id)
def test_positions_name_who_decided_each_logged_action_and_where(
    system: GameSystem[Any, Any],
) -> None:
    rng = random.Random(8)
    state = system.new_game({})
    seen: list[Player | None] = []
    while system.result(state) is None and len(seen) < 60:
        seen.append(system.decider(state))
        action = rng.choice(list(system.legal_actions(state)))
        state, _ = system.apply(state, action, RandomDice(rng.random()))
    assert len(set(seen)) == 2  # both players decided along the way
    positions = system.positions(state)
    assert [who for who, _ in positions] == seen
    assert [who for who, _ in system.positions(system.undo(state, 5))] == seen[:-5]
    for back in (1, 5, len(seen)):  # each position is the state that many undos give
        before = positions[-back][1]
        assert system.to_dict(before) == system.to_dict(system.undo(state, back))
        assert system.legal_actions(before) == system.legal_actions(system.undo(state, back))
