"""The Kingdom Builder board as a Pillow picture: the static board (terrain, marks, locations, sector borders,
coordinates), cached per board, and the pieces drawn on a copy of it (settlements, highlights, tiles left).

The board is drawn once per distinct board at twice the size and scaled down, so edges and marks are smooth; a
second copy with every hex highlighted (its terrain as it is, ringed in red, its name in outlined letters) is
cached with it, and a highlighted hex is pasted from that copy through a hex-shaped mask. Settlements are cached
anti-aliased sprites.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache

from PIL import Image, ImageDraw

from render.common import BOARD_CACHE, INK, PACKED_CACHE, RGB, WHITE, Packed, contrast, font, pack, unpack
from render.kingdom import reading
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
    hex_center,
    hex_name,
    parse,
    row_labels,
    sector_edges,
)
from render.kingdom.layout import HOUSE
from render.kingdom.marks import Shape, mark
from render.kingdom.style import (
    BOARD_BG,
    GOLD,
    HEX_EDGE,
    HL_RING,
    HOUSE_EDGE,
    LAST_RING,
    PIP_EDGE,
    PIP_TAKEN,
    SECTOR_EDGE,
    location_style,
    terrain_rgb,
)

SS = 2  # the cached board is drawn at this multiple and scaled down


class Board:
    """The cached board pictures: plain, and with every hex highlighted."""

    def __init__(self, plain: Image.Image, lit: Image.Image, locations: dict[tuple[int, int], tuple]):
        self.plain = plain
        self.lit = lit
        self.locations = locations  # (row, col) -> (type, title)


def _static_key(view: dict) -> tuple:
    sectors = tuple((s.get("name"), s.get("title"), bool(s.get("turned"))) for s in view.get("sectors") or []
                    if isinstance(s, dict))
    locations = tuple((loc["row"], loc["col"], loc.get("type"), loc.get("title")) for loc in reading.locations(view))
    return reading.terrain(view), sectors, locations


def background(view: dict) -> Board:
    return _board(*_static_key(view))


@lru_cache(maxsize=BOARD_CACHE)
def _board(terrain: tuple[str, ...], sectors: tuple, locations: tuple) -> Board:
    plain, lit = _packed_board(terrain, sectors, locations)
    return Board(unpack(plain), unpack(lit), {(r, c): (kind, title) for r, c, kind, title in locations})


@lru_cache(maxsize=PACKED_CACHE)
def _packed_board(terrain: tuple[str, ...], sectors: tuple, locations: tuple) -> tuple[Packed, Packed]:
    """The two board pictures drawn once per game and kept packed, for when many games are played at once."""
    locs = {(r, c): (kind, title) for r, c, kind, title in locations}
    return pack(_draw_board(terrain, locs, lit=False)), pack(_draw_board(terrain, locs, lit=True))


def _draw_board(terrain: tuple[str, ...], locs: dict, lit: bool) -> Image.Image:
    k = SS
    im = Image.new("RGB", (WIDTH * k, BOARD_H * k), BOARD_BG)
    d = ImageDraw.Draw(im)
    s = HEX_S * k
    for r, c in cells():
        _hex(d, *centre(r, c, k), s, terrain[r][c], locs.get((r, c)), lit)
    for a, b, inside in sector_edges(k):  # every hex edge between two quarters, then the outer edge
        d.line([a, b], fill=SECTOR_EDGE, width=(4 if inside else 3) * k)
    if lit:  # the hex names, over the sector lines
        for r, c in cells():
            _label(im, *centre(r, c, k), hex_name(r, c), k)
    f = font(COORD_SIZE * k, True)
    for xy, letter in column_labels(k):
        d.text(xy, letter, font=f, fill=INK, anchor="mm")
    for left, right, number in row_labels(k):
        d.text(left, number, font=f, fill=INK, anchor="rm")
        d.text(right, number, font=f, fill=INK, anchor="lm")
    return im.reduce(k)


def _hex(d: ImageDraw.ImageDraw, cx: float, cy: float, s: float, letter: str, loc: tuple | None, lit: bool) -> None:
    ring = corners(cx, cy, s)
    d.polygon(ring, fill=terrain_rgb(letter))
    u = s / 25  # 1 px at the 1x scale
    for shape in mark(letter, cx, cy, s, u):
        _shape(d, shape)
    if letter == "T":
        colour, sign, _ = location_style(*(loc or ("?", "?")))
        inner = corners(cx, cy, s - 3.2 * u)
        d.line(inner + inner[:1], fill=colour, width=round(4 * u), joint="curve")
        d.text((cx, cy - 0.28 * s), sign, font=font(round(15 * u), True), fill=colour, anchor="mm")
    d.line(ring + ring[:1], fill=HEX_EDGE, width=max(1, round(u)))
    if lit:
        inner = corners(cx, cy, s - 2.4 * u)
        d.line(inner + inner[:1], fill=HL_RING, width=round(4.5 * u), joint="curve")


def _shape(d: ImageDraw.ImageDraw, shape: Shape) -> None:
    pts = list(shape.points)
    if shape.kind == "line":
        d.line(pts, fill=shape.fill, width=shape.width, joint="curve" if shape.curve else None)
    elif shape.kind == "polygon":
        d.polygon(pts, fill=shape.fill)
    elif shape.kind == "ellipse":
        d.ellipse(pts, fill=shape.fill, outline=shape.outline, width=shape.width)
    elif shape.kind == "rect":
        d.rectangle(pts, fill=shape.fill)
    elif shape.kind == "arc":
        d.arc(pts, shape.start, shape.end, fill=shape.fill, width=shape.width)
    elif shape.kind == "chord":
        d.chord(pts, shape.start, shape.end, fill=shape.fill)


def _label(im: Image.Image, cx: float, cy: float, label: str, k: int) -> None:
    """A hex name, dark with a thin white outline, squeezed sideways to the hex width when wider: it reads on a
    phone where a hex is 21 px wide and leaves the terrain's colour and marks around it in view."""
    f = font(LABEL_SIZE * k, True)
    stroke = round(2 * k)
    left, top, right, bottom = f.getbbox(label, stroke_width=stroke)
    sprite = Image.new("RGBA", (right - left, bottom - top), (0, 0, 0, 0))
    ImageDraw.Draw(sprite).text((-left, -top), label, font=f, fill=INK, stroke_width=stroke, stroke_fill=WHITE)
    room = (HEX_W - 4) * k
    if sprite.width > room:
        sprite = sprite.resize((round(room), sprite.height), Image.LANCZOS)
    im.paste(sprite, (round(cx - sprite.width / 2), round(cy - sprite.height / 2 + 0.04 * HEX_S * k)), sprite)


