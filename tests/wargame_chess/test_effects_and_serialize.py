"""The plug-in points for faith mechanics, and saving/loading games as JSON."""

from collections.abc import Iterable
from dataclasses import replace

import pytest

from rules.core.errors import ReplayError
from rules.wargame_chess.actions import Activate, Attack, GiveTokens, Move
from rules.wargame_chess.board import Player, Square
from rules.wargame_chess.dice import Modifier, ModKind
from rules.wargame_chess.effects import REGISTRY, GameEffect, register
from rules.wargame_chess.engine import Transaction, replay_state, undo
from rules.wargame_chess.scenario import scenario
from rules.wargame_chess.serialize import dumps, loads
from rules.wargame_chess.state import (
    Decision,
    Piece,
    RollEffect,
    RollEffectKind,
    Token,
    Until,
    Zone,
)
from tests.helpers import step

W, B = Player.WHITE, Player.BLACK
sq = Square.parse


class BishopBonus(GameEffect):
    """Like the rules' +X example: every Bishop gets +3."""

    name = "test-bishop-bonus"

    def roll_effects(
        self, tx: Transaction, piece: Piece, opponent: Piece | None
    ) -> Iterable[RollEffect]:
        if piece.kind.value == "bishop":
            yield RollEffect(RollEffectKind.MODIFIER, Until.GAME, Modifier(ModKind.PLUS, 3, "test"))
        return


class NoAdvantageSpending(GameEffect):
    name = "test-no-advantage"

    def may_spend_advantage(self, tx: Transaction, piece: Piece) -> bool:
        return False


class Unslayable(GameEffect):
    name = "test-unslayable-pawns"

    def can_be_slain(self, tx: Transaction, piece: Piece) -> bool:
        return piece.kind.value != "pawn"


class BlessOnActivation(GameEffect):
    name = "test-bless-on-activation"

    def on_activation_start(self, tx: Transaction, piece_key: str) -> None:
        tx.bless(piece_key, "test effect")


@pytest.fixture(autouse=True)
def _effects() -> Iterable[None]:
    for e in (BishopBonus(), NoAdvantageSpending(), Unslayable(), BlessOnActivation()):
        register(e)
    yield
    for name in list(REGISTRY):
        if name.startswith("test-"):
            del REGISTRY[name]


def test_passive_roll_effect_changes_a_roll() -> None:
    s = replace(scenario("Bc1 Kh1", "Pe3 Kh8"), effects=("test-bishop-bonus",))
    s, _ = step(s, Activate("White B1"))
    s, ev = step(s, Attack("White B1", sq("e3")), [3, 4, 4, 4])
    rolled = next(e for e in ev if e.kind == "rolled" and e.get("piece") == "White B1")
    assert rolled.get("total") == 10  # 7 + 3, and 10 > 8 slays
    assert s.piece("Black P1").zone is Zone.SLAIN


def test_effect_can_forbid_spending_advantage() -> None:
    s = replace(scenario("Pd4 Kh1", "Pe5 Kh8"), effects=("test-no-advantage",))
    s, _ = step(s, GiveTokens(W, "White P1", Token.ADVANTAGE, 1))
    s, _ = step(s, Activate("White P1"))
    s, _ = step(s, Attack("White P1", sq("e5")), [1, 1, 2, 2])
    assert s.piece("White P1").advantage == 1  # no decision was offered, nothing spent


def test_effect_can_prevent_slaying() -> None:
    s = replace(scenario("Pd4 Kh1", "Pe5 Kh8"), effects=("test-unslayable-pawns",))
    s, _ = step(s, Activate("White P1"))
    s, _ = step(s, Attack("White P1", sq("e5")), [4, 4, 1, 1])
    assert s.pending is not None and s.pending.decision is Decision.MOVE_ASIDE


def test_trigger_at_activation_start() -> None:
    s = replace(scenario("Pd4 Kh1", "Pe5 Kh8"), effects=("test-bless-on-activation",))
    s, ev = step(s, Activate("White P1"))
    assert s.piece("White P1").blessed
    assert any(e.kind == "bless" for e in ev)


def _short_game():  # type: ignore[no-untyped-def]
    s = scenario("Pd4 Kh1", "Pe5 Kh8", trees="a5")
    s, _ = step(s, GiveTokens(B, "Black P1", Token.ADVANTAGE, 1))
    s, _ = step(s, Activate("White P1"))
    s, _ = step(s, Move("White P1", sq("d3")))
    return s


def test_json_round_trip_replays_to_the_same_state() -> None:
    s = _short_game()
    text = dumps(s)
    assert '"version":1' in text
    again = loads(text)
    assert again == s
    assert replay_state(s) == s


def test_undo_replays_all_but_the_last_action() -> None:
    s = _short_game()
    u = undo(s)
    assert u.pending is not None and u.pending.decision is Decision.ACT
    assert len(u.history) == len(s.history) - 1


def test_tampered_logs_are_refused() -> None:
    s = _short_game()
    bad = dumps(s).replace('"to":"d3"', '"to":"d7"')
    with pytest.raises(ReplayError, match="not legal"):
        loads(bad)
    with pytest.raises(ReplayError, match="not valid JSON"):
        loads("{")
    with pytest.raises(ReplayError, match="newer"):
        loads(dumps(s).replace('"version":1', '"version":99'))


class CountBetween(GameEffect):
    name = "test-between"

    def between_activations(self, tx: Transaction, last_piece: str) -> None:
        tx.emit("between", f"between Activations after {last_piece}")


def test_between_activations_trigger() -> None:
    register(CountBetween())
    s = replace(scenario("Pd4 Kh1", "Pe5 Kh8"), effects=("test-between",))
    s, _ = step(s, Activate("White K1"))
    s, ev = step(s, Move("White K1", sq("g1")))
    assert ev[-1].kind == "between" and "White K1" in ev[-1].text
