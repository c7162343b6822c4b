"""Where everything on the board is, in the picture's pixels: cells, levels, crowns, bridges and the
regions' names. Pure functions of the view, shared by the PNG and the SVG."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from render.common import RGB, clean, width
from render.sylvan.access import as_dicts, as_int, as_list, grid_size, parse_name, trees_of
from render.sylvan.palette import region_tint

WIDTH = 800
MAX_HEIGHT = 1280


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


def cell_origin(col: int, row: int) -> tuple[float, float]:
    return MX + col * CELL_W, MY + row * CELL_H


def board_height(rows: int) -> int:
    return round(2 * MY + rows * CELL_H)


def stack_x(col: int) -> float:
    return MX + (col + 0.5) * CELL_W + STACK_DX


def base_top(row: int) -> float:
    return MY + (row + 1) * CELL_H - BASE_BOTTOM - BASE_H


def level_rect(col: int, row: int, level: int) -> tuple[float, float, float, float]:
    """The box of a level: 0 is the base, 1.. the dwellings."""
    cx, top = stack_x(col), base_top(row)
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
    x0, y0, x1, y1 = level_rect(spot[0], spot[1], 0)
    return round((x0 + x1) / 2), round((y0 + y1) / 2)


def level_box(name: str, level: int) -> tuple[int, int, int, int]:
    """The pixel box of a tree's level (0 the base, 1.. dwellings), rounded inwards, for tests."""
    spot = parse_name(name)
    if spot is None:
        raise ValueError(f"not a tree name: {name!r}")
    x0, y0, x1, y1 = level_rect(spot[0], spot[1], level)
    return math.ceil(x0), math.ceil(y0), math.floor(x1), math.floor(y1)


def cell_box(name: str) -> tuple[int, int, int, int]:
    """The pixel box of a tree's cell on the board."""
    spot = parse_name(name)
    if spot is None:
        raise ValueError(f"not a tree name: {name!r}")
    x0, y0 = cell_origin(*spot)
    return round(x0), round(y0), round(x0 + CELL_W), round(y0 + CELL_H)


def crown_center(name: str) -> tuple[int, int]:
    """The centre of the height crown in the top left corner of a tree's cell."""
    x0, y0, _, _ = cell_box(name)
    return x0 + CROWN_W // 2 + 3, y0 + CROWN_H // 2 + 4


FLAG_W, FLAG_H = 27, LEVEL_H
CROWN_W, CROWN_H = 36, 30
CROWN_SHAPE = ((2, 10), (9.5, 15), (18, 2), (26.5, 15), (34, 10), (31, 28), (5, 28))  # in the crown's box
CROWN_GEMS = ((2, 10), (18, 2), (34, 10))  # the balls on its three points
FLAG_BANNER = ((6, 2), (25, 2), (19.5, 8.5), (25, 15), (6, 15))  # a swallow-tailed banner


REGION_FONT = 17


@lru_cache(maxsize=256)
def label_width(line: str) -> float:
    return width(line, REGION_FONT, True)


@lru_cache(maxsize=256)
def region_label_lines(name: str, room: float) -> tuple[str, ...]:
    """A region's name on one line, or on two split at a space, as it fits `room` pixels."""
    if label_width(name) <= room or " " not in name:
        return (name,)
    words = name.split(" ")
    best = min(range(1, len(words)), key=lambda i: max(label_width(" ".join(words[:i])),
                                                        label_width(" ".join(words[i:]))))
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
    top = min(len(as_dicts(tree.get("tiles"))), 8)
    x0, _, x1, y1 = level_rect(col, row, 0)
    y0 = level_rect(col, row, top)[1] - (TOP_H if tree.get("treetop") is True else 0)
    return x0, y0, x1, y1 + 4  # the roots under the base


def overlaps(a: tuple, b: tuple, margin: float = 0) -> bool:
    return a[0] < b[2] + margin and b[0] < a[2] + margin and a[1] < b[3] + margin and b[1] < a[3] + margin


