"""Settlements in the SVG: one house drawing per colour in `<defs>`, placed with `<use>` on the board and in the
panel, as the PNG pastes one cached sprite per colour."""

from __future__ import annotations

from typing import Any

from render.common import RGB, WHITE, contrast
from render.kingdom import reading
from render.kingdom.layout import HOUSE
from render.kingdom.png_board import HOUSE_DOOR, HOUSE_SHAPE
from render.kingdom.style import HOUSE_EDGE, hex_rgb
from render.kingdom.svg_elements import number, polygon, rect

SPRITE_PAD = 4  # the PNG's house sprite has this margin round the house


class Houses:
    """The houses of one view's players: `use` places one, `defs` draws each colour used once."""

    def __init__(self, view: dict):
        self.view = view
        self.used: dict[str, RGB] = {}  # id -> colour

    def use(self, seat: Any, cx: float, cy: float, size: int = HOUSE) -> str:
        """A house of `seat`'s colour centred on (cx, cy), `size` wide as the PNG's sprite of that size."""
        colour = reading.colour(self.view, seat)
        key = f"kb-house-{hex_rgb(colour)[1:]}"
        self.used[key] = colour
        if size == HOUSE:
            place = f'x="{number(cx)}" y="{number(cy)}"'
        else:
            place = f'transform="translate({number(cx)},{number(cy)}) scale({round(size / HOUSE, 3)})"'
        return f'<use href="#{key}" {place}/>'

    def use_left(self, seat: Any, x: float, cy: float, size: int = HOUSE) -> tuple[str, int]:
        """A house whose sprite's left edge is at x (as the PNG pastes it), and the sprite's width."""
        width = size + 2 * SPRITE_PAD
        return self.use(seat, x + width / 2, cy, size), width

    def defs(self) -> list[str]:
        return [_house(key, colour) for key, colour in self.used.items()]


def _house(key: str, fill: RGB) -> str:
    """A settlement of one colour, centred on (0, 0) at the board's size: white ring, dark edge, door."""
    half = HOUSE / 2
    pts = [(x * HOUSE - half, y * HOUSE - half) for x, y in HOUSE_SHAPE]
    x0, y0, x1, y1 = HOUSE_DOOR
    return (f'<g id="{key}">'
            + polygon(pts, fill="none", stroke=WHITE, stroke_width=5.5, stroke_linejoin="round")
            + polygon(pts, fill=fill, stroke=HOUSE_EDGE, stroke_width=1.8, stroke_linejoin="round")
            + rect(x0 * HOUSE - half, y0 * HOUSE - half, (x1 - x0) * HOUSE, (y1 - y0) * HOUSE, fill=contrast(fill))
            + "</g>")
