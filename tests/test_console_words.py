"""The console's words as its help shows them (an audit of every help line): an option in the
help is never silently ignored, a word it does not take is refused and changes nothing, and
the answers name console commands, not Discord's."""

from __future__ import annotations

from typing import Any

from bot.table import Table
from rules.core.board import Player
from rules.core.dice import RandomDice, ScriptedDice


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
    refused(companion, "roll queen lots", "'lots' is not a roll option")
    assert "at Advantage" in companion.run("roll queen adv +2").text
    assert "at Advantage" in companion.run("roll queen advantage").text  # the rulebook's word
    ones = Table(ScriptedDice([1] * 6))  # each roll totals 2 before its modifiers
    for mods, total in (("min 5", 5), ("+2, min 5", 5), ("+ 2", 4)):
        r = ones.run(f"roll pawn {mods}")
        assert r.ok and r.text.endswith(f": {total}"), (mods, r.text)


def test_the_console_companion_has_what_discord_has() -> None:
    t = Table(RandomDice(1))
    r = t.run("tarot deck")
    assert r.ok and "No tarot cards are dealt out. `divinate` deals three." in r.text, r.text
    t.run("divinate")
    r = t.run("tarot deck")
    assert r.ok and r.text.startswith("Dealt: ") and "19 cards face down" in r.text, r.text
    dealt = r.text.removeprefix("Dealt: ").split(".")[0]
    r = t.run("tarot active the star" if "The Star" not in dealt else "tarot active the fool")
    refused_text = r.text
    assert not r.ok and "is not dealt out; the dealt cards are" in refused_text, refused_text
    assert t.run("tarot deck reset").text.endswith("22 cards face down.")
    assert "No tarot cards are dealt out" in t.run("tarot deck").text
    refused(t, "tarot deck shuffle", "`tarot deck reset`")
    r = t.run("cards")
    assert r.ok and r.text.startswith("54 cards face down in the deck. Drawn: none."), r.text
    refused(t, "cards draw two", "'two' is not part of that command")
    assert "54 cards face down" in t.run("cards").text  # nothing was drawn
    t.run("cards draw 2")
    r = t.run("cards")
    assert r.text.startswith("52 cards face down") and "Drawn: none" not in r.text, r.text
    for pool, words in (
        ("d4 d4", "at most one die of each kind"),
        ("d4 d7", "no D7"),
        ("d4 x11", "'x11' is not a die of a bone pool"),
    ):
        refused(t, f"bones {pool}", words)
    assert t.run("bones d4 d6 d20").text.startswith("Bones: D4=")


def test_the_console_companion_names_console_commands() -> None:
    t = Table(RandomDice(1))
    r = t.run("tarot active")
    assert r.ok and "`divinate` deals three" in r.text and "`/" not in r.text, r.text
    refused(t, "tarot discard star", "is for a game's dealt cards")
    every = ", ".join(str(n) for n in range(22))  # every card preferred: one is dealt
    dealt = t.run(f"divinate {every}")
    named = dealt.text.split("make it active with `tarot active ")[1].split("`")[0]
    assert named in dealt.text.split("Active: ")[0] and named not in dealt.text.split(". ")[1]
    assert t.run(f"tarot active {named}").text.endswith(f"{named} is now the active card.")


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


def test_wargame_piece_commands_refuse_words_they_do_not_take() -> None:
    t = table(*DEPLOYED)
    for line, words in (
        ("give N1 adv two", "'two' is not a whole number"),
        ("give N1 adv 2 3", "'3' is not part of that command"),
        ("bless N1 twice", "'twice' is not part of that command"),
        ("slay N2 now", "'now' is not part of that command"),
        ("activate N1 foo", "'foo' is not part of that command"),
        ("move N1 c6 x", "'x' is not part of that command"),
        ("aside a2 extra", "'extra' is not part of that command"),
    ):
        refused(t, line, words)
    assert "2 Advantage tokens" in t.run("give N1 adv 2").text


def _play_until(t: Table, wanted: Any, seed: int, steps: int = 3000) -> bool:
    """Random legal choices (seeded) until ``wanted(state)``."""
    import random

    rng = random.Random(seed)
    for _ in range(steps):
        if wanted(t.state):
            return True
        if t.over:
            return False
        assert t.run(str(rng.randrange(len(t.rules.legal_actions(t.state))) + 1)).ok
    return False


