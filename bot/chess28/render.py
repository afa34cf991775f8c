"""Chess28 pictures: the board (models with facing, wounds and whether they acted, terrain by
type, Treasure Chests, the selected model's reachable and attackable squares) and a model's
Character Card with its charts drawn. Scenes are small picklable values; drawing runs in the
picture worker."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from bot.tiles import Palette, palette_png, png_bytes
from rules.chess28.charts import HEART_CIRCLE, Chart, Icon
from rules.chess28.combat import melee_targets, shoot_targets
from rules.chess28.models import ModelDef
from rules.chess28.moving import destinations
from rules.chess28.state import BOARD, GameState
from rules.core.board import Player, Square

FONT = Path(__file__).resolve().parent.parent / "assets" / "fonts" / "DejaVuSans-Bold.ttf"
SQ, MARGIN, PANEL = 64, 22, 26
LIGHT, DARK = (226, 214, 186), (176, 150, 112)
SIDE = {0: (240, 240, 235), 1: (45, 45, 55)}
INK = {0: (20, 20, 20), 1: (245, 245, 245)}
TERRAIN_FILL = {
    "blocking": (80, 80, 88),
    "perilous": (200, 70, 40),
    "moveable": (150, 110, 60),
    "chest": (220, 180, 40),
}
TERRAIN_SHORT = {"blocking": "BLK", "perilous": "PER", "moveable": "MOV"}  # in a joint label
REACH, ATTACK = (80, 160, 230), (220, 40, 40)


@cache
def font(size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONT), size)


@dataclass(frozen=True, slots=True)
class Scene:
    flip: bool
    terrain: tuple[tuple[int, int, str, int, str], ...]
    # file, rank, kind, wounds, and for a large piece the side (N E S W) its other square is on
    units: tuple[tuple[int, int, str, int, str, int, int, bool], ...]
    # file, rank, key, owner, facing, wounds, hp, activated
    reach: tuple[tuple[int, int], ...]
    attack: tuple[tuple[int, int], ...]
    status: str


def scene_of(state: GameState, view: Player | None, selected: str = "") -> Scene:
    """The public picture (no hidden cards): ``view`` only turns the board round; a
    ``selected`` model's reachable and attackable squares are marked."""
    terrain = tuple(
        (s.file, s.rank, "+".join(k.value for k in t.kinds), t.wounds, _side(s, t.squares))
        for t in state.terrain
        for s in t.squares
    )
    units = tuple(
        (
            u.square.file,
            u.square.rank,
            u.key,
            int(u.owner),
            u.facing.value,
            u.wounds,
            u.model.hp,
            u.activated,
        )
        for u in state.units
        if u.on_board and u.square is not None
    )
    reach: list[Square] = []
    attack: list[Square] = []
    p = state.pending
    if p is not None and p.unit and p.kind in ("footwork", "charge", "bloodlust", "gasp_target"):
        u = state.unit(p.unit)
        if u.on_board:
            reach = list(destinations(state, u)) if p.kind == "footwork" else []
            attack = melee_targets(state, u)
    if p is not None and p.kind == "push":
        reach = [Square.parse(o) for o in p.options]
    if selected:
        u = state.unit(selected)
        if u.on_board:
            reach = list(destinations(state, u))
            attack = melee_targets(state, u) + list(shoot_targets(state, u).values())
    status = f"Turn {state.turn} · {state.phase.value}"
    if state.decider is not None:
        status += f" · {state.decider.title} to decide"
    return Scene(
        view is Player.BLACK,
        terrain,
        units,
        tuple((s.file, s.rank) for s in reach),
        tuple((s.file, s.rank) for s in attack),
        status,
    )


def _side(sq: Square, squares: tuple[Square, ...]) -> str:
    """Where the other square of a large piece lies from ``sq`` (N E S W; "" for a small one)."""
    for o in squares:
        if o != sq:
            return {(0, 1): "N", (1, 0): "E", (0, -1): "S", (-1, 0): "W"}[
                (o.file - sq.file, o.rank - sq.rank)
            ]
    return ""


def _xy(flip: bool, f: int, r: int) -> tuple[int, int]:
    col = BOARD.files - 1 - f if flip else f
    row = r if flip else BOARD.ranks - 1 - r
    return MARGIN + col * SQ, MARGIN + row * SQ


def _facing_triangle(x: int, y: int, facing: str, flip: bool) -> list[tuple[float, float]]:
    cx, cy = x + SQ / 2, y + SQ / 2
    dx, dy = {"N": (0, -1), "S": (0, 1), "E": (1, 0), "W": (-1, 0)}[facing]
    if flip:
        dx, dy = -dx, -dy
    tip = (cx + dx * SQ * 0.45, cy + dy * SQ * 0.45)
    side = (-dy, dx)
    base = (cx + dx * SQ * 0.25, cy + dy * SQ * 0.25)
    return [
        tip,
        (base[0] + side[0] * 9, base[1] + side[1] * 9),
        (base[0] - side[0] * 9, base[1] - side[1] * 9),
    ]


