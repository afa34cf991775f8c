"""d20 explorer chess at the console table: the console contract, its words, options, the text
board and the picture."""

from __future__ import annotations

import io
import json
import textwrap
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from PIL import Image

from bot.console import run_console
from bot.d20_chess.render import WRAP, result_line, scene_of
from bot.d20_chess.table import DECK_DIR_ENV, D20ChessTable
from bot.table import GAME_OVER_HINT, Table
from rules.core.board import Player, Square
from rules.core.dice import RandomDice, ScriptedDice
from rules.core.errors import RulesError
from rules.d20_chess import actions as A
from rules.d20_chess.pieces import Kind
from rules.d20_chess.system import SYSTEM
from tests.d20_chess.helpers import LAIR_AND_HILL, position


def new(*faces: int, words: str = "") -> Table:
    t = Table(ScriptedDice(faces) if faces else RandomDice(1))
    r = t.run(f"game new d20-chess {words}".strip())
    assert r.ok, r.text
    return t


def test_the_console_contract_from_new_game_to_the_result() -> None:
    t = new()
    listing = t.run("actions").text.splitlines()
    assert listing[0] == "1. Pawn a2 to a3 (unexplored)" and len(listing) == 16
    t.run("10")  # e2 to e4
    assert t.state.at(Square.parse("e4")) is not None
    assert "Black to move" in t.run("status").text
    t.run("concede")
    r = t.run("actions")
    assert "Game over. White wins: Black conceded." in r.text
    from io import StringIO

    from bot.console import run_console

    out = StringIO()
    run_console(StringIO("game new d20-chess\nconcede\nquit\n"), out, RandomDice(2))
    assert "Game over. Black wins: White conceded." in out.getvalue()
    assert GAME_OVER_HINT in out.getvalue()


def test_moves_attacks_odds_and_refusals_in_the_consoles_words() -> None:
    t = new(1)  # the tile drawn on e4
    r = t.run("move e2 e4")
    assert r.ok and "explores e4" in r.text
    for bad, words in (
        ("move e4", "`move <from> <to>`"),
        ("move e7 e9", "not a square"),
        ("move d2 d3", "not Black's"),
        ("promote dragon", "promote"),
        ("keep now", "takes nothing"),
    ):
        before = t.state
        r = t.run(bad, Player.BLACK)
        assert not r.ok and words in r.text, (bad, r.text)
        assert t.state is before
    r = t.run("odds d7 e4")
    assert "a 6 or more captures" in r.text and "capture 75%" in r.text
    assert not t.run("odds d7 d6").ok
    assert "House deck: 32 tiles, 31 still in the pile" in t.run("tiles").text
    assert t.run("rules critical").text.startswith("critical failure: A natural 1")
    assert "capture roll" in t.run("rules").text


def test_attack_choices_show_their_exact_odds() -> None:
    t = Table(ScriptedDice([]), position("wPd2 bPe3 wKa1 bKh8"), "d20-chess")
    listing = t.run("actions").text
    assert "Pawn d2 attacks Pawn on e3: capture 75%, repelled 20%, critical failure 5%" in listing


