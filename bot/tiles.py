"""Board pictures composed in a fixed palette from cached tiles: the fast path every system's
picture shares.

Drawing a whole board with Pillow each time costs 10-25 ms, most of it anti-aliased text and
shapes that were already drawn for the previous picture, then the PNG encoder's deflate. So a
system draws each square's content, each piece of text, once, as a small RGB tile; the tile is
mapped onto the system's 256-colour palette once and cached; a picture is those tiles pasted
into a "P" frame (a copy of bytes), written as a PNG by `palette_png` with ISA-L's deflate. A
picture whose tiles are all known costs a fraction of a millisecond; a new piece of text, a few
hundred microseconds.

A system's palette is built once, from its colours and their blends (what anti-aliasing makes
of one colour over another) and, optionally, a reference picture drawn the slow way; every tile
maps onto it, so tiles pasted side by side agree and the palette never changes between
pictures.
"""

from __future__ import annotations

import io
import struct
import zlib
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any, TypeVar

from PIL import Image, ImageDraw, ImageFont

try:  # ISA-L's deflate: same zlib stream, about 7x faster at level 1
    from isal.isal_zlib import compress as _deflate
except ImportError:  # pragma: no cover - platforms without an isal wheel
    from zlib import compress as _deflate

RGB = tuple[int, int, int]
K = TypeVar("K")

# Tiles kept per palette before the oldest half is dropped: enough for every square's content
# and every line of text a long game shows.
MAX_TILES = 8192


def png_bytes(img: Image.Image) -> bytes:
    """PNG-encode a picture with many colours (tarot cards, charts) with Pillow. Board
    pictures are composed in a palette and written by `palette_png`."""
    buf = io.BytesIO()
    img.save(buf, format="PNG", compress_level=1)
    return buf.getvalue()


def _chunk(kind: bytes, data: bytes) -> bytes:
    return (
        struct.pack(">I", len(data))
        + kind
        + data
        + struct.pack(">I", zlib.crc32(data, zlib.crc32(kind)))
    )


def palette_png(img: Image.Image) -> bytes:
    """A "P"-mode image as a PNG file: IHDR, PLTE, one IDAT, IEND, no row filters.

    Why not `Image.save`: Pillow's wheels deflate with the system zlib, which spends ~1.6 ms on a
    board picture; ISA-L's deflate (the `isal` package, a drop-in for `zlib`) does the same
    stream in ~0.2 ms at a similar size, and the picture is the largest cost of an action.
    The container itself is a few fixed-layout chunks; tests decode the result with Pillow and
    compare every pixel."""
    if img.mode != "P":
        raise ValueError(f"palette_png wants a 'P' image, got {img.mode!r}")
    w, h = img.size
    # Each scanline starts with its filter type (0, none): paste into a frame one pixel wider
    # whose first column is 0, and the raw bytes are the filtered data.
    framed = Image.new("P", (w + 1, h), 0)
    framed.paste(img, (1, 0))
    pal = img.getpalette() or []
    pal_bytes = bytes(pal[: 3 * 256]).ljust(3 * 256, b"\0")
    return b"".join(
        (
            b"\x89PNG\r\n\x1a\n",
            _chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 3, 0, 0, 0)),
            _chunk(b"PLTE", pal_bytes),
            _chunk(b"IDAT", _deflate(framed.tobytes(), 1)),
            _chunk(b"IEND", b""),
        )
    )


def blends(colours: Sequence[RGB], steps: int = 8) -> Image.Image:
    """Every colour over every other in ``steps`` mixes: what anti-aliased edges are made of."""
    strip = Image.new("RGB", (len(colours) * steps, steps * len(colours)))
    for i, a in enumerate(colours):
        for j, b in enumerate(colours):
            for k in range(steps):
                t = k / (steps - 1)
                c = (
                    round(a[0] * (1 - t) + b[0] * t),
                    round(a[1] * (1 - t) + b[1] * t),
                    round(a[2] * (1 - t) + b[2] * t),
                )
                strip.putpixel((i * steps + k, j * steps), c)
    return strip


@cache
def _probe() -> ImageDraw.ImageDraw:
    return ImageDraw.Draw(Image.new("RGBA", (1, 1)))


