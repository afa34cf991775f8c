"""`/rules` and `rules`: a term is found by any case, plural, beginning, another form of the
word or a misspelling, and never answered with another term (a walkthrough asked for `token`
and was told about Activation)."""

from __future__ import annotations

import pytest

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
