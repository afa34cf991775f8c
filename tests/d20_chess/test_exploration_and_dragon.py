"""Exploration and the tile deck (D20-2, D20-3), the Dragon (house rule), the turn limit."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from rules.core.board import Player, Square
from rules.core.dice import ScriptedDice
from rules.core.errors import RulesError
from rules.d20_chess.actions import Concede, Move
from rules.d20_chess.state import Config
from rules.d20_chess.system import SYSTEM
from rules.d20_chess.tiles import HOUSE_DECK, Effect, parse_deck
from tests.d20_chess.helpers import deck, play, position, where

SQ = Square.parse
THREE = deck(
    {"name": "Grass", "effect": "empty"},
    {"name": "Lesson", "effect": "xp", "amount": 2},
    {"name": "Drums", "effect": "initiative", "amount": 1},
)


def test_moving_onto_an_unexplored_middle_square_draws_a_tile_from_the_pile() -> None:
    s = position("wPe2* wKa1 bKh8", THREE)
    s = play(s, "e2", "e4", 2)  # the die picks the 2nd of the 3 tiles left: the Lesson
    assert s.tiles == {SQ("e4"): 1} and s.pile == (0, 2)
    assert s.at(SQ("e4")).xp == 2  # type: ignore[union-attr]
    assert s.history[-1].rolls == ((3, 2),)  # drawn through the dice: the log replays it
    assert "explores e4: Lesson (+2 XP)" in s.history[-1].events[1].text


def test_passing_over_a_square_or_coming_back_explores_nothing() -> None:
    s = position("wPe2* wKa1 bKh8", THREE)
    s = play(s, "e2", "e4", 1)
    assert SQ("e3") not in s.tiles  # the two-square step passed over e3
    s = play(s, "h8", "h7")
    s = play(s, "a1", "b1")
    s = play(s, "h7", "h8")
    assert len(s.pile) == 2
    s = play(s, "e4", "e5", 1)
    assert len(s.pile) == 1 and s.initiative == (5, 5)  # Grass was drawn: nothing happens


def test_the_home_ranks_are_never_explored_and_rank_7_only_with_the_switch() -> None:
    s = position("wPd6 wKa2 bKh8", THREE)
    s = play(s, "d6", "d7")
    assert s.tiles == {}
    s = play(s, "h8", "h7")
    s = play(s, "a2", "a1")
    assert s.tiles == {}
    wide = replace(THREE, wide_exploration=True)
    s = play(position("wPd6 wKa2 bKh8", wide), "d6", "d7", 3)
    assert s.tiles == {SQ("d7"): 2} and s.initiative == (6, 5)
    assert Config(wide_exploration=True).explored_ranks == range(2, 7)


def test_an_empty_pile_leaves_new_squares_bare() -> None:
    s = position("wPe2* wKa1 bKh8", deck({"name": "Grass", "effect": "empty"}), pile=())
    s = play(s, "e2", "e3")
    assert s.tiles == {SQ("e3"): None} and "pile is empty" in s.history[-1].events[1].text


def test_a_capture_onto_an_unexplored_square_explores_it_too() -> None:
    wide = replace(THREE, wide_exploration=True)
    s = position("wPd6 bPe7* wKa1 bKh8", wide)
    s = play(s, "d6", "e7", 20, 2)
    assert s.tiles == {SQ("e7"): 1} and s.at(SQ("e7")).xp == Fraction(5, 2)  # type: ignore[union-attr]


def test_the_house_deck_is_data_with_every_kind_of_tile() -> None:
    assert HOUSE_DECK.name == "House deck" and len(HOUSE_DECK.tiles) == 32
    assert {t.effect for t in HOUSE_DECK.tiles} == set(Effect)
    assert sum(t.effect is Effect.LAIR for t in HOUSE_DECK.tiles) == 1
    assert all(
        t.effect.lasting == (t.effect in (Effect.ATTACK, Effect.DEFENCE)) for t in HOUSE_DECK.tiles
    )


def test_a_server_deck_replaces_the_house_deck_and_bad_decks_say_every_problem() -> None:
    mine = {
        "name": "Swamp",
        "tiles": [{"name": "Mud", "effect": "defence", "amount": 1, "count": 5}],
    }
    s = SYSTEM.new_game({"deck": mine})
    assert s.config.deck.name == "Swamp" and s.pile == (0, 1, 2, 3, 4)
    assert SYSTEM.loads(SYSTEM.dumps(s)).config.deck == s.config.deck
    bad = {
        "tiles": [
            {"name": "X", "effect": "teleport"},
            {"name": "Y", "effect": "xp", "amount": 0},
            {"name": "Z", "effect": "lair", "count": 2},
        ]
    }
    with pytest.raises(RulesError) as e:
        parse_deck(bad)
    for words in ("tile 1's effect", "tile 2's amount", "at most one Dragon's lair"):
        assert words in str(e.value)
    with pytest.raises(RulesError, match="not valid JSON"):
        parse_deck("{nope")
    with pytest.raises(RulesError, match="non-empty list"):
        parse_deck({"name": "Nothing", "tiles": []})


def test_game_options_are_checked() -> None:
    with pytest.raises(RulesError) as e:
        SYSTEM.new_config({"turn_limit": 0, "standard_army": "yes", "colour": "red"})
    for words in ("turn limit", "yes-or-no", "'colour' is not"):
        assert words in str(e.value)
    cfg = SYSTEM.new_config({"standard_army": True, "wide_exploration": True, "turn_limit": 30})
    assert SYSTEM.config_from_dict(SYSTEM.config_to_dict(cfg)) == cfg


LAIR = deck({"name": "Lair", "effect": "lair"}, {"name": "Grass", "effect": "empty"})


def test_the_lair_wakes_the_dragon_which_comes_out_after_the_move() -> None:
    s = position("wPe2* wKa1 bKh8", LAIR)
    s = play(s, "e2", "e3", 1)
    assert s.lair == SQ("e3") and s.dragon is not None
    assert s.dragon.square == SQ("e4")  # the lair is full: first empty square clockwise from north
    assert s.to_act is Player.BLACK
    texts = [e.text for e in s.history[-1].events]
    assert any("lair is on e3" in t for t in texts) and any("comes out" in t for t in texts)


def test_the_dragon_walks_towards_the_nearest_piece() -> None:
    s = position("De5 wKa1 bKh8 wPc2", LAIR)
    s = play(s, "a1", "b1")  # nearest: c2 (3 away; b1 is 4, h8 is 3 but later in a1..h8)
    # e4 and d4 are both 2 from c2: e4 (south) comes before d4 (south-west) clockwise.
    assert s.dragon is not None and s.dragon.square == SQ("e4")


def test_the_dragon_attacks_the_neighbour_with_the_lowest_defence() -> None:
    s = position("Dd4 wRc3 wPe5 bNd5 wKe3 bKh8 wRa8", LAIR)
    s = play(s, "a8", "a7", 7)  # the Pawn on e5 (Defence 1) before the Knight, Rook and King
    assert where(s, "e5") == "D" and where(s, "d5") == "bN"


def test_a_king_captured_by_the_dragon_loses_the_game() -> None:
    s = position("Dd4 wKe3 bKh8 wRa8", LAIR)
    s = play(s, "a8", "a7", 5)  # 5 + 11 + 5 - 10 = 11: the King is captured
    result = SYSTEM.result(s)
    assert result is not None and result.winner is Player.BLACK and "the Dragon" in result.text
    s = position("Dd4 wKe3 bKh8 wRa8", LAIR)
    s = play(s, "a8", "a7", 4)  # 4 + 16 - 10 = 10: the King holds
    assert where(s, "e3") == "wK" and s.dragon.square == SQ("d4")  # type: ignore[union-attr]
    assert SYSTEM.result(s) is None and s.history[-1].rolls == ((20, 4),)


def test_a_dragon_that_captures_takes_the_square() -> None:
    s = position("Dd4 wPc3 wKa1 bKh8", LAIR)
    s = play(s, "a1", "a2", 2)  # 2 + 16 - 1 = 17
    assert where(s, "c3") == "D" and where(s, "d4") == "-"


def test_a_dragon_rolling_a_natural_1_is_captured_and_the_defender_gains_5_and_a_half() -> None:
    s = position("Dd4 wRc3 wKa1 bKh8", LAIR)
    s = play(s, "a1", "a2", 1)
    assert s.dragon is None and where(s, "c3") == "wR"
    assert s.at(SQ("c3")).xp == Fraction(11, 2)  # type: ignore[union-attr]
    assert s.offers == (s.at(SQ("c3")).key,)  # type: ignore[union-attr] # 5 + 5½ reaches 8


def test_the_dragon_can_be_attacked_and_is_worth_5_and_a_half() -> None:
    s = position("Dd5 wQd1 wKa1 bKh8", LAIR, pile=())
    mods = SYSTEM.odds(s, Move(SQ("d1"), SQ("d5")))
    assert mods is not None and mods["capture"] == Fraction(12, 20)  # 8 + 5 - 11 = 2: 9..20
    s = play(s, "d1", "d5", 20)
    assert s.dragon is None and s.at(SQ("d5")).xp == Fraction(11, 2)  # type: ignore[union-attr]
    said = " ".join(e.text for step in s.history for e in step.events)
    assert "from capturing the Dragon" in said, said  # (there is one: not "a Dragon")


def test_the_turn_limit_draws_the_game() -> None:
    s = position("wKa1 bKh8", replace(THREE, turn_limit=1))
    s = play(s, "a1", "a2")
    assert SYSTEM.result(s) is None
    s = play(s, "h8", "h7")
    result = SYSTEM.result(s)
    assert result is not None and result.winner is None and result.reason == "turn limit"


def test_conceding_ends_the_game_for_the_other_side() -> None:
    s = SYSTEM.new_game({})
    s, _ = SYSTEM.apply(s, Concede(Player.BLACK), ScriptedDice([]), player=Player.BLACK)
    result = SYSTEM.result(s)
    assert result is not None and result.winner is Player.WHITE
    with pytest.raises(RulesError, match="over"):
        SYSTEM.apply(s, Concede(Player.WHITE), ScriptedDice([]))


# ---- cases a reviewer found untested (each test fails if its rule breaks) ----


def test_a_promotion_won_in_the_opponents_turn_is_asked_of_its_owner() -> None:
    """E13: a White Pawn that repels a Black attack with a natural 1 gains XP in Black's turn;
    White answers the promotion (not Black), and then White moves."""
    from rules.core.errors import NotYourDecision
    from rules.d20_chess.actions import Keep
    from tests.d20_chess.helpers import EMPTY_DECK

    s = position("wPd4 bRd5 wKa1 bKh8", EMPTY_DECK, to_act=Player.BLACK)
    s = play(s, "d5", "d4", 1)  # the Rook fails critically: the Pawn gains 2½ (1 + 2½ >= 3)
    pawn = s.at(SQ("d4"))
    assert pawn is not None and s.offers == (pawn.key,)
    assert SYSTEM.decider(s) is Player.WHITE and s.to_act is Player.BLACK
    with pytest.raises(NotYourDecision):
        SYSTEM.apply(s, Keep(), ScriptedDice([]), player=Player.BLACK)
    s, _ = SYSTEM.apply(s, Keep(), ScriptedDice([]), player=Player.WHITE)
    assert not s.offers and SYSTEM.decider(s) is Player.WHITE


def test_the_dragon_attacks_black_pieces_too_from_its_own_square_bonus() -> None:
    """E15/E6: the Dragon's prey is either side's, and an attack tile under it counts."""
    from rules.d20_chess.captures import modifiers

    hill = deck({"name": "Hill", "effect": "attack", "amount": 2})
    s = position("Dd4 bPc5 wKa1 bKh8", hill, explored=((SQ("d4"), 0),), pile=())
    assert s.dragon is not None
    mods = modifiers(s, s.dragon, s.at(SQ("c5")))  # type: ignore[arg-type]
    assert mods.attack_bonus == 2, mods
    s = play(s, "a1", "a2", 2)  # 2 + 11 + 5 + 2 - 1 = 19: captured
    assert where(s, "c5") == "D" and where(s, "d4") == "-"


def test_the_dragons_initiative_is_always_5() -> None:
    """E5: whatever the sides' initiative, the Dragon rolls with 5."""
    from rules.d20_chess.captures import modifiers
    from tests.d20_chess.helpers import EMPTY_DECK

    s = position("Dd4 wPc3 wKa1 bKh8", EMPTY_DECK, initiative=(7, 2))
    assert s.dragon is not None
    assert modifiers(s, s.dragon, s.at(SQ("c3"))).initiative == 5  # type: ignore[arg-type]


