"""The Valdora picture: `draw(view) -> PNG bytes`, portrait, 900 px wide, made for a phone.

Layout (pixels; 900 wide; the map takes what the player rows leave, at most MAP_MAX_H, so the picture is
1280 high for every player count):

    +--------------------------------------------------+
    | the map: roads with their gems, towns, harbours, |  0..map_h (614 with 5 players,
    | mines, client houses; pawns (pawn-shaped tokens  |            686 with 4, 758 with 3)
    | in the seat colours, seat number on the head)    |
    | beside the space they stand on; a yellow glow    |
    | (no seat's colour) under the pawn to move;       |
    | while the current player moves: magenta rings    |
    | where the pawn may go (`highlight`), a coin with |
    | the meeting cost, a sack if provisions get spent |
    +--------------------------------------------------+
    | «Ходит Вера — куда идти» / «Партия окончена»     |  78
    | bank, bonus cards left, discard; legend of marks |
    +--------------------------------------------------+
    | the four books: town, kind, the two open pages   |  112
    +--------------------------------------------------+
    | masters left per colour; workshops need -> pts   |  84
    +--------------------------------------------------+
    | key: provisions, pan, loading price, contract    |  32
    +--------------------------------------------------+
    | one row per player: pawn mark, name, masters,    |  72 per player
    | workshops, bonuses, delivered; coins, provisions,|
    | equipment (a tile framed in the gem it takes,    |
    | the gem on it; cart and horse: rainbow ring and  |
    | their loading cost on a coin), contracts (client |
    | shield with its number, wants, points)           |
    +--------------------------------------------------+

Text that a move depends on is at least 20-22 px, so that it stays readable when a phone shows the picture
430 px wide. Everything that never changes during a game (paths, spaces and their names, block frames,
captions, book titles) is drawn once per board and player count into a cached background; each call copies
it and adds the pieces (about 20 ms, plus the palette PNG encoding). Place names are read from the view,
never assumed. Only the view dict is read (schema in `rules/valdora/view.py`); unknown or missing values
are drawn as neutral rather than raising.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from render.common import (
    BOARD_CACHE,
    INK,
    MUTED,
    PANEL_EDGE,
    PAPER,
    RGB,
    WHITE,
    WIN,
    clean,
    coin,
    contrast,
    fit,
    font,
    player_colour,
    seat_colours,
    text,
    to_png,
    width,
)

WIDTH = 900
MAX_HEIGHT = 1280
STATUS_H = 78  # whose turn; bank, bonuses, discard
BOOKS_H = 112  # the four books
TABLE_H = 84  # masters and workshops
ROW_H = 72  # one player
KEY_H = 32  # the key to the player rows' pictures
MAP_MAX_H = 760
MAX_ROWS = 5

GEM_ORDER = ("gold", "ruby", "sapphire", "amethyst", "emerald")
GEM_RGB: dict[str, RGB] = {
    "gold": (250, 200, 20),
    "ruby": (215, 25, 40),
    "sapphire": (30, 90, 215),
    "amethyst": (160, 60, 200),
    "emerald": (25, 150, 60),
}
CLIENT_RGB: dict[str, RGB] = {
    "grey": (150, 150, 150),
    "yellow": (250, 205, 30),
    "white": (255, 255, 255),
    "purple": (160, 60, 200),
    "red": (215, 25, 40),
    "blue": (30, 90, 215),
    "green": (25, 150, 60),
}
UNKNOWN: RGB = (200, 200, 200)
TOOL_GEM = {"pan": "gold", "ruby": "ruby", "sapphire": "sapphire", "amethyst": "amethyst",
            "emerald": "emerald"}  # the gem each tool takes; cart and horse take any gem, for coins
TOOL_NAMES = {"pan": "Лоток", "ruby": "Кирка", "sapphire": "Долото", "amethyst": "Молот", "emerald": "Лопата",
              "cart": "Телега", "horse": "Лошадь"}
# the header says what the player to move is choosing, as an infinitive: «Ходит Вера — куда идти»
ACTIONS = {"buy": "листать или купить", "mine": "что ещё добыть", "deliver": "что ещё сдать"}
PHASES = {"move": "куда идти", "act": "что делать здесь"}
OVER = "Партия окончена"  # the same words as the chat's final message

BOARD_BG: RGB = (226, 234, 206)
PATH_EDGE: RGB = (150, 118, 70)
PATH: RGB = (232, 208, 160)
ROAD_FILL: RGB = (255, 251, 240)
ROAD_EDGE: RGB = (120, 90, 50)
TOWN_FILL: RGB = (244, 222, 172)
TOWN_EDGE: RGB = (110, 70, 30)
HARBOUR_FILL: RGB = (190, 224, 246)
HARBOUR_EDGE: RGB = (30, 90, 150)
MINE_FILL: RGB = (80, 86, 98)
STRIP_BG: RGB = (238, 230, 212)
EQUIP_RIBBON: RGB = (226, 170, 20)  # equipment is bought with gold (rulebook: golden ribbon)
CONTRACT_RIBBON: RGB = (175, 180, 195)  # contracts are bought with coins (silver ribbon)
DARK: RGB = (40, 40, 40)
CART_RGB: RGB = (150, 100, 55)
EMPTY_SLOT: RGB = (200, 192, 180)
HL_RING: RGB = (215, 0, 150)  # where the pawn may go: magenta, like the other games' highlights
LAST_ROUND: RGB = (200, 30, 30)
PROVISIONS_RGB: RGB = (205, 160, 90)
# whose turn it is: a bright yellow that no player's pawn has (the seat colours are orange, black, pink, teal
# and brown), around the pawn on the map and framing the player's row
TURN_MARK: RGB = (255, 232, 40)
TURN_EDGE: RGB = (240, 215, 0)
TURN_SOFT: RGB = (255, 249, 205)

# map geometry: board positions are on a 100 x 100 grid, spaces between 10 and 90
MAP_MX = 62  # left and right margin to the centre of the outermost spaces
MAP_TOP, MAP_BOTTOM = 54, 90  # room above the top row and below the bottom row (pawns hang below)
ROAD_W, ROAD_H = 104, 96
TOWN_R, PORT_R = 44, 48
HARBOUR_W, HARBOUR_H = 112, 66
MINE_W, MINE_H = 86, 64
HOUSE_H = 34
CHIP_R = 15  # a gem on a road
PAWN_H = 50  # a pawn on the map
HL_GAP, HL_W = 4, 7  # the ring of a reachable space: gap to the space, width


def gem_rgb(gem: Any) -> RGB:
    return GEM_RGB.get(gem, UNKNOWN)


def client_rgb(colour: Any) -> RGB:
    return CLIENT_RGB.get(colour, UNKNOWN)


def _int(value: Any, default: int = 0) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def _dict(value: Any) -> dict:
    return value if isinstance(value, dict) else {}


# ---------------------------------------------------------------- layout


@dataclass(frozen=True)
class Layout:
    """Where each block starts, for a number of player rows."""

    rows: int
    map_h: int
    status_y: int
    books_y: int
    table_y: int
    players_y: int
    height: int


def layout(view: dict) -> Layout:
    """The blocks for this view: the map gets what the player rows leave, up to MAP_MAX_H."""
    rows = max(1, min(MAX_ROWS, len(_players(view))))
    map_h = min(MAP_MAX_H, MAX_HEIGHT - STATUS_H - BOOKS_H - TABLE_H - KEY_H - rows * ROW_H)
    status_y = map_h
    books_y = status_y + STATUS_H
    table_y = books_y + BOOKS_H
    players_y = table_y + TABLE_H + KEY_H
    return Layout(rows, map_h, status_y, books_y, table_y, players_y, players_y + rows * ROW_H)


def map_point(x: float, y: float, map_h: int) -> tuple[float, float]:
    """Picture pixels of a board position (the grid is stretched to the map's width and height)."""
    sx = (WIDTH - 2 * MAP_MX) / 80
    sy = (map_h - MAP_TOP - MAP_BOTTOM) / 80
    return MAP_MX + (x - 10) * sx, MAP_TOP + (y - 10) * sy


# ---------------------------------------------------------------- small pictures


def _supersampled(size: tuple[int, int], paint: Callable[[ImageDraw.ImageDraw, int], None], k: int = 4
                  ) -> Image.Image:
    """An RGBA sprite painted at k times the size by `paint(draw, k)` and scaled down smoothly."""
    im = Image.new("RGBA", (size[0] * k, size[1] * k), (0, 0, 0, 0))
    paint(ImageDraw.Draw(im), k)
    return im.resize(size, Image.LANCZOS)


@lru_cache(maxsize=64)
def pawn_sprite(fill: RGB, label: str, height: int) -> Image.Image:
    """A pawn (head, body, base) in a seat's colour with the seat number on its head; edged dark on a
    light colour and white on a dark one, so that it shows on every space. Nothing on the board has
    this shape: towns are discs with letters, roads are boxes with names."""
    s = height / 40
    w = round(30 * s)
    edge = WHITE if contrast(fill) == WHITE else DARK
    pad = 2

    def paint(d: ImageDraw.ImageDraw, k: int) -> None:
        def p(x: float, y: float) -> tuple[float, float]:
            return (pad + w / 2 + x * s) * k, (pad + y * s) * k

        lw = max(2, round(2 * k))
        body = [p(-7, 17), p(7, 17), p(12, 33), p(-12, 33)]
        d.polygon(body, fill=fill, outline=edge, width=lw)
        d.rounded_rectangle((*p(-14, 31), *p(14, 39)), radius=3 * k, fill=fill, outline=edge, width=lw)
        d.ellipse((*p(-11, 1), *p(11, 23)), fill=fill, outline=edge, width=lw)
        if label:
            f = font(round(15 * s * k), True)
            d.text(p(0, 12.5), label, font=f, fill=contrast(fill), anchor="mm")

    return _supersampled((w + 2 * pad, round(40 * s) + 2 * pad), paint)


def pawn(im: Image.Image, cx: float, cy: float, seat: Any, height: int = PAWN_H, view: dict | None = None) -> None:
    """The mark of a seat centred on (cx, cy): the same on the map, in the rows and in the header; in the colour
    the view gives its person (kept across a rematch), else the seat's."""
    label = str(seat + 1) if isinstance(seat, int) and 0 <= seat < 9 else ""
    fill = seat_colours((view or {}).get("players")).get(seat) or player_colour(seat)
    sprite = pawn_sprite(fill, label, height)
    im.paste(sprite, (round(cx - sprite.width / 2), round(cy - sprite.height / 2)), sprite)


def chip(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB, label: str = "") -> None:
    """A gem (or colour) disc with an optional count on it."""
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=DARK, width=2)
    if label:
        size = round(r * (1.4 if len(label) == 1 else 1.1))
        text(d, (cx, cy + 1), label, size, contrast(fill), bold=True, anchor="mm")


