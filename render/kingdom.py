"""The Kingdom Builder picture: `draw(view) -> PNG bytes`, portrait, 960 px wide, made for a phone.

Layout (pixels; 960 wide, 1181 high with 2 players, 1237 with 3, 1280 with 4; rows shrink to stay <= 1280):

    +----------------------------------------------+
    | column letters A..T                          |  0..32
    | 20 x 20 hex board (hex 43 px wide), row      |
    | numbers 1..20 on both sides, sector borders  |  32..791
    | column letters A..T                          |  791..823 (BOARD_H)
    +----------------------------------------------+
    | Ходит Вера — what is being chosen; card      |  62
    | the four sectors with their location tiles   |  40
    | the 3 Kingdom Builder cards with hints       |  134
    | players: house, name, settlements, card,     |  56 per player
    | tiles  (when over: the score table instead)  |
    +----------------------------------------------+

The board (terrain, coordinates, sector lines) is drawn once per distinct board at twice the size and
scaled down, so edges and marks are smooth; a second copy with every hex highlighted (its terrain as it is,
ringed in red, its name in outlined letters) is cached with it, and a highlighted hex is pasted from that
copy through a hex-shaped mask. Settlements are cached anti-aliased sprites. Only the view dict is read
(schema in `rules/kingdom`); missing or odd values are drawn as neutral rather than raising.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from render.common import (
    BOARD_CACHE,
    HIGHLIGHT,
    HIGHLIGHT_SOFT,
    INK,
    MUTED,
    PACKED_CACHE,
    PANEL_EDGE,
    PAPER,
    RGB,
    WHITE,
    WIN,
    Packed,
    clean,
    contrast,
    fit,
    font,
    pack,
    player_colour,
    seat_colours,
    text,
    to_png,
    unpack,
    width,
)

SIZE = 20  # rows and columns (rules/kingdom/board.py)
SECTOR = 10
COLUMNS = "ABCDEFGHIJKLMNOPQRST"

WIDTH = 960
COORD_SIZE = 25  # coordinates players type: the largest text on the board
MARGIN_X = 38  # row numbers left and right
MARGIN_Y = 32  # column letters above and below
HEX_W = (WIDTH - 2 * MARGIN_X) / (SIZE + 0.5)  # pointy-top hex: width across the flats
HEX_S = HEX_W / math.sqrt(3)  # side = centre-to-corner radius
ROW_STEP = 1.5 * HEX_S
BOARD_H = round(2 * MARGIN_Y + (SIZE - 1) * ROW_STEP + 2 * HEX_S)
SS = 2  # the cached board is drawn at this multiple and scaled down

BOARD_BG: RGB = (238, 231, 214)
HEX_EDGE: RGB = (84, 78, 66)
SECTOR_EDGE: RGB = (28, 22, 16)
HL_RING: RGB = (214, 16, 24)  # highlighted hexes: a strong red, far from every player colour (pink included)
LABEL_SIZE = 20  # hex names inside highlighted hexes: outlined, small enough to leave the terrain in view
LIT_LIGHTEN = 0.0  # how much a highlighted hex is lightened: not at all, its terrain is what one builds on
LAST_RING: RGB = (255, 214, 0)

# Terrain letter -> (fill, Russian name: the box's, as rules.kingdom.data.TERRAIN_NAMES). Colours after the
# printed boards, spread in lightness too, so that they stay apart for weak colour vision; each also gets a
# mark (tufts, trees, flowers, dunes, cracks, waves, peak, castle).
TERRAIN: dict[str, tuple[RGB, str]] = {
    "G": ((156, 212, 96), "равнина"),
    "S": ((168, 84, 52), "каньон"),
    "D": ((240, 220, 150), "пустыня"),
    "B": ((226, 214, 54), "луг"),
    "F": ((46, 112, 52), "лес"),
    "W": ((70, 138, 210), "вода"),
    "M": ((150, 134, 120), "гора"),
    "C": ((196, 196, 202), "замок"),
    "T": ((252, 248, 238), "локация"),
}
UNKNOWN_TERRAIN: RGB = (205, 205, 205)

# Location type -> (colour of its ring and tiles, two-letter mark, Russian name).
LOCATIONS: dict[str, tuple[RGB, str, str]] = {
    "oracle": ((128, 60, 170), "Ор", "Оракул"),
    "farm": ((196, 140, 20), "Фе", "Ферма"),
    "oasis": ((20, 150, 190), "Оа", "Оазис"),
    "tower": ((84, 96, 120), "Ба", "Башня"),
    "tavern": ((190, 40, 40), "Та", "Таверна"),
    "barn": ((140, 84, 40), "Ам", "Амбар"),
    "harbor": ((30, 70, 160), "Га", "Гавань"),
    "paddock": ((100, 136, 20), "Па", "Пастбище"),
}
UNKNOWN_LOCATION: RGB = (120, 120, 120)

CARD_TITLES = {"fishermen": "Рыбаки", "miners": "Шахтёры", "merchants": "Купцы", "workers": "Рабочие",
               "discoverers": "Первооткрыватели", "knights": "Рыцари", "hermits": "Отшельники",
               "lords": "Лорды", "citizens": "Горожане", "farmers": "Фермеры"}

# panel
PAD = 10
HEADER_H = 62
LEGEND_H = 40
CARDS_H = 150  # a card: title, 3 lines of its hint, each player's gold by it now
CARD_TEXT = 21  # the card hints: 3 lines that read on a phone (~9 px at 430 px wide)
CARD_LINE = 26  # between the hint's lines
GOLD_H = 28  # the line of each player's gold under a card's hint
GOLD: RGB = (250, 196, 30)
GOLD_EDGE: RGB = (120, 80, 0)
SMALL_HOUSE = 20
ROW_H = 56  # one player, or one score row
SCORE_HEAD = 24  # column titles of the score table
MAX_HEIGHT = 1280


def _centre(row: int, col: int, k: float = 1) -> tuple[float, float]:
    x = MARGIN_X + HEX_W / 2 + col * HEX_W + (HEX_W / 2 if row % 2 else 0)
    y = MARGIN_Y + HEX_S + row * ROW_STEP
    return x * k, y * k


def hex_center(row: int, col: int) -> tuple[int, int]:
    """The pixel at the centre of the hex (0-based row, column) in the picture.

    >>> hex_center(0, 0)
    (60, 57)
    """
    x, y = _centre(row, col)
    return round(x), round(y)


def _corners(cx: float, cy: float, s: float) -> list[tuple[float, float]]:
    """Corners of a pointy-top hex, clockwise from the top."""
    w = s * math.sqrt(3) / 2
    return [(cx, cy - s), (cx + w, cy - s / 2), (cx + w, cy + s / 2), (cx, cy + s), (cx - w, cy + s / 2),
            (cx - w, cy - s / 2)]


# The shared edge towards each neighbour direction of rules/kingdom/board.step: corner indexes.
_EDGE = {0: (4, 5), 1: (1, 2), 2: (5, 0), 3: (0, 1), 4: (3, 4), 5: (2, 3)}
_EVEN = ((0, -1), (0, 1), (-1, -1), (-1, 0), (1, -1), (1, 0))
_ODD = ((0, -1), (0, 1), (-1, 0), (-1, 1), (1, 0), (1, 1))


def _blend(a: RGB, b: RGB, t: float) -> RGB:
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b, strict=True))  # type: ignore[return-value]


def terrain_rgb(letter: Any) -> RGB:
    return TERRAIN[letter][0] if letter in TERRAIN else UNKNOWN_TERRAIN


def terrain_name(letter: Any) -> str:
    return TERRAIN[letter][1] if letter in TERRAIN else str(letter or "?")


def location_style(kind: Any, title: Any = None) -> tuple[RGB, str, str]:
    """(colour, two-letter mark, name) of a location type; unknown types get grey and their title."""
    if kind in LOCATIONS:
        colour, mark, name = LOCATIONS[kind]
        return colour, mark, clean(str(title)) if title else name
    name = clean(str(title or kind or "?"))
    return UNKNOWN_LOCATION, (name[:2] or "?"), name


# ---------------------------------------------------------------- view access (forgiving)


def _terrain(view: dict) -> tuple[str, ...]:
    rows = view.get("terrain")
    if not isinstance(rows, list | tuple):
        rows = []
    out = []
    for r in range(SIZE):
        row = rows[r] if r < len(rows) and isinstance(rows[r], str) else ""
        out.append((row + "?" * SIZE)[:SIZE])
    return tuple(out)


def _locations(view: dict) -> list[dict]:
    out = []
    for loc in view.get("locations") or []:
        if not isinstance(loc, dict):
            continue
        r, c = loc.get("row"), loc.get("col")
        if not (isinstance(r, int) and isinstance(c, int)) and isinstance(loc.get("hex"), str):
            r, c = _parse(loc["hex"]) or (None, None)
        if isinstance(r, int) and isinstance(c, int) and 0 <= r < SIZE and 0 <= c < SIZE:
            out.append({**loc, "row": r, "col": c})
    return out


def _parse(name: Any) -> tuple[int, int] | None:
    """(row, col) of "K12"; None for anything else."""
    if not isinstance(name, str) or len(name) < 2:
        return None
    letter, number = name[0].upper(), name[1:]
    if letter not in COLUMNS or not number.isascii() or not number.isdigit():
        return None
    row = int(number) - 1
    return (row, COLUMNS.index(letter)) if 0 <= row < SIZE else None


def _hexes(view: dict, key: str) -> list[tuple[int, int]]:
    value = view.get(key)
    if not isinstance(value, list | tuple):
        return []
    return [h for h in (_parse(x) for x in value) if h is not None]


def _owners(view: dict) -> list[tuple[int, int, Any]]:
    rows = view.get("owners")
    if not isinstance(rows, list | tuple):
        return []
    out = []
    for r, row in enumerate(rows[:SIZE]):
        if isinstance(row, list | tuple):
            out.extend((r, c, seat) for c, seat in enumerate(row[:SIZE]) if seat is not None)
    return out


def _players(view: dict) -> list[dict]:
    return [p for p in view.get("players") or [] if isinstance(p, dict)]


def _colour(view: dict, seat: Any) -> RGB:
    """The colour of a seat's settlements: the person's own (kept across a rematch), else the seat's."""
    return seat_colours(view.get("players")).get(seat) or player_colour(seat)


