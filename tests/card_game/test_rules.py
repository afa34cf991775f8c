"""Every rule of Chess: The Card Game v1.9.2: setup, the turn, playing and moving, combat,
Kings, victory; the rulebook's annotated example turn."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.card_game import actions as A
from rules.card_game.battlefield import GRID
from rules.card_game.engine import decider, legal_actions
from rules.card_game.state import Phase
from rules.card_game.system import SYSTEM
from rules.card_game.zones import king_health
from rules.core.dice import RandomDice, ScriptedDice
from rules.core.errors import IllegalAction, NotYourDecision
from tests.card_game.helpers import (
    B,
    Build,
    W,
    act,
    events,
    hand_names,
    hands,
    pass_windows,
    pick,
    texts,
    with_side,
)

sq = GRID.parse


# ---- Game Setup ----
def test_setup_reveals_kings_picks_the_first_player_by_die_and_deals_five() -> None:
    s = SYSTEM.new_game({"decks": ("Clubs starter", "Diamonds starter")})
    assert s.phase is Phase.SETUP and legal_actions(s) == [A.Begin()]
    s, ev = SYSTEM.apply(s, A.Begin(), RandomDice(4))
    assert "White reveals the King of Clubs" in texts(ev)
    assert "Black reveals the King of Diamonds" in texts(ev)
    assert s.phase is Phase.MULLIGAN and s.active is s.first
    roll = s.history[-1].rolls[-1]
    assert roll[0] == 2 and s.first is (W if roll[1] == 1 else B)  # the die decides
    for p in (W, B):
        assert len(s.side(p).hand) == 5 and len(s.side(p).deck) == 25
        assert s.side(p).material == 0
    # Shuffles go through the dice: another seed deals another order, the log replays it.
    other, _ = SYSTEM.apply(SYSTEM.new_game({}), A.Begin(), RandomDice(5))
    assert (
        other.sides[0].deck
        != SYSTEM.apply(SYSTEM.new_game({}), A.Begin(), RandomDice(4))[0].sides[0].deck
    )
    assert SYSTEM.loads(SYSTEM.dumps(s)) == s


def dealt(seed: int = 1) -> tuple:
    s = SYSTEM.new_game({"decks": ("Spades starter", "Hearts starter")})
    s, _ = SYSTEM.apply(s, A.Begin(), RandomDice(seed))
    return s, s.first


def test_mulligan_puts_up_to_two_cards_on_the_bottom_in_order_then_draws_back_to_five() -> None:
    s, first = dealt()
    hand = s.side(first).hand
    top = s.side(first).deck[:2]
    s = act(s, A.Mulligan(hand[3]), A.Mulligan(hand[0]))
    assert s.side(first).deck[-2:] == (hand[3], hand[0])  # the order chosen
    assert not any(isinstance(a, A.Mulligan) for a in legal_actions(s))  # two at most
    s = act(s, A.KeepHand())
    assert s.side(first).hand == (*hand[1:3], hand[4], *top)
    assert s.active is first.other and s.phase is Phase.MULLIGAN


def test_first_turns_material_and_draws_with_the_second_players_bonus() -> None:
    s, first = dealt()
    s = act(s, A.KeepHand(), A.KeepHand())
    assert s.turn == 1 and s.active is first and s.phase is Phase.BURN
    assert s.side(first).material == 1 and len(s.side(first).hand) == 7  # +1, drew 2
    s = act(s, A.StopBurning(), A.EndTurn())
    assert s.active is first.other and s.side(first.other).material == 2  # +1 and the bonus
    s = act(s, A.StopBurning(), A.EndTurn())
    assert s.side(first).material == 2  # no bonus after the first turn


def test_not_your_decision_and_illegal_actions_change_nothing() -> None:
    s, first = dealt()
    with pytest.raises(NotYourDecision):
        SYSTEM.apply(s, A.KeepHand(), ScriptedDice([]), player=first.other)
    with pytest.raises(IllegalAction, match="not in your hand"):
        SYSTEM.check(s, A.Mulligan(s.side(first.other).hand[0]))


# ---- the Material Phase ----
def test_burning_up_to_three_cards_for_their_material_value() -> None:
    b = Build()
    cards = [b.add(W, n) for n in ("Spade Rook", "Pawn", "Fork", "Pin")]
    s = b.state(material=(1, 0), phase=Phase.BURN)
    s, ev = events(s, A.Burn(cards[0]))
    assert s.side(W).material == 5 and cards[0] in s.side(W).burn
    assert "burns Spade Rook for 4 Material" in texts(ev)
    s = act(s, A.Burn(cards[1]), A.Burn(cards[2]))
    assert s.side(W).material == 8 and s.phase is Phase.MAIN  # three burned: no more
    assert not any(isinstance(a, A.Burn) for a in legal_actions(s))


def test_the_count_of_burns_starts_again_each_turn() -> None:
    b = Build()
    cards = [b.add(W, n) for n in ("Pawn", "Knight", "Rook", "Bishop")]
    b.add(W, "Fork", "deck")
    b.add(B, "Pin", "deck")
    s = act(b.state(phase=Phase.BURN), *(A.Burn(c) for c in cards[:3]))
    assert s.side(W).burned == 3 and s.phase is Phase.MAIN
    s = act(s, A.EndTurn(), A.StopBurning(), A.EndTurn())
    assert s.active is W and s.phase is Phase.BURN and s.side(W).burned == 0
    assert A.Burn(cards[3]) in legal_actions(s)


# ---- playing pieces ----
def test_a_piece_is_paid_for_and_enters_your_base_tired() -> None:
    b = Build()
    knight = b.add(W, "Knight")
    s = b.state(material=(3, 0))
    s = act(s, A.PlayCard(knight))
    assert s.program is not None and {k for k, _ in s.program.options} >= {"a1", "e1"}
    assert "a2" not in dict(s.program.options)  # only the Base
    s = pick(s, "c1")
    u = s.at(sq("c1"))
    assert u is not None and u.tired and s.side(W).material == 1 and knight not in s.side(W).hand


def test_first_move_enters_ready_and_may_act_at_once() -> None:
    b = Build()
    pawn = b.add(W, "Pawn")
    s = pick(act(b.state(), A.PlayCard(pawn)), "b1")
    assert A.Move(pawn, sq("b2")) in legal_actions(s)


def test_not_onto_your_own_unit_and_cancel_changes_nothing() -> None:
    b = Build()
    for f in "abcd":
        b.unit(W, "Pawn", f"{f}1")
    rook = b.add(W, "Rook")
    s = b.state()
    s = act(s, A.PlayCard(rook))
    assert [k for k, _ in s.program.options] == ["e1", "cancel"]
    before = s
    s = pick(s, "Cancel")
    assert s.program is None and rook in s.side(W).hand and s.side(W).material == 10
    assert before.side(W).material == 10
    b.unit(W, "Pawn", "e1")
    full = b.state()
    assert A.PlayCard(rook) not in legal_actions(full)
    with pytest.raises(IllegalAction, match="every square of your Base"):
        SYSTEM.check(full, A.PlayCard(rook))


def test_not_enough_material_is_refused_with_the_cost() -> None:
    b = Build()
    rook = b.add(W, "Rook")
    with pytest.raises(IllegalAction, match="costs 5 Material and you have 4"):
        SYSTEM.check(b.state(material=(4, 0)), A.PlayCard(rook))


def test_a_showdown_fights_the_enemy_in_your_base() -> None:
    b = Build()
    hands(b)  # (a card in each hand: an empty hand's windows are skipped)
    intruder = b.unit(B, "Knight", "c1")  # 4/3
    bishop = b.add(W, "Bishop")  # 5/2
    asked = act(b.state(), A.PlayCard(bishop))
    labels = dict(asked.program.options)  # the choice names who stands there
    assert labels["c1"] == "c1 (Black's Knight)" and labels["a1"] == "a1", labels
    s = pick(asked, "c1")
    assert s.combat is not None and s.combat.showdown and s.combat.defender == intruder
    s = pass_windows(s)
    # Both deal damage at once: both fall.
    assert s.at(sq("c1")) is None
    assert intruder in s.side(B).captured and bishop in s.side(W).captured


def test_a_showdown_won_takes_the_square_and_one_where_both_survive_goes_back_to_hand() -> None:
    b = Build()
    b.unit(B, "Pawn", "c1", damage=2)  # 3/3 with 2 damage: 1 Health left
    rook = b.add(W, "Rook")  # 4/4
    s = pass_windows(pick(act(b.state(), A.PlayCard(rook)), "c1"))
    u = s.at(sq("c1"))
    assert u is not None and u.cid == rook and u.damage == 3
    b2 = Build()
    b2.unit(B, "Rook", "c1")  # 4/4
    knight = b2.add(W, "Knight")  # 4/3: dies; use a sturdier attacker
    heart_rook = b2.add(W, "Heart Rook")  # 2/6
    s = pass_windows(pick(act(b2.state(), A.PlayCard(heart_rook)), "c1"))
    assert heart_rook in s.side(W).hand and s.at(sq("c1")).cid != heart_rook  # CTG-3
    assert s.side(W).material == 5  # the cost is not given back
    assert knight in s.side(W).hand


# ---- movement and combat ----
def test_a_unit_moves_once_and_is_then_tired() -> None:
    b = Build()
    rook = b.unit(W, "Rook", "a1")
    s = act(b.state(), A.Move(rook, sq("a2")))
    assert s.unit(rook).square == sq("a2") and s.unit(rook).tired
    assert not any(isinstance(a, A.Move) for a in legal_actions(s))


def test_combat_is_simultaneous_damage_persists_and_the_winner_takes_the_square() -> None:
    b = Build()
    hands(b)  # (a card in each hand: an empty hand's windows are skipped)
    knight = b.unit(W, "Knight", "b1")  # 4/3
    pawn = b.unit(B, "Diamond Pawn", "c3")  # 1/2
    for p in (W, B):
        b.add(p, "Pawn", "deck")
    s, ev = events(b.state(), A.Move(knight, sq("c3")))
    assert "Combat: White's Knight on b1 attacks Black's Diamond Pawn on c3." in texts(ev)
    assert s.combat is not None and decider(s) is W and s.combat.stage == "initiator"
    s = act(s, A.Pass())
    assert decider(s) is B and s.combat.stage == "defender"  # the defender is asked
    s, ev = events(s, A.Pass())
    # by square too: two of a side's units may share a name
    assert "White's Knight from b1 deals 4 damage and takes 1" in texts(ev)
    assert pawn in s.side(B).captured and s.unit(knight).square == sq("c3")  # CTG-3
    assert s.unit(knight).damage == 1  # damage stays
    s = act(s, A.EndTurn(), A.StopBurning(), A.EndTurn())
    assert s.unit(knight).damage == 1 and s.active is W


def test_both_survive_and_the_attacker_goes_back() -> None:
    b = Build()
    rook = b.unit(W, "Rook", "a1")  # 4/4
    enemy = b.unit(B, "Heart Rook", "a2")  # 2/6
    s = pass_windows(act(b.state(), A.Move(rook, sq("a2"))))
    assert s.unit(rook).square == sq("a1") and s.unit(rook).damage == 2
    assert s.unit(enemy).damage == 4 and s.unit(rook).tired


def test_piercing_doubles_the_attackers_damage() -> None:
    b = Build()
    spade = b.unit(W, "Spade Rook", "a1")  # 3/3 Piercing
    enemy = b.unit(B, "Heart Rook", "a2")  # 2/6
    s = pass_windows(act(b.state(), A.Move(spade, sq("a2"))))
    assert enemy in s.side(B).captured and s.unit(spade).square == sq("a2")


def test_a_pawn_moves_forward_and_attacks_diagonally_forward() -> None:
    b = Build()
    pawn = b.unit(W, "Pawn", "c1")
    b.unit(B, "Pawn", "c2")
    b.unit(B, "Knight", "d2")
    moves = {a.square for a in legal_actions(b.state()) if isinstance(a, A.Move) and a.unit == pawn}
    assert moves == {sq("d2")}  # blocked ahead, attacks forward-diagonally


# ---- the King ----
def test_the_king_is_attacked_only_from_the_enemy_base_and_does_not_strike_back() -> None:
    b = Build()
    far = b.unit(W, "Knight", "a2")
    near = b.unit(W, "Spade Pawn", "c3")  # 2/3 Piercing
    s = b.state()
    assert A.AttackKing(far) not in legal_actions(s)
    with pytest.raises(IllegalAction, match="only from a square of the enemy Base"):
        SYSTEM.check(s, A.AttackKing(far))
    s = pass_windows(act(s, A.AttackKing(near)))
    assert king_health(s, B) == 16 and s.unit(near).square == sq("c3")  # 2 doubled
    assert s.unit(near).damage == 0 and s.unit(near).tired


def test_moving_into_the_enemy_base_may_be_followed_by_an_attack_on_the_king() -> None:
    b = Build()
    rook = b.unit(W, "Rook", "a2")
    s = act(b.state(), A.Move(rook, sq("a3")))
    assert A.AttackKing(rook) in legal_actions(s)
    s = pass_windows(act(s, A.AttackKing(rook)))
    assert king_health(s, B) == 16 and A.AttackKing(rook) not in legal_actions(s)


def test_a_king_at_zero_loses_and_both_at_zero_is_a_draw() -> None:
    b = Build()
    rook = b.unit(W, "Rook", "a3")
    s = b.state()
    from tests.card_game.helpers import with_side

    s = with_side(s, B, king_damage=17)
    s = pass_windows(act(s, A.AttackKing(rook)))
    r = SYSTEM.result(s)
    assert r is not None and r.winner is W and r.reason == "king" and not legal_actions(s)
    b2 = Build()
    gambit = b2.add(W, "Kings Gambit")
    s2 = with_side(with_side(b2.state(), W, king_damage=18), B, king_damage=17)
    s2 = act(s2, A.PlayCard(gambit))
    r2 = SYSTEM.result(s2)
    assert r2 is not None and r2.winner is None and r2.reason == "both_kings"  # CTG-6


def test_exhaustion_no_deck_and_no_pieces_at_the_start_of_the_turn_loses() -> None:
    b = Build()
    b.add(W, "Pawn", "deck")
    s = act(b.state(), A.EndTurn())
    r = SYSTEM.result(s)
    assert r is not None and r.winner is W and r.reason == "exhaustion"
    b2 = Build()
    b2.add(W, "Pawn", "deck")
    b2.unit(B, "Pawn", "a3")  # a piece keeps an empty deck playing
    s2 = act(b2.state(), A.EndTurn())
    assert SYSTEM.result(s2) is None and s2.active is B and s2.phase is Phase.MAIN


def test_the_turn_limit_is_a_draw() -> None:
    b = Build()
    b.add(B, "Pawn", "deck")
    b.unit(B, "Pawn", "a3")
    s = b.state(turn=100)
    s = act(s, A.EndTurn())
    r = SYSTEM.result(s)
    assert r is not None and r.winner is None and r.reason == "turn_limit"


def test_ready_step_readies_tired_units_and_the_draw_step_draws_two() -> None:
    b = Build()
    tired = b.unit(B, "Knight", "a3", ready=False)
    for n in ("Pawn", "Knight", "Rook"):
        b.add(B, n, "deck")
    s = act(b.state(), A.EndTurn())
    assert not s.unit(tired).tired and len(s.side(B).hand) == 2 and len(s.side(B).deck) == 1
    assert s.side(B).material == 11


# ---- triggers (CTG-5) ----
def test_the_active_players_triggers_first_each_player_ordering_their_own() -> None:
    b = Build()
    bishop = b.unit(W, "Club Bishop", "a1")  # 5/3, Trap
    b.unit(W, "Club Knight", "c1")  # a second White Trap when it falls
    b.unit(B, "Diamond Knight", "b2")  # 5/2, Trap: both fall in the fight
    b.add(W, "Pawn", "captured")
    s = pass_windows(act(b.state(), A.Move(bishop, sq("b2"))))
    owners = [t.owner for t in s.triggers]
    assert sorted(owners) == [W, B] and decider(s) is W  # the active player first
    assert all(isinstance(a, A.Resolve) for a in legal_actions(s))
    s = act(s, A.Resolve(owners.index(W), False))
    assert decider(s) is B and legal_actions(s) == [A.Resolve(0, True), A.Resolve(0, False)]
    s = act(s, A.Resolve(0, True))
    assert s.side(B).material == 12 and not s.triggers


def test_a_player_orders_their_own_simultaneous_triggers() -> None:
    b = Build()
    gambit = b.add(W, "Pawn's Gambit", "statics")
    heart = b.unit(W, "Heart Pawn", "a2", damage=1)  # 3 Health left: Pin destroys it
    pawn = b.unit(W, "Pawn", "e1")
    knight = b.unit(B, "Knight", "e3")
    p = b.add(W, "Pin")
    s = pick(act(b.state(), A.PlayCard(p)), "Heart Pawn")
    assert sorted(t.source for t in s.triggers) == sorted([gambit, heart])
    assert len(legal_actions(s)) == 4  # either one first, resolved or declined
    trap_first = s.triggers.index(next(t for t in s.triggers if t.source == heart))
    s = pick(act(s, A.Resolve(trap_first, True)), "Knight")
    assert s.unit(knight).damage == 1 and [t.source for t in s.triggers] == [gambit]
    s = pick(act(s, A.Resolve(0, True)), "Pawn")
    assert s.unit(pawn).atk_bonus == 1


# ---- Action Tactics in combat windows ----
def test_the_defender_may_answer_in_their_window_before_damage() -> None:
    b = Build()
    hands(b)  # (a card in each hand: an empty hand's windows are skipped)
    knight = b.unit(W, "Knight", "b1")  # 4/3
    b.unit(B, "Pawn", "c3")
    pin = b.add(B, "Pin")
    s = act(b.state(), A.Move(knight, sq("c3")), A.Pass())
    assert A.PlayCard(pin) in legal_actions(s) and decider(s) is B
    s = pick(act(s, A.PlayCard(pin)), "Knight")
    assert knight in s.side(W).captured and s.combat is not None
    s = act(s, A.Pass())
    assert s.combat is None and s.at(sq("c3")) is not None  # no attacker: no fight


def test_only_action_tactics_in_a_window() -> None:
    b = Build()
    knight = b.unit(W, "Knight", "b1")
    b.unit(B, "Pawn", "c3")
    fork = b.add(W, "Fork")
    s = act(b.state(), A.Move(knight, sq("c3")))
    assert A.PlayCard(fork) not in legal_actions(s)
    with pytest.raises(IllegalAction, match="only Action Tactics"):
        SYSTEM.check(s, A.PlayCard(fork))
    # an Action Tactic that puts a piece on the board is refused for that reason (CG-9)
    reinforcements = b.add(W, "Reinforcements")
    s = act(b.state(), A.Move(knight, sq("c3")))
    with pytest.raises(IllegalAction, match="only in your own Play & Move Phase, not in a"):
        SYSTEM.check(s, A.PlayCard(reinforcements))
    assert reinforcements in s.side(W).hand


def test_a_refused_move_names_the_squares_the_unit_may_move_to() -> None:
    b = Build()
    bishop = b.unit(W, "Bishop", "a1")
    b.unit(W, "Pawn", "b2")
    rook = b.unit(W, "Rook", "e1")
    s = b.state()
    with pytest.raises(IllegalAction, match=r"Bishop cannot move to c3: it has no move now$"):
        SYSTEM.check(s, A.Move(bishop, sq("c3")))
    with pytest.raises(IllegalAction, match="Rook cannot move to d2: from e1 it may move to "):
        SYSTEM.check(s, A.Move(rook, sq("d2")))


def test_refusals_say_the_real_reason() -> None:
    """A new player's refusals named the wrong cause: "it has no move" for a square their own
    unit holds or an enemy out of reach, "used once a turn" for a King that lacked Material or
    was asked in the Material Phase, and "Play & Move Phase" with no word of `done`."""
    from rules.card_game.state import Phase

    b = Build()
    pawn = b.unit(W, "Pawn", "c1")
    b.unit(W, "Knight", "c2")
    rook = b.unit(W, "Rook", "a1")
    b.unit(B, "Pawn", "e3")
    knight = b.add(W, "Knight")
    s = b.state(material=(0, 10))
    with pytest.raises(IllegalAction, match="c2 holds your Knight"):
        SYSTEM.check(s, A.Move(pawn, sq("c2")))
    with pytest.raises(IllegalAction, match="its movement does not reach e3 to attack"):
        SYSTEM.check(s, A.Move(rook, sq("e3")))
    with pytest.raises(
        IllegalAction, match="the King of Spades' ability costs 2 Material; you have 0"
    ):
        SYSTEM.check(s, A.UseKing())
    burning = b.state(material=(10, 10), phase=Phase.BURN)
    for refused in (A.UseKing(), A.PlayCard(knight), A.EndTurn(), A.Move(rook, sq("a2"))):
        with pytest.raises(IllegalAction, match=r"Material Phase.*\(Done\)"):
            SYSTEM.check(burning, refused)


# ---- the rulebook's annotated example turn ----
def test_the_annotated_example_turn() -> None:
    b = Build()
    burns = [b.add(W, "Spade Pawn"), b.add(W, "Club Pawn")]  # Material Values 2 + 2 = 4
    pawn = b.add(W, "Pawn")
    static = b.add(W, "The London")
    knight = b.unit(W, "Knight", "b1", ready=False)
    enemy_pawn = b.unit(B, "Pawn", "c3")
    b.add(W, "Fork", "deck")
    b.add(W, "Pin", "deck")
    s = b.state(active=B, material=(0, 0), turn=4)
    s = act(s, A.EndTurn())  # 1. Start of Turn: +1 Material (total 1)
    assert s.side(W).material == 1
    assert not s.unit(knight).tired  # 2. Ready
    assert hand_names(s, W)[-2:] == ["Fork", "Pin"]  # 3. Draw 2
    s = act(s, A.Burn(burns[0]), A.Burn(burns[1]), A.StopBurning())  # 4. Material Phase
    assert s.side(W).material == 5
    s = pick(act(s, A.PlayCard(pawn)), "a1")  # 5. a Pawn with First Move...
    assert s.side(W).material == 3
    s = act(s, A.Move(pawn, sq("a2")))  # ... moves into the Warzone at once
    s = pass_windows(act(s, A.Move(knight, sq("c3"))))  # the Knight attacks the Pawn
    assert enemy_pawn in s.side(B).captured
    s = act(s, A.PlayCard(static))  # a Static Tactic into the Tactic Zone
    assert static in s.side(W).statics and s.side(W).material == 1
    s = act(s, A.EndTurn())  # 6. End of Turn
    assert s.active is B


# ---- a fight changed by a window (a helper's audit against the rulebook) ----
def test_a_square_filled_again_in_a_window_is_not_stacked_on() -> None:
    """One unit a square: the defender falls to a Tactic in the window and its Trap puts a
    Pawn back on the square; the attacker does not move onto it too."""
    from tests.card_game.helpers import use_trigger

    b = Build()
    rook = b.unit(W, "Rook", "c2")
    b.unit(B, "Club Knight", "c3")  # Trap: a captured Pawn back into Black's Base
    b.add(B, "Pawn", "captured")
    pin = b.add(W, "Pin")
    s = pick(act(act(b.state(), A.Move(rook, sq("c3"))), A.PlayCard(pin)), "Club Knight")
    s = pass_windows(pick(pick(use_trigger(s), "Pawn"), "c3"))
    squares = [u.square for u in s.units]
    assert len(squares) == len(set(squares))
    assert s.unit(rook).square == sq("c2") and s.card(s.at(sq("c3")).cid).name == "Pawn"


def test_a_defender_moved_away_in_a_window_is_not_fought() -> None:
    """Combat is entering an enemy's square: Blundered away, the defender takes no damage."""
    b = Build()
    hands(b)  # (a card in each hand: an empty hand's windows are skipped)
    rook = b.unit(W, "Rook", "a2")
    enemy = b.unit(B, "Knight", "a3")
    blunder = b.add(W, "Blunder")
    s = act(b.state(), A.Move(rook, sq("a3")), A.PlayCard(blunder))
    s, ev = events(pick(pick(s, "Knight"), "e2"), A.Pass(), A.Pass())
    knight = s.unit(enemy)
    assert knight.square == sq("e2") and knight.damage == 0
    assert s.unit(rook).square == sq("a2") and "is no longer on a3" in texts(ev)


