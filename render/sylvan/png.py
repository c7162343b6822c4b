"""The whole picture: `render(view)` as a Pillow image and `draw(view)` as PNG bytes."""

from __future__ import annotations

from PIL import Image, ImageDraw

from render.common import MUTED, PANEL_EDGE, PAPER, text, to_png
from render.sylvan.access import (
    as_dicts,
    as_int,
    highlighted_trees,
    is_over,
    moving_trees,
    players_of,
    round_end_result,
    trees_of,
)
from render.sylvan.board import background, draw_bridges, draw_highlight, draw_moving, draw_region_names, draw_tree
from render.sylvan.geometry import WIDTH
from render.sylvan.layout import CARDS_H, FINAL_HEAD, HEADER_H, PAD, PANEL_FONT, layout
from render.sylvan.panel import (
    draw_cards_row,
    draw_final_table,
    draw_header,
    draw_player_row,
    draw_players_head,
    draw_private,
    draw_regions_line,
    draw_round_table,
)


def render(view: dict) -> Image.Image:
    """The picture as a Pillow image (see `draw` for PNG bytes)."""
    if not isinstance(view, dict):
        view = {}
    board = background(view)
    parts = layout(view)
    im = Image.new("RGB", (WIDTH, round(parts["total"])), PAPER)
    im.paste(board.plain, (0, 0))
    d = ImageDraw.Draw(im)
    trees = {t["name"]: t for t in trees_of(view)}
    for name in highlighted_trees(view, trees):
        draw_highlight(im, d, board, name)
    for t in trees.values():
        draw_tree(im, view, t)
    draw_bridges(d, view, trees)
    draw_region_names(im, view)
    for name in moving_trees(view):
        draw_moving(im, d, trees, name)
    y = parts["board"]
    d.line([(0, y), (WIDTH, y)], fill=PANEL_EDGE, width=3)
    y += 2
    draw_header(im, d, view, y)
    y += HEADER_H
    if is_over(view):
        draw_final_table(im, d, view, y, parts["final_row"])
        results = as_dicts(view.get("round_results"))
        if results:
            n = max(1, len([s for s in as_dicts(view.get("scores")) if as_int(s.get("seat")) is not None]))
            ry = y + FINAL_HEAD + n * parts["final_row"] + 2
            rnd = as_int(results[-1].get("round"), 2)
            text(d, (PAD + 4, ry + 10), f"Превосходство в областях, {rnd}-й раунд:", PANEL_FONT, MUTED,
                 anchor="lm")
            draw_regions_line(im, d, view, results[-1], ry + 20)
        return im
    result = round_end_result(view)
    if result is not None:
        draw_round_table(im, d, view, result, y, bool(parts["regions_line"]))
        y += parts["round"]
    else:
        draw_cards_row(im, d, view, y)
        y += CARDS_H
    if parts["players_head"]:
        draw_players_head(d, y)
        y += parts["players_head"]
    for i, p in enumerate(players_of(view)):
        draw_player_row(im, d, view, p, y + i * parts["row"], parts["row"])
    y += len(players_of(view)) * parts["row"]
    if parts["private"]:
        draw_private(im, d, view, y)
    return im


def draw(view: dict) -> bytes:
    """PNG bytes of the board and the players for a Sylvan Dale view (see the module doc)."""
    return to_png(render(view))
