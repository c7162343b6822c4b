"""The panel under the board in the SVG, as `png_panel` draws it in the PNG: the header, the sector legend, the
three cards with each player's gold, a row per player (their own hand in the view made for them) or, at the end,
the score table. The tiles of the player to move that can be tapped now are tap areas (`reading.tile_target`)."""

from __future__ import annotations

from typing import Any

from render.common import HIGHLIGHT, HIGHLIGHT_SOFT, INK, MUTED, PANEL_EDGE, PAPER, WHITE, WIN, clean, fit, width
from render.kingdom import reading
from render.kingdom.geometry import WIDTH, corners
from render.kingdom.layout import (
    CARD_LINE,
    CARD_TEXT,
    CARD_X,
    CARDS_H,
    GOLD_H,
    LEGEND_H,
    NAME_W,
    PAD,
    SCORE_HEAD,
    SCORE_NAME_W,
    SMALL_HOUSE,
    TILE_H,
    TILE_W,
    TILES_X,
    bands,
    card_boxes,
    gold_right,
    ranked,
    score_columns,
    sector_width,
    stripes,
    tile_step,
)
from render.kingdom.png_panel import QUARTERS
from render.kingdom.style import (
    CARD_HEAD,
    FINAL_RED,
    GOLD,
    GOLD_BAND,
    GOLD_EDGE,
    WIN_FILL,
    blend,
    card_title,
    location_style,
    terrain_name,
    terrain_rgb,
)
from render.kingdom.svg_elements import attrs, number, polygon, rect, text
from render.kingdom.svg_houses import Houses


def panel(view: dict, houses: Houses, row_h: float) -> list[str]:
    head, legend_y, cards_y, rows_y = bands()
    out = [*_header(view, houses, head), *_legend(view, legend_y), *_cards(view, houses, cards_y)]
    if reading.scored(view):
        out += _score_table(view, houses, rows_y - 6, row_h)
    else:
        for i, p in enumerate(reading.players(view)):
            out += _player_row(view, houses, p, rows_y + i * row_h, row_h)
    return out


def _measured(value: str, size: float, bold: bool = False, max_width: float | None = None,
              min_size: int | None = None) -> float:
    """The width the picture gives this text (the same fitting as `svg_elements.text`)."""
    if max_width is not None:
        value, size = fit(value, size, max_width, bold, min_size)
    return width(clean(value), size, bold)


def tile_icon(x: float, y: float, kind: Any, title: Any, state: Any, w: float = TILE_W, h: float = TILE_H) -> str:
    """A location tile: its colour and mark; used = faded, new = hatched."""
    colour, mark, _ = location_style(kind, title)
    fill, ink = colour, WHITE
    if state == "used":
        fill, ink = blend(colour, PAPER, 0.68), blend(colour, PAPER, 0.25)
    out = [rect(x, y, w, h, rx=6, fill=fill, stroke=INK if state != "used" else MUTED, stroke_width=2)]
    if state == "new":
        out += [f'<line x1="{number(a[0])}" y1="{number(a[1])}" x2="{number(b[0])}" y2="{number(b[1])}"'
                f'{attrs(stroke=WHITE)} stroke-width="2"/>' for a, b in stripes(x, y, w, h)]
        out.append(rect(x, y, w, h, rx=6, fill="none", stroke=INK, stroke_width=2))
        out.append(text(x + w / 2, y + h / 2 + 1, mark, 16, INK, bold=True, anchor="m", stroke=WHITE,
                        stroke_width=3, paint_order="stroke"))
    else:
        out.append(text(x + w / 2, y + h / 2 + 1, mark, 16, ink, bold=True, anchor="m"))
    return "".join(out)


def _chip(x: float, cy: float, letter: str, size: int) -> tuple[str, float]:
    """A small terrain hex and its name; and the x after it."""
    s = 11
    hexagon = polygon(corners(x + s, cy, s), fill=terrain_rgb(letter), stroke=INK, stroke_width=2)
    name = terrain_name(letter)
    return (hexagon + text(x + 2 * s + 5, cy, name, size, INK, bold=True),
            x + 2 * s + 5 + _measured(name, size, True))


