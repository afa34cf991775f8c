"""Tarot look-up, the playing-card deck and bone reading."""

import pytest

from rules.core.errors import IllegalAction, ParseError
from rules.wargame_chess.actions import Activate, DiscardCard, DrawCards, Move, ReadBones
from rules.wargame_chess.board import Player, Square
from rules.wargame_chess.cards import FULL_DECK, PlayingCard, bone_pool, jokers_removed, parse_card
from rules.wargame_chess.engine import check
from rules.wargame_chess.scenario import scenario
from rules.wargame_chess.tarot import CARDS, INCOMPLETE, ROMAN, autocomplete, find_card, lookup
from tests.helpers import step

W, B = Player.WHITE, Player.BLACK

ALIASES = [
    "The Madman", "The Juggler", "Illness", "Faith", "The Popess", "Night", "Day", "Protection",
    "The Pope", "Dissension", "The Sage", "Traitor", "Fortune", "Sovereign", "Prudence",
    "The People", "Morality", "House of God", "House of the Devil", "Desolation", "Water", "Fire",
    "The Fires", "Earth",
]  # fmt: skip


def test_all_22_cards_numbered_0_to_21() -> None:
    assert [c.number for c in CARDS] == list(range(22))
    assert {4, 10, 11, 12, 18} == INCOMPLETE
    for c in CARDS:
        assert c.complete == (c.number not in INCOMPLETE)
        if c.complete:
            assert c.immediate or c.passive
        else:
            assert not c.immediate and not c.passive and "Resolved at the table" in c.describe()


@pytest.mark.parametrize("alias", ALIASES)
def test_every_alternate_name_finds_its_card(alias: str) -> None:
    card = find_card(alias)
    assert alias in card.aliases


def test_every_name_and_number_finds_its_card() -> None:
    for c in CARDS:
        for n in c.all_names:
            assert find_card(n) is c
            assert find_card(n.upper()) is c
        assert find_card(str(c.number)) is c
        assert find_card(ROMAN[c.number]) is c


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("tower", 16),
        ("XVI", 16),
        ("16", 16),
        ("the hermitt", 9),
        ("hi priestess", 2),
        ("juggler", 1),
    ],
)
def test_forgiving_lookups(text: str, number: int) -> None:
    assert find_card(text).number == number


def test_nonsense_gets_suggestions_not_a_trace() -> None:
    res = lookup("qwxz")
    assert res.card is None and len(res.suggestions) == 3
    with pytest.raises(ParseError, match="did you mean"):
        find_card("banana split")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "name a tarot card: The Fool, its number 0"),
        ("22", "no tarot card is numbered 22: the Major Arcana run 0 to 21"),
        ("XXII", "no tarot card is numbered XXII"),
        ("Queen of Cups", "'Queen of Cups' is a Minor Arcana card (the playing-card deck's Queen"),
        ("Knight of Swords", "(the playing-card deck's Jack of Spades)"),  # not The Empress
    ],
)
def test_near_misses_say_what_they_are(text: str, words: str) -> None:
    with pytest.raises(ParseError) as e:
        find_card(text)
    assert words in str(e.value) and "did you mean" not in str(e.value)


def test_high_priestess_minchiate_note() -> None:
    assert "Minchiate" in find_card("faith").describe()


def test_autocomplete() -> None:
    names = [c.name for c in autocomplete("the h")]
    assert names[:2] == ["The High Priestess", "The Hierophant"] or "The Hermit" in names[:4]
    assert len(autocomplete("")) == 22
    assert autocomplete("16")[0].name == "The Tower"


# ---- playing cards ----
def test_the_deck_has_52_cards_and_two_jokers() -> None:
    assert len(FULL_DECK) == 54
    assert sum(c.is_joker for c in FULL_DECK) == 2
    assert len({c.name for c in FULL_DECK}) == 54


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Queen of Hearts", "Queen of Hearts"),
        ("QH", "Queen of Hearts"),
        ("10♠", "10 of Spades"),
        ("Knight of Cups", "Jack of Hearts"),
        ("3 of Pentacles", "3 of Diamonds"),
        ("Ace of Wands", "Ace of Clubs"),
        ("king of swords", "King of Spades"),
        ("two of disks", "2 of Diamonds"),
        ("black joker", "Black Joker"),
    ],
)
def test_card_lookups_with_minor_arcana(text: str, name: str) -> None:
    assert parse_card(text).name == name


def test_pages_are_not_in_the_deck() -> None:
    with pytest.raises(ParseError, match="Pages are removed"):
        parse_card("Page of Cups")
    with pytest.raises(ParseError, match="not a playing card"):
        parse_card("Knight of Spoons")