def label_obstacles(view: dict, trees: dict[str, dict]) -> list[tuple]:
    """What a region's name must not cover: every crown, stack and bridge, and the greyed unused spots."""
    boxes: list[tuple] = []
    for t in trees.values():
        boxes.append(crown_box(t["name"]))
        box = stack_box(t)
        if box is not None:
            boxes.append(box)
    for pts, _ in bridge_paths(view, trees):
        xs, ys = [x for x, _ in pts], [y for _, y in pts]
        boxes.append((min(xs) - 4, min(ys) - 7, max(xs) + 4, max(ys) + 7))
    for name in as_list(view.get("empty_spots")):
        spot = parse_name(name)
        if spot is not None and name not in trees:
            boxes.append(level_rect(spot[0], spot[1], 0))
    return boxes


def label_box(lines: tuple[str, ...], left: float, top: float) -> tuple[float, float, float, float]:
    w = max(label_width(line) for line in lines)
    return left - LABEL_PAD, top, left + w + LABEL_PAD, top + LABEL_LINE * len(lines) + LABEL_PAD


ARROWS = {(-1, 0): "←", (1, 0): "→", (0, -1): "↑", (0, 1): "↓"}  # from a pond towards the region's tree


def label_candidates(view: dict, region: dict, trees: dict[str, dict], label: str):
    """Where a region's name may go, best first, as (lines, box, pond): the top band of each of its cells
    right of the crown, lowest tree first (an unused spot first of all); then, arrowed towards the region, in
    each pond next to it."""
    cols, rows = grid_size(view)
    own = [n for n in as_list(region.get("trees")) if isinstance(n, str) and parse_name(n) is not None]
    cells = sorted(own, key=lambda n: (n in trees, len(as_dicts(trees[n].get("tiles"))) if n in trees else 0))
    for name in cells:
        x0, y0, x1, _ = cell_box(name)
        left = x0 + CROWN_W + 10
        lines = region_label_lines(label, x1 - 8 - left)
        yield lines, label_box(lines, left, y0 + 8), False
    regioned = {parse_name(n) for r in as_dicts(view.get("regions")) for n in as_list(r.get("trees"))
                if isinstance(n, str)}
    for name in cells:
        col, row = parse_name(name)
        for (dc, dr), arrow in ARROWS.items():
            pond = (col - dc, row - dr)  # the region's cell is (dc, dr) away from the pond
            if not (0 <= pond[0] < cols and 0 <= pond[1] < rows) or pond in regioned:
                continue
            px0, py0 = cell_origin(*pond)
            px1, py1 = px0 + CELL_W, py0 + CELL_H
            room = CELL_W - 24
            words = f"{arrow} {label}" if arrow != "→" else f"{label} {arrow}"
            lines = region_label_lines(words, room)
            w = max(label_width(line) for line in lines) + 2 * LABEL_PAD
            h = LABEL_LINE * len(lines) + LABEL_PAD
            xs = {(-1, 0): [px0 + 12], (1, 0): [px1 - 12 - w]}.get((dc, dr), [(px0 + px1 - w) / 2])
            ys = {(0, -1): [py0 + 10], (0, 1): [py1 - 10 - h]}.get((dc, dr), [(py0 + py1 - h) / 2, py0 + 10,
                                                                              py1 - 10 - h])
            for x in xs:
                for y in ys:
                    yield lines, (x, y, x + w, y + h), True


def region_labels(view: dict) -> dict[str, tuple[tuple[str, ...], tuple[float, float, float, float], bool]]:
    """region id -> (lines, plate box, in a pond) of each region's name on the board: the first place of
    `label_candidates` that covers no crown, stack, bridge or other name; a place in its lowest tree's top
    band, over the stack but clear of every crown, when there is none."""
    trees = {t["name"]: t for t in trees_of(view)}
    obstacles = label_obstacles(view, trees)
    crowns = [crown_box(n) for n in trees]
    board = (MX, MY, WIDTH - MX, board_height(grid_size(view)[1]) - MY)
    placed: dict[str, tuple[tuple[str, ...], tuple, bool]] = {}
    for i, r in enumerate(as_dicts(view.get("regions"))):
        label = clean(str(r.get("name", "")))
        rid = str(r.get("id", i))
        if not label or rid in placed:
            continue
        taken = [box for _, box, _ in placed.values()]
        chosen = fallback = None
        for lines, box, pond in label_candidates(view, r, trees, label):
            inside = board[0] <= box[0] and box[2] <= board[2] and board[1] <= box[1] and box[3] <= board[3]
            if not inside or any(overlaps(box, o, 2) for o in taken):
                continue
            if fallback is None and not pond and not any(overlaps(box, c, 2) for c in crowns):
                fallback = (lines, box, pond)
            if not any(overlaps(box, o, 2) for o in obstacles):
                chosen = (lines, box, pond)
                break
        if chosen or fallback:
            placed[rid] = chosen or fallback
    return placed


