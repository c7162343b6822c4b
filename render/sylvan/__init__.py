"""The Builders of Sylvan Dale drawing: `draw(view) -> PNG bytes`, portrait, 800 px wide, made for a phone,
and `board(view) -> SVG text`, the same board for the Mini App.

Layout (pixels; 800 wide; the board is 812 high on the 4-player side with 5 rows and 652 on the 2-3 player
side with 4 rows; the whole picture is 976..1280 high, player rows shrink to stay <= 1280):

    +--------------------------------------------------+
    | 5 x 5 (or 5 x 4) grid of tree spots, 158 x 160    |  0..812 (652)
    | each tree seen from the side, bottom to top:      |
    |   the base: wood, its style glyph, its name (Б3)  |
    |   dwelling tiles, 96 x 22: owner colour + glyph   |
    |   flags: banners in the owner's colour, rimmed    |
    |   the treetop (not a level), clear of the river   |
    | top left of each cell: a crown with the height,   |
    | filled with the advantage holder's colour (white: |
    | nobody). Highlighted trees: lit + magenta frame;  |
    | the dwelling an opened hammer menu would move:    |
    | ringed, a hammer beside it. Regions are tinted    |
    | cells with rivers between them, each named over   |
    | its lowest tree, or in a pond next to it, arrowed |
    | (never over a crown, stack or bridge: labels);    |
    | bridges hang between neighbours at their levels   |
    | in the builder's colour.                          |
    +--------------------------------------------------+
    | «Ходит Вера — поставить жилище» (what is chosen,  |  92
    | in the infinitive); the card of the turn and a    |
    | hint; round, direction, deck                      |
    | the 3 face-up cards, numbered, symbols in full,   |  88 (round end: its scoring table instead,
    | under a caption with the crown legend             |      30 + 25 per player + 34 regions, rows
    |                                                   |      by fame so far)
    | the players' column names (when there is room)    |  24
    | players: a mark unique in the game, name, under   |  66 per player (>= 40 when short of room)
    | it dwellings, flags, cards left; fame; per symbol |
    | the played cards towards a set, the items held    |
    | "только для вас": hand and stacks (seat views)    |  74
    | when over: the final table (58 per player) and    |
    | who won each region in the last round             |
    +--------------------------------------------------+

The board (region tints, rivers, the bases with the tree names, the unused spots of the glade) is drawn once
per (side, trees and bases) at twice the size and scaled down; a second copy with every cell lit is cached
with it, and a highlighted tree gets its cell pasted from that copy and a frame. Tiles, flags, crowns, glyphs
and icons are cached anti-aliased sprites, so a picture costs a copy, some pastes and the PNG encoding
(median 16-28 ms over 50 draws, most of it the PNG encoding).

Every text under the board is PANEL_FONT (17 px) or more, 9 px when a phone shows the picture 430 px wide;
only what does not fit otherwise shrinks, to 15 px at the least.

Only the view dict is read (schema in `rules/sylvan/view.py`); missing or odd values are drawn as neutral
rather than raising. A hand and stacks are drawn only when the view names its seat (a private view): the
picture of a public view never depends on anyone's hand.

`render_round(view) -> PNG bytes` draws the scoring of the round just ended (`round_scores` of the view) as a
picture of its own, for the message the bot posts at a round's end: the table of fame per player, who won each
region, and a map of the trees in the colour of their advantage holder with the fame each gave.

The package: `access` reads the view forgivingly, `palette` holds colours and names, `geometry` and `layout`
say where everything is (pure functions of the view, shared by both outputs); the Pillow writer is `sprites`,
`board`, `panel`, `png` and `round_scoring`; the SVG writer is `svg`.
"""

from render.sylvan.access import marks, parse_name, round_end_result, round_order
from render.sylvan.board import background, cached_board
from render.sylvan.geometry import (
    ARROWS,
    BASE_W,
    CELL_H,
    CELL_W,
    CROWN_H,
    CROWN_W,
    FLAG_W,
    LEVEL_H,
    MX,
    MY,
    SWATCH,
    TOP_H,
    WIDTH,
    board_height,
    bridge_path,
    cell_box,
    crown_box,
    crown_center,
    level_box,
    overlaps,
    region_labels,
    stack_box,
    tree_center,
)
from render.sylvan.layout import CARDS_H, FINAL_HEAD, HEADER_H, PAD, PRIVATE_H, ROW_H, layout, round_layout
from render.sylvan.palette import HL_RING, OWNER_RGB, PRIVATE_BG, STYLES, TREETOP, WOOD, region_tint
from render.sylvan.png import draw, render
from render.sylvan.round_scoring import render_round, render_round_image
from render.sylvan.sprites import crown_sprite, flag_sprite, glyph_sprite
from render.sylvan.svg import board

__all__ = [
    "ARROWS", "BASE_W", "CARDS_H", "CELL_H", "CELL_W", "CROWN_H", "CROWN_W", "FINAL_HEAD", "FLAG_W", "HEADER_H",
    "HL_RING", "LEVEL_H", "MX", "MY", "OWNER_RGB", "PAD", "PRIVATE_BG", "PRIVATE_H", "ROW_H", "STYLES", "SWATCH",
    "TOP_H", "TREETOP", "WIDTH", "WOOD", "background", "board", "board_height", "bridge_path", "cached_board",
    "cell_box", "crown_box", "crown_center", "crown_sprite", "draw", "flag_sprite", "glyph_sprite", "layout",
    "level_box", "marks", "overlaps", "parse_name", "region_labels", "region_tint", "render", "render_round",
    "render_round_image", "round_end_result", "round_layout", "round_order", "stack_box", "tree_center",
]
