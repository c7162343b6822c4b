"""The Valdora picture: `draw(view) -> PNG bytes`, 1280 x 960, made to be read on a phone.

Layout (pixels):

    +---------------------------+-------------------+
    | board 800 x 800           | header: turn      |  0..70
    |  spaces with names, gems, | discard, bank     |  70..112
    |  pawns                    | masters/workshops |  112..246
    |                           | players (5 x 142) |  246..960
    +---------------------------+                   |
    | books A B V G (800 x 160) |                   |
    +---------------------------+-------------------+

Everything that never changes during a game (paths, space shapes and names, panel frames, table
labels) is drawn once per board into a cached background; each call copies it and adds the pieces.
Only the view dict is read (see `rules/valdora` for its schema); unknown or missing values are drawn
as neutral rather than raising, so a picture is always produced.
"""

from __future__ import annotations

import math
from typing import Any

from PIL import Image, ImageDraw

from render.common import (
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
    coin,
    contrast,
    fit,
    font,
    initial,
    player_colour,
    text,
    to_png,
    token,
    width,
)

WIDTH, HEIGHT = 1280, 960
BOARD_W = BOARD_H = 800
PANEL_X = BOARD_W  # right panel: players and reserves
BOOKS_Y = BOARD_H  # bottom strip: the four books

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
CLIENT_NAMES = {"grey": "серый", "yellow": "жёлтый", "white": "белый", "purple": "фиолет.", "red": "красный",
                "blue": "синий", "green": "зелёный"}
UNKNOWN: RGB = (200, 200, 200)
TOOL_GEM = {"pan": "gold", "ruby": "ruby", "sapphire": "sapphire", "amethyst": "amethyst",
            "emerald": "emerald"}  # the gem each tool mines; cart and horse mine any gem
TOOL_NAMES = {"pan": "Лоток", "ruby": "Кирка", "sapphire": "Долото", "amethyst": "Молот", "emerald": "Лопата",
              "cart": "Телега", "horse": "Лошадь"}
ACTIONS = {"buy": "покупка", "mine": "добыча", "deliver": "сдача контрактов"}
PHASES = {"move": "ход: движение", "act": "ход: действие", "over": "игра окончена"}

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

# right panel rows
HEADER_H = 70
RESERVE_Y, RESERVE_H = 70, 42
TABLE_Y, TABLE_H = 112, 134
PLAYERS_Y = TABLE_Y + TABLE_H
PLAYER_H = (HEIGHT - PLAYERS_Y) // 5

# board geometry
SCALE = 8.4
PAWN_R = 15
ROAD_W, ROAD_H = 96, 86
CHIP_R = 14


def _px(x: float, y: float) -> tuple[float, float]:
    return 400 + (x - 50) * SCALE, 388 + (y - 50) * SCALE


def gem_rgb(gem: Any) -> RGB:
    return GEM_RGB.get(gem, UNKNOWN)


def client_rgb(colour: Any) -> RGB:
    return CLIENT_RGB.get(colour, UNKNOWN)


# ---------------------------------------------------------------- small pictures


def chip(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB, label: str = "") -> None:
    """A gem (or colour) disc with an optional count on it."""
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=DARK, width=2)
    if label:
        size = int(r * (1.35 if len(label) == 1 else 1.1))
        text(d, (cx, cy + 1), label, size, contrast(fill), bold=True, anchor="mm")


def chips_row(d: ImageDraw.ImageDraw, x: float, cy: float, counts: list[tuple[RGB, int]], r: float,
              show_ones: bool = True, gap: float = 3) -> float:
    """Discs left to right from x with counts; returns the x after the last one."""
    for fill, n in counts:
        chip(d, x + r, cy, r, fill, str(n) if (show_ones or n != 1) else "")
        x += 2 * r + gap
    return x


def gem_counts(gems: Any) -> list[tuple[str, int]]:
    """(gem, count) in a fixed colour order, unknown gems last, zeros dropped."""
    if not isinstance(gems, dict):
        return []
    known = [(g, int(gems[g])) for g in GEM_ORDER if gems.get(g)]
    other = [(g, int(n)) for g, n in gems.items() if g not in GEM_ORDER and isinstance(n, int) and n]
    return known + other


def ship(d: ImageDraw.ImageDraw, cx: float, cy: float, s: float = 1.0) -> None:
    """A small sailing ship, about 26 x 22 at s=1."""
    d.polygon([(cx - 13 * s, cy + 2 * s), (cx + 13 * s, cy + 2 * s), (cx + 8 * s, cy + 10 * s),
               (cx - 8 * s, cy + 10 * s)], fill=(110, 70, 40), outline=DARK)
    d.line([(cx, cy + 2 * s), (cx, cy - 13 * s)], fill=DARK, width=2)
    d.polygon([(cx + 1, cy - 12 * s), (cx + 1, cy), (cx + 11 * s, cy)], fill=WHITE, outline=DARK)
    d.polygon([(cx - 1, cy - 9 * s), (cx - 1, cy), (cx - 8 * s, cy)], fill=WHITE, outline=DARK)


