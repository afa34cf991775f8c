"""Pictures composed from cached tiles in a fixed palette (``bot.tiles``): each system's own
colours come out exactly, text lands where Pillow would draw it, the cache stays bounded, and
each system's picture puts each square's tile where that square is, from either side."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image, ImageDraw

from bot import tiles
from bot.card_game import render as CG
from bot.chess28 import render as C28
from bot.d20_chess import render as D20
from bot.systems import SYSTEMS
from bot.wargame_chess import render as WC
from rules.core.board import Player, Square
from rules.core.dice import RandomDice

PALETTES = {"wargame-chess": WC.PALETTE, "chess28": C28.PALETTE, "card-game": CG.PALETTE}
PALETTES["d20-chess"] = D20.PALETTE


def decoded(png: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(png))
    img.load()
    return img


@pytest.mark.parametrize("system", sorted(PALETTES))
def test_every_colour_a_system_names_is_in_its_palette_exactly(system: str) -> None:
    pal = PALETTES[system]
    flat = pal.image().getpalette() or []
    assert len(flat) == 3 * 256
    for colour in pal.colours:
        i = pal.ink(colour)
        assert tuple(flat[3 * i : 3 * i + 3]) == colour


@pytest.mark.parametrize("anchor", ["la", "lm", "mm", "rm"])
def test_text_lands_where_pillow_draws_it(anchor: str) -> None:
    pal = C28.PALETTE
    font = C28.font(13)
    want = Image.new("RGB", (240, 40), C28.FRAME)
    ImageDraw.Draw(want).text(
        (120, 20), "Turn 12 · play", font=font, fill=C28.STATUS, anchor=anchor
    )
    got = pal.frame((240, 40))
    pal.text(got, (120, 20), "Turn 12 · play", font, C28.STATUS, anchor=anchor)
    assert got.tobytes() == pal.to_palette(want).tobytes()
    assert got.getbbox() is not None


def test_the_tile_cache_drops_its_oldest_half_when_full(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tiles, "MAX_TILES", 8)
    pal = tiles.Palette([(0, 0, 0), (255, 255, 255)], (0, 0, 0))
    drawn: list[int] = []

    def square(n: int) -> Image.Image:
        drawn.append(n)
        return Image.new("RGB", (2, 2), (255, 255, 255))

    for n in range(20):
        pal.tile(n, square)
    assert len(pal._tiles) <= 8
    pal.tile(19, lambda n: square(99))
    assert 99 not in drawn, "the newest tile is still cached"
    pal.tile(0, square)
    assert drawn.count(0) == 2, "the oldest was dropped and drawn again"


def test_palette_png_decodes_to_the_same_indices_and_colours() -> None:
    pal = D20.PALETTE
    img = pal.frame((33, 17))
    ImageDraw.Draw(img).rectangle((3, 3, 20, 10), fill=pal.ink(D20.REVEALED))
    png = tiles.palette_png(img)
    back = decoded(png)
    assert back.mode == "P" and back.tobytes() == img.tobytes()
    assert back.convert("RGB").getpixel((5, 5)) == D20.REVEALED
    Image.open(io.BytesIO(png)).verify()  # chunk CRCs
    with pytest.raises(ValueError, match="'P' image"):
        tiles.palette_png(Image.new("RGB", (4, 4)))


def random_states(system: str, n: int, seed: int) -> list[object]:
    plugin = SYSTEMS[system]
    rng = random.Random(seed)
    made = list(plugin.ready_made.values())
    choices = {Player.WHITE: made[0], Player.BLACK: made[1 % len(made)]} if made else {}
    out: list[object] = []
    s = plugin.new_game(choices if plugin.choice_word else {}, {})
    dice = RandomDice(seed)
    while len(out) < n:
        acts = plugin.rules.legal_actions(s)
        if not acts:
            s = plugin.new_game(choices if plugin.choice_word else {}, {})
            continue
        s = plugin.rules.apply(s, rng.choice(acts), dice)[0]
        if rng.random() < 0.2:
            out.append(s)
    return out


@pytest.mark.parametrize("view", [Player.WHITE, Player.BLACK])
def test_chess28_models_sit_on_their_squares_from_either_side(view: Player) -> None:
    for s in random_states("chess28", 6, seed=3):
        scene = C28.scene_of(s, view)  # type: ignore[arg-type]
        img = decoded(C28.scene_png(scene)).convert("RGB")
        assert scene.units
        for f, r, _, owner, _, _, _, acted in scene.units:
            # a1 is bottom left for White, top right for Black
            col, row = (f, 7 - r) if view is Player.WHITE else (7 - f, r)
            x, y = C28.MARGIN + col * C28.SQ, C28.MARGIN + row * C28.SQ
            fill = C28._acted(C28.SIDE[owner]) if acted else C28.SIDE[owner]
            assert img.getpixel((x + 20, y + 20)) == fill, (f, r, view)


@pytest.mark.parametrize("view", [Player.WHITE, Player.BLACK])
def test_card_game_units_sit_on_their_squares_from_either_side(view: Player) -> None:
    seen = 0
    for s in random_states("card-game", 6, seed=4):
        scene = CG.scene_of(s, view)  # type: ignore[arg-type]
        img = decoded(CG.draw(scene)).convert("RGB")
        for u in scene.units:
            col, row = (u.file, 2 - u.rank) if view is Player.WHITE else (4 - u.file, u.rank)
            x, y = CG.MARGIN + col * CG.SQ_W, CG.PANEL + CG.MARGIN + row * CG.SQ_H
            assert img.getpixel((x + CG.SQ_W - 14, y + CG.SQ_H - 14)) == CG.UNIT[Player(u.owner)][0]
            seen += 1
        empty = {(f, r) for f in range(5) for r in range(3)} - {
            (u.file, u.rank) for u in scene.units
        }
        for f, r in empty:
            col, row = (f, 2 - r) if view is Player.WHITE else (4 - f, r)
            x, y = CG.MARGIN + col * CG.SQ_W, CG.PANEL + CG.MARGIN + row * CG.SQ_H
            assert img.getpixel((x + CG.SQ_W - 14, y + CG.SQ_H - 14)) == CG.ZONE[r]
    assert seen


@pytest.mark.parametrize("view", [Player.WHITE, Player.BLACK])
def test_d20_squares_show_fog_pieces_and_plain_ground_from_either_side(view: Player) -> None:
    def xy(file: int, rank: int) -> tuple[int, int]:
        col, row = (file, 7 - rank) if view is Player.WHITE else (7 - file, rank)
        return D20.MARGIN + col * D20.SQ, D20.MARGIN + row * D20.SQ

    for s in random_states("d20-chess", 6, seed=5):
        scene = D20.scene_of(s, view)  # type: ignore[arg-type]
        img = decoded(D20.draw(scene)).convert("RGB")
        listed = {(c.file, c.rank) for c in scene.cells}
        for file, rank in {(f, r) for f in range(8) for r in range(8)} - listed:
            x, y = xy(file, rank)  # explored, empty ground: the empty board's square
            light = (file + rank) % 2 == 1
            assert img.getpixel((x + 6, y + 30)) == (D20.LIGHT if light else D20.DARK)
        for c in scene.cells:
            x, y = xy(c.file, c.rank)
            name = str(Square(c.file, c.rank))
            light = (c.file + c.rank) % 2 == 1
            if c.unexplored and name not in scene.moved:
                assert img.getpixel((x + 6, y + 30)) == (D20.FOG_LIGHT if light else D20.FOG_DARK)
            if c.piece and c.owner in (0, 1) and not c.xp:
                fill = (250, 250, 250) if c.owner == 0 else (25, 25, 25)
                assert img.getpixel((x + 20, y + 28)) == fill, (name, view)
        assert len(listed) < 64, "plain ground is left to the empty board"