@pytest.mark.parametrize(("pieces", "removed"), [(0, 0), (1, 1), (2, 1), (3, 2), (4, 2)])
def test_joker_cards_set_aside_by_joker_pieces(pieces: int, removed: int) -> None:
    assert jokers_removed(pieces) == removed


def test_game_deck_sets_joker_cards_aside() -> None:
    s = scenario("Kh1 Ja1 Jb1", "Kh8 Ja8")
    assert s.faith.cards_face_up == (52, 53)
    assert len(s.faith.cards_deck) == 52
    s = scenario("Kh1", "Kh8")
    assert len(s.faith.cards_deck) == 54


def test_cards_kept_for_the_turn_are_reshuffled_at_its_end() -> None:
    s = scenario("Kh1", "Kh8")
    s, _ = step(s, DrawCards(W, 2, "turn"), [1, 1])
    assert s.faith.cards_aside_turn == (0, 1)
    s, _ = step(s, DrawCards(B, 1, "game"), [1])
    assert s.faith.cards_aside_game == (2,)
    s, _ = step(s, DiscardCard(W, 0))
    assert s.faith.cards_discard == (0,) and s.faith.cards_aside_turn == (1,)
    with pytest.raises(IllegalAction, match="kept aside"):
        check(s, DiscardCard(W, 40))
    s, _ = step(s, Activate("White K1"))
    s, _ = step(s, Move("White K1", Square.parse("g1")))
    s, _ = step(s, Activate("Black K1"))
    s, ev = step(s, Move("Black K1", Square.parse("g8")))
    assert s.turn == 2
    assert s.faith.cards_aside_turn == () and s.faith.cards_discard == ()
    assert s.faith.cards_aside_game == (2,)  # kept for the game
    assert len(s.faith.cards_deck) == 53
    assert any(e.kind == "reshuffle" for e in ev)


def test_empty_deck_reshuffles_the_discards_wc29() -> None:
    from dataclasses import replace

    s = scenario("Kh1", "Kh8")
    s = replace(
        s, faith=replace(s.faith, cards_deck=(5,), cards_discard=(7, 9), cards_aside_game=(11,))
    )
    s, ev = step(s, DrawCards(W, 2, "discard"), [2])
    assert any("ran out" in e.text for e in ev)
    assert s.faith.cards_aside_game == (11,)  # cards kept aside are not reshuffled
    assert sorted(s.faith.cards_discard) == [5, 9]
    assert s.faith.cards_deck == (7,)


def test_drawing_more_than_exists_is_refused() -> None:
    from dataclasses import replace

    s = scenario("Kh1", "Kh8")
    s = replace(s, faith=replace(s.faith, cards_deck=(1,)))
    with pytest.raises(IllegalAction, match="not enough cards"):
        check(s, DrawCards(W, 2))


# ---- bones ----
def test_bone_pool_from_the_team() -> None:
    assert bone_pool({"pawn", "knight", "rook", "queen", "king", "joker"}) == (4, 6, 8, 10, 20)
    assert bone_pool({"bishop"}) == (6,)
    assert bone_pool({"pawn"}) == (4,)


def test_reading_the_bones_rolls_the_pool_and_keeps_on_request() -> None:
    s = scenario("Kh1 Pa2 Nb1", "Kh8")
    s, ev = step(s, ReadBones(W, keep=False), [3, 5, 9])
    assert "D4=3, D6=5, D10=9" in ev[0].text
    assert s.faith.bones == ((), ())
    s, _ = step(s, ReadBones(B, keep=True), [7])
    assert s.faith.bones == ((), (7,))


def test_playing_card_names() -> None:
    assert PlayingCard(0).name == "Ace of Clubs"
    assert PlayingCard(51).short == "K♠"


def test_the_bones_are_read_once_play_has_begun() -> None:
    """A reading during Trees or deployment was posted for all, and its dice (a D20 for a
    Joker, a D8 for a Queen) told the other player what the team held before both were shown
    (R9). From rules revision 4 the bones are read in play; older games keep their rules."""
    from dataclasses import replace

    from rules.core.dice import RandomDice
    from rules.core.errors import IllegalAction
    from rules.wargame_chess.state import Phase
    from rules.wargame_chess.system import SYSTEM

    s, dice = SYSTEM.new_game({}), RandomDice(1)
    while s.phase is not Phase.DEPLOY:
        s, _ = SYSTEM.apply(s, SYSTEM.legal_actions(s)[0], dice)
    with pytest.raises(IllegalAction, match="bones are read once play has begun"):
        SYSTEM.apply(s, ReadBones(W, keep=False), dice)
    old = replace(s, config=replace(s.config, revision=3))
    _, ev = SYSTEM.apply(old, ReadBones(W, keep=False), dice)
    assert "White reads the bones: " in ev[0].text