def test_a_defender_that_defeats_its_attacker_takes() -> None:
    """Take: your unit defeats an enemy in battle, defending too."""
    b = Build()
    attacker = b.unit(W, "Diamond Pawn", "b2")
    b.unit(B, "Club Pawn", "c3")  # Take: the enemy King suffers 2
    s = pass_windows(act(b.state(), A.Move(attacker, sq("c3"))))
    assert attacker in s.side(W).captured
    assert [t.effect for t in s.triggers if t.owner is B] == ["take_king_damage_2"]


def test_a_pawn_destroyed_in_a_showdown_is_a_captured_pawn() -> None:
    b = Build()
    b.add(B, "Pawn's Gambit", "statics")
    b.unit(B, "Rook", "c1")
    b.unit(B, "Pawn", "a3")
    pawn = b.add(W, "Pawn")
    s = pass_windows(pick(act(b.state(), A.PlayCard(pawn)), "c1"))
    assert pawn in s.side(W).captured
    assert any(t.effect == "gambit_boost_pawn" for t in s.triggers)


def test_the_king_of_hearts_draw_goes_to_the_player_who_marked_even_their_own_piece() -> None:
    b = Build(white_king="King of Hearts")
    mine = b.unit(W, "Bishop", "a1")  # 2 damage destroys it
    b.add(W, "Pin", "deck")
    b.add(B, "Fork", "deck")
    s = act(b.state(), A.UseKing(), A.Choose(str(mine)))
    assert mine in s.side(W).captured
    assert [t.owner for t in s.triggers] == [W]  # (the draw is White's trigger)
    s = act(s, A.Resolve(0, True))
    assert hand_names(s, W) == ["Pin"] and hand_names(s, B) == []