def _at_combat_movement(both: bool) -> Table:
    """A Wargame Chess table at a Combat Movement (``both``: one where the attacker may be
    placed and the defender may step), reached by seeded random play."""
    from rules.wargame_chess.state import Decision

    def combat(s: Any) -> bool:
        if s.pending is None or s.pending.decision is not Decision.COMBAT_MOVEMENT:
            return False
        moved = {a.piece for a in t.rules.legal_actions(s) if hasattr(a, "to")}
        return len(moved) == 2 or not both

    for seed in range(12):
        t = table(*DEPLOYED, seed=seed)
        if _play_until(t, combat, seed):
            return t
    raise AssertionError("no such Combat Movement reached")


def test_combat_movement_reads_a_bare_label_as_the_attacker_or_the_defender() -> None:
    t = _at_combat_movement(both=False)
    attacker = t.state.piece(t.state.attack.attacker)
    assert attacker.owner is not t.decider()  # the defender decides where the attacker goes
    from rules.wargame_chess import actions as W

    square = next(
        a.to
        for a in t.rules.legal_actions(t.state)
        if isinstance(a, W.CombatMove) and a.piece == attacker.key
    )
    bare = attacker.key.split()[-1]  # "P1" of "White P1": the decider's own label reads so too
    r = t.run(f"combat {bare} {square}")
    assert r.ok, (bare, r.text)
    assert t.state.piece(attacker.key).square == square


def test_the_combat_movement_prompt_gives_words_that_work() -> None:
    """The prompt names a legal placing of the attacker and a legal step of the defender, in
    words the console reads (not a placeholder such as `<attacker|defender piece>`)."""
    import copy
    import re

    t = _at_combat_movement(both=True)
    prompt = t.prompt()
    examples = re.findall(r"`(combat [^`]+)` \((the attacker|the defender)\)", prompt)
    assert [w for _, w in examples] == ["the attacker", "the defender"], prompt
    att = t.state.attack
    for words, what in examples:
        other = copy.copy(t)
        r = other.run(words)
        assert r.ok, (words, r.text)
        moved = att.attacker if what == "the attacker" else att.defender
        assert str(other.state.piece(moved).square) == words.split()[-1], (words, r.text)


def test_chess28_gambit_words() -> None:
    from rules.chess28 import actions as A
    from rules.chess28.cards import find_card

    assert find_card("bolt").title == "Mystic Bolt"  # the help's `gambit bolt W1 fr`
    castle = find_card("castle").number

    def castling(s: Any) -> bool:
        return any(
            isinstance(a, A.PlayGambit) and a.card == castle and a.other
            for a in t.rules.legal_actions(s)
        )

    for seed in range(8):
        t = table("game new chess28", "mode pinata", seed=seed)
        if _play_until(t, castling, seed, steps=1500):
            break
    else:
        raise AssertionError("no Castle reached")
    play = next(
        a
        for a in t.rules.legal_actions(t.state)
        if isinstance(a, A.PlayGambit) and a.card == castle and a.other
    )
    one, two = play.unit, play.other  # the models' keys are what players call them
    assert t.run(f"gambit castle {two} {one}").ok  # the two models in either order
    refused(table("game new chess28", "mode pinata"), "gambit bolt W1 b", "fires fl, f or fr")


def test_chess28_terrain_names_take_their_article_once() -> None:
    from rules.chess28.state import Terrain, TerrainKind
    from rules.core.board import Player, Square

    chest = Terrain(TerrainKind.CHEST, Square.parse("d1"), owner=Player.WHITE)
    rock = Terrain(TerrainKind.MOVEABLE, Square.parse("d4"))
    assert chest.the_name == "White's Treasure Chest"  # not "the White's Treasure Chest"
    assert rock.the_name == "the small moveable terrain"


