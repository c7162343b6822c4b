"""The board in SVG, placed by the same geometry as the PNG: region tints and rivers, the bases with the tree
names, the dwellings, flags, treetops, crowns and bridges, the regions' names, the highlighted trees, and over
every tree's cell a tappable area whose `data-target` is the tree's name («Б3»)."""

from __future__ import annotations

import math

from render.common import INK, RGB, WHITE, clean
from render.sylvan.access import (
    as_dicts,
    as_int,
    board_key,
    highlighted_trees,
    moving_trees,
    owner_rgb,
    parse_name,
    style_of,
    tree_tiles,
    trees_of,
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
from render.sylvan.palette import (
    FRAME,
    HL_RING,
    OUTLINE,
    RIVER,
    RIVER_LIGHT,
    WOOD,
    WOOD_DARK,
    blend,
    region_tint,
)
from render.sylvan.svg_parts import crown, el, flag, glyph, hit, icon, label, points, rect, tile, treetop

GROUND: RGB = (214, 218, 196)  # a cell of no known region
LIT: RGB = (255, 250, 225)  # what a highlighted cell is blended with
EMPTY_SPOT: RGB = (150, 150, 140)


def _wave(a: tuple[float, float], b: tuple[float, float], amplitude: float, waves: float, n: int = 24) -> str:
    """The points of a wavy line from a to b."""
    (ax, ay), (bx, by) = a, b
    pts = []
    for t in range(n + 1):
        f = t / n
        w = amplitude * math.sin(f * math.pi * waves)
        x, y = ax + (bx - ax) * f, ay + (by - ay) * f
        pts.append((x, y + w) if ay == by else (x + w, y))
    return points(pts)


def _ground(view: dict) -> str:
    """Cells (lit where highlighted), ponds and rivers."""
    cols, rows, regions, _, _ = board_key(view)
    region_of, tints = region_map(regions)
    lit = {parse_name(n) for n in highlighted_trees(view, {t["name"]: t for t in trees_of(view)})}
    out = [rect((0, 0, WIDTH, board_height(rows)), FRAME)]
    for row in range(rows):
        for col in range(cols):
            x0, y0 = cell_origin(col, row)
            rid = region_of.get((col, row))
            fill = tints.get(rid, GROUND) if rid is not None else RIVER
            if (col, row) in lit:
                fill = blend(fill, LIT, 0.6)
            out.append(rect((x0, y0, x0 + CELL_W, y0 + CELL_H), fill))
            if rid is None:  # no spot here: a pond the rivers run into
                for j in range(3):
                    y = y0 + (j + 1) * CELL_H / 4
                    out.append(el("polyline", points=_wave((x0, y), (x0 + CELL_W, y), 4, 20 / 3, 20), fill="none",
                                  stroke=RIVER_LIGHT, stroke_width=2))
    for row in range(rows):
        for col in range(cols):
            rid = region_of.get((col, row))
            x0, y0 = cell_origin(col, row)
            x1, y1 = x0 + CELL_W, y0 + CELL_H
            edges = []
            if col + 1 < cols and region_of.get((col + 1, row)) != rid:
                edges.append(((x1, y0), (x1, y1)))
            if row + 1 < rows and region_of.get((col, row + 1)) != rid:
                edges.append(((x0, y1), (x1, y1)))
            for a, b in edges:
                out.append(el("line", x1=a[0], y1=a[1], x2=b[0], y2=b[1], stroke=RIVER, stroke_width=12))
                out.append(el("polyline", points=_wave(a, b, 2.2, 8), fill="none", stroke=RIVER_LIGHT,
                              stroke_width=1.5))
    return "".join(out)


def _base(name: str, style: str | None) -> str:
    """A tree's base: a wooden plate with roots, its style glyph and the tree's name."""
    col, row = parse_name(name)
    x0, y0, x1, y1 = level_rect(col, row, 0)
    cx = (x0 + x1) / 2
    roots = []
    for dx in (-0.36, -0.12, 0.14, 0.38):
        rx = cx + dx * (x1 - x0)
        roots.append(el("polygon", points=points([(rx - 7, y1 - 2), (rx + 7, y1 - 2), (rx + dx * 24, y1 + 4)]),
                        fill=WOOD_DARK))
    g = BASE_H - 3
    return ("".join(roots) + rect((x0, y0, x1, y1), WOOD, OUTLINE, 1.6, radius=7)
            + glyph(style, x0 + 3, (y0 + y1) / 2 - g / 2, g)
            + label(x0 + 31, (y0 + y1) / 2 + 1, name, 22, WHITE, bold=True, stroke=WOOD_DARK, stroke_width=3,
                    paint_order="stroke"))


def _empty_spot(name: str) -> str:
    """A spot with no tree in this game (the glade with 2 players): a dashed outline and its name, greyed."""
    col, row = parse_name(name)
    x0, y0, x1, y1 = level_rect(col, row, 0)
    return (rect((x0, y0, x1, y1), None, EMPTY_SPOT, 2, stroke_dasharray="8 8")
            + label((x0 + x1) / 2, (y0 + y1) / 2, f"{name} — нет", 18, EMPTY_SPOT, bold=True, anchor="middle"))


def _tree(view: dict, t: dict) -> str:
    """A tree's dwellings, treetop, flags and height crown."""
    col, row = parse_name(t["name"])
    tiles = tree_tiles(view, t)[:8]  # at most 5 by the rules; a few more still fit above the cell
    out = []
    for level, (seat, style) in enumerate(tiles, start=1):
        x0, y0, _, _ = level_rect(col, row, level)
        out.append(tile(x0, y0, owner_rgb(view, seat), style))
    if t.get("treetop") is True:
        x0, y0, x1, _ = level_rect(col, row, len(tiles))
        out.append(treetop((x0 + x1) / 2, y0 - TOP_H))
    out += [flag(x, y, owner_rgb(view, seat)) for x, y, seat in flag_spots(t)]
    height = as_int(t.get("height"), 1 + len(tiles))
    holder = as_int(t.get("advantage"))
    cx, cy = crown_center(t["name"])
    out.append(crown(cx - CROWN_W / 2, cy - CROWN_H / 2, max(0, min(99, height)),
                     owner_rgb(view, holder) if holder is not None else None))
    return el("g", "".join(out), class_="tree")


def _region_names(view: dict) -> str:
    """Each region's name where `region_labels` puts it: a light plate in its cell, a tinted one in a pond."""
    regions = as_dicts(view.get("regions"))
    tints = {str(r.get("id", i)): region_tint(str(r.get("id", i)), i) for i, r in enumerate(regions)}
    out = []
    for rid, (lines, box, pond) in region_labels(view).items():
        if pond:
            out.append(rect(box, tints.get(rid, WHITE), OUTLINE, 2, radius=6))
        else:
            out.append(rect(box, WHITE, radius=6, fill_opacity=0.78))
        out += [label(box[0] + LABEL_PAD, box[1] + 12 + LABEL_LINE * j, clean(line), REGION_FONT, INK, bold=True)
                for j, line in enumerate(lines)]
    return "".join(out)


def _bridges(view: dict, trees: dict[str, dict]) -> str:
    out = []
    for pts, seat in bridge_paths(view, trees):
        fill = owner_rgb(view, seat)
        line = points(pts)
        out.append(el("polyline", points=line, fill="none", stroke=OUTLINE, stroke_width=BRIDGE_W + 3,
                      stroke_linejoin="round"))
        out.append(el("polyline", points=line, fill="none", stroke=fill, stroke_width=BRIDGE_W, class_="bridge",
                      stroke_linejoin="round", stroke_dasharray="7 2" if len(pts) == 2 else None))
        out += [rect((x - 2, y - 6, x + 2, y + 6), OUTLINE) for x, y in (pts[0], pts[-1])]
    return el("g", "".join(out), class_="bridges") if out else ""


def _moving(trees: dict[str, dict], name: str) -> str:
    """The dwelling the hammer would move: its top tile ringed, a hammer beside it."""
    t, spot = trees.get(name), parse_name(name)
    level = len(as_dicts(t.get("tiles"))) if t else 0
    if spot is None or level == 0:
        return ""
    x0, y0, x1, y1 = level_rect(spot[0], spot[1], level)
    return rect((x0 - 4, y0 - 4, x1 + 4, y1 + 4), None, HL_RING, 4, radius=7) + icon("hammer", x0 - 30,
                                                                                    (y0 + y1) / 2 - 12, 24)


def board_part(view: dict) -> str:
    """The board as SVG elements (0..WIDTH x 0..board_height), the tappable trees last, on top."""
    _, _, _, bases, empty = board_key(view)
    trees = {t["name"]: t for t in trees_of(view)}
    out = [_ground(view)]
    out += [_base(name, style_of(base)) for name, base in bases]
    out += [_empty_spot(name) for name in empty if name not in trees]
    for name in highlighted_trees(view, trees):
        x0, y0, x1, y1 = cell_box(name)
        out.append(rect((x0 + 6, y0 + 6, x1 - 6, y1 - 6), None, HL_RING, 5, radius=10))
    out += [_tree(view, t) for t in trees.values()]
    out.append(_bridges(view, trees))
    out.append(_region_names(view))
    out += [_moving(trees, name) for name in moving_trees(view)]
    for name in trees:
        x0, y0, x1, y1 = cell_box(name)
        out.append(hit((x0 + 6, y0 + 6, x1 - 6, y1 - 6), name, radius=10))
    return "".join(out)
