"""One test (or more) per tarot card, through the engine, plus Divination itself."""

from dataclasses import replace

import pytest

from rules.core.errors import IllegalAction, NotYourDecision
from rules.wargame_chess.actions import (
    Activate,
    Attack,
    Bless,
    Choose,
    Curse,
    Divinate,
    GiveTokens,
    Move,
    Slay,
    UseToken,
)
from rules.wargame_chess.board import Player, Square
from rules.wargame_chess.dice import ScriptedDice
from rules.wargame_chess.engine import apply, check, legal_actions
from rules.wargame_chess.scenario import scenario
from rules.wargame_chess.state import Decision, GameConfig, GameState, Token, Zone
from tests.helpers import step

W, B = Player.WHITE, Player.BLACK
sq = Square.parse


def deal(
    state: GameState,
    first: int,
    by: Player = W,
    preferred: tuple[int, ...] = (),
    then: tuple[int, int] = (1, 1),
) -> tuple[GameState, list]:  # type: ignore[type-arg]
    """Divinate so that ``first`` is the first card dealt (the others are the lowest left)."""
    f = state.faith
    deck = sorted(f.tarot_deck + f.tarot_dealt)
    rolls = [deck.index(first) + 1, *then]
    return step(state, Divinate(by, preferred), rolls)


def choose(state: GameState, option: str) -> GameState:
    assert state.pending is not None and state.pending.decision is Decision.CHOOSE, state.pending
    s, _ = step(state, Choose(option))
    return s


# ---- Divination ----
def test_divination_deals_three_and_the_first_is_active() -> None:
    s = scenario("Kh1", "Kh8")
    s, ev = deal(s, 16)
    f = s.faith
    assert f.tarot_dealt == (16, 0, 1) and f.tarot_active == 16
    assert len(f.tarot_deck) == 19
    assert "Divinates" in ev[0].text


def test_preferred_card_may_be_chosen_active() -> None:
    s = scenario("Kh1", "Kh8")
    s, _ = deal(s, 4, preferred=(1,))  # dealt: Emperor, Fool, Magician
    assert s.pending is not None and s.pending.options == ("4", "1")
    assert s.decider is W
    s = choose(s, "1")
    assert s.faith.tarot_active == 1


def test_switching_to_a_dealt_inactive_card() -> None:
    s = scenario("Kh1", "Kh8")
    with pytest.raises(IllegalAction, match="not dealt out"):
        check(s, Divinate(W, switch_to=3))  # WC-30: the first Divination must deal
    s, _ = deal(s, 4)
    s, _ = step(s, Divinate(B, switch_to=0))
    assert s.faith.tarot_active == 0 and s.faith.tarot_dealt == (4, 0, 1)


def test_new_divination_shuffles_dealt_cards_back_but_not_discards() -> None:
    from dataclasses import replace

    s = scenario("Kh1", "Kh8")
    s, _ = deal(s, 4)
    s = replace(
        s,
        faith=replace(
            s.faith, tarot_discard=(21,), tarot_deck=tuple(c for c in s.faith.tarot_deck if c != 21)
        ),
    )
    s, _ = deal(s, 10)
    f = s.faith
    assert 21 not in f.tarot_deck and 21 not in f.tarot_dealt
    assert len(f.tarot_deck) + len(f.tarot_dealt) == 21


def test_incomplete_cards_become_active_with_no_effect() -> None:
    for card in (4, 10, 11, 12, 18):
        s = scenario("Kh1", "Kh8")
        s2, ev = deal(s, card)
        assert s2.faith.tarot_active == card
        assert any("Resolved at the table" in e.text for e in ev)
        assert s2.pieces == s.pieces and s2.pending is None


# ---- 0 The Fool ----
def test_fool_turns_joker_cards_face_up_and_protects_jokers() -> None:
    s = scenario("Pd4 Kh1", "Je5 Kh8 Pa7")
    assert s.faith.cards_face_up == (52,)  # one Joker piece: one Joker card set aside
    s, _ = deal(s, 0)
    assert s.faith.cards_face_up == (52, 53) and 53 not in s.faith.cards_deck
    s, _ = step(s, Activate("White P1"))
    s, _ = step(s, Attack("White P1", sq("e5")), [4, 4, 1])
    assert s.pending is not None and s.pending.decision is Decision.MOVE_ASIDE


