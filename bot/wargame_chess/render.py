"""Board, tracker, tarot-card and odds images with Pillow.

Everything is drawn by this module (piece figures are our own polygons) with the DejaVu fonts
shipped in bot/assets/fonts (licence beside them). Layout: the board on top and the Activation
Tracker panel below, because Discord shows images about 400 px wide on a phone and a tall image
keeps the squares and labels large.

What never changes for a size and orientation (the squares and coordinates, each piece figure,
each terrain tile) is drawn once and cached.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import NamedTuple

from PIL import Image, ImageChops, ImageDraw, ImageFont

from bot.tiles import Palette, palette_png
from rules.core.errors import RulesError
from rules.wargame_chess.activation import activatable
from rules.wargame_chess.board import FILES, Player, Square, Terrain
from rules.wargame_chess.engine import combat_squares, destinations, targets
from rules.wargame_chess.pieces import Kind
from rules.wargame_chess.state import Decision, Event, GameState, Phase, Piece, Zone
from rules.wargame_chess.tarot import BY_NUMBER
from rules.wargame_chess.teams import summon_only

FONT_DIR = Path(__file__).resolve().parent.parent / "assets" / "fonts"
BOLD = FONT_DIR / "DejaVuSans-Bold.ttf"
CONDENSED = FONT_DIR / "DejaVuSansCondensed-Bold.ttf"

SQ = 80  # square size in pixels
MARGIN = 30  # coordinate margin around the board
# Text on the board is at least 1/30 of the picture's width, so it stays 12 px or more when a
# phone shows the picture 360 px wide (the board alone is 700 px: 24 px text).
COORD_PX = 24
LABEL_PX = 24
BADGE_PX = 24
BOARD_PX = 8 * SQ + 2 * MARGIN
PANEL_H = 300

# Colours (RGB). Dark and light Discord themes both sit around these greys, so the image
# carries its own background.
BG = (38, 41, 48)
LIGHT_SQ = (232, 220, 196)
DARK_SQ = (170, 136, 100)
COORD = (214, 214, 220)
WHITE_FILL, WHITE_LINE = (250, 247, 240), (30, 30, 36)
BLACK_FILL, BLACK_LINE = (40, 40, 48), (236, 236, 240)
ADV_COL = (36, 140, 72)
DIS_COL = (196, 48, 48)
BLESS_COL = (242, 196, 32)
CURSE_COL = (128, 48, 160)
MOVE_COL = (40, 110, 220)
ATTACK_COL = (220, 40, 40)
COMBAT_COL = (240, 150, 20)
PATH_COL = (40, 110, 220)
TEXT = (236, 236, 240)
MUTED = (150, 150, 160)


@cache
def font(size: int, condensed: bool = False) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(CONDENSED if condensed else BOLD), size)


@lru_cache(maxsize=4096)
def text_tile(
    text: str,
    size: int,
    colour: tuple[int, int, int],
    condensed: bool = False,
    stroke: tuple[int, int, int] | None = None,
    palette: bool = False,
) -> Image.Image:
    """A transparent image of a piece of text; most texts repeat from frame to frame. With
    ``palette``, laid on the background and mapped to the palette (for "P" pictures)."""
    if palette:
        return to_palette(text_tile(text, size, colour, condensed, stroke))
    f = font(size, condensed)
    sw = 2 if stroke else 0
    probe = ImageDraw.Draw(Image.new("RGBA", (1, 1)))
    left, top, right, bottom = (
        int(v) for v in probe.textbbox((0, 0), text, font=f, stroke_width=sw)
    )
    img = Image.new("RGBA", (max(1, right - left), max(1, bottom - top)), (0, 0, 0, 0))
    ImageDraw.Draw(img).text(
        (-left, -top), text, font=f, fill=colour, stroke_width=sw, stroke_fill=stroke
    )
    return img


def put_text(
    img: Image.Image,
    xy: tuple[float, float],
    text: str,
    size: int,
    colour: tuple[int, int, int],
    condensed: bool = False,
    anchor: str = "la",
    stroke: tuple[int, int, int] | None = None,
) -> None:
    """Paste cached text; anchor is l/m/r then a(top)/m(middle). On a "P" picture the text
    must sit on the plain background (the tracker panel)."""
    tile = text_tile(text, size, colour, condensed, stroke, img.mode == "P")
    x, y = xy
    if anchor[0] == "m":
        x -= tile.width / 2
    elif anchor[0] == "r":
        x -= tile.width
    if anchor[1] == "m":
        y -= tile.height / 2
    img.paste(tile, (round(x), round(y)), tile if tile.mode == "RGBA" else None)


# ---------------------------------------------------------------------------------------------
# Geometry helpers
# ---------------------------------------------------------------------------------------------
def square_origin(sq: Square, view: Player) -> tuple[int, int]:
    """Top-left pixel of a square on the board image for ``view``'s orientation."""
    col = sq.file if view is Player.WHITE else 7 - sq.file
    row = 7 - sq.rank if view is Player.WHITE else sq.rank
    return MARGIN + col * SQ, MARGIN + row * SQ