def display_name(p: dict) -> str:
    seat = p.get("seat")
    return clean(str(p.get("name", ""))) or (f"Игрок {seat + 1}" if isinstance(seat, int) else "Игрок")


# ---------------------------------------------------------------- static board


def _static_key(view: dict) -> tuple:
    sectors = tuple((s.get("name"), s.get("title"), bool(s.get("turned"))) for s in view.get("sectors") or []
                    if isinstance(s, dict))
    locations = tuple((loc["row"], loc["col"], loc.get("type"), loc.get("title")) for loc in _locations(view))
    return _terrain(view), sectors, locations


class Board:
    """The cached board pictures: plain, and with every hex highlighted."""

    def __init__(self, plain: Image.Image, lit: Image.Image, locations: dict[tuple[int, int], tuple]):
        self.plain = plain
        self.lit = lit
        self.locations = locations  # (row, col) -> (type, title)


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
    for r in range(SIZE):
        for c in range(SIZE):
            cx, cy = _centre(r, c, k)
            letter = terrain[r][c]
            _hex(d, cx, cy, s, letter, locs.get((r, c)), lit, f"{COLUMNS[c]}{r + 1}")
    # sector borders: every hex edge between two quarters, then the outer edge
    for r in range(SIZE):
        for c in range(SIZE):
            cx, cy = _centre(r, c, k)
            corners = _corners(cx, cy, s)
            for direction, (dr, dc) in enumerate(_ODD if r % 2 else _EVEN):
                nr, nc = r + dr, c + dc
                inside = 0 <= nr < SIZE and 0 <= nc < SIZE
                if inside and (nr // SECTOR, nc // SECTOR) == (r // SECTOR, c // SECTOR):
                    continue
                a, b = _EDGE[direction]
                d.line([corners[a], corners[b]], fill=SECTOR_EDGE, width=(4 if inside else 3) * k)
    if lit:  # the hex names, over the sector lines
        for r in range(SIZE):
            for c in range(SIZE):
                _label(im, *_centre(r, c, k), f"{COLUMNS[c]}{r + 1}", k)
    for c in range(SIZE):  # column letters over row 1 and under row 20
        for r, y in ((0, MARGIN_Y / 2), (SIZE - 1, BOARD_H - MARGIN_Y / 2)):
            x, _ = _centre(r, c, k)
            d.text((x, y * k), COLUMNS[c], font=font(COORD_SIZE * k, True), fill=INK, anchor="mm")
    for r in range(SIZE):  # row numbers beside the first and the last hex of each row
        x0, y = _centre(r, 0, k)
        x1, _ = _centre(r, SIZE - 1, k)
        f = font(COORD_SIZE * k, True)
        d.text((x0 - HEX_W * k / 2 - 4 * k, y), str(r + 1), font=f, fill=INK, anchor="rm")
        d.text((x1 + HEX_W * k / 2 + 4 * k, y), str(r + 1), font=f, fill=INK, anchor="lm")
    return im.reduce(k)


def _hex(d: ImageDraw.ImageDraw, cx: float, cy: float, s: float, letter: str, loc: tuple | None, lit: bool,
         label: str) -> None:
    fill = terrain_rgb(letter)
    if lit:
        fill = _blend(fill, WHITE, LIT_LIGHTEN)
    corners = _corners(cx, cy, s)
    d.polygon(corners, fill=fill)
    u = s / 25  # 1 px at the 1x scale
    _mark(d, letter, cx, cy, s, u, lit)
    if letter == "T":
        colour, mark, _ = location_style(*(loc or ("?", "?")))
        inner = _corners(cx, cy, s - 3.2 * u)
        d.line(inner + inner[:1], fill=colour, width=round(4 * u), joint="curve")
        d.text((cx, cy - 0.28 * s), mark, font=font(round(15 * u), True), fill=colour, anchor="mm")
    d.line(corners + corners[:1], fill=HEX_EDGE, width=max(1, round(u)))
    if lit:
        inner = _corners(cx, cy, s - 2.4 * u)
        d.line(inner + inner[:1], fill=HL_RING, width=round(4.5 * u), joint="curve")


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


def _mark(d: ImageDraw.ImageDraw, letter: str, cx: float, cy: float, s: float, u: float, lit: bool) -> None:
    """The texture mark of a terrain, kept off the centre where a settlement stands."""
    fade = LIT_LIGHTEN if lit else 0.0

    def ink(rgb: RGB) -> RGB:
        return _blend(rgb, WHITE, fade)

    lw = max(1, round(1.6 * u))
    spots = ((-0.52, -0.38), (0.5, 0.42), (0.02, -0.7))
    if letter == "G":  # grass tufts
        for dx, dy in spots:
            x, y = cx + dx * s, cy + dy * s + 3 * u
            for tx in (-3, 0, 3):
                d.line([(x, y), (x + tx * u, y - (5 if tx else 6.5) * u)], fill=ink((70, 140, 40)), width=lw)
    elif letter == "F":  # trees
        for dx, dy in ((-0.55, -0.3), (0.55, 0.36), (0.0, -0.66), (-0.42, 0.5)):
            x, y = cx + dx * s, cy + dy * s
            d.polygon([(x, y - 6 * u), (x - 4.5 * u, y + 3.5 * u), (x + 4.5 * u, y + 3.5 * u)],
                      fill=ink((16, 60, 24)))
            d.line([(x, y + 3 * u), (x, y + 6 * u)], fill=ink((80, 50, 25)), width=lw)
    elif letter == "B":  # flowers
        colours = ((255, 255, 255), (200, 40, 150), (120, 50, 200), (255, 255, 255), (200, 40, 150))
        pts = ((-0.6, -0.3), (-0.35, -0.55), (0.55, 0.3), (0.3, 0.58), (0.12, -0.72))
        for (dx, dy), col in zip(pts, colours, strict=True):
            x, y = cx + dx * s, cy + dy * s
            r = 2.8 * u
            d.ellipse((x - r, y - r, x + r, y + r), fill=ink(col), outline=ink((120, 110, 20)), width=max(1, round(u)))
    elif letter == "D":  # dunes
        for dx, dy in ((-0.5, -0.35), (0.45, 0.45)):
            x, y = cx + dx * s, cy + dy * s
            d.arc((x - 7 * u, y - 3 * u, x + 7 * u, y + 5 * u), 200, 340, fill=ink((196, 160, 80)), width=lw)
    elif letter == "S":  # cracks
        for dx, dy in ((-0.55, -0.4), (0.42, 0.3)):
            x, y = cx + dx * s, cy + dy * s
            d.line([(x - 5 * u, y - 4 * u), (x - 1 * u, y), (x - 3 * u, y + 3 * u), (x + 4 * u, y + 7 * u)],
                   fill=ink((96, 40, 22)), width=round(2 * u), joint="curve")
    elif letter == "W":  # waves
        for dy in (-0.45, 0.45):
            y = cy + dy * s
            pts = [(cx + (t / 10 - 0.5) * 1.2 * s, y + 2.2 * u * math.sin(t * math.pi / 2.5)) for t in range(11)]
            d.line(pts, fill=ink((190, 225, 250)), width=lw, joint="curve")
    elif letter == "M":  # a peak with snow
        base, top = cy + 0.5 * s, cy - 0.62 * s
        d.polygon([(cx + 0.15 * s, base), (cx + 0.48 * s, cy - 0.18 * s), (cx + 0.8 * s, base)],
                  fill=ink((115, 100, 90)))
        d.polygon([(cx - 0.7 * s, base), (cx - 0.05 * s, top), (cx + 0.55 * s, base)], fill=ink((84, 70, 62)))
        t = 0.34
        d.polygon([(cx - 0.05 * s, top), (cx - 0.05 * s - 0.65 * s * t, top + (base - top) * t),
                   (cx - 0.05 * s + 0.6 * s * t, top + (base - top) * t)], fill=WHITE)
    elif letter == "C":  # a castle
        stone, dark = ink((92, 92, 104)), ink((40, 40, 48))
        x0, x1, y0, y1 = cx - 0.5 * s, cx + 0.5 * s, cy - 0.18 * s, cy + 0.52 * s
        d.rectangle((x0, y0, x1, y1), fill=stone)
        m = (x1 - x0) / 5
        for i in (0, 2, 4):
            d.rectangle((x0 + i * m, y0 - 0.16 * s, x0 + (i + 1) * m, y0), fill=stone)
        d.rectangle((cx - 0.16 * s, cy - 0.6 * s, cx + 0.16 * s, y0), fill=stone)  # keep
        d.line([(cx, cy - 0.6 * s), (cx, cy - 0.86 * s)], fill=dark, width=lw)
        d.polygon([(cx, cy - 0.86 * s), (cx + 0.3 * s, cy - 0.78 * s), (cx, cy - 0.7 * s)], fill=(200, 30, 30))
        d.chord((cx - 0.13 * s, y1 - 0.36 * s, cx + 0.13 * s, y1 - 0.1 * s), 180, 360, fill=dark)
        d.rectangle((cx - 0.13 * s, y1 - 0.23 * s, cx + 0.13 * s, y1), fill=dark)


# ---------------------------------------------------------------- sprites


def _supersampled(size: tuple[int, int], paint, k: int = 4) -> Image.Image:
    """An RGBA sprite painted at k times the size by `paint(draw, k)` and scaled down smoothly."""
    im = Image.new("RGBA", (size[0] * k, size[1] * k), (0, 0, 0, 0))
    paint(ImageDraw.Draw(im), k)
    return im.resize(size, Image.LANCZOS)


HOUSE = round(HEX_W * 0.64)


@lru_cache(maxsize=32)
def house_sprite(fill: RGB, size: int = HOUSE) -> Image.Image:
    """A settlement: a little house in the player's colour, ringed dark and then white, so that it
    stands out on every terrain (black on forest, orange on canyon)."""
    pad = 4
    shape = [(0.5, 0.04), (0.98, 0.47), (0.84, 0.47), (0.84, 0.95), (0.16, 0.95), (0.16, 0.47), (0.02, 0.47)]

    def paint(d: ImageDraw.ImageDraw, k: int) -> None:
        pts = [((pad + x * size) * k, (pad + y * size) * k) for x, y in shape]
        ring = pts + pts[:2]  # past the start, so that the roof top is a rounded join as well
        d.line(ring, fill=WHITE, width=round(5.5 * k), joint="curve")
        d.polygon(pts, fill=fill)
        d.line(ring, fill=(20, 16, 12), width=round(1.8 * k), joint="curve")
        door = contrast(fill)
        d.rectangle(((pad + 0.42 * size) * k, (pad + 0.66 * size) * k, (pad + 0.58 * size) * k,
                     (pad + 0.95 * size) * k), fill=door)

    return _supersampled((size + 2 * pad, size + 2 * pad), paint)


@lru_cache(maxsize=8)
def pips_sprite(left: int, total: int = 2) -> Image.Image:
    """Tiles left on a location hex: gold discs for the ones there, empty rings for the ones taken."""
    r, gap = 5.2, 3

    def paint(d: ImageDraw.ImageDraw, k: int) -> None:
        for i in range(total):
            x = (1.5 + r + i * (2 * r + gap)) * k
            y = (1.5 + r) * k
            box = (x - r * k, y - r * k, x + r * k, y + r * k)
            if i < left:
                d.ellipse(box, fill=(250, 196, 30), outline=(90, 60, 0), width=round(1.5 * k))
            else:
                d.ellipse(box, fill=(255, 255, 255), outline=(150, 140, 130), width=round(1.2 * k))
                d.line([(x - r * 0.6 * k, y + r * 0.6 * k), (x + r * 0.6 * k, y - r * 0.6 * k)],
                       fill=(150, 140, 130), width=round(1.2 * k))

    w = round(3 + total * 2 * r + (total - 1) * gap)
    return _supersampled((w, round(3 + 2 * r)), paint)


@lru_cache(maxsize=1)
def _hex_mask_and_box() -> tuple[Image.Image, int, int]:
    """A hex-shaped mask one pixel larger than a hex all round, and its half width and height."""
    hw, hh = math.ceil(HEX_W / 2) + 1, math.ceil(HEX_S) + 1
    mask = Image.new("L", (2 * hw * 4, 2 * hh * 4), 0)
    ImageDraw.Draw(mask).polygon(_corners(hw * 4, hh * 4, HEX_S * 4 + 2), fill=255)
    return mask.resize((2 * hw, 2 * hh), Image.LANCZOS), hw, hh


def _paste_hex(im: Image.Image, src: Image.Image, row: int, col: int) -> None:
    mask, hw, hh = _hex_mask_and_box()
    x, y = hex_center(row, col)
    box = (x - hw, y - hh, x + hw, y + hh)
    im.paste(src.crop(box), box[:2], mask)


def _last_ring(d: ImageDraw.ImageDraw, row: int, col: int) -> None:
    cx, cy = _centre(row, col)
    inner = _corners(cx, cy, HEX_S - 2.5)
    d.line(inner + inner[:1], fill=LAST_RING, width=3, joint="curve")


# ---------------------------------------------------------------- pieces on the board


def _pieces(im: Image.Image, view: dict, board: Board) -> None:
    d = ImageDraw.Draw(im)
    for r, c in dict.fromkeys(_hexes(view, "highlight")):
        _paste_hex(im, board.lit, r, c)
    for r, c in dict.fromkeys(_hexes(view, "last_turn")):
        _last_ring(d, r, c)
    for loc in _locations(view):
        tiles = loc.get("tiles")
        left = max(0, min(2, tiles)) if isinstance(tiles, int) else 0
        sprite = pips_sprite(left)
        x, y = _centre(loc["row"], loc["col"])
        im.paste(sprite, (round(x - sprite.width / 2), round(y + 0.3 * HEX_S - sprite.height / 2)), sprite)
    moving = _parse(view.get("moving"))
    if moving is not None:  # the settlement chosen to move: ringed in the highlight colour
        x, y = _centre(*moving)
        ring = moving_ring_sprite()
        im.paste(ring, (round(x - ring.width / 2), round(y - ring.height / 2)), ring)
    colours = seat_colours(view.get("players"))
    for r, c, seat in _owners(view):
        sprite = house_sprite(colours.get(seat) or player_colour(seat))
        x, y = _centre(r, c)
        im.paste(sprite, (round(x - sprite.width / 2), round(y - sprite.height / 2)), sprite)


@lru_cache(maxsize=1)
def moving_ring_sprite() -> Image.Image:
    """A thick ring round a whole hex, white-edged, in the highlight colour: the settlement that moves."""
    size = round(2 * HEX_S + 10)

    def paint(d: ImageDraw.ImageDraw, k: int) -> None:
        c = size * k / 2
        for radius, colour, w in ((HEX_S + 3.5, WHITE, 9), (HEX_S + 3.5, HL_RING, 5.5)):
            r = radius * k
            d.ellipse((c - r, c - r, c + r, c + r), outline=colour, width=round(w * k))

    return _supersampled((size, size), paint)


# ---------------------------------------------------------------- panel


def _tile_icon(d: ImageDraw.ImageDraw, x: float, y: float, kind: Any, title: Any, state: Any,
               w: int = 38, h: int = 28) -> None:
    """A location tile: its colour and mark; used = faded with a tick, new = hatched."""
    colour, mark, _ = location_style(kind, title)
    fill, ink = colour, WHITE
    if state == "used":
        fill, ink = _blend(colour, PAPER, 0.68), _blend(colour, PAPER, 0.25)
    box = (x, y, x + w, y + h)
    d.rounded_rectangle(box, radius=6, fill=fill, outline=INK if state != "used" else MUTED, width=2)
    if state == "new":
        for t in range(-h, w, 7):  # diagonal stripes, clipped to the tile
            u0, u1 = max(0, -t), min(h, w - t)
            d.line([(x + t + u0, y + h - u0), (x + t + u1, y + h - u1)], fill=WHITE, width=2)
        d.rounded_rectangle(box, radius=6, outline=INK, width=2)
    d.text((x + w / 2, y + h / 2 + 1), mark, font=font(16, True), fill=ink if state != "new" else INK,
           anchor="mm", stroke_width=2 if state == "new" else 0, stroke_fill=WHITE)


def _wrap(value: str, size: int, max_width: float, lines: int) -> list[str]:
    words, out, line = clean(value).split(), [], ""
    for word in words:
        candidate = f"{line} {word}".strip()
        if width(candidate, size) <= max_width or not line:
            line = candidate
        else:
            out.append(line)
            line = word
    if line:
        out.append(line)
    if len(out) > lines:
        out = out[:lines]
        out[-1] = fit(out[-1] + " …", size, max_width)[0] if width(out[-1] + " …", size) > max_width \
            else out[-1] + " …"
    return [fit(x, size, max_width)[0] for x in out]


def _names(view: dict) -> dict[Any, str]:
    return {p.get("seat"): display_name(p) for p in _players(view)}


def _over(view: dict) -> bool:
    return view.get("phase") == "over" or bool(view.get("scores"))


def _scored(view: dict) -> bool:
    return any(isinstance(s, dict) for s in view.get("scores") or [])


def _header(d: ImageDraw.ImageDraw, im: Image.Image, view: dict, y0: float) -> None:
    """ "Ходит Вера — поставить поселение" (who, a dash, what is being chosen), or "Партия окончена"; below,
    the card and how many of the three are left."""
    names = _names(view)
    x = PAD + 4
    right = WIDTH - PAD - 4
    deck = f"колода {view.get('deck', '?')} · сброс {view.get('discard', '?')}"
    room = right - text(d, (right, y0 + 48), deck, 19, MUTED, anchor="rm") - 16
    if _over(view):
        text(d, (x, y0 + 22), "Партия окончена", 28, INK, bold=True, anchor="lm", max_width=right - x)
        winners = [names.get(s, str(s)) for s in view.get("winners") or []]
        if winners:
            label = ("Победа: " if len(winners) == 1 else "Победили: ") + ", ".join(winners)
            text(d, (x, y0 + 48), label, 21, WIN, bold=True, anchor="lm", max_width=room - x, min_size=14)
        return
    seat = view.get("current")
    if seat is None:
        text(d, (x, y0 + 22), "Ждём начала хода", 28, INK, bold=True, anchor="lm", max_width=right - x)
        return
    who = names.get(seat, f"Игрок {seat + 1}" if isinstance(seat, int) else "Игрок")
    sprite = house_sprite(_colour(view, seat))
    im.paste(sprite, (x, round(y0 + 22 - sprite.height / 2)), sprite)
    x += sprite.width + 6
    what = clean(str(view.get("choosing") or "")) or "поставить поселение"
    text(d, (x, y0 + 22), f"Ходит {who} — {what}", 27, INK, bold=True, anchor="lm", max_width=right - x,
         min_size=15)
    players = {p.get("seat"): p for p in _players(view)}
    card = (players.get(seat) or {}).get("card")
    sx = PAD + 4
    if card in TERRAIN:
        sx += text(d, (sx, y0 + 48), "карта:", 20, INK, anchor="lm") + 6
        sx = _terrain_chip(d, sx, y0 + 48, card, 20) + 12
    left = view.get("builds_left")
    if view.get("phase") == "after" or left == 0:
        sub = "обязательные поселения построены"
    elif isinstance(left, int):
        sub = f"осталось построить {left} из 3"
    else:
        sub = ""
    if view.get("final_round"):
        sub = (sub + " · " if sub else "") + "последний круг!"
    text(d, (sx, y0 + 48), sub, 20, (200, 30, 30) if view.get("final_round") else MUTED, anchor="lm",
         max_width=room - sx, min_size=12)


def _terrain_chip(d: ImageDraw.ImageDraw, x: float, cy: float, letter: str, size: int = 19) -> float:
    """A small terrain hex and its name; returns the x after it."""
    s = 11
    corners = _corners(x + s, cy, s)
    d.polygon(corners, fill=terrain_rgb(letter), outline=INK, width=2)
    return x + 2 * s + 5 + text(d, (x + 2 * s + 5, cy), terrain_name(letter), size, INK, bold=True, anchor="lm")


def _legend(d: ImageDraw.ImageDraw, view: dict, y0: float) -> None:
    """The four sectors of this board, each with its location's tile."""
    sectors = [s for s in view.get("sectors") or [] if isinstance(s, dict)][:4]
    if not sectors:
        return
    cw = (WIDTH - 2 * PAD) / len(sectors)
    quarters = ("↖", "↗", "↙", "↘")
    for i, s in enumerate(sectors):
        x = PAD + i * cw + 4
        cy = y0 + LEGEND_H / 2
        x += text(d, (x, cy), quarters[i], 20, MUTED, bold=True, anchor="lm") + 4
        _tile_icon(d, x, cy - 13, s.get("name"), s.get("title"), "usable", 34, 26)
        name = location_style(s.get("name"), s.get("title"))[2]
        text(d, (x + 40, cy), name, 20, INK, anchor="lm", max_width=cw - (x - PAD - i * cw) - 44, min_size=12)


def _cards(d: ImageDraw.ImageDraw, im: Image.Image, view: dict, y0: float) -> None:
    """The three Kingdom Builder cards: title, hint and, at the bottom, the gold each player has by it now."""
    cards = [c for c in view.get("cards") or [] if isinstance(c, dict)][:3]
    n = max(1, len(cards))
    cw = (WIDTH - 2 * PAD - (n - 1) * 8) / n
    for i, card in enumerate(cards):
        x0 = PAD + i * (cw + 8)
        box = (x0, y0, x0 + cw, y0 + CARDS_H - 8)
        d.rounded_rectangle(box, radius=10, fill=WHITE, outline=PANEL_EDGE, width=2)
        d.rounded_rectangle((x0, y0, x0 + cw, y0 + 32), radius=10, fill=(70, 58, 110))
        d.rectangle((x0, y0 + 20, x0 + cw, y0 + 32), fill=(70, 58, 110))
        title = card.get("title") or CARD_TITLES.get(card.get("id"), str(card.get("id", "?")))
        text(d, (x0 + cw / 2, y0 + 16), str(title), 23, WHITE, bold=True, anchor="mm", max_width=cw - 12,
             min_size=14)
        for j, line in enumerate(_wrap(str(card.get("hint") or ""), CARD_TEXT, cw - 12, 3)):
            text(d, (x0 + 6, y0 + 35 + j * CARD_LINE), line, CARD_TEXT, INK)
        if not _scored(view):  # at the end the score table below says it
            _card_gold(d, im, view, card.get("id"), x0 + 6, x0 + cw - 6, y0 + CARDS_H - 8 - GOLD_H / 2 - 3)


def card_gold(view: dict, card: Any) -> list[tuple[Any, int]]:
    """(seat, gold) of every player by one card now, in seat order; players without the figure are left out."""
    out = []
    for p in _players(view):
        parts = p.get("gold_parts")
        gold = parts.get(card) if isinstance(parts, dict) else None
        if isinstance(gold, int) and not isinstance(gold, bool):
            out.append((p.get("seat"), gold))
    return out


def _card_gold(d: ImageDraw.ImageDraw, im: Image.Image, view: dict, card: Any, x0: float, x1: float,
               cy: float) -> None:
    """Each player's house and their gold by this card, on a faint gold band."""
    golds = card_gold(view, card)
    if not golds:
        return
    d.rounded_rectangle((x0 - 2, cy - GOLD_H / 2, x1 + 2, cy + GOLD_H / 2), radius=7, fill=(255, 244, 204))
    step = (x1 - x0) / len(golds)
    for i, (seat, gold) in enumerate(golds):
        x = x0 + i * step + 2
        sprite = house_sprite(_colour(view, seat), SMALL_HOUSE)
        im.paste(sprite, (round(x), round(cy - sprite.height / 2)), sprite)
        text(d, (x + sprite.width + 3, cy + 1), str(gold), 21, INK, bold=True, anchor="lm")


def gold_coin(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, label: str) -> None:
    """A gold coin with a number on it: a player's gold."""
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=GOLD, outline=GOLD_EDGE, width=2)
    text(d, (cx, cy + 1), label, round(r * (1.2 if len(label) < 3 else 0.95)), INK, bold=True, anchor="mm")


