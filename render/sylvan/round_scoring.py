"""The picture of a round's scoring (`render_round`): the table, who won each region, a map of the trees."""

from __future__ import annotations

from PIL import Image, ImageDraw

from render.common import INK, MUTED, PANEL_EDGE, PAPER, WHITE, clean, contrast, text, to_png
from render.sylvan.access import (
    COLUMN_LETTERS,
    as_dicts,
    as_int,
    as_list,
    grid_size,
    is_over,
    marks,
    owner_rgb,
    players_of,
    region_points,
    round_order,
    scored_round,
    seat_names,
    seat_values,
    trees_of,
)
from render.sylvan.layout import (
    MAP_CELL_H,
    MAP_CELL_W,
    PAD,
    ROUND_REGION_ROW,
    ROUND_TABLE_HEAD,
    ROUND_TABLE_ROW,
    ROUND_TITLE_H,
    ROUND_W,
    WINNER_FONT,
    WINNER_GAP,
    WINNER_LINE,
    WINNERS_X,
    round_layout,
    winner_lines,
)
from render.sylvan.palette import OUTLINE, RIVER, region_tint
from render.sylvan.panel import draw_chip


def render_round_image(view: dict) -> Image.Image:
    """The scoring of the round just ended (see `render_round`) as a Pillow image."""
    if not isinstance(view, dict):
        view = {}
    result = scored_round(view) or {}
    parts = round_layout(view)
    im = Image.new("RGB", (ROUND_W, round(parts["total"])), PAPER)
    d = ImageDraw.Draw(im)
    names = seat_names(view)
    rnd = as_int(result.get("round"), as_int(view.get("round"), 1))
    text(d, (PAD + 6, ROUND_TITLE_H / 2), f"Итоги {rnd}-го раунда", 38, INK, bold=True, anchor="lm")
    if rnd == 1 and not is_over(view):
        text(d, (ROUND_W - PAD - 6, ROUND_TITLE_H / 2), "дальше — 2-й раунд", 22, MUTED, anchor="rm")
    # the table: fame per player for trees and regions, the round's sum and the fame so far
    trees_fame = seat_values(result, "trees")
    regions_fame = seat_values(result, "regions")
    fame_now = {s: as_int(p.get("fame"), 0) or 0 for p in players_of(view) if (s := as_int(p.get("seat"))) is not None}
    y = ROUND_TITLE_H
    cols = (("деревья", 420), ("области", 530), ("за раунд", 640), ("всего", 742))
    for label, x in cols:
        text(d, (x, y + ROUND_TABLE_HEAD / 2), label, 20, MUTED, bold=True, anchor="mm")
    y += ROUND_TABLE_HEAD
    order = round_order(view, result)
    for seat in order:
        box = (PAD, y, ROUND_W - PAD, y + ROUND_TABLE_ROW - 6)
        d.rounded_rectangle(box, radius=10, fill=WHITE, outline=PANEL_EDGE, width=2)
        cy = y + (ROUND_TABLE_ROW - 6) / 2
        draw_chip(d, PAD + 8, cy, owner_rgb(view, seat), marks(view).get(seat, "?"), 38, 34)
        text(d, (PAD + 56, cy), names[seat], 28, INK, bold=True, anchor="lm", max_width=cols[0][1] - 60 - PAD - 56,
             min_size=16)
        t, r = trees_fame.get(seat, 0), regions_fame.get(seat, 0)
        for (_, x), value, bold in zip(cols, (f"+{t}", f"+{r}", f"+{t + r}", str(fame_now.get(seat, 0))),
                                       (False, False, True, True), strict=True):
            text(d, (x, cy), value, 30, INK, bold=bold, anchor="mm")
        y += ROUND_TABLE_ROW
    y += 14
    # the regions: who won each and what it gave
    trees = {t["name"]: t for t in trees_of(view)}
    text(d, (PAD + 6, y + 20), "Превосходство в областях: у кого больше деревьев с преимуществом", 22, INK,
         bold=True, anchor="lm", max_width=ROUND_W - 2 * PAD - 12, min_size=14)
    y += 40
    chips = marks(view)
    for i, (r, seats, each) in enumerate(region_points(view, result, trees)):
        rid = str(r.get("id", i))
        lines = winner_lines(names, seats, each)
        row_h = ROUND_REGION_ROW + (len(lines) - 1) * WINNER_LINE
        box = (PAD, y + 3, ROUND_W - PAD, y + row_h - 3)
        d.rounded_rectangle(box, radius=9, fill=region_tint(rid, i), outline=PANEL_EDGE, width=1)
        cy = y + ROUND_REGION_ROW / 2
        text(d, (PAD + 12, cy), clean(str(r.get("name", rid))), 24, INK, bold=True, anchor="lm",
             max_width=WINNERS_X - PAD - 24, min_size=18)
        if not seats:
            text(d, (WINNERS_X, cy), "превосходства нет ни у кого", 22, MUTED, anchor="lm")
        for j, line in enumerate(lines):
            x, ly = WINNERS_X, cy + j * WINNER_LINE
            for s, name, room in line:
                x = draw_chip(d, x, ly, owner_rgb(view, s), chips.get(s, "?"), 38, 30) + 6
                x += text(d, (x, ly), name, WINNER_FONT, INK, anchor="lm", max_width=room, min_size=18) + 6
                x += text(d, (x, ly), f"+{each}", WINNER_FONT, INK, bold=True, anchor="lm") + WINNER_GAP
        y += row_h
    y += 10
    # the map: every tree with the colour of whoever had the advantage and the fame it gave (its height)
    text(d, (PAD + 6, y + 20), "Деревья: цвет — у кого преимущество, число — слава за дерево", 22, INK, bold=True,
         anchor="lm", max_width=ROUND_W - 2 * PAD - 12, min_size=14)
    y += 40
    draw_round_map(im, d, view, result, trees, y)
    return im


