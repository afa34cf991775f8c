"""Setting up (roll-off, Gambit Cards, terrain, chests, deployment) and the turn (three
activations, each model once, Refresh in place of one, the end of turn and the turn limit)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.chess28 import actions as A
from rules.chess28.engine import legal_actions
from rules.chess28.setup import roll_off
from rules.chess28.state import Phase, Zone
from rules.chess28.system import SYSTEM
from rules.core.dice import ScriptedDice
from rules.core.errors import IllegalAction, NotYourDecision
from tests.chess28.helpers import PLAIN, B, W, act, position, sq, texts

SHUFFLE = [1] * 15  # the Fisher-Yates rolls of the 16-card deck


def new(mode: str = "pinata"):  # type: ignore[no-untyped-def]
    return SYSTEM.new_game({"mode": mode})


def test_the_roll_off_rerolls_ties() -> None:
    winner, rolls = roll_off(ScriptedDice([3, 3, 6, 6, 2, 5]))
    assert winner is B and rolls == [(3, 3), (6, 6), (2, 5)]


def test_setup_deals_three_secret_cards_each_and_rolls_d3_minus_1_terrain() -> None:
    s, ev = act(new(), A.RollOff(), [*SHUFFLE, 4, 4, 2, 5, 3])
    assert s.first is B and s.to_act is B and s.terrain_left == (2, 2)
    assert len(s.hands[0]) == len(s.hands[1]) == 3 and len(s.deck) == 10
    assert sorted(s.deck + s.hands[0] + s.hands[1]) == list(range(1, 17))
    assert "face down" in texts(ev) and not any(str(c) in texts(ev) for c in ("Vault", "Dash"))
    assert s.phase is Phase.CHESTS
    s0, _ = act(new(), A.RollOff(), [*SHUFFLE, 6, 1, 1])
    assert s0.terrain_left == (0, 0)


def test_chests_then_terrain_alternate_from_the_first_player_outside_the_back_ranks() -> None:
    s, _ = act(new(), A.RollOff(), [*SHUFFLE, 2, 5, 2])  # Black first, one piece each
    assert {a.square for a in legal_actions(s)} == {sq("d8"), sq("e8")}
    s, _ = act(s, A.PlaceChest(sq("d8")))
    s, _ = act(s, A.PlaceChest(sq("e1")))
    assert s.phase is Phase.TERRAIN and s.to_act is B
    ranks = {a.square.rank for a in legal_actions(s)}
    assert ranks == {2, 3, 4, 5}, "never in either player's back two ranks"
    with pytest.raises(IllegalAction, match="outside both players' back two ranks"):
        act(s, A.PlaceTerrain("blocking", sq("d2")))
    s, _ = act(s, A.PlaceTerrain("perilous", sq("d5")))
    assert s.to_act is W
    s, _ = act(s, A.PlaceTerrain("moveable", sq("e4")))
    assert s.phase is Phase.DEPLOY and s.to_act is B


def test_deployment_alternates_on_the_backline_then_the_next_row_with_a_facing() -> None:
    s, _ = act(new("last-standing"), A.RollOff(), [*SHUFFLE, 5, 1, 1])
    assert s.phase is Phase.DEPLOY and s.to_act is W
    facings = {a.facing for a in legal_actions(s)}
    assert facings == {"N", "E", "S", "W"}
    assert {a.square.rank for a in legal_actions(s)} == {0}
    with pytest.raises(NotYourDecision):
        SYSTEM.apply(s, A.Deploy("B1", sq("a8"), "S"), ScriptedDice([]), player=B)
    order = []
    while s.phase is Phase.DEPLOY:
        a = legal_actions(s)[0]
        order.append(s.to_act)
        s, _ = act(s, a)
    assert order[:4] == [W, B, W, B] and s.phase is Phase.PLAY and s.to_act is W
    # Nine models each: the ninth goes onto the second row.
    assert sorted(u.square.rank for u in s.units_of(W)) == [0] * 8 + [1]


def test_three_activations_each_model_once_then_the_turn_passes() -> None:
    s = position([(PLAIN, f, "N") for f in ("a1", "c1", "e1", "g1")], [(PLAIN, "h8", "S")])
    s, _ = act(s, A.Move("W1", sq("a2"), "N"))
    with pytest.raises(IllegalAction, match="already been activated"):
        act(s, A.Move("W1", sq("a3"), "N"))
    s, _ = act(s, A.Move("W2", sq("c2"), "N"))
    s, ev = act(s, A.Move("W3", sq("e2"), "N"))
    assert s.to_act is B and s.turn == 2 and "Turn 2" in texts(ev)
    assert not any(u.activated for u in s.units)


def test_a_gambit_card_may_follow_the_third_activation() -> None:
    """Cards "played during your turn" may come after the last activation (ruling C28-27): a
    player who can pay for a card keeps the turn until they end it; one who cannot does not."""
    from rules.chess28 import cards as G

    three = [(PLAIN, f, "N") for f in ("a1", "c1", "e1")]
    s = position(three, [(PLAIN, "h8", "S")], hands=((G.FORTIFY,), ()), dead={W: [PLAIN]})
    for key, square in (("W1", "a2"), ("W2", "c2"), ("W3", "e2")):
        s, _ = act(s, A.Move(key, sq(square), "N"))
    assert s.to_act is W and s.activations == 3
    assert not any(isinstance(a, A.Move) for a in legal_actions(s))  # no fourth activation
    assert A.PlayGambit(G.FORTIFY) in legal_actions(s)
    from bot.chess28.text import prompt

    assert "no activations left; play a Gambit Card (`gambit`) or `end` the turn" in prompt(s)
    said = prompt(s, discord=True)
    assert "play a Gambit Card with `/chess28 gambit`, or end the turn (the button below" in said
    from bot import systems

    menu = systems.get("chess28").menu(s)  # the end of the turn alone: one button
    assert menu is not None and menu.public
    assert menu.entries == () and menu.command == ("endturn", "End the turn")
    s, ev = act(s, A.EndTurn())
    assert s.to_act is B and "Turn 2" in texts(ev)
    empty = position(three, [(PLAIN, "h8", "S")], hands=((G.FORTIFY,), ()))  # none to drain
    for key, square in (("W1", "a2"), ("W2", "c2"), ("W3", "e2")):
        empty, _ = act(empty, A.Move(key, sq(square), "N"))
    assert empty.to_act is B


def test_end_turn_early_and_refresh_takes_an_activation_once_per_turn() -> None:
    s = position([(PLAIN, "a1", "N"), (PLAIN, "c1", "N")], [(PLAIN, "h8", "S")])
    s = s.with_unit(replace(s.unit("W2"), zone=Zone.DRAINED, square=None))
    s = replace(s, units=(*s.units,))
    s2, _ = act(s, A.EndTurn())
    assert s2.to_act is B
    s, _ = act(s, A.Refresh("W2"))
    assert s.unit("W2").zone is Zone.DEAD and s.activations == 1 and s.refreshed
    assert not any(isinstance(a, A.Refresh) for a in legal_actions(s))


def test_the_turn_limit_ends_the_game_in_a_draw() -> None:
    s = position([(PLAIN, "a1", "N")], [(PLAIN, "h8", "S")])
    s = replace(s, config=replace(s.config, turn_limit=2), turn=2)
    s, _ = act(s, A.EndTurn())
    assert s.phase is Phase.OVER and s.winner is None and "turn limit" in s.reason
    assert legal_actions(s) == []
    result = SYSTEM.result(s)
    assert result is not None and result.reason == "turn_limit"


def test_a_concession_ends_the_game_and_only_the_player_concedes() -> None:
    s = position([(PLAIN, "a1", "N")], [(PLAIN, "h8", "S")])
    with pytest.raises(NotYourDecision):
        SYSTEM.apply(s, A.Concede(W), ScriptedDice([]), player=B)
    s, _ = act(s, A.Concede(B))
    result = SYSTEM.result(s)
    assert s.winner is W and result is not None and result.reason == "conceded"


def test_a_game_made_without_a_mode_asks_white_first_and_random_rolls_for_it() -> None:
    s = SYSTEM.new_game({})
    assert s.phase is Phase.MODE and s.decider is W and len(legal_actions(s)) == 6
    with pytest.raises(NotYourDecision):
        SYSTEM.apply(s, A.ChooseMode("pinata"), ScriptedDice([]), player=B)
    rolled, ev = act(s, A.ChooseMode("random", True), [2, *SHUFFLE, 6, 1, 1])
    assert rolled.mode.value == "last-standing" and rolled.desperation
    assert "by a die roll" in texts(ev) and rolled.phase is Phase.DEPLOY
    chosen, _ = act(s, A.ChooseMode("pinata"), [*SHUFFLE, 6, 1, 1])
    assert chosen.mode.value == "pinata" and chosen.phase is Phase.CHESTS
    assert SYSTEM.loads(SYSTEM.dumps(rolled)) == rolled


def test_a_game_names_the_side_whose_party_is_not_legal() -> None:
    from rules.core.errors import InvalidTeam

    with pytest.raises(InvalidTeam) as e:
        SYSTEM.new_config({"parties": ("Brute", "Brute, Gremlin")})
    assert str(e.value).startswith("These parties are not legal: Black: "), str(e.value)
    assert "Gremlin" in str(e.value) and "White" not in str(e.value)


def test_the_terrain_prompt_offers_a_large_piece_only_when_one_may_be_placed() -> None:
    from bot.chess28.text import prompt

    s, _ = act(new(), A.RollOff(), [*SHUFFLE, 2, 5, 2])  # one piece each
    s, _ = act(s, A.PlaceChest(sq("d8")))
    s, _ = act(s, A.PlaceChest(sq("e1")))
    seen = set()
    for first in range(2):  # Black's piece, each way: then White's prompt
        t, _ = act(s, next(a for a in legal_actions(s) if bool(a.extra) is bool(first)))
        for state in (s, t):
            if state.phase is not Phase.TERRAIN:
                continue
            large = any(isinstance(a, A.PlaceTerrain) and a.extra for a in legal_actions(state))
            assert ("`terrain blocking d4 e4`" in prompt(state)) is large, prompt(state)
            assert "`terrain blocking d4`" in prompt(state)
            seen.add(large)
    assert seen == {True, False}  # both prompts were met


def test_the_heroic_fortune_question_says_what_a_re_roll_costs() -> None:
    from rules.chess28.cards import find_card

    assert find_card("awe").effect.startswith("Choose a friendly model: every model next to it")
    from tests.chess28.helpers import PLAIN, position

    s = position([(PLAIN, "d4", "N")], [(PLAIN, "d5", "S")], dead={W: [PLAIN]})
    s, _ = act(s, A.Melee("W1", sq("d5")), [1, 1])
    assert s.pending is not None and s.pending.kind == "reroll_attack"
    assert (
        s.pending.text == "White may re-roll (Heroic Fortune: it drains one of their dead models)"
    )


def test_with_no_activation_left_the_console_offers_a_gambit_only_if_one_can_be_played() -> None:
    from bot.chess28.text import prompt
    from tests.chess28.helpers import PLAIN, position

    s = position([(PLAIN, "d4", "N")], [(PLAIN, "d6", "S")], activations=3, limit=3)
    assert not any(isinstance(a, A.PlayGambit) for a in legal_actions(s))
    assert prompt(s) == "White: no activations left and no Gambit Card to play now: `end` the turn."
    # in Discord the words are public: they never tell whether the cards can be played
    assert "play a Gambit Card with `/chess28 gambit`" in prompt(s, discord=True)
