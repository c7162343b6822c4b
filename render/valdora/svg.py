"""The Valdora board for the Mini App: `board(view) -> SVG` (one `<svg>` element, 900 units wide, scaled by the page
to the phone's width), painted by the same code as the PNG (`sheet.py`) on a canvas that writes SVG elements.

Every place a player may tap (a space, an open page, a gem on a road or in the discard, a piece of equipment, a
contract in a row) gets an invisible shape on top of the drawing that carries `data-target` with the id
`rules.valdora.notation.targets` names (see the ids in `layout.py`); the page highlights those it needs.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from PIL import ImageFont

from render.common import RGB
from render.valdora.canvas import Point, pawn_shape, pawn_size
from render.valdora.layout import BOARD_BG, WIDTH, Box, layout, moving, space_spots, spaces_of
from render.valdora.sheet import paint_ground, paint_pieces

FONT_FAMILY = "system-ui, sans-serif"
# Pillow's text anchors (horizontal, vertical) as SVG's text-anchor and dominant-baseline
H_ANCHOR = {"l": "start", "m": "middle", "r": "end"}
V_ANCHOR = {"a": "text-before-edge", "t": "text-before-edge", "m": "central", "s": "alphabetic",
            "b": "text-after-edge", "d": "text-after-edge"}


def num(value: float) -> str:
    """A coordinate, to a tenth of a unit (a third of a pixel on the phone): short and exact enough."""
    text = f"{value:.1f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def colour(rgb: RGB | None) -> str:
    return "none" if rgb is None else "#{:02x}{:02x}{:02x}".format(*rgb[:3])


def paint(fill: RGB | None, outline: RGB | None, width: float) -> str:
    """The fill and stroke attributes of a shape."""
    out = f'fill="{colour(fill)}"'
    if outline is not None and width > 0:
        out += f' stroke="{colour(outline)}" stroke-width="{num(width)}"'
    return out


class SvgCanvas:
    """A `Canvas` that writes each drawing call as an SVG element, in Pillow's geometry: an outline lies inside
    the box it is given, as Pillow draws it, so the shapes match the PNG's."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.hits: list[tuple[str, str]] = []  # (target, element)

    def ellipse(self, xy: Box, fill: RGB | None = None, outline: RGB | None = None, width: int = 1) -> None:
        x0, y0, x1, y1 = xy
        inset = width / 2 if outline is not None else 0
        self.parts.append(f'<ellipse cx="{num((x0 + x1) / 2)}" cy="{num((y0 + y1) / 2)}" '
                          f'rx="{num((x1 - x0) / 2 - inset)}" ry="{num((y1 - y0) / 2 - inset)}" '
                          f'{paint(fill, outline, width)}/>')

    def rectangle(self, xy: Box, fill: RGB | None = None, outline: RGB | None = None, width: int = 1) -> None:
        self.rounded_rectangle(xy, 0, fill, outline, width)

    def rounded_rectangle(self, xy: Box, radius: float = 0, fill: RGB | None = None, outline: RGB | None = None,
                          width: int = 1) -> None:
        x0, y0, x1, y1 = xy
        inset = width / 2 if outline is not None else 0
        corner = f' rx="{num(max(0, radius - inset))}"' if radius else ""
        self.parts.append(f'<rect x="{num(x0 + inset)}" y="{num(y0 + inset)}" width="{num(x1 - x0 - 2 * inset)}" '
                          f'height="{num(y1 - y0 - 2 * inset)}"{corner} {paint(fill, outline, width)}/>')

    def polygon(self, xy: Sequence[Point], fill: RGB | None = None, outline: RGB | None = None,
                width: int = 1) -> None:
        points = " ".join(f"{num(x)},{num(y)}" for x, y in xy)
        self.parts.append(f'<polygon points="{points}" {paint(fill, outline, width)} stroke-linejoin="round"/>')

    def line(self, xy: Sequence[Point], fill: RGB | None = None, width: int = 0) -> None:
        points = " ".join(f"{num(x)},{num(y)}" for x, y in xy)
        self.parts.append(f'<polyline points="{points}" fill="none" stroke="{colour(fill)}" '
                          f'stroke-width="{num(max(1, width))}"/>')

    def arc(self, xy: Box, start: float, end: float, fill: RGB | None = None, width: int = 1) -> None:
        """Part of the ring inside `xy`, from `start` to `end` degrees clockwise from three o'clock (Pillow's)."""
        x0, y0, x1, y1 = xy
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        rx, ry = (x1 - x0 - width) / 2, (y1 - y0 - width) / 2

        def at(degrees: float) -> str:
            angle = math.radians(degrees)
            return f"{num(cx + rx * math.cos(angle))},{num(cy + ry * math.sin(angle))}"

        large = 1 if (end - start) % 360 > 180 else 0
        self.parts.append(f'<path d="M{at(start)} A{num(rx)},{num(ry)} 0 {large} 1 {at(end)}" fill="none" '
                          f'stroke="{colour(fill)}" stroke-width="{num(width)}"/>')

    def text(self, xy: Point, text: str, fill: RGB | None = None, font: ImageFont.FreeTypeFont | None = None,
             anchor: str | None = None, stroke_width: int = 0, stroke_fill: RGB | None = None,
             **kwargs: Any) -> None:
        across, up = (anchor or "la")[0], (anchor or "la")[1]
        size = font.size if font is not None else 16
        bold = font is not None and "Bold" in str(getattr(font, "path", ""))
        weight = ' font-weight="bold"' if bold else ""
        attrs = (f'x="{num(xy[0])}" y="{num(xy[1])}" font-family="{FONT_FAMILY}" font-size="{num(size)}"{weight} '
                 f'fill="{colour(fill)}"')
        if H_ANCHOR.get(across, "start") != "start":
            attrs += f' text-anchor="{H_ANCHOR[across]}"'
        if V_ANCHOR.get(up, "alphabetic") != "alphabetic":
            attrs += f' dominant-baseline="{V_ANCHOR[up]}"'
        if stroke_width and stroke_fill is not None:
            attrs += f' stroke="{colour(stroke_fill)}" stroke-width="{stroke_width * 2}" paint-order="stroke"'
        self.parts.append(f"<text {attrs}>{escape(text)}</text>")

    def pawn(self, cx: float, cy: float, fill: RGB, label: str, height: int) -> None:
        w, h = pawn_size(height)
        self.parts.append('<g class="pawn">')
        pawn_shape(self, round(cx - w / 2), round(cy - h / 2), fill, label, height)
        self.parts.append("</g>")

    def hit(self, target: str, box: Box, round: bool = False) -> None:
        x0, y0, x1, y1 = box
        shape = (f'<ellipse cx="{num((x0 + x1) / 2)}" cy="{num((y0 + y1) / 2)}" rx="{num((x1 - x0) / 2)}" '
                 f'ry="{num((y1 - y0) / 2)}"' if round else
                 f'<rect x="{num(x0)}" y="{num(y0)}" width="{num(x1 - x0)}" height="{num(y1 - y0)}" rx="8"')
        self.hits.append((target, f'{shape} fill="#ffffff" fill-opacity="0" data-target={quoteattr(target)}/>'))


def board(view: dict) -> str:
    """The board of this view as SVG text: one `<svg>` with a viewBox and no fixed size (see module doc)."""
    lay, spots = layout(view), space_spots(view)
    canvas = SvgCanvas()
    canvas.rectangle((0, 0, WIDTH, lay.height), fill=BOARD_BG)
    paint_ground(canvas, view, lay, spots)
    paint_pieces(canvas, view, lay, spots)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {lay.height}" '
            f'font-family="{FONT_FAMILY}">' + "".join(canvas.parts)
            + '<g class="targets">' + "".join(element for _, element in hits_in_order(view, canvas.hits))
            + "</g></svg>")


def hits_in_order(view: dict, hits: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The tap shapes bottom to top. A road's gems lie on the road: while the pawn moves the spaces are on top
    (a tap on a gem picks its road), else the gems are (a tap picks the gem to mine)."""
    if not moving(view):
        return hits
    spaces = {str(s["name"]) for s in spaces_of(view)}
    return sorted(hits, key=lambda hit: hit[0] in spaces)  # stable: the rest keep their order