def draw_round_map(im: Image.Image, d: ImageDraw.ImageDraw, view: dict, result: dict, trees: dict[str, dict],
               y0: float) -> None:
    owners = result.get("tree_owners") if isinstance(result.get("tree_owners"), dict) else {}
    heights = result.get("heights") if isinstance(result.get("heights"), dict) else {}
    region_of: dict[str, tuple[str, int]] = {}
    for i, r in enumerate(as_dicts(view.get("regions"))):
        for n in as_list(r.get("trees")):
            if isinstance(n, str):
                region_of.setdefault(n, (str(r.get("id", i)), i))
    cols, rows = grid_size(view)
    x_left = (ROUND_W - cols * MAP_CELL_W) / 2
    for row in range(rows):
        for col in range(cols):
            name = f"{COLUMN_LETTERS[col]}{row + 1}"
            x0, y_top = x_left + col * MAP_CELL_W, y0 + row * MAP_CELL_H
            box = (x0 + 2, y_top + 2, x0 + MAP_CELL_W - 2, y_top + MAP_CELL_H - 2)
            if name not in region_of:
                d.rectangle(box, fill=RIVER)
                continue
            rid, i = region_of[name]
            d.rectangle(box, fill=region_tint(rid, i))
            if name not in trees:
                text(d, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), f"{name} — нет", 20, MUTED, anchor="mm")
                continue
            owner = as_int(owners.get(name))
            height = as_int(heights.get(name), as_int(trees[name].get("height"), 1))
            plate = (box[0] + 10, box[1] + 10, box[2] - 10, box[3] - 10)
            fill = owner_rgb(view, owner) if owner is not None else WHITE
            d.rounded_rectangle(plate, radius=10, fill=fill, outline=OUTLINE, width=2)
            ink = contrast(fill) if owner is not None else INK
            cy = (plate[1] + plate[3]) / 2
            text(d, (plate[0] + 12, cy), name, 28, ink, bold=True, anchor="lm")
            value = f"+{height}" if owner is not None else "—"
            text(d, (plate[2] - 12, cy), value, 28, ink, bold=owner is not None, anchor="rm")


def render_round(view: dict) -> bytes:
    """PNG of the round that was just scored (`round_scores` of the view): fame per player for trees and
    regions, who won each region, and a map of the trees in the colour of whoever had the advantage with the
    fame each gave. 800 px wide, made to be read at 430 px on a phone."""
    return to_png(render_round_image(view))
