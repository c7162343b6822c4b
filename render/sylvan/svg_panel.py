"""The panel under the SVG board, laid out for a phone (texts of 18..40 units: 9..20 px at 390 px wide):
whose turn and what she chooses, the face-up cards, the players with their fame, sets and items, the seat's
own hand and stacks, the first round's scoring while the second has not begun, and at the end the final table
and who won each region. It says what the PNG's panel says (`texts`, `stock_line`, `set_progress`,
`region_winners`, the final columns), in larger type and fewer columns.

Tappable (`data-target`): the face-up cards «open:1».. «open:3»; in a seat's own view each kind of card in
the hand «card:грибной-топор» (one place for every card of that kind: they are one and the same move), each
item it holds «item:топор» and each set of 3 cards it has together «set:мост».
"""

from __future__ import annotations

from render.common import HIGHLIGHT, HIGHLIGHT_SOFT, INK, MUTED, PANEL_EDGE, WHITE, WIN, clean, width
from render.sylvan.access import (
    as_dicts,
    as_int,
    as_list,
    display_name,
    has_secrets,
    is_over,
    marks,
    owner_rgb,
    players_of,
    region_winners,
    round_end_result,
    round_order,
    seat_names,
    seat_values,
    set_progress,
    stock_line,
    style_of,
)
from render.sylvan.geometry import WIDTH
from render.sylvan.layout import FINAL_COLUMNS
from render.sylvan.palette import OUTLINE, PRIVATE_BG, SET_SIZE, STYLE_NAMES, SYMBOL_NAMES, SYMBOLS, region_tint
from render.sylvan.svg_parts import chip, el, glyph, hit, icon, label, rect
from render.sylvan.texts import round_line, turn_card, turn_hint, turn_line, winners_line

PAD = 10
LINE = 42  # a line of the header
CARD_H = 112  # a face-up card
ROW_H = 104  # a player's row
NAME_X = 72  # right of the colour chip
FAME_X = 440  # the centre of the fame column
NAME_W = FAME_X - 30 - NAME_X  # the name, beside the fame
SETS_W = 78  # one column per symbol: the cards towards its set above, the items held below
SETS_X = WIDTH - PAD - 4 - len(SYMBOLS) * SETS_W
STOCK_W = SETS_X - 8 - NAME_X  # «жилищ 8+8 · флагов 16 · карт 4» under the name and the fame
HAND_COLUMNS, HAND_H = 3, 84
USE_COLUMNS, USE_H = 3, 60  # the seat's items and sets ready to use
FINAL_ROW = 64
SOFT = (200, 200, 215)  # secondary text on the dark strip of the seat's secrets


def header(view: dict, y: float) -> tuple[str, float]:
    """Whose turn and what is chosen, the card of the turn, the hint, the round; or who won. (markup, height)"""
    x = PAD + 4
    if is_over(view):
        out = label(x, y + 30, "Партия окончена", 34, INK, bold=True)
        winners = winners_line(view)
        if winners:
            out += label(x, y + 74, winners, 28, WIN, bold=True, room=WIDTH - 2 * x)
        return out, 104
    seat = as_int(view.get("current"))
    if seat is None:
        out = label(x, y + 30, "Ждём хода", 30, INK, bold=True)
    else:
        out = chip(x, y + 30, owner_rgb(view, seat), marks(view).get(seat, "?"))
        line, room = turn_line(view, seat), WIDTH - x - 54 - PAD
        size = 30 if width(line, 30, True) <= room else 25  # a long name: smaller before it is cut
        out += label(x + 54, y + 30, line, size, INK, bold=True, room=room)
    h = LINE + 16
    card = turn_card(view)
    if card is not None:
        style = style_of(card.get("style"))
        out += label(x, y + h + 8, "карта хода:", 24, INK)
        gx = x + width("карта хода:", 24) * 1.15 + 10  # room for a phone's font a little wider than ours
        out += glyph(style, gx, y + h - 8, 32)
        out += label(gx + 40, y + h + 8, STYLE_NAMES.get(style or "", "?"), 24, INK, bold=True)
        h += LINE
    if seat is not None:
        out += label(x, y + h + 8, turn_hint(view), 24, INK, room=WIDTH - 2 * x)
        h += LINE
    out += label(x, y + h + 8, round_line(view), 22, MUTED, room=WIDTH - 2 * x)
    return out, h + LINE


