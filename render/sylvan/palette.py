"""The colours of the Sylvan Dale drawing and the names of styles and symbols it prints."""

from __future__ import annotations

from render.common import RGB

# --- colours -------------------------------------------------------------------------------------------
FRAME: RGB = (74, 92, 58)  # around the board
RIVER: RGB = (84, 150, 206)
RIVER_LIGHT: RGB = (176, 214, 240)
WOOD: RGB = (120, 78, 44)
WOOD_DARK: RGB = (66, 40, 20)
OUTLINE: RGB = (30, 24, 20)
HL_RING: RGB = (215, 0, 150)  # highlighted trees: a colour no player and no region has
TREETOP: RGB = (36, 120, 52)
TREETOP_DARK: RGB = (16, 70, 28)
GOLD: RGB = (250, 196, 30)
PRIVATE_BG: RGB = (58, 48, 82)
NEUTRAL_OWNER: RGB = (170, 170, 170)

# rules/sylvan/data.py: PLAYER_COLOURS = red, blue, yellow, green (the rulebook's pieces)
OWNER_RGB: dict[str, RGB] = {
    "red": (214, 45, 45),
    "blue": (38, 96, 218),
    "yellow": (248, 202, 28),
    "green": (30, 150, 64),
}
REGION_TINT: dict[str, RGB] = {
    "pine": (204, 224, 196),
    "birch": (240, 234, 204),
    "oak": (224, 212, 180),
    "willow": (224, 214, 232),
    "spruce": (196, 222, 216),
    "glade": (222, 244, 186),
}
SPARE_TINTS: tuple[RGB, ...] = ((230, 220, 200), (210, 226, 210), (226, 210, 210), (214, 214, 232))

STYLES = ("mushroom", "flower", "nut", "leaf")
STYLE_NAMES = {"mushroom": "грибной", "flower": "цветочный", "nut": "ореховый", "leaf": "лиственный"}
STYLE_INK: dict[str, RGB] = {"mushroom": (200, 36, 40), "flower": (222, 84, 170), "nut": (150, 92, 40),
                             "leaf": (44, 140, 50)}
SYMBOLS = ("axe", "hammer", "bridge", "treetop")
SYMBOL_NAMES = {"axe": "топор", "hammer": "молоток", "bridge": "мост", "treetop": "верхушка"}
SET_SIZE = 3

STEP_TEXT = {  # what the player to move chooses, in the infinitive: «Ходит Вера — поставить жилище»
    "play": "сыграть карту",
    "place": "поставить жилище",
    "flag": "решить, прикрепить ли флаг",
    "act": "взять карту",
    "over": "партия окончена",
}

def region_tint(rid: str, index: int = 0) -> RGB:
    return REGION_TINT.get(rid, SPARE_TINTS[index % len(SPARE_TINTS)])


def blend(a: RGB, b: RGB, t: float) -> RGB:
    """The colour a fraction t of the way from a to b."""
    return tuple(round(x + (y - x) * t) for x, y in zip(a[:3], b[:3], strict=True))  # type: ignore[return-value]