def book_icon(d: ImageDraw.ImageDraw, cx: float, cy: float, kind: str | None) -> None:
    """An open book: gold pages for the equipment catalogue, silver for the contract book."""
    fill = EQUIP_RIBBON if kind == "equipment" else CONTRACT_RIBBON
    w, h = 22, 28
    d.polygon([(cx - w, cy - h / 2 + 3), (cx, cy - h / 2 + 7), (cx, cy + h / 2), (cx - w, cy + h / 2 - 4)],
              fill=fill, outline=DARK, width=2)
    d.polygon([(cx + w, cy - h / 2 + 3), (cx, cy - h / 2 + 7), (cx, cy + h / 2), (cx + w, cy + h / 2 - 4)],
              fill=fill, outline=DARK, width=2)
    for i in (1, 2):  # lines of text on the pages
        y = cy - h / 2 + 7 + i * 7
        d.line([(cx - w + 5, y - 2), (cx - 5, y)], fill=DARK, width=1)
        d.line([(cx + 5, y), (cx + w - 5, y - 2)], fill=DARK, width=1)


def equipment_card(d: ImageDraw.ImageDraw, box: tuple[float, float, float, float], item: dict,
                   loaded: bool = False, big: bool = False) -> None:
    """A piece of equipment: a ribbon in the colour it mines (rainbow for cart and horse, with the coin
    cost), its name, and in the body the gem loaded on it (players) or what it mines (books)."""
    x0, y0, x1, y1 = box
    w = x1 - x0
    kind = item.get("kind")
    name = item.get("name") or TOOL_NAMES.get(kind, str(kind))
    band = 20 if big else 17
    d.rounded_rectangle(box, radius=6, fill=WHITE, outline=DARK, width=2)
    if kind in TOOL_GEM:
        fill = gem_rgb(TOOL_GEM[kind])
        d.rounded_rectangle((x0 + 2, y0 + 2, x1 - 2, y0 + band), radius=4, fill=fill)
    else:  # cart, horse: any gem, for coins
        fill = CART_RGB
        sw = (w - 4) / len(GEM_ORDER)
        for i, g in enumerate(GEM_ORDER):
            d.rectangle((x0 + 2 + i * sw, y0 + 2, x0 + 2 + (i + 1) * sw, y0 + band), fill=gem_rgb(g))
    tool = kind in TOOL_GEM
    text(d, ((x0 + x1) / 2, y0 + band / 2 + 2), name, 15 if big else 12, contrast(fill) if tool else INK,
         bold=True, anchor="mm", max_width=w - 6, min_size=9, stroke=None if tool else WHITE)
    cx, cy = (x0 + x1) / 2, (y0 + band + y1) / 2 + 1
    r = min(w, y1 - y0 - band) / 2 - 6
    if loaded:
        gem = item.get("gem")
        if gem:
            chip(d, cx, cy, r, gem_rgb(gem))
        else:
            d.ellipse((cx - r, cy - r, cx + r, cy + r), outline=(185, 185, 185), width=2)
        cost = item.get("cost") or 0
        if cost and kind not in TOOL_GEM:
            coin(d, x1 - 10, y1 - 10, 9, str(cost))
    else:  # a page in a catalogue: what it mines, and what mining costs
        cost = item.get("cost") or 0
        if kind in TOOL_GEM:
            chip(d, cx, cy, r * 0.75, gem_rgb(TOOL_GEM[kind]))
        else:
            ring = r * 0.55
            for i, g in enumerate(GEM_ORDER):
                a = -math.pi / 2 + i * 2 * math.pi / len(GEM_ORDER)
                chip(d, cx + ring * math.cos(a), cy - 8 + ring * math.sin(a), 8, gem_rgb(g))
            coin(d, cx - 16, y1 - 14, 11)
            text(d, (cx - 2, y1 - 14), f"×{cost}", 17, INK, bold=True, anchor="lm")


def contract_wants(d: ImageDraw.ImageDraw, x: float, cy: float, wants: Any, r: float) -> float:
    """Draws what a client wants from x; returns the x after it."""
    if not isinstance(wants, dict):
        return x
    coins = wants.get("coins") or 0
    for _ in range(int(coins)):
        coin(d, x + r, cy, r)
        x += 2 * r - 2
    if coins:
        x += 4
    for g in GEM_ORDER + tuple(k for k in wants if k not in GEM_ORDER and k != "coins"):
        for _ in range(int(wants.get(g) or 0)):
            chip(d, x + r, cy, r, gem_rgb(g))
            x += 2 * r + 1
    return x


