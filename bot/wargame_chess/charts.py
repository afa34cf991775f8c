"""Pictures beside the board: a tarot card and the bar chart of an Attack's odds. They share
the board pictures' fonts and colours (``render``)."""

from __future__ import annotations

import math
from fractions import Fraction

from PIL import Image, ImageDraw

from bot.wargame_chess.render import ADV_COL, BG, MUTED, TEXT, font, star_points
from rules.wargame_chess.tarot import TarotCard


def _emblem(d: ImageDraw.ImageDraw, n: int, cx: int, cy: int) -> None:
    gold, ink = (214, 168, 40), (60, 40, 20)
    if n in (19, 20):  # sun / fire
        for i in range(12):
            a = i * math.pi / 6
            d.line(
                [
                    cx + 30 * math.cos(a),
                    cy + 30 * math.sin(a),
                    cx + 48 * math.cos(a),
                    cy + 48 * math.sin(a),
                ],
                fill=gold,
                width=5,
            )
        d.ellipse([cx - 26, cy - 26, cx + 26, cy + 26], fill=gold, outline=ink, width=3)
    elif n == 18:  # moon
        d.ellipse([cx - 40, cy - 40, cx + 40, cy + 40], fill=(220, 220, 240), outline=ink, width=3)
        d.ellipse([cx - 20, cy - 46, cx + 56, cy + 30], fill=(246, 236, 214))
    elif n == 17:
        d.polygon(star_points(cx, cy, 46), fill=gold, outline=ink)
    elif n == 16:  # tower
        d.rectangle(
            [cx - 22, cy - 30, cx + 22, cy + 46], fill=(150, 140, 130), outline=ink, width=3
        )
        d.polygon(
            [(cx - 30, cy - 30), (cx, cy - 56), (cx + 30, cy - 30)], fill=(190, 60, 40), outline=ink
        )
    elif n in (10, 21):  # wheel / world
        d.ellipse([cx - 44, cy - 44, cx + 44, cy + 44], outline=ink, width=5)
        for i in range(8):
            a = i * math.pi / 4
            d.line([cx, cy, cx + 44 * math.cos(a), cy + 44 * math.sin(a)], fill=ink, width=3)
    elif n == 8:  # scales
        d.line([cx, cy - 40, cx, cy + 40], fill=ink, width=5)
        d.line([cx - 44, cy - 26, cx + 44, cy - 26], fill=ink, width=5)
        for sx in (-44, 44):
            d.pieslice(
                [cx + sx - 18, cy - 10, cx + sx + 18, cy + 20], 0, 180, fill=gold, outline=ink
            )
    elif n == 6:  # heart
        d.ellipse([cx - 40, cy - 36, cx, cy + 4], fill=(200, 50, 70))
        d.ellipse([cx, cy - 36, cx + 40, cy + 4], fill=(200, 50, 70))
        d.polygon([(cx - 38, cy - 8), (cx + 38, cy - 8), (cx, cy + 42)], fill=(200, 50, 70))
    elif n == 13:  # scythe blade
        d.arc([cx - 46, cy - 46, cx + 46, cy + 46], 200, 330, fill=ink, width=8)
        d.line([cx - 30, cy + 46, cx + 30, cy - 40], fill=ink, width=6)
    else:  # a crown-like mark with the numeral
        d.polygon(
            [
                (cx - 40, cy + 20),
                (cx - 40, cy - 20),
                (cx - 20, cy),
                (cx, cy - 34),
                (cx + 20, cy),
                (cx + 40, cy - 20),
                (cx + 40, cy + 20),
            ],
            fill=gold,
            outline=ink,
        )


def tarot_card_image(card: TarotCard) -> Image.Image:
    w, h = 260, 420
    img = Image.new("RGB", (w, h), (30, 30, 36))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle(
        [6, 6, w - 7, h - 7], radius=16, fill=(246, 236, 214), outline=(120, 90, 40), width=5
    )
    d.text((w // 2, 40), card.numeral, font=font(34), anchor="mm", fill=(60, 40, 20))
    _emblem(d, card.number, w // 2, 190)
    name = card.name.upper()
    size = 26 if len(name) <= 14 else 20
    d.text((w // 2, h - 80), name, font=font(size, True), anchor="mm", fill=(60, 40, 20))
    sub = "resolved at the table" if not card.complete else " · ".join(card.aliases)
    sf = font(14, True)
    while sub and d.textlength(sub, font=sf) > w - 40:
        sub = sub.rsplit(" · ", 1)[0] if " · " in sub else sub[:-2] + "…"
    d.text((w // 2, h - 46), sub, font=sf, anchor="mm", fill=(120, 90, 40))
    return img


def odds_chart(
    attacker: dict[int, Fraction],
    defender: dict[int, Fraction],
    slay: Fraction,
    title: str = "",
) -> Image.Image:
    """Bars for each total: attacker (filled) and defender (hatched outline)."""
    w, h = 720, 380
    img = Image.new("RGB", (w, h), BG)
    d = ImageDraw.Draw(img)
    d.text((20, 14), title or "Attack odds", font=font(20), fill=TEXT)
    d.text((w - 20, 14), f"slays {float(slay):.1%}", font=font(20), fill=ADV_COL, anchor="ra")
    lo = min(min(attacker), min(defender))
    hi = max(max(attacker), max(defender))
    top = float(max(max(attacker.values()), max(defender.values())))
    x0, y0, x1, y1 = 50, 60, w - 20, h - 40
    n = hi - lo + 1
    bw = (x1 - x0) / n
    label_every = 1 if n <= 30 else -(-n // 30)  # at most about 30 labels
    for i, t in enumerate(range(lo, hi + 1)):
        bx = x0 + i * bw
        for j, (dist, col) in enumerate(((attacker, (220, 120, 60)), (defender, (80, 150, 220)))):
            p = float(dist.get(t, 0))
            if not p:
                continue
            bh = (y1 - y0) * p / top
            left = bx + 1 + j * bw / 2
            d.rectangle(
                [left, y1 - bh, max(left, left + bw / 2 - 2), y1],
                fill=col if j == 0 else None,
                outline=col,
                width=2,
            )
        if (t - lo) % label_every == 0:
            d.text((bx + bw / 2, y1 + 14), str(t), font=font(11, True), anchor="mm", fill=MUTED)
    d.line([x0, y1, x1, y1], fill=MUTED, width=1)
    d.rectangle([x0, 40, x0 + 14, 54], fill=(220, 120, 60))
    d.text((x0 + 20, 47), "attacker", font=font(13, True), anchor="lm", fill=TEXT)
    d.rectangle([x0 + 110, 40, x0 + 124, 54], outline=(80, 150, 220), width=2)
    d.text((x0 + 130, 47), "defender (wins ties)", font=font(13, True), anchor="lm", fill=TEXT)
    return img