def chips_row(d: ImageDraw.ImageDraw, x: float, cy: float, counts: list[tuple[RGB, int]], r: float,
              gap: float = 2) -> float:
    """Discs left to right from x with counts; returns the x after the last one."""
    for fill, n in counts:
        chip(d, x + r, cy, r, fill, str(n))
        x += 2 * r + gap
    return x


def gem_counts(gems: Any) -> list[tuple[str, int]]:
    """(gem, count) in a fixed colour order, unknown gems last, zeros dropped."""
    if not isinstance(gems, dict):
        return []
    known = [(g, _int(gems[g])) for g in GEM_ORDER if _int(gems.get(g))]
    other = [(g, _int(n)) for g, n in gems.items() if g not in GEM_ORDER and _int(n)]
    return known + other


def ship(d: ImageDraw.ImageDraw, cx: float, cy: float, s: float = 1.0) -> None:
    """A small sailing ship, about 26 x 22 at s=1."""
    d.polygon([(cx - 13 * s, cy + 2 * s), (cx + 13 * s, cy + 2 * s), (cx + 8 * s, cy + 10 * s),
               (cx - 8 * s, cy + 10 * s)], fill=(110, 70, 40), outline=DARK)
    d.line([(cx, cy + 2 * s), (cx, cy - 13 * s)], fill=DARK, width=2)
    d.polygon([(cx + 1, cy - 12 * s), (cx + 1, cy), (cx + 11 * s, cy)], fill=WHITE, outline=DARK)
    d.polygon([(cx - 1, cy - 9 * s), (cx - 1, cy), (cx - 8 * s, cy)], fill=WHITE, outline=DARK)


def book_icon(d: ImageDraw.ImageDraw, cx: float, cy: float, kind: Any, s: float = 1.0) -> None:
    """An open book: gold pages for an equipment catalogue, silver for a contract book."""
    fill = EQUIP_RIBBON if kind == "equipment" else CONTRACT_RIBBON
    w, h = 20 * s, 24 * s
    for side in (-1, 1):
        d.polygon([(cx + side * w, cy - h / 2 + 3 * s), (cx, cy - h / 2 + 6 * s), (cx, cy + h / 2),
                   (cx + side * w, cy + h / 2 - 3 * s)], fill=fill, outline=DARK, width=2)


def sack(d: ImageDraw.ImageDraw, cx: float, cy: float, full: bool, s: float = 1.0) -> None:
    """A sack of provisions; only a faint outline when there is none."""
    fill = PROVISIONS_RGB if full else None
    edge = DARK if full else EMPTY_SLOT
    d.ellipse((cx - 13 * s, cy - 5 * s, cx + 13 * s, cy + 16 * s), fill=fill, outline=edge, width=2)
    d.polygon([(cx - 6 * s, cy - 5 * s), (cx - 10 * s, cy - 14 * s), (cx + 10 * s, cy - 14 * s),
               (cx + 6 * s, cy - 5 * s)], fill=fill, outline=edge)
    d.line([(cx - 7 * s, cy - 6 * s), (cx + 7 * s, cy - 6 * s)], fill=(120, 60, 20) if full else edge,
           width=3)


