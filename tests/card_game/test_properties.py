"""Random legal games of Chess: The Card Game, played to their end from seeded dice, with the
invariants checked after every action, and the log replayed."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from rules.card_game.combat import health_of
from rules.card_game.decks import STARTERS
from rules.card_game.engine import decider, legal_actions
from rules.card_game.state import GameState, Phase
from rules.card_game.system import SYSTEM
from rules.core.board import Player
from rules.core.dice import RandomDice

GAMES = 240


def accounted(s: GameState, p: Player) -> list[int]:
    side = s.side(p)
    cards = [*side.hand, *side.deck, *side.captured, *side.burn, *side.statics]
    for u in s.units:
        if u.owner is p:
            cards += [u.cid, *u.equips]
    prog = s.program
    paid = prog is not None and prog.kind == "hand" and prog.committed and prog.owner is p
    if prog is not None and paid and prog.source not in cards:
        cards.append(prog.source)  # paid for, on its way to the board or the Burn pile
    if s.combat is not None and s.combat.incoming is not None and s.combat.incoming.owner is p:
        cards.append(s.combat.incoming.cid)
    return sorted(cards)


def invariants(s: GameState) -> None:
    squares = [u.square for u in s.units]
    assert len(set(squares)) == len(squares), "two units on one square"
    for p in Player:
        assert accounted(s, p) == [p * 100 + i for i in range(1, 31)], "a card was lost"
        assert s.side(p).material >= 0
        assert 0 <= s.side(p).burned <= 3
        assert s.side(p).mulliganed <= 2
        statics = [s.card(t).name for t in s.side(p).statics]
        assert len(set(statics)) == len(statics), "two copies of one Static"
    if s.program is None and s.outcome is None:
        assert all(health_of(s, u) > 0 for u in s.units), "a destroyed unit is on the board"
    if s.outcome is None:
        assert decider(s) is not None and legal_actions(s), "nobody can act"
    else:
        assert s.phase is Phase.OVER and not legal_actions(s)


def play(seed: int) -> tuple[GameState, int]:
    rng = random.Random(seed)
    dice = RandomDice(seed)
    decks = rng.sample(sorted(STARTERS), 2)
    s = SYSTEM.new_game({"decks": decks})
    n = 0
    while SYSTEM.result(s) is None:
        acts = SYSTEM.legal_actions(s)
        s, _ = SYSTEM.apply(s, rng.choice(acts), dice, player=decider(s))
        invariants(s)
        n += 1
    return s, n


def test_random_games_end_and_keep_every_invariant() -> None:
    ends: Counter[str] = Counter()
    for seed in range(GAMES):
        s, n = play(seed)
        result = SYSTEM.result(s)
        assert result is not None and n > 10
        ends[result.reason] += 1
        if seed % 20 == 0:  # the log rebuilds the identical game
            assert SYSTEM.loads(SYSTEM.dumps(s)) == s
            assert SYSTEM.replay(s.config, ((st.action, st.rolls) for st in s.history)) == s
    assert ends["king"] > 0 and sum(ends.values()) == GAMES


@pytest.mark.parametrize("seed", [3, 7])
def test_a_game_replays_from_any_point(seed: int) -> None:
    s, n = play(seed)
    mid = SYSTEM.undo(s, n // 2)
    assert mid.history == s.history[: len(s.history) - n // 2]
    assert SYSTEM.loads(SYSTEM.dumps(mid)) == mid
