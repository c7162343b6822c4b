"""Where everything of the Valdora board goes: sizes, colours, the blocks of the sheet, each space's shape on the
map, where the pawns stand, and how wide the pictures of the player rows are. Pure functions of the view, read
by both writers (the PNG in `png.py`, the SVG of the Mini App in `svg.py`), so that the two never disagree.

Only the view dict is read (schema in `rules/valdora/view.py`); unknown or missing values give neutral answers
rather than errors.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from render.common import RGB, clean, fit, font, width

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
HOUSE_TEXT = 20, 150, 13  # a client house's name: size, widest, smallest size
CHIP_R = 15  # a gem on a road
PAWN_H = 50  # a pawn on the map
HL_GAP, HL_W = 4, 7  # the ring of a reachable space: gap to the space, width

PAWN_W = 42  # a pawn sprite's width on the map (PAWN_H high)
PAWN_STEP = 34  # between the pawns of a group
PAWN_STEP_MIN = 22  # ... at the closest, when many share a space (each number on a head still shows)
PAWN_SINK = 6  # a pawn's centre below the edge it stands on: its head is on the space, its base just under it

EQUIP_H = 34  # an equipment pill in a player row
EQUIP_TEXT = 20  # its name, at most (smaller only when a row holds much)
NAME_MIN = 130  # the room a long name keeps when the contracts go up beside it
COIN_SACK_W = 80  # the coins and the provisions after the name
UP_CHIP_H = 28  # the contract chips beside the name

Box = tuple[float, float, float, float]


def gem_rgb(gem: Any) -> RGB:
    return GEM_RGB.get(gem, UNKNOWN)


def client_rgb(colour: Any) -> RGB:
    return CLIENT_RGB.get(colour, UNKNOWN)


def as_int(value: Any, default: int = 0) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def as_dict(value: Any) -> dict:
    return value if isinstance(value, dict) else {}


def as_num(value: Any) -> float:
    """A board position; the middle of the grid when it is missing or odd."""
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else 50.0


# ---------------------------------------------------------------- what the view holds


def players_of(view: dict) -> list[dict]:
    return [p for p in view.get("players") or [] if isinstance(p, dict)]


def books_of(view: dict) -> list[dict]:
    return [b for b in view.get("books") or [] if isinstance(b, dict)]


def spaces_of(view: dict) -> list[dict]:
    board = as_dict(view.get("board"))
    return [s for s in board.get("spaces") or () if isinstance(s, dict) and "name" in s]


def edges_of(view: dict) -> list:
    return [e for e in as_dict(view.get("board")).get("edges") or () if isinstance(e, list | tuple) and len(e) == 2]


def display_name(p: dict) -> str:
    """The name as the font can draw it; "Игрок N" when nothing drawable is left (emoji-only names)."""
    seat = p.get("seat")
    return clean(str(p.get("name", ""))) or (f"Игрок {seat + 1}" if isinstance(seat, int) else "Игрок")


def names_of(view: dict) -> dict[Any, str]:
    return {p.get("seat"): display_name(p) for p in players_of(view)}


def gem_counts(gems: Any) -> list[tuple[str, int]]:
    """(gem, count) in a fixed colour order, unknown gems last, zeros dropped."""
    if not isinstance(gems, dict):
        return []
    known = [(g, as_int(gems[g])) for g in GEM_ORDER if as_int(gems.get(g))]
    other = [(g, as_int(n)) for g, n in gems.items() if g not in GEM_ORDER and as_int(n)]
    return known + other


def moving(view: dict) -> bool:
    return not view.get("over") and view.get("phase") == "move"


def highlighted(view: dict) -> dict[str, dict]:
    """The spaces to ring (from the view's `highlight`, only while the current player moves), each with
    its `reachable` entry (costs) when there is one."""
    if not moving(view):
        return {}
    costs = {str(r.get("space")): r for r in view.get("reachable") or [] if isinstance(r, dict)}
    return {str(name): costs.get(str(name), {}) for name in view.get("highlight") or []}


# ---------------------------------------------------------------- the blocks of the sheet


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
    rows = max(1, min(MAX_ROWS, len(players_of(view))))
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


def row_top(lay: Layout, index: int) -> float:
    """The top of the index-th player row."""
    return lay.players_y + 4 + index * ROW_H


def row_mark(lay: Layout, index: int) -> tuple[float, float]:
    """The centre of the pawn mark in the index-th player row."""
    return 28, row_top(lay, index) + 32


def page_boxes(view: dict, lay: Layout) -> list[tuple[dict, str, Box]]:
    """(book, side, box) of every open page in the books' strip, left to right."""
    books = books_of(view)
    bw = WIDTH / max(1, len(books))
    pw = (bw - 18) / 2
    y0, y1 = lay.books_y + 38, lay.table_y - 8
    out = []
    for i, b in enumerate(books):
        for j, side in enumerate(("left", "right")):
            x0 = i * bw + 6 + j * (pw + 6)
            out.append((b, side, (x0, y0, x0 + pw, y1)))
    return out


# ---------------------------------------------------------------- the spaces of the map


@dataclass(frozen=True)
class Spot:
    """Where a space is drawn: its kind, centre, bounding box (a disc when `round`), and the height of the
    bottom edge its pawns stand on."""

    kind: str
    cx: float
    cy: float
    box: Box
    round: bool
    pawn_y: float

    @property
    def solid(self) -> Box:
        """The part of the box the space fills: all of it, or for a disc the square inside its rim (its
        bounding box's corners are empty)."""
        if not self.round:
            return self.box
        x0, y0, x1, y1 = self.box
        inset = (x1 - x0) * 0.15
        return x0 + inset, y0 + inset, x1 - inset, y1 - inset


def house_label(name: str) -> tuple[str, int]:
    """A client house's name as drawn, and its size."""
    size, widest, smallest = HOUSE_TEXT
    return fit(name, size, widest, True, smallest)


def space_spot(s: dict, cx: float, cy: float) -> Spot:
    """Where the space `s` centred on (cx, cy) is drawn: a town is a disc (bigger with ships), a harbour, a
    mine and a road are boxes, a client house a box as wide as its name with a roof (in its bounding box)."""
    kind = s.get("kind")
    if kind == "town":
        r = PORT_R if as_int(s.get("ships")) else TOWN_R
        return Spot("town", cx, cy, (cx - r, cy - r, cx + r, cy + r), True, cy + r)
    if kind in ("harbour", "mine"):
        w, h = (HARBOUR_W, HARBOUR_H) if kind == "harbour" else (MINE_W, MINE_H)
        box = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
        return Spot(kind, cx, cy, box, False, box[3])
    if kind == "house":
        label, size = house_label(str(s.get("name")))
        w = font(size, True).getlength(label) + 22
        box = (cx - w / 2, cy - HOUSE_H / 2, cx + w / 2, cy + HOUSE_H / 2)
        return Spot("house", cx, cy, (box[0], box[1] - 10, box[2], box[3]), False, box[3] + 8)
    box = (cx - ROAD_W / 2, cy - ROAD_H / 2, cx + ROAD_W / 2, cy + ROAD_H / 2)  # a road, and anything unknown
    return Spot("road", cx, cy, box, False, box[3])


def space_spots(view: dict) -> dict[str, Spot]:
    """Space name -> where it is drawn, for every space of the view's board."""
    map_h = layout(view).map_h
    return {str(s["name"]): space_spot(s, *map_point(as_num(s.get("x")), as_num(s.get("y")), map_h))
            for s in spaces_of(view)}


def road_gem_spots(spot: Spot, gems: Any) -> list[tuple[str, int, float, float, float]]:
    """(gem, count, centre x, centre y, radius) of the gems on a road, below its name: one row, or two smaller
    rows for four or five kinds (kept above the bottom edge, where pawns stand)."""
    counts = gem_counts(gems)
    rows = [counts[:3], counts[3:]] if len(counts) > 3 else [counts]
    top = spot.box[1] + 29  # below the name
    r = CHIP_R if len(rows) == 1 else CHIP_R - 2
    ys = [top + r, top + 3 * r + 2] if len(rows) == 2 else [top + 2 * r - 4]
    out = []
    for row, y in zip(rows, ys, strict=True):
        span = len(row) * (2 * r + 2) - 2
        x = spot.cx - span / 2
        for gem, n in row:
            out.append((gem, n, x + r, y, r))
            x += 2 * r + 2
    return out


# ---------------------------------------------------------------- pawns on the map


def pawn_spots(view: dict) -> dict[Any, tuple[float, float]]:
    """Where each seat's pawn is drawn on the map (the centre of its body), by seat: standing on the bottom edge
    of its space, the head on the space and the base just below it, so that it clearly belongs to that space
    and hides little of it (a road's name and gems, a town's letter); several pawns on one space stand in a
    row along that edge, closer together when many. Where a row would touch a neighbouring space it moves a
    little sideways or up, staying on its own space's edge."""
    spots = space_spots(view)
    by_space: dict[str, list[dict]] = {}
    for p in players_of(view):
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


def _row_place(spot: Spot, n: int, others: list[Box]) -> tuple[float, float, float]:
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


def _overlap(a: Box, b: Box) -> float:
    """The area two rectangles share."""
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))


