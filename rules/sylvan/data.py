"""Components of Builders of Sylvan Dale: styles, symbols, the 80 cards, the dwelling tiles, the tree bases,
both sides of the board, the supply, and the rule-section ids the engine cites.

The rulebook prints the counts but not the card faces, the board layout or the styles of tiles and bases,
so those values are our estimates; every value says "rulebook" or "estimate" and why.

Tree names are a column letter А-Д and a row number 1-5, like chess squares: "Б3" is column Б, row 3.
They are printed on the board picture; players type them in Cyrillic or in Latin transliteration ("b3").

>>> len(CARDS), sum(1 for c in CARDS if len(c.symbols) == 2)
(80, 12)
>>> [len(SIDES[s].spots) for s in ("big", "small")], len(playable_spots(2))
([20, 16], 13)
>>> sorted(len(r.trees) for r in SIDES["big"].regions), sorted(len(r.trees) for r in SIDES["small"].regions)
([3, 4, 4, 4, 5], [3, 3, 3, 3, 4])
"""

from __future__ import annotations

from dataclasses import dataclass

# --- styles of dwellings --------------------------------------------------------------------------------

# estimate: the rulebook shows the 4 styles only as pictures; we name them after what their inhabitants love
STYLES: tuple[str, ...] = ("mushroom", "flower", "nut", "leaf")
STYLE_NAMES = {"mushroom": "грибной", "flower": "цветочный", "nut": "ореховый", "leaf": "лиственный"}  # стиль
STYLE_NEUT = {"mushroom": "грибное", "flower": "цветочное", "nut": "ореховое", "leaf": "лиственное"}  # жилище
STYLE_EMOJI = {"mushroom": "🍄", "flower": "🌸", "nut": "🌰", "leaf": "🍃"}
# rulebook: 4 kinds of inhabitants, each prefers its own style (estimate: which one lives where)
INHABITANTS = {"mushroom": "гномы", "flower": "феи", "nut": "белки", "leaf": "эльфы"}

# --- symbols and special items --------------------------------------------------------------------------

SYMBOLS: tuple[str, ...] = ("axe", "hammer", "bridge", "treetop")  # rulebook: 4 symbols, 4 items
SYMBOL_NAMES = {"axe": "топор", "hammer": "молоток", "bridge": "мост", "treetop": "верхушка"}
SYMBOL_ACC = {"axe": "топор", "hammer": "молоток", "bridge": "мост", "treetop": "верхушку"}
SYMBOL_EMOJI = {"axe": "🪓", "hammer": "🔨", "bridge": "🌉", "treetop": "🌲"}
SUPPLY: dict[str, int] = {  # rulebook: the general supply
    "axe": 6,  # rulebook
    "hammer": 6,  # rulebook
    "bridge": 12,  # rulebook
    "treetop": 9,  # rulebook
}
SET_SIZE = 3  # rulebook: 3 played cards with the same symbol give the item
FLAGS_PER_PLAYER = 16  # rulebook
FLAG_FAME = 5  # rulebook: a flag on a dwelling gives 5 fame at once (a flag on a bridge gives none)

# --- cards ----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Card:
    """One card: the style of its dwelling (its inhabitant follows the style) and one or two symbols."""

    id: int
    style: str
    symbols: tuple[str, ...]

    @property
    def face(self) -> tuple[str, tuple[str, ...]]:
        return self.style, self.symbols


# estimate: symbols on the 20 cards of each style. The rulebook says only that some cards carry both the
# bridge and the treetop; bridges (12 in the supply) and treetops (9) are the most plentiful items, so
# their symbols are the most common, and axes and hammers (6 each) the rarest.
SYMBOL_MIX: tuple[tuple[tuple[str, ...], int], ...] = (
    (("axe",), 4),  # estimate
    (("hammer",), 4),  # estimate
    (("bridge",), 5),  # estimate
    (("treetop",), 4),  # estimate
    (("bridge", "treetop"), 3),  # estimate: "some cards" carry two symbols, 12 of 80
)
CARDS: tuple[Card, ...] = tuple(  # rulebook: 80 cards (estimate: 20 of each style)
    Card(i, style, symbols)
    for i, (style, symbols) in enumerate(
        (style, symbols) for style in STYLES for symbols, n in SYMBOL_MIX for _ in range(n)
    )
)
HAND_SIZE = 4  # rulebook: 4 cards dealt to each player
FACE_UP = 3  # rulebook: 3 cards face up beside the deck
REDRAW = 3  # rulebook: with no playable card, discard the hand and draw 3

# --- dwelling tiles and tree bases ------------------------------------------------------------------------

# estimate: each player's 16 dwellings are 4 of each style (the rulebook gives only the total of 16)
PLAYER_TILES: tuple[str, ...] = tuple(style for style in STYLES for _ in range(4))
STACK_SIZE = 8  # rulebook: two stacks of 8
MAX_HEIGHT = 6  # rulebook: the base and 5 dwellings
# estimate: the 20 bases show 5 dwellings of each style (the rulebook gives only the total of 20)
BASES: tuple[str, ...] = tuple(style for style in STYLES for _ in range(5))
PLAYER_COLOURS = ("red", "blue", "yellow", "green")  # estimate: the rulebook's examples use red, yellow, blue
COLOUR_NAMES = {"red": "красный", "blue": "синий", "yellow": "жёлтый", "green": "зелёный"}
COLOUR_EMOJI = {"red": "🟥", "blue": "🟦", "yellow": "🟨", "green": "🟩"}