def test_thinking_offers_only_tactics_it_can_pay_for_and_play() -> None:
    """7 Material against 4: after Thinking (2) and Advantage! there would not be more than the
    opponent's 4, so Advantage! is not offered (it would fizzle with both paid)."""
    b = Build()
    thinking = b.add(W, "Thinking")
    b.add(W, "Advantage!", "burn")
    b.add(W, "Pin", "deck")
    assert A.PlayCard(thinking) not in legal_actions(b.state(material=(7, 4)))  # nothing to play
    s = act(b.state(material=(10, 4)), A.PlayCard(thinking))
    assert "Advantage!" in [label for _, label in s.program.options]


def test_a_trade_draw_after_the_last_burn_can_be_burned_too() -> None:
    """Burn up to 3 cards: the last card in hand burned, its Trade draws one, which can be
    burned as well."""
    from tests.card_game.helpers import use_trigger

    b = Build()
    pawn = b.add(W, "Diamond Pawn")  # Trade: draw a card
    drawn = b.add(W, "Rook", "deck")
    s = use_trigger(act(b.state(phase=Phase.BURN), A.Burn(pawn)))
    assert hand_names(s, W) == ["Rook"] and s.phase is Phase.BURN
    assert A.Burn(drawn) in legal_actions(s)
    declined = use_trigger(act(b.state(phase=Phase.BURN), A.Burn(pawn)), use=False)
    assert declined.phase is Phase.MAIN  # no card left: the phase ends


