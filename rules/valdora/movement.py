"""Where a pawn may go: any distance along the paths, but a town stops it unless provisions are spent.

A route "passes" a town when it enters the town and leaves it again; leaving the starting space is
not passing it. `routes(start)` gives, for every space, the fewest towns a route from `start` must
pass and which towns those are (for the refusal message).

>>> routes("Д9")["Д12"].towns      # a road next to a road: no town in between
()
>>> routes("Д1")["Д2"].towns       # Ш1 is a silver mine, not a town
()
>>> routes("Д8")["Серый"].towns    # every way passes a town
('A',)
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from functools import cache

from rules.valdora.board import MINE, NEIGHBOURS, SPACE_BY_NAME, SPACES, TOWN

MAX_TOWNS_WITH_PROVISIONS = 1  # rulebook: provisions let you pass through exactly one town


@dataclass(frozen=True)
class Route:
    """The cheapest way to a space: the towns passed on the way (fewest possible)."""

    towns: tuple[str, ...]


@cache
def routes(start: str) -> dict[str, Route]:
    """For every space reachable from `start` (not counting `start` itself unless a route comes back
    to it), the route passing the fewest towns. The board is static, so this is cached per start."""
    best: dict[str, Route] = {}
    # Dijkstra on the number of towns passed; ties broken by the path order for determinism.
    heap: list[tuple[int, int, str, tuple[str, ...]]] = []
    order = 0
    for nb in NEIGHBOURS[start]:
        heapq.heappush(heap, (0, order, nb, ()))
        order += 1
    settled: set[str] = set()
    while heap:
        passed, _, node, towns = heapq.heappop(heap)
        if node in settled:
            continue
        settled.add(node)
        best[node] = Route(towns)
        # going on from a town means passing it
        onward = towns + (node,) if SPACE_BY_NAME[node].kind == TOWN else towns
        for nb in NEIGHBOURS[node]:
            if nb not in settled:
                heapq.heappush(heap, (len(onward), order, nb, onward))
                order += 1
    return best


@dataclass(frozen=True)
class MoveOption:
    """A legal destination: whether provisions get spent, and whom the mover pays."""

    dest: str
    spends_provisions: bool
    payees: tuple[int, ...]  # seats of the pawns met there (each gets a coin, or the bank if at 6)


def meeting_payees(positions: list[str], seat: int, dest: str) -> tuple[int, ...]:
    """Seats the mover must pay when stopping on `dest`; nobody on a silver mine (rulebook)."""
    if SPACE_BY_NAME[dest].kind == MINE:
        return ()
    return tuple(s for s, pos in enumerate(positions) if s != seat and pos == dest)


def move_options(positions: list[str], seat: int, provisions: bool, coins: int) -> list[MoveOption]:
    """Every legal destination of `seat` in board order.

    >>> [o.dest for o in move_options(["Порт"] * 3, 0, False, 1)][-4:]
    ['Ш3', 'Серый', 'Белый', 'Фиолетовый']
    """
    start = positions[seat]
    found = routes(start)
    options = []
    for space in SPACES:
        dest = space.name
        route = found.get(dest)
        if dest == start or route is None:
            continue  # rulebook: you may not end where you started
        needed = len(route.towns)
        if needed > (MAX_TOWNS_WITH_PROVISIONS if provisions else 0):
            continue
        payees = meeting_payees(positions, seat, dest)
        if len(payees) > coins:
            continue  # rulebook: you may not stop where you cannot pay everyone
        options.append(MoveOption(dest, needed > 0, payees))
    return options