def _face_card(x: float, y: float, w: float, card: object, number: int) -> str:
    """A face-up card: its number, style glyph and name, and each symbol with its name on a line of its own."""
    box = (x, y, x + w, y + CARD_H)
    if not isinstance(card, dict):
        return (rect(box, None, MUTED, 2, radius=10, stroke_dasharray="8 6")
                + label(x + w / 2, y + CARD_H / 2, f"{number}: пусто", 24, MUTED, anchor="middle"))
    style = style_of(card.get("style"))
    out = rect(box, WHITE, OUTLINE, 2, radius=10)
    out += el("circle", cx=x + 20, cy=y + 22, r=15, fill=INK) + label(x + 20, y + 23, str(number), 20, WHITE,
                                                                     bold=True, anchor="middle")
    out += glyph(style, x + 40, y + 6, 34, plate=False)
    name = STYLE_NAMES.get(style or "", clean(str(card.get("style_name", "?"))))
    out += label(x + 78, y + 23, name, 22, INK, bold=True, room=w - 82)
    symbols = [s for s in as_list(card.get("symbols")) if s in SYMBOLS][:2]
    lines = (y + 80,) if len(symbols) == 1 else (y + 62, y + 94)
    for sym, cy in zip(symbols, lines, strict=False):
        out += icon(sym, x + 10, cy - 14, 28) + label(x + 44, cy, SYMBOL_NAMES[sym], 24, INK, room=w - 50)
    return out


def face_up(view: dict, y: float) -> tuple[str, float]:
    """The 3 face-up cards across the width under their caption, each tappable as «open:N»."""
    out = label(PAD + 4, y + 16, "открытые карты", 22, MUTED, bold=True)
    out += label(WIDTH - PAD - 4, y + 16, "корона: высота, цвет — у кого преимущество", 20, MUTED,
                 anchor="end")
    cards = as_list(view.get("face_up"))[:3] or [None, None, None]
    w = (WIDTH - 2 * PAD - 2 * 10) / 3
    for i, card in enumerate(cards):
        x = PAD + i * (w + 10)
        out += _face_card(x, y + 34, w, card, i + 1) + hit((x, y + 34, x + w, y + 34 + CARD_H), f"open:{i + 1}")
    return out, 34 + CARD_H + 12


def _progress(x: float, cy: float, symbol: str, single: int, double: int) -> str:
    """The cards with `symbol` towards a set of 3: full pips for one-symbol cards, half pips for two-symbol ones."""
    ready = single + double >= SET_SIZE
    out = icon(symbol, x, cy - 13, 26, faded=single + double == 0)
    ink = WIN if ready else INK
    for i in range(SET_SIZE):
        px = x + 36 + i * 15
        if i < single:
            out += el("circle", cx=px, cy=cy, r=6.5, fill=ink, stroke=ink)
        elif i < single + double:
            out += el("circle", cx=px, cy=cy, r=6.5, fill=WHITE, stroke=ink)
            out += el("path", d=f"M{px},{cy - 6.5} A6.5,6.5 0 0 0 {px},{cy + 6.5} Z", fill=ink)
        else:
            out += el("circle", cx=px, cy=cy, r=6.5, fill=WHITE, stroke=(160, 150, 140))
    extra = single + double - SET_SIZE
    if extra > 0:  # under the pips, clear of the next column: cards beyond a set
        out += label(x + SETS_W - 4, cy + 36, f"+{extra}", 18, WIN, bold=True, anchor="end")
    return out


