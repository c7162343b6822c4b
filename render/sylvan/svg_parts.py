"""The SVG writer's small parts: elements with escaped text and attributes, and the pieces of the game drawn
as vector shapes (style glyphs, item icons, tiles, flags, crowns, the treetop, colour chips) in the same sizes
and proportions as the Pillow sprites.

Glyphs and icons are defined once per document as `<symbol>`s (`defs()`) and placed with `<use href="#…">`,
so that a board with fifty tiles stays small.
"""

from __future__ import annotations

import math
from html import escape

from render.common import INK, RGB, WHITE, contrast, width
from render.sylvan.geometry import (
    CROWN_GEMS,
    CROWN_H,
    CROWN_SHAPE,
    CROWN_W,
    FLAG_BANNER,
    FLAG_H,
    LEVEL_H,
    SWATCH,
    TILE_W,
    TOP_H,
    TOP_SINK,
)
from render.sylvan.palette import GOLD, OUTLINE, STYLE_INK, STYLES, SYMBOLS, TREETOP, TREETOP_DARK, WOOD_DARK, blend

FONT = "system-ui, sans-serif"


def num(value: float) -> str:
    """A coordinate with at most one decimal: 12, 12.5 (the document stays small)."""
    return f"{value:.1f}".rstrip("0").rstrip(".") if value != int(value) else str(int(value))


def colour(rgb: RGB) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb[:3])


def attrs(**values: object) -> str:
    """` name="value"` pairs, escaped; `class_` -> class, `font_size` -> font-size; None values left out."""
    out = []
    for key, value in values.items():
        if value is None:
            continue
        if isinstance(value, float | int) and not isinstance(value, bool):
            value = num(value)
        elif isinstance(value, tuple):
            value = colour(value)  # type: ignore[arg-type]
        out.append(f' {key.rstrip("_").replace("_", "-")}="{escape(str(value), quote=True)}"')
    return "".join(out)


def el(tag: str, content: str | None = None, **values: object) -> str:
    """An element; `content` is markup (already escaped), None for an empty element."""
    return f"<{tag}{attrs(**values)}/>" if content is None else f"<{tag}{attrs(**values)}>{content}</{tag}>"


def points(pts: list[tuple[float, float]] | tuple) -> str:
    return " ".join(f"{num(x)},{num(y)}" for x, y in pts)


def fit(label: str, size: float, room: float, bold: bool = False) -> str:
    """`label` cut with «…» so that it fits `room` units at `size` (measured with the bundled font: the phone's
    own sans-serif is about as wide)."""
    if width(label, round(size), bold) <= room:
        return label
    while label and width(label + "…", round(size), bold) > room:
        label = label[:-1]
    return label.rstrip() + "…"


def label(x: float, y: float, content: str, size: float, fill: RGB = INK, bold: bool = False, anchor: str = "start",
          room: float | None = None, **extra: object) -> str:
    """A text, vertically centred on y; cut to `room` units when given."""
    if room is not None:
        content = fit(content, size, room, bold)
    return el("text", escape(content, quote=False), x=x, y=y, font_size=size, fill=fill,
              font_weight="bold" if bold else None, text_anchor=None if anchor == "start" else anchor,
              dominant_baseline="central", **extra)


def rect(box: tuple[float, float, float, float], fill: RGB | str | None, stroke: RGB | None = None,
         stroke_width: float | None = None, radius: float = 0, **extra: object) -> str:
    x0, y0, x1, y1 = box
    return el("rect", x=x0, y=y0, width=x1 - x0, height=y1 - y0, rx=radius or None, fill=fill or "none",
              stroke=stroke, stroke_width=stroke_width if stroke else None, **extra)


def hit(box: tuple[float, float, float, float], target: str, radius: float = 8) -> str:
    """An invisible but tappable area for a board place the page may highlight (`data-target`)."""
    return rect(box, WHITE, radius=radius, fill_opacity=0, data_target=target)


# --- glyphs and icons (in a 100 x 100 box) ----------------------------------------------------------------


