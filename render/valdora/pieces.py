"""The small pictures of the Valdora board, painted on a `Canvas` (the PNG's or the SVG's): gems, ships, books,
sacks, workshops, client shields, pieces of equipment, contracts and pawns."""

from __future__ import annotations

from typing import Any

from render.common import INK, RGB, WHITE, coin, contrast, player_colour, seat_colours, text
from render.valdora.canvas import Canvas
from render.valdora.layout import (
    CART_RGB,
    CONTRACT_RIBBON,
    DARK,
    EMPTY_SLOT,
    EQUIP_RIBBON,
    GEM_ORDER,
    PAWN_H,
    PROVISIONS_RGB,
    TOOL_GEM,
    as_dict,
    as_int,
    client_rgb,
    contract_chip_width,
    gem_rgb,
    item_name,
    pill_width,
    points_label,
    tile_width,
)


def pawn(d: Canvas, cx: float, cy: float, seat: Any, height: int = PAWN_H, view: dict | None = None) -> None:
    """The mark of a seat centred on (cx, cy): the same on the map, in the rows and in the header; in the colour
    the view gives its person (kept across a rematch), else the seat's."""
    label = str(seat + 1) if isinstance(seat, int) and 0 <= seat < 9 else ""
    fill = seat_colours((view or {}).get("players")).get(seat) or player_colour(seat)
    d.pawn(cx, cy, fill, label, height)


def chip(d: Canvas, cx: float, cy: float, r: float, fill: RGB, label: str = "") -> None:
    """A gem (or colour) disc with an optional count on it."""
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=DARK, width=2)
    if label:
        size = round(r * (1.4 if len(label) == 1 else 1.1))
        text(d, (cx, cy + 1), label, size, contrast(fill), bold=True, anchor="mm")


def chips_row(d: Canvas, x: float, cy: float, counts: list[tuple[RGB, int]], r: float,
              gap: float = 2) -> float:
    """Discs left to right from x with counts; returns the x after the last one."""
    for fill, n in counts:
        chip(d, x + r, cy, r, fill, str(n))
        x += 2 * r + gap
    return x


def ship(d: Canvas, cx: float, cy: float, s: float = 1.0) -> None:
    """A small sailing ship, about 26 x 22 at s=1."""
    d.polygon([(cx - 13 * s, cy + 2 * s), (cx + 13 * s, cy + 2 * s), (cx + 8 * s, cy + 10 * s),
               (cx - 8 * s, cy + 10 * s)], fill=(110, 70, 40), outline=DARK)
    d.line([(cx, cy + 2 * s), (cx, cy - 13 * s)], fill=DARK, width=2)
    d.polygon([(cx + 1, cy - 12 * s), (cx + 1, cy), (cx + 11 * s, cy)], fill=WHITE, outline=DARK)
    d.polygon([(cx - 1, cy - 9 * s), (cx - 1, cy), (cx - 8 * s, cy)], fill=WHITE, outline=DARK)


def book_icon(d: Canvas, cx: float, cy: float, kind: Any, s: float = 1.0) -> None:
    """An open book: gold pages for an equipment catalogue, silver for a contract book."""
    fill = EQUIP_RIBBON if kind == "equipment" else CONTRACT_RIBBON
    w, h = 20 * s, 24 * s
    for side in (-1, 1):
        d.polygon([(cx + side * w, cy - h / 2 + 3 * s), (cx, cy - h / 2 + 6 * s), (cx, cy + h / 2),
                   (cx + side * w, cy + h / 2 - 3 * s)], fill=fill, outline=DARK, width=2)


def sack(d: Canvas, cx: float, cy: float, full: bool, s: float = 1.0) -> None:
    """A sack of provisions; only a faint outline when there is none."""
    fill = PROVISIONS_RGB if full else None
    edge = DARK if full else EMPTY_SLOT
    d.ellipse((cx - 13 * s, cy - 5 * s, cx + 13 * s, cy + 16 * s), fill=fill, outline=edge, width=2)
    d.polygon([(cx - 6 * s, cy - 5 * s), (cx - 10 * s, cy - 14 * s), (cx + 10 * s, cy - 14 * s),
               (cx + 6 * s, cy - 5 * s)], fill=fill, outline=edge)
    d.line([(cx - 7 * s, cy - 6 * s), (cx + 7 * s, cy - 6 * s)], fill=(120, 60, 20) if full else edge,
           width=3)