def test_a_showdown_whose_defender_is_moved_away_enters_the_empty_square() -> None:
    """A piece played onto an enemy in your Base whose defender a window moves away: the
    square is empty, so the piece enters it, as a piece played onto an empty square does
    (CG-12 from rules revision 3; before, it went back to hand, its cost spent)."""
    b = Build()
    hands(b)  # (a card in each hand: an empty hand's windows are skipped)
    b.unit(B, "Rook", "c1")
    knight = b.add(W, "Knight")
    blunder = b.add(W, "Blunder")
    start = b.state(material=(10, 10))
    s = act(pick(act(start, A.PlayCard(knight)), "c1"), A.PlayCard(blunder))
    s, ev = events(pick(pick(s, "Rook"), "e2"), A.Pass(), A.Pass())
    assert s.unit(knight).square == sq("c1") and knight not in s.side(W).hand, texts(ev)
    rook = next(u for u in s.units if u.owner is B)
    assert rook.square == sq("e2") and rook.damage == 0
    old = replace(start, config=replace(start.config, revision=2))
    s = act(pick(act(old, A.PlayCard(knight)), "c1"), A.PlayCard(blunder))
    s = act(pick(pick(s, "Rook"), "e2"), A.Pass(), A.Pass())
    assert knight in s.side(W).hand  # (as games of revision 2 were played)


def test_a_card_taken_back_leaves_no_line_and_a_used_ability_one() -> None:
    """The public log said "White changes their mind." for every card taken back (three in a
    row in one turn), and nothing when an ability was used, so what it did next ("Black's
    Pawn enters c3 Tired") had no cause in the log."""
    b = Build()
    rook = b.add(W, "Rook")
    s, ev = events(act(b.state(), A.PlayCard(rook)), A.Choose("cancel"))
    assert s.program is None and ev == [], texts(ev)
    knight = b.add(W, "Heart Knight")
    s = pick(act(with_side(b.state(), W, king_damage=5), A.PlayCard(knight)), "a1")
    mine = next(i for i, t in enumerate(s.triggers) if t.owner is decider(s))
    s, ev = events(s, A.Resolve(mine, True))
    assert texts(ev).startswith("White uses the ability of Heart Knight."), texts(ev)