def test_chess28_and_card_game_commands_refuse_words_they_do_not_take() -> None:
    t = table("game new chess28", "mode pinata")
    for line in (
        "roll now",
        "chest d1 please",
        "dig W1 extra",
        "refresh W1 extra",
        "end now",
        "shove W1 e1 e2 extra",
        "charge W5 a7 E extra",
        "emerge B3 a4 N extra",
        "gambit castle W1 W2 extra",
    ):
        refused(t, line, "is not part of that command")
    cards = table("game new card-game", "1")
    for line in ("keep please", "king please", "end now", "pass now", "move c1 c2 c3"):
        refused(cards, line, "is not part of that command")


def test_the_card_game_says_why_pass_and_end_are_refused() -> None:
    t = table("game new card-game", "1")  # the mulligan: no window, not the Play & Move Phase
    refused(t, "pass", "none is open")
    refused(t, "end", "the turn ends from your Play & Move Phase")


def test_the_wargame_chess_prompt_gives_examples_the_rules_accept() -> None:
    """When a piece is Activated, the console's prompt names a Move and an Attack it may
    really make (not a fixed square): each example, typed, is accepted."""
    import random
    import re

    t = Table(RandomDice(4))
    assert t.run("game new wargame-chess").ok
    rng = random.Random(4)
    tried = 0
    for _ in range(400):
        if t.rules.result(t.state) is not None:
            break
        prompt = t.prompt()
        examples = re.findall(r"`((?:move|attack) \S+ [a-h][1-8])`", prompt)
        if "Move or Attack" in prompt:
            assert examples or "`actions` for its choices" in prompt, prompt
            for example in examples:
                r = t.run(example)
                assert r.ok, (prompt, example, r.text)
                tried += 1
                assert t.run("undo").ok
        n = len(t.rules.legal_actions(t.state))
        assert t.run(str(rng.randrange(n) + 1)).ok
    assert tried >= 10, tried


def test_every_choice_can_be_listed_page_by_page() -> None:
    """A decision with more choices than one page (Wargame Chess's deployment) lists them all:
    `actions 41` goes on from the 41st, `actions all` shows every one, and a number past the
    last is refused."""
    t = Table(RandomDice(1))
    assert t.run("game new wargame-chess").ok
    while t.state.phase.value != "deployment":
        assert t.run("1").ok
    n = len(t.rules.legal_actions(t.state))
    assert n > 80, n
    first = t.run("actions").text.splitlines()
    assert first[0].startswith("1. ") and "`actions 41` lists the next" in first[-1], first[-1]
    second = t.run("actions 41").text.splitlines()
    assert second[0].startswith("41. ") and second[39].startswith("80. "), second[:2]
    every = t.run("actions all").text.splitlines()
    assert len(every) == n and every[-1].startswith(f"{n}. "), every[-1]
    past = t.run(f"actions {n + 1}")
    assert not past.ok and f"{n} choices now" in past.text, past.text
    zero = t.run("actions 0")
    assert not zero.ok and "numbered from 1" in zero.text, zero.text


def test_rules_lookups_know_the_words_each_game_prints() -> None:
    """`rules <term>` in every system: an unknown term is said to be unknown (with the terms,
    closest first); Chess28 knows the words its prompts use; the card game has `rules` too."""
    t = Table(RandomDice(1))
    for system in ("wargame-chess", "chess28", "d20-chess", "card-game"):
        assert t.run(f"game new {system}").ok
        r = t.run("rules xyzzy")
        assert r.ok and r.text.startswith("No rules term 'xyzzy'. The terms"), (system, r.text)
    assert t.run("rules showdown").text.startswith("Showdown: ")  # (the card game's)
    assert t.run("game new chess28").ok
    for word, term in [
        ("pinata", "Piñata"),
        ("desperation", "Desperation"),
        ("backline", "Backline"),
        ("drained", "Drained"),
        ("dead pile", "Dead Pile"),
        ("gambit card", "Gambit Card"),
        ("shove", "Shove"),
        ("charge", "Charge"),
        ("last side standing", "Last Side Standing"),
    ]:
        text = t.run(f"rules {word}").text
        assert text.startswith(f"{term}: "), (word, text)
    assert t.run("game new d20-chess").ok
    for word in ("pawn", "king", "lair", "turn limit", "moves"):
        assert t.run(f"rules {word}").text.startswith(f"{word}: "), word


