"""The board picture (Pillow): explored tiles and their lasting bonuses, unexplored middle
squares, each piece with its XP, the Dragon, the last move and the tile just revealed.

``scene_of`` turns a state into small picklable values; ``draw`` (in the picture worker) paints
them. Fonts and the empty boards are cached."""

from __future__ import annotations

import textwrap
from functools import cache
from pathlib import Path
from typing import NamedTuple

from PIL import Image, ImageDraw, ImageFont

from bot.d20_chess import words
from bot.tiles import Palette, palette_png
from rules.core.board import Player, Square
from rules.d20_chess.pieces import xp_text
from rules.d20_chess.state import State
from rules.d20_chess.tiles import Effect

FONT_DIR = Path(__file__).resolve().parent.parent / "assets" / "fonts"
SQ = 64
MARGIN = 24
BOARD = 8 * SQ + 2 * MARGIN
LINE = 20
WRAP = 64  # characters in a line of the panel under the board
MAX_LINES = 10
BG = (38, 41, 48)
LIGHT = (232, 220, 196)
DARK = (170, 136, 100)
FOG_LIGHT = (120, 128, 140)
FOG_DARK = (96, 104, 118)
TEXT = (236, 236, 240)
MUTED = (160, 160, 170)
MOVED = (246, 220, 90)
REVEALED = (80, 200, 255)
TILE_COLOURS = {
    Effect.EMPTY: (150, 150, 150),
    Effect.XP: (60, 160, 80),
    Effect.ATTACK: (200, 50, 50),
    Effect.DEFENCE: (50, 90, 200),
    Effect.INITIATIVE: (200, 140, 30),
    Effect.LAIR: (120, 30, 30),
}


class Cell(NamedTuple):
    file: int
    rank: int
    piece: str  # a piece letter, "D" for the Dragon, "" for none
    owner: int  # 0 White, 1 Black, -1 the Dragon or nobody
    xp: str  # the piece's XP as text ("" for none)
    unexplored: bool
    tile: str  # the tile's short label ("" for none)
    effect: str  # the tile's effect ("" for none)


class Scene(NamedTuple):
    view: int
    cells: tuple[Cell, ...]  # the squares that are not explored, empty ground
    moved: tuple[str, ...]  # the last move's squares
    revealed: str  # the square of the tile just revealed ("" for none)
    lines: tuple[str, ...]


@cache
def tile_label(effect: Effect, amount: int) -> str:
    return {
        Effect.EMPTY: "",
        Effect.XP: f"XP+{amount}",
        Effect.ATTACK: f"ATK{amount:+d}",
        Effect.DEFENCE: f"DEF{amount:+d}",
        Effect.INITIATIVE: f"INI{amount:+d}",
        Effect.LAIR: "LAIR",
    }[effect]


