"""The Builders of Sylvan Dale picture: `draw(view) -> PNG bytes`, portrait, 800 px wide, made for a phone.

Layout (pixels; 800 wide; the board is 812 high on the 4-player side with 5 rows and 652 on the 2-3 player
side with 4 rows; the whole picture is 976..1280 high, player rows shrink to stay <= 1280):

    +--------------------------------------------------+
    | 5 x 5 (or 5 x 4) grid of tree spots, 158 x 160    |  0..812 (652)
    | each tree seen from the side, bottom to top:      |
    |   the base: wood, its style glyph, its name (Б3)  |
    |   dwelling tiles, 96 x 22: owner colour + glyph   |
    |   flags: banners in the owner's colour, rimmed    |
    |   the treetop (not a level), clear of the river   |
    | top left of each cell: a crown with the height,   |
    | filled with the advantage holder's colour (white: |
    | nobody). Highlighted trees: lit + magenta frame;  |
    | the dwelling an opened hammer menu would move:    |
    | ringed, a hammer beside it. Regions are tinted    |
    | cells with rivers between them, each named over   |
    | its lowest tree, or in a pond next to it, arrowed |
    | (never over a crown, stack or bridge: labels);    |
    | bridges hang between neighbours at their levels   |
    | in the builder's colour.                          |
    +--------------------------------------------------+
    | «Ходит Вера — поставить жилище» (what is chosen,  |  92
    | in the infinitive); the card of the turn and a    |
    | hint; round, direction, deck                      |
    | the 3 face-up cards, numbered, symbols in full,   |  88 (round end: its scoring table instead,
    | under a caption with the crown legend             |      30 + 25 per player + 34 regions, rows
    |                                                   |      by fame so far)
    | the players' column names (when there is room)    |  24
    | players: a mark unique in the game, name, under   |  66 per player (>= 40 when short of room)
    | it dwellings, flags, cards left; fame; per symbol |
    | the played cards towards a set, the items held    |
    | "только для вас": hand and stacks (seat views)    |  74
    | when over: the final table (58 per player) and    |
    | who won each region in the last round             |
    +--------------------------------------------------+

The board (region tints, rivers, the bases with the tree names, the unused spots of the glade) is drawn once
per (side, trees and bases) at twice the size and scaled down; a second copy with every cell lit is cached
with it, and a highlighted tree gets its cell pasted from that copy and a frame. Tiles, flags, crowns, glyphs
and icons are cached anti-aliased sprites, so a picture costs a copy, some pastes and the PNG encoding
(median 16-28 ms over 50 draws, most of it the PNG encoding).

Every text under the board is PANEL_FONT (17 px) or more, 9 px when a phone shows the picture 430 px wide;
only what does not fit otherwise shrinks, to 15 px at the least.

Only the view dict is read (schema in `rules/sylvan/view.py`); missing or odd values are drawn as neutral
rather than raising. A hand and stacks are drawn only when the view names its seat (a private view): the
picture of a public view never depends on anyone's hand.

`render_round(view) -> PNG bytes` draws the scoring of the round just ended (`round_scores` of the view) as a
picture of its own, for the message the bot posts at a round's end: the table of fame per player, who won each
region, and a map of the trees in the colour of their advantage holder with the fame each gave.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from render.badges import badges
from render.common import (
    BOARD_CACHE,
    HIGHLIGHT,
    HIGHLIGHT_SOFT,
    INK,
    MUTED,
    PANEL_EDGE,
    PAPER,
    RGB,
    WHITE,
    WIN,
    clean,
    contrast,
    font,
    player_colour,
    text,
    to_png,
    width,
)

WIDTH = 800
MAX_HEIGHT = 1280
COLUMN_LETTERS = "АБВГД"

# --- board geometry ------------------------------------------------------------------------------------
MX, MY = 6, 6  # board margins
CELL_W = (WIDTH - 2 * MX) / 5  # 157.6
CELL_H = 160
LEVEL_H = 22  # one dwelling tile
TILE_W = 96
BASE_W, BASE_H = 122, 26
BASE_BOTTOM = 6  # from the bottom of the cell to the bottom of the base
TOP_H = 10  # the treetop above the stack: on a full tree (5 dwellings) it ends 8 px below the cell's top,
#            clear of the river (6 px into the cell); its trunk overlaps the top dwelling by TOP_SINK
TOP_SINK = 4
SWATCH = LEVEL_H  # the white square with the style glyph on a tile: the tile's full height
STACK_DX = 6  # stacks sit right of the cell's middle: the crown is in the top left corner
BRIDGE_W = 6
SS = 2  # the cached board is drawn at this multiple and scaled down

# --- colours -------------------------------------------------------------------------------------------
FRAME: RGB = (74, 92, 58)  # around the board
RIVER: RGB = (84, 150, 206)
RIVER_LIGHT: RGB = (176, 214, 240)
WOOD: RGB = (120, 78, 44)
WOOD_DARK: RGB = (66, 40, 20)
OUTLINE: RGB = (30, 24, 20)
HL_RING: RGB = (215, 0, 150)  # highlighted trees: a colour no player and no region has
TREETOP: RGB = (36, 120, 52)
TREETOP_DARK: RGB = (16, 70, 28)
GOLD: RGB = (250, 196, 30)
PRIVATE_BG: RGB = (58, 48, 82)
NEUTRAL_OWNER: RGB = (170, 170, 170)

# rules/sylvan/data.py: PLAYER_COLOURS = red, blue, yellow, green (the rulebook's pieces)
OWNER_RGB: dict[str, RGB] = {
    "red": (214, 45, 45),
    "blue": (38, 96, 218),
    "yellow": (248, 202, 28),
    "green": (30, 150, 64),
}
REGION_TINT: dict[str, RGB] = {
    "pine": (204, 224, 196),
    "birch": (240, 234, 204),
    "oak": (224, 212, 180),
    "willow": (224, 214, 232),
    "spruce": (196, 222, 216),
    "glade": (222, 244, 186),
}
SPARE_TINTS: tuple[RGB, ...] = ((230, 220, 200), (210, 226, 210), (226, 210, 210), (214, 214, 232))

STYLES = ("mushroom", "flower", "nut", "leaf")
STYLE_NAMES = {"mushroom": "грибной", "flower": "цветочный", "nut": "ореховый", "leaf": "лиственный"}
STYLE_INK: dict[str, RGB] = {"mushroom": (200, 36, 40), "flower": (222, 84, 170), "nut": (150, 92, 40),
                             "leaf": (44, 140, 50)}
SYMBOLS = ("axe", "hammer", "bridge", "treetop")
SYMBOL_NAMES = {"axe": "топор", "hammer": "молоток", "bridge": "мост", "treetop": "верхушка"}
SET_SIZE = 3

STEP_TEXT = {  # what the player to move chooses, in the infinitive: «Ходит Вера — поставить жилище»
    "play": "сыграть карту",
    "place": "поставить жилище",
    "flag": "решить, прикрепить ли флаг",
    "act": "взять карту",
    "over": "партия окончена",
}

# --- panel geometry ------------------------------------------------------------------------------------
PAD = 10
HEADER_H = 92
CARDS_H = 88
ROW_H = 66
PRIVATE_H = 74
ROUND_HEAD = 30
ROUND_ROW = 25
REGIONS_H = 34
FINAL_HEAD = 30


# ============================================================== view access (forgiving)


def _int(value: Any, default: int | None = None) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def _list(value: Any) -> list:
    return list(value) if isinstance(value, list | tuple) else []


def _dicts(value: Any) -> list[dict]:
    return [x for x in _list(value) if isinstance(x, dict)]


def parse_name(name: Any) -> tuple[int, int] | None:
    """(column, row) from 0 of a tree name: "Б3" -> (1, 2); None for anything else.

    >>> parse_name("Б3"), parse_name("Z9"), parse_name(5)
    ((1, 2), None, None)
    """
    if not isinstance(name, str) or len(name) < 2 or name[0] not in COLUMN_LETTERS:
        return None
    number = name[1:]
    if not (number.isascii() and number.isdigit()):
        return None
    return COLUMN_LETTERS.index(name[0]), int(number) - 1


def _grid(view: dict) -> tuple[int, int]:
    """(columns, rows) of the board, 1..5 each."""
    cols = _int(view.get("columns"), 5) or 5
    rows = _int(view.get("rows"))
    if rows is None:
        rows = 5 if view.get("side") != "small" else 4
    return max(1, min(5, cols)), max(1, min(5, rows))


def _trees(view: dict) -> list[dict]:
    """The trees of the view with a valid spot on the grid (first one wins on a duplicate)."""
    cols, rows = _grid(view)
    out, seen = [], set()
    for t in _dicts(view.get("trees")):
        spot = parse_name(t.get("name"))
        if spot is None or spot in seen or not (spot[0] < cols and spot[1] < rows):
            continue
        seen.add(spot)
        out.append(t)
    return out


def _players(view: dict) -> list[dict]:
    return _dicts(view.get("players"))


def display_name(p: dict) -> str:
    seat = _int(p.get("seat"))
    return clean(str(p.get("name", ""))) or (f"Игрок {seat + 1}" if seat is not None else "Игрок")


def _colours(view: dict) -> dict[int, RGB]:
    """seat -> RGB from each player's "colour" (a name); unknown names get the shared pawn colours."""
    out = {}
    for p in _players(view):
        seat = _int(p.get("seat"))
        if seat is not None:
            out[seat] = OWNER_RGB.get(p.get("colour"), player_colour(seat))
    return out


def owner_rgb(view: dict, seat: Any) -> RGB:
    """The colour of a seat's tiles, flags and bridges in this view."""
    seat = _int(seat)
    if seat is None:
        return NEUTRAL_OWNER
    return _colours(view).get(seat, player_colour(seat))


def _style(value: Any) -> str | None:
    return value if value in STYLES else None