def _glyph_shapes(style: str) -> str:
    """The style's shape, as the Pillow glyph draws it: a mushroom, a flower, an acorn, a leaf."""
    line = {"stroke": OUTLINE, "stroke_width": 10}
    if style == "mushroom":
        spots = "".join(el("circle", cx=u, cy=v, r=r, fill=WHITE) for u, v, r in ((27, 34, 9), (56, 20, 8),
                                                                                     (77, 40, 7)))
        return (rect((31, 40, 69, 98), (246, 234, 206), radius=10, **line)
                + el("path", d="M1,54 A49,52 0 0 1 99,54 Z", fill=STYLE_INK["mushroom"], **line) + spots)
    if style == "flower":
        petals = "".join(el("circle", cx=50 + 28 * math.cos(a), cy=52 + 28 * math.sin(a), r=22,
                            fill=STYLE_INK["flower"], **line)
                         for a in (-math.pi / 2 + i * 2 * math.pi / 5 for i in range(5)))
        return petals + el("circle", cx=50, cy=52, r=16, fill=(252, 208, 40), **line)
    if style == "nut":
        return (el("polygon", points=points([(18, 50), (82, 50), (78, 74), (50, 99), (22, 74)]), fill=(222, 168, 92),
                   **line)
                + el("line", x1=50, y1=20, x2=60, y2=0, stroke=OUTLINE, stroke_width=14)
                + el("path", d="M3,42 A47,30 0 0 1 97,42 Z", fill=(104, 60, 26), **line)
                + rect((3, 40, 97, 54), (104, 60, 26), **line))
    edge = []  # the leaf: a pointed blade on a slant, both of its edges, and the midrib
    for side in (-1, 1):
        ts = range(13) if side < 0 else range(12, -1, -1)
        for i in ts:
            t, w = i / 12, 0.3 * math.sin(math.pi * i / 12)
            edge.append((100 * (0.1 + 0.8 * t + side * w * 0.7), 100 * (0.9 - 0.8 * t + side * w * 0.7)))
    return (el("polygon", points=points(edge), fill=STYLE_INK["leaf"], **line)
            + el("line", x1=2, y1=98, x2=80, y2=20, stroke=(16, 60, 20), stroke_width=10))


def _icon_shapes(kind: str) -> str:
    """An item as the Pillow icon draws it: axe, hammer, bridge, treetop."""
    handle, metal, dark = (150, 96, 48), (170, 176, 186), OUTLINE
    if kind == "axe":
        return (el("line", x1=25, y1=95, x2=62, y2=10, stroke=dark, stroke_width=16)
                + el("line", x1=25, y1=95, x2=62, y2=10, stroke=handle, stroke_width=10)
                + el("polygon", points="50,12 95,5 98,55 58,42", fill=metal, stroke=dark, stroke_width=8))
    if kind == "hammer":
        return (el("line", x1=50, y1=95, x2=50, y2=28, stroke=dark, stroke_width=17)
                + el("line", x1=50, y1=95, x2=50, y2=28, stroke=handle, stroke_width=10)
                + rect((10, 6, 90, 36), (96, 100, 110), dark, 8, radius=5))
    if kind == "bridge":
        posts = "".join(el("line", x1=u, y1=30, x2=u, y2=78 if u == 50 else 72, stroke=dark, stroke_width=8)
                        for u in (20, 50, 80))
        return (el("path", d="M4.9,49.6 A48,45 0 0 1 95.1,49.6", fill="none", stroke=dark, stroke_width=10) + posts
                + rect((0, 62, 100, 80), handle, dark, 8))
    return (el("polygon", points="8,82 92,82 50,30", fill=TREETOP, stroke=dark, stroke_width=8)
            + el("polygon", points="20,45 80,45 50,2", fill=(60, 150, 70), stroke=dark, stroke_width=8)
            + rect((43, 82, 57, 100), handle))


def defs() -> str:
    """The symbols every document uses: `g-<style>` (a glyph on its white plate), `s-<style>` (the bare glyph)
    and `i-<item>`."""
    out = []
    for style in STYLES:
        out.append(el("symbol", _glyph_shapes(style), id=f"s-{style}", viewBox="-6 -6 112 112"))
        plate = rect((-4, -4, 104, 104), WHITE, OUTLINE, 6, radius=18)
        out.append(el("symbol", plate + _glyph_shapes(style), id=f"g-{style}", viewBox="-8 -8 116 116"))
    out.append(el("symbol", rect((-4, -4, 104, 104), WHITE, OUTLINE, 6, radius=18)
                  + el("text", "?", x=50, y=55, font_size=80, font_weight="bold", text_anchor="middle",
                       dominant_baseline="central", fill=INK), id="g-none", viewBox="-8 -8 116 116"))
    for kind in SYMBOLS:
        out.append(el("symbol", _icon_shapes(kind), id=f"i-{kind}", viewBox="-4 -4 108 108"))
    return el("defs", "".join(out))


