"""Hundreds of random d20 explorer chess games played to their end through ``legal_actions`` and
``apply``, with the invariants checked after every action and the log replayed at the end."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import pytest

from rules.core.actions import Action
from rules.core.dice import RandomDice
from rules.d20_chess.pieces import Kind
from rules.d20_chess.promotion import promotions
from rules.d20_chess.state import State
from rules.d20_chess.system import SYSTEM

GAMES = 200


def invariants(s: State, legal: Sequence[Action]) -> None:
    squares = [p.square for p in s.pieces]
    assert len(set(squares)) == len(squares), "two pieces on one square"
    keys = [p.key for p in s.pieces]
    assert len(set(keys)) == len(keys)
    drawn = [i for _, i in s.explored if i is not None]
    assert len(set(drawn)) == len(drawn), "a tile was drawn twice"
    assert sorted(drawn + list(s.pile)) == list(range(len(s.config.deck.tiles))), "a tile was lost"
    assert len({sq for sq, _ in s.explored}) == len(s.explored)
    assert all(sq.rank in s.config.explored_ranks for sq, _ in s.explored)
    assert all(i is None for _, i in s.explored) or len(s.pile) < len(s.config.deck.tiles)
    for p in s.pieces:
        assert p.xp >= 0, "negative XP"
        assert p.xp * 2 == int(p.xp * 2), "XP is kept in halves"
    assert sum(p.kind is Kind.DRAGON for p in s.pieces) <= 1
    assert s.dragon is None or s.lair is not None
    for key in s.offers:
        assert promotions(s.piece(key)), "an offer for a piece that cannot promote"
    if s.outcome is None:
        for side in (0, 1):
            assert any(p.kind is Kind.KING and p.owner == side for p in s.pieces)
        assert legal, "a player with nothing to do"
        assert s.moves < 2 * s.config.turn_limit
    else:
        assert s.offers == () and not legal


OPTION_SETS = [
    {},
    {"standard_army": True},
    {"wide_exploration": True},
    {"standard_army": True, "wide_exploration": True, "turn_limit": 40},
]


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o) or "default")
def test_random_games_end_and_keep_every_invariant(options: dict[str, object]) -> None:
    endings: Counter[str] = Counter()
    for seed in range(GAMES // len(OPTION_SETS)):
        rng = random.Random(seed)
        dice = RandomDice(seed)
        s = SYSTEM.new_game(options)
        legal = SYSTEM.legal_actions(s)
        invariants(s, legal)
        while legal:
            s, _ = SYSTEM.apply(s, rng.choice(list(legal)), dice)
            legal = SYSTEM.legal_actions(s)
            invariants(s, legal)
        result = SYSTEM.result(s)
        assert result is not None
        endings[result.reason] += 1
        if seed % 10 == 0:
            steps = ((st.action, st.rolls) for st in s.history)
            assert SYSTEM.replay(s.config, steps) == s
            assert SYSTEM.loads(SYSTEM.dumps(s)) == s
    assert endings["king"] > 0  # random games do reach a captured King
