"""Chess28 rules revision 5 (2026-11-28, from a read of the rulebook against the engine):
Dash adds its straight lines to the Move Chart ("may"), a Fancy Footwork Move uses a waiting
Dash, a Dead model waiting for its Last Gasp does not win the game for its side, and the exact
odds count the wound of a Push Back with no room. Each test checks the rule in a new game and,
where a saved game keeps the old rule, the old one too (ruling C28-29). Chill Grasp's reading
is in test_combat.py."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.chess28 import text as T
from rules.chess28 import actions as A
from rules.chess28 import cards as G
from rules.chess28.moving import destinations
from rules.chess28.odds import action_odds
from rules.chess28.state import Zone
from rules.core.errors import IllegalAction
from tests.chess28.helpers import PLAIN, B, W, act, choose, options, position, sq

TOUGH = "Tough; move ^/A; attack x/A; fight 1; defence 1; hp 5"
ONE = "One; move ^/A; attack x/A; fight 2; defence 0; hp 1"


def revision(s, n):  # type: ignore[no-untyped-def]
    return replace(s, config=replace(s.config, revision=n))


def test_dash_may_be_used_or_not() -> None:
    """Dash "may" move any number of squares in any one direction: the Move Chart stays, the
    straight lines are added (before revision 5 they replaced it)."""
    s = position(
        [("Vaulter", "d4", "N")], [(PLAIN, "h8", "S")], hands=((G.DASH,), ()), dead={W: [PLAIN]}
    )
    chart = destinations(s, s.unit("W1"))
    assert sq("c6") in chart and sq("d8") not in chart  # (a Vaulter jumps; no long line)
    dashed, _ = act(s, A.PlayGambit(G.DASH, "W1"))
    now = destinations(dashed, dashed.unit("W1"))
    assert sq("c6") in now and sq("d8") in now and sq("a1") in now
    assert all(f in now[sq("c6")] for f in chart[sq("c6")])  # the chart's facings kept
    old, _ = act(revision(s, 4), A.PlayGambit(G.DASH, "W1"))
    assert sq("c6") not in destinations(old, old.unit("W1"))
    # A square neither on the chart nor on a line: the refusal names both.
    with pytest.raises(IllegalAction, match="nor along a straight line"):
        act(dashed, A.Move("W1", sq("e7"), "N"))


def test_a_fancy_footwork_move_uses_the_waiting_dash() -> None:
    """The free Move of Fancy Footwork is a Move: a Dash waiting for the next Move is used by
    it (it was used and kept: the card worked twice)."""
    s = position(
        [("Duelist", "d4", "N")],
        [(TOUGH, "e5", "S"), (PLAIN, "h8", "S")],
        hands=((G.DASH,), ()),
        dead={W: [PLAIN]},
    )
    s, _ = act(s, A.PlayGambit(G.DASH, "W1"))
    s, _ = act(s, A.Melee("W1", sq("e5")), [4, 1, 1, 1, 1])
    s = choose(s, "f6")  # where the push sends it
    assert "d7 N" in options(s)  # the free Move may dash
    after = choose(s, "d7 N")
    assert after.unit("W1").square == sq("d7") and not after.unit("W1").dash
    old = choose(revision(s, 4), "d7 N")
    assert old.unit("W1").dash  # (a game made before keeps its rule)


def test_a_dead_model_waiting_for_its_last_gasp_wins_nothing() -> None:
    """B1 is slain; its Last Gasp attack slays W1, the last White model. Both are Dead: no
    side has a model left, a draw (ruling C28-8). Black was declared the winner while B1,
    Dead, still waited on the board to be removed."""
    s = position(
        [(ONE, "d4", "N")], [(ONE, "d5", "S")], hands=((), (G.LAST_GASP,)), dead={B: [ONE]}
    )
    s, _ = act(s, A.Melee("W1", sq("d5")), [4, 1])
    s = choose(s, "roll")
    s = choose(s, "take the wounds")
    s = choose(s, "Last Gasp")
    end = choose(s, "d4", [4, 1])
    assert end.winner is None and end.reason == "no models are left on either side", end.reason
    assert end.unit("W1").zone is Zone.DEAD and end.unit("B1").zone is Zone.DEAD
    old = choose(revision(s, 4), "d4", [4, 1])
    assert old.winner is B


def test_the_odds_count_the_wound_of_a_push_with_no_room() -> None:
    """A hit model with nowhere to be Pushed Back takes a wound: a 1-HP model is slain by any
    hit, saved or not. The odds said 63.9% (the unsaved hits alone); any hit is 75%."""
    wall = "Wall; move ^/A; attack .x./.A.; fight 0; defence 0; hp 1"
    s = position(
        [("F; move ^/A; attack x/A; fight 2; defence 1; hp 2", "d4", "N")],
        [("One; move ^/A; attack x/A; fight 0; defence 1; hp 1", "d5", "S")]
        + [(wall, f"{f}6", "N") for f in "cde"],
    )
    melee = A.Melee("W1", sq("d5"))
    odds = action_odds(s, melee)
    assert odds is not None and odds["kill"] == 1 - (1 / 2) ** 2
    assert "kill 75.0%" in T.describe_action(s, melee)
    after, _ = act(s, melee, [4, 1, 5])  # one hit, saved: slain all the same
    assert after.unit("B1").zone is Zone.DEAD
    # With a free square behind it, only unsaved hits wound.
    open_ = position(
        [("F; move ^/A; attack x/A; fight 2; defence 1; hp 2", "d4", "N")],
        [("One; move ^/A; attack x/A; fight 0; defence 1; hp 1", "d5", "S")],
    )
    kill = action_odds(open_, melee)
    assert kill is not None and kill["kill"] < odds["kill"]


def test_refresh_and_coming_up_say_the_activations_are_used() -> None:
    s = position(
        [(PLAIN, "d4", "N"), ("Sapper", "b1", "N")],
        [(PLAIN, "h8", "S")],
        hands=((G.HASTE,), ()),
        dead={W: [PLAIN, PLAIN]},
    )
    s = s.with_unit(replace(s.unit("W3"), zone=Zone.DRAINED))
    s = s.with_unit(replace(s.unit("W2"), zone=Zone.DUG, square=None, dug_turn=0))
    s = replace(s, activations=3)
    for a in (A.Refresh("W3"), A.Emerge("W2", sq("a4"), "N")):
        with pytest.raises(IllegalAction, match="used all 3 activations"):
            act(s, a)


def test_a_dead_model_wounded_again_before_its_removal_still_ends_the_game() -> None:
    """B1 is slain and makes its Last Gasp; the push sends W1 back, and B1's Barge takes it
    onto Perilous terrain, a second wound on a model already Dead: a second removal waits
    behind the first. With no Black model left, White wins (a review found the game going on
    with no winner: the judging waited for a removal whose model was already gone)."""
    tough = "Tough; move ^/A; attack x/A; fight 2; defence 0; hp 5"
    barger = "Lgb; move ^/A; attack x/A; fight 2; defence 0; hp 1; barge"
    s = position(
        [(tough, "d4", "N")],
        [(barger, "d5", "S")],
        hands=((), (G.LAST_GASP,)),
        dead={B: [barger]},
        terrain=[("perilous", "d4")],
    )
    s, _ = act(s, A.Melee("W1", sq("d5")), [4, 1])
    for _ in range(12):
        if s.pending is None:
            break
        opts = options(s)
        if "Last Gasp" in opts:
            s = choose(s, "Last Gasp")
        elif "take the wounds" in opts:
            s = choose(s, "take the wounds")
        elif "barge d4" in opts:
            s = choose(s, "barge d4")
        elif "d4" in opts:
            s = choose(s, "d4", [4, 1])
        elif "d3" in opts:
            s = choose(s, "d3")
        else:
            s = choose(s, opts[0])
    assert s.unit("B1").zone is Zone.DEAD
    assert s.winner is W and s.reason == "Black has no models left", (s.winner, s.reason)


def test_the_odds_by_numbers_follow_the_games_reading_of_chill_grasp() -> None:
    """`odds 2 2 chill`: in a new game (and with no game) every hit of an attack that rolled
    a 6 gets through; in a game made before revision 5, only each 6's two hits (C28-21)."""
    from bot.table import Table
    from rules.core.dice import RandomDice

    t = Table(RandomDice(1), system="chess28")
    alone = t.run("odds 2 2 chill")
    assert alone.ok and "3 wounds: 11.1%" in alone.text, alone.text
    assert t.run("game new chess28").ok
    assert t.run("odds 2 2 chill").text == alone.text
    t.state = revision(t.state, 4)
    before = t.run("odds 2 2 chill")
    assert before.ok and "3 wounds: 4.9%" in before.text, before.text
