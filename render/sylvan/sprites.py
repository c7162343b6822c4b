"""The cached anti-aliased Pillow sprites: style glyphs, tiles, flags, crowns, the treetop and item icons."""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache

from PIL import Image, ImageDraw

from render.common import INK, PAPER, RGB, WHITE, contrast, font
from render.sylvan.geometry import (
    CROWN_GEMS,
    CROWN_H,
    CROWN_SHAPE,
    CROWN_W,
    FLAG_BANNER,
    FLAG_H,
    FLAG_W,
    LEVEL_H,
    SWATCH,
    TILE_W,
    TOP_H,
    TOP_SINK,
)
from render.sylvan.palette import GOLD, OUTLINE, STYLE_INK, TREETOP, TREETOP_DARK, WOOD_DARK, blend


def _supersampled(size: tuple[int, int], paint: Callable[[ImageDraw.ImageDraw, int], None], k: int = 4
                  ) -> Image.Image:
    """An RGBA sprite painted at k times the size by `paint(draw, k)` and scaled down smoothly."""
    im = Image.new("RGBA", (size[0] * k, size[1] * k), (0, 0, 0, 0))
    paint(ImageDraw.Draw(im), k)
    return im.resize(size, Image.LANCZOS)


def paint_glyph(d: ImageDraw.ImageDraw, style: str | None, x: float, y: float, s: float) -> None:
    """The style's shape in the square (x, y, x+s, y+s): a mushroom, a flower, an acorn, a leaf; a "?"
    for an unknown style. Each shape has its own outline, not only its own colour, and fills the square with
    bold outlines so that the four still tell apart at half size (a phone shows the picture 430 px wide)."""
    lw = max(1, round(s / 10))

    def p(u: float, v: float) -> tuple[float, float]:
        return x + u * s, y + v * s

    if style == "mushroom":  # a wide domed red cap with white spots on a thick pale stem
        d.rounded_rectangle((*p(0.31, 0.4), *p(0.69, 0.98)), radius=s * 0.1, fill=(246, 234, 206),
                            outline=OUTLINE, width=lw)
        d.pieslice((*p(0.01, 0.02), *p(0.99, 1.06)), 180, 360, fill=STYLE_INK["mushroom"], outline=OUTLINE, width=lw)
        d.line([p(0.01, 0.54), p(0.99, 0.54)], fill=OUTLINE, width=lw)
        for u, v, r in ((0.27, 0.34, 0.09), (0.56, 0.2, 0.08), (0.77, 0.4, 0.07)):
            d.ellipse((*p(u - r, v - r), *p(u + r, v + r)), fill=WHITE)
    elif style == "flower":  # five round petals around a yellow heart
        r, dist = 0.22, 0.28
        for i in range(5):
            a = -math.pi / 2 + i * 2 * math.pi / 5
            u, v = 0.5 + dist * math.cos(a), 0.52 + dist * math.sin(a)
            d.ellipse((*p(u - r, v - r), *p(u + r, v + r)), fill=STYLE_INK["flower"], outline=OUTLINE, width=lw)
        d.ellipse((*p(0.34, 0.36), *p(0.66, 0.68)), fill=(252, 208, 40), outline=OUTLINE, width=lw)
    elif style == "nut":  # an acorn: a light pointed nut under a dark scaly cap, with a stalk
        d.polygon([p(0.18, 0.5), p(0.82, 0.5), p(0.78, 0.74), p(0.5, 0.99), p(0.22, 0.74)], fill=(222, 168, 92),
                  outline=OUTLINE, width=lw)
        d.line([p(0.5, 0.2), p(0.6, 0.0)], fill=OUTLINE, width=max(1, round(s / 7)))
        d.chord((*p(0.03, 0.12), *p(0.97, 0.72)), 180, 360, fill=(104, 60, 26), outline=OUTLINE, width=lw)
        d.rectangle((*p(0.03, 0.4), *p(0.97, 0.54)), fill=(104, 60, 26), outline=OUTLINE, width=lw)
    elif style == "leaf":  # a pointed leaf on a slant with its midrib
        pts = []
        for i in range(13):
            t = i / 12
            w = 0.3 * math.sin(math.pi * t)
            pts.append((0.1 + 0.8 * t - w * 0.7, 0.9 - 0.8 * t - w * 0.7))
        for i in range(12, -1, -1):
            t = i / 12
            w = 0.3 * math.sin(math.pi * t)
            pts.append((0.1 + 0.8 * t + w * 0.7, 0.9 - 0.8 * t + w * 0.7))
        d.polygon([p(u, v) for u, v in pts], fill=STYLE_INK["leaf"], outline=OUTLINE, width=lw)
        d.line([p(0.02, 0.98), p(0.8, 0.2)], fill=(16, 60, 20), width=lw)
    else:
        d.text(p(0.5, 0.5), "?", font=font(max(6, round(s * 0.8)), True), fill=INK, anchor="mm")