def test_game_options_from_the_consoles_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    t = new(words="standard-army wide-exploration turns 30")
    s = t.state
    assert s.config.standard_army and s.config.wide_exploration and s.config.turn_limit == 30
    plugin = D20ChessTable()
    text = plugin.describe_options(plugin.options_from_words(["standard-army", "turns", "30"]))
    assert "standard chess army" in text and "30 turns" in text
    monkeypatch.setenv(DECK_DIR_ENV, str(tmp_path))
    mine = tmp_path / "swamp.json"
    mine.write_text(json.dumps({"name": "Swamp", "tiles": [{"name": "Mud", "effect": "empty"}]}))
    options = plugin.options_from_words(["deck", "swamp"])
    assert json.loads(json.dumps(options)) == options  # options are stored as JSON
    t = new(words="deck swamp")
    assert t.state.config.deck.name == "Swamp" and t.state.pile == (0,)
    assert "Swamp (this server's own)" in plugin.describe_options(options)
    tiles = t.run("tiles").text
    assert "Swamp: 1 tiles" in tiles or "Swamp: 1 tile" in tiles, tiles
    assert "house content" not in tiles, "a server's own deck is not the project's"
    assert "house content" in new().run("tiles").text
    assert plugin.options_from_words(["deck", "house"]) == {}
    (tmp_path / "bad.json").write_text(json.dumps({"tiles": [{"name": "P", "effect": "warp"}]}))
    (tmp_path / "junk.json").write_text("{")
    for words, answer in (
        ("turns 0", "from 1 to 500"),
        ("turns", "`turns` needs a number: `turns 60`"),
        ("castling", "not a d20 explorer chess option"),
        ("deck missing", "no deck called missing"),
        ("deck ../swamp", "not a deck name"),
        ("deck /etc/passwd", "not a deck name"),
        ("deck bad", "tile 1's effect"),
        ("deck junk", "not valid JSON"),
    ):
        table = Table(RandomDice(1))
        r = table.run(f"game new d20-chess {words}")
        assert not r.ok and answer in r.text, (words, r.text)
        assert table.state is None


def test_the_text_board_shows_pieces_tiles_and_the_unexplored_squares() -> None:
    s = position(
        "wPd4 bPe5 De6 wKa1 bKh8",
        LAIR_AND_HILL,
        explored=((Square.parse("d4"), 1),),
        pile=(0,),
    )
    text = D20ChessTable().board_text(s, Player.WHITE)
    lines = text.splitlines()
    assert lines[0].split() == list("abcdefgh")
    assert lines[5].startswith("4  .? .? .? P+ .?")  # the Pawn on its Hill (attack +2)
    assert "p?" in lines[4] and "D?" in lines[3]
    assert "Square bonuses: d4 Hill (attack +2)" in text
    flipped = D20ChessTable().board_text(s, Player.BLACK).splitlines()
    assert flipped[0].split() == list("hgfedcba") and flipped[1].startswith("1 ")


def test_the_picture_draws_tiles_xp_the_dragon_and_the_tile_just_revealed() -> None:
    t = new(2)  # e2-e4 draws the 2nd of the 32 tiles
    t.run("move e2 e4")
    scene = scene_of(t.state, Player.WHITE)
    e4 = next(c for c in scene.cells if (c.file, c.rank) == (4, 3))
    assert e4.piece == "P" and not e4.unexplored and scene.revealed == "e4"
    assert any(line.startswith("Revealed on e4") for line in scene.lines)
    assert sum(c.unexplored for c in scene.cells) == 31
    png = D20ChessTable().draw(scene)
    img = Image.open(io.BytesIO(png))
    assert img.format == "PNG" and img.size[0] == 560
    s = position("wPd4 bPe5 De6 wKa1 bKh8", LAIR_AND_HILL, explored=((Square.parse("d4"), 1),))
    s = replace(s, pieces=(replace(s.pieces[0], xp=Fraction(3)), *s.pieces[1:]))
    cells = {(c.file, c.rank): c for c in scene_of(s, Player.BLACK).cells}
    assert cells[(3, 3)].tile == "ATK+2" and cells[(3, 3)].xp == "3"
    assert cells[(4, 5)].piece == "D" and cells[(4, 5)].owner == -1
    img = Image.open(io.BytesIO(D20ChessTable().board_png(s, Player.BLACK))).convert("RGB")
    # Black's view: d4 is the 5th file from the left, the 4th rank from the top; its frame is red.
    x, y = 24 + 4 * 64 + 3, 24 + 3 * 64 + 30
    assert img.getpixel((x, y)) == (200, 50, 50)


