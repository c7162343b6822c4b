"""The Valdora board: spaces, paths between them, and where each space sits on the picture.

What the rulebook fixes (source: rulebook, "Игровое поле"): 5 towns — a central harbour town with
1 ship, two towns with equipment catalogues on one diagonal and two with contract books on the
other; 13 road spaces that each start with 6 gems; 2 harbours with 1 and 2 ships; 3 silver mines;
7 client houses, one per client colour.

What it does not print (our estimate, marked below): the exact network of paths, the names we give
the spaces so that players can type them, and their positions. The network keeps the rulebook's
character: towns sit at the crossings, so "any distance, but not past a town" matters.

Positions are on a 100 x 100 grid (x to the right, y downwards).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.valdora.data import COLOUR_NAMES_DAT, COLOUR_NAMES_GEN

TOWN, ROAD, HARBOUR, MINE, HOUSE = "town", "road", "harbour", "mine", "house"


@dataclass(frozen=True)
class Space:
    name: str  # what players type and what the picture prints
    kind: str  # town, road, harbour, mine, house
    x: int
    y: int
    ships: int = 0  # harbours and the harbour town
    book: str | None = None  # towns with a book: "equipment" or "contracts"
    client: str | None = None  # houses: the client colour


# source for kinds, counts, ships and book placement: rulebook; names and positions: estimate
SPACES: tuple[Space, ...] = (
    Space("Порт", TOWN, 50, 50, ships=1),  # the harbour town in the centre, where every pawn starts
    # rulebook: the figure's letters, catalogues A and B on one diagonal, contract books C and D on the other.
    # Latin letters: D must not be read as Д, our roads' letter; A, B and C look the same in both alphabets.
    Space("A", TOWN, 14, 14, book="equipment"),
    Space("B", TOWN, 86, 86, book="equipment"),
    Space("C", TOWN, 86, 14, book="contracts"),
    Space("D", TOWN, 14, 86, book="contracts"),
    Space("Д1", ROAD, 32, 10),
    Space("Д2", ROAD, 68, 10),
    Space("Д3", ROAD, 90, 32),
    Space("Д4", ROAD, 90, 68),
    Space("Д5", ROAD, 68, 90),
    Space("Д6", ROAD, 32, 90),
    Space("Д7", ROAD, 10, 68),
    Space("Д8", ROAD, 10, 32),
    Space("Д9", ROAD, 38, 38),
    Space("Д10", ROAD, 62, 38),
    Space("Д11", ROAD, 62, 62),
    Space("Д12", ROAD, 38, 62),
    Space("Д13", ROAD, 26, 74),
    Space("Гавань", HARBOUR, 90, 50, ships=2),
    Space("Пристань", HARBOUR, 10, 50, ships=1),
    Space("Ш1", MINE, 50, 10),
    Space("Ш2", MINE, 50, 90),
    Space("Ш3", MINE, 74, 26),
    Space("Серый", HOUSE, 26, 26, client="grey"),
    Space("Жёлтый", HOUSE, 50, 24, client="yellow"),
    Space("Белый", HOUSE, 38, 78, client="white"),
    Space("Фиолетовый", HOUSE, 74, 74, client="purple"),
    Space("Красный", HOUSE, 76, 50, client="red"),
    Space("Синий", HOUSE, 56, 77, client="blue"),
    Space("Зелёный", HOUSE, 24, 50, client="green"),
)

# estimate: the paths. The outer ring joins the four corner towns, four spokes join them to the
# harbour town, two cross paths join neighbouring spokes, and some houses sit at the end of a lane.
EDGES: tuple[tuple[str, str], ...] = (
    # north side
    ("A", "Д1"), ("Д1", "Ш1"), ("Ш1", "Д2"), ("Д2", "C"), ("Ш1", "Жёлтый"),
    # east side
    ("C", "Д3"), ("Д3", "Гавань"), ("Гавань", "Д4"), ("Д4", "B"), ("Гавань", "Красный"),
    # south side
    ("B", "Д5"), ("Д5", "Ш2"), ("Ш2", "Д6"), ("Д6", "D"), ("Ш2", "Синий"),
    # west side
    ("D", "Д7"), ("Д7", "Пристань"), ("Пристань", "Д8"), ("Д8", "A"), ("Пристань", "Зелёный"),
    # spokes from the harbour town
    ("Порт", "Д9"), ("Д9", "Серый"), ("Серый", "A"),
    ("Порт", "Д10"), ("Д10", "Ш3"), ("Ш3", "C"),
    ("Порт", "Д11"), ("Д11", "Фиолетовый"), ("Фиолетовый", "B"),
    ("Порт", "Д12"), ("Д12", "Д13"), ("Д13", "D"), ("Д13", "Белый"),
    # cross paths between neighbouring spokes
    ("Д9", "Д12"), ("Д10", "Д11"),
)

START = "Порт"  # rulebook: every pawn starts on the harbour town
SPACE_BY_NAME = {space.name: space for space in SPACES}
NEIGHBOURS: dict[str, tuple[str, ...]] = {
    space.name: tuple(sorted({b for a, b in EDGES if a == space.name}
                             | {a for a, b in EDGES if b == space.name}))
    for space in SPACES
}


# The towns' names before they followed the rulebook's figure (Cyrillic А, Б were the catalogues, В, Г the
# contract books): games saved and logs written then still read right (`state.load`, `Valdora.apply`).
LEGACY_TOWNS = {"А": "A", "Б": "B", "В": "C", "Г": "D"}

_LOCATIVE = {"Порт": "в Порту", "Гавань": "в Гавани", "Пристань": "на Пристани"}
_DIRECTIVE = {"Порт": "в Порт", "Гавань": "в Гавань", "Пристань": "на Пристань"}


def at(name: str) -> str:
    """Where a pawn stands, ready for a Russian sentence: "на Д5", "в городе A", "в Порту", "у серого клиента".

    >>> at("Д5"), at("A"), at("Порт"), at("Серый")
    ('на Д5', 'в городе A', 'в Порту', 'у серого клиента')
    """
    if name in _LOCATIVE:
        return _LOCATIVE[name]
    space = SPACE_BY_NAME[name]
    if space.kind == TOWN:
        return f"в городе {name}"
    if space.kind == HOUSE:
        return f"у {COLOUR_NAMES_GEN[space.client]} клиента"
    return f"на {name}"


def to(name: str) -> str:
    """Where a pawn goes, ready for a Russian sentence: "на Д5", "в город A", "в Порт", "к серому клиенту".

    >>> to("Д5"), to("A"), to("Порт"), to("Серый"), to("Гавань"), to("Ш1")
    ('на Д5', 'в город A', 'в Порт', 'к серому клиенту', 'в Гавань', 'на Ш1')
    """
    if name in _DIRECTIVE:
        return _DIRECTIVE[name]
    space = SPACE_BY_NAME[name]
    if space.kind == TOWN:
        return f"в город {name}"
    if space.kind == HOUSE:
        return f"к {COLOUR_NAMES_DAT[space.client]} клиенту"
    return f"на {name}"