class Palette:
    """One system's fixed palette and its cache of tiles mapped onto it.

    ``colours``: every colour the system draws (their blends are added); ``reference``: an
    optional picture drawn the slow way whose colours the palette must also cover (built
    lazily, on first use)."""

    def __init__(
        self,
        colours: Sequence[RGB],
        background: RGB,
        reference: Callable[[], Image.Image] | None = None,
    ) -> None:
        self.colours = tuple(colours)
        self.background = background
        self._reference = reference
        self._image: Image.Image | None = None
        self._inks: dict[RGB, int] = {}
        self._tiles: dict[object, Image.Image] = {}
        self._texts: dict[tuple[Any, ...], tuple[Image.Image, int, int]] = {}

    # ---- the palette ----
    def image(self) -> Image.Image:
        """The palette as a "P" image (what `Image.quantize(palette=...)` wants)."""
        if self._image is None:
            strip = blends(self.colours)
            if self._reference is None:
                sheet = strip
            else:
                ref = self._reference()
                sheet = Image.new("RGB", (ref.width, ref.height + strip.height), self.background)
                sheet.paste(ref, (0, 0))
                sheet.paste(strip, (0, ref.height))
            # The system's own colours exactly, then the best fit for everything else.
            exact = list(dict.fromkeys(self.colours))[:128]
            fit = sheet.quantize(
                256 - len(exact), method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
            )
            # Pillow maps a colour to the entry nearest the low corner of its cell in a cache of
            # 6 bits per channel: a fitted colour nearer that corner than an exact colour is
            # would take the exact colour's pixels, so it is left out.
            fitted = (fit.getpalette() or [])[: 3 * (256 - len(exact))]
            rest = [
                v
                for i in range(0, len(fitted), 3)
                if not _steals((fitted[i], fitted[i + 1], fitted[i + 2]), exact)
                for v in fitted[i : i + 3]
            ]
            flat = [v for c in exact for v in c] + rest
            flat += flat[-3:] * ((3 * 256 - len(flat)) // 3)
            self._image = Image.new("P", (1, 1))
            self._image.putpalette(flat)
        return self._image

    def ink(self, colour: RGB) -> int:
        """The palette index ``colour`` maps to (for drawing straight into a "P" frame)."""
        if colour not in self._inks:
            px = Image.new("RGB", (1, 1), colour).quantize(
                palette=self.image(), dither=Image.Dither.NONE
            )
            value = px.getpixel((0, 0))
            assert isinstance(value, int)
            self._inks[colour] = value
        return self._inks[colour]

    def to_palette(self, img: Image.Image, background: RGB | None = None) -> Image.Image:
        """An RGB or RGBA image as a "P" image (RGBA is first laid on ``background``)."""
        if img.mode == "RGBA":
            flat = Image.new("RGB", img.size, background or self.background)
            flat.paste(img, (0, 0), img)
            img = flat
        return img.convert("RGB").quantize(palette=self.image(), dither=Image.Dither.NONE)

    def frame(self, size: tuple[int, int], background: RGB | None = None) -> Image.Image:
        """An empty "P" picture of this palette."""
        img = Image.new("P", size, self.ink(background or self.background))
        img.putpalette(self.image().getpalette() or [])
        return img

    # ---- cached tiles ----
    def tile(self, key: K, draw: Callable[[K], Image.Image]) -> Image.Image:
        """The "P" tile cached under ``key``; ``draw(key)`` makes it in RGB (or RGBA on the
        background) the first time."""
        tile = self._tiles.get(key)
        if tile is None:
            tile = _bounded(self._tiles)[key] = self.to_palette(draw(key))
        return tile

    def text(
        self,
        img: Image.Image,
        xy: tuple[int, int],
        text: str,
        font: ImageFont.FreeTypeFont,
        fill: RGB,
        background: RGB | None = None,
        anchor: str = "la",
    ) -> None:
        """Put ``text`` on a "P" picture as ``ImageDraw.text`` would at ``xy`` with ``anchor``,
        on a plain ``background``, from a cached tile."""
        if not text:
            return
        bg = background or self.background
        key = (text, font.path, font.size, fill, bg, anchor)
        placed = self._texts.get(key)
        if placed is None:
            left, top, right, bottom = (
                int(v) for v in _probe().textbbox((0, 0), text, font=font, anchor=anchor)
            )
            rgb = Image.new("RGB", (max(1, right - left), max(1, bottom - top)), bg)
            ImageDraw.Draw(rgb).text((-left, -top), text, font=font, fill=fill, anchor=anchor)
            placed = (self.to_palette(rgb), left, top)
            _bounded(self._texts)[key] = placed
        tile, left, top = placed
        img.paste(tile, (xy[0] + left, xy[1] + top))


def _bounded(store: dict[Any, Any]) -> dict[Any, Any]:
    """``store`` with room for one more entry (the oldest half dropped when full)."""
    if len(store) >= MAX_TILES:
        for old in list(store)[: MAX_TILES // 2]:
            del store[old]
    return store


def _steals(colour: RGB, exact: Sequence[RGB]) -> bool:
    """Whether Pillow would map one of the ``exact`` colours to ``colour`` instead."""

    def dist(a: RGB, b: RGB) -> int:
        return sum((x - y) * (x - y) for x, y in zip(a, b, strict=True))

    for e in exact:
        corner = (e[0] & ~3, e[1] & ~3, e[2] & ~3)
        if dist(colour, corner) <= dist(e, corner):
            return True
    return False
