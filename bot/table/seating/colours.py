"""Each person's colour at a table: the pawns and settlements of a seat are drawn in the colour of the person in it,
not of the seat number, so that a rematch (the seats move on by one) leaves everyone the colour they had.

A game that is no rematch colours its seats in order (seat 1 the first colour, and so on). A rematch gives every
person the colour they had in the game it replays, worked out the same way, back along the chain of rematches;
a seat whose person was not in that game takes the first colour nobody at the table has. Nothing is stored: the
chain is read from the rematches the store keeps, and the result is kept in memory per game and seats.

A part of the table (`bot.table.core.Table.colours`); the renderers read a player's `colour_index`
(`render.common.seat_colours`).
"""

from __future__ import annotations

from typing import Any

from bot.storage.base import GameRow
from render.common import PLAYER_COLOURS

KEPT = 1024  # games whose colours are kept in memory (a game's are a few numbers)
CHAIN = 64  # rematches followed back at most; a game beyond them is coloured in seat order


def assign(people: list[int], before: dict[int, int], colours: int = len(PLAYER_COLOURS)) -> list[int]:
    """The colour index of each seat: its person's colour from `before` (person -> colour) when they had one
    and nobody earlier in this game took it, else the first free one (a shared one once all are taken).

    >>> assign([7, 5, 9], {5: 0, 9: 1, 7: 2})
    [2, 0, 1]
    >>> assign([5, 8, 9], {5: 0, 9: 1, 7: 2})
    [0, 2, 1]
    >>> assign([1, 2, 3], {})
    [0, 1, 2]
    """
    kept = {person: before[person] for person in people if person in before}
    taken: set[int] = set()
    out: list[int] = []
    for person in people:
        colour = kept.get(person)
        if colour is None or colour in taken or not 0 <= colour < colours:
            free = [c for c in range(colours) if c not in taken and c not in kept.values()]
            colour = free[0] if free else len(out) % colours
        taken.add(colour)
        out.append(colour)
    return out


class Colours:
    """The colours of a table's seats, per game (see the module doc)."""

    def __init__(self, store: Any):
        self.store = store
        self._known: dict[tuple, list[int]] = {}

    async def of(self, row: GameRow, depth: int = 0) -> list[int]:
        """The colour index of each of the game's seats, in seat order."""
        people = [s.user_id for s in row.seats]
        key = (row.id, tuple(people))
        if key in self._known:
            return self._known[key]
        before: dict[int, int] = {}
        found = await self.store.rematch(row.id) if depth < CHAIN else None
        if found is not None:
            previous = await self.store.game(found[0])
            if previous is not None:
                colours = await self.of(previous, depth + 1)
                before = {s.user_id: c for s, c in zip(previous.seats, colours, strict=True)}
        result = assign(people, before)
        if len(self._known) >= KEPT:  # never grow without bound: the oldest goes
            self._known.pop(next(iter(self._known)))
        self._known[key] = result
        return result

    async def dress(self, row: GameRow, view: dict) -> dict:
        """The view with each player's `colour_index` (its person's colour) for the picture."""
        colours = await self.of(row)
        for player in view.get("players") or []:
            seat = player.get("seat") if isinstance(player, dict) else None
            if isinstance(seat, int) and 0 <= seat < len(colours):
                player["colour_index"] = colours[seat]
        return view
