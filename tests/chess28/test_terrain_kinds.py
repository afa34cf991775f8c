"""Terrain of several kinds at once (ruling C28-11: "Blocking, Perilous and/or Moveable"),
from rules revision 4: each kind's rule holds for the piece, and games made before keep their
one-kind placements."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.chess28.render import SQ, TERRAIN_FILL, _xy, draw_board, scene_of
from bot.chess28.text import board_text, describe_action, prompt, status_text
from bot.table import Table
from rules.chess28 import actions as A
from rules.chess28.combat import shoot_targets
from rules.chess28.engine import legal_actions
from rules.chess28.moving import destinations
from rules.chess28.state import PLACEABLE_KINDS, Phase
from rules.chess28.system import SYSTEM
from rules.core.dice import RandomDice
from rules.core.errors import IllegalAction
from tests.chess28.helpers import PLAIN, W, act, position, sq, texts

SHUFFLE = [1] * 15  # the Fisher-Yates rolls of the 16-card deck
STEP = "Step; move ^/A; attack x/A; fight 1; defence 1; hp 2"
ROOK = "Outrider"
BOW = "Bow; move ^/A; attack x/A; fight 1; defence 1; hp 2; shoot f range 6 strength 3"


def terrain_phase(revision: int | None = None):  # type: ignore[no-untyped-def]
    """A last-standing game at its terrain step, White first, one small piece each; made under
    ``revision`` when given (an older game), else the current rules."""
    s = SYSTEM.new_game({"mode": "last-standing"})
    if revision is not None:
        s = replace(s, config=replace(s.config, revision=revision))
    s, _ = act(s, A.RollOff(), [*SHUFFLE, 6, 1, 2])
    assert s.phase is Phase.TERRAIN and s.to_act is W and s.terrain_left == (1, 1)
    return s


def kinds_offered(s) -> set[str]:  # type: ignore[no-untyped-def]
    return {a.kind for a in legal_actions(s) if isinstance(a, A.PlaceTerrain)}


def test_a_piece_may_be_of_several_kinds() -> None:
    s = terrain_phase()
    assert kinds_offered(s) == set(PLACEABLE_KINDS) and len(PLACEABLE_KINDS) == 7
    s, ev = act(s, A.PlaceTerrain("blocking+moveable", sq("d4")))
    assert "White places small blocking and moveable terrain on d4." in texts(ev)
    piece = s.terrain_at(sq("d4"))
    assert piece is not None and piece.blocks and piece.moveable and not piece.perilous
    s, ev = act(s, A.PlaceTerrain("blocking+perilous+moveable", sq("e5")))
    assert "small blocking, perilous and moveable terrain on e5" in texts(ev)
    assert s.phase is Phase.DEPLOY
    assert "small blocking and moveable terrain on d4" in status_text(s)
    board = board_text(s, None)
    assert "#] " in board and "#~]" in board, board


def test_the_commands_offer_the_kinds_the_rules_place() -> None:
    from bot.chess28.commands import TerrainChoice

    assert [c.value for c in TerrainChoice] == list(PLACEABLE_KINDS)
    assert TerrainChoice("blocking+perilous+moveable").label == "Blocking, Perilous and Moveable"


def test_a_game_made_before_keeps_one_kind_a_piece() -> None:
    s = terrain_phase(revision=3)
    assert kinds_offered(s) == {"blocking", "perilous", "moveable"}
    with pytest.raises(IllegalAction, match="made under earlier rules, where each terrain"):
        act(s, A.PlaceTerrain("blocking+moveable", sq("d4")))
    with pytest.raises(IllegalAction, match=r"terrain is blocking, perilous or moveable$"):
        act(s, A.PlaceTerrain("lava", sq("d4")))
    assert "several" not in prompt(s) and "several" not in prompt(s, discord=True)
    assert "several joined by +" in prompt(terrain_phase())
    assert "several at once" in prompt(terrain_phase(), discord=True)
    # The new rules refuse a kind written out of order, or twice, and say how to write it.
    for wrong in ("moveable+blocking", "blocking+blocking", "lava"):
        with pytest.raises(IllegalAction, match=r"several of them joined by \+"):
            act(terrain_phase(), A.PlaceTerrain(wrong, sq("d4")))


def test_blocking_and_moveable_terrain_blocks_and_is_shoved_but_never_onto_a_model() -> None:
    crate = [("blocking+moveable", "d4")]
    s = position([(ROOK, "d3", "N")], [(PLAIN, "h8", "S")], terrain=crate)
    assert sq("d4") not in destinations(s, s.unit("W1")), "Blocking: no model enters it"
    assert sq("d5") not in destinations(s, s.unit("W1")), "nor passes it"
    s = position([(BOW, "d2", "N")], [(PLAIN, "d7", "S")], terrain=crate)
    assert shoot_targets(s, s.unit("W1")) == {}, "Blocking: it stops the shot"
    s = position([(STEP, "c3", "N")], [(PLAIN, "e5", "S")], terrain=crate)
    shoves = {a.square for a in legal_actions(s) if isinstance(a, A.Shove)}
    assert sq("d5") in shoves, "Moveable: it may be shoved"
    assert sq("e5") not in shoves, "never onto a model, since it is Blocking"
    with pytest.raises(IllegalAction, match="off other terrain and off models"):
        act(s, A.Shove("W1", sq("d4"), sq("e5")))
    s2, ev = act(s, A.Shove("W1", sq("d4"), sq("d5")))
    assert s2.terrain_at(sq("d5")) is not None and s2.terrain_at(sq("d4")) is None
    assert "shoves the small blocking and moveable terrain from d4 to d5" in texts(ev)
    # Moveable terrain alone may share a square with a model, so it may be shoved onto one.
    plain = position([(STEP, "c3", "N")], [(PLAIN, "e5", "S")], terrain=[("moveable", "d4")])
    assert sq("e5") in {a.square for a in legal_actions(plain) if isinstance(a, A.Shove)}


def test_perilous_and_moveable_terrain_wounds_a_model_moving_on_and_is_shoved() -> None:
    fire = [("perilous+moveable", "d4")]
    s = position([(PLAIN, "d3", "N")], [(PLAIN, "h8", "S")], terrain=fire)
    s2, ev = act(s, A.Move("W1", sq("d4"), "N"))
    assert s2.unit("W1").wounds == 1 and "Perilous" in texts(ev)
    s = position([(STEP, "c3", "N")], [(PLAIN, "e5", "S")], terrain=fire)
    s2, ev = act(s, A.Shove("W1", sq("d4"), sq("e5")))
    assert s2.terrain_at(sq("e5")) is not None
    assert s2.unit("B1").wounds == 0, (
        "shoved onto a model, it wounds no one: the model did not move"
    )


def test_a_piece_of_all_three_kinds_is_labelled_within_its_square() -> None:
    s = position(
        [(PLAIN, "a1", "N")], [(PLAIN, "h8", "S")], terrain=[("blocking+perilous+moveable", "d4")]
    )
    img = draw_board(scene_of(s, None)).convert("RGB")
    left, top = _xy(False, 3, 3)
    white = (255, 255, 255)
    label_row = [img.getpixel((left + x, top + SQ - 10)) for x in range(SQ)]
    assert white in label_row, "a label is drawn"
    assert white not in label_row[:5] + label_row[-5:], "and it stays inside the piece"


def test_the_picture_shows_each_kind_of_a_piece() -> None:
    s = position([(PLAIN, "a1", "N")], [(PLAIN, "h8", "S")], terrain=[("blocking+moveable", "d4")])
    sc = scene_of(s, None)
    assert (3, 3, "blocking+moveable", 0, "") in sc.terrain
    img = draw_board(sc).convert("RGB")
    left, top = _xy(False, 3, 3)
    assert img.getpixel((left + 5, top + 8)) == TERRAIN_FILL["blocking"], "a band of each kind"
    assert img.getpixel((left + 5, top + SQ - 22)) == TERRAIN_FILL["moveable"]
    single = draw_board(
        scene_of(
            position([(PLAIN, "a1", "N")], [(PLAIN, "h8", "S")], terrain=[("blocking", "d4")]), None
        )
    ).convert("RGB")
    assert single.getpixel((left + 5, top + SQ - 22)) == TERRAIN_FILL["blocking"]


def test_the_console_reads_several_kinds_in_any_order() -> None:
    t = next(
        t
        for seed in range(100)
        if (t := Table(RandomDice(seed))).run("game new chess28 last-standing").ok
        and t.run("roll").ok
        and t.state.terrain_left == (1, 1)
    )
    r = t.run("terrain moveable+lava d4")
    assert not r.ok and "several joined by +" in r.text and t.state.terrain == (), r.text
    r = t.run("terrain moveable + blocking d4")  # (spaces around the + are allowed)
    assert r.ok and "small blocking and moveable terrain on d4" in r.text, r.text
    a = A.PlaceTerrain("blocking+perilous+moveable", sq("e5"), sq("f5"))
    said = describe_action(t.state, a)
    assert said == "Place large blocking, perilous and moveable terrain on e5 and f5", said
    assert "terrain blocking+moveable d4" in t.run("help").text
