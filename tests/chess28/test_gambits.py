"""The Gambit Cards: paid for by draining a dead model, each played in its own window, and the
hand kept secret in every public view."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.chess28 import text as T
from rules.chess28 import actions as A
from rules.chess28 import cards as G
from rules.chess28.charts import Facing
from rules.chess28.engine import legal_actions
from rules.chess28.moving import destinations
from rules.chess28.state import Zone
from rules.core.errors import IllegalAction
from tests.chess28.helpers import PLAIN, B, W, act, choose, options, position, sq, texts

STEP = "Step; move ^/A; attack x/A; fight 2; defence 1; hp 3"
TOUGH = "Tough; move ^/A; attack x/A; fight 1; defence 1; hp 5"


def with_card(card: int, white=None, black=None, **kw):  # type: ignore[no-untyped-def]
    return position(
        white or [(STEP, "d4", "N"), (PLAIN, "a1", "N")],
        black or [(TOUGH, "d5", "S"), (PLAIN, "h8", "S")],
        hands=((card,), ()),
        dead={W: [PLAIN]},
        **kw,
    )


def test_a_card_needs_a_dead_model_to_drain_and_leaves_the_game() -> None:
    s = position([(STEP, "d4", "N")], [(PLAIN, "h8", "S")], hands=((G.HASTE,), ()))
    with pytest.raises(IllegalAction, match="dead model to drain"):
        act(s, A.PlayGambit(G.HASTE, "W1"))
    s = with_card(G.HASTE)
    s, ev = act(s, A.PlayGambit(G.HASTE, "W1"))
    assert s.hands[W] == () and s.unit("W3").zone is Zone.DRAINED
    assert "plays Haste" in texts(ev)
    with pytest.raises(IllegalAction, match="does not hold"):
        act(s, A.PlayGambit(G.HASTE, "W1"))


def test_haste_lets_a_model_activate_again() -> None:
    s, _ = act(with_card(G.HASTE), A.PlayGambit(G.HASTE, "W2"))
    s, _ = act(s, A.Move("W2", sq("a2"), "N"))
    s, _ = act(s, A.Move("W2", sq("a3"), "N"))
    assert s.unit("W2").square == sq("a3")


def test_vault_makes_every_move_square_a_free_pivot_and_dash_a_straight_run() -> None:
    s, _ = act(with_card(G.VAULT), A.PlayGambit(G.VAULT, "W2"))
    assert destinations(s, s.unit("W2"))[sq("b2")] == tuple(Facing)
    s, _ = act(with_card(G.DASH), A.PlayGambit(G.DASH, "W2"))
    d = destinations(s, s.unit("W2"))
    assert sq("a7") in d and sq("c3") in d and sq("d4") not in d and sq("e5") not in d
    s, _ = act(s, A.Move("W2", sq("a7"), "N"))
    assert not s.unit("W2").dash, "only its next move"


@pytest.mark.parametrize(
    ("card", "said"),
    [
        (G.VAULT, "will Vault on its next Move or Charge"),
        (G.DASH, "will Dash on its next Move or Charge"),
        (G.HASTE, "may be activated again this turn"),
    ],
)
def test_a_card_on_one_model_names_the_model(card: int, said: str) -> None:
    """A walkthrough read "Black plays Vault." and could not tell which model it was on."""
    _, ev = act(with_card(card), A.PlayGambit(card, "W2"))
    name = with_card(card).unit("W2").name
    assert f"{name} {said}" in texts(ev)


def test_castle_swaps_two_friendly_models_keeping_facings() -> None:
    s, _ = act(with_card(G.CASTLE), A.PlayGambit(G.CASTLE, "W1", "W2"))
    assert s.unit("W1").square == sq("a1") and s.unit("W2").square == sq("d4")
    assert s.unit("W1").facing is Facing.N


def test_carpe_diem_gives_three_more_activations() -> None:
    s, _ = act(with_card(G.CARPE_DIEM), A.PlayGambit(G.CARPE_DIEM))
    assert s.limit == 6


def test_warp_reality_joins_the_left_and_right_edges_for_the_turn() -> None:
    s = with_card(G.WARP, white=[("Outrider", "a4", "W"), (PLAIN, "a1", "N")])
    before = destinations(s, s.unit("W1"))
    s, _ = act(s, A.PlayGambit(G.WARP))
    after = destinations(s, s.unit("W1"))
    assert sq("h4") not in before and sq("h4") in after
    s, _ = act(s, A.EndTurn())
    assert not s.warp


def test_awe_pushes_every_adjacent_model_in_the_chosen_order() -> None:
    s = with_card(G.AWE, black=[(TOUGH, "d5", "S"), (TOUGH, "e4", "W")])
    s, _ = act(s, A.PlayGambit(G.AWE, "W1"))
    assert set(options(s)) == {"B1", "B2"}
    s = choose(s, "B2")  # e4 pushed east: d5... the opponent of its owner (White) picks
    assert s.pending is not None and s.pending.kind == "push" and s.pending.chooser is W
    s = choose(s, "f4")
    s = choose(s, "B1")
    s = choose(s, "d6")
    assert s.unit("B1").square == sq("d6") and s.unit("B2").square == sq("f4")
    assert s.pending is None


def test_fall_back_allows_retreat_to_the_backline() -> None:
    s = with_card(G.FALL_BACK, white=[(STEP, "d4", "N"), (PLAIN, "a1", "N")])
    assert not any(isinstance(a, A.Retreat) for a in legal_actions(s))
    s, _ = act(s, A.PlayGambit(G.FALL_BACK))
    s, _ = act(s, A.Retreat("W1", sq("h1"), "E"))
    assert s.unit("W1").square == sq("h1") and s.unit("W1").facing is Facing.E


def test_iron_skin_saves_on_two_until_a_wound() -> None:
    s, _ = act(with_card(G.IRON_SKIN), A.PlayGambit(G.IRON_SKIN, "W1"))
    assert s.unit("W1").iron_skin


def test_fortify_brings_back_up_to_3_hp_as_reinforcements() -> None:
    s = position(
        [(STEP, "d4", "N")],
        [(PLAIN, "h8", "S")],
        hands=((G.FORTIFY,), ()),
        dead={W: [PLAIN, PLAIN, "Brute"]},
    )
    s, _ = act(s, A.PlayGambit(G.FORTIFY))
    # W2 was drained to pay: Drained models may come back too; the Brute's 4 HP is too many.
    assert options(s) == ("done", "W2", "W3")
    s = choose(s, "W3")
    assert "a1 N" in options(s)
    s = choose(s, "a1 N")
    assert s.unit("W3").square == sq("a1")
    assert s.pending is None, "1 HP is left of the 3: too little for another 2-HP model"


def test_mystic_bolt_is_a_free_strength_4_ranged_attack() -> None:
    s = with_card(G.BOLT, black=[(TOUGH, "d7", "S"), (PLAIN, "h8", "S")])
    s, ev = act(s, A.PlayGambit(G.BOLT, "W1", direction="f"), [1, 1, 1, 1, 1])
    assert "4 dice against Defence 1" in texts(ev) and s.activations == 0


def test_sacrifice_swaps_a_model_on_the_enemy_backline_with_a_dead_one() -> None:
    s = position(
        [(STEP, "d8", "N"), (PLAIN, "a1", "N")],
        [(PLAIN, "h7", "S")],
        hands=((G.SACRIFICE,), ()),
        dead={W: [PLAIN, "Brute"]},
    )
    s, _ = act(s, A.PlayGambit(G.SACRIFICE, "W1", "W4"))
    assert s.unit("W4").square == sq("d8") and s.unit("W1").zone is not Zone.BOARD


def test_desiccate_returns_every_drained_model_to_the_dead_pile() -> None:
    s = with_card(G.DESICCATE)
    s, _ = act(s, A.PlayGambit(G.DESICCATE))
    assert s.unit("W3").zone is Zone.DEAD  # drained to pay, then back


def test_moment_of_glory_makes_every_attack_die_hit() -> None:
    s = with_card(G.GLORY)
    s, _ = act(s, A.Melee("W1", sq("d5")))
    assert s.pending is not None and s.pending.kind == "glory"
    s = choose(s, "Moment of Glory", [1])
    assert s.unit("B1").wounds == 2


def test_a_window_opens_with_only_roll_when_the_card_is_not_held() -> None:
    s = with_card(G.HASTE)
    s, _ = act(s, A.Melee("W1", sq("d5")))
    assert options(s) == ("roll",), "the question alone reveals nothing"


def test_relentless_cancels_the_wounds_about_to_be_taken() -> None:
    s = position(
        [(STEP, "d4", "N")],
        [(TOUGH, "d5", "S")],
        hands=((), (G.RELENTLESS,)),
        dead={B: [PLAIN]},
    )
    s, _ = act(s, A.Melee("W1", sq("d5")), [6, 6])
    s = choose(s, "roll", [1])  # the defence window
    s = choose(s, "keep")  # no re-roll
    assert s.pending is not None and s.pending.kind == "relentless"
    s = choose(s, "Relentless")
    assert s.unit("B1").wounds == 0


def test_last_gasp_attacks_before_the_model_is_removed() -> None:
    s = position(
        [(STEP, "d4", "N"), (PLAIN, "a1", "N")],
        [("One; move ^/A; attack x/A; fight 3; defence 0; hp 1", "d5", "S")],
        hands=((), (G.LAST_GASP,)),
        dead={B: [PLAIN]},
    )
    s, _ = act(s, A.Melee("W1", sq("d5")), [6, 1])
    s = choose(s, "roll")  # the defence window (Defence 0: no dice, so no re-roll, C28-17)
    s = choose(s, "take the wounds")
    assert options(s) == ("fall", "Last Gasp")
    s = choose(s, "Last Gasp")
    s = choose(s, "d4", [6, 6, 6, 1])
    assert s.unit("W1").zone is Zone.DEAD and s.unit("B1").zone is Zone.DEAD


def test_the_hand_is_secret_in_public_views() -> None:
    s = with_card(G.VAULT)
    public = T.board_text(s, None) + T.status_text(s) + T.prompt(s)
    assert "Vault" not in public and "1 Gambit Card," in public
    assert "Vault" in T.hand_text(s, W) and "Vault" not in T.hand_text(s, B)


def test_iron_skin_saves_on_two_in_combat_and_ends_with_a_wound() -> None:
    s, _ = act(with_card(G.IRON_SKIN), A.PlayGambit(G.IRON_SKIN, "W1"))
    s = replace(s, to_act=B)  # Black's turn: B1 attacks the Iron-Skinned W1
    s, ev = act(s, A.Melee("B1", sq("d4")), [4, 2])  # Tough: Fight 1 against Defence 1
    assert "1 hit, 1 save: 0 wounds" in texts(ev), "a 2 saves under Iron Skin"
    assert s.unit("W1").iron_skin
    skinned, _ = act(with_card(G.IRON_SKIN), A.PlayGambit(G.IRON_SKIN, "W1"))
    hurt, _ = act(replace(skinned, to_act=B), A.Melee("B1", sq("d4")), [6, 1])
    assert hurt.unit("W1").wounds == 2 and not hurt.unit("W1").iron_skin, "until it is wounded"


def test_warp_reality_pushes_across_the_joined_edges() -> None:
    s = position(
        [("Edge; move ^/A; attack x/A; fight 2; defence 1; hp 3", "b4", "W"), (PLAIN, "d1", "N")],
        [(TOUGH, "a4", "E"), (PLAIN, "h8", "S")],
        hands=((G.WARP,), ()),
        dead={W: [PLAIN]},
    )
    s, _ = act(s, A.PlayGambit(G.WARP))
    s, _ = act(s, A.Melee("W1", sq("a4")), [4, 1, 1])
    assert set(options(s)) == {"h3", "h4", "h5"}, "pushed off the a-file onto the h-file"


# ---- from a helper's audit against the rulebook ----
def test_awe_pushes_each_model_adjacent_once_even_one_with_no_room() -> None:
    """The rulebook's "Push Back every adjacent model": B1 on the edge has nowhere to go,
    takes the wound instead and stays adjacent; it is not pushed (and wounded) again."""
    s = position(
        [(STEP, "b5", "N"), (PLAIN, "h1", "N")],
        [(TOUGH, "a5", "E"), (PLAIN, "h8", "S")],
        hands=((G.AWE,), ()),
        dead={W: [PLAIN]},
    )
    s, _ = act(s, A.PlayGambit(G.AWE, "W1"))
    picks = 0
    while s.pending is not None and s.pending.kind == "awe" and picks < 5:
        s = choose(s, "B1")
        picks += 1
    assert picks == 1 and s.unit("B1").wounds == 1 and s.unit("B1").square == sq("a5")


def test_vault_and_dash_wait_for_the_models_next_move_or_charge() -> None:
    """The cards' "for its next Move or Charge action": a swap (Castle) or a push is neither."""
    s = position(
        [(STEP, "d4", "N"), (PLAIN, "a1", "N")],
        [(PLAIN, "h8", "S")],
        hands=((G.DASH, G.CASTLE), ()),
        dead={W: [PLAIN, PLAIN]},
    )
    s, _ = act(s, A.PlayGambit(G.DASH, "W1"))
    s, _ = act(s, A.PlayGambit(G.CASTLE, "W1", "W2"))
    assert s.unit("W1").square == sq("a1") and s.unit("W1").dash
    s = position(
        [(TOUGH, "d4", "N"), (PLAIN, "a1", "N")],
        [(STEP, "d5", "S"), (PLAIN, "h8", "S")],
        hands=((G.VAULT, G.DASH), ()),
        dead={W: [PLAIN, PLAIN]},
    )
    s, _ = act(s, A.PlayGambit(G.VAULT, "W1"))
    s, _ = act(s, A.EndTurn())
    s, _ = act(s, A.Melee("B1", sq("d4")), [4, 1])  # one hit
    s = choose(s, "roll", [1])  # White's window passed; the save fails
    s = choose(s, "keep")  # no Heroic re-roll
    s = choose(s, "take the wounds")
    s = choose(s, "d3")  # Pushed Back
    assert s.unit("W1").square == sq("d3") and s.unit("W1").vault