# ---------------------------------------------------------------- the widths of the row pictures


def tile_width(item: dict, s: float) -> float:
    """How wide `equipment_tile` draws `item` at height s: wider for cart and horse (their cost)."""
    return s if item.get("kind") in TOOL_GEM else round(s * 1.75)


def item_name(item: dict) -> str:
    kind = item.get("kind")
    return clean(str(item.get("name") or TOOL_NAMES.get(kind, str(kind or "?")))).lower()


def pill_width(item: dict, h: float, size: int) -> float:
    """How wide `equipment_pill` draws `item` at height h with its name at `size`."""
    w = h * 0.16 + h * 0.64 + 6 + width(item_name(item), size, True) + 8
    return w if item.get("kind") in TOOL_GEM else w + h * 0.72 + 2


def wants_width(wants: Any, r: float) -> float:
    n = sum(min(6, as_int(v)) for v in as_dict(wants).values())
    return n * (2 * r + 1)


def points_label(face: dict, h: float) -> tuple[str, int]:
    points = as_int(face.get("points"), -1)
    return (str(points) if points >= 0 else "?"), round(h * 0.62)


def contract_chip_width(face: dict, h: float) -> float:
    """How wide `contract_chip` draws `face` at height h."""
    pts, size = points_label(face, h)
    return h + 8 + wants_width(face.get("wants"), h * 0.3) + 6 + width(pts, size, True) + 8


def row_sizes(items: list[dict], contracts: list[dict], room: float, none: bool = True) -> tuple[float, int]:
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


# ---------------------------------------------------------------- what a player taps in the Mini App
# The ids of the tappable things (`data-target`), the same strings `rules.valdora.notation.targets` names.


def page_target(town: Any, side: str) -> str:
    """An open page of a town's book: «page:A:left»."""
    return f"page:{town}:{side}"


def equipment_target(seat: Any, kind: Any) -> str:
    """A piece of a player's equipment: «equip:0:cart»."""
    return f"equip:{seat}:{kind}"


def contract_target(seat: Any, number: int) -> str:
    """A player's contract by its number in the row (from 1): «contract:0:2»."""
    return f"contract:{seat}:{number}"


def gem_target(place: str, gem: str) -> str:
    """The gems of one colour on a road («gem:Д5:ruby») or in the discard («gem:discard:ruby»)."""
    return f"gem:{place}:{gem}"
