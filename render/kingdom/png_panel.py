"""The panel under the board as Pillow draws it: the header, the sector legend, the three cards with each
player's gold by them, and a row per player (or, at the end, the score table). Positions come from `layout`,
words from `reading`."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from render.common import HIGHLIGHT, HIGHLIGHT_SOFT, INK, MUTED, PANEL_EDGE, PAPER, WHITE, WIN, clean, font, text
from render.kingdom import reading
from render.kingdom.geometry import WIDTH, corners
from render.kingdom.layout import (
    CARD_LINE,
    CARD_TEXT,
    CARD_X,
    CARDS_H,
    GOLD_H,
    HOUSE,
    LEGEND_H,
    NAME_W,
    PAD,
    SCORE_HEAD,
    SCORE_NAME_W,
    SMALL_HOUSE,
    TILE_H,
    TILE_W,
    TILES_X,
    card_boxes,
    gold_right,
    ranked,
    score_columns,
    sector_width,
    stripes,
    tile_step,
)
from render.kingdom.png_board import house_sprite
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

QUARTERS = ("↖", "↗", "↙", "↘")


def _paste_house(im: Image.Image, view: dict, seat: Any, x: float, cy: float, size: int = HOUSE) -> int:
    """A player's house with its left edge at x, centred on cy; returns its width."""
    sprite = house_sprite(reading.colour(view, seat), size)
    im.paste(sprite, (round(x), round(cy - sprite.height / 2)), sprite)
    return sprite.width


def tile_icon(d: ImageDraw.ImageDraw, x: float, y: float, kind: Any, title: Any, state: Any,
              w: int = TILE_W, h: int = TILE_H) -> None:
    """A location tile: its colour and mark; used = faded with a tick, new = hatched."""
    colour, mark, _ = location_style(kind, title)
    fill, ink = colour, WHITE
    if state == "used":
        fill, ink = blend(colour, PAPER, 0.68), blend(colour, PAPER, 0.25)
    box = (x, y, x + w, y + h)
    d.rounded_rectangle(box, radius=6, fill=fill, outline=INK if state != "used" else MUTED, width=2)
    if state == "new":
        for a, b in stripes(x, y, w, h):
            d.line([a, b], fill=WHITE, width=2)
        d.rounded_rectangle(box, radius=6, outline=INK, width=2)
    d.text((x + w / 2, y + h / 2 + 1), mark, font=font(16, True), fill=ink if state != "new" else INK,
           anchor="mm", stroke_width=2 if state == "new" else 0, stroke_fill=WHITE)


def header(d: ImageDraw.ImageDraw, im: Image.Image, view: dict, y0: float) -> None:
    """The title line (who moves and what they choose, or who won), the card, the note and the deck."""
    said = reading.header(view)
    x = PAD + 4
    right = WIDTH - PAD - 4
    room = right - text(d, (right, y0 + 48), said.deck, 19, MUTED, anchor="rm") - 16
    if said.won:
        text(d, (x, y0 + 22), said.title, 28, INK, bold=True, anchor="lm", max_width=right - x)
        if said.note:
            text(d, (x, y0 + 48), said.note, 21, WIN, bold=True, anchor="lm", max_width=room - x, min_size=14)
        return
    if said.seat is None:
        text(d, (x, y0 + 22), said.title, 28, INK, bold=True, anchor="lm", max_width=right - x)
        return
    x += _paste_house(im, view, said.seat, x, y0 + 22) + 6
    text(d, (x, y0 + 22), said.title, 27, INK, bold=True, anchor="lm", max_width=right - x, min_size=15)
    sx = PAD + 4
    if said.card:
        sx += text(d, (sx, y0 + 48), "карта:", 20, INK, anchor="lm") + 6
        sx = terrain_chip(d, sx, y0 + 48, said.card, 20) + 12
    text(d, (sx, y0 + 48), said.note, 20, FINAL_RED if said.alarm else MUTED, anchor="lm", max_width=room - sx,
         min_size=12)


