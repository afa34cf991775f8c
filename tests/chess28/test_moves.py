"""Moving: charts oriented to facing (● freely), unoccupied destinations with a valid path,
⏩ slides, pivots, Perilous terrain, Leap and Incorporeal, Shove, Dig."""

from __future__ import annotations

import pytest

from rules.chess28 import actions as A
from rules.chess28.charts import Facing
from rules.chess28.engine import legal_actions
from rules.chess28.moving import destinations, has_path
from rules.core.errors import IllegalAction
from tests.chess28.helpers import PLAIN, act, position, sq

STEP = "Step; move ^/A; attack x/A; fight 1; defence 1; hp 2"
KNIGHT = "Jumper; move .o.o./o...o/..A..; attack x/A; fight 1; defence 1; hp 2"
ROOK = "Outrider"
TURNER = "Turner; move .^./<A>/.v.; attack x/A; fight 1; defence 1; hp 2"


def dests(state, key="W1"):  # type: ignore[no-untyped-def]
    return destinations(state, state.unit(key))


def test_a_triangle_chart_turns_with_the_models_facing() -> None:
    for facing, square in (("N", "d5"), ("E", "e4"), ("S", "d3"), ("W", "c4")):
        s = position([(STEP, "d4", facing)], [(PLAIN, "h8", "S")])
        assert list(dests(s)) == [sq(square)]


def test_a_circle_heart_may_be_oriented_any_way_and_arrows_pivot_with_it() -> None:
    s = position([("Wisp", "d4", "N")], [(PLAIN, "h8", "S")])
    d = dests(s)
    assert d == {
        sq("d5"): (Facing.N,),
        sq("e4"): (Facing.E,),
        sq("d3"): (Facing.S,),
        sq("c4"): (Facing.W,),
    }


def test_hollow_arrows_force_the_facing_and_a_hollow_circle_frees_it() -> None:
    s = position([(TURNER, "d4", "N")], [(PLAIN, "h8", "S")])
    assert dests(s) == {
        sq("c4"): (Facing.W,),
        sq("e4"): (Facing.E,),
        sq("d5"): (Facing.N,),
        sq("d3"): (Facing.S,),
    }
    s = position([(KNIGHT, "d4", "N")], [(PLAIN, "h8", "S")])
    assert all(fs == tuple(Facing) for fs in dests(s).values())
    with pytest.raises(IllegalAction, match="must face W"):
        act(position([(TURNER, "d4", "N")], [(PLAIN, "h8", "S")]), A.Move("W1", sq("c4"), "E"))


def test_the_destination_must_be_unoccupied_and_on_the_board() -> None:
    s = position([(STEP, "d4", "N"), (PLAIN, "d5", "N")], [(PLAIN, "h8", "S")])
    assert dests(s) == {}
    s = position([(STEP, "d8", "N")], [(PLAIN, "h1", "S")])
    assert dests(s) == {}
    s = position([(STEP, "d4", "N")], [(PLAIN, "h8", "S")], terrain=[("blocking", "d5")])
    assert dests(s) == {}


def test_a_path_goes_through_friends_but_not_enemies_or_blocking_terrain() -> None:
    two = "Two; move ^/./A; attack x/A; fight 1; defence 1; hp 2"
    friend = position([(two, "d4", "N"), (PLAIN, "d5", "N")], [(PLAIN, "h8", "S")])
    assert sq("d6") in dests(friend)
    # A shortest path to d6 passes c5, d5 or e5: one free of enemies and pillars is enough.
    enemy = position([(two, "d4", "N")], [(PLAIN, "d5", "S")])
    assert sq("d6") in dests(enemy)
    enemies = position([(two, "d4", "N")], [(PLAIN, s, "S") for s in ("c5", "d5", "e5")])
    assert sq("d6") not in dests(enemies)
    walls = [("blocking", s) for s in ("c5", "d5")]
    pillars = position([(two, "d4", "N")], [(PLAIN, "e5", "S")], terrain=walls)
    assert sq("d6") not in dests(pillars)
    # A knight-like jump has two shortest paths: one clear path is enough.
    s = position([(KNIGHT, "d4", "N")], [(PLAIN, "c5", "S")])
    assert has_path(s, s.unit("W1"), sq("c6")) and sq("c6") in dests(s)
    s = position([(KNIGHT, "d4", "N")], [(PLAIN, "c5", "S"), (PLAIN, "d5", "S")])
    assert sq("c6") not in dests(s)