def test_the_menu_offers_buttons_for_promotions_and_a_menu_for_few_moves() -> None:
    plugin = D20ChessTable()
    s = position("wPd7 wKa1 bKh6", LAIR_AND_HILL, pile=())
    assert plugin.menu(s) is not None and not plugin.menu(s).buttons  # type: ignore[union-attr]
    t = Table(ScriptedDice([]), s, "d20-chess")
    t.run("move d7 d8")
    menu = plugin.menu(t.state)
    assert menu is not None and menu.buttons
    labels = [e.label for e in menu.entries]
    assert labels[0] == "Promote the Pawn on d8 to a Knight"
    assert labels[-1] == "Keep the Pawn on d8 (8 XP)" and menu.entries[-1].secondary
    assert "promote" in plugin.discord_prompt(
        t.state
    ) and "press a button" in plugin.discord_prompt(t.state)
    assert plugin.menu(SYSTEM.new_game({"standard_army": True})) is not None  # 20 moves
    blocked = position("wPa3 bPa4 bKh8", LAIR_AND_HILL)
    menu = plugin.menu(blocked)
    assert menu is not None and menu.buttons and menu.entries[0].label.startswith("Pass")


def test_an_action_just_made_is_named_for_undo() -> None:
    """``undo`` names the last action in the state it made (its offer answered, its piece gone
    from the square it left)."""
    plugin = D20ChessTable()
    t = Table(ScriptedDice([]), position("wPd7 wKa1 bKh6", LAIR_AND_HILL, pile=()), "d20-chess")
    t.run("move d7 d8")
    assert plugin.describe_action(t.state, A.Move(Square.parse("d7"), Square.parse("d8"))) == (
        "Move d7 to d8"
    )
    t.run("promote queen")
    assert t.state.at(Square.parse("d8")).kind.value == "Queen"  # type: ignore[union-attr]
    assert plugin.describe_action(t.state, A.Promote(Kind.QUEEN)) == "Promote to a Queen"
    assert plugin.describe_action(t.state, A.Keep()) == "Keep the piece and its XP"
    t = new()
    t.run("move e2 e4")
    # worded as it was chosen (the console's undo names it in the position before it)
    assert t.run("undo").text.startswith("Undid: Pawn e2 to e4 (unexplored).")
    assert t.state.history == () and t.state.at(Square.parse("e2")) is not None


def test_the_live_picture_is_the_board_alone_and_the_headline_carries_the_status() -> None:
    plugin = D20ChessTable()
    t = new(2)
    t.run("move e2 e4")
    live = plugin.public_scene(t.state)
    assert live.lines == () and live.revealed == "e4", "the tile just found is still framed"
    assert Image.open(io.BytesIO(plugin.draw(live))).size == (560, 560)
    full = plugin.scene(t.state, Player.WHITE)
    assert any(line.startswith("Revealed on e4") for line in full.lines)
    assert Image.open(io.BytesIO(plugin.draw(full))).size[1] > 560
    head = plugin.headline(t.state)
    assert head.startswith("**Turn 1 of 100**") and "31 tiles in the pile" in head
    assert "the Dragon: asleep" in head


def test_the_prompt_warns_when_an_enemy_piece_can_attack_the_king() -> None:
    from bot.d20_chess.words import prompt

    quiet = position("wKe1 wPa2 bKe8 bNa6")
    assert "Careful" not in prompt(quiet) and "Careful" not in prompt(quiet, discord=True)
    s = position("wKe1 wPa2 bKe8 bNd3 bRe5")  # the Knight jumps, the Rook's line is open
    said = "Careful: the enemy Knight on d3 and the Rook on e5 can attack your King on e1."
    assert prompt(s).endswith(said) and prompt(s, discord=True).endswith(said)
    blocked = position("wKe1 wPe2 bKe8 bRe5")  # a piece in the Rook's line
    assert "Careful" not in prompt(blocked)
    dragon = position("wKe1 bKe8 Df2")
    assert prompt(dragon).endswith(
        "The Dragon on f2 stands next to your King (after each move it "
        "attacks the easiest prey beside it)."
    )
    assert "Dragon" not in prompt(position("wKe1 bKe8 Df3"))


