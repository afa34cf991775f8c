"""The console's words as its help shows them (an audit of every help line): an option in the
help is never silently ignored, a word it does not take is refused and changes nothing, and
the answers name console commands, not Discord's."""

from __future__ import annotations

from bot.table import Table
from rules.core.dice import RandomDice


def table(*lines: str, seed: int = 1) -> Table:
    t = Table(RandomDice(seed))
    for line in lines:
        r = t.run(line)
        assert r.ok, (line, r.text)
    return t


WARGAME_SETUP = ("game new wargame-chess", "trees", "trees", "trees mirror")
DEPLOYED = (*WARGAME_SETUP, "deploy auto", "deploy auto")


def refused(t: Table, line: str, words: str) -> None:
    """``line`` is refused with ``words`` and changes nothing."""
    before = t.state
    r = t.run(line)
    assert not r.ok and words.lower() in r.text.lower(), (line, r.text)
    assert t.state is before


def test_undo_names_the_action_as_it_was_chosen() -> None:
    t = table(*DEPLOYED, "move N1 c6")
    assert t.run("undo").text.startswith("Undid: Move N1 to c6.")  # not "N1 stays on c6"
    assert t.run("undo").text.startswith("Undid: Activate N1 on b8.")  # not "Reactivate"


def test_wargame_words_that_are_not_options_are_refused() -> None:
    t = table("game new wargame-chess")
    refused(t, "trees mirror", "second player's choice once the first player's Trees")
    refused(t, "trees mirorr", "Say `trees`")
    t = table(*DEPLOYED)
    refused(t, "cards draw 2 gmae", "'gmae' is not part of that command")
    refused(t, "cards shuffle", "in a game the playing cards follow the rules")
    refused(t, "bones foo", "'foo' is not part of that command")
    assert t.run("cards draw 2 game").ok
    companion = Table(RandomDice(2))
    refused(companion, "roll queen advantage", "'advantage' is not a roll option")
    assert "at Advantage" in companion.run("roll queen adv +2").text


def test_the_console_companion_names_console_commands() -> None:
    t = Table(RandomDice(1))
    r = t.run("tarot active")
    assert r.ok and "`divinate` deals three" in r.text and "`/" not in r.text, r.text
    refused(t, "tarot discard star", "is for a game's dealt cards")
    every = ", ".join(str(n) for n in range(22))  # every card preferred: one is dealt
    dealt = t.run(f"divinate {every}")
    assert "make it active with `tarot active`" in dealt.text, dealt.text


def test_chess28_words_that_are_not_options_are_refused() -> None:
    t = table("game new chess28")
    refused(t, "mode pinata desparation", "'desparation' is not part of that command")
    refused(t, "odds 4 2 chil", "'chil' is not part of that command")
    assert "with Chill Grasp" in t.run("odds 4 2 chill").text
    refused(t, "odds W1 d4 chill", "the game knows the model's rules")
    t.run("mode pinata")
    t.run("roll") if t.state.phase.name == "FIRST_PLAYER" else None
    who = t.decider()
    squares = ("d1", "e1") if who.title == "White" else ("d8", "e8")
    assert f"`chest {squares[0]}` (or {squares[1]})" in t.prompt()
    wrong = "d8" if squares[0] == "d1" else "d1"
    refused(t, f"chest {wrong}", f"({squares[0]} or {squares[1]})")


def test_d20_odds_say_when_the_attack_cannot_be_made() -> None:
    t = table("game new d20-chess")
    r = t.run("odds e2 e7")  # turn 1: the Pawn cannot reach e7
    assert r.ok and "capture" in r.text and "cannot make this attack now" in r.text, r.text


def test_the_card_game_says_when_cards_are_played() -> None:
    t = table("game new card-game", "1")  # dealt: the mulligan
    card = t.state.card(t.state.side(t.decider()).hand[0]).name
    refused(t, f"play {card}", "cards are played in your Play & Move Phase")


def test_a_dice_expression_is_not_rolled_at_advantage_by_a_word() -> None:
    t = Table(RandomDice(1))
    refused(t, "roll 1d20 adv", "a dice expression has no Advantage")
    assert t.roll_log == []  # nothing rolled, nothing logged
    assert t.run("roll 2d20kh1 attack").ok  # a label is still a label


def test_chess28_odds_of_a_model_not_yet_on_the_board() -> None:
    t = table("game new chess28", "mode pinata")
    refused(t, "odds W1 d4", "is not on the board")  # once an assertion that ended the console