def bridge_end(view: dict, trees: dict[str, dict], name: str, level: Any) -> tuple[int, int, int] | None:
    """(column, row, level) of one end of a bridge, the level kept within the tree."""
    t = trees.get(name)
    spot = parse_name(name)
    if t is None or spot is None:
        return None
    top = len(as_dicts(t.get("tiles")))
    return spot[0], spot[1], max(0, min(top, as_int(level, 0)))


def bridge_paths(view: dict, trees: dict[str, dict]) -> list[tuple[list[tuple[float, float]], Any]]:
    """(polyline, seat) of every bridge that joins two neighbouring trees; up to 4 side by side per pair."""
    pairs: dict[tuple, list] = {}
    for b in as_dicts(view.get("bridges")):
        a_end = bridge_end(view, trees, b.get("a"), b.get("level_a"))
        b_end = bridge_end(view, trees, b.get("b"), b.get("level_b"))
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


def bridge_path(a: tuple[int, int, int], b: tuple[int, int, int], index: int = 0, count: int = 1
                ) -> list[tuple[float, float]]:
    """The polyline of a bridge between (col, row, level) ends, a left of or above b."""
    (ac, ar, al), (bc, br, bl) = a, b
    ya = level_mid(ar, al)
    yb = level_mid(br, bl)
    if ar == br:  # side by side: from the right edge of a to the left edge of b
        off = (index - (count - 1) / 2) * (BRIDGE_W + 2)
        return [(level_rect(ac, ar, al)[2], ya + off), (level_rect(bc, br, bl)[0], yb + off)]
    # one above the other: out to the right of both stacks and down
    xv = stack_x(ac) + BASE_W / 2 + 6 + index * (BRIDGE_W + 1)
    return [(level_rect(ac, ar, al)[2], ya), (xv, ya), (xv, yb), (level_rect(bc, br, bl)[2], yb)]


def level_mid(row: int, level: int) -> float:
    _, y0, _, y1 = level_rect(0, row, level)
    return (y0 + y1) / 2


def region_map(regions: tuple) -> tuple[dict[tuple[int, int], str], dict[str, RGB]]:
    """The region of each cell (column, row) and the tint of each region, from `board_key`'s regions."""
    region_of: dict[tuple[int, int], str] = {}
    tints: dict[str, RGB] = {}
    for i, (rid, names, _) in enumerate(regions):
        tints[rid] = region_tint(rid, i)
        for n in names:
            spot = parse_name(n)
            if spot is not None:
                region_of.setdefault(spot, rid)
    return region_of, tints


def flag_spots(tree: dict) -> list[tuple[float, float, Any]]:
    """(x, y, seat) of the top left corner of each flag on a tree: at its level (kept within the stack), from
    the right end of the tile (or base) leftwards, at most 3 on a level."""
    spot = parse_name(tree.get("name"))
    if spot is None:
        return []
    top = min(len(as_dicts(tree.get("tiles"))), 8)
    by_level: dict[int, list] = {}
    for f in as_dicts(tree.get("flags")):
        level = as_int(f.get("level"), 0)
        by_level.setdefault(max(0, min(top, level)), []).append(f.get("seat"))
    out = []
    for level, seats in by_level.items():
        x0, y0, x1, y1 = level_rect(spot[0], spot[1], level)
        fy = (y0 + y1) / 2 - FLAG_H / 2
        out += [(x1 - 2 - (i + 1) * (FLAG_W + 1), fy, seat) for i, seat in enumerate(seats[:3])]
    return out