def terrain_chip(d: ImageDraw.ImageDraw, x: float, cy: float, letter: str, size: int = 19) -> float:
    """A small terrain hex and its name; returns the x after it."""
    s = 11
    d.polygon(corners(x + s, cy, s), fill=terrain_rgb(letter), outline=INK, width=2)
    return x + 2 * s + 5 + text(d, (x + 2 * s + 5, cy), terrain_name(letter), size, INK, bold=True, anchor="lm")


def legend(d: ImageDraw.ImageDraw, view: dict, y0: float) -> None:
    """The four sectors of this board, each with its location's tile."""
    sectors = reading.sectors(view)
    cw = sector_width(len(sectors))
    for i, s in enumerate(sectors):
        x = PAD + i * cw + 4
        cy = y0 + LEGEND_H / 2
        x += text(d, (x, cy), QUARTERS[i], 20, MUTED, bold=True, anchor="lm") + 4
        tile_icon(d, x, cy - 13, s.get("name"), s.get("title"), "usable", 34, 26)
        name = location_style(s.get("name"), s.get("title"))[2]
        text(d, (x + 40, cy), name, 20, INK, anchor="lm", max_width=cw - (x - PAD - i * cw) - 44, min_size=12)


def cards(d: ImageDraw.ImageDraw, im: Image.Image, view: dict, y0: float) -> None:
    """The three Kingdom Builder cards: title, hint and, at the bottom, the gold each player has by it now."""
    shown = reading.cards(view)
    for card, (x0, cw) in zip(shown, card_boxes(len(shown)), strict=False):
        d.rounded_rectangle((x0, y0, x0 + cw, y0 + CARDS_H - 8), radius=10, fill=WHITE, outline=PANEL_EDGE, width=2)
        d.rounded_rectangle((x0, y0, x0 + cw, y0 + 32), radius=10, fill=CARD_HEAD)
        d.rectangle((x0, y0 + 20, x0 + cw, y0 + 32), fill=CARD_HEAD)
        text(d, (x0 + cw / 2, y0 + 16), card_title(card), 23, WHITE, bold=True, anchor="mm", max_width=cw - 12,
             min_size=14)
        for j, line in enumerate(reading.wrap(str(card.get("hint") or ""), CARD_TEXT, cw - 12, 3)):
            text(d, (x0 + 6, y0 + 35 + j * CARD_LINE), line, CARD_TEXT, INK)
        if not reading.scored(view):  # at the end the score table below says it
            _card_gold(d, im, view, card.get("id"), x0 + 6, x0 + cw - 6, y0 + CARDS_H - 8 - GOLD_H / 2 - 3)


def _card_gold(d: ImageDraw.ImageDraw, im: Image.Image, view: dict, card: Any, x0: float, x1: float,
               cy: float) -> None:
    """Each player's house and their gold by this card, on a faint gold band."""
    golds = reading.card_gold(view, card)
    if not golds:
        return
    d.rounded_rectangle((x0 - 2, cy - GOLD_H / 2, x1 + 2, cy + GOLD_H / 2), radius=7, fill=GOLD_BAND)
    step = (x1 - x0) / len(golds)
    for i, (seat, gold) in enumerate(golds):
        x = x0 + i * step + 2
        w = _paste_house(im, view, seat, x, cy, SMALL_HOUSE)
        text(d, (x + w + 3, cy + 1), str(gold), 21, INK, bold=True, anchor="lm")


def gold_coin(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, label: str) -> None:
    """A gold coin with a number on it: a player's gold."""
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=GOLD, outline=GOLD_EDGE, width=2)
    text(d, (cx, cy + 1), label, round(r * (1.2 if len(label) < 3 else 0.95)), INK, bold=True, anchor="mm")


