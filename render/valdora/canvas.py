"""What the Valdora drawing is painted on: the part of Pillow's `ImageDraw` it uses, plus a pawn and a place to
tap. The same painting code writes the PNG (`PngCanvas`, on a Pillow image) and the Mini App's SVG
(`svg.SvgCanvas`, which records the shapes as SVG elements), so the two pictures are one drawing."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any, Protocol

from PIL import Image, ImageDraw, ImageFont

from render.common import RGB, WHITE, contrast, font
from render.valdora.layout import DARK, Box

Point = tuple[float, float]


class Canvas(Protocol):
    """The drawing calls the Valdora painting makes (Pillow's meaning of every argument)."""

    def ellipse(self, xy: Box, fill: RGB | None = None, outline: RGB | None = None, width: int = 1) -> None: ...

    def rectangle(self, xy: Box, fill: RGB | None = None, outline: RGB | None = None, width: int = 1) -> None: ...

    def rounded_rectangle(self, xy: Box, radius: float = 0, fill: RGB | None = None, outline: RGB | None = None,
                          width: int = 1) -> None: ...

    def polygon(self, xy: Sequence[Point], fill: RGB | None = None, outline: RGB | None = None,
                width: int = 1) -> None: ...

    def line(self, xy: Sequence[Point], fill: RGB | None = None, width: int = 0) -> None: ...

    def arc(self, xy: Box, start: float, end: float, fill: RGB | None = None, width: int = 1) -> None: ...

    def text(self, xy: Point, text: str, fill: RGB | None = None, font: ImageFont.FreeTypeFont | None = None,
             anchor: str | None = None, **kwargs: Any) -> None: ...

    def pawn(self, cx: float, cy: float, fill: RGB, label: str, height: int) -> None:
        """A pawn in `fill` with `label` on its head, `height` high, centred on (cx, cy)."""

    def hit(self, target: str, box: Box, round: bool = False) -> None:
        """A place a player may tap, the id `target`: the box, or the disc in it when `round`."""


PAWN_PAD = 2  # around a pawn's shape in its sprite


def pawn_size(height: int) -> tuple[int, int]:
    """The sprite of a pawn `height` high: (width, height) with its padding."""
    s = height / 40
    return round(30 * s) + 2 * PAWN_PAD, round(40 * s) + 2 * PAWN_PAD


def pawn_shape(d: Canvas, left: float, top: float, fill: RGB, label: str, height: int, k: int = 1) -> None:
    """A pawn (head, body, base) in a seat's colour with the seat number on its head, its sprite's top left at
    (left, top), k times magnified; edged dark on a light colour and white on a dark one, so that it shows on
    every space. Nothing on the board has this shape: towns are discs with letters, roads are boxes with names."""
    s = height / 40
    w = round(30 * s)
    edge = WHITE if contrast(fill) == WHITE else DARK

    def p(x: float, y: float) -> Point:
        return left + (PAWN_PAD + w / 2 + x * s) * k, top + (PAWN_PAD + y * s) * k

    lw = max(2, round(2 * k))
    body = [p(-7, 17), p(7, 17), p(12, 33), p(-12, 33)]
    d.polygon(body, fill=fill, outline=edge, width=lw)
    d.rounded_rectangle((*p(-14, 31), *p(14, 39)), radius=3 * k, fill=fill, outline=edge, width=lw)
    d.ellipse((*p(-11, 1), *p(11, 23)), fill=fill, outline=edge, width=lw)
    if label:
        f = font(round(15 * s * k), True)
        d.text(p(0, 12.5), label, font=f, fill=contrast(fill), anchor="mm")


def _supersampled(size: tuple[int, int], paint: Callable[[ImageDraw.ImageDraw, int], None], k: int = 4
                  ) -> Image.Image:
    """An RGBA sprite painted at k times the size by `paint(draw, k)` and scaled down smoothly."""
    im = Image.new("RGBA", (size[0] * k, size[1] * k), (0, 0, 0, 0))
    paint(ImageDraw.Draw(im), k)
    return im.resize(size, Image.LANCZOS)


@lru_cache(maxsize=64)
def pawn_sprite(fill: RGB, label: str, height: int) -> Image.Image:
    """A pawn drawn smooth for the PNG (see `pawn_shape`)."""
    return _supersampled(pawn_size(height), lambda d, k: pawn_shape(d, 0, 0, fill, label, height, k))


class PngCanvas(ImageDraw.ImageDraw):
    """Pillow's drawing on `image`, pasting smooth pawn sprites; a PNG cannot be tapped, so `hit` draws nothing."""

    def __init__(self, image: Image.Image):
        super().__init__(image)
        self.image = image

    def pawn(self, cx: float, cy: float, fill: RGB, label: str, height: int) -> None:
        sprite = pawn_sprite(fill, label, height)
        self.image.paste(sprite, (round(cx - sprite.width / 2), round(cy - sprite.height / 2)), sprite)

    def hit(self, target: str, box: Box, round: bool = False) -> None:
        """Nothing to tap on a picture."""
