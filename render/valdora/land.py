"""The map of the Valdora board painted on a `Canvas`: paths and spaces with their names (static), the gems on the
roads, the rings where the pawn may go with what stopping there costs, and the pawns."""

from __future__ import annotations

import math
from typing import Any

from render.common import INK, WHITE, coin, contrast, text
from render.valdora.canvas import Canvas, Point
from render.valdora.layout import (
    DARK,
    HARBOUR_EDGE,
    HARBOUR_FILL,
    HARBOUR_W,
    HL_GAP,
    HL_RING,
    HL_W,
    MINE_FILL,
    MINE_W,
    PATH,
    PATH_EDGE,
    PORT_R,
    ROAD_EDGE,
    ROAD_FILL,
    ROAD_W,
    TOWN_EDGE,
    TOWN_FILL,
    TOWN_R,
    TURN_MARK,
    Spot,
    as_int,
    as_num,
    client_rgb,
    edges_of,
    gem_rgb,
    gem_target,
    highlighted,
    house_label,
    pawn_spots,
    players_of,
    road_gem_spots,
    spaces_of,
)
from render.valdora.pieces import book_icon, chip, pawn, sack, ship

GEMS_TOP = 27  # where a road's gems begin below its top edge (its name is above)


def paint_land(d: Canvas, view: dict, spots: dict[str, Spot]) -> None:
    """The paths (a dark rim under a light track, round joints) and every space with its name."""
    pos = {name: (spot.cx, spot.cy) for name, spot in spots.items()}
    for thickness, colour in ((18, PATH_EDGE), (11, PATH)):
        for edge in edges_of(view):
            if str(edge[0]) in pos and str(edge[1]) in pos:
                d.line([pos[str(edge[0])], pos[str(edge[1])]], fill=colour, width=thickness)
    for x, y in pos.values():
        d.ellipse((x - 9, y - 9, x + 9, y + 9), fill=PATH)
    for s in spaces_of(view):
        name = str(s["name"])
        paint_space(d, s, spots[name])
        d.hit(name, spots[name].box, spots[name].round)


def paint_space(d: Canvas, s: dict, spot: Spot) -> None:
    """One space with its name: a town (its ships, its book on the outer side), a harbour with ships, a silver
    mine, a client house in its colour, or a road (its gems come with the pieces)."""
    name, cx, cy = str(s.get("name")), spot.cx, spot.cy
    ships = as_int(s.get("ships"))
    if spot.kind == "town":
        r = PORT_R if ships else TOWN_R
        d.ellipse(spot.box, fill=TOWN_FILL, outline=TOWN_EDGE, width=5)
        if ships:
            for i in range(ships):
                ship(d, cx + (i - (ships - 1) / 2) * 28, cy - 22, 0.9)
            text(d, (cx, cy + 6), name, 24, INK, bold=True, anchor="mm", max_width=2 * r - 8, min_size=14)
        else:
            text(d, (cx, cy - 4), name, 44, INK, bold=True, anchor="mm", max_width=2 * r - 12, min_size=14)
        if s.get("book"):  # the book sits on the outer side of the town
            dx = -1 if as_num(s.get("x")) < 50 else 1
            dy = -1 if as_num(s.get("y")) < 50 else 1
            book_icon(d, cx + dx * (r + 4), cy + dy * (r - 8), s.get("book"))
    elif spot.kind == "harbour":
        d.rounded_rectangle(spot.box, radius=14, fill=HARBOUR_FILL, outline=HARBOUR_EDGE, width=4)
        text(d, (cx, cy - 14), name, 22, INK, bold=True, anchor="mm", max_width=HARBOUR_W - 8, min_size=13)
        for i in range(ships):
            ship(d, cx + (i - (ships - 1) / 2) * 30, cy + 14, 0.9)
    elif spot.kind == "mine":
        d.rounded_rectangle(spot.box, radius=8, fill=MINE_FILL, outline=DARK, width=3)
        text(d, (cx, cy - 11), name, 26, WHITE, bold=True, anchor="mm", max_width=MINE_W - 8, min_size=13)
        for i in range(3):  # a little pile of silver
            coin(d, cx - 15 + i * 15, cy + 17 - (i == 1) * 3, 8)
    elif spot.kind == "house":
        fill = client_rgb(s.get("client"))
        label, size = house_label(name)
        box = (spot.box[0], spot.box[1] + 10, spot.box[2], spot.box[3])  # the house without its roof
        d.polygon([(cx - 20, box[1] + 1), (cx, box[1] - 14), (cx + 20, box[1] + 1)], fill=fill, outline=DARK,
                  width=2)
        d.rounded_rectangle(box, radius=6, fill=fill, outline=DARK, width=3)
        text(d, (cx, cy + 1), label, size, contrast(fill), bold=True, anchor="mm")
    else:  # a road: name on top, gems below
        d.rounded_rectangle(spot.box, radius=10, fill=ROAD_FILL, outline=ROAD_EDGE, width=3)
        text(d, (cx, spot.box[1] + 16), name, 26, INK, bold=True, anchor="mm", max_width=ROAD_W - 8, min_size=13)