def contract_card(d: ImageDraw.ImageDraw, box: tuple[float, float, float, float], face: dict,
                  number: int | None = None) -> None:
    """A contract: client colour on the left (with its number 1-3 for the owner), wants, points."""
    x0, y0, x1, y1 = box
    h = y1 - y0
    fill = client_rgb(face.get("client"))
    d.rounded_rectangle(box, radius=6, fill=WHITE, outline=DARK, width=2)
    side = h * 0.68
    d.rounded_rectangle((x0 + 3, y0 + 3, x0 + side, y1 - 3), radius=4, fill=fill, outline=DARK, width=1)
    if number is not None:
        text(d, (x0 + 2 + side / 2, (y0 + y1) / 2 + 1), str(number), int(h * 0.5), contrast(fill), bold=True,
             anchor="mm")
    pts = str(face.get("points", "?"))
    text(d, (x1 - 5, (y0 + y1) / 2 + 1), pts, int(h * 0.55), INK, bold=True, anchor="rm")
    wants = face.get("wants") if isinstance(face.get("wants"), dict) else {}
    n = sum(int(v or 0) for v in wants.values() if isinstance(v, int))
    contract_wants(d, x0 + side + 5, (y0 + y1) / 2, wants, min(11 if n <= 2 else 9, h / 2 - 6))


def contract_page(d: ImageDraw.ImageDraw, box: tuple[float, float, float, float], face: dict) -> None:
    """A contract as a book page: client colour band with its name, wants, points."""
    x0, y0, x1, y1 = box
    client = face.get("client")
    fill = client_rgb(client)
    d.rounded_rectangle(box, radius=6, fill=WHITE, outline=DARK, width=2)
    d.rounded_rectangle((x0 + 2, y0 + 2, x1 - 2, y0 + 24), radius=4, fill=fill, outline=DARK, width=1)
    text(d, ((x0 + x1) / 2, y0 + 14), CLIENT_NAMES.get(client, str(client)), 15, contrast(fill), bold=True,
         anchor="mm", max_width=x1 - x0 - 8, min_size=10)
    wants = face.get("wants") if isinstance(face.get("wants"), dict) else {}
    n = sum(int(v or 0) for v in wants.values())
    r = 12 if n <= 2 else 11
    span = n * (2 * r + 1) + (4 if wants.get("coins") else 0)
    contract_wants(d, (x0 + x1) / 2 - span / 2, y0 + 48, wants, r)
    text(d, ((x0 + x1) / 2, y1 - 18), f"{face.get('points', '?')} оч.", 20, INK, bold=True, anchor="mm")


def face_card(d: ImageDraw.ImageDraw, box: tuple[float, float, float, float], face: Any) -> None:
    if not isinstance(face, dict):
        x0, y0, x1, y1 = box
        d.rounded_rectangle(box, radius=6, outline=(170, 160, 140), width=2)
        text(d, ((x0 + x1) / 2, (y0 + y1) / 2), "пусто", 15, MUTED, anchor="mm")
    elif face.get("type") == "contract" or "client" in face:
        contract_page(d, box, face)
    else:
        equipment_card(d, box, face, loaded=False, big=True)


# ---------------------------------------------------------------- static background


class Background:
    """The cached picture of everything static, plus where each space is."""

    def __init__(self, image: Image.Image, anchors: dict[str, tuple[str, float, float, float]]):
        self.image = image
        self.anchors = anchors  # space name -> (kind, centre x, centre y, y where pawns go)


_BACKGROUNDS: dict[tuple, Background] = {}


def _static_key(view: dict) -> tuple:
    board = view.get("board") or {}
    spaces = tuple(
        (s.get("name"), s.get("kind"), s.get("x"), s.get("y"), s.get("ships"), s.get("book"), s.get("client"))
        for s in board.get("spaces") or ()
    )
    edges = tuple(tuple(e) for e in board.get("edges") or ())
    books = tuple((b.get("town"), b.get("kind")) for b in view.get("books") or ())
    masters = tuple(m.get("colour") for m in view.get("masters") or ())
    return (WIDTH, HEIGHT, spaces, edges, books, masters)


def background(view: dict) -> Background:
    key = _static_key(view)
    bg = _BACKGROUNDS.get(key)
    if bg is None:
        if len(_BACKGROUNDS) > 8:  # a handful of boards at most; never grow without bound
            _BACKGROUNDS.clear()
        bg = _BACKGROUNDS[key] = _draw_background(view)
    return bg


