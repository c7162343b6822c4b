"""Where one may build or move a settlement right now (rulebook "Правила строительства" and the location
tiles): the targets of the mandatory build and of every tile action, with the rule "next to your own
settlements when possible" applied. Hexes are flat indices (see `layout.py`).

>>> from rules.kingdom.state import new_game
>>> state = new_game(["Аня", "Борис"], seed=1, options={"first": 0})
>>> state.players[0].card = "F"
>>> state.phase, state.builds_left = "start", 3
>>> len(build_targets(state)) == len(state.layout.by_letter["F"])  # nothing built yet: any forest
True
"""

from __future__ import annotations

from rules.kingdom.board import DESERT, GRASS, WATER
from rules.kingdom.layout import JUMP, NBRS, STEP
from rules.kingdom.state import State

TILE_TERRAIN = {"farm": GRASS, "oasis": DESERT}  # rulebook: farm builds on grass, oasis in the desert


def free_of(state: State, letter: str) -> list[int]:
    """The free hexes of one terrain letter, in index order."""
    owners = state.owners
    return [h for h in state.layout.by_letter.get(letter, ()) if owners[h] is None]


def has_free(state: State, letter: str | None) -> bool:
    owners = state.owners
    return letter is not None and any(owners[h] is None for h in state.layout.by_letter.get(letter, ()))


def touches(state: State, seat: int, h: int) -> bool:
    """Whether hex h is next to a settlement of `seat`."""
    owners = state.owners
    return any(owners[n] == seat for n in NBRS[h])


def next_to_own(state: State, seat: int, candidates: list[int]) -> list[int]:
    """Rulebook: build next to your own settlements when possible. The candidates next to one, or all
    candidates when none is."""
    adjacent = [h for h in candidates if touches(state, seat, h)]
    return adjacent or candidates


def mandatory_possible(state: State) -> bool:
    """Whether the current player still has a mandatory settlement to place and a hex to place it on."""
    if state.current is None or state.phase not in ("start", "building") or state.pending:
        return False
    player = state.player()
    return state.builds_left > 0 and player.settlements > 0 and has_free(state, player.card)


def build_targets(state: State) -> list[int]:
    """The hexes of the mandatory build: the card's terrain, next to own settlements when possible."""
    if not mandatory_possible(state):
        return []
    return next_to_own(state, state.current, free_of(state, state.player().card))


def own_settlements(state: State, seat: int) -> list[int]:
    return [h for h, o in enumerate(state.owners) if o == seat]


# --- the raw candidates of each tile (before "next to your own when possible") ------------------------


def building_candidates(state: State, kind: str) -> list[int]:
    """Free hexes a building tile may use, before the adjacency rule."""
    seat = state.current
    lay = state.layout
    owners = state.owners
    if kind == "oracle":
        return free_of(state, state.player().card)
    if kind in TILE_TERRAIN:
        return free_of(state, TILE_TERRAIN[kind])
    if kind == "tower":
        return [h for h in lay.edge_buildable if owners[h] is None]
    if kind == "tavern":
        return tavern_targets(state, seat)
    raise ValueError(kind)


def tavern_targets(state: State, seat: int) -> list[int]:
    """Free buildable hexes at either end of a straight line of 3 or more own settlements."""
    owners = state.owners
    buildable = state.layout.is_buildable
    seen: set[int] = set()
    for h in own_settlements(state, seat):
        for n in NBRS[h]:
            if owners[n] is None and buildable[n]:
                seen.add(n)
    out = []
    for t in sorted(seen):
        for d in range(6):
            n, run = STEP[t][d], 0
            while n >= 0 and owners[n] == seat and run < 3:
                run += 1
                n = STEP[n][d]
            if run >= 3:
                out.append(t)
                break
    return out


def building_targets(state: State, kind: str) -> list[int]:
    """The hexes a building tile may build on now (the adjacency rule applied; the tower's among edge
    hexes; the tavern's hexes all touch the line anyway)."""
    if state.current is None or state.player().settlements <= 0:
        return []
    candidates = building_candidates(state, kind)
    if kind == "tavern":
        return candidates
    return next_to_own(state, state.current, candidates)


def moving_candidates(state: State, kind: str) -> list[int]:
    """Free hexes a moving tile may move to (barn: the card's terrain; harbor: water), before adjacency."""
    if kind == "barn":
        return free_of(state, state.player().card)
    if kind == "harbor":
        return free_of(state, WATER)
    raise ValueError(kind)


def moving_targets(state: State, kind: str) -> list[tuple[int, int]]:
    """(origin, target) pairs of a moving tile. Barn and harbor: next to the player's OTHER settlements
    when possible, judged with the moved settlement lifted first. Paddock: exactly two hexes in a
    straight line onto a free buildable hex, jumping anything, no adjacency rule."""
    seat = state.current
    if seat is None:
        return []
    owners = state.owners
    own = own_settlements(state, seat)
    if kind == "paddock":
        buildable = state.layout.is_buildable
        return [(o, t) for o in own for t in sorted(JUMP[o]) if owners[t] is None and buildable[t]]
    candidates = moving_candidates(state, kind)
    if not candidates:
        return []
    count = {t: sum(1 for n in NBRS[t] if owners[n] == seat) for t in candidates}
    adjacent = [t for t in candidates if count[t] > 0]
    out = []
    for o in own:
        near = NBRS[o]
        # a target next only to the settlement being moved is not next to "your other settlements"
        mine = [t for t in adjacent if count[t] > 1 or t not in near]
        out += [(o, t) for t in (mine or candidates)]
    return out


def moving_adjacent_options(state: State, origin: int, kind: str) -> list[int]:
    """The targets next to the player's other settlements for one origin (for refusals)."""
    return [t for o, t in moving_targets(state, kind) if o == origin and touches_other(state, origin, t)]


def touches_other(state: State, origin: int, target: int) -> bool:
    owners, seat = state.owners, state.current
    return any(owners[n] == seat and n != origin for n in NBRS[target])
