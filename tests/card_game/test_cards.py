"""Every Set 1 card does what our reading of it says (docs/rulings.md, Chess: The Card Game)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.card_game import actions as A
from rules.card_game.battlefield import GRID
from rules.card_game.catalogue import cards
from rules.card_game.combat import attack_of, health_of
from rules.card_game.engine import decider, legal_actions
from rules.card_game.programs import EFFECTS
from rules.card_game.state import Config, GameState, Phase
from rules.card_game.system import SYSTEM
from rules.card_game.zones import king_health
from rules.core.errors import IllegalAction
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
    use_trigger,
    with_side,
)

sq = GRID.parse


def test_every_cards_ability_has_a_program() -> None:
    keyed = [c for c in cards() if c.effect]
    assert len(keyed) == 43  # the other 6: keywords only (Piercing, First Move) or none
    assert all(c.effect in EFFECTS for c in keyed)


def pin(s: GameState, cid: int, target: str) -> GameState:
    """Play Pin (3 damage) on the piece whose label contains ``target``."""
    return pick(act(s, A.PlayCard(cid)), target)


def fight(s: GameState, unit: int, to: str) -> GameState:
    return pass_windows(act(s, A.Move(unit, sq(to))))


# ---- Clubs ----
def test_club_pawn_take_hurts_the_enemy_king_and_is_optional() -> None:
    b = Build()
    pawn = b.unit(W, "Club Pawn", "b2")  # 2/3
    b.unit(B, "Diamond Pawn", "c3")  # 1/2
    s = fight(b.state(), pawn, "c3")
    assert s.triggers and decider(s) is W
    assert king_health(use_trigger(s), B) == 18
    assert king_health(use_trigger(s, use=False), B) == 20  # every trigger is optional


def test_club_knight_trap_brings_back_a_pawn() -> None:
    b = Build()
    knight = b.unit(W, "Club Knight", "a2")  # 5/3
    pawn = b.add(W, "Pawn", "captured")
    p = b.add(W, "Pin")
    s = use_trigger(pin(b.state(), p, "Club Knight"))
    assert knight in s.side(W).captured
    s = pick(pick(s, "Pawn"), "d1")
    u = s.at(sq("d1"))
    assert u is not None and u.cid == pawn and u.tired and pawn not in s.side(W).captured


def test_club_rook_deploy_boosts_a_cheaper_piece_of_yours() -> None:
    b = Build()
    pawn = b.unit(W, "Pawn", "a1")
    b.unit(W, "Rook", "b1")  # costs 5: not cheaper than the Club Rook's 4
    rook = b.add(W, "Club Rook")
    s = use_trigger(pick(act(b.state(), A.PlayCard(rook)), "c1"))
    labels = [label for _, label in s.program.options]
    assert labels == ["White Pawn on a1"]
    s = pick(s, "Pawn")
    u = s.unit(pawn)
    assert attack_of(s, u) == 4 and health_of(s, u) == 4


def test_club_bishop_trap_boosts_another_piece() -> None:
    b = Build()
    b.unit(W, "Club Bishop", "a2")  # 5/3
    knight = b.unit(W, "Knight", "b1")
    p = b.add(W, "Pin")
    s = pick(use_trigger(pin(b.state(), p, "Club Bishop")), "Knight")
    assert attack_of(s, s.unit(knight)) == 5 and health_of(s, s.unit(knight)) == 4


def test_queen_of_clubs_take_lets_it_act_again() -> None:
    b = Build()
    queen = b.unit(W, "Queen of Clubs", "b2")  # 6/4
    b.unit(B, "Diamond Pawn", "b3")
    s = fight(b.state(), queen, "b3")
    assert A.AttackKing(queen) not in legal_actions(use_trigger(s, use=False))
    s = use_trigger(s)
    assert A.AttackKing(queen) in legal_actions(s)


# ---- Diamonds ----
def test_diamond_pawn_trade_draws_only_when_burned() -> None:
    b = Build()
    pawn = b.add(W, "Diamond Pawn")
    b.add(W, "Fork", "deck")
    s = act(b.state(phase=Phase.BURN), A.Burn(pawn))
    assert s.triggers and s.side(W).material == 11
    assert hand_names(use_trigger(s), W) == ["Fork"]


def test_discarding_does_not_trade() -> None:
    b = Build(white_king="King of Diamonds")
    value = b.add(W, "Value!")
    b.add(W, "Fork", "deck")
    b.unit(W, "Pawn", "a1")
    s = pick(act(b.state(), A.UseKing()), "Value!")
    assert value in s.side(W).burn and not s.triggers


def test_diamond_knight_trap_gains_two_material() -> None:
    b = Build()
    b.unit(W, "Diamond Knight", "a2")
    p = b.add(W, "Pin")
    s = use_trigger(pin(b.state(), p, "Diamond Knight"))
    assert s.side(W).material == 10 - 3 + 2


def test_diamond_rook_deploy_brings_a_pawn_from_the_captured_or_burn_pile() -> None:
    b = Build()
    burnt = b.add(W, "Heart Pawn", "burn")
    rook = b.add(W, "Diamond Rook")
    s = use_trigger(pick(act(b.state(), A.PlayCard(rook)), "a1"))
    s = pick(pick(s, "Heart Pawn"), "b1")
    assert s.at(sq("b1")).cid == burnt and burnt not in s.side(W).burn


def test_diamond_rook_offers_a_pawn_from_each_pile_when_both_hold_one() -> None:
    """Which pile the Pawn leaves matters (a Captured Pawn may come back by other cards too):
    with a Pawn in each pile both are offered, named by pile (CG-26, rules revision 3)."""
    b = Build()
    b.add(W, "Pawn", "captured")
    burnt = b.add(W, "Pawn", "burn")
    rook = b.add(W, "Diamond Rook")
    s = use_trigger(pick(act(b.state(), A.PlayCard(rook)), "a1"))
    labels = [label for _, label in s.program.options]
    assert labels == ["Pawn (Captured pile)", "Pawn (Burn pile)"], labels
    s = pick(pick(s, "Pawn (Burn pile)"), "b1")
    assert s.at(sq("b1")).cid == burnt and burnt not in s.side(W).burn


def test_diamond_bishop_trap_trades_itself_for_a_diamond_piece() -> None:
    b = Build()
    bishop = b.unit(W, "Diamond Bishop", "a2")  # 5/3
    knight = b.add(W, "Diamond Knight", "captured")
    b.add(W, "Pawn", "captured")  # not a Diamond piece
    p = b.add(W, "Pin")
    s = use_trigger(pin(b.state(), p, "Diamond Bishop"))
    assert [label for _, label in s.program.options] == ["Diamond Knight"]
    s = pick(s, "Diamond Knight")
    assert knight in s.side(W).hand and bishop in s.side(W).burn
    assert bishop not in s.side(W).captured


def test_queen_of_diamonds_trade_takes_up_to_two_pieces_from_captured() -> None:
    b = Build()
    queen = b.add(W, "Queen of Diamonds")
    b.add(W, "Knight", "captured")
    b.add(W, "Rook", "captured")
    b.add(W, "Bishop", "captured")
    s = use_trigger(act(b.state(phase=Phase.BURN), A.Burn(queen)))
    s = pick(pick(s, "Rook"), "Knight")
    assert sorted(hand_names(s, W)) == ["Knight", "Rook"] and len(s.side(W).captured) == 1


# ---- Hearts ----
def test_heart_pawn_trap_deals_one_damage() -> None:
    b = Build()
    b.unit(W, "Heart Pawn", "a2", damage=1)  # 1/4 with 3 Health left
    enemy = b.unit(B, "Knight", "e3")
    p = b.add(W, "Pin")
    s = pick(use_trigger(pin(b.state(), p, "Heart Pawn")), "Knight")
    assert s.unit(enemy).damage == 1


def test_heart_knight_deploy_and_heart_bishop_take_heal_the_king() -> None:
    b = Build()
    knight = b.add(W, "Heart Knight")
    s = with_side(b.state(), W, king_damage=5)
    s = use_trigger(pick(act(s, A.PlayCard(knight)), "a1"))
    assert king_health(s, W) == 17
    b2 = Build()
    bishop = b2.unit(W, "Heart Bishop", "a2")  # 2/6
    b2.unit(B, "Diamond Pawn", "b3")  # 1/2: a Bishop goes diagonally
    s2 = use_trigger(fight(with_side(b2.state(), W, king_damage=1), bishop, "b3"))
    assert king_health(s2, W) == 20  # never above its printed Health


def test_heart_knight_at_full_health_says_there_is_nothing_to_recover() -> None:
    """A trigger with nothing to do is dropped with a message (CG-13), not "recovers 0"."""
    b = Build()
    knight = b.add(W, "Heart Knight")
    s = pick(act(b.state(), A.PlayCard(knight)), "a1")
    mine = next(i for i, t in enumerate(s.triggers) if t.owner is decider(s))
    s, ev = events(s, A.Resolve(mine, True))
    assert "White's King is at full Health: nothing to recover." in texts(ev)
    assert "recovers 0" not in texts(ev) and king_health(s, W) == 20


def test_heart_rook_trap_takes_a_cheap_card_from_the_burn_pile() -> None:
    b = Build()
    b.unit(W, "Heart Rook", "a2")  # 2/6
    b.add(W, "Fork", "burn")
    b.add(W, "Rook", "burn")
    pins = [b.add(W, "Pin"), b.add(W, "Pin")]
    s = pin(pin(b.state(), pins[0], "Heart Rook"), pins[1], "Heart Rook")
    s = use_trigger(s)
    assert [label for _, label in s.program.options] == ["Fork"]  # not the Rook, not Pin (3)
    assert hand_names(pick(s, "Fork"), W) == ["Fork"]


def test_queen_of_hearts_trap_two_tactics_or_four_material() -> None:
    b = Build()
    b.unit(W, "Queen of Hearts", "a2", damage=7)  # 3/8, 1 Health left
    b.add(W, "Fork", "burn")
    b.add(W, "Castle", "burn")
    p = b.add(W, "Pin")
    s = use_trigger(pin(b.state(), p, "Queen of Hearts"))
    tactics = pick(pick(pick(s, "two Tactics"), "Fork"), "Castle")
    assert sorted(hand_names(tactics, W)) == ["Castle", "Fork"]
    material = pick(s, "Material")
    assert material.side(W).material == 7 + 4


# ---- Spades ----
def test_spade_knight_take_takes_a_tactic_from_the_burn_pile() -> None:
    b = Build(counters=True)
    knight = b.unit(W, "Spade Knight", "b1")  # 5/2
    b.unit(B, "Diamond Pawn", "c3")
    b.add(W, "Skew", "burn")
    b.add(W, "Rook", "burn")
    s = use_trigger(fight(b.state(), knight, "c3"))
    assert [label for _, label in s.program.options] == ["Skew"]
    assert hand_names(pick(s, "Skew"), W) == ["Skew"]


def test_spade_bishop_take_recalls_a_pawn_and_pierces() -> None:
    b = Build()
    bishop = b.unit(W, "Spade Bishop", "a1")  # 5/4 Piercing
    b.unit(B, "Heart Rook", "b2")  # 2/6: 10 damage from a Piercing 5
    pawn = b.add(W, "Spade Pawn", "captured")
    s = use_trigger(fight(b.state(), bishop, "b2"))
    s = pick(pick(s, "Spade Pawn"), "e1")
    assert s.at(sq("e1")).cid == pawn


def test_queen_of_spades_deploy_brings_back_a_spade_piece_ready() -> None:
    b = Build()
    queen = b.add(W, "Queen of Spades")
    rook = b.add(W, "Spade Rook", "captured")
    b.add(W, "Rook", "captured")  # neutral: not a Spade piece
    s = use_trigger(pick(act(b.state(), A.PlayCard(queen)), "a1"))
    assert [label for _, label in s.program.options] == ["Spade Rook"]
    s = pick(pick(s, "Spade Rook"), "b1")
    assert not s.unit(rook).tired and s.unit(queen).tired


def test_spade_pawn_has_first_move_and_piercing() -> None:
    b = Build()
    pawn = b.add(W, "Spade Pawn")
    b.unit(B, "Heart Rook", "c2", damage=2)  # 4 Health left: 2 doubled is 4
    s = pick(act(b.state(), A.PlayCard(pawn)), "b1")
    s = fight(s, pawn, "c2")
    assert s.at(sq("c2")).cid == pawn


# ---- the Kings ----
def test_king_of_spades_pays_two_for_a_ready_piece() -> None:
    b = Build(white_king="King of Spades")
    knight = b.add(W, "Knight")
    s = act(b.state(material=(5, 0)), A.UseKing())
    assert s.side(W).material == 3 and s.next_ready and A.UseKing() not in legal_actions(s)
    s = pick(act(s, A.PlayCard(knight)), "a1")
    assert not s.unit(knight).tired and not s.next_ready
    assert SYSTEM.result(s) is None
    poor = Build(white_king="King of Spades")
    assert A.UseKing() not in legal_actions(poor.state(material=(1, 0)))


@pytest.mark.parametrize("material", [2, 3])
def test_the_kings_that_pay_two_work_with_just_enough_material(material: int) -> None:
    """King of Spades and King of Hearts with 2 or 3 Material: paid once, and they work (the
    first rules checked the cost again after paying it, so the ability did nothing; a game of
    revision 2 keeps that, so that it replays as played: CG-25)."""
    b = Build(white_king="King of Spades")
    s, ev = events(b.state(material=(material, 0)), A.UseKing())
    assert s.side(W).material == material - 2 and s.next_ready
    assert "White uses the ability of the King of Spades, paying 2 Material." in texts(ev)
    old = act(replace(b.state(material=(material, 0)), config=_revision(b, 2)), A.UseKing())
    assert old.side(W).material == material - 2 and not old.next_ready  # (as it was)
    h = Build(white_king="King of Hearts")
    enemy = h.unit(B, "Bishop", "c3")  # 5/2: 2 damage captures it
    s = act(h.state(material=(material, 0)), A.UseKing(), A.Choose(str(enemy)))
    assert enemy in s.side(B).captured and s.side(W).material == material - 2


def _revision(b: Build, revision: int) -> Config:
    return replace(b.state().config, revision=revision)


def test_king_of_spades_ready_is_kept_when_the_showdown_piece_goes_back_to_hand() -> None:
    """The piece the King of Spades readied never entered (both survived its Showdown and it
    went back to hand): the next piece played this turn enters ready (CG-27, revision 3)."""
    for revision, ready in ((3, True), (2, False)):
        b = Build(white_king="King of Spades")
        b.unit(B, "Heart Rook", "c1")  # 2/6: it and the Knight (4/3) both survive
        knight = b.add(W, "Knight")
        bishop = b.add(W, "Bishop")
        start = b.state(material=(12, 0))
        start = replace(start, config=replace(start.config, revision=revision))
        s = act(start, A.UseKing())
        s = pass_windows(pick(act(s, A.PlayCard(knight)), "c1"))
        if knight not in s.side(W).hand:
            raise AssertionError("the Showdown was meant to leave both standing")
        assert s.next_ready is ready, revision
        s = pick(act(s, A.PlayCard(bishop)), "e1")
        assert s.unit(bishop).tired is not ready, revision


def test_king_of_diamonds_draws_one_or_two_then_discards_one() -> None:
    b = Build(white_king="King of Diamonds")
    b.add(W, "Pin", "deck")
    b.add(W, "Fork", "deck")
    s = act(b.state(), A.UseKing())  # no pieces of White's: draw 2
    assert sorted(label for _, label in s.program.options) == ["Fork", "Pin"]
    s = pick(s, "Pin")
    assert hand_names(s, W) == ["Fork"] and s.side(W).burn
    b2 = Build(white_king="King of Diamonds")
    b2.unit(W, "Pawn", "a1")
    b2.add(W, "Pin", "deck")
    b2.add(W, "Fork", "deck")
    s2 = act(b2.state(), A.UseKing())
    assert [label for _, label in s2.program.options] == ["Pin"]  # one card drawn


def test_king_of_hearts_damages_and_draws_if_the_piece_is_captured_this_turn() -> None:
    b = Build(white_king="King of Hearts")
    enemy = b.unit(B, "Bishop", "c3")  # 5/2
    b.add(W, "Pin", "deck")
    s, ev = events(b.state(), A.UseKing(), A.Choose(str(enemy)))
    assert "King of Hearts: the marked piece is captured" in texts(ev)
    s = use_trigger(s)  # (the draw is a trigger: optional, CG-13)
    assert enemy in s.side(B).captured and hand_names(s, W) == ["Pin"]
    assert s.side(W).material == 8
    b2 = Build(white_king="King of Hearts")
    tough = b2.unit(B, "Rook", "c3")  # 4/4
    pin_card = b2.add(W, "Pin")
    b2.add(W, "Fork", "deck")
    s2 = act(b2.state(), A.UseKing(), A.Choose(str(tough)))
    assert hand_names(s2, W) == ["Pin"]
    s2 = use_trigger(pin(s2, pin_card, "Rook"))  # captured later the same turn
    assert hand_names(s2, W) == ["Fork"]


def test_king_of_clubs_boosts_and_gains_material_only_for_an_unboosted_piece() -> None:
    b = Build(white_king="King of Clubs")
    pawn = b.unit(W, "Pawn", "a1")
    s = pick(act(b.state(), A.UseKing()), "Pawn")
    assert attack_of(s, s.unit(pawn)) == 4 and s.side(W).material == 11
    b2 = Build(white_king="King of Clubs")
    b2.unit(W, "Pawn", "a1", boosted=True, atk_bonus=1, hp_bonus=1)
    s2 = pick(act(b2.state(), A.UseKing()), "Pawn")
    assert s2.side(W).material == 10


# ---- Tactics ----
def test_fortify_and_fork_are_equips_burned_when_their_piece_leaves() -> None:
    b = Build()
    knight = b.unit(W, "Knight", "a1")  # 4/3
    fortify, fork = b.add(W, "Fortify"), b.add(W, "Fork")
    s = pick(act(b.state(), A.PlayCard(fortify)), "Knight")
    s = pick(act(s, A.PlayCard(fork)), "Knight")
    u = s.unit(knight)
    assert attack_of(s, u) == 7 and health_of(s, u) == 6 and u.equips == (fortify, fork)
    b2 = Build()
    held = b2.unit(W, "Knight", "a1")
    eq = b2.add(W, "Fork")
    p2 = b2.add(W, "Pin")
    s2 = pin(pick(act(b2.state(), A.PlayCard(eq)), "Knight"), p2, "Knight")
    assert held in s2.side(W).captured and eq in s2.side(W).burn


def test_equips_go_only_on_your_own_pieces() -> None:
    b = Build()
    b.unit(B, "Knight", "a3")
    fork = b.add(W, "Fork")
    s = b.state()
    assert A.PlayCard(fork) not in legal_actions(s)


def test_skew_hurts_the_enemy_king_when_it_destroys_the_piece() -> None:
    b = Build()
    weak = b.unit(B, "Bishop", "c3")  # 5/2
    strong = b.unit(B, "Rook", "d3")
    skews = [b.add(W, "Skew"), b.add(W, "Skew")]
    s = pick(act(b.state(), A.PlayCard(skews[0])), "Rook")
    assert king_health(s, B) == 20 and s.unit(strong).damage == 2
    s = pick(act(s, A.PlayCard(skews[1])), "Bishop")
    assert weak in s.side(B).captured and king_health(s, B) == 18


def test_bong_cloud_burns_a_tactic_in_play_and_draws() -> None:
    b = Build()
    london = b.add(B, "The London", "statics")
    cloud = b.add(W, "Bong Cloud")
    b.add(W, "Pin", "deck")
    asked = act(b.state(), A.PlayCard(cloud))
    s, ev = events(asked, A.Choose(f"s{london}"))
    assert london in s.side(B).burn and not s.side(B).statics and hand_names(s, W) == ["Pin"]
    # the Tactic it burns is in play, so public: the log names it
    assert "White plays Bong Cloud on The London in Black's Tactic Zone." in texts(ev)
    assert A.PlayCard(cloud) not in legal_actions(Build().state())  # nothing to burn


def test_the_london_gives_your_pieces_one_attack() -> None:
    b = Build()
    knight = b.unit(W, "Knight", "a1")
    enemy = b.unit(B, "Knight", "a3")
    london, again = b.add(W, "The London"), b.add(W, "The London")
    s = act(b.state(), A.PlayCard(london))
    assert attack_of(s, s.unit(knight)) == 5 and attack_of(s, s.unit(enemy)) == 4
    assert A.PlayCard(again) not in legal_actions(s)  # one copy in the Tactic Zone
    with pytest.raises(IllegalAction, match="already have The London"):
        SYSTEM.check(s, A.PlayCard(again))


def test_sicilian_defense_gives_pieces_played_later_one_health() -> None:
    b = Build()
    before = b.unit(W, "Knight", "a1")
    sicilian = b.add(W, "Sicilian Defense")
    knight = b.add(W, "Knight")
    s = pick(act(act(b.state(), A.PlayCard(sicilian)), A.PlayCard(knight)), "b1")
    assert health_of(s, s.unit(knight)) == 4 and health_of(s, s.unit(before)) == 3


def test_kings_gambit_hurts_both_kings() -> None:
    b = Build()
    gambit = b.add(W, "Kings Gambit")
    s = act(b.state(), A.PlayCard(gambit))
    assert king_health(s, W) == 17 and king_health(s, B) == 17 and gambit in s.side(W).burn


def test_promotion_trades_a_pawn_for_a_piece_from_hand_ready() -> None:
    b = Build()
    pawn = b.unit(W, "Pawn", "c2")
    rook = b.add(W, "Rook")
    promo = b.add(W, "Promotion")
    s = pick(pick(act(b.state(material=(2, 0)), A.PlayCard(promo)), "Pawn"), "Rook")
    u = s.at(sq("c2"))
    assert u is not None and u.cid == rook and not u.tired
    assert pawn in s.side(W).captured and s.side(W).material == 0  # the piece is free


def test_double_attack_gives_one_more_action() -> None:
    b = Build()
    rook = b.unit(W, "Rook", "a1")
    double = b.add(W, "Double Attack")
    s = act(b.state(), A.Move(rook, sq("a2")))
    assert not any(isinstance(a, A.Move) for a in legal_actions(s))
    s = pick(act(s, A.PlayCard(double)), "Rook")
    assert A.Move(rook, sq("a3")) in legal_actions(s)


def test_blunder_weakens_and_moves_an_enemy_piece() -> None:
    b = Build()
    enemy = b.unit(B, "Knight", "c1")
    blunder = b.add(W, "Blunder")
    asked = pick(act(b.state(), A.PlayCard(blunder)), "Knight")
    s, ev = events(asked, A.Choose(next(k for k, label in asked.program.options if label == "e3")))
    u = s.unit(enemy)
    assert u.square == sq("e3") and attack_of(s, u) == 3 and health_of(s, u) == 2
    assert "Black's Knight on c1 is moved to e3." in texts(ev)  # whose, and from where


def test_counter_stops_a_tactic_and_is_only_an_answer() -> None:
    b = Build(counters=True)
    counter = b.add(B, "Counter!")
    castle = b.add(W, "Castle")
    s = with_side(b.state(), W, king_damage=6)
    assert A.PlayCard(counter) not in legal_actions(with_side(s, W))
    s = act(s, A.PlayCard(castle))
    assert s.program is not None and s.program.respond and decider(s) is B
    assert legal_actions(s) == [A.PlayCard(counter), A.Pass()]
    countered = act(s, A.PlayCard(counter))
    assert king_health(countered, W) == 14 and castle in countered.side(W).burn
    assert countered.side(B).material == 7 and counter in countered.side(B).burn
    allowed = act(s, A.Pass())
    assert king_health(allowed, W) == 19


def test_the_answer_window_opens_whether_or_not_counter_is_in_hand() -> None:
    b = Build(counters=True)
    b.add(B, "Counter!", "deck")  # in the deck list, not in hand
    b.add(B, "Pawn")  # (a hand with a card: an empty one, a public count, is not asked)
    castle = b.add(W, "Castle")
    s = act(b.state(), A.PlayCard(castle))
    assert decider(s) is B and legal_actions(s) == [A.Pass()]
    poor = act(b.state(material=(10, 2)), A.PlayCard(castle))  # cannot pay for it
    assert poor.program is None


def test_the_answer_window_does_not_tell_whether_the_deck_list_holds_counter() -> None:
    b = Build(counters=True)  # Black's list has no Counter! at all: the window opens all the same
    b.add(B, "Pawn")
    castle = b.add(W, "Castle")
    s = act(b.state(), A.PlayCard(castle))
    assert decider(s) is B and legal_actions(s) == [A.Pass()]
    b = Build(counters=True)  # once Black's Counter! is in a public pile, it answers nothing
    b.add(B, "Counter!", "burn")
    castle = b.add(W, "Castle")
    assert act(b.state(), A.PlayCard(castle)).program is None


def test_lockdown_captures_your_pawn_for_a_card_or_three_material() -> None:
    b = Build()
    pawn = b.unit(W, "Pawn", "a1")
    lock = b.add(W, "Lockdown")
    s = pick(act(b.state(), A.PlayCard(lock)), "Pawn")
    done = pick(s, "Material")
    assert pawn in done.side(W).captured and done.side(W).material == 9 + 3


def test_reinforcements_bring_back_a_captured_piece() -> None:
    b = Build()
    rook = b.add(W, "Rook", "captured")
    reinf = b.add(W, "Reinforcements")
    s = pick(pick(act(b.state(), A.PlayCard(reinf)), "Rook"), "c1")
    assert s.at(sq("c1")).cid == rook and s.unit(rook).tired


def test_pin_deals_three_damage() -> None:
    b = Build()
    enemy = b.unit(B, "Rook", "a3")
    p = b.add(W, "Pin")
    s = pin(b.state(), p, "Rook")
    assert s.unit(enemy).damage == 3 and p in s.side(W).burn and s.side(W).material == 7


def test_pawns_gambit_boosts_a_pawn_when_a_pawn_is_captured() -> None:
    b = Build()
    b.add(W, "Pawn's Gambit", "statics")
    mine = b.unit(W, "Pawn", "a1")
    b.unit(B, "Diamond Pawn", "c3")
    p = b.add(W, "Pin")
    s = pick(use_trigger(pin(b.state(), p, "Diamond Pawn")), "Pawn")
    assert attack_of(s, s.unit(mine)) == 4 and health_of(s, s.unit(mine)) == 4


def test_advance_draws_two_and_castle_heals_five() -> None:
    b = Build()
    adv = b.add(W, "Advance!")
    castle = b.add(W, "Castle")
    b.add(W, "Pin", "deck")
    b.add(W, "Fork", "deck")
    s = act(with_side(b.state(), W, king_damage=3), A.PlayCard(adv), A.PlayCard(castle))
    assert hand_names(s, W) == ["Pin", "Fork"] and king_health(s, W) == 20


def test_opening_burns_a_card_for_one_costing_its_material_value() -> None:
    b = Build()
    opening = b.add(W, "Opening!")
    rook = b.add(W, "Spade Rook")  # Material Value 4
    b.add(W, "Club Rook", "burn")  # costs 4
    b.add(W, "Pin", "burn")  # costs 3
    s = pick(pick(act(b.state(), A.PlayCard(opening)), "Spade Rook"), "Club Rook")
    assert hand_names(s, W) == ["Club Rook"] and rook in s.side(W).burn


def test_thinking_plays_a_tactic_from_the_burn_pile_paying_its_cost() -> None:
    b = Build()
    thinking = b.add(W, "Thinking")
    pin_card = b.add(W, "Pin", "burn")
    enemy = b.unit(B, "Rook", "a3")
    s = pick(pick(act(b.state(), A.PlayCard(thinking)), "Pin"), "Rook")
    assert s.unit(enemy).damage == 3 and s.side(W).material == 10 - 2 - 3
    assert pin_card in s.side(W).burn and thinking in s.side(W).burn


def test_value_cannot_be_played_and_trades_for_a_card() -> None:
    b = Build()
    value = b.add(W, "Value!")
    b.add(W, "Pin", "deck")
    with pytest.raises(IllegalAction, match="cannot be played"):
        SYSTEM.check(b.state(), A.PlayCard(value))
    s = use_trigger(act(b.state(phase=Phase.BURN), A.Burn(value)))
    assert hand_names(s, W) == ["Pin"] and s.side(W).material == 11


def test_advantage_needs_more_material_than_the_opponent() -> None:
    b = Build()
    adv = b.add(W, "Advantage!")
    b.add(W, "Pin", "deck")
    b.add(W, "Fork", "deck")
    assert A.PlayCard(adv) not in legal_actions(b.state(material=(5, 3)))  # 3 after paying
    s = pick(act(b.state(material=(6, 3)), A.PlayCard(adv)), "Draw")
    assert hand_names(s, W) == ["Pin", "Fork"]
    b.unit(B, "Rook", "a3")
    s2 = pick(pick(act(b.state(material=(6, 3)), A.PlayCard(adv)), "damage"), "Rook")
    assert any(u.damage == 3 for u in s2.units)


def test_diamond_pawn_is_played_for_nothing_and_enters_ready() -> None:
    b = Build()
    pawn = b.add(W, "Diamond Pawn")
    s = pick(act(b.state(material=(0, 0)), A.PlayCard(pawn)), "c1")
    assert not s.unit(pawn).tired and not s.triggers  # Trade only when burned


def test_king_of_clubs_pays_only_for_a_piece_with_no_boost_before() -> None:
    """CG-16: a boost is a + change, and Equips and Statics count while in play: The London's
    +1 is a boost; Blunder's -1/-1 and Double Attack (no stat) are not."""
    b = Build(white_king="King of Clubs")
    b.add(W, "The London", "statics")
    pawn = b.unit(W, "Pawn", "a1")
    s = pick(act(b.state(), A.UseKing()), "Pawn")
    assert s.side(W).material == 10 and s.unit(pawn) is not None  # boosted by The London
    b = Build(white_king="King of Clubs", black_king="King of Hearts")
    rook = b.unit(W, "Rook", "a1")
    blunder = b.add(B, "Blunder")
    s = pick(pick(act(b.state(active=B), A.PlayCard(blunder)), "Rook"), "c1")
    s = pick(act(replace(s, active=W), A.UseKing()), "Rook")
    assert s.unit(rook).square is not None and s.side(W).material == 11  # -1/-1 is no boost
    b = Build(white_king="King of Clubs", black_king="King of Hearts")  # The London and Blunder
    b.add(W, "The London", "statics")
    rook = b.unit(W, "Rook", "a1")
    blunder = b.add(B, "Blunder")
    s = pick(pick(act(b.state(active=B), A.PlayCard(blunder)), "Rook"), "c1")
    s = pick(act(replace(s, active=W), A.UseKing()), "Rook")
    assert s.side(W).material == 10  # The London's boost is not cancelled out by a -1


