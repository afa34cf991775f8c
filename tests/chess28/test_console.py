"""The console contract for Chess28: `game new chess28` starts with the ready-made parties,
`actions` lists every legal choice numbered, a number applies it, and a finished game says who
won and why, then how to play again. Typed words for every command, and clear refusals."""

from __future__ import annotations

import io
import random

from bot.console import run_console
from bot.table import GAME_OVER_HINT, Table
from rules.chess28 import actions as A
from rules.chess28.engine import legal_actions
from rules.chess28.state import Phase
from rules.core.board import Player
from rules.core.dice import RandomDice


def test_a_new_game_starts_with_the_ready_made_parties_and_numbered_choices() -> None:
    t = Table(RandomDice(2))
    r = t.run("game new chess28 pinata")
    assert r.ok and "Iron Vanguard" not in r.text and "300 points" in r.text
    assert "Piñata" in r.text and "roll" in r.text
    assert t.run("actions").text.startswith("1. Roll off for the First Player")
    r = t.run("1")
    assert r.ok and "is first" in r.text and t.state.phase is Phase.CHESTS
    assert not t.run("99").ok, "a number out of range is refused"


def test_without_a_mode_white_chooses_it_first_then_the_roll_off_follows() -> None:
    t = Table(RandomDice(2))
    r = t.run("game new chess28")
    assert r.ok and "White chooses it" in r.text and t.state.phase is Phase.MODE
    listed = t.run("actions").text
    assert "1. Piñata" in listed and "Last side standing with Desperation" in listed
    assert not t.run("mode chess").ok and t.state.phase is Phase.MODE
    r = t.run("mode last-standing desperation")
    assert r.ok and "last side standing, with Desperation" in r.text and "is first" in r.text
    assert t.state.mode.value == "last-standing" and t.state.desperation


def test_a_random_game_plays_to_its_end_through_numbers() -> None:
    t = Table(RandomDice(5))
    t.run("game new chess28 last-standing")
    rng = random.Random(5)
    for _ in range(5000):
        if t.over:
            break
        listed = t.run("actions").text.splitlines()
        n = len([line for line in listed if line[:1].isdigit()])
        r = t.run(str(rng.randint(1, n)))
        assert r.ok, r.text
    assert t.over and ("wins" in t.prompt() or "draw" in t.prompt().lower())


def test_the_console_words_drive_setup_and_play() -> None:
    t = Table(RandomDice(11))
    t.run("game new chess28 last-standing")
    t.run("roll")
    assert not t.run("terrain lava d4").ok
    while t.state.phase is Phase.TERRAIN:
        assert not t.run("terrain blocking d2").ok, "never in the back two ranks"
        place = next(a for a in legal_actions(t.state) if isinstance(a, A.PlaceTerrain))
        assert t.run(f"terrain blocking {place.square} {place.extra or ''}").ok
    first = t.state.to_act.title[0]
    r = t.run(f"deploy {first}1 d{1 if first == 'W' else 8} N")
    assert r.ok, r.text
    while t.state.phase is Phase.DEPLOY:
        assert t.run("deploy auto").ok
    me = t.state.to_act.title[0]
    r = t.run(f"move {me}9 a1")
    assert not r.ok and ("cannot move" in r.text or "say which way" in r.text)
    r = t.run(f"melee {me}1 a5")
    assert not r.ok and "Melee Range" in r.text
    assert not t.run("shoot W1 up").ok
    assert not t.run("choose d4").ok
    assert t.run("hand").text.count("Gambit Cards") == 1  # (hot seat: the decider's hand)
    assert "Brute" in t.run("card Brute").text
    assert "Push Back" in t.run("rules push back").text
    assert "kills" in t.run("odds 3 1").text
    assert t.run("end").ok and t.state.to_act.title[0] != me