def _header(view: dict, houses: Houses, y0: float) -> list[str]:
    said = reading.header(view)
    x = PAD + 4
    right = WIDTH - PAD - 4
    out = [text(right, y0 + 48, said.deck, 19, MUTED, anchor="r")]
    room = right - _measured(said.deck, 19) - 16
    if said.won or said.seat is None:
        out.append(text(x, y0 + 22, said.title, 28, INK, bold=True, max_width=right - x))
        if said.note:
            out.append(text(x, y0 + 48, said.note, 21, WIN, bold=True, max_width=room - x, min_size=14))
        return out
    house, w = houses.use_left(said.seat, x, y0 + 22)
    out.append(house)
    x += w + 6
    out.append(text(x, y0 + 22, said.title, 27, INK, bold=True, max_width=right - x, min_size=15))
    sx = PAD + 4
    if said.card:
        out.append(text(sx, y0 + 48, "карта:", 20, INK))
        chip, sx = _chip(sx + _measured("карта:", 20) + 6, y0 + 48, said.card, 20)
        out.append(chip)
        sx += 12
    out.append(text(sx, y0 + 48, said.note, 20, FINAL_RED if said.alarm else MUTED, max_width=room - sx, min_size=12))
    return out


def _legend(view: dict, y0: float) -> list[str]:
    sectors = reading.sectors(view)
    cw = sector_width(len(sectors))
    out = []
    for i, s in enumerate(sectors):
        x = PAD + i * cw + 4
        cy = y0 + LEGEND_H / 2
        out.append(text(x, cy, QUARTERS[i], 20, MUTED, bold=True))
        x += _measured(QUARTERS[i], 20, True) + 4
        out.append(tile_icon(x, cy - 13, s.get("name"), s.get("title"), reading.READY, 34, 26))
        name = location_style(s.get("name"), s.get("title"))[2]
        out.append(text(x + 40, cy, name, 20, INK, max_width=cw - (x - PAD - i * cw) - 44, min_size=12))
    return out


def _cards(view: dict, houses: Houses, y0: float) -> list[str]:
    shown = reading.cards(view)
    out = []
    for card, (x0, cw) in zip(shown, card_boxes(len(shown)), strict=False):
        out.append(rect(x0, y0, cw, CARDS_H - 8, rx=10, fill=WHITE, stroke=PANEL_EDGE, stroke_width=2))
        out.append(f'<path d="M{number(x0)},{number(y0 + 32)}V{number(y0 + 10)}a10,10 0 0 1 10,-10'
                   f'H{number(x0 + cw - 10)}a10,10 0 0 1 10,10V{number(y0 + 32)}Z"{attrs(fill=CARD_HEAD)}/>')
        out.append(text(x0 + cw / 2, y0 + 16, card_title(card), 23, WHITE, bold=True, anchor="m", max_width=cw - 12,
                        min_size=14))
        for j, line in enumerate(reading.wrap(str(card.get("hint") or ""), CARD_TEXT, cw - 12, 3)):
            out.append(text(x0 + 6, y0 + 35 + j * CARD_LINE + CARD_TEXT * 0.55, line, CARD_TEXT, INK))
        golds = reading.card_gold(view, card.get("id"))
        if golds and not reading.scored(view):  # at the end the score table below says it
            out += _card_gold(houses, golds, x0 + 6, x0 + cw - 6, y0 + CARDS_H - 8 - GOLD_H / 2 - 3)
    return out


def _card_gold(houses: Houses, golds: list[tuple[Any, int]], x0: float, x1: float, cy: float) -> list[str]:
    out = [rect(x0 - 2, cy - GOLD_H / 2, x1 - x0 + 4, GOLD_H, rx=7, fill=GOLD_BAND)]
    step = (x1 - x0) / len(golds)
    for i, (seat, gold) in enumerate(golds):
        x = x0 + i * step + 2
        house, w = houses.use_left(seat, x, cy, SMALL_HOUSE)
        out += [house, text(x + w + 3, cy + 1, str(gold), 21, INK, bold=True)]
    return out


def _gold_coin(cx: float, cy: float, r: float, label: str) -> str:
    return (f'<circle cx="{number(cx)}" cy="{number(cy)}" r="{number(r)}"{attrs(fill=GOLD, stroke=GOLD_EDGE)} '
            f'stroke-width="2"/>' + text(cx, cy + 1, label, round(r * (1.2 if len(label) < 3 else 0.95)), INK,
                                          bold=True, anchor="m"))


