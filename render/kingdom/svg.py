"""The Kingdom Builder board for the Mini App: `board(view) -> SVG text`, one `<svg>` in the picture's own
coordinates (its viewBox, no fixed size: the page scales it), drawn from the same geometry, colours, marks and
layout as the PNG. Every hex carries `data-target` with its name ("K12") and, in the row of the player to move,
the first ready tile of each type its type ("oracle"), or, while they give one back, each tile of that type its
type and state ("farm-used"): the ids `rules.kingdom.notation.targets` names.

The tap areas of the hexes are transparent copies of them over the whole board, so that a highlight the page
puts on one (a stroke, a fill with its opacity) is seen whole. The hex, terrain marks and houses are defined
once and placed with `<use>`, so the largest state stays small
(at most about 140 KB in random 4-player games, drawn in 30-40 ms).
"""

from __future__ import annotations

from render.common import INK, PANEL_EDGE, PAPER, WHITE, width
from render.kingdom import reading, svg_panel
from render.kingdom.geometry import (
    BOARD_H,
    COORD_SIZE,
    HEX_S,
    HEX_W,
    LABEL_SIZE,
    WIDTH,
    cells,
    centre,
    column_labels,
    corners,
    hex_name,
    parse,
    row_labels,
    sector_edges,
)
from render.kingdom.layout import layout
from render.kingdom.marks import mark
from render.kingdom.png_board import LAST_INSET, LAST_W, MOVING_R, MOVING_W, PIP_GAP, PIP_R, SS
from render.kingdom.style import (
    BOARD_BG,
    GOLD,
    HEX_EDGE,
    HL_RING,
    LAST_RING,
    PIP_EDGE,
    PIP_TAKEN,
    SECTOR_EDGE,
    TERRAIN,
    location_style,
    terrain_rgb,
)
from render.kingdom.svg_elements import attrs, circle, number, points, polygon, rect, ring, shape, text
from render.kingdom.svg_houses import Houses

FONT = "system-ui, sans-serif"
LABEL_ROOM = HEX_W - 4  # a highlighted hex's name is squeezed to this width when wider


def board(view: dict) -> str:
    """The board and the panel of a Kingdom Builder view as one `<svg>` element (see the module doc)."""
    if not isinstance(view, dict):
        view = {}
    height, row_h = layout(view)
    houses = Houses(view)
    terrain = reading.terrain(view)
    body = [rect(0, 0, WIDTH, height, fill=PAPER), rect(0, 0, WIDTH, BOARD_H, fill=BOARD_BG),
            *_terrain(terrain), *_static(view, terrain), *_pieces(view, houses), *_tap_areas(),
            f'<line x1="0" y1="{BOARD_H}" x2="{WIDTH}" y2="{BOARD_H}"{attrs(stroke=PANEL_EDGE)} stroke-width="3"/>',
            *svg_panel.panel(view, houses, row_h)]
    defs = [polygon(corners(0, 0, HEX_S), id="kb-hex"), *_mark_defs(terrain), *houses.defs()]
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" font-family="{FONT}">'
            f'<defs>{"".join(defs)}</defs>{"".join(body)}</svg>')


def _terrain(terrain: tuple[str, ...]) -> list[str]:
    """Every hex in its terrain's colour, edged."""
    out = [f'<g{attrs(stroke=HEX_EDGE)} stroke-width="1">']
    for r, c in cells():
        x, y = centre(r, c)
        out.append(f'<use href="#kb-hex" x="{number(x)}" y="{number(y)}"{attrs(fill=terrain_rgb(terrain[r][c]))}/>')
    out.append("</g>")
    return out


def _tap_areas() -> list[str]:
    """Every hex again, transparent and over everything, named by `data-target`: the page's highlight of a hex
    (a class on it) shows whole, over its neighbours' edges and over a settlement on it."""
    out = ['<g fill="#000" fill-opacity="0">']
    for r, c in cells():
        out.append(f'<polygon data-target="{hex_name(r, c)}" points="{points(corners(*centre(r, c), HEX_S))}"/>')
    out.append("</g>")
    return out


def _mark_defs(terrain: tuple[str, ...]) -> list[str]:
    """Each terrain's mark round (0, 0), drawn at the cached picture's scale and scaled down as it is."""
    letters = sorted({letter for row in terrain for letter in row if letter in TERRAIN})
    out = []
    for letter in letters:
        s = HEX_S * SS
        shapes = "".join(shape(x) for x in mark(letter, 0, 0, s, s / 25))
        if shapes:
            out.append(f'<g id="kb-mark-{letter}" transform="scale({1 / SS})">{shapes}</g>')
    return out