# ---------------------------------------------------------------- sprites


def _supersampled(size: tuple[int, int], paint: Callable[[ImageDraw.ImageDraw, int], None], k: int = 4
                  ) -> Image.Image:
    """An RGBA sprite painted at k times the size by `paint(draw, k)` and scaled down smoothly."""
    im = Image.new("RGBA", (size[0] * k, size[1] * k), (0, 0, 0, 0))
    paint(ImageDraw.Draw(im), k)
    return im.resize(size, Image.LANCZOS)


# A settlement's outline, in fractions of its size: a house with a roof.
HOUSE_SHAPE = ((0.5, 0.04), (0.98, 0.47), (0.84, 0.47), (0.84, 0.95), (0.16, 0.95), (0.16, 0.47), (0.02, 0.47))
HOUSE_DOOR = (0.42, 0.66, 0.58, 0.95)  # left, top, right, bottom


@lru_cache(maxsize=32)
def house_sprite(fill: RGB, size: int = HOUSE) -> Image.Image:
    """A settlement: a little house in the player's colour, ringed dark and then white, so that it
    stands out on every terrain (black on forest, orange on canyon)."""
    pad = 4

    def paint(d: ImageDraw.ImageDraw, k: int) -> None:
        pts = [((pad + x * size) * k, (pad + y * size) * k) for x, y in HOUSE_SHAPE]
        ring = pts + pts[:2]  # past the start, so that the roof top is a rounded join as well
        d.line(ring, fill=WHITE, width=round(5.5 * k), joint="curve")
        d.polygon(pts, fill=fill)
        d.line(ring, fill=HOUSE_EDGE, width=round(1.8 * k), joint="curve")
        x0, y0, x1, y1 = HOUSE_DOOR
        d.rectangle(((pad + x0 * size) * k, (pad + y0 * size) * k, (pad + x1 * size) * k, (pad + y1 * size) * k),
                    fill=contrast(fill))

    return _supersampled((size + 2 * pad, size + 2 * pad), paint)


PIP_R, PIP_GAP = 5.2, 3  # the discs of the tiles left on a location