def glyph(style: str | None, x: float, y: float, size: float, plate: bool = True) -> str:
    """A style glyph in the square (x, y, size); a «?» plate for an unknown style."""
    name = f"{'g' if plate or style is None else 's'}-{style or 'none'}"
    return el("use", href=f"#{name}", x=x, y=y, width=size, height=size)


def icon(kind: str, x: float, y: float, size: float, faded: bool = False) -> str:
    return el("use", href=f"#i-{kind}", x=x, y=y, width=size, height=size, opacity=0.35 if faded else None)


# --- pieces -------------------------------------------------------------------------------------------------


def tile(x: float, y: float, fill: RGB, style: str | None) -> str:
    """A dwelling tile at (x, y): the owner's colour with the style glyph on a white square at its left."""
    return (rect((x, y, x + TILE_W, y + LEVEL_H), fill, OUTLINE, 1.3, radius=4, class_="tile")
            + el("line", x1=x + 5, y1=y + 2.2, x2=x + TILE_W - 5, y2=y + 2.2, stroke=blend(fill, WHITE, 0.45),
                 stroke_width=1.2)
            + glyph(style, x + 1, y + (LEVEL_H - SWATCH) / 2, SWATCH))


def flag(x: float, y: float, fill: RGB) -> str:
    """A flag at (x, y): a dark pole and a swallow-tailed banner in the owner's colour, rimmed in white."""
    banner = points([(x + u, y + v) for u, v in FLAG_BANNER])
    pole = {"x1": x + 3.5, "y1": y + 1.5, "x2": x + 3.5, "y2": y + FLAG_H - 1}
    return (el("line", **pole, stroke=WHITE, stroke_width=6)
            + el("polygon", points=banner, fill=WHITE, stroke=WHITE, stroke_width=6, stroke_linejoin="round")
            + el("line", **pole, stroke=OUTLINE, stroke_width=2.4)
            + el("polygon", points=banner, fill=fill, stroke=OUTLINE, stroke_width=2, class_="flag"))


def crown(x: float, y: float, height: int, fill: RGB | None) -> str:
    """The tree's height in a crown at (x, y), filled with the advantage holder's colour (white: nobody)."""
    shape = el("polygon", points=points([(x + u, y + v) for u, v in CROWN_SHAPE]), fill=fill or WHITE,
               stroke=OUTLINE, stroke_width=1.8, stroke_linejoin="round")
    gems = "".join(el("circle", cx=x + u, cy=y + v, r=2.2, fill=GOLD if fill else (196, 196, 196), stroke=OUTLINE,
                      stroke_width=1) for u, v in CROWN_GEMS)
    ink = INK if fill is None else contrast(fill)
    halo = {} if fill is None else {"stroke": WHITE if ink == INK else OUTLINE, "stroke_width": 2,
                                    "paint_order": "stroke"}
    number = label(x + CROWN_W / 2, y + CROWN_H / 2 + 4, str(height), 18, ink, bold=True, anchor="middle", **halo)
    return shape + gems + number


def treetop(cx: float, y: float) -> str:
    """A treetop whose tiers end at y + TOP_H, centred on cx; its trunk reaches TOP_SINK lower."""
    x = cx - 28
    return (rect((x + 23, y + TOP_H - 2, x + 33, y + TOP_H + TOP_SINK), WOOD_DARK)
            + el("polygon", points=points([(x + 1, y + TOP_H - 0.5), (x + 55, y + TOP_H - 0.5), (x + 28, y + 1.5)]),
                 fill=TREETOP, stroke=TREETOP_DARK, stroke_width=1.4, class_="treetop")
            + el("polygon", points=points([(x + 17, y + 5), (x + 39, y + 5), (x + 28, y + 0.3)]),
                 fill=(60, 150, 70), stroke=TREETOP_DARK, stroke_width=1.4))


def chip(x: float, cy: float, fill: RGB, mark: str, w: float = 44, h: float = 36, size: float = 22) -> str:
    """A player's colour as a little tile with the seat's mark."""
    out = rect((x, cy - h / 2, x + w, cy + h / 2), fill, OUTLINE, 2, radius=6)
    if mark:
        out += label(x + w / 2, cy + 1, mark, size, contrast(fill), bold=True, anchor="middle")
    return out