def test_a_sacrificed_model_leaves_its_vault_and_dash_behind() -> None:
    s = position(
        [(STEP, "d8", "N"), (PLAIN, "a1", "N")],
        [(PLAIN, "h7", "S")],
        hands=((G.DASH, G.SACRIFICE), ()),
        dead={W: [PLAIN, PLAIN, PLAIN]},
    )
    s, _ = act(s, A.PlayGambit(G.DASH, "W1"))
    s, _ = act(s, A.PlayGambit(G.SACRIFICE, "W1", "W3"))
    gone = s.unit("W1")
    assert not gone.on_board and not gone.dash and not gone.vault  # none for a later return


def test_a_card_refused_as_asked_says_how_it_may_be_played() -> None:
    from rules.chess28.engine import why_not

    s = position(
        [(PLAIN, "d4", "N"), (PLAIN, "a1", "N")],
        [(PLAIN, "d5", "S")],
        hands=((G.AWE, G.CASTLE), ()),
        dead={W: [PLAIN]},
    )
    awe = "Awe cannot be played {}: it may be played on W1"
    assert why_not(s, A.PlayGambit(G.AWE)) == awe.format("without a model")
    assert why_not(s, A.PlayGambit(G.AWE, "B1")) == awe.format("on B1")
    assert why_not(s, A.PlayGambit(G.CASTLE, "W1", "B1")) == (
        "Castle with W1 needs one more of these named: W2"
    )
    bolt = position(  # (it read "Mystic Bolt with W1 goes f", as if it had been cast)
        [(PLAIN, "d4", "N")], [(PLAIN, "d7", "S")], hands=((G.BOLT,), ()), dead={W: [PLAIN]}
    )
    refused = why_not(bolt, A.PlayGambit(G.BOLT, "W1"))
    assert refused.startswith("Mystic Bolt with W1 needs a direction (in `other` in Discord)")
    assert why_not(s, A.PlaceTerrain("blocking", sq("a3"))) == "setup is over: the game is in play"
    assert why_not(s, A.RollOff()) == "setup is over: the game is in play"  # ("Roll_off is...")
    warp = replace(s, hands=((G.WARP,), ()))
    assert why_not(warp, A.PlayGambit(G.WARP, "W1")) == (
        "Warp Reality is played on its own, not on a model"
    )


