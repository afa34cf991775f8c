"""`/rules` and `rules`: a term is found by any case, plural, beginning, another form of the
word or a misspelling, and never answered with another term (a walkthrough asked for `token`
and was told about Activation)."""

from __future__ import annotations

import pytest

from bot.chess28.text import TERMS as C28_TERMS
from bot.glossary import lookup_term
from bot.wargame_chess.glossary import TERMS


@pytest.mark.parametrize(
    ("typed", "term"),
    [
        ("token", "Tokens"),
        ("tokens", "Tokens"),
        ("points", "Points"),
        ("deploy", "Deployment"),
        ("activate", "Activation"),
        ("reactivate", "Reactivation"),
        ("activ", "Activation"),
        ("pawn", "Pawn"),
        ("KING", "King"),
        ("blessing", "Blessed"),
        ("castling", "Castle"),
        ("reactivaton", "Reactivation"),
        ("combat", "Combat Movement"),
    ],
)
def test_a_term_is_found_by_the_words_a_player_types(typed: str, term: str) -> None:
    found = lookup_term(TERMS, typed)
    assert found is not None and found[0] == term, (typed, found)


@pytest.mark.parametrize("typed", ["win", "xyzzy", "", "a"])
def test_nothing_close_is_not_answered_with_another_term(typed: str) -> None:
    assert lookup_term(TERMS, typed) is None


@pytest.mark.parametrize(
    ("typed", "term"),
    [
        ("chest", "Treasure Chest"),
        ("chests", "Treasure Chest"),
        ("carnage", "Rule of Carnage"),
        ("stubborn", "Stubborn"),
        ("barge", "Barge"),
        ("chill", "Chill Grasp"),
        ("grasp", "Chill Grasp"),
        ("footwork", "Fancy Footwork"),
        ("bloodlust", "Bloodlust"),
    ],
)
def test_chess28_terms_by_a_later_word_and_its_abilities(typed: str, term: str) -> None:
    """A walkthrough asked `rules chest` and `rules stubborn` and got "No rules term", though
    Treasure Chest was listed as the closest and Stubborn is on the roster's cards."""
    found = lookup_term(C28_TERMS, typed)
    assert found is not None and found[0] == term, (typed, found)


def test_a_later_word_of_two_terms_names_neither() -> None:
    terms = {"Move Chart": "a", "Attack Chart": "b"}
    assert lookup_term(terms, "chart") is None  # which chart is not guessed
    assert lookup_term({"Faction Leader": "x"}, "leader") == ("Faction Leader", "x")
    assert lookup_term({"Faction Leader": "x", "Team Leader": "y"}, "leader") is None


def test_a_later_word_is_matched_whole_and_only_when_long() -> None:
    """A review found the later-word match answering with the wrong term: `rules chess` with
    Treasure Chest, `rules pass` with En Passant, `rules move` with First Move."""
    from bot.card_game.glossary import TERMS as CARD_TERMS

    for terms, typed, wrong in (
        (C28_TERMS, "chess", "Treasure Chest"),
        (C28_TERMS, "attacks", "Ranged Attack"),
        (TERMS, "pass", "En Passant"),
        (TERMS, "ends", "Fool's Endeavour"),
        (CARD_TERMS, "move", "First Move"),
    ):
        found = lookup_term(terms, typed)
        assert found is None or found[0] != wrong, (typed, found)
    assert lookup_term(C28_TERMS, "attacks")[0] == "Attack Chart"  # type: ignore[index]
