"""SVG elements as text for the Kingdom Builder board: numbers kept short, every text XML-escaped and fitted
like the picture's (`render.common.fit`), and the shared shapes of `marks` written as SVG.

>>> number(12.0), number(3.14159), points([(1, 2.25), (3.5, 4)])
('12', '3.1', '1,2.2 3.5,4')
>>> text(10, 20, 'Вера <b>&"', 16, (0, 0, 0))
'<text x="10" y="20" font-size="16" fill="#000000" dominant-baseline="central">Вера &lt;b&gt;&amp;&quot;</text>'
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from html import escape

from render.common import RGB, clean, fit
from render.kingdom.geometry import Point
from render.kingdom.marks import Shape
from render.kingdom.style import hex_rgb

ANCHORS = {"l": "start", "m": "middle", "r": "end"}  # Pillow's horizontal anchor letter -> SVG text-anchor


def number(x: float) -> str:
    """A coordinate to a tenth of a pixel, without a trailing ".0"."""
    out = f"{x:.1f}".rstrip("0").rstrip(".")
    return "0" if out == "-0" else out


def points(pts: Iterable[Point]) -> str:
    return " ".join(f"{number(x)},{number(y)}" for x, y in pts)


def attrs(**values: object) -> str:
    """ ` fill="#ffffff" stroke-width="2"`: keyword arguments as attributes (`_` -> `-`), None left out."""
    out = []
    for key, value in values.items():
        if value is None:
            continue
        if isinstance(value, tuple):
            value = hex_rgb(value)
        elif isinstance(value, float):
            value = number(value)
        out.append(f' {key.rstrip("_").replace("_", "-")}="{escape(str(value), quote=True)}"')
    return "".join(out)


def text(x: float, y: float, value: str, size: int, fill: RGB, bold: bool = False, anchor: str = "l",
         max_width: float | None = None, min_size: int | None = None, **extra: object) -> str:
    """A line of text, vertically centred on y (Pillow's "lm", "mm", "rm"), fitted to `max_width` as the
    picture fits it: smaller down to `min_size`, then cut with "…"."""
    if max_width is not None:
        value, size = fit(value, size, max_width, bold, min_size)
    else:
        value = clean(value)
    if not value:
        return ""
    weight = "bold" if bold else None
    return (f'<text x="{number(x)}" y="{number(y)}" font-size="{size}"{attrs(fill=fill, font_weight=weight)}'
            f'{attrs(text_anchor=ANCHORS[anchor] if anchor != "l" else None)} dominant-baseline="central"'
            f'{attrs(**extra)}>{escape(value, quote=True)}</text>')


def _arc_path(shape: Shape, close: bool) -> str:
    (x0, y0), (x1, y1) = shape.points
    cx, cy, rx, ry = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2, (y1 - y0) / 2

    def at(angle: float) -> str:
        a = math.radians(angle)
        return f"{number(cx + rx * math.cos(a))},{number(cy + ry * math.sin(a))}"

    large = 1 if shape.end - shape.start > 180 else 0
    return f"M{at(shape.start)}A{number(rx)},{number(ry)} 0 {large} 1 {at(shape.end)}" + ("Z" if close else "")


def shape(s: Shape) -> str:
    """One shape of a terrain mark (see `marks.Shape`; angles run clockwise on screen, as SVG's sweep 1)."""
    if s.kind == "line":
        join = "round" if s.curve else None
        return (f'<polyline points="{points(s.points)}" fill="none"'
                f'{attrs(stroke=s.fill, stroke_width=s.width, stroke_linejoin=join)}/>')
    if s.kind == "polygon":
        return f'<polygon points="{points(s.points)}"{attrs(fill=s.fill)}/>'
    (x0, y0), (x1, y1) = s.points
    if s.kind == "ellipse":
        return (f'<ellipse cx="{number((x0 + x1) / 2)}" cy="{number((y0 + y1) / 2)}" rx="{number((x1 - x0) / 2)}" '
                f'ry="{number((y1 - y0) / 2)}"{attrs(fill=s.fill, stroke=s.outline, stroke_width=s.width or None)}/>')
    if s.kind == "rect":
        return rect(x0, y0, x1 - x0, y1 - y0, fill=s.fill)
    if s.kind == "arc":
        return f'<path d="{_arc_path(s, False)}" fill="none"{attrs(stroke=s.fill, stroke_width=s.width)}/>'
    return f'<path d="{_arc_path(s, True)}"{attrs(fill=s.fill)}/>'  # chord


def rect(x: float, y: float, w: float, h: float, **extra: object) -> str:
    return f'<rect x="{number(x)}" y="{number(y)}" width="{number(w)}" height="{number(h)}"{attrs(**extra)}/>'


def circle(cx: float, cy: float, r: float, **extra: object) -> str:
    return f'<circle cx="{number(cx)}" cy="{number(cy)}" r="{number(r)}"{attrs(**extra)}/>'


def polygon(pts: Iterable[Point], **extra: object) -> str:
    return f'<polygon points="{points(pts)}"{attrs(**extra)}/>'


def ring(pts: list[Point], colour: RGB, w: float) -> str:
    """A closed outline with round joins (a hex's inner ring)."""
    return polygon(pts, fill="none", stroke=colour, stroke_width=w, stroke_linejoin="round")
