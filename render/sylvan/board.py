"""The board in Pillow: the cached background (tints, rivers, bases), and the pieces drawn on a copy."""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from render.common import BOARD_CACHE, INK, RGB, WHITE, font, text
from render.sylvan.access import (
    as_dicts,
    as_int,
    board_key,
    owner_rgb,
    parse_name,
    tree_tiles,
)
from render.sylvan.geometry import (
    BASE_H,
    BRIDGE_W,
    CELL_H,
    CELL_W,
    CROWN_H,
    CROWN_W,
    LABEL_LINE,
    LABEL_PAD,
    REGION_FONT,
    SS,
    TOP_H,
    WIDTH,
    board_height,
    bridge_paths,
    cell_box,
    cell_origin,
    crown_center,
    flag_spots,
    level_rect,
    region_labels,
    region_map,
)
from render.sylvan.palette import FRAME, HL_RING, OUTLINE, RIVER, RIVER_LIGHT, WOOD, WOOD_DARK, blend, region_tint
from render.sylvan.sprites import (
    crown_sprite,
    flag_sprite,
    icon_sprite,
    paint_glyph,
    paste,
    tile_sprite,
    treetop_sprite,
)


class Board:
    """The cached board pictures: plain and with every cell lit, and the cells' regions."""

    def __init__(self, plain: Image.Image, lit: Image.Image, region_of: dict[tuple[int, int], str]):
        self.plain = plain
        self.lit = lit
        self.region_of = region_of


def background(view: dict) -> Board:
    """The cached board for this view's side and trees (the same object for every view of a game)."""
    return cached_board(*board_key(view))


@lru_cache(maxsize=BOARD_CACHE)
def cached_board(cols: int, rows: int, regions: tuple, trees: tuple, empty: tuple) -> Board:
    region_of, tints = region_map(regions)
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
        x0, y0 = cell_origin(col, row)
        return ((x0 + inset) * k, (y0 + inset) * k, (x0 + CELL_W - inset) * k, (y0 + CELL_H - inset) * k)

    ground = (214, 218, 196)
    for row in range(rows):
        for col in range(cols):
            rid = region_of.get((col, row))
            fill = tints.get(rid, ground) if rid is not None else RIVER
            if lit and rid is not None:
                fill = blend(fill, (255, 250, 225), 0.6)
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
    x0, y0, x1, y1 = (v * k for v in level_rect(col, row, 0))
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
    paint_glyph(d, style, x0 + 3 * k + g * 0.05, gy + g * 0.05, g * 0.9)
    d.text((x0 + 31 * k, (y0 + y1) / 2 + 1 * k), name, font=font(22 * k, True), fill=WHITE, anchor="lm",
           stroke_width=round(1.5 * k), stroke_fill=WOOD_DARK)


def _draw_empty_spot(d: ImageDraw.ImageDraw, col: int, row: int, name: str, k: int) -> None:
    """A spot with no tree in this game (the glade with 2 players): a dashed outline and its name, greyed."""
    x0, y0, x1, y1 = (v * k for v in level_rect(col, row, 0))
    grey = (150, 150, 140)
    dash = 8 * k
    for x in range(round(x0), round(x1), round(2 * dash)):
        d.line([(x, y0), (min(x + dash, x1), y0)], fill=grey, width=round(2 * k))
        d.line([(x, y1), (min(x + dash, x1), y1)], fill=grey, width=round(2 * k))
    d.line([(x0, y0), (x0, y1)], fill=grey, width=round(2 * k))
    d.line([(x1, y0), (x1, y1)], fill=grey, width=round(2 * k))
    d.text(((x0 + x1) / 2, (y0 + y1) / 2), f"{name} — нет", font=font(18 * k, True), fill=grey, anchor="mm")


# --- pieces on the board


def draw_highlight(im: Image.Image, d: ImageDraw.ImageDraw, board: Board, name: str) -> None:
    x0, y0, x1, y1 = cell_box(name)
    inner = (x0 + 6, y0 + 6, x1 - 6, y1 - 6)  # inside the rivers
    im.paste(board.lit.crop(inner), inner[:2])
    d.rounded_rectangle(inner, radius=10, outline=HL_RING, width=5)


def draw_tree(im: Image.Image, view: dict, t: dict) -> None:
    col, row = parse_name(t["name"])
    tiles = tree_tiles(view, t)[:8]  # at most 5 by the rules; a few more still fit above the cell
    for level, (seat, style) in enumerate(tiles, start=1):
        x0, y0, _, _ = level_rect(col, row, level)
        paste(im, tile_sprite(owner_rgb(view, seat), style), x0, y0)
    top = len(tiles)
    if t.get("treetop") is True:
        sprite = treetop_sprite()
        x0, y0, x1, _ = level_rect(col, row, top)
        paste(im, sprite, (x0 + x1) / 2 - sprite.width / 2, y0 - TOP_H)
    for x, y, seat in flag_spots(t):
        paste(im, flag_sprite(owner_rgb(view, seat)), x, y)
    height = as_int(t.get("height"), 1 + len(tiles))
    holder = as_int(t.get("advantage"))
    colour = owner_rgb(view, holder) if holder is not None else None
    cx, cy = crown_center(t["name"])
    paste(im, crown_sprite(max(0, min(99, height)), colour), cx - CROWN_W / 2, cy - CROWN_H / 2)


def draw_moving(im: Image.Image, d: ImageDraw.ImageDraw, trees: dict[str, dict], name: str) -> None:
    """The dwelling the hammer would move: its top tile ringed in the highlight colour, a hammer beside it."""
    t = trees.get(name)
    spot = parse_name(name)
    if t is None or spot is None:
        return
    level = len(as_dicts(t.get("tiles")))
    if level == 0:
        return
    x0, y0, x1, y1 = level_rect(spot[0], spot[1], level)
    d.rounded_rectangle((x0 - 4, y0 - 4, x1 + 4, y1 + 4), radius=7, outline=HL_RING, width=4)
    paste(im, icon_sprite("hammer", 24), x0 - 30, (y0 + y1) / 2 - 12)


def draw_region_names(im: Image.Image, view: dict) -> None:
    """Each region's name on the map (see `region_labels`): on a light plate in its own cell, on a plate of
    its tint with an arrow in a pond."""
    layer = Image.new("RGBA", im.size, (0, 0, 0, 0))
    d = ImageDraw.Draw(layer)
    regions = as_dicts(view.get("regions"))
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


def draw_bridges(d: ImageDraw.ImageDraw, view: dict, trees: dict[str, dict]) -> None:
    for pts, seat in bridge_paths(view, trees):
        _draw_bridge(d, pts, owner_rgb(view, seat))


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
            d.line([(x, y - BRIDGE_W / 2 + 1), (x, y + BRIDGE_W / 2 - 1)], fill=blend(colour, OUTLINE, 0.5))