def _player_row(d: ImageDraw.ImageDraw, im: Image.Image, view: dict, p: dict, y0: float, h: float) -> None:
    seat = p.get("seat")
    current = seat == view.get("current") and seat is not None
    box = (PAD, y0, WIDTH - PAD, y0 + h - 4)
    if current:
        d.rounded_rectangle(box, radius=10, fill=HIGHLIGHT_SOFT, outline=HIGHLIGHT, width=4)
    else:
        d.rounded_rectangle(box, radius=10, fill=WHITE, outline=PANEL_EDGE, width=2)
    cy = y0 + (h - 4) / 2
    sprite = house_sprite(_colour(view, seat))
    im.paste(sprite, (PAD + 8, round(cy - sprite.height / 2)), sprite)
    x = PAD + 14 + sprite.width
    name = display_name(p)
    if view.get("seat") is not None and view.get("seat") == seat:
        name += " (вы)"
    text(d, (x, cy - 9), name, 21, INK, bold=True, anchor="lm", max_width=200, min_size=14)
    left = p.get("settlements_left")
    sub = f"в запасе {left if left is not None else '?'}"
    if seat == view.get("first") and seat is not None:
        sub += " · первый игрок"
    text(d, (x, cy + 14), sub, 17, MUTED, anchor="lm", max_width=PAD + 292 - x, min_size=12)
    x = PAD + 300
    card = p.get("card")
    hand = view.get("hand") if view.get("seat") == seat else None
    if isinstance(hand, dict):
        hand = hand.get("terrain") or hand.get("card")
    if isinstance(hand, list | tuple):
        hand = hand[0] if hand else None
    if card in TERRAIN:
        _terrain_chip(d, x, cy, card, 19)
    elif hand in TERRAIN:
        x2 = x + text(d, (x, cy), "в руке:", 15, MUTED, anchor="lm") + 5
        _terrain_chip(d, x2, cy, hand, 17)
    else:
        text(d, (x, cy), "карта скрыта", 16, MUTED, anchor="lm")
    right = WIDTH - PAD - 8
    gold = p.get("gold")
    if isinstance(gold, int) and not isinstance(gold, bool):  # the gold if the game ended now
        r = min(19, (h - 8) / 2)
        gold_coin(d, right - r, cy, r, str(gold))
        right -= 2 * r + 8 + text(d, (right - 2 * r - 6, cy), "золото", 17, MUTED, anchor="rm") + 10
    x = PAD + 505
    tiles = [t for t in p.get("tiles") or [] if isinstance(t, dict)]
    room = right - x
    step = min(46, room / max(1, len(tiles)))
    for i, t in enumerate(tiles):
        tx = x + i * step
        _tile_icon(d, tx, cy - 18, t.get("type"), t.get("title"), t.get("state"), min(38, round(step) - 4), 28)
        if t.get("state") == "new":
            text(d, (tx + min(38, step - 4) / 2, cy + 18), "нов.", 12, INK, bold=True, anchor="mm")
        elif t.get("state") == "used":
            text(d, (tx + min(38, step - 4) / 2, cy + 18), "сыгран", 11, MUTED, anchor="mm")
    if not tiles:
        text(d, (x, cy), "жетонов нет", 16, MUTED, anchor="lm")