def test_a_card_with_no_target_says_so() -> None:
    """`play pin` with no piece on the board answered "There is nothing to choose"."""
    b = Build()
    pin = b.add(W, "Pin")
    with pytest.raises(IllegalAction, match=r"Pin has nothing to act on now \(it asks: "):
        act(b.state(), A.PlayCard(pin))


def test_a_tactic_that_moves_a_piece_names_where_it_goes() -> None:
    """Blunder was announced "on Black Knight on c1 and a3", as if it hit both."""
    b = Build(counters=True)
    b.unit(B, "Knight", "c1")
    blunder = b.add(W, "Blunder")
    s = act(b.state(), A.PlayCard(blunder))
    key = next(k for k, label in s.program.options if "Knight" in label)
    s = act(s, A.Choose(key))
    _, ev = events(s, A.Choose("a3"))
    assert "White plays Blunder on Black Knight on c1, to a3." in texts(ev), texts(ev)


def test_choose_with_a_number_points_to_the_number_alone() -> None:
    """`choose 3` after `actions` was refused with the list of squares; the answer now says
    that the number alone takes that choice."""
    from bot.card_game.table import option_key
    from rules.core.errors import RulesError

    b = Build()
    pin = b.add(W, "Pin")
    b.unit(B, "Diamond Pawn", "c3")
    s = act(b.state(), A.PlayCard(pin))
    assert s.program is not None and s.program.options
    assert "99" not in dict(s.program.options)
    with pytest.raises(RulesError, match="type `99` alone to take choice 99 of `actions`"):
        option_key(s, "99")
    assert option_key(s, "c3")  # by its square, as before