@lru_cache(maxsize=32)
def glyph_sprite(style: str | None, size: int, plate: bool = True) -> Image.Image:
    """A style glyph of `size` pixels, on a white rounded plate when `plate`."""

    def paint(d: ImageDraw.ImageDraw, k: int) -> None:
        s = size * k
        if plate:
            d.rounded_rectangle((0, 0, s - 1, s - 1), radius=s * 0.18, fill=WHITE, outline=OUTLINE,
                                width=max(1, round(k * 1.0)))
            paint_glyph(d, style, s * 0.0, s * 0.0, s * 1.0)  # the shape to the rim: every pixel counts on a phone
        else:
            paint_glyph(d, style, 0, 0, s)

    return _supersampled((size, size), paint)


@lru_cache(maxsize=128)
def tile_sprite(colour: RGB, style: str | None) -> Image.Image:
    """A dwelling tile: the owner's colour with the style glyph on a white square at its left."""
    w, h = TILE_W, LEVEL_H

    def paint(d: ImageDraw.ImageDraw, k: int) -> None:
        d.rounded_rectangle((0, 0, w * k - 1, h * k - 1), radius=4 * k, fill=colour, outline=OUTLINE,
                            width=round(1.3 * k))
        # a lighter band at the top edge: the tiles of a stack read as separate boards
        d.line([(5 * k, 2.2 * k), ((w - 5) * k, 2.2 * k)], fill=blend(colour, WHITE, 0.45), width=round(1.2 * k))

    im = _supersampled((w, h), paint)
    g = glyph_sprite(style, SWATCH)
    im.alpha_composite(g, (1, (h - SWATCH) // 2))
    return im


@lru_cache(maxsize=16)
def flag_sprite(colour: RGB) -> Image.Image:
    """A flag marker: a dark pole and a wide swallow-tailed banner in the owner's colour, both rimmed in white,
    so that the banner reads as the owner's colour on any tile (its owner's own too) and on the wooden base."""

    def paint(d: ImageDraw.ImageDraw, k: int) -> None:
        pole = [(3.5 * k, 1.5 * k), (3.5 * k, (FLAG_H - 1) * k)]
        banner = [(x * k, y * k) for x, y in FLAG_BANNER]
        d.line(pole, fill=WHITE, width=round(6 * k))
        d.polygon(banner, fill=WHITE, outline=WHITE, width=round(6 * k))
        d.line(pole, fill=OUTLINE, width=round(2.4 * k))
        d.polygon(banner, fill=colour, outline=OUTLINE, width=round(2 * k))

    return _supersampled((FLAG_W, FLAG_H), paint)


@lru_cache(maxsize=64)
def crown_sprite(height: int, colour: RGB | None) -> Image.Image:
    """The tree's height in a crown filled with the advantage holder's colour, white when no one has the
    advantage: one shape for the height of every tree (the number is the height; the stack shows the same)."""
    label = str(height)

    def paint(d: ImageDraw.ImageDraw, k: int) -> None:
        d.polygon([(x * k, y * k) for x, y in CROWN_SHAPE], fill=colour or WHITE, outline=OUTLINE, width=round(1.8 * k))
        for x, y in CROWN_GEMS:
            r = 2.2 * k
            d.ellipse((x * k - r, y * k - r, x * k + r, y * k + r), fill=GOLD if colour else (196, 196, 196),
                      outline=OUTLINE, width=k)

    im = _supersampled((CROWN_W, CROWN_H), paint)
    d = ImageDraw.Draw(im)
    ink = INK if colour is None else contrast(colour)
    stroke = None if colour is None else (WHITE if ink == INK else OUTLINE)
    y = CROWN_H / 2 + 4
    d.text((CROWN_W / 2, y), label, font=font(18, True), fill=ink, anchor="mm",
           stroke_width=1 if stroke else 0, stroke_fill=stroke)
    return im


@lru_cache(maxsize=1)
def treetop_sprite() -> Image.Image:
    """A treetop: two green tiers and a tip, much wider than tall, above the top dwelling; only its short
    trunk (TOP_SINK px) reaches down onto the middle of the dwelling, clear of its glyph and flags."""
    w, h = 56, TOP_H + TOP_SINK

    def paint(d: ImageDraw.ImageDraw, k: int) -> None:
        lw = round(1.4 * k)
        d.rectangle(((w / 2 - 5) * k, (TOP_H - 2) * k, (w / 2 + 5) * k, h * k), fill=WOOD_DARK)
        d.polygon([(1 * k, (TOP_H - 0.5) * k), ((w - 1) * k, (TOP_H - 0.5) * k), (w / 2 * k, 1.5 * k)],
                  fill=TREETOP, outline=TREETOP_DARK, width=lw)
        d.polygon([(17 * k, 5 * k), ((w - 17) * k, 5 * k), (w / 2 * k, 0.3 * k)], fill=(60, 150, 70),
                  outline=TREETOP_DARK, width=lw)

    return _supersampled((w, h), paint)


def paint_icon(d: ImageDraw.ImageDraw, kind: str, x: float, y: float, s: float, faded: bool = False) -> None:
    """A special item in the square (x, y, x+s, y+s): axe, hammer, bridge or treetop."""
    lw = max(1, round(s / 12))
    fade = 0.6 if faded else 0.0

    def c(rgb: RGB) -> RGB:
        return blend(rgb, PAPER, fade)

    def p(u: float, v: float) -> tuple[float, float]:
        return x + u * s, y + v * s

    handle, metal, dark = c((150, 96, 48)), c((170, 176, 186)), c(OUTLINE)
    if kind == "axe":
        d.line([p(0.25, 0.95), p(0.62, 0.1)], fill=dark, width=round(s * 0.16))
        d.line([p(0.25, 0.95), p(0.62, 0.1)], fill=handle, width=round(s * 0.1))
        d.polygon([p(0.5, 0.12), p(0.95, 0.05), p(0.98, 0.55), p(0.58, 0.42)], fill=metal, outline=dark,
                  width=lw)
    elif kind == "hammer":
        d.line([p(0.5, 0.95), p(0.5, 0.28)], fill=dark, width=round(s * 0.17))
        d.line([p(0.5, 0.95), p(0.5, 0.28)], fill=handle, width=round(s * 0.1))
        d.rounded_rectangle((*p(0.1, 0.06), *p(0.9, 0.36)), radius=s * 0.05, fill=c((96, 100, 110)),
                            outline=dark, width=lw)
    elif kind == "bridge":
        d.arc((*p(0.02, 0.2), *p(0.98, 1.1)), 200, 340, fill=dark, width=round(s * 0.1))
        for u in (0.2, 0.5, 0.8):
            d.line([p(u, 0.3), p(u, 0.72 if u != 0.5 else 0.78)], fill=dark, width=lw)
        d.rectangle((*p(0.0, 0.62), *p(1.0, 0.8)), fill=handle, outline=dark, width=lw)
    elif kind == "treetop":
        d.polygon([p(0.08, 0.82), p(0.92, 0.82), p(0.5, 0.3)], fill=c(TREETOP), outline=dark, width=lw)
        d.polygon([p(0.2, 0.45), p(0.8, 0.45), p(0.5, 0.02)], fill=c((60, 150, 70)), outline=dark, width=lw)
        d.rectangle((*p(0.43, 0.82), *p(0.57, 1.0)), fill=handle)
    else:
        d.text(p(0.5, 0.5), "?", font=font(max(6, round(s * 0.8)), True), fill=dark, anchor="mm")


@lru_cache(maxsize=32)
def icon_sprite(kind: str, size: int, faded: bool = False) -> Image.Image:
    return _supersampled((size, size), lambda d, k: paint_icon(d, kind, 0, 0, size * k, faded))


def paste(im: Image.Image, sprite: Image.Image, x: float, y: float) -> None:
    """Paste an RGBA sprite with its top left corner at (x, y)."""
    im.paste(sprite, (round(x), round(y)), sprite)