def _draw_background(view: dict) -> Background:
    im = Image.new("RGB", (WIDTH, HEIGHT), BOARD_BG)
    d = ImageDraw.Draw(im)
    board = view.get("board") or {}
    spaces = [s for s in board.get("spaces") or () if isinstance(s, dict) and "name" in s]
    pos = {s["name"]: _px(s.get("x", 50), s.get("y", 50)) for s in spaces}

    # paths: a dark rim under a light track
    for thickness, colour in ((16, PATH_EDGE), (10, PATH)):
        for edge in board.get("edges") or ():
            if len(edge) == 2 and edge[0] in pos and edge[1] in pos:
                d.line([pos[edge[0]], pos[edge[1]]], fill=colour, width=thickness)
    for p in pos.values():  # round joints
        d.ellipse((p[0] - 8, p[1] - 8, p[0] + 8, p[1] + 8), fill=PATH)

    anchors: dict[str, tuple[str, float, float, float]] = {}
    for s in spaces:
        anchors[s["name"]] = _draw_space(d, s, *pos[s["name"]])

    # right panel and bottom strip
    d.rectangle((PANEL_X, 0, WIDTH, HEIGHT), fill=PAPER)
    d.line([(PANEL_X, 0), (PANEL_X, HEIGHT)], fill=PANEL_EDGE, width=3)
    d.rectangle((0, BOOKS_Y, PANEL_X, HEIGHT), fill=STRIP_BG)
    d.line([(0, BOOKS_Y), (PANEL_X, BOOKS_Y)], fill=PANEL_EDGE, width=3)
    d.line([(PANEL_X, RESERVE_Y), (WIDTH, RESERVE_Y)], fill=PANEL_EDGE, width=2)
    d.line([(PANEL_X, TABLE_Y), (WIDTH, TABLE_Y)], fill=PANEL_EDGE, width=2)
    d.line([(PANEL_X, PLAYERS_Y), (WIDTH, PLAYERS_Y)], fill=PANEL_EDGE, width=2)

    # books: titles and frames
    books = view.get("books") or []
    bw = BOARD_W / max(1, len(books))
    for i, b in enumerate(books):
        x0 = i * bw
        kind = "снаряжение" if b.get("kind") == "equipment" else "контракты"
        book_icon(d, x0 + 24, BOOKS_Y + 20, b.get("kind"))
        text(d, (x0 + 48, BOOKS_Y + 20), f"{b.get('town', '?')}: {kind}", 19, INK, bold=True, anchor="lm",
             max_width=bw - 54, min_size=13)
        if i:
            d.line([(x0, BOOKS_Y + 6), (x0, HEIGHT - 6)], fill=PANEL_EDGE, width=2)

    # masters and workshops table: labels and colour heads
    lx = PANEL_X + 12
    text(d, (lx, TABLE_Y + 22), "мастера", 16, INK, bold=True, anchor="lm")
    text(d, (lx, TABLE_Y + 46), "по час. →", 13, MUTED, anchor="lm")
    text(d, (lx, TABLE_Y + 77), "мастерская:", 15, INK, bold=True, anchor="lm")
    text(d, (lx, TABLE_Y + 97), "нужно / очки", 14, MUTED, anchor="lm")
    text(d, (lx, TABLE_Y + 119), "владелец", 15, MUTED, anchor="lm")
    return Background(im, anchors)