def house_icon(d: ImageDraw.ImageDraw, cx: float, cy: float, fill: RGB, s: float = 1.0) -> None:
    """A workshop: a little house in its colour."""
    d.polygon([(cx - 13 * s, cy - 1 * s), (cx, cy - 13 * s), (cx + 13 * s, cy - 1 * s)], fill=fill, outline=DARK,
              width=2)
    d.rectangle((cx - 10 * s, cy - 1 * s, cx + 10 * s, cy + 12 * s), fill=fill, outline=DARK, width=2)


def shield(d: ImageDraw.ImageDraw, cx: float, cy: float, h: float, fill: RGB, label: str = "") -> None:
    """A client's coat of arms (the colour of a contract), with the contract's number on it."""
    w = h * 0.5
    pts = [(cx - w, cy - h / 2), (cx + w, cy - h / 2), (cx + w, cy + h * 0.05), (cx, cy + h / 2),
           (cx - w, cy + h * 0.05)]
    d.polygon(pts, fill=fill, outline=DARK, width=2)
    if label:
        text(d, (cx, cy - h * 0.06), label, round(h * 0.8), contrast(fill), bold=True, anchor="mm")


def rainbow_ring(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, w: int) -> None:
    """A ring in the five gem colours: takes any gem (cart, horse)."""
    step = 360 / len(GEM_ORDER)
    for i, g in enumerate(GEM_ORDER):
        d.arc((cx - r, cy - r, cx + r, cy + r), -90 + i * step, -90 + (i + 1) * step, fill=gem_rgb(g), width=w)


def tile_width(item: dict, s: float) -> float:
    """How wide `equipment_tile` draws `item` at height s: wider for cart and horse (their cost)."""
    return s if item.get("kind") in TOOL_GEM else round(s * 1.75)


def equipment_tile(d: ImageDraw.ImageDraw, x0: float, y0: float, s: float, item: dict) -> float:
    """One piece of equipment, s high: a tool is a square framed in the colour of the gem it takes; cart
    and horse (any gem) are wider, brown, with their loading cost on a coin. The gem loaded on it is a
    disc, an empty ring (rainbow: any gem) when there is none. Returns the width drawn."""
    kind = item.get("kind")
    takes = TOOL_GEM.get(kind)
    frame = gem_rgb(takes) if takes else CART_RGB
    w = tile_width(item, s)
    d.rounded_rectangle((x0, y0, x0 + w, y0 + s), radius=round(s / 6), fill=WHITE, outline=frame,
                        width=max(3, round(s / 10)))
    cx, cy, r = x0 + s / 2, y0 + s / 2, s * 0.3
    _what_lies(d, cx, cy, r, item.get("gem"), takes, frame)
    if not takes:  # the loading cost on a big coin, its number as large as the coin allows
        cr = s * 0.4
        coin(d, x0 + w - cr - s * 0.06, cy, cr)
        cost = str(_int(item.get("cost"))) if "cost" in item else "?"
        text(d, (x0 + w - cr - s * 0.06, cy + 1), cost, round(cr * 1.6), INK, bold=True, anchor="mm")
    return w


def _what_lies(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, gem: str | None, takes: str | None,
               frame: tuple) -> None:
    """What lies on a piece of equipment: the gem's disc; with none, an empty ring in the colour of the gem a tool
    takes, or a rainbow ring on a cart or horse (they take any gem)."""
    if gem:
        chip(d, cx, cy, r, gem_rgb(gem))
    elif takes:
        d.ellipse((cx - r, cy - r, cx + r, cy + r), outline=frame, width=3)
    else:
        rainbow_ring(d, cx, cy, r, 4)


EQUIP_H = 34  # an equipment pill in a player row
EQUIP_TEXT = 20  # its name, at most (smaller only when a row holds much)


def _item_name(item: dict) -> str:
    kind = item.get("kind")
    return clean(str(item.get("name") or TOOL_NAMES.get(kind, str(kind or "?")))).lower()


def pill_width(item: dict, h: float, size: int) -> float:
    """How wide `equipment_pill` draws `item` at height h with its name at `size`."""
    w = h * 0.16 + h * 0.64 + 6 + width(_item_name(item), size, True) + 8
    return w if item.get("kind") in TOOL_GEM else w + h * 0.72 + 2


def equipment_pill(d: ImageDraw.ImageDraw, x0: float, cy: float, h: float, item: dict, size: int) -> float:
    """One piece of equipment a player holds, h high, in words: what lies on it (the gem's disc; an empty ring
    in the colour of the gem a tool takes, a rainbow ring on a cart or horse, which take any gem), then its
    name («кирка», «телега»); cart and horse end with their loading price on a coin. Framed in the colour of
    the gem a tool takes, brown for cart and horse. Returns the width drawn."""
    kind = item.get("kind")
    takes = TOOL_GEM.get(kind)
    frame = gem_rgb(takes) if takes else CART_RGB
    w = pill_width(item, h, size)
    d.rounded_rectangle((x0, cy - h / 2, x0 + w, cy + h / 2), radius=round(h / 2.6), fill=WHITE, outline=frame,
                        width=3)
    r = h * 0.32
    gx = x0 + h * 0.16 + r
    _what_lies(d, gx, cy, r, item.get("gem"), takes, frame)
    x = gx + r + 6
    x += text(d, (x, cy + 1), _item_name(item), size, INK, bold=True, anchor="lm")
    if not takes:  # the loading price on a coin
        cr = h * 0.36
        cx = x + 4 + cr
        coin(d, cx, cy, cr)
        cost = str(_int(item.get("cost"))) if "cost" in item else "?"
        text(d, (cx, cy + 1), cost, round(cr * 1.5), INK, bold=True, anchor="mm")
    return w


def contract_wants(d: ImageDraw.ImageDraw, x: float, cy: float, wants: Any, r: float) -> float:
    """What a client wants (coins as coins, gems as discs) from x; returns the x after it."""
    wants = _dict(wants)
    for _ in range(min(6, _int(wants.get("coins")))):
        coin(d, x + r, cy, r)
        x += 2 * r + 1
    for g in GEM_ORDER + tuple(k for k in wants if k not in GEM_ORDER and k != "coins"):
        for _ in range(min(6, _int(wants.get(g)))):
            chip(d, x + r, cy, r, gem_rgb(g))
            x += 2 * r + 1
    return x


def wants_width(wants: Any, r: float) -> float:
    n = sum(min(6, _int(v)) for v in _dict(wants).values())
    return n * (2 * r + 1)


def _points_label(face: dict, h: float) -> tuple[str, int]:
    points = _int(face.get("points"), -1)
    return (str(points) if points >= 0 else "?"), round(h * 0.62)


def contract_chip_width(face: dict, h: float) -> float:
    """How wide `contract_chip` draws `face` at height h."""
    pts, size = _points_label(face, h)
    return h + 8 + wants_width(face.get("wants"), h * 0.3) + 6 + width(pts, size, True) + 8