def _two_terrain_pieces_each() -> Table:
    """A console game at terrain placement, each player with two pieces to place."""
    return next(
        t
        for seed in range(100)
        if (t := Table(RandomDice(seed))).run("game new chess28 last-standing").ok
        and t.run("roll").ok
        and t.state.terrain_left == (2, 2)
    )


def test_large_terrain_is_placed_by_naming_its_two_squares() -> None:
    t = _two_terrain_pieces_each()
    me = t.state.to_act
    r = t.run("terrain moveable a4 c4")
    assert not r.ok and "side by side" in r.text, r.text
    r = t.run("terrain blocking d4 e4 f4")
    assert not r.ok and "one square or two" in r.text, r.text
    r = t.run("terrain blocking e4 d4")  # either order
    assert r.ok and "large blocking terrain on d4 and e4" in r.text, r.text
    assert t.run("terrain perilous c5").ok  # the other player's small piece
    r = t.run("terrain moveable a4 b4")
    assert not r.ok and "small one" in r.text, r.text
    assert t.state.to_act is me and "1 small" in t.run("status").text
    assert t.run("terrain moveable a4").ok


def test_terrain_placed_at_random_is_one_of_the_legal_placements() -> None:
    t = _two_terrain_pieces_each()
    assert not t.run("terrain random d4").ok and t.state.terrain == ()
    placed = []
    for _ in range(4):
        legal = [a for a in legal_actions(t.state) if isinstance(a, A.PlaceTerrain)]
        r = t.run("terrain random")
        assert r.ok and "terrain on" in r.text, r.text
        placed.append(t.rules.history(t.state)[-1].action)
        assert placed[-1] in legal
    assert t.state.terrain_left == (0, 0) and len(set(placed)) == 4
    r = t.run("terrain random")  # deployment now
    assert not r.ok and "There is no terrain to place now" in r.text, r.text


def test_a_finished_game_says_who_won_and_how_to_play_again() -> None:
    out = io.StringIO()
    run_console(io.StringIO("game new chess28 pinata\n1\nconcede\nquit\n"), out, RandomDice(1))
    text = out.getvalue()
    assert "conceded" in text and "wins" in text and GAME_OVER_HINT in text


def test_the_deploy_example_faces_the_enemy_from_either_seat() -> None:
    t = Table(RandomDice(3))
    assert t.run("game new chess28 last-standing").ok and t.run("roll").ok
    seen = {}
    for _ in range(20):
        if t.state.phase.value != "deployment":
            break
        seen[t.state.to_act.title] = t.prompt()
        assert t.run("deploy auto").ok
    assert seen["White"].startswith("White: deploy with `deploy W") and " N`" in seen["White"]
    assert seen["Black"].startswith("Black: deploy with `deploy B") and " S`" in seen["Black"]


def test_the_board_in_discord_is_one_fixed_width_block() -> None:
    t = Table(RandomDice(1), discord=True)
    assert t.run("game new chess28 last-standing").ok
    text = t.run("board", Player.WHITE).text
    assert text.startswith("```\n8 ") and text.count("```") == 2, text[:40]
    assert "\n   a   b   c" in text
    black = t.run("board", Player.BLACK).text
    assert black.startswith("```\n1 ") and "\n   h   g   f" in black, black[:40]


def test_a_gambit_card_in_a_window_may_be_played_with_gambit_as_with_choose() -> None:
    """In a window a card is an answer to the open decision: `gambit Iron Skin` plays it as
    `choose Iron Skin` does (players need not know which of the two the moment wants)."""
    from rules.chess28 import actions as A
    from rules.chess28 import cards as G
    from tests.chess28.helpers import PLAIN, B, W, act, position, sq

    step = "Step; move ^/A; attack x/A; fight 2; defence 1; hp 3"
    s = position(
        [(PLAIN, "d4", "N")],
        [(step, "d5", "S"), (PLAIN, "h8", "S")],
        hands=((G.IRON_SKIN,), ()),
        dead={W: [PLAIN]},
        to_act=B,
    )
    s, _ = act(s, A.Melee("B1", sq("d4")), [4, 1])
    assert s.pending is not None and s.pending.kind == "defence_window"
    t = Table(RandomDice(1), s, "chess28")
    r = t.run("gambit iron skin")
    assert r.ok, r.text
    assert t.rules.history(t.state)[-1].action == A.Choose("Iron Skin")