# --- the board ------------------------------------------------------------------------------------------

COLUMNS = "АБВГД"
LATIN_COLUMNS = {"a": "А", "b": "Б", "v": "В", "g": "Г", "d": "Д"}  # transliteration


@dataclass(frozen=True)
class Region:
    id: str
    name: str
    trees: tuple[str, ...]
    glade: bool = False  # the light-green glade: left empty with 2 players


@dataclass(frozen=True)
class Side:
    id: str
    title: str
    columns: int
    rows: int
    regions: tuple[Region, ...]

    @property
    def spots(self) -> tuple[str, ...]:
        """Tree spots in reading order: row by row, left to right."""
        names = [t for r in self.regions for t in r.trees]
        return tuple(sorted(names, key=lambda n: (int(n[1:]), COLUMNS.index(n[0]))))


def _region(rid: str, name: str, trees: str, glade: bool = False) -> Region:
    return Region(rid, name, tuple(trees.split()), glade)


# estimate: the layout of both sides. The rulebook says: 20 spots on one side and 16 on the other, 5 regions
# of 3-5 trees divided by rivers, and 3 spots on the light-green glade of the smaller side. We put the spots
# on a 5x5 grid (some cells empty) so that "adjacent" means next in a row or a column.
#      А  Б  В  Г  Д                           А  Б  В  Г  Д
#   1  с  с  .  б  б    big side (4 players)   1  с  с  .  б  б    small side (2-3 players)
#   2  с  с  д  б  б                           2  с  п  п  п  б    п = the glade (not used by 2 players)
#   3  .  д  д  д  .                           3  д  д  .  и  и
#   4  и  и  д  е  е                           4  д  д  .  и  .
#   5  и  и  .  .  е
SIDES: dict[str, Side] = {
    "big": Side("big", "сторона для четверых", 5, 5, (
        _region("pine", "Сосновый бор", "А1 Б1 А2 Б2"),
        _region("birch", "Берёзовая роща", "Г1 Д1 Г2 Д2"),
        _region("oak", "Старая дубрава", "В2 Б3 В3 Г3 В4"),
        _region("willow", "Ивовая заводь", "А4 Б4 А5 Б5"),
        _region("spruce", "Ельник", "Г4 Д4 Д5"),
    )),
    "small": Side("small", "сторона для двоих и троих", 5, 4, (
        _region("pine", "Сосновый бор", "А1 Б1 А2"),
        _region("birch", "Берёзовая роща", "Г1 Д1 Д2"),
        _region("glade", "Светлая поляна", "Б2 В2 Г2", glade=True),
        _region("oak", "Старая дубрава", "А3 Б3 А4 Б4"),
        _region("willow", "Ивовая заводь", "Г3 Д3 Г4"),
    )),
}


def side_for(players: int) -> str:
    """rulebook: 4 players use the side with more spots, 2-3 players the other one."""
    return "big" if players == 4 else "small"


def playable_spots(players: int) -> tuple[str, ...]:
    """rulebook: all 20 spots for 4, 16 for 3, and 13 for 2 (no trees on the light-green glade)."""
    side = SIDES[side_for(players)]
    glade = {t for r in side.regions if r.glade for t in r.trees} if players == 2 else set()
    return tuple(t for t in side.spots if t not in glade)


def spot_position(name: str) -> tuple[int, int]:
    """(column, row) from 0: "Б3" -> (1, 2)."""
    return COLUMNS.index(name[0]), int(name[1:]) - 1


def adjacent(a: str, b: str) -> bool:
    """rulebook: neighbours are next to each other in a row or a column; diagonals are not neighbours."""
    (ca, ra), (cb, rb) = spot_position(a), spot_position(b)
    return abs(ca - cb) + abs(ra - rb) == 1


# --- rule-reference sections cited by the engine ----------------------------------------------------------

SECTIONS: tuple[str, ...] = (
    "sylvan.setup", "sylvan.players", "sylvan.board", "sylvan.trees", "sylvan.styles", "sylvan.cards",
    "sylvan.turn", "sylvan.play-card", "sylvan.place", "sylvan.stacks", "sylvan.no-fit", "sylvan.draw",
    "sylvan.refresh", "sylvan.deck", "sylvan.flags", "sylvan.flag-limit", "sylvan.items", "sylvan.item-timing",
    "sylvan.axe", "sylvan.hammer", "sylvan.treetop", "sylvan.bridge", "sylvan.bridge-points",
    "sylvan.advantage", "sylvan.tree-points", "sylvan.regions", "sylvan.region-tie", "sylvan.rounds",
    "sylvan.round-two", "sylvan.scoring", "sylvan.supply", "sylvan.end", "sylvan.tie-break", "sylvan.skip",
)