def contract_chip(d: ImageDraw.ImageDraw, x0: float, cy: float, h: float, face: dict, number: int | None
                  ) -> float:
    """A held contract, h high: the client's shield (with its number), what it wants, its points.
    Returns the x after it."""
    r = h * 0.3
    pts, size = _points_label(face, h)
    w = contract_chip_width(face, h)
    d.rounded_rectangle((x0, cy - h / 2, x0 + w, cy + h / 2), radius=7, fill=WHITE, outline=DARK, width=2)
    shield(d, x0 + 4 + h * 0.48, cy, h - 6, client_rgb(face.get("client")),
           str(number) if number is not None else "")
    x = contract_wants(d, x0 + h + 8, cy, face.get("wants"), r)
    text(d, (x + 5, cy + 1), pts, size, INK, bold=True, anchor="lm")
    return x0 + w


# ---------------------------------------------------------------- static background


@dataclass(frozen=True)
class Spot:
    """Where a space is drawn: its kind, centre, bounding box (a disc when `round`), and the height of the
    bottom edge its pawns stand on."""

    kind: str
    cx: float
    cy: float
    box: tuple[float, float, float, float]
    round: bool
    pawn_y: float

    @property
    def solid(self) -> tuple[float, float, float, float]:
        """The part of the box the space fills: all of it, or for a disc the square inside its rim (its
        bounding box's corners are empty)."""
        if not self.round:
            return self.box
        x0, y0, x1, y1 = self.box
        inset = (x1 - x0) * 0.15
        return x0 + inset, y0 + inset, x1 - inset, y1 - inset


class Background:
    """The cached picture of everything static, plus where each space is."""

    def __init__(self, image: Image.Image, spots: dict[str, Spot], lay: Layout):
        self.image = image
        self.spots = spots
        self.layout = lay

    @property
    def anchors(self) -> dict[str, tuple[str, float, float, float]]:
        """Space name -> (kind, centre x, centre y, y where pawns stand)."""
        return {name: (s.kind, s.cx, s.cy, s.pawn_y) for name, s in self.spots.items()}


_BACKGROUNDS: dict[tuple, Background] = {}


def _spaces(view: dict) -> list[dict]:
    board = _dict(view.get("board"))
    return [s for s in board.get("spaces") or () if isinstance(s, dict) and "name" in s]


def _edges(view: dict) -> list:
    return [e for e in _dict(view.get("board")).get("edges") or () if isinstance(e, list | tuple) and len(e) == 2]


def _static_key(view: dict) -> tuple:
    spaces = tuple(
        (str(s.get("name")), s.get("kind"), s.get("x"), s.get("y"), s.get("ships"), s.get("book"), s.get("client"))
        for s in _spaces(view)
    )
    edges = tuple(tuple(map(str, e)) for e in _edges(view))
    books = tuple((str(b.get("town")), b.get("kind")) for b in _books_of(view))
    return (WIDTH, layout(view), spaces, edges, books)


def background(view: dict) -> Background:
    """The static picture for this board and player count, drawn once and cached."""
    key = _static_key(view)
    bg = _BACKGROUNDS.get(key)
    if bg is None:
        if len(_BACKGROUNDS) >= BOARD_CACHE:  # never grow without bound
            _BACKGROUNDS.pop(next(iter(_BACKGROUNDS)))
        bg = _BACKGROUNDS[key] = _draw_background(view)
    return bg


def _draw_background(view: dict) -> Background:
    lay = layout(view)
    im = Image.new("RGB", (WIDTH, lay.height), BOARD_BG)
    d = ImageDraw.Draw(im)
    spaces = _spaces(view)
    pos = {str(s["name"]): map_point(_num(s.get("x")), _num(s.get("y")), lay.map_h) for s in spaces}

    for thickness, colour in ((18, PATH_EDGE), (11, PATH)):  # paths: a dark rim under a light track
        for edge in _edges(view):
            if str(edge[0]) in pos and str(edge[1]) in pos:
                d.line([pos[str(edge[0])], pos[str(edge[1])]], fill=colour, width=thickness)
    for x, y in pos.values():  # round joints
        d.ellipse((x - 9, y - 9, x + 9, y + 9), fill=PATH)
    spots = {str(s["name"]): _draw_space(d, s, *pos[str(s["name"])]) for s in spaces}

    d.rectangle((0, lay.status_y, WIDTH, lay.height), fill=PAPER)
    for y in (lay.status_y, lay.books_y, lay.table_y, lay.players_y):
        d.line([(0, y), (WIDTH, y)], fill=PANEL_EDGE, width=3)
    d.rectangle((0, lay.books_y + 2, WIDTH, lay.table_y - 2), fill=STRIP_BG)
    _book_titles(d, view, lay)
    ty = lay.table_y
    text(d, (12, ty + 23), "мастера", 22, INK, bold=True, anchor="lm")
    text(d, (12, ty + 55), "мастерские", 20, INK, bold=True, anchor="lm")
    text(d, (12, ty + 74), "нужно → очки", 15, MUTED, anchor="lm")
    d.line([(0, lay.table_y + TABLE_H), (WIDTH, lay.table_y + TABLE_H)], fill=PANEL_EDGE, width=2)
    _key(d, lay.table_y + TABLE_H + KEY_H / 2)
    return Background(im, spots, lay)


def _key(d: ImageDraw.ImageDraw, cy: float) -> None:
    """What the pictures in the player rows mean, in one line: the provisions sack, a piece of equipment (the
    gem on it, its name, for cart and horse the loading price on the coin), a contract (the client's shield
    with its number, what the client orders, the points it brings)."""
    x = 10.0
    size = 19

    def label(words: str, gap: float = 16) -> None:
        nonlocal x
        x += text(d, (x, cy), words, size, INK, anchor="lm") + gap

    sack(d, x + 12, cy - 2, True, 0.8)
    x += 28
    label("провиант")
    cart = {"kind": "cart", "gem": "ruby", "cost": 2}
    x += equipment_pill(d, x, cy, 26, cart, 16) + 6
    label("цена погрузки")
    x = contract_chip(d, x, cy, 26, {"client": "red", "wants": {"ruby": 1}, "points": 5}, 1) + 6
    label("контракт: №, заказ, очки", 0)


def _num(value: Any) -> float:
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else 50.0