def test_the_castle_and_promotion_prompts_name_a_piece_they_may_take() -> None:
    """A walkthrough's Castle prompt said `castle N1` when the only partner was a Pawn, and
    `castle N1` was refused: the example now names a partner (or a slain piece to promote
    into) that the rules offer, and typed, it is accepted."""
    import random
    import re

    from rules.wargame_chess.state import Decision

    tried: set[Decision] = set()
    for seed in range(1, 40):
        t = Table(RandomDice(seed))
        assert t.run("game new wargame-chess").ok
        rng = random.Random(seed)
        for _ in range(600):
            if t.rules.result(t.state) is not None:
                break
            p = t.state.pending
            if p is not None and p.decision in (Decision.CASTLE, Decision.PROMOTION):
                prompt = t.prompt()
                example = re.search(r"`((?:castle|promote) \S+)`", prompt)
                assert example, prompt
                r = t.run(example.group(1))
                assert r.ok, (prompt, r.text)
                tried.add(p.decision)
                continue
            n = len(t.rules.legal_actions(t.state))
            assert t.run(str(rng.randrange(n) + 1)).ok
        if len(tried) == 2:
            break
    assert tried == {Decision.CASTLE, Decision.PROMOTION}


def test_game_new_over_a_game_under_way_asks_once_more() -> None:
    """Walkthroughs lost a game to one stray `game new`: while a game is under way the first
    is refused and changes nothing; the same command again starts the new game. A game not
    yet begun, or over, is replaced at once."""
    t = Table(RandomDice(1))
    assert t.run("game new d20-chess").ok
    assert t.run("game new chess28").ok, "nothing played yet: no question"
    assert t.run("1").ok
    before = t.rules.dumps(t.state)
    r = t.run("game new card-game")
    assert not r.ok and "under way and would be lost" in r.text, r.text
    assert t.plugin.id == "chess28" and t.rules.dumps(t.state) == before
    assert t.run("status").ok
    assert not t.run("game new card-game").ok, "another command in between: asked again"
    assert not t.run("game new d20-chess").ok, "a different game new: asked again"
    r = t.run("game new d20-chess")
    assert r.ok and t.plugin.id == "d20-chess", r.text
    assert t.run("1").ok
    bad = t.run("game new d20-chess turns 0")  # (its words are checked before it asks)
    assert not bad.ok and "turn limit" in bad.text and "would be lost" not in bad.text, bad.text
    assert t.run("concede").ok
    assert t.run("game new card-game").ok, "the game is over: nothing to lose"


def test_an_apostrophe_inside_a_word_is_part_of_it() -> None:
    """The card game prints "Pawn's Gambit"; typed as printed it was refused ("No closing
    quotation")."""
    t = Table(RandomDice(1))
    assert t.run("game new card-game").ok
    r = t.run("card pawn's gambit")
    assert r.ok and r.text.startswith("Pawn's Gambit"), r.text
    assert t.run('card "pawn\'s gambit"').ok
    r = t.run("card 'pawn")
    assert not r.ok and "could not read" in r.text, r.text


def test_the_card_game_says_how_to_attack_the_king() -> None:
    """A walkthrough could not find out how to attack the King: `rules king` and `rules
    attack` knew no term, and `attack c3` answered only "There is no unit on c3"."""
    t = Table(RandomDice(1))
    assert t.run("game new card-game").ok
    assert t.run("rules king").text.startswith("King: ")
    r = t.run("rules attack")
    assert r.text.startswith("Attacking the King: ") and "`attack c3`" in r.text, r.text
    before = t.rules.dumps(t.state)
    r = t.run("attack c3")
    assert not r.ok and "names the square of your unit in the enemy Base" in r.text, r.text
    assert "c3. An attack on the King names" in r.text, r.text  # (two sentences, both capitalised)
    assert "none of yours is there yet" in r.text and t.rules.dumps(t.state) == before