def paint_road_gems(d: Canvas, view: dict, spots: dict[str, Spot]) -> None:
    """The gems on every road, each colour a disc with its count, each a place to tap (to mine it)."""
    for s in spaces_of(view):
        name = str(s["name"])
        spot = spots.get(name)
        if spot is None or spot.kind != "road" or not s.get("gems"):
            continue
        chips = road_gem_spots(spot, s["gems"])
        rows = sorted({cy for *_, cy, _ in chips})
        middle = (rows[0] + rows[-1]) / 2
        for gem, n, cx, cy, r in chips:
            chip(d, cx, cy, r, gem_rgb(gem), str(n))
            # a tap reaches the whole column of the road's lower part that the disc stands in, not only the disc
            top = spot.box[1] + GEMS_TOP if cy == rows[0] else middle
            bottom = spot.box[3] if cy == rows[-1] else middle
            d.hit(gem_target(name, gem), (cx - r - 1, top, cx + r + 1, bottom))


def paint_highlights(d: Canvas, view: dict, spots: dict[str, Spot]) -> None:
    """Rings around the spaces the pawn may go to, with what stopping there costs."""
    for name, cost in highlighted(view).items():
        spot = spots.get(name)
        if spot is None:
            continue
        highlight_ring(d, spot)
        (lx, ly), (rx, ry) = badge_points(spot)
        if as_int(cost.get("pay")):
            coin(d, rx, ry, 17, f"−{as_int(cost['pay'])}")
        if cost.get("provisions"):
            d.ellipse((lx - 17, ly - 17, lx + 17, ly + 17), fill=WHITE, outline=HL_RING, width=3)
            sack(d, lx, ly - 1, True, 0.75)


def highlight_ring(d: Canvas, spot: Spot) -> None:
    """The magenta ring around a space the pawn may go to."""
    x0, y0, x1, y1 = spot.box
    g = HL_GAP + HL_W
    outer = (x0 - g, y0 - g, x1 + g, y1 + g)
    if spot.round:
        d.ellipse(outer, outline=HL_RING, width=HL_W)
    else:
        d.rounded_rectangle(outer, radius=14, outline=HL_RING, width=HL_W)


def badge_points(spot: Spot) -> tuple[Point, Point]:
    """The top left and top right of a space's ring, where cost badges go."""
    x0, y0, x1, y1 = spot.box
    g = HL_GAP + HL_W / 2
    if spot.round:
        r = (x1 - x0) / 2 + g
        dx = dy = r * math.sqrt(0.5)
        return (spot.cx - dx, spot.cy - dy), (spot.cx + dx, spot.cy - dy)
    return (x0 - g + 4, y0 - g + 4), (x1 + g - 4, y0 - g + 4)


def paint_pawns(d: Canvas, view: dict) -> None:
    """Every pawn beside its space; a yellow disc under the pawn to move, under every pawn so it hides none."""
    current = view.get("current_seat")
    spots: dict[Any, Point] = pawn_spots(view)
    if current in spots and not view.get("over"):
        x, y = spots[current]
        d.ellipse((x - 26, y - 30, x + 26, y + 32), fill=TURN_MARK, outline=DARK, width=3)
    for p in players_of(view):
        seat = p.get("seat")
        if seat in spots:
            pawn(d, *spots[seat], seat, view=view)