def _draw_space(d: ImageDraw.ImageDraw, s: dict, cx: float, cy: float) -> Spot:
    """Draws one space with its name; returns where it is."""
    kind, name = s.get("kind"), str(s.get("name"))
    ships = _int(s.get("ships"))
    if kind == "town":
        r = PORT_R if ships else TOWN_R
        box = (cx - r, cy - r, cx + r, cy + r)
        d.ellipse(box, fill=TOWN_FILL, outline=TOWN_EDGE, width=5)
        if ships:
            for i in range(ships):
                ship(d, cx + (i - (ships - 1) / 2) * 28, cy - 22, 0.9)
            text(d, (cx, cy + 6), name, 24, INK, bold=True, anchor="mm", max_width=2 * r - 8, min_size=14)
        else:
            text(d, (cx, cy - 4), name, 44, INK, bold=True, anchor="mm", max_width=2 * r - 12, min_size=14)
        if s.get("book"):  # the book sits on the outer side of the town
            dx = -1 if _num(s.get("x")) < 50 else 1
            dy = -1 if _num(s.get("y")) < 50 else 1
            book_icon(d, cx + dx * (r + 4), cy + dy * (r - 8), s.get("book"))
        return Spot("town", cx, cy, box, True, cy + r)
    if kind == "harbour":
        box = (cx - HARBOUR_W / 2, cy - HARBOUR_H / 2, cx + HARBOUR_W / 2, cy + HARBOUR_H / 2)
        d.rounded_rectangle(box, radius=14, fill=HARBOUR_FILL, outline=HARBOUR_EDGE, width=4)
        text(d, (cx, cy - 14), name, 22, INK, bold=True, anchor="mm", max_width=HARBOUR_W - 8, min_size=13)
        for i in range(ships):
            ship(d, cx + (i - (ships - 1) / 2) * 30, cy + 14, 0.9)
        return Spot("harbour", cx, cy, box, False, box[3])
    if kind == "mine":
        box = (cx - MINE_W / 2, cy - MINE_H / 2, cx + MINE_W / 2, cy + MINE_H / 2)
        d.rounded_rectangle(box, radius=8, fill=MINE_FILL, outline=DARK, width=3)
        text(d, (cx, cy - 11), name, 26, WHITE, bold=True, anchor="mm", max_width=MINE_W - 8, min_size=13)
        for i in range(3):  # a little pile of silver
            coin(d, cx - 15 + i * 15, cy + 17 - (i == 1) * 3, 8)
        return Spot("mine", cx, cy, box, False, box[3])
    if kind == "house":
        fill = client_rgb(s.get("client"))
        label, size = fit(name, 20, 150, True, 13)
        w = font(size, True).getlength(label) + 22
        box = (cx - w / 2, cy - HOUSE_H / 2, cx + w / 2, cy + HOUSE_H / 2)
        d.polygon([(cx - 20, box[1] + 1), (cx, box[1] - 14), (cx + 20, box[1] + 1)], fill=fill, outline=DARK,
                  width=2)
        d.rounded_rectangle(box, radius=6, fill=fill, outline=DARK, width=3)
        text(d, (cx, cy + 1), label, size, contrast(fill), bold=True, anchor="mm")
        return Spot("house", cx, cy, (box[0], box[1] - 10, box[2], box[3]), False, box[3] + 8)
    # road (and anything unknown): name on top, gems below
    box = (cx - ROAD_W / 2, cy - ROAD_H / 2, cx + ROAD_W / 2, cy + ROAD_H / 2)
    d.rounded_rectangle(box, radius=10, fill=ROAD_FILL, outline=ROAD_EDGE, width=3)
    text(d, (cx, box[1] + 16), name, 26, INK, bold=True, anchor="mm", max_width=ROAD_W - 8, min_size=13)
    return Spot("road", cx, cy, box, False, box[3])


def _book_titles(d: ImageDraw.ImageDraw, view: dict, lay: Layout) -> None:
    books = _books_of(view)
    bw = WIDTH / max(1, len(books))
    for i, b in enumerate(books):
        x0 = i * bw
        if i:
            d.line([(x0, lay.books_y + 6), (x0, lay.table_y - 6)], fill=PANEL_EDGE, width=2)
        book_icon(d, x0 + 26, lay.books_y + 19, b.get("kind"), 0.9)
        x = x0 + 50
        x += text(d, (x, lay.books_y + 19), str(b.get("town", "?")), 24, INK, bold=True, anchor="lm",
                  max_width=60, min_size=14) + 8
        kind = "снаряжение" if b.get("kind") == "equipment" else "контракты"
        text(d, (x, lay.books_y + 20), kind, 20, MUTED, bold=True, anchor="lm", max_width=x0 + bw - x - 6,
             min_size=13)


# ---------------------------------------------------------------- dynamic parts


def _players(view: dict) -> list[dict]:
    return [p for p in view.get("players") or [] if isinstance(p, dict)]


def _books_of(view: dict) -> list[dict]:
    return [b for b in view.get("books") or [] if isinstance(b, dict)]


def _names(view: dict) -> dict[Any, str]:
    return {p.get("seat"): display_name(p) for p in _players(view)}


def display_name(p: dict) -> str:
    """The name as the font can draw it; "Игрок N" when nothing drawable is left (emoji-only names)."""
    seat = p.get("seat")
    return clean(str(p.get("name", ""))) or (f"Игрок {seat + 1}" if isinstance(seat, int) else "Игрок")


def _moving(view: dict) -> bool:
    return not view.get("over") and view.get("phase") == "move"


def highlighted(view: dict) -> dict[str, dict]:
    """The spaces to ring (from the view's `highlight`, only while the current player moves), each with
    its `reachable` entry (costs) when there is one."""
    if not _moving(view):
        return {}
    costs = {str(r.get("space")): r for r in view.get("reachable") or [] if isinstance(r, dict)}
    return {str(name): costs.get(str(name), {}) for name in view.get("highlight") or []}


PAWN_W = 42  # a pawn sprite's width on the map (PAWN_H high)
PAWN_STEP = 34  # between the pawns of a group
PAWN_STEP_MIN = 22  # ... at the closest, when many share a space (each number on a head still shows)
PAWN_SINK = 6  # a pawn's centre below the edge it stands on: its head is on the space, its base just under it


def pawn_spots(view: dict) -> dict[Any, tuple[float, float]]:
    """Where each seat's pawn is drawn on the map (the centre of its body), by seat: standing on the bottom edge
    of its space, the head on the space and the base just below it, so that it clearly belongs to that space
    and hides little of it (a road's name and gems, a town's letter); several pawns on one space stand in a
    row along that edge, closer together when many. Where a row would touch a neighbouring space it moves a
    little sideways or up, staying on its own space's edge."""
    spots = background(view).spots
    by_space: dict[str, list[dict]] = {}
    for p in _players(view):
        by_space.setdefault(str(p.get("position")), []).append(p)
    out: dict[Any, tuple[float, float]] = {}
    for space, group in by_space.items():
        spot = spots.get(space)
        if spot is None:
            continue
        n = len(group)
        dx, sink, gap = _row_place(spot, n, [o.solid for name, o in spots.items() if name != space])
        for i, p in enumerate(group):
            out[p.get("seat")] = (spot.cx + dx + (i - (n - 1) / 2) * gap, spot.pawn_y + sink)
    return out