# ============================================================== geometry


def _cell_origin(col: int, row: int) -> tuple[float, float]:
    return MX + col * CELL_W, MY + row * CELL_H


def board_height(rows: int) -> int:
    return round(2 * MY + rows * CELL_H)


def _stack_x(col: int) -> float:
    return MX + (col + 0.5) * CELL_W + STACK_DX


def _base_top(row: int) -> float:
    return MY + (row + 1) * CELL_H - BASE_BOTTOM - BASE_H


def _level_box(col: int, row: int, level: int) -> tuple[float, float, float, float]:
    """The box of a level: 0 is the base, 1.. the dwellings."""
    cx, top = _stack_x(col), _base_top(row)
    if level <= 0:
        return cx - BASE_W / 2, top, cx + BASE_W / 2, top + BASE_H
    return cx - TILE_W / 2, top - level * LEVEL_H, cx + TILE_W / 2, top - (level - 1) * LEVEL_H


def tree_center(view: dict, name: str) -> tuple[int, int]:
    """The pixel at the centre of a tree's base (where its name is printed), for tests.

    >>> tree_center({"side": "big", "columns": 5, "rows": 5}, "А1")
    (91, 147)
    """
    spot = parse_name(name)
    if spot is None:
        raise ValueError(f"not a tree name: {name!r}")
    x0, y0, x1, y1 = _level_box(spot[0], spot[1], 0)
    return round((x0 + x1) / 2), round((y0 + y1) / 2)


def level_box(name: str, level: int) -> tuple[int, int, int, int]:
    """The pixel box of a tree's level (0 the base, 1.. dwellings), rounded inwards, for tests."""
    spot = parse_name(name)
    if spot is None:
        raise ValueError(f"not a tree name: {name!r}")
    x0, y0, x1, y1 = _level_box(spot[0], spot[1], level)
    return math.ceil(x0), math.ceil(y0), math.floor(x1), math.floor(y1)


def cell_box(name: str) -> tuple[int, int, int, int]:
    """The pixel box of a tree's cell on the board."""
    spot = parse_name(name)
    if spot is None:
        raise ValueError(f"not a tree name: {name!r}")
    x0, y0 = _cell_origin(*spot)
    return round(x0), round(y0), round(x0 + CELL_W), round(y0 + CELL_H)


def crown_center(name: str) -> tuple[int, int]:
    """The centre of the height crown in the top left corner of a tree's cell."""
    x0, y0, _, _ = cell_box(name)
    return x0 + CROWN_W // 2 + 3, y0 + CROWN_H // 2 + 4


# ============================================================== sprites


def _supersampled(size: tuple[int, int], paint: Callable[[ImageDraw.ImageDraw, int], None], k: int = 4
                  ) -> Image.Image:
    """An RGBA sprite painted at k times the size by `paint(draw, k)` and scaled down smoothly."""
    im = Image.new("RGBA", (size[0] * k, size[1] * k), (0, 0, 0, 0))
    paint(ImageDraw.Draw(im), k)
    return im.resize(size, Image.LANCZOS)


def _glyph(d: ImageDraw.ImageDraw, style: str | None, x: float, y: float, s: float) -> None:
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
            _glyph(d, style, s * 0.0, s * 0.0, s * 1.0)  # the shape to the rim: every pixel counts on a phone
        else:
            _glyph(d, style, 0, 0, s)

    return _supersampled((size, size), paint)


