"""The texture mark of each terrain (tufts, trees, flowers, dunes, cracks, waves, a peak, a castle), as plain
shapes that both writers draw: Pillow calls in `png_board`, SVG elements in `svg`. Marks stay off the centre,
where a settlement stands, so that colour is not the only thing that tells terrains apart.

>>> [shape.kind for shape in mark("D", 100, 100, 25, 1)]
['arc', 'arc']
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from render.common import RGB, WHITE
from render.kingdom.geometry import Point


@dataclass(frozen=True)
class Shape:
    """One drawn shape. `points`: a line's or polygon's points; two corners of the box of an ellipse, a
    rectangle, an arc or a chord. Arcs and chords run clockwise from `start` to `end` degrees (0 = east, as
    Pillow's `arc`). `curve`: a line's joints are rounded."""

    kind: str  # "line", "polygon", "ellipse", "rect", "arc", "chord"
    points: tuple[Point, ...]
    fill: RGB | None = None
    outline: RGB | None = None
    width: int = 0
    start: float = 0
    end: float = 0
    curve: bool = False


GRASS_INK: RGB = (70, 140, 40)
TREE: RGB = (16, 60, 24)
TRUNK: RGB = (80, 50, 25)
FLOWERS: tuple[RGB, ...] = ((255, 255, 255), (200, 40, 150), (120, 50, 200), (255, 255, 255), (200, 40, 150))
FLOWER_EDGE: RGB = (120, 110, 20)
DUNE: RGB = (196, 160, 80)
CRACK: RGB = (96, 40, 22)
WAVE: RGB = (190, 225, 250)
PEAK_FAR: RGB = (115, 100, 90)
PEAK: RGB = (84, 70, 62)
STONE: RGB = (92, 92, 104)
STONE_DARK: RGB = (40, 40, 48)
FLAG: RGB = (200, 30, 30)


def mark(letter: str, cx: float, cy: float, s: float, u: float) -> list[Shape]:
    """The shapes of a terrain's mark in the hex centred at (cx, cy) of side `s`; `u` is one picture pixel."""
    lw = max(1, round(1.6 * u))
    spots = ((-0.52, -0.38), (0.5, 0.42), (0.02, -0.7))
    out: list[Shape] = []
    if letter == "G":  # grass tufts
        for dx, dy in spots:
            x, y = cx + dx * s, cy + dy * s + 3 * u
            for tx in (-3, 0, 3):
                out.append(Shape("line", ((x, y), (x + tx * u, y - (5 if tx else 6.5) * u)), GRASS_INK, width=lw))
    elif letter == "F":  # trees
        for dx, dy in ((-0.55, -0.3), (0.55, 0.36), (0.0, -0.66), (-0.42, 0.5)):
            x, y = cx + dx * s, cy + dy * s
            out.append(Shape("polygon", ((x, y - 6 * u), (x - 4.5 * u, y + 3.5 * u), (x + 4.5 * u, y + 3.5 * u)),
                             TREE))
            out.append(Shape("line", ((x, y + 3 * u), (x, y + 6 * u)), TRUNK, width=lw))
    elif letter == "B":  # flowers
        pts = ((-0.6, -0.3), (-0.35, -0.55), (0.55, 0.3), (0.3, 0.58), (0.12, -0.72))
        for (dx, dy), col in zip(pts, FLOWERS, strict=True):
            x, y = cx + dx * s, cy + dy * s
            r = 2.8 * u
            out.append(Shape("ellipse", ((x - r, y - r), (x + r, y + r)), col, FLOWER_EDGE, max(1, round(u))))
    elif letter == "D":  # dunes
        for dx, dy in ((-0.5, -0.35), (0.45, 0.45)):
            x, y = cx + dx * s, cy + dy * s
            out.append(Shape("arc", ((x - 7 * u, y - 3 * u), (x + 7 * u, y + 5 * u)), DUNE, width=lw, start=200,
                             end=340))
    elif letter == "S":  # cracks
        for dx, dy in ((-0.55, -0.4), (0.42, 0.3)):
            x, y = cx + dx * s, cy + dy * s
            out.append(Shape("line", ((x - 5 * u, y - 4 * u), (x - 1 * u, y), (x - 3 * u, y + 3 * u),
                                      (x + 4 * u, y + 7 * u)), CRACK, width=round(2 * u), curve=True))
    elif letter == "W":  # waves
        for dy in (-0.45, 0.45):
            y = cy + dy * s
            pts = tuple((cx + (t / 10 - 0.5) * 1.2 * s, y + 2.2 * u * math.sin(t * math.pi / 2.5)) for t in range(11))
            out.append(Shape("line", pts, WAVE, width=lw, curve=True))
    elif letter == "M":  # a peak with snow
        base, top = cy + 0.5 * s, cy - 0.62 * s
        out.append(Shape("polygon", ((cx + 0.15 * s, base), (cx + 0.48 * s, cy - 0.18 * s), (cx + 0.8 * s, base)),
                         PEAK_FAR))
        out.append(Shape("polygon", ((cx - 0.7 * s, base), (cx - 0.05 * s, top), (cx + 0.55 * s, base)), PEAK))
        t = 0.34
        out.append(Shape("polygon", ((cx - 0.05 * s, top), (cx - 0.05 * s - 0.65 * s * t, top + (base - top) * t),
                                     (cx - 0.05 * s + 0.6 * s * t, top + (base - top) * t)), WHITE))
    elif letter == "C":  # a castle
        x0, x1, y0, y1 = cx - 0.5 * s, cx + 0.5 * s, cy - 0.18 * s, cy + 0.52 * s
        out.append(Shape("rect", ((x0, y0), (x1, y1)), STONE))
        m = (x1 - x0) / 5
        for i in (0, 2, 4):
            out.append(Shape("rect", ((x0 + i * m, y0 - 0.16 * s), (x0 + (i + 1) * m, y0)), STONE))
        out.append(Shape("rect", ((cx - 0.16 * s, cy - 0.6 * s), (cx + 0.16 * s, y0)), STONE))  # keep
        out.append(Shape("line", ((cx, cy - 0.6 * s), (cx, cy - 0.86 * s)), STONE_DARK, width=lw))
        out.append(Shape("polygon", ((cx, cy - 0.86 * s), (cx + 0.3 * s, cy - 0.78 * s), (cx, cy - 0.7 * s)), FLAG))
        out.append(Shape("chord", ((cx - 0.13 * s, y1 - 0.36 * s), (cx + 0.13 * s, y1 - 0.1 * s)), STONE_DARK,
                         start=180, end=360))
        out.append(Shape("rect", ((cx - 0.13 * s, y1 - 0.23 * s), (cx + 0.13 * s, y1)), STONE_DARK))
    return out
