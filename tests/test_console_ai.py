"""Practice against the AI at the console table (issue 17): `game new <system> ai ...`, the `ai`
switch, `hint`, `undo` against the AI, and the AI's secrets kept from the person at the
terminal (its hand, its gambit cards, the deck order) while it plays the other side."""

from __future__ import annotations

import random
from dataclasses import replace
from io import StringIO

import pytest

from bot import systems
from bot.console import run_console
from bot.table import GAME_OVER_HINT, Table
from rules.ai.players import LEVELS
from rules.core.board import Player
from rules.core.dice import RandomDice

SYSTEMS = tuple(systems.SYSTEMS)  # every registered system
# The AI's secrets as the console would word them (``hand_text``, ``private_text``).
SECRET_WORDS = ("Black's hand", "(Black,", "Black's Gambit Cards")


@pytest.fixture(autouse=True)
def bounded_levels(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every level bounded by nodes, not time: the same game every run, and quick."""
    for name, settings in LEVELS.items():
        monkeypatch.setitem(LEVELS, name, replace(settings, max_nodes=60, time_limit=30.0))


def practice(words: str, seed: int = 1) -> Table:
    """A console table with a game against the AI."""
    t = Table(RandomDice(seed))
    r = t.run(f"game new {words}")
    assert r.ok, r.text
    return t


@pytest.mark.parametrize("sid", SYSTEMS)
def test_a_whole_game_against_the_ai_and_none_of_its_secrets_shown(sid: str) -> None:
    t = Table(RandomDice(3))
    r = t.run(f"game new {sid} ai easy hints")
    assert r.ok and "The AI (easy) plays Black." in r.text, r.text
    secret = t.keeps_secret(Player.BLACK)
    rng = random.Random(4)
    replies = [r.text]
    hint = t.run("hint")
    assert hint.ok and "Hint for White" in hint.text and "expected value" in hint.text
    steps = 0
    while not t.over and steps < 1500:
        assert t.decider() is Player.WHITE  # the AI has always answered at once
        n = len(t.rules.legal_actions(t.state))
        r = t.run(str(rng.randrange(n) + 1))
        assert r.ok, r.text
        replies.append(r.text)
        steps += 1
    assert t.over, f"{sid}: no result after {steps} choices"
    result = t.rules.result(t.state)
    assert result is not None and replies[-1].endswith(f"Game over. {result.text}.")
    said = sum(line.rstrip(".").endswith(result.text) for line in replies[-1].splitlines())
    assert said == 1, replies[-1]  # the game's end said once, not as an event and again
    ai_lines = [line for text in replies for line in text.splitlines() if line.startswith("AI (")]
    assert any("Black: the AI decides." in text for text in replies)
    if secret:  # its choices unsaid: only what followed, with no line between the dice
        assert not ai_lines, ai_lines[:3]
    else:
        assert ai_lines and all(line.startswith("AI (Black): ") for line in ai_lines), ai_lines[:3]
    for text in replies:  # the AI's hand, gambit cards and deck never shown
        assert not any(w in text for w in SECRET_WORDS), text
    # the log replays to the same game, the AI's actions included
    assert t.rules.loads(t.rules.dumps(t.state)) == t.state


def test_the_card_game_keeps_the_ai_hand_from_the_terminal() -> None:
    t = practice("card-game ai easy")
    dealt = t.run("1")  # deal: the AI (Black here, first or second) keeps or mulligans
    assert dealt.ok and not any(w in dealt.text for w in SECRET_WORDS), dealt.text
    mine = t.run("hand")
    assert mine.ok and mine.text.startswith("Your hand (White,"), mine.text
    theirs = t.run("board black")  # the AI's side: the board anyone may see, no hand
    assert theirs.ok and "Your hand" not in theirs.text and "(Black," not in theirs.text
    state = t.state
    refused = t.run("export")  # the log holds the shuffle: the deck order
    assert not refused.ok and "once it is over" in refused.text and t.state is state
    t.run("concede")
    assert t.over and t.run("export").ok  # a finished game may be exported
    # hot-seat too, as in Discord and as the help says: the log would tell both hands
    seat = practice("card-game")
    assert seat.run("1").ok
    state = seat.state
    refused = seat.run("export")
    assert not refused.ok and "once it is over" in refused.text and seat.state is state
    seat.run("concede")
    assert seat.over and seat.run("export").ok


def test_chess28_hand_shows_only_the_persons_gambit_cards() -> None:
    t = practice("chess28 ai easy")
    assert t.run("1").ok  # the game mode: then the Gambit Cards are dealt
    r = t.run("hand")
    assert r.ok and "White's Gambit Cards" in r.text and "Black" not in r.text, r.text
    assert not t.run("ai off").ok  # the AI keeps its side, and its cards stay hidden
    assert "Black's Gambit Cards" not in t.run("hand").text
    # hot seat (no AI): the hand of whoever decides now (both at once showed each player the
    # other's cards), and both once the game is over
    t = Table(RandomDice(1))
    t.run("game new chess28")
    t.run("1")
    one = t.run("hand").text
    decider = t.state.decider.title
    assert f"{decider}'s Gambit Cards" in one and one.count("'s Gambit Cards") == 1, one
    t.run("concede")
    both = t.run("hand")
    assert "White's Gambit Cards" in both.text and "Black's Gambit Cards" in both.text


def test_the_ai_switch_changes_nothing_when_refused() -> None:
    t = practice("d20-chess ai easy")
    for bad, words in (
        ("ai both expert", "'expert' is not a level"),
        ("ai purple", "'purple' is not a side"),
        ("ai white hard hints", "Say `ai [white|black|both|off] [easy|medium|hard]`"),
    ):
        before = (t.opponent.seats, t.opponent.level, t.state)
        r = t.run(bad)
        assert not r.ok and words in r.text, (bad, r.text)
        assert (t.opponent.seats, t.opponent.level, t.state) == before
    assert t.run("ai off").text == "The AI plays no side now."
    assert t.opponent.level == "easy"  # `ai off` keeps the level for hints and later
    assert t.run("ai hard").text == "The AI (hard) plays Black."
    assert t.run("ai white easy").text.startswith("The AI (easy) plays White.\nAI (White): ")


def test_new_game_words_for_the_ai() -> None:
    t = Table(RandomDice(1))
    for system in SYSTEMS:  # (Wargame Chess reads any word, and fails only on starting)
        r = t.run(f"game new {system} ai expert")
        assert not r.ok and r.text.startswith("'expert' is not a level for the AI"), r.text
        assert t.state is None
    r = t.run("game new chess")  # a system's name mistyped: not read as a team
    assert not r.ok and r.text.startswith("'chess' is not a game system here"), r.text
    r = t.run("game new d20-chess ai turns 12")  # a system's option right after `ai`
    assert r.ok and t.opponent.seats == (Player.BLACK,) and t.state.config.turn_limit == 12
    r = t.run("game new easy")  # a level alone: the AI plays Black at that level
    assert r.ok and "The AI (easy) plays Black." in r.text
    assert t.plugin.id == "wargame-chess" and t.opponent.level == "easy"
    r = t.run("game new d20-chess hints")  # hints alone: two people, with hints
    assert r.ok and t.opponent.seats == () and t.opponent.hints


def test_a_word_after_an_option_that_takes_a_value_is_the_options() -> None:
    t = Table(RandomDice(1))
    r = t.run("game new d20-chess deck easy")  # a deck named easy, not the AI at easy
    assert not r.ok and r.text.startswith("There is no deck called easy"), r.text
    assert t.state is None
    r = t.run("game new d20-chess turns hard ai")
    assert not r.ok and "'hard' is not a whole number for the turn limit" in r.text, r.text
    r = t.run("game new d20-chess deck house easy")  # after the deck's name: the AI's level
    assert r.ok and t.opponent.seats == (Player.BLACK,) and t.opponent.level == "easy"


def test_numbers_that_are_not_choices() -> None:
    t = practice("d20-chess ai easy")
    n = len(t.rules.legal_actions(t.state))
    for bad in ("0", "-1", "+0", str(n + 1), "100001"):
        r = t.run(bad)
        assert not r.ok and r.text == f"Choose a number from 1 to {n} (see `actions`)", (bad, r)
    for odd in ("+-3", "--2", "1.5"):  # not numbers: unknown words, and no crash
        r = t.run(odd)
        assert not r.ok and "unknown command" in r.text.lower(), r.text
    t.run("concede")
    r = t.run("1")
    assert not r.ok and "The game is over" in r.text and GAME_OVER_HINT in r.text, r.text


def test_undo_takes_back_the_persons_action_and_the_ais_replies() -> None:
    t = practice("d20-chess ai easy")
    before = t.rules.dumps(t.state)
    r = t.run("1")
    assert r.ok and "AI (Black): " in r.text
    after_ai = len(t.rules.history(t.state))
    assert after_ai >= 2
    u = t.run("undo")
    assert u.ok and u.text.startswith("Undid: Pawn a2 to a3"), u.text
    theirs = "action after it is" if after_ai == 2 else f"{after_ai - 1} actions after it are"
    assert f"The AI's {theirs} taken back too." in u.text, u.text
    assert t.rules.dumps(t.state) == before  # as before the person's action: no AI replay
    assert t.decider() is Player.WHITE
    r = t.run("undo")
    assert not r.ok and "nothing to undo" in r.text


def test_undo_against_the_ai_refused_when_there_is_nothing_of_the_persons() -> None:
    t = practice("d20-chess ai white")  # the AI moves first
    moved = t.rules.dumps(t.state)
    r = t.run("undo")
    assert not r.ok and "you have made no action yet" in r.text.lower()
    assert t.rules.dumps(t.state) == moved
    watch = practice("d20-chess ai both easy")
    assert watch.over  # the AI played both sides to the end
    r = watch.run("undo")
    assert not r.ok and "The AI plays both sides" in r.text
    cards = practice("card-game ai easy")
    cards.run("1")
    r = cards.run("undo")
    assert not r.ok and "no undo in a game with secret cards" in r.text


def test_the_ai_keeps_its_side_in_a_game_with_secrets() -> None:
    """Handing the AI's seat to the person mid-game would show the AI's hand at the console."""
    cards = practice("card-game ai easy")
    cards.run("1")
    before = cards.rules.dumps(cards.state)
    for words in ("ai off", "ai white", "ai both"):
        r = cards.run(words)
        assert not r.ok and "The AI's hand is secret" in r.text, (words, r.text)
        assert cards.opponent.seats == (Player.BLACK,)
    assert "Your hand (Black" not in cards.run("board black").text
    assert cards.run("ai hard").text == "The AI (hard) plays Black."  # the level may change
    assert cards.rules.dumps(cards.state) == before
    fresh = practice("card-game ai easy")  # before the first action the side may still change
    assert fresh.run("ai white").ok and fresh.opponent.seats == (Player.WHITE,)
    plain = practice("d20-chess ai easy")  # no secrets: the person may take the AI's side
    plain.run("1")
    assert plain.run("ai off").text == "The AI plays no side now."


def test_the_console_help_and_banner_name_the_ai() -> None:
    t = practice("chess28 ai easy")
    assert "game new <system> ai" in t.run("help").text and "`hint`" in t.run("help").text
    out = StringIO()
    run_console(StringIO("quit\n"), out, RandomDice(1))
    assert "ai easy" in out.getvalue()


@pytest.mark.parametrize("sid", ["wargame-chess", "card-game"])
def test_the_end_is_said_once_when_the_ai_action_ends_the_game(sid: str) -> None:
    t = Table(RandomDice(2))
    r = t.run(f"game new {sid} ai both easy")  # the AI plays the whole game at once
    result = t.rules.result(t.state)
    assert r.ok and result is not None, r.text[-300:]
    assert r.text.endswith(f"Game over. {result.text}.")
    said = [line for line in r.text.splitlines() if result.text.lower() in line.lower()]
    assert said == [f"Game over. {result.text}."], said


def test_game_over_drops_any_line_that_only_repeats_the_result() -> None:
    from bot.wording import game_over

    lines = ["White moves.\nGame over: a draw: both Kings fall at once.", "Black wins: points"]
    assert game_over(lines, "A draw: both Kings fall at once") == [
        "White moves.",
        "Black wins: points",
        "Game over. A draw: both Kings fall at once.",
    ]


def test_ai_then_a_value_option_without_its_value() -> None:
    r = Table(RandomDice(1)).run("game new d20-chess ai deck")
    assert not r.ok and r.text.startswith("`deck` needs a deck's name: `deck house`"), r.text


def test_while_the_ai_decides_the_prompt_says_so_in_every_system() -> None:
    for sid in SYSTEMS:
        t = Table(RandomDice(3))
        r = t.run(f"game new {sid} ai white easy")  # the AI moves first where White does
        lines = r.text.splitlines()
        asked = [i for i, line in enumerate(lines) if line == "White: the AI decides."]
        assert asked or sid != "d20-chess", lines[:4]  # (White moves first there)
        for i in asked:  # the AI's own prompt is never the person's words: its play follows
            after = lines[i + 1]
            if t.keeps_secret(Player.WHITE):  # (what it did, not its choice)
                assert after and not after.startswith(("White: ", "White to")), (sid, after)
            else:
                assert after.startswith("AI (White)"), (sid, lines[i : i + 2])
        assert not any("your King" in line for line in lines if line.startswith("White")), sid


def test_the_hot_seat_board_is_drawn_for_whoever_decides() -> None:
    t = Table(RandomDice(3))
    assert t.run("game new card-game").ok and t.run("1").ok
    who = t.decider()
    assert who is not None
    text = t.run("board").text
    assert f"Your hand ({who.title}," in text and f"Your hand ({who.other.title}," not in text


def test_status_after_the_end_says_the_result_once() -> None:
    t = Table(RandomDice(3))
    assert t.run("game new wargame-chess").ok and t.run("concede").ok
    result = t.rules.result(t.state)
    text = t.run("status").text
    assert text.startswith("Ended before turn 1\n"), text
    said = [line for line in text.splitlines() if result.text.lower() in line.lower()]
    assert said == [f"Game over. {result.text}."], text


def test_the_help_promises_undo_only_where_there_is_one() -> None:
    t = Table(RandomDice(1))
    for system in SYSTEMS:
        assert t.run(f"game new {system}").ok
        text = t.run("help").text
        secret = t.plugin.hidden_information
        assert ("`undo` takes back" in text) is not secret, (system, text[-300:])
        assert "concede" in text, system


def test_watching_the_ai_play_both_sides_prints_each_action_as_it_is_played() -> None:
    """`ai both` at the console printed nothing until the whole game was over (27 s of
    silence for a d20 game at `easy`, 87 s at `hard`): each action is now written out, and
    flushed, as it is played, after the reply to the command that set it going."""

    class Writes(StringIO):
        def __init__(self) -> None:
            super().__init__()
            self.writes: list[str] = []
            self.flushes = 0

        def write(self, s: str) -> int:
            self.writes.append(s)
            return super().write(s)

        def flush(self) -> None:
            self.flushes += 1

    out = Writes()
    run_console(StringIO("game new d20-chess\nai both easy\n"), out, RandomDice(3))
    ai = [i for i, w in enumerate(out.writes) if w.startswith("AI (")]
    assert len(ai) > 10, out.writes[:8]  # one write an action, not one for the whole game
    said = next(i for i, w in enumerate(out.writes) if "plays White and Black" in w)
    assert said < ai[0]  # the reply to `ai both` comes first
    assert "Game over." in out.writes[ai[-1]] and GAME_OVER_HINT in out.getvalue()
    assert out.flushes >= len(ai)


def _stopped(sid: str) -> Table:
    """A practice game whose AI was stopped (Ctrl-C) while deciding: its turn is pending."""
    t = practice(f"{sid} ai easy")
    ai = t.opponent.player()
    real = ai.act

    def interrupted(system, state):  # type: ignore[no-untyped-def]
        ai.act = real  # type: ignore[method-assign]
        raise KeyboardInterrupt

    ai.act = interrupted  # type: ignore[method-assign]
    with pytest.raises(KeyboardInterrupt):
        while True:  # the person plays until the AI is asked, and is stopped
            t.run("1")
    assert t.ai_decides()
    return t


@pytest.mark.parametrize("sid", ["card-game", "chess28"])
def test_after_ctrl_c_nothing_is_done_for_the_ai_nor_shown_of_its_cards(sid: str) -> None:
    """A review stopped the AI's turn with Ctrl-C, then `actions` listed the AI's hand and
    `concede` conceded for the AI. Now the AI plays on first: a look then runs for the
    person, an action is not used."""
    t = _stopped(sid)
    r = t.run("actions")
    assert r.ok and (not t.ai_decides() or t.over), r.text
    if not t.over:  # the list is the person's, after the AI's moves: never the AI's choices
        assert t.decider() is Player.WHITE
        listed = t.run("actions").text
        played = r.text[: -len(listed)]  # what the AI did first, then the person's list
        assert r.text.endswith(listed) and played.strip(), r.text
    t = _stopped(sid)
    r = t.run("concede")
    assert "The AI played on first: your `concede` was not used." in r.text, r.text
    result = t.rules.result(t.state)
    assert result is None or "conced" not in result.text.lower(), result


def test_the_person_is_always_prompted_after_the_ais_actions() -> None:
    """With the AI's actions written out as they are played, a run whose last action said
    nothing (a pass in a card window) left the person without a prompt."""
    t = Table(RandomDice(0))
    shown: list[str] = []
    t.emit = shown.append
    assert t.run("game new card-game ai easy").ok
    rng = random.Random(0)
    for _ in range(300):
        if t.over:
            break
        n = len(t.rules.legal_actions(t.state))
        r = t.run(str(rng.randrange(n) + 1))
        assert r.ok, r.text
        if not t.over:
            assert r.text.rstrip().endswith(t.prompt()), (r.text[-200:], t.prompt())


def test_the_console_names_the_ais_team_only_once_both_are_deployed() -> None:
    """Ruling R9: team lists are shown to each other once both teams are deployed; against
    the AI the person's own is named at the start, the AI's with the other at the end of
    deployment (the person may deploy first)."""
    t = Table(RandomDice(2))
    r = t.run("game new wargame-chess K Q R 2N 3P | K 8P 2J ai hard")
    assert r.ok
    assert "White: Standard: King, Queen, Rook, 2 Knight, 3 Pawn (14 points)" in r.text
    assert "Black: the AI's team, its list shown once both are deployed" in r.text, r.text
    assert "Joker" not in r.text and "8 Pawn" not in r.text
    both = Table(RandomDice(2))
    hot_seat = both.run("game new K Q R 2N 3P | K 8P 2J").text  # (no AI: one person, both)
    assert "Black: Standard: King, 2 Joker, 8 Pawn (14 points)" in hot_seat
    while t.state.phase.name != "PLAY":
        assert t.run("1" if t.rules.legal_actions(t.state) else "status").ok
    shown = "\n".join(e.text for st in t.rules.history(t.state) for e in st.events)
    assert "Black: Standard: King, 2 Joker, 8 Pawn (14 points)" in shown, shown[-400:]


def test_before_both_teams_are_deployed_nothing_at_the_console_tells_the_ais_team() -> None:
    """Ruling R9 against the AI: naming the AI's pieces while deploying gets one answer for
    every name, and `export` (which holds both lists) waits until both teams are deployed."""
    t = Table(RandomDice(0))
    for cmd in ("game new wargame-chess ai", "trees", "trees flip"):
        assert t.run(cmd).ok, cmd
    assert t.state.phase.name == "DEPLOY" and t.decider() is Player.WHITE  # the person first
    held = t.run("deploy Black B1 e8")  # the AI's team has a Bishop
    lacking = t.run("deploy Black R1 e8")  # and no Rook
    assert not held.ok and not lacking.ok
    assert held.text.replace("B1", "R1") == lacking.text, (held.text, lacking.text)
    refused = t.run("export")
    assert not refused.ok and "once both are deployed" in refused.text, refused.text
    assert "Bishop" not in refused.text
    while t.state.phase.name != "PLAY":
        assert t.run("deploy auto").ok
    assert t.run("export").ok


def test_handing_the_ais_side_over_during_deployment_names_its_team() -> None:
    """Ruling R9 at the console: the AI's team is hidden until both are deployed, so a person
    who takes the AI's side with `ai off` (or `ai white`) before then is told what it holds;
    after deployment (both lists shown) nothing more is said."""
    t = Table(RandomDice(2))
    assert t.run("game new wargame-chess K Q R 2N 3P | K 8P 2J ai hard").ok
    handed = t.run("ai off")
    assert handed.ok
    assert handed.text.startswith("The AI plays no side now."), handed.text
    assert "Black's team, yours to play now: Standard: King, 2 Joker, 8 Pawn" in handed.text
    assert "White's team" not in handed.text  # (the person's own, named at the start)
    swapped = Table(RandomDice(2))
    assert swapped.run("game new wargame-chess K Q R 2N 3P | K 8P 2J ai").ok
    took = swapped.run("ai white").text
    assert "The AI (medium) plays White." in took and "Black's team, yours" in took, took
    later = Table(RandomDice(2))
    assert later.run("game new wargame-chess ai").ok
    while later.state.phase.name != "PLAY":
        assert later.run("1" if later.rules.legal_actions(later.state) else "status").ok
    assert later.run("ai off").text == "The AI plays no side now."


@pytest.mark.parametrize("sid", SYSTEMS)
def test_a_command_after_the_end_says_who_won_and_how_to_play_again(sid: str) -> None:
    """Once a game is over, a refused command says the result, and the console adds how to
    start another (it did so only after a command that was carried out)."""
    t = practice(f"{sid} ai easy")
    assert t.run("concede").ok
    result = t.rules.result(t.state)
    assert result is not None
    action = {"card-game": "move a1 a2", "wargame-chess": "move N1 c3", "chess28": "move W1 a2"}
    for line in ("concede", "1", action.get(sid, "move e2 e4")):
        r = t.run(line)
        assert not r.ok and r.text.startswith("The game is over"), r.text
        assert result.text in r.text, (line, r.text)
    out = StringIO()
    run_console(StringIO(f"game new {sid}\nconcede\nconcede\n1\n"), out, RandomDice(3))
    text = out.getvalue()
    refused = [line for line in text.splitlines() if "! The game is over" in line]
    assert len(refused) == 2, text[-600:]
    assert text.count(GAME_OVER_HINT) == 3, text[-600:]  # after the end, and each refusal


def test_undo_after_deploy_auto_takes_back_the_whole_deployment() -> None:
    """`deploy auto` (Discord's "Deploy automatically") places a team with one command; an
    undo against the AI took back one piece of eight. The Trees chosen before stay."""
    t = Table(RandomDice(0))
    for cmd in ("game new wargame-chess ai", "trees", "trees flip"):
        assert t.run(cmd).ok, cmd
    before = t.rules.dumps(t.state)
    assert t.run("deploy auto").ok and t.state.phase.name == "PLAY"
    u = t.run("undo")
    assert u.ok and u.text.startswith("Undid: Deploy K1 on d1 and your 7 actions after it."), u.text
    assert "The AI's 8 actions after it are taken back too." in u.text, u.text
    assert t.rules.dumps(t.state) == before  # the Trees kept, no piece on the board


def test_a_bare_letter_at_deployment_against_the_ai_says_which_pieces_it_could_be() -> None:
    """`deploy P d2` with three Pawns said 'P' was not one of White's pieces (the new answer
    names only the person's own pieces, so ruling R9 holds)."""
    t = Table(RandomDice(0))
    for cmd in ("game new wargame-chess ai", "trees", "trees flip"):
        assert t.run(cmd).ok, cmd
    r = t.run("deploy P d2")
    assert not r.ok and "'P' could be P1, P2, P3: say which" in r.text, r.text


def test_undo_against_the_ai_takes_back_one_command() -> None:
    """An undo takes back the person's last command, whole and alone: three pieces deployed
    by hand, one at a time (all three came off together); `move` that Activates and Moves, in
    one (it took two undos); a new game keeps no marks of the old one."""
    from rules.wargame_chess.engine import destinations

    t = Table(RandomDice(0))
    for cmd in ("game new wargame-chess ai", "trees", "trees flip"):
        assert t.run(cmd).ok, cmd
    start = len(t.rules.history(t.state))
    for cmd in ("deploy K1 e1", "deploy Q1 d1", "deploy R1 a1"):
        assert t.run(cmd).ok, cmd
    u = t.run("undo")
    assert u.ok and u.text.startswith("Undid: Deploy R1 on a1."), u.text
    assert len(t.rules.history(t.state)) == start + 2
    assert t.run("deploy auto").ok
    while t.decider() is not t.opponent.person or t.state.phase.name != "PLAY":
        assert t.run("1").ok
    s = t.state
    played = len(t.rules.history(s))
    mine = t.opponent.person
    piece = next(p for p in s.pieces_of(mine) if destinations(s, p))
    square = sorted(destinations(s, piece), key=str)[0]
    r = t.run(f"move {piece.label} {square}")
    assert r.ok, r.text
    u = t.run("undo")
    assert u.text.startswith(f"Undid: Activate {piece.label}"), u.text
    assert "and your action after it" in u.text, u.text
    assert t.rules.dumps(t.state) == t.rules.dumps(s) and len(t.rules.history(t.state)) == played
    assert t.marks
    for _ in range(2):  # (`game new` over a game under way asks once more)
        t.run("game new wargame-chess ai")
    assert len(t.rules.history(t.state)) == 0 and t.marks == []


def test_a_hint_to_activate_says_what_the_piece_would_do_and_in_whole_points() -> None:
    """A hint before an Activation named only the piece (a second hint was needed for its
    Move); values read like "+96.45" and "-0.00", bounds "no better than"."""
    import re

    t = Table(RandomDice(3))
    for cmd in ("game new wargame-chess ai white easy hints", "trees mirror", "deploy auto"):
        assert t.run(cmd).ok, cmd
    assert t.state.phase.name == "PLAY" and t.state.pending is None
    hint = t.run("hint").text
    assert re.search(r": Activate \w+ on \w\d, then (Move|Attack|\w+ stays)", hint), hint
    assert not re.search(r"[+-]\d+\.\d", hint) and "-0 " not in hint and "(-0" not in hint, hint


def test_a_hint_in_a_game_with_secrets_never_looks_past_a_draw() -> None:
    """The hint's follow-up played the suggestion on the real game: a draw has one outcome
    (the deck's next card), so the follow-up named the card on top of the player's deck. In a
    game with secrets the hint names the suggestion alone."""
    t = Table(RandomDice(4))
    assert t.run("game new card-game ai black easy hints").ok
    for _ in range(12):
        if t.over or t.decider() is not t.opponent.person:
            break
        hint = t.run("hint")
        assert hint.ok and ", then " not in hint.text.splitlines()[0], hint.text
        assert t.run("1").ok


def test_undo_after_the_ai_changes_sides_takes_back_only_what_is_the_persons_now() -> None:
    """The marks of the person's commands were kept when `ai` changed sides: an undo then
    went back past both switches, counting the person's own move as the AI's."""
    t = Table(RandomDice(3))
    assert t.run("game new d20-chess ai white easy").ok
    for _ in range(2):
        assert t.run("1").ok  # two of the person's Black moves (the AI answers each)
    assert t.run("ai black").ok and t.run("1").ok  # now the person plays White
    assert t.marks
    assert t.run("ai white").ok  # the AI plays White again, at once
    assert t.marks == []
    seen = t.rules.positions(t.state)
    last_black = max(i for i, (who, _) in enumerate(seen) if who.title == "Black")
    u = t.run("undo")  # back to the last Black action, no further (it went back six)
    assert u.ok and len(t.rules.history(t.state)) == last_black, u.text
    assert len(seen) - last_black <= 3
