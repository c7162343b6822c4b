"""The panel under the board in Pillow: header, face-up cards, the players, the seat's secrets, the tables."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from render.common import (
    HIGHLIGHT,
    HIGHLIGHT_SOFT,
    INK,
    MUTED,
    PANEL_EDGE,
    RGB,
    WHITE,
    WIN,
    clean,
    contrast,
    text,
    width,
)
from render.sylvan.access import (
    as_dicts,
    as_int,
    as_list,
    display_name,
    is_over,
    marks,
    owner_rgb,
    players_of,
    region_winners,
    round_order,
    seat_names,
    seat_values,
    set_progress,
    stock_line,
    style_of,
)
from render.sylvan.geometry import WIDTH
from render.sylvan.layout import (
    CARDS_H,
    FAME_X,
    FINAL_COLUMNS,
    FINAL_HEAD,
    NAME_W,
    NAME_X,
    PAD,
    PANEL_FONT,
    PLAYERS_HEAD,
    PRIVATE_H,
    REGIONS_H,
    ROUND_HEAD,
    ROUND_ROW,
    SETS_W,
    SETS_X,
)
from render.sylvan.palette import (
    OUTLINE,
    OWNER_RGB,
    PRIVATE_BG,
    SET_SIZE,
    STYLE_NAMES,
    SYMBOL_NAMES,
    SYMBOLS,
    region_tint,
)
from render.sylvan.sprites import crown_sprite, glyph_sprite, icon_sprite, paste
from render.sylvan.texts import round_line, turn_card, turn_hint, turn_line, winners_line


def draw_chip(d: ImageDraw.ImageDraw, x: float, cy: float, colour: RGB, label: str, w: int = 38, h: int = 28) -> float:
    """A player's colour as a little tile with the seat's mark (one or two letters); returns the x after it."""
    d.rounded_rectangle((x, cy - h / 2, x + w, cy + h / 2), radius=6, fill=colour, outline=OUTLINE, width=2)
    if label:
        text(d, (x + w / 2, cy + 1), label, 19, contrast(colour), bold=True, anchor="mm", max_width=w - 6,
             min_size=15)
    return x + w


def _card(im: Image.Image, d: ImageDraw.ImageDraw, box: tuple[float, float, float, float], card: Any,
          dark: bool = False) -> None:
    """A card: its style glyph, style name and symbol icons; an empty dashed place when there is none."""
    x0, y0, x1, y1 = box
    h = y1 - y0
    if not isinstance(card, dict):
        d.rounded_rectangle(box, radius=8, outline=MUTED, width=1)
        text(d, ((x0 + x1) / 2, (y0 + y1) / 2), "пусто", PANEL_FONT, MUTED, anchor="mm")
        return
    style = style_of(card.get("style"))
    d.rounded_rectangle(box, radius=8, fill=WHITE, outline=OUTLINE if not dark else PANEL_EDGE, width=2)
    g = round(min(h - 8, 40))
    paste(im, glyph_sprite(style, g, False), x0 + 5, y0 + (h - g) / 2)
    name = STYLE_NAMES.get(style or "", clean(str(card.get("style_name", "?"))))
    tx = x0 + g + 10
    symbols = [s for s in as_list(card.get("symbols")) if s in SYMBOLS][:2]
    if h >= 40:
        text(d, (tx, y0 + 4), name, 16, INK, bold=True, anchor="la", max_width=x1 - tx - 4, min_size=11)
        s = round(min(22, h - 26))
        for i, sym in enumerate(symbols):
            paste(im, icon_sprite(sym, s), tx + i * (s + 3), y1 - s - 4)
        sx = tx + len(symbols) * (s + 3) + 3
        label = " / ".join(SYMBOL_NAMES[x] for x in symbols)
        text(d, (sx, y1 - s / 2 - 4), label, 14, MUTED, anchor="lm", max_width=x1 - sx - 4, min_size=10)
    else:
        s = round(h - 8)
        for i, sym in enumerate(symbols):
            paste(im, icon_sprite(sym, s), tx + i * (s + 3), y0 + 4)
        sx = tx + len(symbols) * (s + 3) + 2
        if width(name, PANEL_FONT - 2) <= x1 - sx - 4:  # else the glyph alone says the style
            text(d, (sx, (y0 + y1) / 2), name, PANEL_FONT, INK, anchor="lm", max_width=x1 - sx - 4,
                 min_size=PANEL_FONT - 2)


def draw_header(im: Image.Image, d: ImageDraw.ImageDraw, view: dict, y0: float) -> None:
    right = WIDTH - PAD - 4
    x = PAD + 4
    if is_over(view):
        text(d, (x, y0 + 22), "Партия окончена", 27, INK, bold=True, anchor="lm")
        label = winners_line(view)
        if label:
            text(d, (x, y0 + 50), label, 21, WIN, bold=True, anchor="lm", max_width=WIDTH - 2 * PAD - 8,
                 min_size=14)
        return
    text(d, (x, y0 + 77), round_line(view), PANEL_FONT, MUTED, anchor="lm", max_width=right - x,
         min_size=PANEL_FONT - 1)
    seat = as_int(view.get("current"))
    if seat is None:
        text(d, (x, y0 + 22), "Ждём хода", 26, INK, bold=True, anchor="lm", max_width=right - x)
        return
    x = draw_chip(d, x, y0 + 22, owner_rgb(view, seat), marks(view).get(seat, "?")) + 8
    text(d, (x, y0 + 22), turn_line(view, seat), 25, INK, bold=True, anchor="lm", max_width=right - x, min_size=17)
    sx = PAD + 4
    card = turn_card(view)
    if card is not None:
        sx += text(d, (sx, y0 + 50), "карта хода:", 18, INK, anchor="lm") + 6
        style = style_of(card.get("style"))
        paste(im, glyph_sprite(style, 24), sx, y0 + 38)
        sx += 28
        sx += text(d, (sx, y0 + 50), STYLE_NAMES.get(style or "", "?"), 18, INK, bold=True, anchor="lm") + 12
    text(d, (sx, y0 + 50), turn_hint(view), 18, INK, anchor="lm", max_width=max(10, right - sx),
         min_size=PANEL_FONT - 1)


def _face_card(im: Image.Image, d: ImageDraw.ImageDraw, box: tuple[float, float, float, float], card: Any,
               number: int) -> None:
    """A face-up card, big enough for a phone: its number (for /take), its style glyph, the style's name and,
    below it, every symbol with its name in full; a dashed empty place when there is none."""
    x0, y0, x1, y1 = box
    h = y1 - y0
    if not isinstance(card, dict):
        d.rounded_rectangle(box, radius=9, outline=MUTED, width=2)
        text(d, ((x0 + x1) / 2, (y0 + y1) / 2), f"{number}: пусто", 20, MUTED, anchor="mm")
        return
    d.rounded_rectangle(box, radius=9, fill=WHITE, outline=OUTLINE, width=2)
    d.ellipse((x0 + 5, y0 + 5, x0 + 27, y0 + 27), fill=INK)
    text(d, (x0 + 16, y0 + 16), str(number), 16, WHITE, bold=True, anchor="mm")
    style = style_of(card.get("style"))
    paste(im, glyph_sprite(style, 28, False), x0 + 32, y0 + 2)
    name = STYLE_NAMES.get(style or "", clean(str(card.get("style_name", "?"))))
    text(d, (x0 + 66, y0 + 16), name, 22, INK, bold=True, anchor="lm", max_width=x1 - x0 - 72, min_size=14)
    symbols = [s for s in as_list(card.get("symbols")) if s in SYMBOLS][:2]
    sy = y0 + h * 0.73
    s = 24
    sx = x0 + 6
    for i, sym in enumerate(symbols):
        if i:
            sx += text(d, (sx, sy), "+", 19, MUTED, bold=True, anchor="lm") + 3
        paste(im, icon_sprite(sym, s), sx, sy - s / 2)
        sx += s + 2
        sx += text(d, (sx, sy), SYMBOL_NAMES[sym], 19, INK, anchor="lm", max_width=x1 - sx - 4,
                   min_size=PANEL_FONT - 1) + 4


def draw_cards_row(im: Image.Image, d: ImageDraw.ImageDraw, view: dict, y0: float) -> None:
    """The 3 face-up cards across the whole width, under a caption with the legend of the crowns."""
    x = PAD + 4
    text(d, (x, y0 + 13), "открытые карты", 17, MUTED, bold=True, anchor="lm")
    lx = WIDTH - PAD - 4
    lx -= text(d, (lx, y0 + 13), "высота дерева, цвет — у кого преимущество", PANEL_FONT, MUTED, anchor="rm") + 4
    paste(im, crown_sprite(4, OWNER_RGB["blue"]).resize((28, 23), Image.LANCZOS), lx - 28, y0 + 1)
    cards = as_list(view.get("face_up"))[:3] or [None, None, None]
    cw = (WIDTH - 2 * PAD - 8 - 2 * 8) / 3
    for i, card in enumerate(cards):
        cx = x + i * (cw + 8)
        _face_card(im, d, (cx, y0 + 26, cx + cw, y0 + CARDS_H - 4), card, i + 1)


def _progress(im: Image.Image, d: ImageDraw.ImageDraw, x: float, cy: float, symbol: str, single: int, double: int
              ) -> float:
    """Played cards with `symbol` towards a set of 3: full pips for cards with this symbol only, half
    pips for two-symbol cards (they count for either set); returns the x after it."""
    s = 20
    ready = single + double >= SET_SIZE
    paste(im, icon_sprite(symbol, s, faded=single + double == 0), x, cy - s / 2)
    x += s + 3
    r = 5.5
    for i in range(SET_SIZE):
        px = x + r + i * (2 * r + 2)
        box = (px - r, cy - r, px + r, cy + r)
        edge = WIN if ready else OUTLINE
        if i < single:
            d.ellipse(box, fill=WIN if ready else INK, outline=edge, width=1)
        elif i < single + double:
            d.ellipse(box, fill=WHITE, outline=edge, width=1)
            d.pieslice(box, 90, 270, fill=WIN if ready else INK)
        else:
            d.ellipse(box, fill=WHITE, outline=(160, 150, 140), width=1)
    x += SET_SIZE * (2 * r + 2)
    extra = single + double - SET_SIZE
    if extra > 0:
        x += text(d, (x + 1, cy), f"+{extra}", PANEL_FONT, WIN, bold=True, anchor="lm") + 1
    return x


# the players' table: its columns (x of their left edges, 800 px wide) and the line naming them


def draw_players_head(d: ImageDraw.ImageDraw, y0: float) -> None:
    """The names of the players' table's columns, over the rows."""
    cy = y0 + PLAYERS_HEAD / 2 + 1
    text(d, (NAME_X, cy), "игроки", PANEL_FONT, MUTED, bold=True, anchor="lm")
    text(d, (FAME_X, cy), "слава", PANEL_FONT, MUTED, bold=True, anchor="mm")
    text(d, (SETS_X, cy), "● карты к набору из 3 · ×N — предметы", PANEL_FONT, MUTED, anchor="lm",
         max_width=WIDTH - PAD - 4 - SETS_X, min_size=15)


def draw_player_row(im: Image.Image, d: ImageDraw.ImageDraw, view: dict, p: dict, y0: float, h: float) -> None:
    """One player: chip, name and what is left; fame; per symbol the played cards towards a set of 3 and
    the items of it held."""
    seat = as_int(p.get("seat"))
    current = seat is not None and seat == as_int(view.get("current"))
    box = (PAD, y0, WIDTH - PAD, y0 + h - 4)
    if current:
        d.rounded_rectangle(box, radius=10, fill=HIGHLIGHT_SOFT, outline=HIGHLIGHT, width=4)
    else:
        d.rounded_rectangle(box, radius=10, fill=WHITE, outline=PANEL_EDGE, width=2)
    inner = h - 4
    top, bottom = y0 + inner * 0.3, y0 + inner * 0.72
    name = display_name(p)
    chip = min(36, inner - 8)
    draw_chip(d, PAD + 8, y0 + inner / 2, owner_rgb(view, seat), marks(view).get(seat, "?") if seat is not None
          else "?", 36, chip)
    if seat is not None and seat == as_int(view.get("seat")):
        name += " (вы)"
    text(d, (NAME_X, top), name, 20, INK, bold=True, anchor="lm", max_width=NAME_W, min_size=PANEL_FONT)
    text(d, (NAME_X, bottom), stock_line(view, p), PANEL_FONT, MUTED, anchor="lm", max_width=NAME_W,
         min_size=PANEL_FONT - 1)
    fame = as_int(p.get("fame"), 0)
    text(d, (FAME_X, y0 + inner / 2 + 1), str(fame), 27, INK, bold=True, anchor="mm")
    items = p.get("items") if isinstance(p.get("items"), dict) else {}
    single, double = set_progress(p)
    for i, sym in enumerate(SYMBOLS):
        x = SETS_X + i * SETS_W
        _progress(im, d, x, top, sym, single[sym], double[sym])
        held = as_int(items.get(sym), 0) or 0
        if held > 0:
            paste(im, icon_sprite(sym, 20), x, bottom - 10)
            text(d, (x + 23, bottom + 1), f"×{held}", PANEL_FONT + 1, INK, bold=True, anchor="lm")


def draw_private(im: Image.Image, d: ImageDraw.ImageDraw, view: dict, y0: float) -> None:
    """The seat's own hand and stacks, on a dark strip that says so."""
    seat = as_int(view.get("seat"))
    names = seat_names(view)
    box = (PAD, y0 + 2, WIDTH - PAD, y0 + PRIVATE_H - 4)
    d.rounded_rectangle(box, radius=10, fill=PRIVATE_BG)
    x = PAD + 10
    top, bottom = y0 + 21, y0 + 52
    soft = (200, 200, 215)
    text(d, (x, top), "только вам", PANEL_FONT, (255, 220, 120), bold=True, anchor="lm", max_width=124,
         min_size=PANEL_FONT - 2)
    text(d, (x, bottom), names.get(seat, "") if seat is not None else "", PANEL_FONT, WHITE, bold=True,
         anchor="lm", max_width=124, min_size=PANEL_FONT - 2)
    x = PAD + 140
    x += text(d, (x, top), "рука:", PANEL_FONT, WHITE, anchor="lm") + 6
    hand = as_list(view.get("hand"))[:6]
    cw = (WIDTH - PAD - 8 - x) / max(4, len(hand))
    for i, card in enumerate(hand):
        cx = x + i * cw
        _card(im, d, (cx, top - 14, cx + cw - 6, top + 14), card, dark=True)
    if not hand:
        text(d, (x, top), "пусто", PANEL_FONT, soft, anchor="lm")
    stacks = [[style_of(s) for s in as_list(st)] for st in as_list(view.get("stacks"))[:2]]
    rnd = as_int(view.get("round"), 1) or 1
    sx = PAD + 140
    for j, st in enumerate(stacks):
        if rnd == 2 and j == 0:
            continue
        label = ("стопка" if j == rnd - 1 else "2-я") + f" ({len(st)}):"
        sx += text(d, (sx, bottom), label, PANEL_FONT, WHITE, anchor="lm") + 6
        for style in st[:8]:
            paste(im, glyph_sprite(style, 20), sx, bottom - 10)
            sx += 22
        if not st:
            sx += text(d, (sx, bottom), "пусто", PANEL_FONT, soft, anchor="lm")
        sx += 14
    if stacks and sx < WIDTH - 98:
        text(d, (WIDTH - PAD - 10, bottom), "← сверху", PANEL_FONT - 1, soft, anchor="rm")