SIZE = MARGIN * 2 + SQ * 8
FRAME = (60, 50, 40)
STATUS = (240, 240, 240)
FACING = (200, 30, 30)
WOUNDS = (200, 0, 0)
ASLEEP = (30, 30, 30)


def _acted(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    r, g, b = (int(c * 0.7 + 60) for c in colour)
    return r, g, b


PALETTE = Palette(
    [
        FRAME,
        LIGHT,
        DARK,
        *SIDE.values(),
        *(_acted(c) for c in SIDE.values()),
        *INK.values(),
        *TERRAIN_FILL.values(),
        REACH,
        ATTACK,
        FACING,
        WOUNDS,
        ASLEEP,
        STATUS,
        (230, 230, 230),
        (255, 255, 255),
        (0, 0, 0),
    ],
    FRAME,
)


@cache
def _base(flip: bool) -> Image.Image:
    """The empty board with its coordinates, drawn once per orientation."""
    img = Image.new("RGB", (SIZE, SIZE + PANEL), FRAME)
    d = ImageDraw.Draw(img)
    for f in range(8):
        for r in range(8):
            x, y = _xy(flip, f, r)
            d.rectangle([x, y, x + SQ - 1, y + SQ - 1], fill=LIGHT if (f + r) % 2 else DARK)
    grey = (230, 230, 230)
    for f in range(8):
        x, _ = _xy(flip, f, 0)
        d.text(
            (x + SQ / 2, SIZE - MARGIN / 2), "abcdefgh"[f], font=font(13), anchor="mm", fill=grey
        )
    for r in range(8):
        _, y = _xy(flip, 0, r)
        d.text((MARGIN / 2, y + SQ / 2), str(r + 1), font=font(13), anchor="mm", fill=grey)
    return img


@cache
def _base_p(flip: bool) -> Image.Image:
    return PALETTE.to_palette(_base(flip))


_Unit = tuple[str, int, str, int, int, bool]  # key, owner, facing, wounds, hp, activated
_SquareKey = tuple[bool, bool, tuple[str, int, str] | None, bool, bool, _Unit | None]
# light, flipped, terrain (kind, wounds, side joined), reachable, attackable, the model on it
_TURN = {"N": "S", "S": "N", "E": "W", "W": "E", "": ""}


def _square(key: _SquareKey) -> Image.Image:
    """One square with everything on it, in RGB (each square's content stays inside it)."""
    light, flip, terrain, reach, attack, unit = key
    img = Image.new("RGB", (SQ, SQ), LIGHT if light else DARK)
    d = ImageDraw.Draw(img)
    if terrain is not None:
        kind, wounds, side = terrain
        side = _TURN[side] if flip else side  # the picture turned round for Black
        # a large piece's two squares are drawn as one: no margin on the side they meet
        left, top = (0 if side == "W" else 3), (0 if side == "N" else 3)
        right, bottom = SQ - (1 if side == "E" else 4), SQ - (1 if side == "S" else 4)
        kinds = kind.split("+")  # a piece of several kinds: a band of each kind's colour
        band = (bottom - top + 1) / len(kinds)
        for i, k in enumerate(kinds):
            y0, y1 = round(top + i * band), round(top + (i + 1) * band) - 1
            d.rectangle([left, y0, right, y1], fill=TERRAIN_FILL[k])
        label = {"blocking": "BLOCK", "perilous": "PERIL", "moveable": "MOVE"}.get(kind, "")
        if len(kinds) > 1:  # (all three by initials: "B+P+M" fits a square, "BLK+..." not)
            short = TERRAIN_SHORT if len(kinds) == 2 else {k: k[0].upper() for k in kinds}
            label = "+".join(short[k] for k in kinds)
        if kind == "chest":
            label = f"CHEST {3 - wounds}"
        d.text((SQ / 2, SQ - 10), label, font=font(10), anchor="mm", fill=(255, 255, 255))
    if reach:
        d.ellipse([SQ / 2 - 7, SQ / 2 - 7, SQ / 2 + 7, SQ / 2 + 7], fill=REACH)
    if attack:
        d.rectangle([1, 1, SQ - 2, SQ - 2], outline=ATTACK, width=4)
    if unit is not None:
        name, owner, facing, wounds, hp, acted = unit
        fill = _acted(SIDE[owner]) if acted else SIDE[owner]
        d.ellipse([10, 10, SQ - 10, SQ - 10], fill=fill, outline=(0, 0, 0), width=2)
        d.polygon(_facing_triangle(0, 0, facing, flip), fill=FACING)
        d.text((SQ / 2, SQ / 2), name, font=font(15), anchor="mm", fill=INK[owner])
        if wounds:
            d.text((SQ - 6, 8), f"{wounds}/{hp}", font=font(11), anchor="rm", fill=WOUNDS)
        if acted:
            d.text((6, 8), "z", font=font(11), anchor="lm", fill=ASLEEP)
    return img


def draw_board(sc: Scene) -> Image.Image:
    """The picture, composed in the palette from cached squares (``bot.tiles``)."""
    img = PALETTE.frame((SIZE, SIZE + PANEL))
    img.paste(_base_p(sc.flip), (0, 0))
    terrain = {(f, r): (kind, wounds, side) for f, r, kind, wounds, side in sc.terrain}
    units = {
        (f, r): (key, owner, facing, w, hp, acted)
        for f, r, key, owner, facing, w, hp, acted in sc.units
    }
    reach, attack = set(sc.reach), set(sc.attack)
    for f, r in set(terrain) | units.keys() | reach | attack:
        key: _SquareKey = (
            (f + r) % 2 == 1,
            sc.flip,
            terrain.get((f, r)),
            (f, r) in reach,
            (f, r) in attack,
            units.get((f, r)),
        )
        img.paste(PALETTE.tile(key, _square), _xy(sc.flip, f, r))
    PALETTE.text(img, (MARGIN, SIZE + PANEL // 2 - 4), sc.status, font(13), STATUS, anchor="lm")
    return img


def scene_png(sc: Scene) -> bytes:
    return palette_png(draw_board(sc))


# ---- the Character Card ----
CELL = 26
ICON_TEXT = {"^": "△", ">": "▷", "v": "▽", "<": "◁", "o": "◯", "*": ">>", "x": "X"}


def _chart(chart: Chart) -> Image.Image:
    rows = chart.rows()
    w, h = len(rows[0]) * CELL, len(rows) * CELL
    img = Image.new("RGB", (w + 1, h + 1), (250, 250, 245))
    d = ImageDraw.Draw(img)
    for y, row in enumerate(rows):
        for x, c in enumerate(row):
            box = [x * CELL, y * CELL, x * CELL + CELL, y * CELL + CELL]
            d.rectangle(box, outline=(120, 120, 120))
            cx, cy = x * CELL + CELL / 2, y * CELL + CELL / 2
            if c in ("A", HEART_CIRCLE):
                if c == "A":
                    d.polygon([(cx, cy - 9), (cx - 8, cy + 7), (cx + 8, cy + 7)], fill=(20, 20, 20))
                else:
                    d.ellipse([cx - 8, cy - 8, cx + 8, cy + 8], fill=(20, 20, 20))
            elif c == Icon.SWORD.value:
                d.line([cx - 8, cy + 8, cx + 8, cy - 8], fill=(180, 20, 20), width=3)
                d.line([cx - 8, cy - 8, cx + 8, cy + 8], fill=(180, 20, 20), width=3)
            elif c != ".":
                d.text((cx, cy), ICON_TEXT[c], font=font(14), anchor="mm", fill=(20, 60, 160))
    return img


def card_image(m: ModelDef) -> Image.Image:
    move, attack = _chart(m.move), _chart(m.attack)
    lines = [f"Fight {m.fight}   Defence {m.defence}   HP {m.hp}"]
    if m.weapon is not None:
        lines.append(
            f"Ranged: {' '.join(m.weapon.directions)}  Range {m.weapon.range}  "
            f"Strength {m.weapon.strength}"
        )
    if m.abilities:
        lines.append(", ".join(a.value for a in m.abilities))
    lines += [f"{what}: {pts:+d}" for what, pts in m.cost_breakdown()]
    width = max(360, move.width + attack.width + 60)
    height = 50 + max(move.height, attack.height) + 30 + 18 * len(lines) + 10
    img = Image.new("RGB", (width, height), (235, 228, 210))
    d = ImageDraw.Draw(img)
    d.text((12, 16), f"{m.name}  ({m.cost} pts)", font=font(18), anchor="lm", fill=(20, 20, 20))
    d.text((12, 38), "Move", font=font(12), anchor="lm", fill=(60, 60, 60))
    d.text((move.width + 36, 38), "Attack", font=font(12), anchor="lm", fill=(60, 60, 60))
    img.paste(move, (12, 50))
    img.paste(attack, (move.width + 36, 50))
    y = 50 + max(move.height, attack.height) + 20
    for line in lines:
        d.text((12, y), line, font=font(12), anchor="lm", fill=(20, 20, 20))
        y += 18
    return img


def card_png(m: ModelDef) -> bytes:
    return png_bytes(card_image(m))


def warm_up() -> None:
    """Load the fonts and draw the empty boards before the first picture is asked for."""
    for size in (10, 11, 12, 13, 14, 15, 18):
        font(size)
    PALETTE.image()
    _base_p(False)
    _base_p(True)