@lru_cache(maxsize=8)
def pips_sprite(left: int, total: int = 2) -> Image.Image:
    """Tiles left on a location hex: gold discs for the ones there, empty rings for the ones taken."""
    r, gap = PIP_R, PIP_GAP

    def paint(d: ImageDraw.ImageDraw, k: int) -> None:
        for i in range(total):
            x = (1.5 + r + i * (2 * r + gap)) * k
            y = (1.5 + r) * k
            box = (x - r * k, y - r * k, x + r * k, y + r * k)
            if i < left:
                d.ellipse(box, fill=GOLD, outline=PIP_EDGE, width=round(1.5 * k))
            else:
                d.ellipse(box, fill=WHITE, outline=PIP_TAKEN, width=round(1.2 * k))
                d.line([(x - r * 0.6 * k, y + r * 0.6 * k), (x + r * 0.6 * k, y - r * 0.6 * k)],
                       fill=PIP_TAKEN, width=round(1.2 * k))

    w = round(3 + total * 2 * r + (total - 1) * gap)
    return _supersampled((w, round(3 + 2 * r)), paint)


@lru_cache(maxsize=1)
def _hex_mask_and_box() -> tuple[Image.Image, int, int]:
    """A hex-shaped mask one pixel larger than a hex all round, and its half width and height."""
    hw, hh = math.ceil(HEX_W / 2) + 1, math.ceil(HEX_S) + 1
    mask = Image.new("L", (2 * hw * 4, 2 * hh * 4), 0)
    ImageDraw.Draw(mask).polygon(corners(hw * 4, hh * 4, HEX_S * 4 + 2), fill=255)
    return mask.resize((2 * hw, 2 * hh), Image.LANCZOS), hw, hh


def _paste_hex(im: Image.Image, src: Image.Image, row: int, col: int) -> None:
    mask, hw, hh = _hex_mask_and_box()
    x, y = hex_center(row, col)
    box = (x - hw, y - hh, x + hw, y + hh)
    im.paste(src.crop(box), box[:2], mask)


LAST_INSET, LAST_W = 2.5, 3  # the ring round a hex built on in the last turn: inset from the edge, width
MOVING_R, MOVING_W = HEX_S + 3.5, 5.5  # the ring round the settlement that moves: radius, width (white 9 under)


def _last_ring(d: ImageDraw.ImageDraw, row: int, col: int) -> None:
    cx, cy = centre(row, col)
    inner = corners(cx, cy, HEX_S - LAST_INSET)
    d.line(inner + inner[:1], fill=LAST_RING, width=LAST_W, joint="curve")


@lru_cache(maxsize=1)
def moving_ring_sprite() -> Image.Image:
    """A thick ring round a whole hex, white-edged, in the highlight colour: the settlement that moves."""
    size = round(2 * HEX_S + 10)

    def paint(d: ImageDraw.ImageDraw, k: int) -> None:
        c = size * k / 2
        for colour, w in ((WHITE, 9), (HL_RING, MOVING_W)):
            r = MOVING_R * k
            d.ellipse((c - r, c - r, c + r, c + r), outline=colour, width=round(w * k))

    return _supersampled((size, size), paint)


def _paste_centred(im: Image.Image, sprite: Image.Image, x: float, y: float) -> None:
    im.paste(sprite, (round(x - sprite.width / 2), round(y - sprite.height / 2)), sprite)


def pieces(im: Image.Image, view: dict, board: Board) -> None:
    """Everything of this moment on the board: highlighted hexes, last turn's rings, tiles left on the
    locations, the settlement that moves, and every settlement."""
    d = ImageDraw.Draw(im)
    for r, c in reading.hexes(view, "highlight"):
        _paste_hex(im, board.lit, r, c)
    for r, c in reading.hexes(view, "last_turn"):
        _last_ring(d, r, c)
    for loc in reading.locations(view):
        x, y = centre(loc["row"], loc["col"])
        _paste_centred(im, pips_sprite(reading.tiles_left(loc)), x, y + 0.3 * HEX_S)
    moving = parse(view.get("moving"))
    if moving is not None:  # the settlement chosen to move: ringed in the highlight colour
        _paste_centred(im, moving_ring_sprite(), *centre(*moving))
    for r, c, seat in reading.owners(view):
        _paste_centred(im, house_sprite(reading.colour(view, seat)), *centre(r, c))