def _draw_space(d: ImageDraw.ImageDraw, s: dict, cx: float, cy: float) -> tuple[str, float, float, float]:
    kind, name = s.get("kind"), str(s.get("name"))
    if kind == "town":
        r = 46 if s.get("ships") else 42
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=TOWN_FILL, outline=TOWN_EDGE, width=5)
        if s.get("ships"):
            for i in range(int(s["ships"])):
                ship(d, cx + (i - (s["ships"] - 1) / 2) * 28, cy - 24, 0.9)
            text(d, (cx, cy + 2), name, 21, INK, bold=True, anchor="mm", max_width=2 * r - 8, min_size=12)
        else:
            text(d, (cx, cy - 8), name, 38, INK, bold=True, anchor="mm", max_width=2 * r - 10, min_size=12)
        if s.get("book"):  # the book sits on the outer side of the town
            dx = -1 if s.get("x", 50) < 50 else 1
            dy = -1 if s.get("y", 50) < 50 else 1
            book_icon(d, cx + dx * (r + 2), cy + dy * (r - 4), s.get("book"))
        return kind, cx, cy, cy + r - 16
    if kind == "harbour":
        w, h = 100, 62
        box = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
        d.rounded_rectangle(box, radius=14, fill=HARBOUR_FILL, outline=HARBOUR_EDGE, width=4)
        text(d, (cx, cy - 14), name, 18, INK, bold=True, anchor="mm", max_width=w - 8, min_size=11)
        n = int(s.get("ships") or 0)
        for i in range(n):
            ship(d, cx + (i - (n - 1) / 2) * 30, cy + 12, 0.9)
        return kind, cx, cy, cy + h / 2 + 6
    if kind == "mine":
        w, h = 76, 60
        box = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
        d.rounded_rectangle(box, radius=8, fill=MINE_FILL, outline=DARK, width=3)
        text(d, (cx, cy - 12), name, 22, WHITE, bold=True, anchor="mm", max_width=w - 8, min_size=11)
        for i in range(3):  # a little pile of silver
            coin(d, cx - 14 + i * 14, cy + 15 - (i == 1) * 3, 8)
        return kind, cx, cy, cy + h / 2 + 6
    if kind == "house":
        fill = client_rgb(s.get("client"))
        label, size = fit(name, 17, 130, True, 11)
        w = font(size, True).getlength(label) + 22
        h = 34
        box = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
        roof = [(cx - 20, cy - h / 2 + 1), (cx, cy - h / 2 - 14), (cx + 20, cy - h / 2 + 1)]
        d.polygon(roof, fill=fill, outline=DARK, width=2)
        d.rounded_rectangle(box, radius=6, fill=fill, outline=DARK, width=3)
        text(d, (cx, cy + 1), label, size, contrast(fill), bold=True, anchor="mm")
        return kind, cx, cy, cy + h / 2 + 8
    # road (and anything unknown): name on top, gems below
    box = (cx - ROAD_W / 2, cy - ROAD_H / 2, cx + ROAD_W / 2, cy + ROAD_H / 2)
    d.rounded_rectangle(box, radius=10, fill=ROAD_FILL, outline=ROAD_EDGE, width=3)
    text(d, (cx, cy - ROAD_H / 2 + 15), name, 22, INK, bold=True, anchor="mm", max_width=ROAD_W - 8,
         min_size=11)
    return "road", cx, cy, cy + ROAD_H / 2 + 14


# ---------------------------------------------------------------- dynamic parts


def _players(view: dict) -> list[dict]:
    return [p for p in view.get("players") or [] if isinstance(p, dict)]


def _names(view: dict) -> dict[Any, str]:
    return {p.get("seat"): display_name(p) for p in _players(view)}


def display_name(p: dict) -> str:
    """The name as the font can draw it; "Игрок N" when nothing drawable is left (emoji-only names)."""
    seat = p.get("seat")
    return clean(str(p.get("name", ""))) or (f"Игрок {seat + 1}" if isinstance(seat, int) else "Игрок")


def _road_gems(d: ImageDraw.ImageDraw, cx: float, cy: float, gems: Any) -> None:
    counts = gem_counts(gems)
    if not counts:
        return
    rows = [counts[:3], counts[3:]] if len(counts) > 3 else [counts]
    ys = [cy - 1, cy + 27] if len(rows) == 2 else [cy + 13]
    for row, y in zip(rows, ys, strict=True):
        span = len(row) * (2 * CHIP_R + 1) - 1
        chips_row(d, cx - span / 2, y, [(gem_rgb(g), n) for g, n in row], CHIP_R, gap=1)


def _pawns(d: ImageDraw.ImageDraw, view: dict, anchors: dict) -> None:
    by_space: dict[str, list[dict]] = {}
    for p in _players(view):
        by_space.setdefault(p.get("position"), []).append(p)
    current = view.get("current_seat")
    for space, group in by_space.items():
        if space not in anchors:
            continue
        _, cx, _, py = anchors[space]
        step = 2 * PAWN_R + 1
        x = cx - (len(group) - 1) * step / 2
        for p in group:
            seat = p.get("seat", 0)
            if seat == current and not view.get("over"):
                d.ellipse((x - PAWN_R - 5, py - PAWN_R - 5, x + PAWN_R + 5, py + PAWN_R + 5), fill=HIGHLIGHT,
                          outline=WHITE, width=2)
            token(d, x, py, PAWN_R, player_colour(seat), initial(display_name(p)), 17)
            x += step


