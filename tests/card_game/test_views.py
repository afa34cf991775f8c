"""What players see: the public views never depend on a hand or the deck's order; a player's
own hand is private; the console (hot-seat) shows the hand of whoever decides."""

from __future__ import annotations

import io
import pickle
import random
from dataclasses import replace
from unittest.mock import patch

import pytest

from bot.card_game.table import CardGameTable
from bot.console import run_console
from bot.table import GAME_OVER_HINT, Table
from rules.card_game import actions as A
from rules.card_game.engine import decider
from rules.card_game.state import GameState
from rules.card_game.system import SYSTEM
from rules.core.board import Player
from rules.core.dice import RandomDice, ScriptedDice
from rules.core.errors import RulesError

PLUGIN = CardGameTable()
HAND_FREE = (A.EndTurn, A.KeepHand, A.StopBurning, A.Pass, A.Move, A.AttackKing)


def public(s: GameState) -> tuple[object, ...]:
    return (
        PLUGIN.board_text(s, None),
        PLUGIN.status_text(s),
        PLUGIN.discord_prompt(s),
        PLUGIN.scene(s, None),
    )


def other_secrets(s: GameState, rng: random.Random) -> GameState:
    """The same game with other cards in each hand (taken from the deck) and another deck
    order: everything public is unchanged."""
    sides = list(s.sides)
    keep = s.program.source if s.program is not None else None
    for p in Player:
        side = s.side(p)
        movable = [c for c in side.hand if c != keep]
        pool = movable + list(side.deck)
        rng.shuffle(pool)
        hand = [c for c in side.hand if c == keep] + pool[: len(movable)]
        sides[p] = replace(side, hand=tuple(hand), deck=tuple(pool[len(movable) :]))
    return replace(s, sides=(sides[0], sides[1]))


def test_public_views_and_event_texts_do_not_depend_on_hands_or_the_deck() -> None:
    checked = 0
    for seed in range(12):
        rng = random.Random(seed)
        dice = RandomDice(seed)
        s = SYSTEM.new_game({"decks": rng.sample(sorted(PLUGIN.ready_made), 2)})
        while SYSTEM.result(s) is None:
            acts = SYSTEM.legal_actions(s)
            if s.turn > 0 and s.program is None:
                twin = other_secrets(s, rng)
                if twin.sides != s.sides:
                    assert public(twin) == public(s)
                    free = [a for a in acts if isinstance(a, HAND_FREE)]
                    if free:
                        a = rng.choice(free)
                        _, ev = SYSTEM.apply(s, a, ScriptedDice([]))
                        _, ev2 = SYSTEM.apply(twin, a, ScriptedDice([]))
                        assert [e.text for e in ev] == [e.text for e in ev2]
                        checked += 1
            s, _ = SYSTEM.apply(s, rng.choice(acts), dice)
    assert checked > 200


def test_no_hand_card_is_named_in_public_while_it_is_only_in_a_hand() -> None:
    s = SYSTEM.new_game({"decks": ("Clubs starter", "Hearts starter")})
    s, _ = SYSTEM.apply(s, A.Begin(), RandomDice(99))
    secret = {s.card(c).name for p in Player for c in s.side(p).hand}
    shown = "\n".join(str(v) for v in public(s))
    assert secret and not any(n in shown for n in secret)
    assert "hand 5, deck 25" in PLUGIN.status_text(s)  # counts only
    mine = PLUGIN.private_text(s, Player.WHITE)
    listed = mine.split(": ", 1)[1].split(". Material")[0].split(", ")
    assert listed == [s.card(c).name for c in s.side(Player.WHITE).hand]  # only White's own


def test_the_console_is_hot_seat_and_shows_the_deciders_hand() -> None:
    t = Table(RandomDice(3))
    assert t.run("game new card-game").ok
    r = t.run("1")
    d = decider(t.state)
    assert d is not None and f"{d.title}'s hand (5):" in r.text
    names = [t.state.card(c).name for c in t.state.side(d).hand]
    assert all(n in r.text for n in names)


def test_the_console_contract_to_the_end() -> None:
    out = io.StringIO()
    run_console(io.StringIO("game new card-game\n1\nactions\nconcede\nquit\n"), out, RandomDice(2))
    text = out.getvalue()
    assert "1. Put " in text and "Keep this hand" in text
    assert "wins:" in text and "concedes" in text and GAME_OVER_HINT in text


def started(seed: int = 3) -> Table:
    t = Table(RandomDice(seed))
    t.run("game new card-game Clubs starter | Diamonds starter")
    t.run("1")
    t.run("keep")
    t.run("keep")
    return t