def test_a_tactic_played_names_its_target_before_the_counter_window() -> None:
    """The opponent asked whether to answer with Counter! sees what the Tactic is aimed at
    (the target is chosen before the card is paid for)."""
    b = Build(counters=True)
    hands(b)  # (a card in each hand: an empty hand's windows are skipped)
    b.unit(B, "Pawn", "b3")
    p = b.add(W, "Pin")
    s = act(b.state(), A.PlayCard(p))
    key = next(k for k, label in s.program.options if "Pawn" in label)
    s, ev = events(s, A.Choose(key))
    assert s.program is not None and s.program.respond and decider(s) is B
    assert "White plays Pin on Black Pawn on b3." in texts(ev), texts(ev)
    from rules.card_game.engine import why_not

    answer = "first the Tactic being played is answered: Counter!, or Pass to let it resolve"
    assert why_not(s, A.EndTurn()) == answer  # (it read "First answer: the open Tactic")


def test_a_piece_played_names_no_target() -> None:
    b = Build()
    pawn = b.add(W, "Pawn")
    s = act(b.state(), A.PlayCard(pawn))
    key = next(k for k, label in s.program.options if "c1" in label)
    _, ev = events(s, A.Choose(key))
    assert "White plays Pawn." in texts(ev), texts(ev)