def _row_place(spot: Spot, n: int, others: list[tuple[float, float, float, float]]) -> tuple[float, float, float]:
    """(sideways shift, height below the bottom edge, step) of a row of n pawns on `spot`: centred on the edge
    when that touches no other space, else shifted, raised or closer together, every pawn's centre still over
    its own space; the placement touching least when none is clear."""
    room = spot.box[2] - spot.box[0] + 24 - PAWN_W  # the row may reach a little past the space's sides
    step = PAWN_STEP if n < 2 else max(PAWN_STEP_MIN, min(PAWN_STEP, room / (n - 1)))
    left, right = spot.solid[0] - 4, spot.solid[2] + 4  # where a pawn's centre may be: over its own space

    def touching(place: tuple[float, float, float]) -> float:
        dx, sink, gap = place
        half = (n - 1) * gap / 2
        row = (spot.cx + dx - half - PAWN_W / 2, spot.pawn_y + sink - PAWN_H / 2,
               spot.cx + dx + half + PAWN_W / 2, spot.pawn_y + sink + PAWN_H / 2)
        return max((_overlap(row, box) for box in others), default=0.0)

    places = [(dx, sink, gap) for gap in dict.fromkeys((step, max(PAWN_STEP_MIN, step - 8)))
              for sink in (PAWN_SINK, 0, -8, -14) for dx in (0, -12, 12, -24, 24, -36, 36, -48, 48)
              if left <= spot.cx + dx - (n - 1) * gap / 2 and spot.cx + dx + (n - 1) * gap / 2 <= right]
    places = places or [(0, PAWN_SINK, step)]
    return next((p for p in places if not touching(p)), None) or min(places, key=touching)


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> float:
    """The area two rectangles share."""
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))


def _road_gems(d: ImageDraw.ImageDraw, spot: Spot, gems: Any) -> None:
    """The gems on a road, with their counts, below its name: one row, or two smaller rows for four or five
    kinds (kept above the bottom edge, where pawns stand)."""
    counts = gem_counts(gems)
    if not counts:
        return
    rows = [counts[:3], counts[3:]] if len(counts) > 3 else [counts]
    top = spot.box[1] + 29  # below the name
    r = CHIP_R if len(rows) == 1 else CHIP_R - 2
    ys = [top + r, top + 3 * r + 2] if len(rows) == 2 else [top + 2 * r - 4]
    for row, y in zip(rows, ys, strict=True):
        span = len(row) * (2 * r + 2) - 2
        chips_row(d, spot.cx - span / 2, y, [(gem_rgb(g), n) for g, n in row], r)


def _highlights(im: Image.Image, d: ImageDraw.ImageDraw, view: dict, spots: dict[str, Spot]) -> None:
    """Rings around the spaces the pawn may go to, with what stopping there costs."""
    for name, cost in highlighted(view).items():
        spot = spots.get(name)
        if spot is None:
            continue
        highlight_ring(d, spot)
        (lx, ly), (rx, ry) = _badge_points(spot)
        if _int(cost.get("pay")):
            coin(d, rx, ry, 17, f"−{_int(cost['pay'])}")
        if cost.get("provisions"):
            d.ellipse((lx - 17, ly - 17, lx + 17, ly + 17), fill=WHITE, outline=HL_RING, width=3)
            sack(d, lx, ly - 1, True, 0.75)


def highlight_ring(d: ImageDraw.ImageDraw, spot: Spot) -> None:
    """The magenta ring around a space the pawn may go to."""
    x0, y0, x1, y1 = spot.box
    g = HL_GAP + HL_W
    outer = (x0 - g, y0 - g, x1 + g, y1 + g)
    if spot.round:
        d.ellipse(outer, outline=HL_RING, width=HL_W)
    else:
        d.rounded_rectangle(outer, radius=14, outline=HL_RING, width=HL_W)


def _badge_points(spot: Spot) -> tuple[tuple[float, float], tuple[float, float]]:
    """The top left and top right of a space's ring, where cost badges go."""
    x0, y0, x1, y1 = spot.box
    g = HL_GAP + HL_W / 2
    if spot.round:
        r = (x1 - x0) / 2 + g
        dx = dy = r * math.sqrt(0.5)
        return (spot.cx - dx, spot.cy - dy), (spot.cx + dx, spot.cy - dy)
    return (x0 - g + 4, y0 - g + 4), (x1 + g - 4, y0 - g + 4)


def _pawns(im: Image.Image, d: ImageDraw.ImageDraw, view: dict) -> None:
    current = view.get("current_seat")
    spots = pawn_spots(view)
    if current in spots and not view.get("over"):  # under every pawn, so that it hides none of them
        x, y = spots[current]
        d.ellipse((x - 26, y - 30, x + 26, y + 32), fill=TURN_MARK, outline=DARK, width=3)
    for p in _players(view):
        seat = p.get("seat")
        if seat in spots:
            pawn(im, *spots[seat], seat, view=view)


def _status(im: Image.Image, d: ImageDraw.ImageDraw, view: dict, lay: Layout) -> None:
    """Whose turn and the step, the round; then bank, bonus cards left, discard and the ring legend."""
    y1, y2 = lay.status_y + 22, lay.status_y + 58
    names = _names(view)
    right = WIDTH - 12
    if view.get("final_round") and not view.get("over"):
        right -= text(d, (right, y1), "последний раунд!", 22, LAST_ROUND, bold=True, anchor="rm") + 12
    elif view.get("round") is not None and not view.get("over"):
        right -= text(d, (right, y1), f"раунд {view.get('round')}", 22, INK, anchor="rm") + 12
    if view.get("over") or view.get("phase") == "over":
        winners = [names.get(s, str(s)) for s in view.get("winners") or []]
        line = OVER
        if winners:
            line += (". Победа: " if len(winners) == 1 else ". Ничья: ") + ", ".join(winners)
        text(d, (12, y1), line, 28, WIN if winners else INK, bold=True, anchor="lm", max_width=right - 12,
             min_size=18)
    else:
        seat = view.get("current_seat")
        x = 12
        if seat is not None:
            pawn(im, x + 17, y1 + 1, seat, 44, view)
            x += 42
        turn = _dict(view.get("turn"))
        step = PHASES.get(view.get("phase"), "")
        if turn.get("action") in ACTIONS:
            step = ACTIONS[turn["action"]]
        elif turn.get("flips"):
            step = ACTIONS["buy"]
        who = f"Ходит {names.get(seat, '—')}"
        x += text(d, (x, y1), who, 28, INK, bold=True, anchor="lm", max_width=max(80, right - x - 200),
                  min_size=18)
        if step:
            text(d, (x + 10, y1 + 1), f"— {step}", 24, INK, anchor="lm", max_width=max(40, right - x), min_size=16)
    x = 12
    x += text(d, (x, y2), "банк", 22, INK, bold=True, anchor="lm") + 4
    coin(d, x + 18, y2, 18, str(view.get("bank", "?")))
    x += 50
    x += text(d, (x, y2), f"бонус-карты: {view.get('bonuses_left', '?')}", 22, INK, bold=True, anchor="lm") + 22
    x += text(d, (x, y2), "сброс", 22, INK, bold=True, anchor="lm") + 6
    counts = gem_counts(view.get("discard"))
    if counts:
        x = chips_row(d, x, y2, [(gem_rgb(g), n) for g, n in counts], 16)
    else:
        x += text(d, (x, y2), "пусто", 22, MUTED, anchor="lm")
    _legend(d, highlighted(view), x + 16, y2)