def player_row(d: ImageDraw.ImageDraw, im: Image.Image, view: dict, p: dict, y0: float, h: float) -> None:
    """A player: house, name and settlements left, the terrain card, the gold now, the location tiles."""
    seat = p.get("seat")
    box = (PAD, y0, WIDTH - PAD, y0 + h - 4)
    if seat == view.get("current") and seat is not None:
        d.rounded_rectangle(box, radius=10, fill=HIGHLIGHT_SOFT, outline=HIGHLIGHT, width=4)
    else:
        d.rounded_rectangle(box, radius=10, fill=WHITE, outline=PANEL_EDGE, width=2)
    cy = y0 + (h - 4) / 2
    x = PAD + 14 + _paste_house(im, view, seat, PAD + 8, cy)
    text(d, (x, cy - 9), reading.player_title(view, p), 21, INK, bold=True, anchor="lm", max_width=NAME_W,
         min_size=14)
    text(d, (x, cy + 14), reading.player_note(p, view), 17, MUTED, anchor="lm", max_width=CARD_X - 8 - x,
         min_size=12)
    card, secret = reading.shown_card(view, p)
    if card is not None and not secret:
        terrain_chip(d, CARD_X, cy, card, 19)
    elif card is not None:
        x2 = CARD_X + text(d, (CARD_X, cy), "в руке:", 15, MUTED, anchor="lm") + 5
        terrain_chip(d, x2, cy, card, 17)
    else:
        text(d, (CARD_X, cy), "карта скрыта", 16, MUTED, anchor="lm")
    right = WIDTH - PAD - 8
    gold = reading.number(p.get("gold"))
    if gold is not None:  # the gold if the game ended now
        r, gx = gold_right(h)
        gold_coin(d, gx, cy, r, str(gold))
        right -= 2 * r + 8 + text(d, (right - 2 * r - 6, cy), "золото", 17, MUTED, anchor="rm") + 10
    tiles = reading.tiles(p)
    step = tile_step(len(tiles), right)
    for i, t in enumerate(tiles):
        tx = TILES_X + i * step
        tile_icon(d, tx, cy - 18, t.get("type"), t.get("title"), t.get("state"), min(TILE_W, round(step) - 4),
                  TILE_H)
        note = reading.TILE_NOTES.get(t.get("state"))
        if note:
            text(d, (tx + min(TILE_W, step - 4) / 2, cy + 18), note, 12 if t.get("state") == "new" else 11,
                 INK if t.get("state") == "new" else MUTED, bold=t.get("state") == "new", anchor="mm")
    if not tiles:
        text(d, (TILES_X, cy), "жетонов нет", 16, MUTED, anchor="lm")


def score_table(d: ImageDraw.ImageDraw, im: Image.Image, view: dict, y0: float, h: float) -> None:
    """The final scores, best first: each card's gold, the castles' and the total; the winners starred."""
    columns, cw = score_columns(view)
    for _, title, x in columns:
        text(d, (x, y0 + 14), title, 16, MUTED, bold=True, anchor="mm", max_width=cw - 6, min_size=12)
    winners = set(view.get("winners") or [])
    names = reading.names(view)
    for j, s in enumerate(ranked(view)):
        ry = y0 + SCORE_HEAD + 6 + j * h
        seat = s.get("seat")
        win = seat in winners
        box = (PAD, ry, WIDTH - PAD, ry + h - 4)
        if win:
            d.rounded_rectangle(box, radius=10, fill=WIN_FILL, outline=WIN, width=3)
        else:
            d.rounded_rectangle(box, radius=10, fill=WHITE, outline=PANEL_EDGE, width=2)
        cy = ry + (h - 4) / 2
        w = _paste_house(im, view, seat, PAD + 8, cy)
        name = names.get(seat) or clean(str(s.get("name", ""))) or "?"
        text(d, (PAD + 14 + w, cy), ("★ " if win else "") + name, 21, INK, bold=True, anchor="lm",
             max_width=SCORE_NAME_W - 20 - w, min_size=13)
        breakdown = s.get("breakdown") if isinstance(s.get("breakdown"), dict) else {}
        for key, _, x in columns:
            v = s.get("total") if key == "total" else breakdown.get(key)
            text(d, (x, cy), "—" if v is None else str(v), 25 if key == "total" else 21, INK, bold=key == "total",
                 anchor="mm")
