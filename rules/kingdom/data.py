"""Kingdom Builder game data: supplies, the terrain deck, location tiles, the 10 Kingdom Builder cards,
Russian names, and the rule-reference section ids. Each number says where it comes from.

>>> sorted(DECK_COUNTS.items())
[('B', 5), ('D', 5), ('F', 5), ('G', 5), ('S', 5)]
>>> CARD_TITLES["lords"], TILE_TITLES["harbor"], TERRAIN_NAMES["F"]
('Лорды', 'Гавань', 'лес')
"""

from __future__ import annotations

from rules.kingdom.board import CANYON, CASTLE, DESERT, FLOWERS, FOREST, GRASS, LOCATION, MOUNTAIN, WATER

SETTLEMENTS = 40  # rulebook: 40 settlements of one colour per player
MANDATORY_BUILDS = 3  # rulebook: 3 settlements on the card's terrain every turn
TILES_PER_LOCATION = 2  # rulebook: 2 location tiles on every location hex at setup
SECTORS_IN_PLAY = 4  # rulebook: 4 of the 8 board parts form the board
CARDS_IN_PLAY = 3  # rulebook: 3 Kingdom Builder cards per game
CASTLE_GOLD = 3  # rulebook: 3 gold per castle with an own settlement next to it
PLAYERS = (2, 4)  # rulebook: 2-4 players

# rulebook: 25 terrain cards, 5 each of grass, canyon, desert, flowers and forest
DECK_COUNTS: dict[str, int] = {GRASS: 5, CANYON: 5, DESERT: 5, FLOWERS: 5, FOREST: 5}
TERRAIN_ORDER = (GRASS, CANYON, DESERT, FLOWERS, FOREST)  # the order the rulebook lists them in

# Russian terrain names: the box's own (the translated rulebook and the Russian terrain cards), so a group
# reads on its card the word the bot says: "равнина" is the green grass (the farm builds there), "луг" the
# yellow flowers. An earlier version of the bot said "луг" for the grass and "цветочное поле" for the
# flowers; `notation.TERRAIN_WORDS` and the rule lookup still understand those words.
TERRAIN_NAMES: dict[str, str] = {
    GRASS: "равнина", CANYON: "каньон", DESERT: "пустыня", FLOWERS: "луг", FOREST: "лес",
    WATER: "вода", MOUNTAIN: "гора", CASTLE: "замок", LOCATION: "локация",
}
# where to build, for "стройте в лесу" (prepositional case with its preposition)
TERRAIN_WHERE: dict[str, str] = {
    GRASS: "на равнине", CANYON: "в каньоне", DESERT: "в пустыне", FLOWERS: "на лугу", FOREST: "в лесу",
    WATER: "на воде", MOUNTAIN: "на горе", CASTLE: "на замке", LOCATION: "на локации",
}
# the colour of the terrain's hexes and cards (as the picture draws them), agreeing with the name's gender
TERRAIN_COLOURS: dict[str, str] = {
    GRASS: "светло-зелёная", CANYON: "коричневый", DESERT: "песочная", FLOWERS: "жёлтый", FOREST: "тёмно-зелёный",
    WATER: "синяя", MOUNTAIN: "серая",
}


def terrain_told(letter: str) -> str:
    """A terrain as a player is told it, with its colour: "луг (жёлтый)"; a castle or a location has none.

    >>> terrain_told("G"), terrain_told("B"), terrain_told("C")
    ('равнина (светло-зелёная)', 'луг (жёлтый)', 'замок')
    """
    colour = TERRAIN_COLOURS.get(letter)
    return f"{TERRAIN_NAMES[letter]} ({colour})" if colour else TERRAIN_NAMES[letter]


# The eight location tiles (one per sector); the order is the order of their actions everywhere
TILE_ORDER = ("oracle", "farm", "oasis", "tower", "tavern", "barn", "harbor", "paddock")
TILE_TITLES: dict[str, str] = {  # rulebook names
    "oracle": "Оракул", "farm": "Ферма", "oasis": "Оазис", "tower": "Башня", "tavern": "Таверна",
    "barn": "Амбар", "harbor": "Гавань", "paddock": "Пастбище",
}
TILE_EMOJI: dict[str, str] = {  # our own button icons
    "oracle": "🔮", "farm": "🌾", "oasis": "🐪", "tower": "🗼", "tavern": "🍺", "barn": "🛖", "harbor": "⚓",
    "paddock": "🐎",
}
BUILDING_TILES = ("oracle", "farm", "oasis", "tower", "tavern")  # rulebook: build one more settlement
MOVING_TILES = ("barn", "harbor", "paddock")  # rulebook: move one of your settlements

# The ten Kingdom Builder cards (rulebook), in the rulebook's order
CARD_ORDER = ("fishermen", "miners", "merchants", "workers", "discoverers", "knights", "hermits", "lords",
              "citizens", "farmers")
CARD_TITLES: dict[str, str] = {
    "fishermen": "Рыбаки", "miners": "Шахтёры", "merchants": "Купцы", "workers": "Рабочие",
    "discoverers": "Первооткрыватели", "knights": "Рыцари", "hermits": "Отшельники", "lords": "Лорды",
    "citizens": "Горожане", "farmers": "Фермеры",
}
CARD_HINTS: dict[str, str] = {  # our own reminders of the card texts, at most 3 lines on a card in the picture
    "fishermen": "1 золото за каждое поселение рядом с водой (не на воде)",
    "miners": "1 золото за каждое поселение рядом с горой",
    "merchants": "4 золота за локацию или замок, связанный вашими поселениями с другим",
    "workers": "1 золото за каждое поселение рядом с локацией или замком",
    "discoverers": "1 золото за каждый горизонтальный ряд, где есть ваше поселение",
    "knights": "2 золота за каждое поселение в вашем лучшем ряду",
    "hermits": "1 золото за каждую отдельную группу ваших поселений",
    "lords": "в каждом секторе: больше всех поселений — 12 золота, вторые — 6",
    "citizens": "1 золото за каждые 2 поселения в вашей самой большой группе",
    "farmers": "3 золота за каждое поселение в секторе, где у вас их меньше всего",
}
MERCHANTS_GOLD = 4  # rulebook
KNIGHTS_GOLD = 2  # rulebook
FARMERS_GOLD = 3  # rulebook
LORDS_FIRST, LORDS_SECOND = 12, 6  # rulebook

SECTOR_TITLES = TILE_TITLES  # each sector is named after its location (rulebook)

# --- rule sections (ids used by RuleError and the rule reference) ------------------------------------

SECTIONS: tuple[str, ...] = (
    "kingdom.overview", "kingdom.components", "kingdom.setup", "kingdom.players", "kingdom.board",
    "kingdom.terrain", "kingdom.turn", "kingdom.skip", "kingdom.terrain-cards", "kingdom.building", "kingdom.adjacency",
    "kingdom.no-terrain", "kingdom.extra-actions", "kingdom.location-tiles", "kingdom.lose-tile",
    "kingdom.oracle", "kingdom.farm", "kingdom.oasis", "kingdom.tower", "kingdom.tavern", "kingdom.barn",
    "kingdom.harbor", "kingdom.paddock", "kingdom.castles", "kingdom.cards", "kingdom.fishermen",
    "kingdom.miners", "kingdom.merchants", "kingdom.workers", "kingdom.discoverers", "kingdom.knights",
    "kingdom.hermits", "kingdom.lords", "kingdom.citizens", "kingdom.farmers", "kingdom.terms", "kingdom.end",
    "kingdom.scoring", "kingdom.tie", "kingdom.forgotten",
)