def _legend(d: ImageDraw.ImageDraw, marked: dict[str, dict], left: float, cy: float) -> None:
    """What the marks on the map mean, right-aligned, as many items as fit right of `left`: the ring,
    the sack (provisions spent on the way), the coin (paid to the pawns met there)."""
    if not marked:
        return
    items = [("ring", "можно пойти")]
    if any(c.get("provisions") for c in marked.values()):
        items.append(("sack", "провиант"))
    if any(_int(c.get("pay")) for c in marked.values()):
        items.append(("coin", "плата"))
    x = WIDTH - 10
    for mark, label in reversed(items):
        need = width(label, 22, True) + 40
        if x - need < left:
            break
        x -= text(d, (x, cy), label, 22, HL_RING, bold=True, anchor="rm") + 6
        if mark == "ring":
            d.ellipse((x - 28, cy - 14, x, cy + 14), outline=HL_RING, width=6)
        elif mark == "sack":
            sack(d, x - 14, cy - 1, True, 0.8)
        else:
            coin(d, x - 14, cy, 14, "−1")
        x -= 28 + 16


def _books(d: ImageDraw.ImageDraw, view: dict, lay: Layout) -> None:
    books = _books_of(view)
    bw = WIDTH / max(1, len(books))
    pw = (bw - 18) / 2
    y0, y1 = lay.books_y + 38, lay.table_y - 8
    for i, b in enumerate(books):
        for j, side in enumerate(("left", "right")):
            x0 = i * bw + 6 + j * (pw + 6)
            _page(d, (x0, y0, x0 + pw, y1), b.get(side))


def _page(d: ImageDraw.ImageDraw, box: tuple[float, float, float, float], face: Any) -> None:
    """An open page: equipment (its tile and name) or a contract (client colour, points, wants)."""
    x0, y0, x1, y1 = box
    cx = (x0 + x1) / 2
    if not isinstance(face, dict):
        d.rounded_rectangle(box, radius=7, outline=EMPTY_SLOT, width=2)
        text(d, (cx, (y0 + y1) / 2), "пусто", 20, MUTED, anchor="mm")
        return
    if face.get("type") == "contract" or "client" in face:
        fill = client_rgb(face.get("client"))
        d.rounded_rectangle(box, radius=7, fill=WHITE, outline=DARK, width=2)
        d.rounded_rectangle((x0 + 3, y0 + 3, x1 - 3, y0 + 29), radius=5, fill=fill, outline=DARK, width=1)
        text(d, (cx, y0 + 17), f"{face.get('points', '?')} оч.", 22, contrast(fill), bold=True, anchor="mm",
             max_width=x1 - x0 - 10, min_size=14)
        r = 14
        contract_wants(d, cx - wants_width(face.get("wants"), r) / 2, (y0 + 29 + y1) / 2, face.get("wants"), r)
        return
    kind = face.get("kind")
    d.rounded_rectangle(box, radius=7, fill=WHITE, outline=EQUIP_RIBBON, width=3)
    s = 36
    item = {"kind": kind, "cost": face.get("cost")}
    equipment_tile(d, cx - tile_width(item, s) / 2, y0 + 5, s, item)
    name = face.get("name") or TOOL_NAMES.get(kind, str(kind))
    text(d, (cx, y1 - 14), str(name), 20, INK, bold=True, anchor="mm", max_width=x1 - x0 - 6, min_size=14)


def _table(im: Image.Image, d: ImageDraw.ImageDraw, view: dict, lay: Layout) -> None:
    """Masters left per colour (a tile with the count) and each workshop: need -> points, or its owner."""
    masters = [m for m in view.get("masters") or [] if isinstance(m, dict)]
    shops = {w.get("colour"): w for w in view.get("workshops") or [] if isinstance(w, dict)}
    colours = [m.get("colour") for m in masters]
    colours += [c for c in shops if c not in colours]
    left = {m.get("colour"): m.get("left") for m in masters}
    x0 = 168
    cw = (WIDTH - x0 - 4) / max(1, len(colours))
    ty = lay.table_y
    for i, c in enumerate(colours):
        cx = x0 + i * cw + cw / 2
        fill = client_rgb(c)
        n = left.get(c)
        box = (cx - cw / 2 + 5, ty + 6, cx + cw / 2 - 5, ty + 40)
        if n == 0:  # an empty stack: outline only
            d.rounded_rectangle(box, radius=6, fill=PAPER, outline=fill if c != "white" else DARK, width=3)
            text(d, (cx, ty + 24), "0", 24, MUTED, bold=True, anchor="mm")
        elif c in left or n is not None:
            d.rounded_rectangle(box, radius=6, fill=fill, outline=DARK, width=2)
            text(d, (cx, ty + 24), "?" if n is None else str(n), 26, contrast(fill), bold=True, anchor="mm")
        w = shops.get(c)
        if w is None:
            continue
        owner = w.get("owner")
        wy = ty + 63
        if owner is not None:
            pawn(im, cx - 20, wy, owner, 32, view)
            text(d, (cx - 2, wy), str(w.get("points", "?")), 22, MUTED, bold=True, anchor="lm")
        else:
            text(d, (cx, wy), f"{w.get('need', '?')}→{w.get('points', '?')}", 22, INK, bold=True, anchor="mm",
                 max_width=cw - 4, min_size=14)


def row_top(lay: Layout, index: int) -> float:
    """The top of the index-th player row."""
    return lay.players_y + 4 + index * ROW_H


def row_mark(lay: Layout, index: int) -> tuple[float, float]:
    """The centre of the pawn mark in the index-th player row."""
    return 28, row_top(lay, index) + 32