def draw_regions_line(im: Image.Image, d: ImageDraw.ImageDraw, view: dict, result: dict, y0: float) -> None:
    """Each region's tint and name with the colours of whoever won it (two halves on a tie)."""
    won = region_winners(view, result)
    if not won:
        return
    regions = [r for r, _ in won]
    seats_of = [seats for _, seats in won]
    cy = y0 + REGIONS_H / 2
    # each region as wide as its name and dots need, the spare room shared out: no name is cut that could fit
    needs = [width(clean(str(r.get("name", ""))), PANEL_FONT) + 14 + len(seats) * 11 + 4
             for r, seats in zip(regions, seats_of, strict=True)]
    room = WIDTH - 2 * PAD
    spare = (room - sum(needs)) / len(regions)
    widths = [n + spare for n in needs] if spare >= 0 else [n * room / sum(needs) for n in needs]
    x = PAD
    for i, r in enumerate(regions):
        cw = widths[i]
        rid = str(r.get("id", i))
        d.rounded_rectangle((x + 2, y0 + 3, x + cw - 2, y0 + REGIONS_H - 3), radius=7, fill=region_tint(rid, i),
                            outline=PANEL_EDGE, width=1)
        seats = seats_of[i]
        dots = len(seats) * 11 + 4
        text(d, (x + 7, cy), clean(str(r.get("name", rid))), PANEL_FONT, INK, anchor="lm",
             max_width=cw - 14 - dots, min_size=PANEL_FONT - 2)
        for j, s in enumerate(seats):
            dx = x + cw - 8 - (len(seats) - j) * 11 - 1
            d.ellipse((dx, cy - 6, dx + 12, cy + 6), fill=owner_rgb(view, s), outline=OUTLINE, width=1)
        x += cw