def house_icon(d: Canvas, cx: float, cy: float, fill: RGB, s: float = 1.0) -> None:
    """A workshop: a little house in its colour."""
    d.polygon([(cx - 13 * s, cy - 1 * s), (cx, cy - 13 * s), (cx + 13 * s, cy - 1 * s)], fill=fill, outline=DARK,
              width=2)
    d.rectangle((cx - 10 * s, cy - 1 * s, cx + 10 * s, cy + 12 * s), fill=fill, outline=DARK, width=2)


def shield(d: Canvas, cx: float, cy: float, h: float, fill: RGB, label: str = "") -> None:
    """A client's coat of arms (the colour of a contract), with the contract's number on it."""
    w = h * 0.5
    pts = [(cx - w, cy - h / 2), (cx + w, cy - h / 2), (cx + w, cy + h * 0.05), (cx, cy + h / 2),
           (cx - w, cy + h * 0.05)]
    d.polygon(pts, fill=fill, outline=DARK, width=2)
    if label:
        text(d, (cx, cy - h * 0.06), label, round(h * 0.8), contrast(fill), bold=True, anchor="mm")


def rainbow_ring(d: Canvas, cx: float, cy: float, r: float, w: int) -> None:
    """A ring in the five gem colours: takes any gem (cart, horse)."""
    step = 360 / len(GEM_ORDER)
    for i, g in enumerate(GEM_ORDER):
        d.arc((cx - r, cy - r, cx + r, cy + r), -90 + i * step, -90 + (i + 1) * step, fill=gem_rgb(g), width=w)


def equipment_tile(d: Canvas, x0: float, y0: float, s: float, item: dict) -> float:
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
    what_lies(d, cx, cy, r, item.get("gem"), takes, frame)
    if not takes:  # the loading cost on a big coin, its number as large as the coin allows
        cr = s * 0.4
        coin(d, x0 + w - cr - s * 0.06, cy, cr)
        cost = str(as_int(item.get("cost"))) if "cost" in item else "?"
        text(d, (x0 + w - cr - s * 0.06, cy + 1), cost, round(cr * 1.6), INK, bold=True, anchor="mm")
    return w


def what_lies(d: Canvas, cx: float, cy: float, r: float, gem: str | None, takes: str | None,
               frame: tuple) -> None:
    """What lies on a piece of equipment: the gem's disc; with none, an empty ring in the colour of the gem a tool
    takes, or a rainbow ring on a cart or horse (they take any gem)."""
    if gem:
        chip(d, cx, cy, r, gem_rgb(gem))
    elif takes:
        d.ellipse((cx - r, cy - r, cx + r, cy + r), outline=frame, width=3)
    else:
        rainbow_ring(d, cx, cy, r, 4)


def equipment_pill(d: Canvas, x0: float, cy: float, h: float, item: dict, size: int) -> float:
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
    what_lies(d, gx, cy, r, item.get("gem"), takes, frame)
    x = gx + r + 6
    x += text(d, (x, cy + 1), item_name(item), size, INK, bold=True, anchor="lm")
    if not takes:  # the loading price on a coin
        cr = h * 0.36
        cx = x + 4 + cr
        coin(d, cx, cy, cr)
        cost = str(as_int(item.get("cost"))) if "cost" in item else "?"
        text(d, (cx, cy + 1), cost, round(cr * 1.5), INK, bold=True, anchor="mm")
    return w


def contract_wants(d: Canvas, x: float, cy: float, wants: Any, r: float) -> float:
    """What a client wants (coins as coins, gems as discs) from x; returns the x after it."""
    wants = as_dict(wants)
    for _ in range(min(6, as_int(wants.get("coins")))):
        coin(d, x + r, cy, r)
        x += 2 * r + 1
    for g in GEM_ORDER + tuple(k for k in wants if k not in GEM_ORDER and k != "coins"):
        for _ in range(min(6, as_int(wants.get(g)))):
            chip(d, x + r, cy, r, gem_rgb(g))
            x += 2 * r + 1
    return x


def contract_chip(d: Canvas, x0: float, cy: float, h: float, face: dict, number: int | None
                  ) -> float:
    """A held contract, h high: the client's shield (with its number), what it wants, its points.
    Returns the x after it."""
    r = h * 0.3
    pts, size = points_label(face, h)
    w = contract_chip_width(face, h)
    d.rounded_rectangle((x0, cy - h / 2, x0 + w, cy + h / 2), radius=7, fill=WHITE, outline=DARK, width=2)
    shield(d, x0 + 4 + h * 0.48, cy, h - 6, client_rgb(face.get("client")),
           str(number) if number is not None else "")
    x = contract_wants(d, x0 + h + 8, cy, face.get("wants"), r)
    text(d, (x + 5, cy + 1), pts, size, INK, bold=True, anchor="lm")
    return x0 + w