def players(view: dict, y: float) -> tuple[str, float]:
    """The column names and a row per player: chip, name, what is left, fame, sets and items."""
    out = label(NAME_X, y + 15, "игроки", 20, MUTED, bold=True) + label(FAME_X, y + 15, "слава", 20, MUTED,
                                                                         bold=True, anchor="middle")
    out += label(SETS_X + 10, y + 15, "к наборам · предметы", 20, MUTED)
    y += 32
    current, own = as_int(view.get("current")), as_int(view.get("seat"))
    chips = marks(view)
    for p in players_of(view):
        seat = as_int(p.get("seat"))
        box = (PAD, y, WIDTH - PAD, y + ROW_H - 8)
        if seat is not None and seat == current:
            out += rect(box, HIGHLIGHT_SOFT, HIGHLIGHT, 4, radius=10)
        else:
            out += rect(box, WHITE, PANEL_EDGE, 2, radius=10)
        top, bottom = y + 28, y + 68
        out += chip(PAD + 10, y + (ROW_H - 8) / 2, owner_rgb(view, seat), chips.get(seat, "?") if seat is not None
                    else "?", 46, 40, 22)
        name = display_name(p) + (" (вы)" if seat is not None and seat == own else "")
        out += label(NAME_X, top, name, 28, INK, bold=True, room=NAME_W)
        out += label(NAME_X, bottom, stock_line(view, p), 20, MUTED, room=STOCK_W)
        out += label(FAME_X, top + 2, str(as_int(p.get("fame"), 0)), 36, INK, bold=True, anchor="middle")
        items = p.get("items") if isinstance(p.get("items"), dict) else {}
        single, double = set_progress(p)
        for i, sym in enumerate(SYMBOLS):
            x = SETS_X + i * SETS_W
            out += _progress(x, top, sym, single[sym], double[sym])
            held = as_int(items.get(sym), 0) or 0
            if held > 0:
                out += icon(sym, x, bottom - 11, 22) + label(x + 25, bottom, f"×{held}", 22, INK, bold=True)
        y += ROW_H
    return out, 32 + len(players_of(view)) * ROW_H


def _hand_card(x: float, y: float, w: float, card: dict, count: int) -> str:
    style = style_of(card.get("style"))
    out = rect((x, y, x + w, y + HAND_H), WHITE, PANEL_EDGE, 2, radius=8)
    out += glyph(style, x + 6, y + 6, 34, plate=False)
    out += label(x + 46, y + 22, STYLE_NAMES.get(style or "", "?"), 22, INK, bold=True,
                 room=w - 52 - (36 if count > 1 else 0))
    if count > 1:
        out += label(x + w - 8, y + 22, f"×{count}", 22, INK, bold=True, anchor="end")
    symbols = [s for s in as_list(card.get("symbols")) if s in SYMBOLS][:2]
    sx = x + 8
    for sym in symbols:
        out += icon(sym, sx, y + 46, 28)
        sx += 32
    words = " / ".join(SYMBOL_NAMES[s] for s in symbols)
    return out + label(sx + 2, y + 60, words, 20, MUTED, room=x + w - sx - 8)


def uses(view: dict) -> list[tuple[str, str, str, str]]:
    """What the seat may turn to account besides its hand, as (target, symbol, caption, name): each item it
    holds («item:топор», «предмет ×2») and each set of 3 cards it has together («set:мост», «набор»)."""
    seat = as_int(view.get("seat"))
    me = next((p for p in players_of(view) if as_int(p.get("seat")) == seat), {})
    items = me.get("items") if isinstance(me.get("items"), dict) else {}
    single, double = set_progress(me)
    out = []
    for sym in SYMBOLS:
        held = as_int(items.get(sym), 0) or 0
        if held > 0:
            out.append((f"item:{SYMBOL_NAMES[sym]}", sym, f"предмет ×{held}", SYMBOL_NAMES[sym]))
    for sym in SYMBOLS:
        if single[sym] + double[sym] >= SET_SIZE:
            out.append((f"set:{SYMBOL_NAMES[sym]}", sym, "набор", SYMBOL_NAMES[sym]))
    return out


def _use_tile(x: float, y: float, w: float, symbol: str, caption: str, name: str) -> str:
    return (rect((x, y, x + w, y + USE_H), (246, 242, 255), PANEL_EDGE, 2, radius=8) + icon(symbol, x + 8, y + 12, 36)
            + label(x + 52, y + 19, caption, 18, MUTED, room=w - 58)
            + label(x + 52, y + 42, name, 22, INK, bold=True, room=w - 58))