def test_a_gambit_card_is_named_by_its_whole_title_or_one_word_of_it() -> None:
    from bot.chess28 import commands as C
    from bot.chess28.words import parse

    for line, card, unit in (
        ("moment of glory W1", "moment of glory", "W1"),
        ("Moment of Glory!", "Moment of Glory!", None),
        ("glory W1", "glory", "W1"),
        ("mystic bolt W1 fr", "mystic bolt", "W1"),
        ("bolt W1 fr", "bolt", "W1"),
        ("last gasp", "last gasp", None),
        ("castle W1 W2", "castle", "W1"),
    ):
        words = line.split()
        c = parse("gambit", words)
        assert isinstance(c, C.Gambit) and (c.card, c.unit) == (card, unit), (line, c)


def test_a_chess28_command_after_the_game_ends_says_the_game_is_over() -> None:
    t = table("game new chess28", "mode pinata")
    assert t.run("concede").ok and t.over
    for line in ("move W1 d2", "move W1 d2 N", "melee W1 d5"):
        refused(t, line, "the game is over")


def test_a_chess28_charge_attack_is_answered_with_attack_and_its_square() -> None:
    """After a Charge, `attack d5` (or `melee d5`) answers which enemy the model attacks."""
    from rules.chess28 import actions as A

    t = table("game new chess28", "mode pinata")
    charge = None
    for _ in range(400):
        charge = next((a for a in t.rules.legal_actions(t.state) if isinstance(a, A.Charge)), None)
        if charge is not None or t.over:
            break
        assert t.run("1").ok
    assert charge is not None, "no Charge reached"
    r = t.run(f"charge {charge.unit} {charge.square} {charge.facing}")
    assert r.ok and t.state.pending is not None and t.state.pending.kind == "charge", r.text
    target = next(o for o in t.state.pending.options if o != "no attack")
    before = t.state
    assert not t.run("attack no").ok and t.state is before  # not a square: not an answer
    r = t.run(f"attack {target}")
    assert r.ok and "rolls attack" in r.text, r.text  # the Melee Attack is made
    assert t.state.pending is None or t.state.pending.kind != "charge"


def test_wargame_prompts_give_words_that_work_for_the_side_deciding() -> None:
    """Black's deployment prompt named a White square (`deploy N1 b1`, refused as outside
    Black's zone); the En Passant prompt said "`move` again" (a bare `move` is refused);
    `trees` during play asked for a Tree choice long made."""
    import copy
    import re

    t = table(*WARGAME_SETUP)
    for _ in range(2):  # White's deployment, then Black's
        side = t.decider()
        words = re.search(r"`(deploy [^`]+)`", t.prompt())
        assert words is not None and words.group(1) != "deploy auto", t.prompt()
        trial = copy.copy(t)
        assert trial.run(words.group(1)).ok, (side, words.group(1))
        assert t.run("deploy auto").ok
    refused(t, "trees", "the Trees are set: the game is in play")
    refused(t, "trees mirror", "the Trees are set")

    def second_move(s: Any) -> bool:
        return s.pending is not None and s.pending.decision.name == "SECOND_MOVE"

    assert _play_until(t, second_move, seed=5), "no En Passant in the seeded play"
    words = re.search(r"`(move [^`]+)` again", t.prompt())
    assert words is not None, t.prompt()
    r = copy.copy(t).run(words.group(1))
    assert r.ok, (words.group(1), r.text)


def test_the_companion_works_again_once_the_game_is_over() -> None:
    """The README: the companion works with or without a game. After a game ended, `cards
    draw 2` was refused as an action of the finished game and `bones K Q R 2N 3P` was read
    as the game's own bone reading."""
    t = table("game new", "concede")
    assert t.over
    for line, said in (
        ("cards draw 2", "Drew: "),
        ("bones K Q R 2N 3P", "Bones: D4="),
        ("divinate sun", "Dealt: "),
    ):
        r = t.run(line)
        assert r.ok and said in r.text, (line, r.text)


def test_wargame_status_shows_the_active_card_and_effects_on_rolls() -> None:
    """`status` left out the tarot card in force and a modifier waiting for a piece's next
    roll, both of which change the game."""
    t = table(*DEPLOYED, "divinate devil", "modifier N1 +2")
    status = t.run("status").text
    active = t.state.faith.tarot_active
    from rules.wargame_chess.tarot import BY_NUMBER

    assert f"Active tarot card: {BY_NUMBER[active].name}" in status, status
    assert "on its rolls: N1 (+2 (adjustment) until next roll)" in status, status


