"""Large terrain (ruling C28-11): a large piece covers two squares side by side, each player
places as many large pieces as small ones, and every terrain rule applies on both squares."""

from __future__ import annotations

import pytest

from bot.chess28.render import SQ, TERRAIN_FILL, _xy, draw_board, scene_of
from bot.chess28.text import describe_action, status_text
from rules.chess28 import actions as A
from rules.chess28.combat import shoot_targets
from rules.chess28.engine import legal_actions
from rules.chess28.moving import destinations, shove_named
from rules.chess28.state import RULES_REVISION, Phase
from rules.chess28.system import SYSTEM
from rules.core.errors import IllegalAction
from tests.chess28.helpers import PLAIN, B, W, act, position, sq, texts

SHUFFLE = [1] * 15  # the Fisher-Yates rolls of the 16-card deck
STEP = "Step; move ^/A; attack x/A; fight 1; defence 1; hp 2"
ROOK = "Outrider"


def terrain_phase(count: int):  # type: ignore[no-untyped-def]
    """A last-standing game at its terrain step, White first, ``count`` pieces each."""
    s, _ = act(SYSTEM.new_game({"mode": "last-standing"}), A.RollOff(), [*SHUFFLE, 6, 1, count + 1])
    assert s.phase is Phase.TERRAIN and s.to_act is W and s.terrain_left == (count, count)
    return s


def places(s):  # type: ignore[no-untyped-def]
    acts = [a for a in legal_actions(s) if isinstance(a, A.PlaceTerrain)]
    return {a.extra is not None for a in acts}, acts


def test_two_pieces_each_are_one_large_and_one_small() -> None:
    s = terrain_phase(2)
    sizes, acts = places(s)
    assert sizes == {False, True}, "either first"
    for a in acts:
        if a.extra is not None:
            assert (a.extra.file - a.square.file, a.extra.rank - a.square.rank) in ((1, 0), (0, 1))
            assert {a.square.rank, a.extra.rank} <= {2, 3, 4, 5}, "outside both back two ranks"
    s, ev = act(s, A.PlaceTerrain("blocking", sq("d4"), sq("e4")))
    assert "large blocking terrain on d4 and e4" in texts(ev)
    assert s.terrain_at(sq("d4")) is s.terrain_at(sq("e4")) is not None
    s, _ = act(s, A.PlaceTerrain("perilous", sq("c5")))  # Black's small one first
    assert places(s)[0] == {False}, "White has placed its large piece: a small one is left"
    with pytest.raises(IllegalAction, match="now is a small one"):
        act(s, A.PlaceTerrain("moveable", sq("a4"), sq("b4")))
    s, _ = act(s, A.PlaceTerrain("moveable", sq("a4")))
    assert places(s)[0] == {True}, "Black's large piece is left"
    with pytest.raises(IllegalAction, match="now is a large one"):
        act(s, A.PlaceTerrain("moveable", sq("g4")))
    with pytest.raises(IllegalAction, match="not free for terrain"):
        act(s, A.PlaceTerrain("moveable", sq("d4"), sq("d5")))  # d4 holds terrain
    with pytest.raises(IllegalAction, match="side by side"):
        act(s, A.PlaceTerrain("moveable", sq("f4"), sq("h4")))
    s, _ = act(s, A.PlaceTerrain("moveable", sq("g5"), sq("g6")))
    assert s.phase is Phase.DEPLOY
    assert sorted(t.large for t in s.terrain) == [False, False, True, True]


def test_one_piece_each_is_the_size_the_first_player_chose() -> None:
    for large in (False, True):
        s = terrain_phase(1)
        assert places(s)[0] == {False, True}, "the First Player chooses the size"
        assert "Black: 1, the size White picks" in status_text(s)
        extra = sq("e4") if large else None
        s, _ = act(s, A.PlaceTerrain("blocking", sq("d4"), extra))
        assert s.to_act is B and places(s)[0] == {large}, "the other player's is the same size"
        assert ("1 large" if large else "1 small") in status_text(s)


def test_large_blocking_terrain_blocks_paths_and_shots_on_both_squares() -> None:
    bow = "Bow; move ^/A; attack x/A; fight 1; defence 1; hp 2; shoot f range 6 strength 3"
    wall = [("blocking", "c5 d5")]
    s = position([(bow, "d2", "N")], [(PLAIN, "d7", "S")], terrain=wall)
    assert shoot_targets(s, s.unit("W1")) == {}, "the shot stops at the wall's second square"
    s = position([(bow, "c2", "N")], [(PLAIN, "c7", "S")], terrain=wall)
    assert shoot_targets(s, s.unit("W1")) == {}, "and at its first"
    s = position([(ROOK, "d3", "N")], [(PLAIN, "h8", "S")], terrain=wall)
    reach = destinations(s, s.unit("W1"))
    assert sq("d4") in reach and sq("d5") not in reach and sq("d6") not in reach


def test_large_perilous_terrain_wounds_on_either_square() -> None:
    for target in ("d5", "e5"):
        s = position([(PLAIN, "d4", "N")], [(PLAIN, "h8", "S")], terrain=[("perilous", "d5 e5")])
        s, ev = act(s, A.Move("W1", sq(target), "N"))
        assert s.unit("W1").wounds == 1 and "Perilous" in texts(ev)


