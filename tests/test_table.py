"""The shared command layer and the console table."""

import io
import random

from bot import commands as K
from bot.console import run_console
from bot.table import Table
from rules.wargame_chess.board import Player
from rules.wargame_chess.dice import RandomDice
from rules.wargame_chess.engine import legal_actions, replay_state
from rules.wargame_chess.serialize import loads


def setup_table(seed: int = 1) -> Table:
    t = Table(RandomDice(seed))
    for cmd in ("game new", "trees", "trees", "trees flip", "deploy auto", "deploy auto"):
        r = t.run(cmd)
        assert r.ok, (cmd, r.text)
    return t


def test_full_game_through_commands_to_the_end() -> None:
    t = setup_table()
    rng = random.Random(5)
    n = 0
    while t.state is not None and not t.state.is_over:
        k = len(legal_actions(t.state))
        r = t.run(str(rng.randint(1, k)))
        assert r.ok, r.text
        n += 1
    assert t.state is not None and t.state.outcome is not None
    assert "Game over" in r.text
    assert replay_state(t.state) == t.state
    assert loads(t.run("export").text) == t.state


def test_move_activates_and_moves_in_one_command() -> None:
    t = setup_table()
    s = t.state
    assert s is not None
    who = s.to_act
    pawn = next(p for p in s.pieces_of(who) if p.label == "P1")
    assert pawn.square is not None
    dest = pawn.square.offset(0, 1 if who is Player.WHITE else -1)
    r = t.run(f"move P1 {dest}")
    assert r.ok, r.text
    assert t.state is not None and t.state.piece(pawn.key).square == dest


def test_bad_input_answers_clearly_and_changes_nothing() -> None:
    t = setup_table()
    before = t.state
    for cmd, words in [
        ("activate Z9", "no piece"),
        ("move P1 z9", "not a square"),
        ("attack P1 e5", "no piece on e5"),
        ("dance", "Unknown command"),
        ("99", "Choose a number"),
        ("spend", "not the decision now"),
        ('roll "', "could not read"),
        ("roll 1d", "could not roll"),
    ]:
        r = t.run(cmd)
        assert not r.ok, cmd
        assert words in r.text, (cmd, r.text)
        assert t.state == before


def test_move_that_is_illegal_does_not_leave_the_piece_activated() -> None:
    t = setup_table()
    before = t.state
    r = t.run("move K1 a5")
    assert not r.ok
    assert t.state == before  # the Activation is not kept when the Move fails


def test_only_the_deciding_player_may_act() -> None:
    t = setup_table()
    assert t.state is not None
    other = t.state.to_act.other
    r = t.run("1", player=other)
    assert not r.ok and "decision" in r.text


def test_undo() -> None:
    t = setup_table()
    before = t.state
    assert t.run("1").ok
    assert t.run("undo").ok
    assert t.state == before