def test_a_choice_too_long_for_a_menu_says_how_to_answer_it() -> None:
    """Placing a Fortify Reinforcement offers a square and a facing for each Backline square:
    more than one Discord menu holds, so the prompt names the menus (several on one message)
    and `/chess28 choose`, and a square without its facing is told to say the whole choice.
    A choice longer than all the menus together would send the player to `/chess28 choose`."""
    from bot.chess28.text import MENU_OPTIONS, prompt
    from bot.plugin import MENU_SIZE
    from rules.chess28.engine import why_not

    s = position(
        [("Brute", "d4", "N")],
        [("Brute", "d7", "S")],
        hands=((G.FORTIFY,), ()),
        dead={W: [PLAIN, PLAIN, "Brute"]},
    )
    s, _ = act(s, A.PlayGambit(G.FORTIFY))
    s = choose(s, "W3")
    assert MENU_SIZE < len(options(s)) <= MENU_OPTIONS
    said = prompt(s, discord=True)
    assert "answer with the menus below or `/chess28 choose`" in said, said
    longer = replace(s, pending=replace(s.pending, options=tuple(f"x{i}" for i in range(101))))
    said = prompt(longer, discord=True)
    assert "with `/chess28 choose` (one of 101 choices, such as `x0`" in said, said
    refused = why_not(s, A.Choose("a1"))
    assert refused.startswith("say all of the choice, one of: a1 N, a1 E"), refused