@lru_cache(maxsize=128)
def tile_sprite(colour: RGB, style: str | None) -> Image.Image:
    """A dwelling tile: the owner's colour with the style glyph on a white square at its left."""
    w, h = TILE_W, LEVEL_H

    def paint(d: ImageDraw.ImageDraw, k: int) -> None:
        d.rounded_rectangle((0, 0, w * k - 1, h * k - 1), radius=4 * k, fill=colour, outline=OUTLINE,
                            width=round(1.3 * k))
        # a lighter band at the top edge: the tiles of a stack read as separate boards
        d.line([(5 * k, 2.2 * k), ((w - 5) * k, 2.2 * k)], fill=_blend(colour, WHITE, 0.45), width=round(1.2 * k))

    im = _supersampled((w, h), paint)
    g = glyph_sprite(style, SWATCH)
    im.alpha_composite(g, (1, (h - SWATCH) // 2))
    return im


FLAG_W, FLAG_H = 27, LEVEL_H
FLAG_BANNER = ((6, 2), (25, 2), (19.5, 8.5), (25, 15), (6, 15))  # a swallow-tailed banner


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


CROWN_W, CROWN_H = 36, 30


@lru_cache(maxsize=64)
def crown_sprite(height: int, colour: RGB | None) -> Image.Image:
    """The tree's height in a crown filled with the advantage holder's colour, white when no one has the
    advantage: one shape for the height of every tree (the number is the height; the stack shows the same)."""
    label = str(height)

    def paint(d: ImageDraw.ImageDraw, k: int) -> None:
        pts = [(2, 10), (9.5, 15), (18, 2), (26.5, 15), (34, 10), (31, 28), (5, 28)]
        d.polygon([(x * k, y * k) for x, y in pts], fill=colour or WHITE, outline=OUTLINE, width=round(1.8 * k))
        for x, y in ((2, 10), (18, 2), (34, 10)):
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


def _icon(d: ImageDraw.ImageDraw, kind: str, x: float, y: float, s: float, faded: bool = False) -> None:
    """A special item in the square (x, y, x+s, y+s): axe, hammer, bridge or treetop."""
    lw = max(1, round(s / 12))
    fade = 0.6 if faded else 0.0

    def c(rgb: RGB) -> RGB:
        return _blend(rgb, PAPER, fade)

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
    return _supersampled((size, size), lambda d, k: _icon(d, kind, 0, 0, size * k, faded))


def _blend(a: RGB, b: RGB, t: float) -> RGB:
    return tuple(round(x + (y - x) * t) for x, y in zip(a[:3], b[:3], strict=True))  # type: ignore[return-value]


def _paste(im: Image.Image, sprite: Image.Image, x: float, y: float) -> None:
    """Paste an RGBA sprite with its top left corner at (x, y)."""
    im.paste(sprite, (round(x), round(y)), sprite)


# ============================================================== static board


def _static_key(view: dict) -> tuple:
    cols, rows = _grid(view)
    regions = []
    for i, r in enumerate(_dicts(view.get("regions"))):
        names = tuple(n for n in _list(r.get("trees")) if parse_name(n) is not None)
        regions.append((str(r.get("id", i)), names, bool(r.get("glade"))))
    trees = tuple((t["name"], _style(t.get("base"))) for t in _trees(view))
    empty = tuple(n for n in _list(view.get("empty_spots")) if parse_name(n) is not None)
    return cols, rows, tuple(regions), trees, empty


class Board:
    """The cached board pictures: plain and with every cell lit, and the cells' regions."""

    def __init__(self, plain: Image.Image, lit: Image.Image, region_of: dict[tuple[int, int], str]):
        self.plain = plain
        self.lit = lit
        self.region_of = region_of


def background(view: dict) -> Board:
    """The cached board for this view's side and trees (the same object for every view of a game)."""
    return _board(*_static_key(view))


def region_tint(rid: str, index: int = 0) -> RGB:
    return REGION_TINT.get(rid, SPARE_TINTS[index % len(SPARE_TINTS)])


@lru_cache(maxsize=BOARD_CACHE)
def _board(cols: int, rows: int, regions: tuple, trees: tuple, empty: tuple) -> Board:
    region_of: dict[tuple[int, int], str] = {}
    tints: dict[str, RGB] = {}
    for i, (rid, names, _) in enumerate(regions):
        tints[rid] = region_tint(rid, i)
        for n in names:
            spot = parse_name(n)
            if spot is not None:
                region_of.setdefault(spot, rid)
    plain = _draw_board(cols, rows, region_of, tints, trees, empty, lit=False)
    lit = _draw_board(cols, rows, region_of, tints, trees, empty, lit=True)
    return Board(plain, lit, region_of)


def _draw_board(cols: int, rows: int, region_of: dict, tints: dict, trees: tuple, empty: tuple, lit: bool
                ) -> Image.Image:
    k = SS
    h = board_height(rows)
    im = Image.new("RGB", (WIDTH * k, h * k), FRAME)
    d = ImageDraw.Draw(im)

    def box(col: int, row: int, inset: float = 0) -> tuple[float, float, float, float]:
        x0, y0 = _cell_origin(col, row)
        return ((x0 + inset) * k, (y0 + inset) * k, (x0 + CELL_W - inset) * k, (y0 + CELL_H - inset) * k)

    ground = (214, 218, 196)
    for row in range(rows):
        for col in range(cols):
            rid = region_of.get((col, row))
            fill = tints.get(rid, ground) if rid is not None else RIVER
            if lit and rid is not None:
                fill = _blend(fill, (255, 250, 225), 0.6)
            d.rectangle(box(col, row), fill=fill)
            if rid is None:  # no spot here: a pond the rivers run into
                x0, y0, x1, y1 = box(col, row)
                for j in range(3):
                    yy = y0 + (j + 1) * (y1 - y0) / 4
                    pts = [(x0 + t * (x1 - x0) / 20, yy + 4 * k * math.sin(t * math.pi / 3)) for t in range(21)]
                    d.line(pts, fill=RIVER_LIGHT, width=round(2 * k), joint="curve")
    # rivers: a band along every edge between two cells of different regions
    rw = 12 * k
    for row in range(rows):
        for col in range(cols):
            rid = region_of.get((col, row))
            x0, y0, x1, y1 = box(col, row)
            if col + 1 < cols and region_of.get((col + 1, row)) != rid:
                _river(d, (x1, y0), (x1, y1), rw, k)
            if row + 1 < rows and region_of.get((col, row + 1)) != rid:
                _river(d, (x0, y1), (x1, y1), rw, k)
    for name, base in trees:
        col, row = parse_name(name)
        _draw_base(d, col, row, base, name, k)
    for name in empty:
        spot = parse_name(name)
        if spot is not None and name not in {t for t, _ in trees}:
            _draw_empty_spot(d, spot[0], spot[1], name, k)
    return im.reduce(k)


def _river(d: ImageDraw.ImageDraw, a: tuple[float, float], b: tuple[float, float], w: float, k: int) -> None:
    d.line([a, b], fill=RIVER, width=round(w))
    (ax, ay), (bx, by) = a, b
    n = 24
    horizontal = ay == by
    pts = []
    for t in range(n + 1):
        f = t / n
        wave = 2.2 * k * math.sin(f * math.pi * 8)
        x, y = ax + (bx - ax) * f, ay + (by - ay) * f
        pts.append((x, y + wave) if horizontal else (x + wave, y))
    d.line(pts, fill=RIVER_LIGHT, width=round(1.5 * k), joint="curve")


def _draw_base(d: ImageDraw.ImageDraw, col: int, row: int, style: str | None, name: str, k: int) -> None:
    """The base: a wooden plate, wider than the tiles, with roots, its style glyph and the tree's name."""
    x0, y0, x1, y1 = (v * k for v in _level_box(col, row, 0))
    cx = (x0 + x1) / 2
    # roots under the plate
    for dx in (-0.36, -0.12, 0.14, 0.38):
        rx = cx + dx * (x1 - x0)
        d.polygon([(rx - 7 * k, y1 - 2 * k), (rx + 7 * k, y1 - 2 * k), (rx + dx * 24 * k, y1 + 4 * k)],
                  fill=WOOD_DARK)
    d.rounded_rectangle((x0, y0, x1, y1), radius=7 * k, fill=WOOD, outline=OUTLINE, width=round(1.6 * k))
    for yy in (y0 + 8 * k, y1 - 8 * k):  # wood grain
        d.line([(x0 + 40 * k, yy), (x1 - 12 * k, yy)], fill=(134, 90, 54), width=k)
    g = (BASE_H - 3) * k
    gy = (y0 + y1) / 2 - g / 2
    d.rounded_rectangle((x0 + 3 * k, gy, x0 + 3 * k + g, gy + g), radius=5 * k, fill=WHITE, outline=OUTLINE,
                        width=round(1.2 * k))
    _glyph(d, style, x0 + 3 * k + g * 0.05, gy + g * 0.05, g * 0.9)
    d.text((x0 + 31 * k, (y0 + y1) / 2 + 1 * k), name, font=font(22 * k, True), fill=WHITE, anchor="lm",
           stroke_width=round(1.5 * k), stroke_fill=WOOD_DARK)


def _draw_empty_spot(d: ImageDraw.ImageDraw, col: int, row: int, name: str, k: int) -> None:
    """A spot with no tree in this game (the glade with 2 players): a dashed outline and its name, greyed."""
    x0, y0, x1, y1 = (v * k for v in _level_box(col, row, 0))
    grey = (150, 150, 140)
    dash = 8 * k
    for x in range(round(x0), round(x1), round(2 * dash)):
        d.line([(x, y0), (min(x + dash, x1), y0)], fill=grey, width=round(2 * k))
        d.line([(x, y1), (min(x + dash, x1), y1)], fill=grey, width=round(2 * k))
    d.line([(x0, y0), (x0, y1)], fill=grey, width=round(2 * k))
    d.line([(x1, y0), (x1, y1)], fill=grey, width=round(2 * k))
    d.text(((x0 + x1) / 2, (y0 + y1) / 2), f"{name} — нет", font=font(18 * k, True), fill=grey, anchor="mm")


# ============================================================== pieces on the board


def _highlighted(view: dict, trees: dict[str, dict]) -> list[str]:
    return [n for n in dict.fromkeys(x for x in _list(view.get("highlight")) if isinstance(x, str)) if n in trees]


def _draw_highlight(im: Image.Image, d: ImageDraw.ImageDraw, board: Board, name: str) -> None:
    x0, y0, x1, y1 = cell_box(name)
    inner = (x0 + 6, y0 + 6, x1 - 6, y1 - 6)  # inside the rivers
    im.paste(board.lit.crop(inner), inner[:2])
    d.rounded_rectangle(inner, radius=10, outline=HL_RING, width=5)


def _tree_tiles(view: dict, t: dict) -> list[tuple[Any, str | None]]:
    return [(x.get("seat"), _style(x.get("style"))) for x in _dicts(t.get("tiles"))]


def _draw_tree(im: Image.Image, view: dict, t: dict) -> None:
    col, row = parse_name(t["name"])
    tiles = _tree_tiles(view, t)[:8]  # at most 5 by the rules; a few more still fit above the cell
    for level, (seat, style) in enumerate(tiles, start=1):
        x0, y0, _, _ = _level_box(col, row, level)
        _paste(im, tile_sprite(owner_rgb(view, seat), style), x0, y0)
    top = len(tiles)
    if t.get("treetop") is True:
        sprite = treetop_sprite()
        x0, y0, x1, _ = _level_box(col, row, top)
        _paste(im, sprite, (x0 + x1) / 2 - sprite.width / 2, y0 - TOP_H)
    # flags at their level, from the right end of the tile (or base) leftwards
    by_level: dict[int, list] = {}
    for f in _dicts(t.get("flags")):
        level = _int(f.get("level"), 0)
        by_level.setdefault(max(0, min(top, level)), []).append(f.get("seat"))
    for level, seats in by_level.items():
        x0, y0, x1, y1 = _level_box(col, row, level)
        fy = (y0 + y1) / 2 - FLAG_H / 2
        for i, seat in enumerate(seats[:3]):
            _paste(im, flag_sprite(owner_rgb(view, seat)), x1 - 2 - (i + 1) * (FLAG_W + 1), fy)
    height = _int(t.get("height"), 1 + len(tiles))
    holder = _int(t.get("advantage"))
    colour = owner_rgb(view, holder) if holder is not None else None
    cx, cy = crown_center(t["name"])
    _paste(im, crown_sprite(max(0, min(99, height)), colour), cx - CROWN_W / 2, cy - CROWN_H / 2)


def _moving(view: dict) -> list[str]:
    """Trees whose top dwelling an opened hammer menu would move (`moving` in the view)."""
    return [n for n in dict.fromkeys(x for x in _list(view.get("moving")) if isinstance(x, str))
            if parse_name(n) is not None]


def _draw_moving(im: Image.Image, d: ImageDraw.ImageDraw, trees: dict[str, dict], name: str) -> None:
    """The dwelling the hammer would move: its top tile ringed in the highlight colour, a hammer beside it."""
    t = trees.get(name)
    spot = parse_name(name)
    if t is None or spot is None:
        return
    level = len(_dicts(t.get("tiles")))
    if level == 0:
        return
    x0, y0, x1, y1 = _level_box(spot[0], spot[1], level)
    d.rounded_rectangle((x0 - 4, y0 - 4, x1 + 4, y1 + 4), radius=7, outline=HL_RING, width=4)
    _paste(im, icon_sprite("hammer", 24), x0 - 30, (y0 + y1) / 2 - 12)


REGION_FONT = 17


@lru_cache(maxsize=256)
def _label_width(line: str) -> float:
    return width(line, REGION_FONT, True)


@lru_cache(maxsize=256)
def _region_label_lines(name: str, room: float) -> tuple[str, ...]:
    """A region's name on one line, or on two split at a space, as it fits `room` pixels."""
    if _label_width(name) <= room or " " not in name:
        return (name,)
    words = name.split(" ")
    best = min(range(1, len(words)), key=lambda i: max(_label_width(" ".join(words[:i])),
                                                        _label_width(" ".join(words[i:]))))
    return " ".join(words[:best]), " ".join(words[best:])


LABEL_LINE = 20  # the height of a line of a region's name
LABEL_PAD = 4  # the plate's margin round the text


def crown_box(name: str) -> tuple[int, int, int, int]:
    """The box of the height crown in the top left corner of a tree's cell."""
    x, y = crown_center(name)
    return x - CROWN_W // 2, y - CROWN_H // 2, x + CROWN_W // 2, y + CROWN_H // 2


def stack_box(tree: dict) -> tuple[float, float, float, float] | None:
    """The box of a tree's stack: its base, dwellings and treetop (and the flags on them)."""
    spot = parse_name(tree.get("name"))
    if spot is None:
        return None
    col, row = spot
    top = min(len(_dicts(tree.get("tiles"))), 8)
    x0, _, x1, y1 = _level_box(col, row, 0)
    y0 = _level_box(col, row, top)[1] - (TOP_H if tree.get("treetop") is True else 0)
    return x0, y0, x1, y1 + 4  # the roots under the base


def _overlap(a: tuple, b: tuple, margin: float = 0) -> bool:
    return a[0] < b[2] + margin and b[0] < a[2] + margin and a[1] < b[3] + margin and b[1] < a[3] + margin


def _obstacles(view: dict, trees: dict[str, dict]) -> list[tuple]:
    """What a region's name must not cover: every crown, stack and bridge, and the greyed unused spots."""
    boxes: list[tuple] = []
    for t in trees.values():
        boxes.append(crown_box(t["name"]))
        box = stack_box(t)
        if box is not None:
            boxes.append(box)
    for pts, _ in _bridge_paths(view, trees):
        xs, ys = [x for x, _ in pts], [y for _, y in pts]
        boxes.append((min(xs) - 4, min(ys) - 7, max(xs) + 4, max(ys) + 7))
    for name in _list(view.get("empty_spots")):
        spot = parse_name(name)
        if spot is not None and name not in trees:
            boxes.append(_level_box(spot[0], spot[1], 0))
    return boxes


def _label_box(lines: tuple[str, ...], left: float, top: float) -> tuple[float, float, float, float]:
    w = max(_label_width(line) for line in lines)
    return left - LABEL_PAD, top, left + w + LABEL_PAD, top + LABEL_LINE * len(lines) + LABEL_PAD


ARROWS = {(-1, 0): "←", (1, 0): "→", (0, -1): "↑", (0, 1): "↓"}  # from a pond towards the region's tree


def _label_candidates(view: dict, region: dict, trees: dict[str, dict], label: str):
    """Where a region's name may go, best first, as (lines, box, pond): the top band of each of its cells
    right of the crown, lowest tree first (an unused spot first of all); then, arrowed towards the region, in
    each pond next to it."""
    cols, rows = _grid(view)
    own = [n for n in _list(region.get("trees")) if isinstance(n, str) and parse_name(n) is not None]
    cells = sorted(own, key=lambda n: (n in trees, len(_dicts(trees[n].get("tiles"))) if n in trees else 0))
    for name in cells:
        x0, y0, x1, _ = cell_box(name)
        left = x0 + CROWN_W + 10
        lines = _region_label_lines(label, x1 - 8 - left)
        yield lines, _label_box(lines, left, y0 + 8), False
    regioned = {parse_name(n) for r in _dicts(view.get("regions")) for n in _list(r.get("trees"))
                if isinstance(n, str)}
    for name in cells:
        col, row = parse_name(name)
        for (dc, dr), arrow in ARROWS.items():
            pond = (col - dc, row - dr)  # the region's cell is (dc, dr) away from the pond
            if not (0 <= pond[0] < cols and 0 <= pond[1] < rows) or pond in regioned:
                continue
            px0, py0 = _cell_origin(*pond)
            px1, py1 = px0 + CELL_W, py0 + CELL_H
            room = CELL_W - 24
            words = f"{arrow} {label}" if arrow != "→" else f"{label} {arrow}"
            lines = _region_label_lines(words, room)
            w = max(_label_width(line) for line in lines) + 2 * LABEL_PAD
            h = LABEL_LINE * len(lines) + LABEL_PAD
            xs = {(-1, 0): [px0 + 12], (1, 0): [px1 - 12 - w]}.get((dc, dr), [(px0 + px1 - w) / 2])
            ys = {(0, -1): [py0 + 10], (0, 1): [py1 - 10 - h]}.get((dc, dr), [(py0 + py1 - h) / 2, py0 + 10,
                                                                              py1 - 10 - h])
            for x in xs:
                for y in ys:
                    yield lines, (x, y, x + w, y + h), True


def region_labels(view: dict) -> dict[str, tuple[tuple[str, ...], tuple[float, float, float, float], bool]]:
    """region id -> (lines, plate box, in a pond) of each region's name on the board: the first place of
    `_label_candidates` that covers no crown, stack, bridge or other name; a place in its lowest tree's top
    band, over the stack but clear of every crown, when there is none."""
    trees = {t["name"]: t for t in _trees(view)}
    obstacles = _obstacles(view, trees)
    crowns = [crown_box(n) for n in trees]
    board = (MX, MY, WIDTH - MX, board_height(_grid(view)[1]) - MY)
    placed: dict[str, tuple[tuple[str, ...], tuple, bool]] = {}
    for i, r in enumerate(_dicts(view.get("regions"))):
        label = clean(str(r.get("name", "")))
        rid = str(r.get("id", i))
        if not label or rid in placed:
            continue
        taken = [box for _, box, _ in placed.values()]
        chosen = fallback = None
        for lines, box, pond in _label_candidates(view, r, trees, label):
            inside = board[0] <= box[0] and box[2] <= board[2] and board[1] <= box[1] and box[3] <= board[3]
            if not inside or any(_overlap(box, o, 2) for o in taken):
                continue
            if fallback is None and not pond and not any(_overlap(box, c, 2) for c in crowns):
                fallback = (lines, box, pond)
            if not any(_overlap(box, o, 2) for o in obstacles):
                chosen = (lines, box, pond)
                break
        if chosen or fallback:
            placed[rid] = chosen or fallback
    return placed


def _draw_region_names(im: Image.Image, view: dict) -> None:
    """Each region's name on the map (see `region_labels`): on a light plate in its own cell, on a plate of
    its tint with an arrow in a pond."""
    layer = Image.new("RGBA", im.size, (0, 0, 0, 0))
    d = ImageDraw.Draw(layer)
    regions = _dicts(view.get("regions"))
    tints = {str(r.get("id", i)): region_tint(str(r.get("id", i)), i) for i, r in enumerate(regions)}
    for rid, (lines, box, pond) in region_labels(view).items():
        if pond:
            d.rounded_rectangle(box, radius=6, fill=(*tints.get(rid, WHITE), 255), outline=OUTLINE, width=2)
        else:
            d.rounded_rectangle(box, radius=6, fill=(255, 255, 255, 200))
        for j, line in enumerate(lines):
            text(d, (box[0] + LABEL_PAD, box[1] + 12 + LABEL_LINE * j), line, REGION_FONT, INK, bold=True,
                 anchor="lm")
    im.paste(layer, (0, 0), layer)


def _bridge_end(view: dict, trees: dict[str, dict], name: str, level: Any) -> tuple[int, int, int] | None:
    """(column, row, level) of one end of a bridge, the level kept within the tree."""
    t = trees.get(name)
    spot = parse_name(name)
    if t is None or spot is None:
        return None
    top = len(_dicts(t.get("tiles")))
    return spot[0], spot[1], max(0, min(top, _int(level, 0)))


def _bridge_paths(view: dict, trees: dict[str, dict]) -> list[tuple[list[tuple[float, float]], Any]]:
    """(polyline, seat) of every bridge that joins two neighbouring trees; up to 4 side by side per pair."""
    pairs: dict[tuple, list] = {}
    for b in _dicts(view.get("bridges")):
        a_end = _bridge_end(view, trees, b.get("a"), b.get("level_a"))
        b_end = _bridge_end(view, trees, b.get("b"), b.get("level_b"))
        if a_end is None or b_end is None:
            continue
        if (a_end[1], a_end[0]) > (b_end[1], b_end[0]):  # left/top end first
            a_end, b_end = b_end, a_end
        if abs(a_end[0] - b_end[0]) + abs(a_end[1] - b_end[1]) != 1:
            continue  # not neighbours: nothing sensible to draw
        pairs.setdefault((a_end[:2], b_end[:2]), []).append((a_end, b_end, b.get("seat")))
    out = []
    for group in pairs.values():
        for i, (a_end, b_end, seat) in enumerate(group[:4]):
            out.append((bridge_path(a_end, b_end, i, len(group[:4])), seat))
    return out


def _draw_bridges(d: ImageDraw.ImageDraw, view: dict, trees: dict[str, dict]) -> None:
    for pts, seat in _bridge_paths(view, trees):
        _draw_bridge(d, pts, owner_rgb(view, seat))


def bridge_path(a: tuple[int, int, int], b: tuple[int, int, int], index: int = 0, count: int = 1
                ) -> list[tuple[float, float]]:
    """The polyline of a bridge between (col, row, level) ends, a left of or above b."""
    (ac, ar, al), (bc, br, bl) = a, b
    ya = _level_mid(ar, al)
    yb = _level_mid(br, bl)
    if ar == br:  # side by side: from the right edge of a to the left edge of b
        off = (index - (count - 1) / 2) * (BRIDGE_W + 2)
        return [(_level_box(ac, ar, al)[2], ya + off), (_level_box(bc, br, bl)[0], yb + off)]
    # one above the other: out to the right of both stacks and down
    xv = _stack_x(ac) + BASE_W / 2 + 6 + index * (BRIDGE_W + 1)
    return [(_level_box(ac, ar, al)[2], ya), (xv, ya), (xv, yb), (_level_box(bc, br, bl)[2], yb)]


def _level_mid(row: int, level: int) -> float:
    _, y0, _, y1 = _level_box(0, row, level)
    return (y0 + y1) / 2


def _draw_bridge(d: ImageDraw.ImageDraw, pts: list[tuple[float, float]], colour: RGB) -> None:
    d.line(pts, fill=OUTLINE, width=BRIDGE_W + 3, joint="curve")
    d.line(pts, fill=colour, width=BRIDGE_W, joint="curve")
    for x, y in (pts[0], pts[-1]):  # posts where it hangs on the trees
        d.rectangle((x - 2, y - 6, x + 2, y + 6), fill=OUTLINE)
    (x0, y0), (x1, y1) = pts[0], pts[-1]
    if len(pts) == 2:  # planks across the span
        n = max(2, round(math.dist(pts[0], pts[1]) / 9))
        for j in range(1, n):
            f = j / n
            x, y = x0 + (x1 - x0) * f, y0 + (y1 - y0) * f
            d.line([(x, y - BRIDGE_W / 2 + 1), (x, y + BRIDGE_W / 2 - 1)], fill=_blend(colour, OUTLINE, 0.5))


# ============================================================== panel


def _names(view: dict) -> dict[int, str]:
    return {s: display_name(p) for p in _players(view) if (s := _int(p.get("seat"))) is not None}


def marks(view: dict) -> dict[int, str]:
    """seat -> the letters on its colour chip, different for every seat (`render.badges`)."""
    return badges(_names(view))


def _over(view: dict) -> bool:
    return view.get("step") == "over"


def _round_end(view: dict) -> dict | None:
    """The scoring of round 1 while round 2 has not yet seen a dwelling (every round-2 stack full)."""
    results = _dicts(view.get("round_results"))
    if _over(view) or view.get("round") != 2 or not results:
        return None
    for p in _players(view):
        sizes = _list(p.get("stack_sizes"))
        if len(sizes) < 2 or sizes[1] != 8:
            return None
    return results[-1]


def _chip(d: ImageDraw.ImageDraw, x: float, cy: float, colour: RGB, label: str, w: int = 38, h: int = 28) -> float:
    """A player's colour as a little tile with the seat's mark (one or two letters); returns the x after it."""
    d.rounded_rectangle((x, cy - h / 2, x + w, cy + h / 2), radius=6, fill=colour, outline=OUTLINE, width=2)
    if label:
        text(d, (x + w / 2, cy + 1), label, 19, contrast(colour), bold=True, anchor="mm", max_width=w - 6,
             min_size=15)
    return x + w


def _card(im: Image.Image, d: ImageDraw.ImageDraw, box: tuple[float, float, float, float], card: Any,
          dark: bool = False) -> None:
    """A card: its style glyph, style name and symbol icons; an empty dashed place when there is none."""
    x0, y0, x1, y1 = box
    h = y1 - y0
    if not isinstance(card, dict):
        d.rounded_rectangle(box, radius=8, outline=MUTED, width=1)
        text(d, ((x0 + x1) / 2, (y0 + y1) / 2), "пусто", PANEL_FONT, MUTED, anchor="mm")
        return
    style = _style(card.get("style"))
    d.rounded_rectangle(box, radius=8, fill=WHITE, outline=OUTLINE if not dark else PANEL_EDGE, width=2)
    g = round(min(h - 8, 40))
    _paste(im, glyph_sprite(style, g, False), x0 + 5, y0 + (h - g) / 2)
    name = STYLE_NAMES.get(style or "", clean(str(card.get("style_name", "?"))))
    tx = x0 + g + 10
    symbols = [s for s in _list(card.get("symbols")) if s in SYMBOLS][:2]
    if h >= 40:
        text(d, (tx, y0 + 4), name, 16, INK, bold=True, anchor="la", max_width=x1 - tx - 4, min_size=11)
        s = round(min(22, h - 26))
        for i, sym in enumerate(symbols):
            _paste(im, icon_sprite(sym, s), tx + i * (s + 3), y1 - s - 4)
        sx = tx + len(symbols) * (s + 3) + 3
        label = " / ".join(SYMBOL_NAMES[x] for x in symbols)
        text(d, (sx, y1 - s / 2 - 4), label, 14, MUTED, anchor="lm", max_width=x1 - sx - 4, min_size=10)
    else:
        s = round(h - 8)
        for i, sym in enumerate(symbols):
            _paste(im, icon_sprite(sym, s), tx + i * (s + 3), y0 + 4)
        sx = tx + len(symbols) * (s + 3) + 2
        if width(name, PANEL_FONT - 2) <= x1 - sx - 4:  # else the glyph alone says the style
            text(d, (sx, (y0 + y1) / 2), name, PANEL_FONT, INK, anchor="lm", max_width=x1 - sx - 4,
                 min_size=PANEL_FONT - 2)


def _header(im: Image.Image, d: ImageDraw.ImageDraw, view: dict, y0: float) -> None:
    names = _names(view)
    right = WIDTH - PAD - 4
    rnd = _int(view.get("round"), 1)
    direction = _int(view.get("direction"), 1)
    info = f"раунд {rnd} из 2 · " + ("по часовой ↻" if direction != -1 else "против часовой ↺")
    deck = f"колода {_int(view.get('deck'), '?')} · сброс {_int(view.get('discard'), '?')}"
    x = PAD + 4
    if _over(view):
        text(d, (x, y0 + 22), "Партия окончена", 27, INK, bold=True, anchor="lm")
        winners = [names.get(s, "?") for s in _list(view.get("winners")) if _int(s) is not None]
        if winners:
            label = ("Победа: " if len(winners) == 1 else "Победу делят: ") + ", ".join(winners)
            text(d, (x, y0 + 50), label, 21, WIN, bold=True, anchor="lm", max_width=WIDTH - 2 * PAD - 8,
                 min_size=14)
        return
    text(d, (x, y0 + 77), f"{info} · {deck}", PANEL_FONT, MUTED, anchor="lm", max_width=right - x,
         min_size=PANEL_FONT - 1)
    room = right
    seat = _int(view.get("current"))
    step = view.get("step")
    if seat is None:
        text(d, (x, y0 + 22), "Ждём хода", 26, INK, bold=True, anchor="lm", max_width=room - x)
        return
    who = names.get(seat, f"Игрок {seat + 1}")
    x = _chip(d, x, y0 + 22, owner_rgb(view, seat), marks(view).get(seat, "?")) + 8
    what = view.get("choosing") if isinstance(view.get("choosing"), str) else STEP_TEXT.get(step, "сделать ход")
    line = f"Ходит {who} — {clean(what)}"
    text(d, (x, y0 + 22), line, 25, INK, bold=True, anchor="lm", max_width=room - x, min_size=17)
    turn = view.get("turn") if isinstance(view.get("turn"), dict) else {}
    sx = PAD + 4
    sub_room = right
    card = turn.get("card")
    if isinstance(card, dict) and step in ("place", "flag", "act"):
        sx += text(d, (sx, y0 + 50), "карта хода:", 18, INK, anchor="lm") + 6
        style = _style(card.get("style"))
        _paste(im, glyph_sprite(style, 24), sx, y0 + 38)
        sx += 28
        sx += text(d, (sx, y0 + 50), STYLE_NAMES.get(style or "", "?"), 18, INK, bold=True, anchor="lm") + 12
    if _moving(view):
        sub = ("обведено жилище, которое переносится; рамкой — куда" if len(_moving(view)) == 1
               else "рамкой обведены жилища, которые можно перенести")
    elif step == "place":
        sub = "можно строить на обведённых деревьях" if view.get("highlight") else "строить некуда"
    elif step == "flag":
        flag_tree = turn.get("flag_tree")
        sub = f"флаг на {flag_tree}: +5 славы" if isinstance(flag_tree, str) else "флаг: +5 славы"
    elif step == "act":
        sub = "до того можно: наборы" if turn.get("item") else "до того можно: наборы, предмет"
        if turn.get("skipped"):
            sub = "стройки не было, " + sub
    else:
        sub = "стиль карты — стиль верхнего жилища"
    text(d, (sx, y0 + 50), sub, 18, INK, anchor="lm", max_width=max(10, sub_room - sx), min_size=PANEL_FONT - 1)


def _face_card(im: Image.Image, d: ImageDraw.ImageDraw, box: tuple[float, float, float, float], card: Any,
               number: int) -> None:
    """A face-up card, big enough for a phone: its number (for /take), its style glyph, the style's name and,
    below it, every symbol with its name in full; a dashed empty place when there is none."""
    x0, y0, x1, y1 = box
    h = y1 - y0
    if not isinstance(card, dict):
        d.rounded_rectangle(box, radius=9, outline=MUTED, width=2)
        text(d, ((x0 + x1) / 2, (y0 + y1) / 2), f"{number}: пусто", 20, MUTED, anchor="mm")
        return
    d.rounded_rectangle(box, radius=9, fill=WHITE, outline=OUTLINE, width=2)
    d.ellipse((x0 + 5, y0 + 5, x0 + 27, y0 + 27), fill=INK)
    text(d, (x0 + 16, y0 + 16), str(number), 16, WHITE, bold=True, anchor="mm")
    style = _style(card.get("style"))
    _paste(im, glyph_sprite(style, 28, False), x0 + 32, y0 + 2)
    name = STYLE_NAMES.get(style or "", clean(str(card.get("style_name", "?"))))
    text(d, (x0 + 66, y0 + 16), name, 22, INK, bold=True, anchor="lm", max_width=x1 - x0 - 72, min_size=14)
    symbols = [s for s in _list(card.get("symbols")) if s in SYMBOLS][:2]
    sy = y0 + h * 0.73
    s = 24
    sx = x0 + 6
    for i, sym in enumerate(symbols):
        if i:
            sx += text(d, (sx, sy), "+", 19, MUTED, bold=True, anchor="lm") + 3
        _paste(im, icon_sprite(sym, s), sx, sy - s / 2)
        sx += s + 2
        sx += text(d, (sx, sy), SYMBOL_NAMES[sym], 19, INK, anchor="lm", max_width=x1 - sx - 4,
                   min_size=PANEL_FONT - 1) + 4


def _cards_row(im: Image.Image, d: ImageDraw.ImageDraw, view: dict, y0: float) -> None:
    """The 3 face-up cards across the whole width, under a caption with the legend of the crowns."""
    x = PAD + 4
    text(d, (x, y0 + 13), "открытые карты", 17, MUTED, bold=True, anchor="lm")
    lx = WIDTH - PAD - 4
    lx -= text(d, (lx, y0 + 13), "высота дерева, цвет — у кого преимущество", PANEL_FONT, MUTED, anchor="rm") + 4
    _paste(im, crown_sprite(4, OWNER_RGB["blue"]).resize((28, 23), Image.LANCZOS), lx - 28, y0 + 1)
    cards = _list(view.get("face_up"))[:3] or [None, None, None]
    cw = (WIDTH - 2 * PAD - 8 - 2 * 8) / 3
    for i, card in enumerate(cards):
        cx = x + i * (cw + 8)
        _face_card(im, d, (cx, y0 + 26, cx + cw, y0 + CARDS_H - 4), card, i + 1)


def _progress(im: Image.Image, d: ImageDraw.ImageDraw, x: float, cy: float, symbol: str, single: int, double: int
              ) -> float:
    """Played cards with `symbol` towards a set of 3: full pips for cards with this symbol only, half
    pips for two-symbol cards (they count for either set); returns the x after it."""
    s = 20
    ready = single + double >= SET_SIZE
    _paste(im, icon_sprite(symbol, s, faded=single + double == 0), x, cy - s / 2)
    x += s + 3
    r = 5.5
    for i in range(SET_SIZE):
        px = x + r + i * (2 * r + 2)
        box = (px - r, cy - r, px + r, cy + r)
        edge = WIN if ready else OUTLINE
        if i < single:
            d.ellipse(box, fill=WIN if ready else INK, outline=edge, width=1)
        elif i < single + double:
            d.ellipse(box, fill=WHITE, outline=edge, width=1)
            d.pieslice(box, 90, 270, fill=WIN if ready else INK)
        else:
            d.ellipse(box, fill=WHITE, outline=(160, 150, 140), width=1)
    x += SET_SIZE * (2 * r + 2)
    extra = single + double - SET_SIZE
    if extra > 0:
        x += text(d, (x + 1, cy), f"+{extra}", PANEL_FONT, WIN, bold=True, anchor="lm") + 1
    return x


# the players' table: its columns (x of their left edges, 800 px wide) and the line naming them
NAME_X = PAD + 52  # right of the colour chip
NAME_W = 288  # the name, and under it «жилищ 8+8 · флагов 16 · карт 4»
FAME_X = NAME_X + NAME_W + 32  # the centre of the fame column
SETS_X = FAME_X + 36  # one column per symbol: its icon with the cards towards a set, the items held under it
SETS_W = (WIDTH - PAD - 4 - SETS_X) / len(SYMBOLS)
PLAYERS_HEAD = 24
PANEL_FONT = 17  # the least size of any text in the panel: 9 px when a phone shows the picture 430 px wide


def _players_head(d: ImageDraw.ImageDraw, y0: float) -> None:
    """The names of the players' table's columns, over the rows."""
    cy = y0 + PLAYERS_HEAD / 2 + 1
    text(d, (NAME_X, cy), "игроки", PANEL_FONT, MUTED, bold=True, anchor="lm")
    text(d, (FAME_X, cy), "слава", PANEL_FONT, MUTED, bold=True, anchor="mm")
    text(d, (SETS_X, cy), "● карты к набору из 3 · ×N — предметы", PANEL_FONT, MUTED, anchor="lm",
         max_width=WIDTH - PAD - 4 - SETS_X, min_size=15)


def stock_line(view: dict, p: dict) -> str:
    """What a player has left: «жилищ 8+8 · флагов 16 · карт 4» (both stacks in round 1)."""
    sizes = [_int(s, 0) for s in _list(p.get("stack_sizes"))]
    rnd = _int(view.get("round"), 1)
    if len(sizes) >= 2 and rnd == 1:
        stack = f"жилищ {sizes[0]}+{sizes[1]}"
    elif sizes:
        stack = f"жилищ {sizes[min(len(sizes), max(1, rnd or 1)) - 1]}"
    else:
        stack = "жилищ ?"
    return f"{stack} · флагов {_int(p.get('flags_left'), '?')} · карт {_int(p.get('hand_size'), '?')}"


def _player_row(im: Image.Image, d: ImageDraw.ImageDraw, view: dict, p: dict, y0: float, h: float) -> None:
    """One player: chip, name and what is left; fame; per symbol the played cards towards a set of 3 and
    the items of it held."""
    seat = _int(p.get("seat"))
    current = seat is not None and seat == _int(view.get("current"))
    box = (PAD, y0, WIDTH - PAD, y0 + h - 4)
    if current:
        d.rounded_rectangle(box, radius=10, fill=HIGHLIGHT_SOFT, outline=HIGHLIGHT, width=4)
    else:
        d.rounded_rectangle(box, radius=10, fill=WHITE, outline=PANEL_EDGE, width=2)
    inner = h - 4
    top, bottom = y0 + inner * 0.3, y0 + inner * 0.72
    name = display_name(p)
    chip = min(36, inner - 8)
    _chip(d, PAD + 8, y0 + inner / 2, owner_rgb(view, seat), marks(view).get(seat, "?") if seat is not None
          else "?", 36, chip)
    if seat is not None and seat == _int(view.get("seat")):
        name += " (вы)"
    text(d, (NAME_X, top), name, 20, INK, bold=True, anchor="lm", max_width=NAME_W, min_size=PANEL_FONT)
    text(d, (NAME_X, bottom), stock_line(view, p), PANEL_FONT, MUTED, anchor="lm", max_width=NAME_W,
         min_size=PANEL_FONT - 1)
    fame = _int(p.get("fame"), 0)
    text(d, (FAME_X, y0 + inner / 2 + 1), str(fame), 27, INK, bold=True, anchor="mm")
    items = p.get("items") if isinstance(p.get("items"), dict) else {}
    single = dict.fromkeys(SYMBOLS, 0)
    double = dict.fromkeys(SYMBOLS, 0)
    for c in _dicts(p.get("played")):
        symbols = [s for s in _list(c.get("symbols")) if s in SYMBOLS]
        for s in symbols:
            if len(symbols) == 1:
                single[s] += 1
            else:
                double[s] += 1
    for i, sym in enumerate(SYMBOLS):
        x = SETS_X + i * SETS_W
        _progress(im, d, x, top, sym, single[sym], double[sym])
        held = _int(items.get(sym), 0) or 0
        if held > 0:
            _paste(im, icon_sprite(sym, 20), x, bottom - 10)
            text(d, (x + 23, bottom + 1), f"×{held}", PANEL_FONT + 1, INK, bold=True, anchor="lm")


def _private(im: Image.Image, d: ImageDraw.ImageDraw, view: dict, y0: float) -> None:
    """The seat's own hand and stacks, on a dark strip that says so."""
    seat = _int(view.get("seat"))
    names = _names(view)
    box = (PAD, y0 + 2, WIDTH - PAD, y0 + PRIVATE_H - 4)
    d.rounded_rectangle(box, radius=10, fill=PRIVATE_BG)
    x = PAD + 10
    top, bottom = y0 + 21, y0 + 52
    soft = (200, 200, 215)
    text(d, (x, top), "только вам", PANEL_FONT, (255, 220, 120), bold=True, anchor="lm", max_width=124,
         min_size=PANEL_FONT - 2)
    text(d, (x, bottom), names.get(seat, "") if seat is not None else "", PANEL_FONT, WHITE, bold=True,
         anchor="lm", max_width=124, min_size=PANEL_FONT - 2)
    x = PAD + 140
    x += text(d, (x, top), "рука:", PANEL_FONT, WHITE, anchor="lm") + 6
    hand = _list(view.get("hand"))[:6]
    cw = (WIDTH - PAD - 8 - x) / max(4, len(hand))
    for i, card in enumerate(hand):
        cx = x + i * cw
        _card(im, d, (cx, top - 14, cx + cw - 6, top + 14), card, dark=True)
    if not hand:
        text(d, (x, top), "пусто", PANEL_FONT, soft, anchor="lm")
    stacks = [[_style(s) for s in _list(st)] for st in _list(view.get("stacks"))[:2]]
    rnd = _int(view.get("round"), 1) or 1
    sx = PAD + 140
    for j, st in enumerate(stacks):
        if rnd == 2 and j == 0:
            continue
        label = ("стопка" if j == rnd - 1 else "2-я") + f" ({len(st)}):"
        sx += text(d, (sx, bottom), label, PANEL_FONT, WHITE, anchor="lm") + 6
        for style in st[:8]:
            _paste(im, glyph_sprite(style, 20), sx, bottom - 10)
            sx += 22
        if not st:
            sx += text(d, (sx, bottom), "пусто", PANEL_FONT, soft, anchor="lm")
        sx += 14
    if stacks and sx < WIDTH - 98:
        text(d, (WIDTH - PAD - 10, bottom), "← сверху", PANEL_FONT - 1, soft, anchor="rm")


def _regions_line(im: Image.Image, d: ImageDraw.ImageDraw, view: dict, result: dict, y0: float) -> None:
    """Each region's tint and name with the colours of whoever won it (two halves on a tie)."""
    winners = result.get("region_winners") if isinstance(result.get("region_winners"), dict) else {}
    regions = [r for r in _dicts(view.get("regions")) if r.get("in_play", True)]
    if not regions:
        return
    cy = y0 + REGIONS_H / 2
    seats_of = [[s for s in _list(winners.get(str(r.get("id", i)))) if _int(s) is not None][:4]
                for i, r in enumerate(regions)]
    # each region as wide as its name and dots need, the spare room shared out: no name is cut that could fit
    needs = [width(clean(str(r.get("name", ""))), PANEL_FONT) + 14 + len(seats) * 11 + 4
             for r, seats in zip(regions, seats_of, strict=True)]
    room = WIDTH - 2 * PAD
    spare = (room - sum(needs)) / len(regions)
    widths = [n + spare for n in needs] if spare >= 0 else [n * room / sum(needs) for n in needs]
    x = PAD
    for i, r in enumerate(regions):
        cw = widths[i]
        rid = str(r.get("id", i))
        d.rounded_rectangle((x + 2, y0 + 3, x + cw - 2, y0 + REGIONS_H - 3), radius=7, fill=region_tint(rid, i),
                            outline=PANEL_EDGE, width=1)
        seats = seats_of[i]
        dots = len(seats) * 11 + 4
        text(d, (x + 7, cy), clean(str(r.get("name", rid))), PANEL_FONT, INK, anchor="lm",
             max_width=cw - 14 - dots, min_size=PANEL_FONT - 2)
        for j, s in enumerate(seats):
            dx = x + cw - 8 - (len(seats) - j) * 11 - 1
            d.ellipse((dx, cy - 6, dx + 12, cy + 6), fill=owner_rgb(view, s), outline=OUTLINE, width=1)
        x += cw


def round_order(view: dict, result: dict) -> list[int]:
    """The seats as a round's tables list them: by fame so far (the leader on top), then by the round's fame,
    then by seat."""
    trees, regions = _seat_values(result, "trees"), _seat_values(result, "regions")
    fame = {s: _int(p.get("fame"), 0) or 0 for p in _players(view) if (s := _int(p.get("seat"))) is not None}
    return sorted(_names(view), key=lambda s: (-fame.get(s, 0), -(trees.get(s, 0) + regions.get(s, 0)), s))


def _round_table(im: Image.Image, d: ImageDraw.ImageDraw, view: dict, result: dict, y0: float,
                 with_regions: bool) -> None:
    """The scoring of the round just ended: fame for trees and regions per player, the round's sum and the
    fame so far (the rows in that order, the leader on top), then (`with_regions`) who won each region."""
    rnd = _int(result.get("round"), 1)
    text(d, (PAD + 4, y0 + 17), f"Итоги {rnd}-го раунда", 21, INK, bold=True, anchor="lm")
    cols = (("деревья", 410), ("области", 520), ("за раунд", 630), ("всего", 735))
    for label, x in cols:
        text(d, (x, y0 + 19), label, PANEL_FONT, MUTED, bold=True, anchor="mm")
    trees = _seat_values(result, "trees")
    regions = _seat_values(result, "regions")
    fame = {s: _int(p.get("fame"), 0) or 0 for p in _players(view) if (s := _int(p.get("seat"))) is not None}
    names = _names(view)
    y = y0 + ROUND_HEAD
    for seat in round_order(view, result):
        cy = y + ROUND_ROW / 2
        _chip(d, PAD + 8, cy, owner_rgb(view, seat), "", 22, 18)
        text(d, (PAD + 38, cy), names[seat], 18, INK, bold=True, anchor="lm", max_width=cols[0][1] - 50 - PAD - 38,
             min_size=PANEL_FONT)
        t, r = trees.get(seat, 0), regions.get(seat, 0)
        values = (f"+{t}", f"+{r}", f"+{t + r}", str(fame.get(seat, 0)))
        for (_, x), v, bold in zip(cols, values, (False, False, False, True), strict=True):
            text(d, (x, cy), v, 19, INK, bold=bold, anchor="mm")
        y += ROUND_ROW
    if with_regions:
        _regions_line(im, d, view, result, y)


FINAL_COLUMNS = (("flags", "флаги"), ("bridges", "мосты"), ("trees_1", "дер. 1"), ("regions_1", "обл. 1"),
                 ("trees_2", "дер. 2"), ("regions_2", "обл. 2"))


def _final_table(im: Image.Image, d: ImageDraw.ImageDraw, view: dict, y0: float, row_h: float) -> None:
    scores = [s for s in _dicts(view.get("scores")) if _int(s.get("seat")) is not None]
    names = _names(view)
    winners = {_int(s) for s in _list(view.get("winners"))}
    name_w, total_w = 250, 90
    cw = (WIDTH - 2 * PAD - name_w - total_w) / len(FINAL_COLUMNS)
    xs = [PAD + name_w + (i + 0.5) * cw for i in range(len(FINAL_COLUMNS))]
    tx = WIDTH - PAD - total_w / 2
    for x, (_, label) in zip(xs, FINAL_COLUMNS, strict=True):
        text(d, (x, y0 + FINAL_HEAD / 2), label, PANEL_FONT, MUTED, bold=True, anchor="mm", max_width=cw - 4,
             min_size=PANEL_FONT - 2)
    text(d, (tx, y0 + FINAL_HEAD / 2), "итого", PANEL_FONT, MUTED, bold=True, anchor="mm")
    ranked = sorted(scores, key=lambda s: -(_int(s.get("total"), 0) or 0))
    for j, s in enumerate(ranked):
        seat = _int(s.get("seat"))
        ry = y0 + FINAL_HEAD + j * row_h
        box = (PAD, ry, WIDTH - PAD, ry + row_h - 4)
        win = seat in winners
        if win:
            d.rounded_rectangle(box, radius=10, fill=(214, 240, 210), outline=WIN, width=3)
        else:
            d.rounded_rectangle(box, radius=10, fill=WHITE, outline=PANEL_EDGE, width=2)
        cy = ry + (row_h - 4) / 2
        name = names.get(seat) or clean(str(s.get("name", ""))) or "?"
        _chip(d, PAD + 8, cy, owner_rgb(view, seat), marks(view).get(seat, "?"), 36, 30)
        text(d, (PAD + 48, cy), ("★ " if win else "") + name, 20, INK, bold=True, anchor="lm",
             max_width=name_w - 52, min_size=12)
        breakdown = s.get("breakdown") if isinstance(s.get("breakdown"), dict) else {}
        for x, (key, _) in zip(xs, FINAL_COLUMNS, strict=True):
            v = _int(breakdown.get(key))
            text(d, (x, cy), "—" if v is None else str(v), 20, INK, anchor="mm")
        total = _int(s.get("total"))
        text(d, (tx, cy), "—" if total is None else str(total), 26, INK, bold=True, anchor="mm")


# ============================================================== the whole picture


def _private_view(view: dict) -> bool:
    """A seat's own view with its hand or stacks (never the public view of the group)."""
    return _int(view.get("seat")) is not None and not _over(view) and (
        isinstance(view.get("hand"), list) or isinstance(view.get("stacks"), list))


def layout(view: dict) -> dict[str, float]:
    """Heights of the parts of the picture for this view: board, header, cards, round, rows (each), private,
    final (each row), and the total."""
    _, rows = _grid(view)
    n = max(1, len(_players(view)))
    parts = {"board": board_height(rows), "header": HEADER_H, "cards": 0, "round": 0, "row": 0, "private": 0,
             "final_row": 0}
    if _over(view):
        scores = max(1, len([s for s in _dicts(view.get("scores")) if _int(s.get("seat")) is not None]))
        parts["final_head"] = FINAL_HEAD
        parts["final_row"] = 58
        extra = REGIONS_H + 28 if _dicts(view.get("round_results")) else 0
        fixed = parts["board"] + 2 + HEADER_H + FINAL_HEAD + extra + PAD
        parts["final_row"] = min(58, (MAX_HEIGHT - fixed) / scores)
        parts["regions"] = extra
        parts["total"] = fixed + scores * parts["final_row"]
        return parts
    private = PRIVATE_H if _private_view(view) else 0
    parts["private"] = private
    base = parts["board"] + 2 + HEADER_H + private + PAD
    parts["regions_line"] = 0
    if _round_end(view) is not None:
        parts["round"] = ROUND_HEAD + ROUND_ROW * n + 6
        # the regions line when it leaves room for the rows; else the tinted board shows the regions
        if base + parts["round"] + REGIONS_H + PLAYERS_HEAD + n * 42 <= MAX_HEIGHT:
            parts["round"] += REGIONS_H
            parts["regions_line"] = 1
    else:
        parts["cards"] = CARDS_H
    fixed = base + parts["cards"] + parts["round"]
    parts["players_head"] = PLAYERS_HEAD if fixed + PLAYERS_HEAD + n * 40 <= MAX_HEIGHT else 0
    fixed += parts["players_head"]
    parts["row"] = max(40, min(ROW_H, (MAX_HEIGHT - fixed) / n))
    parts["total"] = min(MAX_HEIGHT, fixed + n * parts["row"])
    return parts


def render(view: dict) -> Image.Image:
    """The picture as a Pillow image (see `draw` for PNG bytes)."""
    if not isinstance(view, dict):
        view = {}
    board = background(view)
    parts = layout(view)
    im = Image.new("RGB", (WIDTH, round(parts["total"])), PAPER)
    im.paste(board.plain, (0, 0))
    d = ImageDraw.Draw(im)
    trees = {t["name"]: t for t in _trees(view)}
    for name in _highlighted(view, trees):
        _draw_highlight(im, d, board, name)
    for t in trees.values():
        _draw_tree(im, view, t)
    _draw_bridges(d, view, trees)
    _draw_region_names(im, view)
    for name in _moving(view):
        _draw_moving(im, d, trees, name)
    y = parts["board"]
    d.line([(0, y), (WIDTH, y)], fill=PANEL_EDGE, width=3)
    y += 2
    _header(im, d, view, y)
    y += HEADER_H
    if _over(view):
        _final_table(im, d, view, y, parts["final_row"])
        results = _dicts(view.get("round_results"))
        if results:
            n = max(1, len([s for s in _dicts(view.get("scores")) if _int(s.get("seat")) is not None]))
            ry = y + FINAL_HEAD + n * parts["final_row"] + 2
            rnd = _int(results[-1].get("round"), 2)
            text(d, (PAD + 4, ry + 10), f"Превосходство в областях, {rnd}-й раунд:", PANEL_FONT, MUTED,
                 anchor="lm")
            _regions_line(im, d, view, results[-1], ry + 20)
        return im
    result = _round_end(view)
    if result is not None:
        _round_table(im, d, view, result, y, bool(parts["regions_line"]))
        y += parts["round"]
    else:
        _cards_row(im, d, view, y)
        y += CARDS_H
    if parts["players_head"]:
        _players_head(d, y)
        y += parts["players_head"]
    for i, p in enumerate(_players(view)):
        _player_row(im, d, view, p, y + i * parts["row"], parts["row"])
    y += len(_players(view)) * parts["row"]
    if parts["private"]:
        _private(im, d, view, y)
    return im


def draw(view: dict) -> bytes:
    """PNG bytes of the board and the players for a Sylvan Dale view (see the module doc)."""
    return to_png(render(view))


# ============================================================== the picture of a round's scoring

ROUND_W = 800
ROUND_TITLE_H = 70
ROUND_TABLE_HEAD = 40
ROUND_TABLE_ROW = 58
ROUND_REGION_ROW = 46
MAP_CELL_W, MAP_CELL_H = 152, 84


def _round_scores(view: dict) -> dict | None:
    """The scoring to draw: `round_scores` of the view, else the last of `round_results`."""
    scores = view.get("round_scores")
    if isinstance(scores, dict):
        return scores
    results = _dicts(view.get("round_results"))
    return results[-1] if results else None


def _seat_values(result: dict, key: str) -> dict[int, int]:
    values = result.get(key)
    if isinstance(values, dict):
        pairs = [(_int(k) if not isinstance(k, str) or not k.isdigit() else int(k), v) for k, v in values.items()]
    else:
        pairs = list(enumerate(_list(values)))
    return {s: (_int(v, 0) or 0) for s, v in pairs if s is not None}


def _region_points(view: dict, result: dict, trees: dict[str, dict]) -> list[tuple[dict, list[int], int]]:
    """(region, winners, fame each) for every region in play: 2 per tree for a sole winner, 1 each on a tie."""
    winners = result.get("region_winners") if isinstance(result.get("region_winners"), dict) else {}
    out = []
    for i, r in enumerate(_dicts(view.get("regions"))):
        if not r.get("in_play", True):
            continue
        rid = str(r.get("id", i))
        seats = [s for s in (_int(x) for x in _list(winners.get(rid))) if s is not None]
        n = len([t for t in _list(r.get("trees")) if t in trees])
        out.append((r, seats, (2 if len(seats) == 1 else 1) * n if seats else 0))
    return out


WINNERS_X = PAD + 300  # where the winners of a region start in its row
WINNER_FONT = 22
WINNER_GAP = 20
WINNER_LINE = 32  # each further line of winners (a tie that does not fit one line)


def winner_lines(names: dict[int, str], seats: list[int], each: int) -> list[list[tuple[int, str, float]]]:
    """The winners of a region as lines of (seat, name, room for the name): as many on a line as fit whole,
    the fame «+N» always whole; a name is shrunk or cut only when it does not fit a line of its own."""
    room = ROUND_W - PAD - 10 - WINNERS_X
    tail = width(f"+{each}", WINNER_FONT, True) + 38 + 6 + 6 + WINNER_GAP  # chip, gaps, the fame
    lines: list[list[tuple[int, str, float]]] = []
    used = room
    for s in seats[:4]:
        name = names.get(s, "?")
        need = width(name, WINNER_FONT) + tail
        if not lines or used + need > room:
            lines.append([])
            used = 0
        lines[-1].append((s, name, max(20.0, room - used - tail)))
        used += need
    return lines or [[]]


def round_layout(view: dict) -> dict[str, float]:
    """Heights of the parts of the round's picture: title, table, regions, map, and the total."""
    n = max(1, len(_players(view)))
    cols, rows = _grid(view)
    result = _round_scores(view) or {}
    trees = {t["name"]: t for t in _trees(view)}
    names = _names(view)
    region_rows = sum(ROUND_REGION_ROW + (len(winner_lines(names, seats, each)) - 1) * WINNER_LINE
                      for _, seats, each in _region_points(view, result, trees))
    parts = {"title": ROUND_TITLE_H, "table": ROUND_TABLE_HEAD + n * ROUND_TABLE_ROW + 14,
             "regions": 40 + region_rows + 10, "map": 40 + rows * MAP_CELL_H + 16}
    parts["total"] = sum(parts.values())
    return parts


def render_round_image(view: dict) -> Image.Image:
    """The scoring of the round just ended (see `render_round`) as a Pillow image."""
    if not isinstance(view, dict):
        view = {}
    result = _round_scores(view) or {}
    parts = round_layout(view)
    im = Image.new("RGB", (ROUND_W, round(parts["total"])), PAPER)
    d = ImageDraw.Draw(im)
    names = _names(view)
    rnd = _int(result.get("round"), _int(view.get("round"), 1))
    text(d, (PAD + 6, ROUND_TITLE_H / 2), f"Итоги {rnd}-го раунда", 38, INK, bold=True, anchor="lm")
    if rnd == 1 and not _over(view):
        text(d, (ROUND_W - PAD - 6, ROUND_TITLE_H / 2), "дальше — 2-й раунд", 22, MUTED, anchor="rm")
    # the table: fame per player for trees and regions, the round's sum and the fame so far
    trees_fame = _seat_values(result, "trees")
    regions_fame = _seat_values(result, "regions")
    fame_now = {s: _int(p.get("fame"), 0) or 0 for p in _players(view) if (s := _int(p.get("seat"))) is not None}
    y = ROUND_TITLE_H
    cols = (("деревья", 420), ("области", 530), ("за раунд", 640), ("всего", 742))
    for label, x in cols:
        text(d, (x, y + ROUND_TABLE_HEAD / 2), label, 20, MUTED, bold=True, anchor="mm")
    y += ROUND_TABLE_HEAD
    order = round_order(view, result)
    for seat in order:
        box = (PAD, y, ROUND_W - PAD, y + ROUND_TABLE_ROW - 6)
        d.rounded_rectangle(box, radius=10, fill=WHITE, outline=PANEL_EDGE, width=2)
        cy = y + (ROUND_TABLE_ROW - 6) / 2
        _chip(d, PAD + 8, cy, owner_rgb(view, seat), marks(view).get(seat, "?"), 38, 34)
        text(d, (PAD + 56, cy), names[seat], 28, INK, bold=True, anchor="lm", max_width=cols[0][1] - 60 - PAD - 56,
             min_size=16)
        t, r = trees_fame.get(seat, 0), regions_fame.get(seat, 0)
        for (_, x), value, bold in zip(cols, (f"+{t}", f"+{r}", f"+{t + r}", str(fame_now.get(seat, 0))),
                                       (False, False, True, True), strict=True):
            text(d, (x, cy), value, 30, INK, bold=bold, anchor="mm")
        y += ROUND_TABLE_ROW
    y += 14
    # the regions: who won each and what it gave
    trees = {t["name"]: t for t in _trees(view)}
    text(d, (PAD + 6, y + 20), "Превосходство в областях: у кого больше деревьев с преимуществом", 22, INK,
         bold=True, anchor="lm", max_width=ROUND_W - 2 * PAD - 12, min_size=14)
    y += 40
    chips = marks(view)
    for i, (r, seats, each) in enumerate(_region_points(view, result, trees)):
        rid = str(r.get("id", i))
        lines = winner_lines(names, seats, each)
        row_h = ROUND_REGION_ROW + (len(lines) - 1) * WINNER_LINE
        box = (PAD, y + 3, ROUND_W - PAD, y + row_h - 3)
        d.rounded_rectangle(box, radius=9, fill=region_tint(rid, i), outline=PANEL_EDGE, width=1)
        cy = y + ROUND_REGION_ROW / 2
        text(d, (PAD + 12, cy), clean(str(r.get("name", rid))), 24, INK, bold=True, anchor="lm",
             max_width=WINNERS_X - PAD - 24, min_size=18)
        if not seats:
            text(d, (WINNERS_X, cy), "превосходства нет ни у кого", 22, MUTED, anchor="lm")
        for j, line in enumerate(lines):
            x, ly = WINNERS_X, cy + j * WINNER_LINE
            for s, name, room in line:
                x = _chip(d, x, ly, owner_rgb(view, s), chips.get(s, "?"), 38, 30) + 6
                x += text(d, (x, ly), name, WINNER_FONT, INK, anchor="lm", max_width=room, min_size=18) + 6
                x += text(d, (x, ly), f"+{each}", WINNER_FONT, INK, bold=True, anchor="lm") + WINNER_GAP
        y += row_h
    y += 10
    # the map: every tree with the colour of whoever had the advantage and the fame it gave (its height)
    text(d, (PAD + 6, y + 20), "Деревья: цвет — у кого преимущество, число — слава за дерево", 22, INK, bold=True,
         anchor="lm", max_width=ROUND_W - 2 * PAD - 12, min_size=14)
    y += 40
    _round_map(im, d, view, result, trees, y)
    return im


def _round_map(im: Image.Image, d: ImageDraw.ImageDraw, view: dict, result: dict, trees: dict[str, dict],
               y0: float) -> None:
    owners = result.get("tree_owners") if isinstance(result.get("tree_owners"), dict) else {}
    heights = result.get("heights") if isinstance(result.get("heights"), dict) else {}
    region_of: dict[str, tuple[str, int]] = {}
    for i, r in enumerate(_dicts(view.get("regions"))):
        for n in _list(r.get("trees")):
            if isinstance(n, str):
                region_of.setdefault(n, (str(r.get("id", i)), i))
    cols, rows = _grid(view)
    x_left = (ROUND_W - cols * MAP_CELL_W) / 2
    for row in range(rows):
        for col in range(cols):
            name = f"{COLUMN_LETTERS[col]}{row + 1}"
            x0, y_top = x_left + col * MAP_CELL_W, y0 + row * MAP_CELL_H
            box = (x0 + 2, y_top + 2, x0 + MAP_CELL_W - 2, y_top + MAP_CELL_H - 2)
            if name not in region_of:
                d.rectangle(box, fill=RIVER)
                continue
            rid, i = region_of[name]
            d.rectangle(box, fill=region_tint(rid, i))
            if name not in trees:
                text(d, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), f"{name} — нет", 20, MUTED, anchor="mm")
                continue
            owner = _int(owners.get(name))
            height = _int(heights.get(name), _int(trees[name].get("height"), 1))
            plate = (box[0] + 10, box[1] + 10, box[2] - 10, box[3] - 10)
            fill = owner_rgb(view, owner) if owner is not None else WHITE
            d.rounded_rectangle(plate, radius=10, fill=fill, outline=OUTLINE, width=2)
            ink = contrast(fill) if owner is not None else INK
            cy = (plate[1] + plate[3]) / 2
            text(d, (plate[0] + 12, cy), name, 28, ink, bold=True, anchor="lm")
            value = f"+{height}" if owner is not None else "—"
            text(d, (plate[2] - 12, cy), value, 28, ink, bold=owner is not None, anchor="rm")


def render_round(view: dict) -> bytes:
    """PNG of the round that was just scored (`round_scores` of the view): fame per player for trees and
    regions, who won each region, and a map of the trees in the colour of whoever had the advantage with the
    fame each gave. 800 px wide, made to be read at 430 px on a phone."""
    return to_png(render_round_image(view))