# ---- 1 The Magician ----
def _magician_offer(s: GameState) -> GameState:
    """White's Queen slain, The Magician active, and White's Knight on d4 slaying the Pawn on
    e6 at Advantage: the offer to replace the Knight is open."""
    s, _ = step(s, Slay(B, "White Q1"))
    s, _ = step(s, GiveTokens(W, "White N1", Token.ADVANTAGE, 1))
    s, _ = deal(s, 1)
    s, _ = step(s, Activate("White N1"))
    s, _ = step(s, Attack("White N1", sq("e6")))
    s, _ = step(s, UseToken(True), [3, 3, 1, 1])
    return s


def test_magician_replaces_an_advantaged_slayer() -> None:
    s = _magician_offer(scenario("Nd4 Qa1 Kh1", "Pe6 Kh8"))
    assert s.pending is not None and s.pending.options == ("White Q1", "none")
    s = choose(s, "White Q1")
    assert s.piece("White Q1").square == sq("e6")
    assert s.piece("White N1").zone is Zone.SLAIN


def test_magician_swap_is_one_step_judged_after_it() -> None:
    """The replacement is one step (R47): with a Joker (Fool's Endeavour) its only other piece,
    White has a Queen on the board once the swap is done, so the game goes on. Rules revision
    2 judged the end between the two halves, and so it still does for games made under it."""

    def swapped(revision: int) -> GameState:
        s = scenario("Nd4 Qa1 Jc1", "Pe6 Kh8 Pa7")
        s = replace(s, config=replace(s.config, revision=revision))
        return choose(_magician_offer(s), "White Q1")

    s = swapped(3)
    assert s.outcome is None, s.outcome
    assert s.piece("White Q1").square == sq("e6") and s.piece("White N1").zone is Zone.SLAIN
    old = swapped(2)
    assert old.outcome is not None and old.outcome.winner is B


def test_magician_needs_an_attack_at_advantage() -> None:
    s = scenario("Nd4 Qa1 Kh1", "Pe6 Kh8")
    s, _ = step(s, Slay(B, "White Q1"))
    s, _ = deal(s, 1)
    s, _ = step(s, Activate("White N1"))
    s, _ = step(s, Attack("White N1", sq("e6")), [3, 3, 1, 1])
    assert s.pending is None and s.piece("White N1").square == sq("e6")


# ---- 2 The High Priestess ----
def test_high_priestess_opponent_picks_the_activation() -> None:
    s = scenario("Kh1 Pa2", "Kh8 Pa7")
    s, _ = deal(s, 2)
    assert s.to_act is W and s.decider is B
    with pytest.raises(NotYourDecision):
        apply(s, Activate("White K1"), ScriptedDice([]), player=W)
    s, _ = apply(s, Activate("White P1"), ScriptedDice([]), player=B)
    assert s.pending is not None and s.pending.player is W  # White still plays the piece


def test_high_priestess_does_not_pick_reactivations() -> None:
    s = scenario("Kh1", "Kh8 Pa7")
    s, _ = step(s, Activate("White K1"))
    s, _ = step(s, Move("White K1", sq("g1")))
    s, _ = step(s, Activate("Black K1"))
    s, _ = step(s, Move("Black K1", sq("g8")))
    s, _ = deal(s, 2)
    assert s.decider is W  # White must Reactivate and picks it


# ---- 3 The Empress ----
def test_empress_curses_the_highest_piece_of_the_team_with_more_slain() -> None:
    s = scenario("Kh1 Qd1 Pa2", "Kh8 Pa7 Pb7")
    s, _ = step(s, Slay(B, "White P1"))
    s, _ = deal(s, 3)
    assert s.piece("White K1").cursed
    assert not any(p.cursed for p in s.pieces if p.key != "White K1")


def test_empress_tie_does_nothing_and_trees_protect() -> None:
    s = scenario("Kh1 Pa2", "Kh8 Pa7", trees="a3")
    s, _ = deal(s, 3)
    assert not any(p.cursed for p in s.pieces)
    with pytest.raises(IllegalAction, match="cannot be a target for a Curse"):
        check(s, Curse(B, "White P1"))  # next to the Tree on a3
    s, _ = step(s, Curse(B, "White K1"))
    assert s.piece("White K1").cursed