def test_commands_by_name_with_misspellings_and_refusals_that_change_nothing() -> None:
    t = started()
    s = t.state
    d = decider(s)
    assert d is not None
    r = t.run("play Queen of Hearts")
    assert not r.ok and t.state is s  # not a Clubs card, not in hand
    assert not t.run("move z9 a1").ok and t.state is s
    assert not t.run("attack c3").ok and "no unit on c3" in t.run("attack c3").text
    assert not t.run("choose anything").ok and "no choice" in t.run("choose anything").text
    card = s.card(s.side(d).hand[0]).name
    r = t.run(f"burn {card.lower()[:-1]}")  # one letter short
    assert r.ok, r.text
    assert f"burns {card}" in r.text
    r = t.run("done")
    assert r.ok and "Play & Move" in r.text


def test_playing_a_piece_and_choosing_its_square_at_the_console() -> None:
    t = started(5)
    s = t.state
    d = decider(s)
    assert d is not None
    t.run("done")
    hand = [t.state.card(c) for c in t.state.side(d).hand]
    cheap = [c for c in hand if c.is_piece and c.cost <= t.state.side(d).material]
    if not cheap:
        pytest.skip("no affordable piece in this opening hand")
    r = t.run(f"play {cheap[0].name}")
    assert r.ok and "choosing how to play a card" in PLUGIN.discord_prompt(t.state)
    square = "a1" if d is Player.WHITE else "a3"
    r = t.run(f"choose {square}")
    assert r.ok and f"enters {square}" in r.text


def test_deck_choices_and_their_problems() -> None:
    text, desc = PLUGIN.check_choice("Clubs starter")
    assert text.startswith("King of Clubs; 3 Club Pawn") and "30 cards" in desc
    # a starter by its suit alone, in any case (`game new card-game clubs | diamonds`)
    for said in ("clubs", "Club deck", "clubs STARTER"):
        assert PLUGIN.check_choice(said)[0] == text
    with pytest.raises(RulesError) as e:
        PLUGIN.check_choice("King of Spades; 4 Heart Pawn; 2 Queen of Spades; 3 Counter!")
    msg = str(e.value)
    for part in ("30 cards", "Hearts card", "4 copies of Heart Pawn", "Queen", "Counter!"):
        assert part in msg
    assert set(PLUGIN.ready_made) == {
        "Spades starter",
        "Hearts starter",
        "Clubs starter",
        "Diamonds starter",
    }


def test_menus_fit_discord_and_offer_only_the_deciders_choices() -> None:
    t = started(7)
    menu = PLUGIN.menu(t.state)
    assert menu is not None and len(menu.entries) <= 25
    assert all(len(e.label) <= 100 for e in menu.entries)
    assert menu.buttons == (len(menu.entries) <= 5)


def test_card_look_up_with_a_picture() -> None:
    t = Table(RandomDice(1))
    t.run("game new card-game")
    r = t.run("card quen of spades")
    assert r.ok and r.text.startswith("Queen of Spades") and r.image is not None
    assert r.image.startswith(b"\x89PNG")
    bad = t.run("card xyzzy")
    assert not bad.ok and "No card called 'xyzzy'; did you mean" in bad.text


def test_the_board_picture_is_a_png_for_each_side() -> None:
    t = started(2)
    for view in (None, Player.WHITE, Player.BLACK):
        png = PLUGIN.board_png(t.state, view)
        assert png.startswith(b"\x89PNG") and len(png) > 1000
        scene = PLUGIN.scene(t.state, view)
        assert pickle.loads(pickle.dumps(scene)) == scene  # it goes to the picture worker


def test_a_long_menu_offers_every_choice_and_keeps_ending_the_turn_in_reach() -> None:
    """More choices than one menu holds: all of them, in several menus (they were cut to 24
    and the end of the turn); more than the menus hold: the first, and the end of the turn."""
    from bot.plugin import MENU_PARTS, MENU_SIZE
    from tests.card_game.helpers import Build, W

    b = Build()
    for f in "abcde":
        b.unit(W, "Queen of Clubs", f"{f}2")
    s = b.state()
    acts = SYSTEM.legal_actions(s)
    assert MENU_SIZE < len(acts) <= MENU_SIZE * MENU_PARTS
    menu = PLUGIN.menu(s)
    assert menu is not None and len(menu.entries) == len(acts) and not menu.buttons
    assert [e.index for e in menu.entries] == list(range(len(acts)))
    assert menu.entries[-1].label == "End the turn"
    with patch("bot.card_game.table.MAX_OPTIONS", 25):
        menu = PLUGIN.menu(s)
    assert menu is not None and len(menu.entries) == 25
    assert menu.entries[-1].label == "End the turn" and menu.entries[-1].index == len(acts) - 1


