"""The panels under the Valdora map painted on a `Canvas`: whose turn it is with the bank, the bonus cards and the
discard; the four books with their open pages; the masters and workshops; the key to the player rows."""

from __future__ import annotations

from typing import Any

from render.common import INK, MUTED, PANEL_EDGE, PAPER, WHITE, WIN, coin, contrast, text, width
from render.valdora.canvas import Canvas
from render.valdora.layout import (
    ACTIONS,
    DARK,
    EMPTY_SLOT,
    EQUIP_RIBBON,
    HL_RING,
    KEY_H,
    LAST_ROUND,
    OVER,
    PHASES,
    STRIP_BG,
    TABLE_H,
    TOOL_NAMES,
    WIDTH,
    Box,
    Layout,
    as_dict,
    as_int,
    books_of,
    client_rgb,
    gem_counts,
    gem_rgb,
    gem_target,
    highlighted,
    names_of,
    page_boxes,
    page_target,
    tile_width,
    wants_width,
)
from render.valdora.pieces import (
    book_icon,
    chip,
    contract_chip,
    contract_wants,
    equipment_pill,
    equipment_tile,
    pawn,
    sack,
)


def paint_panels(d: Canvas, view: dict, lay: Layout) -> None:
    """The paper under the map, the block edges, the books' strip with their titles, the captions of the
    masters' table and the key: everything of the panels that never changes in a game."""
    d.rectangle((0, lay.status_y, WIDTH, lay.height), fill=PAPER)
    for y in (lay.status_y, lay.books_y, lay.table_y, lay.players_y):
        d.line([(0, y), (WIDTH, y)], fill=PANEL_EDGE, width=3)
    d.rectangle((0, lay.books_y + 2, WIDTH, lay.table_y - 2), fill=STRIP_BG)
    paint_book_titles(d, view, lay)
    ty = lay.table_y
    text(d, (12, ty + 23), "мастера", 22, INK, bold=True, anchor="lm")
    text(d, (12, ty + 55), "мастерские", 20, INK, bold=True, anchor="lm")
    text(d, (12, ty + 74), "нужно → очки", 15, MUTED, anchor="lm")
    d.line([(0, lay.table_y + TABLE_H), (WIDTH, lay.table_y + TABLE_H)], fill=PANEL_EDGE, width=2)
    paint_key(d, lay.table_y + TABLE_H + KEY_H / 2)


def paint_key(d: Canvas, cy: float) -> None:
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



def paint_book_titles(d: Canvas, view: dict, lay: Layout) -> None:
    books = books_of(view)
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



def paint_status(d: Canvas, view: dict, lay: Layout) -> None:
    """Whose turn and the step, the round; then bank, bonus cards left, discard and the ring legend."""
    y1, y2 = lay.status_y + 22, lay.status_y + 58
    names = names_of(view)
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
            pawn(d, x + 17, y1 + 1, seat, 44, view)
            x += 42
        turn = as_dict(view.get("turn"))
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
        for g, n in counts:  # each colour a place to tap: mining in a harbour takes from the discard
            chip(d, x + 16, y2, 16, gem_rgb(g), str(n))
            d.hit(gem_target("discard", g), (x, y2 - 16, x + 32, y2 + 16), True)
            x += 34
    else:
        x += text(d, (x, y2), "пусто", 22, MUTED, anchor="lm")
    _legend(d, highlighted(view), x + 16, y2)


def _legend(d: Canvas, marked: dict[str, dict], left: float, cy: float) -> None:
    """What the marks on the map mean, right-aligned, as many items as fit right of `left`: the ring,
    the sack (provisions spent on the way), the coin (paid to the pawns met there)."""
    if not marked:
        return
    items = [("ring", "можно пойти")]
    if any(c.get("provisions") for c in marked.values()):
        items.append(("sack", "провиант"))
    if any(as_int(c.get("pay")) for c in marked.values()):
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


def paint_books(d: Canvas, view: dict, lay: Layout) -> None:
    """The two open pages of every book, each a place to tap (to buy what it shows)."""
    for book, side, box in page_boxes(view, lay):
        _page(d, box, book.get(side))
        d.hit(page_target(book.get("town", "?"), side), box)


def _page(d: Canvas, box: Box, face: Any) -> None:
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


def paint_table(d: Canvas, view: dict, lay: Layout) -> None:
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
            pawn(d, cx - 20, wy, owner, 32, view)
            text(d, (cx - 2, wy), str(w.get("points", "?")), 22, MUTED, bold=True, anchor="lm")
        else:
            text(d, (cx, wy), f"{w.get('need', '?')}→{w.get('points', '?')}", 22, INK, bold=True, anchor="mm",
                 max_width=cw - 4, min_size=14)
