"""The colours and names of the Kingdom Builder picture: terrains, locations, cards, the board's inks. Both
writers (`png`, `svg`) colour everything by these.

>>> terrain_name("B"), location_style("harbor")[1:], location_style("volcano", "Вулкан")[1:]
('луг', ('Га', 'Гавань'), ('Ву', 'Вулкан'))
"""

from __future__ import annotations

from typing import Any

from render.common import RGB, clean

BOARD_BG: RGB = (238, 231, 214)
HEX_EDGE: RGB = (84, 78, 66)
SECTOR_EDGE: RGB = (28, 22, 16)
HL_RING: RGB = (214, 16, 24)  # highlighted hexes: a strong red, far from every player colour (pink included)
LIT_LIGHTEN = 0.0  # how much a highlighted hex is lightened: not at all, its terrain is what one builds on
LAST_RING: RGB = (255, 214, 0)
GOLD: RGB = (250, 196, 30)
GOLD_EDGE: RGB = (120, 80, 0)
GOLD_BAND: RGB = (255, 244, 204)  # under each player's gold by a card
CARD_HEAD: RGB = (70, 58, 110)  # the title band of a Kingdom Builder card
WIN_FILL: RGB = (214, 240, 210)  # a winner's score row
FINAL_RED: RGB = (200, 30, 30)  # "последний круг!"
HOUSE_EDGE: RGB = (20, 16, 12)
PIP_EDGE: RGB = (90, 60, 0)  # a tile still on a location
PIP_TAKEN: RGB = (150, 140, 130)  # a tile taken from it

# Terrain letter -> (fill, Russian name: the box's, as rules.kingdom.data.TERRAIN_NAMES). Colours after the
# printed boards, spread in lightness too, so that they stay apart for weak colour vision; each also gets a
# mark (tufts, trees, flowers, dunes, cracks, waves, peak, castle).
TERRAIN: dict[str, tuple[RGB, str]] = {
    "G": ((156, 212, 96), "равнина"),
    "S": ((168, 84, 52), "каньон"),
    "D": ((240, 220, 150), "пустыня"),
    "B": ((226, 214, 54), "луг"),
    "F": ((46, 112, 52), "лес"),
    "W": ((70, 138, 210), "вода"),
    "M": ((150, 134, 120), "гора"),
    "C": ((196, 196, 202), "замок"),
    "T": ((252, 248, 238), "локация"),
}
UNKNOWN_TERRAIN: RGB = (205, 205, 205)

# Location type -> (colour of its ring and tiles, two-letter mark, Russian name).
LOCATIONS: dict[str, tuple[RGB, str, str]] = {
    "oracle": ((128, 60, 170), "Ор", "Оракул"),
    "farm": ((196, 140, 20), "Фе", "Ферма"),
    "oasis": ((20, 150, 190), "Оа", "Оазис"),
    "tower": ((84, 96, 120), "Ба", "Башня"),
    "tavern": ((190, 40, 40), "Та", "Таверна"),
    "barn": ((140, 84, 40), "Ам", "Амбар"),
    "harbor": ((30, 70, 160), "Га", "Гавань"),
    "paddock": ((100, 136, 20), "Па", "Пастбище"),
}
UNKNOWN_LOCATION: RGB = (120, 120, 120)

CARD_TITLES = {"fishermen": "Рыбаки", "miners": "Шахтёры", "merchants": "Купцы", "workers": "Рабочие",
               "discoverers": "Первооткрыватели", "knights": "Рыцари", "hermits": "Отшельники",
               "lords": "Лорды", "citizens": "Горожане", "farmers": "Фермеры"}


def blend(a: RGB, b: RGB, t: float) -> RGB:
    """`a` moved a fraction `t` of the way towards `b`."""
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b, strict=True))  # type: ignore[return-value]


def terrain_rgb(letter: Any) -> RGB:
    return TERRAIN[letter][0] if letter in TERRAIN else UNKNOWN_TERRAIN


def terrain_name(letter: Any) -> str:
    return TERRAIN[letter][1] if letter in TERRAIN else str(letter or "?")


def location_style(kind: Any, title: Any = None) -> tuple[RGB, str, str]:
    """(colour, two-letter mark, name) of a location type; unknown types get grey and their title."""
    if kind in LOCATIONS:
        colour, mark, name = LOCATIONS[kind]
        return colour, mark, clean(str(title)) if title else name
    name = clean(str(title or kind or "?"))
    return UNKNOWN_LOCATION, (name[:2] or "?"), name


def card_title(card: dict) -> str:
    """A Kingdom Builder card's title: the view's, else the known one, else its id."""
    return str(card.get("title") or CARD_TITLES.get(card.get("id"), str(card.get("id", "?"))))


def hex_rgb(rgb: RGB) -> str:
    """ "#e6d636": a colour as SVG writes it."""
    return "#{:02x}{:02x}{:02x}".format(*rgb)
