"""The Kingdom Builder picture as PNG: the cached board with this moment's pieces, and the panel under it."""

from __future__ import annotations

from PIL import Image, ImageDraw

from render.common import PANEL_EDGE, PAPER, to_png
from render.kingdom import png_panel, reading
from render.kingdom.geometry import BOARD_H, WIDTH
from render.kingdom.layout import bands, layout
from render.kingdom.png_board import background, pieces


def render(view: dict) -> Image.Image:
    """The picture as a Pillow image (see `draw` for PNG bytes)."""
    if not isinstance(view, dict):
        view = {}
    board = background(view)
    height, row_h = layout(view)
    im = Image.new("RGB", (WIDTH, height), PAPER)
    im.paste(board.plain, (0, 0))
    pieces(im, view, board)
    d = ImageDraw.Draw(im)
    d.line([(0, BOARD_H), (WIDTH, BOARD_H)], fill=PANEL_EDGE, width=3)
    head, legend, cards, rows = bands()
    png_panel.header(d, im, view, head)
    png_panel.legend(d, view, legend)
    png_panel.cards(d, im, view, cards)
    if reading.scored(view):
        png_panel.score_table(d, im, view, rows - 6, row_h)
    else:
        for i, p in enumerate(reading.players(view)):
            png_panel.player_row(d, im, view, p, rows + i * row_h, row_h)
    return im


def draw(view: dict) -> bytes:
    """PNG bytes of the board and the players for a Kingdom Builder view (see the package's doc)."""
    return to_png(render(view))
