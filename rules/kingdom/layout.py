"""Per-board data computed once and cached: hexes as flat indices (row * 20 + col), their neighbours,
straight-line steps, hexes by terrain, edge hexes, location and castle hexes. Random play asks these
questions thousands of times a second, so nothing here is recomputed per action.

>>> lay = layout((("tavern", False), ("oracle", True), ("farm", False), ("barn", False)))
>>> lay.terrain[:10], NAMES[index(11, 10)], lay.nbrs[0]
('BDDMMDDSSS', 'K12', (1, 20))
>>> len(lay.locations), sum(1 for t in lay.terrain if t == "C")
(7, 5)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from rules.kingdom.board import (
    BUILDABLE,
    CASTLE,
    LOCATION,
    MOUNTAIN,
    SIZE,
    WATER,
    Board,
    is_edge,
    name,
    sector_of,
    step,
)

HEXES = SIZE * SIZE
NAMES: tuple[str, ...] = tuple(name(i // SIZE, i % SIZE) for i in range(HEXES))  # index -> "K12"
INDEX_OF_NAME: dict[str, int] = {n: i for i, n in enumerate(NAMES)}
ROW: tuple[int, ...] = tuple(i // SIZE for i in range(HEXES))
SECTOR: tuple[int, ...] = tuple(sector_of((i // SIZE, i % SIZE)) for i in range(HEXES))


def index(r: int, c: int) -> int:
    return r * SIZE + c


def _step_index(i: int, direction: int) -> int:
    n = step((i // SIZE, i % SIZE), direction)
    return -1 if n is None else index(*n)


# STEP[i][d]: the neighbour of hex i in direction d (board.step's 6 directions), -1 off the board
STEP: tuple[tuple[int, ...], ...] = tuple(tuple(_step_index(i, d) for d in range(6)) for i in range(HEXES))
NBRS: tuple[tuple[int, ...], ...] = tuple(tuple(n for n in STEP[i] if n >= 0) for i in range(HEXES))
# JUMP[i]: the hexes exactly two steps away in a straight line (the same direction twice)
JUMP: tuple[tuple[int, ...], ...] = tuple(
    tuple(STEP[STEP[i][d]][d] for d in range(6) if STEP[i][d] >= 0 and STEP[STEP[i][d]][d] >= 0)
    for i in range(HEXES)
)
EDGE: tuple[bool, ...] = tuple(is_edge((i // SIZE, i % SIZE)) for i in range(HEXES))


@dataclass(frozen=True)
class Layout:
    board: Board
    terrain: str  # 400 letters, flat
    nbrs: tuple[tuple[int, ...], ...]
    by_letter: dict[str, tuple[int, ...]]  # terrain letter -> its hexes in index order
    buildable: tuple[int, ...]  # hexes of the five building terrains
    edge_buildable: tuple[int, ...]  # buildable hexes on the outer edge of the whole board
    locations: dict[int, str]  # location hex -> its type
    castles: tuple[int, ...]
    near_locations: tuple[tuple[int, ...], ...]  # per hex: the location hexes next to it
    near_special: tuple[tuple[int, ...], ...]  # per hex: the location and castle hexes next to it
    near_castles: tuple[tuple[int, ...], ...]
    near_water: tuple[bool, ...]
    near_mountain: tuple[bool, ...]
    is_buildable: tuple[bool, ...]


@cache
def layout(sectors: tuple[tuple[str, bool], ...]) -> Layout:
    board = Board.build(sectors)
    terrain = "".join(board.terrain)
    by_letter: dict[str, list[int]] = {}
    for i, t in enumerate(terrain):
        by_letter.setdefault(t, []).append(i)
    locations = {index(r, c): kind for (r, c), kind in sorted(board.locations.items())}
    castles = tuple(by_letter.get(CASTLE, ()))
    special = set(locations) | set(castles)
    is_buildable = tuple(t in BUILDABLE for t in terrain)
    return Layout(
        board=board,
        terrain=terrain,
        nbrs=NBRS,
        by_letter={t: tuple(v) for t, v in by_letter.items()},
        buildable=tuple(i for i in range(HEXES) if is_buildable[i]),
        edge_buildable=tuple(i for i in range(HEXES) if is_buildable[i] and EDGE[i]),
        locations=locations,
        castles=castles,
        near_locations=tuple(tuple(n for n in NBRS[i] if terrain[n] == LOCATION) for i in range(HEXES)),
        near_special=tuple(tuple(n for n in NBRS[i] if n in special) for i in range(HEXES)),
        near_castles=tuple(tuple(n for n in NBRS[i] if terrain[n] == CASTLE) for i in range(HEXES)),
        near_water=tuple(any(terrain[n] == WATER for n in NBRS[i]) for i in range(HEXES)),
        near_mountain=tuple(any(terrain[n] == MOUNTAIN for n in NBRS[i]) for i in range(HEXES)),
        is_buildable=is_buildable,
    )