def _player_row(im: Image.Image, d: ImageDraw.ImageDraw, view: dict, p: dict, lay: Layout, index: int) -> None:
    """One player: mark, name, coins, provisions; masters, workshops, bonuses, delivered (right); then the
    equipment in words with the gem on each piece, and the contracts."""
    y0 = row_top(lay, index)
    x0, x1, y1 = 6, WIDTH - 6, y0 + ROW_H - 4
    seat = p.get("seat")
    current = seat == view.get("current_seat") and not view.get("over")
    if current:
        d.rounded_rectangle((x0, y0, x1, y1), radius=10, fill=TURN_SOFT, outline=TURN_EDGE, width=4)
    else:
        d.rounded_rectangle((x0, y0, x1, y1), radius=10, fill=WHITE, outline=PANEL_EDGE, width=2)
    top, low = y0 + 18, y0 + 49

    # line 1: the right side first, so that the name gets what is left
    rx = x1 - 10
    delivered = f"сдано {_int(p.get('delivered'))}"
    if p.get("contract_points") is not None:
        delivered += f" · {p['contract_points']} оч."
    rx -= text(d, (rx, top), delivered, 20, INK, bold=True, anchor="rm") + 12
    bonuses = _int(p.get("bonuses"))
    if bonuses:
        rx -= text(d, (rx, top), f"бонус ×{bonuses}", 20, INK, bold=True, anchor="rm") + 10
    for c in reversed(p.get("workshops") or []):
        house_icon(d, rx - 14, top + 1, client_rgb(c))
        rx -= 32
    masters = _dict(p.get("masters"))
    order = [c for c in CLIENT_RGB if _int(masters.get(c))]
    order += [c for c in masters if c not in CLIENT_RGB and _int(masters[c])]
    for c in reversed(order):
        fill = client_rgb(c)
        d.rounded_rectangle((rx - 28, top - 14, rx, top + 14), radius=5, fill=fill, outline=DARK, width=2)
        text(d, (rx - 14, top + 1), str(masters[c]), 20, contrast(fill), bold=True, anchor="mm")
        rx -= 32
    pawn(im, *row_mark(lay, index), seat, 38, view)
    name = display_name(p)
    if view.get("seat") is not None and view.get("seat") == seat:
        name += " (вы)"
    items = [e for e in p.get("equipment") or [] if isinstance(e, dict)][:7]
    contracts = [c for c in p.get("contracts") or [] if isinstance(c, dict)][:3]
    x = x0 + 44
    h, size = _row_sizes(items, contracts, x1 - 6 - (x0 + 46))
    up = 0.0  # the contracts go up beside the name when the equipment's words do not fit beside them
    if contracts and size < EQUIP_TEXT:
        up = sum(contract_chip_width(c, UP_CHIP_H) + 6 for c in contracts)
        if rx - up - 4 < x + min(NAME_MIN, width(name, 24, True)) + 12 + COIN_SACK_W:
            up = 0.0
    name_room = max(60, rx - up - x - COIN_SACK_W - 8)
    x += text(d, (x, top), name, 24, INK, bold=True, anchor="lm", max_width=name_room, min_size=18) + 12
    coin(d, x + 16, top, 16, str(p.get("coins", "?")))  # silver and provisions, right after the name
    sack(d, x + 52, top - 3, bool(p.get("provisions")), 0.9)
    if up:
        cx = rx - up
        for i, c in enumerate(contracts):
            cx = contract_chip(d, cx, top, UP_CHIP_H, c, i + 1) + 6
        contracts = []
        h, size = _row_sizes(items, [], x1 - 6 - (x0 + 46), none=False)

    # line 2: the equipment in words, then the contracts (unless they went up)
    x = x0 + 46
    for item in items:
        if size:
            x += equipment_pill(d, x, low, EQUIP_H, item, size) + 5
        else:  # a row too full for words: the framed tiles of the book pages
            x += equipment_tile(d, x, low - 15, 30, item) + 3
    x += 8
    for i, c in enumerate(contracts):
        x = contract_chip(d, x, low, h, c, i + 1) + 6
    if not contracts and not up:
        text(d, (x, low), "нет контрактов", 20, MUTED, anchor="lm")


NAME_MIN = 130  # the room a long name keeps when the contracts go up beside it
COIN_SACK_W = 80  # the coins and the provisions after the name
UP_CHIP_H = 28  # the contract chips beside the name


def _row_sizes(items: list[dict], contracts: list[dict], room: float, none: bool = True) -> tuple[float, int]:
    """The contract chips' height and the equipment names' size (0: no names) that fit a row `room` wide: the
    names as big as they can be, then smaller chips, then smaller names; `none`: «нет контрактов» is written
    when there are no contracts."""
    def need(h: float, size: int) -> float:
        pills = sum((pill_width(e, EQUIP_H, size) + 5) if size else tile_width(e, 30) + 3 for e in items)
        if contracts:
            return pills + 8 + sum(contract_chip_width(c, h) + 6 for c in contracts)
        return pills + 8 + (width("нет контрактов", 20) if none else 0)

    for size in (EQUIP_TEXT, 18):
        for h in (36, 32, 28):
            if need(h, size) <= room:
                return h, size
    for size in (16, 14):
        if need(28, size) <= room:
            return 28, size
    return 28, 0


def _scores(d: ImageDraw.ImageDraw, view: dict, lay: Layout) -> None:
    """The final table over the map: total and each part per player, winners ringed."""
    scores = [s for s in view.get("scores") or [] if isinstance(s, dict)]
    if not scores:
        return
    winners = set(view.get("winners") or [])
    cols = [("итого", 92), ("контр.", 90), ("мастера", 96), ("мастерск.", 106), ("бонусы", 90),
            ("камни", 80), ("монеты", 90)]
    keys = ["total", "contracts", "masters", "workshops", "bonuses", "gems", "coins"]
    name_w = 130
    w = 24 + name_w + sum(c[1] for c in cols) + 8
    row_h = 46
    h = 100 + row_h * len(scores)
    x0, y0 = (WIDTH - w) / 2, max(4, (lay.map_h - h) / 2)
    d.rounded_rectangle((x0 + 6, y0 + 6, x0 + w + 6, y0 + h + 6), radius=16, fill=(90, 90, 70))
    d.rounded_rectangle((x0, y0, x0 + w, y0 + h), radius=16, fill=PAPER, outline=INK, width=4)
    text(d, (x0 + w / 2, y0 + 28), "Итоги игры", 28, INK, bold=True, anchor="mm")
    hy = y0 + 70
    x = x0 + 24 + name_w
    for title, cw in cols:
        text(d, (x + cw / 2, hy), title, 18, MUTED, bold=True, anchor="mm", max_width=cw - 4, min_size=12)
        x += cw
    ranked = sorted(scores, key=lambda s: (-_int(s.get("total")), -_int(s.get("coins"))))
    names = _names(view)
    for i, s in enumerate(ranked):
        ry = hy + 20 + i * row_h
        seat = s.get("seat")
        cy = ry + (row_h - 4) / 2
        if seat in winners:
            d.rounded_rectangle((x0 + 8, ry, x0 + w - 8, ry + row_h - 4), radius=8, fill=(214, 240, 210),
                                outline=WIN, width=3)
        name = names.get(seat) or clean(str(s.get("name", ""))) or "?"
        text(d, (x0 + 20, cy), ("★ " if seat in winners else "") + name, 22, INK, bold=True, anchor="lm",
             max_width=name_w, min_size=14)
        x = x0 + 24 + name_w
        breakdown = _dict(s.get("breakdown"))
        for (_, cw), k in zip(cols, keys, strict=True):
            v = s.get(k) if k in ("total", "coins") else breakdown.get(k)
            text(d, (x + cw / 2, cy), "—" if v is None else str(v), 26 if k == "total" else 22, INK,
                 bold=k == "total", anchor="mm")
            x += cw


def render(view: dict) -> Image.Image:
    """The picture as a Pillow image (see `draw` for PNG bytes)."""
    bg = background(view)
    lay = bg.layout
    im = bg.image.copy()
    d = ImageDraw.Draw(im)
    for s in _spaces(view):
        spot = bg.spots.get(str(s["name"]))
        if spot is not None and spot.kind == "road" and s.get("gems"):
            _road_gems(d, spot, s["gems"])
    _highlights(im, d, view, bg.spots)
    _pawns(im, d, view)
    _status(im, d, view, lay)
    _books(d, view, lay)
    _table(im, d, view, lay)
    for i, p in enumerate(_players(view)[:lay.rows]):
        _player_row(im, d, view, p, lay, i)
    if view.get("over") and view.get("scores"):
        _scores(d, view, lay)
    return im


def draw(view: dict) -> bytes:
    """PNG bytes of the map and everyone's holdings for a Valdora view (see module doc)."""
    return to_png(render(view))