def _score_table(d: ImageDraw.ImageDraw, im: Image.Image, view: dict, y0: float, h: float) -> None:
    scores = [s for s in view.get("scores") or [] if isinstance(s, dict)]
    cards = [c for c in view.get("cards") or [] if isinstance(c, dict)][:3]
    cols = [(c.get("id"), c.get("title") or CARD_TITLES.get(c.get("id"), str(c.get("id")))) for c in cards]
    cols += [("castles", "замки"), ("total", "итого")]
    name_w, tail_w = 220, 100  # player; castles and total
    cw = (WIDTH - 2 * PAD - name_w - 2 * tail_w) / max(1, len(cols) - 2)
    xs = [PAD + name_w + (i + 0.5) * cw for i in range(len(cols) - 2)]
    xs += [WIDTH - PAD - 1.5 * tail_w, WIDTH - PAD - 0.5 * tail_w]
    hy = y0 + 14
    for x, (_, title) in zip(xs, cols, strict=True):
        text(d, (x, hy), str(title), 16, MUTED, bold=True, anchor="mm", max_width=cw - 6, min_size=12)
    winners = set(view.get("winners") or [])
    names = _names(view)
    ranked = sorted(scores, key=lambda s: -(s.get("total") if isinstance(s.get("total"), int) else 0))
    for j, s in enumerate(ranked):
        ry = y0 + SCORE_HEAD + 6 + j * h
        seat = s.get("seat")
        win = seat in winners
        box = (PAD, ry, WIDTH - PAD, ry + h - 4)
        if win:
            d.rounded_rectangle(box, radius=10, fill=(214, 240, 210), outline=WIN, width=3)
        else:
            d.rounded_rectangle(box, radius=10, fill=WHITE, outline=PANEL_EDGE, width=2)
        cy = ry + (h - 4) / 2
        sprite = house_sprite(_colour(view, seat))
        im.paste(sprite, (PAD + 8, round(cy - sprite.height / 2)), sprite)
        name = names.get(seat) or clean(str(s.get("name", ""))) or "?"
        text(d, (PAD + 14 + sprite.width, cy), ("★ " if win else "") + name, 21, INK, bold=True, anchor="lm",
             max_width=name_w - 20 - sprite.width, min_size=13)
        breakdown = s.get("breakdown") if isinstance(s.get("breakdown"), dict) else {}
        for x, (key, _) in zip(xs, cols, strict=True):
            v = s.get("total") if key == "total" else breakdown.get(key)
            text(d, (x, cy), "—" if v is None else str(v), 25 if key == "total" else 21, INK, bold=key == "total",
                 anchor="mm")