def _player_row(view: dict, houses: Houses, p: dict, y0: float, h: float) -> list[str]:
    seat = p.get("seat")
    to_move = seat == view.get("current") and seat is not None
    if to_move:
        out = [rect(PAD, y0, WIDTH - 2 * PAD, h - 4, rx=10, fill=HIGHLIGHT_SOFT, stroke=HIGHLIGHT, stroke_width=4)]
    else:
        out = [rect(PAD, y0, WIDTH - 2 * PAD, h - 4, rx=10, fill=WHITE, stroke=PANEL_EDGE, stroke_width=2)]
    cy = y0 + (h - 4) / 2
    house, w = houses.use_left(seat, PAD + 8, cy)
    out.append(house)
    x = PAD + 14 + w
    out.append(text(x, cy - 9, reading.player_title(view, p), 21, INK, bold=True, max_width=NAME_W, min_size=14))
    out.append(text(x, cy + 14, reading.player_note(p, view), 17, MUTED, max_width=CARD_X - 8 - x, min_size=12))
    card, secret = reading.shown_card(view, p)
    if card is not None and not secret:
        out.append(_chip(CARD_X, cy, card, 19)[0])
    elif card is not None:  # the seat's own hand: only in the view made for that seat
        out.append(text(CARD_X, cy, "в руке:", 15, MUTED))
        out.append(_chip(CARD_X + _measured("в руке:", 15) + 5, cy, card, 17)[0])
    else:
        out.append(text(CARD_X, cy, "карта скрыта", 16, MUTED))
    right = WIDTH - PAD - 8
    gold = reading.number(p.get("gold"))
    if gold is not None:  # the gold if the game ended now
        r, gx = gold_right(h)
        out.append(_gold_coin(gx, cy, r, str(gold)))
        out.append(text(right - 2 * r - 6, cy, "золото", 17, MUTED, anchor="r"))
        right -= 2 * r + 8 + _measured("золото", 17) + 10
    tiles = reading.tiles(p)
    step = tile_step(len(tiles), right)
    tapped: set[str] = set()
    for i, t in enumerate(tiles):
        tx = TILES_X + i * step
        kind, state = t.get("type"), t.get("state")
        out.append(tile_icon(tx, cy - 18, kind, t.get("title"), state, min(TILE_W, round(step) - 4), TILE_H))
        note = reading.TILE_NOTES.get(state)
        if note:
            out.append(text(tx + min(TILE_W, step - 4) / 2, cy + 18, note, 12 if state == "new" else 11,
                            INK if state == "new" else MUTED, bold=state == "new", anchor="m"))
        target = reading.tile_target(view, p, t)
        if target is not None and target not in tapped:  # the first of two alike; over it, its whole slot
            tapped.add(target)
            out.append(rect(tx - 3, y0 + 4, step, h - 12, rx=6, fill="#000", fill_opacity=0, data_target=target))
    if not tiles:
        out.append(text(TILES_X, cy, "жетонов нет", 16, MUTED))
    return out


def _score_table(view: dict, houses: Houses, y0: float, h: float) -> list[str]:
    columns, cw = score_columns(view)
    out = [text(x, y0 + 14, title, 16, MUTED, bold=True, anchor="m", max_width=cw - 6, min_size=12)
           for _, title, x in columns]
    winners = set(view.get("winners") or [])
    names = reading.names(view)
    for j, s in enumerate(ranked(view)):
        ry = y0 + SCORE_HEAD + 6 + j * h
        seat = s.get("seat")
        win = seat in winners
        if win:
            out.append(rect(PAD, ry, WIDTH - 2 * PAD, h - 4, rx=10, fill=WIN_FILL, stroke=WIN, stroke_width=3))
        else:
            out.append(rect(PAD, ry, WIDTH - 2 * PAD, h - 4, rx=10, fill=WHITE, stroke=PANEL_EDGE, stroke_width=2))
        cy = ry + (h - 4) / 2
        house, w = houses.use_left(seat, PAD + 8, cy)
        name = names.get(seat) or clean(str(s.get("name", ""))) or "?"
        out += [house, text(PAD + 14 + w, cy, ("★ " if win else "") + name, 21, INK, bold=True,
                            max_width=SCORE_NAME_W - 20 - w, min_size=13)]
        breakdown = s.get("breakdown") if isinstance(s.get("breakdown"), dict) else {}
        for key, _, x in columns:
            v = s.get("total") if key == "total" else breakdown.get(key)
            out.append(text(x, cy, "—" if v is None else str(v), 25 if key == "total" else 21, INK,
                            bold=key == "total", anchor="m"))
    return out