# ---- 5 The Hierophant ----
def test_hierophant_blesses_bishops_then_offers_curses() -> None:
    s = scenario("Bc1 Kh1", "Bc8 Bf8 Kh8")
    s, _ = deal(s, 5)
    assert all(s.piece(k).blessed for k in ("White B1", "Black B1", "Black B2"))
    assert s.pending is not None and s.pending.player is W and "none" in s.pending.options
    s = choose(s, "Black K1")
    assert s.pending is not None and s.pending.player is B
    s = choose(s, "White K1")
    s = choose(s, "none")
    assert s.pending is None
    assert s.piece("Black K1").cursed and s.piece("White K1").cursed


# ---- 6 The Lovers ----
def test_lovers_bless_an_enemy_then_curse_your_own() -> None:
    s = scenario("Kh1 Pa2", "Kh8 Pa7")
    s, _ = deal(s, 6, by=B)
    assert s.pending is not None and s.pending.player is B
    assert set(s.pending.options) == {"White K1", "White P1"}
    s = choose(s, "White P1")
    assert set(s.pending.options) == {"Black K1", "Black P1"}  # type: ignore[union-attr]
    s = choose(s, "Black P1")
    s = choose(s, "Black K1")  # White Blesses an enemy
    s = choose(s, "White K1")  # White Curses its own
    assert s.piece("White P1").blessed and s.piece("Black P1").cursed
    assert s.piece("Black K1").blessed and s.piece("White K1").cursed
    assert s.pending is None


# ---- 7 The Chariot ----
def test_chariot_lifts_curses_of_the_smaller_side_and_shields_it() -> None:
    s = scenario("Kh1 Pa2", "Kh8 Pa7 Pb7")
    s, _ = step(s, Curse(B, "White P1"))
    s, _ = step(s, Bless(B, "Black P1"))
    s, _ = deal(s, 7)
    assert not s.piece("White P1").cursed
    with pytest.raises(IllegalAction):
        check(s, Curse(B, "White K1"))
    with pytest.raises(IllegalAction):
        check(s, Curse(W, "Black P1"))  # Blessed, on the larger side
    s, _ = step(s, Curse(W, "Black P2"))
    assert s.piece("Black P2").cursed


# ---- 8 Justice ----
def test_justice_curses_the_slayer_or_a_higher_ally() -> None:
    s = scenario("Pd4 Qa1 Kh1", "Pe5 Kh8")
    s, _ = deal(s, 8)
    s, _ = step(s, Activate("White P1"))
    s, _ = step(s, Attack("White P1", sq("e5")), [4, 4, 1, 1])
    assert s.pending is not None and s.pending.player is B
    assert set(s.pending.options) == {"White P1", "White Q1", "White K1"}
    s = choose(s, "White Q1")
    assert s.piece("White Q1").cursed and s.to_act is B and s.pending is None


def test_justice_slays_when_all_eligible_are_cursed() -> None:
    s = scenario("Kd4 Ph1", "Pe5 Kh8")
    s, _ = step(s, Curse(B, "White K1"))
    s, _ = deal(s, 8)
    s, _ = step(s, Activate("White K1"))
    s, _ = step(s, Attack("White K1", sq("e5")), [9, 9, 1, 1])
    assert s.pending is not None and s.pending.options == ("White K1",)
    s = choose(s, "White K1")
    assert s.outcome is not None and s.outcome.winner is B  # the King was slain


# ---- 9 The Hermit ----
def test_hermit_rewards_blessed_leaders_and_punishes_the_isolated() -> None:
    s = scenario("Kh1 Qg1 Pa4", "Kh8 Bg8")
    s, _ = step(s, Bless(W, "White Q1"))
    s, _ = step(s, Bless(B, "Black B1"))
    s, _ = deal(s, 9)
    assert s.piece("White Q1").advantage == 1
    assert s.piece("Black B1").advantage == 1
    assert s.piece("White P1").disadvantage == 1  # alone on a4
    assert s.piece("White K1").disadvantage == 0  # next to the Queen


# ---- 13 Death ----
def test_death_makes_the_side_with_fewer_slain_slay_one_of_its_own() -> None:
    s = scenario("Kh1 Pa2", "Kh8 Pa7 Pb7")
    s, _ = step(s, Slay(W, "Black P2"))
    s, _ = deal(s, 13)
    assert s.pending is not None and s.pending.player is W
    s = choose(s, "White P1")
    assert s.piece("White P1").zone is Zone.SLAIN