def test_a_large_moveable_piece_is_shoved_whole_from_beside_either_square() -> None:
    s = position([(STEP, "f3", "N")], [(PLAIN, "h8", "S")], terrain=[("moveable", "d4 e4")])
    shoves = {(a.terrain, a.square) for a in legal_actions(s) if isinstance(a, A.Shove)}
    assert (sq("d4"), sq("d5")) in shoves, "next to e4 only, it may still Shove the piece"
    assert all(t == sq("d4") for t, _ in shoves), "a piece is named by its first square"
    s2, ev = act(s, A.Shove("W1", sq("d4"), sq("d5")))
    assert s2.terrain_at(sq("d5")) is s2.terrain_at(sq("e5")) is not None
    assert s2.terrain_at(sq("d4")) is None and s2.terrain_at(sq("e4")) is None
    assert "from d4 and e4 to d5 and e5" in texts(ev)
    # Named by its second square, the same Shove.
    assert shove_named(s, sq("e4"), sq("e5")) == (sq("d4"), sq("d5"))
    # Not onto other terrain, and not off the board.
    blocked = position(
        [(STEP, "f3", "N")],
        [(PLAIN, "h8", "S")],
        terrain=[("moveable", "d4 e4"), ("blocking", "c5")],
    )
    with pytest.raises(IllegalAction, match=r"cannot Shove .* that way"):
        act(blocked, A.Shove("W1", sq("d4"), sq("c5")))
    # Only the second square's new square holds terrain: still refused.
    second = position(
        [(STEP, "c3", "N")],
        [(PLAIN, "h8", "S")],
        terrain=[("moveable", "d4 e4"), ("perilous", "f5")],
    )
    with pytest.raises(IllegalAction, match="that way"):
        act(second, A.Shove("W1", sq("d4"), sq("e5")))
    assert act(second, A.Shove("W1", sq("d4"), sq("d5")))[0].terrain_at(sq("e5")) is not None
    with pytest.raises(IllegalAction, match="no terrain on b7"):
        act(second, A.Shove("W1", sq("b7"), sq("b6")))
    with pytest.raises(IllegalAction, match="not Moveable"):
        act(second, A.Shove("W1", sq("f5"), sq("f6")))
    edge = position([(STEP, "b3", "N")], [(PLAIN, "h8", "S")], terrain=[("moveable", "a4 a5")])
    moves = {a.square for a in legal_actions(edge) if isinstance(a, A.Shove)}
    assert moves == {sq(m) for m in ("a5", "a3", "b5", "b4", "b3")}, "never west, off the board"


def test_the_picture_and_the_words_show_a_large_piece_as_one() -> None:
    s = position([(PLAIN, "a1", "N")], [(PLAIN, "h8", "S")], terrain=[("blocking", "d4 d5")])
    sc = scene_of(s, None)
    assert (3, 3, "blocking", 0, "N") in sc.terrain and (3, 4, "blocking", 0, "S") in sc.terrain
    # Drawn joined on the side the squares meet, turned round in Black's view: in White's view
    # d4's top edge has no margin (its top row is the fill); in Black's its bottom edge.
    for view, (x, y) in ((None, (60, 0)), (B, (60, SQ - 1))):
        img = draw_board(scene_of(s, view)).convert("RGB")
        left, top = _xy(view is B, 3, 3)
        assert img.getpixel((left + x, top + y)) == TERRAIN_FILL["blocking"], view
    assert "large blocking terrain on d4 and d5" in status_text(s)
    a = A.PlaceTerrain("blocking", sq("d4"), sq("d5"))
    assert describe_action(s, a) == "Place large blocking terrain on d4 and d5"
    assert A.action_from_dict(a.to_dict()) == a
    old = {"type": "place_terrain", "kind": "perilous", "square": "c5"}  # a log from before
    assert A.action_from_dict(old) == A.PlaceTerrain("perilous", sq("c5"))


def test_warp_reality_never_splits_a_large_piece_across_the_wrapped_edge() -> None:
    s = position(
        [(STEP, "g3", "N")], [(PLAIN, "a8", "S")], terrain=[("moveable", "g4 h4")], warp=True
    )
    moves = {a.square for a in legal_actions(s) if isinstance(a, A.Shove)}
    assert sq("h4") not in moves, "east would put h4 onto a4, apart from g4's new square h4"
    assert sq("f4") in moves and sq("g5") in moves
    small = position(
        [(STEP, "g3", "N")], [(PLAIN, "a8", "S")], terrain=[("moveable", "h4")], warp=True
    )
    wraps = {a.square for a in legal_actions(small) if isinstance(a, A.Shove)}
    assert sq("a4") in wraps, "a small piece may cross the wrapped edge"


def test_a_game_saved_before_large_terrain_replays_with_small_pieces_only() -> None:
    old = SYSTEM.new_game({"mode": "last-standing"})
    s, _ = act(old, A.RollOff(), [*SHUFFLE, 6, 1, 3])  # two pieces each
    smalls = [A.PlaceTerrain("blocking", sq(w)) for w in ("a4", "b4", "c4", "d4")]
    with pytest.raises(IllegalAction, match="now is a large one"):
        for a in smalls:
            s, _ = act(s, a)
    # The same log in a file written before large terrain (no revision key): it replays.
    data = SYSTEM.to_dict(s)
    assert data["config"]["revision"] == RULES_REVISION
    del data["config"]["revision"]
    s1 = SYSTEM.from_dict(data)
    assert len(s1.terrain) == 2, "a4 and b4 were placed before the refusal"
    assert s1.config.revision == 1 and s1.small_left == (1, 1) and s1.large_left == (0, 0)
    for a in smalls[2:]:
        s1, _ = act(s1, a)
    assert s1.phase is Phase.DEPLOY and not any(t.large for t in s1.terrain)
    assert SYSTEM.loads(SYSTEM.dumps(s1)) == s1, "and keeps its revision when saved again"