def test_no_undo_at_the_console_even_in_a_hot_seat_game() -> None:
    """The help says there is no undo in a game with secrets, and in Discord there is none;
    at the console a hot-seat undo took back a draw, and the same action then drew the same
    cards: the next cards of the deck, seen."""
    for sid in ("card-game", "chess28"):
        t = Table(RandomDice(4))
        assert t.run(f"game new {sid}").ok
        for _ in range(6):
            assert t.run("1").ok
        before = t.rules.dumps(t.state)
        r = t.run("undo")
        assert not r.ok and "no undo in a game with secret cards" in r.text, (sid, r.text)
        assert t.rules.dumps(t.state) == before


def test_a_question_in_a_prompt_keeps_its_own_mark() -> None:
    from bot.card_game import text as X
    from tests.card_game.helpers import Build, W, act

    b = Build()
    bishop = b.add(W, "Bishop")
    asked = act(b.state(), A.PlayCard(bishop))
    prompt, discord = X.prompt(asked), X.discord_prompt(asked)
    assert asked.program is not None and asked.program.prompt.endswith("?")
    assert "?:" not in prompt and f"{asked.program.prompt} `choose" in prompt, prompt
    assert "?:" not in discord  # (Discord's public words do not say which card it is)


def test_a_piece_card_says_how_it_moves() -> None:
    """Each piece card's text says how it moves, matching its legs on the battlefield."""
    from rules.card_game.battlefield import movement_of
    from rules.card_game.catalogue import cards

    for card in cards():
        if not card.is_piece:
            continue
        text = card.describe()
        assert " Moves " in text, text
        legs = movement_of(card.piece, card.movement)
        slides = any(leg.slide for leg in legs)
        assert ("until a piece is in the way" in text) is slides, (card.name, text)
    knight = next(c for c in cards() if c.piece == "knight")
    assert "in an L" in knight.describe()


def test_a_card_not_in_hand_is_answered_with_what_the_hand_holds() -> None:
    """`mulligan Zebra` (no card is called that) and a real card not held both say the card is
    not in the hand and list what it holds, instead of suggesting catalogue cards."""
    t = Table(RandomDice(1))
    t.run("game new card-game")
    t.run("1")  # reveal the Kings and deal
    who = t.rules.decider(t.state)
    hand = [t.state.card(c).name for c in t.state.side(who).hand]
    missing = next(n for n in ("Queen of Clubs", "Queen of Hearts", "Counter!") if n not in hand)
    for typed in ("Zebra", missing):
        r = t.run(f"mulligan {typed}")
        assert not r.ok and "in your hand, which holds " + ", ".join(hand) in r.text, r.text


def test_the_board_names_the_bases_from_the_viewers_side_or_by_whose_for_a_spectator() -> None:
    s = GameState(CardGameTable().rules.new_config({}))
    spectator = PLUGIN.board_text(s, None).split("\n")
    assert spectator[1].startswith("[Black's Base] a3") and spectator[3].startswith(
        "[White's Base] a1"
    ), spectator
    white = PLUGIN.board_text(s, Player.WHITE).split("\n")
    assert white[1].startswith("[enemy Base] a3") and white[3].startswith("[Base] a1"), white
    black = PLUGIN.board_text(s, Player.BLACK).split("\n")
    assert black[1].startswith("[enemy Base] a1") and black[3].startswith("[Base] a3"), black


def test_a_choice_at_the_console_names_its_options_and_an_ambiguous_answer_is_said() -> None:
    """King of Diamonds draws, then asks which card to discard: the prompt named no option
    and showed the hand from before the draw (the menu offered a card not in it); `choose
    pawn` among several Pawns was "not one of the choices"."""
    from dataclasses import replace

    from bot.card_game.table import option_key
    from rules.card_game import actions as CA
    from tests.card_game.helpers import B, Build, W, act

    b = Build(white_king="King of Diamonds")
    b.add(W, "Knight")
    for n in ("Pawn", "Pawn", "Rook"):
        b.add(W, n, "deck")
    s = act(b.state(), CA.UseKing())
    t = Table(RandomDice(1))
    t.run("game new card-game")
    t.state = s
    said = t.run("status").text
    assert "`choose <option>`, one of: Knight; Pawn (or a number from `actions`)" in said, said
    assert "White's hand (3): Knight, Pawn, Pawn." in said, said  # (after its draw)
    mine = t.run("hand").text
    assert mine == "Your hand (White, 3 cards): Knight, Pawn, Pawn. Material 10. Deck: 1 card."
    assert s.side(W).hand == t.state.side(W).hand  # (a view: the game itself is as it was)
    theirs = t.plugin.private_text(s, B)  # the other side's look: its own hand, as it was
    assert theirs == t.plugin.private_text(b.state(), B), theirs
    assert s.program is not None
    piles = (
        ("1", "Pawn (Captured pile)"),
        ("2", "Diamond Pawn (Captured pile)"),
        ("3", "Diamond Pawn (Burn pile)"),
    )
    asked = replace(s, program=replace(s.program, options=piles))
    assert option_key(asked, "pawn") == "1"  # the one whose name it is, not a Diamond Pawn
    with pytest.raises(RulesError, match="'diamond pawn' fits more than one choice: say which"):
        option_key(asked, "diamond pawn")