def square_centre(sq: Square, view: Player) -> tuple[int, int]:
    x, y = square_origin(sq, view)
    return x + SQ // 2, y + SQ // 2


# ---------------------------------------------------------------------------------------------
# Cached layers: the empty board, piece figures and terrain tiles
# ---------------------------------------------------------------------------------------------
@cache
def _board_base(view: Player) -> Image.Image:
    img = Image.new("RGB", (BOARD_PX, BOARD_PX), BG)
    d = ImageDraw.Draw(img)
    f = font(COORD_PX)
    for file in range(8):
        for rank in range(8):
            sq = Square(file, rank)
            x, y = square_origin(sq, view)
            d.rectangle(
                [x, y, x + SQ - 1, y + SQ - 1], fill=DARK_SQ if (file + rank) % 2 == 0 else LIGHT_SQ
            )
    for i in range(8):
        file_label = FILES[i if view is Player.WHITE else 7 - i]
        rank_label = str(8 - i if view is Player.WHITE else i + 1)
        cx = MARGIN + i * SQ + SQ // 2
        for y in (MARGIN // 2, BOARD_PX - MARGIN // 2):
            d.text((cx, y), file_label, fill=COORD, font=f, anchor="mm")
        cy = MARGIN + i * SQ + SQ // 2
        for x in (MARGIN // 2, BOARD_PX - MARGIN // 2):
            d.text((x, cy), rank_label, fill=COORD, font=f, anchor="mm")
    return img


def _scaled(
    points: Iterable[tuple[float, float]], size: int, dx: float = 0, dy: float = 0
) -> list[tuple[float, float]]:
    """Points in a 100x100 design space scaled to ``size``."""
    k = size / 100
    return [(x * k + dx, y * k + dy) for x, y in points]


# Figure outlines in a 100x100 box (our own drawings).
_BASE: list[tuple[float, float]] = [(22, 88), (78, 88), (74, 78), (26, 78)]
_FIGURES: dict[Kind, list[list[tuple[float, float]]]] = {
    Kind.PAWN: [[(36, 78), (40, 58), (34, 52), (66, 52), (60, 58), (64, 78)], _BASE],
    Kind.ROOK: [
        [(30, 78), (34, 44), (28, 40), (28, 22), (37, 22), (37, 30), (45, 30), (45, 22),
         (55, 22), (55, 30), (63, 30), (63, 22), (72, 22), (72, 40), (66, 44), (70, 78)],
        _BASE,
    ],
    Kind.KNIGHT: [
        [(30, 78), (36, 56), (30, 50), (26, 42), (40, 26), (44, 16), (50, 24), (62, 26),
         (72, 40), (74, 60), (70, 78)],
        _BASE,
    ],
    Kind.BISHOP: [
        [(34, 78), (40, 56), (34, 44), (38, 30), (50, 16), (62, 30), (66, 44), (60, 56),
         (66, 78)],
        _BASE,
    ],
    Kind.QUEEN: [
        [(30, 78), (34, 54), (22, 26), (36, 42), (42, 20), (50, 40), (58, 20), (64, 42),
         (78, 26), (66, 54), (70, 78)],
        _BASE,
    ],
    Kind.KING: [
        [(30, 78), (32, 50), (24, 38), (38, 34), (46, 34), (46, 26), (40, 26), (40, 20),
         (46, 20), (46, 12), (54, 12), (54, 20), (60, 20), (60, 26), (54, 26), (54, 34),
         (62, 34), (76, 38), (68, 50), (70, 78)],
        _BASE,
    ],
    Kind.JOKER: [
        [(30, 78), (36, 50), (18, 24), (40, 40), (50, 14), (60, 40), (82, 24), (64, 50),
         (70, 78)],
        _BASE,
    ],
}  # fmt: skip
_FIGURE_DOTS: dict[Kind, list[tuple[float, float, float]]] = {
    Kind.PAWN: [(50, 40, 12)],
    Kind.QUEEN: [(22, 24, 5), (42, 18, 5), (58, 18, 5), (78, 24, 5)],
    Kind.JOKER: [(18, 22, 6), (50, 12, 6), (82, 22, 6)],
    Kind.BISHOP: [(50, 12, 5)],
}


@cache
def piece_sprite(kind: Kind, owner: Player, size: int = SQ) -> Image.Image:
    """A transparent figure of the piece, drawn at 3x and scaled down for smooth edges."""
    big = size * 3
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    fill, line = (WHITE_FILL, WHITE_LINE) if owner is Player.WHITE else (BLACK_FILL, BLACK_LINE)
    width = max(2, big // 30)
    for poly in _FIGURES[kind]:
        d.polygon(_scaled(poly, big, 0, -6 * big / 100), fill=fill, outline=line, width=width)
    for cx, cy, r in _FIGURE_DOTS.get(kind, []):
        ((x, y),) = _scaled([(cx, cy - 6)], big)
        rr = r * big / 100
        d.ellipse([x - rr, y - rr, x + rr, y + rr], fill=fill, outline=line, width=width)
    if kind is Kind.BISHOP:  # the mitre's slit
        x0, y0 = _scaled([(46, 22)], big)[0]
        x1, y1 = _scaled([(56, 36)], big)[0]
        d.line([x0, y0, x1, y1], fill=line, width=width)
    if kind is Kind.KNIGHT:  # an eye
        ((ex, ey),) = _scaled([(54, 30)], big)
        r = 3 * big / 100
        d.ellipse([ex - r, ey - r, ex + r, ey + r], fill=line)
    return img.resize((size, size), Image.Resampling.LANCZOS)


@cache
def terrain_tile(kind: Terrain, size: int = SQ) -> Image.Image:
    img = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    k = size / 100
    if kind is Terrain.TREE:
        d.rectangle([44 * k, 58 * k, 56 * k, 90 * k], fill=(110, 72, 40))
        for cx, cy, r in ((50, 34, 24), (34, 50, 18), (66, 50, 18)):
            d.ellipse(
                [(cx - r) * k, (cy - r) * k, (cx + r) * k, (cy + r) * k],
                fill=(46, 124, 60),
                outline=(20, 70, 30),
                width=max(1, size // 40),
            )
    elif kind is Terrain.HOLE:
        d.ellipse(
            [12 * k, 26 * k, 88 * k, 78 * k],
            fill=(20, 16, 14),
            outline=(90, 70, 50),
            width=max(2, size // 25),
        )
    else:
        d.rectangle([4 * k, 4 * k, 96 * k, 96 * k], fill=(52, 110, 190))
        for y in (30, 52, 74):
            pts = [(x * k, (y + 6 * math.sin(x / 8)) * k) for x in range(8, 93, 4)]
            d.line(pts, fill=(200, 225, 255), width=max(2, size // 30))
    return img


# ---------------------------------------------------------------------------------------------
# Overlays
# ---------------------------------------------------------------------------------------------
def _badge(
    img: Image.Image,
    d: ImageDraw.ImageDraw,
    xy: tuple[int, int],
    text: str,
    colour: tuple[int, int, int],
    shape: str,
) -> None:
    """A token badge: a triangle up (Advantage) or down (Disadvantage) with the count beside."""
    x, y = xy
    if shape == "up":
        d.polygon([(x, y + 14), (x + 8, y), (x + 16, y + 14)], fill=colour, outline=(255, 255, 255))
    else:
        d.polygon([(x, y), (x + 16, y), (x + 8, y + 14)], fill=colour, outline=(255, 255, 255))
    put_text(img, (x + 18, y - 3), text, BADGE_PX, colour, stroke=(255, 255, 255))


def star_points(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    pts = []
    for i in range(10):
        rr = r if i % 2 == 0 else r * 0.45
        a = -math.pi / 2 + i * math.pi / 5
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return pts


def _draw_marks(img: Image.Image, d: ImageDraw.ImageDraw, p: Piece, x: int, y: int) -> None:
    if p.advantage:
        _badge(img, d, (x + 3, y + 4), str(p.advantage), ADV_COL, "up")
    if p.disadvantage:
        _badge(img, d, (x + 3, y + 4), str(p.disadvantage), DIS_COL, "down")
    if p.blessed:  # a gold star, top right
        d.polygon(star_points(x + SQ - 13, y + 13, 11), fill=BLESS_COL, outline=(90, 60, 0))
    if p.cursed:  # a purple disc with a white cross, top right
        cx, cy = x + SQ - 13, y + 13
        d.ellipse([cx - 10, cy - 10, cx + 10, cy + 10], fill=CURSE_COL, outline=(255, 255, 255))
        d.line([cx - 5, cy - 5, cx + 5, cy + 5], fill=(255, 255, 255), width=3)
        d.line([cx - 5, cy + 5, cx + 5, cy - 5], fill=(255, 255, 255), width=3)


@cache
def label_tile(label: str, owner: Player) -> Image.Image:
    """The label badge of a piece (e.g. P3), drawn once per label and side."""
    f = font(LABEL_PX, condensed=True)
    fill, text = (
        ((255, 255, 255), (20, 20, 24))
        if owner is Player.WHITE
        else ((20, 20, 24), (255, 255, 255))
    )
    probe = ImageDraw.Draw(Image.new("RGBA", (1, 1)))
    left, top, right, bottom = (int(v) for v in probe.textbbox((0, 0), label, font=f))
    w, h = right - left + 8, bottom - top + 4
    img = Image.new("RGBA", (w + 1, h + 1), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle([0, 0, w, h], radius=4, fill=fill, outline=(120, 120, 130))
    d.text((4 - left, 2 - top), label, fill=text, font=f)
    return img


def _label(img: Image.Image, p: Piece, x: int, y: int) -> None:
    tile = label_tile(p.label, p.owner)
    img.paste(tile, (x + (SQ - tile.width) // 2, y + SQ - tile.height - 1), tile)


def _arrow(
    d: ImageDraw.ImageDraw,
    pts: Sequence[tuple[int, int]],
    colour: int | tuple[int, int, int],
    width: int = 6,
) -> None:
    if len(pts) < 2:
        return
    d.line(list(pts), fill=colour, width=width, joint="curve")
    (x0, y0), (x1, y1) = pts[-2], pts[-1]
    ang = math.atan2(y1 - y0, x1 - x0)
    head = 18
    left = (x1 - head * math.cos(ang - 0.45), y1 - head * math.sin(ang - 0.45))
    right = (x1 - head * math.cos(ang + 0.45), y1 - head * math.sin(ang + 0.45))
    d.polygon([(x1, y1), left, right], fill=colour)


@dataclass(frozen=True)
class Highlights:
    moves: tuple[Square, ...] = ()
    attacks: tuple[Square, ...] = ()
    combat: tuple[Square, ...] = ()


def current_highlights(s: GameState) -> Highlights:
    """Squares for the decision now open: the Activating piece's Moves and Attacks, or the
    Combat Movement squares."""
    p = s.pending
    if p is None:
        return Highlights()
    if p.decision in (Decision.ACT, Decision.SECOND_MOVE):
        piece = s.piece(p.piece)
        att = tuple(targets(s, piece)) if p.decision is Decision.ACT else ()
        return Highlights(tuple(destinations(s, piece)), att)
    if p.decision is Decision.COMBAT_MOVEMENT:
        return Highlights(combat=tuple(combat_squares(s)))
    if p.decision is Decision.CHOOSE:  # a card's choice: frame the pieces or squares offered
        squares: list[Square] = []
        for option in p.options:
            offered = s.by_key.get(option.split(":")[0])
            if offered is not None and offered.square is not None:
                squares.append(offered.square)
            elif " " in option and option.rsplit(" ", 1)[1][:1] in "abcdefgh":
                try:
                    squares.append(Square.parse(option.rsplit(" ", 1)[1]))
                except RulesError:
                    continue
        return Highlights(combat=tuple(dict.fromkeys(squares)))
    return Highlights()


_ACTION_KINDS = frozenset({"moved", "attack", "combat_movement", "promoted", "castled"})


def last_activation(s: GameState) -> list[Event]:
    """The events of the latest Re/Activation; while a new one has only just begun (nothing
    moved yet), the one before it as well, so the last Attack stays on the picture."""
    events = [e for step in s.history for e in step.events]
    starts = [i for i, e in enumerate(events) if e.kind == "activated"]
    if not starts:
        return []
    begin = starts[-1]
    if len(starts) > 1 and not any(e.kind in _ACTION_KINDS for e in events[begin:]):
        begin = starts[-2]
    return events[begin:]


# An arrow of the last Activation: its kind ("moved", "combat_movement" or "attack") and the
# squares it joins, as (file, rank), in drawing order (paths first, Attacks on top).
Arrow = tuple[str, tuple[tuple[int, int], ...]]


def arrows_of(events: list[Event]) -> tuple[Arrow, ...]:
    paths: list[Arrow] = []
    attacks: list[Arrow] = []
    for e in events:
        if e.kind in ("moved", "combat_movement") and e.get("origin") and e.get("to"):
            if e.get("origin") == e.get("to"):
                continue
            pts = [Square.parse(e.get("origin"))] + [Square.parse(x) for x in e.get("path") or []]
            if len(pts) == 1:
                pts.append(Square.parse(e.get("to")))
            paths.append((e.kind, tuple((q.file, q.rank) for q in pts)))
        elif e.kind == "attack":
            a, b = Square.parse(e.get("origin")), Square.parse(e.get("square"))
            attacks.append((e.kind, ((a.file, a.rank), (b.file, b.rank))))
    return (*paths, *attacks)


def _draw_last(
    d: ImageDraw.ImageDraw,
    arrows: tuple[Arrow, ...],
    view: Player,
    paint: Callable[[tuple[int, int, int]], int | tuple[int, int, int]] = lambda c: c,
    origin: tuple[int, int] = (0, 0),
) -> None:
    """Paths moved (blue), Combat Movement (amber), then Attacks (red) on top. ``paint`` maps
    a colour to the ink of the image drawn on (palette indices for "P" pictures); ``origin``
    is the picture's pixel at the image's top left (to draw one square's part)."""
    for kind, squares in arrows:
        pts = []
        for file, rank in squares:
            x, y = square_centre(Square(file, rank), view)
            pts.append((x - origin[0], y - origin[1]))
        if kind == "attack":
            _arrow(d, pts, paint(ATTACK_COL), 7)
        else:
            _arrow(d, pts, paint(COMBAT_COL if kind == "combat_movement" else PATH_COL), 5)


def _move_dot(d: ImageDraw.ImageDraw, x: int, y: int) -> None:
    """A legal Move's dot in the middle of the square whose top left is (x, y)."""
    cx, cy = x + SQ // 2, y + SQ // 2
    d.ellipse([cx - 11, cy - 11, cx + 11, cy + 11], fill=MOVE_COL, outline=(255, 255, 255), width=2)


def _outline(d: ImageDraw.ImageDraw, x: int, y: int, col: tuple[int, int, int]) -> None:
    """A frame around the square whose top left is (x, y): an Attack or a square offered."""
    d.rectangle([x + 2, y + 2, x + SQ - 3, y + SQ - 3], outline=col, width=6)


def _highlight(d: ImageDraw.ImageDraw, hl: Highlights, view: Player) -> None:
    for sq in hl.moves:
        _move_dot(d, *square_origin(sq, view))
    for sq, col in [(q, ATTACK_COL) for q in hl.attacks] + [(q, COMBAT_COL) for q in hl.combat]:
        _outline(d, *square_origin(sq, view), col)


# ---------------------------------------------------------------------------------------------
# The board and the tracker panel
# ---------------------------------------------------------------------------------------------
def render_board_image(
    s: GameState,
    view: Player | None = None,
    highlights: Highlights | None = None,
    show_last: bool = True,
) -> Image.Image:
    """The whole picture: board (oriented for ``view``; White at the bottom for spectators) and
    the tracker panel."""
    v = view or Player.WHITE
    img = Image.new("RGB", (BOARD_PX, BOARD_PX + PANEL_H), BG)
    img.paste(_board_base(v), (0, 0))
    for sq, t in s.terrain:
        img.paste(terrain_tile(t), square_origin(sq, v), terrain_tile(t))
    d = ImageDraw.Draw(img)
    hl = highlights if highlights is not None else current_highlights(s)
    _highlight(d, hl, v)
    for p in s.pieces:
        if p.zone is Zone.BOARD and p.square is not None:
            x, y = square_origin(p.square, v)
            sprite = piece_sprite(p.kind, p.owner)
            img.paste(sprite, (x, y), sprite)
    if show_last:
        _draw_last(d, arrows_of(last_activation(s)), v)
    for p in s.pieces:
        if p.zone is Zone.BOARD and p.square is not None:
            x, y = square_origin(p.square, v)
            _label(img, p, x, y)
            _draw_marks(img, d, p, x, y)
    _panel(img, panel_of(s), BOARD_PX)
    return img


# ---------------------------------------------------------------------------------------------
# The fast path: composing the picture straight in the palette
# ---------------------------------------------------------------------------------------------
# `render_board_image` draws in RGB and is the reference. Mapping a whole RGB frame onto the
# palette costs ~0.7 ms, as much as drawing it, so the picture that is sent is composed in "P"
# mode from cached tiles that were mapped once: the empty board, each square's content (square,
# terrain, highlight, piece, label, marks) and the tracker's texts and chips on their uniform
# background. Arrows have hard edges (Pillow does not anti-alias lines and polygons), so they
# are drawn straight in palette indices; a square whose label or marks an arrow runs under is
# then drawn again in RGB in the reference's order. tests/test_painter.py checks that the
# result equals the reference, pixel for pixel, on many positions and both orientations.


def ink(colour: tuple[int, int, int]) -> int:
    """The palette index that `palette_png` maps ``colour`` to."""
    return PALETTE.ink(colour)


def to_palette(img: Image.Image, background: tuple[int, int, int] = BG) -> Image.Image:
    """An RGB or RGBA tile as a "P" tile (RGBA is first laid on ``background``)."""
    return PALETTE.to_palette(img, background)


@cache
def _board_base_p(view: Player) -> Image.Image:
    return to_palette(_board_base(view))


_PieceLook = tuple[Kind, Player, str, int, int, bool, bool]


_SquareKey = tuple[bool, Terrain | None, bool, tuple[tuple[int, int, int], ...], _PieceLook | None]


def square_layers(key: _SquareKey) -> tuple[Image.Image, Piece | None]:
    """One square in RGB as the reference draws it up to the arrows (square, terrain,
    highlight, piece), and the piece whose label and marks go on top (None without one)."""
    dark, terrain, move_dot, outlines, look = key
    img = Image.new("RGB", (SQ, SQ), DARK_SQ if dark else LIGHT_SQ)
    if terrain is not None:
        img.paste(terrain_tile(terrain), (0, 0), terrain_tile(terrain))
    d = ImageDraw.Draw(img)
    if move_dot:
        _move_dot(d, 0, 0)
    for col in outlines:
        _outline(d, 0, 0, col)
    if look is None:
        return img, None
    kind, owner, label, adv, dis, blessed, cursed = look
    sprite = piece_sprite(kind, owner)
    img.paste(sprite, (0, 0), sprite)
    stand_in = Piece(
        key="tile",
        label=label,
        owner=owner,
        kind=kind,
        option="",
        rank=0,
        legendary=False,
        rules=frozenset(),
        advantage=adv,
        disadvantage=dis,
        blessed=blessed,
        cursed=cursed,
    )
    return img, stand_in


def _on_top(img: Image.Image, p: Piece) -> None:
    """A piece's label and marks, over everything else on its square."""
    _label(img, p, 0, 0)
    _draw_marks(img, ImageDraw.Draw(img), p, 0, 0)


@lru_cache(maxsize=8192)
def square_tile(key: _SquareKey) -> tuple[Image.Image, Image.Image | None]:
    """The square as it appears on the board, in the palette, and the mask ("1") of the
    pixels its label and marks touch (None without a piece)."""
    img, piece = square_layers(key)
    if piece is None:
        return to_palette(img), None
    _on_top(img, piece)
    layer = Image.new("RGBA", (SQ, SQ), (0, 0, 0, 0))
    _on_top(layer, piece)
    mask = layer.getchannel("A").point(lambda a: 255 if a else 0).convert("1")
    return to_palette(img), mask


class Scene(NamedTuple):
    """Everything a board picture shows, as plain values: built from the state where the game
    is, drawn wherever (a worker process: it pickles in a few microseconds)."""

    view: Player
    squares: tuple[tuple[int, int, _SquareKey], ...]  # file, rank and content of each square
    arrows: tuple[Arrow, ...]
    panel: Panel
    compact: bool = False  # the board alone (the live message's picture): no tracker panel


def scene_of(
    s: GameState,
    view: Player | None = None,
    highlights: Highlights | None = None,
    show_last: bool = True,
    compact: bool = False,
) -> Scene:
    hl = highlights if highlights is not None else current_highlights(s)
    terrain = dict(s.terrain)
    outlines: dict[Square, list[tuple[int, int, int]]] = {}
    for sq in hl.attacks:
        outlines.setdefault(sq, []).append(ATTACK_COL)
    for sq in hl.combat:
        outlines.setdefault(sq, []).append(COMBAT_COL)
    moves = set(hl.moves)
    looks: dict[Square, _PieceLook] = {}
    for p in s.pieces:
        if p.zone is Zone.BOARD and p.square is not None:
            looks[p.square] = (
                p.kind,
                p.owner,
                p.label,
                p.advantage,
                p.disadvantage,
                p.blessed,
                p.cursed,
            )
    squares = tuple(
        (
            sq.file,
            sq.rank,
            (
                (sq.file + sq.rank) % 2 == 0,
                terrain.get(sq),
                sq in moves,
                tuple(outlines.get(sq, ())),
                looks.get(sq),
            ),
        )
        for sq in set(terrain) | set(outlines) | moves | set(looks)
    )
    arrows = arrows_of(last_activation(s)) if show_last else ()
    return Scene(view or Player.WHITE, squares, arrows, panel_of(s), compact)


def draw_scene(scene: Scene) -> Image.Image:
    """The picture that is sent, composed in the palette (see above)."""
    v = scene.view
    img = Image.new("P", (BOARD_PX, BOARD_PX + (0 if scene.compact else PANEL_H)), ink(BG))
    img.putpalette(_palette().getpalette() or [])
    img.paste(_board_base_p(v), (0, 0))
    marked: list[tuple[_SquareKey, tuple[int, int], Image.Image]] = []
    for file, rank, key in scene.squares:
        tile, mask = square_tile(key)
        xy = square_origin(Square(file, rank), v)
        img.paste(tile, xy)
        if mask is not None:
            marked.append((key, xy, mask))
    if scene.arrows:
        _draw_last(ImageDraw.Draw(img), scene.arrows, v, ink)
        # Labels and marks go over the arrows. Where an arrow runs under one, that square is
        # drawn again as the reference draws it (piece, arrows, then label and marks).
        arrows = Image.new("1", img.size, 0)
        _draw_last(ImageDraw.Draw(arrows), scene.arrows, v, lambda c: 1)
        for key, (x, y), mask in marked:
            under = ImageChops.logical_and(arrows.crop((x, y, x + SQ, y + SQ)), mask)
            if under.getbbox() is None:
                continue
            rgb, piece = square_layers(key)
            assert piece is not None
            _draw_last(ImageDraw.Draw(rgb), scene.arrows, v, origin=(x, y))
            _on_top(rgb, piece)
            img.paste(to_palette(rgb), (x, y))
    if not scene.compact:
        _panel(img, scene.panel, BOARD_PX)
    return img


def board_picture(
    s: GameState,
    view: Player | None = None,
    highlights: Highlights | None = None,
    show_last: bool = True,
) -> Image.Image:
    """The picture that is sent: as `render_board_image`, composed in the palette."""
    return draw_scene(scene_of(s, view, highlights, show_last))


def _status_line(s: GameState) -> str:
    if s.outcome is not None:
        return s.outcome.describe()
    if s.phase is not Phase.PLAY:
        return s.phase.value.capitalize()
    d = s.decider
    who = d.title if d is not None else ""
    if s.pending is None:
        verb = "to Reactivate" if activatable(s)[1] else "to Activate"
        verb = "picks the Activation" if s.activation_picker is not None else verb
        return f"Turn {s.turn} of 10 · {who} {verb}"
    what = s.pending.prompt or s.pending.decision.value
    return f"Turn {s.turn} of 10 · {who}: {what}"


@cache
def chip_tile(text: str, dim: bool) -> Image.Image:
    f = font(15, condensed=True)
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    tw = int(probe.textlength(text, font=f)) + 10
    img = Image.new("RGB", (tw + 1, 21), BG)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle([0, 0, tw, 20], radius=4, fill=(70, 72, 80) if dim else (210, 210, 216))
    d.text((5, 10), text, font=f, anchor="lm", fill=MUTED if dim else (20, 20, 24))
    return img


@cache
def chip_tile_p(text: str, dim: bool) -> Image.Image:
    return to_palette(chip_tile(text, dim))


def _chips(img: Image.Image, x: int, y: int, items: list[tuple[str, bool]], w: int) -> int:
    """Small label chips; a dim chip marks a piece that has Activated. Returns the next y."""
    cx = x
    for text, dim in items:
        tile = chip_tile_p(text, dim) if img.mode == "P" else chip_tile(text, dim)
        if cx + tile.width > x + w:
            cx = x
            y += 24
        img.paste(tile, (cx, y))
        cx += tile.width + 3
    return y + 26


class Side(NamedTuple):
    """One player's column of the tracker."""

    heading: str
    chips: tuple[tuple[str, bool], ...]  # label, has Activated
    slain: tuple[str, ...]
    off: tuple[str, ...]
    summon: tuple[str, ...]


class Panel(NamedTuple):
    """What the tracker below the board shows."""

    status: str
    sides: tuple[Side, ...]
    tarot: tuple[int, ...]
    active: int | None
    lines: tuple[str, ...]


_LINE_KINDS = ("rolled", "attack_result", "slain", "combat_movement", "promoted", "castled")


def panel_of(s: GameState) -> Panel:
    sides = []
    for pl in Player:
        on = sorted(s.pieces_of(pl), key=lambda p: (p.rank, p.label))
        sides.append(
            Side(
                f"{pl.title} · {s.points_on_board(pl)} pts on the board",
                tuple((p.label, p.activated) for p in on),
                tuple(p.label for p in s.pieces_of(pl, Zone.SLAIN)),
                tuple(p.label for p in s.pieces_of(pl, Zone.REMOVED)),
                # (a faction's Summon-only pieces name it: shown once the teams are, R9)
                tuple(o.name for o in summon_only(s.config.teams[pl].faction))
                if s.phase is Phase.PLAY or s.outcome is not None
                else (),
            )
        )
    lines = tuple(e.text for e in last_activation(s) if e.kind in _LINE_KINDS)
    f = s.faith
    return Panel(_status_line(s), tuple(sides), tuple(f.tarot_dealt), f.tarot_active, lines)


def headline(s: GameState) -> str:
    """The tracker's essentials in one line, for the live message (its picture is the board
    alone): the turn, whose decision, the points, the active tarot card."""
    if s.outcome is not None or s.phase is not Phase.PLAY:
        return ""
    # (the score: points on the board and upgrades, as the end of turn 10 counts them; the
    # teams, upgrades too, are shown by the time play begins, R9)
    pts = " · ".join(f"{pl.title} {s.score(pl)} pts" for pl in Player)
    active = s.faith.tarot_active
    card = "" if active is None else f" · active card: {BY_NUMBER[active].name}"
    return f"**Turn {s.turn} of 10** · {pts}{card}"


def _panel(img: Image.Image, panel: Panel, top: int) -> None:
    x0, w = MARGIN, BOARD_PX - 2 * MARGIN
    size, condensed, status = _fit(panel.status, w)
    put_text(img, (x0, top + 8), status, size, TEXT, condensed)
    col_w = w // 2 - 8
    bottom = top + 38
    for i, side in enumerate(panel.sides):
        x = x0 + i * (col_w + 16)
        y = top + 38
        put_text(img, (x, y), side.heading, 16, TEXT)
        y += 24
        y = _chips(img, x, y, list(side.chips), col_w)
        if side.slain:
            put_text(img, (x, y), "Slain: " + " ".join(side.slain), 14, MUTED, True)
            y += 20
        if side.off:
            put_text(img, (x, y), "Off the board: " + " ".join(side.off), 14, MUTED, True)
            y += 20
        if side.summon:
            put_text(img, (x, y), "Summon zone: " + ", ".join(side.summon)[:40], 14, MUTED, True)
            y += 20
        bottom = max(bottom, y)
    y = bottom + 6
    if panel.tarot:
        cx = x0
        for n in panel.tarot:
            active = n == panel.active
            img.paste(
                tarot_chip_p(n, active) if img.mode == "P" else tarot_chip(n, active), (cx, y)
            )
            cx += 128
        if panel.active is not None:
            put_text(img, (cx + 4, y + 6), "active card", 13, MUTED, True)
            put_text(
                img,
                (cx + 4, y + 24),
                _short(BY_NUMBER[panel.active].name, 18),
                15,
                BLESS_COL,
                True,
            )
        y += 56
    for line in panel.lines[-5:]:
        if y > top + PANEL_H - 18:
            break
        put_text(img, (x0, y), line[:80], 14, TEXT, True)
        y += 19


def _fit(text: str, width: int) -> tuple[int, bool, str]:
    """The size and face at which the panel's status line fits ``width`` (a game's end with
    its reason and the points is long): 20, then smaller and condensed, cut only as a last
    resort."""
    for size, condensed in ((20, False), (18, True), (16, True), (14, True)):
        if text_tile(text, size, TEXT, condensed).width <= width:
            return size, condensed, text
    while len(text) > 1 and text_tile(text + "…", 14, TEXT, True).width > width:
        text = text[:-1]
    return 14, True, text.rstrip() + "…"


@cache
def tarot_chip(n: int, active: bool) -> Image.Image:
    card = BY_NUMBER[n]
    img = Image.new("RGB", (121, 47), BG)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle(
        [0, 0, 120, 46],
        radius=6,
        fill=(250, 240, 210) if active else (90, 92, 100),
        outline=BLESS_COL if active else (130, 130, 140),
        width=4 if active else 1,
    )
    ink = (20, 20, 24) if active else TEXT
    d.text((60, 14), card.numeral, font=font(15), anchor="mm", fill=ink)
    d.text((60, 33), _short(card.name), font=font(13, True), anchor="mm", fill=ink)
    return img


@cache
def tarot_chip_p(n: int, active: bool) -> Image.Image:
    return to_palette(tarot_chip(n, active))


def _short(name: str, n: int = 14) -> str:
    name = name.removeprefix("The ")
    return name if len(name) <= n else name[: n - 1] + "…"


def _reference() -> Image.Image:
    from bot.wargame_chess.samples import midgame

    return render_board_image(midgame(), highlights=None)


# A 256-colour palette for every colour this module draws, with their anti-aliased blends:
# built once from a reference picture, then each frame maps onto it (fast, and stable).
PALETTE = Palette(
    [
        BG,
        LIGHT_SQ,
        DARK_SQ,
        COORD,
        WHITE_FILL,
        WHITE_LINE,
        BLACK_FILL,
        BLACK_LINE,
        ADV_COL,
        DIS_COL,
        BLESS_COL,
        CURSE_COL,
        MOVE_COL,
        ATTACK_COL,
        COMBAT_COL,
        TEXT,
        MUTED,
        (255, 255, 255),
        (20, 20, 24),
    ],
    BG,
    _reference,
)


def _palette() -> Image.Image:
    return PALETTE.image()


def board_png(s: GameState, view: Player | None = None) -> bytes:
    return palette_png(board_picture(s, view))


def scene_png(scene: Scene) -> bytes:
    return palette_png(draw_scene(scene))


def warm_up() -> None:
    """Build the cached palette, fonts and empty boards before the first real picture."""
    _palette()
    for view in Player:
        _board_base(view)