def draw_round_table(im: Image.Image, d: ImageDraw.ImageDraw, view: dict, result: dict, y0: float,
                 with_regions: bool) -> None:
    """The scoring of the round just ended: fame for trees and regions per player, the round's sum and the
    fame so far (the rows in that order, the leader on top), then (`with_regions`) who won each region."""
    rnd = as_int(result.get("round"), 1)
    text(d, (PAD + 4, y0 + 17), f"Итоги {rnd}-го раунда", 21, INK, bold=True, anchor="lm")
    cols = (("деревья", 410), ("области", 520), ("за раунд", 630), ("всего", 735))
    for label, x in cols:
        text(d, (x, y0 + 19), label, PANEL_FONT, MUTED, bold=True, anchor="mm")
    trees = seat_values(result, "trees")
    regions = seat_values(result, "regions")
    fame = {s: as_int(p.get("fame"), 0) or 0 for p in players_of(view) if (s := as_int(p.get("seat"))) is not None}
    names = seat_names(view)
    y = y0 + ROUND_HEAD
    for seat in round_order(view, result):
        cy = y + ROUND_ROW / 2
        draw_chip(d, PAD + 8, cy, owner_rgb(view, seat), "", 22, 18)
        text(d, (PAD + 38, cy), names[seat], 18, INK, bold=True, anchor="lm", max_width=cols[0][1] - 50 - PAD - 38,
             min_size=PANEL_FONT)
        t, r = trees.get(seat, 0), regions.get(seat, 0)
        values = (f"+{t}", f"+{r}", f"+{t + r}", str(fame.get(seat, 0)))
        for (_, x), v, bold in zip(cols, values, (False, False, False, True), strict=True):
            text(d, (x, cy), v, 19, INK, bold=bold, anchor="mm")
        y += ROUND_ROW
    if with_regions:
        draw_regions_line(im, d, view, result, y)