def test_a_select_menu_option_keeps_the_whole_odds_of_an_attack() -> None:
    """An option of a select menu holds 100 characters (a button 80): an attack on the Dragon
    keeps its critical failure's chance."""
    from bot.d20_chess.table import D20ChessTable
    from tests.d20_chess.helpers import EMPTY_DECK, position

    s = position("wBa1 Db2 wKh1 bKh8", EMPTY_DECK, pile=())
    menu = D20ChessTable().menu(s)
    assert menu is not None
    attack = next(e.label for e in menu.entries if "Dragon" in e.label)
    assert len(attack) > 80 and attack.endswith("critical failure 5%"), attack


def test_a_game_drawn_at_its_turn_limit_shows_its_last_turn_and_its_result() -> None:
    """A draw at the limit names the turns in good English, the status shows the last turn
    played (not the one after it), and the board, text and picture, says how it ended."""
    out = io.StringIO()
    run_console(
        io.StringIO("game new d20-chess turns 1\nmove e2 e3\nmove e7 e6\nstatus\nboard\nquit\n"),
        out,
        ScriptedDice([(32, 1), (31, 1)]),
    )
    text = out.getvalue()
    assert "Drawn: 1 turn has been played and no King was captured." in text, text
    assert "Turn 1 of 1." in text and "Turn 2 of 1" not in text
    board = text[text.rindex("> ") - 1500 :]
    assert board.count("Game over. Drawn") >= 2, "the status and the board both say it"


def test_the_picture_always_keeps_the_result_line() -> None:
    """A long list of bonuses and XP gives way to the result, which the picture always shows."""
    s = SYSTEM.initial_state(SYSTEM.new_config({}))
    d = RandomDice(21)
    import random

    rng = random.Random(21)
    while not s.over:
        s, _ = SYSTEM.apply(s, rng.choice(SYSTEM.legal_actions(s)), d)
        last = textwrap.wrap(result_line(s), WRAP)
        assert list(scene_of(s, Player.WHITE).lines[-len(last) :]) == last
    assert scene_of(s, Player.WHITE).lines[-1].startswith("Game over."), "the result is shown"


def test_the_words_a_new_player_met_read_right() -> None:
    """A new player's walk-through: "a 8 or more", "1 tiles", "1 turns each", "Knight or
    Bishop or Rook", the neutral Dragon read as the winner's piece, and no answer for the
    chess terms a chess player asks first."""
    t = Table(ScriptedDice([20, 1]), position("wPd2 bNe3 wKa1 bKh8"), "d20-chess")
    assert "an 8 or more captures" in t.run("odds d2 e3").text  # 1 + 5 - 3: 8 or more
    assert t.run("move d2 e3").ok
    undone = t.run("undo").text  # what the attack did, not only the odds it was chosen by
    assert undone.startswith("Undid: "), undone
    assert "It had done: White Pawn on d2 attacks Black Knight on e3: d20 20" in undone, undone
    assert "captured!" in undone, undone
    legend = t.run("board").text  # ("Rx" read as a Rook with XP: the mark is the tile's)
    assert "after it, what the square's tile was" in legend and "x an XP tile" in legend
    said = D20ChessTable().describe_options({"turn_limit": 1})
    assert said == "Turn limit: 1 turn each, then a draw.", said
    one = deck_of_one()
    assert "Lone deck: 1 tile, 1 still in the pile." in one
    for term, words in (
        ("check", "There is none"),
        ("castling", "There is none"),
        ("en passant", "There is none"),
    ):
        assert t.run(f"rules {term}").text.startswith(f"{term}: {words}"), term
    from rules.d20_chess.captures import king_lost

    s = position("wKa1 bKh8 De5")
    ended = king_lost(s, s.at(Square.parse("a1")), "the Dragon")
    assert ended.outcome.text == "Black wins: White's King was captured by the Dragon"
    ended = king_lost(s, s.at(Square.parse("h8")), "the Rook")
    assert ended.outcome.text == "White wins: the Rook captured Black's King"
    key = "w0"
    offer = position("wPd4 wKa1 bKh8")
    offer = replace(offer, offers=(key,))
    offer = replace(offer, pieces=tuple(replace(p, xp=Fraction(4)) for p in offer.pieces))
    with pytest.raises(RulesError) as refused:
        SYSTEM.apply(offer, A.Promote(Kind.QUEEN), ScriptedDice([]))
    assert "can promote to Knight, Bishop or Rook, not to a Queen" in str(refused.value)


