"""Pictures: the battlefield (public: no hand is ever drawn, only counts) and a card.

``scene_of`` reads the state into small picklable values; ``draw`` turns a scene into a PNG in
the picture worker."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from bot.tiles import Palette, palette_png, png_bytes
from rules.card_game.battlefield import GRID
from rules.card_game.catalogue import Card, CardType, Suit
from rules.card_game.combat import attack_of, health_of
from rules.card_game.state import GameState
from rules.card_game.zones import king_health
from rules.core.board import Player

FONT_DIR = Path(__file__).resolve().parent.parent / "assets" / "fonts"
SQ_W, SQ_H = 132, 96
MARGIN = 24
PANEL = 64
BG = (38, 41, 48)
TEXT = (236, 236, 240)
MUTED = (150, 150, 160)
ZONE = {0: (92, 120, 160), 1: (120, 112, 96), 2: (160, 96, 96)}
UNIT = {
    Player.WHITE: ((250, 247, 240), (30, 30, 36)),
    Player.BLACK: ((40, 40, 48), (236, 236, 240)),
}
TIRED = (120, 120, 130)
SUIT_COL = {
    Suit.SPADES: (60, 70, 110),
    Suit.HEARTS: (150, 50, 60),
    Suit.CLUBS: (50, 110, 70),
    Suit.DIAMONDS: (170, 120, 30),
    Suit.NEUTRAL: (90, 90, 100),
}


@cache
def font(size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONT_DIR / "DejaVuSansCondensed-Bold.ttf"), size)


@dataclass(frozen=True, slots=True)
class UnitView:
    file: int
    rank: int
    owner: int
    name: str
    attack: int
    health: int
    damage: int
    tired: bool
    equips: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class SideView:
    title: str
    king: str
    health: int
    material: int
    hand: int
    deck: int
    captured: int
    burn: int
    statics: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Scene:
    view: int  # the seat at the bottom
    units: tuple[UnitView, ...]
    sides: tuple[SideView, SideView]
    caption: str


def scene_of(s: GameState, view: Player | None) -> Scene:
    """What the picture shows. The same for every viewer but the orientation: counts of
    hands and decks, never their cards."""
    units = tuple(
        UnitView(
            u.square.file,
            u.square.rank,
            int(u.owner),
            s.card(u.cid).name,
            attack_of(s, u),
            health_of(s, u),
            u.damage,
            u.tired,
            tuple(s.card(e).name for e in u.equips),
        )
        for u in s.units
    )
    sides = tuple(
        SideView(
            p.title,
            s.card(p * 100).name,
            king_health(s, p),
            s.side(p).material,
            len(s.side(p).hand),
            len(s.side(p).deck),
            len(s.side(p).captured),
            len(s.side(p).burn),
            tuple(s.card(t).name for t in s.side(p).statics),
        )
        for p in Player
    )
    if s.outcome is not None:
        caption = f"Game over: {s.outcome.text}"
    else:
        caption = f"Turn {s.turn}: {s.active.title} ({s.phase.value})"
    return Scene(int(view or Player.WHITE), units, (sides[0], sides[1]), caption)


PALETTE = Palette(
    [
        BG,
        TEXT,
        MUTED,
        *ZONE.values(),
        *(c for pair in UNIT.values() for c in pair),
        TIRED,
    ],
    BG,
)
WIDTH = GRID.files * SQ_W + 2 * MARGIN
HEIGHT = GRID.ranks * SQ_H + 2 * PANEL + 2 * MARGIN + 20


def _side_panel(img: Image.Image, y: int, sv: SideView) -> None:
    PALETTE.text(img, (MARGIN, y), f"{sv.title}: {sv.king}  Health {sv.health}", font(18), TEXT)
    counts = (
        f"Material {sv.material}  Hand {sv.hand}  Deck {sv.deck}  Captured {sv.captured}  "
        f"Burn {sv.burn}"
    )
    PALETTE.text(img, (MARGIN, y + 22), counts, font(15), MUTED)
    if sv.statics:
        statics = "Tactic Zone: " + ", ".join(sv.statics)
        PALETTE.text(img, (MARGIN, y + 40), statics, font(14), TEXT)


def _square(rank: int, name: str, u: UnitView | None) -> Image.Image:
    """One square of the battlefield and the unit on it, in RGB (all of it inside the square)."""
    img = Image.new("RGB", (SQ_W, SQ_H), BG)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, SQ_W - 2, SQ_H - 2), fill=ZONE[rank])
    d.text((4, 2), name, font=font(12), fill=TEXT)
    if u is None:
        return img
    fill, line = UNIT[Player(u.owner)]
    d.rounded_rectangle(
        (6, 16, SQ_W - 8, SQ_H - 8),
        radius=8,
        fill=fill,
        outline=TIRED if u.tired else line,
        width=4 if u.tired else 2,
    )
    d.text((12, 20), u.name[:16], font=font(15), fill=line)
    d.text((12, 40), f"{u.attack} / {u.health}", font=font(20), fill=line)
    flags = ("Tired " if u.tired else "") + (f"-{u.damage}" if u.damage else "")
    d.text((70, 44), flags, font=font(13), fill=line)
    if u.equips:
        d.text((12, 66), "+" + ", ".join(u.equips)[:18], font=font(12), fill=line)
    return img


def picture(scene: Scene) -> Image.Image:
    """The battlefield, composed in the palette from cached squares and texts (``bot.tiles``)."""
    img = PALETTE.frame((WIDTH, HEIGHT))
    me = Player(scene.view)
    _side_panel(img, 8, scene.sides[me.other])
    top = PANEL + MARGIN
    units = {(u.file, u.rank): u for u in scene.units}
    for rank in range(GRID.ranks):
        row = GRID.ranks - 1 - rank if me is Player.WHITE else rank
        for file in range(GRID.files):
            col = file if me is Player.WHITE else GRID.files - 1 - file
            key = (rank, f"{'abcde'[file]}{rank + 1}", units.get((file, rank)))
            tile = PALETTE.tile(key, lambda k: _square(*k))
            img.paste(tile, (MARGIN + col * SQ_W, top + row * SQ_H))
    _side_panel(img, top + GRID.ranks * SQ_H + 8, scene.sides[me])
    PALETTE.text(img, (MARGIN, HEIGHT - 24), scene.caption, font(14), MUTED)
    return img


def draw(scene: Scene) -> bytes:
    return palette_png(picture(scene))


def _wrap(text: str, width: int) -> list[str]:
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + len(word) + 1 <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def card_png(c: Card) -> bytes:
    """A card drawn by the project: its name, type, cost, stats and our text."""
    img = Image.new("RGB", (300, 420), SUIT_COL[c.suit])
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((10, 10, 290, 410), radius=14, fill=(245, 240, 228), outline=(20, 20, 20))
    d.text((22, 22), c.name, font=font(22), fill=(20, 20, 20))
    kind = "King" if c.type is CardType.KING else ("Piece" if c.is_piece else "Tactic")
    sub = f"{kind} · {c.suit.title()}" + (f" · {c.type.title()}" if c.type.is_tactic else "")
    d.text((22, 52), sub, font=font(14), fill=(80, 80, 80))
    if c.type is not CardType.KING:
        d.text((22, 80), f"Cost {c.cost}   Material {c.material}", font=font(16), fill=(20, 20, 20))
    if c.is_piece or c.type is CardType.KING:
        stats = f"Attack {c.attack}   Health {c.health}"
        d.text((22, 104), stats, font=font(16), fill=(20, 20, 20))
    for i, line in enumerate(_wrap(c.text, 30)):
        d.text((22, 150 + 22 * i), line, font=font(15), fill=(30, 30, 30))
    return png_bytes(img)


def warm_up() -> None:
    PALETTE.image()
    for size in (12, 13, 14, 15, 18, 20):
        font(size)
