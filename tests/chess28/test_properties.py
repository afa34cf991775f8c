"""Random legal games played to the end through legal_actions/apply, with invariants, replay
and save/load checked."""

from __future__ import annotations

import random

import pytest

from rules.chess28 import actions as A
from rules.chess28.charts import Facing
from rules.chess28.state import CHEST_HP, GameState, Phase, Zone
from rules.chess28.system import SYSTEM
from rules.core.dice import RandomDice

GAMES = 120


def invariants(s: GameState, before: GameState | None) -> None:
    squares = [u.square for u in s.units if u.on_board]
    dying = {t.unit for t in s.tasks if t.kind == "remove"}  # a Last Gasp window is open
    if s.phase is Phase.OVER and before is not None:  # a Last Gasp that ended the game
        dying |= {t.unit for t in before.tasks if t.kind == "remove"}
    assert None not in squares and len(set(squares)) == len(squares), "one model per square"
    for u in s.units:
        assert u.facing in tuple(Facing)
        if u.on_board:
            assert 0 <= u.wounds < u.model.hp or u.key in dying, "wounds below HP in play"
            t = s.terrain_at(u.square)  # type: ignore[arg-type]
            assert t is None or not t.blocks, "no model on Blocking terrain"
        else:
            assert u.square is None
    for t in s.terrain:
        assert t.wounds < CHEST_HP
    covered = [sq for t in s.terrain for sq in t.squares]
    assert len(set(covered)) == len(covered), "one terrain piece to a square"
    for t in s.terrain:  # a large piece: two squares side by side wherever it is shoved
        if t.extra is not None:
            assert abs(t.square.file - t.extra.file) + abs(t.square.rank - t.extra.rank) == 1, t
    cards = [c for h in s.hands for c in h] + list(s.deck)
    assert len(cards) == len(set(cards)) and all(1 <= c <= 16 for c in cards)
    if before is not None and before.phase is Phase.PLAY and s.turn == before.turn:
        # No model is activated twice in a turn (Haste aside): activated stays set.
        for a, b in zip(before.units, s.units, strict=True):
            if a.activated and a.key not in s.haste:
                assert b.activated
        assert s.activations >= before.activations
    assert s.activations <= s.limit
    if s.phase is Phase.OVER:
        assert SYSTEM.result(s) is not None and SYSTEM.legal_actions(s) == []
    else:
        assert SYSTEM.legal_actions(s), "a player with nothing to do"


def play(seed: int) -> GameState:
    rng = random.Random(seed)
    options = {
        "mode": rng.choice(["pinata", "last-standing"]),
        "desperation": rng.random() < 0.5,
        "turn_limit": 24,
    }
    s = SYSTEM.new_game(options)
    dice = RandomDice(seed)
    before = None
    while SYSTEM.result(s) is None:
        acts = SYSTEM.legal_actions(s)
        fights = [a for a in acts if isinstance(a, A.Melee | A.Shoot | A.Charge | A.PlayGambit)]
        if fights and rng.random() < 0.6:
            a = rng.choice(fights)
        else:
            a = rng.choice([x for x in acts if not isinstance(x, A.EndTurn)] or acts)
        before, (s, _) = s, SYSTEM.apply(s, a, dice)
        invariants(s, before)
    return s


@pytest.mark.parametrize("block", range(4))
def test_random_games_end_and_replay(block: int) -> None:
    ended: dict[str, int] = {}
    won = 0
    for seed in range(block * GAMES // 4, (block + 1) * GAMES // 4):
        s = play(seed)
        r = SYSTEM.result(s)
        assert r is not None
        ended[r.reason] = ended.get(r.reason, 0) + 1
        won += r.winner is not None
        if seed % 6 == 0:
            assert SYSTEM.loads(SYSTEM.dumps(s)) == s
            cfg = SYSTEM.config_of(s)
            assert SYSTEM.replay(cfg, ((st.action, st.rolls) for st in s.history)) == s
    assert won > 0, ended
    assert "other" not in ended, ended  # every way a game ends has its reason code


def test_dead_models_are_never_on_the_board() -> None:
    s = play(7)
    for u in s.units:
        if u.zone in (Zone.DEAD, Zone.DRAINED):
            assert u.square is None