def test_leap_and_incorporeal_ignore_what_is_in_the_way() -> None:
    s = position([("Vaulter", "d4", "N")], [(PLAIN, "c5", "S"), (PLAIN, "d5", "S")])
    assert sq("c6") in dests(s)
    ghost = "Ghost; move ^/./A; attack x/A; fight 1; defence 1; hp 2; incorporeal"
    s = position([(ghost, "d4", "N")], [(PLAIN, "d5", "S")])
    assert sq("d6") in dests(s)
    # Enemies may move through an Incorporeal model.
    two = "Two; move ^/./A; attack x/A; fight 1; defence 1; hp 2"
    s = position([(two, "d4", "N")], [(ghost, "d5", "S")])
    assert sq("d6") in dests(s)


def test_fast_forward_slides_until_blocked_and_keeps_the_facing() -> None:
    s = position([(ROOK, "a1", "N")], [(PLAIN, "a6", "S")], terrain=[("blocking", "d1")])
    d = dests(s)
    assert [x for x in d if x.file == 0] == [sq("a2"), sq("a3"), sq("a4"), sq("a5")]
    assert [x for x in d if x.rank == 0] == [sq("b1"), sq("c1")]
    assert all(fs == (Facing.N,) for fs in d.values())


def test_a_move_changes_square_and_facing_and_perilous_terrain_wounds() -> None:
    s = position([(TURNER, "d4", "N")], [(PLAIN, "h8", "S")], terrain=[("perilous", "e4")])
    s, events = act(s, A.Move("W1", sq("e4"), "E"))
    u = s.unit("W1")
    assert (u.square, u.facing, u.wounds) == (sq("e4"), Facing.E, 1)
    assert "Perilous" in "\n".join(e.text for e in events)


def test_shove_moves_moveable_terrain_from_on_or_beside_the_model() -> None:
    s = position([(STEP, "d4", "N")], [(PLAIN, "h8", "S")], terrain=[("moveable", "e5")])
    s2, _ = act(s, A.Shove("W1", sq("e5"), sq("f6")))
    assert s2.terrain_at(sq("f6")) is not None and s2.terrain_at(sq("e5")) is None
    far = position([(STEP, "d4", "N")], [(PLAIN, "h8", "S")], terrain=[("moveable", "f6")])
    with pytest.raises(IllegalAction, match="cannot Shove"):
        act(far, A.Shove("W1", sq("f6"), sq("f7")))


def test_dig_leaves_play_and_comes_back_on_an_edge_on_a_later_turn() -> None:
    s = position([("Sapper", "d4", "N"), (PLAIN, "a1", "N")], [(PLAIN, "h8", "S")])
    s, _ = act(s, A.Dig("W1"))
    assert s.unit("W1").square is None and s.unit("W1").zone.value == "dug in"
    assert not any(isinstance(a, A.Emerge) for a in legal_actions(s))
    s, _ = act(s, A.EndTurn())
    s, _ = act(s, A.EndTurn())
    with pytest.raises(IllegalAction, match="edge square"):
        act(s, A.Emerge("W1", sq("h8"), "S"))  # the enemy's back rank
    with pytest.raises(IllegalAction):
        act(s, A.Emerge("W1", sq("d4"), "S"))  # not an edge
    s, _ = act(s, A.Emerge("W1", sq("a5"), "E"))
    assert s.unit("W1").square == sq("a5") and s.unit("W1").activated


def test_leap_still_needs_an_unoccupied_destination() -> None:
    s = position([("Vaulter", "d4", "N"), (PLAIN, "c6", "N")], [(PLAIN, "e6", "S")])
    d = dests(s)
    assert sq("c6") not in d and sq("e6") not in d and sq("b5") in d


def test_a_refused_move_says_which_of_its_reasons_holds() -> None:
    """Taken square, off the Move Chart, or a way blocked: the refusal names the one that
    holds (before, one message listed all three)."""
    from rules.chess28.engine import why_not

    s = position(
        [("Outrider", "d4", "N")],  # on along its front and sides (*): d5, d6, ...
        [("Duelist", "d6", "S")],
        terrain=[("blocking", "e5")],
    )

    def refused(square: str) -> str:
        return why_not(s, A.Move("W1", sq(square), Facing.N))

    assert refused("d6") == "W1 Outrider cannot move to d6: B1 Duelist stands there"
    assert refused("d7") == (
        "W1 Outrider cannot move to d7: the way there is blocked (by a model or Blocking terrain)"
    )
    assert refused("d3") == (
        "W1 Outrider cannot move to d3: it is not on its Move Chart, facing N from d4"
    )
    assert refused("e5") == "W1 Outrider cannot move to e5: Blocking terrain stands there"
    assert refused("d4") == "W1 Outrider cannot move to d4: it stands there already"