def _header(d: ImageDraw.ImageDraw, view: dict) -> None:
    x0 = PANEL_X + 14
    names = _names(view)
    if view.get("over") or view.get("phase") == "over":
        winners = [names.get(s, str(s)) for s in view.get("winners") or []]
        text(d, (x0, 22), "Игра окончена", 25, INK, bold=True, anchor="lm")
        if winners:
            label = ("Победа: " if len(winners) == 1 else "Ничья: ") + ", ".join(winners)
            text(d, (x0, 52), label, 21, WIN, bold=True, anchor="lm", max_width=WIDTH - x0 - 12, min_size=14)
        return
    seat = view.get("current_seat")
    who = names.get(seat, "—")
    tx = x0
    if seat is not None:
        token(d, x0 + 14, 23, 14, player_colour(seat), initial(who), 16)
        tx += 36
    text(d, (tx, 23), f"Ходит {who}", 25, INK, bold=True, anchor="lm", max_width=WIDTH - tx - 12, min_size=15)
    line = f"раунд {view.get('round', '?')} · {PHASES.get(view.get('phase'), str(view.get('phase', '')))}"
    turn = view.get("turn") if isinstance(view.get("turn"), dict) else {}
    if turn.get("action") in ACTIONS:
        line += f" ({ACTIONS[turn['action']]})"
    elif turn.get("flips"):
        line += " (листает книгу)"
    room = WIDTH - x0 - 12
    if view.get("final_round"):
        last = "последний раунд!"
        room -= text(d, (WIDTH - 12, 53), last, 19, (200, 30, 30), bold=True, anchor="rm") + 10
    text(d, (x0, 53), line, 19, INK, anchor="lm", max_width=room, min_size=13)


def _reserve(d: ImageDraw.ImageDraw, view: dict) -> None:
    cy = RESERVE_Y + RESERVE_H / 2
    x = PANEL_X + 12
    x += text(d, (x, cy), "сброс", 17, INK, bold=True, anchor="lm") + 8
    counts = gem_counts(view.get("discard"))
    if counts:
        x = chips_row(d, x, cy, [(gem_rgb(g), n) for g, n in counts], 13, gap=3)
    else:
        x += text(d, (x, cy), "пусто", 16, MUTED, anchor="lm")
    x = max(x + 14, PANEL_X + 250)
    x += text(d, (x, cy), "банк", 17, INK, bold=True, anchor="lm") + 6
    coin(d, x + 17, cy, 17, str(view.get("bank", "?")))
    x += 50
    text(d, (x, cy), f"бонусы: {view.get('bonuses_left', '?')}", 17, INK, bold=True, anchor="lm")


def _table(d: ImageDraw.ImageDraw, view: dict) -> None:
    masters = [m for m in view.get("masters") or [] if isinstance(m, dict)]
    shops = {w.get("colour"): w for w in view.get("workshops") or [] if isinstance(w, dict)}
    stacked = [m.get("colour") for m in masters]
    colours = stacked + [c for c in shops if c not in stacked]
    left = {m.get("colour"): m.get("left") for m in masters}
    x0 = PANEL_X + 122
    cw = (WIDTH - x0 - 6) / max(1, len(colours))
    for i, c in enumerate(colours):
        cx = x0 + i * cw + cw / 2
        fill = client_rgb(c)
        n = left.get(c)
        box = (cx - cw / 2 + 4, TABLE_Y + 8, cx + cw / 2 - 4, TABLE_Y + 58)
        if n == 0:  # an empty stack: outline only
            d.rounded_rectangle(box, radius=6, fill=PAPER, outline=fill if c != "white" else DARK, width=3)
            text(d, (cx, TABLE_Y + 34), "0", 24, MUTED, bold=True, anchor="mm")
        else:
            d.rounded_rectangle(box, radius=6, fill=fill, outline=DARK, width=2)
            label = "?" if n is None else str(n)
            text(d, (cx, TABLE_Y + 34), label, 26, contrast(fill), bold=True, anchor="mm")
        w = shops.get(c)
        if w is None:
            continue
        owner = w.get("owner")
        colour = MUTED if owner is not None else INK
        text(d, (cx, TABLE_Y + 87), f"{w.get('need', '?')}/{w.get('points', '?')}", 19, colour, bold=True,
             anchor="mm", max_width=cw - 2, min_size=12)
        if owner is not None:
            name = _names(view).get(owner, str(owner))
            token(d, cx, TABLE_Y + 116, 13, player_colour(owner), initial(name), 15)
        else:
            text(d, (cx, TABLE_Y + 116), "—", 18, MUTED, anchor="mm")


