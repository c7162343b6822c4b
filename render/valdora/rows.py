"""The players' rows of the Valdora board and the final scores, painted on a `Canvas`. Each piece of equipment and
each contract in a row is a place to tap (to mine onto it, pay with it, deliver or return a contract)."""

from __future__ import annotations

from render.common import INK, MUTED, PANEL_EDGE, PAPER, WHITE, WIN, clean, coin, contrast, text, width
from render.valdora.canvas import Canvas
from render.valdora.layout import (
    CLIENT_RGB,
    COIN_SACK_W,
    DARK,
    EQUIP_H,
    EQUIP_TEXT,
    NAME_MIN,
    ROW_H,
    TURN_EDGE,
    TURN_SOFT,
    UP_CHIP_H,
    WIDTH,
    Layout,
    as_dict,
    as_int,
    client_rgb,
    contract_chip_width,
    contract_target,
    display_name,
    equipment_target,
    names_of,
    row_mark,
    row_sizes,
    row_top,
)
from render.valdora.pieces import contract_chip, equipment_pill, equipment_tile, house_icon, pawn, sack

LOW_REACH = 18  # a tap on the second line of a row reaches this far above and below its middle


def paint_player_row(d: Canvas, view: dict, p: dict, lay: Layout, index: int) -> None:
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
    delivered = f"сдано {as_int(p.get('delivered'))}"
    if p.get("contract_points") is not None:
        delivered += f" · {p['contract_points']} оч."
    rx -= text(d, (rx, top), delivered, 20, INK, bold=True, anchor="rm") + 12
    bonuses = as_int(p.get("bonuses"))
    if bonuses:
        rx -= text(d, (rx, top), f"бонус ×{bonuses}", 20, INK, bold=True, anchor="rm") + 10
    for c in reversed(p.get("workshops") or []):
        house_icon(d, rx - 14, top + 1, client_rgb(c))
        rx -= 32
    masters = as_dict(p.get("masters"))
    order = [c for c in CLIENT_RGB if as_int(masters.get(c))]
    order += [c for c in masters if c not in CLIENT_RGB and as_int(masters[c])]
    for c in reversed(order):
        fill = client_rgb(c)
        d.rounded_rectangle((rx - 28, top - 14, rx, top + 14), radius=5, fill=fill, outline=DARK, width=2)
        text(d, (rx - 14, top + 1), str(masters[c]), 20, contrast(fill), bold=True, anchor="mm")
        rx -= 32
    pawn(d, *row_mark(lay, index), seat, 38, view)
    name = display_name(p)
    if view.get("seat") is not None and view.get("seat") == seat:
        name += " (вы)"
    items = [e for e in p.get("equipment") or [] if isinstance(e, dict)][:7]
    contracts = [c for c in p.get("contracts") or [] if isinstance(c, dict)][:3]
    x = x0 + 44
    h, size = row_sizes(items, contracts, x1 - 6 - (x0 + 46))
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
            end = contract_chip(d, cx, top, UP_CHIP_H, c, i + 1)
            d.hit(contract_target(seat, i + 1), (cx - 2, y0 + 1, end + 2, low - LOW_REACH))
            cx = end + 6
        contracts = []
        h, size = row_sizes(items, [], x1 - 6 - (x0 + 46), none=False)

    # line 2: the equipment in words, then the contracts (unless they went up)
    x = x0 + 46
    for item in items:
        if size:
            w = equipment_pill(d, x, low, EQUIP_H, item, size)
        else:  # a row too full for words: the framed tiles of the book pages
            w = equipment_tile(d, x, low - 15, 30, item)
        d.hit(equipment_target(seat, item.get("kind")), (x - 1, low - LOW_REACH, x + w + 1, low + LOW_REACH))
        x += w + (5 if size else 3)
    x += 8
    for i, c in enumerate(contracts):
        end = contract_chip(d, x, low, h, c, i + 1)
        d.hit(contract_target(seat, i + 1), (x - 2, low - LOW_REACH, end + 2, low + LOW_REACH))
        x = end + 6
    if not contracts and not up:
        text(d, (x, low), "нет контрактов", 20, MUTED, anchor="lm")



def paint_scores(d: Canvas, view: dict, lay: Layout) -> None:
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
    ranked = sorted(scores, key=lambda s: (-as_int(s.get("total")), -as_int(s.get("coins"))))
    names = names_of(view)
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
        breakdown = as_dict(s.get("breakdown"))
        for (_, cw), k in zip(cols, keys, strict=True):
            v = s.get(k) if k in ("total", "coins") else breakdown.get(k)
            text(d, (x + cw / 2, cy), "—" if v is None else str(v), 26 if k == "total" else 22, INK,
                 bold=k == "total", anchor="mm")
            x += cw