def deck_of_one() -> str:
    from bot.d20_chess.words import tiles_text
    from tests.d20_chess.helpers import deck

    lone = deck({"name": "Nothing", "effect": "empty", "count": 1})
    lone = replace(lone, deck=replace(lone.deck, name="Lone deck"))
    return tiles_text(position("wKa1 bKh8", lone))


def test_a_piece_kept_unpromoted_is_named_in_the_prompt_and_promotes_by_its_words() -> None:
    """The prompt tells the mover a kept piece may still promote; `promote queen` promotes it
    when it is the only one, `promote b8 queen` names it."""
    from rules.d20_chess.actions import Keep
    from rules.d20_chess.pieces import Kind
    from tests.d20_chess.helpers import EMPTY_DECK, play, position

    t = new()
    s = play(position("wKa1 bKh1 wPb7 bPh7", EMPTY_DECK), "b7", "b8")
    s, _ = t.rules.apply(s, Keep(), ScriptedDice([]))
    t.state = play(s, "h7", "h6")
    prompt = t.plugin.prompt(t.state)
    assert "The Pawn on b8 may still promote first, at no turn: `promote b8 <piece>`" in prompt
    r = t.run("promote b8 queen")
    assert r.ok and "promotes to a Queen" in r.text, r.text
    assert t.state.at(Square.parse("b8")).kind is Kind.QUEEN and t.state.to_act is Player.WHITE


def test_a_panel_cut_short_says_so_and_keeps_the_result() -> None:
    """The picture cut its XP list mid-entry ("... White Queen") with nothing to say more was
    left out: the last line kept now ends with "(...)", and the result line still shows."""
    from dataclasses import replace as _replace
    from fractions import Fraction

    from bot.d20_chess.render import MAX_LINES
    from tests.d20_chess.helpers import position

    files = "abcdefgh"
    words = " ".join(f"wP{f}2 bP{f}7" for f in files) + " wKe1 bKe8 wQd1 bQd8 wRa1 bRa8"
    s = position(words)
    s = _replace(s, pieces=tuple(_replace(p, xp=Fraction(3, 2)) for p in s.pieces))
    lines = scene_of(s, Player.WHITE).lines
    assert len(lines) == MAX_LINES and lines[-1] == result_line(s)
    assert lines[-2].endswith("(...)"), lines
    assert all(len(line) <= WRAP for line in lines)


def test_a_move_in_the_ways_players_write_it() -> None:
    """`move e2-e4` worked but `move e2e4`, `move e2 to e4` and a bare `e2 e4` were refused."""
    from bot.table import Table
    from rules.core.dice import ScriptedDice

    for line in ("move e2e4", "move e2 to e4", "e2 e4", "move E2E4"):
        t = Table(ScriptedDice([1] * 20))
        assert t.run("game new d20-chess").ok
        r = t.run(line)
        assert r.ok and "White Pawn on e2 moves to e4" in r.text, (line, r.text)


def test_a_misspelt_piece_gets_a_suggestion() -> None:
    """`mvoe` got "did you mean `move`?" but `promote knigt` only "'knigt' is not a piece"."""
    import pytest

    from bot.d20_chess.commands import _kind
    from rules.core.errors import ParseError
    from rules.d20_chess.pieces import Kind

    assert _kind("Queen") is Kind.QUEEN
    with pytest.raises(ParseError, match=r"'knigt' is not a piece \(did you mean Knight\?\)"):
        _kind("knigt")
    with pytest.raises(ParseError, match="say Knight, Bishop, Rook or Queen"):
        _kind("zzz")