def _player_panel(d: ImageDraw.ImageDraw, view: dict, p: dict, y0: float) -> None:
    x0, x1 = PANEL_X + 6, WIDTH - 6
    y1 = y0 + PLAYER_H - 4
    seat = p.get("seat", 0)
    current = seat == view.get("current_seat") and not view.get("over")
    if current:
        d.rounded_rectangle((x0, y0, x1, y1), radius=10, fill=HIGHLIGHT_SOFT, outline=HIGHLIGHT, width=5)
    else:
        d.rounded_rectangle((x0, y0, x1, y1), radius=10, fill=WHITE, outline=PANEL_EDGE, width=2)
    name = display_name(p)

    # row 1: pawn, name, masters, workshops, bonuses
    ry = y0 + 22
    token(d, x0 + 24, ry, 15, player_colour(seat), initial(name), 17)
    nx = x0 + 46
    if current:
        nx += text(d, (nx, ry), "▶", 20, HIGHLIGHT, bold=True, anchor="lm") + 5
    if view.get("seat") is not None and view.get("seat") == seat:
        name += " (вы)"
    # right side first, so that the name gets what is left
    rx = x1 - 10
    bonuses = int(p.get("bonuses") or 0)
    if bonuses:
        rx -= text(d, (rx, ry), f"бонус×{bonuses}", 16, INK, bold=True, anchor="rm") + 8
    for c in reversed(p.get("workshops") or []):
        fill = client_rgb(c)
        d.polygon([(rx - 26, ry - 2), (rx - 13, ry - 14), (rx, ry - 2)], fill=fill, outline=DARK, width=2)
        d.rectangle((rx - 23, ry - 2, rx - 3, ry + 12), fill=fill, outline=DARK, width=2)
        rx -= 30
    masters = p.get("masters") if isinstance(p.get("masters"), dict) else {}
    order = [c for c in CLIENT_RGB if masters.get(c)]
    order += [c for c in masters if c not in CLIENT_RGB and masters[c]]
    for c in reversed(order):
        fill = client_rgb(c)
        d.rounded_rectangle((rx - 26, ry - 13, rx, ry + 13), radius=5, fill=fill, outline=DARK, width=2)
        text(d, (rx - 13, ry + 1), str(masters[c]), 18, contrast(fill), bold=True, anchor="mm")
        rx -= 30
    # the "мастера" caption only where it leaves the name enough room (a full row of masters does not)
    if order and rx - width("мастера", 13) - nx > width(name, 22, bold=True) + 16:
        rx -= text(d, (rx, ry), "мастера", 13, MUTED, anchor="rm") + 4
    text(d, (nx, ry), name, 22, INK, bold=True, anchor="lm", max_width=max(40, rx - nx - 8), min_size=16)

    # row 2: equipment (7 slots), then coins and provisions
    ey0, ey1 = y0 + 42, y0 + 94
    ex = x0 + 8
    equipment = [e for e in p.get("equipment") or [] if isinstance(e, dict)]
    for i in range(7):
        box = (ex, ey0, ex + 48, ey1)
        if i < len(equipment):
            equipment_card(d, box, equipment[i], loaded=True)
        else:
            d.rounded_rectangle(box, radius=6, outline=(215, 208, 195), width=2)
        ex += 51
    mid = (ey0 + ey1) / 2
    cx = ex + 24
    coin(d, cx, mid, 21, str(p.get("coins", "?")))
    cx += 46
    _provisions(d, cx, mid - 6, bool(p.get("provisions")))
    if p.get("provisions"):
        text(d, (cx, ey1 - 2), "провиант", 11, (30, 110, 30), bold=True, anchor="mm")

    # row 3: open contracts 1-3, delivered
    cy0, cy1 = y0 + 100, y1 - 6
    cx = x0 + 8
    contracts = [c for c in p.get("contracts") or [] if isinstance(c, dict)]
    for i, c in enumerate(contracts[:3]):
        contract_card(d, (cx, cy0, cx + 118, cy1), c, i + 1)
        cx += 121
    if not contracts:
        text(d, (cx + 4, (cy0 + cy1) / 2), "нет контрактов", 15, MUTED, anchor="lm")
    mid = (cy0 + cy1) / 2
    room = x1 - 8 - max(cx, x0 + 366)
    if p.get("contract_points") is not None:
        text(d, (x1 - 10, mid - 7), f"сдано: {p.get('delivered', 0)}", 15, INK, bold=True, anchor="rm",
             max_width=room, min_size=10)
        text(d, (x1 - 10, mid + 11), f"{p['contract_points']} оч.", 15, INK, bold=True, anchor="rm",
             max_width=room, min_size=10)
    else:
        text(d, (x1 - 10, mid), f"сдано: {p.get('delivered', 0)}", 16, INK, bold=True, anchor="rm",
             max_width=room, min_size=10)


def _provisions(d: ImageDraw.ImageDraw, cx: float, cy: float, full: bool) -> None:
    """A sack of provisions; only a faint outline when the player has none."""
    fill = (205, 160, 90) if full else None
    edge = DARK if full else (200, 192, 180)
    d.ellipse((cx - 15, cy - 8, cx + 15, cy + 17), fill=fill, outline=edge, width=2)
    d.polygon([(cx - 7, cy - 8), (cx - 11, cy - 17), (cx + 11, cy - 17), (cx + 7, cy - 8)], fill=fill,
              outline=edge)
    d.line([(cx - 8, cy - 9), (cx + 8, cy - 9)], fill=(120, 60, 20) if full else edge, width=3)