def test_words_a_new_player_tries_are_answered_helpfully() -> None:
    """From a new player's run at the console: a typo gets a suggestion, another system's
    command says whose it is, common words for conceding point to `concede`, a system's name
    in two words starts it, `move P1 to c3` is read, `actions abc` names the pages, and a
    bare `ai` says whom the AI plays and changes nothing (it handed Black to the AI)."""
    t = Table(RandomDice(1))
    for line, words in (
        ("gam new", "did you mean `game`?"),
        ("tres", "did you mean `trees`?"),
        ("gambit vault W1", "`gambit` is a Chess28 command"),
        ("resign", "to give up the game, `concede`"),
        ("game", "say `game new <system>`"),
        ("game boardd", "did you mean `board`?"),
        ("end", "`end` is a Chess28 and Chess: The Card Game command"),
        ("d20 move e2 e4", "that is how Discord says it"),
    ):
        refused(t, line, words)
    assert t.run("game new wargame chess").ok and t.plugin.id == "wargame-chess"
    refused(t, "mulligan", "`mulligan` is a Chess: The Card Game command, and this game is")
    refused(t, "actions abc", "say `actions` (the first page), `actions 41`")
    r = t.run("ai")
    assert r.ok and r.text.startswith("The AI plays no side.") and t.opponent.seats == ()
    t = table(*DEPLOYED)
    from rules.wargame_chess.engine import destinations

    movable = next(p for p in t.state.pieces_of(t.decider()) if destinations(t.state, p))
    square = sorted(destinations(t.state, movable), key=str)[0]
    r = t.run(f"move {movable.label} to {square}")
    assert r.ok and t.state.piece(movable.key).square == square, r.text


def test_the_wargame_glossary_has_the_rulebooks_terms_and_says_when_its_list_is_cut() -> None:
    """`rules board half`, `rules occupied` and `rules summon` (the rulebook's terms) found
    nothing; `rules` listed 30 terms and said nothing of the others, which are found."""
    t = Table(RandomDice(1))
    for term, said in (
        ("board half", "Board Half: Each player's half"),
        ("occupied", "Occupied: A square with a piece or terrain"),
        ("summon", "Summon: A rule tagged Summon"),
    ):
        r = t.run(f"rules {term}")
        assert r.ok and r.text.startswith(said), (term, r.text)
    listed = t.run("rules").text
    assert "more: `rules <word>` finds any)" in listed and "Legendary" not in listed
    assert t.run("rules legendary").text.startswith("Legendary: ")


def test_wargame_odds_of_two_pieces_in_play() -> None:
    """`odds R1 bB1` in a game: the exact odds of those two pieces where they stand (it said
    'R1' was not a piece type); piece types still give the companion's odds."""
    from rules.wargame_chess.engine import attack_odds_now

    t = table(*DEPLOYED)
    s = t.state
    white_rook = s.find("White R1")
    black_bishop = s.find("Black B1")
    r = t.run("odds R1 bB1")
    want = attack_odds_now(s, white_rook.key, black_bishop.square).slay
    assert r.ok and f"slays {float(want):.1%}" in r.text, r.text
    assert "White R1 Attacking Black B1" in r.text and "cannot Attack" in r.text
    assert t.run("odds queen knight").text.startswith("Queen (2D8, normal) Attacking a Knight")
    # a side named on the second piece makes the first the other side's (Q1 both have)
    r = t.run("odds Q1 bB1")
    assert r.ok and r.text.startswith("White Q1 Attacking Black B1"), r.text
    refused(t, "odds bQ1 bB1", "own side: name an enemy piece, like `odds Black Q1 White")


