"""Where things are on the Kingdom Builder board, in picture pixels (960 wide): hex centres and corners, the
sector borders, the coordinates printed round the board. Both writers (`png`, `svg`) place everything by these.

>>> hex_center(0, 0)
(60, 57)
>>> hex_name(19, 0), parse("K12"), parse("U1")
('A20', (11, 10), None)
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

SIZE = 20  # rows and columns (rules/kingdom/board.py)
SECTOR = 10
COLUMNS = "ABCDEFGHIJKLMNOPQRST"

WIDTH = 960
COORD_SIZE = 25  # coordinates players type: the largest text on the board
MARGIN_X = 38  # row numbers left and right
MARGIN_Y = 32  # column letters above and below
HEX_W = (WIDTH - 2 * MARGIN_X) / (SIZE + 0.5)  # pointy-top hex: width across the flats
HEX_S = HEX_W / math.sqrt(3)  # side = centre-to-corner radius
ROW_STEP = 1.5 * HEX_S
BOARD_H = round(2 * MARGIN_Y + (SIZE - 1) * ROW_STEP + 2 * HEX_S)
LABEL_SIZE = 20  # hex names inside highlighted hexes: outlined, small enough to leave the terrain in view

Point = tuple[float, float]


def centre(row: int, col: int, k: float = 1) -> Point:
    """The centre of a hex at `k` times the picture's scale (the board is drawn larger and scaled down)."""
    x = MARGIN_X + HEX_W / 2 + col * HEX_W + (HEX_W / 2 if row % 2 else 0)
    y = MARGIN_Y + HEX_S + row * ROW_STEP
    return x * k, y * k


def hex_center(row: int, col: int) -> tuple[int, int]:
    """The pixel at the centre of the hex (0-based row, column) in the picture."""
    x, y = centre(row, col)
    return round(x), round(y)


def corners(cx: float, cy: float, s: float) -> list[Point]:
    """Corners of a pointy-top hex, clockwise from the top."""
    w = s * math.sqrt(3) / 2
    return [(cx, cy - s), (cx + w, cy - s / 2), (cx + w, cy + s / 2), (cx, cy + s), (cx - w, cy + s / 2),
            (cx - w, cy - s / 2)]


def hex_name(row: int, col: int) -> str:
    return f"{COLUMNS[col]}{row + 1}"


def parse(name: Any) -> tuple[int, int] | None:
    """(row, col) of "K12"; None for anything else."""
    if not isinstance(name, str) or len(name) < 2:
        return None
    letter, number = name[0].upper(), name[1:]
    if letter not in COLUMNS or not number.isascii() or not number.isdigit():
        return None
    row = int(number) - 1
    return (row, COLUMNS.index(letter)) if 0 <= row < SIZE else None


def cells() -> Iterator[tuple[int, int]]:
    """Every (row, col), row by row."""
    for r in range(SIZE):
        for c in range(SIZE):
            yield r, c


# The shared edge towards each neighbour direction of rules/kingdom/board.step: corner indexes.
_EDGE = {0: (4, 5), 1: (1, 2), 2: (5, 0), 3: (0, 1), 4: (3, 4), 5: (2, 3)}
_EVEN = ((0, -1), (0, 1), (-1, -1), (-1, 0), (1, -1), (1, 0))
_ODD = ((0, -1), (0, 1), (-1, 0), (-1, 1), (1, 0), (1, 1))


def sector_edges(k: float = 1) -> Iterator[tuple[Point, Point, bool]]:
    """The hex edges between two quarters of the board and along its outer edge: (end, end, inside), where
    `inside` is an edge between two quarters (drawn thicker than the outer one)."""
    s = HEX_S * k
    for r, c in cells():
        ring = corners(*centre(r, c, k), s)
        for direction, (dr, dc) in enumerate(_ODD if r % 2 else _EVEN):
            nr, nc = r + dr, c + dc
            inside = 0 <= nr < SIZE and 0 <= nc < SIZE
            if inside and (nr // SECTOR, nc // SECTOR) == (r // SECTOR, c // SECTOR):
                continue
            a, b = _EDGE[direction]
            yield ring[a], ring[b], inside


def column_labels(k: float = 1) -> Iterator[tuple[Point, str]]:
    """The column letters over row 1 and under row 20: (centre, letter)."""
    for c in range(SIZE):
        for r, y in ((0, MARGIN_Y / 2), (SIZE - 1, BOARD_H - MARGIN_Y / 2)):
            x, _ = centre(r, c, k)
            yield (x, y * k), COLUMNS[c]


def row_labels(k: float = 1) -> Iterator[tuple[Point, Point, str]]:
    """The row numbers beside the first and the last hex of each row: (right end of the left one, left end of
    the right one, number)."""
    for r in range(SIZE):
        x0, y = centre(r, 0, k)
        x1, _ = centre(r, SIZE - 1, k)
        yield (x0 - HEX_W * k / 2 - 4 * k, y), (x1 + HEX_W * k / 2 + 4 * k, y), str(r + 1)
