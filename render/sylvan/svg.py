"""The Sylvan Dale board for the Mini App: `board(view) -> SVG text`, one `<svg>` element with a viewBox 800 units
wide and no fixed size (the page scales it to the phone's width), drawn from the same view and the same geometry
as the PNG: the board (`svg_board`) and under it the panel for a phone (`svg_parts`, `svg_panel`).

Every place a move is chosen by tapping carries `data-target` with the ids `rules.sylvan.notation.targets`
names: a tree «Б3», a face-up card «open:2», and in a seat's own view a card of its hand «card:грибной-топор», an
item it holds «item:топор», a set of 3 cards it has together «set:мост». Texts are escaped; there are no
external resources (`<use href="#…">` points only into the document's own `<defs>`).
"""

from __future__ import annotations

from render.common import PANEL_EDGE, PAPER
from render.sylvan.access import grid_size
from render.sylvan.geometry import WIDTH, board_height
from render.sylvan.svg_board import board_part
from render.sylvan.svg_panel import panel_part
from render.sylvan.svg_parts import FONT, attrs, defs, rect


def board(view: dict) -> str:
    """The SVG of a Sylvan Dale view (public, or a seat's with its hand and stacks)."""
    if not isinstance(view, dict):
        view = {}
    top = board_height(grid_size(view)[1])
    panel, height = panel_part(view, top + 12)
    total = top + 12 + height + 8
    body = defs() + rect((0, 0, WIDTH, total), PAPER) + board_part(view)
    body += rect((0, top, WIDTH, top + 3), PANEL_EDGE) + panel
    head = attrs(xmlns="http://www.w3.org/2000/svg", viewBox=f"0 0 {WIDTH} {round(total)}", font_family=FONT)
    return f"<svg{head}>{body}</svg>"
