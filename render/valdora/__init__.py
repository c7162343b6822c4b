"""The Valdora board: `draw(view) -> PNG bytes` for the chat and `board(view) -> SVG` for the Mini App, both
portrait, 900 units wide, made for a phone, painted by the same code from the same layout.

Layout (pixels; 900 wide; the map takes what the player rows leave, at most MAP_MAX_H, so the picture is
1280 high for every player count):

    +--------------------------------------------------+
    | the map: roads with their gems, towns, harbours, |  0..map_h (614 with 5 players,
    | mines, client houses; pawns (pawn-shaped tokens  |            686 with 4, 758 with 3)
    | in the seat colours, seat number on the head)    |
    | beside the space they stand on; a yellow glow    |
    | (no seat's colour) under the pawn to move;       |
    | while the current player moves: magenta rings    |
    | where the pawn may go (`highlight`), a coin with |
    | the meeting cost, a sack if provisions get spent |
    +--------------------------------------------------+
    | «Ходит Вера — куда идти» / «Партия окончена»     |  78
    | bank, bonus cards left, discard; legend of marks |
    +--------------------------------------------------+
    | the four books: town, kind, the two open pages   |  112
    +--------------------------------------------------+
    | masters left per colour; workshops need -> pts   |  84
    +--------------------------------------------------+
    | key: provisions, pan, loading price, contract    |  32
    +--------------------------------------------------+
    | one row per player: pawn mark, name, masters,    |  72 per player
    | workshops, bonuses, delivered; coins, provisions,|
    | equipment (a tile framed in the gem it takes,    |
    | the gem on it; cart and horse: rainbow ring and  |
    | their loading cost on a coin), contracts (client |
    | shield with its number, wants, points)           |
    +--------------------------------------------------+

Modules: `layout` (sizes, colours, where every block, space and pawn goes; the ids a player taps), `canvas`
(what the painting draws on), `pieces` (small pictures), `land` (the map), `panels` (status, books, masters),
`rows` (player rows, final scores), `sheet` (all of it in order), `png` and `svg` (the two writers).

Text that a move depends on is at least 20-22 px, so that it stays readable when a phone shows the picture
430 px wide. Everything that never changes during a game (paths, spaces and their names, block frames,
captions, book titles) is drawn once per board and player count into a cached background; each call copies
it and adds the pieces (about 20 ms, plus the palette PNG encoding). The SVG is painted whole for each
call (30-70 ms; under 100 KB for the fullest five-player board). Place names are read from the view,
never assumed. Only the view dict is read (schema in `rules/valdora/view.py`); unknown or missing values
are drawn as neutral rather than raising.
"""

from render.valdora.canvas import pawn_sprite
from render.valdora.layout import (
    BOARD_BG,
    CART_RGB,
    CLIENT_RGB,
    CONTRACT_RIBBON,
    DARK,
    EMPTY_SLOT,
    EQUIP_H,
    EQUIP_RIBBON,
    EQUIP_TEXT,
    GEM_RGB,
    HARBOUR_EDGE,
    HARBOUR_FILL,
    HL_GAP,
    HL_RING,
    HL_W,
    LAST_ROUND,
    MINE_FILL,
    PATH,
    PATH_EDGE,
    PAWN_H,
    PAWN_STEP_MIN,
    PAWN_W,
    PROVISIONS_RGB,
    ROAD_EDGE,
    ROAD_FILL,
    STRIP_BG,
    TOWN_EDGE,
    TOWN_FILL,
    TURN_EDGE,
    TURN_MARK,
    TURN_SOFT,
    UNKNOWN,
    WIDTH,
    Layout,
    Spot,
    client_rgb,
    display_name,
    gem_rgb,
    highlighted,
    layout,
    pawn_spots,
    pill_width,
    row_mark,
    row_top,
)
from render.valdora.pieces import contract_chip, equipment_pill, equipment_tile
from render.valdora.png import Background, background, draw, render
from render.valdora.svg import board

__all__ = [
    "BOARD_BG", "CART_RGB", "CLIENT_RGB", "CONTRACT_RIBBON", "DARK", "EMPTY_SLOT", "EQUIP_H", "EQUIP_RIBBON",
    "EQUIP_TEXT", "GEM_RGB", "HARBOUR_EDGE", "HARBOUR_FILL", "HL_GAP", "HL_RING", "HL_W", "LAST_ROUND", "MINE_FILL",
    "PATH", "PATH_EDGE", "PAWN_H", "PAWN_STEP_MIN", "PAWN_W", "PROVISIONS_RGB", "ROAD_EDGE", "ROAD_FILL",
    "STRIP_BG", "TOWN_EDGE", "TOWN_FILL", "TURN_EDGE", "TURN_MARK", "TURN_SOFT", "UNKNOWN", "WIDTH",
    "Background", "Layout", "Spot", "background", "board", "client_rgb", "contract_chip", "display_name", "draw",
    "equipment_pill", "equipment_tile", "gem_rgb", "highlighted", "layout", "pawn_spots", "pawn_sprite",
    "pill_width", "render", "row_mark", "row_top",
]
