"""The whole Valdora board in painting order, on any `Canvas`: the ground (what never changes during a game,
which the PNG draws once and caches) and the pieces drawn over it for each view."""

from __future__ import annotations

from render.valdora.canvas import Canvas
from render.valdora.land import paint_highlights, paint_land, paint_pawns, paint_road_gems
from render.valdora.layout import Layout, Spot, players_of
from render.valdora.panels import paint_books, paint_panels, paint_status, paint_table
from render.valdora.rows import paint_player_row, paint_scores


def paint_ground(d: Canvas, view: dict, lay: Layout, spots: dict[str, Spot]) -> None:
    """Paths, spaces and their names, block frames, captions, book titles and the key."""
    paint_land(d, view, spots)
    paint_panels(d, view, lay)


def paint_pieces(d: Canvas, view: dict, lay: Layout, spots: dict[str, Spot]) -> None:
    """Everything of this moment over the ground: gems, rings, pawns, the status line, the open pages, masters
    and workshops, each player's row, and the final scores once the game is over."""
    paint_road_gems(d, view, spots)
    paint_highlights(d, view, spots)
    paint_pawns(d, view)
    paint_status(d, view, lay)
    paint_books(d, view, lay)
    paint_table(d, view, lay)
    for i, p in enumerate(players_of(view)[:lay.rows]):
        paint_player_row(d, view, p, lay, i)
    if view.get("over") and view.get("scores"):
        paint_scores(d, view, lay)