def test_before_the_deal_the_decks_count_their_cards() -> None:
    """`game new` says each deck has 30 cards; status and hand said "deck 0" until the deal."""
    t = Table(RandomDice(1))
    assert t.run("game new card-game").ok
    assert "hand 0, deck 30," in t.run("status").text
    assert t.run("hand").text.endswith("Deck: 30 cards.")
    assert t.run("1").ok and "hand 5, deck 25," in t.run("status").text


def _with_a_piece_to_play() -> tuple[Table, str]:
    """A started game in its Play & Move Phase whose decider can afford a piece in hand."""
    for seed in range(1, 40):
        t = started(seed)
        t.run("done")
        s = t.state
        d = decider(s)
        assert d is not None
        cards = [s.card(c) for c in s.side(d).hand]
        cheap = [c for c in cards if c.is_piece and c.cost <= s.side(d).material]
        if cheap:
            return t, cheap[0].name
    raise AssertionError("no seed dealt an affordable piece")


def test_a_piece_played_with_its_square_at_once_or_not_at_all() -> None:
    """`play pawn c1` dropped the square and asked where; now the square answers the card's
    question, both or neither: a square the card may not enter is refused with the choices,
    and nothing is played or paid."""
    t, card = _with_a_piece_to_play()
    d = decider(t.state)
    assert d is not None
    base, far = ("a1", "c2") if d is Player.WHITE else ("a3", "c2")
    before = t.state
    r = t.run(f"play {card.lower()} {far}")
    assert not r.ok and f"{far} is not one of the choices" in r.text.lower(), r.text
    assert t.state is before
    asked = t.run(f"play {card.lower()}").ok and t.state
    for line in ("move c1 c2", "attack c1"):  # the open question is the reason, said first
        r = t.run(line)
        assert not r.ok and "first answer the open question" in r.text.lower(), r.text
        assert t.state is asked
    t.run("cancel")
    r = t.run(f"play {card.lower()} to {base}")
    assert r.ok and f"enters {base}" in r.text, r.text
    assert len(t.state.side(d).hand) == len(before.side(d).hand) - 1


def test_the_deal_has_a_word_of_its_own() -> None:
    t = Table(RandomDice(3))
    r = t.run("game new card-game")
    assert "type `deal` (or `1`)" in r.text, r.text
    r = t.run("deal")
    assert r.ok and "hand (5):" in r.text, r.text


def test_status_before_the_first_turn_names_who_decides() -> None:
    """`status` said "Turn 0, White's turn (mulligan)" while Black, going first, decided."""
    for seed in range(1, 12):
        t = Table(RandomDice(seed))
        t.run("game new card-game")
        t.run("deal")
        d = decider(t.state)
        assert d is not None
        text = t.run("status").text
        assert text.startswith(f"Before the first turn (mulligan). {d.title} decides."), text
        if d is Player.BLACK:
            return
    raise AssertionError("Black never went first")


def test_a_misspelt_card_in_the_hand_is_found() -> None:
    """`burn forkk` found Fork (the catalogue's spelling help) but `play kinght` was refused:
    a name close to one card of the hand is that card; one close to two is not guessed."""
    from bot.card_game.table import hand_card
    from tests.card_game.helpers import Build

    b = Build()
    knight = b.add(Player.WHITE, "Knight")
    b.add(Player.WHITE, "Diamond Pawn")
    s = b.state()
    assert hand_card(s, Player.WHITE, "kinght") == knight
    b.add(Player.WHITE, "Diamond Knight")
    two = b.state()
    assert hand_card(two, Player.WHITE, "knight") == knight  # the exact name first
    with pytest.raises(RulesError):
        hand_card(two, Player.WHITE, "xyzzy")
    # a real card's name is that card, however close to one held (a review: "burn queen of
    # spades" burned the Queen of Diamonds held, with no undo)
    b = Build(white_king="King of Diamonds")
    b.add(Player.WHITE, "Queen of Diamonds")
    b.add(Player.WHITE, "Advantage!")
    held = b.state()
    for name in ("Queen of Spades", "advance!"):
        with pytest.raises(RulesError, match="in your hand"):
            hand_card(held, Player.WHITE, name)