def test_death_tie_gives_enemy_disadvantage_tokens() -> None:
    s = scenario("Kh1 Pa2", "Kh8 Pa7")
    s, _ = deal(s, 13, by=B)
    s = choose(s, "White P1")
    s = choose(s, "Black K1")
    assert s.piece("White P1").disadvantage == 1 and s.piece("Black K1").disadvantage == 1


def test_death_slaying_the_activating_piece_ends_its_activation() -> None:
    s = scenario("Kh1 Pa2", "Kh8 Pa7 Pb7")
    s, _ = step(s, Slay(W, "Black P2"))
    s, _ = step(s, Activate("White P1"))
    s, _ = deal(s, 13)
    s = choose(s, "White P1")
    assert s.pending is None and s.activation is None and s.to_act is B


# ---- 14 Temperance ----
def test_temperance_removes_a_token_and_the_enemies_lose_one_too() -> None:
    s = scenario("Kh1 Pa2", "Kh8 Pa7 Pb7")
    s, _ = step(s, GiveTokens(W, "White P1", Token.ADVANTAGE, 2))
    s, _ = step(s, GiveTokens(B, "Black P1", Token.ADVANTAGE, 1))
    s, _ = step(s, GiveTokens(B, "Black P2", Token.ADVANTAGE, 3))
    s, _ = deal(s, 14)
    assert "White P1: Advantage" in s.pending.options  # type: ignore[union-attr]
    s = choose(s, "White P1: Advantage")
    assert s.piece("White P1").advantage == 1
    assert s.piece("Black P1").advantage == 0 and s.piece("Black P2").advantage == 2
    s = choose(s, "none")  # Black declines
    assert s.pending is None


# ---- 15 The Devil / 19 The Sun ----
def test_devil_curses_and_sun_blesses_at_the_start_of_an_activation() -> None:
    s = scenario("Kh1 Pa2", "Kh8 Pa7")
    s, _ = deal(s, 15)
    s, _ = step(s, Activate("White P1"))
    assert s.piece("White P1").cursed
    s = scenario("Kh1 Pa2", "Kh8 Pa7")
    s, _ = deal(s, 19)
    s, _ = step(s, Activate("White P1"))
    assert s.piece("White P1").blessed


def test_devil_ignores_reactivations_wc36() -> None:
    s = scenario("Kh1", "Kh8 Pa7")
    s, _ = step(s, Activate("White K1"))
    s, _ = step(s, Move("White K1", sq("g1")))
    s, _ = step(s, Activate("Black K1"))
    s, _ = step(s, Move("Black K1", sq("g8")))
    s, _ = deal(s, 15)
    s, _ = step(s, Activate("White K1"))  # a Reactivation
    assert not s.piece("White K1").cursed


# ---- 16 The Tower / 17 The Star ----
def test_tower_ends_the_turn_when_the_activation_finishes() -> None:
    s = scenario("Kh1 Pa2", "Kh8 Pa7")
    s, _ = step(s, Activate("White K1"))
    s, _ = deal(s, 16)
    assert s.turn == 1
    s, _ = step(s, Move("White K1", sq("g1")))
    assert s.turn == 2  # everything counted as Activated, so turn 1 ended


def test_star_makes_every_piece_fresh_again() -> None:
    s = scenario("Kh1 Pa2", "Kh8 Pa7")
    s, _ = step(s, Activate("White K1"))
    s, _ = step(s, Move("White K1", sq("g1")))
    s, _ = step(s, Activate("Black K1"))
    s, _ = deal(s, 17, by=B)
    s, _ = step(s, Move("Black K1", sq("g8")))
    assert not any(p.activated for p in s.pieces)
    assert s.turn == 1


def revised(s: GameState) -> GameState:
    """The same game with the revised Star chosen as a game option (WC-32)."""
    return replace(s, config=replace(s.config, star_one_each=True))


def test_revised_star_makes_one_piece_per_player_fresh() -> None:
    s = revised(scenario("Kh1 Ra1 Rb1", "Kh8 Ra8 Rb8"))
    for label, white_to, black_to in (("K1", "g1", "g8"), ("R1", "a2", "a7")):
        s, _ = step(s, Activate(f"White {label}"))
        s, _ = step(s, Move(f"White {label}", sq(white_to)))
        s, _ = step(s, Activate(f"Black {label}"))
        if label == "R1":
            s, _ = deal(s, 17, by=B)
        s, _ = step(s, Move(f"Black {label}", sq(black_to)))
    # The Activation has ended: the player who did not make it chooses first.
    assert s.pending is not None and s.pending.player is W
    assert set(s.pending.options) == {"White K1", "White R1"}
    s = choose(s, "White R1")
    assert s.pending is not None and s.pending.player is B
    assert set(s.pending.options) == {"Black K1", "Black R1"}
    s = choose(s, "Black K1")
    activated = {p.key for p in s.pieces if p.activated}
    assert activated == {"White K1", "Black R1"}
    assert s.to_act is W and s.turn == 1 and s.pending is None