def test_refusals_say_why_a_card_king_or_phase_action_is_not_possible_now() -> None:
    from rules.card_game.engine import why_not

    b = Build()
    pawn = b.add(W, "Pawn")
    other = b.add(W, "Knight")
    s = act(b.state(), A.PlayCard(pawn))  # its square is still to choose
    assert s.program is not None and not s.program.respond
    assert why_not(s, A.PlayCard(other)) == (
        "first answer the open question (Where does Pawn enter your Base?)"
    )
    assert why_not(s, A.EndTurn()) == why_not(s, A.PlayCard(other))
    main = b.state()
    assert "not the Material Phase now" in why_not(main, A.StopBurning())
    assert why_not(main, A.KeepHand()) == "the mulligan is made once, before the first turn"
    dealing = b.state(phase=Phase.SETUP)  # (before the deal: `keep` said "made once")
    assert why_not(dealing, A.KeepHand()).startswith("the mulligan comes after the deal")
    used = with_side(main, W, king_used=True)
    assert why_not(used, A.UseKing()) == (
        "your King's ability has already been used this turn (once a turn)"
    )


def test_the_mulligan_and_burn_prompts_count_what_is_left() -> None:
    from bot.card_game.text import situation

    b = Build()
    b.add(W, "Pawn")
    start = b.state(phase=Phase.MULLIGAN)
    assert situation(start)[1] == "mulligan (up to 2 cards to the bottom), or keep"
    one = with_side(start, W, mulliganed=1)
    assert situation(one)[1] == "mulligan (up to 1 more card to the bottom), or keep"
    done = with_side(start, W, mulliganed=2)
    assert situation(done)[1:] == ("keep the hand (2 cards went to the bottom)", "`keep`")
    burn = b.state(phase=Phase.BURN)
    assert situation(burn)[1] == "the Material Phase: burn up to 3 cards"
    assert situation(with_side(burn, W, burned=1))[1] == (
        "the Material Phase: burn up to 2 more cards"
    )