SQUARES = tuple(Square(i % 8, i // 8) for i in range(64))


def scene_of(state: State, view: Player, compact: bool = False) -> Scene:
    """What a picture shows; ``compact``: the board alone (the live message's picture, whose
    text carries the status), else the status lines under it too."""
    moved: tuple[str, ...] = ()
    revealed = ""
    lines: list[str] = []
    if state.history:
        for e in state.history[-1].events:
            if e.kind in ("moved", "captured", "repelled", "critical") and e.get("from"):
                moved = (str(e.get("from")), str(e.get("to")))
            if e.kind == "explored" and e.get("tile") is not None:
                revealed = str(e.get("square"))
                found = state.config.deck.tiles[int(e.get("tile"))]
                lines.append(f"Revealed on {revealed}: {found.summary()}. {found.text}".strip())
    board, tiles, ranks = state.board, state.tiles, state.config.explored_ranks
    deck = state.config.deck.tiles
    marked = {*moved, revealed}
    cells = []
    for sq in SQUARES:
        p = board.get(sq)
        index = tiles.get(sq)
        unexplored = sq.rank in ranks and sq not in tiles
        if p is None and index is None and not unexplored and str(sq) not in marked:
            continue  # explored, empty ground: the picture's empty board shows it
        tile = None if index is None else deck[index]
        cells.append(
            Cell(
                sq.file,
                sq.rank,
                "" if p is None else p.kind.letter,
                -1 if p is None or p.owner is None else int(p.owner),
                "" if p is None or not p.xp else xp_text(p.xp),
                unexplored,
                "" if tile is None else tile_label(tile.effect, tile.amount),
                "" if tile is None else tile.effect.value,
            )
        )
    if compact:
        return Scene(int(view), tuple(cells), moved, revealed, ())
    lines += words.status_text(state).splitlines()
    wrapped = [part for line in lines for part in textwrap.wrap(line, WRAP)]
    # The result (or whose move it is) always shows: the other lines give way to it.
    last = textwrap.wrap(result_line(state), WRAP)
    room = max(0, MAX_LINES - len(last))
    if len(wrapped) > room and room:  # cut: the last line kept says that more was left out
        wrapped = [*wrapped[: room - 1], wrapped[room - 1][: WRAP - 6].rstrip(" ,;") + " (...)"]
    kept = wrapped[:room] + last
    return Scene(int(view), tuple(cells), moved, revealed, tuple(kept[:MAX_LINES]))


def result_line(state: State) -> str:
    if state.outcome is not None:
        return f"Game over. {state.outcome.text}."
    if state.offers:
        piece = state.piece(state.offers[0])
        return f"{piece.side} decides whether the {piece.kind.value} on {piece.square} promotes."
    return f"{state.to_act.title} to move."


@cache
def font(size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONT_DIR / "DejaVuSansCondensed-Bold.ttf"), size)


def origin(file: int, rank: int, view: int) -> tuple[int, int]:
    col = file if view == 0 else 7 - file
    row = 7 - rank if view == 0 else rank
    return MARGIN + col * SQ, MARGIN + row * SQ


@cache
def empty_board(view: int) -> Image.Image:
    img = Image.new("RGB", (BOARD, BOARD), BG)
    d = ImageDraw.Draw(img)
    f = font(14)
    for i in range(8):
        x, _ = origin(i, 0, view)
        _, y = origin(0, i, view)
        for pos in ((x + SQ // 2, MARGIN // 2), (x + SQ // 2, BOARD - MARGIN // 2)):
            d.text(pos, "abcdefgh"[i], fill=MUTED, font=f, anchor="mm")
        for pos in ((MARGIN // 2, y + SQ // 2), (BOARD - MARGIN // 2, y + SQ // 2)):
            d.text(pos, str(i + 1), fill=MUTED, font=f, anchor="mm")
    for file in range(8):  # explored, empty squares: most cells of a picture leave them be
        for rank in range(8):
            x, y = origin(file, rank, view)
            light = (file + rank) % 2 == 1
            d.rectangle((x, y, x + SQ - 1, y + SQ - 1), fill=LIGHT if light else DARK)
    return img


def _tint(colour: tuple[int, int, int], to: tuple[int, int, int]) -> tuple[int, int, int]:
    a, b, c = (round(x * 0.55 + y * 0.45) for x, y in zip(colour, to, strict=True))
    return a, b, c


PALETTE = Palette(
    [
        BG,
        LIGHT,
        DARK,
        FOG_LIGHT,
        FOG_DARK,
        *(_tint(c, MOVED) for c in (LIGHT, DARK, FOG_LIGHT, FOG_DARK)),
        TEXT,
        MUTED,
        MOVED,
        REVEALED,
        *TILE_COLOURS.values(),
        (200, 205, 215),
        (170, 30, 30),
        (255, 220, 120),
        (250, 250, 250),
        (20, 20, 20),
        (25, 25, 25),
    ],
    BG,
)


def _square(d: ImageDraw.ImageDraw, c: Cell, x: int, y: int, moved: bool) -> None:
    light = (c.file + c.rank) % 2 == 1
    colour = (FOG_LIGHT if light else FOG_DARK) if c.unexplored else (LIGHT if light else DARK)
    if moved:  # the last move's squares are tinted
        colour = _tint(colour, MOVED)
    d.rectangle((x, y, x + SQ - 1, y + SQ - 1), fill=colour)
    if c.unexplored:
        d.text((x + SQ - 8, y + 10), "?", fill=(200, 205, 215), font=font(14), anchor="mm")
    if c.effect:
        effect = Effect(c.effect)
        col = TILE_COLOURS[effect]
        if effect.lasting:  # a lasting bonus: a frame in its colour
            d.rectangle((x + 2, y + 2, x + SQ - 3, y + SQ - 3), outline=col, width=4)
        if c.tile:
            d.rectangle((x + 3, y + SQ - 17, x + 4 + 8 * len(c.tile), y + SQ - 4), fill=col)
            d.text((x + 5, y + SQ - 10), c.tile, fill=TEXT, font=font(11), anchor="lm")


def _piece(d: ImageDraw.ImageDraw, c: Cell, x: int, y: int) -> None:
    cx, cy, r = x + SQ // 2, y + SQ // 2 - 4, 20
    if c.owner == -1:  # the Dragon
        fill, ink, edge = (170, 30, 30), (255, 220, 120), (255, 220, 120)
    elif c.owner == 0:
        fill, ink, edge = (250, 250, 250), (20, 20, 20), (20, 20, 20)
    else:
        fill, ink, edge = (25, 25, 25), (250, 250, 250), (250, 250, 250)
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=edge, width=2)
    d.text((cx, cy), c.piece, fill=ink, font=font(24), anchor="mm")
    if c.xp:
        w = 9 * len(c.xp) + 16
        d.rounded_rectangle((x + SQ - w - 2, y + 2, x + SQ - 2, y + 17), 5, fill=(60, 160, 80))
        d.text((x + SQ - w // 2 - 2, y + 10), f"{c.xp}xp", fill=TEXT, font=font(11), anchor="mm")


def _cell(c: Cell, moved: bool, revealed: bool) -> Image.Image:
    """One square with its tile and piece, in RGB (all of it inside the square)."""
    img = Image.new("RGB", (SQ, SQ), BG)
    d = ImageDraw.Draw(img)
    _square(d, c, 0, 0, moved)
    if revealed:
        d.rectangle((1, 1, SQ - 2, SQ - 2), outline=REVEALED, width=3)
    if c.piece:
        _piece(d, c, 0, 0)
    return img


def picture(scene: Scene) -> Image.Image:
    """The board and its panel, composed in the palette from cached squares and lines
    (``bot.tiles``)."""
    height = BOARD + (LINE * len(scene.lines) + 12 if scene.lines else 0)
    img = PALETTE.frame((BOARD, height))
    img.paste(empty_board_p(scene.view), (0, 0))
    for c in scene.cells:
        name = f"{'abcdefgh'[c.file]}{c.rank + 1}"
        # The square's colour depends on file and rank only through which colour it is.
        key = (c._replace(file=(c.file + c.rank) % 2, rank=0), name in scene.moved)
        tile = PALETTE.tile((*key, name == scene.revealed), lambda k: _cell(*k))
        img.paste(tile, origin(c.file, c.rank, scene.view))
    reveal = 0  # the wrapped lines of the tile just revealed come first
    if scene.revealed:
        reveal = next((i for i, line in enumerate(scene.lines) if line.startswith("Turn ")), 1)
    for i, line in enumerate(scene.lines):
        colour = REVEALED if i < reveal else TEXT
        PALETTE.text(img, (MARGIN, BOARD + 4 + i * LINE), line, font(14), colour)
    return img


def draw(scene: Scene) -> bytes:
    return palette_png(picture(scene))


@cache
def empty_board_p(view: int) -> Image.Image:
    return PALETTE.to_palette(empty_board(view))


def warm_up() -> None:
    PALETTE.image()
    for view in (0, 1):
        empty_board_p(view)
    for size in (11, 14, 24):
        font(size)