def test_the_dragon_waits_in_a_full_ring_then_comes_out_onto_its_lair() -> None:
    """E15: just woken with its lair and every square around it full, it waits (it is not
    lost); once the lair is empty it comes out onto the lair itself."""
    s = position("wKa1 bKh8 wNc2 wPd2 wPe2 wPf2 wPd3 wPf3 wPd4 wPe4 wPf4", LAIR)
    s = play(s, "c2", "e3", 1)  # the Knight finds the lair on e3; the ring is full
    assert s.lair == SQ("e3") and s.dragon is None
    assert any("waits" in e.text for e in s.history[-1].events)
    s = play(s, "h8", "g8")
    s = play(s, "e3", "c2")  # the lair is empty now
    assert s.dragon is not None and s.dragon.square == SQ("e3")


def test_a_pawn_may_attack_the_dragon_and_a_repelled_pawn_may_still_step_two() -> None:
    """E2: the Dragon is an enemy to a Pawn's diagonal attack; E1: a Pawn whose attack was
    repelled has not moved from its square, so its first step may still be two."""
    from tests.d20_chess.helpers import EMPTY_DECK

    s = position("Dd5 wPc4 wKa1 bKh8", EMPTY_DECK, pile=())
    assert Move(SQ("c4"), SQ("d5")) in SYSTEM.legal_actions(s)
    s = position("wPe2* bPd3 wKa1 bKh8", EMPTY_DECK)
    s = play(s, "e2", "d3", 5)  # 5 + 1 + 5 - 1 = 10: repelled
    s = play(s, "h8", "g8")
    assert Move(SQ("e2"), SQ("e4")) in SYSTEM.legal_actions(s)


def test_an_initiative_tile_found_by_black_changes_blacks_initiative() -> None:
    """E5: the finder's side, Black's too."""
    s = position("bPe7* wKa1 bKh8", THREE, to_act=Player.BLACK)
    s = play(s, "e7", "e5", 3)  # the 3rd of 3 tiles: the Drums, +1
    assert s.initiative == (5, 6)