def _static(view: dict, terrain: tuple[str, ...]) -> list[str]:
    """What the cached board picture holds: marks, location rings, sector borders, coordinates."""
    out = []
    locations = {(loc["row"], loc["col"]): loc for loc in reading.locations(view)}
    for r, c in cells():
        letter = terrain[r][c]
        x, y = centre(r, c)
        if letter in TERRAIN and letter not in "T":
            out.append(f'<use href="#kb-mark-{letter}" x="{number(x)}" y="{number(y)}"/>')
        if letter == "T":
            loc = locations.get((r, c)) or {}
            colour, sign, _ = location_style(loc.get("type", "?"), loc.get("title", "?"))
            u = HEX_S / 25
            out.append(ring(corners(x, y, HEX_S - 3.2 * u), colour, 4 * u))
            out.append(text(x, y - 0.28 * HEX_S, sign, round(15 * u * SS) / SS, colour, bold=True, anchor="m"))
    for inside in (True, False):
        path = "".join(f"M{number(a[0])},{number(a[1])}L{number(b[0])},{number(b[1])}"
                       for a, b, edge in sector_edges() if edge == inside)
        out.append(f'<path d="{path}"{attrs(stroke=SECTOR_EDGE)} stroke-width="{4 if inside else 3}"/>')
    out.append(f'<g font-size="{COORD_SIZE}" font-weight="bold"{attrs(fill=INK)} dominant-baseline="central">')
    for (x, y), letter in column_labels():
        out.append(f'<text x="{number(x)}" y="{number(y)}" text-anchor="middle">{letter}</text>')
    for (x0, y), (x1, _), label in row_labels():
        out.append(f'<text x="{number(x0)}" y="{number(y)}" text-anchor="end">{label}</text>'
                   f'<text x="{number(x1)}" y="{number(y)}">{label}</text>')
    out.append("</g>")
    return out


def _pieces(view: dict, houses: Houses) -> list[str]:
    """This moment on the board, as the PNG shows it: highlighted hexes with their names, last turn's rings,
    tiles left on the locations, the settlement that moves, every settlement."""
    out = []
    u = HEX_S / 25
    for r, c in reading.hexes(view, "highlight"):
        x, y = centre(r, c)
        out.append(ring(corners(x, y, HEX_S - 2.4 * u), HL_RING, 4.5 * u))
        label = hex_name(r, c)
        squeeze = {"textLength": LABEL_ROOM, "lengthAdjust": "spacingAndGlyphs"} \
            if width(label, LABEL_SIZE, True) > LABEL_ROOM else {}  # squeezed to the hex as in the PNG
        out.append(text(x, y + 0.04 * HEX_S, label, LABEL_SIZE, INK, bold=True, anchor="m", stroke=WHITE,
                        stroke_width=4, paint_order="stroke", stroke_linejoin="round", **squeeze))
    for r, c in reading.hexes(view, "last_turn"):
        out.append(ring(corners(*centre(r, c), HEX_S - LAST_INSET), LAST_RING, LAST_W))
    for loc in reading.locations(view):
        x, y = centre(loc["row"], loc["col"])
        left = reading.tiles_left(loc)
        for i in range(2):
            px = x + (i - 0.5) * (2 * PIP_R + PIP_GAP)
            py = y + 0.3 * HEX_S
            if i < left:
                out.append(circle(px, py, PIP_R, fill=GOLD, stroke=PIP_EDGE, stroke_width=1.5))
            else:
                out.append(circle(px, py, PIP_R, fill=WHITE, stroke=PIP_TAKEN, stroke_width=1.2))
                d = PIP_R * 0.6
                out.append(f'<line x1="{number(px - d)}" y1="{number(py + d)}" x2="{number(px + d)}" '
                           f'y2="{number(py - d)}"{attrs(stroke=PIP_TAKEN, stroke_width=1.2)}/>')
    moving = parse(view.get("moving"))
    if moving is not None:  # the settlement chosen to move: ringed in the highlight colour
        x, y = centre(*moving)
        out.append(circle(x, y, MOVING_R, fill="none", stroke=WHITE, stroke_width=9))
        out.append(circle(x, y, MOVING_R, fill="none", stroke=HL_RING, stroke_width=MOVING_W))
    out.append('<g id="kb-settlements">')
    for r, c, seat in reading.owners(view):
        out.append(houses.use(seat, *centre(r, c)))
    out.append("</g>")
    return out