def test_chess28_console_words_from_a_new_players_game() -> None:
    """A choice typed as it is listed (`keep`, `roll`) is that choice (`keep` was called a d20
    command; `roll` was read as the roll-off), `choose 1` is the first listed; a hot-seat `hand`
    shows the hand of whoever decides now (both hands at once showed each the other's cards);
    `help chess28` is Chess28's help outside a game too; an attack's line says "1 die"."""
    from rules.chess28 import actions as A
    from tests.chess28.helpers import PLAIN, act, position, sq

    tough = "Tough; move ^/A; attack x/A; fight 1; defence 1; hp 5"

    t = Table(RandomDice(1))
    assert t.run("help chess28").text.startswith("Chess28 at the table.")
    assert t.run("game new chess28").ok
    hand = t.run("hand").text
    decider = t.state.decider.title
    other = "Black" if decider == "White" else "White"
    assert decider in hand and other not in hand, hand
    s = position([("Brute", "d4", "N")], [(tough, "d5", "S")], dead={Player.BLACK: [PLAIN]})
    s, _ = act(s, A.Melee("W1", sq("d5")), [4, 1, 1, 1, 1, 1])  # Black may re-roll
    t.state = s
    assert s.pending is not None and {"keep", "re-roll"} <= set(s.pending.options), s.pending
    r = t.run("keep")
    assert r.ok and t.state.pending != s.pending, r.text
    t.state = s
    assert s.pending.options[0] == "keep"
    r = t.run("choose 1")  # (it said '1' is not one of the choices)
    assert r.ok and t.state.pending != s.pending, r.text
    one = position(
        [("One; move ^/A; attack x/A; fight 1; defence 0; hp 1", "d4", "N")], [(tough, "d5", "S")]
    )
    _, ev = act(one, A.Melee("W1", sq("d5")), [4, 1])
    assert any("1 die against Defence" in e.text for e in ev), [e.text for e in ev]


def test_game_new_alone_plays_the_last_game_again() -> None:
    """A finished game ends "Type `game new` to play again.": `game new` alone starts the same
    system again with the same words (teams, opponent), not the default Wargame Chess; words
    without a system keep their meaning (Wargame Chess), and a fresh table starts it too."""
    t = table("game new chess28 ai easy")
    assert t.plugin.id == "chess28" and t.opponent.seats
    r = t.run("concede")
    assert r.ok and t.over, r.text
    r = t.run("game new")
    assert r.ok and r.text.startswith("New game of Chess28."), r.text
    assert t.plugin.id == "chess28" and t.opponent.seats and not t.over
    assert "The AI (easy) plays" in r.text
    fresh = table("game new")
    assert fresh.plugin.id == "wargame-chess"
    t.run("concede")
    assert t.run("game new ai easy").ok and t.plugin.id == "wargame-chess"


def test_help_names_the_other_systems_help() -> None:
    """Before any game `help` showed Wargame Chess's commands alone, and nothing said how to
    see another system's: it names `help <system>` for each of the others."""
    t = Table(RandomDice(1))
    text = t.run("help").text
    assert "`help chess28`, `help d20-chess`, `help card-game`" in text, text[-300:]
    card = t.run("help card-game").text
    assert "`help wargame-chess`" in card and "`help card-game`" not in card


def test_game_new_takes_a_systems_name_as_shown() -> None:
    """The banner shows "d20 explorer chess"; `game new d20 explorer chess` was read as a
    Wargame Chess team list ("'d20' is not a piece in the Standard faction")."""
    for said, sid in (
        ("game new d20 explorer chess ai easy", "d20-chess"),
        ("game new d20", "d20-chess"),
        ("game new d20chess", "d20-chess"),
        ("game new Chess: The Card Game", "card-game"),
    ):
        t = table(said)
        assert t.plugin.id == sid, said
    assert table("game new d20 explorer chess ai easy").opponent.seats
    refused(Table(RandomDice(1)), "game new chess", "'chess' is not a game system here")


def test_any_dice_roll_at_every_systems_table() -> None:
    """`roll 1d20` in a d20 game was "a Wargame Chess and Chess28 command": the companion's
    dice roll at a table of any system that has no `roll` of its own, and change nothing."""
    for system in ("d20-chess", "card-game"):
        t = table(f"game new {system}")
        before = t.state
        r = t.run("roll 2d6+1")
        assert r.ok and r.text.startswith("2d6 (") and t.state is before, r.text
        assert t.roll_log[-1][0] == "2d6+1"
        refused(t, "roll zz", "I could not roll 'zz'")
    chess28 = table("game new chess28")
    assert "roll" in chess28.run("help").text  # (Chess28's `roll` is its roll-off)