def layout(view: dict) -> tuple[int, float]:
    """(picture height, height of one player or score row) for this many players."""
    n = max(1, len(_players(view)), len([s for s in view.get("scores") or [] if isinstance(s, dict)]))
    fixed = BOARD_H + HEADER_H + LEGEND_H + CARDS_H + PAD + (SCORE_HEAD if _scored(view) else 0)
    row = min(ROW_H, (MAX_HEIGHT - fixed) / n)
    return round(fixed + n * row), row


def render(view: dict) -> Image.Image:
    """The picture as a Pillow image (see `draw` for PNG bytes)."""
    if not isinstance(view, dict):
        view = {}
    board = background(view)
    height, row_h = layout(view)
    im = Image.new("RGB", (WIDTH, height), PAPER)
    im.paste(board.plain, (0, 0))
    _pieces(im, view, board)
    d = ImageDraw.Draw(im)
    d.line([(0, BOARD_H), (WIDTH, BOARD_H)], fill=PANEL_EDGE, width=3)
    y = BOARD_H + 2
    _header(d, im, view, y)
    y += HEADER_H
    _legend(d, view, y)
    y += LEGEND_H
    _cards(d, im, view, y)
    y += CARDS_H
    if _scored(view):
        _score_table(d, im, view, y - 6, row_h)
    else:
        for i, p in enumerate(_players(view)):
            _player_row(d, im, view, p, y + i * row_h, row_h)
    return im


def draw(view: dict) -> bytes:
    """PNG bytes of the board and the players for a Kingdom Builder view (see module doc)."""
    return to_png(render(view))