def secrets(view: dict, y: float) -> tuple[str, float]:
    """The seat's own hand (each kind of card once, with how many), its items and sets ready to use, and its
    stacks, on a dark strip."""
    name = seat_names(view).get(as_int(view.get("seat")), "")
    tiles = uses(view)
    tile_rows = -(-len(tiles) // USE_COLUMNS)
    hand: dict[str, list[dict]] = {}
    for card in as_dicts(view.get("hand")):
        hand.setdefault(str(card.get("key", len(hand))), []).append(card)
    w = (WIDTH - 2 * PAD - 20 - (HAND_COLUMNS - 1) * 8) / HAND_COLUMNS
    rows = max(1, -(-len(hand) // HAND_COLUMNS))
    stacks = [[style_of(s) for s in as_list(st)] for st in as_list(view.get("stacks"))[:2]]
    rnd = as_int(view.get("round"), 1) or 1
    shown = [(j, st) for j, st in enumerate(stacks) if not (rnd == 2 and j == 0)]
    h = 44 + rows * (HAND_H + 8) + tile_rows * (USE_H + 8) + len(shown) * 44 + 10
    out = rect((PAD, y, WIDTH - PAD, y + h), PRIVATE_BG, radius=10)
    out += label(PAD + 12, y + 22, "только вам", 22, (255, 220, 120), bold=True)
    out += label(PAD + 172, y + 22, f"{name} · рука:", 22, WHITE, bold=True, room=WIDTH - 2 * PAD - 184)
    if not hand:
        out += label(PAD + 12, y + 44 + HAND_H / 2, "пусто", 22, SOFT)
    for i, (key, cards) in enumerate(hand.items()):
        x = PAD + 10 + (i % HAND_COLUMNS) * (w + 8)
        cy = y + 44 + (i // HAND_COLUMNS) * (HAND_H + 8)
        out += _hand_card(x, cy, w, cards[0], len(cards)) + hit((x, cy, x + w, cy + HAND_H), f"card:{key}")
    ty = y + 44 + rows * (HAND_H + 8)
    tw = (WIDTH - 2 * PAD - 20 - (USE_COLUMNS - 1) * 8) / USE_COLUMNS
    for i, (target, symbol, caption, word) in enumerate(tiles):
        x = PAD + 10 + (i % USE_COLUMNS) * (tw + 8)
        cy = ty + (i // USE_COLUMNS) * (USE_H + 8)
        out += _use_tile(x, cy, tw, symbol, caption, word) + hit((x, cy, x + tw, cy + USE_H), target)
    sy = ty + tile_rows * (USE_H + 8) + 22
    for j, st in shown:
        x = PAD + 12
        caption = ("стопка" if j == rnd - 1 else "2-я стопка") + f" ({len(st)}):"
        out += label(x, sy, caption, 22, WHITE)
        x += 190
        for style in st[:8]:
            out += glyph(style, x, sy - 14, 28)
            x += 32
        if not st:
            out += label(x, sy, "пусто", 22, SOFT)
        if j == shown[0][0] and st:
            out += label(WIDTH - PAD - 12, sy, "← сверху", 20, SOFT, anchor="end")
        sy += 44
    return out, h + 8


def final_table(view: dict, y: float) -> tuple[str, float]:
    """The final scores: fame by kind and the total, the winners starred and green, the best on top."""
    scores = [s for s in as_dicts(view.get("scores")) if as_int(s.get("seat")) is not None]
    names, chips = seat_names(view), marks(view)
    winners = {as_int(s) for s in as_list(view.get("winners"))}
    name_w, total_w = 214, 96
    cw = (WIDTH - 2 * PAD - name_w - total_w) / len(FINAL_COLUMNS)
    xs = [PAD + name_w + (i + 0.5) * cw for i in range(len(FINAL_COLUMNS))]
    tx = WIDTH - PAD - total_w / 2
    out = "".join(label(x, y + 16, heading, 18, MUTED, bold=True, anchor="middle", room=cw - 4)
                  for x, (_, heading) in zip(xs, FINAL_COLUMNS, strict=True))
    out += label(tx, y + 16, "итого", 18, MUTED, bold=True, anchor="middle")
    ry = y + 34
    for s in sorted(scores, key=lambda s: -(as_int(s.get("total"), 0) or 0)):
        seat = as_int(s.get("seat"))
        win = seat in winners
        box = (PAD, ry, WIDTH - PAD, ry + FINAL_ROW - 6)
        out += rect(box, (214, 240, 210), WIN, 3, radius=10) if win else rect(box, WHITE, PANEL_EDGE, 2, radius=10)
        cy = ry + (FINAL_ROW - 6) / 2
        out += chip(PAD + 8, cy, owner_rgb(view, seat), chips.get(seat, "?"))
        name = names.get(seat) or clean(str(s.get("name", ""))) or "?"
        out += label(PAD + 60, cy, ("★ " if win else "") + name, 24, INK, bold=True, room=name_w - 64)
        breakdown = s.get("breakdown") if isinstance(s.get("breakdown"), dict) else {}
        for x, (key, _) in zip(xs, FINAL_COLUMNS, strict=True):
            value = as_int(breakdown.get(key))
            out += label(x, cy, "—" if value is None else str(value), 24, INK, anchor="middle")
        total = as_int(s.get("total"))
        out += label(tx, cy, "—" if total is None else str(total), 32, INK, bold=True, anchor="middle")
        ry += FINAL_ROW
    return out, 34 + len(scores) * FINAL_ROW + 8


def _regions(view: dict, result: dict, y: float) -> tuple[str, float]:
    """Each region in play, two to a line: its tint and name, the chips of whoever won it that round."""
    chips, out = marks(view), ""
    w = (WIDTH - 2 * PAD) / 2
    won = region_winners(view, result)
    for i, (r, seats) in enumerate(won):
        x, ry = PAD + (i % 2) * w, y + (i // 2) * 46
        rid = str(r.get("id", i))
        out += rect((x + 2, ry + 3, x + w - 2, ry + 43), region_tint(rid, i), PANEL_EDGE, 1, radius=8)
        out += label(x + 12, ry + 23, clean(str(r.get("name", rid))), 22, INK, room=w - 24 - len(seats) * 38)
        for j, seat in enumerate(seats):
            out += chip(x + w - 10 - (len(seats) - j) * 38, ry + 23, owner_rgb(view, seat), chips.get(seat, "?"),
                        34, 30, 18)
    return out, -(-len(won) // 2) * 46 + 6


def round_scores(view: dict, y: float) -> tuple[str, float]:
    """While round 2 has not begun: the first round's fame per player (trees, regions, the round, so far)
    and who won each region; at the end, who won each region in the last round."""
    over = is_over(view)
    results = as_dicts(view.get("round_results"))
    result = (results[-1] if results else None) if over else round_end_result(view)
    if result is None:
        return "", 0
    rnd = as_int(result.get("round"), 1)
    if over:
        out = label(PAD + 4, y + 18, f"Превосходство в областях, {rnd}-й раунд:", 22, MUTED)
        markup, h = _regions(view, result, y + 36)
        return out + markup, 36 + h
    out = label(PAD + 4, y + 20, f"Итоги {rnd}-го раунда", 26, INK, bold=True)
    columns = (("деревья", 440), ("области", 540), ("за раунд", 640), ("всего", 736))
    out += "".join(label(x, y + 56, heading, 18, MUTED, bold=True, anchor="middle") for heading, x in columns)
    trees, regions = seat_values(result, "trees"), seat_values(result, "regions")
    fame = {as_int(p.get("seat")): as_int(p.get("fame"), 0) or 0 for p in players_of(view)}
    names, chips = seat_names(view), marks(view)
    ry = y + 76
    for seat in round_order(view, result):
        cy = ry + 20
        out += chip(PAD + 4, cy, owner_rgb(view, seat), chips.get(seat, "?"), 40, 32, 20)
        out += label(PAD + 54, cy, names[seat], 24, INK, bold=True, room=columns[0][1] - 50 - PAD - 54)
        t, r = trees.get(seat, 0), regions.get(seat, 0)
        for (_, x), value in zip(columns, (f"+{t}", f"+{r}", f"+{t + r}", str(fame.get(seat, 0))), strict=True):
            out += label(x, cy, value, 24, INK, bold=x == columns[-1][1], anchor="middle")
        ry += 44
    markup, h = _regions(view, result, ry + 4)
    return out + markup, ry + 4 + h - y + 6


def panel_part(view: dict, y: float) -> tuple[str, float]:
    """The whole panel from y down: (markup, height)."""
    parts = [header]
    parts += [final_table, round_scores] if is_over(view) else [round_scores, face_up, players]
    if has_secrets(view):
        parts.append(secrets)
    out, top = [], y
    for part in parts:
        markup, h = part(view, y)
        out.append(markup)
        y += h
    return "".join(out), y - top