def _books(d: ImageDraw.ImageDraw, view: dict) -> None:
    books = view.get("books") or []
    bw = BOARD_W / max(1, len(books))
    for i, b in enumerate(books):
        x0 = i * bw
        pw = (bw - 24) / 2
        for j, side in enumerate(("left", "right")):
            px0 = x0 + 8 + j * (pw + 8)
            face_card(d, (px0, BOOKS_Y + 40, px0 + pw, BOOKS_Y + 136), b.get(side))
            count = b.get(f"{side}_count")
            label = f"стопка: {count if count is not None else '?'}"
            text(d, (px0 + pw / 2, BOOKS_Y + 148), label, 13, MUTED, anchor="mm")


def _scores(d: ImageDraw.ImageDraw, view: dict) -> None:
    scores = [s for s in view.get("scores") or [] if isinstance(s, dict)]
    if not scores:
        return
    winners = set(view.get("winners") or [])
    cols = [("итого", 72), ("контракты", 92), ("мастера", 76), ("мастерские", 96), ("бонусы", 72),
            ("камни", 64), ("монеты", 72)]
    keys = ["total", "contracts", "masters", "workshops", "bonuses", "gems", "coins"]
    name_w = 150
    w = 36 + name_w + sum(c[1] for c in cols) + 16
    row_h = 44
    h = 96 + row_h * len(scores)
    x0, y0 = (BOARD_W - w) / 2, (BOARD_H - h) / 2
    d.rounded_rectangle((x0 + 6, y0 + 6, x0 + w + 6, y0 + h + 6), radius=16, fill=(90, 90, 70))
    d.rounded_rectangle((x0, y0, x0 + w, y0 + h), radius=16, fill=PAPER, outline=INK, width=4)
    text(d, (x0 + w / 2, y0 + 28), "Итоги игры", 26, INK, bold=True, anchor="mm")
    hy = y0 + 66
    x = x0 + 36 + name_w
    for title, cw in cols:
        text(d, (x + cw / 2, hy), title, 14, MUTED, bold=True, anchor="mm", max_width=cw - 6, min_size=10)
        x += cw
    ranked = sorted(scores, key=lambda s: (-(s.get("total") or 0), -(s.get("coins") or 0)))
    names = _names(view)
    for i, s in enumerate(ranked):
        ry = hy + 22 + i * row_h
        seat = s.get("seat")
        win = seat in winners
        if win:
            d.rounded_rectangle((x0 + 10, ry, x0 + w - 10, ry + row_h - 4), radius=8, fill=(214, 240, 210),
                                outline=WIN, width=3)
        cy = ry + (row_h - 4) / 2
        token(d, x0 + 30, cy, 14, player_colour(seat), initial(names.get(seat, "")), 16)
        name = names.get(seat) or clean(str(s.get("name", "")))
        text(d, (x0 + 50, cy), ("★ " if win else "") + name, 20, INK, bold=True, anchor="lm",
             max_width=name_w - 18, min_size=14)
        x = x0 + 36 + name_w
        breakdown = s.get("breakdown") if isinstance(s.get("breakdown"), dict) else {}
        for (_, cw), k in zip(cols, keys, strict=True):
            v = s.get(k) if k in ("total", "coins") else breakdown.get(k)
            text(d, (x + cw / 2, cy), "—" if v is None else str(v), 24 if k == "total" else 20, INK,
                 bold=k == "total", anchor="mm")
            x += cw


def render(view: dict) -> Image.Image:
    """The picture as a Pillow image (see `draw` for PNG bytes)."""
    bg = background(view)
    im = bg.image.copy()
    d = ImageDraw.Draw(im)
    for s in (view.get("board") or {}).get("spaces") or ():
        if isinstance(s, dict) and s.get("gems") and s.get("name") in bg.anchors:
            _, cx, cy, _ = bg.anchors[s["name"]]
            _road_gems(d, cx, cy, s["gems"])
    _pawns(d, view, bg.anchors)
    _header(d, view)
    _reserve(d, view)
    _table(d, view)
    for i, p in enumerate(_players(view)[:5]):
        _player_panel(d, view, p, PLAYERS_Y + 4 + i * PLAYER_H)
    _books(d, view)
    if view.get("over") and view.get("scores"):
        _scores(d, view)
    return im


def draw(view: dict) -> bytes:
    """PNG bytes of the board and everyone's holdings for a Valdora view (see module doc)."""
    return to_png(render(view))
