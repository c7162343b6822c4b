"""The Kingdom Builder board: `draw(view) -> PNG bytes` for the chat, `board(view) -> SVG text` for the Mini App,
both drawn from the same geometry and layout.

Picture layout (pixels; 960 wide, 1197 high with 2 players, 1253 with 3, 1280 with 4; rows shrink to stay
<= 1280); the SVG uses the same coordinates as its viewBox:

    +----------------------------------------------+
    | column letters A..T                          |  0..32
    | 20 x 20 hex board (hex 43 px wide), row      |
    | numbers 1..20 on both sides, sector borders  |  32..791
    | column letters A..T                          |  791..823 (BOARD_H)
    +----------------------------------------------+
    | Ходит Вера — what is being chosen; card      |  62
    | the four sectors with their location tiles   |  40
    | the 3 Kingdom Builder cards with hints       |  150
    | players: house, name, settlements, card,     |  56 per player
    | tiles  (when over: the score table instead)  |
    +----------------------------------------------+

Modules: `geometry` (where hexes and coordinates are), `style` (colours and names), `marks` (terrain marks as
shapes), `reading` (the view read forgivingly, and the panel's words), `layout` (the panel's bands and columns);
the writers `png` (with `png_board`, `png_panel`) and `svg`. Only the view dict is read (schema in
`rules/kingdom`); missing or odd values are drawn as neutral rather than raising.
"""

from render.kingdom.geometry import BOARD_H, HEX_S, HEX_W, WIDTH, hex_center
from render.kingdom.layout import CARD_TEXT, CARDS_H, HEADER_H, LEGEND_H, PAD, layout
from render.kingdom.png import draw, render
from render.kingdom.png_board import background, house_sprite
from render.kingdom.reading import card_gold
from render.kingdom.style import HL_RING, terrain_name, terrain_rgb
from render.kingdom.svg import board

__all__ = ["BOARD_H", "CARDS_H", "CARD_TEXT", "HEADER_H", "HEX_S", "HEX_W", "HL_RING", "LEGEND_H", "PAD", "WIDTH",
           "background", "board", "card_gold", "draw", "hex_center", "house_sprite", "layout", "render", "terrain_name",
           "terrain_rgb"]