def test_revised_star_choices_come_before_the_turn_ends() -> None:
    """Every piece has Activated when the Star's Activation ends: the players still choose,
    and the turn goes on with the pieces they made fresh."""
    s = revised(scenario("Kh1", "Kh8"))
    s, _ = step(s, Activate("White K1"))
    s, _ = step(s, Move("White K1", sq("g1")))
    s, _ = step(s, Activate("Black K1"))
    s, _ = deal(s, 17, by=B)
    s, _ = step(s, Move("Black K1", sq("g8")))
    assert s.turn == 1
    s = choose(s, "White K1")
    s = choose(s, "Black K1")
    assert s.turn == 1 and not any(p.activated for p in s.pieces)
    assert s.to_act is W


def test_the_star_option_is_saved_with_the_game() -> None:
    s = revised(scenario("Kh1", "Kh8"))
    assert s.config.to_dict()["star_one_each"] is True
    assert "star_one_each" not in scenario("Kh1", "Kh8").config.to_dict()
    assert GameConfig.from_dict(s.config.to_dict()).star_one_each


# ---- 20 Judgement ----
def test_judgement_forbids_advantage() -> None:
    s = scenario("Nd4 Kh1", "Pe6 Pf7 Kh8")
    s, _ = step(s, GiveTokens(W, "White N1", Token.ADVANTAGE, 1))
    s, _ = deal(s, 20)
    s, _ = step(s, Activate("White N1"))
    s, ev = step(s, Attack("White N1", sq("e6")), [2, 5, 4, 4])
    rolled = next(e for e in ev if e.kind == "rolled" and e.get("piece") == "White N1")
    assert rolled.get("mode") == "normal"  # Mounted Advantage is prevented too
    assert s.piece("White N1").advantage == 1  # and the token could not be spent


# ---- 21 The World ----
def test_world_redeploys_and_cleans_curses() -> None:
    s = scenario("Kh1 Pd5", "Kh8 Pa7")
    s, _ = step(s, Curse(B, "White P1"))
    s, _ = step(s, GiveTokens(B, "White P1", Token.DISADVANTAGE, 2))
    s, _ = deal(s, 21)
    s = choose(s, "yes")
    assert not s.piece("White P1").cursed and s.piece("White P1").disadvantage == 0
    s = choose(s, "no")  # Black stays
    assert s.pending is not None and "White P1 d2" in s.pending.options
    assert "White K1 h1" in s.pending.options  # already in the zone: may stay
    s = choose(s, "White P1 d2")
    s = choose(s, "White K1 h1")
    assert s.pending is None
    assert s.piece("White P1").square == sq("d2") and s.piece("White K1").square == sq("h1")


def test_world_both_players_alternate() -> None:
    s = scenario("Kh1 Pd5", "Kh8 Pe4")
    s, _ = deal(s, 21)
    s = choose(s, "yes")
    s = choose(s, "yes")
    order = []
    while s.pending is not None:
        order.append(s.pending.player)
        s = choose(s, s.pending.options[0])
    assert order == [W, B, W, B]


def test_choices_are_validated_and_other_actions_wait() -> None:
    s = scenario("Kh1 Pa2", "Kh8 Pa7")
    s, _ = deal(s, 6)
    with pytest.raises(IllegalAction, match="not one of the choices"):
        check(s, Choose("Black Q9"))
    with pytest.raises(IllegalAction):
        check(s, Activate("White K1"))
    assert all(isinstance(a, Choose) for a in legal_actions(s))


def test_tower_between_activations_ends_the_turn_at_once() -> None:
    s = scenario("Kh1 Pa2", "Kh8 Pa7")
    s, _ = step(s, Activate("White K1"))
    s, _ = step(s, Move("White K1", sq("g1")))
    s, _ = deal(s, 16, by=B)  # no Re/Activation under way
    assert s.turn == 2
