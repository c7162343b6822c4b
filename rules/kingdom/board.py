"""The Kingdom Builder board: the 8 published sectors, how 4 of them form the 20 x 20 board, hex
neighbours, and the coordinates players type (`K12`).

Source of every terrain letter and of the location and castle hexes: the published boards (base game),
transcribed from `shared/reference/kingdom_builder_sectors.txt`, which cross-checks three public
implementations. Nothing here is an estimate.

Geometry: pointy-top hexes in rows; odd rows (0-based) are shifted half a hex to the right, on the whole
board as in each sector. A sector turned 180 degrees maps (r, c) to (9 - r, 9 - c), which keeps that rule.

>>> board = Board.build([("tavern", False), ("oracle", True), ("farm", False), ("barn", False)])
>>> board.terrain[0][:10]
'BDDMMDDSSS'
>>> name(0, 10), parse_hex("к12"), parse_hex("T20"), parse_hex("U1")
('K1', (11, 10), (19, 19), None)
>>> sorted(neighbours(0, 0)), sorted(neighbours(1, 0))
([(0, 1), (1, 0)], [(0, 0), (0, 1), (1, 1), (2, 0), (2, 1)])
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

SIZE = 20  # rows and columns of the whole board
SECTOR = 10  # rows and columns of one sector

GRASS, CANYON, DESERT, FLOWERS, FOREST = "G", "S", "D", "B", "F"
WATER, MOUNTAIN, CASTLE, LOCATION = "W", "M", "C", "T"
BUILDABLE = (GRASS, CANYON, DESERT, FLOWERS, FOREST)  # rulebook: the five terrains with terrain cards

# The eight sectors, each named after its location type (rulebook: 8 board parts, 8 locations; data:
# the published boards). Rows top to bottom, columns left to right, unrotated.
SECTORS: dict[str, tuple[str, ...]] = {
    "farm": (
        "DDSWWFFFGG",
        "DCSWFFFTGG",
        "SSSBBBFSBB",
        "SSBBWDDSSB",
        "SGGWBBDDSS",
        "GGTBWBWDDS",
        "GGGFBBWWDD",
        "GGFFMWWWDW",
        "GMFFWWWWWW",
        "FFFWWWWWWW",
    ),
    "harbor": (
        "GGFFFWGFFB",
        "GBFFWGFFBB",
        "GBBFWGGBBB",
        "BBFFWGMBDD",
        "SBCFWGDDDD",
        "SSFWGGMMDD",
        "SSWWWGDDDS",
        "WWGGWWTSMS",
        "WDCGWMWSSS",
        "WDDWWWWSSS",
    ),
    "oracle": (
        "GGGFFWGFFF",
        "GGGCFWGFFF",
        "GBBGFFWGGF",
        "BBSGFWBTFF",
        "BBBSSWBBWW",
        "MMSGGWWWDD",
        "SSSMGBBBDD",
        "SSCDMDBBSS",
        "WWWDDDDMSS",
        "WWWWDDDDDS",
    ),
    "paddock": (
        "SSSDDWDDDD",
        "MMSDDWDDDD",
        "MMSMMWDDTB",
        "MSMMWMDBBB",
        "SSFFWMMSBB",
        "SFFWSSSMBB",
        "STFFWBBBBB",
        "GGFWGCGBGF",
        "GGFFWGGGGF",
        "GGFFWGGGFF",
    ),
    "oasis": (
        "DDSWWFFGGG",
        "DSWBBFFFGG",
        "DDWBBFFTBG",
        "WWWBGFBBBB",
        "WWWWGGGGBB",
        "WFFWGGSSDS",
        "WFSFWGSSDS",
        "WCSBWTDDSW",
        "WWSBWWWDDW",
        "WWWWWWWWWW",
    ),
    "tavern": (
        "BDDMMDDSSS",
        "BBDDDMMSSS",
        "BBBBBBBMMM",
        "WWBCGGFFMM",
        "BBWWGGGFFS",
        "BSSWGFFSSS",
        "DBTSWFFTSG",
        "DDSWFFGGGG",
        "DDDWFFFGGG",
        "DDWWFFFGGG",
    ),
    "barn": (
        "SDDDDDDDDD",
        "SSSDDDDDSD",
        "MMMDMMTDDS",
        "SMMMMMBBSS",
        "SSSMMWBBBS",
        "GSSSMBBWFS",
        "GGTFBBWBBF",
        "GGFFBBGCFF",
        "GGGFFWGGFF",
        "GGGFWGGFFF",
    ),
    "tower": (
        "FFFFMMGMSS",
        "FMFFBGMMMS",
        "BBFBBBGGWM",
        "DBBBWTGWMM",
        "DDDDBWGWSS",
        "DSDDDWWSGS",
        "DDSDDWBCGS",
        "SSTDWBBBGG",
        "DSWWWFFBGG",
        "DSSWFFFGGG",
    ),
}

COLUMNS = "ABCDEFGHIJKLMNOPQRST"  # column letters players type, left to right
# Cyrillic letters that look like Latin column letters, as people type them on a Russian keyboard
CYRILLIC_LOOKALIKES = str.maketrans("АВСЕНКМОРТ", "ABCEHKMOPT")


@dataclass(frozen=True)
class Board:
    """The 20 x 20 board of one game: terrain letters row by row, the sector of each quarter and
    whether it is turned, and the location type of every location hex."""

    sectors: tuple[tuple[str, bool], ...]  # top-left, top-right, bottom-left, bottom-right
    terrain: tuple[str, ...]  # 20 strings of 20 letters, rows top to bottom
    locations: dict[tuple[int, int], str]  # (row, col) of each location hex -> its type ("oracle" ...)

    @classmethod
    def build(cls, sectors: list[tuple[str, bool]] | tuple[tuple[str, bool], ...]) -> Board:
        """The board from four (sector name, turned 180 degrees) in reading order."""
        rows = [[""] * SIZE for _ in range(SIZE)]
        locations: dict[tuple[int, int], str] = {}
        for quarter, (sector, turned) in enumerate(sectors):
            top, left = (quarter // 2) * SECTOR, (quarter % 2) * SECTOR
            grid = SECTORS[sector]
            for r in range(SECTOR):
                for c in range(SECTOR):
                    letter = grid[SECTOR - 1 - r][SECTOR - 1 - c] if turned else grid[r][c]
                    rows[top + r][left + c] = letter
                    if letter == LOCATION:
                        locations[(top + r, left + c)] = sector
        return cls(tuple((s, bool(t)) for s, t in sectors), tuple("".join(row) for row in rows), locations)

    def at(self, hex_: tuple[int, int]) -> str:
        return self.terrain[hex_[0]][hex_[1]]

    def hexes(self, letter: str) -> list[tuple[int, int]]:
        return [(r, c) for r in range(SIZE) for c in range(SIZE) if self.terrain[r][c] == letter]


def sector_of(hex_: tuple[int, int]) -> int:
    """The quarter (0 top-left, 1 top-right, 2 bottom-left, 3 bottom-right) a hex lies in."""
    return (hex_[0] // SECTOR) * 2 + hex_[1] // SECTOR


# The six directions as (row step, column step) for an even row and for an odd row, in matching order,
# so that going on in "the same direction" keeps a straight line across rows.
_EVEN = ((0, -1), (0, 1), (-1, -1), (-1, 0), (1, -1), (1, 0))
_ODD = ((0, -1), (0, 1), (-1, 0), (-1, 1), (1, 0), (1, 1))


def step(hex_: tuple[int, int], direction: int) -> tuple[int, int] | None:
    """The neighbour of `hex_` in one of the 6 directions (0 west, 1 east, 2 north-west, 3 north-east,
    4 south-west, 5 south-east), or None off the board."""
    r, c = hex_
    dr, dc = (_ODD if r % 2 else _EVEN)[direction]
    r, c = r + dr, c + dc
    return (r, c) if 0 <= r < SIZE and 0 <= c < SIZE else None


@cache
def neighbours(r: int, c: int) -> tuple[tuple[int, int], ...]:
    """The up to six hexes touching (r, c) on the whole board."""
    return tuple(n for d in range(6) if (n := step((r, c), d)) is not None)


def is_edge(hex_: tuple[int, int]) -> bool:
    """A hex on the outer border of the whole board (not a sector border): fewer than 6 neighbours."""
    r, c = hex_
    return r in (0, SIZE - 1) or c in (0, SIZE - 1)


def name(r: int, c: int) -> str:
    """What players type and the picture prints: column letter and row number from 1, e.g. "K12"."""
    return f"{COLUMNS[c]}{r + 1}"


def parse_hex(text: str) -> tuple[int, int] | None:
    """(row, col) for "K12", "k12", "к12" (Cyrillic К), "12K"; None for anything else."""
    text = text.strip().upper().translate(CYRILLIC_LOOKALIKES)
    if len(text) < 2:
        return None
    if text[0] in COLUMNS and text[1:].isascii() and text[1:].isdigit():
        letter, number = text[0], text[1:]
    elif text[-1] in COLUMNS and text[:-1].isascii() and text[:-1].isdigit():
        letter, number = text[-1], text[:-1]
    else:
        return None
    row = int(number)
    return (row - 1, COLUMNS.index(letter)) if 1 <= row <= SIZE and len(number) <= 2 else None