def test_console_plays_from_stdin(tmp_path) -> None:  # type: ignore[no-untyped-def]
    out = io.StringIO()
    script = "help\ngame new\ntrees\nstatus\nbogus\nboard\ntarot card sun\nquit\n"
    code = run_console(io.StringIO(script), out, RandomDice(2), images=tmp_path)
    assert code == 0
    text = out.getvalue()
    assert "console table" in text
    assert "sets up Trees first" in text
    assert "! Unknown command 'bogus'" in text
    pictures = sorted(p.name for p in tmp_path.iterdir())
    assert pictures == ["001-board.png", "002-tarot-19.png"]
    assert f"[picture: {tmp_path / '001-board.png'}]" in text
    assert (tmp_path / "001-board.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    # A second console in the same folder numbers on (it wrote over the first one's pictures).
    again = io.StringIO("game new\nboard\nquit\n")
    assert run_console(again, io.StringIO(), RandomDice(2), images=tmp_path) == 0
    assert sorted(p.name for p in tmp_path.iterdir())[-1] == "003-board.png"


def test_the_console_says_how_to_play_again_once_not_after_every_look() -> None:
    """After the game ended, every reply was followed by "Type `game new` to play again",
    even a rules look-up; now after the end and after a refused command only."""
    from bot.table import GAME_OVER_HINT

    out = io.StringIO()
    script = "game new\nconcede\nrules legendary\nstatus\nmove N1 c3\nquit\n"
    assert run_console(io.StringIO(script), out, RandomDice(2)) == 0
    text = out.getvalue()
    assert text.count(GAME_OVER_HINT) == 2, text[-800:]  # the end, and the refused move


def test_faith_commands_at_the_table() -> None:
    t = setup_table(3)
    r = t.run("divinate lovers, sun")
    assert r.ok and "Divinates" in r.text
    assert t.state is not None and t.state.faith.tarot_active is not None
    assert t.run("tarot active").text.count("(active)") == 1
    assert "The Tower" in t.run("tarot card XVI").text
    assert "Resolved at the table" in t.run("tarot card protection").text
    bad = t.run("tarot card bananna")
    assert not bad.ok and "did you mean" in bad.text
    assert t.run("cards draw 2 game").ok
    assert "Kept for the game" in t.run("cards").text
    assert t.state is not None and len(t.state.faith.cards_aside_game) == 2
    r = t.run("bones keep")
    assert r.ok and "reads the bones" in r.text


def test_card_choices_at_the_table() -> None:
    from rules.wargame_chess.scenario import scenario

    t = Table(RandomDice(1), scenario("Kh1 Pa2", "Kh8 Pa7"))
    s = t.state
    assert s is not None
    deck = sorted(s.faith.tarot_deck)
    from rules.wargame_chess.dice import ScriptedDice

    t.dice = ScriptedDice([deck.index(6) + 1, 1, 1])  # deal The Lovers first
    r = t.run("divinate")
    assert r.ok and "The Lovers" in r.text and "choose" in r.text
    assert t.run("choose P1").ok  # White Blesses Black P1 (short names accepted)
    assert t.state is not None and t.state.piece("Black P1").blessed
    assert not t.run("choose Q9").ok


def test_companion_at_the_console_without_a_game() -> None:
    from rules.wargame_chess.dice import ScriptedDice

    t = Table(ScriptedDice([2, 3, 1, 3, 6, 6, 1, 1, 17, 1, 1, 1, 1, 1, 2, 3, 4]))
    r = t.run("roll 2d4")
    assert r.ok and "= `5`" in r.text
    r = t.run("roll pawn adv +1")
    assert r.ok and r.text == "Pawn: 2D4 [1, 3] at Advantage: 6, +1: 7"
    r = t.run("resolve knight pawn mounted")
    assert r.ok and "slain" in r.text
    r = t.run("odds queen knight aadv=1")
    assert r.ok and "Spending the attacker's Advantage token" in r.text and r.image
    bare = t.run("odds queen knight adv")  # the help's `[adv|dis]`: the attacker's
    assert bare.ok and "Slays: 81.1% (exactly 623/768)" in bare.text
    assert "Slays: 37.6% (exactly 289/768)" in t.run("odds queen knight dis").text
    for odd in ("advantage", "ddis=x", "mountd"):  # refused, never silently ignored
        bad = t.run(f"odds queen knight {odd}")
        assert not bad.ok and ("not an option" in bad.text or "ddis" in bad.text), bad.text
    assert "Dealt: XVI" in t.run("divinate fool").text
    assert "Drew: Ace of Clubs, 2 of Clubs" in t.run("cards draw 2").text
    assert t.run("bones K Q R 2N 3P").text == "Bones: D4=1, D6=2, D8=3, D10=4"
    history = t.run("rolls").text
    assert "2d4" in history and "bones" in history
    assert "D4:" in t.run("rolls stats").text
    bad = t.run("resolve rook pawn mounted")
    assert not bad.ok and "Knights" in bad.text
    spread = Table(ScriptedDice([1, 1, 3, 3])).run("resolve pawn pawn acursedallies dblessedallies")
    assert spread.ok and "6 holds against 2" in spread.text, spread.text
    assert "put the attacking Pawn on a free square" in spread.text
    assert "or step the defending Pawn to one" in spread.text
    odds = Table(RandomDice(1)).run("odds queen rook amod=+2 dmod=max7")
    assert odds.text.startswith("Queen (2D8, normal, +2) Attacking a Rook (2D6, normal, at most 7)")
    assert "exactly 683/768" in odds.text  # (enumerated by hand: Q 2D8+2 against R 2D6 capped 7)
    for command in ("odds knight knight mounted", "resolve knight knight mounted"):
        said = Table(RandomDice(1)).run(command).text
        assert "Mounted Advantage gives nothing against a Knight" in said, said
    assert "attacker's team has Cursed pieces" in spread.text
    assert "defender's team has Blessed pieces" in spread.text
    said = Table(RandomDice(1))  # what changes nothing is said, not dropped
    assert said.run("roll joker adv").text.endswith(
        "(a Joker rolls one die: no Advantage or Disadvantage)"
    )
    assert said.run("roll queen adv dis").text.endswith("(Advantage and Disadvantage cancel out)")
    r = said.run("resolve queen king aadv=3 adis=3")
    assert r.text.startswith("The Queen's 3 Advantage and 3 Disadvantage tokens cancel one for one")
    assert "it holds none." in r.text.splitlines()[0]
    assert "Keeping an Advantage token changes nothing" in said.run("odds queen king akeep").text
    assert (
        "A Joker rolls one die: its tokens change nothing."
        in said.run("odds queen joker dadv=1").text
    )
    old = Table(RandomDice(1)).run("resolve pawn pawn ablessed")  # the old, meaningless word
    assert not old.ok and "acursedallies" in old.text
    bad = Table(RandomDice(1)).run("roll 1d1e1")
    assert not bad.ok and "1000" in bad.text


def test_high_priestess_picker_names_the_opponents_piece() -> None:
    from rules.wargame_chess.dice import ScriptedDice
    from rules.wargame_chess.scenario import scenario

    t = Table(RandomDice(1), scenario("Kh1 Pa2", "Kh8 Pa7"))
    s = t.state
    assert s is not None
    deck = sorted(s.faith.tarot_deck)
    t.dice = ScriptedDice([deck.index(2) + 1, 1, 1])  # The High Priestess
    assert t.run("divinate", Player.BLACK).ok
    t.dice = RandomDice(1)
    r = t.run("activate P1", Player.BLACK)  # Black picks White's P1
    assert r.ok, r.text
    assert t.state is not None and t.state.activation is not None
    assert t.state.activation.piece == "White P1"
    assert not t.run("move P1 a3", Player.BLACK).ok  # White plays it, not Black
    assert t.run("move P1 a3", Player.WHITE).ok


def test_console_game_option_for_the_revised_star() -> None:
    t = Table(RandomDice(1))
    r = t.run("game new K Q R 2N 3P | K 2B 2N J 2P revised-star")
    assert r.ok and "later revision" in r.text
    assert t.state is not None and t.state.config.star_one_each
    assert t.state.config.teams[1].describe().startswith("Standard: King, 2 Bishop")
    t.run("game new")  # alone: the same game again
    assert t.state is not None and t.state.config.star_one_each
    t.run("game new wargame-chess")
    assert t.state is not None and not t.state.config.star_one_each


def test_console_words_that_are_short_are_refused_not_crashed() -> None:
    t = setup_table()
    before = t.state
    for line in ("give White N1", "remove Black N1", "give N1", "move", "deploy N1", "aside"):
        r = t.run(line)
        assert not r.ok and r.text, line
    assert t.state is before


def test_trees_roll_rolls_and_a_mode_is_only_a_choice() -> None:
    t = Table(RandomDice(4))
    t.run("game new")
    assert t.run("trees roll").ok  # the coin flip
    assert t.run("trees roll").ok  # the first player's Trees
    r = t.run("trees bogus")
    assert not r.ok and "trees mirror" in r.text
    assert t.run("trees mirror").ok


def test_a_unicode_digit_is_not_a_tarot_card_number() -> None:
    t = setup_table()
    r = t.run("divinate ²")
    assert not r.ok
    r = t.run("tarot card ²")
    assert not r.ok


def test_with_no_token_and_no_terminal_the_bot_says_so_and_exits() -> None:
    import os
    import subprocess
    import sys

    env = {**os.environ, "DISCORD_TOKEN": ""}
    done = subprocess.run(
        [sys.executable, "-m", "bot"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert done.returncode == 2 and "no terminal" in done.stderr
    piped = subprocess.run(
        [sys.executable, "-m", "bot"],
        input="game new\nquit\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert piped.returncode == 0 and "New game of Wargame Chess" in piped.stdout


def test_the_example_settings_leave_the_database_to_the_image() -> None:
    """Passed to Docker with --env-file, a DATABASE_PATH here would put the database outside
    the /data volume (lost on upgrade)."""
    from pathlib import Path

    lines = (Path(__file__).parent.parent / ".env.example").read_text().splitlines()
    assert not [ln for ln in lines if ln.strip().startswith("DATABASE_PATH")]


def test_a_number_from_an_old_list_is_refused_with_the_new_one() -> None:
    """A number chooses what the last `actions` list showed under it: once that choice reads
    otherwise (after a typed command, or the AI's reply), the number is refused, nothing
    changes, and the choices are listed afresh; the same number then chooses from that list."""
    t = setup_table()
    listed = t.run("actions").text
    assert listed.startswith("1. Activate "), listed
    piece = listed.split("\n")[0].split()[2]  # the first listed piece, e.g. K1
    assert t.run(f"activate {piece}").ok  # typed, not chosen by number: the choices change
    before = t.state
    r = t.run("1")
    assert not r.ok and "The choices have changed" in r.text and "nothing was done" in r.text
    assert t.state is before
    fresh = r.text.split("(type the number again):\n", 1)[1]
    assert fresh == t.list_actions() and not fresh.startswith("1. Activate "), fresh
    first = fresh.split("\n")[0].removeprefix("1. ")
    done = t.run("1")
    assert done.ok and t.state is not before, done.text
    assert first.split()[0] in done.text, (first, done.text)  # what the new list showed


def test_the_log_says_it_shows_the_last_actions_and_log_all_shows_every_one() -> None:
    t = setup_table()
    hist = t.rules.history(t.state)
    assert len(hist) > 10
    lately = t.run("log").text.split("\n")
    assert lately[0] == f"The last lines of {len(hist)} actions so far; `log all` for every one:"
    every = t.run("log all").text.split("\n")
    assert every == [e.text for st in hist for e in st.events]
    assert every[-len(lately) + 1 :] == lately[1:]  # the newest lines, as `log` showed them
    assert len(every) > len(lately)
    t.run("concede")  # a finished game's log: its actions are all there will be
    over = t.run("log").text.split("\n")[0]
    assert over.startswith("The last lines of ") and "so far" not in over, over
    bad = t.run("log everything")
    assert not bad.ok and "`log all`" in bad.text


def test_a_number_out_of_range_now_but_on_the_old_list_says_the_choices_changed() -> None:
    t = setup_table()
    listed = t.run("actions all").text.split("\n")
    piece = listed[0].split()[2]
    assert t.run(f"activate {piece}").ok
    now = len(t.choices())
    assert now < len(listed)
    r = t.run(str(len(listed)))  # the old list's last: beyond the new one
    assert not r.ok and r.text.startswith("The choices have changed"), r.text
    far = t.run(str(len(listed) + 50))  # on no list: the plain range
    assert not far.ok and f"from 1 to {now}" in far.text, far.text


def test_a_number_beyond_the_page_shown_is_refused_with_its_page() -> None:
    """`actions` shows 40 choices: a number past them was never seen; it is refused, and the
    page holding it is shown, after which the number is taken."""
    t = Table(RandomDice(1))
    for cmd in ("game new", "trees", "trees", "trees flip"):
        assert t.run(cmd).ok, cmd
    acts = t.choices()
    assert len(acts) > 45  # deployment: every piece on every free square
    assert t.run("actions").text.count("\n") == 40  # 1-40 and "... and N more"
    before = t.state
    r = t.run("45")
    assert not r.ok and r.text.startswith("Choice 45 was not on the list you saw"), r.text
    assert "\n41. " in r.text and "\n45. " in r.text and t.state is before
    shown = next(line for line in r.text.split("\n") if line.startswith("45. "))
    done = t.run("45")
    assert done.ok and t.state is not before, done.text
    assert shown.removeprefix("45. ").split()[1] in done.text  # the piece it showed deploys


def test_a_spectators_board_in_discord_does_not_turn_with_the_decider() -> None:
    """A spectator's `/game board` showed Black's side whenever Black was to decide; the
    console's hot seat still shows the side of whoever decides."""
    from rules.wargame_chess.scenario import scenario

    s = scenario("Kh1 Pa2", "Kh8 Pa7", first=Player.BLACK)
    spectator = Table(RandomDice(1), s, "wargame-chess", discord=True)
    hot_seat = Table(RandomDice(1), s, "wargame-chess")
    looked = spectator.execute(K.ShowBoard(), None).text
    assert (
        looked
        == Table(RandomDice(1), s, "wargame-chess", discord=True)
        .execute(K.ShowBoard(view=Player.WHITE), None)
        .text
    )
    assert hot_seat.execute(K.ShowBoard(), None).text != looked.strip("`\n")


def test_deploy_auto_out_of_its_time_says_why() -> None:
    """In play it said "It is not Black's deployment now", as if it were White's."""
    t = setup_table()
    r = t.run("deploy auto")
    assert not r.ok and r.text.startswith("Deploying is not possible now: the game is in play")