def draw_final_table(im: Image.Image, d: ImageDraw.ImageDraw, view: dict, y0: float, row_h: float) -> None:
    scores = [s for s in as_dicts(view.get("scores")) if as_int(s.get("seat")) is not None]
    names = seat_names(view)
    winners = {as_int(s) for s in as_list(view.get("winners"))}
    name_w, total_w = 250, 90
    cw = (WIDTH - 2 * PAD - name_w - total_w) / len(FINAL_COLUMNS)
    xs = [PAD + name_w + (i + 0.5) * cw for i in range(len(FINAL_COLUMNS))]
    tx = WIDTH - PAD - total_w / 2
    for x, (_, label) in zip(xs, FINAL_COLUMNS, strict=True):
        text(d, (x, y0 + FINAL_HEAD / 2), label, PANEL_FONT, MUTED, bold=True, anchor="mm", max_width=cw - 4,
             min_size=PANEL_FONT - 2)
    text(d, (tx, y0 + FINAL_HEAD / 2), "итого", PANEL_FONT, MUTED, bold=True, anchor="mm")
    ranked = sorted(scores, key=lambda s: -(as_int(s.get("total"), 0) or 0))
    for j, s in enumerate(ranked):
        seat = as_int(s.get("seat"))
        ry = y0 + FINAL_HEAD + j * row_h
        box = (PAD, ry, WIDTH - PAD, ry + row_h - 4)
        win = seat in winners
        if win:
            d.rounded_rectangle(box, radius=10, fill=(214, 240, 210), outline=WIN, width=3)
        else:
            d.rounded_rectangle(box, radius=10, fill=WHITE, outline=PANEL_EDGE, width=2)
        cy = ry + (row_h - 4) / 2
        name = names.get(seat) or clean(str(s.get("name", ""))) or "?"
        draw_chip(d, PAD + 8, cy, owner_rgb(view, seat), marks(view).get(seat, "?"), 36, 30)
        text(d, (PAD + 48, cy), ("★ " if win else "") + name, 20, INK, bold=True, anchor="lm",
             max_width=name_w - 52, min_size=12)
        breakdown = s.get("breakdown") if isinstance(s.get("breakdown"), dict) else {}
        for x, (key, _) in zip(xs, FINAL_COLUMNS, strict=True):
            v = as_int(breakdown.get(key))
            text(d, (x, cy), "—" if v is None else str(v), 20, INK, anchor="mm")
        total = as_int(s.get("total"))
        text(d, (tx, cy), "—" if total is None else str(total), 26, INK, bold=True, anchor="mm")
