"""The Set 1 catalogue as shipped data, deck building, the starter decks and movement data."""

from __future__ import annotations

import pytest

from rules.card_game.battlefield import destinations, movement_of, parse_movement
from rules.card_game.catalogue import CardType, Suit, card, cards, find, lookup
from rules.card_game.decks import STARTERS, Deck, parse_deck
from rules.core.board import Board, Player
from rules.core.errors import InvalidTeam, ParseError

GRID = Board(5, 3)


def test_the_catalogue_is_cleaned() -> None:
    all_cards = cards()
    assert len(all_cards) == 49
    assert all(c.name == c.name.strip() and c.text for c in all_cards)
    kinds = [c.type for c in all_cards]
    assert kinds.count(CardType.KING) == 4 and kinds.count(CardType.PIECE) == 24
    assert card("King of Diamonds").aliases == ("King of Diamond",)
    assert find("King of Diamond").name == "King of Diamonds"
    assert card("Reinforcements").type is CardType.ACTION  # published as a Piece
    assert card("Pin").type is CardType.ACTION and card("Pin").cost == 3
    assert card("Value!").type is CardType.TRADE
    assert card("Counter!").limit == 1 and card("Queen of Spades").limit == 1
    assert card("Fortify").type is CardType.EQUIP and card("The London").type is CardType.STATIC
    # Published facts kept: costs, Attack, Health, Material Values.
    q = card("Queen of Hearts")
    assert (q.cost, q.attack, q.health, q.material) == (10, 3, 8, 5)
    assert card("Diamond Pawn").cost == 0 and card("Spade Rook").piercing
    # Our own words, not the published sentences.
    assert "Search Your Burned Zone" not in card("Heart Rook").text
    assert "oppenents" not in card("Kings Gambit").text


def test_look_up_by_any_spelling() -> None:
    assert find("queen of hart").name == "Queen of Hearts"
    assert find("kings gambit").name == "Kings Gambit"
    assert find("KING'S GAMBIT").name == "Kings Gambit"
    assert find("bong clod").name == "Bong Cloud"
    found, _ = lookup("knight")
    assert found is not None and found.name == "Knight"
    with pytest.raises(ParseError, match="did you mean"):
        find("xyzzy")


def test_deck_problems_are_all_reported_at_once() -> None:
    with pytest.raises(InvalidTeam) as e:
        parse_deck("King of Clubs; 4 Club Pawn; 2 Queen of Clubs; 3 Fork; 2 Counter!; 1 Heart Pawn")
    problems = e.value.problems
    assert any("30 cards" in p and "not 12" in p for p in problems)
    assert any("4 copies of Club Pawn" in p for p in problems)
    assert any("2 copies of Queen of Clubs: at most 1 of a Queen" in p for p in problems)
    assert any("3 copies of Fork" in p for p in problems)
    assert any("2 copies of Counter!" in p for p in problems)
    assert any("Heart Pawn is a Hearts card" in p for p in problems)
    assert str(e.value).startswith("This deck is not legal:")
    with pytest.raises(InvalidTeam, match=r"no card called .Zebra.*30 cards"):
        parse_deck("King of Clubs; 2 Zebra; 3 Pawn")
    with pytest.raises(InvalidTeam, match="name the deck's King"):
        parse_deck("3 Pawn")
    extra_king = Deck("King of Clubs", ("King of Spades",) + ("Pawn",) * 29)
    assert any("only the leading King" in p for p in extra_king.problems())


def test_starters_are_legal_and_use_every_card() -> None:
    used: set[str] = set()
    suits = set()
    for name in STARTERS:
        deck = parse_deck(name)
        assert deck.problems() == [] and len(deck.cards) == 30
        assert parse_deck(deck.text()) == deck  # the kept text reads back the same
        used |= {deck.king, *deck.cards}
        suits.add(deck.suit)
    assert suits == {Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS}
    assert used == {c.name for c in cards()}


def occupant(board: dict[str, Player]) -> object:
    return lambda sq: board.get(str(sq))


def test_default_movement_on_the_small_grid() -> None:
    sq = GRID.parse
    knight = destinations(movement_of("knight", ""), Player.WHITE, sq("b1"), occupant({}))
    assert [str(s) for s in knight] == ["a3", "c3", "d2"]
    rook = destinations(
        movement_of("rook", ""), Player.WHITE, sq("a1"), occupant({"c1": Player.WHITE})
    )
    assert [str(s) for s in rook] == ["a2", "a3", "b1"]  # stopped by its own unit
    bishop = destinations(
        movement_of("bishop", ""), Player.BLACK, sq("c3"), occupant({"d2": Player.WHITE})
    )
    assert [str(s) for s in bishop] == ["a1", "b2", "d2"]  # stops at the enemy it attacks
    pawn = destinations(movement_of("pawn", ""), Player.BLACK, sq("c3"), occupant({}))
    assert [str(s) for s in pawn] == ["c2"]  # Black's forward is towards rank 1
    assert movement_of("king", "") == ()


def test_a_cards_movement_can_be_corrected_in_the_data() -> None:
    legs = parse_movement("step 0,1; slide 1,0 attack")
    own = destinations(
        movement_of("pawn", "step 0,1; slide 1,0 attack"),
        Player.WHITE,
        GRID.parse("a1"),
        occupant({"d1": Player.BLACK}),
    )
    assert len(legs) == 2 and [str(s) for s in own] == ["a2", "d1"]
    with pytest.raises(ParseError, match="not a movement leg"):
        parse_movement("jump 1,1")