def test_the_status_names_the_turn_limit_and_where_each_chest_is() -> None:
    t = Table(RandomDice(3))
    assert t.run("game new chess28 pinata").ok
    while t.state.phase is not Phase.PLAY:
        assert t.run("1").ok
    status = t.run("status").text
    assert f"Turn 1 of {t.state.config.turn_limit}:" in status, status
    for p in Player:
        chest = t.state.chest_of(p)
        assert f"chest on {chest.where} (3/3 HP)" in status, status


def test_the_text_board_says_which_marks_are_chests() -> None:
    """The text board's chest marks (`w$3`: White's chest, 3 HP) are told from models' keys
    and explained under the board, a chest under a model too (walkthroughs took `$W3` for the
    model W3, and missed a chest a model stood on)."""
    t = Table(RandomDice(2))
    assert t.run("game new chess28 pinata").ok
    while t.state.phase in (Phase.MODE, Phase.FIRST_PLAYER, Phase.CHESTS):
        assert t.run("1").ok
    text = t.run("board").text
    assert " w$3 " in text and " b$3 " in text, text  # (W3 and B3 are models' keys)
    assert "Chests: b$3 on " in text and ": Black's Treasure Chest, 3 HP left; w$3 on " in text
    plain = Table(RandomDice(2))
    assert plain.run("game new chess28 last-standing").ok
    assert "Chests:" not in plain.run("board").text


def test_moving_an_enemy_model_says_whose_it_is() -> None:
    """`/chess28 move unit:B4 square:e5` without a facing answered "cannot move to e5", as if
    the Move Chart were the trouble; `shoot` and `melee` said whose model it is."""
    import pytest

    from bot.chess28 import commands as C
    from bot.chess28.table import _action
    from rules.core.errors import RulesError
    from tests.chess28.helpers import PLAIN, B, W, position, sq

    s = position([(PLAIN, "d2", "N")], [(PLAIN, "d7", "S")])
    for charge in (False, True):
        with pytest.raises(RulesError, match=r"B1 .* is not White's model"):
            _action(s, C.Move("B1", sq("d6"), None, charge), W)
    with pytest.raises(RulesError, match="say which way B1 Plain faces"):  # its owner's move
        _action(s, C.Move("B1", sq("d6"), None), B)


def test_a_shot_in_the_choices_names_its_target_square() -> None:
    """The shot menu read "Ranged Attack towards f", which reads like the f-file: it names
    the target's square too."""
    from bot.chess28.text import describe_action
    from tests.chess28.helpers import PLAIN, position

    bow = "Bow; move ^/A; attack x/A; fight 1; defence 2; hp 2; shoot f range 6 strength 4"
    s = position([(bow, "d2", "N")], [(PLAIN, "d7", "S")])
    text = describe_action(s, A.Shoot("W1", "f"))
    assert text.startswith("W1 Bow: Ranged Attack towards f at d7"), text


def test_a_chest_under_a_model_is_still_in_the_legend() -> None:
    from bot.chess28.text import board_text
    from rules.chess28.state import Mode as M
    from tests.chess28.helpers import PLAIN, B, W, position

    s = position(
        [(PLAIN, "e1", "N")],
        [(PLAIN, "d7", "S")],
        chests={W: "e1", B: "d8"},
        mode=M.PINATA,
    )
    text = board_text(s, W)
    assert "w$3 on e1: White's Treasure Chest, 3 HP left, under W1" in text, text
    assert "b$3 on d8: Black's Treasure Chest, 3 HP left; w$3" in text
